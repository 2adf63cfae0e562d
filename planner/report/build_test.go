package report

import (
	"cmp"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/planner"
)

// genProblem makes a random problem that passes planner's Check: one or
// two pools (capacity unbounded), buffers with one to three live
// intervals (some empty, some touching), sizes including 0, alignments,
// a few pinned buffers, reserved ranges, separations with every planner
// reason (and combinations), temporal exclusions, chained colocation
// pairs and penalties.
func genProblem(rng *rand.Rand, n int) *planner.Problem {
	p := &planner.Problem{}
	pools := 1 + rng.Intn(2)
	for k := 0; k < pools; k++ {
		pl := planner.Pool{Name: fmt.Sprintf("pool%d", k)}
		if rng.Intn(3) == 0 {
			s := int64(rng.Intn(4)) * 64
			pl.Reserved = append(pl.Reserved, planner.Interval{Start: s, End: s + int64(1+rng.Intn(300))})
		}
		p.Pools = append(p.Pools, pl)
	}
	aligns := []int64{1, 8, 32, 64}
	for i := 0; i < n; i++ {
		b := planner.Buffer{
			Name:  fmt.Sprintf("%%b%d", i),
			Size:  int64(rng.Intn(5)) * int64(1+rng.Intn(200)),
			Align: aligns[rng.Intn(len(aligns))],
			Pool:  rng.Intn(pools),
		}
		t := int64(rng.Intn(20))
		for k := 1 + rng.Intn(3); k > 0; k-- {
			d := int64(rng.Intn(8))
			b.Live = append(b.Live, planner.Interval{Start: t, End: t + d})
			t += d + int64(rng.Intn(3)) // sometimes touching
		}
		if rng.Intn(12) == 0 {
			b.Pinned, b.Offset = true, b.Align*int64(rng.Intn(40))
		}
		p.Buffers = append(p.Buffers, b)
	}
	samePool := func() (int, int, bool) {
		a, b := rng.Intn(n), rng.Intn(n)
		return a, b, a != b && p.Buffers[a].Pool == p.Buffers[b].Pool
	}
	reasons := []string{"semantic_no_alias", "target_hazard", "cross_pipe", "pinned", "pipeline_stage", "generic", "no-alias", "pipeline_stage,target_hazard", "whatever"}
	for k := 0; k < n/2; k++ {
		if a, b, ok := samePool(); ok {
			p.Separations = append(p.Separations, planner.Separation{A: a, B: b, Reason: reasons[rng.Intn(len(reasons))]})
		}
	}
	for k := 0; k < n/3; k++ {
		if a, b, ok := samePool(); ok {
			p.TemporalExclusions = append(p.TemporalExclusions, [2]int{a, b})
		}
	}
	for k := 0; k < n/6; k++ {
		// Pairs, which may chain into larger classes; no pinned member,
		// so no class has two pinned offsets.
		if a, b, ok := samePool(); ok && !p.Buffers[a].Pinned && !p.Buffers[b].Pinned {
			p.Colocations = append(p.Colocations, []int{a, b})
		}
	}
	for k := 0; k < n/4; k++ {
		if a, b, ok := samePool(); ok {
			p.Penalties = append(p.Penalties, planner.Penalty{A: a, B: b, Cost: int64(1 + rng.Intn(3))})
		}
	}
	return p
}

// classOf labels each buffer with the smallest index of its colocation
// class, closed transitively (labels propagate until nothing changes).
func classOf(p *planner.Problem) []int {
	c := make([]int, len(p.Buffers))
	for i := range c {
		c[i] = i
	}
	for changed := true; changed; {
		changed = false
		for _, cl := range p.Colocations {
			m := c[cl[0]]
			for _, i := range cl {
				m = min(m, c[i])
			}
			for _, i := range cl {
				if c[i] != m {
					c[i], changed = m, true
				}
			}
		}
	}
	return c
}

type brute struct {
	counts map[string]int64
	total  int64
	pairs  map[[2]string][]string // reasons
}

