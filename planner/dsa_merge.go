package planner

import (
	"math/bits"
	"slices"
)

// The merge search takes the components with no slack at all (every
// elementary time slot holds exactly the capacity, or nothing; single
// interval lifetimes, no separations or obstacles) and undoes the cuts a
// perfect packing could have been made by, bottom-up: it merges buffers
// that can only be neighbours into one rectangle, until one rectangle is
// left or nothing merges, then packs what is left.
//
// Every merge is sound: two buffers of one size, one born where the other
// dies, become one buffer of that size over both lifetimes (a time cut),
// and both get its offset; buffers of one lifetime become one buffer of
// their total size, stacked in it (a byte cut); five buffers around a
// centre whose sizes and lifetimes fit together as the blades of a
// pinwheel become their rectangle, laid out as a pinwheel. So any packing
// of the merged buffers expands to a packing of the buffers, and the
// load at every time is unchanged: a zero-slack component stays one.
// A merge can make a packable component unpackable (two buffers of one
// lifetime that were far apart in every packing), so the search proves
// nothing; it only finds. So the merges go from the safest on: a time
// merge only where the two are the only ones of their size dying and
// born at the boundary; byte merges where a lifetime's buffers fill the
// capacity (nothing else lives then), or where some of them match, total
// for total, some across a boundary (pairedByteMerges) or a pinwheel's
// other blades (pinwheelStacks), which random sizes rarely do by chance.
// Only when the rectangles left by those do not pack does every
// lifetime's buffers get stacked (the risky merge) and the rest tried
// again. Sizes on a coarse granule make chance matches likelier; the
// search then fails more often and the other searches take over.
//
// On perfect packings made by guillotine and pinwheel cuts
// (internal/gen/guillotine) the merges undo nearly every cut in a few
// linear passes, leaving a handful of rectangles for the other searches,
// where a search from the buffers themselves branches over hundreds of
// buffers that could start a strip.

// mergeNode is a buffer or a rectangle of merged ones.
type mergeNode struct {
	size, align int64
	s, e        int32   // slots [s, e)
	kids        []int32 // nil for a buffer (node index = item)
	rel         []int64 // the kids' offsets in the rectangle
}

type mergeKey struct {
	t    int32
	size int64
}

// mergeSearch reduces a component by merges and packs the rest.
type mergeSearch struct {
	c        *comp
	m        *meter
	capacity int64
	times    []int64
	nodes    []mergeNode
	alive    []int32 // the nodes not merged into another, ascending
	merges   int
}

// newMergeSearch returns the search, or nil when the component does not
// have the shape the search needs.
func newMergeSearch(c *comp, capacity int64, m *meter) *mergeSearch {
	if !c.timeExact || capacity <= 0 || c.n < 2 {
		return nil
	}
	times, starts, ends, ok := timeSlots(c, m)
	if !ok {
		return nil
	}
	load := make([]int64, len(times))
	for i := range c.n {
		load[starts[i]] += c.size[i]
		load[ends[i]] -= c.size[i]
	}
	var cur int64
	for _, d := range load {
		if cur += d; cur != 0 && cur != capacity {
			return nil
		}
	}
	g := &mergeSearch{c: c, m: m, capacity: capacity, times: times}
	for i := range c.n {
		g.nodes = append(g.nodes, mergeNode{size: c.size[i], align: c.align[i], s: starts[i], e: ends[i]})
		g.alive = append(g.alive, int32(i))
	}
	return g
}

// reduce merges until nothing merges or the work reaches mark until;
// only with risky does it stack every lifetime's nodes.
func (g *mergeSearch) reduce(risky bool, until int64) {
	for !g.m.over(until) {
		before := g.merges
		g.timeMerges()
		g.pinwheelMerges()
		if g.merges == before {
			g.pairedByteMerges()
		}
		if g.merges == before {
			g.byteMerges(false)
		}
		if g.merges == before {
			g.pinwheelStacks()
		}
		if g.merges == before && risky {
			g.byteMerges(true)
		}
		if g.merges == before {
			return
		}
	}
}

// add appends a merged node of the given kids and marks them merged.
func (g *mergeSearch) add(n mergeNode, dead map[int32]bool) {
	for _, k := range n.kids {
		dead[k] = true
	}
	g.nodes = append(g.nodes, n)
	g.merges++
}

