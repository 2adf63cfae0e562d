package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(ir.Declare(&ir.OpDef{
		Name: "scf.if", Summary: "a conditional with optional results",
		Branch:             ifBranch{},
		Interfaces:         []any{ifBranch{}},
		ImplicitTerminator: "scf.yield",
		Parse:              parseIf,
		Print:              printIf,
		Checks:             []ir.TraitCheck{ir.SingleBlockImplicitTerminator("scf.yield"), ir.NoRegionArguments, ir.RegionBranchTypes},
		Verify:             verifyIf,
	}, ir.OpSyntax{
		Operands:          []ir.Arg{{Name: "condition", Type: ir.I1}},
		Results:           []ir.Arg{{Name: "results", Mode: ir.Variadic}},
		Regions:           []string{"thenRegion", "elseRegion"},
		RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1), ir.MaxSizedRegion(1)},
	}))
}

// ---- scf.if ----

type ifBranch struct{}

func (ifBranch) EntryEdges(*ir.Operation) []ir.Edge { return nil }
func (ifBranch) TerminatorEdges(op *ir.Operation, r int, term *ir.Operation) []ir.Edge {
	var out []ir.Edge
	for i, v := range term.Operands {
		if i < len(op.Results) {
			out = append(out, ir.Edge{From: v, To: op.Results[i]})
		}
	}
	return out
}
func (ifBranch) Loops(*ir.Operation, int) bool { return false }
func (ifBranch) Exclusive(*ir.Operation) bool  { return true }

// AppendSuccessors: entering, the then region, and the else region or (when it
// is empty) the results; a yield gives the results.
func (ifBranch) AppendSuccessors(dst []ir.RegionSuccessor, op, from *ir.Operation) []ir.RegionSuccessor {
	if from != nil {
		vals, ok := yielded(from, "scf.yield")
		if !ok {
			return dst
		}
		return append(dst, ir.RegionSuccessor{Region: ir.ToParent, Operands: vals, Inputs: op.Results})
	}
	dst = append(dst, ir.RegionSuccessor{Region: 0})
	if len(op.Regions()[1].Blocks) == 0 {
		return append(dst, ir.RegionSuccessor{Region: ir.ToParent, Inputs: op.Results})
	}
	return append(dst, ir.RegionSuccessor{Region: 1})
}

// parseIf reads `%c [-> (types)] region [else region] attr-dict`
// (hand-written upstream too).
func parseIf(p ir.AsmParser, st *ir.OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.AddOperand(c)
	st.AddOperandType(ir.I1)
	if err := ir.ParseOptionalArrowTypes(p, st); err != nil {
		return err
	}
	then, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.AddRegion(then)
	if p.ParseOptionalKeyword("else") {
		els, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		st.AddRegion(els)
	} else {
		st.AddRegion(st.Scratch.NewRegionState())
	}
	return ir.ParseTrailingAttrDict(p, st)
}

func printIf(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	ir.PrintArrowTypes(p, op.Results, true)
	p.Write(" ")
	p.Region(op.Regions()[0], false, len(op.Results) > 0)
	if len(op.Regions()) > 1 && len(op.Regions()[1].Blocks) > 0 {
		p.Write(" else ")
		p.Region(op.Regions()[1], false, len(op.Results) > 0)
	}
	p.AttrDict(op)
}

// verifyIf is IfOp::verify.
func verifyIf(op *ir.Operation) error {
	if len(op.Results) > 0 && len(op.Regions()[1].Blocks) == 0 {
		return ir.Errorf(op, "must have an else block if defining values")
	}
	return nil
}
