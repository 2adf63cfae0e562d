package planner

import (
	"cmp"
	"slices"
)

// The hybrid placement of large pools: the greedy of large.go costs a
// visit per pair of buffers live together (10^8 pairs on a 60k-buffer
// trace), but on model traces almost all of those pairs involve a few
// buffers: the long-lived ones and the big ones. So the hybrid places only
// those with the greedy (a "skeleton", a few thousand buffers with few
// pairs among them) and the rest, short and small, in one sweep over time
// like an allocator that knows the future: at each program point the
// buffers that die free their bytes, then those born take the tightest
// free block, largest first. A buffer born at t conflicts only with
// buffers live at t (the free list knows those) and with skeleton buffers
// born during its life (fixed, looked up by start): later swept buffers
// avoid it in turn. The sweep costs O(free blocks) per buffer.
//
// Why it works: the sweep alone fragments when a big buffer is born while
// the free bytes are scattered, or when a long-lived buffer lands in a hole
// and pins the bytes around it; both kinds are in the skeleton, placed
// first and tightly, and what is left fills the space around them. On the
// public traces it lands within 0.2% of the load bound on S_1 and Y_1 and
// 0.8% on pangu_2.6B (where the greedy over every buffer does no better),
// in a tenth of that greedy's work or less.

// lgSkeleton says which items the greedy places before the sweep: the
// fraction long of the items with the longest lifetimes, big of the
// largest and area of the largest size x lifetime (ties by index).
type lgSkeleton struct {
	order           int // index into lgPool.orders for the greedy
	long, big, area int // per mille of the items
}

// lgSkeletons is the hybrid's portfolio, in the order that stops it
// soonest on the public traces: Y_1 wants the long-first greedy with the
// longest hundredth and largest 3%, S_1 the largest tenth, pangu_2.6B
// the largest-first greedy with the largest areas too; seeded synthetic
// traces (traceProblem) the largest fifth without the long ones (the
// long ones cost them 2%).
var lgSkeletons = []lgSkeleton{
	{order: 0, long: 10, big: 30},
	{order: 0, big: 100},
	{order: 1, long: 50, big: 50, area: 100},
	{order: 0, big: 200},
}

// skeleton returns the items the greedy places first, in its order (order
// is lgPool.order(sk.order)).
func (g *lgPool) skeleton(sk lgSkeleton, order []int32) []int32 {
	n := len(g.size)
	in := make([]bool, n)
	top := func(perMille int, key func(i int32) int64) {
		k := n * perMille / 1000
		if k == 0 {
			return
		}
		o := make([]int32, n)
		for i := range o {
			o[i] = int32(i)
		}
		slices.SortStableFunc(o, func(a, b int32) int { return cmp.Compare(key(b), key(a)) })
		for _, i := range o[:k] {
			in[i] = true
		}
	}
	length := func(i int32) int64 { return int64(g.end[i] - g.start[i]) }
	top(sk.long, length)
	top(sk.big, func(i int32) int64 { return g.size[i] })
	top(sk.area, func(i int32) int64 { return satMul(length(i), g.size[i]) })
	var out []int32
	for _, i := range order {
		if in[i] {
			out = append(out, i)
		}
	}
	return out
}

// lgSweep is the time sweep's scratch space, kept between runs.
type lgSweep struct {
	g *lgPool
	m *meter
	// bornAt[t]..bornAt[t+1] index born: the items born at slot t,
	// largest first; likewise dying.
	bornAt, diesAt []int32
	born, dying    []int32
	free           []block // free byte ranges by offset, the last unbounded
	extra, inBlock []block
	fixedByStart   []int32
	off            []int64 // the run's offsets
}

