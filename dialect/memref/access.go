package memref

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.load", Summary: "read an element",
			Inherent:      []string{"nontemporal", "alignment"},
			Effects:       []ir.Effect{{Kind: ir.Read, Operand: 0, Result: -1}},
			VerifyRegions: verifyLoadOp,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memref", Kind: ir.MemRefKind}, indices},
			Results:  []ir.Arg{{Name: "result", Like: "memref", Derive: elementType}},
			Format:   "$memref `[` $indices `]` attr-dict `:` type($memref)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.store", Summary: "write an element",
			Inherent:      []string{"nontemporal", "alignment"},
			Effects:       []ir.Effect{{Kind: ir.Write, Operand: 1, Result: -1}},
			VerifyRegions: verifyStoreOp,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "value", Like: "memref", Derive: elementType}, {Name: "memref", Kind: ir.MemRefKind}, indices},
			Format:   "$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.copy", Summary: "copy one buffer into another",
			Effects:       []ir.Effect{{Kind: ir.Read, Operand: 0, Result: -1}, {Kind: ir.Write, Operand: 1, Result: -1}},
			VerifyRegions: verifyCopyOp,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source"}, {Name: "target"}},
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

func verifyLoadOp(op *ir.Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	if err := ir.VerifyMemRefOperand(op, 0); err != nil {
		return err
	}
	if mt := op.Operands[0].Type.(*ir.MemRefType); !mt.Ranked {
		return ir.Errorf(op, "operand #0 must be ranked memref, but got '%s'", mt)
	}
	if err := ir.VerifyIndexOperands(op, 1); err != nil {
		return err
	}
	mt := op.Operands[0].Type.(*ir.MemRefType)
	if len(op.Operands)-1 != len(mt.Shape) {
		return ir.Errorf(op, "incorrect number of indices for load, expected %d but got %d", len(mt.Shape), len(op.Operands)-1)
	}
	if len(op.Results) != 1 || op.Results[0].Type != mt.Elem {
		return ir.Errorf(op, "result type must match the memref element type")
	}
	return nil
}

func verifyStoreOp(op *ir.Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	if err := ir.VerifyMemRefOperand(op, 1); err != nil {
		return err
	}
	if mt := op.Operands[1].Type.(*ir.MemRefType); !mt.Ranked {
		return ir.Errorf(op, "operand #1 must be ranked memref, but got '%s'", mt)
	}
	if err := ir.ExpectResults(op, 0); err != nil {
		return err
	}
	mt := op.Operands[1].Type.(*ir.MemRefType)
	if len(op.Operands)-2 != len(mt.Shape) {
		return ir.Errorf(op, "store index operand count not equal to memref rank")
	}
	if op.Operands[0].Type != mt.Elem {
		return ir.Errorf(op, "value type must match the memref element type")
	}
	return ir.VerifyIndexOperands(op, 2)
}

func verifyCopyOp(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 2, 0); err != nil {
		return err
	}
	a, ok1 := op.Operands[0].Type.(*ir.MemRefType)
	b, ok2 := op.Operands[1].Type.(*ir.MemRefType)
	if !ok1 || !ok2 {
		return ir.Errorf(op, "operands must be memrefs")
	}
	if a.Ranked && b.Ranked && !sameStaticShape(a.Shape, b.Shape) {
		return ir.Errorf(op, "requires the same shape for all operands")
	}
	if a.Elem != b.Elem {
		return ir.Errorf(op, "requires the same element type for all operands")
	}
	return nil
}

// sameStaticShape: same rank, and equal sizes where both are static.
func sameStaticShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
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
