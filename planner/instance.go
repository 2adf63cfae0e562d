package planner

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/internal/ivtree"
)

// unit is one storage identity: a lone buffer, or a colocation class whose
// members must share an offset. Algorithms place units; the solution gives
// every member its unit's offset. A class is sized by its largest member
// for its whole merged lifetime, which is exact when the members have equal
// sizes and conservative otherwise (see instance.exact).
type unit struct {
	members []int
	name    string // smallest member name, for name-ordered packing
	size    int64
	align   int64
	live    []Interval // merged, sorted, non-empty intervals
	first   int64      // earliest live start, empty intervals included
	pool    int
	pinned  bool
	offset  int64
	// exclusive: a non-empty member is Exclusive. Pinned, the unit's
	// bytes are in instance.reserved; placeable, its lifetime covers the
	// pool's whole time (see newInstance).
	exclusive bool
}

// instance is the algorithms' view of a Problem: units instead of buffers,
// and the pairwise constraints lifted to units.
type instance struct {
	p      *Problem
	units  []unit
	unitOf []int   // buffer -> unit
	pools  [][]int // unit indices per pool, ascending
	// reserved lists, per pool, the merged byte ranges no placeable unit
	// may use: the pool's reserved ranges and the bytes of its pinned
	// exclusive units. The algorithms read it, not Pool.Reserved.
	reserved [][]Interval
	// sepAdj lists, per unit, the units it is separated from.
	sepAdj [][]int32
	// excluded holds unit pairs that may share bytes despite overlapping
	// lifetimes (temporal exclusions between two lone buffers).
	excluded map[uint64]bool
	// penalties between distinct units, aggregated per pair.
	penalties []Penalty
	// constCost is paid by every placement: penalties between members of
	// one colocation class, which always share bytes.
	constCost int64
	// exact is false when a colocation class has non-empty members of
	// different sizes: the class then reserves its largest size over its
	// whole lifetime, stricter than the problem, so proofs on the unit
	// model are not proofs.
	exact bool
}

// newInstance lifts a checked problem to units. It fails on contradictory
// constraints: colocated buffers pinned to different offsets, or separated.
func newInstance(p *Problem) (*instance, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	in := &instance{p: p, unitOf: make([]int, len(p.Buffers)), exact: true}
	for i := range in.unitOf {
		in.unitOf[i] = -1
	}
	// Colocation classes, closed transitively because the schema lists
	// pairs and a caller may split a class over entries.
	classes := ColocationClasses(p)
	classOf := colocationClassOf(p, classes)
	for i := range p.Buffers {
		if in.unitOf[i] >= 0 {
			continue
		}
		members := []int{i}
		if k := classOf[i]; k >= 0 {
			members = classes[k]
		}
		u, err := makeUnit(p, members)
		if err != nil {
			return nil, err
		}
		if len(members) > 1 {
			for _, m := range members {
				if s := p.Buffers[m].Size; s != 0 && s != u.size {
					in.exact = false
				}
			}
		}
		for _, m := range members {
			in.unitOf[m] = len(in.units)
		}
		in.units = append(in.units, u)
	}
	in.pools = make([][]int, len(p.Pools))
	for k := range in.units {
		in.pools[in.units[k].pool] = append(in.pools[in.units[k].pool], k)
	}
	in.reserveExclusive()
	in.widenExclusive()
	if len(p.Separations) > 0 {
		in.sepAdj = make([][]int32, len(in.units))
		for _, s := range p.Separations {
			a, b := in.unitOf[s.A], in.unitOf[s.B]
			if a == b {
				if p.Buffers[s.A].Size > 0 && p.Buffers[s.B].Size > 0 && s.A != s.B {
					return nil, fmt.Errorf("buffers %s and %s are both colocated and separated", p.Buffers[s.A].Name, p.Buffers[s.B].Name)
				}
				continue
			}
			if in.units[a].pool != in.units[b].pool {
				continue
			}
			in.sepAdj[a] = append(in.sepAdj[a], int32(b))
			in.sepAdj[b] = append(in.sepAdj[b], int32(a))
		}
		for k := range in.sepAdj {
			slices.Sort(in.sepAdj[k])
			in.sepAdj[k] = slices.Compact(in.sepAdj[k])
		}
	}
	// Two units may share despite overlapping lifetimes only if every
	// pair of their members that overlaps in time is excluded.
	if len(p.TemporalExclusions) > 0 {
		ex := make(map[uint64]bool, len(p.TemporalExclusions))
		for _, t := range p.TemporalExclusions {
			ex[PairKey(t[0], t[1])] = true
		}
		for _, t := range p.TemporalExclusions {
			a, b := in.unitOf[t[0]], in.unitOf[t[1]]
			if a == b || in.excluded[PairKey(a, b)] || in.units[a].exclusive || in.units[b].exclusive {
				// An exclusive unit shares with nothing, on any path.
				continue
			}
			all := true
			for _, x := range in.units[a].members {
				for _, y := range in.units[b].members {
					bx, by := &p.Buffers[x], &p.Buffers[y]
					if bx.Size > 0 && by.Size > 0 && LiveOverlap(bx.Live, by.Live) && !ex[PairKey(x, y)] {
						all = false
					}
				}
			}
			if !all {
				// Members of a class of equal sizes occupy the same bytes,
				// so one unexcluded overlapping pair makes the classes
				// conflict exactly as the buffers do.
				continue
			}
			if in.excluded == nil {
				in.excluded = map[uint64]bool{}
			}
			in.excluded[PairKey(a, b)] = true
		}
	}
	if err := in.checkPins(); err != nil {
		return nil, err
	}
	agg := map[uint64]int64{}
	for _, q := range p.Penalties {
		a, b := in.unitOf[q.A], in.unitOf[q.B]
		if q.A == q.B || p.Buffers[q.A].Size == 0 || p.Buffers[q.B].Size == 0 || in.units[a].pool != in.units[b].pool {
			continue
		}
		if a == b {
			in.constCost = satAdd(in.constCost, q.Cost)
			continue
		}
		agg[PairKey(a, b)] = satAdd(agg[PairKey(a, b)], q.Cost)
	}
	for k, c := range agg {
		if c > 0 {
			in.penalties = append(in.penalties, Penalty{A: int(k >> 32), B: int(uint32(k)), Cost: c})
		}
	}
	slices.SortFunc(in.penalties, func(x, y Penalty) int {
		if x.A != y.A {
			return x.A - y.A
		}
		return x.B - y.B
	})
	return in, nil
}

