package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

// ---- extract_aligned_pointer_as_index / extract_strided_metadata ----

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.extract_aligned_pointer_as_index", Summary: "the aligned base pointer as an index", Traits: ir.Pure,
			VerifyRegions: verifyOneToOne,
			NameHint:      hint("intptr"),
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source", Constraint: ir.AnyRankedOrUnrankedMemRefC}},
			Results:  []ir.Arg{{Name: "aligned_pointer", Type: ir.Index}},
			Format:   "$source `:` type($source) `->` type(results) attr-dict",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.extract_strided_metadata", Summary: "base buffer, offset, sizes and strides", Traits: ir.Pure | ir.ViewLike,
			VerifyRegions: verifyExtractStridedMetadata,
			NameHint: func(op *ir.Operation) []string {
				names := []string{"base_buffer", "offset"}
				n := (len(op.Results) - 2) / 2
				for i := 0; i < n; i++ {
					names = append(names, "sizes")
				}
				for i := 0; i < n; i++ {
					names = append(names, "strides")
				}
				return names
			},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source", Kind: ir.MemRefKind}},
			// The sizes and strides, as many of each (upstream's
			// SameVariadicResultSize), are declared as one list.
			Results: []ir.Arg{{Name: "base_buffer"}, {Name: "offset"}, {Name: "sizes_and_strides", Mode: ir.Variadic}},
			Format:  "$source `:` type($source) `->` type(results) attr-dict",
		}),
	)
}

func verifyOneToOne(op *ir.Operation) error { return ir.VerifyCounts(op, 1, 1) }

func verifyExtractStridedMetadata(op *ir.Operation) error {
	if err := ir.ExpectOperands(op, 1); err != nil {
		return err
	}
	mt, ok := op.Operands[0].Type.(*ir.MemRefType)
	if !ok || !mt.Ranked {
		return ir.Errorf(op, "operand #0 must be a ranked memref")
	}
	if want := 2 + 2*len(mt.Shape); len(op.Results) != want {
		return ir.Errorf(op, "requires %d results, but found %d", want, len(op.Results))
	}
	return nil
}

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.rank", Summary: "the rank of a buffer", Traits: ir.Pure,
			VerifyRegions: func(op *ir.Operation) error {
				if err := ir.VerifyCounts(op, 1, 1); err != nil {
					return err
				}
				if !ir.IsMemRef(op.Operands[0].Type) {
					return ir.Errorf(op, "operand #0 must be ranked or unranked memref of any type values, but got '%s'", op.Operands[0].Type)
				}
				if op.Results[0].Type != ir.Index {
					return ir.Errorf(op, "result #0 must be index, but got '%s'", op.Results[0].Type)
				}
				return nil
			},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memref"}},
			Results:  []ir.Arg{{Name: "result", Type: ir.Index}},
			Format:   "$memref attr-dict `:` type($memref)",
		}),
	)
}
