package planner

import (
	"cmp"
	"slices"
)

// comp is one independent part of a dsa-rp problem: the non-pinned,
// non-empty units of one pool that are connected through lifetime
// overlaps, separations or penalties. Nothing outside a component can
// change what is feasible or what it costs inside it, except the fixed
// obstacles (reserved ranges, pinned units) it carries per item.
type comp struct {
	in    *instance
	pool  int
	units []int // local item -> instance unit
	n     int
	size  []int64
	align []int64
	live  [][]Interval
	hard  [][]int32   // items that may never share a byte with this one
	pen   [][]penEdge // penalised neighbours, weights aggregated
	obst  [][]block   // per item: merged byte ranges it may not touch
	// penTotal is the sum of all penalty weights: a cost above it is
	// impossible, so it also serves as "infinity".
	penTotal int64
	// sections are sets of items live at one time, in time order
	// (MiniMalloc's cross-sections); secs lists, per item, the sections
	// it belongs to.
	sections [][]int32
	secs     [][]int32
	secObst  [][]block // per section: obstacles every member must avoid
	// width and area are MiniMalloc's W and A preorder keys, per item
	// (computed on first use).
	width, area []int64
	// timeExact is false when temporal exclusions touch the component:
	// items of one section may then share bytes, so section reasoning is
	// off.
	timeExact bool
	// clique is the total size of the heaviest set of pairwise
	// conflicting items found (dsa_clique.go), a bound on the peak.
	clique int64
	// xcl are cliques of conflicting items no section contains
	// (crossCliques), xclOf the ones each item belongs to, xclSpan the
	// sections their members' lifetimes reach.
	xcl     [][]int32
	xclOf   [][]int32
	xclSpan [][2]int32
}

type penEdge struct {
	j int32
	w int64
}

// components splits the placeable units of a pool into components.
// extra holds additional (relaxed) penalties between instance units.
func components(in *instance, pool int, extra []Penalty) []*comp {
	var items []int
	for _, k := range in.pools[pool] {
		if u := &in.units[k]; !u.pinned && u.size > 0 {
			items = append(items, k)
		}
	}
	if len(items) == 0 {
		return nil
	}
	local := make(map[int]int32, len(items))
	for i, k := range items {
		local[k] = int32(i)
	}
	n := len(items)
	hard := make([][]int32, n)
	// Lifetime overlaps: sweep the items by hull start and test the
	// pairs whose hulls overlap.
	byStart := make([]int32, n)
	for i := range byStart {
		byStart[i] = int32(i)
	}
	hullOf := make([]Interval, n)
	for i, k := range items {
		if lv := in.units[k].live; len(lv) > 0 {
			hullOf[i] = hull(lv)
		}
	}
	slices.SortFunc(byStart, func(a, b int32) int { return cmp.Compare(hullOf[a].Start, hullOf[b].Start) })
	for x, a := range byStart {
		for _, b := range byStart[x+1:] {
			if hullOf[b].Start >= hullOf[a].End {
				break
			}
			ka, kb := items[a], items[b]
			if LiveOverlap(in.units[ka].live, in.units[kb].live) && !in.excluded[PairKey(ka, kb)] {
				hard[a] = append(hard[a], b)
				hard[b] = append(hard[b], a)
			}
		}
	}
	if in.sepAdj != nil {
		for i, k := range items {
			for _, j := range in.sepAdj[k] {
				if l, ok := local[int(j)]; ok {
					hard[i] = append(hard[i], l)
				}
			}
		}
	}
	for i := range hard {
		slices.Sort(hard[i])
		hard[i] = slices.Compact(hard[i])
	}
	penW := map[uint64]int64{}
	for _, q := range append(slices.Clone(in.penalties), extra...) {
		a, okA := local[q.A]
		b, okB := local[q.B]
		if okA && okB && a != b && q.Cost > 0 {
			penW[PairKey(int(a), int(b))] += q.Cost
		}
	}
	pen := make([][]penEdge, n)
	for key, w := range penW {
		a, b := int32(key>>32), int32(uint32(key))
		pen[a] = append(pen[a], penEdge{b, w})
		pen[b] = append(pen[b], penEdge{a, w})
	}
	for i := range pen {
		slices.SortFunc(pen[i], func(x, y penEdge) int { return int(x.j - y.j) })
	}
	// Connected components over hard and penalty edges.
	compOf := make([]int, n)
	for i := range compOf {
		compOf[i] = -1
	}
	var comps []*comp
	for s := range items {
		if compOf[s] >= 0 {
			continue
		}
		id := len(comps)
		members := []int32{int32(s)}
		compOf[s] = id
		for q := 0; q < len(members); q++ {
			i := members[q]
			visit := func(j int32) {
				if compOf[j] < 0 {
					compOf[j] = id
					members = append(members, j)
				}
			}
			for _, j := range hard[i] {
				visit(j)
			}
			for _, e := range pen[i] {
				visit(e.j)
			}
		}
		slices.Sort(members)
		comps = append(comps, buildComp(in, pool, items, members, hard, pen))
	}
	return comps
}

