package tile

import (
	"slices"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The rules that keep two allocations from ever sharing bytes, whatever
// their lifetimes, as memory-reuse (which refuses to merge them) and
// allocate-addr (which separates them for the planner) both apply them.
// The independent validator, analysis.CheckTilePlacement, checks the same
// rules on its own, from the op registry and the target.

// Why two allocations are kept apart: the planner's separation reasons,
// which --memory-report shows as the detail of its own reason words. A
// declared (pinned) allocation is kept from every other by one flag,
// planner.Buffer.Exclusive, which the report counts as reason pinned.
const (
	reasonNoAlias        = "semantic_no_alias" // an op may not write its result over this input
	reasonHazard         = "target_hazard"     // the target's split-load/tpop hazard
	reasonPipelineStage  = "pipeline_stage"    // concurrent stages of one software pipeline
	reasonPartialOverlap = "partial_overlap"   // an output over part of an input it still reads
)

// writeRules decides, for the writes of one function, which inputs a write
// may not share its destination's bytes with.
type writeRules struct {
	target string // the target's rules name, for target-aware no-alias rules
	// hazard: the target has the split-load/tpop hazard and the function
	// is a split AIV kernel; the taint sets say which tiles derive from a
	// load and from a tpop.
	hazard                   bool
	loadTainted, tpopTainted map[*ir.Value]bool
}

// noAliasRules are the op no-alias rules alone (no hazard).
func noAliasRules(ctx *pass.Context) *writeRules {
	r := &writeRules{}
	if ctx.Target != nil {
		r.target = ctx.Target.AliasRules()
	}
	return r
}

// newWriteRules are the rules of fn's writes under ctx's target.
func newWriteRules(ctx *pass.Context, fn *ir.Operation, aa *analysis.Aliases) *writeRules {
	r := noAliasRules(ctx)
	r.hazard = ctx.Target != nil && ctx.Target.HasHazard(targets.HazardSplitLoadTpop) && fn.HasAttr("tile.split_aiv")
	if r.hazard {
		r.loadTainted, r.tpopTainted = hazardTaint(fn, aa)
	}
	return r
}

// noAlias calls f with each input (index k among op's tile inputs) that
// op's no-alias rule forbids its results to overwrite; a multi-result op's
// rule holds for every result.
func (r *writeRules) noAlias(op *ir.Operation, f func(k int, in *ir.Value)) {
	all, forbidden := analysis.ForbiddenAliasOperands(op, r.target)
	for k, in := range tile.Inputs(op) {
		if all || slices.Contains(forbidden, k) {
			f(k, in)
		}
	}
}

// refusals calls f with each input a write of op may not share bytes with,
// and why: the no-alias inputs, then, under the hazard, the loaded inputs
// of a writer that also reads a popped tile. An input may come twice.
func (r *writeRules) refusals(op *ir.Operation, f func(k int, in *ir.Value, reason string)) {
	r.noAlias(op, func(k int, in *ir.Value) { f(k, in, reasonNoAlias) })
	if !r.hazard {
		return
	}
	inputs := tile.Inputs(op)
	if !slices.ContainsFunc(inputs, func(in *ir.Value) bool { return r.tpopTainted[in] }) {
		return
	}
	for k, in := range inputs {
		if r.loadTainted[in] {
			f(k, in, reasonHazard)
		}
	}
}

// hazardTaint classifies tiles derived from a tile.load (through views) and
// from a tile.tpop_from_aic, looking through loop carries: a carried value
// is tainted when its buffer holds such a tile. Two rounds reach the
// producers that stand after their uses in a loop body.
func hazardTaint(fn *ir.Operation, aa *analysis.Aliases) (load, tpop map[*ir.Value]bool) {
	load, tpop = map[*ir.Value]bool{}, map[*ir.Value]bool{}
	for round := 0; round < 2; round++ {
		fn.Walk(func(op *ir.Operation) bool {
			for _, r := range op.Results {
				if _, ok := r.Type.(*tile.Type); !ok {
					continue
				}
				switch {
				case isGlobalLoad(op):
					markAll(aa, r, load)
				case isCubePop(op):
					markAll(aa, r, tpop)
				case op.Has(ir.ViewLike) && load[op.Operands[0]]:
					markAll(aa, r, load)
				}
			}
			return true
		})
	}
	return load, tpop
}

func markAll(aa *analysis.Aliases, v *ir.Value, set map[*ir.Value]bool) {
	for _, w := range aa.Resolve(v) {
		set[w] = true
	}
}

// pipelineMembership reads `tile.pipeline = [group, stage]`: writes of one
// group in different stages are concurrent clones and never share.
func pipelineMembership(op *ir.Operation) (int64, int64, bool) {
	arr, ok := op.Attr("tile.pipeline").(*ir.ArrayAttr)
	if !ok || len(arr.Elems) != 2 {
		return 0, 0, false
	}
	g, ok1 := arr.Elems[0].(*ir.IntegerAttr)
	s, ok2 := arr.Elems[1].(*ir.IntegerAttr)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	return g.Value, s.Value, true
}
