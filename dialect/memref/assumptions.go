package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.assume_alignment", Summary: "assert a buffer's alignment",
			Traits: ir.Pure | ir.ViewLike, ViewSource: 0,
			VerifyRegions: verifyAssumeAlignment,
			NameHint:      hint("assume_align"),
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memref", Kind: ir.MemRefKind}},
			Results:  []ir.Arg{{Name: "result", Like: "memref"}},
			Attrs:    []ir.AttrArg{{Name: "alignment", Kind: ir.AttrInt, Type: ir.I32}},
			Format:   "$memref `,` $alignment attr-dict `:` type($memref)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.distinct_objects", Summary: "assert buffers do not alias", Traits: ir.Pure,
			VerifyRegions: verifyDistinctObjects,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "operands", Mode: ir.Variadic}},
			Results:  []ir.Arg{{Name: "results", Mode: ir.Variadic, Like: "operands"}},
			Format:   "$operands attr-dict `:` type($operands)",
		}),
	)
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
