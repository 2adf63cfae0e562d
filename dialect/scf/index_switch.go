package scf

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "scf.index_switch", Summary: "a switch on an index with a region per case",
			Inherent:           []string{"cases"},
			Branch:             switchBranch{},
			ImplicitTerminator: "scf.yield",
			Parse:              parseIndexSwitch, Print: printIndexSwitch, Verify: verifyIndexSwitch,
		},
	)
}

// ---- scf.index_switch ----

// switchBranch: exactly one region runs, its yield gives the results.
type switchBranch struct{ ir.RunsOnce }

func (switchBranch) Exclusive(*ir.Operation) bool { return true }

// parseIndexSwitch reads `%arg [-> types] (case N region)* default region
// attr-dict`; the default region is region 0.
func parseIndexSwitch(p ir.AsmParser, st *ir.OperationState) error {
	arg, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{arg}
	st.OperandTypes = []ir.Type{ir.Index}
	if p.ParseOptionalPunct("->") {
		ts, err := p.ParseTypeList()
		if err != nil {
			return err
		}
		st.ResultTypes = ts
	}
	var cases []int64
	var regions []*ir.RegionState
	for p.ParseOptionalKeyword("case") {
		neg := p.ParseOptionalPunct("-")
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		if neg {
			v = -v
		}
		cases = append(cases, v)
		r, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		regions = append(regions, r)
	}
	if err := p.ParseKeyword("default"); err != nil {
		return err
	}
	def, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = append([]*ir.RegionState{def}, regions...)
	st.AddAttr("cases", ir.I64Array(cases...))
	return ir.ParseTrailingAttrDict(p, st)
}

func printIndexSwitch(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if len(op.Results) > 0 {
		p.Write(" -> ")
		p.Types(ir.ValueTypes(op.Results))
	}
	p.Write(" ") // mlir-opt ends the line with a space
	cases := ir.DenseArrayValues(op, "cases")
	for i, v := range cases {
		if i+1 >= len(op.Regions) {
			break
		}
		p.Newline(0)
		p.Write("case " + strconv.FormatInt(v, 10) + " ")
		p.Region(op.Regions[i+1], false, len(op.Results) > 0)
	}
	p.Newline(0)
	p.Write("default ")
	p.Region(op.Regions[0], false, len(op.Results) > 0)
	p.AttrDict(op, "cases")
}

func verifyIndexSwitch(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 1, -1); err != nil {
		return err
	}
	if op.Operands[0].Type != ir.Index {
		return ir.Errorf(op, "operand #0 must be index, but got '%s'", op.Operands[0].Type)
	}
	cases := ir.DenseArrayValues(op, "cases")
	if len(cases) != len(op.Regions)-1 {
		return ir.Errorf(op, "has %d case regions but %d case values", len(op.Regions)-1, len(cases))
	}
	seen := map[int64]bool{}
	for _, v := range cases {
		if seen[v] {
			return ir.Errorf(op, "has duplicate case value: %d", v)
		}
		seen[v] = true
	}
	for i, r := range op.Regions {
		name := "default region"
		if i > 0 {
			name = "case region #" + strconv.Itoa(i-1)
		}
		if len(r.Blocks) != 1 {
			return ir.Errorf(op, "region #%d ('%s') failed to verify constraint: region with 1 blocks", i, map[bool]string{true: "defaultRegion", false: "caseRegions"}[i == 0])
		}
		y := r.Blocks[0].Terminator()
		if y == nil || y.Name != "scf.yield" {
			return ir.Errorf(op, "expected region to end with scf.yield, but got %s", map[bool]string{true: "nothing", false: "'" + terminatorName(y) + "'"}[y == nil])
		}
		if len(y.Operands) != len(op.Results) {
			d := ir.Errorf(op, "expected each region to return %d values, but %s returns %d", len(op.Results), name, len(y.Operands)).(*ir.Diagnostic)
			return d.WithNote(y.Loc, "see yield operation here")
		}
		for k, v := range y.Operands {
			if v.Type != op.Results[k].Type {
				d := ir.Errorf(op, "expected result #%d of each region to be %s", k, op.Results[k].Type).(*ir.Diagnostic)
				return d.WithNote(y.Loc, "%s returns %s here", name, v.Type)
			}
		}
	}
	return nil
}

func terminatorName(op *ir.Operation) string {
	if op == nil {
		return ""
	}
	return op.Name
}
