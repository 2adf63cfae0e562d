package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

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
