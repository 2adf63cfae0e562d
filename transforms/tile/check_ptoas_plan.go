package tile

import (
	"cmp"
	"fmt"
	"slices"

	funcdialect "github.com/pto-opt/pto-opt/dialect/func"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/planner/ptoas"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// check-ptoas-plan: the last step of pto-memory-plan{planner=ptoas}. With
// that planner the tiles get no addresses: ptoas plans them with its own
// PlanMemory, whose liveness is coarser than pto-opt's, so a kernel
// pto-opt's planners fit can overflow there. Where the target describes
// ptoas's planner for a space (its "ptoas" capacity and alignment), this
// pass runs the same liveness and placement (ptoas_plan_model.go,
// planner/ptoas) on the allocations ptoas will see, after
// materialize-semantic-aliases has added its copies, and refuses exactly
// the kernels ptoas would run out of room on, naming the space, the bytes
// ptoas would need and its capacity. For a space the target does not
// describe so it keeps the bound any planner obeys (the bytes live at
// once) and warns past the sum of the tiles.

// CheckPTOASPlan is the check-ptoas-plan pass.
var CheckPTOASPlan = pass.WithOptions(&pass.Pass{
	Name:      "check-ptoas-plan",
	ClassName: "CheckPTOASPlan",
	Summary:   "Refuse a kernel ptoas's own memory planner (planner=ptoas, no addresses) would run out of room on",
	Anchor:    "func.func",
	Parallel:  true,
	ReadOnly:  true,
	// A pass that requires this one and finds it has not run (a pipeline
	// planned with -init-memref=planner=ptoas and lowered by
	// convert-tile-to-pto) checks each function ptoas will plan itself.
	Postcondition: checkLevel2Fits,
}, func(ctx *pass.Context, fn *ir.Operation, o *checkPTOASPlanOptions) error {
	if fn.Body(0) == nil {
		return nil
	}
	err := checkPTOASFits(ctx, fn, o.Remarks)
	if err != nil && !o.Refuse {
		// Let ptoas decide: the verdict becomes a warning.
		d := *ir.AsDiagnostic(err)
		d.Severity = ir.SevWarning
		ctx.Emit(&d)
		return nil
	}
	return err
})

// checkLevel2Fits runs the check on every function under op whose
// allocations have no addresses (ptoas plans those itself: level 2);
// functions with addresses are ptoas's level 3, which plans nothing.
func checkLevel2Fits(ctx *pass.Context, op *ir.Operation) error {
	for _, fn := range funcdialect.Funcs(op) {
		allocs := Allocs(fn)
		if len(allocs) == 0 || slices.ContainsFunc(allocs, func(a *ir.Operation) bool {
			_, ok := tile.AllocAddr(a)
			return ok
		}) {
			continue
		}
		if err := checkPTOASFits(ctx, fn, false); err != nil {
			return err
		}
	}
	return nil
}

// checkPTOASRestrictions refuses, at the first allocation of a space, a
// kernel whose target restricts the space in a way ptoas's own planner
// cannot be told: reserved windows (ptoas places tiles anywhere in the
// bytes it plans into) and an alignment above the one ptoas rounds to.
// The planners that give addresses honour both.
func checkPTOASRestrictions(ctx *pass.Context, fn *ir.Operation) error {
	seen := map[string]bool{}
	for _, a := range Allocs(fn) {
		space := tile.SpaceOf(a.Results[0].Type)
		sp := ctx.Target.Space(space)
		if seen[space] || sp == nil {
			continue
		}
		seen[space] = true
		if len(sp.Reserved) > 0 {
			r := sp.Reserved[0]
			return ir.NewError(a.Loc, "check-ptoas-plan: target '%s' reserves bytes [%d, %d) of memory space '%s', which ptoas's own planner (planner=ptoas) is not told and may place tiles in; planner=dsa-rp or pypto give addresses clear of them",
				ctx.Target.Name, r[0], r[1], space)
		}
		if al := ctx.Target.Alignment(space); sp.PTOAS != nil && al > 1 && sp.PTOAS.Alignment%al != 0 {
			return ir.NewError(a.Loc, "check-ptoas-plan: target '%s' aligns memory space '%s' to %d bytes, but ptoas's own planner (planner=ptoas) aligns its tiles to %d only; planner=dsa-rp or pypto give %d-byte aligned addresses",
				ctx.Target.Name, space, al, sp.PTOAS.Alignment, al)
		}
	}
	return nil
}

type checkPTOASPlanOptions struct {
	Remarks bool
	Refuse  bool
}

func (o *checkPTOASPlanOptions) Bind(s *pass.OptionSet) {
	s.Bool(&o.Remarks, "remarks", false,
		"Remark, at each tile.alloc, the address ptoas's planner gives each of its pto.alloc_tile ops (when ptoas's order is knowable)")
	s.Bool(&o.Refuse, "refuse", true,
		"Refuse a kernel ptoas's planner would run out of room on; false: warn and leave the verdict to ptoas (the check then does not run again in convert-tile-to-pto)")
}

// ptoasRefusal is why ptoas's planner would not place space plan p of
// fn (nil: it fits).
func ptoasRefusal(ctx *pass.Context, fn *ir.Operation, p ptoasSpacePlan) *ir.Diagnostic {
	var d *ir.Diagnostic
	if !p.result.Fits {
		for _, b := range p.placed {
			if b.bytes <= p.capBytes {
				continue
			}
			// One tile alone does not fit: the error is at it. The
			// figure for the whole space stays, as ptoas would say it.
			need := ""
			if !p.result.Undecided {
				verb := "would"
				if p.orderDependent {
					verb = "may"
				}
				need = fmt.Sprintf(" (ptoas's planner %s need %d bytes of '%s' in all)", verb, p.needBytes, p.space)
			}
			return tooLargeAlone("check-ptoas-plan", fn, b.alloc, b.bytes, p.capBytes, "target '"+ctx.Target.Name+"' as ptoas plans it (planner=ptoas)", need)
		}
	}
	switch {
	case p.result.Undecided:
		d = ir.NewError(fn.Loc, "check-ptoas-plan: cannot tell within %d placement attempts whether ptoas's planner fits '%s' into its %d bytes on target '%s' (planner=ptoas); planner=dsa-rp or pypto give addresses", ptoas.MaxSteps, p.space, p.capBytes, ctx.Target.Name)
	case !p.result.Fits && p.orderDependent:
		d = ir.NewError(fn.Loc, "check-ptoas-plan: ptoas's planner may need %d bytes of '%s', more than the %d it plans into on target '%s' (planner=ptoas): it takes the tiles first live at a loop's start in the order of a hashed set when more than %d values are live there, and in some such order they do not fit; planner=dsa-rp or pypto plan with pto-opt's liveness", p.needBytes, p.space, p.capBytes, ctx.Target.Name, ptoasSmallSet)
	case !p.result.Fits:
		d = ir.NewError(fn.Loc, "check-ptoas-plan: ptoas's planner would need %d bytes of '%s', more than the %d it plans into on target '%s' (planner=ptoas): ptoas keeps a tile live from its first write, or from the start of the first loop it is live across, to the end of the top-level op holding its last use; planner=dsa-rp or pypto plan with pto-opt's liveness", p.needBytes, p.space, p.capBytes, ctx.Target.Name)
	default:
		return nil
	}
	if p.loop != nil {
		d = d.WithNote(p.loop.Loc, "ptoas takes %d tiles of '%s' (%d bytes) as live from the start of this loop to the end of the top-level op around it", p.loopN, p.space, p.loopBytes)
	}
	return d
}

// checkPTOASFits refuses, for planner=ptoas, a kernel ptoas's own planner
// would run out of room on. ptoas plans the kernel pto-opt prints
// (level 2, no addresses) with its PlanMemory, whose liveness is coarser
// than pto-opt's (ptoas_plan_model.go): where the target describes that
// planner for a space (its "ptoas" capacity and alignment), pto-opt runs
// the same liveness and placement and refuses exactly when ptoas would.
// Spaces the target does not describe so keep the bound any planner
// obeys (the bytes live at once) and a warning past the sum.
func checkPTOASFits(ctx *pass.Context, fn *ir.Operation, remarks bool) error {
	if ctx.Target == nil {
		return nil
	}
	if err := checkPTOASRestrictions(ctx, fn); err != nil {
		return err
	}
	modelled := func(space string) (int64, int64, bool) {
		sp := ctx.Target.Space(space)
		if sp == nil || sp.PTOAS == nil {
			return 0, 0, false
		}
		return sp.PTOAS.Capacity, sp.PTOAS.Alignment, true
	}
	live, plans := predictPTOAS(fn, modelled)
	var refusal *ir.Diagnostic
	for _, p := range plans {
		if remarks && p.result.Fits && !p.orderDependent && !p.unordered {
			for i, b := range p.placed {
				ctx.Remark(b.alloc.Loc, "check-ptoas-plan: ptoas places pto.alloc_tile #%d (%d bytes of '%s') at %d", b.id, b.bytes, p.space, p.result.Offsets[i]/8)
			}
		}
		if refusal == nil {
			refusal = ptoasRefusal(ctx, fn, p)
		}
	}
	if planning.WantsPlans(ctx) {
		// ptoas's placement, predicted, is the plan of this pipeline.
		failed := ""
		if refusal != nil {
			failed = refusal.Error()
		}
		planning.RecordPlan(ctx, ptoasReport(fn, live, plans, failed))
	}
	if refusal != nil {
		return refusal
	}
	lv := pass.GetAnalysis(ctx, pass.Liveness, fn)
	type event struct {
		at    int
		bytes int64
	}
	bySpace := map[string][]event{}
	var spaces []string
	for _, a := range Allocs(fn) {
		space := tile.SpaceOf(a.Results[0].Type)
		if _, _, ok := modelled(space); ok {
			continue
		}
		if _, ok := bySpace[space]; !ok {
			spaces = append(spaces, space)
		}
		size := allocSize(a)
		for _, r := range lv.RootRanges(a.Results[0]) {
			bySpace[space] = append(bySpace[space], event{r.Start, size}, event{r.End, -size})
		}
	}
	for _, space := range spaces {
		sp := ctx.Target.Space(space)
		if sp == nil {
			continue
		}
		capacity := max(sp.Capacity, sp.PhysicalCapacity)
		if capacity <= 0 {
			continue
		}
		ev := bySpace[space]
		// Ends before starts at one point: touching lifetimes share.
		slices.SortFunc(ev, func(x, y event) int { return cmp.Or(cmp.Compare(x.at, y.at), cmp.Compare(x.bytes, y.bytes)) })
		live, peak, total := int64(0), int64(0), int64(0)
		for _, e := range ev {
			live, _ = checked.Add(live, e.bytes)
			peak = max(peak, live)
			if e.bytes > 0 {
				total, _ = checked.Add(total, e.bytes)
			}
		}
		for _, a := range Allocs(fn) {
			if size := allocSize(a); tile.SpaceOf(a.Results[0].Type) == space && size > capacity {
				return tooLargeAlone("check-ptoas-plan", fn, a, size, capacity, "target '"+ctx.Target.Name+"' (planner=ptoas)", "")
			}
		}
		switch {
		case peak > capacity:
			return ir.NewError(fn.Loc, "check-ptoas-plan: the tiles live at once need %d bytes of '%s', more than the %d bytes ptoas plans into on target '%s': no placement fits (planner=ptoas)", peak, space, capacity, ctx.Target.Name)
		case total > capacity:
			// Target does not describe ptoas's planner for this space.
			ctx.Warning(fn.Loc, "check-ptoas-plan: ptoas plans '%s' itself and may run out of room: its tiles need %d bytes live at once but %d in all, and it has %d on target '%s'; planner=dsa-rp or pypto give addresses that fit", space, peak, total, capacity, ctx.Target.Name)
		}
	}
	return nil
}
