package memref

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ---- alloc / alloca / dealloc ----

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.alloc", Summary: "heap allocation of a buffer",
			Traits:   ir.AllocLike | ir.HeapAllocation,
			Inherent: []string{"alignment", "operandSegmentSizes"},
			Effects:  []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}},
			Parse:    parseAlloc, Print: printAlloc, Verify: verifyAllocOp, NameHint: hint("alloc"),
		},
		&ir.OpDef{
			Name: "memref.alloca", Summary: "stack allocation of a buffer",
			Traits:   ir.AllocLike,
			Inherent: []string{"alignment", "operandSegmentSizes"},
			Effects:  []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}},
			Parse:    parseAlloc, Print: printAlloc, Verify: verifyAllocOp, NameHint: hint("alloca"),
		},
		&ir.OpDef{
			Name: "memref.dealloc", Summary: "free a heap buffer",
			Traits:  ir.FreeLike,
			Effects: []ir.Effect{{Kind: ir.Free, Operand: 0, Result: -1}},
			Parse:   ir.ParseOperandColonType,
			Print:   ir.PrintOperandColonType,
			Verify: func(op *ir.Operation) error {
				if err := ir.VerifyCounts(op, 1, 0); err != nil {
					return err
				}
				return ir.VerifyMemRefOperand(op, 0)
			},
		},
	)
}

func parseAlloc(p ir.AsmParser, st *ir.OperationState) error {
	dyn, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	var sym []ir.OperandRef
	if p.PeekPunct("[") {
		if sym, err = p.ParseOperandList("["); err != nil {
			return err
		}
	}
	// LLVM main prints the alignment as a property keyword.
	if p.ParseOptionalKeyword("alignment") {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("alignment", ir.Int(n, ir.I64))
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	st.Operands = append(dyn, sym...)
	st.OperandTypes = append(st.OperandTypes, ir.IndexTypes(len(st.Operands))...)
	st.ResultTypes = []ir.Type{t}
	st.AddAttr("operandSegmentSizes", ir.I32Array(int64(len(dyn)), int64(len(sym))))
	return nil
}

func printAlloc(p ir.AsmPrinter, op *ir.Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	nDyn := len(op.Operands)
	if len(seg) == 2 {
		nDyn = seg[0]
	}
	p.Write("(")
	p.Operands(op.Operands[:nDyn])
	p.Write(")")
	if nDyn < len(op.Operands) {
		p.Write("[")
		p.Operands(op.Operands[nDyn:])
		p.Write("]")
	}
	if p.AllocAlignmentProperty() {
		if a, ok := op.IntAttrValue("alignment"); ok {
			p.Write(" alignment = " + strconv.FormatInt(a, 10))
		}
		p.AttrDict(op, "operandSegmentSizes", "alignment")
	} else {
		p.AttrDict(op, "operandSegmentSizes")
	}
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

// layoutSymbols counts the symbols of a layout's affine map: the `?`
// offset and strides of a strided layout, the `[s0, ...]` of an
// affine_map; -1 when the map's text cannot be read.
func layoutSymbols(layout ir.Attribute) int {
	switch l := layout.(type) {
	case nil:
		return 0
	case *ir.StridedLayoutAttr:
		n := 0
		if l.Offset == ir.Dynamic {
			n++
		}
		for _, s := range l.Strides {
			if s == ir.Dynamic {
				n++
			}
		}
		return n
	case *ir.RawAttr:
		if !l.IsAffineMap() {
			return 0
		}
		body := strings.TrimPrefix(l.Text, "affine_map<")
		dims, _, ok := strings.Cut(body, "->")
		if !ok {
			return -1
		}
		open := strings.Index(dims, "[")
		if open < 0 {
			return 0
		}
		syms := strings.TrimSpace(strings.Trim(dims[open:], "[] "))
		if syms == "" {
			return 0
		}
		return strings.Count(syms, ",") + 1
	}
	return 0
}

func verifyAllocOp(op *ir.Operation) error {
	if err := ir.VerifyMemRefResult(op); err != nil {
		return err
	}
	if op.Name == "memref.alloca" {
		scoped := false
		for p := op.ParentOp(); p != nil && !scoped; p = p.ParentOp() {
			scoped = p.Has(ir.AutomaticAllocationScope)
		}
		if !scoped {
			return ir.Errorf(op, "requires an ancestor op with AutomaticAllocationScope trait")
		}
	}
	mt := op.Results[0].Type.(*ir.MemRefType)
	if !mt.Ranked {
		return ir.Errorf(op, "result #0 must be ranked memref, but got '%s'", mt)
	}
	seg, err := ir.VerifySegments(op, 2, false)
	if err != nil {
		return err
	}
	nDyn := len(op.Operands)
	if seg != nil {
		nDyn = seg[0]
	}
	if nDyn != mt.NumDynamicDims() {
		return ir.Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", nDyn, mt.NumDynamicDims())
	}
	if nSym := len(op.Operands) - nDyn; nSym != layoutSymbols(mt.Layout) {
		if raw, isMap := mt.Layout.(*ir.RawAttr); !isMap || !raw.IsAffineMap() || layoutSymbols(mt.Layout) >= 0 {
			return ir.Errorf(op, "symbol operand count does not equal memref symbol count")
		}
	}
	if a := op.Attr("alignment"); a != nil {
		n, ok := a.(*ir.IntegerAttr)
		if !ok || n.Value <= 0 || n.Value&(n.Value-1) != 0 {
			return ir.Errorf(op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")
		}
	}
	return ir.VerifyIndexOperands(op, 0)
}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.realloc", Summary: "resize a heap buffer",
			Traits:   ir.AllocLike,
			Inherent: []string{"alignment"},
			Effects:  []ir.Effect{{Kind: ir.Free, Operand: 0, Result: -1}, {Kind: ir.Allocate, Operand: -1, Result: 0}},
			Parse:    parseRealloc, Print: printRealloc, Verify: verifyRealloc,
		},
	)
}

