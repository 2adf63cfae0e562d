package planner

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// kernelProblem draws a kernel-like pool of n tiles: sizes rows x cols x
// element bytes of tile shapes, 32-byte aligned, a lifetime over a
// program of 2n points and, for a third of the tiles, a second interval
// later on (a tile used again after a loop), which is what lets buffers
// conflict pairwise without being live at one time.
func kernelProblem(seed uint64, n int) *Problem {
	rng := rand.New(rand.NewPCG(seed, 25))
	p := onePool(0)
	dims := []int64{8, 16, 24, 32, 48, 64, 96, 128}
	horizon := int64(2 * n)
	for i := range n {
		r, c := dims[rng.IntN(len(dims))], dims[rng.IntN(len(dims))]
		el := int64(2 << rng.IntN(2))
		s := rng.Int64N(horizon - 1)
		e := s + 1 + rng.Int64N(min(horizon-s, int64(n)))
		b := buf(fmt.Sprint(i), r*c*el, 32, s, e)
		if rng.IntN(3) == 0 && e+2 < horizon {
			s2 := e + 1 + rng.Int64N(horizon-e-1)
			b.Live = append(b.Live, Interval{s2, s2 + 1 + rng.Int64N(min(horizon-s2, int64(n)/2))})
		}
		p.Buffers = append(p.Buffers, b)
	}
	return p
}

// TestCliqueBoundProves: three buffers that meet pairwise, each pair at
// another time, never all three, must stack although at most two are
// live at once. The peak they need is proven, and a capacity below it is
// refused as proven infeasible without a search.
func TestCliqueBoundProves(t *testing.T) {
	p := onePool(0,
		Buffer{Name: "a", Size: 10, Align: 1, Live: []Interval{{0, 1}, {2, 3}}},
		Buffer{Name: "b", Size: 10, Align: 1, Live: []Interval{{0, 1}, {4, 5}}},
		Buffer{Name: "c", Size: 10, Align: 1, Live: []Interval{{2, 3}, {4, 5}}},
	)
	r, err := Solve("dsa-rp", p, Options{Work: 1_000_000, Capacity: Unbounded})
	if err != nil {
		t.Fatal(err)
	}
	if r.LowerBound[0] != 20 || r.Peak[0] != 30 || !r.Optimal || r.PeakBound[0] != 30 {
		t.Fatalf("load bound %d, peak %d, optimal %v, proven bound %v; want 20, 30, true, [30]", r.LowerBound[0], r.Peak[0], r.Optimal, r.PeakBound)
	}
	r, err = Solve("dsa-rp", p, Options{Work: 1_000_000, Capacity: 29})
	if err != nil {
		t.Fatal(err)
	}
	if r.Feasible || !r.ProvenInfeasible || !strings.Contains(r.Reason, "proven infeasible") || r.Nodes != 0 {
		t.Fatalf("capacity 29: feasible %v, proven %v, %d nodes, reason %q; want a proof without search", r.Feasible, r.ProvenInfeasible, r.Nodes, r.Reason)
	}
}

// TestKernelDecisions: on random 25-tile kernels (the size of the pools
// PyPTO kernels make) dsa-rp proves its lowest peak optimal, fits a
// capacity equal to it and refuses one byte less as proven infeasible,
// within a work budget far below the passes' default.
func TestKernelDecisions(t *testing.T) {
	testKernelDecisions(t, 25, 20_000_000)
}

// TestKernelDecisions64: the same at 64 tiles, the most a pool takes
// before the exact search gives way to local search. Every instance is
// decided on the same budget, a few hundredths of a second of CPU (the
// hardest of these 60 takes about 650k steps; before the search reasoned
// on the cliques that no cross-section holds, 6 of them were undecided
// after 3G steps).
func TestKernelDecisions64(t *testing.T) {
	testKernelDecisions(t, 64, 20_000_000)
}

func testKernelDecisions(t *testing.T, n int, work int64) {
	gaps := 0
	for seed := range uint64(60) {
		p := kernelProblem(seed, n)
		r, err := Solve("dsa-rp", p, Options{Work: work, Capacity: Unbounded})
		if err != nil {
			t.Fatal(err)
		}
		mustValidate(t, r.Problem, r.Solution, fmt.Sprint("seed ", seed))
		if !r.Optimal {
			t.Fatalf("seed %d: peak %d not proven (bound %v, load bound %d)", seed, r.Peak[0], r.PeakBound, r.LowerBound[0])
		}
		if r.Peak[0] > r.LowerBound[0] {
			gaps++
		}
		opt := r.Peak[0]
		r, err = Solve("dsa-rp", p, Options{Work: work, Capacity: opt})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Feasible {
			t.Fatalf("seed %d: capacity %d (the optimum) refused: %s", seed, opt, r.Reason)
		}
		r, err = Solve("dsa-rp", p, Options{Work: work, Capacity: opt - 1})
		if err != nil {
			t.Fatal(err)
		}
		if r.Feasible || !r.ProvenInfeasible || !strings.Contains(r.Reason, "proven") {
			t.Fatalf("seed %d: capacity %d (below the optimum): feasible %v, proven %v, %q", seed, opt-1, r.Feasible, r.ProvenInfeasible, r.Reason)
		}
	}
	// The load bound alone would prove none of these.
	if gaps < 10 {
		t.Fatalf("only %d of 60 kernels have their optimum above the load bound: the test shows nothing", gaps)
	}
}
