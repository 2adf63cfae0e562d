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
			VerifyRegions: func(op *ir.Operation) error { return verifySuccessorArgs(op, 0, op.Operands) },
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
			VerifyRegions: verifyCondBr,
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
// argument succ (a successor) and operands and types (cf.switch's cases).
func parseSuccessorWithOperands(p ir.AsmParser, d *ir.DirectiveParse, succ, operands, types int) error {
	s, err := p.ParseSuccessor()
	if err != nil {
		return err
	}
	d.AddSuccessor(succ, s)
	if !p.ParseOptionalPunct("(") {
		return nil
	}
	loc := p.Loc()
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
	p.Types(ir.ValueTypes(operands))
	p.Write(")")
}

func verifyCondBr(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != 1 || seg[1] < 0 || seg[2] < 0 || seg[0]+seg[1]+seg[2] != len(op.Operands) {
		return ir.Errorf(op, "operandSegmentSizes must describe 1 condition and the two successors' operands")
	}
	if w := op.Attr("branch_weights"); w != nil {
		a, ok := w.(*ir.DenseArrayAttr)
		if !ok || a.Elem != ir.I32 {
			return ir.Errorf(op, "attribute 'branch_weights' failed to satisfy constraint: i32 dense array attribute")
		}
		if len(a.Values) != 2 {
			return ir.Errorf(op, "expects number of branch weights to match number of successors: %d vs 2", len(a.Values))
		}
		if a.Values[0] == 0 && a.Values[1] == 0 {
			return ir.Errorf(op, "branch weights cannot all be zero")
		}
	}
	if op.Operands[0].Type != ir.I1 {
		return ir.Errorf(op, "operand #0 must be 1-bit signless integer")
	}
	for i, r := range op.Def.SuccessorOperands(op) {
		if err := verifySuccessorArgs(op, i, r.Of(op)); err != nil {
			return err
		}
	}
	return nil
}

func verifySuccessorArgs(op *ir.Operation, i int, operands []*ir.Value) error {
	b := op.Successors()[i]
	if len(b.Args) != len(operands) {
		return ir.Errorf(op, "branch has %d operands for successor #%d, but target block has %d", len(operands), i, len(b.Args))
	}
	for k, v := range operands {
		if v.Type != b.Args[k].Type {
			return ir.Errorf(op, "type mismatch for bb argument #%d of successor #%d", k, i)
		}
	}
	return nil
}
