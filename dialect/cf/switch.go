package cf

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "cf.switch", Summary: "multi-way branch on an integer",
		Traits:            ir.Terminator | ir.Pure,
		SuccessorOperands: switchSuccessorOperands,
		Checks:            []ir.TraitCheck{caseOperandSegments, ir.BranchOpInterface},
		Verify:            verifySwitch,
	}, ir.OpSyntax{
		Operands: []ir.Arg{{Name: "flag", Constraint: ir.AnyIntegerC, Kind: ir.IntegerKind},
			{Name: "defaultOperands", Mode: ir.Variadic}, {Name: "caseOperands", Mode: ir.Variadic}},
		Successors: []string{"defaultDestination", "caseDestinations"}, VariadicSuccessors: true,
		Attrs: []ir.AttrArg{{Name: "case_values", Optional: true},
			{Name: "case_operand_segments", Kind: ir.AttrDenseArray, Type: ir.I32}},
		SegmentedOperands: true,
		Directives:        map[string]*ir.Directive{"SwitchOpCases": switchOpCases},
		// The case operand segments are spelled by the cases' operand
		// lists: the directive reads and prints them too.
		Format: "$flag `:` type($flag) `,` `[` `\\n` custom<SwitchOpCases>(ref(type($flag)), $defaultDestination, $defaultOperands, " +
			"type($defaultOperands), $case_values, $caseDestinations, $caseOperands, type($caseOperands), $case_operand_segments) `]` attr-dict",
	}))
}

// ---- cf.switch ----

// switchSuccessorOperands: successor 0 is the default destination, with
// the second operand segment; successor i > 0 is case i-1, whose operands
// case_operand_segments counts within the third segment.
func switchSuccessorOperands(op *ir.Operation) []ir.OperandRange {
	n := len(op.Successors())
	out := make([]ir.OperandRange, n)
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 {
		for i := range out {
			out[i] = ir.OperandRange{Start: len(op.Operands), N: 0}
		}
		return out
	}
	if n > 0 {
		out[0] = ir.OperandRange{Start: seg[0], N: seg[1]}
	}
	start := seg[0] + seg[1]
	cs, _ := op.Attr("case_operand_segments").(*ir.DenseArrayAttr)
	for i := 1; i < n; i++ {
		out[i].Start = start
		if cs != nil && i-1 < len(cs.Values) {
			out[i].N = int(cs.Values[i-1])
			start += out[i].N
		}
	}
	return out
}

// The arguments of custom<SwitchOpCases>, by position.
const (
	swFlagType = iota
	swDefault
	swDefaultOperands
	swDefaultTypes
	swCaseValues
	swCases
	swCaseOperands
	swCaseTypes
	swCaseSegments
)

// switchOpCases reads and prints `default: ^bb(...), N: ^bb(...), ...`,
// one case a line.
var switchOpCases = &ir.Directive{
	Parse: func(p ir.AsmParser, d *ir.DirectiveParse) error {
		ft := d.RefType(swFlagType)
		loc := p.Loc()
		if err := p.ParseKeyword("default"); err != nil {
			return err
		}
		if err := p.ParsePunct(":"); err != nil {
			return err
		}
		if err := parseSuccessorWithOperands(p, d, loc, swDefault, swDefaultOperands, swDefaultTypes); err != nil {
			return err
		}
		var values []string
		var segs []int64
		for p.ParseOptionalPunct(",") {
			v, err := p.ParseInteger()
			if err != nil {
				return err
			}
			values = append(values, caseText(v, ft))
			if err := p.ParsePunct(":"); err != nil {
				return err
			}
			before := len(d.Operands(swCaseOperands))
			if err := parseSuccessorWithOperands(p, d, loc, swCases, swCaseOperands, swCaseTypes); err != nil {
				return err
			}
			segs = append(segs, int64(len(d.Operands(swCaseOperands))-before))
		}
		if len(values) > 0 {
			lit := "[" + strings.Join(values, ", ") + "]"
			if splat(values) {
				lit = values[0] // dense<5> : vector<2xi32>, as mlir-opt prints it
			}
			d.SetAttr(swCaseValues, &ir.DenseElementsAttr{Literal: lit, Type: ir.Vector([]int64{int64(len(values))}, nil, ft)})
		}
		d.SetAttr(swCaseSegments, ir.I32Array(segs...))
		return nil
	},
	Print: func(p ir.AsmPrinter, d ir.DirectivePrint) {
		op := d.Op()
		p.Write("  default: ")
		printSuccessorWithOperands(p, d.Successors(swDefault)[0], d.Values(swDefaultOperands))
		ranges := switchSuccessorOperands(op)
		vals := caseValues(op)
		for i, b := range d.Successors(swCases) {
			p.Write(",")
			p.Newline(0)
			p.Write("  ")
			if i < len(vals) {
				p.Write(unsignedCase(vals[i], ir.IntWidth(op.Operands[0].Type)))
			}
			p.Write(": ")
			printSuccessorWithOperands(p, b, ranges[i+1].Of(op))
		}
		p.Newline(0)
	},
}

