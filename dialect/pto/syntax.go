package pto

import (
	"fmt"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// How a row of the op table (table.go) becomes a registered op: its
// operand, attribute and result declarations are read from the row's
// spec strings, its syntax is generated from its ins/outs lists (or
// compiled from its explicit format, or hand-written), its effects come
// from the operands' roles.

// argSpec is one operand or result declaration: name[:kind][?|*].
type argSpec struct {
	name string
	kind string // a key of kinds
	mode ir.ArgMode
}

// kind is an operand or result type constraint of ptoas's ODS.
type kind struct {
	desc  string             // for the verifier's message
	ok    func(ir.Type) bool // nil: any type
	fixed ir.Type            // the only type (the format need not spell it)
	class string             // a dialect type class: type() prints it stripped
	// memory: values of the kind are buffers, whose bytes effects touch
	// (scalars and handles are values).
	memory bool
}

var kinds = map[string]*kind{
	"tile":    {desc: "a ranked tensor, memref, !pto.partition_tensor_view or !pto.tile_buf", ok: isDpsType, memory: true},
	"any":     {desc: "any type", memory: true},
	"scalar":  {desc: "a signless integer or float", ok: isScalar},
	"int":     {desc: "an integer", ok: func(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return ok }},
	"sint":    {desc: "a signless integer", ok: isSignlessInt},
	"index":   {fixed: ir.Index},
	"i64":     {fixed: ir.I64},
	"i32":     {fixed: ir.I32},
	"i1":      {fixed: ir.I1},
	"f32":     {fixed: ir.F32},
	"ptr":     {desc: "a !pto.ptr", ok: isPtr, class: "pto.ptr", memory: true},
	"pipe":    {desc: "a !pto.pipe", ok: isHandle("pipe")},
	"session": {desc: "a !pto.async_session", ok: isHandle("async_session")},
	"event":   {desc: "a !pto.async_event", ok: isHandle("async_event")},
	"evarr":   {desc: "a !pto.eventid_array", ok: func(t ir.Type) bool { _, ok := t.(*EventIDArrayType); return ok }},
	"memref":  {desc: "a memref", ok: ir.IsMemRef, memory: true},
	"tbm":     {desc: "a !pto.tile_buf or memref", ok: func(t ir.Type) bool { return isTileBuf(t) || ir.IsMemRef(t) }, memory: true},
	"spm":     {desc: "a !pto.ptr or a memref in GM", ok: isScalarPtrOrMemRef, memory: true},
	"tvm":     {desc: "a !pto.tensor_view or memref", ok: func(t ir.Type) bool { return isView(t, "tensor_view") || ir.IsMemRef(t) }, memory: true},
	"tv":      {desc: "a !pto.tensor_view", ok: func(t ir.Type) bool { return isView(t, "tensor_view") }, memory: true},
	"ptv":     {desc: "a !pto.partition_tensor_view", ok: func(t ir.Type) bool { return isView(t, "partition_tensor_view") }, memory: true},
	"tb":      {desc: "a !pto.tile_buf", ok: isTileBuf, memory: true},
	"tensor":  {desc: "a ranked tensor", ok: isRankedTensor, memory: true},
}

func isTileBuf(t ir.Type) bool { _, ok := t.(*TileBufType); return ok }
func isPtr(t ir.Type) bool     { _, ok := t.(*PtrType); return ok }

func isView(t ir.Type, k string) bool {
	v, ok := t.(*ViewType)
	return ok && v.Kind == k
}

func isRankedTensor(t ir.Type) bool {
	tt, ok := t.(*ir.TensorType)
	return ok && tt.Ranked
}

func isDpsType(t ir.Type) bool {
	return isRankedTensor(t) || ir.IsMemRef(t) || isView(t, "partition_tensor_view") || isTileBuf(t)
}

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == 0
}

func isScalar(t ir.Type) bool {
	_, f := t.(*ir.FloatType)
	return f || isSignlessInt(t)
}

func isHandle(name string) func(ir.Type) bool {
	return func(t ir.Type) bool { h, ok := t.(*HandleType); return ok && h.Name == name }
}

// isScalarPtrOrMemRef: a !pto.ptr, or a memref in global memory (no
// memory space, #pto.address_space<gm> or the integer space 0).
func isScalarPtrOrMemRef(t ir.Type) bool {
	if isPtr(t) {
		return true
	}
	mt, ok := t.(*ir.MemRefType)
	return ok && (mt.MemSpace == nil || EnumValue(mt.MemSpace, "address_space") == "gm")
}

// attrSpec is one attribute declaration: name:kind[=default|?].
type attrSpec struct {
	name     string
	kind     string
	def      string // DefaultValuedAttr's default ("" none)
	optional bool   // may be absent (optional or default-valued)
}

// parseArgs reads a row's operand or result declarations.
func parseArgs(op, s string) []argSpec {
	var out []argSpec
	for _, f := range strings.Fields(s) {
		a := argSpec{kind: "tile"}
		switch {
		case strings.HasSuffix(f, "?"):
			a.mode, f = ir.OptionalArg, f[:len(f)-1]
		case strings.HasSuffix(f, "*"):
			a.mode, f = ir.Variadic, f[:len(f)-1]
		}
		a.name = f
		if n, k, ok := strings.Cut(f, ":"); ok {
			a.name, a.kind = n, k
		}
		if kinds[a.kind] == nil {
			panic(fmt.Sprintf("pto.%s: operand %s has unknown kind %q", op, a.name, a.kind))
		}
		out = append(out, a)
	}
	return out
}

