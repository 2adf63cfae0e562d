package planner

import (
	"cmp"
	"math/bits"
	"slices"
)

// Large pools. A model trace holds tens of thousands of buffers and
// millions of pairs live together, too many for the component model
// (maxExactPairs). Such a pool, when it is plain (single-interval buffers,
// no pairwise constraints, pins or reserved bytes), gets its own portfolio
// here: greedy placements over a few orders, each buffer at the lowest
// (or tightest) gap among the already placed buffers it is live with,
// keeping the lowest peak (omnimalloc's and TFLite's greedy, with orders
// and tie-breaks chosen on the public model traces).
//
// A run visits every pair of buffers live together and sorts the busy
// ranges it finds, O(P log L) for P such pairs and at most L live at
// once: about a second per run on 30k-buffer traces, which is why runs
// the work left cannot finish are not started and the portfolio stops
// once it is within 1/256 of the load bound.
//
// Finding "the placed buffers live with this one" is the inner loop. A
// segment tree over the compressed program points stores each placed
// buffer in the O(log T) nodes that cover its lifetime exactly; a buffer
// overlaps a query lifetime iff one of its nodes intersects it, and the
// nodes intersecting [s, e) are the ancestors of its leaves, about 2(e-s)
// + log T of them. Lifetimes on model traces are mostly a few points long,
// so a query costs about the number of buffers it returns.

// lgPool is one plain pool's placeable units in flat arrays.
type lgPool struct {
	units       []int   // local item -> instance unit
	start, end  []int32 // compressed half-open lifetimes
	size, align []int64
	slots       int   // compressed program points
	lb          int64 // the pool's load bound (largest live total)
}

// newLgPool collects the pool's units; ok is false when the pool is not
// plain (then the general paths apply).
func newLgPool(in *instance, pool int) (*lgPool, bool) {
	if len(in.reserved[pool]) > 0 || in.sepAdj != nil || in.excluded != nil {
		return nil, false
	}
	g := &lgPool{}
	var times []int64
	for _, k := range in.pools[pool] {
		u := &in.units[k]
		if u.pinned || len(u.live) > 1 {
			return nil, false
		}
		if u.size == 0 || len(u.live) == 0 || u.live[0].End <= u.live[0].Start {
			continue
		}
		g.units = append(g.units, k)
		times = append(times, u.live[0].Start, u.live[0].End)
	}
	slices.Sort(times)
	times = slices.Compact(times)
	g.slots = max(1, len(times)-1)
	n := len(g.units)
	g.start, g.end = make([]int32, n), make([]int32, n)
	g.size, g.align = make([]int64, n), make([]int64, n)
	delta := make([]int64, len(times)+1)
	for i, k := range g.units {
		u := &in.units[k]
		s, _ := slices.BinarySearch(times, u.live[0].Start)
		e, _ := slices.BinarySearch(times, u.live[0].End)
		g.start[i], g.end[i] = int32(s), int32(e)
		g.size[i], g.align[i] = u.size, u.align
		delta[s] += u.size
		delta[e] -= u.size
	}
	var cur int64
	for _, d := range delta {
		cur += d
		g.lb = max(g.lb, cur)
	}
	return g, true
}

// lgIndex is the segment tree of placed items (see above).
type lgIndex struct {
	leaves int
	lists  [][]int32
	stamp  []uint32
	gen    uint32
}

func newLgIndex(slots, items int) *lgIndex {
	leaves := 1
	for leaves < slots {
		leaves *= 2
	}
	return &lgIndex{leaves: leaves, lists: make([][]int32, 2*leaves), stamp: make([]uint32, items)}
}

func (x *lgIndex) reset() {
	for k := range x.lists {
		x.lists[k] = x.lists[k][:0]
	}
}

// add stores item i, live over [s, e), in its canonical nodes.
func (x *lgIndex) add(i int32, s, e int32) {
	l, r := int(s)+x.leaves, int(e)+x.leaves
	for l < r {
		if l&1 == 1 {
			x.lists[l] = append(x.lists[l], i)
			l++
		}
		if r&1 == 1 {
			r--
			x.lists[r] = append(x.lists[r], i)
		}
		l >>= 1
		r >>= 1
	}
}

