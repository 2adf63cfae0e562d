package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

// Tensors to be bufferized: alloc_tensor, dealloc_tensor and
// materialize_in_destination.

func init() {
	ir.Register(
		ir.Declare(&ir.OpDef{
			Name: "bufferization.alloc_tensor", Summary: "a new tensor to bufferize into a fresh buffer",
			Inherent: []string{"memory_space", "operandSegmentSizes"},
			Parse:    parseAllocTensor, Print: printAllocTensor, Verify: verifyAllocTensor,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "dynamic_sizes", Mode: ir.Variadic, Type: ir.Index},
				{Name: "copy", Mode: ir.OptionalArg, Constraint: ir.TensorOf()},
				{Name: "size_hint", Mode: ir.OptionalArg, Type: ir.Index}},
			Results:           []ir.Arg{{Name: "result", Constraint: ir.TensorOf()}},
			Attrs:             []ir.AttrArg{{Name: "memory_space", Optional: true}},
			SegmentedOperands: true,
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.dealloc_tensor", Summary: "release a tensor's buffer",
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "tensor", Constraint: ir.TensorOf(), Kind: ir.TensorKind}},
			Format:   "$tensor attr-dict `:` type($tensor)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.materialize_in_destination", Summary: "store a tensor into a destination",
			Effects: []ir.Effect{{Kind: ir.Read, Operand: 0, Result: -1}, {Kind: ir.Write, Operand: 1, Result: -1}},
			Preds:   []ir.Pred{ir.AllElementTypesMatch("source", "dest")},
			Verify:  verifyMaterialize,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source", Constraint: ir.TensorOf()}, {Name: "dest", Constraint: ir.AnyShapedC}},
			Results:  []ir.Arg{{Name: "result", Mode: ir.OptionalArg, Constraint: ir.TensorOf()}},
			Attrs:    []ir.AttrArg{{Name: "restrict", Kind: ir.AttrUnit}, {Name: "writable", Kind: ir.AttrUnit}},
			Format:   "$source `in` (`restrict` $restrict^)? (`writable` $writable^)? $dest attr-dict `:` functional-type(operands, results)",
		}),
	)
}

// ---- alloc_tensor ----

// parseAllocTensor reads `(%d, ...) [copy(%t)] [size_hint=%h] attr-dict : T`
// (hand-written upstream too).
func parseAllocTensor(p ir.AsmParser, st *ir.OperationState) error {
	dyn, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	var cp, hint []ir.OperandRef
	if p.ParseOptionalKeyword("copy") {
		if cp, err = p.ParseOperandList("("); err != nil {
			return err
		}
	}
	if p.ParseOptionalKeyword("size_hint") {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		h, err := p.ParseOperand()
		if err != nil {
			return err
		}
		hint = []ir.OperandRef{h}
	}
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	// The result is read as a TensorType, as upstream's parser reads it.
	loc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	if !ir.TensorKind.Is(t) {
		return p.ErrorAt(loc, "invalid kind of type specified")
	}
	st.Operands = append(append(append(st.Operands, dyn...), cp...), hint...)
	st.OperandTypes = ir.IndexTypes(len(dyn))
	for range cp {
		st.OperandTypes = append(st.OperandTypes, t)
	}
	st.OperandTypes = append(st.OperandTypes, ir.IndexTypes(len(hint))...)
	st.ResultTypes = []ir.Type{t}
	st.AddAttr("operandSegmentSizes", ir.I32Array(int64(len(dyn)), int64(len(cp)), int64(len(hint))))
	return nil
}

func printAllocTensor(p ir.AsmPrinter, op *ir.Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 {
		return
	}
	p.Write("(")
	p.Operands(op.OperandSegment(0))
	p.Write(")")
	if seg[1] > 0 {
		p.Write(" copy(")
		p.Operands(op.OperandSegment(1))
		p.Write(")")
	}
	if seg[2] > 0 {
		p.Write(" size_hint=")
		p.Operands(op.OperandSegment(2))
	}
	p.AttrDict(op, "operandSegmentSizes")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

// verifyAllocTensor is the op's own verifier; the declaration checked the
// segments and the types. Its first and last messages are not prefixed
// with the op's name, as mlir-opt's are not.
func verifyAllocTensor(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	if seg[1] == 1 && seg[0] > 0 {
		return ir.NewError(op.Loc, "dynamic sizes not needed when copying a tensor")
	}
	nDyn := 0
	if t, ok := op.Results[0].Type.(*ir.TensorType); ok && t.Ranked {
		for _, d := range t.Shape {
			if d == ir.Dynamic {
				nDyn++
			}
		}
	}
	if seg[1] == 0 && seg[0] != nDyn {
		return ir.Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", seg[0], nDyn)
	}
	if seg[1] == 1 && op.OperandSegment(1)[0].Type != op.Results[0].Type {
		return ir.NewError(op.Loc, "expected that `copy` and return type match")
	}
	return nil
}

// ---- materialize_in_destination ----

// verifyMaterialize is the op's own verifier, in mlir-opt's order: the
// kind of destination, the results it implies, the attributes only a
// memref destination takes, then the shapes.
func verifyMaterialize(op *ir.Operation) error {
	src, dst := op.Operands[0].Type, op.Operands[1].Type
	_, dstTensor := dst.(*ir.TensorType)
	dstMemRef := ir.IsMemRef(dst)
	if !dstTensor && !dstMemRef {
		return ir.Errorf(op, "'dest' must be a tensor or a memref")
	}
	if dstTensor {
		if len(op.Results) != 1 {
			return ir.Errorf(op, "tensor 'dest' implies exactly one tensor result")
		}
		if op.Results[0].Type != dst {
			return ir.Errorf(op, "result and 'dest' types must match")
		}
	}
	if dstMemRef && len(op.Results) != 0 {
		return ir.Errorf(op, "memref 'dest' implies zero results")
	}
	if op.HasAttr("restrict") && !dstMemRef {
		return ir.Errorf(op, "'restrict' is valid only for memref destinations")
	}
	if op.HasAttr("writable") != dstMemRef {
		return ir.Errorf(op, "'writable' must be specified if and only if the destination is of memref type")
	}
	srcShape, _, srcRanked := ir.ShapeOf(src)
	dstShape, _, dstRanked := ir.ShapeOf(dst)
	if srcRanked != dstRanked {
		return ir.Errorf(op, "source/destination shapes are incompatible")
	}
	if srcRanked {
		if len(srcShape) != len(dstShape) {
			return ir.Errorf(op, "rank mismatch between source and destination shape")
		}
		for i := range srcShape {
			if srcShape[i] != ir.Dynamic && dstShape[i] != ir.Dynamic && srcShape[i] != dstShape[i] {
				return ir.Errorf(op, "source/destination shapes are incompatible")
			}
		}
	}
	return nil
}
