package planner

import (
	"cmp"
	"encoding/binary"
	"slices"
)

// The cut search takes the components with no slack at all (every
// elementary time slot holds exactly the capacity, or nothing; single
// interval lifetimes, no separations or obstacles) and looks for a
// packing that a sequence of guillotine cuts explains, rebuilding the cuts
// top-down instead of filling bytes one by one.
//
// A set of buffers that fills the rectangle [t0, t1) x [0, H) exactly is
// cut either across time or across bytes. Across time: at a slot boundary
// no buffer crosses, each side fills its own rectangle; those boundaries
// are read off the lifetimes, no choice involved. Across bytes: a subset
// S whose live total is the same h at every slot fills [t0, t1) x [0, h)
// and the rest the band above. Such a subset is found by a sweep over the
// boundaries: fix the buffers of S born at t0 (with one given buffer in S,
// to tell S from the rest), then at each later boundary the buffers of S
// born there must add up to those of S that die there, a subset sum over
// the few buffers born at one boundary. Each side is then cut in turn; a
// side that cannot be cut sends the sweep on to its next subset.
//
// Perfect packings made by guillotine cuts (internal/gen/guillotine) are
// rebuilt in a few sweeps per cut, where the byte-by-byte searches lose
// themselves among orders that only fail hundreds of buffers later. The
// search is a heuristic, never a proof: a packing no guillotine cuts
// explain exists on some instances this search gives up on, so its
// failure proves nothing, and the complete searches take over.

// cutSearch is one search over a component at one capacity.
type cutSearch struct {
	c       *comp
	m       *meter
	until   int64
	nodes   int64
	limit   int64
	stopped bool
	s, e    []int32 // per item: slots [s, e)
	off     []int64
	inS     []bool
	// dieAt is, per buffer of the rectangle being cut, the index of the
	// boundary its death falls on (-1: the rectangle's end).
	dieAt []int32
	// failed remembers the sets of buffers (and their base, where
	// alignment makes it matter) found not to pack: different byte cuts
	// above often leave the same part below or above.
	failed  map[string]struct{}
	aligned bool // some buffer needs an alignment above 1
	key     []byte
}

// cutMemo bounds the remembered failures.
const cutMemo = 1 << 16

// newCutSearch returns the search, or nil when the component does not
// have the shape the search needs.
func newCutSearch(c *comp, capacity int64, m *meter, until int64) *cutSearch {
	if !c.timeExact || capacity <= 0 || c.n == 0 {
		return nil
	}
	times, starts, ends, ok := timeSlots(c, m)
	if !ok {
		return nil
	}
	k := &cutSearch{c: c, m: m, until: until}
	k.s, k.e = starts, ends
	load := make([]int64, len(times))
	for i := range c.n {
		s, e := k.s[i], k.e[i]
		load[s] += c.size[i]
		load[e] -= c.size[i]
	}
	var cur int64
	for _, d := range load {
		if cur += d; cur != 0 && cur != capacity {
			return nil
		}
	}
	k.off = make([]int64, c.n)
	k.inS = make([]bool, c.n)
	k.dieAt = make([]int32, c.n)
	k.failed = make(map[string]struct{})
	for i := range c.n {
		k.aligned = k.aligned || c.align[i] > 1
	}
	return k
}

// run looks for a packing with at most limit nodes; it returns the
// offsets, or nil.
func (k *cutSearch) run(limit int64) []int64 {
	k.nodes, k.limit, k.stopped = 0, limit, false
	items := make([]int32, k.c.n)
	for i := range items {
		items[i] = int32(i)
	}
	if !k.timeCuts(items, 0) {
		return nil
	}
	return slices.Clone(k.off)
}

// tick counts a node and reports whether the search must stop.
func (k *cutSearch) tick() bool {
	k.nodes++
	k.m.charge(1)
	if k.stopped || k.nodes > k.limit || k.m.over(k.until) {
		k.stopped = true
	}
	return k.stopped
}

