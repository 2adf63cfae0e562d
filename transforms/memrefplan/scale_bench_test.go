package memrefplan

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/dialect"
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

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

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
			err = dialect.Verify(m)
		}
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		mgr := &pass.Manager{Pipeline: pl, Threads: 1}
		b.StartTimer()
		c0 := cpuTime()
		if _, err := mgr.Run(m); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime() - c0
		b.StopTimer()
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}

func scale(b *testing.B, algo string, sizes []int) {
	if env := os.Getenv("PTO_SCALE_SIZES"); env != "" {
		sizes = nil
		for _, f := range strings.Split(env, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 {
				b.Fatalf("PTO_SCALE_SIZES: %q is not a size", f)
			}
			sizes = append(sizes, n)
		}
	}
	var prevN int
	var prevT time.Duration
	for _, n := range sizes {
		var per time.Duration
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			c0 := cpuTime()
			benchPlanner(b, n, algo)
			per = (cpuTime() - c0) / time.Duration(b.N)
		})
		if prevN > 0 && prevT > 0 && per > 0 {
			b.Logf("N %d -> %d: %.3fs -> %.3fs, growth N^%.2f", prevN, n, prevT.Seconds(), per.Seconds(),
				math.Log(per.Seconds()/prevT.Seconds())/math.Log(float64(n)/float64(prevN)))
		}
		prevN, prevT = n, per
	}
}

func BenchmarkScaleBestFit(b *testing.B) { scale(b, "best-fit", []int{1000, 10000, 50000}) }
func BenchmarkScaleFFD(b *testing.B)     { scale(b, "ffd", []int{1000, 10000, 50000}) }
func BenchmarkScaleDSARP(b *testing.B)   { scale(b, "dsa-rp", []int{1000, 10000}) }
