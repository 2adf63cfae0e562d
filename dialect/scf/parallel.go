package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "scf.parallel", Summary: "a parallel loop nest with reductions",
			Inherent:           []string{"operandSegmentSizes"},
			ImplicitTerminator: "scf.reduce",
			Parse:              parseParallel, Print: printParallel, VerifyRegions: verifyParallel,
		},
		ir.WithFormat(&ir.OpDef{
			Name: "scf.reduce", Summary: "the reductions of a parallel loop iteration",
			Traits:        ir.Terminator | ir.Pure,
			VerifyRegions: verifyReduce,
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "operands", Mode: ir.Variadic}},
			Regions:  []string{"reductions"}, VariadicRegions: true,
			Format: "(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "scf.reduce.return", Summary: "the result of a reduction region",
			Traits:        ir.Terminator | ir.Pure,
			VerifyRegions: verifyReduceReturn,
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
	lbs, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ubs, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("step"); err != nil {
		return err
	}
	steps, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	if len(lbs) != len(ivs) || len(ubs) != len(ivs) || len(steps) != len(ivs) {
		return p.Errorf("expected %d bounds and steps, one per induction variable", len(ivs))
	}
	var inits []ir.OperandRef
	if p.ParseOptionalKeyword("init") {
		if inits, err = p.ParseOperandList("("); err != nil {
			return err
		}
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(ts) != len(inits) {
			return p.Errorf("expected %d types for the init values", len(inits))
		}
		st.ResultTypes = ts
	}
	for i := range ivs {
		ivs[i].Type = ir.Index
	}
	st.Operands = append(append(append(append(st.Operands, lbs...), ubs...), steps...), inits...)
	st.OperandTypes = append(ir.IndexTypes(3*len(ivs)), st.ResultTypes...)
	st.AddAttr("operandSegmentSizes", ir.I32Array(int64(len(lbs)), int64(len(ubs)), int64(len(steps)), int64(len(inits))))
	return ir.ParseBodyAndAttrDict(p, st, ivs)
}

func printParallel(p ir.AsmPrinter, op *ir.Operation) {
	body := op.Body(0)
	n := 0
	if body != nil {
		n = len(body.Args)
	}
	list := func(vs []*ir.Value) {
		p.Write("(")
		p.Operands(vs)
		p.Write(")")
	}
	p.Write(" ")
	if body != nil {
		list(body.Args)
	}
	p.Write(" = ")
	list(op.Operands[:n])
	p.Write(" to ")
	list(op.Operands[n : 2*n])
	p.Write(" step ")
	list(op.Operands[2*n : 3*n])
	if len(op.Operands) > 3*n {
		p.Write(" init ")
		list(op.Operands[3*n:])
		ir.PrintArrowTypes(p, op.Results, false)
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, true)
	p.AttrDict(op, "operandSegmentSizes")
}

func verifyParallel(op *ir.Operation) error {
	seg, err := ir.VerifySegments(op, 4, true)
	if err != nil {
		return err
	}
	if seg[0] != seg[1] || seg[0] != seg[2] {
		return ir.Errorf(op, "expects the same number of lower bounds, upper bounds and steps")
	}
	if err := ir.VerifySingleBlockRegions(op, 0); err != nil {
		return err
	}
	body := op.Body(0)
	if len(body.Args) != seg[0] {
		return ir.Errorf(op, "expects the same number of induction variables: %d as bound and step values: %d", len(body.Args), seg[0])
	}
	for _, a := range body.Args {
		if a.Type != ir.Index {
			return ir.Errorf(op, "expects arguments for the induction variable to be of index type")
		}
	}
	if seg[3] != len(op.Results) {
		return ir.Errorf(op, "expects number of results: %d to be the same as number of initial values: %d", len(op.Results), seg[3])
	}
	if err := ir.VerifyIndexOperands(op, 0); err != nil && 3*seg[0] > 0 {
		for i := 0; i < 3*seg[0]; i++ {
			if op.Operands[i].Type != ir.Index {
				return err
			}
		}
	}
	red := body.Terminator()
	if red == nil || red.Name != "scf.reduce" {
		return ir.Errorf(op, "expects the body to end with 'scf.reduce'")
	}
	if len(red.Operands) != len(op.Results) {
		return ir.Errorf(op, "expects number of results: %d to be the same as number of reductions: %d", len(op.Results), len(red.Operands))
	}
	for i, v := range red.Operands {
		if v.Type != op.Results[i].Type {
			d := ir.Errorf(op, "expects type of %d-th reduction operand: %s to be the same as the %d-th result type: %s", i, v.Type, i, op.Results[i].Type).(*ir.Diagnostic)
			return d
		}
	}
	return nil
}

func verifyReduce(op *ir.Operation) error {
	if p := op.ParentOp(); p == nil || p.Name != "scf.parallel" {
		return ir.Errorf(op, "expects parent op 'scf.parallel'")
	}
	if len(op.Regions) != len(op.Operands) {
		return ir.Errorf(op, "expects number of reduction regions: %d to be the same as number of reduction operands: %d", len(op.Regions), len(op.Operands))
	}
	for i, r := range op.Regions {
		t := op.Operands[i].Type
		if len(r.Blocks) == 0 || len(r.Blocks[0].Args) != 2 || r.Blocks[0].Args[0].Type != t || r.Blocks[0].Args[1].Type != t {
			return ir.Errorf(op, "expected two block arguments with type %s in the %d-th reduction region", t, i)
		}
		ret := r.Blocks[len(r.Blocks)-1].Terminator()
		if ret == nil || ret.Name != "scf.reduce.return" {
			return ir.Errorf(op, "reduction bodies must be terminated with an 'scf.reduce.return' op")
		}
	}
	return nil
}

func verifyReduceReturn(op *ir.Operation) error {
	if err := ir.ExpectResults(op, 0); err != nil {
		return err
	}
	red := op.ParentOp()
	if red == nil || red.Name != "scf.reduce" {
		return ir.Errorf(op, "expects parent op 'scf.reduce'")
	}
	r := op.Block.Region.Index()
	if len(op.Operands) != 1 {
		return ir.Errorf(op, "expects one operand")
	}
	if r >= 0 && r < len(red.Operands) && op.Operands[0].Type != red.Operands[r].Type {
		return ir.Errorf(op, "must have type %s (the type of the reduction inputs), but got %s", red.Operands[r].Type, op.Operands[0].Type)
	}
	return nil
}
