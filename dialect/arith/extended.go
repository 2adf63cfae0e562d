package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

// The extended-result integer ops: an add with its carry and multiplies
// into their low and high halves.

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "arith.addui_extended", Summary: "add with carry-out", Traits: ir.Pure,
			Parse: parseExtendedArith(true), Print: printExtendedArith(true),
			Verify:   verifyExtendedArith,
			NameHint: func(*ir.Operation) []string { return []string{"sum", "overflow"} },
		},
		&ir.OpDef{
			Name: "arith.mulsi_extended", Summary: "signed multiply into low and high halves", Traits: ir.Pure,
			Parse: parseExtendedArith(false), Print: printExtendedArith(false),
			Verify:   verifyExtendedArith,
			NameHint: func(*ir.Operation) []string { return []string{"low", "high"} },
		},
		&ir.OpDef{
			Name: "arith.mului_extended", Summary: "unsigned multiply into low and high halves", Traits: ir.Pure,
			Parse: parseExtendedArith(false), Print: printExtendedArith(false),
			Verify:   verifyExtendedArith,
			NameHint: func(*ir.Operation) []string { return []string{"low", "high"} },
		},
	)
}

// ---- arith.*_extended ----

// parseExtendedArith reads `%a, %b attr-dict : T` (two results of type T,
// the multiplies) or `%a, %b attr-dict : T, C` (addui_extended's sum and
// carry types).
func parseExtendedArith(carry bool) func(ir.AsmParser, *ir.OperationState) error {
	return func(p ir.AsmParser, st *ir.OperationState) error {
		if err := ir.ParseOperands(p, st, 2); err != nil {
			return err
		}
		t, err := ir.ParseColonType(p, st)
		if err != nil {
			return err
		}
		second := t
		if carry {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
			if second, err = p.ParseType(); err != nil {
				return err
			}
		}
		st.OperandTypes = []ir.Type{t, t}
		st.ResultTypes = []ir.Type{t, second}
		return nil
	}
}

func printExtendedArith(carry bool) func(ir.AsmPrinter, *ir.Operation) {
	return func(p ir.AsmPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands)
		p.AttrDict(op)
		p.Write(" : ")
		p.Type(op.Results[0].Type)
		if carry {
			p.Write(", ")
			p.Type(op.Results[1].Type)
		}
	}
}

func verifyExtendedArith(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 2, 2); err != nil {
		return err
	}
	if err := checkOperandKinds(op, "signless-integer-like", func(t ir.Type) bool {
		_, idx := elemOrSelf(t).(*ir.IndexType)
		return isSignlessIntLike(t) && !idx
	}); err != nil {
		return err
	}
	t := op.Operands[0].Type
	if op.Operands[1].Type != t || op.Results[0].Type != t {
		return ir.Errorf(op, "failed to verify that all of {lhs, rhs, %s} have same type", map[bool]string{true: "sum", false: "low"}[op.Name == "arith.addui_extended"])
	}
	if op.Name == "arith.addui_extended" {
		if op.Results[1].Type != boolLike(t) {
			return ir.Errorf(op, "expected overflow result type to be i1 (or an i1 shaped like the sum)")
		}
	} else if op.Results[1].Type != t {
		return ir.Errorf(op, "failed to verify that all of {lhs, rhs, high} have same type")
	}
	return nil
}
