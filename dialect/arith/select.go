package arith

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		ir.Declare(&ir.OpDef{
			Name: "arith.select", Summary: "choose between two values", Traits: ir.Pure,
			Flows:  []ir.Flow{{Operand: 1, Result: 0}, {Operand: 2, Result: 0}},
			Parse:  parseSelect,
			Print:  printSelect,
			Preds:  []ir.Pred{ir.AllTypesMatch("true_value", "false_value", "result"), conditionIsBoolOrShaped},
			Checks: []ir.TraitCheck{elementwise},
			Verify: verifySelect,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "condition", Constraint: ir.BoolLikeC}, {Name: "true_value"}, {Name: "false_value"}},
			Results:  []ir.Arg{{Name: "result"}},
		}),
	)
}

// conditionIsBoolOrShaped is ArithOps.td's BooleanConditionOrMatchingShape:
// the condition is i1, or it and the result are shaped alike.
var conditionIsBoolOrShaped = ir.Pred{
	Summary: "condition is signless i1 or has matching shape",
	Holds: func(op *ir.Operation) bool {
		cond, res := ir.DeclaredTypes(op, "condition"), ir.DeclaredTypes(op, "result")
		if len(cond) != 1 || len(res) != 1 || cond[0] == ir.I1 {
			return true
		}
		a, _, aok := ir.ShapeOf(cond[0])
		b, _, bok := ir.ShapeOf(res[0])
		return isShaped(cond[0]) && isShaped(res[0]) && aok == bok && slices.Equal(a, b)
	},
}

// isShaped: a vector, tensor or memref (MLIR's ShapedType).
func isShaped(t ir.Type) bool {
	switch t.(type) {
	case *ir.VectorType, *ir.TensorType, *ir.MemRefType:
		return true
	}
	return false
}

func parseSelect(p ir.AsmParser, st *ir.OperationState) error {
	if err := ir.ParseOperands(p, st, 3); err != nil {
		return err
	}
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	var cond, t ir.Type
	switch len(ts) {
	case 1:
		cond, t = ir.I1, ts[0]
	case 2:
		cond, t = ts[0], ts[1]
	default:
		return p.Errorf("expected one or two types")
	}
	st.OperandTypes = []ir.Type{cond, t, t}
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printSelect(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	p.AttrDict(op)
	p.Write(" : ")
	if op.Operands[0].Type != ir.I1 {
		p.Type(op.Operands[0].Type)
		p.Write(", ")
	}
	p.Type(op.Results[0].Type)
}

// verifySelect is SelectOp's verifier: a condition other than i1 is the
// i1 shaped like a vector or tensor result.
func verifySelect(op *ir.Operation) error {
	cond, res := op.Operands[0].Type, op.Results[0].Type
	if cond == ir.I1 {
		return nil
	}
	switch res.(type) {
	case *ir.VectorType, *ir.TensorType:
	default:
		return ir.Errorf(op, "expected condition to be a signless i1, but got '%s'", cond)
	}
	if want := boolLike(res); cond != want {
		return ir.Errorf(op, "expected condition type to have the same shape as the result type, expected '%s', but got '%s'", want, cond)
	}
	return nil
}
