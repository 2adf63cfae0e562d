package report

import (
	"cmp"
	"slices"

	"github.com/pto-opt/pto-opt/planner"
)

// event is one end of a lifetime interval in a sweep over program points.
type event struct {
	t     int64
	start bool
	buf   int
}

// lifetimeEvents lists the starts and ends of the intervals ivs gives for
// each buffer of idx, in sweep order: by point, ends before starts at the
// same point (intervals are half-open), then by buffer.
func lifetimeEvents(idx []int, ivs func(buf int) []planner.Interval) []event {
	var evs []event
	for _, i := range idx {
		for _, iv := range ivs(i) {
			evs = append(evs, event{iv.Start, true, i}, event{iv.End, false, i})
		}
	}
	slices.SortFunc(evs, func(a, b event) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		if a.start != b.start {
			if a.start {
				return 1
			}
			return -1
		}
		return a.buf - b.buf
	})
	return evs
}

// mergedLive is a buffer's lifetime as disjoint intervals.
func mergedLive(p *planner.Problem) func(buf int) []planner.Interval {
	return func(i int) []planner.Interval { return planner.MergeIntervals(p.Buffers[i].Live) }
}