// reserveExclusive fills in.reserved: per pool, its reserved ranges and
// the bytes of its pinned exclusive units, merged. An exclusive pin is
// one reserved range, whatever the number of buffers it is kept from.
func (in *instance) reserveExclusive() {
	in.reserved = make([][]Interval, len(in.pools))
	for pool, ks := range in.pools {
		rs := slices.Clone(in.p.Pools[pool].Reserved)
		for _, k := range ks {
			if u := &in.units[k]; u.exclusive && u.pinned {
				rs = append(rs, Interval{u.offset, satAdd(u.offset, u.size)})
			}
		}
		in.reserved[pool] = slices.Clone(MergeIntervals(rs))
	}
}

// widenExclusive makes every placeable exclusive unit live over the whole
// time of its pool, so that it conflicts, by lifetime, with every other
// unit there: the separation from all of them that Exclusive means,
// without a pair per unit. A unit with bytes but live at no point (only
// empty intervals) conflicts with nothing by lifetime; in a pool with a
// placeable exclusive unit each such unit gets a point of its own after
// the pool's time, which the widened units cover too. Widened units are
// born first (first), as the packers that order by birth must see them
// before anything they conflict with.
func (in *instance) widenExclusive() {
	for _, ks := range in.pools {
		var excl []int
		lo, hi, any := int64(0), int64(0), false
		for _, k := range ks {
			u := &in.units[k]
			if u.exclusive && !u.pinned {
				excl = append(excl, k)
			}
			if len(u.live) > 0 {
				if !any {
					lo, hi, any = u.live[0].Start, u.live[len(u.live)-1].End, true
				}
				lo, hi = min(lo, u.live[0].Start), max(hi, u.live[len(u.live)-1].End)
			}
		}
		if len(excl) == 0 {
			continue
		}
		for _, k := range ks {
			if u := &in.units[k]; len(u.live) == 0 && u.size > 0 {
				u.live, u.first = []Interval{{hi, hi + 1}}, hi
				hi++
			}
		}
		for _, k := range excl {
			u := &in.units[k]
			u.live, u.first = []Interval{{lo, hi}}, lo
		}
	}
}

