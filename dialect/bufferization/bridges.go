package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

// ---- the bridges between tensors and buffers ----

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "bufferization.to_buffer", Summary: "the buffer behind a tensor",
			Inherent: []string{"read_only"},
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []ir.OperandRef{r}
				if p.ParseOptionalKeyword("read_only") {
					st.AddAttr("read_only", ir.Unit)
				}
				return ir.ParseCastTail(p, st)
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				if op.HasAttr("read_only") {
					p.Write(" read_only")
				}
				ir.PrintCastTail(p, op, "read_only")
			},
			Verify: verifyToBuffer,
		},
		&ir.OpDef{
			Name: "bufferization.to_tensor", Summary: "a tensor view of a buffer",
			Inherent: []string{"restrict", "writable"},
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []ir.OperandRef{r}
				for _, kw := range []string{"restrict", "writable"} {
					if p.ParseOptionalKeyword(kw) {
						st.AddAttr(kw, ir.Unit)
					}
				}
				return ir.ParseCastTail(p, st)
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				for _, kw := range []string{"restrict", "writable"} {
					if op.HasAttr(kw) {
						p.Write(" " + kw)
					}
				}
				ir.PrintCastTail(p, op, "restrict", "writable")
			},
			Verify: verifyToTensor,
		},
		&ir.OpDef{
			Name: "bufferization.clone", Summary: "a fresh copy of a buffer",
			Traits:  ir.AllocLike,
			Effects: []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}, {Kind: ir.Read, Operand: 0, Result: -1}},
			Parse:   ir.ParseCastLike("to", "", "", ""),
			Print:   ir.PrintCastLike("to", "", "", ""),
			Verify:  verifyCloneOp,
		},
	)
}

func verifyToBuffer(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 1, 1); err != nil {
		return err
	}
	if _, ok := op.Operands[0].Type.(*ir.TensorType); !ok {
		return ir.Errorf(op, "operand #0 must be a tensor, but got '%s'", op.Operands[0].Type)
	}
	return ir.VerifyMemRefResult(op)
}

func verifyToTensor(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 1, 1); err != nil {
		return err
	}
	if err := ir.VerifyMemRefOperand(op, 0); err != nil {
		return err
	}
	if _, ok := op.Results[0].Type.(*ir.TensorType); !ok {
		return ir.Errorf(op, "result #0 must be a tensor, but got '%s'", op.Results[0].Type)
	}
	return nil
}

func verifyCloneOp(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 1, 1); err != nil {
		return err
	}
	if err := ir.VerifyMemRefOperand(op, 0); err != nil {
		return err
	}
	return ir.VerifyMemRefResult(op)
}
