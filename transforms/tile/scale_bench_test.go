package tile

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/benchscale"
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
func benchPipeline(b *testing.B, src, pipeline string) *ir.Operation {
	return benchPipelineOn(b, src, pipeline, "ascend910b")
}

// benchPipelineOn is benchPipeline for a target ("" for none); it
// returns the last run's module.
func benchPipelineOn(b *testing.B, src, pipeline, target string) *ir.Operation {
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
	var m *ir.Operation
	for i := 0; i < b.N; i++ {
		var err error
		m, err = parser.ParseString(src, parser.Options{})
		if err == nil {
			err = ir.Verify(m)
		}
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		mgr := &pass.Manager{Pipeline: pl, Target: tgt, Threads: 1}
		b.StartTimer()
		c0 := benchscale.CPUTime()
		diags, err := mgr.Run(m)
		cpu += benchscale.CPUTime() - c0
		b.StopTimer()
		if err != nil {
			for _, d := range diags {
				b.Log(d.Error())
			}
			b.Fatal(err)
		}
	}
	return m
}

// BenchmarkScaleReuseAddr: -init-memref -materialize-semantic-aliases
// -memory-reuse -allocate-addr (PyPTO's order) with loops and ifs, for
// ascend910b: the packed kernel needs about 8 KB of vec at any N.
func BenchmarkScaleReuseAddr(b *testing.B) {
	benchscale.Sizes(b, []int{1000, 10000, 100000}, func(b *testing.B, n int) {
		benchPipeline(b, gen.TileKernel(n), "builtin.module(func.func(init-memref,materialize-semantic-aliases,memory-reuse,allocate-addr))")
	})
}

// BenchmarkScaleReuseAddrChain: -init-memref -memory-reuse
// -allocate-addr on a kernel without loops and ifs.
func BenchmarkScaleReuseAddrChain(b *testing.B) {
	benchscale.Sizes(b, []int{1000, 10000, 100000}, func(b *testing.B, n int) {
		benchPipeline(b, gen.TileChain(n), "builtin.module(func.func(init-memref,memory-reuse,allocate-addr))")
	})
}

// BenchmarkScaleDSARP: -pto-memory-plan=planner=dsa-rp (default work).
// peak/best-fit is the largest, over the memory spaces, of dsa-rp's peak
// over best fit's on the same kernel (at most 1: dsa-rp stays within
// best fit's peak).
func BenchmarkScaleDSARP(b *testing.B) {
	benchscale.Sizes(b, []int{1000, 3000, 10000}, func(b *testing.B, n int) {
		src := gen.TileKernel(n)
		m := benchPipeline(b, src, dsarpPipeline)
		b.ReportMetric(worstPeakRatio(peaksOf(b, m), planPeaks(b, src, bestFitPipeline)), "peak/best-fit")
	})
}

// BenchmarkScaleCheckPlacement: check-tile-placement on a planned kernel
// (the validator alone).
func BenchmarkScaleCheckPlacement(b *testing.B) {
	benchscale.Sizes(b, []int{1000, 10000, 100000}, func(b *testing.B, n int) {
		benchPipeline(b, gen.TileKernel(n), "builtin.module(func.func(init-memref,materialize-semantic-aliases,check-tile-placement))")
	})
}

// BenchmarkScalePTOASPlan: -pto-memory-plan=planner=ptoas, whose last
// step runs the model of ptoas's own planner (check-ptoas-plan), on a
// target whose ptoas planner has room for any N (ptoas's liveness keeps
// a loop's tiles live together, so a real UB overflows at these sizes).
func BenchmarkScalePTOASPlan(b *testing.B) {
	target := filepath.Join(b.TempDir(), "roomy.json")
	roomy := `{"name": "roomy", "inherits": "ascend910b", "spaces": {`
	for i, sp := range []string{"vec", "mat", "left", "right", "acc", "bias"} {
		if i > 0 {
			roomy += ", "
		}
		roomy += `"` + sp + `": {"ptoas": {"capacity": 1099511627776, "alignment": 32}}`
	}
	roomy += "}}"
	if err := os.WriteFile(target, []byte(roomy), 0o644); err != nil {
		b.Fatal(err)
	}
	benchscale.Sizes(b, []int{1000, 3000, 10000}, func(b *testing.B, n int) {
		benchPipelineOn(b, gen.TileKernel(n), "builtin.module(func.func(pto-memory-plan{planner=ptoas}))", target)
	})
}

// pinnedKernel is n 32-byte declared ({pinned}) allocations of vec, each
// loaded and stored once, with addresses when addr: every declared
// allocation is kept from every other, which was a separation per pair.
func pinnedKernel(n int, addr bool) string {
	var sb strings.Builder
	sb.WriteString("func.func @pinned(%in: !tile.tensor<64x64xf32>) {\n")
	for i := range n {
		attrs := "pinned"
		if addr {
			attrs = fmt.Sprintf("addr = %d, pinned", 32*i)
		}
		fmt.Fprintf(&sb, "  %%m%d = tile.alloc vec, 32 {%s} : !tile.buf<vec>\n", i, attrs)
		fmt.Fprintf(&sb, "  %%t%d = tile.load %%in into %%m%d : (!tile.tensor<64x64xf32>) -> !tile.tile<1x8xf32, vec>\n", i, i)
		fmt.Fprintf(&sb, "  %%s%d = tile.store %%t%d, %%in : (!tile.tile<1x8xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>\n", i, i)
	}
	sb.WriteString("  return\n}\n")
	return sb.String()
}

// BenchmarkScalePinned: allocate-addr on pinnedKernel, under every
// planner, without a target (no capacity to overflow):
//
//	go test ./transforms/tile -run '^$' -bench 'ScalePinned' -benchtime 1x -benchmem
func BenchmarkScalePinned(b *testing.B) {
	for _, addr := range []bool{false, true} {
		for _, planner := range []string{"sequential", "best-fit", "ffd", "dsa-rp"} {
			b.Run(fmt.Sprintf("addr=%v/%s", addr, planner), func(b *testing.B) {
				benchscale.Sizes(b, []int{1000, 3000}, func(b *testing.B, n int) {
					benchPipelineOn(b, pinnedKernel(n, addr), "builtin.module(func.func(allocate-addr{planner="+planner+"}))", "")
				})
			})
		}
	}
}

// BenchmarkScaleCheckPlacementAddressed: the validator once addresses
// exist, on a kernel whose tiles all sit at distinct addresses (the
// sequential planner without memory-reuse, no target): one memory space
// holding N segments, which a write used to rebuild and sort whole.
func BenchmarkScaleCheckPlacementAddressed(b *testing.B) {
	benchscale.Sizes(b, []int{1000, 10000, 30000}, func(b *testing.B, n int) {
		benchPipelineOn(b, gen.TileChain(n), "builtin.module(func.func(init-memref,allocate-addr{planner=sequential},check-tile-placement))", "")
	})
}
