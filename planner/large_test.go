package planner

import (
	"slices"
	"testing"
	"time"
)

// TestLgPairs: the large-pool work estimate counts the same pairs as the
// sweep that routes pools to the large path.
func TestLgPairs(t *testing.T) {
	for _, n := range []int{1, 10, 300, 2000} {
		p := traceProblem(n)
		i := in(p)
		g, ok := newLgPool(i, 0)
		if !ok {
			t.Fatal("a plain trace is not plain")
		}
		if got, want := g.pairs(), lifetimePairs(i, 0); got != want {
			t.Fatalf("n=%d: pairs %d, want %d", n, got, want)
		}
	}
}

// TestLargePlainOrders: every run of the large-pool portfolio gives a
// placement the validator accepts, and the portfolio keeps one of them, no
// worse than its first.
func TestLargePlainOrders(t *testing.T) {
	p := traceProblem(3000)
	i := in(p)
	g, _ := newLgPool(i, 0)
	m := newMeter(time.Time{}, nil)
	lg := newLgGreedy(g, m)
	var peaks []int64
	for _, r := range lgPortfolio {
		o, pk := lg.run(g.orders()[r.order], r.tight, 0, 1<<62)
		off := make([]int64, len(i.units))
		for x, k := range g.units {
			off[k] = o[x]
		}
		mustValidate(t, p, i.solution(off), "large-pool run")
		if got := unitPeaks(i, off)[0]; got != pk {
			t.Fatalf("run reports peak %d, placement has %d", pk, got)
		}
		peaks = append(peaks, pk)
	}
	off := bestFit(i)
	got := largePlain(i, g, off, 1<<62, newMeter(time.Time{}, nil), 1<<62)
	mustValidate(t, p, i.solution(off), "large-pool portfolio")
	if got > peaks[0] || !slices.Contains(peaks, got) || unitPeaks(i, off)[0] != got {
		t.Fatalf("portfolio kept peak %d (placement %d), runs gave %v", got, unitPeaks(i, off)[0], peaks)
	}
}
