package planner

import (
	"slices"
	"testing"
)

func TestTrivialPacksInOrder(t *testing.T) {
	p := onePool(0, buf("a", 10, 1, 0, 1), buf("b", 5, 8, 5, 6), buf("c", 3, 4, 9, 10))
	off, _ := solveOffsets(t, "trivial", p)
	// 0; alignUp(10, 8) = 16; alignUp(21, 4) = 24: lifetimes ignored.
	if want := []int64{0, 16, 24}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
}

func TestTrivialSkipsObstacles(t *testing.T) {
	p := onePool(0, buf("a", 10, 1, 0, 1), buf("b", 5, 8, 0, 1), buf("c", 3, 4, 0, 1),
		Buffer{Name: "d", Size: 10, Align: 1, Live: []Interval{{0, 1}}, Pinned: true, Offset: 30},
		buf("e", 5, 1, 0, 1))
	p.Pools[0].Reserved = []Interval{{0, 4}}
	off, r := solveOffsets(t, "trivial", p)
	// a above the reserved [0,4); e at 27 would hit pinned d [30,40).
	if want := []int64{4, 16, 24, 30, 40}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
	mustValidate(t, p, r.Solution, "trivial")
}

func TestSequentialByNameAligned32(t *testing.T) {
	p := onePool(0, buf("t2", 100, 1, 0, 1), buf("t10", 40, 1, 5, 6), buf("a", 1, 64, 9, 10))
	p.Pools[0].Reserved = []Interval{{0, 48}}
	off, r := solveOffsets(t, "sequential", p)
	// Name order a, t10, t2 from the end of the reserved window (48): a at
	// a 64-aligned 64, next alignUp(65, 32) = 96; t10 at 96, next 160; t2
	// at 160.
	if want := []int64{160, 96, 64}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
	mustValidate(t, p, r.Solution, "sequential")
}
