package report

import (
	"cmp"
	"slices"

	"github.com/pto-opt/pto-opt/planner"
)

// PeakLive returns a program point of pool at which the buffers live
// together need the most bytes (the point planner.LowerBound's sum is
// taken at; the earliest such point), and those buffers, largest first.
// An overflow error names them: they are what has to shrink or die
// earlier for the pool to fit.
func PeakLive(p *planner.Problem, pool int) (point int64, live []int) {
	var bufs []int
	for i := range p.Buffers {
		if b := &p.Buffers[i]; b.Pool == pool && b.Size != 0 {
			bufs = append(bufs, i)
		}
	}
	evs := lifetimeEvents(bufs, mergedLive(p))
	active := map[int]bool{}
	var cur, best int64
	bestAt := int64(-1)
	for _, e := range evs {
		if e.start {
			active[e.buf] = true
			cur = satAdd(cur, p.Buffers[e.buf].Size)
			if cur > best {
				best, bestAt = cur, e.t
				live = live[:0]
				for k := range active {
					live = append(live, k)
				}
			}
		} else {
			delete(active, e.buf)
			cur -= p.Buffers[e.buf].Size
		}
	}
	slices.SortFunc(live, func(a, b int) int {
		if c := cmp.Compare(p.Buffers[b].Size, p.Buffers[a].Size); c != 0 {
			return c
		}
		return a - b
	})
	return bestAt, live
}
