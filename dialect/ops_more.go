package dialect

import (
	"strconv"
	"strings"
)

// The remaining ops of LLVM 22's arith, builtin, func and cf dialects:
// the extended-result integer ops, the scaling float casts,
// unrealized_conversion_cast, func.constant, func.call_indirect and
// cf.switch.

func init() {
	Register(
		&OpDef{
			Name: "arith.addui_extended", Summary: "add with carry-out", Traits: Pure,
			Parse: parseExtendedArith(true), Print: printExtendedArith(true),
			Verify:   verifyExtendedArith,
			NameHint: func(*Operation) []string { return []string{"sum", "overflow"} },
		},
		&OpDef{
			Name: "arith.mulsi_extended", Summary: "signed multiply into low and high halves", Traits: Pure,
			Parse: parseExtendedArith(false), Print: printExtendedArith(false),
			Verify:   verifyExtendedArith,
			NameHint: func(*Operation) []string { return []string{"low", "high"} },
		},
		&OpDef{
			Name: "arith.mului_extended", Summary: "unsigned multiply into low and high halves", Traits: Pure,
			Parse: parseExtendedArith(false), Print: printExtendedArith(false),
			Verify:   verifyExtendedArith,
			NameHint: func(*Operation) []string { return []string{"low", "high"} },
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "arith.scaling_extf", Summary: "extend a float scaled by a power of two", Traits: Pure,
			Inherent: []string{"fastmath"},
			Parse:    parseScalingCast, Print: printScalingCast, Verify: verifyScalingCast,
		},
		&OpDef{
			Name: "arith.scaling_truncf", Summary: "truncate a float scaled by a power of two", Traits: Pure,
			Inherent: []string{"fastmath", "roundingmode"},
			Parse:    parseScalingCast, Print: printScalingCast, Verify: verifyScalingCast,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "builtin.unrealized_conversion_cast", Summary: "a cast between type systems during conversion", Traits: Pure,
			Parse: parseUnrealizedCast, Print: printUnrealizedCast,
			Verify: func(op *Operation) error {
				if len(op.Results) == 0 {
					return Errorf(op, "expected at least one result")
				}
				return nil
			},
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "func.constant", Summary: "a function symbol as a value", Traits: Pure,
			Inherent: []string{"value"},
			Parse:    parseFuncConstant, Print: printFuncConstant,
			Verify: func(op *Operation) error {
				if err := verifyCounts(op, 0, 1); err != nil {
					return err
				}
				if _, ok := op.Attr("value").(*SymbolRefAttr); !ok {
					return Errorf(op, "requires attribute 'value'")
				}
				if _, ok := op.Results[0].Type.(*FunctionType); !ok {
					return Errorf(op, "result #0 must be function type, but got '%s'", op.Results[0].Type)
				}
				return nil
			},
			VerifySymbolUses: verifyFuncConstantUses,
			NameHint:         func(op *Operation) []string { return []string{"f"} },
		},
		&OpDef{
			Name: "func.call_indirect", Summary: "call a function value",
			Traits:   CallLike,
			Inherent: []string{"arg_attrs", "res_attrs"},
			Effects:  []Effect{{Kind: Read, Operand: AllOperands}, {Kind: Write, Operand: AllOperands}},
			Parse:    parseCallIndirect, Print: printCallIndirect, Verify: verifyCallIndirect,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "cf.switch", Summary: "multi-way branch on an integer",
			Traits:            Terminator | Pure,
			Inherent:          []string{"case_values", "case_operand_segments", "operandSegmentSizes"},
			SuccessorOperands: switchSuccessorOperands,
			Parse:             parseSwitch, Print: printSwitch, Verify: verifySwitch,
		},
	)
}

// ---- arith.*_extended ----

