package planner

import (
	"strings"
	"testing"
)

// penaltyPair is two buffers one after another whose sharing costs 1:
// best fit puts both at 0 (64 bytes, cost 1); dsa-rp, which ranks reuse
// cost before the peak, puts them apart (128 bytes, cost 0).
func penaltyPair(capacity int64) *Problem {
	p := onePool(capacity, buf("a", 64, 32, 0, 2), buf("b", 64, 32, 2, 4))
	p.Penalties = []Penalty{{A: 0, B: 1, Cost: 1}}
	return p
}

// dsa-rp-within-best-fit keeps best fit's peak and pays the penalty
// rather than the bytes.
func TestWithinBestFitKeepsBestFitsPeak(t *testing.T) {
	p := penaltyPair(1024)
	dr, err := Solve("dsa-rp", p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bf, err := Solve("best-fit", p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if dr.Peak[0] != 128 || dr.ReuseCost != 0 || bf.Peak[0] != 64 {
		t.Fatalf("dsa-rp peak %d cost %d, best fit peak %d: the problem no longer shows the difference", dr.Peak[0], dr.ReuseCost, bf.Peak[0])
	}
	r, err := Solve(WithinBestFit, p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Algorithm != WithinBestFit || !r.Feasible || r.Peak[0] != 64 || r.ReuseCost != 1 {
		t.Fatalf("%s: feasible %v peak %d cost %d, want best fit's 64 bytes at cost 1", r.Algorithm, r.Feasible, r.Peak[0], r.ReuseCost)
	}
	mustValidate(t, r.Problem, r.Solution, WithinBestFit)
	// The budget is per pool, not a capacity: the result is judged
	// against the real one.
	if r.Problem.Pools[0].Capacity != 1024 {
		t.Errorf("the result's problem has capacity %d, want 1024", r.Problem.Pools[0].Capacity)
	}
}

// Options.Capacity is the capacity best fit's placement and the budget
// obey: with it removed (Unbounded) the pool has none; with 96 bytes
// given the result fits 96.
func TestWithinBestFitHonoursTheCapacityOverride(t *testing.T) {
	p := penaltyPair(0)
	for _, c := range []int64{Unbounded, 96, 1024} {
		r, err := Solve(WithinBestFit, p, Options{Capacity: c})
		if err != nil {
			t.Fatal(err)
		}
		if want := max(c, 0); r.Problem.Pools[0].Capacity != want {
			t.Errorf("capacity %d: the result's problem has %d", c, r.Problem.Pools[0].Capacity)
		}
		if !r.Feasible || r.Peak[0] != 64 {
			t.Errorf("capacity %d: feasible %v peak %d, want best fit's 64", c, r.Feasible, r.Peak[0])
		}
		mustValidate(t, r.Problem, r.Solution, WithinBestFit)
	}
}

// The CanShare gate binds best fit's placement too: with a and b kept
// apart the result puts them apart, at no cost.
func TestWithinBestFitHonoursCanShare(t *testing.T) {
	p := penaltyPair(1024)
	r, err := Solve(WithinBestFit, p, Options{CanShare: func(i, j int) bool { return false }})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Problem.Separations) != 1 {
		t.Fatalf("separations %v, want the refused pair", r.Problem.Separations)
	}
	mustValidate(t, r.Problem, r.Solution, WithinBestFit)
	if r.Peak[0] != 128 || r.ReuseCost != 0 {
		t.Errorf("peak %d cost %d, want the pair apart", r.Peak[0], r.ReuseCost)
	}
}

// A problem Check refuses is refused as dsa-rp refuses it.
func TestWithinBestFitRefusesWhatCheckRefuses(t *testing.T) {
	p := penaltyPair(1024)
	p.Buffers[1].Align = 3
	_, err := Solve(WithinBestFit, p, Options{})
	_, want := Solve("dsa-rp", p, Options{})
	if err == nil || want == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "alignment 3 is not a power of two") {
		t.Fatalf("error %v, want dsa-rp's %v", err, want)
	}
}