// bruteRefusals is the refused-pair definition, pair by pair.
func bruteRefusals(p *planner.Problem, pool int) brute {
	out := brute{counts: map[string]int64{}, pairs: map[[2]string][]string{}}
	class := classOf(p)
	excl := map[[2]int]bool{}
	for _, t := range p.TemporalExclusions {
		excl[[2]int{t[0], t[1]}] = true
		excl[[2]int{t[1], t[0]}] = true
	}
	pos := map[string]int{}
	for i, r := range Reasons {
		pos[r] = i
	}
	seps := map[[2]int][]planner.Separation{}
	for _, s := range p.Separations {
		key := [2]int{min(s.A, s.B), max(s.A, s.B)}
		seps[key] = append(seps[key], s)
	}
	for i := range p.Buffers {
		for j := i + 1; j < len(p.Buffers); j++ {
			if p.Buffers[i].Pool != pool || p.Buffers[j].Pool != pool {
				continue
			}
			var set [8]bool
			if p.Buffers[i].Size > 0 && p.Buffers[j].Size > 0 && !excl[[2]int{i, j}] && class[i] != class[j] {
				for _, x := range p.Buffers[i].Live {
					for _, y := range p.Buffers[j].Live {
						if max(x.Start, y.Start) < min(x.End, y.End) {
							set[pos[ReasonLifetime]] = true
						}
					}
				}
			}
			for _, s := range seps[[2]int{i, j}] {
				{
					for _, r := range strings.Split(s.Reason, ",") {
						m, ok := reasonOf[r]
						if !ok {
							m = ReasonOther
						}
						set[pos[m]] = true
					}
				}
			}
			var rs []string
			for _, r := range Reasons {
				if set[pos[r]] {
					rs = append(rs, r)
					out.counts[r]++
				}
			}
			if len(rs) == 0 {
				continue
			}
			out.total++
			out.pairs[[2]string{p.Buffers[i].Name, p.Buffers[j].Name}] = rs
		}
	}
	return out
}

func poolIndex(p *planner.Problem, name string) int {
	for k, pl := range p.Pools {
		if pl.Name == name {
			return k
		}
	}
	return -1
}

func TestRefusalsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 300; iter++ {
		p := genProblem(rng, 2+rng.Intn(30))
		if err := p.Check(); err != nil {
			t.Fatal(err)
		}
		capPairs := []int{-1, 0, 1, 3}[rng.Intn(4)]
		f := FromProblem("f", "test", "none", p, planner.Solution{Offsets: make([]int64, len(p.Buffers))}, Options{MaxLifetimePairs: capPairs})
		for _, s := range f.Spaces {
			want := bruteRefusals(p, poolIndex(p, s.Name))
			if s.RefusedTotal != want.total {
				t.Fatalf("iter %d %s: refused_total %d, want %d", iter, s.Name, s.RefusedTotal, want.total)
			}
			for _, r := range Reasons {
				if s.RefusedCounts[r] != want.counts[r] {
					t.Fatalf("iter %d %s: %s count %d, want %d", iter, s.Name, r, s.RefusedCounts[r], want.counts[r])
				}
			}
			var lifetimeOnly, listedLifetime int64
			for _, rs := range want.pairs {
				if len(rs) == 1 && rs[0] == ReasonLifetime {
					lifetimeOnly++
				}
			}
			seen := map[[2]string]bool{}
			for _, pr := range s.Refused {
				key := [2]string{pr.A, pr.B}
				if seen[key] {
					t.Fatalf("iter %d: pair %v listed twice", iter, key)
				}
				seen[key] = true
				rs, ok := want.pairs[key]
				if !ok || !slices.Equal(rs, pr.Reasons) {
					t.Fatalf("iter %d: listed %v with %v, want %v (refused: %v)", iter, key, pr.Reasons, rs, ok)
				}
				if len(rs) == 1 && rs[0] == ReasonLifetime {
					listedLifetime++
				}
			}
			// Every rule pair is listed; lifetime-only ones up to the cap.
			for key, rs := range want.pairs {
				if !(len(rs) == 1 && rs[0] == ReasonLifetime) && !seen[key] {
					t.Fatalf("iter %d: rule pair %v (%v) not listed", iter, key, rs)
				}
			}
			wantListed := lifetimeOnly
			limit := int64(capPairs)
			if capPairs == 0 {
				limit = DefaultMaxLifetimePairs
			}
			if capPairs != -1 {
				wantListed = min(lifetimeOnly, limit)
			}
			if listedLifetime != wantListed || s.RefusedOmitted != lifetimeOnly-wantListed {
				t.Fatalf("iter %d: %d lifetime-only pairs listed, %d omitted; want %d and %d (cap %d)", iter, listedLifetime, s.RefusedOmitted, wantListed, lifetimeOnly-wantListed, capPairs)
			}
			// Listed in buffer order.
			index := map[string]int{}
			for i, b := range p.Buffers {
				index[b.Name] = i
			}
			if !slices.IsSortedFunc(s.Refused, func(a, b Pair) int {
				if c := cmp.Compare(index[a.A], index[b.A]); c != 0 {
					return c
				}
				return cmp.Compare(index[a.B], index[b.B])
			}) {
				t.Fatalf("iter %d: pairs not in buffer order: %+v", iter, s.Refused)
			}
		}
	}
}