// parseExtendedArith reads `%a, %b attr-dict : T` (two results of type T,
// the multiplies) or `%a, %b attr-dict : T, C` (addui_extended's sum and
// carry types).
func parseExtendedArith(carry bool) func(AsmParser, *OperationState) error {
	return func(p AsmParser, st *OperationState) error {
		if err := parseOperandsN(p, st, 2); err != nil {
			return err
		}
		t, err := parseColonType(p, st)
		if err != nil {
			return err
		}
		second := t
		if carry {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
			if second, err = p.ParseType(); err != nil {
				return err
			}
		}
		st.OperandTypes = []Type{t, t}
		st.ResultTypes = []Type{t, second}
		return nil
	}
}

func printExtendedArith(carry bool) func(AsmPrinter, *Operation) {
	return func(p AsmPrinter, op *Operation) {
		p.Write(" ")
		p.Operands(op.Operands)
		p.AttrDict(op)
		p.Write(" : ")
		p.Type(op.Results[0].Type)
		if carry {
			p.Write(", ")
			p.Type(op.Results[1].Type)
		}
	}
}

func verifyExtendedArith(op *Operation) error {
	if err := verifyCounts(op, 2, 2); err != nil {
		return err
	}
	if err := checkOperandKinds(op, "signless-integer-like", func(t Type) bool {
		_, idx := elemOrSelf(t).(*IndexType)
		return isSignlessIntLike(t) && !idx
	}); err != nil {
		return err
	}
	t := op.Operands[0].Type
	if op.Operands[1].Type != t || op.Results[0].Type != t {
		return Errorf(op, "failed to verify that all of {lhs, rhs, %s} have same type", map[bool]string{true: "sum", false: "low"}[op.Name == "arith.addui_extended"])
	}
	if op.Name == "arith.addui_extended" {
		if op.Results[1].Type != boolLike(t) {
			return Errorf(op, "expected overflow result type to be i1 (or an i1 shaped like the sum)")
		}
	} else if op.Results[1].Type != t {
		return Errorf(op, "failed to verify that all of {lhs, rhs, high} have same type")
	}
	return nil
}

// ---- arith.scaling_extf / scaling_truncf ----

// parseScalingCast reads `%in, %scale [rounding] [fastmath<..>] attr-dict
// : T, S to U`.
func parseScalingCast(p AsmParser, st *OperationState) error {
	if err := parseOperandsN(p, st, 2); err != nil {
		return err
	}
	if st.Name == "arith.scaling_truncf" {
		if id, ok := p.PeekBareId(); ok {
			for i, m := range roundingModes {
				if id == m {
					p.ParseOptionalKeyword(m)
					st.AddAttr("roundingmode", Int(int64(i), I32))
				}
			}
		}
	}
	if err := parseFlagsAttr(p, st, "fastmath", "fastmath", "#arith.fastmath"); err != nil {
		return err
	}
	in, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	scale, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	out, err := p.ParseType()
	if err != nil {
		return err
	}
	st.OperandTypes = []Type{in, scale}
	st.ResultTypes = []Type{out}
	return nil
}

func printScalingCast(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	if m, ok := op.Attr("roundingmode").(*IntegerAttr); ok && m.Value >= 0 && int(m.Value) < len(roundingModes) {
		p.Write(" " + roundingModes[m.Value])
	}
	printFlagsAttr(p, op, "fastmath", "fastmath", "#arith.fastmath")
	p.AttrDict(op, "fastmath", "roundingmode")
	p.Write(" : ")
	p.Types(ValueTypes(op.Operands))
	p.Write(" to ")
	p.Type(op.Results[0].Type)
}

func verifyScalingCast(op *Operation) error {
	if err := verifyCounts(op, 2, 1); err != nil {
		return err
	}
	if err := checkOperandKinds(op, "floating-point-like", isFloatLike); err != nil {
		return err
	}
	if !isFloatLike(op.Results[0].Type) || !shapesMatch(op.Operands[0].Type, op.Results[0].Type) {
		return Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", op.Operands[0].Type, op.Results[0].Type)
	}
	return checkFlagsAttr(op)
}

// ---- builtin.unrealized_conversion_cast ----

func parseUnrealizedCast(p AsmParser, st *OperationState) error {
	if p.PeekOperand() {
		if _, err := parseTypedOperands(p, st, "for the inputs"); err != nil {
			return err
		}
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return err
	}
	st.ResultTypes = ts
	return parseTrailingAttrDict(p, st)
}

