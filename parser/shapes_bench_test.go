package parser_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// wideShapes are inputs that are large in one direction only: many of one
// thing in one place (arguments, results, successors, regions, operands,
// attributes, symbols, names), one very long token, or deep nesting. Each
// must cost time linear in its size in the parser, the verifier and the
// printer's name assignment; BenchmarkWideShapes measures them at two
// sizes, so a quadratic path shows as a hundredfold step instead of a
// tenfold one. gen writes the shape with n of its things.
var wideShapes = []struct {
	name  string
	unreg bool // uses unregistered ops
	gen   func(sb *strings.Builder, n int)
}{
	{"entry-args", false, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f(")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			fmt.Fprintf(sb, "%%a%d: i32", i)
		}
		sb.WriteString(") {\n  return\n}\n")
	}},
	{"block-args", false, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f(%c: i32) {\n  cf.br ^bb1(")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			sb.WriteString("%c")
		}
		sb.WriteString(" : ")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			sb.WriteString("i32")
		}
		sb.WriteString(")\n^bb1(")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			fmt.Fprintf(sb, "%%a%d: i32", i)
		}
		sb.WriteString("):\n  return\n}\n")
	}},
	{"results", true, func(sb *strings.Builder, n int) {
		fmt.Fprintf(sb, "%%r:%d = \"wide.op\"() : () -> (", n)
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			sb.WriteString("i32")
		}
		sb.WriteString(")\n\"wide.use\"(%r#0")
		fmt.Fprintf(sb, ", %%r#%d) : (i32, i32) -> ()\n", n-1)
	}},
	{"switch-cases", false, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f(%x: i32) {\n  cf.switch %x : i32, [\n    default: ^bb1")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, ",\n    %d: ^bb%d", i, 1+i%2)
		}
		sb.WriteString("\n  ]\n^bb1:\n  return\n^bb2:\n  return\n}\n")
	}},
	{"successors", true, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f() {\n  \"wide.br\"() [")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			sb.WriteString("^bb1")
		}
		sb.WriteString("] : () -> ()\n^bb1:\n  return\n}\n")
	}},
	{"regions", true, func(sb *strings.Builder, n int) {
		sb.WriteString("\"wide.op\"() (")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			sb.WriteString("{\n  \"wide.t\"() : () -> ()\n}")
		}
		sb.WriteString(") : () -> ()\n")
	}},
	{"operands", true, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f(%a: i32) {\n  \"wide.op\"(")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			sb.WriteString("%a")
		}
		sb.WriteString(") : (")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			sb.WriteString("i32")
		}
		sb.WriteString(") -> ()\n  return\n}\n")
	}},
	{"return-values", false, func(sb *strings.Builder, n int) {
		types := strings.TrimSuffix(strings.Repeat("i32, ", n), ", ")
		fmt.Fprintf(sb, "func.func @f(%%a: i32) -> (%s) {\n  return %s : %s\n}\n", types, strings.TrimSuffix(strings.Repeat("%a, ", n), ", "), types)
	}},
	{"attributes", false, func(sb *strings.Builder, n int) {
		sb.WriteString("module attributes {")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			fmt.Fprintf(sb, "a.k%d = %d", i, i)
		}
		sb.WriteString("} {\n}\n")
	}},
	{"symbols", false, func(sb *strings.Builder, n int) {
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "func.func @f%d() {\n  return\n}\n", i)
		}
	}},
	{"calls", false, func(sb *strings.Builder, n int) {
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "func.func private @f%d()\n", i)
		}
		sb.WriteString("func.func @main() {\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "  func.call @f%d() : () -> ()\n", i)
		}
		sb.WriteString("  return\n}\n")
	}},
	{"same-name", true, func(sb *strings.Builder, n int) {
		// The printer names every constant %c0_i32, then _0, _1, ...
		sb.WriteString("func.func @f() {\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "  %%%d = arith.constant 0 : i32\n", i)
			fmt.Fprintf(sb, "  \"wide.keep\"(%%%d) : (i32) -> ()\n", i)
		}
		sb.WriteString("  return\n}\n")
	}},
	{"blocks", false, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f() {\n  cf.br ^bb0\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "^bb%d:\n  cf.br ^bb%d\n", i, i+1)
		}
		fmt.Fprintf(sb, "^bb%d:\n  return\n}\n", n)
	}},
	{"fan-in", false, func(sb *strings.Builder, n int) {
		// A chain of blocks that all branch to one exit, which uses a value
		// of the entry: the dominator tree is a path, and the exit's
		// immediate dominator is found over all of it.
		sb.WriteString("func.func @f(%c: i1) -> i32 {\n  %x = arith.constant 0 : i32\n  cf.br ^bb0\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "^bb%d:\n  %%y%d = arith.addi %%x, %%x : i32\n  cf.cond_br %%c, ^bb%d, ^exit\n", i, i, i+1)
		}
		fmt.Fprintf(sb, "^bb%d:\n  cf.br ^exit\n^exit:\n  return %%x : i32\n}\n", n)
	}},
	{"uses", false, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f(%a: i32) {\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "  %%x%d = arith.addi %%a, %%a : i32\n", i)
		}
		sb.WriteString("  return\n}\n")
	}},
	{"loc-aliases", false, func(sb *strings.Builder, n int) {
		sb.WriteString("func.func @f() {\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "  %%c%d = arith.constant %d : i32 loc(#loc%d)\n", i, i, i)
		}
		sb.WriteString("  return\n}\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "#loc%d = loc(\"f.py\":%d:1)\n", i, i)
		}
	}},
	{"type-aliases", false, func(sb *strings.Builder, n int) {
		for i := 0; i < n; i++ {
			fmt.Fprintf(sb, "!t%d = memref<%dxf32>\n", i, i+1)
		}
		sb.WriteString("func.func @f(")
		for i := 0; i < n; i++ {
			sep(sb, i, ", ")
			fmt.Fprintf(sb, "%%a%d: !t%d", i, i)
		}
		sb.WriteString(") {\n  return\n}\n")
	}},
	{"long-name", false, func(sb *strings.Builder, n int) {
		name := strings.Repeat("a", 100*n)
		fmt.Fprintf(sb, "func.func @%s() {\n  %%%s = arith.constant 0 : i32\n  return\n}\n", name, name)
	}},
	{"long-string", false, func(sb *strings.Builder, n int) {
		fmt.Fprintf(sb, "module attributes {a.s = \"%s\"} {\n}\n", strings.Repeat("x\\0A", 25*n))
	}},
	{"nested-regions", false, func(sb *strings.Builder, n int) {
		// Read at any depth mlir-opt reads (and 10k); refused at the
		// nesting limit, with the place: never a stack overflow.
		sb.WriteString("func.func @f() {\n")
		sb.WriteString(strings.Repeat("scf.execute_region {\n", n))
		sb.WriteString(strings.Repeat("scf.yield\n}\n", n))
		sb.WriteString("  return\n}\n")
	}},
}

