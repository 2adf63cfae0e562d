package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.Declare(&ir.OpDef{
			Name: "scf.forall", Summary: "a parallel loop over a multi-dimensional range",
			Inherent:           []string{"staticLowerBound", "staticUpperBound", "staticStep", "mapping", "operandSegmentSizes"},
			ImplicitTerminator: "scf.forall.in_parallel",
			Parse:              parseForall, Print: printForall,
			Checks: []ir.TraitCheck{ir.SingleBlockImplicitTerminator("scf.forall.in_parallel")},
			Verify: verifyForall,
		}, ir.OpSyntax{
			Operands: []ir.Arg{
				{Name: "dynamicLowerBound", Mode: ir.Variadic, Type: ir.Index},
				{Name: "dynamicUpperBound", Mode: ir.Variadic, Type: ir.Index},
				{Name: "dynamicStep", Mode: ir.Variadic, Type: ir.Index},
				{Name: "outputs", Mode: ir.Variadic, Constraint: ir.RankedTensorOf()}},
			SegmentedOperands: true,
			Results:           []ir.Arg{{Name: "results", Mode: ir.Variadic}},
			Attrs: []ir.AttrArg{
				{Name: "staticLowerBound", Kind: ir.AttrDenseArray, Type: ir.I64},
				{Name: "staticUpperBound", Kind: ir.AttrDenseArray, Type: ir.I64},
				{Name: "staticStep", Kind: ir.AttrDenseArray, Type: ir.I64}},
			Regions:           []string{"region"},
			RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1)},
		}),
		ir.Declare(&ir.OpDef{
			Name: "scf.forall.in_parallel", Summary: "the parallel combining terminator of scf.forall",
			Traits: ir.Terminator | ir.Pure | ir.NoTerminator,
			Checks: []ir.TraitCheck{ir.HasParent("scf.forall")},
			Parse: func(p ir.AsmParser, st *ir.OperationState) error {
				r, err := p.ParseRegion(nil)
				if err != nil {
					return err
				}
				st.Regions = []*ir.RegionState{r}
				return ir.ParseTrailingAttrDict(p, st)
			},
			Print: func(p ir.AsmPrinter, op *ir.Operation) {
				p.Write(" ")
				p.Region(op.Regions()[0], false, false)
				p.AttrDict(op)
			},
		}, ir.OpSyntax{
			Regions:           []string{"region"},
			RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1)},
		}),
	)
}

// ---- scf.forall ----

// parseMixedParens reads (a, %b, 3), a dynamic index list in parentheses.
func parseMixedParens(p ir.AsmParser) (dyn []ir.OperandRef, static []int64, err error) {
	return ir.ParseDynamicIndexList(p, "(", ")", false)
}

func parseForall(p ir.AsmParser, st *ir.OperationState) error {
	ivs, err := p.ParseArgumentList("(", false)
	if err != nil {
		return err
	}
	var dyn [3][]ir.OperandRef
	var static [3][]int64
	if p.ParseOptionalKeyword("in") {
		if dyn[1], static[1], err = parseMixedParens(p); err != nil {
			return err
		}
		static[0] = make([]int64, len(ivs))
		static[2] = make([]int64, len(ivs))
		for i := range static[2] {
			static[2][i] = 1
		}
	} else {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		if dyn[0], static[0], err = parseMixedParens(p); err != nil {
			return err
		}
		if err := p.ParseKeyword("to"); err != nil {
			return err
		}
		if dyn[1], static[1], err = parseMixedParens(p); err != nil {
			return err
		}
		if err := p.ParseKeyword("step"); err != nil {
			return err
		}
		if dyn[2], static[2], err = parseMixedParens(p); err != nil {
			return err
		}
	}
	// How many bounds there are is the verifier's to check, as it is
	// mlir-opt's.
	for i := range ivs {
		ivs[i].Type = ir.Index
	}
	args := ivs
	var outs []ir.OperandRef
	outsLoc := p.Loc()
	if p.ParseOptionalKeyword("shared_outs") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		tmp := &ir.OperationState{}
		if args, err = parseArgInits(p, tmp, args); err != nil {
			return err
		}
		outs = tmp.Operands
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(ts) != len(outs) {
			return p.ErrorAt(outsLoc, "number of operands and types do not match: got %d operands and %d types", len(outs), len(ts))
		}
		for i, t := range ts {
			args[len(ivs)+i].Type = t
		}
		st.ResultTypes = ts
	}
	for k := range 3 {
		st.Operands = append(st.Operands, dyn[k]...)
		st.OperandTypes = append(st.OperandTypes, ir.IndexTypes(len(dyn[k]))...)
	}
	st.Operands = append(st.Operands, outs...)
	st.OperandTypes = append(st.OperandTypes, st.ResultTypes...)
	st.AddAttr("staticLowerBound", ir.I64Array(static[0]...))
	st.AddAttr("staticUpperBound", ir.I64Array(static[1]...))
	st.AddAttr("staticStep", ir.I64Array(static[2]...))
	st.AddAttr("operandSegmentSizes", ir.I32Array(int64(len(dyn[0])), int64(len(dyn[1])), int64(len(dyn[2])), int64(len(outs))))
	return ir.ParseBodyAndAttrDict(p, st, args)
}

