package parser

import (
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/printer"
)

// Test ops for what the upstream dialects' formats need beyond the pto
// shapes of format_test.go: types derived from other values, enums,
// defaulted flags, kinds of types, symbols, typed attributes, integer
// arrays, custom directives, variadic regions, successors with operands,
// and operands spelled out of declaration order.
func init() {
	reg := func(name string, s ir.OpSyntax) {
		ir.Register(ir.WithFormat(&ir.OpDef{Name: "fmt." + name}, s))
	}
	elem := func(t ir.Type) ir.Type {
		if m, ok := t.(*ir.MemRefType); ok {
			return m.Elem
		}
		return nil
	}
	// The operands take the result's type; the flags are printed only
	// when they are not the default.
	reg("same", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "lhs", Like: "result"}, {Name: "rhs", Like: "result"}},
		Results:  []ir.Arg{{Name: "result"}},
		Attrs:    []ir.AttrArg{{Name: "flags", Kind: ir.AttrClass, Class: "fmt.flags", Default: "#fmt.flags<none>"}},
		Format:   "$lhs `,` $rhs (`flags` `` $flags^)? attr-dict `:` type($result)",
	})
	// An enum keyword; the result's type derives from an operand's.
	reg("cmp", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "lhs"}, {Name: "rhs", Like: "lhs"}},
		Results:  []ir.Arg{{Name: "result", Like: "lhs", Derive: func(ir.Type) ir.Type { return ir.I1 }}},
		Attrs:    []ir.AttrArg{{Name: "predicate", Kind: ir.AttrEnum, Type: ir.I64, Enum: []string{"eq", "ne", "lt"}}},
		Format:   "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
	})
	// A memref only; the result is its element.
	reg("load", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "memref", Kind: ir.MemRefKind}, {Name: "indices", Mode: ir.Variadic, Type: ir.Index}},
		Results:  []ir.Arg{{Name: "result", Like: "memref", Derive: elem}},
		Format:   "$memref `[` $indices `]` attr-dict `:` type($memref)",
	})
	// A symbol reference and a symbol name.
	reg("sym", ir.OpSyntax{
		Attrs:  []ir.AttrArg{{Name: "sym_name", Kind: ir.AttrSymbolName}, {Name: "callee", Kind: ir.AttrSymbol}},
		Format: "$sym_name `calls` $callee attr-dict",
	})
	// A typed attribute gives the result its type.
	reg("const", ir.OpSyntax{
		Results: []ir.Arg{{Name: "result", Like: "value"}},
		Attrs:   []ir.AttrArg{{Name: "value", Kind: ir.AttrTyped}},
		Format:  "attr-dict $value",
	})
	// An optional integer array in a keyword group.
	reg("arr", ir.OpSyntax{
		Attrs:  []ir.AttrArg{{Name: "weights", Kind: ir.AttrDenseArray, Type: ir.I32, Optional: true}},
		Format: "(`weights` `(` $weights^ `)`)? attr-dict",
	})
	// The kit's mixed static/dynamic list, twice.
	reg("window", ir.OpSyntax{
		Operands:          []ir.Arg{{Name: "source"}, {Name: "offsets", Mode: ir.Variadic, Type: ir.Index}, {Name: "sizes", Mode: ir.Variadic, Type: ir.Index}},
		Attrs:             []ir.AttrArg{{Name: "static_offsets", Kind: ir.AttrDenseArray, Type: ir.I64}, {Name: "static_sizes", Kind: ir.AttrDenseArray, Type: ir.I64}},
		SegmentedOperands: true,
		Format:            "$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) attr-dict `:` type($source)",
	})
	// A directive of the op's own that looks at a type read before it
	// (ref) and reads a count into an attribute.
	reg("repeat", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "x"}},
		Attrs:    []ir.AttrArg{{Name: "times"}},
		Directives: map[string]*ir.Directive{"Times": {
			Parse: func(p ir.AsmParser, d *ir.DirectiveParse) error {
				n, err := p.ParseInteger()
				if err != nil {
					return err
				}
				if err := p.ParseKeyword("times"); err != nil {
					return err
				}
				d.SetAttr(1, ir.Int(n, d.RefType(0)))
				return nil
			},
			Print: func(p ir.AsmPrinter, d ir.DirectivePrint) {
				p.Write(d.Attr(1).(*ir.IntegerAttr).ValueString() + " times")
			},
		}},
		Format: "$x `:` type($x) `,` custom<Times>(ref(type($x)), $times) attr-dict",
	})
	// Any number of regions, comma-separated (after the dictionary: a
	// dictionary after no region would read as a region).
	reg("regions", ir.OpSyntax{
		Regions: []string{"bodies"}, VariadicRegions: true,
		Format: "attr-dict-with-keyword $bodies",
	})
	// A successor with its operands.
	ir.Register(ir.WithFormat(&ir.OpDef{Name: "fmt.br", Traits: ir.Terminator, SuccessorOperands: func(op *ir.Operation) []ir.OperandRange {
		return []ir.OperandRange{{Start: 0, N: len(op.Operands)}}
	}}, ir.OpSyntax{
		Operands:   []ir.Arg{{Name: "args", Mode: ir.Variadic}},
		Successors: []string{"dest"},
		Format:     "$dest (`(` $args^ `:` type($args) `)`)? attr-dict",
	}))
	// A callee's function type gives the arguments' and results' types.
	inputs := func(t ir.Type) []ir.Type {
		if f, ok := t.(*ir.FunctionType); ok {
			return f.Inputs
		}
		return nil
	}
	results := func(t ir.Type) []ir.Type {
		if f, ok := t.(*ir.FunctionType); ok {
			return f.Results
		}
		return nil
	}
	reg("icall", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "callee", Kind: ir.FunctionKind}, {Name: "args", Mode: ir.Variadic, Like: "callee", DeriveList: inputs}},
		Results:  []ir.Arg{{Name: "res", Mode: ir.Variadic, Like: "callee", DeriveList: results}},
		Format:   "$callee `(` $args `)` attr-dict `:` type($callee)",
	})
	// A new line in the middle of an op, at the op's indentation.
	reg("lines", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "x"}},
		Format:   "$x `:` type($x) `\\n` `` `then` attr-dict",
	})
	// An optional operand's one type, followed by a comma of the format's.
	reg("opt", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "a", Mode: ir.OptionalArg}, {Name: "b"}},
		Format:   "`(` (`a` `=` $a^ `:` type($a) `,`)? `b` `=` $b `:` type($b) `)` attr-dict",
	})
	// Operands spelled in another order than declared.
	reg("swap", ir.OpSyntax{
		Operands: []ir.Arg{{Name: "a"}, {Name: "b"}},
		Format:   "$b `,` $a attr-dict `:` type($a) `,` type($b)",
	})
}

