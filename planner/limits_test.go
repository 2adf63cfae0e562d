package planner

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// coLive returns one unbounded pool holding n buffers of the given size,
// all live over [0, 4).
func coLive(n int, size int64) *Problem {
	p := onePool(0)
	for i := range n {
		p.Buffers = append(p.Buffers, buf(fmt.Sprintf("b%d", i), size, 1, 0, 4))
	}
	return p
}

// The two reports of issue 13: offsets that wrap used to pass every check
// and come back as a valid, even optimal, placement. Every algorithm must
// now refuse the problem, naming the buffer and the limit.
func TestSolveRejectsProblemsBeyondInt64(t *testing.T) {
	cases := []struct {
		name   string
		p      *Problem
		buffer int
		want   string
	}{
		{"four co-live 2^62-byte buffers", coLive(4, 1<<62), 0, "size 4611686018427387904 is above the planner's limit 4611686018427387903"},
		{"two co-live buffers of 2^63-1 bytes", coLive(2, math.MaxInt64), 0, "above the planner's limit"},
		// Each size is within the limit, the pool's sum is not: the error
		// names the buffer that crosses it.
		{"four co-live 2^60-byte buffers", coLive(4, 1<<60), 3, "buffer 3 (b3): with it, pool mem could need more than the planner's limit of 4611686018427387903 bytes"},
	}
	for _, tc := range cases {
		for _, alg := range Algorithms() {
			t.Run(tc.name+"/"+alg, func(t *testing.T) {
				r, err := Solve(alg, tc.p, Options{TimeLimit: time.Second})
				if err == nil {
					t.Fatalf("solved: offsets %v, feasible %v, optimal %v", r.Solution.Offsets, r.Feasible, r.Optimal)
				}
				var ce *CheckError
				if !errors.As(err, &ce) || ce.Buffer != tc.buffer || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v (buffer %+v); want buffer %d and %q", err, ce, tc.buffer, tc.want)
				}
			})
		}
	}
}

// Check bounds every number and every sum a placement can reach, and
// locates the cause for the readers.
func TestCheckLimits(t *testing.T) {
	// The most one buffer may take in an empty pool: with its alignment
	// and the packers' padding it reaches the limit exactly.
	edge := Limit - 1 - packSlack
	cases := []struct {
		name                  string
		p                     *Problem
		buffer, pool, penalty int // -1: not located there
		want                  string
	}{
		{"size", coLive(1, Limit+1), 0, -1, -1, "size 4611686018427387904 is above"},
		{"buffer at the edge", coLive(1, edge+1), 0, -1, -1, "pool mem could need more than"},
		{"capacity", onePool(Limit+1, buf("a", 1, 1, 0, 1)), -1, 0, -1, "capacity 4611686018427387904 is above"},
		{"capacity leaves no room", onePool(Limit, buf("a", 1, 1, 0, 1)), 0, -1, -1, "pool mem could need more than"},
		{"reserved end", func() *Problem {
			p := onePool(0, buf("a", 1, 1, 0, 1))
			p.Pools[0].Reserved = []Interval{{0, Limit + 1}}
			return p
		}(), -1, 0, -1, "ends above the planner's limit"},
		{"pinned end", func() *Problem {
			p := onePool(0, buf("a", 8, 8, 0, 1))
			p.Buffers[0].Pinned, p.Buffers[0].Offset = true, Limit-7
			return p
		}(), 0, -1, -1, "pinned at offset 4611686018427387896 with size 8, which ends above"},
		{"alignment not a power of two", onePool(0, buf("a", 1, 3, 0, 1)), 0, -1, -1, "alignment 3 is not a power of two"},
		{"alignment", onePool(0, buf("a", 1, 1<<62, 0, 1)), 0, -1, -1, "alignment 4611686018427387904 is above"},
		{"live time", onePool(0, buf("a", 1, 1, 0, math.MaxInt64)), 0, -1, -1, "live interval [0, 9223372036854775807) reaches beyond"},
		{"negative live time", onePool(0, buf("a", 1, 1, math.MinInt64, 0)), 0, -1, -1, "reaches beyond"},
		{"penalty costs", func() *Problem {
			p := coLive(3, 1)
			p.Penalties = []Penalty{{A: 0, B: 1, Cost: Limit}, {A: 1, B: 2, Cost: 1}}
			return p
		}(), -1, -1, 1, "penalty 1: the costs up to this one add up to more than"},
		{"pools together", &Problem{
			Pools:   []Pool{{Name: "x", Capacity: Limit / 2}, {Name: "y", Capacity: Limit/2 + 64}},
			Buffers: []Buffer{buf("a", 1, 1, 0, 1)},
		}, -1, 1, -1, "pool 1 (y): the pools up to this one could need more than"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Check()
			var ce *CheckError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want a CheckError with %q", err, tc.want)
			}
			if ce.Buffer != tc.buffer || ce.Pool != tc.pool || ce.Penalty != tc.penalty {
				t.Fatalf("located at buffer %d pool %d penalty %d, want %d %d %d", ce.Buffer, ce.Pool, ce.Penalty, tc.buffer, tc.pool, tc.penalty)
			}
		})
	}
	// Just inside: accepted.
	for _, p := range []*Problem{coLive(1, edge), onePool(Limit-1-packSlack-1, buf("a", 1, 1, -Limit, Limit))} {
		if err := p.Check(); err != nil {
			t.Errorf("problem at the limit rejected: %v", err)
		}
	}
}