// caseText is a case value as the dense attribute of the flag's type holds
// it: unsigned in the width of an unsigned type, else signed (255 and -1
// are one value of ui8 and of i8, written 255 and -1).
func caseText(v int64, t ir.Type) string {
	w := ir.IntWidth(t)
	if it, ok := t.(*ir.IntegerType); ok && it.Signedness == 'u' {
		return unsignedCase(strconv.FormatInt(v, 10), w)
	}
	return strconv.FormatInt(wrapSigned(v, w), 10)
}

func splat(values []string) bool {
	for _, v := range values {
		if v != values[0] {
			return false
		}
	}
	return true
}

// wrapSigned reads v as a width-bit integer (the case values' type) and
// returns its signed value: 4294967289 in i32 is -7.
func wrapSigned(v int64, width int) int64 {
	if width <= 0 || width >= 64 {
		return v
	}
	v &= 1<<width - 1
	if v&(1<<(width-1)) != 0 {
		v -= 1 << width
	}
	return v
}

// unsignedCase prints a case value as mlir-opt does: unsigned in the
// flag's width (-7 in i32 prints 4294967289).
func unsignedCase(text string, width int) string {
	v, err := strconv.ParseInt(text, 10, 64)
	if err != nil || width <= 0 || width > 64 {
		return text
	}
	u := uint64(v)
	if width < 64 {
		u &= 1<<width - 1
	}
	return strconv.FormatUint(u, 10)
}

// caseValues lists the case values as printed.
func caseValues(op *ir.Operation) []string {
	d, ok := op.Attr("case_values").(*ir.DenseElementsAttr)
	if !ok {
		return nil
	}
	lit := strings.TrimSpace(d.Literal)
	if strings.HasPrefix(lit, "[") {
		lit = strings.TrimSuffix(strings.TrimPrefix(lit, "["), "]")
	}
	var out []string
	for _, f := range strings.Split(lit, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	if n := len(op.Successors()) - 1; len(out) == 1 && n > 1 { // a splat
		for len(out) < n {
			out = append(out, out[0])
		}
	}
	return out
}

// caseOperandSegments checks case_operand_segments against the case
// operands (ODS's VariadicOfVariadic segments) and, which mlir-opt leaves
// unchecked, against the case destinations.
var caseOperandSegments = ir.TraitCheck{Name: "VariadicOfVariadic", Verify: func(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	cs := op.SegmentSizes("case_operand_segments")
	total := 0
	for _, n := range cs {
		if n < 0 {
			return ir.Errorf(op, "'case_operand_segments' attribute cannot have negative elements")
		}
		total += n // at most 2^31 of them, each below 2^31: no overflow
	}
	if total != seg[2] {
		return ir.Errorf(op, "caseOperands count (%d) does not match with the total size (%d) specified in attribute 'case_operand_segments'", seg[2], total)
	}
	if nCases := len(op.Successors()) - 1; len(cs) != nCases {
		return ir.Errorf(op, "number of case operands segments (%d) should match number of case destinations (%d)", len(cs), nCases)
	}
	return nil
}}

// verifySwitch is SwitchOp::verify: the case values are of the flag's
// type, one per case destination.
func verifySwitch(op *ir.Operation) error {
	nCases := len(op.Successors()) - 1
	d, ok := op.Attr("case_values").(*ir.DenseElementsAttr)
	if !ok && nCases == 0 {
		return nil
	}
	if ok {
		if _, elem, _ := ir.ShapeOf(d.Type); elem != op.Operands[0].Type {
			return ir.Errorf(op, "'flag' type ('%s') should match case value type ('%s')", op.Operands[0].Type, elem)
		}
	}
	if vals := caseValues(op); len(vals) != nCases {
		return ir.Errorf(op, "number of case values (%d) should match number of case destinations (%d)", len(vals), nCases)
	}
	return nil
}
