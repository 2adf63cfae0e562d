package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "scf.if", Summary: "a conditional with optional results",
			Branch:             ifBranch{},
			Interfaces:         []any{ifBranch{}},
			ImplicitTerminator: "scf.yield",
			Parse:              parseIf,
			Print:              printIf,
			VerifyRegions:      verifyIf,
		},
	)
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

// parseIf reads `%c [-> (types)] region [else region] attr-dict`
// (hand-written upstream too).
func parseIf(p ir.AsmParser, st *ir.OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{c}
	st.OperandTypes = []ir.Type{ir.I1}
	if err := ir.ParseOptionalArrowTypes(p, st); err != nil {
		return err
	}
	then, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*ir.RegionState{then}
	if p.ParseOptionalKeyword("else") {
		els, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		st.Regions = append(st.Regions, els)
	} else {
		st.Regions = append(st.Regions, &ir.RegionState{})
	}
	return ir.ParseTrailingAttrDict(p, st)
}

func printIf(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	ir.PrintArrowTypes(p, op.Results, true)
	p.Write(" ")
	p.Region(op.Regions[0], false, len(op.Results) > 0)
	if len(op.Regions) > 1 && len(op.Regions[1].Blocks) > 0 {
		p.Write(" else ")
		p.Region(op.Regions[1], false, len(op.Results) > 0)
	}
	p.AttrDict(op)
}

func verifyIf(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 1, -1); err != nil {
		return err
	}
	if op.Operands[0].Type != ir.I1 {
		return ir.Errorf(op, "operand #0 must be 1-bit signless integer, but got '%s'", op.Operands[0].Type)
	}
	if len(op.Regions) != 2 {
		return ir.Errorf(op, "requires two regions")
	}
	if len(op.Results) > 0 && len(op.Regions[1].Blocks) == 0 {
		return ir.Errorf(op, "must have an else block if defining values")
	}
	return ir.VerifySingleBlockRegions(op, 0)
}
