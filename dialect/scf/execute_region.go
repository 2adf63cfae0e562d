package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

// The scf ops of LLVM 22 beyond for, if and while: execute_region,
// index_switch, parallel with its reduce, and forall with in_parallel.
//
// scf.parallel and scf.forall declare no RegionBranch: their iterations
// may run at the same time, which the analyses' sequential region model
// (a loop runs its body once after another) does not describe, so they
// treat these ops like any op with unknown region control flow.

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "scf.execute_region", Summary: "a region executed once",
			Inherent: []string{"no_inline"},
			Branch:   ir.RunsOnce{},
			Parse:    parseExecuteRegion, Print: printExecuteRegion, Verify: verifyExecuteRegion,
		},
	)
}

// ---- scf.execute_region ----

func parseExecuteRegion(p ir.AsmParser, st *ir.OperationState) error {
	if p.PeekPunct("->") {
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		st.ResultTypes = ts
	}
	if p.ParseOptionalKeyword("no_inline") {
		st.AddAttr("no_inline", ir.Unit)
	}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*ir.RegionState{r}
	return ir.ParseTrailingAttrDict(p, st)
}

func printExecuteRegion(p ir.AsmPrinter, op *ir.Operation) {
	if len(op.Results) > 0 {
		p.Write(" -> ")
		if len(op.Results) == 1 {
			p.Type(op.Results[0].Type)
		} else {
			p.Write("(")
			p.Types(ir.ValueTypes(op.Results))
			p.Write(")")
		}
	}
	if op.HasAttr("no_inline") {
		p.Write(" no_inline")
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, true)
	p.AttrDict(op, "no_inline")
}

func verifyExecuteRegion(op *ir.Operation) error {
	if len(op.Regions) != 1 || len(op.Regions[0].Blocks) == 0 {
		return ir.Errorf(op, "region needs to have at least one block")
	}
	if len(op.Regions[0].Blocks[0].Args) > 0 {
		return ir.Errorf(op, "region cannot have any arguments")
	}
	return nil
}
