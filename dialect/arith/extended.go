package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

// The extended-result integer ops: an add with its carry and multiplies
// into their low and high halves.

func init() {
	intC := ir.SignlessIntegerOrIndexLikeC
	multiply := ir.OpSyntax{
		Operands: []ir.Arg{{Name: "lhs", Constraint: intC}, {Name: "rhs", Like: "lhs", Constraint: intC}},
		Results:  []ir.Arg{{Name: "low", Like: "lhs", Constraint: intC}, {Name: "high", Like: "lhs", Constraint: intC}},
		Format:   "$lhs `,` $rhs attr-dict `:` type($lhs)",
	}
	multiplyOp := func(name, summary string) *ir.OpDef {
		return &ir.OpDef{
			Name: name, Summary: summary, Traits: ir.Pure,
			Preds:    []ir.Pred{ir.AllTypesMatch("lhs", "rhs", "low", "high")},
			Checks:   []ir.TraitCheck{elementwise},
			NameHint: func(*ir.Operation) []string { return []string{"low", "high"} },
		}
	}
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "arith.addui_extended", Summary: "add with carry-out", Traits: ir.Pure,
			Preds:    []ir.Pred{ir.AllTypesMatch("lhs", "rhs", "sum")},
			Checks:   []ir.TraitCheck{elementwise},
			NameHint: func(*ir.Operation) []string { return []string{"sum", "overflow"} },
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "lhs", Like: "sum", Constraint: intC}, {Name: "rhs", Like: "sum", Constraint: intC}},
			Results:  []ir.Arg{{Name: "sum", Constraint: intC}, {Name: "overflow", Constraint: ir.BoolLikeC}},
			Format:   "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)",
		}),
		ir.WithFormat(multiplyOp("arith.mulsi_extended", "signed multiply into low and high halves"), multiply),
		ir.WithFormat(multiplyOp("arith.mului_extended", "unsigned multiply into low and high halves"), multiply),
	)
}