func printMixedParens(p ir.AsmPrinter, static []int64, dyn []*ir.Value) {
	ir.PrintDynamicIndexList(p, "(", ")", static, dyn)
}

func printForall(p ir.AsmPrinter, op *ir.Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	body := op.Body(0)
	if len(seg) != 4 || body == nil {
		return
	}
	lb, ub, step := ir.DenseArrayValues(op, "staticLowerBound"), ir.DenseArrayValues(op, "staticUpperBound"), ir.DenseArrayValues(op, "staticStep")
	rank := len(lb)
	p.Write(" (")
	p.Operands(body.Args[:rank])
	p.Write(")")
	at := 0
	dyn := func(k int) []*ir.Value {
		out := op.Operands[at : at+seg[k]]
		at += seg[k]
		return out
	}
	dLB, dUB, dStep := dyn(0), dyn(1), dyn(2)
	normalized := len(dLB) == 0 && len(dStep) == 0
	for i := range rank {
		if lb[i] != 0 || step[i] != 1 {
			normalized = false
		}
	}
	if normalized {
		p.Write(" in ")
		printMixedParens(p, ub, dUB)
	} else {
		p.Write(" = ")
		printMixedParens(p, lb, dLB)
		p.Write(" to ")
		printMixedParens(p, ub, dUB)
		p.Write(" step ")
		printMixedParens(p, step, dStep)
	}
	if outs := op.Operands[at:]; len(outs) > 0 {
		p.Write(" shared_outs(")
		for i, v := range outs {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(body.Args[rank+i])
			p.Write(" = ")
			p.Operand(v)
		}
		p.Write(") -> (")
		p.ValueTypes(op.Results)
		p.Write(")")
	}
	p.Write(" ")
	p.Region(op.Regions()[0], false, false)
	p.AttrDict(op, "staticLowerBound", "staticUpperBound", "staticStep", "operandSegmentSizes")
}

// verifyForall is ForallOp::verify: a result and a block argument per
// shared output, an index argument per loop, then the mixed static and
// dynamic bounds (reported, as mlir-opt does, without naming the op).
func verifyForall(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	lb, ub, step := ir.DenseArrayValues(op, "staticLowerBound"), ir.DenseArrayValues(op, "staticUpperBound"), ir.DenseArrayValues(op, "staticStep")
	rank := len(lb)
	outs := op.Operands[len(op.Operands)-seg[3]:]
	if len(op.Results) != len(outs) {
		return ir.Errorf(op, "produces %d results, but has only %d outputs", len(op.Results), len(outs))
	}
	args := blockArgs(op, 0)
	if len(args) != rank+len(outs) {
		return ir.Errorf(op, "region expects %d arguments", rank)
	}
	for i := range rank {
		if args[i].Type != ir.Index {
			return ir.Errorf(op, "expects %d-th block argument to be an index", i)
		}
	}
	for i, o := range outs {
		if args[rank+i].Type != o.Type {
			return ir.Errorf(op, "type mismatch between %d-th output and corresponding block argument", i)
		}
	}
	for k, s := range [][]int64{lb, ub, step} {
		name := []string{"lower bound", "upper bound", "step"}[k]
		if len(s) != rank {
			return ir.NewError(op.Loc, "expected %d %s values, got %d", rank, name, len(s))
		}
		n := 0
		for _, v := range s {
			if v == ir.Dynamic {
				n++
			}
		}
		if n != seg[k] {
			return ir.NewError(op.Loc, "expected %d dynamic %s values", n, name)
		}
	}
	return nil
}
