package planner

import (
	"fmt"
	"slices"
	"time"
)

// Unbounded, as Options.Capacity, drops every pool's capacity: the planner
// then minimises the peak instead of fitting a budget.
const Unbounded int64 = -1

// DefaultWork is dsa-rp's work budget when Options.Work is 0, in steps
// (see Options.Work): about 10 s of search on a 2020s x86 core at most,
// where the budget used to be 10 s of wall time, and on the benchmark sets
// at least as good as that was.
const DefaultWork int64 = 3_000_000_000

// ClockStopWarning is Result.Warnings' entry when the wall-clock safety
// stop cut dsa-rp's search short.
const ClockStopWarning = "the search stopped at the wall-clock limit; the placement depends on timing"

// Options tune Solve.
type Options struct {
	// Work bounds dsa-rp's search (the other algorithms are greedy and
	// ignore it), in steps: one step is one item, section or neighbour
	// examined by a search node, a greedy placement or a local-search
	// move, 2 to 4 ns of work. The budget is split among pools,
	// components and phases by the work they use, never by time, so the
	// same problem and options give the same placement on any machine
	// under any load. 0 means DefaultWork.
	Work int64
	// TimeLimit is a wall-clock safety stop for dsa-rp, 0 for none. It
	// does not share the work out: it only stops the search when the
	// time runs out first, and then Result.ClockStopped is set and
	// Result.Warnings says that the placement depends on timing.
	TimeLimit time.Duration
	// CanShare, when non-nil, is an extra gate: buffers i and j may share
	// bytes only if CanShare(i, j) and CanShare(j, i). ffd consults it
	// lazily, like PyPTO's packer; best-fit and dsa-rp turn every refused
	// lifetime-disjoint pair of a pool into a separation first (O(n^2)
	// calls). trivial and sequential never share, so never ask.
	CanShare func(i, j int) bool
	// Seed drives dsa-rp's randomised restarts; results are reproducible
	// for a given seed.
	Seed int64
	// Capacity > 0 replaces every pool's capacity; Unbounded removes them;
	// 0 keeps the problem's.
	Capacity int64

	// now replaces the wall clock in tests, which slow it down or speed
	// it up to show that only the safety stop reads it.
	now func() time.Time
}

// Result is what Solve found.
type Result struct {
	Algorithm string
	Solution  Solution
	// Problem is the problem the solution was computed for and must be
	// validated against: the input with the capacity override applied,
	// CanShare refusals added as separations and, when dsa-rp fell back,
	// the relaxed pipeline-stage separations removed.
	Problem    *Problem
	Peak       []int64 // per pool
	LowerBound []int64 // per pool, see LowerBound
	// PeakBound is, per pool, the best lower bound on the peak that is
	// proven: at least LowerBound, higher when dsa-rp's search proved a
	// lower peak infeasible. Nil when nothing is proven (temporal
	// exclusions, or colocated buffers of different sizes, which dsa-rp
	// models more strictly than the problem).
	PeakBound []int64
	ReuseCost int64
	Overflow  int64 // capacity_overflow: bytes above capacity, summed over pools
	// Optimal is true when the solution is proven optimal for the
	// problem's lexicographic objective.
	Optimal bool
	// Feasible is true when every pool fits its capacity.
	Feasible bool
	Elapsed  time.Duration
	// Reason explains a missing fit (empty when Feasible).
	Reason string
	// ProvenInfeasible is true only when no placement within capacity
	// exists; a bounded search that found none never sets it.
	ProvenInfeasible bool
	// RelaxedSeparations lists indices into the input's Separations that
	// dsa-rp turned into unit penalties after failing to fit with them.
	RelaxedSeparations []int
	// RelaxedPairsOverlapped counts relaxed pairs whose bytes overlap in
	// the solution; when > 0 a PH-DSA-001 hint is in Hints.
	RelaxedPairsOverlapped int
	// Hints are performance hints for the user, each starting with its
	// code.
	Hints []string
	// Nodes counts the exact search's nodes (dsa-rp only).
	Nodes int64
	// Work is the number of steps dsa-rp spent (see Options.Work).
	Work int64
	// ClockStopped is true when Options.TimeLimit cut dsa-rp's search
	// short: another run may give another placement.
	ClockStopped bool
	// Warnings are messages for the user that do not stop the run, such
	// as ClockStopWarning.
	Warnings []string
}

