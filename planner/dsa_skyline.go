package planner

import (
	"cmp"
	"slices"
)

// The skyline search is a second exact fit search, for components whose
// only conflicts are lifetime overlaps (single-interval lifetimes, no
// separations or obstacles). It fills the time x bytes rectangle from the
// bottom: the skyline is, per elementary time slot, the height below which
// every byte is taken (by a placed buffer, or given up as waste), and each
// step covers the lowest, leftmost free byte.
//
// Let [k0, k1) be the leftmost run of slots at the lowest height h, the
// slots either side higher (or the ends of time). In any placement that
// agrees with the current one, the byte at (k0, h) is either covered or
// left empty. If a buffer covers it, that buffer starts at offset h (the
// bytes below are taken), begins its life exactly at k0 (at k0-1 the byte
// h is taken) and ends by k1 (at k1 likewise): so the branches are the
// unplaced buffers born at k0 that die by k1. Symmetric buffers (same size
// and lifetime) are tried once.
//
// Whether the byte may be left empty is a matter of slack: per slot, the
// capacity minus the live total minus the waste already given up there.
// At zero slack every free byte of the slot must be covered, there is no
// waste branch, and the branching is complete: a search that runs out of
// branches proves the capacity infeasible. This is the case on perfect
// packings (every program point at the capacity), where MiniMalloc's
// offset-ordered search flounders because its inference sees no slack to
// rule out. With slack, the waste branch raises the whole run to its lower
// neighbour; that does not cover every way of leaving a byte empty, so a
// search that took it never claims infeasibility (it is then a heuristic).

// skyline is one search over a component at one capacity.
type skyline struct {
	c        *comp
	capacity int64
	m        *meter
	until    int64
	limit    int64
	nodes    int64
	stop     searchStatus
	// complete stays true while the search never met a byte it could
	// leave empty: only then does exhaustion prove infeasibility.
	complete bool

	slots   int
	s, e    []int32   // per item: slots [s, e)
	byStart [][]int32 // per slot: items born there, largest first
	slack   []int64
	tree    skyTree
	off     []int64
	placed  []bool
	best    []int64
	// bornAt and diesAt count the unplaced items born, and dying, at
	// each slot boundary (see stepsOK).
	bornAt, diesAt []int32
	// under is, per slot, the item whose top is the skyline there (-1
	// for none or waste), for the stacking symmetry below.
	under []int32
	rank  []int32 // per item: its place in its byStart list
	// cross counts, per slot boundary, the unplaced items living on both
	// sides of it.
	cross []int32
	cands []int32 // candidate stack, one segment per open node
	cuts  []int   // new cuts, one segment per open placement
	// key, when set, orders the candidates after the exact fillers in
	// place of their size (restarts with other orders).
	key []uint64
}

// newSkyline returns the search, or nil when the component has conflicts
// other than lifetime overlaps, multi-interval lifetimes or obstacles.
func newSkyline(c *comp, capacity int64, m *meter, until int64) *skyline {
	if !c.timeExact || capacity <= 0 {
		return nil
	}
	times, starts, ends, ok := timeSlots(c, m)
	if !ok {
		return nil
	}
	k := &skyline{c: c, capacity: capacity, m: m, until: until, slots: len(times) - 1}
	k.s, k.e = starts, ends
	k.byStart = make([][]int32, k.slots)
	load := make([]int64, k.slots+1)
	for i := range c.n {
		s, e := k.s[i], k.e[i]
		k.byStart[s] = append(k.byStart[s], int32(i))
		load[s] += c.size[i]
		load[e] -= c.size[i]
	}
	for _, l := range k.byStart {
		slices.SortFunc(l, func(a, b int32) int {
			if c.size[a] != c.size[b] {
				return cmp.Compare(c.size[b], c.size[a])
			}
			if k.e[a] != k.e[b] {
				return cmp.Compare(k.e[b], k.e[a])
			}
			return int(a - b)
		})
	}
	k.rank = make([]int32, c.n)
	for _, l := range k.byStart {
		for r, i := range l {
			k.rank[i] = int32(r)
		}
	}
	k.slack = make([]int64, k.slots)
	var cur int64
	for t := range k.slots {
		cur += load[t]
		k.slack[t] = capacity - cur
	}
	k.off = make([]int64, c.n)
	k.placed = make([]bool, c.n)
	k.bornAt = make([]int32, k.slots+1)
	k.diesAt = make([]int32, k.slots+1)
	k.under = make([]int32, k.slots)
	k.cross = make([]int32, k.slots+1)
	return k
}