// TestRefusalsLarge checks the sweep's counts on a problem with thousands
// of buffers (single intervals, the bulk path) against the pairwise
// count.
func TestRefusalsLarge(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	p := &planner.Problem{Pools: []planner.Pool{{Name: "big"}}}
	const n = 1500
	for i := 0; i < n; i++ {
		s := int64(rng.Intn(2000))
		p.Buffers = append(p.Buffers, planner.Buffer{Name: fmt.Sprint(i), Size: 1 + int64(rng.Intn(100)), Align: 1,
			Live: []planner.Interval{{Start: s, End: s + 1 + int64(rng.Intn(60))}}})
	}
	for k := 0; k < 50; k++ {
		p.TemporalExclusions = append(p.TemporalExclusions, [2]int{rng.Intn(n), rng.Intn(n)})
		p.Separations = append(p.Separations, planner.Separation{A: rng.Intn(n), B: rng.Intn(n), Reason: "pipeline_stage"})
	}
	f := FromProblem("f", "test", "none", p, planner.Solution{Offsets: make([]int64, n)}, Options{MaxLifetimePairs: 100})
	s := f.Spaces[0]
	want := bruteRefusals(p, 0)
	if s.RefusedTotal != want.total || s.RefusedCounts[ReasonLifetime] != want.counts[ReasonLifetime] || s.RefusedCounts[ReasonPipeline] != want.counts[ReasonPipeline] {
		t.Fatalf("total %d lifetime %d pipeline %d; want %d %d %d", s.RefusedTotal, s.RefusedCounts[ReasonLifetime], s.RefusedCounts[ReasonPipeline],
			want.total, want.counts[ReasonLifetime], want.counts[ReasonPipeline])
	}
	if want.total < 10000 {
		t.Fatalf("only %d refused pairs: the test does not exercise the bulk count", want.total)
	}
}

