package cf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "cf.br", Summary: "unconditional branch",
			Traits: ir.Terminator | ir.Pure,
			SuccessorOperands: func(op *ir.Operation) []ir.OperandRange {
				return []ir.OperandRange{{Start: 0, N: len(op.Operands)}}
			},
			Checks: []ir.TraitCheck{ir.BranchOpInterface},
		}, ir.OpSyntax{
			Operands:   []ir.Arg{{Name: "destOperands", Mode: ir.Variadic}},
			Successors: []string{"dest"},
			Format:     "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "cf.cond_br", Summary: "conditional branch",
			Traits: ir.Terminator | ir.Pure,
			SuccessorOperands: func(op *ir.Operation) []ir.OperandRange {
				seg := op.SegmentSizes("operandSegmentSizes")
				if len(seg) != 3 {
					return []ir.OperandRange{{Start: len(op.Operands), N: 0}, {Start: len(op.Operands), N: 0}}
				}
				return []ir.OperandRange{{Start: seg[0], N: seg[1]}, {Start: seg[0] + seg[1], N: seg[2]}}
			},
			Checks: []ir.TraitCheck{ir.BranchOpInterface, weightedBranch},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "condition", Type: ir.I1},
				{Name: "trueDestOperands", Mode: ir.Variadic}, {Name: "falseDestOperands", Mode: ir.Variadic}},
			Successors:        []string{"trueDest", "falseDest"},
			Attrs:             []ir.AttrArg{{Name: "branch_weights", Kind: ir.AttrDenseArray, Type: ir.I32, Optional: true}},
			SegmentedOperands: true,
			Format: "$condition (`weights` `(` $branch_weights^ `)`)? `,` " +
				"$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` " +
				"$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict",
		}),
	)
}

// parseSuccessorWithOperands reads ^bb or ^bb(%a, %b : T, U) into
// argument succ (a successor) and operands and types (cf.switch's cases);
// a count mismatch is reported at loc (where the cases begin, as mlir-opt
// resolves them).
func parseSuccessorWithOperands(p ir.AsmParser, d *ir.DirectiveParse, loc ir.Location, succ, operands, types int) error {
	s, err := p.ParseSuccessor()
	if err != nil {
		return err
	}
	d.AddSuccessor(succ, s)
	if !p.ParseOptionalPunct("(") {
		return nil
	}
	refs, err := p.ParseOperandList("")
	if err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(refs) {
		return p.ErrorAt(loc, "number of operands and types do not match: got %d operands and %d types", len(refs), len(ts))
	}
	for k, r := range refs {
		d.AddOperand(operands, r)
		d.AddType(types, ts[k])
	}
	return p.ParsePunct(")")
}

func printSuccessorWithOperands(p ir.AsmPrinter, b *ir.Block, operands []*ir.Value) {
	p.Successor(b)
	if len(operands) == 0 {
		return
	}
	p.Write("(")
	p.Operands(operands)
	p.Write(" : ")
	p.ValueTypes(operands)
	p.Write(")")
}

// weightedBranch is WeightedBranchOpInterface's verifier: the branch
// weights, when given, are one per successor and not all zero (reported,
// as mlir-opt does, without naming the op).
var weightedBranch = ir.TraitCheck{Name: "WeightedBranchOpInterface", Verify: func(op *ir.Operation) error {
	a, ok := op.Attr("branch_weights").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	if n := len(op.Successors()); len(a.Values) != n {
		return ir.NewError(op.Loc, "expects number of branch weights to match number of successors: %d vs %d", len(a.Values), n)
	}
	for _, w := range a.Values {
		if w != 0 {
			return nil
		}
	}
	return ir.NewError(op.Loc, "branch weights cannot all be zero")
}}
