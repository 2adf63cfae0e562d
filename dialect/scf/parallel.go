package scf

import (
	"github.com/pto-opt/pto-opt/dialect/arith"
	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		ir.Declare(&ir.OpDef{
			Name: "scf.parallel", Summary: "a parallel loop nest with reductions",
			Inherent:           []string{"operandSegmentSizes"},
			ImplicitTerminator: "scf.reduce",
			Parse:              parseParallel, Print: printParallel,
			Checks: []ir.TraitCheck{ir.SingleBlockImplicitTerminator("scf.reduce")},
			Verify: verifyParallel,
		}, ir.OpSyntax{
			Operands: []ir.Arg{
				{Name: "lowerBound", Mode: ir.Variadic, Type: ir.Index},
				{Name: "upperBound", Mode: ir.Variadic, Type: ir.Index},
				{Name: "step", Mode: ir.Variadic, Type: ir.Index},
				{Name: "initVals", Mode: ir.Variadic}},
			SegmentedOperands: true,
			Results:           []ir.Arg{{Name: "results", Mode: ir.Variadic}},
			Regions:           []string{"region"},
			RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1)},
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "scf.reduce", Summary: "the reductions of a parallel loop iteration",
			Traits:        ir.Terminator | ir.Pure,
			Checks:        []ir.TraitCheck{ir.HasParent("scf.parallel")},
			Verify:        verifyReduce,
			VerifyRegions: verifyReduceRegions,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "operands", Mode: ir.Variadic}},
			Regions:  []string{"reductions"}, VariadicRegions: true,
			RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1)},
			Format:            "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "scf.reduce.return", Summary: "the result of a reduction region",
			Traits: ir.Terminator | ir.Pure,
			Checks: []ir.TraitCheck{ir.HasParent("scf.reduce")},
			Verify: verifyReduceReturn,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "result"}},
			Format:   "$result attr-dict `:` type($result)",
		}),
	)
}

// ---- scf.parallel / scf.reduce ----

// parseParallel reads `(%i, ...) = (lbs) to (ubs) step (steps) [init (...)
// -> types] region attr-dict` (hand-written upstream too).
func parseParallel(p ir.AsmParser, st *ir.OperationState) error {
	ivs, err := p.ParseArgumentList("(", false)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	list := func() ([]ir.OperandRef, error) {
		loc := p.Loc()
		vs, err := p.ParseOperandList("(")
		if err == nil && len(vs) != len(ivs) {
			err = p.ErrorAt(loc, "expected %d operands", len(ivs))
		}
		return vs, err
	}
	lbs, err := list()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ubs, err := list()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("step"); err != nil {
		return err
	}
	steps, err := list()
	if err != nil {
		return err
	}
	var inits []ir.OperandRef
	if p.ParseOptionalKeyword("init") {
		if inits, err = p.ParseOperandList("("); err != nil {
			return err
		}
	}
	if err := ir.ParseOptionalArrowTypes(p, st); err != nil {
		return err
	}
	for i := range ivs {
		ivs[i].Type = ir.Index
	}
	st.Operands = append(append(append(append(st.Operands, lbs...), ubs...), steps...), inits...)
	st.OperandTypes = append(ir.IndexTypes(3*len(ivs)), st.ResultTypes...)
	st.AddAttr("operandSegmentSizes", ir.I32Array(int64(len(lbs)), int64(len(ubs)), int64(len(steps)), int64(len(inits))))
	if err := ir.ParseBodyAndAttrDict(p, st, ivs); err != nil {
		return err
	}
	if len(inits) != len(st.ResultTypes) {
		return p.ErrorAt(st.Loc, "number of operands and types do not match: got %d operands and %d types", len(inits), len(st.ResultTypes))
	}
	return nil
}

