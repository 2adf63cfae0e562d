package planner

import (
	"cmp"
	"math/bits"
	"slices"
)

// The exact search enumerates canonical placements, MiniMalloc's idea
// extended to penalties.
//
// Canonical: take an optimal placement with the smallest sum of offsets.
// No item can move down there without hitting an obstacle or a hard
// neighbour, or starting to overlap a penalised neighbour (moving down
// never creates overlap with anything above, and un-overlapping only lowers
// the cost). So each item sits at its lowest obstacle-free aligned offset
// above its placed hard neighbours (its base), or at the aligned top of a
// penalised neighbour or obstacle. Listed by offset, every item's lower
// hard neighbours come before it. The search therefore places items in
// non-decreasing offset order (ties by a preorder), each at one of those
// candidates; without penalties the base is the only candidate.
//
// Pruning, all sound for that canonical optimum:
//   - dominance: no item may be placed at or above the top of another
//     unplaced item's base when that base is free of penalised overlap,
//     since moving that item down to its base would be at least as good
//     and lower the offset sum;
//   - room: an unplaced item with no offset left between the level and the
//     capacity fails the node;
//   - cross-section inference: the unplaced items of one section are
//     pairwise conflicting and must stack above max(level, section floor),
//     the floor being the top of the section's placed items or the lowest
//     base among its unplaced ones; together they must fit below the
//     capacity, net of obstacles;
//   - clique inference: the same for the cliques of conflicting items
//     that no section holds (items live at several times, dsa_clique.go):
//     their unplaced members stack above their placed ones;
//   - cost bounds (cost mode): each unplaced item will at least pay for the
//     placed penalised neighbours reaching above the highest offset it can
//     take, and unplaced cliques pay a pigeonhole count (cliqueBound);
//   - hatless pruning (fit mode): when an item with no unplaced hard
//     neighbour fails, the node fails (MiniMalloc);
//   - decomposition (fit mode): once every item spanning a boundary
//     between two sections is placed, the unplaced items on either side no
//     longer interact, and each side is searched on its own, re-ranked.

// searchStatus is how a search ended.
type searchStatus int

const (
	statusDone    searchStatus = iota // explored everything
	statusFound                       // fit mode: found a placement
	statusLimited                     // hit the node limit
	statusStopped                     // out of work, or the clock stopped it
)

type searcher struct {
	c        *comp
	capacity int64
	costMode bool
	m        *meter
	until    int64 // work mark at which the search stops
	limit    int64 // node limit, <= 0 for none
	nodes    int64
	stop     searchStatus
	decomp   bool // dynamic decomposition enabled

	kind   string  // preorder kind, see preorderKinds
	noise  []int64 // per item: the key N of a randomised preorder (see rankItems)
	pre    []int32 // item -> rank in the preorder of its part
	off    []int64 // -1 when unplaced
	minOff []int64 // top of the highest placed hard neighbour
	floor  []int64 // per section: top of its placed items
	total  []int64 // per section: size of its unplaced items
	hint   []int32 // per section: member that last passed check
	// per cross clique (comp.xcl): the top of its placed members, the
	// size of its unplaced ones
	xfloor, xtotal []int64
	cuts           []int32 // per section boundary k|k+1: unplaced items spanning it
	xmax           []int64 // per item: highest feasible offset under capacity
	span           [][2]int32

	offLog []idxVal
	secLog []idxVal

	// sol collects the offsets of a fit, part by part.
	sol []int64

	// cost mode
	cost  int64
	lbPen []int64 // per unplaced item: penalty it cannot avoid
	lbSum int64
	best  []int64
	bestC int64

	cands []searchCand

	// cliques are edge-disjoint sets of items that pairwise are
	// penalised or conflicting, with the smallest penalty among their
	// pairs (cost mode; see cliqueBound).
	cliques [][]int32
	cliqueW []int64
	// cliqueLen is the total size of the cliques: cliqueBound's steps.
	cliqueLen int64
}

type idxVal struct {
	i int32
	v int64
}

type searchCand struct {
	i    int32
	x    int64
	cost int64
}

// part is a set of items searched together, with the section range they
// live in.
type part struct {
	items        []int32
	secLo, secHi int32
}