func sep(sb *strings.Builder, i int, s string) {
	if i > 0 {
		sb.WriteString(s)
	}
}

func wideShape(name string, n int) (string, bool) {
	for _, sh := range wideShapes {
		if sh.name == name {
			var sb strings.Builder
			sh.gen(&sb, n)
			return sb.String(), sh.unreg
		}
	}
	panic("no shape " + name)
}

// BenchmarkWideShapes parses, verifies and prints each wide shape at 10k
// and 100k things (as `pto-opt file.mlir` does); nested-regions at 100k
// is refused at the nesting limit. To compare with mlir-opt on a shape:
//
//	PTO_SHAPE_OUT=/tmp/shapes go test ./parser -run TestWriteWideShapes
//	/usr/bin/time -v mlir-opt [--allow-unregistered-dialect] /tmp/shapes/<shape>.mlir >/dev/null
func BenchmarkWideShapes(b *testing.B) {
	for _, sh := range wideShapes {
		for _, n := range []int{10000, 100000} {
			b.Run(fmt.Sprintf("%s/%d", sh.name, n), func(b *testing.B) {
				src, unreg := wideShape(sh.name, n)
				b.SetBytes(int64(len(src)))
				var out bytes.Buffer
				for b.Loop() {
					out.Reset()
					if err := parseVerifyPrint(&out, src, unreg); err != nil && sh.name != "nested-regions" {
						b.Fatal(err)
					}
				}
				var ru syscall.Rusage
				if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
					b.ReportMetric(float64(ru.Maxrss)/1024, "maxRSS-MB")
				}
			})
		}
	}
}

func parseVerifyPrint(out *bytes.Buffer, src string, unreg bool) error {
	m, err := parser.New(parser.Options{AllowUnregistered: unreg}).ParseText("shape.mlir", src)
	if err != nil {
		return err
	}
	if err := ir.Verify(m); err != nil {
		return err
	}
	return printer.Print(out, m, printer.Options{})
}

// TestWideShapes reads, verifies and prints each wide shape at a small
// size (the nested one deeper than mlir-opt reads).
// With PTO_SHAPE_OUT=dir it also writes each shape at 100k things there,
// to time against mlir-opt.
func TestWideShapes(t *testing.T) {
	for _, sh := range wideShapes {
		src, unreg := wideShape(sh.name, 5000)
		var out bytes.Buffer
		err := parseVerifyPrint(&out, src, unreg)
		if err != nil {
			t.Errorf("%s: %v", sh.name, err)
			continue
		}
		var again bytes.Buffer
		if err := parseVerifyPrint(&again, out.String(), unreg); err != nil || again.String() != out.String() {
			t.Errorf("%s: the output does not read back as itself (%v)", sh.name, err)
		}
	}
	dir := os.Getenv("PTO_SHAPE_OUT")
	if dir == "" {
		return
	}
	for _, sh := range wideShapes {
		src, _ := wideShape(sh.name, 100000)
		if err := os.WriteFile(filepath.Join(dir, sh.name+".mlir"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