// outcome is what an algorithm hands back to Solve.
type outcome struct {
	off              []int64 // unit offsets
	optimal          bool
	provenInfeasible bool
	reason           string
	relaxed          []int
	problem          *Problem // when the algorithm changed the problem
	nodes            int64
	peakBound        []int64 // per pool, proven by a search (dsa-rp only)
	// noFit: the algorithm found no room, whatever the placement's
	// overflow (ptoas rounds sizes up, so its plan can fail where the
	// unrounded sizes would fit); reason says why.
	noFit bool
}

// algorithm places an instance; dsa-rp charges its work to m and stops at
// opt.Work (or DefaultWork), the greedy algorithms ignore both.
type algorithm func(in *instance, opt Options, m *meter) (*outcome, error)

var algorithms = map[string]algorithm{
	"trivial":  func(in *instance, _ Options, _ *meter) (*outcome, error) { return &outcome{off: trivial(in)}, nil },
	"best-fit": func(in *instance, _ Options, _ *meter) (*outcome, error) { return &outcome{off: bestFit(in)}, nil },
	"sequential": func(in *instance, _ Options, _ *meter) (*outcome, error) {
		return &outcome{off: sequential(in)}, nil
	},
	"ffd": func(in *instance, opt Options, _ *meter) (*outcome, error) {
		return &outcome{off: ffdPlace(in, opt.CanShare)}, nil
	},
	"dsa-rp": dsaRP,
	"ptoas":  placePTOAS,
}

// composed are the algorithms made of other Solve calls, given the
// problem itself (set by init: they call Solve, which reads this map).
var composed map[string]func(p *Problem, opt Options) (*Result, error)

func init() {
	composed = map[string]func(p *Problem, opt Options) (*Result, error){
		WithinBestFit: solveWithinBestFit,
	}
}

// models are the algorithms that reproduce another tool's planner: they
// accept only problems in that tool's terms (see Planners).
var models = map[string]bool{"ptoas": true}