func newSearcher(c *comp, capacity int64, costMode bool, m *meter, until int64, preorder string) *searcher {
	return newNoisySearcher(c, capacity, costMode, m, until, preorder, nil)
}

// newNoisySearcher is newSearcher with the key N of the preorder kind set
// to noise (per item).
func newNoisySearcher(c *comp, capacity int64, costMode bool, m *meter, until int64, preorder string, noise []int64) *searcher {
	s := &searcher{c: c, capacity: capacity, costMode: costMode, m: m, until: until, kind: preorder, noise: noise}
	// Setting up visits every item and section (the cliques charge their
	// own steps).
	m.charge(int64(c.n + len(c.sections)))
	s.pre = make([]int32, c.n)
	s.off = make([]int64, c.n)
	s.minOff = make([]int64, c.n)
	s.xmax = make([]int64, c.n)
	s.span = make([][2]int32, c.n)
	s.decomp = !costMode && c.timeExact && len(c.sections) > 1
	for i := range s.off {
		s.off[i] = -1
		s.xmax[i] = c.lastFree(i, capacity)
		if len(c.secs[i]) == 0 {
			s.decomp = false // an item alone in time hangs off no section
			continue
		}
		s.span[i] = [2]int32{c.secs[i][0], c.secs[i][len(c.secs[i])-1] + 1}
		for _, j := range c.hard[i] {
			if !LiveOverlap(c.live[i], c.live[j]) {
				s.decomp = false // a separation may cross a cut
			}
		}
	}
	s.floor = make([]int64, len(c.sections))
	s.total = make([]int64, len(c.sections))
	s.hint = make([]int32, len(c.sections))
	for k, sec := range c.sections {
		for _, i := range sec {
			s.total[k] += c.size[i]
		}
	}
	s.xfloor = make([]int64, len(c.xcl))
	s.xtotal = make([]int64, len(c.xcl))
	for k, members := range c.xcl {
		for _, i := range members {
			s.xtotal[k] += c.size[i]
		}
	}
	if s.decomp {
		s.cuts = make([]int32, len(c.sections))
		for i := range c.n {
			for k := s.span[i][0]; k+1 < s.span[i][1]; k++ {
				s.cuts[k]++
			}
		}
	}
	s.lbPen = make([]int64, c.n)
	s.sol = make([]int64, c.n)
	all := make([]int32, c.n)
	for i := range all {
		all[i] = int32(i)
	}
	c.rankItems(all, preorder, s.total, s.pre, noise)
	if costMode && s.cliquesAffordable() {
		s.buildCliques()
	}
	return s
}

// cliquesAffordable reports whether buildCliques' setup (an n x n
// adjacency, a scan of the items per penalised pair) fits in the work
// left before the search's mark. Without cliques the cost bound is
// weaker but still sound; building them past the budget would be work
// no limit counts.
func (s *searcher) cliquesAffordable() bool {
	n := int64(s.c.n)
	setup := n * n
	for i := range s.c.n {
		setup += int64(len(s.c.pen[i])) * n
	}
	return s.m.used+setup <= s.until
}

// buildCliques covers the penalty graph greedily with edge-disjoint
// cliques of the penalised-or-conflicting relation, each seeded by an
// unused penalised pair and grown by items tied to every member by unused
// pairs, heaviest-degree items first.
func (s *searcher) buildCliques() {
	c := s.c
	n := c.n
	s.m.charge(int64(n) * int64(n))
	adj := make([][]bool, n)
	for i := range adj {
		adj[i] = make([]bool, n)
	}
	w := make(map[uint64]int64)
	for i := range n {
		for _, j := range c.hard[i] {
			adj[i][j] = true
		}
		for _, e := range c.pen[i] {
			adj[i][e.j] = true
			w[PairKey(i, int(e.j))] = e.w
		}
	}
	deg := make([]int, n)
	for i := range n {
		for j := range n {
			if adj[i][j] {
				deg[i]++
			}
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return deg[b] - deg[a] })
	used := make(map[uint64]bool)
	for _, i := range order {
		for _, e := range c.pen[i] {
			j := int(e.j)
			if used[PairKey(i, j)] {
				continue
			}
			members := []int32{int32(i), int32(j)}
			s.m.charge(int64(n))
			for _, k := range order {
				if k == i || k == j {
					continue
				}
				ok := true
				for _, m := range members {
					if !adj[k][m] || used[PairKey(k, int(m))] {
						ok = false
						break
					}
				}
				if ok {
					members = append(members, int32(k))
				}
			}
			minW := int64(1 << 62)
			for x, a := range members {
				for _, b := range members[x+1:] {
					used[PairKey(int(a), int(b))] = true
					if v, ok := w[PairKey(int(a), int(b))]; ok {
						minW = min(minW, v)
					}
				}
			}
			s.cliques = append(s.cliques, members)
			s.cliqueW = append(s.cliqueW, minW)
			s.cliqueLen += int64(len(members))
		}
	}
}

