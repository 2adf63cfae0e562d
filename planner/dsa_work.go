package planner

import "time"

// dsa-rp is bounded by work, not by time: the same problem and options must
// give byte-identical placements on any machine under any load, and a
// search cut by a clock stops wherever the scheduler left it. Every phase
// (the greedy portfolio, the exact search, the local search) charges the
// steps it takes to one meter and stops at a mark on that meter; the marks
// are computed from the meter alone (a share of the work left), so which
// phase gets how much, and where each stops, depends only on the input and
// Options.Work. The wall clock remains as an optional safety stop: once it
// fires every phase stops at its next check, and the result says so,
// because from then on the placement depends on timing.
//
// A step is one inner-loop iteration: an item or section examined by a
// search node, a neighbour examined by a greedy placement or a local-search
// move. Charging steps rather than nodes or moves keeps a budget's running
// time roughly independent of the instance's size.

// meter counts the work done by one Solve and holds the safety stop.
type meter struct {
	used int64
	// deadline is the wall-clock safety stop; zero for none.
	deadline time.Time
	now      func() time.Time
	// nextCheck is the count at which the clock is read next: reading
	// it for every search node would cost more than the node.
	nextCheck int64
	// clockStop is set when the deadline cut a phase short.
	clockStop bool
}

// clockEvery is how many steps pass between reads of the clock, a few
// microseconds of search.
const clockEvery = 1 << 12

func newMeter(deadline time.Time, now func() time.Time) *meter {
	if now == nil {
		now = time.Now
	}
	return &meter{deadline: deadline, now: now}
}

// charge adds n steps.
func (m *meter) charge(n int64) { m.used += n }

// over reports whether a phase that must stop at mark until has to stop:
// the work reached the mark, or the safety stop fired. A phase the work
// bound stops does not consult the clock, so clockStop is set only when
// the clock made a difference.
func (m *meter) over(until int64) bool {
	if m.used >= until {
		return true
	}
	if m.clockStop {
		return true
	}
	if m.deadline.IsZero() || m.used < m.nextCheck {
		return false
	}
	m.nextCheck = m.used + clockEvery
	if !m.now().Before(m.deadline) {
		m.clockStop = true
	}
	return m.clockStop
}

// share returns the mark num/den of the way from the current count to
// until (the count itself when nothing is left).
func (m *meter) share(until, num, den int64) int64 {
	left := until - m.used
	if left <= 0 {
		return m.used
	}
	// left*num overflows only for budgets beyond any use; split first
	// there.
	if left > 1<<40 {
		return m.used + left/den*num
	}
	return m.used + left*num/den
}