// TestFiguresAgainstPlanner: the peak is planner's, the no-sharing total
// is the peak of planner's trivial placement (every identity in bytes of
// its own), bytes saved is their difference, the lower bound is at most
// the peak of every valid placement (with temporal exclusions too, where
// planner.LowerBound may overestimate), and the reuse cost is planner's.
func TestFiguresAgainstPlanner(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	solved := 0
	for iter := 0; iter < 300; iter++ {
		p := genProblem(rng, 1+rng.Intn(25))
		triv, err := planner.Solve("trivial", p, planner.Options{Capacity: planner.Unbounded})
		if err != nil {
			continue // contradictory constraints (e.g. colocated and separated)
		}
		trivPeak := planner.Peak(triv.Problem, triv.Solution)
		for _, alg := range []string{"best-fit", "ffd", "trivial"} {
			r, err := planner.Solve(alg, p, planner.Options{Capacity: planner.Unbounded})
			if err != nil || planner.Validate(r.Problem, r.Solution) != nil {
				continue
			}
			solved++
			peak := planner.Peak(r.Problem, r.Solution)
			f := FromProblem("f", "test", alg, r.Problem, r.Solution, Options{})
			for _, s := range f.Spaces {
				pool := poolIndex(p, s.Name)
				if s.Peak != peak[pool] {
					t.Fatalf("iter %d %s: peak %d, planner's %d", iter, alg, s.Peak, peak[pool])
				}
				if s.NoSharing != trivPeak[pool] {
					t.Fatalf("iter %d %s: no_sharing %d, trivial placement's peak %d\n%+v", iter, alg, s.NoSharing, trivPeak[pool], p)
				}
				if s.BytesSaved != s.NoSharing-s.Peak {
					t.Fatalf("bytes_saved %d != %d - %d", s.BytesSaved, s.NoSharing, s.Peak)
				}
				if s.LowerBound > s.Peak {
					t.Fatalf("iter %d %s: lower bound %d above the peak %d of a valid placement\n%+v", iter, alg, s.LowerBound, s.Peak, p)
				}
				var cost int64
				for _, q := range p.Penalties {
					if p.Buffers[q.A].Pool == pool && bytesOverlap(r.Problem, r.Solution, q.A, q.B) {
						cost += q.Cost
					}
				}
				if s.ReuseCost != cost {
					t.Fatalf("reuse cost %d, want %d", s.ReuseCost, cost)
				}
				if len(s.Soft) == 0 && cost != 0 {
					t.Fatal("cost without soft pairs")
				}
			}
		}
	}
	if solved < 300 {
		t.Fatalf("only %d placements checked", solved)
	}
}

// TestLowerBoundExclusive: planner.LowerBound adds up buffers on
// exclusive branches; the report's bound takes one of them and stays at
// or below the best placement.
func TestLowerBoundExclusive(t *testing.T) {
	p := &planner.Problem{
		Pools: []planner.Pool{{Name: "default"}},
		Buffers: []planner.Buffer{
			{Name: "in", Size: 4096, Align: 1, Live: []planner.Interval{{Start: 0, End: 3}}},
			{Name: "then", Size: 2048, Align: 1, Live: []planner.Interval{{Start: 2, End: 6}}},
			{Name: "else", Size: 3072, Align: 1, Live: []planner.Interval{{Start: 2, End: 6}}},
		},
		TemporalExclusions: [][2]int{{1, 2}},
	}
	// in at 0, then and else both at 4096: peak 7168 is optimal.
	sol := planner.Solution{Offsets: []int64{0, 4096, 4096}}
	if err := planner.Validate(p, sol); err != nil {
		t.Fatal(err)
	}
	if lb := planner.LowerBound(p)[0]; lb != 9216 {
		t.Fatalf("planner.LowerBound %d: the test assumes it sums all three (9216)", lb)
	}
	s := FromProblem("f", "test", "hand", p, sol, Options{}).Spaces[0]
	if s.LowerBound != 7168 || s.Peak != 7168 {
		t.Fatalf("lower bound %d, peak %d; want 7168 and 7168", s.LowerBound, s.Peak)
	}
	if s.RefusedTotal != 2 {
		t.Fatalf("%d refused pairs, want in/then and in/else: %+v", s.RefusedTotal, s.Refused)
	}
}

// TestChainedColocations: pairs (a,b) and (b,c) make one identity.
func TestChainedColocations(t *testing.T) {
	p := &planner.Problem{
		Pools: []planner.Pool{{Name: "default"}},
		Buffers: []planner.Buffer{
			{Name: "a", Size: 100, Align: 1, Live: []planner.Interval{{Start: 0, End: 4}}},
			{Name: "b", Size: 200, Align: 1, Live: []planner.Interval{{Start: 2, End: 6}}},
			{Name: "c", Size: 300, Align: 1, Live: []planner.Interval{{Start: 3, End: 8}}},
		},
		Colocations: [][]int{{0, 1}, {1, 2}},
	}
	// (planner.Validate reads the pairs as separate classes and rejects
	// this placement, although planner's algorithms produce it.)
	sol := planner.Solution{Offsets: []int64{0, 0, 0}}
	s := FromProblem("f", "test", "hand", p, sol, Options{}).Spaces[0]
	if s.Peak != 300 || s.LowerBound != 300 || s.NoSharing != 300 || s.RefusedTotal != 0 {
		t.Fatalf("peak %d, lower bound %d, no sharing %d, %d refused; want 300, 300, 300, 0", s.Peak, s.LowerBound, s.NoSharing, s.RefusedTotal)
	}
}

