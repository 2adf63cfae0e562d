package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(ir.Declare(&ir.OpDef{
		Name: "scf.for", Summary: "a counted loop with loop-carried values",
		Inherent:           []string{"unsignedCmp"},
		Branch:             forBranch{},
		Interfaces:         []any{forBranch{}},
		ImplicitTerminator: "scf.yield",
		Parse:              parseFor,
		Print:              printFor,
		Preds:              []ir.Pred{ir.AllTypesMatch("lowerBound", "upperBound", "step")},
		Checks: []ir.TraitCheck{ir.SingleBlockImplicitTerminator("scf.yield"),
			ir.LoopLikeOpInterface(forBranch{}), ir.RegionBranchTypes},
		Verify:        verifyFor,
		VerifyRegions: verifyForRegions,
	}, ir.OpSyntax{
		Operands: []ir.Arg{
			{Name: "lowerBound", Constraint: ir.AnySignlessIntegerOrIndexC},
			{Name: "upperBound", Constraint: ir.AnySignlessIntegerOrIndexC},
			{Name: "step", Constraint: ir.AnySignlessIntegerOrIndexC},
			{Name: "initArgs", Mode: ir.Variadic}},
		Results:           []ir.Arg{{Name: "results", Mode: ir.Variadic}},
		Regions:           []string{"region"},
		RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1)},
	}))
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

// AppendSuccessors: entering the loop, or leaving its body through scf.yield,
// the values go to the iter_args of the next iteration or to the results.
func (b forBranch) AppendSuccessors(dst []ir.RegionSuccessor, op, from *ir.Operation) []ir.RegionSuccessor {
	vals := b.LoopInits(op)
	if from != nil {
		var ok bool
		if vals, ok = yielded(from, "scf.yield"); !ok {
			return dst
		}
	}
	args, _ := b.RegionIterArgs(op)
	return append(dst, ir.RegionSuccessor{Region: 0, Operands: vals, Inputs: args},
		ir.RegionSuccessor{Region: ir.ToParent, Operands: vals, Inputs: op.Results})
}

// scf.for is loop-like (ir.LoopLike): the inits are the operands after the
// bounds and step, the iter_args the body's arguments after the induction
// variable.

func (forBranch) LoopInits(op *ir.Operation) []*ir.Value {
	return op.Operands[min(3, len(op.Operands)):]
}

func (forBranch) RegionIterArgs(op *ir.Operation) ([]*ir.Value, uint64) {
	args := blockArgs(op, 0)
	if len(args) == 0 {
		return nil, ^uint64(0) // as MLIR counts them: one induction variable less than none
	}
	return args[1:], uint64(len(args) - 1)
}

func (forBranch) YieldedValues(op *ir.Operation) []*ir.Value {
	if b := op.Body(0); b != nil && len(b.Ops) > 0 {
		v, _ := yielded(b.Ops[len(b.Ops)-1], "scf.yield")
		return v
	}
	return nil
}

func (forBranch) LoopResults(op *ir.Operation) ([]*ir.Value, bool) { return op.Results, true }

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
	st.AddOperand(lb)
	st.AddOperand(ub)
	st.AddOperand(step)
	args := st.Scratch.AppendArgument(nil, iv)
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
			return p.ErrorAt(st.Loc, "mismatch in number of loop-carried values and defined values")
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
	for range 3 {
		st.AddOperandType(ivType)
	}
	for _, t := range iterTypes {
		st.AddOperandType(t)
	}
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
		p.ValueTypes(op.Results)
		p.Write(")")
	}
	if t := op.Operands[0].Type; t != ir.Index {
		p.Write("  : ")
		p.Type(t)
	}
	p.Write(" ")
	p.Region(op.Regions()[0], false, len(op.Results) > 0)
	p.AttrDict(op, "unsignedCmp")
}

// verifyFor is ForOp::verify: as many results as inits.
func verifyFor(op *ir.Operation) error {
	if len(op.Operands)-3 != len(op.Results) {
		return ir.Errorf(op, "mismatch in number of loop-carried values and defined values")
	}
	return nil
}

// verifyForRegions is ForOp::verifyRegions, once the LoopLikeOpInterface
// check found the iter_args in agreement with the inits and results.
func verifyForRegions(op *ir.Operation) error {
	if args := blockArgs(op, 0); len(args) == 0 || args[0].Type != op.Operands[0].Type {
		return ir.Errorf(op, "expected induction variable to be same type as bounds and step")
	}
	return nil
}
