package llvmlayout_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/analysis/llvmlayout"
	funcdialect "github.com/pto-opt/pto-opt/dialect/func"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/parser"
)

// typeOf parses an MLIR type.
func typeOf(t *testing.T, text string) ir.Type {
	t.Helper()
	m, err := parser.ParseString("func.func private @f("+text+")", parser.Options{})
	if err != nil {
		t.Fatalf("parsing %s: %v", text, err)
	}
	var ft *ir.FunctionType
	m.Walk(func(op *ir.Operation) bool {
		if f := funcdialect.FunctionType(op); f != nil {
			ft = f
		}
		return true
	})
	if ft == nil || len(ft.Inputs) != 1 {
		t.Fatalf("no function type parsed from %s", text)
	}
	return ft.Inputs[0]
}

// The layouts LLVM 22 gives the lowered element types under its default
// data layout (mlir-translate folds the memref lowering's sizes with it):
// allocation size, ABI alignment. TestAgainstLLVM checks many more with
// the real tools; these are the rules one by one.
func TestDefaultLayouts(t *testing.T) {
	dl := llvmlayout.Default()
	for _, c := range []struct {
		typ         string
		size, align int64
	}{
		// Integers: the store size rounded up to the alignment of the
		// next integer entry (i8, i16, i32, i64:32), or of the widest.
		{"i1", 1, 1}, {"i4", 1, 1}, {"i8", 1, 1}, {"i9", 2, 2}, {"i17", 4, 4},
		{"i24", 4, 4}, {"i33", 8, 4}, {"i64", 8, 4}, {"i65", 12, 4},
		{"i128", 16, 4}, {"i129", 20, 4}, {"si17", 4, 4}, {"ui3", 1, 1},
		{"index", 8, 4},
		// Floats: an entry of the width, else the store size's power of
		// two (x86_fp80: 10 bytes aligned to 16); the small formats are
		// integers of their width.
		{"f16", 2, 2}, {"bf16", 2, 2}, {"f32", 4, 4}, {"f64", 8, 8},
		{"f80", 16, 16}, {"f128", 16, 16}, {"f8E4M3FN", 1, 1},
		{"f8E5M2", 1, 1}, {"f4E2M1FN", 1, 1}, {"f6E3M2FN", 1, 1}, {"f8E8M0FNU", 1, 1},
		// complex<T> is {T, T}.
		{"complex<f32>", 8, 4}, {"complex<f64>", 16, 8}, {"complex<i17>", 8, 4},
		{"complex<f80>", 32, 16}, {"complex<i65>", 24, 4},
		// 1-D vectors are bit-packed, aligned by v64/v128 or naturally.
		{"vector<3xf32>", 16, 16}, {"vector<3xi8>", 4, 4}, {"vector<9xi1>", 2, 2},
		{"vector<129xi1>", 32, 32}, {"vector<3xi17>", 8, 8}, {"vector<5xf80>", 64, 64},
		{"vector<3xf8E5M2>", 4, 4}, {"vector<2xindex>", 16, 16}, {"vector<f32>", 4, 4},
		// n-D vectors are arrays of the innermost 1-D vector.
		{"vector<2x3xi8>", 8, 4}, {"vector<2x3xi1>", 2, 1}, {"vector<3x2x3xf32>", 96, 16},
	} {
		got, err := dl.Of(typeOf(t, c.typ))
		if err != nil {
			t.Errorf("%s: %v", c.typ, err)
			continue
		}
		if got != (llvmlayout.Layout{Size: c.size, Align: c.align}) {
			t.Errorf("%s: size %d align %d, LLVM gives size %d align %d", c.typ, got.Size, got.Align, c.size, c.align)
		}
	}
}

func TestTypesWithoutStaticLayout(t *testing.T) {
	dl := llvmlayout.Default()
	for _, c := range []struct{ typ, why string }{
		{"vector<[4]xf32>", "is scalable"},
		{"vector<2x[4]xf32>", "is scalable"},
		{"tf32", "has no LLVM type"},
		{"vector<3xtf32>", "has no LLVM type"},
		{"complex<tf32>", "has no LLVM type"},
		{"!llvm.ptr", "has no size pto-opt knows"},
		{"i0", "has no LLVM type"},
	} {
		_, err := dl.Of(typeOf(t, c.typ))
		var none *llvmlayout.NoLayoutError
		if !errors.As(err, &none) || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: got %v, want a NoLayoutError saying %q", c.typ, err, c.why)
		}
	}
	for _, typ := range []string{"vector<4611686018427387904xf32>", "vector<2x4611686018427387904xi8>", "vector<4611686018427387904x4xf32>"} {
		if _, err := dl.Of(typeOf(t, typ)); !errors.Is(err, llvmlayout.ErrTooLarge) {
			t.Errorf("%s: got %v, want ErrTooLarge", typ, err)
		}
	}
}

