package planner

import (
	stdcmp "cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// ffdProblem: sizes 100, 60, 60, 30, 30 so the order is A B C D E.
// A takes group 0; B [4,8) is disjoint from A and joins it; C [0,4)
// overlaps A and opens group 1; D [4,6) overlaps B, so it joins group 1;
// E [8,9) fits group 0.
func ffdProblem() *Problem {
	return onePool(0, buf("A", 100, 1, 0, 4), buf("B", 60, 1, 4, 8), buf("C", 60, 1, 0, 4),
		buf("D", 30, 1, 4, 6), buf("E", 30, 1, 8, 9))
}

func TestFFDShareFirstFitDecreasing(t *testing.T) {
	g, err := FFDShare(ffdProblem(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]int{{0, 1, 4}, {2, 3}}, g.Members); diff != "" {
		t.Fatalf("groups (-want +got):\n%s", diff)
	}
	if !slices.Equal(g.Size, []int64{100, 60}) || !slices.Equal(g.Of, []int{0, 0, 1, 1, 0}) {
		t.Fatalf("sizes %v of %v", g.Size, g.Of)
	}
}

func TestFFDShareGates(t *testing.T) {
	p := ffdProblem()
	p.Separations = []Separation{{A: 4, B: 0}} // E may not join A's group
	g, _ := FFDShare(p, nil)
	if diff := cmp.Diff([][]int{{0, 1}, {2, 3, 4}}, g.Members); diff != "" {
		t.Fatalf("with separation (-want +got):\n%s", diff)
	}
	// The gate is asked both ways: refusing only (C, D) still splits them.
	calls := map[[2]int]bool{}
	g, _ = FFDShare(ffdProblem(), func(i, j int) bool {
		calls[[2]int{i, j}] = true
		return !(i == 2 && j == 3)
	})
	if diff := cmp.Diff([][]int{{0, 1, 4}, {2}, {3}}, g.Members); diff != "" {
		t.Fatalf("with gate (-want +got):\n%s", diff)
	}
	if !calls[[2]int{3, 2}] || !calls[[2]int{2, 3}] {
		t.Fatalf("gate not asked in both directions: %v", calls)
	}
}

func TestFFDSharePinnedIsClosed(t *testing.T) {
	p := ffdProblem()
	p.Buffers[2].Pinned, p.Buffers[2].Offset = true, 500 // C
	g, _ := FFDShare(p, nil)
	// C's slot is closed, so D (which would have joined it) opens its own.
	if diff := cmp.Diff([][]int{{0, 1, 4}, {2}, {3}}, g.Members); diff != "" {
		t.Fatalf("groups (-want +got):\n%s", diff)
	}
	if !g.Closed[1] || g.Closed[0] || g.Closed[2] {
		t.Fatalf("closed flags %v", g.Closed)
	}
}

// Found by FuzzReadJSONNumbers: when the count of open groups did not
// rule a buffer out, the scan let it join a pinned buffer's closed group,
// and it landed on the pin's offset whatever its own alignment. Here P
// opens a closed group, y an open one, and x (aligned to 16, live while
// neither is) fits both in time: it must join y's.
func TestFFDPinnedGroupStaysClosed(t *testing.T) {
	p := onePool(0, buf("P", 64, 1, 0, 2), buf("y", 32, 1, 10, 12), buf("x", 16, 16, 4, 6))
	p.Buffers[0].Pinned, p.Buffers[0].Offset = true, 8
	g, err := FFDShare(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([][]int{{0}, {1, 2}}, g.Members); diff != "" {
		t.Fatalf("groups (-want +got):\n%s", diff)
	}
	_, r := solveOffsets(t, "ffd", p)
	mustValidate(t, p, r.Solution, "ffd")
}

func TestFFDPlacement(t *testing.T) {
	p := ffdProblem()
	off, r := solveOffsets(t, "ffd", p)
	// Slot 0 (100 bytes, live [0,9)) at 0; slot 1 (60, live [0,6)) overlaps
	// it and goes on top.
	if want := []int64{0, 0, 100, 100, 0}; !slices.Equal(off, want) {
		t.Fatalf("offsets %v, want %v", off, want)
	}
	mustValidate(t, p, r.Solution, "ffd")
}

// TestFFDFilterMatchesPlainScan checks the bucket filter and saturation
// shortcut against the plain first-fit scan on random problems.
func TestFFDFilterMatchesPlainScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for iter := range 300 {
		p := randomProblem(rng, genOptions{n: 1 + rng.IntN(60), pools: 2, maxSize: 8, horizon: 40, multi: true, seps: true})
		g, err := FFDShare(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := plainFFD(p); !slices.Equal(g.Of, want) {
			t.Fatalf("iter %d: groups %v, plain scan %v", iter, g.Of, want)
		}
	}
}

// plainFFD is FFDShare written the obvious O(n^2) way.
func plainFFD(p *Problem) []int {
	order := make([]int, len(p.Buffers))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return stdcmp.Compare(p.Buffers[b].Size, p.Buffers[a].Size) })
	sep := map[uint64]bool{}
	for _, s := range p.Separations {
		sep[PairKey(s.A, s.B)] = true
	}
	var groups [][]int
	of := make([]int, len(p.Buffers))
	for _, i := range order {
		g := -1
	scan:
		for k, members := range groups {
			if p.Buffers[members[0]].Pool != p.Buffers[i].Pool {
				continue
			}
			for _, j := range members {
				if sep[PairKey(i, j)] || LiveOverlap(p.Buffers[i].Live, p.Buffers[j].Live) {
					continue scan
				}
			}
			g = k
			break
		}
		if g < 0 {
			g = len(groups)
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
		of[i] = g
	}
	return of
}

func TestFFDShareTemporalExclusion(t *testing.T) {
	// B overlaps A in time, but the two are never live on one path.
	p := onePool(0, buf("A", 100, 1, 0, 4), buf("B", 60, 1, 2, 6), buf("C", 30, 1, 3, 5))
	p.TemporalExclusions = [][2]int{{1, 0}}
	g, err := FFDShare(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	// C overlaps both A and B without an exclusion: a group of its own.
	if diff := cmp.Diff([][]int{{0, 1}, {2}}, g.Members); diff != "" {
		t.Fatalf("groups (-want +got):\n%s", diff)
	}
}
