package planner

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func solveOffsets(t *testing.T, alg string, p *Problem) ([]int64, *Result) {
	t.Helper()
	r, err := Solve(alg, p, Options{})
	if err != nil {
		t.Fatalf("%s: %v", alg, err)
	}
	return r.Solution.Offsets, r
}

// The two expectations from upstream MLIR's best-fit tests, worked out in
// the package documentation of bestFit.
func TestBestFitUpstreamSmallestGap(t *testing.T) {
	p := onePool(0,
		buf("A", 4096, 1, 0, 6), buf("B", 1024, 1, 1, 4), buf("C", 4096, 1, 2, 8),
		buf("D", 1024, 1, 3, 5), buf("E", 512, 1, 7, 9))
	off, r := solveOffsets(t, "best-fit", p)
	// E at 7 sees only C live: gaps [0,5120) (5120 bytes) and the trailing
	// [9216,10240) (1024 bytes); the smaller wins.
	if want := []int64{0, 4096, 5120, 9216, 9216}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
	if r.Peak[0] != 10240 {
		t.Fatalf("arena %d, want 10240", r.Peak[0])
	}
	mustValidate(t, p, r.Solution, "best-fit")
}

func TestBestFitUpstreamAlignment(t *testing.T) {
	p := onePool(0,
		buf("A", 128, 128, 0, 6), buf("B", 56, 1, 1, 3), buf("C", 128, 128, 2, 7),
		buf("D", 64, 128, 4, 8), buf("E", 64, 256, 5, 9))
	off, r := solveOffsets(t, "best-fit", p)
	// D fits the gap [128,256) left by B; E needs 256-alignment: 256 is
	// where C sits, so it goes to alignUp(384, 256) = 512.
	if want := []int64{0, 128, 256, 128, 512}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
	if r.Peak[0] != 576 {
		t.Fatalf("arena %d, want 576", r.Peak[0])
	}
}

func TestBestFitOrderAndTies(t *testing.T) {
	// Equal starts keep buffer order; two equal gaps tie to the lower one.
	p := onePool(0,
		buf("x", 8, 1, 0, 10), buf("g1", 4, 1, 0, 2), buf("y", 8, 1, 0, 10),
		buf("g2", 4, 1, 0, 2), buf("z", 8, 1, 0, 10), buf("n", 4, 1, 3, 5))
	off, _ := solveOffsets(t, "best-fit", p)
	// Layout: x0 g1 8 y12 g2 20 z24; at 3 g1, g2 are dead: gaps [8,12),
	// [20,24) both of size 4: the lower one.
	if want := []int64{0, 8, 12, 20, 24, 8}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
}

func TestBestFitSeparationsAndReserved(t *testing.T) {
	p := onePool(0, buf("a", 16, 1, 0, 2), buf("b", 16, 1, 2, 4), buf("c", 16, 1, 4, 6))
	p.Separations = []Separation{{A: 0, B: 2}}
	p.Pools[0].Reserved = []Interval{{16, 32}}
	off, r := solveOffsets(t, "best-fit", p)
	// a at 0; b reuses 0; c may not touch a (separated): above the
	// reserved range, at 32.
	if want := []int64{0, 0, 32}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
	mustValidate(t, p, r.Solution, "best-fit")
}

// TestBestFitFastMatchesGeneral runs the O(n log n) path and the general
// path on the same single-interval problems: they must agree exactly.
func TestBestFitFastMatchesGeneral(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for iter := range 500 {
		p := randomProblem(rng, genOptions{n: 1 + rng.IntN(40), pools: 1 + rng.IntN(2), maxSize: 50,
			horizon: 30, aligns: []int64{1, 4, 8}, zeros: true})
		in, err := newInstance(p)
		if err != nil {
			t.Fatal(err)
		}
		if !in.simple() {
			t.Fatal("generator produced a non-simple problem")
		}
		fast, general := bestFitFast(in), bestFitGeneral(in)
		if !slices.Equal(fast, general) {
			t.Fatalf("iter %d: fast %v, general %v\n%+v", iter, fast, general, p)
		}
		mustValidate(t, p, in.solution(fast), "best-fit")
	}
}
