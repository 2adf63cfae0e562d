package parser

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/printer"
)

// allocated returns the bytes allocated while f runs. TotalAlloc counts
// every allocation, whenever the collector runs, so the figure does not
// depend on timing.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestErrorEarlyInLargeInputIsCheap checks that input wrong near its start
// is refused at the right place, reading no more than it must: the whole
// text is copied once (Parse takes bytes), and nothing is allocated in
// proportion to the text after the error. Before the parser read lazily,
// the first case allocated about 150 times the input (participle held a
// token for every 2.5 bytes of it).
func TestErrorEarlyInLargeInputIsCheap(t *testing.T) {
	const size = 4 << 20
	tail := strings.Repeat("%a = ", size/5)
	for _, tc := range []struct {
		name, src, want string
	}{
		// One line: the region's '{' is not closed before the end. A
		// wrong token is reported, as mlir-opt does, just after the text
		// before it (here the '=' that wants an op).
		{"region on one line", "func.func @f() { " + tail, "hostile.mlir:1:22: error: expected operation name in quotes"},
		{"top level", tail, "hostile.mlir:1:5: error: expected operation name in quotes"},
		{"region of a generic op", `"xd.op"() ({ ` + tail, "hostile.mlir:1:18: error: expected operation name in quotes"},
		// The generic op's operand list is not closed: participle must not
		// be handed the rest of the text.
		{"generic op operands", `"xd.op"(` + tail, "hostile.mlir:1:12: error: unexpected '='"},
		{"many lines", "module {\n  func.func @f() {\n" + strings.Repeat("    %a = \n", size/10), "hostile.mlir:3:9: error: expected operation name in quotes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := New(Options{AllowUnregistered: true})
			src := []byte(tc.src)
			var err error
			n := allocated(func() { _, err = p.Parse("hostile.mlir", src) })
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("got error %v, want %q", err, tc.want)
			}
			if limit := uint64(2*len(src) + 1<<20); n > limit {
				t.Errorf("allocated %d bytes for a %d-byte input refused near its start (limit %d)", n, len(src), limit)
			}
		})
	}
}

// deepType nests a type depth levels: open^depth elem close^depth.
func deepType(open, elem, close string, depth int) string {
	return strings.Repeat(open, depth) + elem + strings.Repeat(close, depth)
}

// typeKinds are the builtin types that contain types, as prefix and
// suffix of one level of nesting.
var typeKinds = []struct{ name, open, close string }{
	{"memref", "memref<", ">"},
	{"memref with shape", "memref<2x", ">"},
	{"tensor", "tensor<", ">"},
	{"vector", "vector<1x", ">"},
	{"tuple", "tuple<", ">"},
	{"function", "(", ") -> i1"},
	{"function results", "() -> (", ", i1)"},
	{"complex", "complex<", ">"},
}

// TestTypeNestingLimit checks that types share the nesting limit of
// regions and attributes, reported at the type that goes one level too
// deep, for each builtin type that contains types.
func TestTypeNestingLimit(t *testing.T) {
	const prefix = "func.func private @f(%x: "
	for _, k := range typeKinds {
		t.Run(k.name, func(t *testing.T) {
			src := prefix + deepType(k.open, "f32", k.close, 3*maxNesting) + ")"
			_, err := New(Options{}).Parse("deep.mlir", []byte(src))
			// The function is one level; its argument's type is the
			// second, so the type at index maxNesting-1 is one too many.
			col := len(prefix) + (maxNesting-1)*len(k.open) + 1
			want := fmt.Sprintf("deep.mlir:1:%d: error: nesting too deep (more than %d levels)", col, maxNesting)
			if err == nil || err.Error() != want {
				t.Fatalf("got %v, want %s", err, want)
			}
		})
	}
}

// perLevel bounds the bytes a parse may allocate per level of nesting. A
// level is about ten bytes of text; reading it takes a few small objects
// (a type or op, its interning key, a map entry). Text kept per level, as
// when types were uniqued by their text, costs about 5 bytes times the
// depth per level: 20 kB at depth 4000.
const perLevel = 2 << 10

