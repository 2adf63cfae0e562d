package memref

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// atomicKinds are arith's AtomicRMWKind cases, by value.
var atomicKinds = []string{"addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.atomic_rmw", Summary: "atomic read-modify-write of an element",
			Inherent: []string{"kind"},
			Effects:  readWrite,
			Traits:   ir.HasSideEffects,
			Parse:    parseAtomicRMW, Print: printAtomicRMW, Verify: verifyAtomicRMW,
		},
		&ir.OpDef{
			Name: "memref.generic_atomic_rmw", Summary: "atomic update of an element by a region",
			Effects:          readWrite,
			VerifyInvariants: verifyGenericAtomicRMWType,
			Traits:           ir.HasSideEffects,
			Parse:            parseGenericAtomicRMW, Print: printGenericAtomicRMW, Verify: verifyGenericAtomicRMW,
		},
		&ir.OpDef{
			Name: "memref.atomic_yield", Summary: "the new value of generic_atomic_rmw",
			Traits: ir.Terminator | ir.ReturnLike | ir.Pure,
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				return ir.ParseOperandsColonTypes(p, st, false)
			},
			Print:  func(p ir.AsmPrinter, op *ir.Operation) { ir.PrintOperandsColonTypes(p, op, false) },
			Verify: verifyAtomicYield,
		},
	)
}

// ---- atomic_rmw, generic_atomic_rmw, atomic_yield ----

func parseAtomicRMW(p ir.AsmParser, st *ir.OperationState) error {
	loc := p.Loc()
	kw, _ := p.ParseOptionalBareId()
	kind := -1
	for i, k := range atomicKinds {
		if k == kw {
			kind = i
		}
	}
	if kind < 0 {
		return p.ErrorAt(loc, "expected ::mlir::arith::AtomicRMWKind to be one of: %s", strings.Join(atomicKinds, ", "))
	}
	st.AddAttr("kind", ir.Int(int64(kind), ir.I64))
	v, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	m, err := p.ParseOperand()
	if err != nil {
		return err
	}
	idx, err := p.ParseOperandList("[")
	if err != nil {
		return err
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok || len(ft.Inputs) != 2 || len(ft.Results) != 1 {
		return p.Errorf("expected a function type (value, memref) -> result")
	}
	st.Operands = append([]ir.OperandRef{v, m}, idx...)
	st.OperandTypes = append([]ir.Type{ft.Inputs[0], ft.Inputs[1]}, ir.IndexTypes(len(idx))...)
	st.ResultTypes = ft.Results
	return nil
}

func printAtomicRMW(p ir.AsmPrinter, op *ir.Operation) {
	k, _ := op.IntAttrValue("kind")
	name := strconv.FormatInt(k, 10)
	if k >= 0 && int(k) < len(atomicKinds) {
		name = atomicKinds[k]
	}
	p.Write(" " + name + " ")
	p.Operand(op.Operands[0])
	p.Write(", ")
	p.Operand(op.Operands[1])
	p.Write("[")
	p.Operands(op.Operands[2:])
	p.Write("]")
	p.AttrDict(op, "kind")
	p.Write(" : (")
	p.Type(op.Operands[0].Type)
	p.Write(", ")
	p.Type(op.Operands[1].Type)
	p.Write(") -> ")
	p.Type(op.Results[0].Type)
}

func verifyAtomicRMW(op *ir.Operation) error {
	if len(op.Operands) < 2 || len(op.Results) != 1 {
		return ir.Errorf(op, "requires a value, a memref and one result")
	}
	mt, ok := op.Operands[1].Type.(*ir.MemRefType)
	if !ok || !mt.Ranked {
		return ir.Errorf(op, "operand #1 must be ranked memref, but got '%s'", op.Operands[1].Type)
	}
	if err := ir.VerifyIndexOperands(op, 2); err != nil {
		return err
	}
	if len(op.Operands)-2 != len(mt.Shape) {
		return ir.Errorf(op, "expects the number of subscripts to be equal to memref rank")
	}
	if op.Operands[0].Type != mt.Elem || op.Results[0].Type != mt.Elem {
		return ir.Errorf(op, "failed to verify that value type matches element type of memref")
	}
	k, ok := op.IntAttrValue("kind")
	if !ok || k < 0 || int(k) >= len(atomicKinds) {
		return ir.Errorf(op, "requires attribute 'kind'")
	}
	_, isFloat := mt.Elem.(*ir.FloatType)
	switch atomicKinds[k] {
	case "addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf":
		if !isFloat {
			return ir.Errorf(op, "expects a floating-point type")
		}
	case "addi", "muli", "maxs", "maxu", "mins", "minu", "ori", "andi", "xori":
		if _, ok := mt.Elem.(*ir.IntegerType); !ok {
			return ir.Errorf(op, "expects an integer type")
		}
	}
	return nil
}

func parseGenericAtomicRMW(p ir.AsmParser, st *ir.OperationState) error {
	m, idx, mt, err := parseIndexedMemRef(p, st)
	if err != nil {
		return err
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
	p.Region(op.Regions[0], true, true)
	p.AttrDict(op)
}

func verifyGenericAtomicRMW(op *ir.Operation) error {
	if len(op.Operands) < 1 || len(op.Results) != 1 || len(op.Regions) != 1 {
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
