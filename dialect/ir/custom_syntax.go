package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Shared pieces of the syntax written by hand, for the ops whose syntax is
// too irregular for a declarative format (format.go), as in MLIR, and for
// the custom directives of formats; the parse and print halves of a piece
// sit side by side so they cannot drift apart. The bit enums' canonical
// flags serve both.

// ParseTrailingAttrDict reads an optional attribute dictionary into st.
func ParseTrailingAttrDict(p AsmParser, st *OperationState) error {
	return p.ParseOptionalAttrDictInto(st)
}

// BitEnum is a dialect's bit-enum attribute, spelled #dialect.name<flags>
// (arith's fastmath and overflow flags): its flags in bit order, the name
// of all flags together ("" when there is none), and the separator
// mlir-opt prints between flags.
type BitEnum struct {
	Flags    []string
	All, Sep string
}

var bitEnums = map[string]BitEnum{}

// RegisterBitEnum records the bit-enum attribute written prefix<flags>
// (prefix is #dialect.name), so that the parser and ParseFlagsAttr put
// its flags in canonical order.
func RegisterBitEnum(prefix string, e BitEnum) { bitEnums[prefix] = e }

// IsBitEnum reports whether prefix (#dialect.name) is a registered
// bit-enum attribute.
func IsBitEnum(prefix string) bool {
	_, ok := bitEnums[prefix]
	return ok
}

// CanonicalFlags returns prefix<flags> as mlir-opt prints it: flags in bit
// order, "none" for no flag and the enum's All name (fastmath's "fast")
// for all of them. An unregistered prefix keeps the flags as given.
func CanonicalFlags(prefix string, flags []string) (string, error) {
	e, ok := bitEnums[prefix]
	if !ok {
		return prefix + "<" + strings.Join(flags, ", ") + ">", nil
	}
	var set uint
	for _, f := range flags {
		switch {
		case f == "none":
		case f == e.All && e.All != "":
			set = 1<<len(e.Flags) - 1
		default:
			i := 0
			for i < len(e.Flags) && e.Flags[i] != f {
				i++
			}
			if i == len(e.Flags) {
				return "", fmt.Errorf("unknown flag '%s' in %s (expected none, %s)", f, prefix, strings.Join(e.Flags, ", "))
			}
			set |= 1 << i
		}
	}
	var names []string
	switch {
	case set == 0:
		names = []string{"none"}
	case e.All != "" && set == 1<<len(e.Flags)-1:
		names = []string{e.All}
	default:
		for i, f := range e.Flags {
			if set&(1<<i) != 0 {
				names = append(names, f)
			}
		}
	}
	return prefix + "<" + strings.Join(names, e.Sep) + ">", nil
}

// ---- pieces of the hand-written syntax ----

// ParseColonType reads the tail `attr-dict : T` many ops end with.
func ParseColonType(p AsmParser, st *OperationState) (Type, error) {
	if err := ParseTrailingAttrDict(p, st); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseType()
}

// ParseTypePair reads the tail `attr-dict : T1 sep T2`, where sep is a
// keyword (`to`, `into`) or punctuation (`->`).
func ParseTypePair(p AsmParser, st *OperationState, sep string) (Type, Type, error) {
	a, err := ParseColonType(p, st)
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

// ParseIntList reads a bracketed list of integers, `[1, 2, 3]` or `[]`.
func ParseIntList(p AsmParser) ([]int64, error) {
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

// ParseTypedOperands reads `%a, %b : T, U` and appends the operands and
// their types to st, returning how many; what names the list in the error
// for a count mismatch.
func ParseTypedOperands(p AsmParser, st *OperationState, what string) (int, error) {
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

// ParseOperands reads an unparenthesised list of exactly n operands into
// st's operands.
func ParseOperands(p AsmParser, st *OperationState, n int) error {
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

// ParseCastTail reads `attr-dict : T1 to T2` after the operands.
func ParseCastTail(p AsmParser, st *OperationState) error {
	from, to, err := ParseTypePair(p, st, "to")
	if err != nil {
		return err
	}
	st.OperandTypes = []Type{from}
	st.ResultTypes = []Type{to}
	return nil
}

// PrintCastTail prints the tail ParseCastTail reads, eliding the given
// attributes from the dictionary.
func PrintCastTail(p AsmPrinter, op *Operation, elided ...string) {
	p.AttrDict(op, elided...)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" to ")
	p.Type(op.Results[0].Type)
}

// IndexTypes is n times the index type (the types of index operands).
func IndexTypes(n int) []Type {
	out := make([]Type, n)
	for i := range out {
		out[i] = Index
	}
	return out
}

// ParseDynamicIndexList reads a mixed list between open and close (empty only when
// allowEmpty).
func ParseDynamicIndexList(p AsmParser, open, close string, allowEmpty bool) (dyn []OperandRef, static []int64, err error) {
	if err := p.ParsePunct(open); err != nil {
		return nil, nil, err
	}
	if allowEmpty && p.ParseOptionalPunct(close) {
		return nil, nil, nil
	}
	for {
		if p.PeekOperand() {
			r, err := p.ParseOperand()
			if err != nil {
				return nil, nil, err
			}
			dyn = append(dyn, r)
			static = append(static, Dynamic)
		} else {
			n, err := p.ParseInteger()
			if err != nil {
				return nil, nil, err
			}
			static = append(static, n)
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return dyn, static, p.ParsePunct(close)
}

// PrintDynamicIndexList prints a mixed list between open and close: the static
// values, with dyn's operands in place of the Dynamic ones.
func PrintDynamicIndexList(p AsmPrinter, open, close string, static []int64, dyn []*Value) {
	p.Write(open)
	k := 0
	for i, s := range static {
		if i > 0 {
			p.Write(", ")
		}
		if s == Dynamic && k < len(dyn) {
			p.Operand(dyn[k])
			k++
		} else {
			p.Write(strconv.FormatInt(s, 10))
		}
	}
	p.Write(close)
}

// DenseArrayValues are the values of op's dense array attribute name
// (static_offsets, ...), nil when it has none.
func DenseArrayValues(op *Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*DenseArrayAttr); ok {
		return a.Values
	}
	return nil
}

// ParseOptionalArrowTypes reads `-> T` or `-> (T, U)` into st's result
// types, when it is there.
func ParseOptionalArrowTypes(p AsmParser, st *OperationState) error {
	if !p.PeekPunct("->") {
		return nil
	}
	ts, err := p.ParseArrowTypeList()
	st.ResultTypes = ts
	return err
}

// PrintArrowTypes prints the form ParseOptionalArrowTypes reads for the
// types of vs (nothing for none): one type without parentheses, unless
// parens or the type is a function type.
func PrintArrowTypes(p AsmPrinter, vs []*Value, parens bool) {
	if len(vs) == 0 {
		return
	}
	if _, fn := vs[0].Type.(*FunctionType); len(vs) == 1 && !parens && !fn {
		p.Write(" -> ")
		p.Type(vs[0].Type)
		return
	}
	p.Write(" -> (")
	p.ValueTypes(vs)
	p.Write(")")
}

// ParseBodyAndAttrDict reads an op's last region, whose entry block
// declares args, and the attribute dictionary after it.
func ParseBodyAndAttrDict(p AsmParser, st *OperationState, args []Argument) error {
	r, err := p.ParseRegion(args)
	if err != nil {
		return err
	}
	st.AddRegion(r)
	return ParseTrailingAttrDict(p, st)
}
