package planner

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// ptoas's planner on a problem it could be given: three 64-byte buffers
// one after another fill more than the 128 bytes, so ptoas reuses; the
// third goes where the first died, the second beside it.
func TestPTOASPlacesInBirthOrder(t *testing.T) {
	p := onePool(128, buf("a", 64, 32, 0, 2), buf("b", 64, 32, 1, 4), buf("c", 64, 32, 3, 5))
	r, err := Solve("ptoas", p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Algorithm != "ptoas" || !r.Feasible || !slices.Equal(r.Solution.Offsets, []int64{0, 64, 0}) {
		t.Fatalf("got %s feasible %v offsets %v, want a fit at 0, 64, 0", r.Algorithm, r.Feasible, r.Solution.Offsets)
	}
	mustValidate(t, r.Problem, r.Solution, "ptoas")
	// Listed in another order, the buffers are still taken in birth
	// order: each gets the same offset.
	q := onePool(128, p.Buffers[2], p.Buffers[0], p.Buffers[1])
	r2, err := Solve("ptoas", q, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r2.Solution.Offsets, []int64{0, 0, 64}) {
		t.Fatalf("rows c, a, b got offsets %v, want 0, 0, 64", r2.Solution.Offsets)
	}
}

// Buffers born together are taken in the problem's order: first fit puts
// the first listed lowest.
func TestPTOASTiesInProblemOrder(t *testing.T) {
	for _, order := range [][2]string{{"x", "y"}, {"y", "x"}} {
		p := onePool(96, buf(order[0], 32, 32, 0, 4), buf(order[1], 64, 32, 0, 4))
		r, err := Solve("ptoas", p, Options{Capacity: 96})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Feasible || r.Solution.Offsets[0] != 0 || r.Solution.Offsets[1] != 32 {
			t.Fatalf("order %v: offsets %v, want the first listed at 0", order, r.Solution.Offsets)
		}
	}
}

// ptoas rounds every size up to the space's alignment: two 33-byte
// buffers live together need 128 bytes to ptoas, so 100 bytes is no fit,
// although the unrounded placement it falls back to (0 and 64) ends at
// 97. The result says so and is not feasible; the placement is valid
// above the capacity.
func TestPTOASRoundsSizesUp(t *testing.T) {
	p := onePool(100, buf("a", 33, 32, 0, 4), buf("b", 33, 32, 0, 4))
	r, err := Solve("ptoas", p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Feasible || r.Optimal || r.Overflow != 0 {
		t.Fatalf("feasible %v optimal %v overflow %d, want no fit with no overflow", r.Feasible, r.Optimal, r.Overflow)
	}
	want := "ptoas's planner finds no room in pool mem: it needs 128 bytes (every size rounded up to 32), capacity 100"
	if r.Reason != want {
		t.Fatalf("reason %q, want %q", r.Reason, want)
	}
	mustValidate(t, uncapped(r.Problem), r.Solution, "ptoas above capacity")
	if r.Peak[0] != 97 {
		t.Errorf("peak %d, want 97 (b at 64)", r.Peak[0])
	}
	// With 128 bytes it fits.
	r, err = Solve("ptoas", p, Options{Capacity: 128})
	if err != nil || !r.Feasible {
		t.Fatalf("capacity 128: %v, %+v", err, r)
	}
}

// A problem ptoas's planner could not be given is refused, saying what
// ptoas lacks.
func TestPTOASRefusesWhatPTOASCannotBeGiven(t *testing.T) {
	base := func() *Problem { return onePool(256, buf("a", 64, 32, 0, 4), buf("b", 64, 32, 2, 6)) }
	cases := []struct {
		name   string
		change func(p *Problem)
		want   string
	}{
		{"unbounded", func(p *Problem) { p.Pools[0].Capacity = 0 },
			"ptoas: pool mem has no capacity: ptoas's planner plans into a fixed number of bytes"},
		{"mixed alignments", func(p *Problem) { p.Buffers[1].Align = 64 },
			"ptoas: buffers a (alignment 32) and b (alignment 64) of pool mem differ in alignment"},
		{"two live intervals", func(p *Problem) { p.Buffers[1].Live = []Interval{{0, 1}, {5, 6}} },
			"ptoas: buffer b has 2 live intervals: ptoas's liveness gives a buffer one lifetime"},
		{"pinned", func(p *Problem) { p.Buffers[0].Pinned, p.Buffers[0].Offset = true, 128 },
			"ptoas: buffer a is pinned at 128: ptoas's planner places every buffer itself"},
		{"exclusive", func(p *Problem) { p.Buffers[1].Exclusive = true },
			"ptoas: buffer b is exclusive"},
		{"reserved", func(p *Problem) { p.Pools[0].Reserved = []Interval{{0, 32}} },
			"ptoas: pool mem reserves bytes [0, 32)"},
		{"colocated", func(p *Problem) { p.Colocations = [][]int{{0, 1}} },
			"ptoas: buffers a and b are colocated"},
	}
	for _, c := range cases {
		p := base()
		c.change(p)
		if err := p.Check(); err != nil {
			t.Fatalf("%s: the problem itself is bad: %v", c.name, err)
		}
		if _, err := Solve("ptoas", p, Options{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
	// An unbounded pool is fine when --capacity gives one, and an empty
	// unbounded pool is no matter.
	p := base()
	p.Pools[0].Capacity = 0
	p.Pools = append(p.Pools, Pool{Name: "empty"})
	if r, err := Solve("ptoas", p, Options{Capacity: 256}); err != nil || !r.Feasible {
		t.Fatalf("with a capacity: %v", err)
	}
}

// ptoas keeps a conflict pair's buffers apart only while it remembers the
// pair: b, placed over a's dead bytes, merges into a's lifetime run,
// which keeps a's name, so c, separated from b, goes over b. That breaks
// the problem's separation, and Solve says so instead of passing the
// placement on.
func TestPTOASLostConflictIsAnError(t *testing.T) {
	p := onePool(128, buf("a", 64, 32, 0, 2), buf("b", 64, 32, 2, 4), buf("c", 64, 32, 4, 6))
	r, err := Solve("ptoas", p, Options{})
	if err != nil || !r.Feasible {
		t.Fatalf("without the separation: %v", err)
	}
	p.Separations = []Separation{{A: 1, B: 2, Reason: "semantic_no_alias"}}
	_, err = Solve("ptoas", p, Options{})
	if err == nil || !strings.Contains(err.Error(), "ptoas's planner places the buffers where the problem forbids (it can lose a conflict pair when it merges lifetimes)") {
		t.Fatalf("error %v", err)
	}
	// A pair ptoas sees: c is separated from a, the run's name.
	p.Separations = []Separation{{A: 0, B: 2, Reason: "semantic_no_alias"}}
	r, err = Solve("ptoas", p, Options{})
	if err != nil || !r.Feasible || r.Solution.Offsets[2] != 64 {
		t.Fatalf("c kept from a: %v, offsets %v", err, r.Solution.Offsets)
	}
	mustValidate(t, r.Problem, r.Solution, "c kept from a")
}

// On random problems in ptoas's terms (one alignment and a capacity per
// pool, one live interval per buffer, separations, temporal exclusions
// and penalties) every result is valid: within capacity when it fits,
// above it otherwise, with a reason; or the error of a lost conflict pair.
func TestPTOASValidOnRandomProblems(t *testing.T) {
	rng := rand.New(rand.NewPCG(26, 4))
	fits, noFit, lost := 0, 0, 0
	for iter := range 400 {
		o := genOptions{n: 1 + rng.IntN(25), pools: 1 + rng.IntN(3), maxSize: 96, horizon: 20,
			aligns: []int64{32}, seps: true, excl: true, penalties: true, zeros: true,
			capacity: 64 + 32*rng.Int64N(8)}
		p := randomProblem(rng, o)
		name := fmt.Sprintf("iter %d", iter)
		r, err := Solve("ptoas", p, Options{})
		switch {
		case err != nil && strings.Contains(err.Error(), "it can lose a conflict pair"):
			lost++
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		case r.Feasible:
			fits++
			mustValidate(t, r.Problem, r.Solution, name)
		default:
			noFit++
			if !strings.Contains(r.Reason, "ptoas's planner finds no room") {
				t.Fatalf("%s: no fit, reason %q", name, r.Reason)
			}
			mustValidate(t, uncapped(r.Problem), r.Solution, name)
		}
	}
	if fits == 0 || noFit == 0 {
		t.Errorf("%d fits, %d without room, %d lost pairs: the problems test too little", fits, noFit, lost)
	}
	t.Logf("%d fits, %d without room, %d lost pairs", fits, noFit, lost)
}

// An empty interval is a buffer ptoas never sees die (ptoas's kill -1),
// which overlaps nothing. ptoas merges such a lifetime with fewer others
// on a stretch of bytes than one ending just before its birth, so which
// conflict pairs it still sees depends on it: told kill -1, as its
// liveness says, ptoas keeps e apart from a (e at 128); told kill = birth
// - 1, its merged run would forget the pair and put e on a's bytes.
func TestPTOASEmptyIntervalIsNeverKilled(t *testing.T) {
	p := onePool(224, buf("a", 96, 32, 1, 1), buf("b", 32, 32, 5, 10), buf("c", 128, 32, 1, 1),
		buf("d", 32, 32, 1, 1), buf("e", 96, 32, 6, 6))
	p.Separations = []Separation{{A: 1, B: 3, Reason: "semantic_no_alias"}, {A: 4, B: 0, Reason: "semantic_no_alias"}}
	r, err := Solve("ptoas", p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Feasible || !slices.Equal(r.Solution.Offsets, []int64{0, 32, 0, 0, 128}) {
		t.Fatalf("feasible %v offsets %v, want a fit at 0, 32, 0, 0, 128", r.Feasible, r.Solution.Offsets)
	}
	mustValidate(t, r.Problem, r.Solution, "never killed")
}