// Algorithms returns the names Solve accepts, sorted.
func Algorithms() []string {
	names := make([]string, 0, len(algorithms)+len(composed))
	for n := range algorithms {
		names = append(names, n)
	}
	for n := range composed {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Planners returns, sorted, the algorithms that place any problem Check
// accepts: all of Algorithms but the models of another tool's planner
// ("ptoas", ptoas's planner, which refuses a problem ptoas could not be
// given). A tool that plans memory offers these.
func Planners() []string {
	return slices.DeleteFunc(Algorithms(), func(n string) bool { return models[n] })
}

// Solve runs the named algorithm on p. The input is not modified.
func Solve(name string, p *Problem, opt Options) (*Result, error) {
	start := time.Now()
	if c, ok := composed[name]; ok {
		r, err := c(p, opt)
		if err != nil {
			return nil, err
		}
		r.Algorithm = name
		r.Elapsed = time.Since(start)
		return r, nil
	}
	alg, ok := algorithms[name]
	if !ok {
		return nil, fmt.Errorf("unknown algorithm %q (have %v)", name, Algorithms())
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	now := opt.now
	if now == nil {
		now = time.Now
	}
	var deadline time.Time
	if opt.TimeLimit > 0 {
		deadline = now().Add(opt.TimeLimit)
	}
	m := newMeter(deadline, now)
	q := withCapacity(p, opt.Capacity)
	if opt.CanShare != nil && name != "ffd" && name != "trivial" && name != "sequential" {
		q = withCanShare(q, opt.CanShare)
	}
	in, err := newInstance(q)
	if err != nil {
		return nil, err
	}
	out, err := alg(in, opt, m)
	if err != nil {
		return nil, err
	}
	base := q // reuse cost is reported against the unrelaxed penalties
	if out.problem != nil {
		q = out.problem
	}
	sol := in.solution(out.off)
	if err := CheckEnds(q, sol); err != nil {
		// Check keeps a sound placement far inside int64: this is a bug
		// in the algorithm, and its metrics would be meaningless.
		return nil, fmt.Errorf("internal error: %s: %v", name, err)
	}
	r := &Result{
		Algorithm:          name,
		Solution:           sol,
		Problem:            q,
		Peak:               Peak(q, sol),
		LowerBound:         LowerBound(q),
		ReuseCost:          ReuseCost(base, sol),
		Overflow:           Overflow(q, sol),
		ProvenInfeasible:   out.provenInfeasible,
		RelaxedSeparations: out.relaxed,
		Nodes:              out.nodes,
		Work:               m.used,
		ClockStopped:       m.clockStop,
	}
	if m.clockStop {
		r.Warnings = append(r.Warnings, ClockStopWarning)
	}
	if len(q.TemporalExclusions) == 0 && in.exact {
		r.PeakBound = slices.Clone(r.LowerBound)
		for pool, b := range out.peakBound {
			if len(out.relaxed) == 0 {
				r.PeakBound[pool] = max(r.PeakBound[pool], b)
			}
		}
	}
	r.Feasible = r.Overflow == 0 && !out.noFit
	r.Optimal = !out.noFit && (out.optimal || certified(base, in, r))
	if len(out.relaxed) > 0 {
		r.Optimal = false // the strict problem was not solved
		for _, k := range out.relaxed {
			s := base.Separations[k]
			if bytesShared(q, sol, s.A, s.B) {
				r.RelaxedPairsOverlapped++
			}
		}
		if r.RelaxedPairsOverlapped > 0 {
			r.Hints = append(r.Hints, fmt.Sprintf("PH-DSA-001: no placement kept all %d pipeline-stage separations within capacity; "+
				"%d pair(s) now share bytes and their stages serialise (shrink the per-stage tiles or lower stage=)",
				len(out.relaxed), r.RelaxedPairsOverlapped))
		}
	}
	switch {
	case r.Feasible:
	case out.reason != "":
		r.Reason = out.reason
	default:
		r.Reason = overflowReason(q, r.Peak)
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// overflowReason names the pools that do not fit.
func overflowReason(p *Problem, peak []int64) string {
	var s string
	for pool, pk := range peak {
		if c := p.Pools[pool].Capacity; c > 0 && pk > c {
			if s != "" {
				s += "; "
			}
			s += fmt.Sprintf("pool %s needs %d bytes, capacity %d", p.Pools[pool].Name, pk, c)
		}
	}
	return s
}

// certified proves optimality the cheap way: every objective term sits at
// a bound no placement can beat (overflow at the lower bound's overflow,
// reuse cost at the unavoidable intra-class cost, peaks at the lower
// bound). Peak bounds are only trusted without temporal exclusions.
func certified(p *Problem, in *instance, r *Result) bool {
	lbValid := len(p.TemporalExclusions) == 0
	for _, m := range p.objective() {
		switch m {
		case MetricCapacityOverflow:
			var over int64
			for pool, lb := range r.LowerBound {
				if c := p.Pools[pool].Capacity; c > 0 && lb > c {
					over = satAdd(over, lb-c)
				}
			}
			if r.Overflow != over || (over > 0 && !lbValid) {
				return false
			}
		case MetricReuseCost:
			if r.ReuseCost != in.constCost {
				return false
			}
		case MetricTotalPeak, MetricMaxPeak:
			if !lbValid || !slices.Equal(r.Peak, r.LowerBound) {
				return false
			}
		}
	}
	return true
}

// withCapacity returns p with the capacity override applied (p itself
// when there is none).
func withCapacity(p *Problem, capacity int64) *Problem {
	if capacity == 0 {
		return p
	}
	q := *p
	q.Pools = slices.Clone(p.Pools)
	for i := range q.Pools {
		q.Pools[i].Capacity = max(capacity, 0)
	}
	return &q
}

// withCanShare adds a separation for every lifetime-disjoint pair of one
// pool that the gate refuses in either direction.
func withCanShare(p *Problem, canShare func(i, j int) bool) *Problem {
	q := *p
	q.Separations = slices.Clone(p.Separations)
	for i := range p.Buffers {
		for j := i + 1; j < len(p.Buffers); j++ {
			if p.Buffers[i].Pool != p.Buffers[j].Pool || LiveOverlap(p.Buffers[i].Live, p.Buffers[j].Live) {
				continue
			}
			if !canShare(i, j) || !canShare(j, i) {
				q.Separations = append(q.Separations, Separation{A: i, B: j, Reason: "can_share"})
			}
		}
	}
	return &q
}
