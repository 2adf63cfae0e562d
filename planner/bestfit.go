package planner

import (
	"cmp"
	"container/heap"
	"slices"
)

// bestFit reproduces upstream MLIR's best-fit planner. Units are taken by
// (first live start, index); the blocks "live" for a unit are the placed
// units it conflicts with (for lone single-interval buffers: those whose
// end is after its start), plus reserved ranges. Scanning those blocks by
// offset from 0, with prevEnd the largest end seen so far, every gap
// [prevEnd, nextOffset) where the aligned unit fits is a candidate, and so
// is the trailing gap [prevEnd, highWater); the smallest gap wins, ties to
// the lowest offset. Without a candidate the unit goes to
// AlignUp(prevEnd). Capacity is not consulted: the result reports it.
// Ends saturate (see packers.go).
func bestFit(in *instance) []int64 {
	if in.simple() {
		return bestFitFast(in)
	}
	return bestFitGeneral(in)
}

// bestFitOrder returns the units of one pool in placement order.
func bestFitOrder(in *instance, pool int) []int {
	order := slices.Clone(in.pools[pool])
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(in.units[a].first, in.units[b].first) })
	return order
}

type block struct{ off, end int64 }

// bestFitGeneral handles multi-interval units, separations, exclusions,
// pins and reserved ranges by collecting each unit's conflicting placed
// blocks explicitly. Conflicts come from a dense bit matrix when the
// instance is small enough (see maxMatrixUnits). Blocks are gathered either
// by walking all placed units in offset order (dense problems, where most
// placed units conflict) or from the units still live plus separated ones,
// then sorted (sparse problems); both give the same blocks.
func bestFitGeneral(in *instance) []int64 {
	conflict := in.conflict
	var mat *conflictMatrix
	if len(in.units) <= maxMatrixUnits {
		mat = newConflictMatrix(in)
		conflict = mat.conflict
	}
	off := make([]int64, len(in.units))
	// Dense copies of what the inner loops read: the unit structs are too
	// large to stream through the cache 10^8 times.
	size := make([]int64, len(in.units))
	lastEnd := make([]int64, len(in.units))
	for k := range in.units {
		size[k] = in.units[k].size
		lastEnd[k] = -1 << 62
		if lv := in.units[k].live; len(lv) > 0 {
			lastEnd[k] = lv[len(lv)-1].End
		}
	}
	for pool := range in.pools {
		var reserved []block
		for _, r := range in.reserved[pool] {
			if r.End > r.Start {
				reserved = append(reserved, block{r.Start, r.End})
			}
		}
		slices.SortFunc(reserved, func(a, b block) int { return cmp.Compare(a.off, b.off) })
		// placed lists the placed units by offset, with their byte ranges
		// inline so the dense walk streams through memory; active holds
		// those whose lifetime may still overlap a later start, by end.
		type placedUnit struct {
			off, end int64
			id       int
		}
		var placed []placedUnit
		var active deathHeap
		isPlaced := make([]bool, len(in.units))
		place := func(k int) {
			isPlaced[k] = true
			j, _ := slices.BinarySearchFunc(placed, off[k], func(v placedUnit, o int64) int { return cmp.Compare(v.off, o) })
			placed = slices.Insert(placed, j, placedUnit{off[k], satAdd(off[k], size[k]), k})
			heap.Push(&active, death2{lastEnd[k], int64(k)})
		}
		var hw int64
		for _, k := range in.pools[pool] {
			if u := &in.units[k]; u.pinned {
				off[k] = u.offset
				place(k)
				if u.size > 0 {
					hw = max(hw, satAdd(u.offset, u.size))
				}
			}
		}
		seen := make([]bool, len(in.units))
		var blocks []block
		var ch gapChooser
		for _, k := range bestFitOrder(in, pool) {
			u := &in.units[k]
			if u.pinned {
				continue
			}
			for len(active) > 0 && active[0].t <= u.first {
				heap.Pop(&active)
			}
			ch.reset(u.size, u.align, reserved)
			if 4*len(active) >= len(placed) {
				// Placed units are already in offset order: feed the
				// conflicting ones straight to the chooser.
				var row []uint64
				if mat != nil {
					row = mat.row(k)
				}
				for _, pu := range placed {
					j := pu.id
					hit := false
					if row != nil {
						hit = row[j>>6]>>(j&63)&1 != 0
					} else {
						hit = conflict(k, j)
					}
					if hit && pu.end > pu.off {
						ch.feed(block{pu.off, pu.end})
					}
				}
			} else {
				blocks = blocks[:0]
				var picked []int
				pick := func(j int) {
					if !seen[j] && size[j] > 0 && conflict(k, j) {
						seen[j] = true
						picked = append(picked, j)
						blocks = append(blocks, block{off[j], satAdd(off[j], size[j])})
					}
				}
				for _, a := range active {
					pick(int(a.off))
				}
				if in.sepAdj != nil {
					for _, j := range in.sepAdj[k] {
						if isPlaced[j] {
							pick(int(j))
						}
					}
				}
				for _, j := range picked {
					seen[j] = false
				}
				slices.SortFunc(blocks, func(a, b block) int { return cmp.Compare(a.off, b.off) })
				for _, b := range blocks {
					ch.feed(b)
				}
			}
			o := ch.finish(hw)
			off[k] = o
			place(k)
			if u.size > 0 {
				hw = max(hw, satAdd(o, u.size))
			}
		}
	}
	return off
}

// gapChooser applies the best-fit gap rule to a stream of live blocks in
// offset order (reserved ranges merged in), without storing them: the
// candidate gaps are [prevEnd, next offset) with prevEnd the largest end
// seen so far, then the trailing gap up to the high water.
type gapChooser struct {
	size, align   int64
	prevEnd       int64
	best, bestGap int64
	reserved      []block
}