// checkPins rejects pinned placements that no algorithm can repair: a
// pinned unit on reserved bytes (the pool's, or an exclusive pin's), or
// two conflicting pinned units sharing bytes. Lifetime conflicts come
// from one sweep over time with the live pins' byte ranges in an interval
// tree, so that many pins cost n log n rather than a test per pair. The
// errors are CheckErrors naming the buffers, for a caller to locate.
func (in *instance) checkPins() error {
	var pinned []int
	excl := make([][]int, len(in.pools)) // exclusive pins per pool, by offset
	for k := range in.units {
		if u := &in.units[k]; u.pinned && u.size > 0 {
			pinned = append(pinned, k)
			if u.exclusive {
				excl[u.pool] = append(excl[u.pool], k)
			}
		}
	}
	if len(pinned) == 0 {
		return nil
	}
	name := func(k int) string { return in.p.Buffers[in.units[k].members[0]].Name }
	end := func(k int) int64 { return satAdd(in.units[k].offset, in.units[k].size) }
	clash := func(a, b int) error {
		return pairErr(in.units[b].members[0], in.units[a].members[0], "buffers %s and %s are pinned to overlapping bytes but may not share them", name(a), name(b))
	}
	for pool := range excl {
		e := excl[pool]
		slices.SortFunc(e, func(a, b int) int { return cmp.Or(cmp.Compare(in.units[a].offset, in.units[b].offset), a-b) })
		for x := 1; x < len(e); x++ {
			// Without a clash so far the ranges are disjoint and sorted,
			// so the one before ends last.
			if prev := e[x-1]; in.units[e[x]].offset < end(prev) {
				return clash(prev, e[x])
			}
		}
	}
	own := make([][]Interval, len(in.pools))
	for pool := range own {
		own[pool] = MergeIntervals(slices.Clone(in.p.Pools[pool].Reserved))
	}
	for _, k := range pinned {
		u := &in.units[k]
		rs := own[u.pool]
		if x, _ := slices.BinarySearchFunc(rs, u.offset+1, func(r Interval, t int64) int { return cmp.Compare(r.End, t) }); x < len(rs) && rs[x].Start < end(k) {
			return bufferErr(u.members[0], "buffer %s is pinned to [%d, %d), on reserved bytes [%d, %d)", name(k), u.offset, end(k), rs[x].Start, rs[x].End)
		}
		if u.exclusive {
			continue
		}
		e := excl[u.pool]
		if x, _ := slices.BinarySearchFunc(e, u.offset+1, func(j int, t int64) int { return cmp.Compare(end(j), t) }); x < len(e) && in.units[e[x]].offset < end(k) {
			return pairErr(u.members[0], in.units[e[x]].members[0], "buffer %s is pinned to [%d, %d), on bytes [%d, %d) that buffer %s keeps for itself for all time",
				name(k), u.offset, end(k), in.units[e[x]].offset, end(e[x]), name(e[x]))
		}
	}
	return in.checkPinnedPairs(pinned, clash)
}

// checkPinnedPairs finds two pinned (not exclusive) units sharing bytes
// that may not: live together (and not excluded), or separated.
func (in *instance) checkPinnedPairs(pinned []int, clash func(a, b int) error) error {
	type event struct {
		t     int64
		start bool
		k     int
	}
	var evs []event
	isPinned := make(map[int]bool, len(pinned))
	for _, k := range pinned {
		u := &in.units[k]
		if u.exclusive {
			continue
		}
		isPinned[k] = true
		for _, iv := range u.live {
			evs = append(evs, event{iv.Start, true, k}, event{iv.End, false, k})
		}
	}
	slices.SortFunc(evs, func(a, b event) int { return cmpSweep(a.t, b.t, a.start, b.start, a.k, b.k) })
	trees := make([]ivtree.Tree, len(in.pools))
	for _, e := range evs {
		u := &in.units[e.k]
		t := &trees[u.pool]
		if !e.start {
			t.Remove(u.offset, e.k)
			continue
		}
		other := -1
		t.Overlapping(u.offset, satAdd(u.offset, u.size), func(_, _ int64, j int) bool {
			if j != e.k && !in.excluded[PairKey(e.k, j)] {
				other = j
				return false
			}
			return true
		})
		if other >= 0 {
			return clash(other, e.k)
		}
		t.Insert(u.offset, satAdd(u.offset, u.size), e.k)
	}
	if in.sepAdj == nil {
		return nil
	}
	for _, a := range pinned {
		for _, b := range in.sepAdj[a] {
			ua, ub := &in.units[a], &in.units[b]
			if int(b) > a && isPinned[a] && isPinned[int(b)] && ua.offset < satAdd(ub.offset, ub.size) && ub.offset < satAdd(ua.offset, ua.size) {
				return clash(a, int(b))
			}
		}
	}
	return nil
}