// cliqueBound is a lower bound on the cost the unplaced items will pay
// among themselves. The unplaced members of a clique all go into
// [level, capacity); with d their smallest size there are k =
// (capacity - level) / d points spaced d apart of which each member covers
// at least one, so some points are shared: pigeonhole gives at least the
// Turan count of pairs on a shared point, and each such pair overlaps and
// is penalised (a conflicting pair cannot overlap at all). Cliques are
// edge-disjoint, so their bounds add up; pairs with placed items are
// lbPen's, so those add too.
func (s *searcher) cliqueBound(level int64) int64 {
	var lb int64
	h := s.capacity - level
	for k, members := range s.cliques {
		q := int64(0)
		d := int64(1 << 62)
		for _, m := range members {
			if s.off[m] < 0 {
				q++
				d = min(d, s.c.size[m])
			}
		}
		if q < 2 {
			continue
		}
		slots := h / d
		if slots <= 0 {
			return 1 << 40 // nothing fits: infeasible
		}
		if q <= slots {
			continue
		}
		m, r := q/slots, q%slots
		pairs := r*(m+1)*m/2 + (slots-r)*m*(m-1)/2
		lb += pairs * s.cliqueW[k]
	}
	return lb
}

// run searches from the root; in cost mode only placements cheaper than
// bound count.
func (s *searcher) run(limit int64, bound int64) searchStatus {
	s.limit, s.nodes, s.stop = limit, 0, statusDone
	s.bestC = bound
	s.best = nil
	if !s.feasibleRoot() {
		return statusDone
	}
	root := &part{secLo: 0, secHi: int32(len(s.c.sections))}
	for i := range s.c.n {
		root.items = append(root.items, int32(i))
	}
	found := s.dfs(root, 0, -1)
	if s.stop != statusDone {
		return s.stop
	}
	if found && !s.costMode {
		s.best = slices.Clone(s.sol)
		return statusFound
	}
	return statusDone
}

// feasibleRoot applies the inference once before any placement.
func (s *searcher) feasibleRoot() bool {
	for i := range s.c.n {
		if s.xmax[i] < 0 || s.c.firstFree(i, 0) > s.xmax[i] {
			return false
		}
	}
	return s.check(0, 0, int32(len(s.c.sections)))
}

func (s *searcher) base(i int) int64 {
	return s.c.firstFree(i, s.minOff[i])
}

// penAt is the penalty item i pays against placed neighbours at offset x.
func (s *searcher) penAt(i int, x int64) int64 {
	var w int64
	top := x + s.c.size[i]
	for _, e := range s.c.pen[i] {
		if o := s.off[e.j]; o >= 0 && x < o+s.c.size[e.j] && o < top {
			w += e.w
		}
	}
	return w
}