// timeSlots numbers the distinct start and end points of a component whose
// buffers each have one lifetime interval, no obstacles and no conflicts
// but lifetime overlaps (the shape the skyline and the cut search need):
// times are the points in order, starts[i] and ends[i] buffer i's. ok is
// false for any other component.
func timeSlots(c *comp, m *meter) (times []int64, starts, ends []int32, ok bool) {
	for i := range c.n {
		if len(c.live[i]) != 1 || len(c.obst[i]) > 0 {
			return nil, nil, nil, false
		}
		times = append(times, c.live[i][0].Start, c.live[i][0].End)
	}
	m.charge(int64(c.n))
	for i := range c.n {
		m.charge(int64(len(c.hard[i])))
		for _, j := range c.hard[i] {
			if !LiveOverlap(c.live[i], c.live[j]) {
				return nil, nil, nil, false // a separation
			}
		}
	}
	slices.Sort(times)
	times = slices.Compact(times)
	starts, ends = make([]int32, c.n), make([]int32, c.n)
	for i := range c.n {
		s, _ := slices.BinarySearch(times, c.live[i][0].Start)
		e, _ := slices.BinarySearch(times, c.live[i][0].End)
		starts[i], ends[i] = int32(s), int32(e)
	}
	return times, starts, ends, true
}

// stacked reports whether placing item i now would put it right on top of
// an item j with the same lifetime that comes later in the branching
// order (smaller). Swapping two such items gives a placement covering the
// same bytes at the same times, so every placement has a twin in which,
// along a stack of equal lifetimes, sizes fall upward; only those are
// searched.
func (k *skyline) stacked(i int32, h int64) bool {
	j := k.under[k.s[i]]
	return j >= 0 && k.rank[j] > k.rank[i] && k.s[j] == k.s[i] && k.e[j] == k.e[i] && k.off[j]+k.c.size[j] == h
}

// stepsOK checks the slot boundary t after a placement changed it. Where
// the skyline rises at t (slot t-1 lower), the lowest free byte of slot
// t-1 can only be covered by a buffer that dies at t, since the byte
// beside it in slot t is taken; where it falls, only by one born at t. At
// zero slack that byte must be covered, so such a buffer must be left.
func (k *skyline) stepsOK(t, lo, hi int) bool {
	if t <= lo || t >= hi {
		return true
	}
	l, r := k.tree.get(t-1), k.tree.get(t)
	switch {
	case l < r && k.slack[t-1] == 0:
		return k.diesAt[t] > 0
	case l > r && k.slack[t] == 0:
		return k.bornAt[t] > 0
	}
	return true
}

// run searches from scratch with a node limit (<= 0 for none).
func (k *skyline) run(limit int64) searchStatus {
	k.limit, k.nodes, k.stop, k.complete = limit, 0, statusDone, true
	k.best = nil
	clear(k.placed)
	clear(k.bornAt)
	clear(k.diesAt)
	for t := range k.under {
		k.under[t] = -1
	}
	clear(k.cross)
	for i := range k.c.n {
		k.bornAt[k.s[i]]++
		k.diesAt[k.e[i]]++
		for t := k.s[i] + 1; t < k.e[i]; t++ {
			k.cross[t]++
		}
	}
	for _, sl := range k.slack {
		if sl < 0 {
			return statusDone // the load bound exceeds the capacity
		}
	}
	h := make([]int64, k.slots)
	for t := range h {
		if k.slack[t] == k.capacity {
			h[t] = k.capacity // nothing lives here
		}
	}
	k.tree.build(h)
	if k.dfs(0, k.slots) {
		if k.stop == statusDone {
			k.best = slices.Clone(k.off)
			return statusFound
		}
		return k.stop
	}
	if !k.complete {
		return statusLimited
	}
	return statusDone
}

