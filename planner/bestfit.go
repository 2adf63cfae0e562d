package planner

import (
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
// alignUp(prevEnd). Capacity is not consulted: the result reports it.
func bestFit(in *instance) []int64 {
	if in.simple() {
		return bestFitFast(in)
	}
	return bestFitGeneral(in)
}

// bestFitOrder returns the units of one pool in placement order.
func bestFitOrder(in *instance, pool int) []int {
	order := slices.Clone(in.pools[pool])
	slices.SortStableFunc(order, func(a, b int) int { return cmpInt64(in.units[a].first, in.units[b].first) })
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
	if len(in.units) <= maxMatrixUnits {
		conflict = newConflictMatrix(in).conflict
	}
	off := make([]int64, len(in.units))
	for pool := range in.pools {
		var reserved []block
		for _, r := range in.p.Pools[pool].Reserved {
			if r.End > r.Start {
				reserved = append(reserved, block{r.Start, r.End})
			}
		}
		slices.SortFunc(reserved, func(a, b block) int { return cmpInt64(a.off, b.off) })
		var placed []int // by offset
		var active []int // placed units whose lifetime may still overlap a later start
		isPlaced := make([]bool, len(in.units))
		place := func(k int) {
			isPlaced[k] = true
			j, _ := slices.BinarySearchFunc(placed, off[k], func(v int, o int64) int { return cmpInt64(off[v], o) })
			placed = slices.Insert(placed, j, k)
			active = append(active, k)
		}
		var hw int64
		for _, k := range in.pools[pool] {
			if u := &in.units[k]; u.pinned {
				off[k] = u.offset
				place(k)
				if u.size > 0 {
					hw = max(hw, u.offset+u.size)
				}
			}
		}
		seen := make([]bool, len(in.units))
		var blocks, merged []block
		for _, k := range bestFitOrder(in, pool) {
			u := &in.units[k]
			if u.pinned {
				continue
			}
			keep := active[:0]
			for _, j := range active {
				v := &in.units[j]
				if len(v.live) > 0 && v.live[len(v.live)-1].End > u.first {
					keep = append(keep, j)
				}
			}
			active = keep
			blocks = blocks[:0]
			if 4*len(active) >= len(placed) {
				for _, j := range placed {
					if in.units[j].size > 0 && conflict(k, j) {
						blocks = append(blocks, block{off[j], off[j] + in.units[j].size})
					}
				}
			} else {
				var picked []int
				pick := func(j int) {
					if !seen[j] && in.units[j].size > 0 && conflict(k, j) {
						seen[j] = true
						picked = append(picked, j)
						blocks = append(blocks, block{off[j], off[j] + in.units[j].size})
					}
				}
				for _, j := range active {
					pick(j)
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
				slices.SortFunc(blocks, func(a, b block) int { return cmpInt64(a.off, b.off) })
			}
			merged = mergeBlocks(merged[:0], reserved, blocks)
			o := bestFitChoose(merged, u.size, u.align, hw)
			off[k] = o
			place(k)
			if u.size > 0 {
				hw = max(hw, o+u.size)
			}
		}
	}
	return off
}

// mergeBlocks merges two offset-sorted block lists.
func mergeBlocks(dst, a, b []block) []block {
	for len(a) > 0 && len(b) > 0 {
		if a[0].off <= b[0].off {
			dst, a = append(dst, a[0]), a[1:]
		} else {
			dst, b = append(dst, b[0]), b[1:]
		}
	}
	dst = append(dst, a...)
	return append(dst, b...)
}

// bestFitChoose applies the gap rule to blocks sorted by offset.
func bestFitChoose(blocks []block, size, align, hw int64) int64 {
	var prevEnd int64
	best, bestGap := int64(-1), int64(-1)
	for _, b := range blocks {
		if b.off > prevEnd {
			if alignUp(prevEnd, align)+size <= b.off {
				if g := b.off - prevEnd; bestGap < 0 || g < bestGap {
					best, bestGap = alignUp(prevEnd, align), g
				}
			}
		}
		prevEnd = max(prevEnd, b.end)
	}
	if hw > prevEnd && alignUp(prevEnd, align)+size <= hw {
		if g := hw - prevEnd; bestGap < 0 || g < bestGap {
			best = alignUp(prevEnd, align)
		}
	}
	if best < 0 {
		best = alignUp(prevEnd, align)
	}
	return best
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
				st.add(o, o+u.size, end)
			}
			if u.size > 0 {
				hw = max(hw, o+u.size)
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
		if alignUp(k.b, align)+size <= k.b+k.a {
			mid, midGap = alignUp(k.b, align), k.a
			break
		}
	}
	if hw > top && alignUp(top, align)+size <= hw {
		if trail := hw - top; mid < 0 || trail < midGap {
			return alignUp(top, align)
		}
	}
	if mid >= 0 {
		return mid
	}
	return alignUp(top, align)
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
