package planner

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// traceProblem draws a model-trace-like problem: n buffers with starts
// spread over 4n program points, mostly short lifetimes with a long tail,
// and log-uniform sizes from 64 bytes to 1 MiB. Seeded, so every run
// benchmarks the same problem.
func traceProblem(n int) *Problem {
	rng := rand.New(rand.NewPCG(uint64(n), 42))
	p := &Problem{Pools: []Pool{{Name: "mem"}}}
	for i := range n {
		s := rng.Int64N(int64(4 * n))
		length := 1 + int64(rng.ExpFloat64()*20)
		if rng.IntN(50) == 0 {
			length *= 50
		}
		size := int64(math.Exp(math.Log(64) + rng.Float64()*(math.Log(1<<20)-math.Log(64))))
		p.Buffers = append(p.Buffers, buf(fmt.Sprint(i), size, 1, s, s+length))
	}
	return p
}

// packedProblem cuts a capacity x time rectangle into n buffers by
// repeated guillotine splits, then forgets the offsets: a fit at exactly
// the capacity exists by construction, and nothing looser does better.
func packedProblem(n int, capacity int64) *Problem {
	rng := rand.New(rand.NewPCG(uint64(n), 43))
	type rect struct{ lo, hi, t0, t1 int64 }
	rects := []rect{{0, capacity, 0, 1000}}
	for len(rects) < n {
		k := rng.IntN(len(rects))
		r := rects[k]
		if rng.IntN(2) == 0 && r.hi-r.lo >= 2 {
			m := r.lo + 1 + rng.Int64N(r.hi-r.lo-1)
			rects[k] = rect{r.lo, m, r.t0, r.t1}
			rects = append(rects, rect{m, r.hi, r.t0, r.t1})
		} else if r.t1-r.t0 >= 2 {
			m := r.t0 + 1 + rng.Int64N(r.t1-r.t0-1)
			rects[k] = rect{r.lo, r.hi, r.t0, m}
			rects = append(rects, rect{r.lo, r.hi, m, r.t1})
		}
	}
	p := onePool(capacity)
	for i, r := range rects {
		p.Buffers = append(p.Buffers, buf(fmt.Sprint(i), r.hi-r.lo, 1, r.t0, r.t1))
	}
	return p
}

var traceSizes = []int{1000, 4000, 16000, 64000}

func BenchmarkBestFit(b *testing.B) { benchTrace(b, "best-fit") }
func BenchmarkFFD(b *testing.B)     { benchTrace(b, "ffd") }
func BenchmarkTrivial(b *testing.B) { benchTrace(b, "trivial") }

func benchTrace(b *testing.B, alg string) {
	for _, n := range traceSizes {
		p := traceProblem(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var r *Result
			for b.Loop() {
				r, _ = Solve(alg, p, Options{})
			}
			b.ReportMetric(float64(r.Peak[0])/float64(r.LowerBound[0]), "peak/LB")
		})
	}
}

func BenchmarkValidate(b *testing.B) {
	for _, n := range traceSizes {
		p := traceProblem(n)
		r, _ := Solve("best-fit", p, Options{})
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Validate(p, r.Solution); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkConflicts(b *testing.B) {
	for _, n := range traceSizes[:3] {
		p := traceProblem(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var g Graph
			for b.Loop() {
				g = Conflicts(p)
			}
			b.ReportMetric(float64(g.Edges()), "edges")
		})
	}
}

// BenchmarkDSARPPacked times the exact search on problems that fit their
// capacity only tightly (the lower bound equals the capacity).
func BenchmarkDSARPPacked(b *testing.B) {
	for _, n := range []int{25, 50, 100} {
		p := packedProblem(n, 1<<16)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var r *Result
			for b.Loop() {
				r, _ = Solve("dsa-rp", p, Options{})
			}
			if !r.Feasible {
				b.Fatalf("no fit found for a packed problem: %s", r.Reason)
			}
			b.ReportMetric(float64(r.Nodes), "nodes")
			b.ReportMetric(float64(r.Work), "steps")
		})
	}
}

