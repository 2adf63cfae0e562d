package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(ir.Declare(&ir.OpDef{
		Name: "scf.execute_region", Summary: "a region executed once",
		Inherent: []string{"no_inline"},
		Branch:   executeBranch{},
		Parse:    parseExecuteRegion, Print: printExecuteRegion,
		Checks: []ir.TraitCheck{ir.RegionBranchTypes},
		Verify: verifyExecuteRegion,
	}, ir.OpSyntax{
		Results: []ir.Arg{{Name: "results", Mode: ir.Variadic}},
		Regions: []string{"region"},
	}))
}

// ---- scf.execute_region ----

// parseExecuteRegion reads `[-> types] [no_inline] region attr-dict`
// (hand-written upstream too).
func parseExecuteRegion(p ir.AsmParser, st *ir.OperationState) error {
	if err := ir.ParseOptionalArrowTypes(p, st); err != nil {
		return err
	}
	if p.ParseOptionalKeyword("no_inline") {
		st.AddAttr("no_inline", ir.Unit)
	}
	return ir.ParseBodyAndAttrDict(p, st, nil)
}

func printExecuteRegion(p ir.AsmPrinter, op *ir.Operation) {
	ir.PrintArrowTypes(p, op.Results, false)
	if op.HasAttr("no_inline") {
		p.Write(" no_inline")
	}
	p.Write(" ")
	p.Region(op.Regions()[0], false, true)
	p.AttrDict(op, "no_inline")
}

// executeBranch: the region runs once; its yields give the results.
type executeBranch struct{ ir.RunsOnce }

func (executeBranch) AppendSuccessors(dst []ir.RegionSuccessor, op, from *ir.Operation) []ir.RegionSuccessor {
	if from == nil {
		return append(dst, ir.RegionSuccessor{Region: 0})
	}
	vals, ok := yielded(from, "scf.yield")
	if !ok {
		return dst
	}
	return append(dst, ir.RegionSuccessor{Region: ir.ToParent, Operands: vals, Inputs: op.Results})
}

// verifyExecuteRegion is ExecuteRegionOp::verify.
func verifyExecuteRegion(op *ir.Operation) error {
	if len(op.Regions()[0].Blocks) == 0 {
		return ir.Errorf(op, "region needs to have at least one block")
	}
	if len(op.Regions()[0].Blocks[0].Args) > 0 {
		return ir.Errorf(op, "region cannot have any arguments")
	}
	return nil
}
