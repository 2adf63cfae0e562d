package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "bufferization.dealloc", Summary: "free buffers under conditions, keeping retained ones",
			Inherent:  []string{"operandSegmentSizes"},
			Effects:   []ir.Effect{{Kind: ir.Free, Operand: ir.AllOperands, Result: -1}},
			Frees:     deallocFrees,
			DropFrees: dropDeallocEntries,
			Parse:     parseDealloc, Print: printDealloc, Verify: verifyDealloc,
		},
	)
}

// ---- dealloc ----

// deallocFrees: memref i is freed when condition i holds. Which retained
// value's ownership the results report is decided at run time by
// aliasing, so a caller changing the list must keep the retained values
// apart from what it removes.
func deallocFrees(op *ir.Operation) []ir.Freed {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != seg[1] || seg[0]+seg[1]+seg[2] != len(op.Operands) {
		return nil
	}
	out := make([]ir.Freed, seg[0])
	for i := range out {
		out[i] = ir.Freed{Operand: i, Cond: op.Operands[seg[0]+i]}
	}
	return out
}

// dropDeallocEntries removes memrefs (by operand index) and their
// conditions from the list; the op goes when the list and the retained
// values are empty.
func dropDeallocEntries(op *ir.Operation, operands []int) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != seg[1] {
		return
	}
	drop := map[int]bool{}
	for _, i := range operands {
		if i >= 0 && i < seg[0] {
			drop[i] = true
		}
	}
	var mems, conds []*ir.Value
	for i := range seg[0] {
		if !drop[i] {
			mems = append(mems, op.Operands[i])
			conds = append(conds, op.Operands[seg[0]+i])
		}
	}
	if len(mems) == 0 && seg[2] == 0 {
		op.Erase()
		return
	}
	retained := append([]*ir.Value(nil), op.Operands[seg[0]+seg[1]:]...)
	op.SetOperands(append(append(mems, conds...), retained...))
	op.SetAttr("operandSegmentSizes", ir.I32Array(int64(len(mems)), int64(len(conds)), int64(len(retained))))
}

// parseDealloc reads `[(%m, ... : T, ...) if (%c, ...)] [retain (%r, ...
// : T, ...)] attr-dict`; the results are one i1 per retained value.
func parseDealloc(p ir.AsmParser, st *ir.OperationState) error {
	var nMem, nCond, nRet int
	if p.ParseOptionalPunct("(") {
		n, err := ir.ParseTypedOperands(p, st, "for the memrefs")
		if err != nil {
			return err
		}
		nMem = n
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		if err := p.ParseKeyword("if"); err != nil {
			return err
		}
		conds, err := p.ParseOperandList("(")
		if err != nil {
			return err
		}
		nCond = len(conds)
		st.Operands = append(st.Operands, conds...)
		for range conds {
			st.OperandTypes = append(st.OperandTypes, ir.I1)
		}
	}
	if p.ParseOptionalKeyword("retain") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		n, err := ir.ParseTypedOperands(p, st, "for the retained memrefs")
		if err != nil {
			return err
		}
		nRet = n
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	for range nRet {
		st.ResultTypes = append(st.ResultTypes, ir.I1)
	}
	st.AddAttr("operandSegmentSizes", ir.I32Array(int64(nMem), int64(nCond), int64(nRet)))
	return ir.ParseTrailingAttrDict(p, st)
}

func printDealloc(p ir.AsmPrinter, op *ir.Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 {
		return
	}
	if seg[0] > 0 {
		mems := op.OperandSegment(0)
		p.Write(" (")
		p.Operands(mems)
		p.Write(" : ")
		p.Types(ir.ValueTypes(mems))
		p.Write(") if (")
		p.Operands(op.OperandSegment(1))
		p.Write(")")
	}
	if seg[2] > 0 {
		ret := op.OperandSegment(2)
		p.Write(" retain (")
		p.Operands(ret)
		p.Write(" : ")
		p.Types(ir.ValueTypes(ret))
		p.Write(")")
	}
	p.AttrDict(op, "operandSegmentSizes")
}

func verifyDealloc(op *ir.Operation) error {
	seg, err := ir.VerifySegments(op, 3, true)
	if err != nil {
		return err
	}
	if seg[0] != seg[1] {
		return ir.Errorf(op, "must have the same number of conditions as memrefs to deallocate")
	}
	if seg[2] != len(op.Results) {
		return ir.Errorf(op, "must have the same number of updated conditions (results) as retained operands")
	}
	for i, v := range op.Operands {
		switch {
		case i < seg[0] || i >= seg[0]+seg[1]:
			if !ir.IsMemRef(v.Type) {
				return ir.Errorf(op, "operand #%d must be variadic of ranked or unranked memref of any type values, but got '%s'", i, v.Type)
			}
		default:
			if v.Type != ir.I1 {
				return ir.Errorf(op, "operand #%d must be variadic of 1-bit signless integer, but got '%s'", i, v.Type)
			}
		}
	}
	for _, r := range op.Results {
		if r.Type != ir.I1 {
			return ir.Errorf(op, "result must be 1-bit signless integer")
		}
	}
	return nil
}
