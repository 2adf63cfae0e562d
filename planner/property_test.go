package planner

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestAlgorithmsProduceValidPlacements runs every algorithm on random
// problems with every feature and validates the result. The greedy
// algorithms ignore capacity, so they are checked without it; dsa-rp must
// be valid whenever it reports a fit, and then its peak must respect the
// capacity.
func TestAlgorithmsProduceValidPlacements(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for iter := range 300 {
		o := genOptions{n: 1 + rng.IntN(25), pools: 1 + rng.IntN(3), maxSize: 16, horizon: 20,
			aligns: []int64{1, 2, 4, 32}, multi: true, seps: true, excl: true, coloc: true,
			pins: true, reserved: true, penalties: true, zeros: true}
		if rng.IntN(2) == 0 {
			o.capacity = 24 + rng.Int64N(64)
			o.pins = false // a pin above the capacity would make it unsolvable
		}
		p := randomProblem(rng, o)
		for _, alg := range Planners() {
			name := fmt.Sprintf("iter %d %s", iter, alg)
			r, err := Solve(alg, p, Options{TimeLimit: 200 * time.Millisecond, Seed: int64(iter)})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if len(r.Solution.Offsets) != len(p.Buffers) {
				t.Fatalf("%s: %d offsets", name, len(r.Solution.Offsets))
			}
			if alg != "dsa-rp" && alg != WithinBestFit {
				mustValidate(t, uncapped(r.Problem), r.Solution, name)
				continue
			}
			if r.Feasible {
				mustValidate(t, r.Problem, r.Solution, name)
			} else if r.Reason == "" {
				t.Fatalf("%s: no fit and no reason", name)
			}
		}
	}
}

// TestStrictThenSoft: two pipeline-stage clones that cannot both fit get
// their separation relaxed into a penalty, and the overlap is reported.
func TestStrictThenSoft(t *testing.T) {
	// s0 [0,2) and s1 [2,4) are disjoint in time but separated as pipeline
	// stages; each takes the whole pool.
	p := onePool(8, buf("s0", 8, 1, 0, 2), buf("s1", 8, 1, 2, 4), buf("x", 4, 1, 4, 6))
	p.Separations = []Separation{{A: 0, B: 1, Reason: "pipeline_stage"}}
	r, err := Solve("dsa-rp", p, Options{TimeLimit: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Feasible || r.RelaxedPairsOverlapped != 1 || len(r.RelaxedSeparations) != 1 || r.Optimal {
		t.Fatalf("feasible %v relaxed %v overlapped %d optimal %v", r.Feasible, r.RelaxedSeparations, r.RelaxedPairsOverlapped, r.Optimal)
	}
	if len(r.Hints) != 1 || r.Hints[0][:10] != "PH-DSA-001" {
		t.Fatalf("hints %q", r.Hints)
	}
	mustValidate(t, r.Problem, r.Solution, "relaxed")
	if Validate(p, r.Solution) == nil {
		t.Fatal("the strict problem should reject the relaxed placement")
	}
	// A separation with another reason is never relaxed.
	p.Separations[0].Reason = "semantic_no_alias"
	r, _ = Solve("dsa-rp", p, Options{TimeLimit: time.Second})
	if r.Feasible || len(r.RelaxedSeparations) != 0 || !r.ProvenInfeasible {
		t.Fatalf("hard separation: feasible %v relaxed %v proven infeasible %v", r.Feasible, r.RelaxedSeparations, r.ProvenInfeasible)
	}
}

func TestSolveRejectsUnknownAlgorithm(t *testing.T) {
	if _, err := Solve("first-fit", onePool(0, buf("a", 1, 1, 0, 1)), Options{}); err == nil {
		t.Fatal("unknown algorithm accepted")
	}
}

func TestCapacityOverride(t *testing.T) {
	p := onePool(4, buf("a", 4, 1, 0, 2), buf("b", 4, 1, 1, 3))
	r, _ := Solve("dsa-rp", p, Options{TimeLimit: time.Second})
	if r.Feasible || !r.ProvenInfeasible {
		t.Fatalf("capacity 4: feasible %v proven %v", r.Feasible, r.ProvenInfeasible)
	}
	r, _ = Solve("dsa-rp", p, Options{Capacity: Unbounded, TimeLimit: time.Second})
	if !r.Feasible || !r.Optimal || r.Peak[0] != 8 {
		t.Fatalf("unbounded: feasible %v optimal %v peak %v", r.Feasible, r.Optimal, r.Peak)
	}
	if p.Pools[0].Capacity != 4 {
		t.Fatal("Solve modified its input")
	}
}

func TestContradictoryPinsRejected(t *testing.T) {
	pin := func(b Buffer, off int64) Buffer { b.Pinned, b.Offset = true, off; return b }
	p := onePool(0, pin(buf("a", 8, 1, 0, 4), 0), pin(buf("b", 8, 1, 2, 6), 4))
	if _, err := Solve("best-fit", p, Options{}); err == nil || !strings.Contains(err.Error(), "pinned to overlapping bytes") {
		t.Fatalf("error %v", err)
	}
	p.Buffers[1].Live = []Interval{{4, 6}} // no longer live together: fine
	if _, err := Solve("best-fit", p, Options{}); err != nil {
		t.Fatal(err)
	}
	p.Pools[0].Reserved = []Interval{{2, 3}}
	if _, err := Solve("best-fit", p, Options{}); err == nil || !strings.Contains(err.Error(), "reserved bytes [2, 3)") {
		t.Fatalf("error %v", err)
	}
}

// TestExclusiveMeansSeparatedFromAll: an exclusive buffer is one flag,
// but it means what the schema's exclusive_for_all_time pin used to be
// written out as, a separation from every other buffer of its pool. Every
// algorithm, on random problems with exclusive buffers (pinned and not),
// several reserved windows and mixed alignments, gives a placement that
// is valid for the flag and for the pairwise separations alike.
func TestExclusiveMeansSeparatedFromAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 4))
	for iter := range 300 {
		o := genOptions{n: 1 + rng.IntN(25), pools: 1 + rng.IntN(3), maxSize: 16, horizon: 20,
			aligns: []int64{1, 2, 4, 32}, multi: true, seps: true, excl: true, coloc: true,
			pins: true, reserved: true, windows: 1 + rng.IntN(3), penalties: true, zeros: true, exclusive: true}
		p := randomProblem(rng, o)
		sep := pairwise(p)
		for _, alg := range Planners() {
			name := fmt.Sprintf("iter %d %s", iter, alg)
			r, err := Solve(alg, p, Options{Work: 2_000_000, Seed: int64(iter)})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			mustValidate(t, r.Problem, r.Solution, name)
			q := sep
			if r.Problem != p {
				q = pairwise(r.Problem) // dsa-rp relaxed pipeline pairs
			}
			mustValidate(t, q, r.Solution, name+" (as separations)")
		}
	}
}

