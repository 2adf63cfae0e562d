package planner

import (
	"cmp"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// placement is one complete placement of a component with its score.
type placement struct {
	off  []int64 // per item
	cost int64   // reuse cost
	peak int64   // highest byte used
	over int64   // bytes above capacity (0 when it fits)
}

// better orders placements lexicographically: overflow, then (when cost
// counts) reuse cost, then peak.
func (a *placement) better(b *placement, costFirst bool) bool {
	if b == nil {
		return true
	}
	if a.over != b.over {
		return a.over < b.over
	}
	if costFirst && a.cost != b.cost {
		return a.cost < b.cost
	}
	return a.peak < b.peak
}

type fitRule int

const (
	// ruleLowest is PyPTO's canonical greedy: lowest penalty, then the
	// lowest address.
	ruleLowest fitRule = iota
	// ruleTightest is best fit: lowest penalty, then the smallest free gap
	// that holds the item, then the lowest address.
	ruleTightest
)

// greedy places the items in order, each where inserter.best puts it. An
// item with no candidate under the capacity goes to the lowest free offset
// above everything it conflicts with, so the result always is a placement,
// possibly overflowing. The run's steps are charged to m.
func (c *comp) greedy(order []int32, rule fitRule, capacity int64, usePen bool, m *meter) *placement {
	off := make([]int64, c.n)
	placed := make([]bool, c.n)
	pl := &placement{off: off}
	ins := inserter{m: m}
	for _, i32 := range order {
		i := int(i32)
		x, w, ok := ins.best(c, i, off, placed, rule, capacity, usePen)
		if !ok {
			x, w = ins.top, ins.penCost(c, i, x, off, placed, usePen)
		}
		off[i] = x
		pl.cost += w
		placed[i] = true
		pl.peak = max(pl.peak, x+c.size[i])
	}
	if !usePen {
		pl.cost = c.cost(off)
	}
	if capacity > 0 && pl.peak > capacity {
		pl.over = pl.peak - capacity
	}
	return pl
}

// inserter finds where one item goes among placed ones; it keeps its
// scratch buffers between calls and charges its steps to m.
type inserter struct {
	m     *meter
	busy  []block
	cands []insCand
	top   int64 // after best: the lowest aligned offset above all conflicts
}

// charge charges n of the inserter's steps. Each is a closure call, a
// comparison in a sort or a scattered load, about twice a search step.
func (ins *inserter) charge(n int64) { ins.m.charge(2 * n) }

type insCand struct {
	x, gap, cost int64
}

func (ins *inserter) penCost(c *comp, i int, x int64, off []int64, placed []bool, usePen bool) int64 {
	var w int64
	if usePen {
		ins.charge(int64(len(c.pen[i])))
		for _, e := range c.pen[i] {
			if placed[e.j] && x < off[e.j]+c.size[e.j] && off[e.j] < x+c.size[i] {
				w += e.w
			}
		}
	}
	return w
}

// best returns the offset for item i among the placed items: a candidate
// is 0, the end of an obstacle, the aligned top of a placed neighbour, or
// (to dodge a penalised neighbour from below) just under one; it must miss
// the item's obstacles and placed hard neighbours and, when capacity > 0,
// fit below it. The rule picks among the candidates, lowest penalty first.
// ok is false when nothing fits under the capacity.
func (ins *inserter) best(c *comp, i int, off []int64, placed []bool, rule fitRule, capacity int64, usePen bool) (x, cost int64, ok bool) {
	size, align := c.size[i], c.align[i]
	// Collecting and sorting the busy ranges, then the gaps, each with a
	// pass over the penalties; penCost charges its own scans.
	ins.charge(1 + int64(len(c.obst[i])+len(c.hard[i])))
	ins.busy = append(ins.busy[:0], c.obst[i]...)
	for _, j := range c.hard[i] {
		if placed[j] {
			ins.busy = append(ins.busy, block{off[j], off[j] + c.size[j]})
		}
	}
	slices.SortFunc(ins.busy, func(a, b block) int { return cmp.Compare(a.off, b.off) })
	ins.cands = ins.cands[:0]
	ins.charge(int64(len(ins.busy) * (2 + bits.Len(uint(len(ins.busy)))))) // the sort and the gaps
	var prev int64
	consider := func(lo, hi int64) { // free gap [lo, hi), hi < 0 for unbounded
		if usePen {
			ins.charge(1 + int64(len(c.pen[i])))
		}
		try := func(x int64) {
			if x < lo || (hi >= 0 && x+size > hi) || (capacity > 0 && x+size > capacity) {
				return
			}
			gap := hi - lo
			if hi < 0 {
				gap = 1 << 62
			}
			ins.cands = append(ins.cands, insCand{x, gap, ins.penCost(c, i, x, off, placed, usePen)})
		}
		try(AlignUp(lo, align))
		if usePen {
			for _, e := range c.pen[i] {
				if !placed[e.j] {
					continue
				}
				try(AlignUp(off[e.j]+c.size[e.j], align))
				if b := off[e.j] - size; b >= 0 {
					try(alignDown(b, align))
				}
			}
		}
	}
	for _, b := range ins.busy {
		if b.off > prev {
			consider(prev, b.off)
		}
		prev = max(prev, b.end)
	}
	consider(prev, -1)
	ins.top = AlignUp(prev, align)
	best := -1
	ins.charge(int64(len(ins.cands)))
	for k, cd := range ins.cands {
		if best < 0 {
			best = k
			continue
		}
		bc := ins.cands[best]
		switch {
		case cd.cost != bc.cost:
			if cd.cost < bc.cost {
				best = k
			}
		case rule == ruleTightest && cd.gap != bc.gap:
			if cd.gap < bc.gap {
				best = k
			}
		case cd.x < bc.x:
			best = k
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	return ins.cands[best].x, ins.cands[best].cost, true
}

// cost evaluates the reuse cost of a complete placement.
func (c *comp) cost(off []int64) int64 {
	var w int64
	for i := range c.n {
		for _, e := range c.pen[i] {
			if j := int(e.j); j > i && off[i] < off[j]+c.size[j] && off[j] < off[i]+c.size[i] {
				w += e.w
			}
		}
	}
	return w
}

// orders returns the item orders of the portfolio: size, birth, conflict
// mass, penalty weight, area and section pressure, then seeded shuffles of
// the size order.
func (c *comp) orders(seed int64, restarts int) [][]int32 {
	base := make([]int32, c.n)
	for i := range base {
		base[i] = int32(i)
	}
	length := make([]int64, c.n)
	start := make([]int64, c.n)
	for i, lv := range c.live {
		if len(lv) > 0 {
			start[i] = lv[0].Start
		}
		for _, iv := range lv {
			length[i] += iv.End - iv.Start
		}
	}
	mass := make([]int64, c.n)
	penW := make([]int64, c.n)
	for i := range c.n {
		for _, j := range c.hard[i] {
			mass[i] += c.size[j]
		}
		for _, e := range c.pen[i] {
			penW[i] += e.w
		}
	}
	pressure := c.sectionPressure()
	by := func(keys ...[]int64) []int32 {
		o := slices.Clone(base)
		slices.SortStableFunc(o, func(a, b int32) int {
			for _, k := range keys {
				if k[a] != k[b] {
					return cmp.Compare(k[b], k[a]) // descending
				}
			}
			return 0
		})
		return o
	}
	neg := func(v []int64) []int64 {
		out := make([]int64, len(v))
		for i, x := range v {
			out[i] = -x
		}
		return out
	}
	area := make([]int64, c.n)
	for i := range area {
		area[i] = c.size[i] * max(1, length[i])
	}
	out := [][]int32{
		by(c.size, length),
		by(neg(start), c.size),
		by(mass, c.size),
		by(penW, c.size),
		by(area),
		by(pressure, c.size),
		by(length, c.size),
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	for range restarts {
		noise := make([]int64, c.n)
		for i := range noise {
			// Perturb sizes by up to ~25% so near-equal items swap.
			noise[i] = c.size[i] + int64(rng.Float64()*0.25*float64(c.size[i]))
		}
		out = append(out, by(noise))
	}
	return out
}

// sectionPressure is, per item, the largest total size of a section it is
// in: MiniMalloc's "T" key, large for items where space is tightest.
func (c *comp) sectionPressure() []int64 {
	tot := make([]int64, len(c.sections))
	for s, sec := range c.sections {
		for _, i := range sec {
			tot[s] += c.size[i]
		}
	}
	out := make([]int64, c.n)
	for i := range c.n {
		for _, s := range c.secs[i] {
			out[i] = max(out[i], tot[s])
		}
	}
	return out
}

// portfolio runs every order with both rules (and a penalty-blind first
// fit) and keeps the best placement. It stops early at a placement that
// cannot be beaten (no overflow, no cost, peak at the bound) and, after the
// first run, when the work reaches mark until: on traces of tens of
// thousands of buffers one greedy run takes a noticeable time.
func (c *comp) portfolio(capacity int64, costFirst bool, seed int64, bound int64, m *meter, until int64) *placement {
	var best *placement
	usePen := costFirst && c.penTotal > 0
	run := func(o []int32, rule fitRule, usePen bool) {
		if p := c.greedy(o, rule, capacity, usePen, m); p.better(best, costFirst) {
			best = p
		}
	}
	for k, o := range c.orders(seed, 4) {
		for _, rule := range []fitRule{ruleTightest, ruleLowest} {
			run(o, rule, usePen)
			if best.over == 0 && best.cost == 0 && best.peak <= bound || m.over(until) {
				return best
			}
		}
		if k == 0 && usePen {
			run(o, ruleLowest, false)
		}
	}
	return best
}
