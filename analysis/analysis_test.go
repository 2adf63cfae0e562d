package analysis

import (
	"runtime"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
)

func parseFunc(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	for _, op := range m.Body(0).Ops {
		if op.Name == "func.func" && op.Body(0) != nil {
			return op
		}
	}
	t.Fatal("no function")
	return nil
}

func valueNamed(fn *ir.Operation, name string) *ir.Value {
	var found *ir.Value
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Results {
			if r.NameHint == name {
				found = r
			}
		}
		for _, reg := range op.Regions() {
			for _, b := range reg.Blocks {
				for _, a := range b.Args {
					if a.NameHint == name {
						found = a
					}
				}
			}
		}
		return true
	})
	return found
}

func TestMayAliasDistinguishesFreshAllocationsFromArguments(t *testing.T) {
	fn := parseFunc(t, `
func.func @f(%arg: memref<4xf32>, %arg2: memref<4xf32>, %c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %arg : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}`)
	aa := NewAliases(fn)
	v := func(n string) *ir.Value { return valueNamed(fn, n) }
	cases := []struct {
		x, y string
		want bool
	}{
		{"a", "b", false},     // two fresh allocations
		{"a", "s", true},      // select may return %a
		{"b", "s", false},     // %b never flows into the select
		{"arg", "s", true},    // the select may return the argument
		{"arg", "a", false},   // an argument cannot be a local allocation
		{"arg", "arg2", true}, // two arguments may be the same buffer
	}
	for _, c := range cases {
		if got := aa.MayAlias(v(c.x), v(c.y)); got != c.want {
			t.Errorf("MayAlias(%%%s, %%%s) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	// The select has predecessors, so it is not a root itself.
	var names []string
	for _, r := range aa.Roots(v("s")) {
		names = append(names, r.NameHint)
	}
	if got := strings.Join(names, ","); got != "a,arg" {
		t.Errorf("roots of %%s = %s, want a,arg", got)
	}
}

func TestIntervalSetsOverlap(t *testing.T) {
	a := []Interval{{0, 2}, {5, 7}}
	b := []Interval{{2, 5}}
	if OverlapSets(a, b) {
		t.Error("touching intervals must not overlap")
	}
	if !OverlapSets(a, []Interval{{6, 9}}) {
		t.Error("[5,7) and [6,9) overlap")
	}
	if got := normalize([]Interval{{4, 6}, {0, 2}, {2, 3}, {5, 8}, {9, 9}}); len(got) != 2 || got[0] != (Interval{0, 3}) || got[1] != (Interval{4, 8}) {
		t.Errorf("normalize = %v", got)
	}
}

// benchFunction returns a function of about n ops from the memref program
// generator (allocs, loads, stores, loops, conditionals).
func benchFunction(b *testing.B, n int) *ir.Operation {
	src := gen.MemrefFunction(n)
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return m.Body(0).Ops[0]
}

func benchmarkAnalyses(b *testing.B, n int) {
	fn := benchFunction(b, n)
	ops := 0
	fn.Walk(func(*ir.Operation) bool { ops++; return true })
	runtime.GC()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lv := ComputeLiveness(fn, NewAliases(fn))
		for _, r := range lv.Roots() {
			_ = lv.RootRanges(r)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(ops), "ns/op-analysed")
}

func BenchmarkAnalyses5k(b *testing.B)  { benchmarkAnalyses(b, 5000) }
func BenchmarkAnalyses50k(b *testing.B) { benchmarkAnalyses(b, 50000) }
