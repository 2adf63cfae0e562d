package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

// Tensors to be bufferized: alloc_tensor, dealloc_tensor and
// materialize_in_destination.

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "bufferization.alloc_tensor", Summary: "a new tensor to bufferize into a fresh buffer",
			Inherent: []string{"memory_space", "operandSegmentSizes"},
			Parse:    parseAllocTensor, Print: printAllocTensor, Verify: verifyAllocTensor,
		},
		&ir.OpDef{
			Name: "bufferization.dealloc_tensor", Summary: "release a tensor's buffer",
			Parse: ir.ParseOperandColonType, Print: ir.PrintOperandColonType,
			Verify: func(op *ir.Operation) error {
				if err := ir.VerifyCounts(op, 1, 0); err != nil {
					return err
				}
				if _, ok := op.Operands[0].Type.(*ir.TensorType); !ok {
					return ir.Errorf(op, "operand #0 must be tensor of any type values, but got '%s'", op.Operands[0].Type)
				}
				return nil
			},
		},
		&ir.OpDef{
			Name: "bufferization.materialize_in_destination", Summary: "store a tensor into a destination",
			Inherent: []string{"restrict", "writable"},
			Effects:  []ir.Effect{{Kind: ir.Read, Operand: 0, Result: -1}, {Kind: ir.Write, Operand: 1, Result: -1}},
			Parse:    parseMaterialize, Print: printMaterialize, Verify: verifyMaterialize,
		},
	)
}

// ---- alloc_tensor ----

// parseAllocTensor reads `(%d, ...) [copy(%t)] [size_hint=%h] attr-dict : T`.
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

func parseMaterialize(p ir.AsmParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("in"); err != nil {
		return err
	}
	for _, kw := range []string{"restrict", "writable"} {
		if p.ParseOptionalKeyword(kw) {
			st.AddAttr(kw, ir.Unit)
		}
	}
	dst, err := p.ParseOperand()
	if err != nil {
		return err
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok || len(ft.Inputs) != 2 {
		return p.Errorf("expected a function type (source, dest) -> result")
	}
	st.Operands = []ir.OperandRef{src, dst}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	return nil
}

func printMaterialize(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(" in ")
	for _, kw := range []string{"restrict", "writable"} {
		if op.HasAttr(kw) {
			p.Write(kw + " ")
		}
	}
	p.Operand(op.Operands[1])
	p.AttrDict(op, "restrict", "writable")
	p.Write(" : ")
	p.Type(ir.Function(ir.ValueTypes(op.Operands), ir.ValueTypes(op.Results)))
}

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