// dfs covers the lowest free byte of the slots [lo, hi); it returns true
// when they are all full (k.off then holds their items' offsets) or the
// search must stop (k.stop says why).
//
// Decomposition: once no unplaced item crosses a slot boundary, the two
// sides never interact again (an item lives on one side only, and each
// side only looks at its own skyline), so the region is split there and
// each piece searched on its own: a piece that cannot be completed fails
// the node at once, whatever the other pieces do (MiniMalloc's dynamic
// decomposition, in time).
func (k *skyline) dfs(lo, hi int) bool {
	k.nodes++
	if k.limit > 0 && k.nodes > k.limit {
		k.stop = statusLimited
		return true
	}
	if k.m.over(k.until) {
		k.stop = statusStopped
		return true
	}
	c := k.c
	h, k0 := k.tree.argminRange(lo, hi)
	if h >= k.capacity {
		return true
	}
	k1 := k.tree.firstAbove(k0, h, hi)
	k.m.charge(4 * int64(k.tree.depth()))
	// A candidate must be born at k0, die by k1 and fit under the
	// capacity at h, aligned. Those that fill the run exactly go first:
	// they leave no step behind.
	first := len(k.cands)
	for _, i := range k.byStart[k0] {
		if !k.placed[i] && k.e[i] <= int32(k1) && h+c.size[i] <= k.capacity && h%c.align[i] == 0 {
			k.cands = append(k.cands, i)
		}
	}
	cands := k.cands[first:]
	k.m.charge(int64(len(k.byStart[k0])))
	slices.SortStableFunc(cands, func(a, b int32) int {
		fa, fb := k.e[a] == int32(k1), k.e[b] == int32(k1)
		if fa != fb {
			if fa {
				return -1
			}
			return 1
		}
		if k.key != nil {
			return cmp.Compare(k.key[a], k.key[b])
		}
		return 0
	})
	var lastSize int64 = -1
	var lastEnd int32 = -1
	for x := range cands {
		i := k.cands[first+x]
		if x > 0 && c.size[i] == lastSize && k.e[i] == lastEnd {
			continue // the same as a buffer just tried
		}
		lastSize, lastEnd = c.size[i], k.e[i]
		if k.stacked(i, h) {
			continue
		}
		if k.try(i, h, lo, hi) {
			k.cands = k.cands[:first]
			return true
		}
	}
	k.cands = k.cands[:first]
	// Leave the byte empty: raise the run to its lower neighbour, if the
	// slack of every slot in it allows.
	if k.slack[k0] == 0 {
		return false
	}
	k.complete = false
	top := k.capacity
	if k0 > 0 {
		top = min(top, k.tree.get(k0-1))
	}
	if k1 < k.slots {
		top = min(top, k.tree.get(k1))
	}
	raise := top - h
	k.m.charge(int64(k1 - k0))
	for t := k0; t < k1; t++ {
		if k.slack[t] < raise {
			return false
		}
	}
	for t := k0; t < k1; t++ {
		k.slack[t] -= raise
	}
	k.tree.add(k0, k1, raise)
	saved := slices.Clone(k.under[k0:k1])
	for t := k0; t < k1; t++ {
		k.under[t] = -1
	}
	done := k.dfs(lo, hi)
	copy(k.under[k0:k1], saved)
	k.tree.add(k0, k1, -raise)
	for t := k0; t < k1; t++ {
		k.slack[t] += raise
	}
	return done
}

// try places item i at height h inside the region [lo, hi), searches on,
// and takes it back; it returns dfs's verdict.
func (k *skyline) try(i int32, h int64, lo, hi int) bool {
	c := k.c
	s, e := k.s[i], k.e[i]
	k.placed[i] = true
	k.off[i] = h
	saved := slices.Clone(k.under[s:e])
	for t := s; t < e; t++ {
		k.under[t] = i
	}
	k.tree.add(int(s), int(e), c.size[i])
	k.bornAt[s]--
	k.diesAt[e]--
	first := len(k.cuts)
	for t := s + 1; t < e; t++ {
		if k.cross[t]--; k.cross[t] == 0 && int(t) > lo && int(t) < hi {
			k.cuts = append(k.cuts, int(t))
		}
	}
	k.m.charge(3*int64(e-s) + 6*int64(k.tree.depth()))
	done := false
	if k.stepsOK(int(s), lo, hi) && k.stepsOK(int(e), lo, hi) {
		if cuts := k.cuts[first:]; len(cuts) == 0 {
			done = k.dfs(lo, hi)
		} else {
			// Pieces in time order; each must be completed.
			bounds := append(append([]int{lo}, cuts...), hi)
			done = true
			for p := 0; p+1 < len(bounds); p++ {
				if !k.dfs(bounds[p], bounds[p+1]) {
					done = false
					break
				}
				if k.stop != statusDone {
					break
				}
			}
		}
	}
	k.cuts = k.cuts[:first]
	for t := s + 1; t < e; t++ {
		k.cross[t]++
	}
	k.bornAt[s]++
	k.diesAt[e]++
	k.tree.add(int(s), int(e), -c.size[i])
	copy(k.under[s:e], saved)
	k.placed[i] = false
	return done
}

