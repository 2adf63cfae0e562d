package transforms

import (
	"strings"

	"pto-opt/dialect"
	"pto-opt/planner"
	"pto-opt/planner/report"
)

// Memory plans for --memory-report, built from a solved planner problem.

// planReport turns a planner problem and its solution into the report of
// fn (report.FromProblem does the work, so pto-plan's reports agree).
// locs gives each buffer's source location; members, when non-nil, the
// names of what shares each buffer.
func planReport(fn *dialect.Operation, pass, algo string, p *planner.Problem, sol planner.Solution, locs []string, members [][]string) report.Function {
	f := report.FromProblem(dialect.SymbolName(fn), pass, algo, p, sol, report.Options{Locs: locs, Members: members})
	f.Loc = locString(fn.Loc)
	return f
}

func locString(l dialect.Location) string {
	if !l.Known() {
		return ""
	}
	return l.String()
}

func trimPercent(s string) string { return strings.TrimPrefix(s, "%") }
