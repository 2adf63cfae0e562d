package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

// ---- views ----

func init() {
	ir.Register(
		viewOp("memref.view", "view a byte buffer as a typed buffer", "view", parseView, printView, verifyViewOp),
		viewOp("memref.subview", "a strided window of a buffer", "subview", parseSubView, printSubView, verifySubView,
			"operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"),
		viewOp("memref.reinterpret_cast", "reinterpret a buffer's layout", "reinterpret_cast", parseReinterpretCast, printReinterpretCast, verifyReinterpretCast,
			"operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"),
		viewOp("memref.cast", "cast to a compatible memref type", "cast", ir.ParseCastLike("to", "", "", ""), ir.PrintCastLike("to", "", "", ""), verifyMemRefCast),
		viewOp("memref.memory_space_cast", "move a buffer to another memory space", "memspacecast", ir.ParseCastLike("to", "", "", ""), ir.PrintCastLike("to", "", "", ""), verifyMemRefCast),
	)
}

// viewOp defines a memref view op: pure, its result an alias of its first
// operand, so the analyses follow a buffer through any chain of views.
func viewOp(name, summary, hintName string, parse func(ir.AsmParser, *ir.OperationState) error, print func(ir.AsmPrinter, *ir.Operation), verify func(*ir.Operation) error, inherent ...string) *ir.OpDef {
	return &ir.OpDef{
		Name: name, Summary: summary, Traits: ir.ViewLike | ir.Pure, ViewSource: 0,
		Inherent: inherent, Parse: parse, Print: print, NameHint: hint(hintName),
		Verify: verify,
	}
}

// verifyViewLike checks the one source operand and one result every view
// printer relies on, both memrefs.
func verifyViewLike(op *ir.Operation) error {
	if len(op.Operands) < 1 {
		return ir.Errorf(op, "requires a source operand")
	}
	if err := ir.ExpectResults(op, 1); err != nil {
		return err
	}
	if err := ir.VerifyMemRefOperand(op, 0); err != nil {
		return err
	}
	return ir.VerifyMemRefResult(op)
}

func parseView(p ir.AsmParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	off0, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("]"); err != nil {
		return err
	}
	off := []ir.OperandRef{off0}
	sizes, err := p.ParseOperandList("[")
	if err != nil {
		return err
	}
	if err := ir.ParseCastTail(p, st); err != nil {
		return err
	}
	st.Operands = append([]ir.OperandRef{src, off[0]}, sizes...)
	st.OperandTypes = append(st.OperandTypes, ir.IndexTypes(1+len(sizes))...)
	return nil
}

func printView(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operand(op.Operands[1])
	p.Write("][")
	p.Operands(op.Operands[2:])
	p.Write("]")
	ir.PrintCastTail(p, op)
}

func verifyViewOp(op *ir.Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	if len(op.Operands) < 2 {
		return ir.Errorf(op, "requires a byte shift operand")
	}
	mt := op.Results[0].Type.(*ir.MemRefType)
	// A view reinterprets contiguous bytes: both sides have the identity
	// layout (a strided layout is refused even when it spells the
	// identity), and the view stays in the base's memory space. The
	// messages are MLIR's (emitted without the op-name prefix).
	base, _ := op.Operands[0].Type.(*ir.MemRefType)
	if base != nil && !ir.IsIdentityLayout(base.Layout) {
		return ir.NewError(op.Loc, "unsupported map for base memref type '%s'", base)
	}
	if !ir.IsIdentityLayout(mt.Layout) {
		return ir.NewError(op.Loc, "unsupported map for result memref type '%s'", mt)
	}
	if base != nil && attrText(base.MemSpace) != attrText(mt.MemSpace) {
		return ir.NewError(op.Loc, "different memory spaces specified for base memref type '%s' and view memref type '%s'", base, mt)
	}
	if len(op.Operands)-2 != mt.NumDynamicDims() {
		return ir.Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", len(op.Operands)-2, mt.NumDynamicDims())
	}
	return ir.VerifyIndexOperands(op, 1)
}

// attrText prints an optional attribute ("" when absent).
func attrText(a ir.Attribute) string {
	if a == nil {
		return ""
	}
	return a.String()
}

// ---- mixed static/dynamic index lists ----

// parseMixedList reads [a, %b, 3]: static values with Dynamic placeholders
// for the SSA entries, which are returned separately.
func parseMixedList(p ir.AsmParser) (dyn []ir.OperandRef, static []int64, err error) {
	return ir.ParseDynamicIndexList(p, "[", "]", true)
}

// printMixedList prints [a, %b, 3], the form parseMixedList reads.
func printMixedList(p ir.AsmPrinter, static []int64, dyn []*ir.Value) {
	ir.PrintDynamicIndexList(p, "[", "]", static, dyn)
}

// ---- subview / reinterpret_cast ----

func parseSubView(p ir.AsmParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	return parseOffsetsSizesStrides(p, st, src, nil)
}

// parseOffsetsSizesStrides reads the offsets, sizes and strides of a
// subview or reinterpret_cast (mixed static/dynamic lists, each after its
// key `offset:`, `sizes:`, `strides:` when keys are given), then the cast
// tail, and lays out the operands and their segment sizes.
func parseOffsetsSizesStrides(p ir.AsmParser, st *ir.OperationState, src ir.OperandRef, keys []string) error {
	var dyns [3][]ir.OperandRef
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	for i := range 3 {
		if keys != nil {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			if err := p.ParseKeyword(keys[i]); err != nil {
				return err
			}
			if err := p.ParsePunct(":"); err != nil {
				return err
			}
		}
		d, s, err := parseMixedList(p)
		if err != nil {
			return err
		}
		dyns[i] = d
		st.AddAttr(names[i], ir.I64Array(s...))
	}
	if err := ir.ParseCastTail(p, st); err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{src}
	for i := range 3 {
		st.Operands = append(st.Operands, dyns[i]...)
		st.OperandTypes = append(st.OperandTypes, ir.IndexTypes(len(dyns[i]))...)
	}
	st.AddAttr("operandSegmentSizes", ir.I32Array(1, int64(len(dyns[0])), int64(len(dyns[1])), int64(len(dyns[2]))))
	return nil
}

func printSubView(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	for i, n := range names {
		if i > 0 {
			p.Write(" ")
		}
		printMixedList(p, ir.DenseArrayValues(op, n), op.OperandSegment(i+1))
	}
	ir.PrintCastTail(p, op, append(names, "operandSegmentSizes")...)
}

func parseReinterpretCast(p ir.AsmParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	return parseOffsetsSizesStrides(p, st, src, []string{"offset", "sizes", "strides"})
}

func printReinterpretCast(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(" to ")
	keys := []string{"offset", "sizes", "strides"}
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	for i, n := range names {
		if i > 0 {
			p.Write(", ")
		}
		p.Write(keys[i] + ": ")
		printMixedList(p, ir.DenseArrayValues(op, n), op.OperandSegment(i+1))
	}
	ir.PrintCastTail(p, op, append(names, "operandSegmentSizes")...)
}

// ---- cast / memory_space_cast ----

func verifyMemRefCast(op *ir.Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	if err := ir.ExpectOperands(op, 1); err != nil {
		return err
	}
	a := op.Operands[0].Type.(*ir.MemRefType)
	b := op.Results[0].Type.(*ir.MemRefType)
	if op.Name == "memref.cast" && !castCompatible(a, b) || a.Elem != b.Elem {
		return ir.Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", a, b)
	}
	return nil
}