func (g *gapChooser) reset(size, align int64, reserved []block) {
	*g = gapChooser{size: size, align: align, best: -1, bestGap: -1, reserved: reserved}
}

func (g *gapChooser) step(b block) {
	if b.off > g.prevEnd {
		if a := AlignUp(g.prevEnd, g.align); satAdd(a, g.size) <= b.off {
			if gap := b.off - g.prevEnd; g.bestGap < 0 || gap < g.bestGap {
				g.best, g.bestGap = a, gap
			}
		}
	}
	g.prevEnd = max(g.prevEnd, b.end)
}

func (g *gapChooser) feed(b block) {
	for len(g.reserved) > 0 && g.reserved[0].off <= b.off {
		g.step(g.reserved[0])
		g.reserved = g.reserved[1:]
	}
	g.step(b)
}

// finish returns the chosen offset given the arena's high water.
func (g *gapChooser) finish(hw int64) int64 {
	for _, r := range g.reserved {
		g.step(r)
	}
	g.reserved = nil
	a := AlignUp(g.prevEnd, g.align)
	if hw > g.prevEnd && satAdd(a, g.size) <= hw {
		if gap := hw - g.prevEnd; g.bestGap < 0 || gap < g.bestGap {
			return a
		}
	}
	if g.best >= 0 {
		return g.best
	}
	return a
}

// bestFitFast is the same rule for lone single-interval buffers, in
// O(n log n): the live blocks are pairwise disjoint, so the gaps between
// them are kept in an ordered set by (size, start) and the best fit is the
// first gap, in that order, that still fits after alignment.
func bestFitFast(in *instance) []int64 {
	off := make([]int64, len(in.units))
	for pool := range in.pools {
		st := newGapState()
		var hw int64
		for _, k := range bestFitOrder(in, pool) {
			u := &in.units[k]
			start := u.first
			end := start
			if len(u.live) > 0 {
				end = u.live[0].End
			}
			st.expire(start)
			o := st.choose(u.size, u.align, hw)
			off[k] = o
			if u.size > 0 && end > start {
				st.add(o, satAdd(o, u.size), end)
			}
			if u.size > 0 {
				hw = max(hw, satAdd(o, u.size))
			}
		}
	}
	return off
}

// gapState tracks the live blocks of the fast best-fit: blocks by offset,
// the gaps below the top block by (size, start), and a heap of blocks by
// the time they die.
type gapState struct {
	blocks *ordSet // key (offset, 0) -> end
	gaps   *ordSet // key (size, start) -> unused
	dying  deathHeap
}

func newGapState() *gapState {
	return &gapState{blocks: newOrdSet(), gaps: newOrdSet()}
}

// predEnd returns the end of the block below offset o, or 0.
func (g *gapState) predEnd(o int64) int64 {
	if _, end, ok := g.blocks.floorBelow(key2{o, 0}); ok {
		return end
	}
	return 0
}

func (g *gapState) addGap(lo, hi int64) {
	if hi > lo {
		g.gaps.insert(key2{hi - lo, lo}, 0)
	}
}

func (g *gapState) removeGap(lo, hi int64) {
	if hi > lo {
		g.gaps.remove(key2{hi - lo, lo})
	}
}

func (g *gapState) add(o, end, death int64) {
	lo := g.predEnd(o)
	if next, _, ok := g.blocks.ceil(key2{o, 0}); ok {
		g.removeGap(lo, next.a)
		g.addGap(end, next.a)
	}
	g.addGap(lo, o)
	g.blocks.insert(key2{o, 0}, end)
	heap.Push(&g.dying, death2{death, o})
}

func (g *gapState) remove(o int64) {
	_, end, _ := g.blocks.ceil(key2{o, 0})
	lo := g.predEnd(o)
	g.removeGap(lo, o)
	if next, _, ok := g.blocks.ceil(key2{o, 1}); ok {
		g.removeGap(end, next.a)
		g.addGap(lo, next.a)
	}
	g.blocks.remove(key2{o, 0})
}

// expire drops every block whose lifetime ends at or before t.
func (g *gapState) expire(t int64) {
	for len(g.dying) > 0 && g.dying[0].t <= t {
		d := heap.Pop(&g.dying).(death2)
		g.remove(d.off)
	}
}

// choose applies the best-fit rule: the smallest fitting gap below the
// top block, else the trailing gap up to the high water, else the top.
func (g *gapState) choose(size, align, hw int64) int64 {
	var top int64
	if _, end, ok := g.blocks.last(); ok {
		top = end
	}
	mid, midGap := int64(-1), int64(-1)
	for k, _, ok := g.gaps.ceil(key2{max(size, 1), -1 << 62}); ok; k, _, ok = g.gaps.ceil(key2{k.a, k.b + 1}) {
		if satAdd(AlignUp(k.b, align), size) <= k.b+k.a { // a gap's end, k.b+k.a, is a block's offset
			mid, midGap = AlignUp(k.b, align), k.a
			break
		}
	}
	if hw > top && satAdd(AlignUp(top, align), size) <= hw {
		if trail := hw - top; mid < 0 || trail < midGap {
			return AlignUp(top, align)
		}
	}
	if mid >= 0 {
		return mid
	}
	return AlignUp(top, align)
}

type death2 struct{ t, off int64 }

type deathHeap []death2

func (h deathHeap) Len() int           { return len(h) }
func (h deathHeap) Less(i, j int) bool { return h[i].t < h[j].t }
func (h deathHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *deathHeap) Push(x any)        { *h = append(*h, x.(death2)) }
func (h *deathHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