// attrKinds are the attribute constraints: an enum mnemonic (Enums), or
// one of these.
var attrKinds = map[string]string{
	"i8": "an 8-bit integer", "i32": "a 32-bit integer", "i64": "a 64-bit integer",
	"bool": "a bool", "str": "a string", "sym": "a flat symbol reference",
	"i64s": "an array of 64-bit integers", "config": "#pto.tile_buf_config<...>",
	"pipe_event": "#pto.pipe_event_type<...> or #pto.sync_op_type<...>",
}

func parseAttrs(op, s string) []attrSpec {
	var out []attrSpec
	for _, f := range strings.Fields(s) {
		var a attrSpec
		if strings.HasSuffix(f, "?") {
			a.optional, f = true, f[:len(f)-1]
		}
		if f2, d, ok := strings.Cut(f, "="); ok {
			f, a.def, a.optional = f2, d, true
		}
		n, k, ok := strings.Cut(f, ":")
		if !ok || attrKinds[k] == "" && Enums[k] == nil {
			panic(fmt.Sprintf("pto.%s: attribute %q has no known kind", op, f))
		}
		a.name, a.kind = n, k
		out = append(out, a)
	}
	return out
}

// formatAttr is how the format kit reads and writes an attribute the
// op's format spells.
func (a attrSpec) formatAttr() ir.AttrArg {
	out := ir.AttrArg{Name: a.name, Optional: a.optional}
	switch a.kind {
	case "i8":
		out.Kind, out.Type = ir.AttrInt, ir.I8
	case "i32":
		out.Kind, out.Type = ir.AttrInt, ir.I32
	case "i64":
		out.Kind, out.Type = ir.AttrInt, ir.I64
	case "str":
		out.Kind = ir.AttrString
	default:
		if e := Enums[a.kind]; e != nil && !e.Bare {
			// A concrete PTO attribute class: stripped `<value>` unless
			// the format says qualified.
			out.Kind, out.Class = ir.AttrClass, "pto."+a.kind
		}
	}
	return out
}

// insOutsFormat is the format of a row that lists its ins and outs:
//
//	ins(%a, %b : T, U (, %opt : V)?) outs(%d : T) attr-dict (-> tensor)?
//
// the attribute dictionary inside ins(...) with AttrsInIns.
func (r *row) insOutsFormat() string {
	var b strings.Builder
	t := func(n string) string {
		if a := r.arg(n); a != nil && kinds[a.kind].class == "" {
			return "qualified(type($" + n + "))"
		}
		return "type($" + n + ")"
	}
	var req, opt []string
	for _, n := range r.ins {
		if r.arg(n).mode == ir.OptionalArg {
			opt = append(opt, n)
		} else {
			req = append(req, n)
		}
	}
	b.WriteString("`ins` `(`")
	for i, n := range req {
		if i > 0 {
			b.WriteString(" `,`")
		}
		b.WriteString(" $" + n)
	}
	if r.AttrsInIns {
		b.WriteString(" attr-dict")
	}
	b.WriteString(" `:`")
	for i, n := range req {
		if i > 0 {
			b.WriteString(" `,`")
		}
		b.WriteString(" " + t(n))
	}
	for _, n := range opt {
		b.WriteString(" (`,` $" + n + "^ `:` " + t(n) + ")?")
	}
	b.WriteString(" `)`")
	if len(r.outs) > 0 {
		b.WriteString(" `outs` `(`")
		for i, n := range r.outs {
			if i > 0 {
				b.WriteString(" `,`")
			}
			b.WriteString(" $" + n)
		}
		b.WriteString(" `:`")
		for i, n := range r.outs {
			if i > 0 {
				b.WriteString(" `,`")
			}
			b.WriteString(" " + t(n))
		}
		b.WriteString(" `)`")
	}
	if !r.AttrsInIns {
		b.WriteString(" attr-dict")
	}
	for _, res := range r.results {
		if res.mode == ir.OptionalArg {
			b.WriteString(" (`->` qualified(type($" + res.name + "))^)?")
		}
	}
	return b.String()
}

// syntax is the row's declaration for the format kit.
func (r *row) syntax(format string) ir.OpSyntax {
	s := ir.OpSyntax{SegmentedOperands: r.Segmented, Format: format, InferredResults: r.infer != nil}
	for _, a := range r.args {
		k := kinds[a.kind]
		s.Operands = append(s.Operands, ir.Arg{Name: a.name, Mode: a.mode, Type: k.fixed, Class: k.class})
	}
	for _, a := range r.results {
		k := kinds[a.kind]
		s.Results = append(s.Results, ir.Arg{Name: a.name, Mode: a.mode, Type: k.fixed, Class: k.class})
	}
	for _, a := range r.attrs {
		if strings.Contains(format, "$"+a.name+" ") || strings.Contains(format, "$"+a.name+"^") || strings.HasSuffix(format, "$"+a.name) {
			s.Attrs = append(s.Attrs, a.formatAttr())
		}
	}
	if r.Regions != "" {
		s.Regions = strings.Fields(r.Regions)
	}
	return s
}