// compact drops the merged nodes from alive and appends the new ones.
func (g *mergeSearch) compact(dead map[int32]bool, from int) {
	g.alive = slices.DeleteFunc(g.alive, func(x int32) bool { return dead[x] })
	for x := from; x < len(g.nodes); x++ {
		g.alive = append(g.alive, int32(x))
	}
	g.m.charge(int64(len(g.alive)))
}

// timeMerges joins each buffer with the one of its size born where it
// dies, where both are the only ones of that size dying and born there.
func (g *mergeSearch) timeMerges() {
	dies := map[mergeKey][]int32{}
	born := map[mergeKey][]int32{}
	for _, x := range g.alive {
		n := &g.nodes[x]
		dies[mergeKey{n.e, n.size}] = append(dies[mergeKey{n.e, n.size}], x)
		born[mergeKey{n.s, n.size}] = append(born[mergeKey{n.s, n.size}], x)
	}
	g.m.charge(4 * int64(len(g.alive)))
	dead := map[int32]bool{}
	from := len(g.nodes)
	for _, x := range g.alive {
		if dead[x] {
			continue
		}
		a := &g.nodes[x]
		k := mergeKey{a.e, a.size}
		if len(dies[k]) != 1 || len(born[k]) != 1 {
			continue
		}
		y := born[k][0]
		b := &g.nodes[y]
		if dead[y] || b.align != a.align {
			continue
		}
		g.add(mergeNode{size: a.size, align: a.align, s: a.s, e: b.e, kids: []int32{x, y}, rel: []int64{0, 0}}, dead)
	}
	g.compact(dead, from)
}

// lifetimes groups the alive nodes by their lifetime [s, e): the groups,
// their lifetimes in the order first met, and the lifetimes by end and by
// start.
func (g *mergeSearch) lifetimes() (groups map[[2]int32][]int32, order [][2]int32, byEnd, byStart map[int32][][2]int32) {
	groups, byEnd, byStart = map[[2]int32][]int32{}, map[int32][][2]int32{}, map[int32][][2]int32{}
	for _, x := range g.alive {
		n := &g.nodes[x]
		k := [2]int32{n.s, n.e}
		if len(groups[k]) == 0 {
			order = append(order, k)
			byEnd[n.e] = append(byEnd[n.e], k)
			byStart[n.s] = append(byStart[n.s], k)
		}
		groups[k] = append(groups[k], x)
	}
	return groups, order, byEnd, byStart
}

// byteMerges stacks the buffers of each lifetime into one, where their
// alignments allow (the most aligned at the bottom). Unless any is set,
// only where they fill the capacity: nothing else lives then, so their
// stack is a slab of every packing.
func (g *mergeSearch) byteMerges(any bool) {
	groups, order, _, _ := g.lifetimes()
	g.m.charge(2 * int64(len(g.alive)))
	dead := map[int32]bool{}
	from := len(g.nodes)
	for _, k := range order {
		l := groups[k]
		if len(l) < 2 {
			continue
		}
		if !any {
			var sum int64
			for _, x := range l {
				sum += g.nodes[x].size
			}
			if sum != g.capacity {
				continue
			}
		}
		g.stack(l, dead)
	}
	g.compact(dead, from)
}

// stack merges the nodes of l, of one lifetime, into one, where their
// alignments allow (the most aligned at the bottom).
func (g *mergeSearch) stack(l []int32, dead map[int32]bool) {
	slices.SortStableFunc(l, func(x, y int32) int {
		if g.nodes[x].align != g.nodes[y].align {
			if g.nodes[x].align > g.nodes[y].align {
				return -1
			}
			return 1
		}
		return 0
	})
	n := mergeNode{align: g.nodes[l[0]].align, s: g.nodes[l[0]].s, e: g.nodes[l[0]].e}
	ok := true
	for _, x := range l {
		if n.size%g.nodes[x].align != 0 || n.align%g.nodes[x].align != 0 {
			ok = false
			break
		}
		n.kids = append(n.kids, x)
		n.rel = append(n.rel, n.size)
		n.size += g.nodes[x].size
	}
	if ok {
		g.add(n, dead)
	}
}

