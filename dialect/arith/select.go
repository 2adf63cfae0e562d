package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "arith.select", Summary: "choose between two values", Traits: ir.Pure,
			Flows:         []ir.Flow{{Operand: 1, Result: 0}, {Operand: 2, Result: 0}},
			Parse:         parseSelect,
			Print:         printSelect,
			VerifyRegions: verifySelect,
		},
	)
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

func verifySelect(op *ir.Operation) error {
	if err := ir.ExpectOperands(op, 3); err != nil {
		return err
	}
	if err := ir.VerifyCounts(op, 3, 1); err != nil {
		return err
	}
	if op.Operands[1].Type != op.Results[0].Type || op.Operands[2].Type != op.Results[0].Type {
		return ir.Errorf(op, "requires the same type for the true value, false value and result")
	}
	if op.Operands[0].Type != ir.I1 && op.Operands[0].Type != boolLike(op.Results[0].Type) {
		return ir.Errorf(op, "condition must be i1 or an i1 shaped like the result")
	}
	return nil
}
