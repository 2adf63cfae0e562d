package memref

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.load", Summary: "read an element",
			Inherent: []string{"nontemporal", "alignment"},
			Effects:  []ir.Effect{{Kind: ir.Read, Operand: 0, Result: -1}},
			Preds:    []ir.Pred{elementTypeOf("result type matches element type of 'memref'", 0, 0)},
			Verify:   verifyLoadOp,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memref", Kind: ir.MemRefKind, Constraint: ir.AnyMemRefC}, indices},
			Results:  []ir.Arg{{Name: "result", Like: "memref", Derive: elementType}},
			Format:   "$memref `[` $indices `]` attr-dict `:` type($memref)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.store", Summary: "write an element",
			Inherent: []string{"nontemporal", "alignment"},
			Effects:  []ir.Effect{{Kind: ir.Write, Operand: 1, Result: -1}},
			Preds:    []ir.Pred{elementTypeOf("type of 'value' matches element type of 'memref'", -1, 1)},
			Verify:   verifyStoreOp,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "value", Like: "memref", Derive: elementType}, {Name: "memref", Kind: ir.MemRefKind, Constraint: ir.AnyMemRefC}, indices},
			Format:   "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.copy", Summary: "copy one buffer into another",
			Effects: []ir.Effect{{Kind: ir.Read, Operand: 0, Result: -1}, {Kind: ir.Write, Operand: 1, Result: -1}},
			Checks:  []ir.TraitCheck{ir.SameOperandsElementType, ir.SameOperandsShape},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source", Constraint: ir.AnyRankedOrUnrankedMemRefC}, {Name: "target", Constraint: ir.AnyRankedOrUnrankedMemRefC}},
			Format:   "$source `,` $target attr-dict `:` type($source) `to` type($target)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.dim", Summary: "size of a dimension", Traits: ir.Pure,
			VerifyRegions: verifyDimOp,
			NameHint:      hint("dim"),
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source"}, {Name: "index", Type: ir.Index}},
			Results:  []ir.Arg{{Name: "result", Type: ir.Index}},
			Format:   "attr-dict $source `,` $index `:` type($source)",
		}),
	)
}

// indices are the index operands of an access, one per dimension.
var indices = ir.Arg{Name: "indices", Mode: ir.Variadic, Type: ir.Index}

// elementType is a memref's element type (the format reads a memref type
// where it is used).
func elementType(t ir.Type) ir.Type {
	if m, ok := t.(*ir.MemRefType); ok {
		return m.Elem
	}
	return nil
}

// elementTypeOf is ODS's TypesMatchWith<summary, memref, value, element
// type>: the type of result res (or, when res < 0, of operand 0) is the
// element type of operand mem.
func elementTypeOf(summary string, res int, mem int) ir.Pred {
	return ir.Pred{Summary: summary, Holds: func(op *ir.Operation) bool {
		var t ir.Type
		switch {
		case res >= 0 && res < len(op.Results):
			t = op.Results[res].Type
		case res < 0 && len(op.Operands) > 0:
			t = op.Operands[0].Type
		}
		return mem < len(op.Operands) && t == elementType(op.Operands[mem].Type)
	}}
}

// ---- load / store / copy / dim ----

