package dialect

import "strconv"

// The cf dialect: unstructured branches between blocks.

func init() {
	RegisterDialect("cf")
}

func init() {
	Register(
		&OpDef{
			Name: "cf.br", Summary: "unconditional branch",
			Traits: Terminator | Pure,
			SuccessorOperands: func(op *Operation) []OperandRange {
				return []OperandRange{{0, len(op.Operands)}}
			},
			Parse: func(p AsmParser, st *OperationState) error {
				if err := parseSuccessorWithOperands(p, st); err != nil {
					return err
				}
				return parseTrailingAttrDict(p, st)
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				printSuccessorWithOperands(p, op.Successors()[0], op.Operands)
				p.AttrDict(op)
			},
			Verify: func(op *Operation) error {
				if len(op.Successors()) != 1 {
					return Errorf(op, "requires one successor")
				}
				return verifySuccessorArgs(op, 0, op.Operands)
			},
		},
		&OpDef{
			Name: "cf.cond_br", Summary: "conditional branch",
			Traits:   Terminator | Pure,
			Inherent: []string{"operandSegmentSizes", "branch_weights"},
			SuccessorOperands: func(op *Operation) []OperandRange {
				seg := op.SegmentSizes("operandSegmentSizes")
				if len(seg) != 3 {
					return []OperandRange{{len(op.Operands), 0}, {len(op.Operands), 0}}
				}
				return []OperandRange{{seg[0], seg[1]}, {seg[0] + seg[1], seg[2]}}
			},
			Parse:  parseCondBr,
			Print:  printCondBr,
			Verify: verifyCondBr,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "cf.assert", Summary: "runtime assertion",
			Inherent: []string{"msg"},
			Effects:  []Effect{{Kind: Write, Operand: -1}},
			Traits:   HasSideEffects,
			Verify:   verifyCfAssert,
			Parse: func(p AsmParser, st *OperationState) error {
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
				st.Operands = []OperandRef{c}
				st.OperandTypes = []Type{I1}
				st.AddAttr("msg", Str(msg))
				return parseTrailingAttrDict(p, st)
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				p.Write(", ")
				p.Attr(op.Attr("msg"))
				p.AttrDict(op, "msg")
			},
		},
	)
}

// parseSuccessorWithOperands reads ^bb or ^bb(%a, %b : T, U), appending the
// operands to st.
func parseSuccessorWithOperands(p AsmParser, st *OperationState) error {
	s, err := p.ParseSuccessor()
	if err != nil {
		return err
	}
	st.Successors = append(st.Successors, s)
	if !p.ParseOptionalPunct("(") {
		return nil
	}
	if _, err := parseTypedOperands(p, st, "for the successor operands"); err != nil {
		return err
	}
	return p.ParsePunct(")")
}

func printSuccessorWithOperands(p AsmPrinter, b *Block, operands []*Value) {
	p.Successor(b)
	if len(operands) == 0 {
		return
	}
	p.Write("(")
	p.Operands(operands)
	p.Write(" : ")
	p.Types(ValueTypes(operands))
	p.Write(")")
}

func parseCondBr(p AsmParser, st *OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{c}
	st.OperandTypes = []Type{I1}
	// `weights([t, f])` is branch_weights = array<i32: t, f>.
	if p.ParseOptionalKeyword("weights") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		w, err := parseIntList(p)
		if err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		st.AddAttr("branch_weights", I32Array(w...))
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
	st.AddAttr("operandSegmentSizes", I32Array(1, int64(n1-n0), int64(len(st.Operands)-n1)))
	return parseTrailingAttrDict(p, st)
}

func printCondBr(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if w, ok := op.Attr("branch_weights").(*DenseArrayAttr); ok {
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

func verifyCondBr(op *Operation) error {
	if len(op.Successors()) != 2 {
		return Errorf(op, "requires two successors")
	}
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != 1 || seg[1] < 0 || seg[2] < 0 || seg[0]+seg[1]+seg[2] != len(op.Operands) {
		return Errorf(op, "operandSegmentSizes must describe 1 condition and the two successors' operands")
	}
	if w := op.Attr("branch_weights"); w != nil {
		a, ok := w.(*DenseArrayAttr)
		if !ok || a.Elem != I32 {
			return Errorf(op, "attribute 'branch_weights' failed to satisfy constraint: i32 dense array attribute")
		}
		if len(a.Values) != 2 {
			return Errorf(op, "expects number of branch weights to match number of successors: %d vs 2", len(a.Values))
		}
		if a.Values[0] == 0 && a.Values[1] == 0 {
			return Errorf(op, "branch weights cannot all be zero")
		}
	}
	if op.Operands[0].Type != I1 {
		return Errorf(op, "operand #0 must be 1-bit signless integer")
	}
	for i, r := range op.Def.SuccessorOperands(op) {
		if err := verifySuccessorArgs(op, i, r.Of(op)); err != nil {
			return err
		}
	}
	return nil
}

// OperandRange is a run of an op's operands: n from start.
type OperandRange struct{ Start, N int }

// Of is the range's operands of op.
func (r OperandRange) Of(op *Operation) []*Value { return op.Operands[r.Start : r.Start+r.N] }

func verifySuccessorArgs(op *Operation, i int, operands []*Value) error {
	b := op.Successors()[i]
	if len(b.Args) != len(operands) {
		return Errorf(op, "branch has %d operands for successor #%d, but target block has %d", len(operands), i, len(b.Args))
	}
	for k, v := range operands {
		if v.Type != b.Args[k].Type {
			return Errorf(op, "type mismatch for bb argument #%d of successor #%d", k, i)
		}
	}
	return nil
}

// ---- cf.assert ----

func verifyCfAssert(op *Operation) error {
	if err := expectOperands(op, 1); err != nil {
		return err
	}
	if err := expectResults(op, 0); err != nil {
		return err
	}
	if op.Operands[0].Type != I1 {
		return Errorf(op, "operand #0 must be 1-bit signless integer, but got '%s'", op.Operands[0].Type)
	}
	if _, ok := op.Attr("msg").(*StringAttr); !ok {
		return Errorf(op, "requires attribute 'msg'")
	}
	return nil
}