func makeUnit(p *Problem, members []int) (unit, error) {
	u := unit{members: members, align: 1, pool: p.Buffers[members[0]].Pool}
	var live []Interval
	for k, m := range members {
		b := &p.Buffers[m]
		if k == 0 || b.Name < u.name {
			u.name = b.Name
		}
		u.size = max(u.size, b.Size)
		u.align = lcm(u.align, b.Align)
		if b.Size > 0 || len(members) == 1 {
			// An empty member needs no bytes, only the shared offset.
			live = append(live, b.Live...)
		}
		if b.Exclusive && b.Size > 0 {
			u.exclusive = true
		}
		if b.Pinned {
			if u.pinned && u.offset != b.Offset {
				return unit{}, fmt.Errorf("colocated buffers %s and %s are pinned to different offsets %d and %d",
					p.Buffers[members[0]].Name, b.Name, u.offset, b.Offset)
			}
			u.pinned, u.offset = true, b.Offset
		}
	}
	if u.pinned && u.offset%u.align != 0 {
		return unit{}, fmt.Errorf("colocated buffers with %s pinned to %d cannot meet alignment %d", p.Buffers[members[0]].Name, u.offset, u.align)
	}
	if u.exclusive {
		// Colocated buffers share their bytes: an exclusive one shares
		// with nothing, so it may only have empty companions.
		for _, a := range members {
			for _, b := range members {
				if a != b && p.Buffers[a].Exclusive && p.Buffers[a].Size > 0 && p.Buffers[b].Size > 0 {
					return unit{}, pairErr(a, b, "buffer %s is exclusive for all time but colocated with %s, which has bytes too",
						p.Buffers[a].Name, p.Buffers[b].Name)
				}
			}
		}
	}
	if len(live) == 0 { // a class of empty buffers
		for _, m := range members {
			live = append(live, p.Buffers[m].Live...)
		}
	}
	u.live = MergeIntervals(live)
	u.first = live[0].Start
	for _, iv := range live {
		u.first = min(u.first, iv.Start)
	}
	return u, nil
}

// lcm of two alignments; Check makes them powers of two, so it is the
// larger one, and the saturation (see AlignUp) is only a safeguard.
func lcm(a, b int64) int64 {
	l, ok := checked.LCM(a, b)
	if !ok {
		return math.MaxInt64
	}
	return l
}

// conflict reports whether units a and b may never share a byte.
func (in *instance) conflict(a, b int) bool {
	ua, ub := &in.units[a], &in.units[b]
	if a == b || ua.pool != ub.pool {
		return false
	}
	if in.separated(a, b) {
		return true
	}
	return LiveOverlap(ua.live, ub.live) && !in.excluded[PairKey(a, b)]
}

func (in *instance) separated(a, b int) bool {
	if in.sepAdj == nil {
		return false
	}
	_, found := slices.BinarySearch(in.sepAdj[a], int32(b))
	return found
}

// solution expands unit offsets to one offset per buffer.
func (in *instance) solution(off []int64) Solution {
	s := Solution{Offsets: make([]int64, len(in.p.Buffers))}
	for i, u := range in.unitOf {
		s.Offsets[i] = off[u]
	}
	return s
}

// simple reports whether the fast single-interval paths apply: no unit
// with more than one interval, and no separations, exclusions, pins or
// reserved ranges.
func (in *instance) simple() bool {
	if in.sepAdj != nil || in.excluded != nil {
		return false
	}
	for _, rs := range in.reserved {
		if len(rs) > 0 {
			return false
		}
	}
	for k := range in.units {
		u := &in.units[k]
		if len(u.live) > 1 || u.pinned {
			return false
		}
	}
	return true
}