const x86_64 = llvmlayout.X86_64

// odd changes what every entry kind decides: integer widths with and
// without an entry of their own, a float width, vector widths, aggregates.
const odd = "e-i16:32-i24:64:64-i64:64-i128:128-f80:32-v96:32-v256:64-a:128"

func TestParse(t *testing.T) {
	for _, c := range []struct {
		layout, typ string
		size, align int64
	}{
		{x86_64, "i64", 8, 8}, {x86_64, "i65", 16, 16}, {x86_64, "i128", 16, 16},
		{x86_64, "i256", 32, 16}, {x86_64, "i33", 8, 8}, {x86_64, "f80", 16, 16},
		{x86_64, "index", 8, 8}, {x86_64, "complex<i128>", 32, 16},
		{odd, "i16", 4, 4}, {odd, "i9", 4, 4}, {odd, "i17", 8, 8}, {odd, "i24", 8, 8},
		{odd, "f80", 12, 4}, {odd, "vector<3xf32>", 12, 4}, {odd, "vector<8xf32>", 32, 8},
		{odd, "complex<f32>", 16, 16}, {odd, "complex<i16>", 16, 16},
		{"", "i64", 8, 4},
	} {
		dl, err := llvmlayout.Parse(c.layout)
		if err != nil {
			t.Fatalf("%q: %v", c.layout, err)
		}
		got, err := dl.Of(typeOf(t, c.typ))
		if err != nil || got != (llvmlayout.Layout{Size: c.size, Align: c.align}) {
			t.Errorf("%q: %s: %+v %v, want size %d align %d", c.layout, c.typ, got, err, c.size, c.align)
		}
	}
	for _, bad := range []string{"e--i64:64", "i64", "i64:48", "i64:0", "ix:8", "i0:8", "i8:16", "a:7", "a1:8", "f32:32:32:32", "i64:-64"} {
		if _, err := llvmlayout.Parse(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// llvmTool finds an LLVM 22 tool (testtool.LLVM); the test is skipped
// without one, and fails instead under PTO_REQUIRE_LLVM=1.
func llvmTool(t *testing.T, name string) string {
	t.Helper()
	return testtool.LLVM(t, name, "the layouts against LLVM's lowering ("+t.Name()+")")
}

// probeTypes are the element types checked against LLVM: every integer
// width to 130 and some wider, every float LLVM lowers, and vectors and
// complex numbers of them.
func probeTypes() []string {
	var ts []string
	for w := 1; w <= 130; w++ {
		ts = append(ts, fmt.Sprintf("i%d", w))
	}
	ts = append(ts, "i255", "i256", "i257", "i1000", "si24", "ui65", "index")
	floats := []string{"f16", "bf16", "f32", "f64", "f80", "f128", "f8E5M2", "f8E4M3", "f8E4M3FN",
		"f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN", "f8E8M0FNU"}
	ts = append(ts, floats...)
	for _, e := range []string{"i1", "i3", "i8", "i17", "i24", "i64", "i65", "i128", "f16", "f32", "f64", "f80", "f128", "f4E2M1FN", "index"} {
		if e != "index" { // complex<index> is not a valid type
			ts = append(ts, "complex<"+e+">")
		}
		for _, n := range []int{1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 17, 33} {
			ts = append(ts, fmt.Sprintf("vector<%dx%s>", n, e))
		}
		ts = append(ts, "vector<"+e+">", "vector<2x3x"+e+">", "vector<3x1x5x"+e+">")
	}
	return ts
}

var (
	probeDef    = regexp.MustCompile(`^define void @p(\d+)\(`)
	probeLoad   = regexp.MustCompile(`= load .*, align (\d+)$`)
	probeMalloc = regexp.MustCompile(`call ptr @malloc\(i64 (\d+)\)`)
)

// TestAgainstLLVM lowers, for each probe type T, a load from a
// memref<2xT> and allocations of memref<1xT> and memref<2xT> with mlir-opt
// and translates them with mlir-translate: the load's alignment is T's
// ABI alignment, the difference of the two allocation sizes T's
// allocation size. Each data layout is set as the module's
// llvm.data_layout (none: LLVM's default).
func TestAgainstLLVM(t *testing.T) {
	opt, translate := llvmTool(t, "mlir-opt"), llvmTool(t, "mlir-translate")
	types := probeTypes()
	for _, layout := range []string{"", x86_64, llvmlayout.AArch64, odd} {
		var src strings.Builder
		if layout != "" {
			fmt.Fprintf(&src, "module attributes {llvm.data_layout = %q} {\n", layout)
		}
		for i, typ := range types {
			fmt.Fprintf(&src, `func.func @p%d(%%m: memref<2x%[2]s>) {
  %%c1 = arith.constant 1 : index
  %%v = memref.load %%m[%%c1] : memref<2x%[2]s>
  memref.store %%v, %%m[%%c1] : memref<2x%[2]s>
  %%a = memref.alloc() : memref<1x%[2]s>
  %%b = memref.alloc() : memref<2x%[2]s>
  memref.dealloc %%a : memref<1x%[2]s>
  memref.dealloc %%b : memref<2x%[2]s>
  return
}
`, i, typ)
		}
		if layout != "" {
			src.WriteString("}\n")
		}
		dir := t.TempDir()
		in := filepath.Join(dir, "probe.mlir")
		if err := os.WriteFile(in, []byte(src.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		lowered := filepath.Join(dir, "probe.llvm.mlir")
		if out, err := exec.Command(opt, in, "--finalize-memref-to-llvm", "--convert-arith-to-llvm", "--convert-func-to-llvm", "--reconcile-unrealized-casts", "-o", lowered).CombinedOutput(); err != nil {
			t.Fatalf("mlir-opt: %v\n%s", err, out)
		}
		ir, err := exec.Command(translate, "--mlir-to-llvmir", lowered).Output()
		if err != nil {
			t.Fatalf("mlir-translate: %v", err)
		}
		measured := measure(t, string(ir), len(types))
		dl, err := llvmlayout.Parse(layout)
		if err != nil {
			t.Fatal(err)
		}
		for i, typ := range types {
			got, err := dl.Of(typeOf(t, typ))
			if err != nil {
				t.Errorf("layout %q: %s: %v", layout, typ, err)
				continue
			}
			if got != measured[i] {
				t.Errorf("layout %q: %s: size %d align %d, LLVM: size %d align %d", layout, typ, got.Size, got.Align, measured[i].Size, measured[i].Align)
			}
		}
	}
}

// measure reads each probe function's load alignment and its two
// allocation sizes.
func measure(t *testing.T, ir string, n int) []llvmlayout.Layout {
	t.Helper()
	out := make([]llvmlayout.Layout, n)
	cur := -1
	var mallocs []int64
	flush := func() {
		if cur < 0 {
			return
		}
		if len(mallocs) != 2 || out[cur].Align == 0 {
			t.Fatalf("probe %d: %d allocations, alignment %d in the LLVM IR", cur, len(mallocs), out[cur].Align)
		}
		out[cur].Size = mallocs[1] - mallocs[0]
		mallocs = nil
	}
	for _, line := range strings.Split(ir, "\n") {
		line = strings.TrimSpace(line)
		if m := probeDef.FindStringSubmatch(line); m != nil {
			flush()
			cur, _ = strconv.Atoi(m[1])
			continue
		}
		if cur < 0 {
			continue
		}
		if m := probeLoad.FindStringSubmatch(line); m != nil && out[cur].Align == 0 {
			out[cur].Align, _ = strconv.ParseInt(m[1], 10, 64)
		}
		if m := probeMalloc.FindStringSubmatch(line); m != nil {
			v, _ := strconv.ParseInt(m[1], 10, 64)
			mallocs = append(mallocs, v)
		}
	}
	flush()
	return out
}

// For takes the largest of the module's own layout and the hosts': the
// default's i65 (12 bytes) gives way to x86-64's 16, a layout asking less
// (v96:32) than the hosts changes nothing, one asking more (i32:64) does.
func TestFor(t *testing.T) {
	for _, c := range []struct {
		own, typ    string
		size, align int64
	}{
		{"", "i65", 16, 16}, {"", "i64", 8, 8}, {"", "index", 8, 8}, {"", "i17", 4, 4},
		{"", "i129", 32, 16}, {"", "vector<3xf32>", 16, 16}, {"", "f80", 16, 16},
		{"e-v96:32", "vector<3xf32>", 16, 16}, {"e-i64:32", "i64", 8, 8},
		{"e-i32:64", "i17", 8, 8}, {"e-i32:64", "complex<i32>", 16, 8},
		{"e-a:128", "complex<f32>", 16, 16},
	} {
		var own *llvmlayout.DataLayout
		if c.own != "" {
			var err error
			if own, err = llvmlayout.Parse(c.own); err != nil {
				t.Fatal(err)
			}
		}
		got, err := llvmlayout.For(own).Of(typeOf(t, c.typ))
		if err != nil || got != (llvmlayout.Layout{Size: c.size, Align: c.align}) {
			t.Errorf("For(%q): %s: %+v %v, want size %d align %d", c.own, c.typ, got, err, c.size, c.align)
		}
	}
}

// TestRuntimeStrides runs, under mlir-runner, a store of all ones into
// element 1 of a memref<2xiN> view of zeroed bytes and prints where the
// first byte it wrote is: the stride the JIT compiled the element address
// with. For(nil)'s size must be at least that (the JIT uses its host's
// layout, not the default one mlir-translate folds constant sizes with),
// and one of its layouts must give exactly it.
func TestRuntimeStrides(t *testing.T) {
	opt, runner := llvmTool(t, "mlir-opt"), llvmTool(t, "mlir-runner")
	lib := filepath.Join(filepath.Dir(runner), "..", "lib", "libmlir_c_runner_utils.so")
	if _, err := os.Stat(lib); err != nil {
		matches, _ := filepath.Glob(lib + ".*")
		if len(matches) == 0 {
			testtool.Skip(t, "PTO_REQUIRE_LLVM", lib+" not found: the layouts against LLVM's runtime strides not checked")
		}
		lib = matches[0]
	}
	var widths []int
	for w := 1; w <= 140; w++ {
		widths = append(widths, w)
	}
	widths = append(widths, 255, 256, 257, 300)
	var src strings.Builder
	src.WriteString("llvm.func @printI64(i64)\nllvm.func @printNewline()\nfunc.func @main() {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c128 = arith.constant 128 : index\n  %zero = arith.constant 0 : i8\n")
	for _, w := range widths {
		fmt.Fprintf(&src, `  %%b%[1]d = memref.alloc() : memref<128xi8>
  scf.for %%i = %%c0 to %%c128 step %%c1 {
    memref.store %%zero, %%b%[1]d[%%i] : memref<128xi8>
  }
  %%v%[1]d = memref.view %%b%[1]d[%%c0][] : memref<128xi8> to memref<2xi%[1]d>
  %%ones%[1]d = arith.constant -1 : i%[1]d
  memref.store %%ones%[1]d, %%v%[1]d[%%c1] : memref<2xi%[1]d>
  %%first%[1]d = scf.while (%%i = %%c0) : (index) -> index {
    %%x = memref.load %%b%[1]d[%%i] : memref<128xi8>
    %%more = arith.cmpi eq, %%x, %%zero : i8
    scf.condition(%%more) %%i : index
  } do {
  ^bb0(%%i: index):
    %%n = arith.addi %%i, %%c1 : index
    scf.yield %%n : index
  }
  %%w%[1]d = arith.constant %[1]d : i64
  %%f%[1]d = arith.index_cast %%first%[1]d : index to i64
  llvm.call @printI64(%%w%[1]d) : (i64) -> ()
  llvm.call @printI64(%%f%[1]d) : (i64) -> ()
  llvm.call @printNewline() : () -> ()
  memref.dealloc %%b%[1]d : memref<128xi8>
`, w)
	}
	src.WriteString("  return\n}\n")
	dir := t.TempDir()
	in := filepath.Join(dir, "strides.mlir")
	if err := os.WriteFile(in, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	lowered := filepath.Join(dir, "strides.llvm.mlir")
	if out, err := exec.Command(opt, in, "--convert-scf-to-cf", "--expand-strided-metadata", "--finalize-memref-to-llvm",
		"--convert-arith-to-llvm", "--convert-cf-to-llvm", "--convert-func-to-llvm", "--reconcile-unrealized-casts", "-o", lowered).CombinedOutput(); err != nil {
		t.Fatalf("mlir-opt: %v\n%s", err, out)
	}
	out, err := exec.Command(runner, "-e", "main", "-entry-point-result=void", "--shared-libs="+lib, lowered).CombinedOutput()
	if err != nil {
		t.Fatalf("mlir-runner: %v\n%s", err, out)
	}
	// printI64 prints no separator: each line is the width's digits and
	// then the stride's.
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(widths) {
		t.Fatalf("%d lines for %d widths:\n%s", len(lines), len(widths), out)
	}
	layouts := llvmlayout.For(nil)
	for i, w := range widths {
		ws := strconv.Itoa(w)
		stride, err := strconv.ParseInt(strings.TrimPrefix(lines[i], ws), 10, 64)
		if !strings.HasPrefix(lines[i], ws) || err != nil {
			t.Fatalf("width %d: unreadable line %q", w, lines[i])
		}
		typ := ir.IntType(w)
		got, err := layouts.Of(typ)
		if err != nil {
			t.Fatal(err)
		}
		exact := false
		for _, dl := range layouts {
			if l, _ := dl.Of(typ); l.Size == stride {
				exact = true
			}
		}
		if got.Size < stride || !exact {
			t.Errorf("i%d: the JIT strides it by %d bytes; For(nil) gives %d (some layout exactly: %v)", w, stride, got.Size, exact)
		}
	}
}
