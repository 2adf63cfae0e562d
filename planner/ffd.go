package planner

import (
	"cmp"
	"slices"
)

// Groups is the outcome of FFDShare: which buffers share one storage
// identity. A MemoryReuse pass rebases every member onto the group's
// representative, its first and largest member.
type Groups struct {
	Of      []int   // buffer -> group
	Members [][]int // group -> buffers, representative first
	Size    []int64 // group -> representative size: the slot size
	Align   []int64 // group -> lcm of the member alignments
	Pool    []int   // group -> pool
	Closed  []bool  // group -> pinned slot that nobody else joins
}

// FFDShare is PyPTO MemoryReuse's global first-fit-decreasing identity
// sharing. Per pool, buffers are taken by size, largest first (stable in
// index order); each joins the first existing group all of whose members it
// may share with, else opens a new group. Sharing needs disjoint lifetimes
// (or a temporal exclusion), no separation, and canShare (when non-nil) in
// both directions. Because the first member is the largest, a group's size
// never changes when later members join, and a small buffer defined early
// can still sit in a large one's slot. A pinned buffer opens a closed group
// that nobody joins. Colocated buffers move as one and always share a group.
func FFDShare(p *Problem, canShare func(i, j int) bool) (Groups, error) {
	in, err := newInstance(p)
	if err != nil {
		return Groups{}, err
	}
	return ffdShare(in, canShare), nil
}

// ffdGroup is a group under construction. occ is the union of the
// members' live intervals, sorted; members are pairwise lifetime-disjoint
// unless temporally excluded, so without exclusions occ is disjoint and a
// lifetime test is a binary search.
type ffdGroup struct {
	units  []int
	occ    []Interval
	closed bool
}

func ffdShare(in *instance, canShare func(i, j int) bool) Groups {
	order := make([]int, len(in.units))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(in.units[b].size, in.units[a].size) })
	groupOf := make([]int, len(in.units))
	var groups []ffdGroup
	perPool := make([][]int, len(in.pools)) // groups per pool, in creation order
	// blockedAt[g] == stamp marks group g as off limits for the current
	// unit (a separated member); a stamp array avoids a map lookup per
	// scanned group.
	var blockedAt []int
	stamp := 0
	var filt *bucketFilter
	var counts []*slotCounter // per pool: open groups occupied per slot
	openGroups := make([]int32, len(in.pools))
	if in.excluded == nil {
		filt = newBucketFilter(in)
		counts = make([]*slotCounter, len(in.pools))
		for pool := range counts {
			counts[pool] = newSlotCounter(max(1, len(filt.times)-1))
		}
	}
	saturated := func(u *unit) bool {
		if counts == nil {
			return false
		}
		for _, iv := range u.live {
			if lo, hi := filt.slots(iv); lo < hi && counts[u.pool].query(lo, hi) >= openGroups[u.pool] {
				return true
			}
		}
		return false
	}
	for _, k := range order {
		u := &in.units[k]
		g := -1
		if !u.pinned && !saturated(u) {
			stamp++
			if in.sepAdj != nil {
				for _, v := range in.sepAdj[k] {
					if groupOf[v] > 0 {
						blockedAt[groupOf[v]-1] = stamp
					}
				}
			}
			var q bucketQuery
			if filt != nil {
				q = filt.query(u.live)
			}
			for _, c := range perPool[u.pool] {
				if blockedAt[c] == stamp || groups[c].closed {
					continue
				}
				grp := &groups[c]
				fits := true
				if filt != nil {
					switch filt.test(c, &q) {
					case filterBlocked:
						continue
					case filterMaybe:
						fits = ffdLifetimesFit(in, k, grp)
					}
				} else {
					fits = ffdLifetimesFit(in, k, grp)
				}
				if fits && ffdGate(in, k, grp, canShare) {
					g = c
					break
				}
			}
		}
		if g < 0 {
			g = len(groups)
			groups = append(groups, ffdGroup{closed: u.pinned})
			blockedAt = append(blockedAt, 0)
			perPool[u.pool] = append(perPool[u.pool], g)
			if !u.pinned {
				openGroups[u.pool]++
			}
		}
		grp := &groups[g]
		grp.units = append(grp.units, k)
		grp.occ = insertIntervals(grp.occ, u.live)
		if filt != nil {
			filt.add(g, u.live)
			if !u.pinned {
				for _, iv := range u.live {
					if lo, hi := filt.slots(iv); lo < hi {
						counts[u.pool].update(lo, hi, 1)
					}
				}
			}
		}
		groupOf[k] = g + 1
	}
	out := Groups{Of: make([]int, len(in.p.Buffers))}
	for g := range groups {
		rep := &in.units[groups[g].units[0]]
		var members []int
		align := int64(1)
		for _, k := range groups[g].units {
			members = append(members, in.units[k].members...)
			align = lcm(align, in.units[k].align)
		}
		for _, b := range members {
			out.Of[b] = g
		}
		out.Members = append(out.Members, members)
		out.Size = append(out.Size, rep.size)
		out.Align = append(out.Align, align)
		out.Pool = append(out.Pool, rep.pool)
		out.Closed = append(out.Closed, groups[g].closed)
	}
	return out
}

