package memref

import (
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ---- global / get_global ----

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.global", Summary: "a global buffer",
			Traits:        ir.Symbol,
			Inherent:      []string{"sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment"},
			VerifyRegions: verifyGlobalOp,
		}, ir.OpSyntax{
			Attrs: []ir.AttrArg{
				{Name: "sym_visibility", Kind: ir.AttrString, Optional: true},
				{Name: "constant", Kind: ir.AttrUnit},
				{Name: "sym_name", Kind: ir.AttrSymbolName},
				{Name: "type", Kind: ir.AttrTypeValue},
				{Name: "initial_value", Optional: true},
			},
			Directives: map[string]*ir.Directive{"GlobalMemrefOpTypeAndInitialValue": globalTypeAndInitialValue},
			Format:     "($sym_visibility^)? (`constant` $constant^)? $sym_name `:` custom<GlobalMemrefOpTypeAndInitialValue>($type, $initial_value) attr-dict",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.get_global", Summary: "the buffer of a global", Traits: ir.Pure,
			VerifyRegions:    verifyGetGlobalOp,
			VerifySymbolUses: verifyGetGlobalUses,
		}, ir.OpSyntax{
			Results: []ir.Arg{{Name: "result", Kind: ir.MemRefKind, Constraint: ir.StaticShapeMemRefOf()}},
			Attrs:   []ir.AttrArg{{Name: "name", Kind: ir.AttrSymbol}},
			Format:  "$name `:` type($result) attr-dict",
		}),
	)
}

// globalTypeAndInitialValue reads and prints a global's `type [=
// initial-value]`: `uninitialized`, or an elements attribute whose type
// (the memref's as a tensor) may be left out.
var globalTypeAndInitialValue = &ir.Directive{
	Parse: func(p ir.AsmParser, d *ir.DirectiveParse) error {
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		mt, ok := t.(*ir.MemRefType)
		if !ok || !mt.Ranked || !mt.HasStaticShape() {
			return p.ErrorAt(d.OpLoc(), "type should be static shaped memref, but got '%s'", t)
		}
		d.SetAttr(0, &ir.TypeAttr{Type: t})
		if !p.ParseOptionalPunct("=") {
			return nil
		}
		if p.ParseOptionalKeyword("uninitialized") {
			d.SetAttr(1, ir.Unit)
			return nil
		}
		a, err := p.ParseAttribute()
		if err != nil {
			return err
		}
		// The elements' type, left out, is the memref's as a tensor.
		switch e := a.(type) {
		case *ir.DenseElementsAttr:
			if e.Type == nil {
				e.Type = ir.Tensor(mt.Shape, mt.Elem, nil)
			}
		case *ir.RawAttr:
			if e.IsElements() && e.Type == nil {
				e.Type = ir.Tensor(mt.Shape, mt.Elem, nil)
				e.Text += " : " + e.Type.String()
			}
		}
		d.SetAttr(1, a)
		return nil
	},
	Print: func(p ir.AsmPrinter, d ir.DirectivePrint) {
		var mt *ir.MemRefType
		if ta, ok := d.Attr(0).(*ir.TypeAttr); ok {
			p.Type(ta.Type)
			mt, _ = ta.Type.(*ir.MemRefType)
		}
		switch iv := d.Attr(1).(type) {
		case nil:
		case *ir.UnitAttr:
			p.Write(" = uninitialized")
		case *ir.DenseElementsAttr:
			p.Write(" = dense<" + iv.Literal + ">")
		case *ir.RawAttr:
			// An elements attribute of the memref's type is printed without
			// it, as mlir-opt prints it; another type is spelled.
			text := iv.Text
			if iv.IsElements() && mt != nil && iv.Type == ir.Tensor(mt.Shape, mt.Elem, nil) {
				text = strings.TrimSuffix(text, " : "+iv.Type.String())
			}
			p.Write(" = " + text)
		default:
			p.Write(" = ")
			p.Attr(iv)
		}
	},
}

func verifyGlobalOp(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 0, 0); err != nil {
		return err
	}
	if _, ok := op.StrAttrValue("sym_name"); !ok {
		return ir.Errorf(op, "requires attribute 'sym_name'")
	}
	if a := op.Attr("alignment"); a != nil {
		n, ok := a.(*ir.IntegerAttr)
		if !ok || n.Value <= 0 || n.Value&(n.Value-1) != 0 {
			return ir.Errorf(op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")
		}
	}
	if vis := op.Attr("sym_visibility"); vis != nil {
		s, ok := vis.(*ir.StringAttr)
		if !ok {
			return ir.Errorf(op, "requires a string 'sym_visibility'")
		}
		if s.Value != "public" && s.Value != "private" && s.Value != "nested" {
			return ir.Errorf(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", ir.Quote(s.Value))
		}
	}
	ta, _ := op.Attr("type").(*ir.TypeAttr)
	var mt *ir.MemRefType
	if ta != nil {
		mt, _ = ta.Type.(*ir.MemRefType)
	}
	if mt == nil || !mt.Ranked || !mt.HasStaticShape() {
		if ta == nil {
			return ir.Errorf(op, "type should be static shaped memref")
		}
		return ir.Errorf(op, "type should be static shaped memref, but got '%s'", ta.Type)
	}
	switch iv := op.Attr("initial_value").(type) {
	case nil, *ir.UnitAttr:
	case *ir.DenseElementsAttr, *ir.RawAttr:
		et, _ := ir.ElementsType(iv)
		tt, ok := et.(*ir.TensorType)
		if !ok {
			return ir.Errorf(op, "initial value should be a unit or elements attribute, but got %s", iv)
		}
		if tt.Elem != mt.Elem {
			return ir.Errorf(op, "initial value element expected to be of type '%s', but was of type '%s'", mt.Elem, tt.Elem)
		}
		if !slices.Equal(tt.Shape, mt.Shape) {
			return ir.Errorf(op, "initial value shape expected to be %s but was %s", shapeText(mt.Shape), shapeText(tt.Shape))
		}
	default:
		return ir.Errorf(op, "initial value should be a unit or elements attribute, but got %s", iv)
	}
	return nil
}

func verifyGetGlobalOp(op *ir.Operation) error {
	if _, ok := op.Attr("name").(*ir.SymbolRefAttr); !ok {
		return ir.Errorf(op, "requires attribute 'name'")
	}
	return nil
}

// verifyGetGlobalUses checks the global exists in the nearest enclosing
// symbol table and has the result's type.
func verifyGetGlobalUses(op *ir.Operation, symbols ir.Symbols) error {
	ref := op.Attr("name").(*ir.SymbolRefAttr) // checked by the op's verifier
	if len(ref.Nested) > 0 {
		return nil
	}
	g := symbols[ref.Root]
	if g == nil || g.Name != "memref.global" {
		return ir.Errorf(op, "'%s' does not reference a valid global memref", ref.Root)
	}
	if ta, ok := g.Attr("type").(*ir.TypeAttr); ok && ta.Type != op.Results[0].Type {
		return ir.Errorf(op, "result type '%s' does not match type '%s' of the global memref %s", op.Results[0].Type, ta.Type, ir.FormatSymbol(ref.Root))
	}
	return nil
}
