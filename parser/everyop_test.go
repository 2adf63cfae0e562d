package parser_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// TestGenericFormOfEveryOp builds every registered op in generic form with
// assorted operand lists, result types, regions and properties — most of
// them invalid. Nothing may panic; whatever verifies must print in both
// forms, parse back, verify and print the same again.
//
// Every op against every form is some 80,000 parses (minutes on a busy
// machine), so by default op k tries the forms whose index is k modulo
// everyOpStride: each form is tried on many ops and each op in many
// forms. PTO_EXHAUSTIVE=1 (set by .ci/run) tries them all.
func TestGenericFormOfEveryOp(t *testing.T) {
	values := []struct{ name, typ string }{
		{"%i", "index"}, {"%n", "i32"}, {"%b", "i1"}, {"%f", "f32"},
		{"%m", "memref<4xf32>"}, {"%d", "memref<?xf32>"}, {"%r", "memref<2048xi8>"},
		{"%t", "tensor<4xf32>"}, {"%v", "vector<4xf32>"},
		{"%tl", "!tile.tile<64x64xf32, vec>"}, {"%bf", "!tile.buf<vec>"}, {"%gt", "!tile.tensor<64x64xf32>"},
		{"%pb", "!pto.tile_buf<vec, 64x64xf32>"},
	}
	resultTypes := []string{"", "index", "i32", "i1", "f32", "memref<4xf32>", "memref<?xf32>", "tensor<4xf32>", "!tile.tile<64x64xf32, vec>", "!tile.buf<vec>", "!pto.tile_buf<vec, 64x64xf32>", "i32, i32"}
	props := []string{
		"",
		"<{value = 1 : i32}>",
		"<{predicate = 3 : i64}>",
		"<{operandSegmentSizes = array<i32: 1, 1>}>",
		"<{operandSegmentSizes = array<i32: 1, 0, 0>}>",
		"<{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}>",
		"<{callee = @f, sym_name = \"f\", function_type = (i32) -> i32}>",
		"<{reassociation = [[0]], static_output_shape = array<i64: 4>}>",
		"<{size = 16 : i64, name = @g, type = memref<4xf32>}>",
	}
	regions := []string{"", " ({\n})", " ({\n^bb0(%x: index):\n  \"scf.yield\"() : () -> ()\n})", " ({\n  \"scf.yield\"() : () -> ()\n}, {\n  \"scf.yield\"() : () -> ()\n})"}
	header := "func.func private @f(i32) -> i32\nmemref.global @g : memref<4xf32>\nfunc.func @host("
	var args []string
	for _, v := range values {
		args = append(args, v.name+": "+v.typ)
	}
	header += strings.Join(args, ", ") + ") {\n"
	operandLists := [][]int{{}, {0}, {1}, {3}, {4}, {1, 1}, {3, 3}, {2, 1}, {4, 0}, {4, 4}, {6, 0}, {4, 0, 0}, {2, 1, 1}, {9, 10}, {9, 9, 10}, {11, 10}, {12}, {12, 12}, {7}, {5, 0}}
	p := parser.New(parser.Options{AllowUnregistered: true})
	checked, verified := 0, 0
	type form struct {
		ops       []int
		res, prop string
		reg       string
	}
	var forms []form
	for _, ops := range operandLists {
		for _, res := range resultTypes {
			forms = append(forms, form{ops, res, "", ""})
		}
	}
	for _, prop := range props {
		for _, reg := range regions {
			for _, f := range []form{{nil, "", "", ""}, {[]int{4, 0}, "memref<4xf32>", "", ""}, {[]int{1, 1}, "i32", "", ""}, {[]int{2}, "", "", ""}} {
				forms = append(forms, form{f.ops, f.res, prop, reg})
			}
		}
	}
	stride := everyOpStride
	if exhaustive() {
		stride = 1
	} else {
		testtool.Without(t, "", fmt.Sprintf("TestGenericFormOfEveryOp tried every %dth form of each op (PTO_EXHAUSTIVE=1 tries all)", stride))
	}
	for k, name := range ir.AllOps() {
		if name == "builtin.module" || name == "func.func" {
			continue
		}
		for i, f := range forms {
			if i%stride != k%stride {
				continue
			}
			var names, types []string
			for _, k := range f.ops {
				names = append(names, values[k].name)
				types = append(types, values[k].typ)
			}
			lhs := ""
			switch {
			case strings.Contains(f.res, ","):
				lhs = "%out:2 = "
			case f.res != "":
				lhs = "%out = "
			}
			op := fmt.Sprintf("  %s%q(%s) %s%s : (%s) -> (%s)\n", lhs, name, strings.Join(names, ", "), f.prop, f.reg, strings.Join(types, ", "), f.res)
			src := header + op + "  return\n}\n"
			checked++
			if roundTripOK(t, p, src) {
				verified++
			}
		}
	}
	t.Logf("%d op forms tried, %d verified and round-tripped", checked, verified)
	if verified == 0 {
		t.Fatal("no op form verified: the generator is broken")
	}
}

// everyOpStride thins TestGenericFormOfEveryOp's op x form product by
// default (see there).
const everyOpStride = 8

// exhaustive reports whether the long variants of tests were asked for
// (PTO_EXHAUSTIVE=1).
func exhaustive() bool { return os.Getenv("PTO_EXHAUSTIVE") == "1" }

// roundTripOK parses and verifies src; when it verifies, both printed
// forms must read back to the same text. It reports whether src verified.
func roundTripOK(t *testing.T, p *parser.Parser, src string) (ok bool) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic: %v\n--- input:\n%s", r, src)
		}
	}()
	m, err := p.Parse("ops.mlir", []byte(src))
	if err != nil || ir.Verify(m) != nil {
		return false
	}
	for _, generic := range []bool{false, true} {
		opts := printer.Options{Generic: generic}
		first := printer.String(m, opts)
		m2, err := p.Parse("printed.mlir", []byte(first))
		if err == nil {
			err = ir.Verify(m2)
		}
		if err != nil {
			t.Fatalf("printed form (generic=%v) does not read back: %v\n--- input:\n%s\n--- printed:\n%s", generic, err, src, first)
		}
		if second := printer.String(m2, opts); second != first {
			t.Fatalf("printing is not idempotent (generic=%v)\n--- input:\n%s\n--- first:\n%s\n--- second:\n%s", generic, src, first, second)
		}
	}
	return true
}
