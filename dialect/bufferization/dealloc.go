package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.dealloc", Summary: "free buffers under conditions, keeping retained ones",
			Effects:   []ir.Effect{{Kind: ir.Free, Operand: ir.AllOperands, Result: -1}},
			Frees:     deallocFrees,
			DropFrees: dropDeallocEntries,
			Verify:    verifyDealloc,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memrefs", Mode: ir.Variadic, Constraint: ir.AnyRankedOrUnrankedMemRefC},
				{Name: "conditions", Mode: ir.Variadic, Type: ir.I1},
				{Name: "retained", Mode: ir.Variadic, Constraint: ir.AnyRankedOrUnrankedMemRefC}},
			// One updated condition for each retained buffer.
			Results: []ir.Arg{{Name: "updatedConditions", Mode: ir.Variadic, Constraint: ir.I1C,
				Like: "retained", Derive: func(ir.Type) ir.Type { return ir.I1 }}},
			SegmentedOperands: true,
			Format: "(` ` `(` $memrefs^ `:` type($memrefs) `)` `if` ` ` `(` $conditions `)`)? " +
				"(`retain` ` ` `(` $retained^ `:` type($retained) `)`)? attr-dict",
		}),
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

// verifyDealloc is the op's own verifier; the declaration checked the
// segments and the types.
func verifyDealloc(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	if seg[0] != seg[1] {
		return ir.Errorf(op, "must have the same number of conditions as memrefs to deallocate")
	}
	if seg[2] != len(op.Results) {
		return ir.Errorf(op, "must have the same number of updated conditions (results) as retained operands")
	}
	return nil
}
