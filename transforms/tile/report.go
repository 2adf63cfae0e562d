package tile

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
)

// planReport is the memory report of fn's plan. locs gives each buffer's
// source location; members, when non-nil, the names of what shares each
// buffer (memory-reuse's merged allocations).
func planReport(fn *ir.Operation, passName, algo string, p *planner.Problem, sol planner.Solution, locs []string, members [][]string) report.Function {
	opt := report.Options{Locs: locs, Points: planning.ProgramPoints(fn, scratchRoles(fn)), Loops: planning.Loops(fn)}
	if members != nil {
		opt.MemberSizes = memberSizes(fn, members)
	}
	// One name per buffer across the report: the passes name buffers by
	// their allocations, which memory-reuse merges and the printer then
	// renumbers, so the report names each by the first tile written into
	// it (its members' first tiles when merged), a source name that stays.
	bufNames := make([]string, len(p.Buffers))
	for i := range p.Buffers {
		bufNames[i] = p.Buffers[i].Name
	}
	names := tileNames(fn, bufNames, members)
	q := *p
	q.Buffers = slices.Clone(p.Buffers)
	for i := range q.Buffers {
		q.Buffers[i].Name = names[i]
	}
	if members != nil {
		first := firstTiles(fn)
		opt.Members = make([][]string, len(members))
		for i, ms := range members {
			for _, m := range ms {
				if t, ok := first[m]; ok {
					m = t.name
				}
				opt.Members[i] = append(opt.Members[i], m)
			}
		}
	}
	return planning.Report(fn, passName, algo, &q, sol, opt)
}

// firstTile is the first tile (in program order) written into an
// allocation.
type firstTile struct {
	name  string
	point int
}

// firstTiles maps each allocation's printed name to its first tile. A
// scratch tile is named for the op that needs it ("tmp of tile.row_max
// %m"): its own name (%scratch, from materialize-scratch) says nothing
// of whose it is.
func firstTiles(fn *ir.Operation) map[string]firstTile {
	names := printer.Names(fn, printer.Options{})
	tmpOf := scratchOwners(fn, names)
	out := map[string]firstTile{}
	point := 0
	fn.Walk(func(op *ir.Operation) bool {
		for i, d := range tile.Dests(op) {
			an := names[d]
			if _, seen := out[an]; seen || an == "" || i >= len(op.Results) {
				continue
			}
			rn := names[op.Results[i]]
			if owner, ok := tmpOf[op.Results[i]]; ok {
				rn = owner
			}
			if rn != "" {
				out[an] = firstTile{rn, point}
			}
		}
		point++
		return true
	})
	return out
}

// scratchRoles says, of an op writing a scratch tile, whose tmp it is
// ("tmp of tile.row_max %m"), for the program points' names.
func scratchRoles(fn *ir.Operation) func(*ir.Operation) string {
	tmpOf := scratchOwners(fn, printer.Names(fn, printer.Options{}))
	return func(op *ir.Operation) string {
		for _, r := range op.Results {
			if owner, ok := tmpOf[r]; ok {
				return owner
			}
		}
		return ""
	}
}

// scratchOwners names each tile an op takes as its scratch (the tile
// table's Scratch column, tile.ScratchOperand) for that op: "tmp of
// tile.row_max %m", the op and its first result. A tile that is the
// scratch of several ops is named for the first.
func scratchOwners(fn *ir.Operation, names map[*ir.Value]string) map[*ir.Value]string {
	out := map[*ir.Value]string{}
	fn.Walk(func(op *ir.Operation) bool {
		k := tile.ScratchOperand(op)
		ins := tile.Inputs(op)
		if k < 0 || k >= len(ins) {
			return true
		}
		if _, seen := out[ins[k]]; seen {
			return true
		}
		owner := "tmp of " + op.Name
		if len(op.Results) > 0 && names[op.Results[0]] != "" {
			owner += " " + names[op.Results[0]]
		}
		out[ins[k]] = owner
		return true
	})
	return out
}

// tileNames names buffers (given by their allocations' names, merged
// allocations in members) by their first tiles, keeping an allocation's
// name where no tile is written into it or two buffers would share one.
func tileNames(fn *ir.Operation, bufNames []string, members [][]string) []string {
	first := firstTiles(fn)
	out := make([]string, len(bufNames))
	used := map[string]bool{}
	for i, bn := range bufNames {
		cands := []string{bn}
		if i < len(members) && len(members[i]) > 0 {
			cands = members[i]
		}
		best, ok := firstTile{}, false
		for _, c := range cands {
			if t, found := first[c]; found && (!ok || t.point < best.point) {
				best, ok = t, true
			}
		}
		out[i] = bn
		if ok && !used[best.name] {
			out[i] = best.name
		}
		used[out[i]] = true
	}
	return out
}

// memberSizes looks up the tile.alloc sizes of the members of merged
// buffers (memory-reuse records its plan before it rewrites the IR, so
// they are all there); a buffer with a member not found gets none, and
// the report counts it at its own size.
func memberSizes(fn *ir.Operation, members [][]string) [][]int64 {
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
