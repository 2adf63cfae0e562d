package planning

import (
	"bytes"
	"fmt"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/transforms/pass"
	"github.com/pto-opt/pto-opt/transforms/plans"
)

// RecordProblem hands the driver the problem a pass solved for fn
// (--dump-planning-problem), as a pto-plan document whose metadata gives
// the pto-plan command that solves it as the pass did: the same
// algorithm and work budget, hence the same placement (a time limit, when
// the pass had one, is given too, and makes neither answer reproducible).
// part, when the pass solves a function's memory spaces one by one,
// names the space. Nothing is done when the driver does not collect
// problems.
func RecordProblem(ctx *pass.Context, fn *ir.Operation, passName, part, algo string, p *planner.Problem, opt planner.Options, failed bool) error {
	if !ctx.Wants(plans.ProblemKey) || len(p.Buffers) == 0 {
		return nil
	}
	work := opt.Work
	if work <= 0 {
		work = planner.DefaultWork
	}
	cmd := fmt.Sprintf("pto-plan --algorithm=%s --work=%d", algo, work)
	if opt.TimeLimit > 0 {
		cmd += " --time-limit=" + opt.TimeLimit.String()
	}
	if opt.Seed != 0 {
		cmd += fmt.Sprintf(" --seed=%d", opt.Seed)
	}
	meta := map[string]string{
		"function":  ir.SymbolName(fn),
		"pass":      passName,
		"algorithm": algo,
		"work":      fmt.Sprint(work),
		"pto-plan":  cmd,
	}
	if l := Loc(fn.Loc); l != "" {
		meta["location"] = l
	}
	var b bytes.Buffer
	instance := ir.SymbolName(fn) + "." + passName
	if part != "" {
		meta["space"] = part
		instance += "." + part
	}
	if err := planner.WriteProblemJSON(&b, p, instance, meta); err != nil {
		return ir.NewError(fn.Loc, "%s: --dump-planning-problem: %v", passName, err)
	}
	pass.Put(ctx, plans.ProblemKey, plans.Problem{Function: ir.SymbolName(fn), Pass: passName, Part: part, JSON: b.Bytes(), Failed: failed})
	return nil
}