// verifyAlignmentAttr checks an optional alignment property.
func verifyAlignmentAttr(op *ir.Operation) error {
	if a := op.Attr("alignment"); a != nil {
		n, ok := a.(*ir.IntegerAttr)
		if !ok || n.Value <= 0 || n.Value&(n.Value-1) != 0 {
			return ir.Errorf(op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")
		}
	}
	return nil
}

// verifyLoadOp and verifyStoreOp are LoadOp's and StoreOp's verify():
// the declaration has checked the memref, the indices and the element
// type.
func verifyLoadOp(op *ir.Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	mt := op.Operands[0].Type.(*ir.MemRefType)
	if len(op.Operands)-1 != len(mt.Shape) {
		return ir.Errorf(op, "incorrect number of indices for load, expected %d but got %d", len(mt.Shape), len(op.Operands)-1)
	}
	return nil
}

func verifyStoreOp(op *ir.Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	mt := op.Operands[1].Type.(*ir.MemRefType)
	if len(op.Operands)-2 != len(mt.Shape) {
		return ir.Errorf(op, "store index operand count not equal to memref rank")
	}
	return nil
}

func verifyDimOp(op *ir.Operation) error {
	if err := ir.ExpectOperands(op, 2); err != nil {
		return err
	}
	if err := ir.ExpectResults(op, 1); err != nil {
		return err
	}
	if mt, ok := op.Operands[0].Type.(*ir.MemRefType); !ok || mt.Ranked && len(mt.Shape) == 0 {
		return ir.Errorf(op, "operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	if op.Operands[1].Type != ir.Index || op.Results[0].Type != ir.Index {
		return ir.Errorf(op, "index and result must be of index type")
	}
	return nil
}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.prefetch", Summary: "prefetch a cache line",
			Inherent: []string{"isWrite", "localityHint", "isDataCache"},
			Parse:    parsePrefetch, Print: printPrefetch, VerifyRegions: verifyPrefetch,
		},
	)
}

// ---- prefetch ----

func parsePrefetch(p ir.AsmParser, st *ir.OperationState) error {
	m, idx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	word := func(a, b string) (bool, error) {
		if err := p.ParsePunct(","); err != nil {
			return false, err
		}
		loc := p.Loc()
		id, _ := p.ParseOptionalBareId()
		switch id {
		case a:
			return true, nil
		case b:
			return false, nil
		}
		if a == "write" {
			return false, p.ErrorAt(loc, "rw specifier has to be 'read' or 'write'")
		}
		return false, p.ErrorAt(loc, "cache type has to be 'data' or 'instr'")
	}
	isWrite, err := word("write", "read")
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := p.ParseKeyword("locality"); err != nil {
		return err
	}
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	hint, err := p.ParseInteger()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(">"); err != nil {
		return err
	}
	isData, err := word("data", "instr")
	if err != nil {
		return err
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	st.AddAttr("isWrite", ir.Bool(isWrite))
	st.AddAttr("localityHint", ir.Int(hint, ir.I32))
	st.AddAttr("isDataCache", ir.Bool(isData))
	st.Operands = append([]ir.OperandRef{m}, idx...)
	st.OperandTypes = append([]ir.Type{t}, ir.IndexTypes(len(idx))...)
	return nil
}

func boolAttr(op *ir.Operation, name string) bool {
	v, _ := op.IntAttrValue(name)
	return v != 0
}

func printPrefetch(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1:])
	p.Write("], ")
	p.Write(map[bool]string{true: "write", false: "read"}[boolAttr(op, "isWrite")])
	h, _ := op.IntAttrValue("localityHint")
	p.Write(", locality<" + strconv.FormatInt(h, 10) + ">, ")
	p.Write(map[bool]string{true: "data", false: "instr"}[boolAttr(op, "isDataCache")])
	p.AttrDict(op, "isWrite", "localityHint", "isDataCache")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifyPrefetch(op *ir.Operation) error {
	if err := ir.ExpectResults(op, 0); err != nil {
		return err
	}
	if len(op.Operands) == 0 {
		return ir.Errorf(op, "expected a memref operand")
	}
	for _, a := range []string{"isWrite", "isDataCache"} {
		if v, ok := op.Attr(a).(*ir.IntegerAttr); !ok || v.Type != ir.I1 {
			return ir.Errorf(op, "requires attribute '%s'", a)
		}
	}
	mt, ok := op.Operands[0].Type.(*ir.MemRefType)
	if !ok || !mt.Ranked {
		return ir.Errorf(op, "operand #0 must be memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	if h, ok := op.IntAttrValue("localityHint"); !ok || h < 0 || h > 3 {
		return ir.Errorf(op, "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")
	}
	if len(op.Operands)-1 != len(mt.Shape) {
		return ir.Errorf(op, "too few indices")
	}
	return ir.VerifyIndexOperands(op, 1)
}
