package planner

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/internal/gen/guillotine"
)

// cutSearchAll runs the cut search on every component of p at capacity;
// it returns the placement, or nil when some component was not rebuilt.
func cutSearchAll(t *testing.T, p *Problem, capacity, limit int64) (*instance, []int64) {
	t.Helper()
	in, err := newInstance(p)
	if err != nil {
		t.Fatal(err)
	}
	off := make([]int64, len(in.units))
	for _, c := range components(in, 0, nil) {
		k := newCutSearch(c, capacity, newMeter(time.Time{}, nil), 1<<62)
		if k == nil {
			t.Fatalf("the cut search does not apply to a zero-slack component")
		}
		o := k.run(limit)
		if o == nil {
			return in, nil
		}
		for i, u := range c.units {
			off[u] = o[i]
		}
	}
	return in, off
}

// TestCutSearchRebuildsGuillotineCuts: on perfect packings made by
// guillotine cuts (shuffled, so the cut order is no hint), the cut search
// finds a packing at the cut's capacity, which the validator accepts.
func TestCutSearchRebuildsGuillotineCuts(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 3))
	for run := range 40 {
		opt := guillotine.Options{N: 5 + rng.IntN(200), Capacity: 1 << (8 + rng.IntN(12)), Horizon: int64(20 + rng.IntN(400)),
			Seed: uint64(run), Granule: int64(1) << rng.IntN(3)}
		ps := guillotine.Cut(opt)
		rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		p := cutProblem(ps, opt.Capacity)
		in, off := cutSearchAll(t, p, opt.Capacity, 10_000_000)
		name := fmt.Sprintf("run %d (%+v)", run, opt)
		if off == nil {
			t.Fatalf("%s: no packing rebuilt", name)
		}
		mustValidate(t, p, in.solution(off), name)
	}
}

// TestCutSearchSound: on tiny zero-slack instances that may or may not
// pack (the skyline test's generator), whatever the cut search returns
// validates, and it never returns a packing where brute force finds none.
func TestCutSearchSound(t *testing.T) {
	checkSoundOnZeroSlack(t, rand.New(rand.NewPCG(19, 4)), "cut search", cutSearchAll)
}

// checkSoundOnZeroSlack runs a search that only finds packings on 500
// tiny zero-slack instances: what it returns validates, brute force finds
// a packing wherever it does, and it finds some (or the check is empty).
func checkSoundOnZeroSlack(t *testing.T, rng *rand.Rand, what string, search func(*testing.T, *Problem, int64, int64) (*instance, []int64)) {
	t.Helper()
	var found int
	for iter := range 500 {
		p, capacity := zeroSlackProblem(rng)
		in, off := search(t, p, capacity, 1_000_000)
		if off == nil {
			continue
		}
		found++
		if _, ok := bruteForce(p); !ok {
			t.Fatalf("iter %d: a packing where brute force finds none", iter)
		}
		mustValidate(t, p, in.solution(off), fmt.Sprintf("iter %d", iter))
	}
	if found == 0 {
		t.Fatalf("the %s found nothing: the check went untested", what)
	}
	t.Logf("%s: %d of 500 packed", what, found)
}