// pairwise is p with every exclusive flag written out as separations from
// the other buffers of the pool.
func pairwise(p *Problem) *Problem {
	q := *p
	q.Buffers = slices.Clone(p.Buffers)
	q.Separations = slices.Clone(p.Separations)
	for i := range q.Buffers {
		if !q.Buffers[i].Exclusive {
			continue
		}
		q.Buffers[i].Exclusive = false
		for j := range q.Buffers {
			if j != i && q.Buffers[j].Pool == q.Buffers[i].Pool {
				q.Separations = append(q.Separations, Separation{A: i, B: j, Reason: "pinned"})
			}
		}
	}
	return &q
}

// TestEveryAlgorithmHonoursReservedWindows: pools with several reserved
// windows, alignments up to 64 and pinned buffers between them; every
// algorithm's placement keeps every byte out of the windows (Validate),
// and dsa-rp's, when it fits, stays within the capacity.
func TestEveryAlgorithmHonoursReservedWindows(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 5))
	for iter := range 200 {
		o := genOptions{n: 1 + rng.IntN(30), pools: 1 + rng.IntN(2), maxSize: 24, horizon: 16,
			aligns: []int64{1, 8, 32, 64}, multi: true, seps: true, pins: true, reserved: true, windows: 1 + rng.IntN(4)}
		if rng.IntN(2) == 0 {
			o.capacity = 256 + rng.Int64N(512)
			o.pins = false
		}
		p := randomProblem(rng, o)
		for pool := range p.Pools {
			if len(p.Pools[pool].Reserved) == 0 {
				p.Pools[pool].Reserved = []Interval{{0, 1 + rng.Int64N(40)}}
			}
		}
		for _, alg := range Planners() {
			name := fmt.Sprintf("iter %d %s", iter, alg)
			r, err := Solve(alg, p, Options{Work: 2_000_000, Seed: int64(iter)})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if r.Feasible {
				mustValidate(t, r.Problem, r.Solution, name)
			} else {
				mustValidate(t, uncapped(r.Problem), r.Solution, name+" (uncapped)")
			}
		}
	}
}

// TestPinsOnExclusiveBytesRejected: an exclusive pin's bytes are reserved
// for it, so another pin on them is refused whatever the lifetimes, and
// the error names both buffers (a CheckError a reader can locate).
func TestPinsOnExclusiveBytesRejected(t *testing.T) {
	pin := func(b Buffer, off int64, excl bool) Buffer {
		b.Pinned, b.Offset, b.Exclusive = true, off, excl
		return b
	}
	cases := []struct {
		name string
		p    *Problem
		want string
		at   [2]int
	}{
		{"two exclusive", onePool(0, pin(buf("a", 8, 1, 0, 1), 0, true), pin(buf("b", 8, 1, 5, 6), 4, true)),
			"buffers a and b are pinned to overlapping bytes", [2]int{1, 0}},
		{"pin on exclusive", onePool(0, pin(buf("a", 8, 1, 0, 1), 0, true), pin(buf("b", 8, 1, 5, 6), 4, false)),
			"buffer b is pinned to [4, 12), on bytes [0, 8) that buffer a keeps", [2]int{1, 0}},
		{"co-live pins", onePool(0, buf("x", 4, 1, 0, 9), pin(buf("a", 8, 1, 0, 4), 0, false), pin(buf("b", 8, 1, 2, 6), 4, false)),
			"buffers a and b are pinned to overlapping bytes", [2]int{2, 1}},
	}
	for _, c := range cases {
		for _, alg := range Algorithms() {
			_, err := Solve(alg, c.p, Options{})
			var ce *CheckError
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &ce) || ce.Buffer != c.at[0] || ce.Other != c.at[1] {
				t.Fatalf("%s, %s: error %v (%+v), want %q at buffers %v", c.name, alg, err, ce, c.want, c.at)
			}
		}
	}
	// Disjoint exclusive pins, and an unpinned exclusive buffer placed
	// clear of them and of everything else though its lifetime meets none.
	p := onePool(0, pin(buf("a", 8, 1, 0, 1), 0, true), pin(buf("b", 8, 1, 5, 6), 8, true), buf("c", 8, 1, 2, 3), buf("d", 8, 1, 7, 8))
	p.Buffers[3].Exclusive = true
	for _, alg := range Planners() {
		r, err := Solve(alg, p, Options{})
		if err != nil {
			t.Fatalf("%s: %v", alg, err)
		}
		mustValidate(t, pairwise(p), r.Solution, alg)
	}
}
