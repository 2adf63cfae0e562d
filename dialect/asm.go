package dialect

import (
	"fmt"
	"strings"
)

// Shared pieces of custom assembly formats. Each dialect file composes its
// ops' syntax from these, the way MLIR's declarative formats compose
// directives; the parse and print halves of a format sit side by side so
// they cannot drift apart.

// parseTrailingAttrDict reads an optional attribute dictionary into st.
func parseTrailingAttrDict(p AsmParser, st *OperationState) error {
	attrs, err := p.ParseOptionalAttrDict()
	if err != nil {
		return err
	}
	st.Attrs = append(st.Attrs, attrs...)
	return nil
}

// parseFlagsAttr reads an optional `keyword<flags>` group (overflow<nsw>,
// fastmath<fast>) into the property name as #dialect.mnemonic<flags>.
func parseFlagsAttr(p AsmParser, st *OperationState, keyword, prop, attrPrefix string) error {
	if !p.ParseOptionalKeyword(keyword) {
		return nil
	}
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	var flags []string
	for {
		id, ok := p.ParseOptionalBareId()
		if !ok {
			return p.Errorf("expected %s flag", keyword)
		}
		flags = append(flags, id)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	loc := p.Loc()
	if err := p.ParsePunct(">"); err != nil {
		return err
	}
	text, err := CanonicalFlags(attrPrefix, flags)
	if err != nil {
		return p.ErrorAt(loc, "%v", err)
	}
	st.AddAttr(prop, &RawAttr{Text: text})
	return nil
}

// flagEnums are the bit-enum attributes of arith: their flags in bit
// order, the name of all flags together, and the separator mlir-opt
// prints between flags.
var flagEnums = map[string]struct {
	flags    []string
	all, sep string
}{
	"#arith.fastmath": {[]string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}, "fast", ","},
	"#arith.overflow": {[]string{"nsw", "nuw"}, "", ", "},
}

// CanonicalFlags returns prefix<flags> as mlir-opt prints it: flags in bit
// order, "none" for no flag and "fast" for all fastmath flags.
func CanonicalFlags(prefix string, flags []string) (string, error) {
	e, ok := flagEnums[prefix]
	if !ok {
		return prefix + "<" + strings.Join(flags, ", ") + ">", nil
	}
	var set uint
	for _, f := range flags {
		switch {
		case f == "none":
		case f == e.all && e.all != "":
			set = 1<<len(e.flags) - 1
		default:
			i := 0
			for i < len(e.flags) && e.flags[i] != f {
				i++
			}
			if i == len(e.flags) {
				return "", fmt.Errorf("unknown flag '%s' in %s (expected none, %s)", f, prefix, strings.Join(e.flags, ", "))
			}
			set |= 1 << i
		}
	}
	var names []string
	switch {
	case set == 0:
		names = []string{"none"}
	case e.all != "" && set == 1<<len(e.flags)-1:
		names = []string{e.all}
	default:
		for i, f := range e.flags {
			if set&(1<<i) != 0 {
				names = append(names, f)
			}
		}
	}
	return prefix + "<" + strings.Join(names, e.sep) + ">", nil
}

// printFlagsAttr prints ` keyword<flags>` unless the flags are absent or none.
func printFlagsAttr(p AsmPrinter, op *Operation, keyword, prop, attrPrefix string) {
	a, ok := op.Attr(prop).(*RawAttr)
	if !ok {
		return
	}
	inner := a.Text
	if len(inner) > len(attrPrefix)+1 && inner[:len(attrPrefix)] == attrPrefix {
		inner = inner[len(attrPrefix)+1 : len(inner)-1]
	}
	if inner == "none" {
		return
	}
	p.Write(" " + keyword + "<" + inner + ">")
}

// ---- `%a, %b attr-dict : T` (same-type operands and result) ----

func parseSameTypeOperands(n int, hasResult bool, flagKw, flagProp, flagPrefix string) func(AsmParser, *OperationState) error {
	return func(p AsmParser, st *OperationState) error {
		st.Operands = make([]OperandRef, 0, n)
		for i := 0; i < n; i++ {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			r, err := p.ParseOperand()
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, r)
		}
		if flagKw != "" {
			if err := parseFlagsAttr(p, st, flagKw, flagProp, flagPrefix); err != nil {
				return err
			}
		}
		t, err := parseColonType(p, st)
		if err != nil {
			return err
		}
		st.OperandTypes = make([]Type, n)
		for i := range st.OperandTypes {
			st.OperandTypes[i] = t
		}
		if hasResult {
			st.ResultTypes = []Type{t}
		}
		return nil
	}
}

