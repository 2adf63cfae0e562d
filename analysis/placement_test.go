package analysis

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// plannedChain is a planned kernel of n tiles: a chain of exp ops written
// alternately into two buffers (each tile dies at the next op), with every
// 64 tiles a loop carrying the chain's tile in place, all at addresses.
func plannedChain(n int) string {
	var sb strings.Builder
	sb.WriteString("func.func @chain(%in: !tile.tensor<16x16xf32>, %out: !tile.tensor<16x16xf32>) {\n")
	sb.WriteString("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c4 = arith.constant 4 : index\n")
	sb.WriteString("  %m0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>\n  %m1 = tile.alloc vec, 1024 {addr = 1024} : !tile.buf<vec>\n")
	const ty = "!tile.tile<16x16xf32, vec>"
	sb.WriteString("  %t0 = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> " + ty + "\n")
	for i := 1; i < n; i++ {
		buf := i % 2
		if i%64 == 0 {
			// A loop carrying %t(i-1) in its own buffer, updated in place.
			fmt.Fprintf(&sb, "  %%t%d = scf.for %%i%d = %%c0 to %%c4 step %%c1 iter_args(%%x%d = %%t%d) -> (%s) {\n", i, i, i, i-1, ty)
			fmt.Fprintf(&sb, "    %%y%d = tile.exp %%x%d into %%m%d : (%s) -> %s\n", i, i, 1-buf, ty, ty)
			fmt.Fprintf(&sb, "    scf.yield %%y%d : %s\n  }\n", i, ty)
			// The chain continues in the other buffer next time.
			fmt.Fprintf(&sb, "  %%u%d = tile.neg %%t%d into %%m%d : (%s) -> %s\n", i, i, buf, ty, ty)
			i++
			if i >= n {
				fmt.Fprintf(&sb, "  %%t%d = tile.abs %%u%d into %%m%d : (%s) -> %s\n", i, i-1, 1-buf, ty, ty)
				break
			}
			fmt.Fprintf(&sb, "  %%t%d = tile.abs %%u%d into %%m%d : (%s) -> %s\n", i, i-1, i%2, ty, ty)
			continue
		}
		fmt.Fprintf(&sb, "  %%t%d = tile.exp %%t%d into %%m%d : (%s) -> %s\n", i, i-1, buf, ty, ty)
	}
	fmt.Fprintf(&sb, "  %%s = tile.store %%t%d, %%out : (%s, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>\n  return\n}\n", n-1, ty)
	return sb.String()
}

func TestPlannedChainValidates(t *testing.T) {
	fn := parseFunc(t, plannedChain(300))
	if err := CheckTilePlacement(fn, PlacementRules{}); err != nil {
		t.Fatalf("a valid plan was rejected: %v", err)
	}
	// Reading a tile two steps back finds its bytes overwritten.
	bad := strings.Replace(plannedChain(300), "%t5 = tile.exp %t4", "%t5 = tile.exp %t2", 1)
	err := CheckTilePlacement(parseFunc(t, bad), PlacementRules{})
	if err == nil || !strings.Contains(err.Error(), "reads tile %t2, but its bytes [0, 1024) were overwritten by 'tile.exp'") {
		t.Fatalf("want the stale read of %%t2 reported, got %v", err)
	}
}

func benchmarkCheck(b *testing.B, n int) {
	fn := parseFunc(b, plannedChain(n))
	runtime.GC()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := CheckTilePlacement(fn, PlacementRules{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/tile")
}

func BenchmarkCheckTilePlacement10k(b *testing.B)  { benchmarkCheck(b, 10000) }
func BenchmarkCheckTilePlacement100k(b *testing.B) { benchmarkCheck(b, 100000) }