// TestDeepTypesAreLinear checks that a type nested as deep as the limit
// allows is read and printed back, at a cost per level that does not grow
// with the depth. Types were once uniqued by their text, which for nested
// types is quadratic in the depth: a 4000-level vector type allocated 70
// MB.
func TestDeepTypesAreLinear(t *testing.T) {
	const depth = 4000
	for i, k := range typeKinds {
		switch k.name {
		case "complex", "tensor", "vector":
			continue // these nested in themselves are invalid
		}
		t.Run(k.name, func(t *testing.T) {
			// A distinct innermost type per case: types are uniqued for the
			// whole process, and a type seen before costs nothing.
			ty := deepType(k.open, fmt.Sprintf("i%d", 1000+i), k.close, depth)
			src := "func.func private @f(" + ty + ")\n"
			p := New(Options{})
			var m *ir.Operation
			var err error
			n := allocated(func() { m, err = p.Parse("deep.mlir", []byte(src)) })
			if err != nil {
				t.Fatal(err)
			}
			if want, got := "func.func private @f("+ty+")", printer.String(m, printer.Options{}); !strings.Contains(got, want) {
				t.Fatalf("the type does not print back as read")
			}
			if n > depth*perLevel {
				t.Errorf("allocated %d bytes for %d levels (limit %d a level)", n, depth, perLevel)
			}
		})
	}
}

// TestNestedGenericRegionsAreLinear checks that nested generic ops, each
// of which hands its regions to participle as one token, cost memory
// linear in the text however deep they nest, and that the extent of each
// brace group is found once, not once per enclosing op. (A generic op
// costs a few kB to parse with participle, whatever its depth.)
func TestNestedGenericRegionsAreLinear(t *testing.T) {
	cost := map[int]uint64{}
	for _, depth := range []int{500, 2000} { // an op and its region are two levels
		src := strings.Repeat("\"xd.r\"() ({\n", depth) + strings.Repeat("}) : () -> ()\n", depth)
		p := New(Options{AllowUnregistered: true})
		var err error
		cost[depth] = allocated(func() { _, err = p.Parse("deep.mlir", []byte(src)) })
		if err != nil {
			t.Fatalf("depth %d: %v", depth, err)
		}
		if n := p.st.braces.scanned; n > len(src) {
			t.Errorf("depth %d: brace groups scanned %d bytes of a %d-byte text", depth, n, len(src))
		}
	}
	// Four times deeper, four times the cost; quadratic would be sixteen.
	if ratio := float64(cost[2000]) / float64(cost[500]); ratio > 6 {
		t.Errorf("nesting 4 times deeper cost %.1f times more (%d vs %d bytes)", ratio, cost[2000], cost[500])
	}
}

// TestLocationAliasExpansionIsBounded checks that location aliases that
// double in size at each step, which the printer would write out in full,
// are refused at the op using them instead of exhausting memory.
func TestLocationAliasExpansionIsBounded(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("#l0 = loc(\"a.mlir\":1:2)\n")
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&sb, "#l%d = loc(fused[#l%d, #l%d])\n", i, i-1, i-1)
	}
	sb.WriteString("func.func @f() {\n  return loc(#l60)\n}\n")
	var err error
	n := allocated(func() { _, err = New(Options{}).Parse("locs.mlir", []byte(sb.String())) })
	want := "locs.mlir:63:3: error: location is too long with its aliases written out"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("got %v, want %s...", err, want)
	}
	if n > 64<<20 {
		t.Errorf("allocated %d bytes", n)
	}
}

// TestReusedParserKeepsNothing checks that a Parser used for many inputs
// (as the fuzzer and the benchmarks use one) does not grow with them. The
// op states of every parse were once kept, about 6 kB a parse of a small
// function.
func TestReusedParserKeepsNothing(t *testing.T) {
	src := []byte("func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  \"xd.op\"(%0) ({\n  }) : (i32) -> ()\n  return %0 : i32\n}\n")
	p := New(Options{AllowUnregistered: true})
	inUse := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	parse := func(n int) {
		for i := 0; i < n; i++ {
			if _, err := p.Parse("reuse.mlir", src); err != nil {
				t.Fatal(err)
			}
		}
	}
	parse(100) // warm up: the parser's buffers reach their size
	before := inUse()
	parse(5000)
	if after := inUse(); after > before+(1<<20) {
		t.Errorf("5000 parses with one Parser left %d more bytes in use", after-before)
	}
}
