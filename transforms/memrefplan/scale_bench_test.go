package memrefplan

import (
	"runtime"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/benchscale"
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// Scaling benchmarks of static-memory-planner-analysis on one function of
// N allocations (gen.MemrefAllocs: staggered lifetimes, loops and ifs):
//
//	go test ./transforms/memrefplan -run '^$' -bench Scale -benchtime 1x -v
//
// cpu-s/op is the CPU time of the pass alone; -v logs the growth exponent
// between consecutive sizes. PTO_SCALE_SIZES="3000,30000" replaces the
// sizes.

func benchPlanner(b *testing.B, n int, algo string) {
	src := gen.MemrefAllocs(n)
	pl, err := pass.ParsePipeline("builtin.module(func.func(static-memory-planner-analysis{algorithm=" + algo + " work=6000000}))")
	if err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	var cpu time.Duration
	for i := 0; i < b.N; i++ {
		m, err := parser.ParseString(src, parser.Options{})
		if err == nil {
			err = ir.Verify(m)
		}
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		mgr := &pass.Manager{Pipeline: pl, Threads: 1}
		b.StartTimer()
		c0 := benchscale.CPUTime()
		if _, err := mgr.Run(m); err != nil {
			b.Fatal(err)
		}
		cpu += benchscale.CPUTime() - c0
		b.StopTimer()
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}

func scale(b *testing.B, algo string, sizes []int) {
	benchscale.Sizes(b, sizes, func(b *testing.B, n int) { benchPlanner(b, n, algo) })
}

func BenchmarkScaleBestFit(b *testing.B) { scale(b, "best-fit", []int{1000, 10000, 50000}) }
func BenchmarkScaleFFD(b *testing.B)     { scale(b, "ffd", []int{1000, 10000, 50000}) }
func BenchmarkScaleDSARP(b *testing.B)   { scale(b, "dsa-rp", []int{1000, 10000}) }
