package planner

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// dsaRP is the strongest planner. Per pool and per independent component:
// a portfolio of constructive heuristics, then exact canonical search for
// whatever the objective still needs (a fit under capacity, the lowest
// reuse cost, the lowest peak), within the work budget (dsa_work.go).
// Optimality is claimed only when every phase completed or a bound was met.
//
// Strict-then-soft: when a bounded pool has no fit with its pipeline-stage
// separations hard, those pipeline-only pairs become unit penalties and the
// pool is solved again (PyPTO's fallback); the result reports the relaxed
// pairs and, if any of them overlap, Solve adds hint PH-DSA-001.
func dsaRP(in *instance, opt Options, m *meter) (*outcome, error) {
	work := opt.Work
	if work <= 0 {
		work = DefaultWork
	}
	until := m.used + work
	out := &outcome{off: make([]int64, len(in.units))}
	res := solvePools(in, nil, nil, opt, m, until, out)
	var failing []int
	for pool, r := range res {
		if !r.fit && hasPipelineOnly(in.p, pool) {
			failing = append(failing, pool)
		}
	}
	if len(failing) == 0 {
		return out, nil
	}
	q, relaxed := relaxPipeline(in.p, failing)
	in2, err := newInstance(q)
	if err != nil {
		return nil, err
	}
	out2 := &outcome{off: slices.Clone(out.off), relaxed: relaxed, problem: q, nodes: out.nodes}
	res2 := solvePools(in2, failing, res, opt, m, until, out2)
	out2.optimal = false // the strict problem had no fit found: nothing is proven
	out2.reason = ""
	var reasons []string
	for _, pool := range failing {
		if !res2[pool].fit {
			reasons = append(reasons, res2[pool].reason)
		}
	}
	out2.reason = strings.Join(reasons, "; ")
	return out2, nil
}

// poolOutcome summarises one pool.
type poolOutcome struct {
	fit, proven, infeasible bool
	reason                  string
}

// solvePools solves the listed pools (all when nil) of the instance and
// writes unit offsets into out, stopping the search at work mark until.
// prev carries the outcomes of pools not re-solved.
func solvePools(in *instance, only []int, prev []poolOutcome, opt Options, m *meter, until int64, out *outcome) []poolOutcome {
	p := in.p
	costObj := p.hasMetric(MetricReuseCost)
	peakObj := p.hasMetric(MetricTotalPeak) || p.hasMetric(MetricMaxPeak)
	res := make([]poolOutcome, len(in.pools))
	copy(res, prev)
	large := make([]bool, len(in.pools))
	type job struct {
		pool int
		c    *comp
	}
	var jobs []job
	for pool := range in.pools {
		if only != nil && !slices.Contains(only, pool) {
			continue
		}
		res[pool] = poolOutcome{fit: true, proven: true}
		for _, k := range in.pools[pool] {
			if u := &in.units[k]; u.pinned {
				out.off[k] = u.offset
			} else if u.size == 0 {
				out.off[k] = 0
			}
		}
		if lifetimePairs(in, pool) > maxExactPairs {
			large[pool] = true
			largePool(in, pool, out, &res[pool], m, m.share(until, 3, 4))
			continue
		}
		for _, c := range components(in, pool, nil) {
			jobs = append(jobs, job{pool, c})
		}
	}
	// The components go from the smallest to the largest, each with an
	// even share of the work left, so work the small ones do not need
	// flows to the large ones.
	slices.SortStableFunc(jobs, func(a, b job) int { return a.c.n - b.c.n })
	// Per pool, no placement's peak is below any component's bound or a
	// pinned buffer's top.
	floor := make([]int64, len(in.pools))
	for _, j := range jobs {
		floor[j.pool] = max(floor[j.pool], j.c.lowerBound())
	}
	for k := range in.units {
		if u := &in.units[k]; u.pinned && u.size > 0 {
			floor[u.pool] = max(floor[u.pool], u.offset+u.size)
		}
	}
	results := make([]*compResult, len(jobs))
	for k, j := range jobs {
		share := m.share(until, 1, int64(len(jobs)-k))
		results[k] = j.c.solveComp(p.Pools[j.pool].Capacity, costObj, peakObj, opt.Seed, floor[j.pool], m, share)
	}
	// A second round gives the work the finished components left over to
	// the ones still open.
	var open []int
	for k, r := range results {
		if r.unfinished() {
			open = append(open, k)
		}
	}
	for x, k := range open {
		if m.over(until) {
			break
		}
		jobs[k].c.advance(results[k], m, m.share(until, 1, int64(len(open)-x)))
	}
	peakLB := make([]int64, len(in.pools))
	peak := make([]int64, len(in.pools))
	if out.peakBound == nil {
		out.peakBound = make([]int64, len(in.pools))
	}
	for k, j := range jobs {
		r := results[k]
		out.nodes += r.nodes
		// A bound found while the cost came first holds only at that
		// cost: the pool's bound on any peak is then the component's own.
		if r.costFirst {
			out.peakBound[j.pool] = max(out.peakBound[j.pool], j.c.lowerBound())
		} else {
			out.peakBound[j.pool] = max(out.peakBound[j.pool], r.peakLB)
		}
		for i, u := range j.c.units {
			out.off[u] = r.best.off[i]
		}
		po := &res[j.pool]
		peak[j.pool] = max(peak[j.pool], r.best.peak)
		peakLB[j.pool] = max(peakLB[j.pool], r.peakLB)
		if r.best.over > 0 {
			po.fit = false
			po.infeasible = po.infeasible || r.provenInfeasible
			po.reason = fmt.Sprintf("pool %s: %s", p.Pools[j.pool].Name, r.reason)
		}
		if costObj && !r.costProven {
			po.proven = false
		}
	}
	// A pool is settled when it fits with its cost proven and, when the
	// peak counts, its peak at the best proven bound. The large pools
	// weigh best fit and ffd themselves (largePool), whenever the hybrid
	// misses the load bound by 1%: computing them for every trace would
	// cost more than the hybrid.
	settled := func(pool int) bool {
		po := &res[pool]
		return large[pool] || po.fit && po.proven && (!peakObj || peak[pool] <= peakLB[pool])
	}
	neverBehind(in, only, out, res, costObj, peak, settled)
	out.optimal = true
	out.provenInfeasible = false
	for pool := range res {
		po := &res[pool]
		if peakObj && peak[pool] > peakLB[pool] && (only == nil || slices.Contains(only, pool)) {
			// The pool's peak is the largest component peak; it is proven
			// when it does not exceed the best proven component bound.
			po.proven = false
		}
		if !po.fit {
			out.optimal = false
			out.provenInfeasible = out.provenInfeasible || po.infeasible
			if out.reason != "" {
				out.reason += "; "
			}
			out.reason += po.reason
		}
		out.optimal = out.optimal && po.proven
	}
	if !in.exact {
		out.optimal = false
	}
	return res
}