// Near the limit every algorithm still computes exact ends: the packers
// stack three 2^60-byte buffers above a pin and a reserved range at 2^59
// without an end wrapping or saturating.
func TestSolveNearTheLimit(t *testing.T) {
	const g = 1 << 60
	p := coLive(3, g)
	p.Buffers = append(p.Buffers, buf("pin", 64, 64, 0, 4))
	p.Buffers[3].Pinned, p.Buffers[3].Offset = true, g/2
	p.Pools[0].Reserved = []Interval{{g/2 + 64, g/2 + 128}}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	for _, alg := range Planners() {
		r, err := Solve(alg, p, Options{TimeLimit: time.Second})
		if err != nil {
			t.Fatalf("%s: %v", alg, err)
		}
		mustValidate(t, r.Problem, r.Solution, alg)
		// The three large ones are live together with the pin; none fits
		// below it.
		if r.Peak[0] < 3*g+g/2+128 || r.Peak[0] > Limit {
			t.Errorf("%s: peak %d", alg, r.Peak[0])
		}
		if r.LowerBound[0] != 3*g+64 {
			t.Errorf("%s: lower bound %d, want %d", alg, r.LowerBound[0], int64(3*g+64))
		}
	}
}

// Validate computes ends with checked arithmetic of its own: whatever a
// planner bug hands it, a range that wraps past int64 is an error, never a
// range that seems to miss the others. The problems are within the limits;
// only the offsets are wild.
func TestValidateRejectsWrappedRanges(t *testing.T) {
	const size = 1<<61 - 100               // two of them fit the limit
	top := int64(math.MaxInt64 - size + 1) // top + size is 2^63: wraps
	cases := []struct {
		name string
		p    *Problem
		off  []int64
	}{
		{"co-live, one wrapping", coLive(2, size), []int64{0, top}},
		{"both wrapping onto each other", coLive(2, size), []int64{top, top}},
		{"capacity", onePool(1<<61, buf("a", 1<<60, 1, 0, 4)), []int64{math.MaxInt64 - 1<<60 + 1}},
		{"separated, disjoint lifetimes", func() *Problem {
			p := onePool(0, buf("a", size, 1, 0, 2), buf("b", size, 1, 2, 4))
			p.Separations = []Separation{{A: 0, B: 1, Reason: "target_hazard"}}
			return p
		}(), []int64{top, top}},
		{"reserved", func() *Problem {
			p := coLive(1, size)
			p.Pools[0].Reserved = []Interval{{0, 64}}
			return p
		}(), []int64{top}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.p.Check(); err != nil {
				t.Fatal(err)
			}
			err := Validate(tc.p, Solution{Offsets: tc.off})
			if err == nil || !strings.Contains(err.Error(), "ends beyond the largest int64 address") {
				t.Fatalf("error %v", err)
			}
			if err := CheckEnds(tc.p, Solution{Offsets: tc.off}); err == nil {
				t.Fatal("CheckEnds accepted the wrapped end")
			}
			// The metrics saturate instead of wrapping.
			if pk := Peak(tc.p, Solution{Offsets: tc.off})[0]; pk != math.MaxInt64 {
				t.Fatalf("peak %d, want saturated", pk)
			}
		})
	}
	// A large offset whose end still fits is no error in itself.
	p := coLive(1, 16)
	if err := Validate(p, Solution{Offsets: []int64{math.MaxInt64 - 16}}); err != nil {
		t.Fatalf("end at MaxInt64 rejected: %v", err)
	}
	// Two buffers overlapping up there are still found.
	p = coLive(2, 16)
	err := Validate(p, Solution{Offsets: []int64{math.MaxInt64 - 16, math.MaxInt64 - 24}})
	if err == nil || !strings.Contains(err.Error(), "share bytes") {
		t.Fatalf("overlap at the top of int64: %v", err)
	}
}

// The exported metrics never wrap, even on problems Check would refuse.
func TestMetricsSaturate(t *testing.T) {
	p := coLive(3, 1<<62) // beyond the limit: LowerBound is not Solve's only caller
	if lb := LowerBound(p)[0]; lb != math.MaxInt64 {
		t.Errorf("lower bound %d, want saturated", lb)
	}
	p = coLive(2, 8)
	p.Penalties = []Penalty{{A: 0, B: 1, Cost: math.MaxInt64}, {A: 1, B: 0, Cost: math.MaxInt64}}
	if c := ReuseCost(p, Solution{Offsets: []int64{0, 0}}); c != math.MaxInt64 {
		t.Errorf("reuse cost %d, want saturated", c)
	}
	if a := AlignUp(math.MaxInt64-3, 8); a != math.MaxInt64 {
		t.Errorf("AlignUp near the top = %d, want saturated", a)
	}
	if a := AlignUp(40, 32); a != 64 {
		t.Errorf("AlignUp(40, 32) = %d", a)
	}
}