// dfs searches one part. It returns true when the part was completed (fit
// mode) or the search must stop (s.stop says why); false when the part has
// no (better) completion under the current placements.
func (s *searcher) dfs(p *part, level int64, lastPre int32) bool {
	s.nodes++
	if s.limit > 0 && s.nodes > s.limit {
		s.stop = statusLimited
		return true
	}
	if s.m.over(s.until) {
		s.stop = statusStopped
		return true
	}
	c := s.c
	// The node visits its part's items twice (the horizon, then the
	// candidates); place, check and the bounds charge their own steps.
	s.m.charge(1 + 2*int64(len(p.items)))
	if s.costMode {
		s.m.charge(s.cliqueLen)
		if s.cost+s.lbSum+s.cliqueBound(level) >= s.bestC {
			return false
		}
	}
	// Dominance horizon: nothing may start at or above the top of an
	// unplaced item's penalty-free base. Also: every item needs room.
	minHeight := int64(1 << 62)
	open := 0
	for _, i32 := range p.items {
		i := int(i32)
		if s.off[i] >= 0 {
			continue
		}
		open++
		b := s.base(i)
		if c.firstFree(i, max(b, level)) > s.xmax[i] {
			return false
		}
		if s.costMode && s.penAt(i, b) > 0 {
			continue
		}
		minHeight = min(minHeight, b+c.size[i])
	}
	if open == 0 {
		if !s.costMode {
			s.record()
			return true
		}
		if s.cost < s.bestC {
			s.bestC = s.cost
			s.best = slices.Clone(s.off)
		}
		return false
	}
	first := len(s.cands)
	for _, i32 := range p.items {
		i := int(i32)
		if s.off[i] >= 0 {
			continue
		}
		b := s.base(i)
		s.addCand(i, b, level, lastPre, minHeight)
		if !s.costMode {
			continue
		}
		// The horizon's penAt and this loop walk the penalties, then the
		// obstacles.
		s.m.charge(int64(2*len(c.pen[i]) + len(c.obst[i])))
		for _, e := range c.pen[i] {
			if o := s.off[e.j]; o >= 0 {
				if x := c.firstFree(i, o+c.size[e.j]); x > b {
					s.addCand(i, x, level, lastPre, minHeight)
				}
			}
		}
		for _, o := range c.obst[i] {
			if o.end > b {
				s.addCand(i, c.firstFree(i, o.end), level, lastPre, minHeight)
			}
		}
	}
	cands := s.cands[first:]
	s.m.charge(int64(len(cands) * bits.Len(uint(len(cands))))) // the sort
	if s.costMode {
		slices.SortFunc(cands, func(a, b searchCand) int {
			if a.cost != b.cost {
				return cmp.Compare(a.cost, b.cost)
			}
			if a.x != b.x {
				return cmp.Compare(a.x, b.x)
			}
			return int(s.pre[a.i] - s.pre[b.i])
		})
		cands = slices.CompactFunc(cands, func(a, b searchCand) bool { return a.i == b.i && a.x == b.x })
	} else {
		slices.SortFunc(cands, func(a, b searchCand) int {
			if a.x != b.x {
				return cmp.Compare(a.x, b.x)
			}
			return int(s.pre[a.i] - s.pre[b.i])
		})
	}
	n := len(cands)
	result := false
	for k := range n {
		cd := s.cands[first+k]
		if s.costMode && s.cost+cd.cost+s.lbSum-s.lbPen[cd.i] >= s.bestC {
			continue
		}
		mark, smark := len(s.offLog), len(s.secLog)
		s.place(int(cd.i), cd.x, cd.cost)
		if s.check(cd.x, p.secLo, p.secHi) {
			if cut := s.cutsAfter(int(cd.i), p); cut != nil {
				result = s.decompose(p, cut)
			} else {
				result = s.dfs(p, cd.x, s.pre[cd.i])
			}
		}
		hatless := len(s.offLog) == mark && s.hatless(int(cd.i))
		s.unplace(int(cd.i), cd.cost, mark, smark)
		if result || (hatless && !s.costMode) {
			// A failed item with no unplaced hard neighbour constrained
			// nothing: any other choice here must still place it the
			// same way and fail the same way (MiniMalloc's hatless
			// pruning).
			break
		}
	}
	s.cands = s.cands[:first]
	return result
}

func (s *searcher) addCand(i int, x, level int64, lastPre int32, minHeight int64) {
	if x < level || (x == level && s.pre[i] < lastPre) || x >= minHeight || x > s.xmax[i] {
		return
	}
	var w int64
	if s.costMode {
		s.m.charge(int64(len(s.c.pen[i])))
		w = s.penAt(i, x)
	}
	s.cands = append(s.cands, searchCand{int32(i), x, w})
}

