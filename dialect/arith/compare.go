package arith

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The predicates of cmpi and cmpf, by value.
var cmpiPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
var cmpfPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "arith.cmpi", Summary: "integer comparison", Traits: ir.Pure,
			Inherent: []string{"predicate"},
			Parse:    parseCmp(cmpiPredicates, ""),
			Print:    printCmp(cmpiPredicates, ""),
			Verify:   verifyCmp(cmpiPredicates, "signless-integer-like", isSignlessIntLike),
		},
		&ir.OpDef{
			Name: "arith.cmpf", Summary: "floating-point comparison", Traits: ir.Pure,
			Inherent: []string{"predicate", "fastmath"},
			Parse:    parseCmp(cmpfPredicates, "fastmath"),
			Print:    printCmp(cmpfPredicates, "fastmath"),
			Verify:   verifyCmp(cmpfPredicates, "floating-point-like", isFloatLike),
		},
	)
}

func parseCmp(preds []string, flagKw string) func(ir.AsmParser, *ir.OperationState) error {
	return func(p ir.AsmParser, st *ir.OperationState) error {
		loc := p.Loc()
		kw, ok := p.ParseOptionalBareId()
		idx := -1
		for i, s := range preds {
			if s == kw {
				idx = i
			}
		}
		if !ok || idx < 0 {
			return p.ErrorAt(loc, "expected comparison predicate, one of [%s]", strings.Join(preds, ", "))
		}
		st.AddAttr("predicate", ir.Int(int64(idx), ir.I64))
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		a, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		b, err := p.ParseOperand()
		if err != nil {
			return err
		}
		st.Operands = []ir.OperandRef{a, b}
		if flagKw != "" {
			if err := ir.ParseFlagsAttr(p, st, flagKw, "fastmath", "#arith.fastmath"); err != nil {
				return err
			}
		}
		t, err := ir.ParseColonType(p, st)
		if err != nil {
			return err
		}
		st.OperandTypes = []ir.Type{t, t}
		st.ResultTypes = []ir.Type{boolLike(t)}
		return nil
	}
}

// boolLike returns i1, or a shaped type of i1 with t's shape.
func boolLike(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.VectorType:
		return ir.Vector(t.Shape, t.Scalable, ir.I1)
	case *ir.TensorType:
		if t.Ranked {
			return ir.Tensor(t.Shape, ir.I1, t.Encoding)
		}
		return ir.UnrankedTensor(ir.I1)
	}
	return ir.I1
}

func printCmp(preds []string, flagKw string) func(ir.AsmPrinter, *ir.Operation) {
	return func(p ir.AsmPrinter, op *ir.Operation) {
		idx, _ := op.IntAttrValue("predicate")
		name := strconv.FormatInt(idx, 10)
		if idx >= 0 && int(idx) < len(preds) {
			name = preds[idx]
		}
		p.Write(" " + name + ", ")
		p.Operands(op.Operands)
		if flagKw != "" {
			ir.PrintFlagsAttr(p, op, flagKw, "fastmath", "#arith.fastmath")
		}
		p.AttrDict(op, "predicate", "fastmath")
		p.Write(" : ")
		p.Type(op.Operands[0].Type)
	}
}

// verifyCmp checks a comparison: a predicate among preds, two operands of
// one type of the given kind, and an i1 (or i1-shaped) result.
func verifyCmp(preds []string, kind string, ok func(ir.Type) bool) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		p, isInt := op.Attr("predicate").(*ir.IntegerAttr)
		if !isInt {
			return ir.Errorf(op, "requires attribute 'predicate'")
		}
		if p.Value < 0 || int(p.Value) >= len(preds) {
			return ir.Errorf(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0..%d", len(preds)-1)
		}
		if err := ir.ExpectOperands(op, 2); err != nil {
			return err
		}
		if err := checkOperandKinds(op, kind, ok); err != nil {
			return err
		}
		if err := ir.VerifyCounts(op, 2, 1); err != nil {
			return err
		}
		if op.Operands[0].Type != op.Operands[1].Type {
			return ir.Errorf(op, "requires all operands to have the same type")
		}
		if op.Results[0].Type != boolLike(op.Operands[0].Type) {
			return ir.Errorf(op, "result type must be i1 (or a shaped i1 type) matching the operands")
		}
		return checkFlagsAttr(op)
	}
}
