package planner

import (
	"slices"
	"strings"
)

// The algorithm "dsa-rp-within-best-fit": dsa-rp with no pool's peak
// above best fit's.
//
// dsa-rp ranks reuse cost before peak: to avoid a cross-pipe penalty it
// will take more bytes, at any scale (on a long kernel, many times what
// best fit needs). dsa-rp-within-best-fit promises instead a placement
// whose peak, in every pool, is no higher than best fit's on the same
// problem, and the lowest reuse cost it can find within that (it is
// allocate-addr's planner=dsa-rp, whose within-best-fit= option is on by
// default):
//
//  1. best fit places the problem (greedy, O(n log n));
//  2. dsa-rp places it with each space's capacity lowered to best fit's
//     peak there (when that is below the capacity): reuse cost is then
//     minimised among placements at most that high, and best fit's own
//     placement proves one exists;
//  3. per space, dsa-rp's placement is kept unless its peak is higher
//     than best fit's (its search ran out of work before it found a fit
//     within the budget), or it relaxed a pipeline-stage separation under
//     the lowered capacity (best fit kept them all, so the relaxation
//     was forced by the budget, not by the space): then best fit's
//     placement of that space is taken.
//
// Ties go to dsa-rp (its placement at an equal peak has a reuse cost at
// most best fit's, up to its work budget); the choice depends only on the
// two placements, so it is deterministic. Spaces never interact, so
// placements of different spaces combine freely.

// WithinBestFit names the algorithm dsa-rp-within-best-fit (above).
const WithinBestFit = "dsa-rp-within-best-fit"

// solveWithinBestFit is Solve("dsa-rp") with the peak of every pool kept
// at or below best fit's.
//
// Its Optimal is about that promise: proven to have the lowest reuse cost
// (then peaks) among placements within best fit's peaks.
func solveWithinBestFit(p *Problem, opt Options) (*Result, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	// The capacity override and the CanShare gate are made part of the
	// problem, so that best fit, whose placement may be kept, and the
	// lowered budget both obey them.
	p = withCapacity(p, opt.Capacity)
	if opt.CanShare != nil {
		p = withCanShare(p, opt.CanShare)
	}
	opt.Capacity, opt.CanShare = 0, nil
	bf, err := Solve("best-fit", p, Options{})
	if err != nil {
		// Best fit refuses nothing dsa-rp accepts; if it ever does,
		// dsa-rp alone still gives a valid placement.
		return Solve("dsa-rp", p, opt)
	}
	// lowered[pool]: the budget is best fit's peak, below the capacity.
	lowered := make([]bool, len(p.Pools))
	q := *p
	q.Pools = slices.Clone(p.Pools)
	for pool := range q.Pools {
		c, pk := q.Pools[pool].Capacity, bf.Peak[pool]
		if pk > 0 && (c == 0 || pk < c) {
			q.Pools[pool].Capacity = pk
			lowered[pool] = true
		}
	}
	dr, err := Solve("dsa-rp", &q, opt)
	if err != nil {
		// The lowered capacities are what the problem did not have: the
		// problem's own error, if any, is dsa-rp's on it.
		return Solve("dsa-rp", p, opt)
	}
	relaxedIn := make([]bool, len(p.Pools))
	for _, k := range dr.RelaxedSeparations {
		relaxedIn[p.Buffers[p.Separations[k].A].Pool] = true
	}
	fromBestFit := make([]bool, len(p.Pools))
	fellBack := false
	for pool := range p.Pools {
		if dr.Peak[pool] > bf.Peak[pool] || lowered[pool] && relaxedIn[pool] {
			fromBestFit[pool], fellBack = true, true
		}
	}
	out := *dr
	out.Work += bf.Work
	out.Elapsed += bf.Elapsed
	// The problem the placement is judged against: the real capacities;
	// dsa-rp's relaxed separations only in the spaces that kept its
	// placement (best fit kept every separation).
	prob := *dr.Problem
	prob.Pools = p.Pools
	if fellBack {
		sol := Solution{Offsets: slices.Clone(dr.Solution.Offsets)}
		for i := range p.Buffers {
			if fromBestFit[p.Buffers[i].Pool] {
				sol.Offsets[i] = bf.Solution.Offsets[i]
			}
		}
		out.Solution = sol
		var kept []int
		for _, k := range dr.RelaxedSeparations {
			if !fromBestFit[p.Buffers[p.Separations[k].A].Pool] {
				kept = append(kept, k)
			}
		}
		if len(kept) == 0 {
			prob = *p
		}
		out.RelaxedSeparations = kept
		if len(kept) == 0 {
			out.RelaxedPairsOverlapped = 0
		}
		out.Hints = slices.DeleteFunc(slices.Clone(dr.Hints), func(h string) bool {
			return len(kept) == 0 && strings.HasPrefix(h, "PH-DSA-001")
		})
		// Optimal and the proven peak bounds were about dsa-rp's
		// placement of every space.
		out.Optimal = false
		out.PeakBound = nil
	}
	out.Problem = &prob
	out.Peak = Peak(&prob, out.Solution)
	out.ReuseCost = ReuseCost(p, out.Solution)
	out.Overflow = Overflow(&prob, out.Solution)
	out.Feasible = out.Overflow == 0
	if out.Feasible {
		out.Reason = ""
	}
	if slices.Contains(lowered, true) {
		// Infeasible under a lowered capacity proves nothing about the
		// real one.
		out.ProvenInfeasible = false
	}
	return &out, nil
}
