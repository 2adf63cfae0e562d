package planning

import (
	"github.com/pto-opt/pto-opt/dialect"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
)

// Report turns a planner problem and its solution into the memory report
// of fn (report.FromProblem does the work, so pto-plan's reports agree).
// opt.Locs gives each buffer's source location.
func Report(fn *dialect.Operation, pass, algo string, p *planner.Problem, sol planner.Solution, opt report.Options) report.Function {
	f := report.FromProblem(dialect.SymbolName(fn), pass, algo, p, sol, opt)
	f.Loc = Loc(fn.Loc)
	return f
}

// Loc is a location as reports show it ("" when unknown).
func Loc(l dialect.Location) string {
	if !l.Known() {
		return ""
	}
	return l.String()
}
