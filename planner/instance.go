package planner

import (
	"fmt"
	"math"
	"slices"

	"github.com/pto-opt/pto-opt/internal/checked"
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
}

// instance is the algorithms' view of a Problem: units instead of buffers,
// and the pairwise constraints lifted to units.
type instance struct {
	p      *Problem
	units  []unit
	unitOf []int   // buffer -> unit
	pools  [][]int // unit indices per pool, ascending
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
			if a == b || in.excluded[PairKey(a, b)] {
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

// checkPins rejects pinned placements that no algorithm can repair: a
// pinned unit on reserved bytes, or two conflicting pinned units sharing
// bytes.
func (in *instance) checkPins() error {
	var pinned []int
	for k := range in.units {
		if u := &in.units[k]; u.pinned && u.size > 0 {
			pinned = append(pinned, k)
			for _, r := range in.p.Pools[u.pool].Reserved {
				if r.Start < r.End && u.offset < r.End && r.Start < satAdd(u.offset, u.size) {
					return fmt.Errorf("buffer %s is pinned to [%d, %d), on reserved bytes [%d, %d)",
						in.p.Buffers[u.members[0]].Name, u.offset, satAdd(u.offset, u.size), r.Start, r.End)
				}
			}
		}
	}
	for x, a := range pinned {
		for _, b := range pinned[x+1:] {
			ua, ub := &in.units[a], &in.units[b]
			if ua.offset < satAdd(ub.offset, ub.size) && ub.offset < satAdd(ua.offset, ua.size) && in.conflict(a, b) {
				return fmt.Errorf("buffers %s and %s are pinned to overlapping bytes but may not share them",
					in.p.Buffers[ua.members[0]].Name, in.p.Buffers[ub.members[0]].Name)
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
	for _, pl := range in.p.Pools {
		if len(pl.Reserved) > 0 {
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
