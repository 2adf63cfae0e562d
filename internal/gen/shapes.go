package gen

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// The shapes below are the files the parse+print benchmarks time against
// mlir-opt (bench/parse-vs-mlir-opt.sh, parser.BenchmarkShapes): each
// stresses one part of the parser and printer. Every generator returns
// about size bytes of pretty-form MLIR that both pto-opt and mlir-opt 22
// accept, and is deterministic.

// Shape is a named generator of a benchmark file of about size bytes.
type Shape struct {
	Name string
	Doc  string
	Gen  func(size int) string
}

// Shapes lists the benchmark shapes by name.
var Shapes = []Shape{
	{"module", "a module of many mid-sized functions (MemrefProgram)", MemrefProgram},
	{"toplevel", "a few large functions at the top level, without module {}", TopLevelFuncs},
	{"onefunc", "one function of many ops", OneFunction},
	{"smallfuncs", "very many small functions in a module", SmallFuncs},
	{"nested", "scf.for / scf.if nests 24 deep", NestedLoops},
	{"dense", "arith.constant dense<[...]> in decimal, printed as lists and hex", DenseDecimal},
	{"densehex", `arith.constant dense<"0x...">`, DenseHex},
	{"attrs", "ops heavy with attributes: dicts, arrays, strided layouts, affine maps", AttrHeavy},
	{"cfg", "scf.execute_region nests 4 deep of CFGs with block arguments, successor operands and strided subview chains", CFGRegions},
	{"calls", "functions calling each other with result groups, every op and argument with a source location (file, callsite, fused, named)", CallsWithLocations},
}

// ShapeNamed returns the shape called name.
func ShapeNamed(name string) (Shape, bool) {
	for _, s := range Shapes {
		if s.Name == name {
			return s, true
		}
	}
	return Shape{}, false
}

// ShapeNames lists the shapes' names, sorted.
func ShapeNames() []string {
	var names []string
	for _, s := range Shapes {
		names = append(names, s.Name)
	}
	sort.Strings(names)
	return names
}

// memrefBody writes a function body of alloc / store / load / compute
// groups to sb, indented by ind, until it has about n bytes more; the
// values named are unique within the function.
func memrefBody(sb *strings.Builder, ind string, n int) string {
	end := sb.Len() + n
	fmt.Fprintf(sb, "%s%%c0 = arith.constant 0 : index\n%s%%c1 = arith.constant 1 : index\n%s%%c16 = arith.constant 16 : index\n", ind, ind, ind)
	fmt.Fprintf(sb, "%s%%cst = arith.constant 1.000000e+00 : f32\n", ind)
	prev := "%arg2"
	for g := 0; sb.Len() < end; g++ {
		n := 16 << (g % 4)
		fmt.Fprintf(sb, "%s%%alloc_%d = memref.alloc() {alignment = 64 : i64} : memref<%dx16xf32>\n", ind, g, n)
		fmt.Fprintf(sb, "%smemref.store %s, %%alloc_%d[%%c0, %%c1] : memref<%dx16xf32>\n", ind, prev, g, n)
		fmt.Fprintf(sb, "%s%%%d = memref.load %%alloc_%d[%%c1, %%c0] : memref<%dx16xf32>\n", ind, g*3, g, n)
		fmt.Fprintf(sb, "%s%%%d = arith.addf %%%d, %%cst : f32\n", ind, g*3+1, g*3)
		switch g % 5 {
		case 1:
			fmt.Fprintf(sb, "%sscf.for %%i%d = %%c0 to %%c16 step %%c1 {\n%s  memref.store %%%d, %%alloc_%d[%%i%d, %%c0] : memref<%dx16xf32>\n%s}\n", ind, g, ind, g*3+1, g, g, n, ind)
		case 3:
			fmt.Fprintf(sb, "%sscf.if %%arg1 {\n%s  memref.store %%cst, %%alloc_%d[%%c0, %%c0] : memref<%dx16xf32>\n%s}\n", ind, ind, g, n, ind)
		}
		fmt.Fprintf(sb, "%smemref.dealloc %%alloc_%d : memref<%dx16xf32>\n", ind, g, n)
		fmt.Fprintf(sb, "%s%%%d = arith.mulf %%%d, %%%d : f32\n", ind, g*3+2, g*3+1, g*3)
		prev = fmt.Sprintf("%%%d", g*3+2)
	}
	return prev
}

