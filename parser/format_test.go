package parser

import (
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/printer"
)

// Ops of a test dialect whose syntax is a declarative format: the parser
// and printer of each come from the format alone.
func init() {
	ir.RegisterDialect("fmt")
	tile := "pto.tile_buf"
	reg := func(name string, s ir.OpSyntax) {
		ir.Register(ir.WithFormat(&ir.OpDef{Name: "fmt." + name}, s))
	}
	// The shape most pto ops share: typed ins, typed outs.
	reg("binary", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "src0", Class: tile}, {Name: "src1", Class: tile}, {Name: "dst", Class: tile}},
		Format:   "`ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` type($src1) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict",
	})
	// The attribute dictionary inside ins(...), as pto.tcvt has it.
	reg("cvt", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "src", Class: tile}, {Name: "dst", Class: tile}},
		Format:   "`ins` `(` $src attr-dict `:` type($src) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`",
	})
	// Optional operands, each in a group of its own, with fixed types.
	reg("alloc", ir.OpSyntax{
		Operands: []ir.Arg{
			{Name: "addr", Mode: ir.OptionalArg, Type: ir.I64},
			{Name: "valid_row", Mode: ir.OptionalArg, Type: ir.Index},
			{Name: "valid_col", Mode: ir.OptionalArg, Type: ir.Index},
		},
		Results:           []ir.Arg{{Name: "result", Class: tile}},
		SegmentedOperands: true,
		Format:            "(`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)? (`valid_col` `=` $valid_col^)? attr-dict `:` qualified(type($result))",
	})
	// An integer attribute in braces, a unit attribute spelled by its
	// group's keyword, an optional result.
	reg("split", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "src", Class: tile}},
		Results:  []ir.Arg{{Name: "res", Mode: ir.OptionalArg, Class: tile}},
		Attrs: []ir.AttrArg{
			{Name: "split", Kind: ir.AttrInt, Type: ir.I64},
			{Name: "nosplit", Kind: ir.AttrUnit},
		},
		Format: "`(` $src `:` type($src) `)` `{` `split` `=` $split (`,` `nosplit` $nosplit^)? `}` attr-dict (`->` qualified(type($res))^)?",
	})
	// Variadic operands, functional-type.
	reg("call", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "args", Mode: ir.Variadic}},
		Results:  []ir.Arg{{Name: "res", Mode: ir.Variadic}},
		Attrs:    []ir.AttrArg{{Name: "callee", Kind: ir.AttrAny}},
		Format:   "$callee `(` $args `)` attr-dict `:` functional-type($args, results)",
	})
}

func roundTrip(t *testing.T, src string) string {
	t.Helper()
	m, err := New(Options{AllowUnregistered: true}).ParseText("fmt.mlir", src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return printer.String(m, printer.Options{})
}

const tb = "!pto.tile_buf<vec, 16x16xf32>"

func TestFormatRoundTrip(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"ins outs, stripped and qualified types",
			"%a = \"t.a\"() : () -> " + tb + "\nfmt.binary ins(%a, %a : " + tb + ", " + tb + ") outs(%a : " + tb + ")",
			"fmt.binary ins(%a, %a : " + tb + ", <vec, 16x16xf32>) outs(%a : " + tb + ")"},
		{"stripped types read back",
			"%a = \"t.a\"() : () -> " + tb + "\nfmt.binary ins(%a, %a : " + tb + ", <vec, 16x16xf32>) outs(%a : " + tb + ")",
			"fmt.binary ins(%a, %a : " + tb + ", <vec, 16x16xf32>) outs(%a : " + tb + ")"},
		{"attribute dictionary inside ins",
			"%a = \"t.a\"() : () -> " + tb + "\nfmt.cvt ins(%a {rmode = 1 : i32} : " + tb + ") outs(%a : " + tb + ")",
			"fmt.cvt ins(%a {rmode = 1 : i32} : <vec, 16x16xf32>) outs(%a : " + tb + ")"},
		{"optional operands absent",
			"%t = fmt.alloc : " + tb,
			"%t = fmt.alloc : " + tb},
		{"optional operands present, fixed types",
			"%c = \"t.c\"() : () -> i64\n%i = \"t.i\"() : () -> index\n%t = fmt.alloc addr = %c valid_col = %i : " + tb,
			"%t = fmt.alloc addr = %c valid_col = %i : " + tb},
		{"integer attribute without its type, unit keyword, no result",
			"%a = \"t.a\"() : () -> " + tb + "\nfmt.split(%a : " + tb + ") {split = 2, nosplit}",
			"fmt.split(%a : <vec, 16x16xf32>) {split = 2, nosplit}"},
		{"unit absent, optional result present",
			"%a = \"t.a\"() : () -> " + tb + "\n%r = fmt.split(%a : " + tb + ") {split = -1} -> " + tb,
			"%r = fmt.split(%a : <vec, 16x16xf32>) {split = -1} -> " + tb},
		{"variadic operands and functional type",
			"%a = \"t.a\"() : () -> i32\n%r:2 = fmt.call @f(%a, %a) : (i32, i32) -> (i32, f32)",
			"%r:2 = fmt.call @f(%a, %a) : (i32, i32) -> (i32, f32)"},
		{"inside a function body (a streamed region)",
			"func.func @k(%a: " + tb + ") {\n  fmt.binary ins(%a, %a : " + tb + ", <vec, 16x16xf32>) outs(%a : " + tb + ")\n  return\n}",
			"fmt.binary ins(%a, %a : " + tb + ", <vec, 16x16xf32>) outs(%a : " + tb + ")"},
		{"the qualified form where a stripped one may stand",
			"%a = \"t.a\"() : () -> " + tb + "\nfmt.cvt ins(%a : " + tb + ") outs(%a : " + tb + ")",
			"fmt.cvt ins(%a : <vec, 16x16xf32>) outs(%a : " + tb + ")"},
		{"no operands, one result",
			"%r = fmt.call @g() : () -> i32",
			"%r = fmt.call @g() : () -> i32"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := roundTrip(t, c.in)
			if !strings.Contains(out, c.want) {
				t.Fatalf("printed\n%s\nwant a line\n%s", out, c.want)
			}
			// What is printed reads back to the same text.
			if again := roundTrip(t, out); again != out {
				t.Fatalf("not stable:\n%s\nthen\n%s", out, again)
			}
		})
	}
}