// ffdLifetimesFit reports whether unit k overlaps no member of the group
// in time (temporal exclusions allowed).
func ffdLifetimesFit(in *instance, k int, g *ffdGroup) bool {
	if in.excluded == nil {
		for _, iv := range in.units[k].live {
			// The first stored interval ending after iv starts is the only
			// candidate for an overlap, since occ is disjoint and sorted.
			j, _ := slices.BinarySearchFunc(g.occ, iv.Start, func(x Interval, t int64) int {
				if x.End <= t {
					return -1
				}
				return 1
			})
			if j < len(g.occ) && g.occ[j].Start < iv.End {
				return false
			}
		}
		return true
	}
	for _, v := range g.units {
		if LiveOverlap(in.units[k].live, in.units[v].live) && !in.excluded[PairKey(k, v)] {
			return false
		}
	}
	return true
}

// ffdGate applies the caller's extra gate to every buffer pair, both ways.
func ffdGate(in *instance, k int, g *ffdGroup, canShare func(i, j int) bool) bool {
	if canShare == nil {
		return true
	}
	for _, v := range g.units {
		for _, a := range in.units[k].members {
			for _, b := range in.units[v].members {
				if !canShare(a, b) || !canShare(b, a) {
					return false
				}
			}
		}
	}
	return true
}

// insertIntervals adds sorted intervals to a sorted list, keeping it sorted
// by start (not merging: with exclusions, members may overlap).
func insertIntervals(occ, add []Interval) []Interval {
	for _, iv := range add {
		j, _ := slices.BinarySearchFunc(occ, iv.Start, func(x Interval, t int64) int { return cmp.Compare(x.Start, t) })
		occ = slices.Insert(occ, j, iv)
	}
	return occ
}

// ffdPlace turns FFD groups into a placement: every group is one slot,
// sized by its representative, live over the union of its members'
// intervals, and the slots are placed with the best-fit rule (first live
// start order, smallest fitting gap).
//
// It first places the slots as if each were live over its whole hull,
// which is the O(n log n) single-interval best fit. When that already
// meets the slots' own lower bound (the largest total size of slots live at
// one time) in a pool, nothing can do better and it is kept: on dense model
// traces every slot is live at the peak and this is the common case. Other
// pools get best fit over the exact member intervals (above maxMatrixUnits
// slots that is too slow, and the hull placement stays).
func ffdPlace(in *instance, canShare func(i, j int) bool) []int64 {
	g := ffdShare(in, canShare)
	slotOf := make([]int, len(in.units))
	slots := &instance{p: in.p, exact: in.exact, reserved: in.reserved}
	slots.units = make([]unit, len(g.Size))
	for s := range slots.units {
		slots.units[s] = unit{size: g.Size[s], align: g.Align[s], pool: g.Pool[s], first: 1<<63 - 1}
	}
	for k := range in.units {
		u := &in.units[k]
		s := g.Of[u.members[0]]
		slotOf[k] = s
		su := &slots.units[s]
		su.live = append(su.live, u.live...)
		su.first = min(su.first, u.first)
		if u.pinned {
			su.pinned, su.offset = true, u.offset
		}
	}
	for s := range slots.units {
		slots.units[s].live = MergeIntervals(slots.units[s].live)
	}
	slots.pools = make([][]int, len(in.pools))
	for s := range slots.units {
		slots.pools[slots.units[s].pool] = append(slots.pools[slots.units[s].pool], s)
	}
	if in.sepAdj != nil {
		slots.sepAdj = make([][]int32, len(slots.units))
		for a := range in.sepAdj {
			for _, b := range in.sepAdj[a] {
				if sa, sb := slotOf[a], slotOf[b]; sa != sb {
					slots.sepAdj[sa] = append(slots.sepAdj[sa], int32(sb))
				}
			}
		}
		for s := range slots.sepAdj {
			slices.Sort(slots.sepAdj[s])
			slots.sepAdj[s] = slices.Compact(slots.sepAdj[s])
		}
	}
	hulls := *slots
	hulls.units = slices.Clone(slots.units)
	for s := range hulls.units {
		if lv := hulls.units[s].live; len(lv) > 1 {
			hulls.units[s].live = []Interval{hull(lv)}
		}
	}
	slotOff := bestFit(&hulls)
	peak := unitPeaks(slots, slotOff)
	lb := unitLowerBounds(slots)
	var redo []int
	for pool := range slots.pools {
		if peak[pool] > lb[pool] && len(slots.units) <= maxMatrixUnits {
			redo = append(redo, pool)
		}
	}
	if len(redo) > 0 {
		exact := bestFit(slots)
		for _, pool := range redo {
			for _, s := range slots.pools[pool] {
				slotOff[s] = exact[s]
			}
		}
	}
	off := make([]int64, len(in.units))
	for k := range in.units {
		off[k] = slotOff[slotOf[k]]
	}
	return off
}

// unitPeaks returns the highest byte per pool of a unit placement.
func unitPeaks(in *instance, off []int64) []int64 {
	peak := make([]int64, len(in.pools))
	for k := range in.units {
		if u := &in.units[k]; u.size > 0 {
			peak[u.pool] = max(peak[u.pool], satAdd(off[k], u.size))
		}
	}
	return peak
}

// unitLowerBounds returns, per pool, the largest total size of units live
// at one time.
func unitLowerBounds(in *instance) []int64 {
	q := &Problem{Pools: in.p.Pools}
	for k := range in.units {
		u := &in.units[k]
		if len(u.live) > 0 {
			q.Buffers = append(q.Buffers, Buffer{Size: u.size, Align: 1, Live: u.live, Pool: u.pool})
		}
	}
	return LowerBound(q)
}
