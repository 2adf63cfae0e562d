package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.dma_start", Summary: "start a DMA transfer",
			Effects: readWrite, Traits: ir.HasSideEffects,
			Parse: parseDmaStart, Print: printDmaStart, VerifyRegions: verifyDmaStart,
		},
		ir.WithFormat(&ir.OpDef{
			Name: "memref.dma_wait", Summary: "wait for a DMA transfer",
			Effects: readWrite, Traits: ir.HasSideEffects,
			VerifyRegions: verifyDmaWait,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "tagMemRef", Kind: ir.MemRefKind}, {Name: "tagIndices", Mode: ir.Variadic, Type: ir.Index}, {Name: "numElements", Type: ir.Index}},
			Format:   "$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)",
		}),
	)
}

// ---- dma_start / dma_wait ----

// parseIndexedOperand reads `%m[%i, ...]`.
func parseIndexedOperand(p ir.AsmParser) (ir.OperandRef, []ir.OperandRef, error) {
	m, err := p.ParseOperand()
	if err != nil {
		return m, nil, err
	}
	idx, err := p.ParseOperandList("[")
	return m, idx, err
}

func parseDmaStart(p ir.AsmParser, st *ir.OperationState) error {
	src, srcIdx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	dst, dstIdx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	num, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	tag, tagIdx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	var stride []ir.OperandRef
	if p.ParseOptionalPunct(",") {
		if stride, err = p.ParseOperandList(""); err != nil {
			return err
		}
		if len(stride) != 2 {
			return p.Errorf("expected two stride related operands")
		}
	}
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != 3 {
		return p.Errorf("fewer/more types than expected")
	}
	st.Operands = append(append([]ir.OperandRef{src}, srcIdx...), dst)
	st.Operands = append(append(st.Operands, dstIdx...), num, tag)
	st.Operands = append(append(st.Operands, tagIdx...), stride...)
	st.OperandTypes = append(append([]ir.Type{ts[0]}, ir.IndexTypes(len(srcIdx))...), ts[1])
	st.OperandTypes = append(append(st.OperandTypes, ir.IndexTypes(len(dstIdx))...), ir.Index, ts[2])
	st.OperandTypes = append(append(st.OperandTypes, ir.IndexTypes(len(tagIdx))...), ir.IndexTypes(len(stride))...)
	return nil
}

// dmaLayout splits dma_start's operands by the ranks of its memrefs:
// the positions of the destination, the element count and the tag.
func dmaLayout(op *ir.Operation) (dst, num, tag, end int, ok bool) {
	rank := func(i int) int {
		if i < len(op.Operands) {
			if mt, ok := op.Operands[i].Type.(*ir.MemRefType); ok && mt.Ranked {
				return len(mt.Shape)
			}
		}
		return -1
	}
	r := rank(0)
	if r < 0 {
		return
	}
	dst = 1 + r
	if r = rank(dst); r < 0 {
		return
	}
	num = dst + 1 + r
	tag = num + 1
	if r = rank(tag); r < 0 {
		return
	}
	end = tag + 1 + r
	return dst, num, tag, end, end == len(op.Operands) || end+2 == len(op.Operands)
}

func printDmaStart(p ir.AsmPrinter, op *ir.Operation) {
	dst, num, tag, end, ok := dmaLayout(op)
	if !ok {
		return // the verifier rejects it; printing generically is not reached
	}
	indexed := func(at, next int) {
		p.Operand(op.Operands[at])
		p.Write("[")
		p.Operands(op.Operands[at+1 : next])
		p.Write("]")
	}
	p.Write(" ")
	indexed(0, dst)
	p.Write(", ")
	indexed(dst, num)
	p.Write(", ")
	p.Operand(op.Operands[num])
	p.Write(", ")
	indexed(tag, end)
	if end < len(op.Operands) {
		p.Write(", ")
		p.Operands(op.Operands[end:])
	}
	p.AttrDict(op)
	p.Write(" : ")
	p.Types([]ir.Type{op.Operands[0].Type, op.Operands[dst].Type, op.Operands[tag].Type})
}

// verifyDmaStart checks the operands in order, each position computed
// from the ranks of the memrefs before it, as MLIR does.
func verifyDmaStart(op *ir.Operation) error {
	if err := ir.ExpectResults(op, 0); err != nil {
		return err
	}
	n := len(op.Operands)
	if n < 4 {
		return ir.Errorf(op, "expected at least 4 operands")
	}
	allIndex := func(from, to int) bool {
		for i := from; i < to && i < n; i++ {
			if op.Operands[i].Type != ir.Index {
				return false
			}
		}
		return true
	}
	rankAt := func(i int) (int, bool) {
		mt, ok := op.Operands[i].Type.(*ir.MemRefType)
		if !ok {
			return 0, false
		}
		return len(mt.Shape), true
	}
	srcRank, ok := rankAt(0)
	if !ok {
		return ir.Errorf(op, "expected source to be of memref type")
	}
	if n < srcRank+4 {
		return ir.Errorf(op, "expected at least %d operands", srcRank+4)
	}
	if !allIndex(1, 1+srcRank) {
		return ir.Errorf(op, "expected source indices to be of index type")
	}
	dst := 1 + srcRank
	dstRank, ok := rankAt(dst)
	if !ok {
		return ir.Errorf(op, "expected destination to be of memref type")
	}
	want := srcRank + dstRank + 4
	if n < want {
		return ir.Errorf(op, "expected at least %d operands", want)
	}
	if !allIndex(dst+1, dst+1+dstRank) {
		return ir.Errorf(op, "expected destination indices to be of index type")
	}
	num := dst + 1 + dstRank
	if op.Operands[num].Type != ir.Index {
		return ir.Errorf(op, "expected num elements to be of index type")
	}
	tagRank, ok := rankAt(num + 1)
	if !ok {
		return ir.Errorf(op, "expected tag to be of memref type")
	}
	want += tagRank
	if n < want {
		return ir.Errorf(op, "expected at least %d operands", want)
	}
	if !allIndex(num+2, num+2+tagRank) {
		return ir.Errorf(op, "expected tag indices to be of index type")
	}
	if n != want && n != want+2 {
		return ir.Errorf(op, "incorrect number of operands")
	}
	if n == want+2 && !allIndex(want, n) {
		return ir.Errorf(op, "expected stride and num elements per stride to be of type index")
	}
	return nil
}

func verifyDmaWait(op *ir.Operation) error {
	if err := ir.ExpectResults(op, 0); err != nil {
		return err
	}
	if len(op.Operands) < 2 {
		return ir.Errorf(op, "expected a tag memref and a number of elements")
	}
	mt, ok := op.Operands[0].Type.(*ir.MemRefType)
	if !ok || !mt.Ranked {
		return ir.Errorf(op, "operand #0 must be memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	if len(op.Operands)-2 != len(mt.Shape) {
		return ir.Errorf(op, "expected tagIndices to have the same number of elements as the tagMemRef rank, expected %d, but got %d", len(mt.Shape), len(op.Operands)-2)
	}
	return ir.VerifyIndexOperands(op, 1)
}