func printUnrealizedCast(p AsmPrinter, op *Operation) {
	if len(op.Operands) > 0 {
		p.Write(" ")
		p.Operands(op.Operands)
		p.Write(" : ")
		p.Types(ValueTypes(op.Operands))
	}
	p.Write(" to ")
	p.Types(ValueTypes(op.Results))
	p.AttrDict(op)
}

// ---- func.constant / func.call_indirect ----

func parseFuncConstant(p AsmParser, st *OperationState) error {
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	loc := p.Loc()
	a, err := p.ParseAttribute()
	if err != nil {
		return err
	}
	ref, ok := a.(*SymbolRefAttr)
	if !ok || len(ref.Nested) > 0 {
		return p.ErrorAt(loc, "invalid kind of attribute specified")
	}
	st.AddAttr("value", ref)
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	st.ResultTypes = []Type{t}
	return nil
}

func printFuncConstant(p AsmPrinter, op *Operation) {
	p.AttrDict(op, "value")
	p.Write(" " + op.Attr("value").String() + " : ")
	p.Type(op.Results[0].Type)
}

func verifyFuncConstantUses(op *Operation, symbols Symbols) error {
	ref := op.Attr("value").(*SymbolRefAttr)
	if len(ref.Nested) > 0 || symbols == nil {
		return nil
	}
	fn := symbols[ref.Root]
	if fn == nil || fn.Name != "func.func" {
		return Errorf(op, "reference to undefined function '%s'", ref.Root)
	}
	if ft := FuncType(fn); ft != nil && Type(ft) != op.Results[0].Type {
		return Errorf(op, "reference to function with mismatched type")
	}
	return nil
}

func parseCallIndirect(p AsmParser, st *OperationState) error {
	callee, err := p.ParseOperand()
	if err != nil {
		return err
	}
	args, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok {
		return p.Errorf("expected function type")
	}
	st.Operands = append([]OperandRef{callee}, args...)
	st.OperandTypes = append([]Type{ft}, ft.Inputs...)
	st.ResultTypes = ft.Results
	return nil
}

