package dialect

import (
	"slices"
	"strconv"
	"strings"
)

// The arith dialect: constants, integer and float arithmetic, comparisons,
// select and casts.

var cmpiPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
var cmpfPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

func init() { RegisterDialect("arith") }

func init() {
	intBinary := []string{"addi", "subi", "muli", "shli"} // carry overflow flags
	plainIntBinary := []string{"ceildivsi", "ceildivui", "floordivsi", "remsi", "remui", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui"}
	floatBinary := []string{"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"}
	for _, n := range intBinary {
		Register(&OpDef{
			Name: "arith." + n, Summary: "integer " + n, Traits: Pure,
			Inherent: []string{"overflowFlags"},
			Parse:    parseSameTypeOperands(2, true, "overflow", "overflowFlags", "#arith.overflow"),
			Print:    printSameTypeOperands("overflow", "overflowFlags", "#arith.overflow"),
			Verify:   verifyIntBinary,
		})
	}
	for _, n := range []string{"divsi", "divui", "shrsi", "shrui"} {
		Register(&OpDef{
			Name: "arith." + n, Summary: "integer " + n, Traits: Pure,
			Inherent: []string{"isExact"},
			Parse:    parseExactBinary,
			Print:    printExactBinary,
			Verify:   verifyIntBinary,
		})
	}
	for _, n := range plainIntBinary {
		Register(&OpDef{
			Name: "arith." + n, Summary: "integer " + n, Traits: Pure,
			Parse:  parseSameTypeOperands(2, true, "", "", ""),
			Print:  printSameTypeOperands("", "", ""),
			Verify: verifyIntBinary,
		})
	}
	for _, n := range floatBinary {
		Register(&OpDef{
			Name: "arith." + n, Summary: "floating-point " + n, Traits: Pure,
			Inherent: []string{"fastmath"},
			Parse:    parseSameTypeOperands(2, true, "fastmath", "fastmath", "#arith.fastmath"),
			Print:    printSameTypeOperands("fastmath", "fastmath", "#arith.fastmath"),
			Verify:   verifyFloatBinary,
		})
	}
	Register(&OpDef{
		Name: "arith.negf", Summary: "floating-point negation", Traits: Pure,
		Inherent: []string{"fastmath"},
		Parse:    parseSameTypeOperands(1, true, "fastmath", "fastmath", "#arith.fastmath"),
		Print:    printSameTypeOperands("fastmath", "fastmath", "#arith.fastmath"),
		Verify:   verifyFloatUnary,
	})
}

func init() {
	casts := []string{"index_cast", "index_castui", "sitofp", "uitofp", "fptosi", "fptoui", "extsi", "extui", "bitcast"}
	for _, n := range casts {
		Register(&OpDef{
			Name: "arith." + n, Summary: "cast " + n, Traits: Pure,
			Parse:  parseCastLike("to", "", "", ""),
			Print:  printCastLike("to", "", "", ""),
			Verify: verifyCast,
		})
	}
	Register(&OpDef{
		Name: "arith.trunci", Summary: "cast trunci", Traits: Pure,
		Inherent: []string{"overflowFlags"},
		Parse:    parseCastLike("to", "overflow", "overflowFlags", "#arith.overflow"),
		Print:    printCastLike("to", "overflow", "overflowFlags", "#arith.overflow"),
		Verify:   verifyCast,
	})
	for _, n := range []string{"extf", "truncf"} {
		Register(&OpDef{
			Name: "arith." + n, Summary: "float cast " + n, Traits: Pure,
			Inherent: []string{"fastmath", "roundingmode"},
			Parse:    parseFloatCast,
			Print:    printFloatCast,
			Verify:   verifyCast,
		})
	}
}

func init() {
	Register(
		&OpDef{
			Name: "arith.constant", Summary: "a constant value", Traits: Pure,
			Inherent: []string{"value"},
			Parse:    parseConstant,
			Print:    printConstant,
			Verify:   verifyConstant,
			NameHint: constantHint,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "arith.cmpi", Summary: "integer comparison", Traits: Pure,
			Inherent: []string{"predicate"},
			Parse:    parseCmp(cmpiPredicates, ""),
			Print:    printCmp(cmpiPredicates, ""),
			Verify:   verifyCmp(cmpiPredicates, "signless-integer-like", isSignlessIntLike),
		},
		&OpDef{
			Name: "arith.cmpf", Summary: "floating-point comparison", Traits: Pure,
			Inherent: []string{"predicate", "fastmath"},
			Parse:    parseCmp(cmpfPredicates, "fastmath"),
			Print:    printCmp(cmpfPredicates, "fastmath"),
			Verify:   verifyCmp(cmpfPredicates, "floating-point-like", isFloatLike),
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "arith.select", Summary: "choose between two values", Traits: Pure,
			Flows:  []Flow{{1, 0}, {2, 0}},
			Parse:  parseSelect,
			Print:  printSelect,
			Verify: verifySelect,
		},
	)
}

// parseExactBinary reads `%a, %b [exact] attr-dict : T` (the divisions
// and right shifts that may promise an exact result).
func parseExactBinary(p AsmParser, st *OperationState) error {
	if err := parseOperandsN(p, st, 2); err != nil {
		return err
	}
	if p.ParseOptionalKeyword("exact") {
		st.AddAttr("isExact", Unit)
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.OperandTypes = []Type{t, t}
	st.ResultTypes = []Type{t}
	return nil
}

// parseOperandsN reads an unparenthesised list of exactly n operands into
// st's operands.
func parseOperandsN(p AsmParser, st *OperationState, n int) error {
	refs, err := p.ParseOperandList("")
	if err != nil {
		return err
	}
	if len(refs) != n {
		return p.Errorf("expected %d operands", n)
	}
	st.Operands = refs
	return nil
}

func printExactBinary(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	if op.HasAttr("isExact") {
		p.Write(" exact")
	}
	p.AttrDict(op, "isExact")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

// roundingModes are arith's rounding modes, by value.
var roundingModes = []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"}

// parseFloatCast reads `%x [rounding-mode] [fastmath<...>] attr-dict : T to U`
// (arith.truncf, arith.extf).
func parseFloatCast(p AsmParser, st *OperationState) error {
	r, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, r)
	if id, ok := p.PeekBareId(); ok {
		for i, m := range roundingModes {
			if id == m {
				p.ParseOptionalKeyword(m)
				st.AddAttr("roundingmode", Int(int64(i), I32))
			}
		}
	}
	if err := parseFlagsAttr(p, st, "fastmath", "fastmath", "#arith.fastmath"); err != nil {
		return err
	}
	return parseCastTail(p, st)
}

func printFloatCast(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if m, ok := op.Attr("roundingmode").(*IntegerAttr); ok && m.Value >= 0 && int(m.Value) < len(roundingModes) {
		p.Write(" " + roundingModes[m.Value])
	}
	printFlagsAttr(p, op, "fastmath", "fastmath", "#arith.fastmath")
	p.AttrDict(op, "fastmath", "roundingmode")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" to ")
	p.Type(op.Results[0].Type)
}

func parseConstant(p AsmParser, st *OperationState) error {
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	a, err := p.ParseAttribute()
	if err != nil {
		return err
	}
	t := AttrType(a)
	if t == nil {
		return p.Errorf("expected a typed attribute for arith.constant")
	}
	st.AddAttr("value", a)
	st.ResultTypes = []Type{t}
	return nil
}

func printConstant(p AsmPrinter, op *Operation) {
	p.AttrDict(op, "value")
	p.Write(" ")
	p.Attr(op.Attr("value"))
}

// verifyConstant checks the one result, and a value attribute of the
// result's type that the custom form can print.
func verifyConstant(op *Operation) error {
	if err := verifyCounts(op, 0, 1); err != nil {
		return err
	}
	v := op.Attr("value")
	if v == nil {
		return Errorf(op, "requires attribute 'value'")
	}
	if t := AttrType(v); t != op.Results[0].Type {
		return Errorf(op, "value type does not match result type")
	}
	switch v.(type) {
	case *IntegerAttr, *FloatAttr, *DenseElementsAttr:
	default:
		return Errorf(op, "value must be an integer, float, or elements attribute")
	}
	return nil
}

// AttrType returns the type carried by a typed attribute, or nil.
func AttrType(a Attribute) Type {
	switch a := a.(type) {
	case *IntegerAttr:
		return a.Type
	case *FloatAttr:
		return a.Type
	case *DenseElementsAttr:
		return a.Type
	case *StringAttr:
		return a.Type
	}
	return nil
}

func constantHint(op *Operation) []string {
	switch a := op.Attr("value").(type) {
	case *IntegerAttr:
		if it, ok := a.Type.(*IntegerType); ok && it.Width == 1 && it.Signedness == 0 {
			if a.Value != 0 {
				return []string{"true"}
			}
			return []string{"false"}
		}
		name := "c" + a.ValueString()
		if a.Type != Index {
			name += "_" + a.Type.String()
		}
		return []string{name}
	}
	return []string{"cst"}
}

func parseCmp(preds []string, flagKw string) func(AsmParser, *OperationState) error {
	return func(p AsmParser, st *OperationState) error {
		loc := p.Loc()
		kw, ok := p.ParseOptionalBareId()
		idx := -1
		for i, s := range preds {
			if s == kw {
				idx = i
			}
		}
		if !ok || idx < 0 {
			return p.ErrorAt(loc, "expected comparison predicate, one of [%s]", strings.Join(preds, ", "))
		}
		st.AddAttr("predicate", Int(int64(idx), I64))
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		a, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		b, err := p.ParseOperand()
		if err != nil {
			return err
		}
		st.Operands = []OperandRef{a, b}
		if flagKw != "" {
			if err := parseFlagsAttr(p, st, flagKw, "fastmath", "#arith.fastmath"); err != nil {
				return err
			}
		}
		t, err := parseColonType(p, st)
		if err != nil {
			return err
		}
		st.OperandTypes = []Type{t, t}
		st.ResultTypes = []Type{boolLike(t)}
		return nil
	}
}

// boolLike returns i1, or a shaped type of i1 with t's shape.
func boolLike(t Type) Type {
	switch t := t.(type) {
	case *VectorType:
		return Vector(t.Shape, t.Scalable, I1)
	case *TensorType:
		if t.Ranked {
			return Tensor(t.Shape, I1, t.Encoding)
		}
		return UnrankedTensor(I1)
	}
	return I1
}

func printCmp(preds []string, flagKw string) func(AsmPrinter, *Operation) {
	return func(p AsmPrinter, op *Operation) {
		idx, _ := op.IntAttrValue("predicate")
		name := strconv.FormatInt(idx, 10)
		if idx >= 0 && int(idx) < len(preds) {
			name = preds[idx]
		}
		p.Write(" " + name + ", ")
		p.Operands(op.Operands)
		if flagKw != "" {
			printFlagsAttr(p, op, flagKw, "fastmath", "#arith.fastmath")
		}
		p.AttrDict(op, "predicate", "fastmath")
		p.Write(" : ")
		p.Type(op.Operands[0].Type)
	}
}

// verifyCmp checks a comparison: a predicate among preds, two operands of
// one type of the given kind, and an i1 (or i1-shaped) result.
func verifyCmp(preds []string, kind string, ok func(Type) bool) func(*Operation) error {
	return func(op *Operation) error {
		p, isInt := op.Attr("predicate").(*IntegerAttr)
		if !isInt {
			return Errorf(op, "requires attribute 'predicate'")
		}
		if p.Value < 0 || int(p.Value) >= len(preds) {
			return Errorf(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0..%d", len(preds)-1)
		}
		if err := expectOperands(op, 2); err != nil {
			return err
		}
		if err := checkOperandKinds(op, kind, ok); err != nil {
			return err
		}
		if err := verifyCounts(op, 2, 1); err != nil {
			return err
		}
		if op.Operands[0].Type != op.Operands[1].Type {
			return Errorf(op, "requires all operands to have the same type")
		}
		if op.Results[0].Type != boolLike(op.Operands[0].Type) {
			return Errorf(op, "result type must be i1 (or a shaped i1 type) matching the operands")
		}
		return checkFlagsAttr(op)
	}
}

func parseSelect(p AsmParser, st *OperationState) error {
	if err := parseOperandsN(p, st, 3); err != nil {
		return err
	}
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	var cond, t Type
	switch len(ts) {
	case 1:
		cond, t = I1, ts[0]
	case 2:
		cond, t = ts[0], ts[1]
	default:
		return p.Errorf("expected one or two types")
	}
	st.OperandTypes = []Type{cond, t, t}
	st.ResultTypes = []Type{t}
	return nil
}

func printSelect(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	p.AttrDict(op)
	p.Write(" : ")
	if op.Operands[0].Type != I1 {
		p.Type(op.Operands[0].Type)
		p.Write(", ")
	}
	p.Type(op.Results[0].Type)
}

func verifySelect(op *Operation) error {
	if err := expectOperands(op, 3); err != nil {
		return err
	}
	if err := verifyCounts(op, 3, 1); err != nil {
		return err
	}
	if op.Operands[1].Type != op.Results[0].Type || op.Operands[2].Type != op.Results[0].Type {
		return Errorf(op, "requires the same type for the true value, false value and result")
	}
	if op.Operands[0].Type != I1 && op.Operands[0].Type != boolLike(op.Results[0].Type) {
		return Errorf(op, "condition must be i1 or an i1 shaped like the result")
	}
	return nil
}

// ---- verifiers of the element-wise ops and casts ----

// elemOrSelf returns the element type of a vector or tensor, else t.
func elemOrSelf(t Type) Type {
	switch s := t.(type) {
	case *VectorType:
		return s.Elem
	case *TensorType:
		return s.Elem
	}
	return t
}

// isSignlessIntLike: a signless integer or index, or a vector/tensor of them.
func isSignlessIntLike(t Type) bool { return isSignlessIntOrIndex(elemOrSelf(t)) }

// isFloatLike: a float, or a vector/tensor of floats.
func isFloatLike(t Type) bool {
	_, ok := elemOrSelf(t).(*FloatType)
	return ok
}

func checkOperandKinds(op *Operation, kind string, ok func(Type) bool) error {
	for i, v := range op.Operands {
		if !ok(v.Type) {
			return Errorf(op, "operand #%d must be %s, but got '%s'", i, kind, v.Type)
		}
	}
	return nil
}

// arithElementwise verifies n same-typed operands and one result of that
// type, of the given kind.
func arithElementwise(n int, kind string, ok func(Type) bool) func(*Operation) error {
	return func(op *Operation) error {
		if err := expectOperands(op, n); err != nil {
			return err
		}
		if err := verifySameOperandsAndResultType(op); err != nil {
			return err
		}
		if err := checkOperandKinds(op, kind, ok); err != nil {
			return err
		}
		return checkFlagsAttr(op)
	}
}

var (
	verifyIntBinary   = arithElementwise(2, "signless-integer-like", isSignlessIntLike)
	verifyFloatBinary = arithElementwise(2, "floating-point-like", isFloatLike)
	verifyFloatUnary  = arithElementwise(1, "floating-point-like", isFloatLike)
)

// checkFlagsAttr checks the overflow/fastmath properties are the dialect
// attributes the custom form prints.
func checkFlagsAttr(op *Operation) error {
	for _, f := range []struct{ name, prefix string }{{"overflowFlags", "#arith.overflow<"}, {"fastmath", "#arith.fastmath<"}} {
		a := op.Attr(f.name)
		if a == nil {
			continue
		}
		r, ok := a.(*RawAttr)
		if !ok || !strings.HasPrefix(r.Text, f.prefix) {
			return Errorf(op, "attribute '%s' failed to satisfy constraint: %s...> attribute", f.name, f.prefix)
		}
	}
	return nil
}

// shapesMatch reports whether two types have the same shape wrapper
// (scalar, or vector/tensor of one shape).
func shapesMatch(a, b Type) bool {
	switch a := a.(type) {
	case *VectorType:
		b, ok := b.(*VectorType)
		return ok && slices.Equal(a.Shape, b.Shape)
	case *TensorType:
		b, ok := b.(*TensorType)
		return ok && a.Ranked == b.Ranked && slices.Equal(a.Shape, b.Shape)
	}
	switch b.(type) {
	case *VectorType, *TensorType:
		return false
	}
	return true
}

func floatWidth(t Type) int {
	if f, ok := elemOrSelf(t).(*FloatType); ok {
		return f.Width
	}
	return 0
}

// verifyCast checks one operand, one result, matching shapes and the
// element kinds of each cast.
func verifyCast(op *Operation) error {
	if err := expectOperands(op, 1); err != nil {
		return err
	}
	if err := expectResults(op, 1); err != nil {
		return err
	}
	from, to := op.Operands[0].Type, op.Results[0].Type
	fe, te := elemOrSelf(from), elemOrSelf(to)
	// index_cast, index_castui and bitcast also cast memrefs element-wise.
	fm, fromMemRef := from.(*MemRefType)
	tm, toMemRef := to.(*MemRefType)
	if fromMemRef || toMemRef {
		switch op.Name {
		case "arith.index_cast", "arith.index_castui", "arith.bitcast":
			if fromMemRef && toMemRef && fm.Ranked == tm.Ranked && slices.Equal(fm.Shape, tm.Shape) {
				fe, te = fm.Elem, tm.Elem
				from, to = fe, te
			}
		}
	}
	_, fIdx := fe.(*IndexType)
	_, tIdx := te.(*IndexType)
	fInt := isSignlessIntOrIndex(fe) && !fIdx
	tInt := isSignlessIntOrIndex(te) && !tIdx
	var ok bool
	switch op.Name {
	case "arith.index_cast", "arith.index_castui":
		ok = fIdx && tInt || fInt && tIdx
	case "arith.sitofp", "arith.uitofp":
		ok = fInt && isFloatLike(to)
	case "arith.fptosi", "arith.fptoui":
		ok = isFloatLike(from) && tInt
	case "arith.extsi", "arith.extui":
		ok = fInt && tInt && intWidth(te) > intWidth(fe)
	case "arith.trunci":
		ok = fInt && tInt && intWidth(te) < intWidth(fe)
	case "arith.extf":
		ok = isFloatLike(from) && isFloatLike(to) && floatWidth(to) > floatWidth(from)
	case "arith.truncf":
		ok = isFloatLike(from) && isFloatLike(to) && floatWidth(to) < floatWidth(from)
	case "arith.bitcast":
		ok = ElementBitWidth(fe) == ElementBitWidth(te) && ElementBitWidth(fe) > 0
	default:
		ok = true
	}
	if !ok || !shapesMatch(from, to) {
		return Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", op.Operands[0].Type, op.Results[0].Type)
	}
	if a := op.Attr("roundingmode"); a != nil {
		if m, ok := a.(*IntegerAttr); !ok || m.Value < 0 || int(m.Value) >= len(roundingModes) {
			return Errorf(op, "attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode")
		}
	}
	return checkFlagsAttr(op)
}

func intWidth(t Type) int {
	if it, ok := t.(*IntegerType); ok {
		return it.Width
	}
	return 0
}

func verifySameOperandsAndResultType(op *Operation) error {
	if len(op.Results) != 1 {
		return Errorf(op, "requires one result")
	}
	t := op.Results[0].Type
	for _, v := range op.Operands {
		if v.Type != t {
			return Errorf(op, "requires the same type for all operands and results")
		}
	}
	return nil
}

// ConstantInt returns the value of v when an integer arith.constant
// defines it (one that fits int64).
func ConstantInt(v *Value) (int64, bool) {
	if v == nil || v.Op == nil || v.Op.Name != "arith.constant" {
		return 0, false
	}
	a, ok := v.Op.Attr("value").(*IntegerAttr)
	if !ok || a.Big != "" {
		return 0, false
	}
	return a.Value, true
}