func newLgSweep(g *lgPool, m *meter) *lgSweep {
	n := len(g.size)
	s := &lgSweep{g: g, m: m}
	s.bornAt, s.born = bucket(g.slots+1, n, func(i int) int32 { return g.start[i] })
	s.diesAt, s.dying = bucket(g.slots+1, n, func(i int) int32 { return g.end[i] })
	for t := 0; t+1 < len(s.bornAt); t++ {
		slices.SortFunc(s.born[s.bornAt[t]:s.bornAt[t+1]], func(a, b int32) int {
			if c := cmp.Compare(g.size[b], g.size[a]); c != 0 {
				return c
			}
			if c := cmp.Compare(g.end[b], g.end[a]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
	}
	return s
}

// bucket groups the items 0..n-1 by key in [0, keys): items of key k are
// list[at[k]:at[k+1]], in index order.
func bucket(keys, n int, key func(i int) int32) (at, list []int32) {
	at = make([]int32, keys+1)
	for i := range n {
		at[key(i)+1]++
	}
	for k := 1; k <= keys; k++ {
		at[k] += at[k-1]
	}
	list = make([]int32, n)
	next := slices.Clone(at)
	for i := range n {
		k := key(i)
		list[next[k]] = int32(i)
		next[k]++
	}
	return at, list
}

const lgInf = int64(1) << 62

// run places every item with off[i] < 0 around the fixed ones (off[i] >=
// 0, placed without overlaps among themselves) and returns the peak of all
// items. It gives up, returning -1, once the peak reaches cutoff (when
// cutoff > 0) or the work reaches until.
func (s *lgSweep) run(off []int64, cutoff, until int64) int64 {
	g := s.g
	s.off = off
	fixed := make([]bool, len(off))
	s.fixedByStart = s.fixedByStart[:0]
	var peak int64
	for i, o := range off {
		if o >= 0 {
			fixed[i] = true
			s.fixedByStart = append(s.fixedByStart, int32(i))
			peak = max(peak, o+g.size[i])
		}
	}
	slices.SortFunc(s.fixedByStart, func(a, b int32) int { return cmp.Compare(g.start[a], g.start[b]) })
	s.free = append(s.free[:0], block{0, lgInf})
	for t := 0; t+1 < len(s.bornAt); t++ {
		for _, i := range s.dying[s.diesAt[t]:s.diesAt[t+1]] {
			s.release(off[i], off[i]+g.size[i])
		}
		born := s.born[s.bornAt[t]:s.bornAt[t+1]]
		for _, i := range born {
			if fixed[i] {
				s.carve(off[i], off[i]+g.size[i])
			}
		}
		for _, i := range born {
			if fixed[i] {
				continue
			}
			o := s.fit(i)
			off[i] = o
			s.carve(o, o+g.size[i])
			peak = max(peak, o+g.size[i])
		}
		if cutoff > 0 && peak >= cutoff || s.m.over(until) {
			return -1
		}
	}
	return peak
}

// fit returns the offset for item i in the tightest free block that holds
// it clear of the fixed items born during its life (lowest such block on
// ties).
func (s *lgSweep) fit(i int32) int64 {
	g := s.g
	size, align := g.size[i], g.align[i]
	// The fixed items born in (start, end), found by start.
	s.extra = s.extra[:0]
	lo, _ := slices.BinarySearchFunc(s.fixedByStart, g.start[i]+1, func(j int32, t int32) int { return cmp.Compare(g.start[j], t) })
	for _, j := range s.fixedByStart[lo:] {
		if g.start[j] >= g.end[i] {
			break
		}
		s.extra = append(s.extra, block{s.off[j], s.off[j] + g.size[j]})
	}
	steps := int64(len(s.free) + len(s.extra))
	best, bestGap := int64(-1), int64(-1)
	for _, b := range s.free {
		if b.end-b.off < size || (bestGap >= 0 && b.end-b.off >= bestGap) {
			continue
		}
		// Only the blocks that could win are checked against the fixed
		// items, and only against those inside the block.
		o := AlignUp(b.off, align)
		if len(s.extra) > 0 {
			s.inBlock = s.inBlock[:0]
			for _, x := range s.extra {
				if x.off < b.end && x.end > b.off {
					s.inBlock = append(s.inBlock, x)
				}
			}
			steps += int64(len(s.extra) + len(s.inBlock))
			slices.SortFunc(s.inBlock, func(a, b block) int { return cmp.Compare(a.off, b.off) })
			for _, x := range s.inBlock {
				if x.off >= o+size {
					break
				}
				if x.end > o {
					o = AlignUp(x.end, align)
				}
			}
		}
		if o+size <= b.end {
			best, bestGap = o, b.end-b.off
		}
	}
	s.m.charge(steps)
	return best
}

// carve takes [o, e) out of the free block holding it.
func (s *lgSweep) carve(o, e int64) {
	k := s.blockAt(o)
	b := s.free[k]
	switch {
	case b.off == o && b.end == e:
		s.free = slices.Delete(s.free, k, k+1)
	case b.off == o:
		s.free[k].off = e
	case b.end == e:
		s.free[k].end = o
	default:
		s.free[k].end = o
		s.free = slices.Insert(s.free, k+1, block{e, b.end})
	}
}

// blockAt returns the index of the free block holding offset o.
func (s *lgSweep) blockAt(o int64) int {
	k, _ := slices.BinarySearchFunc(s.free, o, func(b block, x int64) int {
		if b.end <= x {
			return -1
		}
		if b.off > x {
			return 1
		}
		return 0
	})
	return k
}

// release returns [o, e) to the free list, merging with its neighbours.
func (s *lgSweep) release(o, e int64) {
	// k: the first free block above o.
	k, _ := slices.BinarySearchFunc(s.free, o, func(b block, x int64) int { return cmp.Compare(b.off, x) })
	left := k > 0 && s.free[k-1].end == o
	right := k < len(s.free) && s.free[k].off == e
	switch {
	case left && right:
		s.free[k-1].end = s.free[k].end
		s.free = slices.Delete(s.free, k, k+1)
	case left:
		s.free[k-1].end = e
	case right:
		s.free[k].off = o
	default:
		s.free = slices.Insert(s.free, k, block{o, e})
	}
}

// largeHybrid runs the hybrid portfolio on a plain pool, each run stopped
// once it cannot beat bestPeak (when bestPeak > 0) or the work reaches
// until, and stops once within lgGoodEnough of the load bound. It writes
// the winner into off (per instance unit) and returns its peak, bestPeak
// when no run beat it.
func largeHybrid(g *lgPool, off []int64, bestPeak int64, m *meter, until int64) int64 {
	orders := map[int][]int32{} // computed on first use
	lg := newLgGreedy(g, m)
	var sw *lgSweep
	for _, sk := range lgSkeletons {
		if bestPeak > 0 && bestPeak <= g.lb+g.lb/lgGoodEnough || m.over(until) {
			break
		}
		if orders[sk.order] == nil {
			orders[sk.order] = g.order(sk.order)
		}
		sel := g.skeleton(sk, orders[sk.order])
		if satMul(g.pairsAmong(sel), lgPairWork) > until-m.used {
			continue // the greedy could not finish
		}
		o, _ := lg.run(sel, true, bestPeak, until)
		if o == nil {
			continue
		}
		x := make([]int64, len(o))
		for i := range x {
			x[i] = -1
		}
		for _, i := range sel {
			x[i] = o[i]
		}
		if sw == nil {
			sw = newLgSweep(g, m)
		}
		pk := sw.run(x, bestPeak, until)
		if pk < 0 {
			continue
		}
		bestPeak = pk
		for i, k := range g.units {
			off[k] = x[i]
		}
	}
	return bestPeak
}

// pairsAmong counts the pairs of the listed items live together, by a
// sweep.
func (g *lgPool) pairsAmong(items []int32) int64 {
	type ev struct{ t, d int32 }
	evs := make([]ev, 0, 2*len(items))
	for _, i := range items {
		evs = append(evs, ev{g.start[i], 1}, ev{g.end[i], -1})
	}
	slices.SortFunc(evs, func(a, b ev) int {
		if a.t != b.t {
			return cmp.Compare(a.t, b.t)
		}
		return cmp.Compare(a.d, b.d) // ends first: [s, e) lifetimes
	})
	var live, pairs int64
	for _, e := range evs {
		if e.d > 0 {
			pairs += live
		}
		live += int64(e.d)
	}
	return pairs
}