// pairedByteMerges undoes a time cut whose sides were cut across bytes
// again: of the nodes of one lifetime ending at t and those of another
// starting at t, the fewest (three or more) on either side whose totals
// match are stacked, each side into one, which the next time merges
// join. Matching totals of random sizes rarely happen by chance, where
// merely sharing a lifetime does, at the edges of time.
func (g *mergeSearch) pairedByteMerges() {
	groups, order, byEnd, _ := g.lifetimes()
	g.m.charge(2 * int64(len(g.alive)))
	dead := map[int32]bool{}
	from := len(g.nodes)
	for _, k2 := range order {
		l2 := groups[k2]
		if len(l2) > maxPairGroup {
			continue
		}
		for _, k1 := range byEnd[k2[0]] {
			l1 := groups[k1]
			if len(l1) > maxPairGroup || len(l1)+len(l2) < 3 || g.anyDead(l1, dead) || g.anyDead(l2, dead) {
				continue
			}
			x, y := g.matchSums(l1, l2)
			if x == nil {
				continue
			}
			if len(x) > 1 {
				g.stack(x, dead)
			}
			if len(y) > 1 {
				g.stack(y, dead)
			}
		}
	}
	g.compact(dead, from)
}

// maxPairGroup bounds the groups pairedByteMerges enumerates the subsets
// of.
const maxPairGroup = 12

func (g *mergeSearch) anyDead(l []int32, dead map[int32]bool) bool {
	for _, x := range l {
		if dead[x] {
			return true
		}
	}
	return false
}

// matchSums returns the non-empty subsets of l1 and l2 with equal totals
// and the fewest members, three or more together (nil when none).
func (g *mergeSearch) matchSums(l1, l2 []int32) ([]int32, []int32) {
	sums := func(l []int32) []int64 {
		s := make([]int64, 1<<len(l))
		for mask := 1; mask < len(s); mask++ {
			low := bits.TrailingZeros(uint(mask))
			s[mask] = s[mask&(mask-1)] + g.nodes[l[low]].size
		}
		g.m.charge(int64(len(s)))
		return s
	}
	s1, s2 := sums(l1), sums(l2)
	best1 := map[int64]int{}
	for mask := 1; mask < len(s1); mask++ {
		if b, ok := best1[s1[mask]]; !ok || bits.OnesCount(uint(mask)) < bits.OnesCount(uint(b)) {
			best1[s1[mask]] = mask
		}
	}
	bm1, bm2, bc := 0, 0, 1<<30
	for mask := 1; mask < len(s2); mask++ {
		if m1, ok := best1[s2[mask]]; ok {
			if n := bits.OnesCount(uint(m1)) + bits.OnesCount(uint(mask)); n >= 3 && n < bc {
				bm1, bm2, bc = m1, mask, n
			}
		}
	}
	if bm1 == 0 {
		return nil, nil
	}
	pick := func(l []int32, mask int) []int32 {
		var out []int32
		for k, x := range l {
			if mask&(1<<k) != 0 {
				out = append(out, x)
			}
		}
		return out
	}
	return pick(l1, bm1), pick(l2, bm2)
}

