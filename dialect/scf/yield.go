package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "scf.yield", Summary: "yield values to the parent op",
			Traits:        ir.Terminator | ir.ReturnLike | ir.Pure,
			VerifyRegions: verifyYield,
		}, ir.ReturnSyntax("results")),
	)
}

// verifyYield checks a yield against where it returns to: the results
// of scf.if and scf.for (and the loop's iter_args), or the 'before'
// arguments of scf.while. Mismatches are reported on the parent, as
// mlir-opt reports them.
func verifyYield(op *ir.Operation) error {
	p := op.ParentOp()
	yieldParents := map[string]bool{"scf.for": true, "scf.if": true, "scf.while": true, "scf.execute_region": true, "scf.index_switch": true}
	if p == nil || !yieldParents[p.Name] ||
		p.Name == "scf.while" && (op.Block == nil || op.Block.Region != p.Regions[len(p.Regions)-1]) {
		return ir.Errorf(op, "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'")
	}
	got := op.Operands
	switch p.Name {
	case "scf.for":
		if len(got) != len(p.Results) {
			return ir.Errorf(p, "different number of region iter_args and yielded values: %d != %d", len(p.Results), len(got))
		}
		for i, v := range got {
			if v.Type != p.Results[i].Type {
				return ir.Errorf(p, "%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'", i, i, p.Results[i].Type, v.Type)
			}
		}
		return nil
	case "scf.if", "scf.execute_region":
		return checkSuccessorTypes(p, op, "parent", got, ir.ValueTypes(p.Results))
	case "scf.index_switch":
		return nil // the switch checks every region's yield itself
	}
	var want []ir.Type
	if b := p.Body(0); b != nil {
		want = ir.ValueTypes(b.Args)
	}
	return checkSuccessorTypes(p, op, "Region #0", got, want)
}

// checkSuccessorTypes checks the values terminator term forwards to a
// region successor of p, reporting on p with a note at term.
func checkSuccessorTypes(p, term *ir.Operation, to string, got []*ir.Value, want []ir.Type) error {
	fail := func(format string, args ...any) error {
		d := ir.Errorf(p, "along control flow edge from Operation %s to %s: "+format, append([]any{term.Name, to}, args...)...).(*ir.Diagnostic)
		return d.WithNote(term.Loc, "region branch point")
	}
	if len(got) != len(want) {
		return fail("region branch point has %d operands, but region successor needs %d inputs", len(got), len(want))
	}
	for i, v := range got {
		if v.Type != want[i] {
			return fail("successor operand type #%d '%s' should match successor input type #%d '%s'", i, v.Type, i, want[i])
		}
	}
	return nil
}
