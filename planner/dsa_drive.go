package planner

import (
	"cmp"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// preorderKinds are MiniMalloc's three static preorders, as key sequences
// compared in turn (all descending, ties by index): W = lifetime width,
// A = area (size times width), T = the largest remaining total of a section
// the item takes part in. Different instances favour different orders,
// which is why the fit search rotates through them.
var preorderKinds = []string{"WAT", "TAW", "TWA"}

// rankItems writes into pre the rank of each of the items under the
// preorder kind, with section totals total (T changes as the search
// places items, so pieces of a decomposition are ranked afresh). The key
// N is noise, per item (randomised preorders, see randomDives).
func (c *comp) rankItems(items []int32, kind string, total []int64, pre []int32, noise []int64) {
	c.setPreorderKeys()
	t := make([]int64, c.n)
	for _, i := range items {
		for _, sec := range c.secs[i] {
			t[i] = max(t[i], total[sec])
		}
	}
	key := func(ch byte) []int64 {
		switch ch {
		case 'W':
			return c.width
		case 'A':
			return c.area
		case 'N':
			return noise
		}
		return t
	}
	order := slices.Clone(items)
	slices.SortStableFunc(order, func(x, y int32) int {
		for k := range len(kind) {
			if v := key(kind[k]); v[x] != v[y] {
				return cmp.Compare(v[y], v[x])
			}
		}
		return int(x - y)
	})
	for r, i := range order {
		pre[i] = int32(r)
	}
}

// setPreorderKeys computes the keys W and A on first use.
func (c *comp) setPreorderKeys() {
	if c.width != nil {
		return
	}
	c.width = make([]int64, c.n)
	c.area = make([]int64, c.n)
	for i := range c.n {
		if len(c.live[i]) > 0 {
			h := hull(c.live[i])
			c.width[i] = h.End - h.Start
		}
		c.area[i] = c.size[i] * max(1, c.width[i])
	}
}

// fitSearch looks for any placement under capacity, penalties ignored. It
// rotates through the preorders with a node limit that doubles each round,
// so an order that suits the instance finishes early (MiniMalloc's
// round-robin), with the skyline search in the rotation where it applies.
// statusDone means the capacity is proven infeasible.
func (c *comp) fitSearch(capacity int64, m *meter, until int64) ([]int64, searchStatus, int64) {
	searchers := make([]*searcher, len(preorderKinds))
	for k, kind := range preorderKinds {
		searchers[k] = newSearcher(c, capacity, false, m, until, kind)
	}
	// The skyline search (dsa_skyline.go) takes its turn first where it
	// applies: on perfect packings it is the one that finishes. Its nodes
	// cost a few tree steps where the others' visit every item, so it
	// gets skyNodes times their node limit for about the same work.
	sky := newSkyline(c, capacity, m, until)
	// The cut search (dsa_guillotine.go) goes before it where there is no
	// slack at all: it rebuilds packings that guillotine cuts explain,
	// which the byte-by-byte searches lose among orders that fail only
	// hundreds of buffers later. It proves nothing, so it only finds.
	// It runs once, on cutShare of the work: restarting it would redo
	// its sweeps, and where it applies it is the likeliest to finish.
	var nodes int64
	// The merge search (dsa_merge.go) goes first there: it undoes such
	// cuts bottom-up in a few linear passes, where the cut search
	// rebuilds them top-down and can branch at every cut.
	if g := newMergeSearch(c, capacity, m); g != nil {
		off := g.run(capacity, m.share(until, 1, mergeShare))
		nodes += int64(g.merges)
		if off != nil {
			return off, statusFound, nodes
		}
	}
	if cuts := newCutSearch(c, capacity, m, m.share(until, cutShare, 4)); cuts != nil {
		off := cuts.run(1 << 62)
		nodes += cuts.nodes
		if off != nil {
			return off, statusFound, nodes
		}
	}
	for limit := int64(2 * c.n); ; limit *= 2 {
		if sky != nil {
			st := sky.run(skyNodes * limit)
			nodes += sky.nodes
			switch st {
			case statusFound:
				return sky.best, st, nodes
			case statusDone, statusStopped:
				return nil, st, nodes
			}
			if sky.nodes <= skyNodes*limit {
				sky = nil // exhausted without a proof: no use going on
			}
		}
		for _, s := range searchers {
			st := s.run(limit, 0)
			nodes += s.nodes
			switch st {
			case statusFound:
				return s.best, st, nodes
			case statusDone, statusStopped:
				return nil, st, nodes
			}
		}
	}
}

// mergeShare: the merge search gets 1/mergeShare of a fit search's work.
// It proves nothing, and where it applies it needs a sliver of that.
const mergeShare = 8

// cutShare is the cut search's share of a fit search's work, in quarters.
const cutShare = 3

// skyNodes is the skyline search's node limit per round relative to the
// offset-ordered searchers'.
const skyNodes = 8

// costSearch looks for a placement under capacity cheaper than bound. It
// returns the cheapest found (nil if none beat the bound) and whether the
// search completed, which proves the result (or the bound) optimal.
func (c *comp) costSearch(capacity, bound int64, m *meter, until int64) ([]int64, int64, bool, int64) {
	s := newSearcher(c, capacity, true, m, until, "TWA")
	st := s.run(0, bound)
	return s.best, s.bestC, st == statusDone, s.nodes
}

// withPenaltiesHard returns a copy of the component in which every
// penalised pair is a separation: a placement of the copy is exactly a
// zero-cost placement of the original.
func (c *comp) withPenaltiesHard() *comp {
	if c.penTotal == 0 {
		return c
	}
	d := *c
	d.hard = make([][]int32, c.n)
	d.pen = make([][]penEdge, c.n)
	d.penTotal = 0
	for i := range c.n {
		h := slices.Clone(c.hard[i])
		for _, e := range c.pen[i] {
			h = append(h, e.j)
		}
		slices.Sort(h)
		d.hard[i] = slices.Compact(h)
	}
	return &d
}

// peakOf returns the highest byte of a placement.
func (c *comp) peakOf(off []int64) int64 {
	var pk int64
	for i, o := range off {
		pk = max(pk, o+c.size[i])
	}
	return pk
}

func (c *comp) score(off []int64, capacity int64) *placement {
	p := &placement{off: off, cost: c.cost(off), peak: c.peakOf(off)}
	if capacity > 0 && p.peak > capacity {
		p.over = p.peak - capacity
	}
	return p
}

// smallComponent is the size up to which the cost phase is left to the
// exact search: PyPTO kernels put at most a few dozen tiles in a pool.
const smallComponent = 64

// compResult is the outcome of solving one component.
type compResult struct {
	best             *placement
	provenInfeasible bool  // no fit under the capacity exists
	costProven       bool  // best.cost is optimal
	peakLB           int64 // proven lower bound on the optimal peak
	nodes            int64
	reason           string

	capacity           int64
	costFirst, peakObj bool
	seed               int64
}

// solveComp runs the portfolio, then the exact phases the objective needs:
// a fit under capacity, the cheapest placement, and the lowest peak at that
// cost (only when the cost is zero or penalties do not count, where "same
// cost" can be enforced by making penalties hard).
//
// floor is a lower bound on the pool's peak from elsewhere (other
// components, pinned buffers): lowering this component's peak below it
// gains nothing, so the peak phase stops there. The work stops at mark
// until of m.
func (c *comp) solveComp(capacity int64, costObj, peakObj bool, seed int64, floor int64, m *meter, until int64) *compResult {
	r := &compResult{peakLB: max(c.lowerBound(), floor), capacity: capacity,
		costFirst: costObj && c.penTotal > 0, peakObj: peakObj, seed: seed}
	r.best = c.portfolio(capacity, r.costFirst, seed, r.peakLB, m, until)
	r.costProven = !r.costFirst || r.best.cost == 0
	c.advance(r, m, until)
	return r
}

// unfinished reports whether a phase is still open: no fit and no proof
// of infeasibility, an unproven cost, or a peak above its bound.
func (r *compResult) unfinished() bool {
	switch {
	case r.best.over > 0:
		return !r.provenInfeasible
	case !r.costProven:
		return true
	}
	return r.peakObj && r.best.peak > r.peakLB
}

// advance works on the first open phase, and the next ones while work is
// left. Calling it again with a later mark resumes (searches restart from
// the best placement found).
func (c *comp) advance(r *compResult, m *meter, until int64) {
	if lb := c.lowerBound(); r.best.over > 0 && !r.provenInfeasible && lb > r.capacity {
		// Buffers that pairwise may not share bytes (the live set at one
		// time, or a clique of the conflict graph) stack above the
		// capacity: no search needed.
		r.provenInfeasible = true
		r.peakLB = max(r.peakLB, lb)
		r.reason = fmt.Sprintf("proven infeasible: buffers that may not share bytes need %d bytes together", lb)
	}
	if r.best.over > 0 && !r.provenInfeasible {
		off, st, nodes := c.fitSearch(r.capacity, m, until)
		r.nodes += nodes
		switch st {
		case statusFound:
			if p := c.score(off, r.capacity); p.better(r.best, r.costFirst) {
				r.best = p
			}
			r.reason = ""
			r.costProven = !r.costFirst || r.best.cost == 0
		case statusDone:
			r.provenInfeasible = true
			r.peakLB = max(r.peakLB, r.capacity+1)
			r.reason = "proven infeasible: no placement fits the capacity"
		default:
			r.reason = "no placement within capacity found within the work budget (not a proof of infeasibility)"
			if m.clockStop {
				r.reason = "no placement within capacity found before the wall-clock limit (not a proof of infeasibility)"
			}
			// How far from a decision the search stopped: what the best
			// placement needs, and the bound no placement goes below.
			r.reason += fmt.Sprintf("; the best placement found needs %d bytes, and none needs fewer than %d", r.best.peak, r.peakLB)
		}
	}
	if r.best.over > 0 {
		return
	}
	if !r.costProven && r.capacity > 0 {
		// Local search first, for up to a tenth of the work: the exact
		// search then prunes against a cheaper placement. Small
		// components (kernel pools) give the exact search the rest, since
		// proofs are within reach there; on large ones the exact search
		// gets half, and local search, which keeps improving where proofs
		// are out of reach, the remainder.
		lnsUntil, exactUntil := m.share(until, 1, 10), until
		if c.n > smallComponent {
			exactUntil = m.share(until, 6, 10)
		}
		r.best = c.improveCost(r.best, r.capacity, r.seed, 100*c.n, m, lnsUntil)
		off, cost, done, nodes := c.costSearch(r.capacity, r.best.cost, m, exactUntil)
		r.nodes += nodes
		if off != nil && cost < r.best.cost {
			r.best = c.score(off, r.capacity)
		}
		r.costProven = done
		if !done && !m.over(until) {
			r.best = c.improveCost(r.best, r.capacity, r.seed+1, 0, m, until)
		}
	}
	if !r.costProven || !r.peakObj || r.best.peak <= r.peakLB {
		return
	}
	c.minimisePeak(r, r.capacity, r.costFirst, m, until)
}

// minimisePeak lowers the peak at the best cost found by decision
// searches, first at the lower bound, then by bisection between what is
// proven infeasible and what is found. At cost zero (or when penalties do
// not count) a decision is a fit search with penalised pairs made hard; at
// a positive cost it is a cost search for a placement no dearer than the
// best under the target peak.
func (c *comp) minimisePeak(r *compResult, capacity int64, costFirst bool, m *meter, until int64) {
	zero := !costFirst || r.best.cost == 0
	d := c
	if costFirst && zero {
		d = c.withPenaltiesHard() // keep the cost at zero
	}
	lo, hi := r.peakLB, r.best.peak // the optimum is in [lo, hi]
	try := func(target int64, probeUntil int64) searchStatus {
		var off []int64
		var st searchStatus
		if zero {
			var nodes int64
			off, st, nodes = d.fitSearch(target, m, probeUntil)
			r.nodes += nodes
		} else {
			o, _, done, nodes := c.costSearch(target, r.best.cost+1, m, probeUntil)
			r.nodes += nodes
			off, st = o, statusStopped
			switch {
			case o != nil:
				st = statusFound
			case done:
				st = statusDone
			}
		}
		if st == statusFound {
			if p := c.score(off, capacity); p.better(r.best, costFirst) || p.cost == r.best.cost {
				r.best = p
				hi = p.peak
			}
		}
		return st
	}
	// Probe the lower bound first, with half the work: a placement there
	// is optimal, and on tight instances (perfect packings) the fit
	// searches can reach the bound where they reach nothing a little
	// above it, so the bound gets about what a fit at that capacity would.
	// Then bisect. A probe that runs out of work proves nothing: the next
	// probes go above it, where a placement is easier to find, each with
	// a third of the work left (a twelfth on large components, see
	// largeProbeShare).
	//
	// Targets are multiples of the granule g (comp.granule): every
	// canonical placement's peak is one, so a target between two
	// multiples decides the same as the multiple below it, and a proof
	// that no placement fits a target raises the bound to the next
	// multiple. When no multiple is left to bisect, the work left goes
	// to one granule below the best (see the end of the loop).
	g := d.granule()
	large := zero && c.n > smallComponent
	rng := rand.New(rand.NewPCG(uint64(r.seed), 0xd1fe))
	target, stuck := lo, lo-1 // probes at or below stuck ran out of work
	for first := true; lo < hi && !m.over(until); first = false {
		probeUntil := m.share(until, 1, 3)
		switch {
		case first:
			probeUntil = m.share(until, 1, 2)
		case large:
			probeUntil = m.share(until, 1, largeProbeShare)
		}
		st := try(target, probeUntil)
		switch st {
		case statusDone:
			lo = alignDown(target, g) + g
		case statusFound:
		default:
			stuck = target
		}
		floor := max(lo, stuck+1)
		target = alignDown(floor+(hi-floor)/2, g)
		if target < floor {
			target = AlignUp(floor, g)
		}
		if target < hi {
			continue
		}
		// Nothing left to bisect: every multiple between the bound and
		// the best ran out of work. On a large component the work left
		// goes to randomised dives one granule below the best, again
		// after each find; on a small one, where a probe can still
		// prove, the probe one granule below the best gets it all.
		for last := alignDown(hi-1, g); last >= lo && !m.over(until); last = alignDown(hi-1, g) {
			if !large {
				if try(last, until) == statusDone {
					lo = last + g
				}
				break
			}
			off, st := d.randomDives(last, rng, m, until)
			if st == statusDone {
				lo = last + g
			}
			if st != statusFound {
				break
			}
			// At zero cost (or with penalties ignored) a lower peak is
			// better, as in try.
			p := c.score(off, capacity)
			r.best, hi = p, p.peak
		}
		break
	}
	r.peakLB = lo
}

// granule returns the largest g such that every canonical placement
// (dsa_search.go) puts every offset, so every peak, on a multiple of g:
// a common divisor of the sizes and of the obstacles' ends that every
// alignment either divides (aligning a multiple of g up then leaves it
// where it is) or is a multiple of (aligning up lands on a multiple of
// the alignment). A canonical offset is 0 or a neighbour's or an
// obstacle's top, aligned up, so by induction it is a multiple of g; and
// an optimal placement can be made canonical without raising its peak,
// so the optimal peak is a multiple of g too.
func (c *comp) granule() int64 {
	gcd := func(a, b int64) int64 {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	var g int64
	for i := range c.n {
		g = gcd(g, c.size[i])
	}
	for _, obs := range c.obst {
		for _, o := range obs {
			g = gcd(g, gcd(o.off, o.end))
		}
	}
	if g <= 0 {
		return 1
	}
	for changed := true; changed; {
		changed = false
		for i := range c.n {
			if a := c.align[i]; g%a != 0 && a%g != 0 {
				g, changed = gcd(g, a), true
			}
		}
	}
	return g
}

// randomDives looks for a placement under capacity with short exact
// searches under randomised preorders: the key N is an item's lifetime
// width or area scaled by a random factor in [1, 1.5), ranked before or
// after the largest section total, and each search gets a small node
// limit (a few times the items). Near the lowest peak it can reach, the
// fit search finds placements in its first dives or not at all (its
// restarts repeat the same first dives with a larger limit), so many
// short dives under different orders reach further than one long
// search. The random choices come from rng: deterministic. Returns the
// placement (statusFound), statusDone when a dive proved the capacity
// infeasible (a dive that ends without hitting its limit explored
// everything), or statusStopped at mark until.
func (c *comp) randomDives(capacity int64, rng *rand.Rand, m *meter, until int64) ([]int64, searchStatus) {
	noise := make([]int64, c.n)
	c.setPreorderKeys()
	// One searcher per kind, re-ranked for each dive: a run that stops
	// at its limit leaves the searcher as it found it.
	searchers := make([]*searcher, len(diveKinds))
	all := make([]int32, c.n)
	for i := range all {
		all[i] = int32(i)
	}
	for !m.over(until) {
		base := c.width
		if rng.IntN(2) == 0 {
			base = c.area
		}
		for i := range c.n {
			noise[i] = base[i] + base[i]*int64(rng.IntN(diveNoise))/1024
		}
		m.charge(int64(c.n))
		k := rng.IntN(len(diveKinds))
		s := searchers[k]
		if s == nil {
			s = newNoisySearcher(c, capacity, false, m, until, diveKinds[k], noise)
			searchers[k] = s
		} else {
			c.rankItems(all, s.kind, s.total, s.pre, noise)
			m.charge(int64(c.n * bits.Len(uint(c.n)))) // the sort
		}
		switch st := s.run(int64(2*c.n)<<rng.IntN(diveLimits), 0); st {
		case statusFound, statusDone, statusStopped:
			return s.best, st
		}
	}
	return nil, statusStopped
}

// diveKinds are the preorders of randomDives (N: the noisy key).
var diveKinds = []string{"NAT", "NTA", "TNA"}

// randomDives' noise: a key is scaled by a factor in [1, 1+diveNoise/1024),
// and a dive's node limit is 2n times 1 or 2 (diveLimits powers of two).
// Of the settings tried on MiniMalloc's D and J (noise 1/32 to 4, limits
// 2n to 16n) these did best: large noise is no better than random orders,
// and long dives repeat themselves.
const (
	diveNoise  = 128
	diveLimits = 2
)

// largeProbeShare: on a large component (above smallComponent items)
// each bisection probe after the first gets 1/largeProbeShare of the work
// left, where a small component's get a third: a probe that runs out of
// work proves nothing there, and the dives near the best find more.
const largeProbeShare = 12
