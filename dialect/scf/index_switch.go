package scf

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "scf.index_switch", Summary: "a switch on an index with a region per case",
		Branch:             switchBranch{},
		ImplicitTerminator: "scf.yield",
		Checks:             []ir.TraitCheck{ir.SingleBlockImplicitTerminator("scf.yield"), ir.RegionBranchTypes},
		Verify:             verifyIndexSwitch,
	}, ir.OpSyntax{
		Operands: []ir.Arg{{Name: "arg", Type: ir.Index}},
		Results:  []ir.Arg{{Name: "results", Mode: ir.Variadic}},
		Attrs:    []ir.AttrArg{{Name: "cases", Kind: ir.AttrDenseArray, Type: ir.I64}},
		Regions:  []string{"defaultRegion", "caseRegions"}, VariadicRegions: true,
		RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1), ir.SizedRegion(1)},
		Directives:        map[string]*ir.Directive{"SwitchCases": switchCases},
		Format:            "$arg attr-dict (`->` type($results)^)? custom<SwitchCases>($cases, $caseRegions) `\\n` `` `default` $defaultRegion",
	}))
}

// ---- scf.index_switch ----

// switchBranch: exactly one region runs, its yield gives the results.
type switchBranch struct{ ir.RunsOnce }

func (switchBranch) Exclusive(*ir.Operation) bool { return true }

// AppendSuccessors: entering, each region; a yield gives the results.
func (switchBranch) AppendSuccessors(dst []ir.RegionSuccessor, op, from *ir.Operation) []ir.RegionSuccessor {
	if from != nil {
		vals, ok := yielded(from, "scf.yield")
		if !ok {
			return dst
		}
		return append(dst, ir.RegionSuccessor{Region: ir.ToParent, Operands: vals, Inputs: op.Results})
	}
	for i := range op.Regions() {
		dst = append(dst, ir.RegionSuccessor{Region: i})
	}
	return dst
}

// switchCases reads and prints the cases, `case N region` each on a line
// of its own (their terminators are printed, as mlir-opt prints them).
var switchCases = &ir.Directive{
	Parse: func(p ir.AsmParser, d *ir.DirectiveParse) error {
		var cases []int64
		for p.ParseOptionalKeyword("case") {
			v, err := p.ParseInteger()
			if err != nil {
				return err
			}
			cases = append(cases, v)
			r, err := p.ParseRegion(nil)
			if err != nil {
				return err
			}
			// mlir-opt's SwitchCases adds no implicit terminator to a
			// case region (the default region gets one).
			r.Parsed = false
			d.AddRegion(1, r)
		}
		d.SetAttr(0, ir.I64Array(cases...))
		return nil
	},
	Print: func(p ir.AsmPrinter, d ir.DirectivePrint) {
		var cases []int64
		if a, ok := d.Attr(0).(*ir.DenseArrayAttr); ok {
			cases = a.Values
		}
		for i, r := range d.Regions(1) {
			if i >= len(cases) {
				break
			}
			p.Newline(0)
			p.Write("case " + strconv.FormatInt(cases[i], 10) + " ")
			p.Region(r, false, true)
		}
	},
}

// verifyIndexSwitch is IndexSwitchOp::verify: a region per case value,
// distinct values, and every region yielding the results' types.
func verifyIndexSwitch(op *ir.Operation) error {
	cases := ir.DenseArrayValues(op, "cases")
	if len(cases) != len(op.Regions())-1 {
		return ir.Errorf(op, "has %d case regions but %d case values", len(op.Regions())-1, len(cases))
	}
	seen := map[int64]bool{}
	for _, v := range cases {
		if seen[v] {
			return ir.Errorf(op, "has duplicate case value: %d", v)
		}
		seen[v] = true
	}
	for i, r := range op.Regions() {
		name := "default region"
		if i > 0 {
			name = "case region #" + strconv.Itoa(i-1)
		}
		b := r.Blocks[0]
		var y *ir.Operation
		if len(b.Ops) > 0 {
			y = b.Ops[len(b.Ops)-1]
		}
		if y == nil || y.Name != "scf.yield" {
			got := "nothing"
			if y != nil {
				got = y.Name
			}
			return ir.Errorf(op, "expected region to end with scf.yield, but got %s", got)
		}
		if len(y.Operands) != len(op.Results) {
			d := ir.Errorf(op, "expected each region to return %d values, but %s returns %d", len(op.Results), name, len(y.Operands)).(*ir.Diagnostic)
			return d.WithNote(y.Loc, "see yield operation here")
		}
		for k, v := range y.Operands {
			if v.Type != op.Results[k].Type {
				d := ir.Errorf(op, "expected result #%d of each region to be '%s'", k, op.Results[k].Type).(*ir.Diagnostic)
				return d.WithNote(y.Loc, "%s returns '%s' here", name, v.Type)
			}
		}
	}
	return nil
}
