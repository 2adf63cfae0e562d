package tile

import (
	"github.com/pto-opt/pto-opt/dialect"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
)

// planReport is the memory report of fn's plan. locs gives each buffer's
// source location; members, when non-nil, the names of what shares each
// buffer (memory-reuse's merged allocations).
func planReport(fn *dialect.Operation, passName, algo string, p *planner.Problem, sol planner.Solution, locs []string, members [][]string) report.Function {
	opt := report.Options{Locs: locs, Members: members}
	if members != nil {
		opt.MemberSizes = memberSizes(fn, members)
	}
	return planning.Report(fn, passName, algo, p, sol, opt)
}

// memberSizes looks up the tile.alloc sizes of the members of merged
// buffers (memory-reuse records its plan before it rewrites the IR, so
// they are all there); a buffer with a member not found gets none, and
// the report counts it at its own size.
func memberSizes(fn *dialect.Operation, members [][]string) [][]int64 {
	names := printer.Names(fn, printer.Options{})
	size := map[string]int64{}
	for _, a := range Allocs(fn) {
		size[names[a.Results[0]]] = allocSize(a)
	}
	out := make([][]int64, len(members))
next:
	for i, ms := range members {
		for _, m := range ms {
			n, ok := size[m]
			if !ok {
				continue next
			}
			out[i] = append(out[i], n)
		}
	}
	return out
}