// ---- realloc ----

func parseRealloc(p ir.AsmParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{src}
	if p.PeekPunct("(") {
		dyn, err := p.ParseOperandList("(")
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, dyn...)
	}
	from, to, err := ir.ParseTypePair(p, st, "to")
	if err != nil {
		return err
	}
	st.OperandTypes = append([]ir.Type{from}, ir.IndexTypes(len(st.Operands)-1)...)
	st.ResultTypes = []ir.Type{to}
	return nil
}

func printRealloc(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if len(op.Operands) > 1 {
		p.Write("(")
		p.Operands(op.Operands[1:])
		p.Write(")")
	}
	ir.PrintCastTail(p, op)
}

func verifyRealloc(op *ir.Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	if len(op.Operands) < 1 || len(op.Operands) > 2 || len(op.Results) != 1 {
		return ir.Errorf(op, "requires a source, at most one size and one result")
	}
	src, ok := op.Operands[0].Type.(*ir.MemRefType)
	if !ok || !src.Ranked || len(src.Shape) != 1 {
		return ir.Errorf(op, "operand #0 must be 1D memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	dst, ok := op.Results[0].Type.(*ir.MemRefType)
	if !ok || !dst.Ranked || len(dst.Shape) != 1 {
		return ir.Errorf(op, "result #0 must be 1D memref of any type values, but got '%s'", op.Results[0].Type)
	}
	if src.Elem != dst.Elem {
		return ir.NewError(op.Loc, "different element types specified for source memref type '%s' and result memref type '%s'", src, dst)
	}
	if !ir.IsIdentityLayout(src.Layout) || !ir.IsIdentityLayout(dst.Layout) {
		return ir.Errorf(op, "unsupported layout")
	}
	if attrText(src.MemSpace) != attrText(dst.MemSpace) {
		return ir.Errorf(op, "different memory spaces specified for source memref type %s and result memref type %s", src, dst)
	}
	dynamic := dst.Shape[0] == ir.Dynamic
	if dynamic && len(op.Operands) != 2 {
		return ir.Errorf(op, "missing dimension operand for result type %s", dst)
	}
	if !dynamic && len(op.Operands) == 2 {
		return ir.Errorf(op, "unnecessary dimension operand for result type %s", dst)
	}
	return ir.VerifyIndexOperands(op, 1)
}
