package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "scf.for", Summary: "a counted loop with loop-carried values",
			Inherent:           []string{"unsignedCmp"},
			Branch:             forBranch{},
			Interfaces:         []any{forBranch{}},
			ImplicitTerminator: "scf.yield",
			Parse:              parseFor,
			Print:              printFor,
			VerifyRegions:      verifyFor,
		},
	)
}

// ---- scf.for ----

type forBranch struct{}

func (forBranch) EntryEdges(op *ir.Operation) []ir.Edge {
	body := op.Body(0)
	var out []ir.Edge
	for i, init := range op.Operands[3:] {
		if body != nil && i+1 < len(body.Args) {
			out = append(out, ir.Edge{From: init, To: body.Args[i+1]})
		}
		if i < len(op.Results) {
			out = append(out, ir.Edge{From: init, To: op.Results[i]})
		}
	}
	return out
}

func (forBranch) TerminatorEdges(op *ir.Operation, r int, term *ir.Operation) []ir.Edge {
	body := op.Body(0)
	var out []ir.Edge
	for i, v := range term.Operands {
		if body != nil && i+1 < len(body.Args) {
			out = append(out, ir.Edge{From: v, To: body.Args[i+1]})
		}
		if i < len(op.Results) {
			out = append(out, ir.Edge{From: v, To: op.Results[i]})
		}
	}
	return out
}

func (forBranch) Loops(*ir.Operation, int) bool { return true }
func (forBranch) Exclusive(*ir.Operation) bool  { return false }

// parseFor reads `[unsigned] %iv = %lb to %ub step %step [iter_args(%a =
// %init, ...) -> (types)] [: type] region attr-dict` (hand-written upstream
// too: the induction variable and iter_args are declared in the syntax).
func parseFor(p ir.AsmParser, st *ir.OperationState) error {
	if p.ParseOptionalKeyword("unsigned") {
		st.AddAttr("unsignedCmp", ir.Unit)
	}
	iv, err := p.ParseArgument(false)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	lb, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ub, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("step"); err != nil {
		return err
	}
	step, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{lb, ub, step}
	args := []ir.Argument{iv}
	var iterTypes []ir.Type
	if p.ParseOptionalKeyword("iter_args") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		if args, err = parseArgInits(p, st, args); err != nil {
			return err
		}
		iterTypes, err = p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(iterTypes) != len(args)-1 {
			return p.Errorf("expected as many iter_args types as iter_args")
		}
	}
	ivType := ir.Index
	if p.ParseOptionalPunct(":") {
		if ivType, err = p.ParseType(); err != nil {
			return err
		}
	}
	args[0].Type = ivType
	for i, t := range iterTypes {
		args[i+1].Type = t
	}
	st.OperandTypes = append([]ir.Type{ivType, ivType, ivType}, iterTypes...)
	st.ResultTypes = iterTypes
	return ir.ParseBodyAndAttrDict(p, st, args)
}

func printFor(p ir.AsmPrinter, op *ir.Operation) {
	body := op.Body(0)
	if op.HasAttr("unsignedCmp") {
		p.Write(" unsigned")
	}
	p.Write(" ")
	p.Operand(body.Args[0])
	p.Write(" = ")
	p.Operand(op.Operands[0])
	p.Write(" to ")
	p.Operand(op.Operands[1])
	p.Write(" step ")
	p.Operand(op.Operands[2])
	if len(op.Operands) > 3 {
		p.Write(" iter_args(")
		for i, init := range op.Operands[3:] {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(body.Args[i+1])
			p.Write(" = ")
			p.Operand(init)
		}
		p.Write(") -> (")
		p.Types(ir.ValueTypes(op.Results))
		p.Write(")")
	}
	if t := op.Operands[0].Type; t != ir.Index {
		p.Write("  : ")
		p.Type(t)
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, len(op.Results) > 0)
	p.AttrDict(op, "unsignedCmp")
}

func verifyFor(op *ir.Operation) error {
	if len(op.Regions) != 1 {
		return ir.Errorf(op, "requires one region")
	}
	if err := ir.VerifySingleBlockRegions(op, 0); err != nil {
		return err
	}
	if len(op.Operands) < 3 {
		return ir.Errorf(op, "requires lower bound, upper bound and step operands")
	}
	t := op.Operands[0].Type
	if op.Operands[1].Type != t || op.Operands[2].Type != t {
		return ir.Errorf(op, "requires the same type for the bounds and step")
	}
	inits := op.Operands[3:]
	if len(inits) != len(op.Results) {
		return ir.Errorf(op, "mismatch in number of loop-carried values and defined values")
	}
	body := op.Body(0)
	if body == nil || len(body.Args) != len(inits)+1 {
		return ir.Errorf(op, "expects the body to have one induction variable and %d iter_args", len(inits))
	}
	if body.Args[0].Type != t {
		return ir.Errorf(op, "expected induction variable to be the same type as bounds and step")
	}
	for i, v := range inits {
		if v.Type != op.Results[i].Type || body.Args[i+1].Type != v.Type {
			return ir.Errorf(op, "types mismatch between iter operand %d and its region argument and result", i)
		}
	}
	if !ir.IsSignlessIntOrIndex(op.Operands[0].Type) {
		return ir.Errorf(op, "operand #0 must be signless integer or index, but got '%s'", op.Operands[0].Type)
	}
	if y := op.Body(0).Terminator(); y != nil && y.Name == "scf.yield" {
		for i, v := range y.Operands {
			if i < len(op.Results) && v.Type != op.Results[i].Type {
				return ir.Errorf(op, "%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'", i, i, op.Results[i].Type, v.Type)
			}
		}
	}
	return nil
}
