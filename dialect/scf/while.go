package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.Declare(&ir.OpDef{
			Name: "scf.while", Summary: "a general loop with a condition region",
			Branch: whileBranch{},
			Parse:  parseWhile,
			Print:  printWhile,
			Checks: []ir.TraitCheck{ir.SingleBlock, ir.RegionBranchTypes, ir.LoopLikeOpInterface(whileBranch{})},
			Verify: verifyWhile,
		}, ir.OpSyntax{
			Operands:          []ir.Arg{{Name: "inits", Mode: ir.Variadic}},
			Results:           []ir.Arg{{Name: "results", Mode: ir.Variadic}},
			Regions:           []string{"before", "after"},
			RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1), ir.SizedRegion(1)},
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "scf.condition", Summary: "the continuation condition of scf.while",
			Traits: ir.Terminator | ir.Pure,
			Checks: []ir.TraitCheck{ir.HasParent("scf.while")},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "condition", Type: ir.I1}, {Name: "args", Mode: ir.Variadic}},
			Format:   "`(` $condition `)` attr-dict ($args^ `:` type($args))?",
		}),
	)
}

// ---- scf.while ----

type whileBranch struct{}

func (whileBranch) EntryEdges(op *ir.Operation) []ir.Edge {
	before := op.Body(0)
	var out []ir.Edge
	for i, v := range op.Operands {
		if before != nil && i < len(before.Args) {
			out = append(out, ir.Edge{From: v, To: before.Args[i]})
		}
	}
	return out
}

func (whileBranch) TerminatorEdges(op *ir.Operation, r int, term *ir.Operation) []ir.Edge {
	var out []ir.Edge
	if r == 0 { // scf.condition(%c) args -> after args and results
		after := op.Body(1)
		for i, v := range term.Operands[1:] {
			if after != nil && i < len(after.Args) {
				out = append(out, ir.Edge{From: v, To: after.Args[i]})
			}
			if i < len(op.Results) {
				out = append(out, ir.Edge{From: v, To: op.Results[i]})
			}
		}
		return out
	}
	before := op.Body(0)
	for i, v := range term.Operands {
		if before != nil && i < len(before.Args) {
			out = append(out, ir.Edge{From: v, To: before.Args[i]})
		}
	}
	return out
}

func (whileBranch) Loops(*ir.Operation, int) bool { return true }
func (whileBranch) Exclusive(*ir.Operation) bool  { return false }

// AppendSuccessors: entering, the 'before' region; scf.condition's values go to
// the results or the 'after' region, whose yield goes back to 'before'.
func (whileBranch) AppendSuccessors(dst []ir.RegionSuccessor, op, from *ir.Operation) []ir.RegionSuccessor {
	before := ir.RegionSuccessor{Region: 0, Inputs: blockArgs(op, 0)}
	if from == nil {
		before.Operands = op.Operands
		return append(dst, before)
	}
	if from.Block.Region.Index() == 0 {
		vals, ok := yielded(from, "scf.condition")
		if !ok {
			return dst
		}
		vals = vals[min(1, len(vals)):]
		return append(dst, ir.RegionSuccessor{Region: ir.ToParent, Operands: vals, Inputs: op.Results},
			ir.RegionSuccessor{Region: 1, Operands: vals, Inputs: blockArgs(op, 1)})
	}
	vals, ok := yielded(from, "scf.yield")
	if !ok {
		return dst
	}
	before.Operands = vals
	return append(dst, before)
}

// scf.while is loop-like (ir.LoopLike): its operands are the inits, the
// 'before' arguments the iter_args, the 'after' yield the yielded values;
// it declares no loop results.

func (whileBranch) LoopInits(op *ir.Operation) []*ir.Value { return op.Operands }

func (whileBranch) RegionIterArgs(op *ir.Operation) ([]*ir.Value, uint64) {
	args := blockArgs(op, 0)
	return args, uint64(len(args))
}

func (whileBranch) YieldedValues(op *ir.Operation) []*ir.Value {
	if b := op.Body(1); b != nil && len(b.Ops) > 0 {
		v, _ := yielded(b.Ops[len(b.Ops)-1], "scf.yield")
		return v
	}
	return nil
}

func (whileBranch) LoopResults(*ir.Operation) ([]*ir.Value, bool) { return nil, false }

// parseWhile reads `(%arg = %init, ...) : (T...) -> (U...) before do after
// [attributes {...}]` (hand-written upstream too: the before region's
// arguments are declared with the operands).
func parseWhile(p ir.AsmParser, st *ir.OperationState) error {
	var args []ir.Argument
	if p.ParseOptionalPunct("(") {
		var err error
		if args, err = parseArgInits(p, st, args); err != nil {
			return err
		}
	}
	typeLoc := p.Loc() // mlir-opt reports the type's errors at the colon
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return p.ErrorAt(typeLoc, "invalid kind of type specified: expected builtin.function, but found '%s'", t)
	}
	if len(ft.Inputs) != len(args) {
		return p.ErrorAt(typeLoc, "expected as many input types as operands (expected %d got %d)", len(args), len(ft.Inputs))
	}
	for i := range args {
		args[i].Type = ft.Inputs[i]
	}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	before, err := p.ParseRegion(args)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("do"); err != nil {
		return err
	}
	after, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*ir.RegionState{before, after}
	if p.ParseOptionalKeyword("attributes") {
		return ir.ParseTrailingAttrDict(p, st)
	}
	return nil
}

func printWhile(p ir.AsmPrinter, op *ir.Operation) {
	before := op.Body(0)
	if len(op.Operands) > 0 {
		p.Write(" (")
		for i, v := range op.Operands {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(before.Args[i])
			p.Write(" = ")
			p.Operand(v)
		}
		p.Write(")")
	}
	p.Write(" : ")
	p.Type(ir.Function(ir.ValueTypes(op.Operands), ir.ValueTypes(op.Results)))
	p.Write(" ")
	p.Region(op.Regions()[0], false, true)
	p.Write(" do ")
	p.Region(op.Regions()[1], true, true)
	p.AttrDictWithKeyword(op)
}

// verifyWhile is WhileOp::verify: the terminators of its regions.
func verifyWhile(op *ir.Operation) error {
	if _, err := terminatorOf(op, 0, "scf.condition", "expects the 'before' region to terminate with 'scf.condition'"); err != nil {
		return err
	}
	_, err := terminatorOf(op, 1, "scf.yield", "expects the 'after' region to terminate with 'scf.yield'")
	return err
}