func printSameTypeOperands(flagKw, flagProp, flagPrefix string) func(AsmPrinter, *Operation) {
	return func(p AsmPrinter, op *Operation) {
		p.Write(" ")
		p.Operands(op.Operands)
		if flagKw != "" {
			printFlagsAttr(p, op, flagKw, flagProp, flagPrefix)
		}
		p.AttrDict(op, flagProp)
		p.Write(" : ")
		if len(op.Results) > 0 {
			p.Type(op.Results[0].Type)
		} else {
			p.Type(op.Operands[0].Type)
		}
	}
}

// ---- `%a attr-dict : T1 to T2` (casts) ----

func parseCastLike(kw string, flagKw, flagProp, flagPrefix string) func(AsmParser, *OperationState) error {
	return func(p AsmParser, st *OperationState) error {
		r, err := p.ParseOperand()
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, r)
		if flagKw != "" {
			if err := parseFlagsAttr(p, st, flagKw, flagProp, flagPrefix); err != nil {
				return err
			}
		}
		from, to, err := parseTypePair(p, st, kw)
		if err != nil {
			return err
		}
		st.OperandTypes = []Type{from}
		st.ResultTypes = []Type{to}
		return nil
	}
}

func printCastLike(kw string, flagKw, flagProp, flagPrefix string) func(AsmPrinter, *Operation) {
	return func(p AsmPrinter, op *Operation) {
		p.Write(" ")
		p.Operand(op.Operands[0])
		if flagKw != "" {
			printFlagsAttr(p, op, flagKw, flagProp, flagPrefix)
		}
		p.AttrDict(op, flagProp)
		p.Write(" : ")
		p.Type(op.Operands[0].Type)
		p.Write(" " + kw + " ")
		p.Type(op.Results[0].Type)
	}
}

// ---- `%a, %b ... : T1, T2` (return / yield style, operands optional) ----

func parseOperandsColonTypes(p AsmParser, st *OperationState, attrDictFirst bool) error {
	if attrDictFirst {
		if err := parseTrailingAttrDict(p, st); err != nil {
			return err
		}
	}
	if p.PeekOperand() {
		refs, err := p.ParseOperandList("")
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, refs...)
		ts, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		st.OperandTypes = append(st.OperandTypes, ts...)
	}
	if !attrDictFirst {
		return parseTrailingAttrDict(p, st)
	}
	return nil
}

func printOperandsColonTypes(p AsmPrinter, op *Operation, attrDictFirst bool) {
	if attrDictFirst {
		p.AttrDict(op)
	}
	if len(op.Operands) > 0 {
		p.Write(" ")
		p.Operands(op.Operands)
		p.Write(" : ")
		p.Types(ValueTypes(op.Operands))
	}
	if !attrDictFirst {
		p.AttrDict(op)
	}
}

func hint(name string) func(*Operation) []string {
	return func(*Operation) []string { return []string{name} }
}

// parseColonType reads the tail `attr-dict : T` many ops end with.
func parseColonType(p AsmParser, st *OperationState) (Type, error) {
	if err := parseTrailingAttrDict(p, st); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseType()
}

// parseTypePair reads the tail `attr-dict : T1 sep T2`, where sep is a
// keyword (`to`, `into`) or punctuation (`->`).
func parseTypePair(p AsmParser, st *OperationState, sep string) (Type, Type, error) {
	a, err := parseColonType(p, st)
	if err != nil {
		return nil, nil, err
	}
	if c := sep[0]; 'a' <= c && c <= 'z' {
		err = p.ParseKeyword(sep)
	} else {
		err = p.ParsePunct(sep)
	}
	if err != nil {
		return nil, nil, err
	}
	b, err := p.ParseType()
	return a, b, err
}

// parseIntList reads a bracketed list of integers, `[1, 2, 3]` or `[]`.
func parseIntList(p AsmParser) ([]int64, error) {
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	var out []int64
	for !p.ParseOptionalPunct("]") {
		if len(out) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		n, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// parseTypedOperands reads `%a, %b : T, U` and appends the operands and
// their types to st, returning how many; what names the list in the error
// for a count mismatch.
func parseTypedOperands(p AsmParser, st *OperationState, what string) (int, error) {
	refs, err := p.ParseOperandList("")
	if err != nil {
		return 0, err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return 0, err
	}
	if len(ts) != len(refs) {
		return 0, p.Errorf("expected %d types %s, got %d", len(refs), what, len(ts))
	}
	st.Operands = append(st.Operands, refs...)
	st.OperandTypes = append(st.OperandTypes, ts...)
	return len(refs), nil
}