// pinwheelMerges finds five buffers around a centre E = [c, d): A =
// [t0, c) splitting at c into D = [c, t1) and E, and E with B = [t0, d)
// joining at d into C = [d, t1), so A = D + E and C = B + E. They fill
// [t0, t1) x (A + B): A and D at the bottom, B on A, E on D, C on E.
func (g *mergeSearch) pinwheelMerges() {
	dies := map[mergeKey][]int32{}
	born := map[mergeKey][]int32{}
	var bornAt = map[int32][]int32{}
	var diesAt = map[int32][]int32{}
	for _, x := range g.alive {
		n := &g.nodes[x]
		dies[mergeKey{n.e, n.size}] = append(dies[mergeKey{n.e, n.size}], x)
		born[mergeKey{n.s, n.size}] = append(born[mergeKey{n.s, n.size}], x)
		bornAt[n.s] = append(bornAt[n.s], x)
		diesAt[n.e] = append(diesAt[n.e], x)
	}
	g.m.charge(8 * int64(len(g.alive)))
	dead := map[int32]bool{}
	from := len(g.nodes)
	for _, xe := range g.alive {
		if dead[xe] {
			continue
		}
		e := g.nodes[xe]
		found := false
		for _, xa := range diesAt[e.s] {
			a := g.nodes[xa]
			if found || dead[xa] || a.size <= e.size || a.s >= e.s {
				continue
			}
			g.m.charge(1)
			for _, xd := range born[mergeKey{e.s, a.size - e.size}] {
				d := g.nodes[xd]
				if found || dead[xd] || xd == xe || d.e <= e.e {
					continue
				}
				for _, xc := range bornAt[e.e] {
					cc := g.nodes[xc]
					if found || dead[xc] || cc.e != d.e || cc.size <= e.size {
						continue
					}
					g.m.charge(1)
					for _, xb := range dies[mergeKey{e.e, cc.size - e.size}] {
						b := g.nodes[xb]
						if found || dead[xb] || xb == xe || b.s != a.s {
							continue
						}
						kids := []int32{xa, xb, xc, xd, xe}
						rel := []int64{0, a.size, d.size, 0, d.size}
						if !g.alignedAt(kids, rel) {
							continue
						}
						g.add(mergeNode{size: a.size + b.size, align: g.nodes[xa].align, s: a.s, e: d.e, kids: kids, rel: rel}, dead)
						found = true
					}
				}
			}
		}
	}
	g.compact(dead, from)
}

// alignedAt reports whether kids at offsets rel of a rectangle aligned as
// the first kid are aligned.
func (g *mergeSearch) alignedAt(kids []int32, rel []int64) bool {
	a := g.nodes[kids[0]].align
	for x, k := range kids {
		if al := g.nodes[k].align; a%al != 0 || rel[x]%al != 0 {
			return false
		}
	}
	return true
}

// expand writes the offsets of node x's buffers, the node at offset o.
func (g *mergeSearch) expand(x int32, o int64, off []int64) {
	n := &g.nodes[x]
	if n.kids == nil {
		off[x] = o
		return
	}
	for k, y := range n.kids {
		g.expand(y, o+n.rel[k], off)
	}
}

// run reduces the component by the safe merges and packs the rectangles
// left at capacity; when that fails, it goes on with the risky merges and
// packs what is left then. It stops at work mark until and returns the
// offsets, or nil.
func (g *mergeSearch) run(capacity int64, until int64) []int64 {
	g.reduce(false, until)
	if off := g.packLeft(capacity, g.m.share(until, 1, 2)); off != nil {
		return off
	}
	before := g.merges
	g.reduce(true, until)
	if g.merges == before {
		return nil
	}
	return g.packLeft(capacity, until)
}

// packLeft packs the nodes left by the cut search, then the skyline
// search, until the work reaches mark until, and expands them.
func (g *mergeSearch) packLeft(capacity int64, until int64) []int64 {
	c := g.c
	off := make([]int64, c.n)
	if len(g.alive) == 1 {
		g.expand(g.alive[0], 0, off)
		return off
	}
	// The rectangles left, as a component of their own.
	sub := &comp{n: len(g.alive), timeExact: true}
	for _, x := range g.alive {
		n := &g.nodes[x]
		sub.size = append(sub.size, n.size)
		sub.align = append(sub.align, n.align)
		sub.live = append(sub.live, []Interval{{Start: g.times[n.s], End: g.times[n.e]}})
	}
	sub.hard = make([][]int32, sub.n)
	sub.obst = make([][]block, sub.n)
	g.m.charge(int64(sub.n))
	var place []int64
	if cuts := newCutSearch(sub, capacity, g.m, g.m.share(until, 1, 2)); cuts != nil {
		place = cuts.run(1 << 62)
	}
	if place == nil {
		if sky := newSkyline(sub, capacity, g.m, until); sky != nil && sky.run(0) == statusFound {
			place = sky.best
		}
	}
	if place == nil {
		return nil
	}
	for k, x := range g.alive {
		g.expand(x, place[k], off)
	}
	return off
}

