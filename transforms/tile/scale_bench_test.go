package tile

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
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// Scaling benchmarks of the tile planning passes on one function of N
// tiles (gen.TileKernel), at several N, so the growth with N shows:
//
//	go test ./transforms/tile -run '^$' -bench 'Scale' -benchtime 1x
//
// Each reports cpu-s/op (CPU seconds of the passes alone: parsing is
// outside) and logs, past the first size, the growth exponent from the
// previous size (log t2/t1 / log N2/N1, on CPU time including the parse):
// 1 is linear, 2 quadratic.

// benchPipeline runs pipeline on a fresh parse of src per iteration,
// for ascend910b, with one thread.
func benchPipeline(b *testing.B, src, pipeline string) {
	benchPipelineOn(b, src, pipeline, "ascend910b")
}

// benchPipelineOn is benchPipeline for a target ("" for none).
func benchPipelineOn(b *testing.B, src, pipeline, target string) {
	pl, err := pass.ParsePipeline(pipeline)
	if err != nil {
		b.Fatal(err)
	}
	var tgt *targets.Target
	if target != "" {
		if tgt, err = targets.Load(target); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.StopTimer()
	var cpu time.Duration
	defer func() { b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op") }()
	for i := 0; i < b.N; i++ {
		m, err := parser.ParseString(src, parser.Options{})
		if err == nil {
			err = dialect.Verify(m)
		}
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		mgr := &pass.Manager{Pipeline: pl, Target: tgt, Threads: 1}
		b.StartTimer()
		c0 := cpuTime()
		diags, err := mgr.Run(m)
		cpu += cpuTime() - c0
		b.StopTimer()
		if err != nil {
			for _, d := range diags {
				b.Log(d.Error())
			}
			b.Fatal(err)
		}
	}
}

// cpuTime is the CPU time of the process so far (user and system): the
// machine is shared, so wall time says little.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// scaleSizes runs bench at each n as a sub-benchmark and logs the growth
// exponent between consecutive sizes.
//
// PTO_SCALE_SIZES="3000,30000" replaces the sizes (to profile one).
func scaleSizes(b *testing.B, sizes []int, bench func(b *testing.B, n int)) {
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
			bench(b, n)
			per = (cpuTime() - c0) / time.Duration(b.N)
		})
		if prevN > 0 && prevT > 0 && per > 0 {
			b.Logf("N %d -> %d: %.3fs -> %.3fs, growth N^%.2f", prevN, n, prevT.Seconds(), per.Seconds(),
				math.Log(per.Seconds()/prevT.Seconds())/math.Log(float64(n)/float64(prevN)))
		}
		prevN, prevT = n, per
	}
}

// BenchmarkScaleReuseAddr: -init-memref -materialize-semantic-aliases
// -memory-reuse -allocate-addr (PyPTO's order) with loops and ifs, for
// ascend910b: the packed kernel needs about 8 KB of vec at any N.
func BenchmarkScaleReuseAddr(b *testing.B) {
	scaleSizes(b, []int{1000, 10000, 100000}, func(b *testing.B, n int) {
		benchPipeline(b, gen.TileKernel(n), "builtin.module(func.func(init-memref,materialize-semantic-aliases,memory-reuse,allocate-addr))")
	})
}

// BenchmarkScaleReuseAddrChain: -init-memref -memory-reuse
// -allocate-addr on a kernel without loops and ifs.
func BenchmarkScaleReuseAddrChain(b *testing.B) {
	scaleSizes(b, []int{1000, 10000, 100000}, func(b *testing.B, n int) {
		benchPipeline(b, gen.TileChain(n), "builtin.module(func.func(init-memref,memory-reuse,allocate-addr))")
	})
}

// BenchmarkScaleDSARP: -pto-memory-plan=planner=dsa-rp (default work).
func BenchmarkScaleDSARP(b *testing.B) {
	scaleSizes(b, []int{1000, 3000, 10000}, func(b *testing.B, n int) {
		benchPipeline(b, gen.TileKernel(n), "builtin.module(func.func(pto-memory-plan{planner=dsa-rp}))")
	})
}

// BenchmarkScaleCheckPlacement: check-tile-placement on a planned kernel
// (the validator alone).
func BenchmarkScaleCheckPlacement(b *testing.B) {
	scaleSizes(b, []int{1000, 10000, 100000}, func(b *testing.B, n int) {
		benchPipeline(b, gen.TileKernel(n), "builtin.module(func.func(init-memref,materialize-semantic-aliases,check-tile-placement))")
	})
}
