package planner

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLowerBoundHalfOpen(t *testing.T) {
	// a [0,4) 10, b [4,8) 20, c [2,6) 5: at t in [2,4): a+c = 15; at [4,6):
	// b+c = 25; a and b never together.
	p := onePool(0, buf("a", 10, 1, 0, 4), buf("b", 20, 1, 4, 8), buf("c", 5, 1, 2, 6))
	if got := LowerBound(p); !slices.Equal(got, []int64{25}) {
		t.Fatalf("LowerBound = %v, want [25]", got)
	}
}

func TestLowerBoundPoolsAndClasses(t *testing.T) {
	p := &Problem{
		Pools: []Pool{{Name: "x"}, {Name: "y"}},
		Buffers: []Buffer{
			buf("a", 10, 1, 0, 4), buf("b", 7, 1, 2, 6),
			{Name: "c", Size: 3, Align: 1, Live: []Interval{{0, 10}}, Pool: 1},
			{Name: "d", Size: 4, Align: 1, Live: []Interval{{5, 9}}, Pool: 1},
		},
	}
	if got := LowerBound(p); !slices.Equal(got, []int64{17, 7}) {
		t.Fatalf("LowerBound = %v, want [17 7]", got)
	}
	// Colocated a and b share storage: at [2,4) the class holds 10 bytes.
	p.Colocations = [][]int{{0, 1}}
	if got := LowerBound(p); !slices.Equal(got, []int64{10, 7}) {
		t.Fatalf("LowerBound with colocation = %v, want [10 7]", got)
	}
}

func TestPeakAndReuseCost(t *testing.T) {
	p := onePool(0, buf("a", 10, 1, 0, 4), buf("b", 20, 1, 4, 8), buf("c", 5, 1, 4, 8), buf("z", 0, 1, 0, 1))
	p.Penalties = []Penalty{{A: 0, B: 1, Cost: 3}, {A: 0, B: 2, Cost: 7}, {A: 1, B: 3, Cost: 100}}
	s := Solution{Offsets: []int64{0, 5, 25, 500}}
	if got := Peak(p, s); !slices.Equal(got, []int64{30}) {
		t.Errorf("Peak = %v, want [30] (the empty buffer does not count)", got)
	}
	// a [0,10) overlaps b [5,25) (3) but not c [25,30); z is empty.
	if got := ReuseCost(p, s); got != 3 {
		t.Errorf("ReuseCost = %d, want 3", got)
	}
	p.Pools[0].Capacity = 28
	if got := Overflow(p, s); got != 2 {
		t.Errorf("Overflow = %d, want 2", got)
	}
}

func TestConflictsByHand(t *testing.T) {
	p := onePool(0, buf("a", 1, 1, 0, 4), buf("b", 1, 1, 4, 8), buf("c", 1, 1, 3, 5), buf("d", 1, 1, 6, 7))
	p.Separations = []Separation{{A: 0, B: 3}}
	p.TemporalExclusions = [][2]int{{1, 2}}
	got := Conflicts(p).Adj
	want := [][]int32{{2, 3}, {3}, {0}, {0, 1}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("Conflicts (-want +got):\n%s", diff)
	}
}

// TestConflictsAgainstPairwise checks the sweep against the O(n^2)
// definition on random problems with every feature.
func TestConflictsAgainstPairwise(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for iter := range 300 {
		p := randomProblem(rng, genOptions{n: 1 + rng.IntN(12), pools: 2, maxSize: 5, horizon: 12,
			multi: true, seps: true, excl: true, coloc: true})
		g := Conflicts(p)
		class := colocationClassOf(p, ColocationClasses(p))
		sep := map[uint64]bool{}
		for _, s := range p.Separations {
			sep[PairKey(s.A, s.B)] = true
		}
		ex := map[uint64]bool{}
		for _, e := range p.TemporalExclusions {
			ex[PairKey(e[0], e[1])] = true
		}
		edges := 0
		for i := range p.Buffers {
			for j := range p.Buffers {
				if i == j {
					continue
				}
				same := p.Buffers[i].Pool == p.Buffers[j].Pool
				want := same && (sep[PairKey(i, j)] ||
					(LiveOverlap(p.Buffers[i].Live, p.Buffers[j].Live) && !ex[PairKey(i, j)] && (class[i] < 0 || class[i] != class[j])))
				if g.Has(i, j) != want {
					t.Fatalf("iter %d: edge %d-%d = %v, want %v\n%+v", iter, i, j, g.Has(i, j), want, p)
				}
				if want {
					edges++
				}
			}
		}
		if g.Edges() != edges/2 {
			t.Fatalf("iter %d: %d edges, want %d", iter, g.Edges(), edges/2)
		}
	}
}

func TestChainedColocationsAreOneClass(t *testing.T) {
	// [a b] and [b c], as the JSON schema's pairs list a class of three: a,
	// b and c share one offset. a [0,4) and c [2,6) are live together but
	// are the same storage: the class holds at most 8 bytes at any time,
	// and placing all three at offset 0 is valid.
	p := onePool(0, buf("a", 8, 1, 0, 4), buf("b", 8, 1, 1, 3), buf("c", 8, 1, 2, 6), buf("d", 4, 1, 0, 6))
	p.Colocations = [][]int{{0, 1}, {1, 2}}
	if got := LowerBound(p); !slices.Equal(got, []int64{12}) {
		t.Errorf("LowerBound = %v, want [12] (class 8 + d 4)", got)
	}
	if err := Validate(p, Solution{Offsets: []int64{0, 0, 0, 8}}); err != nil {
		t.Errorf("a chained class at one offset rejected: %v", err)
	}
	if err := Validate(p, Solution{Offsets: []int64{0, 0, 4, 12}}); err == nil {
		t.Error("a chained class split over two offsets accepted")
	}
}
