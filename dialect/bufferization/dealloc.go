package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.dealloc", Summary: "free buffers under conditions, keeping retained ones",
			Effects:       []ir.Effect{{Kind: ir.Free, Operand: ir.AllOperands, Result: -1}},
			Frees:         deallocFrees,
			DropFrees:     dropDeallocEntries,
			VerifyRegions: verifyDealloc,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memrefs", Mode: ir.Variadic}, {Name: "conditions", Mode: ir.Variadic, Type: ir.I1},
				{Name: "retained", Mode: ir.Variadic}},
			// One updated condition for each retained buffer.
			Results:           []ir.Arg{{Name: "updatedConditions", Mode: ir.Variadic, Like: "retained", Derive: func(ir.Type) ir.Type { return ir.I1 }}},
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
