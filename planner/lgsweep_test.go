package planner

import (
	"math/rand/v2"
	"testing"
	"time"
)

// sweepAll runs the time sweep around the given fixed offsets (per lgPool
// item, -1 for a swept item) and returns the offsets per instance unit and
// the peak the sweep reports.
func sweepAll(t *testing.T, i *instance, g *lgPool, fixed []int64) ([]int64, int64) {
	t.Helper()
	x := append([]int64(nil), fixed...)
	pk := newLgSweep(g, newMeter(time.Time{}, nil)).run(x, 0, 1<<62)
	off := make([]int64, len(i.units))
	for k, u := range g.units {
		off[u] = x[k]
	}
	return off, pk
}

func unfixed(n int) []int64 {
	x := make([]int64, n)
	for k := range x {
		x[k] = -1
	}
	return x
}

// TestLgSweepAvoidsLaterFixed: a swept buffer born before a fixed one and
// still live when it is born must keep clear of its bytes, though they are
// free when the swept one is placed.
func TestLgSweepAvoidsLaterFixed(t *testing.T) {
	p := onePool(0, buf("fixed", 10, 1, 5, 10), buf("swept", 10, 1, 0, 8))
	i := in(p)
	g, ok := newLgPool(i, 0)
	if !ok {
		t.Fatal("a plain problem is not plain")
	}
	fixed := unfixed(2)
	fixed[0] = 0
	off, pk := sweepAll(t, i, g, fixed)
	mustValidate(t, p, i.solution(off), "sweep")
	if off[1] < 10 || pk != off[1]+10 {
		t.Fatalf("swept buffer at %d, peak %d: it overlaps the fixed one or the peak is wrong", off[1], pk)
	}
}

// TestLgSweepReuses: buffers that never live together all go to offset 0.
func TestLgSweepReuses(t *testing.T) {
	p := onePool(0, buf("a", 30, 1, 0, 2), buf("b", 20, 1, 2, 5), buf("c", 40, 1, 5, 6), buf("d", 10, 1, 6, 9))
	i := in(p)
	g, _ := newLgPool(i, 0)
	off, pk := sweepAll(t, i, g, unfixed(4))
	mustValidate(t, p, i.solution(off), "sweep")
	if pk != 40 {
		t.Fatalf("peak %d, want 40 (the largest buffer): offsets %v", pk, off)
	}
}

// TestLgSweepRandom: on random traces, with random alignments and random
// fixed subsets placed by the greedy, every sweep gives a placement the
// independent validator accepts, with the peak it reports; fixing every
// item leaves the greedy's placement as it was.
func TestLgSweepRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 7))
	for trial := range 60 {
		var p *Problem
		if trial%2 == 0 {
			p = traceProblem(50 + rng.IntN(400))
		} else {
			p = randomProblem(rng, genOptions{n: 5 + rng.IntN(80), maxSize: 100, horizon: 30, aligns: []int64{1, 2, 8, 32}})
		}
		i := in(p)
		g, ok := newLgPool(i, 0)
		if !ok {
			t.Fatalf("trial %d: a plain problem is not plain", trial)
		}
		n := len(g.size)
		var order []int32
		for _, k := range g.orders()[rng.IntN(3)] {
			if rng.IntN(4) == 0 || trial%10 == 9 {
				order = append(order, k)
			}
		}
		gr, _ := newLgGreedy(g, newMeter(time.Time{}, nil)).run(order, rng.IntN(2) == 0, 0, 1<<62)
		fixed := unfixed(n)
		for _, k := range order {
			fixed[k] = gr[k]
		}
		off, pk := sweepAll(t, i, g, fixed)
		mustValidate(t, p, i.solution(off), "sweep")
		if got := unitPeaks(i, off)[0]; n > 0 && got != pk {
			t.Fatalf("trial %d: sweep reports peak %d, placement has %d", trial, pk, got)
		}
		for x, u := range g.units {
			if fixed[x] >= 0 && off[u] != fixed[x] {
				t.Fatalf("trial %d: the sweep moved fixed item %d", trial, x)
			}
		}
	}
}

