package gen

import (
	"fmt"
	"strings"
)

// TileKernel returns an unplanned tile kernel (before init-memref) of
// about n tiles in one function, for scaling benchmarks of the tile
// planning passes. It is a long vector chain whose working set stays
// small (each op reads the previous tile and one of the last few), with
// the shapes the passes must handle at every scale: row reductions and
// broadcasts (no-alias rules), loads and stores (other pipes), a loop
// carrying a tile updated in place every 40 tiles, an if with a tile
// result every 60, and a cube chain (mat -> left/right -> acc -> vec)
// every 50. The same n always gives the same text; the kernel fits the
// spaces of ascend910b once its tiles share buffers.
func TileKernel(n int) string { return tileKernel(n, true) }

// TileChain is TileKernel without loops and ifs: one block of n tiles.
func TileChain(n int) string { return tileKernel(n, false) }

func tileKernel(n int, control bool) string {
	const (
		vt     = "!tile.tile<16x16xf32, vec>"
		rt     = "!tile.tile<16x1xf32, vec>"
		window = 6
	)
	var sb strings.Builder
	sb.Grow(n * 140)
	sb.WriteString("func.func @tiles(%in: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>, %ga: !tile.tensor<32x32xf16>, %gb: !tile.tensor<32x32xf16>, %flag: i1) {\n")
	sb.WriteString("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c4 = arith.constant 4 : index\n")
	var live []string // the last few vector tiles, newest last
	name := 0
	fresh := func(p string) string { name++; return fmt.Sprintf("%%%s%d", p, name) }
	push := func(v string) {
		live = append(live, v)
		if len(live) > window {
			live = live[1:]
		}
	}
	// rng is a fixed linear congruential sequence: deterministic, and
	// cheap enough for a million tiles.
	state := uint64(0x9e3779b97f4a7c15)
	rng := func(k int) int {
		state = state*6364136223846793005 + 1442695040888963407
		return int((state >> 33) % uint64(k))
	}
	for tiles := 0; tiles < n; {
		if len(live) == 0 || tiles%16 == 0 {
			v := fresh("t")
			fmt.Fprintf(&sb, "  %s = tile.load %%in {offsets = [%d, 0]} : (!tile.tensor<64x64xf32>) -> %s\n", v, 16*rng(4), vt)
			push(v)
			tiles++
			continue
		}
		prev := live[len(live)-1]
		switch {
		case tiles%50 == 25:
			// A cube chain, its result moved to vec.
			a, b, l, r, acc, v := fresh("a"), fresh("b"), fresh("l"), fresh("r"), fresh("acc"), fresh("t")
			fmt.Fprintf(&sb, "  %s = tile.load %%ga {offsets = [0, 0]} : (!tile.tensor<32x32xf16>) -> !tile.tile<32x32xf16, mat>\n", a)
			fmt.Fprintf(&sb, "  %s = tile.load %%gb {offsets = [0, 0]} : (!tile.tensor<32x32xf16>) -> !tile.tile<32x32xf16, mat>\n", b)
			fmt.Fprintf(&sb, "  %s = tile.move %s : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, left>\n", l, a)
			fmt.Fprintf(&sb, "  %s = tile.move %s : (!tile.tile<32x32xf16, mat>) -> !tile.tile<32x32xf16, right>\n", r, b)
			fmt.Fprintf(&sb, "  %s = tile.matmul %s, %s : (!tile.tile<32x32xf16, left>, !tile.tile<32x32xf16, right>) -> !tile.tile<32x32xf32, acc>\n", acc, l, r)
			fmt.Fprintf(&sb, "  %s = tile.move %s : (!tile.tile<32x32xf32, acc>) -> !tile.tile<32x32xf32, vec>\n", v, acc)
			s := fresh("s")
			fmt.Fprintf(&sb, "  %s = tile.store %s, %%out {offsets = [0, 0]} : (!tile.tile<32x32xf32, vec>, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>\n", s, v)
			tiles += 6
		case control && tiles%40 == 20:
			// A loop carrying the chain's tile, updated in place.
			res, iv, x, y := fresh("r"), fresh("i"), fresh("x"), fresh("y")
			fmt.Fprintf(&sb, "  %s = scf.for %s = %%c0 to %%c4 step %%c1 iter_args(%s = %s) -> (%s) {\n", res, iv, x, prev, vt)
			fmt.Fprintf(&sb, "    %s = tile.exp %s : (%s) -> %s\n", y, x, vt, vt)
			fmt.Fprintf(&sb, "    scf.yield %s : %s\n  }\n", y, vt)
			push(res)
			tiles += 2
		case control && tiles%60 == 30:
			// An if with a tile result, computed differently in each arm.
			res, p, q := fresh("r"), fresh("p"), fresh("q")
			other := live[rng(len(live))]
			fmt.Fprintf(&sb, "  %s = scf.if %%flag -> (%s) {\n", res, vt)
			fmt.Fprintf(&sb, "    %s = tile.add %s, %s : (%s, %s) -> %s\n", p, prev, other, vt, vt, vt)
			fmt.Fprintf(&sb, "    scf.yield %s : %s\n  } else {\n", p, vt)
			fmt.Fprintf(&sb, "    %s = tile.neg %s : (%s) -> %s\n", q, prev, vt, vt)
			fmt.Fprintf(&sb, "    scf.yield %s : %s\n  }\n", q, vt)
			push(res)
			tiles += 3
		case tiles%8 == 5:
			// A row reduction and its broadcast back (no-alias rules).
			m, v := fresh("m"), fresh("t")
			fmt.Fprintf(&sb, "  %s = tile.row_max %s : (%s) -> %s\n", m, prev, vt, rt)
			fmt.Fprintf(&sb, "  %s = tile.row_expand_sub %s, %s : (%s, %s) -> %s\n", v, prev, m, vt, rt, vt)
			push(v)
			tiles += 2
		case tiles%16 == 15:
			s := fresh("s")
			fmt.Fprintf(&sb, "  %s = tile.store %s, %%out {offsets = [0, 0]} : (%s, !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32>\n", s, prev, vt)
			live = live[:0]
			tiles++
		default:
			v := fresh("t")
			switch rng(4) {
			case 0:
				fmt.Fprintf(&sb, "  %s = tile.exp %s : (%s) -> %s\n", v, prev, vt, vt)
			case 1:
				fmt.Fprintf(&sb, "  %s = tile.rsqrt %s : (%s) -> %s\n", v, prev, vt, vt)
			default:
				other := live[rng(len(live))]
				fmt.Fprintf(&sb, "  %s = tile.add %s, %s : (%s, %s) -> %s\n", v, prev, other, vt, vt, vt)
			}
			push(v)
			tiles++
		}
	}
	sb.WriteString("  return\n}\n")
	return sb.String()
}

// MemrefAllocs returns a module with one function of n static memref
// allocations with staggered lifetimes (a few live at a time), some
// used in loops and conditionals, for scaling benchmarks of the static
// memory planner.
func MemrefAllocs(n int) string {
	// memrefFunction emits 4 to 7 ops per allocation (6 on average).
	return memrefFunction(6*n+4, true)
}
