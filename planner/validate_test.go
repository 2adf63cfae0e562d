package planner

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func TestValidateAcceptsTouchingLifetimes(t *testing.T) {
	// a ends at 4 where b starts: half-open, so they may share bytes.
	p := onePool(64, buf("a", 64, 1, 0, 4), buf("b", 64, 1, 4, 8))
	if err := Validate(p, Solution{Offsets: []int64{0, 0}}); err != nil {
		t.Fatalf("touching lifetimes rejected: %v", err)
	}
}

func TestValidateReportsViolations(t *testing.T) {
	base := func() *Problem {
		return onePool(100, buf("a", 10, 4, 0, 5), buf("b", 10, 1, 3, 8), buf("c", 10, 1, 10, 12))
	}
	cases := []struct {
		name   string
		mutate func(p *Problem)
		off    []int64
		want   []string // substrings of the error
	}{
		{"overlap while live", nil, []int64{0, 5, 40}, []string{`"a" [0, 10)`, `"b" [5, 15)`, "bytes [5, 10)", "time 3"}},
		{"misaligned", nil, []int64{2, 20, 40}, []string{`"a"`, "alignment 4"}},
		{"negative", nil, []int64{-4, 20, 40}, []string{`"a"`, "negative offset"}},
		{"capacity", nil, []int64{0, 20, 95}, []string{`"c" [95, 105)`, "capacity 100"}},
		{"reserved", func(p *Problem) { p.Pools[0].Reserved = []Interval{{50, 60}} }, []int64{0, 20, 55}, []string{`"c"`, "reserved bytes [50, 60)"}},
		{"separated", func(p *Problem) { p.Separations = []Separation{{A: 0, B: 2, Reason: "pipeline_stage"}} }, []int64{0, 20, 5}, []string{`"a" [0, 10)`, `"c" [5, 15)`, "pipeline_stage"}},
		{"pinned", func(p *Problem) { p.Buffers[2].Pinned, p.Buffers[2].Offset = true, 30 }, []int64{0, 20, 40}, []string{`"c"`, "pinned to offset 30"}},
		{"colocation", func(p *Problem) { p.Colocations = [][]int{{0, 2}} }, []int64{0, 20, 40}, []string{`"a"`, `"c"`, "colocated"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := base()
			if tc.mutate != nil {
				tc.mutate(p)
			}
			err := Validate(p, Solution{Offsets: tc.off})
			if err == nil {
				t.Fatal("accepted an invalid solution")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestValidateExemptions(t *testing.T) {
	p := onePool(0, buf("a", 10, 1, 0, 5), buf("b", 10, 1, 3, 8), buf("z", 0, 1, 0, 8))
	off := []int64{0, 0, 0}
	if Validate(p, Solution{Offsets: off}) == nil {
		t.Fatal("overlapping live buffers accepted")
	}
	p.TemporalExclusions = [][2]int{{1, 0}}
	if err := Validate(p, Solution{Offsets: off}); err != nil {
		t.Errorf("temporal exclusion not honoured: %v", err)
	}
	p.TemporalExclusions = nil
	p.Colocations = [][]int{{0, 1}}
	if err := Validate(p, Solution{Offsets: off}); err != nil {
		t.Errorf("colocated buffers must share: %v", err)
	}
}

func TestValidateMultiInterval(t *testing.T) {
	a := Buffer{Name: "a", Size: 8, Align: 1, Live: []Interval{{0, 2}, {6, 8}}}
	b := buf("b", 8, 1, 2, 6) // fits in a's hole
	c := buf("c", 8, 1, 5, 7) // hits a's second interval
	p := onePool(0, a, b, c)
	if err := Validate(p, Solution{Offsets: []int64{0, 0, 8}}); err != nil {
		t.Fatalf("hole reuse rejected: %v", err)
	}
	if Validate(p, Solution{Offsets: []int64{0, 8, 0}}) == nil {
		t.Fatal("overlap with a's second interval accepted")
	}
}

// TestValidateAgainstPairwise compares Validate with a direct pairwise
// definition on random problems and random (mostly invalid) solutions.
func TestValidateAgainstPairwise(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := range 400 {
		p := randomProblem(rng, genOptions{n: 2 + rng.IntN(7), pools: 2, maxSize: 6, horizon: 10,
			aligns: []int64{1, 2}, multi: true, seps: true, excl: true, coloc: true, zeros: true})
		s := Solution{Offsets: make([]int64, len(p.Buffers))}
		for i := range s.Offsets {
			s.Offsets[i] = p.Buffers[i].Align * rng.Int64N(6)
		}
		for _, c := range p.Colocations {
			s.Offsets[c[1]] = s.Offsets[c[0]]
			if s.Offsets[c[0]]%p.Buffers[c[1]].Align != 0 {
				s.Offsets[c[0]], s.Offsets[c[1]] = 0, 0
			}
		}
		want := pairwiseValid(p, s)
		got := Validate(p, s)
		if (got == nil) != want {
			t.Fatalf("iter %d: Validate=%v, pairwise valid=%v\nproblem %+v\noffsets %v", iter, got, want, p, s.Offsets)
		}
	}
}

// pairwiseValid is the O(n^2) definition of a valid solution for problems
// without capacities, pins or reserved ranges.
func pairwiseValid(p *Problem, s Solution) bool {
	for i := range p.Buffers {
		if s.Offsets[i]%p.Buffers[i].Align != 0 {
			return false
		}
	}
	sep := map[uint64]bool{}
	for _, q := range p.Separations {
		sep[PairKey(q.A, q.B)] = true
	}
	exempt := map[uint64]bool{}
	for _, q := range p.TemporalExclusions {
		exempt[PairKey(q[0], q[1])] = true
	}
	for _, c := range p.Colocations {
		exempt[PairKey(c[0], c[1])] = true
	}
	for i := range p.Buffers {
		for j := i + 1; j < len(p.Buffers); j++ {
			if !bytesShared(p, s, i, j) {
				continue
			}
			if sep[PairKey(i, j)] {
				return false
			}
			if LiveOverlap(p.Buffers[i].Live, p.Buffers[j].Live) && !exempt[PairKey(i, j)] {
				return false
			}
		}
	}
	return true
}

// An empty reserved range reserves no byte (found by FuzzReadJSONNumbers:
// best fit placed a buffer across [128, 128) and validation refused it).
func TestValidateEmptyReservedRange(t *testing.T) {
	p := onePool(0, buf("a", 256, 1, 0, 4))
	p.Pools[0].Reserved = []Interval{{128, 128}}
	if err := Validate(p, Solution{Offsets: []int64{0}}); err != nil {
		t.Fatal(err)
	}
	p.Pools[0].Reserved = []Interval{{128, 129}}
	if err := Validate(p, Solution{Offsets: []int64{0}}); err == nil {
		t.Fatal("a buffer over a reserved byte accepted")
	}
	// A pin across the empty range is no contradiction either.
	p.Pools[0].Reserved = []Interval{{128, 128}}
	p.Buffers[0].Pinned = true
	for _, alg := range Planners() {
		r, err := Solve(alg, p, Options{TimeLimit: time.Second})
		if err != nil {
			t.Fatalf("%s: %v", alg, err)
		}
		mustValidate(t, p, r.Solution, alg)
	}
}

// Capacity bounds the bytes used. A buffer of size 0 uses none, wherever
// it sits, as Peak (and so the feasibility Solve reports) has it (found
// by FuzzReadJSONConstraints: ffd put an empty buffer separated from the
// others above them, claimed a fit, and validation refused it).
func TestValidateEmptyBufferAboveCapacity(t *testing.T) {
	p := onePool(111, buf("a", 0, 32, 4, 22), buf("b", 40, 1, 19, 59), buf("c", 104, 16, 0, 4))
	p.Separations = []Separation{{A: 0, B: 1}}
	if err := Validate(p, Solution{Offsets: []int64{128, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	for _, alg := range Planners() {
		r, err := Solve(alg, p, Options{TimeLimit: time.Second})
		if err != nil {
			t.Fatalf("%s: %v", alg, err)
		}
		switch {
		case r.Feasible:
			mustValidate(t, r.Problem, r.Solution, alg)
		case alg == "ffd" || alg == "best-fit" || alg == "dsa-rp" || alg == WithinBestFit:
			t.Fatalf("%s: no fit: %s", alg, r.Reason) // b and c never live together
		default: // the lifetime-blind packers
			mustValidate(t, uncapped(r.Problem), r.Solution, alg)
		}
	}
	// A non-empty buffer there is still refused.
	p.Buffers[0].Size = 1
	if err := Validate(p, Solution{Offsets: []int64{128, 0, 0}}); err == nil || !strings.Contains(err.Error(), "exceeds capacity 111") {
		t.Fatalf("error %v", err)
	}
}
