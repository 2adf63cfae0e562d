package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

// The extended-result integer ops: an add with its carry and multiplies
// into their low and high halves.

func init() {
	multiply := ir.OpSyntax{
		Operands: []ir.Arg{{Name: "lhs"}, {Name: "rhs", Like: "lhs"}},
		Results:  []ir.Arg{{Name: "low", Like: "lhs"}, {Name: "high", Like: "lhs"}},
		Format:   "$lhs `,` $rhs attr-dict `:` type($lhs)",
	}
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "arith.addui_extended", Summary: "add with carry-out", Traits: ir.Pure,
			VerifyRegions: verifyExtendedArith,
			NameHint:      func(*ir.Operation) []string { return []string{"sum", "overflow"} },
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "lhs", Like: "sum"}, {Name: "rhs", Like: "sum"}},
			Results:  []ir.Arg{{Name: "sum"}, {Name: "overflow"}},
			Format:   "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "arith.mulsi_extended", Summary: "signed multiply into low and high halves", Traits: ir.Pure,
			VerifyRegions: verifyExtendedArith,
			NameHint:      func(*ir.Operation) []string { return []string{"low", "high"} },
		}, multiply),
		ir.WithFormat(&ir.OpDef{
			Name: "arith.mului_extended", Summary: "unsigned multiply into low and high halves", Traits: ir.Pure,
			VerifyRegions: verifyExtendedArith,
			NameHint:      func(*ir.Operation) []string { return []string{"low", "high"} },
		}, multiply),
	)
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
