package cf

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "cf.br", Summary: "unconditional branch",
			Traits: ir.Terminator | ir.Pure,
			SuccessorOperands: func(op *ir.Operation) []ir.OperandRange {
				return []ir.OperandRange{{Start: 0, N: len(op.Operands)}}
			},
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				if err := parseSuccessorWithOperands(p, st); err != nil {
					return err
				}
				return ir.ParseTrailingAttrDict(p, st)
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" ")
				printSuccessorWithOperands(p, op.Successors()[0], op.Operands)
				p.AttrDict(op)
			},
			Verify: func(op *ir.Operation) error {
				if len(op.Successors()) != 1 {
					return ir.Errorf(op, "requires one successor")
				}
				return verifySuccessorArgs(op, 0, op.Operands)
			},
		},
		&ir.OpDef{
			Name: "cf.cond_br", Summary: "conditional branch",
			Traits:   ir.Terminator | ir.Pure,
			Inherent: []string{"operandSegmentSizes", "branch_weights"},
			SuccessorOperands: func(op *ir.Operation) []ir.OperandRange {
				seg := op.SegmentSizes("operandSegmentSizes")
				if len(seg) != 3 {
					return []ir.OperandRange{{Start: len(op.Operands), N: 0}, {Start: len(op.Operands), N: 0}}
				}
				return []ir.OperandRange{{Start: seg[0], N: seg[1]}, {Start: seg[0] + seg[1], N: seg[2]}}
			},
			Parse:  parseCondBr,
			Print:  printCondBr,
			Verify: verifyCondBr,
		},
	)
}

// parseSuccessorWithOperands reads ^bb or ^bb(%a, %b : T, U), appending the
// operands to st.
func parseSuccessorWithOperands(p ir.AsmParser, st *ir.OperationState) error {
	s, err := p.ParseSuccessor()
	if err != nil {
		return err
	}
	st.Successors = append(st.Successors, s)
	if !p.ParseOptionalPunct("(") {
		return nil
	}
	if _, err := ir.ParseTypedOperands(p, st, "for the successor operands"); err != nil {
		return err
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

func parseCondBr(p ir.AsmParser, st *ir.OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{c}
	st.OperandTypes = []ir.Type{ir.I1}
	// `weights([t, f])` is branch_weights = array<i32: t, f>.
	if p.ParseOptionalKeyword("weights") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		w, err := ir.ParseIntList(p)
		if err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		st.AddAttr("branch_weights", ir.I32Array(w...))
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	n0 := len(st.Operands)
	if err := parseSuccessorWithOperands(p, st); err != nil {
		return err
	}
	n1 := len(st.Operands)
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := parseSuccessorWithOperands(p, st); err != nil {
		return err
	}
	st.AddAttr("operandSegmentSizes", ir.I32Array(1, int64(n1-n0), int64(len(st.Operands)-n1)))
	return ir.ParseTrailingAttrDict(p, st)
}

func printCondBr(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if w, ok := op.Attr("branch_weights").(*ir.DenseArrayAttr); ok {
		p.Write(" weights([")
		for i, v := range w.Values {
			if i > 0 {
				p.Write(", ")
			}
			p.Write(strconv.FormatInt(v, 10))
		}
		p.Write("])")
	}
	p.Write(", ")
	for i, r := range op.Def.SuccessorOperands(op) {
		if i > 0 {
			p.Write(", ")
		}
		printSuccessorWithOperands(p, op.Successors()[i], r.Of(op))
	}
	p.AttrDict(op, "operandSegmentSizes", "branch_weights")
}

func verifyCondBr(op *ir.Operation) error {
	if len(op.Successors()) != 2 {
		return ir.Errorf(op, "requires two successors")
	}
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