// TestNoSharingPadding: alignment padding between identities counts,
// reserved ranges and pinned buffers are stepped over.
func TestNoSharingPadding(t *testing.T) {
	p := &planner.Problem{
		Pools: []planner.Pool{{Name: "vec", Reserved: []planner.Interval{{Start: 0, End: 100}}}},
		Buffers: []planner.Buffer{
			{Name: "a", Size: 10, Align: 1, Live: []planner.Interval{{Start: 0, End: 1}}},  // 100..110
			{Name: "b", Size: 10, Align: 64, Live: []planner.Interval{{Start: 1, End: 2}}}, // 128..138
			{Name: "p", Size: 50, Align: 1, Live: []planner.Interval{{Start: 0, End: 9}}, Pinned: true, Offset: 150},
			{Name: "c", Size: 40, Align: 32, Live: []planner.Interval{{Start: 2, End: 3}}}, // 160 would hit p: 224..264
			{Name: "z", Size: 0, Align: 512, Live: []planner.Interval{{Start: 2, End: 3}}}, // empty: no bytes
			{Name: "d", Size: 8, Align: 8, Live: []planner.Interval{{Start: 3, End: 4}}},   // 512..520
		},
	}
	sol := planner.Solution{Offsets: []int64{100, 104, 150, 200, 0, 240}}
	s := FromProblem("f", "test", "hand", p, sol, Options{}).Spaces[0]
	if s.NoSharing != 520 {
		t.Fatalf("no sharing %d, want 520", s.NoSharing)
	}
	if s.Peak != 248 || s.BytesSaved != 520-248 {
		t.Fatalf("peak %d saved %d", s.Peak, s.BytesSaved)
	}
}

func TestReasonMapping(t *testing.T) {
	for planner, want := range map[string]string{
		"semantic_no_alias": ReasonNoAlias, "target_hazard": ReasonHazard, "cross_pipe": ReasonHazard,
		"pinned": ReasonPinned, "pipeline_stage": ReasonPipeline, "generic": ReasonOther,
		"no-alias": ReasonNoAlias, "hazard": ReasonHazard, "pipeline": ReasonPipeline,
	} {
		if reasonOf[planner] != want {
			t.Errorf("%s maps to %q, want %q", planner, reasonOf[planner], want)
		}
	}
	p := &planner.Problem{
		Pools: []planner.Pool{{Name: "v"}},
		Buffers: []planner.Buffer{
			{Name: "a", Size: 1, Align: 1, Live: []planner.Interval{{Start: 0, End: 1}}},
			{Name: "b", Size: 1, Align: 1, Live: []planner.Interval{{Start: 1, End: 2}}},
		},
		Separations: []planner.Separation{{A: 1, B: 0, Reason: "pipeline_stage,target_hazard"}, {A: 0, B: 1, Reason: "mystery"}},
	}
	s := FromProblem("f", "t", "", p, planner.Solution{Offsets: []int64{0, 1}}, Options{}).Spaces[0]
	if len(s.Refused) != 1 {
		t.Fatalf("%+v", s.Refused)
	}
	got := s.Refused[0]
	if got.A != "a" || got.B != "b" || !slices.Equal(got.Reasons, []string{ReasonHazard, ReasonPipeline, ReasonOther}) || got.Detail != "pipeline_stage,target_hazard,mystery" {
		t.Fatalf("%+v", got)
	}
}

