package cf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "cf.assert", Summary: "runtime assertion",
			Inherent: []string{"msg"},
			Effects:  []ir.Effect{{Kind: ir.Write, Operand: -1}},
			Traits:   ir.HasSideEffects,
			Verify:   verifyCfAssert,
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				c, err := p.ParseOperand()
				if err != nil {
					return err
				}
				if err := p.ParsePunct(","); err != nil {
					return err
				}
				msg, err := p.ParseString()
				if err != nil {
					return err
				}
				st.Operands = []ir.OperandRef{c}
				st.OperandTypes = []ir.Type{ir.I1}
				st.AddAttr("msg", ir.Str(msg))
				return ir.ParseTrailingAttrDict(p, st)
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				p.Write(", ")
				p.Attr(op.Attr("msg"))
				p.AttrDict(op, "msg")
			},
		},
	)
}

// ---- cf.assert ----

func verifyCfAssert(op *ir.Operation) error {
	if err := ir.ExpectOperands(op, 1); err != nil {
		return err
	}
	if err := ir.ExpectResults(op, 0); err != nil {
		return err
	}
	if op.Operands[0].Type != ir.I1 {
		return ir.Errorf(op, "operand #0 must be 1-bit signless integer, but got '%s'", op.Operands[0].Type)
	}
	if _, ok := op.Attr("msg").(*ir.StringAttr); !ok {
		return ir.Errorf(op, "requires attribute 'msg'")
	}
	return nil
}
