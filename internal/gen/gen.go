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

// MemrefFunction returns a module with one function of about n ops: alloc
// / store / load / dealloc groups with staggered lifetimes, loops and
// conditionals, for scaling tests of the analyses.
func MemrefFunction(n int) string { return memrefFunction(n, false) }

// memrefFunction is MemrefFunction; with closed, every allocation has its
// dealloc (the last two too), as the static memory planner wants.
func memrefFunction(n int, closed bool) string {
	var sb strings.Builder
	sb.WriteString("func.func @big(%arg0: index, %arg1: i1, %arg2: f32) -> f32 {\n")
	sb.WriteString("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c16 = arith.constant 16 : index\n")
	prev := "%arg2"
	ops := 4
	groups := 0
	for g := 0; ops < n; g++ {
		groups = g + 1
		fmt.Fprintf(&sb, "  %%a%d = memref.alloc() : memref<%dxf32>\n", g, 16<<(g%4))
		fmt.Fprintf(&sb, "  memref.store %s, %%a%d[%%c0] : memref<%dxf32>\n", prev, g, 16<<(g%4))
		fmt.Fprintf(&sb, "  %%v%d = memref.load %%a%d[%%c1] : memref<%dxf32>\n", g, g, 16<<(g%4))
		ops += 3
		switch g % 3 {
		case 1:
			fmt.Fprintf(&sb, "  scf.for %%i%d = %%c0 to %%c16 step %%c1 {\n    memref.store %%v%d, %%a%d[%%i%d] : memref<%dxf32>\n  }\n", g, g, g, g, 16<<(g%4))
			ops += 3
		case 2:
			fmt.Fprintf(&sb, "  scf.if %%arg1 {\n    memref.store %%v%d, %%a%d[%%c0] : memref<%dxf32>\n  }\n", g, g, 16<<(g%4))
			ops += 3
		}
		if g > 1 {
			fmt.Fprintf(&sb, "  memref.dealloc %%a%d : memref<%dxf32>\n", g-2, 16<<((g-2)%4))
			ops++
		}
		prev = fmt.Sprintf("%%v%d", g)
	}
	if closed {
		for g := max(groups-2, 0); g < groups; g++ {
			fmt.Fprintf(&sb, "  memref.dealloc %%a%d : memref<%dxf32>\n", g, 16<<(g%4))
		}
	}
	sb.WriteString("  return " + prev + " : f32\n}\n")
	return sb.String()
}
