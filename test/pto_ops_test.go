package test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// TestPTOOpsRoundTrip: every op of the pto table, written in generic form
// with operands of the types its declarations take (each optional operand
// present and absent), prints in its custom form (or generic, when that
// form cannot say it), and that text reads back as the same op: the same
// generic form, the same custom form again.
func TestPTOOpsRoundTrip(t *testing.T) {
	for i := range pto.Ops {
		op := &pto.Ops[i]
		for _, withOptional := range []bool{false, true} {
			src := genericPTOOp(op, withOptional)
			m, err := parser.ParseString(src, parser.Options{})
			if err != nil {
				t.Errorf("pto.%s: the generic form does not read: %v\n%s", op.Name, err, src)
				continue
			}
			custom := printer.String(m, printer.Options{})
			generic := printer.String(m, printer.Options{Generic: true})
			m2, err := parser.ParseString(custom, parser.Options{})
			if err != nil {
				t.Errorf("pto.%s: its printed form does not read back: %v\n%s", op.Name, err, custom)
				continue
			}
			if again := printer.String(m2, printer.Options{}); again != custom {
				t.Errorf("pto.%s: printing is not idempotent:\n%s\nthen\n%s", op.Name, custom, again)
			}
			if g2 := printer.String(m2, printer.Options{Generic: true}); g2 != generic {
				t.Errorf("pto.%s: the printed form reads back as another op:\n%s\nwas\n%s", op.Name, g2, generic)
			}
		}
	}
}

// genericPTOOp writes a function holding one op of the row in generic
// form, its operands the function's arguments.
func genericPTOOp(op *pto.Op, withOptional bool) string {
	var argTypes, operands, operandTypes, segments []string
	for _, f := range strings.Fields(op.Args) {
		mode := f[len(f)-1]
		name, kind, _ := strings.Cut(strings.TrimRight(f, "?*"), ":")
		if kind == "" {
			kind = "tile"
		}
		n := 1
		switch {
		case mode == '?' && !withOptional:
			n = 0
		case mode == '*':
			n = 2
			if withOptional {
				n = 1
			}
		}
		// tmrgsort's srcs and dsts come in ones for format 1.
		if op.Name == "tmrgsort" && mode == '*' {
			n = 1
		}
		if o, ok := sampleCounts[op.Name+"."+name]; ok {
			n = o
		}
		segments = append(segments, fmt.Sprint(n))
		for range n {
			ty := sampleType(kind)
			if o, ok := sampleTypes[op.Name+"."+name]; ok {
				ty = o
			}
			operands = append(operands, fmt.Sprintf("%%a%d", len(argTypes)))
			argTypes = append(argTypes, fmt.Sprintf("%%a%d: %s", len(argTypes), ty))
			operandTypes = append(operandTypes, ty)
		}
	}
	var props []string
	if op.Segmented {
		props = append(props, "operandSegmentSizes = array<i32: "+strings.Join(segments, ", ")+">")
	}
	for _, f := range strings.Fields(op.Attrs) {
		optional := strings.HasSuffix(f, "?") || strings.Contains(f, "=")
		f = strings.TrimSuffix(f, "?")
		f, _, _ = strings.Cut(f, "=")
		name, kind, _ := strings.Cut(f, ":")
		if optional && !withOptional {
			continue
		}
		props = append(props, name+" = "+sampleAttr(kind))
	}
	if (op.Name == "sync.set" || op.Name == "sync.wait") && !withOptional {
		props = append(props, "event_id = 0 : i32")
	}
	var results []string
	for _, f := range strings.Fields(op.Results) {
		if strings.HasSuffix(f, "?") {
			continue
		}
		name, kind, _ := strings.Cut(strings.TrimRight(f, "*"), ":")
		if kind == "" {
			kind = "tile"
		}
		ty := sampleType(kind)
		if o, ok := sampleTypes[op.Name+"."+name]; ok {
			ty = o
		}
		results = append(results, ty)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "func.func @f(%s) {\n  ", strings.Join(argTypes, ", "))
	if len(results) > 0 {
		var names []string
		for i := range results {
			names = append(names, fmt.Sprintf("%%r%d", i))
		}
		b.WriteString(strings.Join(names, ", ") + " = ")
	}
	fmt.Fprintf(&b, "%q(%s)", "pto."+op.Name, strings.Join(operands, ", "))
	if len(props) > 0 {
		b.WriteString(" <{" + strings.Join(props, ", ") + "}>")
	}
	if op.Regions != "" {
		// A region that needs no terminator has its one block, as the
		// custom form gives it (the generic form keeps an empty one empty).
		if d := ir.Lookup("pto." + op.Name); d != nil && d.Traits.Has(ir.NoTerminator) {
			b.WriteString(" ({\n  ^bb0:\n  })")
		} else {
			b.WriteString(" ({\n  })")
		}
	}
	fmt.Fprintf(&b, " : (%s) -> (%s)\n  return\n}\n", strings.Join(operandTypes, ", "), strings.Join(results, ", "))
	return b.String()
}

// sampleCounts and sampleTypes are the operands and results of the ops
// whose syntax reads more than their declarations say (the pointer of a
// tensor view is a !pto.ptr of its element type, one size and stride per
// dimension of the view; a subset's type is the one ptoas infers).
var sampleCounts = map[string]int{
	"make_tensor_view.shape": 2, "make_tensor_view.strides": 2, "subset.offsets": 2,
}

var sampleTypes = map[string]string{
	"make_tensor_view.ptr":    "!pto.ptr<f32>",
	"make_tensor_view.result": "!pto.tensor_view<?x?xf32>",
	"subset.result":           "!pto.tile_buf<vec, 16x16xf32, valid=?x?>",
}

// sampleType is a type of an operand kind of the table.
func sampleType(kind string) string {
	switch kind {
	case "tile", "tb", "tbm", "any":
		return "!pto.tile_buf<vec, 16x16xf32>"
	case "scalar", "f32":
		return "f32"
	case "int", "sint", "i32":
		return "i32"
	case "index":
		return "index"
	case "i64":
		return "i64"
	case "i1":
		return "i1"
	case "ptr", "spm":
		return "!pto.ptr<f32>"
	case "pipe":
		return "!pto.pipe"
	case "session":
		return "!pto.async_session"
	case "event":
		return "!pto.async_event"
	case "evarr":
		return "!pto.eventid_array<4>"
	case "memref":
		return "memref<16x16xf32, #pto.address_space<vec>>"
	case "tvm", "tv":
		return "!pto.tensor_view<?x?xf32>"
	case "ptv":
		return "!pto.partition_tensor_view<16x16xf32>"
	case "tensor":
		return "tensor<16x16xf32>"
	}
	panic("no sample type for kind " + kind)
}

// sampleAttr is an attribute of an attribute kind of the table.
func sampleAttr(kind string) string {
	switch kind {
	case "i8", "i32", "i64":
		return "0 : " + kind
	case "bool":
		return "true"
	case "str":
		return `"name"`
	case "sym":
		return "@f"
	case "i64s":
		return "[16, 16]"
	case "config":
		return "#pto.tile_buf_config<>"
	case "pipe_event":
		return "#pto.pipe_event_type<TLOAD>"
	}
	e := pto.Enums[kind]
	if e == nil {
		panic("no sample attribute for kind " + kind)
	}
	if a, ok := e.Attr(e.Values[0]).(*ir.RawAttr); ok {
		return a.Text
	}
	return ""
}
