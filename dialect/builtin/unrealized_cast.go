package builtin

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "builtin.unrealized_conversion_cast", Summary: "a cast between type systems during conversion", Traits: ir.Pure,
			Parse: parseUnrealizedCast, Print: printUnrealizedCast,
			Verify: func(op *ir.Operation) error {
				if len(op.Results) == 0 {
					return ir.Errorf(op, "expected at least one result")
				}
				return nil
			},
		},
	)
}

// ---- builtin.unrealized_conversion_cast ----

func parseUnrealizedCast(p ir.AsmParser, st *ir.OperationState) error {
	if p.PeekOperand() {
		if _, err := ir.ParseTypedOperands(p, st, "for the inputs"); err != nil {
			return err
		}
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	st.ResultTypes = ts
	return ir.ParseTrailingAttrDict(p, st)
}

func printUnrealizedCast(p ir.AsmPrinter, op *ir.Operation) {
	if len(op.Operands) > 0 {
		p.Write(" ")
		p.Operands(op.Operands)
		p.Write(" : ")
		p.Types(ir.ValueTypes(op.Operands))
	}
	p.Write(" to ")
	p.Types(ir.ValueTypes(op.Results))
	p.AttrDict(op)
}