// hatless reports whether item i, just placed, has no unplaced hard
// neighbour.
func (s *searcher) hatless(i int) bool {
	for _, j := range s.c.hard[i] {
		if s.off[j] < 0 {
			return false
		}
	}
	return true
}

// cutsAfter returns the section boundaries inside the part that the item
// just placed left with no unplaced item spanning them, or nil.
func (s *searcher) cutsAfter(i int, p *part) []int32 {
	if !s.decomp {
		return nil
	}
	var cut []int32
	for k := max(s.span[i][0], p.secLo); k+1 < min(s.span[i][1], p.secHi); k++ {
		if s.cuts[k] == 0 {
			cut = append(cut, k+1)
		}
	}
	return cut
}

// decompose splits the part at the given section boundaries and searches
// each piece with unplaced items on its own, from a fresh canonical order.
func (s *searcher) decompose(p *part, cut []int32) bool {
	s.record() // the pieces' leaves only record what is placed by then
	bounds := append(append([]int32{p.secLo}, cut...), p.secHi)
	for k := 0; k+1 < len(bounds); k++ {
		sub := &part{secLo: bounds[k], secHi: bounds[k+1]}
		for _, i := range p.items {
			if s.off[i] < 0 && s.span[i][0] < sub.secHi && sub.secLo < s.span[i][1] {
				sub.items = append(sub.items, i)
			}
		}
		if len(sub.items) == 0 {
			continue
		}
		// Rank the piece afresh with the current section totals, as
		// MiniMalloc does, and restore the part's ranks afterwards.
		saved := make([]int32, len(sub.items))
		for k, i := range sub.items {
			saved[k] = s.pre[i]
		}
		s.c.rankItems(sub.items, s.kind, s.total, s.pre, s.noise)
		ok := s.dfs(sub, 0, -1)
		for k, i := range sub.items {
			s.pre[i] = saved[k]
		}
		if !ok {
			return false
		}
		if s.stop != statusDone {
			return true
		}
	}
	return true
}

// record copies the placed items' offsets into the fit being assembled.
func (s *searcher) record() {
	for i, o := range s.off {
		if o >= 0 {
			s.sol[i] = o
		}
	}
}

func (s *searcher) place(i int, x, inc int64) {
	c := s.c
	// place and unplace walk the item's hard neighbours, sections, cut
	// span and penalties.
	s.m.charge(1 + int64(len(c.hard[i])+len(c.secs[i])+len(c.pen[i])+len(c.xclOf[i])))
	s.off[i] = x
	top := x + c.size[i]
	for _, j := range c.hard[i] {
		if s.off[j] < 0 && s.minOff[j] < top {
			s.offLog = append(s.offLog, idxVal{j, s.minOff[j]})
			s.minOff[j] = top
		}
	}
	for _, sec := range c.secs[i] {
		s.secLog = append(s.secLog, idxVal{sec, s.floor[sec]})
		s.floor[sec] = max(s.floor[sec], top)
		s.total[sec] -= c.size[i]
	}
	for _, k := range c.xclOf[i] {
		s.secLog = append(s.secLog, idxVal{-1 - k, s.xfloor[k]})
		s.xfloor[k] = max(s.xfloor[k], top)
		s.xtotal[k] -= c.size[i]
	}
	if s.decomp {
		for k := s.span[i][0]; k+1 < s.span[i][1]; k++ {
			s.cuts[k]--
		}
	}
	if s.costMode {
		s.cost += inc
		s.lbSum -= s.lbPen[i]
		for _, e := range c.pen[i] {
			if s.off[e.j] < 0 && top > s.xmax[e.j] {
				s.lbPen[e.j] += e.w
				s.lbSum += e.w
			}
		}
	}
}