func buildComp(in *instance, pool int, items []int, members []int32, hard [][]int32, pen [][]penEdge) *comp {
	n := len(members)
	c := &comp{in: in, pool: pool, n: n, timeExact: true}
	loc := make(map[int32]int32, n)
	for i, m := range members {
		loc[m] = int32(i)
	}
	for _, m := range members {
		u := &in.units[items[m]]
		c.units = append(c.units, items[m])
		c.size = append(c.size, u.size)
		c.align = append(c.align, u.align)
		c.live = append(c.live, u.live)
		var h []int32
		for _, j := range hard[m] {
			h = append(h, loc[j])
		}
		c.hard = append(c.hard, h)
		var pe []penEdge
		for _, e := range pen[m] {
			pe = append(pe, penEdge{loc[e.j], e.w})
			c.penTotal += e.w
		}
		c.pen = append(c.pen, pe)
	}
	c.penTotal /= 2
	// Obstacles: reserved ranges, and pinned units this item conflicts with.
	var reserved []Interval
	reserved = append(reserved, in.reserved[pool]...)
	var pinned []int
	for _, k := range in.pools[pool] {
		if in.units[k].pinned && in.units[k].size > 0 {
			pinned = append(pinned, k)
		}
	}
	c.obst = make([][]block, n)
	for i, k := range c.units {
		obs := slices.Clone(reserved)
		for _, p := range pinned {
			if in.conflict(k, p) {
				obs = append(obs, Interval{in.units[p].offset, in.units[p].offset + in.units[p].size})
			}
		}
		for _, iv := range MergeIntervals(obs) {
			c.obst[i] = append(c.obst[i], block{iv.Start, iv.End})
		}
	}
	if in.excluded != nil {
		for _, k := range c.units {
			for _, j := range c.units {
				if in.excluded[PairKey(k, j)] {
					c.timeExact = false
				}
			}
		}
	}
	c.buildSections(reserved, pinned)
	c.clique = c.heaviestClique()
	c.xcl = c.crossCliques()
	c.xclOf = make([][]int32, c.n)
	for k, members := range c.xcl {
		span := [2]int32{1 << 30, -1}
		for _, i := range members {
			c.xclOf[i] = append(c.xclOf[i], int32(k))
			if secs := c.secs[i]; len(secs) > 0 {
				span[0] = min(span[0], secs[0])
				span[1] = max(span[1], secs[len(secs)-1]+1)
			}
		}
		c.xclSpan = append(c.xclSpan, span)
	}
	return c
}

// buildSections cuts time into MiniMalloc's cross-sections by a sweep: the
// live set just before each end time (which includes every maximal clique
// of the interval graph, and the sets in between, whose floors can differ).
// Each section also records the obstacles all its members share.
func (c *comp) buildSections(reserved []Interval, pinned []int) {
	type event struct {
		t     int64
		start bool
		i     int32
	}
	var evs []event
	for i, lv := range c.live {
		for _, iv := range lv {
			evs = append(evs, event{iv.Start, true, int32(i)}, event{iv.End, false, int32(i)})
		}
	}
	slices.SortFunc(evs, func(a, b event) int {
		return cmpSweep(a.t, b.t, a.start, b.start, int(a.i), int(b.i))
	})
	c.secs = make([][]int32, c.n)
	live := map[int32]bool{}
	rising := false
	lastT := int64(-1 << 62)
	for _, e := range evs {
		if e.start {
			live[e.i] = true
			rising = true
			continue
		}
		if rising || e.t > lastT {
			lastT = e.t
			sec := make([]int32, 0, len(live))
			for i := range live {
				sec = append(sec, i)
			}
			slices.Sort(sec)
			id := int32(len(c.sections))
			c.sections = append(c.sections, sec)
			for _, i := range sec {
				c.secs[i] = append(c.secs[i], id)
			}
			rising = false
		}
		delete(live, e.i)
	}
	c.secObst = make([][]block, len(c.sections))
	for s, sec := range c.sections {
		obs := slices.Clone(reserved)
		for _, p := range pinned {
			all := true
			for _, i := range sec {
				if !c.in.conflict(c.units[i], p) {
					all = false
					break
				}
			}
			if all {
				obs = append(obs, Interval{c.in.units[p].offset, c.in.units[p].offset + c.in.units[p].size})
			}
		}
		for _, iv := range MergeIntervals(obs) {
			c.secObst[s] = append(c.secObst[s], block{iv.Start, iv.End})
		}
	}
}

// firstFree returns the lowest offset >= x, aligned for item i, where the
// item misses its obstacles.
func (c *comp) firstFree(i int, x int64) int64 {
	return fitAbove(x, c.size[i], c.align[i], c.obst[i])
}

// lastFree returns the highest aligned offset <= limit - size where item i
// misses its obstacles, or -1.
func (c *comp) lastFree(i int, limit int64) int64 {
	x := alignDown(limit-c.size[i], c.align[i])
	obs := c.obst[i]
	for k := len(obs) - 1; k >= 0 && x >= 0; k-- {
		o := obs[k]
		if o.off >= x+c.size[i] {
			continue
		}
		if o.end <= x {
			break
		}
		x = alignDown(o.off-c.size[i], c.align[i])
	}
	if x < 0 {
		return -1
	}
	return x
}

// obstacleBytes counts the bytes of obs inside [lo, hi).
func obstacleBytes(obs []block, lo, hi int64) int64 {
	var n int64
	for _, o := range obs {
		if a, b := max(o.off, lo), min(o.end, hi); b > a {
			n += b - a
		}
	}
	return n
}

// lowerBound is the component's own peak bound: the largest section total
// (or the largest item, for items alone in time), raised by obstacles that
// sit below it.
func (c *comp) lowerBound() int64 {
	lb := c.clique
	for i := range c.n {
		lb = max(lb, c.firstFree(i, 0)+c.size[i])
	}
	if !c.timeExact {
		return lb
	}
	for s, sec := range c.sections {
		var tot int64
		for _, i := range sec {
			tot += c.size[i]
		}
		// Members stack in the free bytes; obstacles inside the stack
		// push it up.
		h := tot
		for {
			grown := tot + obstacleBytes(c.secObst[s], 0, h)
			if grown == h {
				break
			}
			h = grown
		}
		lb = max(lb, h)
	}
	return lb
}
