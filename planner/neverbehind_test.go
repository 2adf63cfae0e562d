package planner

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/internal/gen/guillotine"
)

// TestNeverBehindTheGreedyPlanners: whatever the work budget, down to a
// single step, dsa-rp's placement is no worse than best-fit's, ffd's, or
// its own with the least work, by the problem's objective (a fit first,
// then the lowest peak of each pool), on plain problems, with and without
// a capacity, and on perfect packings.
func TestNeverBehindTheGreedyPlanners(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 1))
	var probs []*Problem
	for range 120 {
		o := genOptions{n: 2 + rng.IntN(60), pools: 1 + rng.IntN(2), maxSize: 64, horizon: 40,
			aligns: []int64{1, 4, 32}, multi: rng.IntN(2) == 0}
		if rng.IntN(2) == 0 {
			o.capacity = 64 + rng.Int64N(256)
		}
		probs = append(probs, randomProblem(rng, o))
	}
	for seed := range uint64(6) {
		probs = append(probs, cutProblem(guillotineCut(80+40*int(seed), seed), 0), kernelProblem(seed, 25))
	}
	for x, p := range probs {
		var ref []*Result
		for _, alg := range []string{"best-fit", "ffd"} {
			r, err := Solve(alg, p, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ref = append(ref, r)
		}
		var least *Result
		for _, work := range []int64{1, 10, 1_000, 100_000, 3_000_000} {
			r, err := Solve("dsa-rp", p, Options{Work: work})
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("problem %d, work %d", x, work)
			if r.Feasible {
				mustValidate(t, r.Problem, r.Solution, name)
			}
			if least == nil {
				least = r
			}
			for k, q := range append(ref, least) {
				if behind(r, q) {
					t.Fatalf("%s: dsa-rp (feasible %v, peaks %v) behind %s (feasible %v, peaks %v)",
						name, r.Feasible, r.Peak, []string{"best-fit", "ffd", "dsa-rp with work 1"}[k], q.Feasible, q.Peak)
				}
			}
		}
	}
}

// behind reports whether r is worse than q: q fits where r does not, or
// both fit (or both do not) and some pool of r peaks above q's while r's
// overflow is no lower.
func behind(r, q *Result) bool {
	if r.Feasible != q.Feasible {
		return q.Feasible
	}
	if r.Overflow != q.Overflow {
		return r.Overflow > q.Overflow
	}
	for pool := range r.Peak {
		if r.Peak[pool] > q.Peak[pool] {
			return true
		}
	}
	return false
}

// guillotineCut is a perfect packing of n buffers in 1 MiB x 1000 points.
func guillotineCut(n int, seed uint64) []guillotine.Piece {
	return guillotine.Cut(guillotine.Options{N: n, Capacity: 1 << 20, Horizon: 1000, Seed: seed})
}

// TestUnfinishedRefusalSaysHowFar: a refusal the work budget cut short
// says it is no proof, what the best placement needs and the bound no
// placement goes below.
func TestUnfinishedRefusalSaysHowFar(t *testing.T) {
	// A perfect packing of 1 MiB under a buffer of half that live
	// throughout: the capacity is exactly the optimum, which one step of
	// work does not reach.
	p := cutProblem(guillotineCut(300, 3), 1<<20+1<<19)
	p.Buffers = append(p.Buffers, Buffer{Name: "x", Size: 1 << 19, Align: 1, Live: []Interval{{0, 1000}}})
	r, err := Solve("dsa-rp", p, Options{Work: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Feasible {
		t.Skip("fits with one step of work: nothing to refuse")
	}
	want := fmt.Sprintf("none needs fewer than %d", 1<<20+1<<19)
	if r.ProvenInfeasible || !strings.Contains(r.Reason, "not a proof") || !strings.Contains(r.Reason, want) || !strings.Contains(r.Reason, fmt.Sprintf("needs %d bytes", r.Peak[0])) {
		t.Fatalf("reason %q (peak %d), want no proof, the peak and %q", r.Reason, r.Peak[0], want)
	}
}