// timeCuts packs items, whose live total is flat wherever any is live,
// from offset base: it splits them where no buffer crosses and cuts each
// group across bytes.
func (k *cutSearch) timeCuts(items []int32, base int64) bool {
	if k.tick() {
		return false
	}
	slices.SortFunc(items, func(a, b int32) int {
		return cmp.Or(cmp.Compare(k.s[a], k.s[b]), cmp.Compare(k.e[a], k.e[b]), cmp.Compare(a, b))
	})
	k.m.charge(int64(len(items)))
	k.key = k.key[:0]
	if k.aligned {
		k.key = binary.AppendUvarint(k.key, uint64(base))
	}
	for _, i := range items {
		k.key = binary.AppendUvarint(k.key, uint64(i))
	}
	key := string(k.key)
	if _, bad := k.failed[key]; bad {
		return false
	}
	ok := k.groups(items, base)
	if !ok && !k.stopped && len(k.failed) < cutMemo {
		k.failed[key] = struct{}{}
	}
	return ok
}

// groups cuts each group of items between time cuts across bytes.
func (k *cutSearch) groups(items []int32, base int64) bool {
	for lo := 0; lo < len(items); {
		end, hi := k.e[items[lo]], lo+1
		for hi < len(items) && k.s[items[hi]] < end {
			end = max(end, k.e[items[hi]])
			hi++
		}
		if !k.byteCut(items[lo:hi], base) {
			return false
		}
		lo = hi
	}
	return true
}

// byteCut packs items, which fill one rectangle with no time cut, from
// offset base.
func (k *cutSearch) byteCut(items []int32, base int64) bool {
	c := k.c
	if len(items) == 1 {
		i := items[0]
		k.off[i] = base
		return base%c.align[i] == 0
	}
	// Boundaries of the rectangle and the buffers born at each (items is
	// sorted by birth).
	var at []int32
	var born [][]int32
	for _, i := range items {
		if len(at) == 0 || at[len(at)-1] != k.s[i] {
			at = append(at, k.s[i])
			born = append(born, nil)
		}
		born[len(born)-1] = append(born[len(born)-1], i)
	}
	// Longest-lived first: the first-born buffer anchors S.
	for _, l := range born {
		slices.SortFunc(l, func(a, b int32) int {
			return cmp.Or(cmp.Compare(k.e[b], k.e[a]), cmp.Compare(c.size[b], c.size[a]), cmp.Compare(a, b))
		})
	}
	// diesS[b]: the total of S dying at boundary at[b]; kept by the
	// sweep as it chooses.
	diesS := make([]int64, len(at))
	var total int64
	for _, i := range born[0] {
		total += c.size[i]
	}
	k.setDeaths(items, at)
	k.m.charge(int64(len(items)))
	sub := &cutSweep{k: k, items: items, at: at, born: born, diesS: diesS, total: total, base: base, dead: make(map[uint64]struct{})}
	return sub.boundary(0, 0)
}

// setDeaths fills dieAt for items, whose birth boundaries are at.
func (k *cutSearch) setDeaths(items []int32, at []int32) {
	for _, i := range items {
		b, ok := slices.BinarySearch(at, k.e[i])
		k.dieAt[i] = int32(b)
		if !ok {
			k.dieAt[i] = -1
		}
	}
	k.m.charge(int64(len(items)))
}

// cutSweep chooses a subset S of one rectangle's buffers with a flat live
// total, boundary by boundary.
type cutSweep struct {
	k     *cutSearch
	items []int32
	at    []int32
	born  [][]int32
	diesS []int64
	total int64 // the rectangle's height
	base  int64
	// dead holds the sweep states (a boundary and what of S dies from it
	// on) from which no flat S was found without any split being tried:
	// the rest of the sweep depends on nothing else, so they fail again.
	// States are hashed: a collision can only lose a packing, and the
	// search never claims one does not exist.
	dead   map[uint64]struct{}
	splits int64
	hash   uint64 // sum over boundaries x of diesS[x] * mix(x)
}

