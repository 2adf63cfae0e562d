package tile

import (
	"testing"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// TestNeverExclusiveMeansNoExclusivePair: memory-reuse skips
// Liveness.Exclusive for an allocation NeverExclusive vouches for; on a
// kernel with ifs, such an allocation is exclusive with none, and the
// kernel has exclusive pairs for the others (so the skip is tested where
// it matters).
func TestNeverExclusiveMeansNoExclusivePair(t *testing.T) {
	// The generated kernel, and a function whose if arms each compute
	// and store a tile of their own (exclusive allocations).
	const arms = `
func.func @arms(%in: !tile.tensor<64x64xf32>, %flag: i1) {
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<16x16xf32, vec>
  scf.if %flag {
    %x = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %x, %in {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
    scf.yield
  } else {
    %y = tile.neg %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %y, %in {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>
    scf.yield
  }
  return
}
`
	m, err := parser.ParseString(gen.TileKernel(400)+arms, parser.Options{})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	// Before the semantic aliases, each arm of an if writes its own
	// allocation: those pairs are exclusive.
	pl, err := pass.ParsePipeline("builtin.module(func.func(init-memref))")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&pass.Manager{Pipeline: pl, Threads: 1}).Run(m); err != nil {
		t.Fatal(err)
	}
	vouched, exclusive := 0, 0
	m.Walk(func(fn *ir.Operation) bool {
		if fn.Name != "func.func" {
			return true
		}
		lv := analysis.ComputeLiveness(fn, nil)
		allocs := Allocs(fn)
		for _, a := range allocs {
			never := lv.NeverExclusive(a.Results[0])
			if never {
				vouched++
			}
			for _, b := range allocs {
				if ex, _ := lv.Exclusive(a.Results[0], b.Results[0]); ex {
					exclusive++
					if never {
						t.Errorf("%s: NeverExclusive, but exclusive with %s", a.Loc, b.Loc)
					}
				}
			}
		}
		return false
	})
	if vouched == 0 || exclusive == 0 {
		t.Fatalf("%d allocations never exclusive, %d exclusive pairs: the kernel does not test the skip", vouched, exclusive)
	}
}
