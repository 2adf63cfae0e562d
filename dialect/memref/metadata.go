package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

// ---- extract_aligned_pointer_as_index / extract_strided_metadata ----

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.extract_aligned_pointer_as_index", Summary: "the aligned base pointer as an index", Traits: ir.Pure,
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []ir.OperandRef{r}
				t, rt, err := ir.ParseTypePair(p, st, "->")
				if err != nil {
					return err
				}
				st.OperandTypes = []ir.Type{t}
				st.ResultTypes = []ir.Type{rt}
				return nil
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				p.AttrDict(op)
				p.Write(" : ")
				p.Type(op.Operands[0].Type)
				p.Write(" -> ")
				p.Type(op.Results[0].Type)
			},
			Verify:   verifyOneToOne,
			NameHint: hint("intptr"),
		},
		&ir.OpDef{
			Name: "memref.extract_strided_metadata", Summary: "base buffer, offset, sizes and strides", Traits: ir.Pure | ir.ViewLike,
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []ir.OperandRef{r}
				t, err := ir.ParseColonType(p, st)
				if err != nil {
					return err
				}
				if err := p.ParsePunct("->"); err != nil {
					return err
				}
				ts, err := p.ParseTypeList()
				if err != nil {
					return err
				}
				st.OperandTypes = []ir.Type{t}
				st.ResultTypes = ts
				return nil
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				p.AttrDict(op)
				p.Write(" : ")
				p.Type(op.Operands[0].Type)
				p.Write(" -> ")
				p.Types(ir.ValueTypes(op.Results))
			},
			Verify: verifyExtractStridedMetadata,
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
		},
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
		&ir.OpDef{
			Name: "memref.rank", Summary: "the rank of a buffer", Traits: ir.Pure,
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				if err := ir.ParseOperandColonType(p, st); err != nil {
					return err
				}
				st.ResultTypes = []ir.Type{ir.Index}
				return nil
			},
			Print: ir.PrintOperandColonType,
			Verify: func(op *ir.Operation) error {
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
		},
	)
}