// query calls f once for every stored item live in [s, e) and returns the
// number of nodes and entries visited, the query's work.
func (x *lgIndex) query(s, e int32, f func(j int32)) int64 {
	x.gen++
	if x.gen == 0 {
		clear(x.stamp)
		x.gen = 1
	}
	var steps int64
	lo, hi := int(s)+x.leaves, int(e)-1+x.leaves
	for lo >= 1 {
		for k := lo; k <= hi; k++ {
			l := x.lists[k]
			steps += 1 + int64(len(l))
			for _, j := range l {
				if x.stamp[j] != x.gen {
					x.stamp[j] = x.gen
					f(j)
				}
			}
		}
		lo >>= 1
		hi >>= 1
	}
	return steps
}

// lgGreedy places items one at a time; it keeps its scratch space between
// runs.
type lgGreedy struct {
	g      *lgPool
	idx    *lgIndex
	keys   []uint64
	blocks []block
	m      *meter
	// packed is true when every offset a run can produce (below the sum
	// of all sizes) fits the key's high bits, with the item in the low
	// ones: the busy blocks then sort as plain integers.
	packed bool
}

const lgItemBits = 20

func newLgGreedy(g *lgPool, m *meter) *lgGreedy {
	var total int64
	for _, s := range g.size {
		total = satAdd(total, s)
	}
	packed := len(g.size) < 1<<lgItemBits && total < 1<<(63-lgItemBits)
	return &lgGreedy{g: g, idx: newLgIndex(g.slots, len(g.size)), m: m, packed: packed}
}

// busy collects the byte ranges of the placed items live with item i,
// sorted by offset.
func (lg *lgGreedy) busy(i int32, off []int64) []block {
	g := lg.g
	lg.blocks = lg.blocks[:0]
	var steps int64
	if lg.packed {
		lg.keys = lg.keys[:0]
		steps = lg.idx.query(g.start[i], g.end[i], func(j int32) {
			lg.keys = append(lg.keys, uint64(off[j])<<lgItemBits|uint64(j))
		})
		slices.Sort(lg.keys)
		for _, k := range lg.keys {
			o, j := int64(k>>lgItemBits), k&(1<<lgItemBits-1)
			lg.blocks = append(lg.blocks, block{o, o + g.size[j]})
		}
	} else {
		steps = lg.idx.query(g.start[i], g.end[i], func(j int32) {
			lg.blocks = append(lg.blocks, block{off[j], off[j] + g.size[j]})
		})
		slices.SortFunc(lg.blocks, func(a, b block) int { return cmp.Compare(a.off, b.off) })
	}
	n := int64(len(lg.blocks))
	lg.m.charge(steps + n*int64(bits.Len64(uint64(n))))
	return lg.blocks
}

// gapFit chooses an offset among busy blocks sorted by offset: with tight
// false the lowest gap that holds the item, with tight the smallest such
// gap, lowest first; without a gap, above every block.
func gapFit(blocks []block, size, align int64, tight bool) int64 {
	var prev int64
	best, bestGap := int64(-1), int64(-1)
	for _, b := range blocks {
		if b.off > prev {
			if a := AlignUp(prev, align); a+size <= b.off {
				if !tight {
					return a
				}
				if gap := b.off - prev; bestGap < 0 || gap < bestGap {
					best, bestGap = a, gap
				}
			}
		}
		prev = max(prev, b.end)
	}
	if best >= 0 {
		return best
	}
	return AlignUp(prev, align)
}

// run places the items in order and returns the offsets and the peak.
// It gives up, returning a nil placement, once the peak reaches cutoff
// (when cutoff > 0: that run cannot win) or the work reaches until.
func (lg *lgGreedy) run(order []int32, tight bool, cutoff, until int64) ([]int64, int64) {
	g := lg.g
	lg.idx.reset()
	off := make([]int64, len(g.size))
	var peak int64
	for _, i := range order {
		o := gapFit(lg.busy(i, off), g.size[i], g.align[i], tight)
		off[i] = o
		lg.idx.add(i, g.start[i], g.end[i])
		peak = max(peak, o+g.size[i])
		if cutoff > 0 && peak >= cutoff || lg.m.over(until) {
			return nil, peak
		}
	}
	return off, peak
}

