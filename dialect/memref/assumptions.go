package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.assume_alignment", Summary: "assert a buffer's alignment",
			Traits: ir.Pure | ir.ViewLike, ViewSource: 0,
			Checks:   []ir.TraitCheck{ir.SameOperandsAndResultType},
			Verify:   verifyAssumeAlignment,
			NameHint: hint("assume_align"),
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memref", Kind: ir.MemRefKind, Constraint: ir.AnyMemRefC}},
			Results:  []ir.Arg{{Name: "result", Like: "memref", Constraint: ir.AnyMemRefC}},
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

// verifyAssumeAlignment is AssumeAlignmentOp's verify() with the
// constraint of its alignment attribute.
func verifyAssumeAlignment(op *ir.Operation) error {
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
