package parser

import (
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/printer"
)

func TestSplitModuleCutsBetweenFunctions(t *testing.T) {
	src := gen.MemrefProgram(512 << 10)
	lay, ok := (&state{baseLine: 1, baseCol: 1}).splitModule(src)
	if !ok {
		t.Fatal("module layout not recognised")
	}
	if len(lay.chunks) < 4 {
		t.Fatalf("expected several chunks, got %d", len(lay.chunks))
	}
	for i, c := range lay.chunks {
		if i > 0 && c.from != lay.chunks[i-1].to {
			t.Fatalf("chunks %d and %d are not contiguous", i-1, i)
		}
		if i > 0 && string(src[c.from:c.from+13]) != "  func.func @" {
			t.Fatalf("chunk %d starts mid-op: %q", i, src[c.from:c.from+20])
		}
	}
}

// TestChunkedParseMatchesWhole checks that parsing a large module in
// chunks (on parallel workers, functions built by the workers, other
// top-level ops by the main builder) gives the IR and the errors a
// whole-file parse gives.
func TestChunkedParseMatchesWhole(t *testing.T) {
	base := gen.MemrefProgram(256 << 10)
	// A non-isolated top-level op with a result, used later at top level.
	mid := strings.Index(base, "  func.func @f8(")
	withTop := base[:mid] + "  %top = \"xd.def\"() : () -> i32\n" + base[mid:]
	end := strings.LastIndex(withTop, "}")
	withTop = withTop[:end] + "  \"xd.use\"(%top) : (i32) -> ()\n" + withTop[end:]
	bad := strings.Replace(base, "memref.store %cst, %alloc_3[%c0, %c0]", "memref.store %cst, %alloc_3[%nope, %c0]", 1)
	if bad == base {
		t.Fatal("error injection did not apply")
	}
	badLate := base[:len(base)/3*2] + strings.Replace(base[len(base)/3*2:], "arith.addf", "arith.addi", 1)
	for _, tc := range []struct {
		name string
		src  string
	}{{"plain", base}, {"top-level op", withTop}, {"undeclared value", bad}, {"verifier-visible type error", badLate}} {
		t.Run(tc.name, func(t *testing.T) {
			lay, ok := (&state{baseLine: 1, baseCol: 1}).splitModule(tc.src)
			if !ok || len(lay.chunks) < 4 {
				t.Fatalf("not chunked: ok=%v chunks=%d", ok, len(lay.chunks))
			}
			opts := Options{AllowUnregistered: true}
			// parseChunked itself (Parse would fall back to a whole-file
			// parse on an error).
			chunked, err1 := New(opts).parseChunked("big.mlir", tc.src, lay)
			whole, err2 := New(opts).parseWhole("big.mlir", tc.src)
			if (err1 == nil) != (err2 == nil) {
				t.Fatalf("chunked error %v, whole-file error %v", err1, err2)
			}
			if err1 != nil {
				if err1.Error() != err2.Error() {
					t.Fatalf("chunked error %q, whole-file error %q", err1, err2)
				}
				return
			}
			a, b := printer.String(chunked, printer.Options{}), printer.String(whole, printer.Options{})
			if a != b {
				t.Fatalf("chunked and whole-file parses print differently (%d vs %d bytes)", len(a), len(b))
			}
			if err := ir.Verify(chunked); (err == nil) != (ir.Verify(whole) == nil) {
				t.Fatalf("verification differs: %v", err)
			}
		})
	}
}

// TestNestingMLIRReads checks that nesting as deep as mlir-opt 22 reads
// (a little more, in fact: it fails near 3950 regions, 6800 arrays and
// 15900 tuples) is read and verified: the limit is for hostile input, not
// for legal files.
func TestNestingMLIRReads(t *testing.T) {
	for name, src := range map[string]string{
		"regions":    "func.func @f(%c: i1) {\n" + strings.Repeat("scf.if %c {\n", 4000) + strings.Repeat("}\n", 4000) + "return\n}",
		"execute":    "func.func @f() {\n" + strings.Repeat("scf.execute_region {\n", 4000) + strings.Repeat("scf.yield\n}\n", 4000) + "return\n}",
		"modules":    strings.Repeat("module {\n", 4000) + strings.Repeat("}\n", 4000),
		"attributes": "module attributes {xd.a = " + strings.Repeat("[", 7000) + strings.Repeat("]", 7000) + "} {}",
		"types":      "func.func private @f(" + strings.Repeat("tuple<", 16000) + "i32" + strings.Repeat(">", 16000) + ")",
	} {
		m, err := New(Options{AllowUnregistered: true}).Parse("deep.mlir", []byte(src))
		if err == nil {
			err = ir.Verify(m)
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestNestingLimit checks that deeply nested input is refused with a
// diagnostic instead of exhausting the stack.
func TestNestingLimit(t *testing.T) {
	deep := 3 * maxNesting
	for name, src := range map[string]string{
		"attributes": "module attributes {xd.a = " + strings.Repeat("[", deep) + strings.Repeat("]", deep) + "} {}",
		"types":      "func.func private @f(" + strings.Repeat("tuple<", deep) + "i32" + strings.Repeat(">", deep) + ")",
		"dense":      "%0 = arith.constant dense<" + strings.Repeat("[", deep) + "1" + strings.Repeat("]", deep) + "> : tensor<1xi32>",
		"regions":    "func.func @f(%c: i1) {\n" + strings.Repeat("scf.if %c {\n", deep) + strings.Repeat("}\n", deep) + "return\n}",
		"generic":    strings.Repeat("\"xd.r\"() ({\n", deep) + strings.Repeat("}) : () -> ()\n", deep),
	} {
		_, err := New(Options{AllowUnregistered: true}).Parse("deep.mlir", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "nesting too deep") {
			t.Errorf("%s: got %v, want a nesting error", name, err)
		}
	}
}
