package pass

import (
	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The analyses the passes share, as GetAnalysis caches them. The
// independent validator (analysis.CheckTilePlacement) takes neither: it
// builds its own, so a cached result gone stale cannot hide a wrong plan.

// AliasGraph is the buffer view-flow alias graph of the op a pass runs on
// (analysis.NewAliases).
var AliasGraph = &Analysis[*analysis.Aliases]{
	Name:    "alias-graph",
	Compute: func(_ *Context, op *ir.Operation) *analysis.Aliases { return analysis.NewAliases(op) },
	Diff:    func(op *ir.Operation, cached, fresh *analysis.Aliases) string { return cached.Diff(fresh, op) },
}

// Liveness is the liveness of the function a pass runs on
// (analysis.ComputeLiveness), over the cached AliasGraph.
var Liveness = &Analysis[*analysis.Liveness]{
	Name: "liveness",
	Compute: func(ctx *Context, op *ir.Operation) *analysis.Liveness {
		return analysis.ComputeLiveness(op, GetAnalysis(ctx, AliasGraph, op))
	},
	Diff: func(_ *ir.Operation, cached, fresh *analysis.Liveness) string { return cached.Diff(fresh) },
}