func TestFormatUpstreamShapes(t *testing.T) {
	const mem = "memref<4x8xf32>"
	def := "%i = \"t.i\"() : () -> i32\n%x = \"t.x\"() : () -> index\n%m = \"t.m\"() : () -> " + mem + "\n"
	for _, c := range []struct{ name, in, want string }{
		{"types from the result; default flags elided",
			def + "%r = fmt.same %i, %i flags<none> : i32", "%r = fmt.same %i, %i : i32"},
		{"flags other than the default printed",
			def + "%r = fmt.same %i, %i flags<a> : i32", "%r = fmt.same %i, %i flags<a> : i32"},
		{"enum keyword, result type derived",
			def + "%r = fmt.cmp lt, %i, %i : i32", "%r = fmt.cmp lt, %i, %i : i32"},
		{"enum keyword given as a string",
			def + "%r = fmt.cmp \"ne\", %i, %i : i32", "%r = fmt.cmp ne, %i, %i : i32"},
		{"element type from the memref, fixed index types",
			def + "%r = fmt.load %m[%x, %x] : " + mem, "%r = fmt.load %m[%x, %x] : " + mem},
		{"symbol name and symbol reference",
			"fmt.sym @a calls @b", "fmt.sym @a calls @b"},
		{"result type from a typed attribute",
			"%c = fmt.const {k} 7 : i16", "%c = fmt.const {k} 7 : i16"},
		{"integer array in a group",
			"fmt.arr weights([1, -2])\nfmt.arr", "fmt.arr weights([1, -2])\n  fmt.arr\n"},
		{"mixed static and dynamic lists",
			def + "fmt.window %m[%x, 2] [4, %x] : " + mem, "fmt.window %m[%x, 2] [4, %x] : " + mem},
		{"a directive looking at a type read before",
			def + "fmt.repeat %i : i32, 3 times", "fmt.repeat %i : i32, 3 times"},
		{"variadic regions",
			"fmt.regions {\n}, {\n}", "fmt.regions {\n  }, {\n  }"},
		{"no regions at all (the space before them stays)",
			"fmt.regions", "fmt.regions \n"},
		{"regions after the dictionary",
			"fmt.regions attributes {k} {\n}", "fmt.regions attributes {k} {\n  }"},
		{"argument and result types from a function type",
			"%f = \"t.f\"() : () -> ((i32, index) -> f32)\n" + def + "%r = fmt.icall %f(%i, %x) : (i32, index) -> f32", "%r = fmt.icall %f(%i, %x) : (i32, index) -> f32"},
		{"a new line",
			def + "fmt.lines %i : i32\nthen", "fmt.lines %i : i32\n  then\n"},
		{"an optional operand's type is one type, the comma after it the format's",
			def + "fmt.opt (a = %i : i32, b = %x : index)", "fmt.opt(a = %i : i32, b = %x : index)"},
		{"the optional operand left out",
			def + "fmt.opt (b = %x : index)", "b = %x : index)"},
		{"operands out of declaration order",
			def + "fmt.swap %x, %i : i32, index", "fmt.swap %x, %i : i32, index"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out := roundTrip(t, c.in)
			if !strings.Contains(out, c.want) {
				t.Fatalf("printed\n%s\nwant\n%s", out, c.want)
			}
			if again := roundTrip(t, out); again != out {
				t.Fatalf("not stable:\n%s\nthen\n%s", out, again)
			}
		})
	}
}

