package memref

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ---- global / get_global ----

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.global", Summary: "a global buffer",
			Traits:   ir.Symbol,
			Inherent: []string{"sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment"},
			Parse:    parseGlobal, Print: printGlobal, Verify: verifyGlobalOp,
		},
		&ir.OpDef{
			Name: "memref.get_global", Summary: "the buffer of a global", Traits: ir.Pure,
			Inherent: []string{"name"},
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				name, err := p.ParseSymbolName()
				if err != nil {
					return err
				}
				st.AddAttr("name", &ir.SymbolRefAttr{Root: name})
				if err := p.ParsePunct(":"); err != nil {
					return err
				}
				t, err := p.ParseType()
				if err != nil {
					return err
				}
				st.ResultTypes = []ir.Type{t}
				return ir.ParseTrailingAttrDict(p, st)
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" " + op.Attr("name").String() + " : ")
				p.Type(op.Results[0].Type)
				p.AttrDict(op, "name")
			},
			Verify:           verifyGetGlobalOp,
			VerifySymbolUses: verifyGetGlobalUses,
		},
	)
}

func parseGlobal(p ir.AsmParser, st *ir.OperationState) error {
	if s, ok := p.ParseOptionalString(); ok {
		st.AddAttr("sym_visibility", ir.Str(s))
	}
	if p.ParseOptionalKeyword("constant") {
		st.AddAttr("constant", ir.Unit)
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", ir.Str(name))
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	if mt, ok := t.(*ir.MemRefType); !ok || !mt.Ranked || !mt.HasStaticShape() {
		return p.ErrorAt(st.Loc, "type should be static shaped memref, but got '%s'", t)
	}
	st.AddAttr("type", &ir.TypeAttr{Type: t})
	if p.ParseOptionalPunct("=") {
		if p.ParseOptionalKeyword("uninitialized") {
			st.AddAttr("initial_value", ir.Unit)
		} else {
			a, err := p.ParseAttribute()
			if err != nil {
				return err
			}
			if d, ok := a.(*ir.DenseElementsAttr); ok && d.Type == nil {
				if mt, ok := t.(*ir.MemRefType); ok {
					d.Type = ir.Tensor(mt.Shape, mt.Elem, nil)
				}
			}
			st.AddAttr("initial_value", a)
		}
	}
	return ir.ParseTrailingAttrDict(p, st)
}

func printGlobal(p ir.AsmPrinter, op *ir.Operation) {
	if vis, ok := op.StrAttrValue("sym_visibility"); ok {
		p.Write(" " + ir.Quote(vis))
	}
	if op.HasAttr("constant") {
		p.Write(" constant")
	}
	name, _ := op.StrAttrValue("sym_name")
	p.Write(" " + ir.FormatSymbol(name) + " : ")
	if ta, ok := op.Attr("type").(*ir.TypeAttr); ok {
		p.Type(ta.Type)
	}
	switch iv := op.Attr("initial_value").(type) {
	case nil:
	case *ir.UnitAttr:
		p.Write(" = uninitialized")
	case *ir.DenseElementsAttr:
		p.Write(" = dense<" + iv.Literal + ">")
	default:
		p.Write(" = ")
		p.Attr(iv)
	}
	p.AttrDict(op, "sym_visibility", "constant", "sym_name", "type", "initial_value")
}

// verifyGlobalOp checks, in mlir-opt's order, the attributes' own
// constraints, the symbol's visibility, then the type and initial value.
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
	case *ir.DenseElementsAttr:
		tt, ok := iv.Type.(*ir.TensorType)
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
	if err := ir.VerifyCounts(op, 0, 1); err != nil {
		return err
	}
	if _, ok := op.Attr("name").(*ir.SymbolRefAttr); !ok {
		return ir.Errorf(op, "requires attribute 'name'")
	}
	return ir.VerifyMemRefResult(op)
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