func (s *searcher) unplace(i int, inc int64, mark, smark int) {
	c := s.c
	top := s.off[i] + c.size[i]
	if s.costMode {
		for _, e := range c.pen[i] {
			if s.off[e.j] < 0 && top > s.xmax[e.j] {
				s.lbPen[e.j] -= e.w
				s.lbSum -= e.w
			}
		}
		s.lbSum += s.lbPen[i]
		s.cost -= inc
	}
	if s.decomp {
		for k := s.span[i][0]; k+1 < s.span[i][1]; k++ {
			s.cuts[k]++
		}
	}
	for k := len(s.secLog) - 1; k >= smark; k-- {
		if e := s.secLog[k]; e.i >= 0 {
			s.floor[e.i] = e.v
		} else {
			s.xfloor[-1-e.i] = e.v
		}
	}
	s.secLog = s.secLog[:smark]
	for _, sec := range c.secs[i] {
		s.total[sec] += c.size[i]
	}
	for _, k := range c.xclOf[i] {
		s.xtotal[k] += c.size[i]
	}
	for k := len(s.offLog) - 1; k >= mark; k-- {
		s.minOff[s.offLog[k].i] = s.offLog[k].v
	}
	s.offLog = s.offLog[:mark]
	s.off[i] = -1
}

// check is the cross-section inference after placing at level x, over the
// sections [lo, hi) of the current part. The unplaced items of a section
// stack above max(x, the section's placed top, their lowest base).
//
// Most candidates fail, so the check is ordered to fail cheaply: first the
// level and placed tops alone, over all sections; then, section by section,
// whether some unplaced member can start low enough for the rest to fit
// above it. MiniMalloc maintains each section's lowest base instead, which
// dominated the search; here the scan starts at the member that passed last
// time (a hint, never undone), which usually still does.
func (s *searcher) check(x int64, lo, hi int32) bool {
	c := s.c
	if !s.checkCliques(x, lo, hi) {
		return false
	}
	if !c.timeExact {
		return true
	}
	for sec := lo; sec < hi; sec++ {
		if t := s.total[sec]; t > 0 && max(x, s.floor[sec])+t > s.capacity {
			s.m.charge(int64(sec-lo) + 1)
			return false
		}
	}
	steps := int64(hi - lo)
	defer func() { s.m.charge(steps) }()
	for sec := lo; sec < hi; sec++ {
		t := s.total[sec]
		if t == 0 {
			continue
		}
		limit := s.capacity - t // the stack must start at or below this
		if obs := c.secObst[sec]; len(obs) > 0 {
			steps += int64(len(c.sections[sec]) + len(obs))
			if !s.fitsWithObstacles(sec, max(x, s.floor[sec]), t, obs) {
				return false
			}
			continue
		}
		members := c.sections[sec]
		h := s.hint[sec]
		ok := false
		for k := range members {
			steps++
			at := h + int32(k)
			if at >= int32(len(members)) {
				at -= int32(len(members))
			}
			if m := members[at]; s.off[m] < 0 && AlignUp(s.minOff[m], c.align[m]) <= limit {
				s.hint[sec] = at
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// fitsWithObstacles is the section test when obstacles sit among the
// section's free bytes: the stack starts at the lowest unplaced base (or
// the floor) and must fit with the obstacle bytes above it.
func (s *searcher) fitsWithObstacles(sec int32, f, t int64, obs []block) bool {
	c := s.c
	low := int64(1 << 62)
	for _, m := range c.sections[sec] {
		if s.off[m] < 0 {
			low = min(low, AlignUp(s.minOff[m], c.align[m]))
		}
	}
	f = max(f, low)
	return f+t+obstacleBytes(obs, f, s.capacity) <= s.capacity
}

// checkCliques is check's inference on the cross cliques: the unplaced
// members of one stack above its placed ones and, when they all belong to
// the part being searched (the clique lives within its sections), above
// the level x; some of them must start low enough for the rest to fit
// above it. Obstacles only take more room, so ignoring them is sound.
func (s *searcher) checkCliques(x int64, lo, hi int32) bool {
	c := s.c
	if len(c.xcl) == 0 {
		return true
	}
	steps := int64(len(c.xcl))
	defer func() { s.m.charge(steps) }()
	for k, members := range c.xcl {
		t := s.xtotal[k]
		if t == 0 {
			continue
		}
		f := s.xfloor[k]
		if sp := c.xclSpan[k]; sp[0] >= lo && sp[1] <= hi {
			f = max(f, x)
		}
		if f+t > s.capacity {
			return false
		}
		limit := s.capacity - t
		ok := false
		for _, m := range members {
			steps++
			if s.off[m] < 0 && AlignUp(s.minOff[m], c.align[m]) <= limit {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