// pinwheelStacks finds pinwheels (see pinwheelMerges) whose blades were
// cut across bytes again: for a centre lifetime [c, d) and ends t0 < c,
// t1 > d, the nodes of the blades' lifetimes (A = [t0, c), B = [t0, d),
// C = [d, t1), D = [c, t1), E = [c, d)) hold subsets whose totals make
// A = D + E and C = B + E. The fewest such are stacked, each blade into
// one node, which the next pinwheel merges join. Two equations between
// totals of random sizes rarely hold by chance.
func (g *mergeSearch) pinwheelStacks() {
	groups, order, byEnd, byStart := g.lifetimes()
	g.m.charge(3 * int64(len(g.alive)))
	dead := map[int32]bool{}
	from := len(g.nodes)
	small := func(k [2]int32) ([]int32, bool) {
		l, ok := groups[k]
		return l, ok && len(l) <= maxPinGroup && !g.anyDead(l, dead)
	}
	for _, ke := range order {
		le, ok := small(ke)
		if !ok {
			continue
		}
		c, d := ke[0], ke[1]
		for _, ka := range byEnd[c] {
			la, ok := small(ka)
			if !ok {
				continue
			}
			lb, ok := small([2]int32{ka[0], d})
			if !ok {
				continue
			}
			for _, kd := range byStart[c] {
				g.m.charge(1)
				if kd[1] <= d {
					continue
				}
				ld, ok := small(kd)
				if !ok {
					continue
				}
				lc, ok := small([2]int32{d, kd[1]})
				if !ok {
					continue
				}
				if blades := g.matchPinwheel(la, lb, lc, ld, le); blades != nil {
					for _, l := range blades {
						if len(l) > 1 {
							g.stack(l, dead)
						}
					}
				}
			}
		}
	}
	g.compact(dead, from)
}

// maxPinGroup bounds the groups pinwheelStacks enumerates the subsets of.
const maxPinGroup = 8

// matchPinwheel returns subsets of the blades' groups with A = D + E and
// C = B + E, the fewest nodes first, with some blade of two or more (nil
// when none).
func (g *mergeSearch) matchPinwheel(la, lb, lc, ld, le []int32) [][]int32 {
	sums := func(l []int32) []int64 {
		s := make([]int64, 1<<len(l))
		for mask := 1; mask < len(s); mask++ {
			s[mask] = s[mask&(mask-1)] + g.nodes[l[bits.TrailingZeros(uint(mask))]].size
		}
		g.m.charge(int64(len(s)))
		return s
	}
	// fewest maps a total to the smallest subset making it.
	fewest := func(s []int64) map[int64]int {
		f := map[int64]int{}
		for mask := 1; mask < len(s); mask++ {
			if b, ok := f[s[mask]]; !ok || bits.OnesCount(uint(mask)) < bits.OnesCount(uint(b)) {
				f[s[mask]] = mask
			}
		}
		return f
	}
	// fewestPair finds subsets m of sums s and x of fewest f with
	// s[m] = f's total + e, with the fewest members n (m == 0: none).
	fewestPair := func(s []int64, f map[int64]int, e int64) (m, x, n int) {
		n = 1 << 30
		for k := 1; k < len(s); k++ {
			if y, ok := f[s[k]-e]; ok {
				if c := bits.OnesCount(uint(k)) + bits.OnesCount(uint(y)); c < n {
					m, x, n = k, y, c
				}
			}
		}
		return m, x, n
	}
	sa, sb, sc, sd, se := sums(la), sums(lb), sums(lc), sums(ld), sums(le)
	fb, fd := fewest(sb), fewest(sd)
	var best [5]int
	bestN := 1 << 30
	for me := 1; me < len(se); me++ {
		// A = D + E and C = B + E: the fewest A, D and C, B for this E.
		ma, md, nad := fewestPair(sa, fd, se[me])
		if ma == 0 {
			continue
		}
		mc, mb, ncb := fewestPair(sc, fb, se[me])
		if mc == 0 {
			continue
		}
		if n := nad + ncb + bits.OnesCount(uint(me)); n > 5 && n < bestN {
			best, bestN = [5]int{ma, mb, mc, md, me}, n
		}
	}
	if bestN == 1<<30 {
		return nil
	}
	var out [][]int32
	for k, l := range [][]int32{la, lb, lc, ld, le} {
		var sub []int32
		for x, y := range l {
			if best[k]&(1<<x) != 0 {
				sub = append(sub, y)
			}
		}
		out = append(out, sub)
	}
	return out
}