// TestSourceOrder: whatever order parallel passes recorded plans in, the
// report lists functions by location, a function's passes in run order.
func TestSourceOrder(t *testing.T) {
	r := &Report{Functions: []Function{
		{Name: "k10", Pass: "memory-reuse", Loc: "m.mlir:40:1"},
		{Name: "k2", Pass: "memory-reuse", Loc: "m.mlir:9:1"},
		{Name: "nowhere", Pass: "memory-reuse"},
		{Name: "k10", Pass: "allocate-addr", Loc: "m.mlir:40:1"},
		{Name: "k1", Pass: "memory-reuse", Loc: "m.mlir:5:1"},
		{Name: "k2", Pass: "allocate-addr", Loc: "m.mlir:9:1"},
		{Name: "k1", Pass: "allocate-addr", Loc: "m.mlir:5:1"},
	}}
	var got []string
	for _, f := range r.ordered().Functions {
		got = append(got, f.Name+"/"+f.Pass)
	}
	want := []string{"k1/memory-reuse", "k1/allocate-addr", "k2/memory-reuse", "k2/allocate-addr", "k10/memory-reuse", "k10/allocate-addr", "nowhere/memory-reuse"}
	if !slices.Equal(got, want) {
		t.Fatalf("order %v\nwant %v", got, want)
	}
}

// TestNoSharingMembers: a buffer formed by merging tiles counts each tile
// in the no-sharing layout, with the buffer's alignment.
func TestNoSharingMembers(t *testing.T) {
	p := &planner.Problem{
		Pools: []planner.Pool{{Name: "vec"}},
		Buffers: []planner.Buffer{
			{Name: "%m0", Size: 1024, Align: 32, Live: []planner.Interval{{Start: 0, End: 2}, {Start: 4, End: 6}}},
			{Name: "%m1", Size: 512, Align: 32, Live: []planner.Interval{{Start: 1, End: 5}}},
		},
	}
	sol := planner.Solution{Offsets: []int64{0, 1024}}
	opt := Options{Members: [][]string{{"%m0", "%m2", "%m3"}, {"%m1"}}, MemberSizes: [][]int64{{1024, 1000, 512}, {512}}}
	s := FromProblem("f", "memory-reuse", "ffd", p, sol, opt).Spaces[0]
	// 0..1024, 1024..2024, 2048..2560, 2560..3072
	if s.NoSharing != 3072 || s.Peak != 1536 || s.BytesSaved != 1536 {
		t.Fatalf("no sharing %d, peak %d, saved %d; want 3072, 1536, 1536", s.NoSharing, s.Peak, s.BytesSaved)
	}
	if got := s.Buffers[0].Members; len(got) != 3 {
		t.Fatalf("members %v", got)
	}
}

// TestAcrossLoops: a buffer lives across a loop's iterations when one of
// its live intervals covers the loop's whole span (defined before and read
// after, or a loop-carried value); not when it lives inside the body, nor
// when intervals of different tiles merely touch end to end over the span.
func TestAcrossLoops(t *testing.T) {
	iv := func(a, b int64) planner.Interval { return planner.Interval{Start: a, End: b} }
	p := &planner.Problem{
		Pools: []planner.Pool{{Name: "vec"}},
		Buffers: []planner.Buffer{
			{Name: "%before", Size: 32, Align: 32, Live: []planner.Interval{iv(1, 12)}},
			{Name: "%carry", Size: 32, Align: 32, Live: []planner.Interval{iv(3, 10)}},
			{Name: "%body", Size: 32, Align: 32, Live: []planner.Interval{iv(4, 6)}},
			{Name: "%touching", Size: 32, Align: 32, Live: []planner.Interval{iv(3, 6), iv(6, 10)}},
			{Name: "%inner", Size: 32, Align: 32, Live: []planner.Interval{iv(5, 8)}},
		},
	}
	sol := planner.Solution{Offsets: []int64{0, 32, 64, 96, 128}}
	loops := []Loop{{Op: "scf.for", Span: [2]int64{3, 10}}, {Op: "scf.for", Span: [2]int64{5, 8}}}
	f := FromProblem("f", "test", "x", p, sol, Options{Loops: loops})
	if len(f.Loops) != 2 {
		t.Fatalf("loops %v", f.Loops)
	}
	want := map[string][]int{"%before": {0, 1}, "%carry": {0, 1}, "%body": nil, "%touching": nil, "%inner": {1}}
	for _, b := range f.Spaces[0].Buffers {
		if !slices.Equal(b.AcrossLoops, want[b.Name]) {
			t.Errorf("%s lives across loops %v, want %v", b.Name, b.AcrossLoops, want[b.Name])
		}
	}
}