// The generic form of a formatted op carries its segment sizes and
// attributes as properties, and reads back into the custom form.
func TestFormatGenericForm(t *testing.T) {
	src := "%c = \"t.c\"() : () -> i64\n%t = fmt.alloc addr = %c : " + tb
	m, err := New(Options{AllowUnregistered: true}).ParseText("fmt.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	gen := printer.String(m, printer.Options{Generic: true})
	if !strings.Contains(gen, "operandSegmentSizes = array<i32: 1, 0, 0>") {
		t.Fatalf("generic form lacks the segment sizes:\n%s", gen)
	}
	if out := roundTrip(t, gen); !strings.Contains(out, "fmt.alloc addr = %c : "+tb) {
		t.Fatalf("generic form read back as\n%s", out)
	}
}

func TestFormatParseErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"%a = \"t.a\"() : () -> " + tb + "\nfmt.binary ins(%a : " + tb + ") outs(%a : " + tb + ")", "fmt.mlir:2:18: error: expected ','"},
		{"%a = \"t.a\"() : () -> " + tb + "\nfmt.binary ins(%a, %a : " + tb + ", " + tb + ")", "expected 'outs'"},
		{"%a = \"t.a\"() : () -> " + tb + "\nfmt.cvt ins(%a : <vec, 16x16xf99>) outs(%a : " + tb + ")", "fmt.mlir:2:18: error:"},
		{"%t = fmt.alloc addr = : " + tb, "error: expected SSA operand"},
		{"%a = \"t.a\"() : () -> " + tb + "\nfmt.split(%a : " + tb + ") {split = x}", "fmt.mlir:2:"},
	} {
		_, err := New(Options{AllowUnregistered: true}).ParseText("fmt.mlir", c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s\ngot error %v, want one containing %q", c.in, err, c.want)
		}
	}
}

// A format that does not match its declarations is refused when the op
// table is built, with the reason.
func TestFormatCompileErrors(t *testing.T) {
	one := []ir.Arg{{Name: "a"}}
	for _, c := range []struct {
		s    ir.OpSyntax
		want string
	}{
		{ir.OpSyntax{Operands: one, Format: "$a `:` type($a)"}, "no attr-dict"},
		{ir.OpSyntax{Operands: one, Format: "attr-dict"}, "operand $a appears 0 times"},
		{ir.OpSyntax{Operands: one, Format: "$a attr-dict"}, "type of operand $a is neither spelled nor fixed"},
		{ir.OpSyntax{Operands: one, Format: "$b attr-dict"}, "$b is not declared"},
		{ir.OpSyntax{Operands: one, Format: "($a^ `:` type($a))? attr-dict"}, "always present"},
		{ir.OpSyntax{Operands: []ir.Arg{{Name: "a", Mode: ir.OptionalArg, Type: ir.I64}, {Name: "b", Mode: ir.Variadic, Type: ir.I64}}, Format: "$a $b attr-dict"}, "needs SegmentedOperands"},
		{ir.OpSyntax{Operands: []ir.Arg{{Name: "a", Mode: ir.OptionalArg, Type: ir.I64}}, Format: "(`x` $a)? attr-dict"}, "no anchor"},
		{ir.OpSyntax{Attrs: []ir.AttrArg{{Name: "n", Kind: ir.AttrInt}}, Format: "$n attr-dict"}, "has no type"},
		{ir.OpSyntax{Format: "`x` attr-dict attr-dict"}, "attr-dict appears twice"},
		{ir.OpSyntax{Format: "(`x` attr-dict"}, "not closed"},
	} {
		_, err := ir.CompileFormat("fmt.bad", c.s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.s.Format, err, c.want)
		}
	}
}
