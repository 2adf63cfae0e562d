package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

// atomicKinds are arith's AtomicRMWKind cases, by value.
var atomicKinds = []string{"addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"}

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "memref.atomic_rmw", Summary: "atomic read-modify-write of an element",
			Effects: readWrite,
			Traits:  ir.HasSideEffects,
			Preds: []ir.Pred{ir.AllTypesMatch("value", "result"),
				elementTypeOf("value type matches element type of memref", -1, 1)},
			Verify: verifyAtomicRMW,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "value", Constraint: intOrFloat}, {Name: "memref", Kind: ir.MemRefKind, Constraint: ir.MemRefOf(intOrFloat)}, indices},
			Results:  []ir.Arg{{Name: "result", Constraint: intOrFloat}},
			Attrs:    []ir.AttrArg{{Name: "kind", Kind: ir.AttrEnum, Type: ir.I64, Enum: atomicKinds}},
			Format:   "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)",
		}),
		&ir.OpDef{
			Name: "memref.generic_atomic_rmw", Summary: "atomic update of an element by a region",
			Effects: readWrite,
			Verify:  verifyGenericAtomicRMWType,
			Traits:  ir.HasSideEffects,
			Parse:   parseGenericAtomicRMW, Print: printGenericAtomicRMW, VerifyRegions: verifyGenericAtomicRMW,
		},
		ir.WithFormat(&ir.OpDef{
			Name: "memref.atomic_yield", Summary: "the new value of generic_atomic_rmw",
			Traits:        ir.Terminator | ir.ReturnLike | ir.Pure,
			VerifyRegions: verifyAtomicYield,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "result"}},
			Format:   "$result attr-dict `:` type($result)",
		}),
	)
}

// intOrFloat is AnyTypeOf<[AnySignlessInteger, AnyFloat]>.
var intOrFloat = ir.AnyOf(ir.AnySignlessIntegerC, ir.AnyFloatC)

// verifyAtomicRMW is AtomicRMWOp's verify(): the declaration has checked
// the types.
func verifyAtomicRMW(op *ir.Operation) error {
	mt := op.Operands[1].Type.(*ir.MemRefType)
	if len(op.Operands)-2 != len(mt.Shape) {
		return ir.Errorf(op, "expects the number of subscripts to be equal to memref rank")
	}
	k, _ := op.IntAttrValue("kind")
	if k < 0 || int(k) >= len(atomicKinds) {
		return nil // the declaration refused it
	}
	t := op.Operands[0].Type
	_, isFloat := t.(*ir.FloatType)
	_, isInt := t.(*ir.IntegerType)
	switch kind := atomicKinds[k]; kind {
	case "addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf":
		if !isFloat {
			return ir.Errorf(op, "with kind '%s' expects a floating-point type", kind)
		}
	case "addi", "muli", "maxs", "maxu", "mins", "minu", "ori", "andi", "xori":
		if !isInt {
			return ir.Errorf(op, "with kind '%s' expects an integer type", kind)
		}
	}
	return nil
}

// parseGenericAtomicRMW reads `%m[%i, ...] : memref-type region attr-dict`
// (hand-written upstream too).
func parseGenericAtomicRMW(p ir.AsmParser, st *ir.OperationState) error {
	m, idx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	loc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return p.ErrorAt(loc, "invalid kind of type specified: expected builtin.memref, but found '%s'", t)
	}
	st.Operands = append([]ir.OperandRef{m}, idx...)
	st.OperandTypes = append([]ir.Type{mt}, ir.IndexTypes(len(idx))...)
	st.ResultTypes = []ir.Type{mt.Elem}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*ir.RegionState{r}
	return ir.ParseTrailingAttrDict(p, st)
}

func printGenericAtomicRMW(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1:])
	p.Write("] : ")
	p.Type(op.Operands[0].Type)
	p.Write(" ")
	p.Region(op.Regions()[0], true, true)
	p.AttrDict(op)
}

func verifyGenericAtomicRMW(op *ir.Operation) error {
	if len(op.Operands) < 1 || len(op.Results) != 1 || len(op.Regions()) != 1 {
		return ir.Errorf(op, "requires a memref operand, one result and one region")
	}
	mt, ok := op.Operands[0].Type.(*ir.MemRefType)
	if !ok || !mt.Ranked {
		return ir.Errorf(op, "operand #0 must be ranked memref, but got '%s'", op.Operands[0].Type)
	}
	if err := ir.VerifyIndexOperands(op, 1); err != nil {
		return err
	}
	if op.Results[0].Type != mt.Elem {
		return ir.Errorf(op, "failed to verify that result type matches element type of memref")
	}
	b := op.Body(0)
	if b == nil || len(b.Args) != 1 {
		return ir.Errorf(op, "expected single number of entry block arguments")
	}
	if b.Args[0].Type != op.Results[0].Type {
		return ir.Errorf(op, "expected block argument of the same type result type")
	}
	var effect *ir.Operation
	op.Walk(func(o *ir.Operation) bool {
		if effect == nil && o != op && !o.Has(ir.Pure) {
			effect = o
		}
		return effect == nil
	})
	if effect != nil {
		return ir.NewError(effect.Loc, "should contain only operations with no side effects")
	}
	return nil
}

// verifyGenericAtomicRMWType is the check mlir-opt makes on entering the
// op, before its body's ops.
func verifyGenericAtomicRMWType(op *ir.Operation) error {
	if len(op.Operands) > 0 && len(op.Results) == 1 {
		if mt, ok := op.Operands[0].Type.(*ir.MemRefType); ok && op.Results[0].Type != mt.Elem {
			return ir.Errorf(op, "failed to verify that result type matches element type of memref")
		}
	}
	return nil
}

func verifyAtomicYield(op *ir.Operation) error {
	if err := ir.ExpectResults(op, 0); err != nil {
		return err
	}
	p := op.ParentOp()
	if p == nil || p.Name != "memref.generic_atomic_rmw" {
		return ir.Errorf(op, "expects parent op 'memref.generic_atomic_rmw'")
	}
	if len(op.Operands) != 1 || len(p.Results) != 1 {
		return ir.Errorf(op, "expects one operand")
	}
	if op.Operands[0].Type != p.Results[0].Type {
		return ir.Errorf(op, "types mismatch between yield op: '%s' and its parent: '%s'", op.Operands[0].Type, p.Results[0].Type)
	}
	return nil
}
