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
