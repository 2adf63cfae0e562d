package planning

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/transforms/pass"
	"github.com/pto-opt/pto-opt/transforms/plans"
)

// WantsPlans says whether the driver reads memory plans (--memory-report,
// --summary): a pass skips describing its plan when it does not.
func WantsPlans(ctx *pass.Context) bool { return ctx.Wants(plans.Key) }

// RecordPlan hands a pass's memory plan to the driver (the artifact
// plans.Key).
func RecordPlan(ctx *pass.Context, f report.Function) { pass.Put(ctx, plans.Key, f) }

// Report turns a planner problem and its solution into the memory report
// of fn (report.FromProblem does the work, so pto-plan's reports agree).
// opt.Locs gives each buffer's source location.
func Report(fn *ir.Operation, pass, algo string, p *planner.Problem, sol planner.Solution, opt report.Options) report.Function {
	f := report.FromProblem(ir.SymbolName(fn), pass, algo, p, sol, opt)
	f.Loc = Loc(fn.Loc)
	return f
}

// Loc is a location as reports show it ("" when unknown).
func Loc(l ir.Location) string {
	if !l.Known() {
		return ""
	}
	return l.String()
}

// ProgramPoints names the op at each program point of fn, "tile.add
// (k.mlir:3:8)", numbered as the liveness analysis numbers them
// (pre-order, fn itself at 0), so reports can say where two buffers meet
// and the pictures which op is at each point. role, when not nil, may say
// what an op is for ("tile.create: tmp of tile.row_max %m").
func ProgramPoints(fn *ir.Operation, role func(*ir.Operation) string) []string {
	var out []string
	fn.Walk(func(op *ir.Operation) bool {
		at := op.Name
		if role != nil {
			if r := role(op); r != "" {
				at += ": " + r
			}
		}
		if l := Loc(op.Loc); l != "" {
			at += " (" + l + ")"
		}
		out = append(out, at)
		return true
	})
	return out
}

// Loops lists fn's loops (ops with a region the registry says may run
// more than once per execution, ir.RegionBranch.Loops), outer before
// inner, each spanning its own program point and its body's, numbered as
// ProgramPoints numbers them.
func Loops(fn *ir.Operation) []report.Loop {
	var out []report.Loop
	point := int64(0)
	fn.Walk(func(op *ir.Operation) bool {
		if isLoop(op) {
			n := int64(0)
			op.Walk(func(*ir.Operation) bool { n++; return true })
			out = append(out, report.Loop{Op: op.Name, Loc: Loc(op.Loc), Span: [2]int64{point, point + n}})
		}
		point++
		return true
	})
	return out
}

func isLoop(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Branch == nil {
		return false
	}
	for r := range op.Regions() {
		if op.Def.Branch.Loops(op, r) {
			return true
		}
	}
	return false
}