// maxExactPairs bounds the pools dsa-rp models in full: the component
// model stores every pair of buffers live together, which on model traces
// of tens of thousands of buffers runs to 10^8 pairs and gigabytes.
const maxExactPairs = 4_000_000

// lifetimePairs counts the pairs of a pool's units whose merged lifetimes
// overlap, by a sweep.
func lifetimePairs(in *instance, pool int) int64 {
	type event struct {
		t     int64
		delta int
	}
	var evs []event
	for _, k := range in.pools[pool] {
		for _, iv := range in.units[k].live {
			evs = append(evs, event{iv.Start, 1}, event{iv.End, -1})
		}
	}
	slices.SortFunc(evs, func(a, b event) int {
		if a.t != b.t {
			return cmp.Compare(a.t, b.t)
		}
		return a.delta - b.delta // ends first
	})
	var pairs int64
	live := 0
	for _, e := range evs {
		if e.delta > 0 {
			pairs += int64(live)
		}
		live += e.delta
	}
	return pairs
}

// largePool places a pool too large for the component model. A plain pool
// gets the hybrid portfolio (lgsweep.go) first; best fit and ffd, and for
// a plain pool the greedy portfolio over every buffer (large.go), run only
// when that leaves the peak more than lgFallback above the load bound,
// all until the work reaches mark until. Nothing is proven unless the
// peak meets the load bound. (The fallbacks also run when the hybrid
// misses the pool's capacity.)
func largePool(in *instance, pool int, out *outcome, po *poolOutcome, m *meter, until int64) {
	g, plain := newLgPool(in, pool)
	bestPeak := int64(0)
	if plain {
		for _, k := range in.pools[pool] {
			out.off[k] = 0 // units without bytes or lifetime
		}
		if bestPeak = largeHybrid(g, out.off, 0, m, until); bestPeak > 0 {
			bestPeak = max(bestPeak, unitPeaks(in, out.off)[pool])
		}
	}
	capacity := in.p.Pools[pool].Capacity
	if !plain || bestPeak == 0 || bestPeak > g.lb+g.lb/lgFallback || capacity > 0 && bestPeak > capacity {
		for _, cand := range [][]int64{bestFit(in), ffdPlace(in, nil)} {
			if pk := unitPeaks(in, cand)[pool]; bestPeak == 0 || pk < bestPeak {
				bestPeak = pk
				for _, k := range in.pools[pool] {
					out.off[k] = cand[k]
				}
			}
		}
		if plain {
			bestPeak = largePlain(in, g, out.off, bestPeak, m, until)
		}
	}
	po.proven = false
	if c := capacity; c > 0 && bestPeak > c {
		po.fit = false
		po.reason = fmt.Sprintf("pool %s: too large for the exact model (%d units); the large-pool heuristics need %d bytes, capacity %d (not a proof of infeasibility)",
			in.p.Pools[pool].Name, len(in.pools[pool]), bestPeak, c)
	}
}

