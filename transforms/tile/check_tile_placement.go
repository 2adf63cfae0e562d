package tile

import (
	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// check-tile-placement: the independent validator (analysis.CheckTilePlacement)
// as a pass. The planning passes run it on their own plans too, with the
// rules placementRules derives from the target.

// CheckTilePlacement is the check-tile-placement pass.
var CheckTilePlacement = &pass.Pass{
	Name:      "check-tile-placement",
	ClassName: "CheckTilePlacement",
	Summary:   "Validate a tile memory plan independently of the planner (co-live tiles, no-alias rules, capacity)",
	Anchor:    "func.func",
	Parallel:  true,
	ReadOnly:  true,
	Run: func(ctx *pass.Context, fn *ir.Operation) error {
		if fn.Body(0) == nil {
			return nil
		}
		if ptobuf.HasPlannedRoots(fn) {
			return checkPTOPlacement(ctx, fn)
		}
		if len(Allocs(fn)) == 0 && hasTileProducer(fn) {
			// Passing here would look like a checked plan.
			ctx.Warning(fn.Loc, "check-tile-placement: @%s has tiles but no tile.alloc: there is no plan to check (plan first: -init-memref, -pto-memory-plan, ...)", ir.SymbolName(fn))
			return nil
		}
		return analysis.CheckTilePlacement(fn, placementRules(ctx, fn))
	},
}

// checkPTOPlacement is the pass's pto path: a level-3 kernel's addresses
// (alloc_tile addr operands, pointer_cast'ed memrefs, reserve_buffer
// bases) checked on the buffer model the pto planners use, against the
// target's capacities and the larger of its and ptoas's alignments.
func checkPTOPlacement(ctx *pass.Context, fn *ir.Operation) error {
	if ctx.Target == nil {
		return ir.NewError(fn.Loc, "check-tile-placement: checking a pto plan needs a target (--target=NAME, or pto.target_arch on the module)")
	}
	m, err := ptobuf.BuildPlanned(fn)
	if err != nil {
		return err
	}
	return m.CheckPlan(func(space string) (ptobuf.SpaceRules, bool) {
		capacity, align, reserved, ok := ptoTargetSpace(ctx.Target, space)
		return ptobuf.SpaceRules{Capacity: capacity, Align: align, Reserved: reserved}, ok
	}, ctx.Target.PTO())
}

// CheckTileAddrs refuses, at its op, an address a lowering would emit
// that the target cannot use: an allocation's (misaligned, past the
// capacity, in a reserved window) or a tile's offset in its allocation
// (misaligned for its elements or its space). The planners never produce
// one; a plan written by hand may.
func CheckTileAddrs(ctx *pass.Context, fn *ir.Operation) error {
	rules := placementRules(ctx, fn)
	if err := analysis.CheckAllocAddrs(fn, rules); err != nil {
		return err
	}
	return analysis.CheckTileOffsets(fn, rules)
}

// placementRules are the target's facts the validator checks a plan
// against (no target: no capacities, no target-aware rules), as the
// analysis cache of fn keeps them. Callers change their copy (Complete,
// Unmaterialized) as the check they make needs.
func placementRules(ctx *pass.Context, fn *ir.Operation) analysis.PlacementRules {
	return pass.GetAnalysis(ctx, placementRulesAnalysis, fn)
}

// placementRulesAnalysis derives the rules from the target, which every
// pass of a run shares: no change to the IR invalidates them.
var placementRulesAnalysis = &pass.Analysis[analysis.PlacementRules]{
	Name:      "placement-rules",
	Invariant: true,
	Compute: func(ctx *pass.Context, _ *ir.Operation) analysis.PlacementRules {
		return targetPlacementRules(ctx.Target)
	},
}

func targetPlacementRules(t *targets.Target) analysis.PlacementRules {
	r := analysis.PlacementRules{}
	if t != nil {
		r.Target = t.AliasRules()
		r.Capacity = t.Capacity
		r.Alignment = t.Alignment
		r.Reserved = func(space string) [][2]int64 {
			if s := t.Space(space); s != nil {
				return s.Reserved
			}
			return nil
		}
	}
	return r
}

// hasTileProducer reports whether fn produces a tile that needs memory.
func hasTileProducer(fn *ir.Operation) bool {
	found := false
	fn.Walk(func(op *ir.Operation) bool {
		if !found && needsBuffer(op) {
			found = true
		}
		return !found
	})
	return found
}
