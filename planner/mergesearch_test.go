package planner

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/internal/gen/guillotine"
)

// mergeSearchAll runs the merge search on every component of p at
// capacity; it returns the placement, or nil when some component was not
// packed. Components the search does not apply to fail the test.
func mergeSearchAll(t *testing.T, p *Problem, capacity, work int64) (*instance, []int64) {
	t.Helper()
	in, err := newInstance(p)
	if err != nil {
		t.Fatal(err)
	}
	off := make([]int64, len(in.units))
	for _, c := range components(in, 0, nil) {
		if c.n == 1 {
			continue // offset 0
		}
		m := newMeter(time.Time{}, nil)
		g := newMergeSearch(c, capacity, m)
		if g == nil {
			t.Fatalf("the merge search does not apply to a zero-slack component")
		}
		o := g.run(capacity, work)
		if o == nil {
			return in, nil
		}
		for i, u := range c.units {
			off[u] = o[i]
		}
	}
	return in, off
}

// TestMergeSearchUndoesCuts: on perfect packings of 400 to 1000 buffers
// made by guillotine cuts, with and without pinwheels (shuffled, so the
// order is no hint), the merge search finds a packing at the cut's
// capacity within a small part of the default work, and the validator
// accepts it.
func TestMergeSearchUndoesCuts(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 1))
	for run := range 12 {
		opt := guillotine.Options{N: 400 + rng.IntN(601), Capacity: 1 << 20, Horizon: 1000, Seed: 1000 + uint64(run)}
		if run%2 == 1 {
			opt.Pinwheel = 0.2
		}
		ps := guillotine.Cut(opt)
		rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		p := cutProblem(ps, opt.Capacity)
		in, off := mergeSearchAll(t, p, opt.Capacity, 50_000_000)
		name := fmt.Sprintf("run %d (%+v)", run, opt)
		if off == nil {
			t.Fatalf("%s: no packing found", name)
		}
		mustValidate(t, p, in.solution(off), name)
	}
}

// TestMergeSearchSound: on tiny zero-slack instances that may or may not
// pack, whatever the merge search returns validates, and it never returns
// a packing where brute force finds none.
func TestMergeSearchSound(t *testing.T) {
	checkSoundOnZeroSlack(t, rand.New(rand.NewPCG(31, 2)), "merge search", mergeSearchAll)
}

// TestMergeSearchAligned: merged rectangles keep their buffers aligned.
// Cuts on a granule with every buffer aligned to it either pack validly
// or are left to the other searches.
func TestMergeSearchAligned(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 3))
	var found int
	for run := range 20 {
		g := int64(1) << (2 + rng.IntN(4))
		opt := guillotine.Options{N: 20 + rng.IntN(200), Capacity: g << (6 + rng.IntN(6)), Horizon: int64(20 + rng.IntN(300)),
			Seed: 2000 + uint64(run), Granule: g, Pinwheel: 0.2 * float64(run%2)}
		ps := guillotine.Cut(opt)
		p := onePool(opt.Capacity)
		for i, q := range ps {
			// Mixed alignments: some buffers need the granule, some
			// four times it where their cut offset allows.
			al := g
			if q.Offset%(4*g) == 0 && q.Size%(4*g) == 0 && i%3 == 0 {
				al = 4 * g
			}
			p.Buffers = append(p.Buffers, buf(fmt.Sprint(i), q.Size, al, q.Start, q.End))
		}
		in, off := mergeSearchAll(t, p, opt.Capacity, 10_000_000)
		if off == nil {
			continue
		}
		found++
		mustValidate(t, p, in.solution(off), fmt.Sprintf("run %d (%+v)", run, opt))
	}
	if found == 0 {
		t.Fatal("no aligned cut packed: the check went untested")
	}
	t.Logf("%d of 20 packed", found)
}