func printCallIndirect(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("(")
	p.Operands(op.Operands[1:])
	p.Write(")")
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifyCallIndirect(op *Operation) error {
	if len(op.Operands) == 0 {
		return Errorf(op, "requires a callee operand")
	}
	ft, ok := op.Operands[0].Type.(*FunctionType)
	if !ok {
		return Errorf(op, "operand #0 must be function type, but got '%s'", op.Operands[0].Type)
	}
	if !TypesEqual(ft.Inputs, ValueTypes(op.Operands[1:])) || !TypesEqual(ft.Results, ValueTypes(op.Results)) {
		return Errorf(op, "failed to verify that callee input types match argument types")
	}
	return nil
}

// ---- cf.switch ----

// switchSuccessorOperands: successor 0 is the default destination, with
// the second operand segment; successor i > 0 is case i-1, whose operands
// case_operand_segments counts within the third segment.
func switchSuccessorOperands(op *Operation) []OperandRange {
	n := len(op.Successors())
	out := make([]OperandRange, n)
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 {
		for i := range out {
			out[i] = OperandRange{len(op.Operands), 0}
		}
		return out
	}
	if n > 0 {
		out[0] = OperandRange{seg[0], seg[1]}
	}
	start := seg[0] + seg[1]
	cs, _ := op.Attr("case_operand_segments").(*DenseArrayAttr)
	for i := 1; i < n; i++ {
		out[i].Start = start
		if cs != nil && i-1 < len(cs.Values) {
			out[i].N = int(cs.Values[i-1])
			start += out[i].N
		}
	}
	return out
}

func parseSwitch(p AsmParser, st *OperationState) error {
	flag, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ft, err := p.ParseType()
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{flag}
	st.OperandTypes = []Type{ft}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	if err := p.ParseKeyword("default"); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	if err := parseSuccessorWithOperands(p, st); err != nil {
		return err
	}
	nDefault := len(st.Operands) - 1
	var values []string
	var segs []int64
	for p.ParseOptionalPunct(",") {
		neg := p.ParseOptionalPunct("-")
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		if neg {
			v = -v
		}
		values = append(values, strconv.FormatInt(wrapSigned(v, intWidth(ft)), 10))
		if err := p.ParsePunct(":"); err != nil {
			return err
		}
		before := len(st.Operands)
		if err := parseSuccessorWithOperands(p, st); err != nil {
			return err
		}
		segs = append(segs, int64(len(st.Operands)-before))
	}
	if err := p.ParsePunct("]"); err != nil {
		return err
	}
	if len(values) > 0 {
		st.AddAttr("case_values", &DenseElementsAttr{Literal: "[" + strings.Join(values, ", ") + "]", Type: Vector([]int64{int64(len(values))}, nil, ft)})
	}
	st.AddAttr("case_operand_segments", I32Array(segs...))
	st.AddAttr("operandSegmentSizes", I32Array(1, int64(nDefault), int64(len(st.Operands)-1-nDefault)))
	return parseTrailingAttrDict(p, st)
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
func caseValues(op *Operation) []string {
	d, ok := op.Attr("case_values").(*DenseElementsAttr)
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

func printSwitch(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(", [")
	p.Newline(1)
	p.Write("default: ")
	ranges := switchSuccessorOperands(op)
	printSuccessorWithOperands(p, op.Successors()[0], ranges[0].Of(op))
	vals := caseValues(op)
	for i := 1; i < len(op.Successors()); i++ {
		p.Write(",")
		p.Newline(1)
		if i-1 < len(vals) {
			p.Write(unsignedCase(vals[i-1], intWidth(op.Operands[0].Type)))
		}
		p.Write(": ")
		printSuccessorWithOperands(p, op.Successors()[i], ranges[i].Of(op))
	}
	p.Newline(0)
	p.Write("]")
	p.AttrDict(op, "case_values", "case_operand_segments", "operandSegmentSizes")
}

func verifySwitch(op *Operation) error {
	if err := expectResults(op, 0); err != nil {
		return err
	}
	if len(op.Successors()) == 0 {
		return Errorf(op, "requires a default destination")
	}
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != 1 || seg[1] < 0 || seg[2] < 0 || seg[0]+seg[1]+seg[2] != len(op.Operands) {
		return Errorf(op, "operandSegmentSizes must describe the flag, the default operands and the case operands")
	}
	if !isSignlessIntOrIndex(op.Operands[0].Type) || op.Operands[0].Type == Index {
		return Errorf(op, "operand #0 must be integer, but got '%s'", op.Operands[0].Type)
	}
	nCases := len(op.Successors()) - 1
	vals := caseValues(op)
	if len(vals) != nCases {
		return Errorf(op, "number of case values (%d) should match number of case destinations (%d)", len(vals), nCases)
	}
	if d, ok := op.Attr("case_values").(*DenseElementsAttr); ok {
		if v, ok := d.Type.(*VectorType); !ok || v.Elem != op.Operands[0].Type {
			return Errorf(op, "'case_values' should have type '%s' but got '%s'", op.Operands[0].Type, d.Type)
		}
	}
	cs := op.SegmentSizes("case_operand_segments")
	if len(cs) != nCases {
		return Errorf(op, "number of case operands segments (%d) should match number of case destinations (%d)", len(cs), nCases)
	}
	total := 0
	for _, n := range cs {
		if n < 0 {
			return Errorf(op, "'case_operand_segments' attribute cannot have negative elements")
		}
		total += n // at most 2^31 of them, each below 2^31: no overflow
	}
	if total != seg[2] {
		return Errorf(op, "caseOperands count (%d) does not match with the total size (%d) specified in attribute 'case_operand_segments'", seg[2], total)
	}
	for i, r := range switchSuccessorOperands(op) {
		if err := verifySuccessorArgs(op, i, r.Of(op)); err != nil {
			return err
		}
	}
	return nil
}