// What the formats read goes into the op in declaration order, whatever
// order the text has it in: the generic form shows it.
func TestFormatDeclarationOrder(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"%i = \"t.i\"() : () -> i32\n%x = \"t.x\"() : () -> index\nfmt.swap %x, %i : i32, index", "\"fmt.swap\"(%i, %x) : (i32, index) -> ()"},
		{"%x = \"t.x\"() : () -> index\n%m = \"t.m\"() : () -> memref<4x8xf32>\nfmt.window %m[%x, 2] [4, %x] : memref<4x8xf32>",
			"<{operandSegmentSizes = array<i32: 1, 1, 1>, static_offsets = array<i64: -9223372036854775808, 2>, static_sizes = array<i64: 4, -9223372036854775808>}>"},
		{"%i = \"t.i\"() : () -> i32\n%r = fmt.cmp ne, %i, %i : i32", "<{predicate = 1 : i64}> : (i32, i32) -> i1"},
		{"\"t.b\"() ({\n  %i = \"t.i\"() : () -> i32\n  fmt.br ^bb1(%i : i32)\n^bb1(%a: i32):\n  \"t.e\"() : () -> ()\n}) : () -> ()", "\"fmt.br\"(%i)[^bb1] : (i32) -> ()"},
	} {
		m, err := New(Options{AllowUnregistered: true}).ParseText("fmt.mlir", c.in)
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if gen := printer.String(m, printer.Options{Generic: true}); !strings.Contains(gen, c.want) {
			t.Errorf("generic form of\n%s\nis\n%s\nwant %s", c.in, gen, c.want)
		}
	}
}

// Malformed custom syntax gets mlir-opt's messages, at the token at fault;
// the format's own errors name the op, as an ODS-generated parser's do.
func TestFormatUpstreamErrors(t *testing.T) {
	def := "%i = \"t.i\"() : () -> i32\n"
	for _, c := range []struct{ in, want string }{
		{def + "fmt.cmp gt, %i, %i : i32", "fmt.mlir:2:9: error: custom op 'fmt.cmp' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, lt]"},
		{def + "fmt.cmp \"gt\", %i, %i : i32", "fmt.mlir:2:9: error: custom op 'fmt.cmp' invalid predicate attribute specification: \"gt\""},
		{def + "%x = \"t.x\"() : () -> index\nfmt.load %i[%x] : i32", "fmt.mlir:3:19: error: custom op 'fmt.load' invalid kind of type specified: expected builtin.memref, but found 'i32'"},
		{"fmt.sym @a calls \"b\"", "fmt.mlir:1:18: error: custom op 'fmt.sym' invalid kind of attribute specified"},
		{"fmt.sym a calls @b", "fmt.mlir:1:8: error: custom op 'fmt.sym' expected valid '@'-identifier for symbol name"},
		{"%c = fmt.const unit", "fmt.mlir:1:16: error: custom op 'fmt.const' invalid kind of attribute specified"},
		{"fmt.arr weights([1, x])", "fmt.mlir:1:21: error: custom op 'fmt.arr' expected integer value"},
		{def + "fmt.repeat %i : i32, x times", "fmt.mlir:2:22: error: custom op 'fmt.repeat' expected integer value"},
		{def + "fmt.swap %i, %i : i32", "fmt.mlir:2:22: error: expected ','"},
		{def + "%f = \"t.f\"() : () -> ((i32) -> f32)\n%r = fmt.icall %f(%i, %i) : (i32) -> f32", "fmt.mlir:3:19: error: custom op 'fmt.icall' number of operands and types do not match: got 2 operands and 1 types"},
		{def + "%r = fmt.icall %i() : i32", "fmt.mlir:2:23: error: custom op 'fmt.icall' invalid kind of type specified: expected builtin.function, but found 'i32'"},
	} {
		_, err := New(Options{AllowUnregistered: true}).ParseText("fmt.mlir", c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s\ngot error %v\nwant one containing %q", c.in, err, c.want)
		}
	}
}

// The declarations a format cannot serve are refused when it is compiled.
func TestFormatCompileErrorsUpstream(t *testing.T) {
	for _, c := range []struct {
		s    ir.OpSyntax
		want string
	}{
		{ir.OpSyntax{Operands: []ir.Arg{{Name: "a", Like: "nothing"}}, Format: "$a attr-dict"}, "which is not declared"},
		{ir.OpSyntax{Operands: []ir.Arg{{Name: "a", Like: "b"}, {Name: "b", Like: "a"}}, Format: "$a `,` $b attr-dict"}, "in a circle"},
		{ir.OpSyntax{Attrs: []ir.AttrArg{{Name: "e", Kind: ir.AttrEnum, Type: ir.I64}}, Format: "$e attr-dict"}, "has no keywords"},
		{ir.OpSyntax{Format: "custom<Nothing>() attr-dict"}, "unknown custom directive"},
		{ir.OpSyntax{Regions: []string{"r"}, Format: "attr-dict"}, "region $r must appear once"},
	} {
		_, err := ir.CompileFormat("fmt.bad", c.s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.s.Format, err, c.want)
		}
	}
}