// orders are the portfolio's orders, as sort keys compared in turn,
// descending unless said: lifetime, then size; size, then start
// (ascending); size, then lifetime. The tie-break matters: on pangu_2.6B
// size-then-start lands 0.8% above the load bound, size-then-lifetime
// 3.3%. (Area and MiniMalloc's section pressure were tried on the model
// traces and never won.)
func (g *lgPool) orders() [][]int32 {
	return [][]int32{g.order(0), g.order(1), g.order(2)}
}

// order returns one of the orders listed at orders.
func (g *lgPool) order(k int) []int32 {
	n := len(g.size)
	length := make([]int64, n)
	early := make([]int64, n)
	for i := range n {
		length[i] = int64(g.end[i] - g.start[i])
		early[i] = -int64(g.start[i])
	}
	by := func(keys ...[]int64) []int32 {
		o := make([]int32, n)
		for i := range o {
			o[i] = int32(i)
		}
		slices.SortStableFunc(o, func(a, b int32) int {
			for _, k := range keys {
				if k[a] != k[b] {
					return cmp.Compare(k[b], k[a])
				}
			}
			return 0
		})
		return o
	}
	switch k {
	case 0:
		return by(length, g.size)
	case 1:
		return by(g.size, early)
	}
	return by(g.size, length)
}

// lgPortfolio is the order of the large-pool portfolio's runs, the best
// on model traces first: longest lifetimes first with the tightest gap
// (long-lived tensors form the floor everything else packs around), then
// largest first, tightest and lowest gap.
var lgPortfolio = []struct {
	order int // index into lgPool.orders
	tight bool
}{{0, true}, {1, true}, {1, false}, {2, true}}

// lgGoodEnough: the portfolio stops once the peak is within 1/256 of the
// load bound (0.4%); the runs left would cost as much again for less.
const lgGoodEnough = 256

// largePlain improves on a placement of a plain pool (offsets per
// instance unit, peak bestPeak) with the greedy portfolio, each run
// stopped once it cannot beat the best so far or the work reaches until.
// It writes the winner into off and returns its peak.
func largePlain(in *instance, g *lgPool, off []int64, bestPeak int64, m *meter, until int64) int64 {
	// A run visits every pair of items live together about once and sorts
	// what it visits: lgPairWork steps per pair. A run the work left
	// cannot finish is not started (it would be thrown away).
	need := satMul(g.pairs(), lgPairWork)
	lg := newLgGreedy(g, m)
	orders := g.orders()
	for _, r := range lgPortfolio {
		if bestPeak <= g.lb+g.lb/lgGoodEnough || m.over(until) || need > until-m.used {
			break
		}
		o, pk := lg.run(orders[r.order], r.tight, bestPeak, until)
		if o == nil {
			continue
		}
		bestPeak = pk
		for i, k := range g.units {
			off[k] = o[i]
		}
	}
	return bestPeak
}

// lgPairWork is a greedy run's work per pair of items live together, as
// measured on model traces (about 15).
const lgPairWork = 16

// pairs counts the pairs of items live together, by a sweep.
func (g *lgPool) pairs() int64 {
	starts := make([]int64, g.slots+1)
	ends := make([]int64, g.slots+1)
	for i := range g.size {
		starts[g.start[i]]++
		ends[g.end[i]]++
	}
	var live, pairs int64
	for t := range starts {
		live -= ends[t]
		pairs += starts[t] * live
		pairs += starts[t] * (starts[t] - 1) / 2
		live += starts[t]
	}
	return pairs
}

func satMul(a, b int64) int64 {
	if a != 0 && (a*b)/a != b {
		return 1<<63 - 1
	}
	return a * b
}
