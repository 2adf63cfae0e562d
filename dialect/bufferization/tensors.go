package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

// Tensors to be bufferized: alloc_tensor, dealloc_tensor and
// materialize_in_destination.

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "bufferization.alloc_tensor", Summary: "a new tensor to bufferize into a fresh buffer",
			Inherent: []string{"memory_space", "operandSegmentSizes"},
			Parse:    parseAllocTensor, Print: printAllocTensor, VerifyRegions: verifyAllocTensor,
		},
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.dealloc_tensor", Summary: "release a tensor's buffer",
			VerifyRegions: func(op *ir.Operation) error {
				if err := ir.VerifyCounts(op, 1, 0); err != nil {
					return err
				}
				if _, ok := op.Operands[0].Type.(*ir.TensorType); !ok {
					return ir.Errorf(op, "operand #0 must be tensor of any type values, but got '%s'", op.Operands[0].Type)
				}
				return nil
			},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "tensor"}},
			Format:   "$tensor attr-dict `:` type($tensor)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.materialize_in_destination", Summary: "store a tensor into a destination",
			Effects:       []ir.Effect{{Kind: ir.Read, Operand: 0, Result: -1}, {Kind: ir.Write, Operand: 1, Result: -1}},
			VerifyRegions: verifyMaterialize,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source"}, {Name: "dest"}},
			Results:  []ir.Arg{{Name: "result", Mode: ir.OptionalArg}},
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
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
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

func verifyAllocTensor(op *ir.Operation) error {
	seg, err := ir.VerifySegments(op, 3, true)
	if err != nil {
		return err
	}
	if len(op.Results) != 1 {
		return ir.Errorf(op, "requires one result")
	}
	t, ok := op.Results[0].Type.(*ir.TensorType)
	if !ok || !t.Ranked {
		return ir.Errorf(op, "result #0 must be ranked tensor of any type values, but got '%s'", op.Results[0].Type)
	}
	if seg[1] > 1 || seg[2] > 1 {
		return ir.Errorf(op, "expected at most one copy and one size hint")
	}
	if seg[1] == 1 && seg[0] > 0 {
		return ir.Errorf(op, "dynamic sizes not needed when copying a tensor")
	}
	nDyn := 0
	for _, d := range t.Shape {
		if d == ir.Dynamic {
			nDyn++
		}
	}
	if seg[1] == 0 && seg[0] != nDyn {
		return ir.Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", seg[0], nDyn)
	}
	if seg[1] == 1 && op.OperandSegment(1)[0].Type != op.Results[0].Type {
		return ir.Errorf(op, "expected that `copy` and return types match")
	}
	return nil
}

// ---- materialize_in_destination ----

func verifyMaterialize(op *ir.Operation) error {
	if len(op.Operands) != 2 || len(op.Results) > 1 {
		return ir.Errorf(op, "requires a source and a destination")
	}
	src, dst := op.Operands[0].Type, op.Operands[1].Type
	if _, ok := src.(*ir.TensorType); !ok {
		return ir.Errorf(op, "operand #0 must be tensor of any type values, but got '%s'", src)
	}
	if elemOf(src) != elemOf(dst) {
		return ir.Errorf(op, "failed to verify that all of {source, dest} have same element type")
	}
	_, dstTensor := dst.(*ir.TensorType)
	if dstTensor {
		if op.HasAttr("restrict") {
			return ir.Errorf(op, "'restrict' is valid only for memref destinations")
		}
		if op.HasAttr("writable") {
			return ir.Errorf(op, "'writable' must be specified if and only if the destination is of memref type")
		}
		if len(op.Results) != 1 || op.Results[0].Type != dst {
			return ir.Errorf(op, "failed to verify that all of {dest, result} have same type")
		}
		return nil
	}
	if !ir.IsMemRef(dst) {
		return ir.Errorf(op, "operand #1 must be ranked tensor or ranked memref, but got '%s'", dst)
	}
	if !op.HasAttr("writable") {
		return ir.Errorf(op, "'writable' must be specified if and only if the destination is of memref type")
	}
	if len(op.Results) != 0 {
		return ir.Errorf(op, "failed to verify that all of {dest, result} have same type")
	}
	return nil
}

// elemOf is the element type of a shaped type, or nil.
func elemOf(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.TensorType:
		return t.Elem
	case *ir.MemRefType:
		return t.Elem
	case *ir.VectorType:
		return t.Elem
	}
	return nil
}