// BenchmarkDSARPPenalties times cost minimisation on kernel-like pools:
// equal-size tiles double-buffered in a pool of three slots, each tile
// overlapping the next in time, with random penalties. The largest is not
// proven within the budget: its time per step is the figure to watch.
func BenchmarkDSARPPenalties(b *testing.B) {
	for _, n := range []int{8, 16, 24} {
		rng := rand.New(rand.NewPCG(uint64(n), 44))
		p := onePool(3 << 15)
		for i := range n {
			s := int64(2 * i)
			p.Buffers = append(p.Buffers, buf(fmt.Sprint(i), 1<<15, 32, s, s+3+rng.Int64N(2)))
		}
		for range 3 * n {
			if a, c := rng.IntN(n), rng.IntN(n); a != c {
				p.Penalties = append(p.Penalties, Penalty{A: a, B: c, Cost: 1})
			}
		}
		p.Objective = []string{MetricCapacityOverflow, MetricReuseCost}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var r *Result
			for b.Loop() {
				r, _ = Solve("dsa-rp", p, Options{Work: 300_000_000})
			}
			b.ReportMetric(float64(r.ReuseCost), "cost")
			b.ReportMetric(float64(r.Work), "steps")
			if !r.Optimal {
				b.ReportMetric(1, "unproven")
			}
		})
	}
}

// BenchmarkLargeHybrid times the large-pool hybrid portfolio alone on
// synthetic traces (the public model traces: BenchmarkLargeTraces in
// cmd/pto-plan).
func BenchmarkLargeHybrid(b *testing.B) {
	for _, n := range []int{6000, 60000} {
		p := traceProblem(n)
		i, _ := newInstance(p)
		g, _ := newLgPool(i, 0)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			off := make([]int64, len(i.units))
			var pk int64
			for b.Loop() {
				pk = largeHybrid(g, off, 0, newMeter(time.Time{}, nil), 1<<62)
			}
			b.ReportMetric(float64(pk)/float64(g.lb), "peak/LB")
		})
	}
}

// exclusivePinsDoc is a schema-v1 document of n 32-byte buffers, each
// pinned exclusive_for_all_time at its own offset, and n unpinned ones
// live one at a time: the shape that took gigabytes when every exclusive
// pin was written out as a separation from every other buffer.
func exclusivePinsDoc(n int) []byte {
	var bufs, pins []string
	for i := range 2 * n {
		bufs = append(bufs, fmt.Sprintf(`{"id": %d, "size": 32, "alignment": 32, "live_intervals": [{"lower": %d, "upper": %d}], "allowed_pools": [0]}`, i, i%n, i%n+2))
		if i < n {
			pins = append(pins, fmt.Sprintf(`{"buffer": %d, "pool": 0, "offset": %d, "exclusive_for_all_time": true}`, i, 32*i))
		}
	}
	return []byte(`{"schema_version": 1, "problem": {"pools": [{"id": 0, "name": "vec"}], "buffers": [` +
		strings.Join(bufs, ", ") + `], "constraints": {"pinned_allocations": [` + strings.Join(pins, ", ") + `]}}}`)
}

// BenchmarkExclusivePins reads and plans exclusivePinsDoc with every
// algorithm: the time and bytes grow with n, not n^2.
//
//	go test ./planner -run '^$' -bench ExclusivePins -benchmem
func BenchmarkExclusivePins(b *testing.B) {
	for _, n := range []int{1000, 3000} {
		doc := exclusivePinsDoc(n)
		for _, alg := range Algorithms() {
			b.Run(fmt.Sprintf("n=%d/%s", n, alg), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					d, err := ReadJSON(bytes.NewReader(doc), "pins.json")
					if err != nil {
						b.Fatal(err)
					}
					r, err := Solve(alg, d.Problem, Options{Work: 10_000_000})
					if err != nil {
						b.Fatal(err)
					}
					if err := Validate(r.Problem, r.Solution); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
