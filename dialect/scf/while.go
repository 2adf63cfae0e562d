package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "scf.while", Summary: "a general loop with a condition region",
			Branch:        whileBranch{},
			Parse:         parseWhile,
			Print:         printWhile,
			VerifyRegions: verifyWhile,
		},
		ir.WithFormat(&ir.OpDef{
			Name: "scf.condition", Summary: "the continuation condition of scf.while",
			Traits:        ir.Terminator | ir.Pure,
			VerifyRegions: verifyCondition,
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
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return p.Errorf("expected function type")
	}
	if len(ft.Inputs) != len(args) {
		return p.Errorf("expected as many input types as operands (expected %d got %d)", len(args), len(ft.Inputs))
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
	p.Region(op.Regions[0], false, true)
	p.Write(" do ")
	p.Region(op.Regions[1], true, true)
	p.AttrDictWithKeyword(op)
}

func verifyWhile(op *ir.Operation) error {
	if len(op.Regions) != 2 {
		return ir.Errorf(op, "requires two regions")
	}
	before := op.Body(0)
	if before == nil || len(before.Args) != len(op.Operands) {
		return ir.Errorf(op, "expects the 'before' region to take the operands as arguments")
	}
	if err := ir.VerifySingleBlockRegions(op, 0, 1); err != nil {
		return err
	}
	for i, a := range op.Body(0).Args {
		if a.Type != op.Operands[i].Type {
			return ir.Errorf(op, "along control flow edge from parent operands to Region #0: successor operand type #%d '%s' should match successor input type #%d '%s'", i, op.Operands[i].Type, i, a.Type)
		}
	}
	if c := op.Body(0).Terminator(); c == nil || c.Name != "scf.condition" {
		return ir.Errorf(op, "expects the 'before' region to end with 'scf.condition'")
	}
	return nil
}

// verifyCondition checks the forwarded values against the while's
// results and 'after' region arguments.
func verifyCondition(op *ir.Operation) error {
	w := op.ParentOp()
	if w == nil || w.Name != "scf.while" {
		return ir.Errorf(op, "expects parent op 'scf.while'")
	}
	args := op.Operands[1:]
	if err := checkSuccessorTypes(w, op, "parent", args, ir.ValueTypes(w.Results)); err != nil {
		return err
	}
	if after := w.Body(1); after != nil {
		return checkSuccessorTypes(w, op, "Region #1", args, ir.ValueTypes(after.Args))
	}
	return nil
}
