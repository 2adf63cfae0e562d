package planner

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestImproveCost: local search never makes a placement dearer, keeps it
// free of conflicts and inside the capacity, and reports its true cost.
func TestImproveCost(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	improved := 0
	for iter := range 60 {
		p := randomProblem(rng, genOptions{n: 10 + rng.IntN(30), maxSize: 8, horizon: 30, aligns: []int64{1, 2},
			seps: true, penalties: true, capacity: 24, reserved: true})
		for _, c := range components(in(p), 0, nil) {
			start := c.portfolio(24, true, 0, 0, newMeter(time.Time{}, nil), 1<<40)
			if start.over > 0 {
				continue
			}
			got := c.improveCost(start, 24, int64(iter), 0, newMeter(time.Time{}, nil), 200_000)
			if got.cost > start.cost || got.cost != c.cost(got.off) || got.peak > 24 {
				t.Fatalf("iter %d: cost %d (true %d) from %d, peak %d", iter, got.cost, c.cost(got.off), start.cost, got.peak)
			}
			if got.cost < start.cost {
				improved++
			}
			for i := range c.n {
				for _, o := range c.obst[i] {
					if got.off[i] < o.end && o.off < got.off[i]+c.size[i] {
						t.Fatalf("iter %d: item %d on an obstacle", iter, i)
					}
				}
				if got.off[i]%c.align[i] != 0 {
					t.Fatalf("iter %d: item %d misaligned", iter, i)
				}
				for _, j := range c.hard[i] {
					if overlaps(got.off, c.size, i, int(j)) {
						t.Fatalf("iter %d: conflicting items %d and %d overlap", iter, i, j)
					}
				}
			}
		}
	}
	if improved == 0 {
		t.Fatal("local search never improved on the portfolio: the test exercises nothing")
	}
}