// skyTree is a segment tree over the slots' heights with range add, the
// leftmost minimum, and the first slot above a height.
type skyTree struct {
	leaves int
	mn, mx []int64
	lz     []int64
}

const skyWall = int64(1) << 62 // padding slots: never the minimum

func (t *skyTree) build(h []int64) {
	t.leaves = 1
	for t.leaves < len(h) {
		t.leaves *= 2
	}
	t.mn = make([]int64, 2*t.leaves)
	t.mx = make([]int64, 2*t.leaves)
	t.lz = make([]int64, 2*t.leaves)
	for i := range t.leaves {
		v := skyWall
		if i < len(h) {
			v = h[i]
		}
		t.mn[t.leaves+i], t.mx[t.leaves+i] = v, v
	}
	for n := t.leaves - 1; n >= 1; n-- {
		t.mn[n] = min(t.mn[2*n], t.mn[2*n+1])
		t.mx[n] = max(t.mx[2*n], t.mx[2*n+1])
	}
}

func (t *skyTree) depth() int {
	d := 1
	for l := t.leaves; l > 1; l >>= 1 {
		d++
	}
	return d
}

// add adds v to the slots [l, r).
func (t *skyTree) add(l, r int, v int64) { t.addRec(1, 0, t.leaves, l, r, v) }

func (t *skyTree) addRec(n, lo, hi, l, r int, v int64) {
	if r <= lo || hi <= l {
		return
	}
	if l <= lo && hi <= r {
		t.mn[n] += v
		t.mx[n] += v
		t.lz[n] += v
		return
	}
	mid := (lo + hi) / 2
	t.addRec(2*n, lo, mid, l, r, v)
	t.addRec(2*n+1, mid, hi, l, r, v)
	t.mn[n] = min(t.mn[2*n], t.mn[2*n+1]) + t.lz[n]
	t.mx[n] = max(t.mx[2*n], t.mx[2*n+1]) + t.lz[n]
}

// argminRange returns the lowest height among the slots [l, r) and its
// leftmost slot.
func (t *skyTree) argminRange(l, r int) (int64, int) {
	return t.minRec(1, 0, t.leaves, l, r, 0)
}

func (t *skyTree) minRec(n, lo, hi, l, r int, acc int64) (int64, int) {
	if r <= lo || hi <= l {
		return skyWall, -1
	}
	if l <= lo && hi <= r {
		// Descend to the leftmost minimum of the whole node.
		for n < t.leaves {
			acc += t.lz[n]
			if t.mn[2*n] <= t.mn[2*n+1] {
				n = 2 * n
			} else {
				n = 2*n + 1
			}
		}
		return t.mn[n] + acc, n - t.leaves
	}
	acc += t.lz[n]
	mid := (lo + hi) / 2
	a, ia := t.minRec(2*n, lo, mid, l, r, acc)
	b, ib := t.minRec(2*n+1, mid, hi, l, r, acc)
	if b < a {
		return b, ib
	}
	return a, ia
}

// get returns slot i's height.
func (t *skyTree) get(i int) int64 {
	n := i + t.leaves
	v := t.mn[n]
	for n >>= 1; n >= 1; n >>= 1 {
		v += t.lz[n]
	}
	return v
}

// firstAbove returns the first slot >= from whose height exceeds v, or
// end when there is none before end.
func (t *skyTree) firstAbove(from int, v int64, end int) int {
	if r := t.firstRec(1, 0, t.leaves, from, v, 0); r >= 0 && r < end {
		return r
	}
	return end
}

func (t *skyTree) firstRec(n, lo, hi, from int, v, acc int64) int {
	if hi <= from || t.mx[n]+acc <= v {
		return -1
	}
	if hi-lo == 1 {
		return lo
	}
	acc += t.lz[n]
	mid := (lo + hi) / 2
	if r := t.firstRec(2*n, lo, mid, from, v, acc); r >= 0 {
		return r
	}
	return t.firstRec(2*n+1, mid, hi, from, v, acc)
}
