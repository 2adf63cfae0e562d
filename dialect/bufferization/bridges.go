package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

// ---- the bridges between tensors and buffers ----

func init() {
	unit := func(name string) ir.AttrArg { return ir.AttrArg{Name: name, Kind: ir.AttrUnit} }
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.to_buffer", Summary: "the buffer behind a tensor",
			VerifyRegions: verifyToBuffer,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "tensor"}},
			Results:  []ir.Arg{{Name: "buffer"}},
			Attrs:    []ir.AttrArg{unit("read_only")},
			Format:   "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.to_tensor", Summary: "a tensor view of a buffer",
			VerifyRegions: verifyToTensor,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "buffer"}},
			Results:  []ir.Arg{{Name: "result"}},
			Attrs:    []ir.AttrArg{unit("restrict"), unit("writable")},
			Format:   "$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.clone", Summary: "a fresh copy of a buffer",
			Traits:        ir.AllocLike,
			Effects:       []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}, {Kind: ir.Read, Operand: 0, Result: -1}},
			VerifyRegions: verifyCloneOp,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "input"}},
			Results:  []ir.Arg{{Name: "output"}},
			Format:   "$input attr-dict `:` type($input) `to` type($output)",
		}),
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