// TestLargeHybrid: the hybrid portfolio's placement is valid, its peak is
// the one it reports and no run of it is beaten by what it keeps; a peak
// already within reach of the load bound stops it before any run.
func TestLargeHybrid(t *testing.T) {
	p := traceProblem(3000)
	i := in(p)
	g, _ := newLgPool(i, 0)
	off := make([]int64, len(i.units))
	pk := largeHybrid(g, off, 0, newMeter(time.Time{}, nil), 1<<62)
	mustValidate(t, p, i.solution(off), "hybrid")
	if got := unitPeaks(i, off)[0]; got != pk || pk < g.lb {
		t.Fatalf("hybrid reports %d, placement has %d, load bound %d", pk, got, g.lb)
	}
	for _, sk := range lgSkeletons {
		sel := g.skeleton(sk, g.order(sk.order))
		gr, _ := newLgGreedy(g, newMeter(time.Time{}, nil)).run(sel, true, 0, 1<<62)
		x := unfixed(len(g.size))
		for _, k := range sel {
			x[k] = gr[k]
		}
		if _, one := sweepAll(t, i, g, x); one < pk {
			t.Fatalf("skeleton %+v alone reaches %d, the portfolio kept %d", sk, one, pk)
		}
	}
	if got := largeHybrid(g, make([]int64, len(i.units)), g.lb, newMeter(time.Time{}, nil), 1<<62); got != g.lb {
		t.Fatalf("with the load bound as cutoff the hybrid returned %d, want the cutoff %d back", got, g.lb)
	}
}

// TestPairsAmong: the skeleton's work estimate counts the same pairs as
// the sweep over every item when every item is listed.
func TestPairsAmong(t *testing.T) {
	p := traceProblem(2000)
	i := in(p)
	g, _ := newLgPool(i, 0)
	all := g.orders()[0]
	if got, want := g.pairsAmong(all), g.pairs(); got != want {
		t.Fatalf("pairsAmong(all) = %d, pairs() = %d", got, want)
	}
}

// TestLgSweepLanes: lanes of equal-size buffers, each lane back to back
// from 0 to the horizon with random boundaries, and a few long-lived
// buffers in the skeleton: the buffers born at a point exactly fill the
// bytes freed there, so the sweep must reach the load bound (every lane
// plus the long ones).
func TestLgSweepLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 11))
	for trial := range 30 {
		const w, horizon = 96, 200
		p := onePool(0)
		lanes := 2 + rng.IntN(12)
		for range lanes {
			for s := int64(0); s < horizon; {
				e := min(horizon, s+1+rng.Int64N(20))
				p.Buffers = append(p.Buffers, buf("", w, 1, s, e))
				s = e
			}
		}
		long := rng.IntN(4)
		for range long {
			p.Buffers = append(p.Buffers, buf("", 1+rng.Int64N(500), 1, 0, horizon))
		}
		i := in(p)
		g, _ := newLgPool(i, 0)
		fixed := unfixed(len(g.size))
		var sel []int32
		for x := range g.size {
			if g.end[x]-g.start[x] == horizon && g.size[x] != w {
				sel = append(sel, int32(x))
			}
		}
		gr, _ := newLgGreedy(g, newMeter(time.Time{}, nil)).run(sel, true, 0, 1<<62)
		for _, x := range sel {
			fixed[x] = gr[x]
		}
		off, pk := sweepAll(t, i, g, fixed)
		mustValidate(t, p, i.solution(off), "sweep")
		if pk != g.lb {
			t.Fatalf("trial %d: %d lanes, %d long buffers: peak %d, load bound %d", trial, lanes, long, pk, g.lb)
		}
	}
}