// TopLevelFuncs returns functions of about 1 MB each (fewer for small
// sizes) written at the top level, which mlir-opt wraps in a module.
func TopLevelFuncs(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	per := min(1<<20, max(size/4, 4096))
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "func.func @f%d(%%arg0: index, %%arg1: i1, %%arg2: f32) -> f32 {\n", f)
		prev := memrefBody(&sb, "  ", min(per, size-sb.Len()))
		fmt.Fprintf(&sb, "  return %s : f32\n}\n", prev)
	}
	return sb.String()
}

// OneFunction returns one function of about size bytes in a module.
func OneFunction(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n  func.func @big(%arg0: index, %arg1: i1, %arg2: f32) -> f32 {\n")
	prev := memrefBody(&sb, "    ", size)
	fmt.Fprintf(&sb, "    return %s : f32\n  }\n}\n", prev)
	return sb.String()
}

// SmallFuncs returns a module of functions of a few ops each (about 150
// bytes apiece).
func SmallFuncs(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n")
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "  func.func @f%d(%%arg0: i32, %%arg1: i32) -> i32 {\n", f)
		sb.WriteString("    %0 = arith.addi %arg0, %arg1 : i32\n    %1 = arith.muli %0, %arg1 : i32\n")
		sb.WriteString("    return %1 : i32\n  }\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

// NestedLoops returns functions whose bodies are scf.for and scf.if
// nests 24 deep, with work at every level.
func NestedLoops(size int) string {
	const depth = 24
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n")
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "  func.func @n%d(%%m: memref<64xf32>, %%c: i1, %%x: f32) {\n", f)
		sb.WriteString("    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n    %c4 = arith.constant 4 : index\n")
		ind := "    "
		for d := 0; d < depth; d++ {
			if d%2 == 0 {
				fmt.Fprintf(&sb, "%sscf.for %%i%d = %%c0 to %%c4 step %%c1 {\n", ind, d)
			} else {
				fmt.Fprintf(&sb, "%sscf.if %%c {\n", ind)
			}
			ind += "  "
			fmt.Fprintf(&sb, "%s%%v%d = memref.load %%m[%%i%d] : memref<64xf32>\n", ind, d, d-d%2)
			fmt.Fprintf(&sb, "%s%%w%d = arith.addf %%v%d, %%x : f32\n", ind, d, d)
			fmt.Fprintf(&sb, "%smemref.store %%w%d, %%m[%%c0] : memref<64xf32>\n", ind, d)
		}
		for d := depth - 1; d >= 0; d-- {
			ind = ind[:len(ind)-2]
			fmt.Fprintf(&sb, "%s}\n", ind)
		}
		sb.WriteString("    return\n  }\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

// DenseDecimal returns functions of arith.constant dense literals written
// in decimal: 8x8 f32 and 64xi32 lists (printed as lists), 256xi32 and
// 16x16xf32 (more than 100 elements: printed as hex), and splats.
func DenseDecimal(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n")
	x := uint32(1)
	rnd := func() uint32 { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x }
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "  func.func @d%d() {\n", f)
		for k := 0; k < 8; k++ {
			switch k % 4 {
			case 0, 2:
				n := 64
				if k == 2 {
					n = 256
				}
				fmt.Fprintf(&sb, "    %%i%d = arith.constant dense<[", k)
				for i := 0; i < n; i++ {
					if i > 0 {
						sb.WriteString(", ")
					}
					sb.WriteString(strconv.FormatInt(int64(int32(rnd()))>>(rnd()%31), 10))
				}
				fmt.Fprintf(&sb, "]> : tensor<%dxi32>\n", n)
			case 1, 3:
				rows := 8
				if k == 3 {
					rows = 16
				}
				fmt.Fprintf(&sb, "    %%f%d = arith.constant dense<[", k)
				for r := 0; r < rows; r++ {
					if r > 0 {
						sb.WriteString(", ")
					}
					sb.WriteByte('[')
					for c := 0; c < rows; c++ {
						if c > 0 {
							sb.WriteString(", ")
						}
						v := float32(int32(rnd()%20001)-10000) / 64
						sb.WriteString(strconv.FormatFloat(float64(v), 'e', 6, 32))
					}
					sb.WriteByte(']')
				}
				fmt.Fprintf(&sb, "]> : tensor<%dx%dxf32>\n", rows, rows)
			}
		}
		sb.WriteString("    %s = arith.constant dense<2.500000e+00> : tensor<32x32xf32>\n")
		sb.WriteString("    return\n  }\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

// DenseHex returns functions of arith.constant dense<"0x..."> literals of
// 256 to 1024 elements of i8, i32, f32 and f64 (printed back as hex), with
// a splat among them.
func DenseHex(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n")
	x := uint32(7)
	rnd := func() uint32 { x ^= x << 13; x ^= x >> 17; x ^= x << 5; return x }
	const hexdig = "0123456789ABCDEF"
	types := []struct {
		name  string
		bytes int
	}{{"i8", 1}, {"i32", 4}, {"f32", 4}, {"f64", 8}}
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "  func.func @h%d() {\n", f)
		for k, t := range types {
			n := 256 << (k % 3)
			fmt.Fprintf(&sb, "    %%c%d = arith.constant dense<\"0x", k)
			for i := 0; i < n*t.bytes; i++ {
				b := byte(rnd())
				if t.name == "f64" && i%8 == 7 || t.name == "f32" && i%4 == 3 {
					b &= 0x3F // finite values
				}
				sb.WriteByte(hexdig[b>>4])
				sb.WriteByte(hexdig[b&15])
			}
			fmt.Fprintf(&sb, "\"> : tensor<%dx%s>\n", n, t.name)
		}
		sb.WriteString("    %s = arith.constant dense<\"0x0000803F\"> : tensor<512xf32>\n")
		sb.WriteString("    return\n  }\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

// AttrHeavy returns functions whose ops carry attribute dictionaries,
// arrays, strided and affine-map layouts.
func AttrHeavy(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("#map = affine_map<(d0, d1) -> (d1, d0)>\nmodule {\n")
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "  func.func @a%d(%%arg0: memref<64x64xf32, strided<[64, 1], offset: ?>>, %%arg1: index) attributes {llvm.emit_c_interface, tag = \"f%d\"} {\n", f, f)
		sb.WriteString("    %c0 = arith.constant {hint = [1, 2, 3], name = \"zero\"} 0 : index\n")
		for g := 0; g < 12; g++ {
			fmt.Fprintf(&sb, "    %%a%d = memref.alloc() {alignment = 64 : i64, info = {kind = \"buf\", ids = [%d, %d, %d], scale = 5.000000e-01 : f32, flags = array<i32: 1, 0, 1>}} : memref<32x32xf32, strided<[32, 1], offset: %d>>\n", g, g, g+1, g+2, g*8)
			fmt.Fprintf(&sb, "    %%s%d = memref.subview %%arg0[%%arg1, 4] [16, 16] [1, 1] {tag = [\"s\", %d : i64]} : memref<64x64xf32, strided<[64, 1], offset: ?>> to memref<16x16xf32, strided<[64, 1], offset: ?>>\n", g, g)
			fmt.Fprintf(&sb, "    %%m%d = memref.alloc() {layout = #map, pos = [[0, 1], [2, 3]]} : memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>\n", g)
			fmt.Fprintf(&sb, "    %%v%d = memref.load %%a%d[%%c0, %%c0] {nontemporal = false, note = {at = %d : i32}} : memref<32x32xf32, strided<[32, 1], offset: %d>>\n", g, g, g, g*8)
			fmt.Fprintf(&sb, "    memref.dealloc %%m%d {dead} : memref<8x8xf32, affine_map<(d0, d1) -> (d1, d0)>>\n", g)
			fmt.Fprintf(&sb, "    memref.dealloc %%a%d : memref<32x32xf32, strided<[32, 1], offset: %d>>\n", g, g*8)
		}
		sb.WriteString("    return\n  }\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

// CFGRegions returns functions whose bodies are scf.execute_region nests
// 4 deep; each region is a CFG of blocks of five arguments each, joined
// by cf.br, cf.cond_br and cf.switch with successor operands, and works
// on chains of memref.subview with strided layouts. Nobody tuned the
// parser or printer for it before it was timed (issue 32).
func CFGRegions(size int) string {
	const depth = 4
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n")
	const mt = "memref<64x64xf32, strided<[64, 1], offset: ?>>"
	var region func(ind string, d int)
	region = func(ind string, d int) {
		in := ind + "  "
		fmt.Fprintf(&sb, "%s%%r%d = scf.execute_region -> i32 {\n", ind, d)
		fmt.Fprintf(&sb, "%scf.br ^bb1(%%a, %%b, %%x, %%i, %%m : i32, i64, f32, index, %s)\n", in, mt)
		fmt.Fprintf(&sb, "%s^bb1(%%p%d: i32, %%q%d: i64, %%f%d: f32, %%j%d: index, %%n%d: %s):  // 2 preds: ^bb0, ^bb3\n", ind, d, d, d, d, d, mt)
		fmt.Fprintf(&sb, "%s%%s%d = memref.subview %%n%d[%%j%d, 0] [32, 32] [1, 1] : %s to memref<32x32xf32, strided<[64, 1], offset: ?>>\n", in, d, d, d, mt)
		fmt.Fprintf(&sb, "%s%%t%d = memref.subview %%s%d[0, %%j%d] [16, 16] [2, 1] : memref<32x32xf32, strided<[64, 1], offset: ?>> to memref<16x16xf32, strided<[128, 1], offset: ?>>\n", in, d, d, d)
		fmt.Fprintf(&sb, "%s%%u%d = memref.subview %%t%d[1, 2] [8, 8] [1, 1] : memref<16x16xf32, strided<[128, 1], offset: ?>> to memref<8x8xf32, strided<[128, 1], offset: ?>>\n", in, d, d)
		fmt.Fprintf(&sb, "%s%%v%d = memref.load %%u%d[%%j%d, %%j%d] : memref<8x8xf32, strided<[128, 1], offset: ?>>\n", in, d, d, d, d)
		fmt.Fprintf(&sb, "%s%%w%d = arith.addf %%v%d, %%f%d : f32\n", in, d, d, d)
		fmt.Fprintf(&sb, "%scf.cond_br %%c, ^bb2(%%p%d, %%q%d, %%w%d : i32, i64, f32), ^bb3(%%q%d, %%p%d, %%j%d, %%w%d, %%n%d : i64, i32, index, f32, %s)\n", in, d, d, d, d, d, d, d, d, mt)
		fmt.Fprintf(&sb, "%s^bb2(%%e%d: i32, %%g%d: i64, %%h%d: f32):  // pred: ^bb1\n", ind, d, d, d)
		if d+1 < depth {
			region(in, d+1)
			fmt.Fprintf(&sb, "%s%%k%d = arith.addi %%e%d, %%r%d : i32\n", in, d, d, d+1)
		} else {
			fmt.Fprintf(&sb, "%s%%k%d = arith.addi %%e%d, %%e%d : i32\n", in, d, d, d)
		}
		fmt.Fprintf(&sb, "%scf.switch %%k%d : i32, [\n%s  default: ^bb4(%%k%d, %%g%d : i32, i64),\n%s  0: ^bb4(%%e%d, %%g%d : i32, i64),\n%s  1: ^bb3(%%g%d, %%k%d, %%i, %%h%d, %%m : i64, i32, index, f32, %s)\n%s]\n", in, d, in, d, d, in, d, d, in, d, d, d, mt, in)
		fmt.Fprintf(&sb, "%s^bb3(%%y%d: i64, %%z%d: i32, %%o%d: index, %%l%d: f32, %%mm%d: %s):  // 2 preds: ^bb1, ^bb2\n", ind, d, d, d, d, d, mt)
		fmt.Fprintf(&sb, "%smemref.store %%l%d, %%mm%d[%%o%d, %%o%d] : %s\n", in, d, d, d, d, mt)
		fmt.Fprintf(&sb, "%scf.cond_br %%c, ^bb1(%%z%d, %%y%d, %%l%d, %%o%d, %%mm%d : i32, i64, f32, index, %s), ^bb4(%%z%d, %%y%d : i32, i64)\n", in, d, d, d, d, d, mt, d, d)
		fmt.Fprintf(&sb, "%s^bb4(%%ra%d: i32, %%rb%d: i64):  // 3 preds: ^bb2, ^bb2, ^bb3\n", ind, d, d)
		fmt.Fprintf(&sb, "%sscf.yield %%ra%d : i32\n", in, d)
		fmt.Fprintf(&sb, "%s}\n", ind)
	}
	for f := 0; sb.Len() < size; f++ {
		fmt.Fprintf(&sb, "  func.func @g%d(%%a: i32, %%b: i64, %%x: f32, %%i: index, %%c: i1, %%m: %s) -> i32 {\n", f, mt)
		region("    ", 0)
		sb.WriteString("    return %r0 : i32\n  }\n")
	}
	sb.WriteString("}\n")
	return sb.String()
}

// CallsWithLocations returns about size bytes of functions that call the
// one before them and an external one, through calls with two results
// read as result groups, where every op, argument and function carries a
// source location, as a front end's output does: file locations,
// call sites, fused and named locations, and unknown.
func CallsWithLocations(size int) string {
	var sb strings.Builder
	sb.Grow(size + 4096)
	sb.WriteString("module {\n")
	sb.WriteString("  func.func private @ext(i32, f32) -> (i32, f32) loc(\"ext.c\":1:1)\n")
	for f := 0; sb.Len() < size; f++ {
		line := 10 * f
		callee := "ext"
		if f > 0 {
			callee = "c" + strconv.Itoa(f-1)
		}
		fmt.Fprintf(&sb, "  func.func @c%d(%%a: i32 loc(\"model.py\":%d:4), %%x: f32 loc(\"model.py\":%d:9)) -> (i32, f32) {\n", f, line, line)
		fmt.Fprintf(&sb, "    %%c3_i32 = arith.constant 3 : i32 loc(\"model.py\":%d:2)\n", line+1)
		fmt.Fprintf(&sb, "    %%0:2 = call @%s(%%a, %%x) : (i32, f32) -> (i32, f32) loc(callsite(\"ext.c\":2:3 at \"model.py\":%d:2))\n", callee, line+2)
		fmt.Fprintf(&sb, "    %%1 = arith.cmpi slt, %%0#0, %%c3_i32 : i32 loc(fused[\"model.py\":%d:2, \"model.py\":%d:9])\n", line+3, line+3)
		fmt.Fprintf(&sb, "    %%2 = arith.select %%1, %%0#0, %%a : i32 loc(\"select\"(\"model.py\":%d:2))\n", line+4)
		fmt.Fprintf(&sb, "    %%3 = arith.mulf %%0#1, %%x fastmath<fast> : f32 loc(unknown)\n")
		fmt.Fprintf(&sb, "    %%4 = arith.index_cast %%2 : i32 to index loc(\"model.py\":%d:2)\n", line+5)
		fmt.Fprintf(&sb, "    %%5 = arith.index_cast %%4 : index to i32 loc(\"model.py\":%d:7)\n", line+5)
		fmt.Fprintf(&sb, "    %%6:2 = call @ext(%%5, %%3) : (i32, f32) -> (i32, f32) loc(\"model.py\":%d:2)\n", line+6)
		fmt.Fprintf(&sb, "    return %%6#0, %%6#1 : i32, f32 loc(\"model.py\":%d:2)\n", line+7)
		fmt.Fprintf(&sb, "  } loc(\"model.py\":%d:0)\n", line)
	}
	sb.WriteString("}\n")
	return sb.String()
}