// lgFallback: the slower large-pool placements run only when the hybrid
// leaves the peak more than 1/100 above the load bound.
const lgFallback = 100

// hasPipelineOnly reports whether a pool has separations whose only reason
// is pipeline_stage.
func hasPipelineOnly(p *Problem, pool int) bool {
	for _, s := range p.Separations {
		if s.Reason == "pipeline_stage" && p.Buffers[s.A].Pool == pool {
			return true
		}
	}
	return false
}

// relaxPipeline returns a copy of p in which the pipeline-only separations
// of the given pools are unit penalties, and the indices of those
// separations.
func relaxPipeline(p *Problem, pools []int) (*Problem, []int) {
	q := *p
	q.Separations = nil
	q.Penalties = slices.Clone(p.Penalties)
	var relaxed []int
	for k, s := range p.Separations {
		if s.Reason == "pipeline_stage" && slices.Contains(pools, p.Buffers[s.A].Pool) {
			relaxed = append(relaxed, k)
			q.Penalties = append(q.Penalties, Penalty{A: s.A, B: s.B, Cost: 1})
			continue
		}
		q.Separations = append(q.Separations, s)
	}
	if len(q.Objective) > 0 && !slices.Contains(q.Objective, MetricReuseCost) {
		// The relaxed pairs must be avoided where possible even when the
		// objective ignores reuse cost.
		q.Objective = append([]string{MetricCapacityOverflow, MetricReuseCost}, slices.DeleteFunc(slices.Clone(q.Objective), func(m string) bool { return m == MetricCapacityOverflow })...)
	}
	return &q, relaxed
}

// neverBehind keeps dsa-rp no worse than the greedy planners whatever its
// work budget: a pool (of the listed ones, all when nil) whose placement
// best fit's or ffd's beats, by overflow, then reuse cost when it counts,
// then peak, takes theirs. The searches start from a portfolio that
// usually contains as good, but a budget too small to finish the
// portfolio, or components solved apart, can leave a pool behind. The
// greedy placements are computed only when some pool is not settled.
func neverBehind(in *instance, only []int, out *outcome, res []poolOutcome, costObj bool, peak []int64, settled func(pool int) bool) {
	open := false
	for pool := range res {
		if only == nil || slices.Contains(only, pool) {
			open = open || !settled(pool)
		}
	}
	if !open {
		return
	}
	cur := unitPeaks(in, out.off)
	for _, cand := range [][]int64{bestFit(in), ffdPlace(in, nil)} {
		cp := unitPeaks(in, cand)
		for pool := range res {
			if only != nil && !slices.Contains(only, pool) || settled(pool) {
				continue
			}
			c := in.p.Pools[pool].Capacity
			over := func(pk int64) int64 {
				if c > 0 && pk > c {
					return pk - c
				}
				return 0
			}
			d := cmp.Compare(over(cp[pool]), over(cur[pool]))
			if d == 0 && costObj {
				d = cmp.Compare(poolCost(in, cand, pool), poolCost(in, out.off, pool))
			}
			if d == 0 {
				d = cmp.Compare(cp[pool], cur[pool])
			}
			if d >= 0 {
				continue
			}
			for _, k := range in.pools[pool] {
				out.off[k] = cand[k]
			}
			cur[pool], peak[pool] = cp[pool], cp[pool]
			po := &res[pool]
			po.proven = false
			if over(cp[pool]) == 0 {
				po.fit, po.infeasible, po.reason = true, false, ""
			}
		}
	}
}

// poolCost is the reuse cost the penalties between units of one pool
// charge for a placement of the units.
func poolCost(in *instance, off []int64, pool int) int64 {
	var cost int64
	for _, q := range in.penalties {
		a, b := &in.units[q.A], &in.units[q.B]
		if a.pool == pool && a.size > 0 && b.size > 0 && off[q.A] < off[q.B]+b.size && off[q.B] < off[q.A]+a.size {
			cost = satAdd(cost, q.Cost)
		}
	}
	return cost
}
