package planner

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// buf builds a single-interval buffer in pool 0.
func buf(name string, size, align, start, end int64) Buffer {
	return Buffer{Name: name, Size: size, Align: align, Live: []Interval{{start, end}}}
}

// oneStart builds a problem with one pool of the given capacity.
func onePool(capacity int64, bufs ...Buffer) *Problem {
	return &Problem{Pools: []Pool{{Name: "mem", Capacity: capacity}}, Buffers: bufs}
}

// genOptions selects which features a random problem may use.
type genOptions struct {
	n          int   // buffers
	pools      int   // >= 1
	maxSize    int64 // sizes in [1, maxSize] (0 allowed when zeros)
	horizon    int64 // times in [0, horizon]
	aligns     []int64
	multi      bool // multi-interval lifetimes
	seps       bool
	excl       bool
	coloc      bool
	pins       bool
	reserved   bool
	penalties  bool
	zeros      bool
	capacity   int64 // 0: unbounded
	objective  []string
	pipelineSp bool // separations tagged pipeline_stage
	exclusive  bool // some buffers exclusive for all time, pinned or not
	windows    int  // reserved ranges per pool when reserved (default 1)
}

// randomProblem draws a problem; every structural constraint it adds is
// consistent (pins aligned, colocated buffers never separated or pinned
// apart), but the problem may well be infeasible under its capacity.
func randomProblem(rng *rand.Rand, o genOptions) *Problem {
	p := &Problem{Objective: o.objective}
	for k := range max(1, o.pools) {
		pl := Pool{Name: fmt.Sprintf("pool%d", k), Capacity: o.capacity}
		if o.reserved && rng.IntN(3) == 0 {
			lo := int64(0)
			for range max(1, o.windows) {
				lo += rng.Int64N(o.maxSize + 1)
				hi := lo + 1 + rng.Int64N(o.maxSize)
				pl.Reserved = append(pl.Reserved, Interval{lo, hi})
				lo = hi
			}
		}
		p.Pools = append(p.Pools, pl)
	}
	aligns := o.aligns
	if len(aligns) == 0 {
		aligns = []int64{1}
	}
	for i := range o.n {
		b := Buffer{Name: fmt.Sprintf("b%02d", i), Align: aligns[rng.IntN(len(aligns))], Pool: rng.IntN(len(p.Pools))}
		b.Size = 1 + rng.Int64N(o.maxSize)
		if o.zeros && rng.IntN(8) == 0 {
			b.Size = 0
		}
		k := 1
		if o.multi && rng.IntN(3) == 0 {
			k = 2
		}
		for range k {
			s := rng.Int64N(o.horizon)
			b.Live = append(b.Live, Interval{s, s + 1 + rng.Int64N(max(1, o.horizon/2))})
		}
		p.Buffers = append(p.Buffers, b)
	}
	pairs := func(count int, f func(a, b int)) {
		for range count {
			a, b := rng.IntN(o.n), rng.IntN(o.n)
			if a != b && p.Buffers[a].Pool == p.Buffers[b].Pool {
				f(a, b)
			}
		}
	}
	inColoc := map[int]bool{}
	if o.coloc {
		pairs(1+o.n/6, func(a, b int) {
			if !inColoc[a] && !inColoc[b] {
				// Equal sizes keep the class model exact (see unit).
				p.Buffers[b].Size = p.Buffers[a].Size
				p.Colocations = append(p.Colocations, []int{a, b})
				inColoc[a], inColoc[b] = true, true
			}
		})
	}
	colocated := func(a, b int) bool {
		for _, c := range p.Colocations {
			if (c[0] == a && c[1] == b) || (c[0] == b && c[1] == a) {
				return true
			}
		}
		return false
	}
	if o.seps {
		reason := "semantic_no_alias"
		if o.pipelineSp {
			reason = "pipeline_stage"
		}
		pairs(1+o.n/4, func(a, b int) {
			if !colocated(a, b) {
				p.Separations = append(p.Separations, Separation{A: a, B: b, Reason: reason})
			}
		})
	}
	if o.excl {
		pairs(1+o.n/4, func(a, b int) { p.TemporalExclusions = append(p.TemporalExclusions, [2]int{a, b}) })
	}
	if o.penalties {
		pairs(o.n, func(a, b int) { p.Penalties = append(p.Penalties, Penalty{A: a, B: b, Cost: 1 + rng.Int64N(3)}) })
	}
	if o.pins {
		// Pins sit far above reserved ranges and apart from each other,
		// so they never make a problem unsolvable by themselves.
		slot := int64(1)
		for i := range p.Buffers {
			if !inColoc[i] && rng.IntN(6) == 0 {
				b := &p.Buffers[i]
				b.Pinned = true
				b.Offset = AlignUp(4*o.maxSize*int64(max(1, o.windows))*slot, b.Align)
				slot += 2
			}
		}
	}
	if o.exclusive {
		for i := range p.Buffers {
			if !inColoc[i] && rng.IntN(5) == 0 {
				p.Buffers[i].Exclusive = true
			}
		}
	}
	return p
}

// mustValidate fails the test when the solution breaks the problem.
func mustValidate(t *testing.T, p *Problem, s Solution, what string) {
	t.Helper()
	if err := Validate(p, s); err != nil {
		t.Fatalf("%s: invalid solution: %v", what, err)
	}
}

// uncapped returns p without capacities, for checking the algorithms that
// ignore them.
func uncapped(p *Problem) *Problem { return withCapacity(p, Unbounded) }
