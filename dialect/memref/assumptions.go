package memref

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.assume_alignment", Summary: "assert a buffer's alignment",
			Traits: ir.Pure | ir.ViewLike, ViewSource: 0,
			Inherent: []string{"alignment"},
			Parse:    parseAssumeAlignment, Print: printAssumeAlignment, Verify: verifyAssumeAlignment,
			NameHint: hint("assume_align"),
		},
		&ir.OpDef{
			Name: "memref.distinct_objects", Summary: "assert buffers do not alias", Traits: ir.Pure,
			Parse: parseDistinctObjects, Print: printDistinctObjects, Verify: verifyDistinctObjects,
		},
	)
}

// ---- assume_alignment ----

func parseAssumeAlignment(p ir.AsmParser, st *ir.OperationState) error {
	m, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("alignment", ir.Int(n, ir.I32))
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{m}
	st.OperandTypes = []ir.Type{t}
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printAssumeAlignment(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	n, _ := op.IntAttrValue("alignment")
	p.Write(", " + strconv.FormatInt(n, 10))
	p.AttrDict(op, "alignment")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifyAssumeAlignment(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 1, 1); err != nil {
		return err
	}
	if err := ir.VerifyMemRefOperand(op, 0); err != nil {
		return err
	}
	n, ok := op.IntAttrValue("alignment")
	if !ok {
		return ir.Errorf(op, "requires attribute 'alignment'")
	}
	if n <= 0 {
		return ir.Errorf(op, "attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive")
	}
	if n&(n-1) != 0 {
		return ir.Errorf(op, "alignment must be power of 2")
	}
	if op.Results[0].Type != op.Operands[0].Type {
		return ir.Errorf(op, "failed to verify that all of {memref, result} have same type")
	}
	return nil
}

// ---- distinct_objects ----

func parseDistinctObjects(p ir.AsmParser, st *ir.OperationState) error {
	refs, err := p.ParseOperandList("")
	if err != nil {
		return err
	}
	st.Operands = refs
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(refs) {
		return p.Errorf("expected %d types, got %d", len(refs), len(ts))
	}
	st.OperandTypes = ts
	st.ResultTypes = ts
	return nil
}

func printDistinctObjects(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	p.AttrDict(op)
	p.Write(" : ")
	p.Types(ir.ValueTypes(op.Operands))
}

func verifyDistinctObjects(op *ir.Operation) error {
	if len(op.Operands) == 0 {
		return ir.Errorf(op, "expected at least one operand")
	}
	if len(op.Operands) != len(op.Results) {
		return ir.Errorf(op, "operands and results count mismatch")
	}
	for i, v := range op.Operands {
		if !ir.IsMemRef(v.Type) {
			return ir.Errorf(op, "operand #%d must be variadic of ranked or unranked memref of any type values, but got '%s'", i, v.Type)
		}
		if v.Type != op.Results[i].Type {
			return ir.Errorf(op, "operand types and result types must match")
		}
	}
	return nil
}