// mix spreads a boundary index over 64 bits (splitmix64's finaliser).
func mix(x int) uint64 {
	z := uint64(x) + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// boundary chooses S's births at boundary b; at the first, they make S's
// height, elsewhere they must replace what of S dies there.
func (w *cutSweep) boundary(b int, pre uint64) bool {
	if w.k.tick() {
		return false
	}
	if b == len(w.at) {
		w.splits++
		return w.split()
	}
	l := w.born[b]
	if b == 0 {
		// The first-born buffer is in S; its companions are chosen.
		w.k.inS[l[0]] = true
		w.mark(l[0], 1)
		ok := w.subset(b, pre, l, 1, w.total-w.k.c.size[l[0]], true)
		w.mark(l[0], -1)
		w.k.inS[l[0]] = false
		return ok
	}
	// pre is the part of the hash from boundaries before b, which the
	// rest of the sweep does not read.
	key := (w.hash - pre) ^ mix(-b-1)
	if _, bad := w.dead[key]; bad {
		return false
	}
	before := w.splits
	ok := w.subset(b, pre, l, 0, w.diesS[b], false)
	if !ok && !w.k.stopped && w.splits == before && len(w.dead) < cutMemo {
		w.dead[key] = struct{}{}
	}
	return ok
}

// subset puts into S buffers of l from x on adding up to need exactly
// (first: any total below need, S being a proper part of the rectangle),
// then goes to the next boundary.
func (w *cutSweep) subset(b int, pre uint64, l []int32, x int, need int64, first bool) bool {
	k := w.k
	if (first && need > 0) || (!first && need == 0) {
		if w.boundary(b+1, pre+uint64(w.diesS[b])*mix(b)) {
			return true
		}
		if k.stopped || !first {
			return false
		}
	}
	if x == len(l) || need <= 0 {
		return false
	}
	for y := x; y < len(l); y++ {
		i := l[y]
		sz := k.c.size[i]
		if sz > need || (first && sz == need) {
			continue
		}
		// Equal buffers are interchangeable: of a run of them, S takes
		// a prefix.
		if y > x && k.c.size[l[y-1]] == sz && k.e[l[y-1]] == k.e[i] && !k.inS[l[y-1]] {
			continue
		}
		if k.tick() {
			return false
		}
		k.inS[i] = true
		w.mark(i, 1)
		ok := w.subset(b, pre, l, y+1, need-sz, first)
		w.mark(i, -1)
		k.inS[i] = false
		if ok || k.stopped {
			return ok
		}
	}
	return false
}

// mark adds (d = 1) or takes back (d = -1) buffer i's death to S's.
func (w *cutSweep) mark(i int32, d int64) {
	if b := w.k.dieAt[i]; b >= 0 {
		w.diesS[b] += d * w.k.c.size[i]
		w.hash += uint64(d*w.k.c.size[i]) * mix(int(b))
	}
}

// split packs S below and the rest above, each cut in turn.
func (w *cutSweep) split() bool {
	k := w.k
	var lower, upper []int32
	var h int64
	for _, i := range w.items {
		if k.inS[i] {
			lower = append(lower, i)
			if k.s[i] == w.at[0] {
				h += k.c.size[i]
			}
		} else {
			upper = append(upper, i)
		}
	}
	k.m.charge(int64(len(w.items)))
	// The recursion reuses inS: clear it for the parts, restore after.
	for _, i := range lower {
		k.inS[i] = false
	}
	// The smaller part first: it fails sooner.
	var ok bool
	if len(lower) <= len(upper) {
		ok = k.timeCuts(lower, w.base) && k.timeCuts(upper, w.base+h)
	} else {
		ok = k.timeCuts(upper, w.base+h) && k.timeCuts(lower, w.base)
	}
	for _, i := range lower {
		k.inS[i] = true
	}
	k.setDeaths(w.items, w.at) // the parts overwrote them
	return ok
}
