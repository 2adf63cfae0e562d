// Package gen generates synthetic MLIR programs for benchmarks and
// scaling tests.
package gen

import (
	"fmt"
	"strings"
)

// MemrefProgram returns a bufferized memref program of roughly size bytes:
// many functions, each a chain of alloc / store / load / dealloc groups
// with staggered lifetimes, loops and conditionals.
func MemrefProgram(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n")
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "  func.func @f%d(%%arg0: index, %%arg1: i1, %%arg2: f32) -> f32 {\n", f)
		sb.WriteString("    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n    %c16 = arith.constant 16 : index\n")
		sb.WriteString("    %cst = arith.constant 1.000000e+00 : f32\n")
		prev := "%arg2"
		for g := 0; g < 40; g++ {
			n := 16 << (g % 4)
			fmt.Fprintf(&sb, "    %%alloc_%d = memref.alloc() {alignment = 64 : i64} : memref<%dx16xf32>\n", g, n)
			fmt.Fprintf(&sb, "    memref.store %s, %%alloc_%d[%%c0, %%c1] : memref<%dx16xf32>\n", prev, g, n)
			fmt.Fprintf(&sb, "    %%%d = memref.load %%alloc_%d[%%c1, %%c0] : memref<%dx16xf32>\n", g*3, g, n)
			fmt.Fprintf(&sb, "    %%%d = arith.addf %%%d, %%cst : f32\n", g*3+1, g*3)
			switch g % 5 {
			case 1:
				fmt.Fprintf(&sb, "    scf.for %%arg3 = %%c0 to %%c16 step %%c1 {\n      memref.store %%%d, %%alloc_%d[%%arg3, %%c0] : memref<%dx16xf32>\n    }\n", g*3+1, g, n)
			case 3:
				fmt.Fprintf(&sb, "    scf.if %%arg1 {\n      memref.store %%cst, %%alloc_%d[%%c0, %%c0] : memref<%dx16xf32>\n    }\n", g, n)
			}
			if g > 0 {
				fmt.Fprintf(&sb, "    memref.dealloc %%alloc_%d : memref<%dx16xf32>\n", g-1, 16<<((g-1)%4))
			}
			fmt.Fprintf(&sb, "    %%%d = arith.mulf %%%d, %%%d : f32\n", g*3+2, g*3+1, g*3)
			prev = fmt.Sprintf("%%%d", g*3+2)
		}
		fmt.Fprintf(&sb, "    memref.dealloc %%alloc_39 : memref<%dx16xf32>\n", 16<<(39%4))
		fmt.Fprintf(&sb, "    return %s : f32\n  }\n", prev)
	}
	sb.WriteString("}\n")
	return sb.String()
}