func printParallel(p ir.AsmPrinter, op *ir.Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	group := func(k int) []*ir.Value {
		at := 0
		for _, n := range seg[:k] {
			at += n
		}
		return op.Operands[at : at+seg[k]]
	}
	list := func(vs []*ir.Value) {
		p.Write("(")
		p.Operands(vs)
		p.Write(")")
	}
	p.Write(" ")
	list(blockArgs(op, 0))
	p.Write(" = ")
	list(group(0))
	p.Write(" to ")
	list(group(1))
	p.Write(" step ")
	list(group(2))
	if inits := group(3); len(inits) > 0 {
		p.Write(" init ")
		list(inits)
	}
	ir.PrintArrowTypes(p, op.Results, false)
	p.Write(" ")
	p.Region(op.Regions()[0], false, true)
	p.AttrDict(op, "operandSegmentSizes")
}

// verifyParallel is ParallelOp::verify.
func verifyParallel(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	n := seg[2]
	if n == 0 {
		return ir.Errorf(op, "needs at least one tuple element for lowerBound, upperBound and step")
	}
	for _, s := range op.Operands[seg[0]+seg[1] : seg[0]+seg[1]+n] {
		if c, ok := arith.ConstantInt(s); ok && c <= 0 {
			return ir.Errorf(op, "constant step operand must be positive")
		}
	}
	args := blockArgs(op, 0)
	if len(args) != n {
		return ir.Errorf(op, "expects the same number of induction variables: %d as bound and step values: %d", len(args), n)
	}
	for _, a := range args {
		if a.Type != ir.Index {
			return ir.Errorf(op, "expects arguments for the induction variable to be of index type")
		}
	}
	red, err := terminatorOf(op, 0, "scf.reduce", "expects body to terminate with 'scf.reduce'")
	if err != nil {
		return err
	}
	if len(op.Results) != len(red.Regions()) {
		return ir.Errorf(op, "expects number of results: %d to be the same as number of reductions: %d", len(op.Results), len(red.Regions()))
	}
	if len(op.Results) != seg[3] {
		return ir.Errorf(op, "expects number of results: %d to be the same as number of initial values: %d", len(op.Results), seg[3])
	}
	for i, r := range op.Results {
		if i < len(red.Operands) && red.Operands[i].Type != r.Type {
			return ir.Errorf(red, "expects type of %d-th reduction operand: '%s' to be the same as the %d-th result type: '%s'", i, red.Operands[i].Type, i, r.Type)
		}
	}
	return nil
}

// verifyReduce: one reduction region per operand.
func verifyReduce(op *ir.Operation) error {
	if len(op.Regions()) != len(op.Operands) {
		return ir.Errorf(op, "expects number of reduction regions: %d to be the same as number of reduction operands: %d", len(op.Regions()), len(op.Operands))
	}
	return nil
}

// verifyReduceRegions is ReduceOp::verifyRegions: each reduction takes two
// values of its operand's type and ends with scf.reduce.return.
func verifyReduceRegions(op *ir.Operation) error {
	for i, r := range op.Regions() {
		t := op.Operands[i].Type
		b := r.Blocks[0]
		if len(b.Ops) == 0 {
			return ir.Errorf(op, "%d-th reduction has an empty body", i)
		}
		if len(b.Args) != 2 || b.Args[0].Type != t || b.Args[1].Type != t {
			return ir.Errorf(op, "expected two block arguments with type '%s' in the %d-th reduction region", t, i)
		}
		if b.Ops[len(b.Ops)-1].Name != "scf.reduce.return" {
			return ir.Errorf(op, "reduction bodies must be terminated with an 'scf.reduce.return' op")
		}
	}
	return nil
}

// verifyReduceReturn is ReduceReturnOp::verify: the type of the reduction
// region's arguments.
func verifyReduceReturn(op *ir.Operation) error {
	if args := op.Block.Args; len(args) > 0 && args[0].Type != op.Operands[0].Type {
		return ir.Errorf(op, "must have type '%s' (the type of the reduction inputs)", args[0].Type)
	}
	return nil
}
