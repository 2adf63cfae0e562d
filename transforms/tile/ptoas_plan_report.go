package tile

import (
	"fmt"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
)

// How memory reports name the placement check-ptoas-plan predicts:
// ptoas's own PlanMemory, which places the tiles when ptoas reads the
// kernel (pto-opt gives no addresses under planner=ptoas). Predicted is
// the placement ptoas will make; possible, one it may make, when ptoas
// takes the tiles first live at a loop's start in an order pto-opt
// cannot know (more than 16 values live there): the report then shows
// allocation order's, or the worst order's when one does not fit.
const (
	PTOASPredicted = "ptoas-predicted"
	PTOASPossible  = "ptoas-possible"
)

// ptoasReport is the memory report of the placement ptoas's planner will
// make of fn (the model's, in ptoas's terms): per space the target
// describes ptoas's planner for, one buffer per pto.alloc_tile, named by
// the first tile in it, sized as ptoas reserves it (rounded up to its
// alignment), live over ptoas's closed lifetime [gen, kill] of its linear
// positions (none when ptoas never sees it die, which lets it share bytes
// with any buffer), at the offset ptoas gives it. An instruction's
// scratch and destination are a no-alias pair, as ptoas keeps them. When
// a space does not fit, failed says why and the offsets are those of
// ptoas's plan into unbounded memory; a space whose placement the model
// could not decide is left out (failed says so).
func ptoasReport(fn *ir.Operation, l *ptoasLiveness, plans []ptoasSpacePlan, failed string) report.Function {
	p := &planner.Problem{}
	var sol planner.Solution
	var locs []string
	var members [][]string
	index := map[*ptoasBuffer]int{}
	names := printer.Names(fn, printer.Options{})
	used := map[string]bool{}
	for _, sp := range plans {
		if sp.result.Undecided || len(sp.result.Offsets) != len(sp.placed) {
			continue
		}
		pool := len(p.Pools)
		p.Pools = append(p.Pools, planner.Pool{Name: sp.space, Capacity: sp.capBytes})
		for i, b := range sp.placed {
			index[b] = len(p.Buffers)
			p.Buffers = append(p.Buffers, planner.Buffer{
				Name:  ptoasBufferName(b, names, used),
				Size:  ptoasSize(b.bytes, sp.align),
				Align: max(sp.align, 1),
				Live:  ptoasLive(b, l.t),
				Pool:  pool,
			})
			sol.Offsets = append(sol.Offsets, int64(sp.result.Offsets[i]/8))
			locs = append(locs, planning.Loc(b.alloc.Loc))
			members = append(members, ptoasMembers(b, names))
		}
	}
	for _, c := range l.conflicts {
		a, okA := index[c[0]]
		b, okB := index[c[1]]
		if okA && okB && a != b && p.Buffers[a].Pool == p.Buffers[b].Pool {
			p.Separations = append(p.Separations, planner.Separation{A: a, B: b, Reason: "semantic_no_alias"})
		}
	}
	algo := PTOASPredicted
	for _, sp := range plans {
		if sp.unordered {
			algo = PTOASPossible
		}
	}
	f := planning.Report(fn, "check-ptoas-plan", algo, p, sol, report.Options{Locs: locs, Members: members, Points: l.points})
	f.Failed = failed
	return f
}

// ptoasLive is buffer b's lifetime as a report interval: ptoas's closed
// [gen, kill] made half-open; none when ptoas never kills it or never
// writes it (it then overlaps no other buffer in ptoas's eyes).
func ptoasLive(b *ptoasBuffer, end int64) []planner.Interval {
	if !b.born || b.kill < 0 || b.kill < b.gen {
		return nil
	}
	return []planner.Interval{{Start: b.gen, End: min(b.kill+1, max(end, b.gen+1))}}
}

// ptoasBufferName names a buffer by its first named tile, or as the
// pto.alloc_tile it becomes (#id) when it has none or the name is taken.
func ptoasBufferName(b *ptoasBuffer, names map[*ir.Value]string, used map[string]bool) string {
	name := fmt.Sprintf("#%d", b.id)
	for _, v := range b.tiles {
		if n := names[v]; n != "" {
			if !used[n] {
				name = n
			}
			break
		}
	}
	used[name] = true
	return name
}

// ptoasMembers lists the named tiles of a buffer that holds more than
// one (loop carries, views, tiles of one allocation ptoas sees as one).
func ptoasMembers(b *ptoasBuffer, names map[*ir.Value]string) []string {
	var out []string
	for _, v := range b.tiles {
		if n := names[v]; n != "" {
			out = append(out, n)
		}
	}
	if len(out) < 2 {
		return nil
	}
	return out
}

// ptoasSize is a tile's size as ptoas reserves it: rounded up to the
// space's alignment (a size that would not round within int64 is kept;
// the planner's checks refuse it).
func ptoasSize(n, align int64) int64 {
	if r, ok := checked.AlignUp(n, max(align, 1)); ok {
		return r
	}
	return n
}
