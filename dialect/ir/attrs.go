package ir

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Attribute is an MLIR attribute. String returns the text mlir-opt prints.
type Attribute interface {
	String() string
	isAttr()
}

// IntegerAttr is an integer (or i1 boolean) constant with its type.
// Values wider than 64 bits keep their decimal text in Big.
type IntegerAttr struct {
	Value int64
	Type  Type
	Big   string
}

func (*IntegerAttr) isAttr() {}
func (a *IntegerAttr) String() string {
	if it, ok := a.Type.(*IntegerType); ok && it.Width == 1 && it.Signedness == 0 {
		if a.Value != 0 {
			return "true"
		}
		return "false"
	}
	return a.ValueString() + " : " + a.Type.String()
}

// ValueString prints the value without the type.
func (a *IntegerAttr) ValueString() string {
	if a.Big != "" {
		return a.Big
	}
	if it, ok := a.Type.(*IntegerType); ok && it.Signedness == 'u' && a.Value < 0 {
		return strconv.FormatUint(uint64(a.Value), 10)
	}
	return strconv.FormatInt(a.Value, 10)
}

// Int returns an integer attribute, normalising the value to the type's
// width the way MLIR stores it (signless values print as signed).
func Int(v int64, t Type) *IntegerAttr {
	if it, ok := t.(*IntegerType); ok && it.Width < 64 {
		shift := 64 - uint(it.Width)
		if it.Signedness == 'u' {
			v = int64(uint64(v) << shift >> shift)
		} else {
			v = v << shift >> shift
		}
	}
	return &IntegerAttr{Value: v, Type: t}
}

// IntegerFromBig builds an integer attribute from arbitrary-precision text.
func IntegerFromBig(n *big.Int, t Type) *IntegerAttr {
	width := 64
	unsigned := false
	if it, ok := t.(*IntegerType); ok {
		width = it.Width
		unsigned = it.Signedness == 'u'
	}
	if width <= 64 {
		m := new(big.Int).Lsh(big.NewInt(1), uint(width))
		r := new(big.Int).Mod(n, m)
		u := r.Uint64()
		return Int(int64(u), t)
	}
	// Wide integers: wrap into range and print signed unless unsigned.
	m := new(big.Int).Lsh(big.NewInt(1), uint(width))
	r := new(big.Int).Mod(n, m)
	if !unsigned {
		half := new(big.Int).Rsh(m, 1)
		if r.Cmp(half) >= 0 {
			r.Sub(r, m)
		}
	}
	a := &IntegerAttr{Type: t, Big: r.String()}
	if r.IsInt64() {
		a.Value = r.Int64()
		a.Big = ""
	}
	return a
}

// Bool returns the i1 attribute `true` or `false`.
func Bool(b bool) *IntegerAttr {
	if b {
		return &IntegerAttr{Value: 1, Type: I1}
	}
	return &IntegerAttr{Value: 0, Type: I1}
}

// FloatAttr is a floating-point constant: its bits in its type's
// encoding, low word first (see floatfmt.go).
type FloatAttr struct {
	Bits [2]uint64
	Type Type
}

func (*FloatAttr) isAttr() {}
func (a *FloatAttr) String() string {
	return FormatFloat(a.Bits, a.Type) + " : " + a.Type.String()
}

// StringAttr is a string, optionally typed.
type StringAttr struct {
	Value string
	Type  Type
}

func (*StringAttr) isAttr() {}
func (a *StringAttr) String() string {
	if a.Type != nil {
		var sb strings.Builder
		a.writeText(&sb)
		return sb.String()
	}
	return Quote(a.Value)
}

func (a *StringAttr) writeText(sb *strings.Builder) {
	sb.WriteString(Quote(a.Value))
	if a.Type != nil {
		sb.WriteString(" : ")
		writeType(sb, a.Type)
	}
}

// Str returns an untyped string attribute.
func Str(s string) *StringAttr { return &StringAttr{Value: s} }

// UnitAttr is the presence-only attribute `unit`.
type UnitAttr struct{}

func (*UnitAttr) isAttr()        {}
func (*UnitAttr) String() string { return "unit" }

// Unit is the single unit attribute.
var Unit Attribute = &UnitAttr{}

// ArrayAttr is [a, b, ...].
type ArrayAttr struct{ Elems []Attribute }

func (*ArrayAttr) isAttr() {}
func (a *ArrayAttr) String() string {
	var sb strings.Builder
	a.writeText(&sb)
	return sb.String()
}

func (a *ArrayAttr) writeText(sb *strings.Builder) {
	sb.WriteByte('[')
	for i, e := range a.Elems {
		if i > 0 {
			sb.WriteString(", ")
		}
		writeElided(sb, e)
	}
	sb.WriteByte(']')
}

// textWriter is an attribute that contains attributes or types. It
// writes the text of those in place, so that printing a deeply nested
// attribute costs time linear in its text, not quadratic.
type textWriter interface {
	writeText(sb *strings.Builder)
}

// writeAttr writes the text of a to sb.
func writeAttr(sb *strings.Builder, a Attribute) {
	if w, ok := a.(textWriter); ok {
		w.writeText(sb)
		return
	}
	sb.WriteString(a.String())
}

// writeElided writes ElidedString(a) to sb.
func writeElided(sb *strings.Builder, a Attribute) {
	switch a := a.(type) {
	case *IntegerAttr:
		if a.Type == I64 {
			sb.WriteString(a.ValueString())
			return
		}
	case *FloatAttr:
		if txt, ok := elidedFloat(a); ok {
			sb.WriteString(txt)
			return
		}
	}
	writeAttr(sb, a)
}

// ElidedString prints an attribute where MLIR allows eliding the default
// type: i64 integers and f64 floats print bare (array elements do this).
func ElidedString(a Attribute) string {
	switch a := a.(type) {
	case *IntegerAttr:
		if a.Type == I64 {
			return a.ValueString()
		}
	case *FloatAttr:
		if txt, ok := elidedFloat(a); ok {
			return txt
		}
	}
	return a.String()
}

// elidedFloat is an f64 float without its type; mlir-opt keeps the type
// of a float printed in hex.
func elidedFloat(a *FloatAttr) (string, bool) {
	if a.Type != F64 {
		return "", false
	}
	txt := FormatFloat(a.Bits, a.Type)
	return txt, !strings.HasPrefix(txt, "0x")
}

// DictAttr is {name = value, ...}, sorted by name.
type DictAttr struct{ Entries []NamedAttr }

func (*DictAttr) isAttr() {}
func (a *DictAttr) String() string {
	var sb strings.Builder
	a.writeText(&sb)
	return sb.String()
}

func (a *DictAttr) writeText(sb *strings.Builder) {
	sb.WriteByte('{')
	writeAttrList(sb, a.Entries)
	sb.WriteByte('}')
}

// Get returns the value for name, or nil.
func (a *DictAttr) Get(name string) Attribute { return findAttr(a.Entries, name) }

// FormatAttrList prints dictionary entries: `name = value`, or a bare name
// for unit attributes, as MLIR does.
func FormatAttrList(list []NamedAttr) string {
	var sb strings.Builder
	writeAttrList(&sb, list)
	return sb.String()
}

func writeAttrList(sb *strings.Builder, list []NamedAttr) {
	for i, e := range list {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(FormatAttrName(e.Name))
		if _, unit := e.Value.(*UnitAttr); unit {
			continue
		}
		sb.WriteString(" = ")
		writeAttr(sb, e.Value)
	}
}

// FormatAttrName prints a dictionary key, quoting it when it is not a bare
// identifier.
func FormatAttrName(name string) string {
	if IsBareIdentifier(name) {
		return name
	}
	return Quote(name)
}

// IsBareIdentifier reports whether s lexes as an MLIR bare-id.
func IsBareIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		if i == 0 && !alpha {
			return false
		}
		if !alpha && !(c >= '0' && c <= '9') && c != '$' && c != '.' {
			return false
		}
	}
	return true
}

// DenseElementsAttr is dense<literal> : type. Literal is the normalised
// element text (a scalar, nested [..] lists, or a "0x..." hex string).
type DenseElementsAttr struct {
	Literal string
	Type    Type
}

func (*DenseElementsAttr) isAttr() {}
func (a *DenseElementsAttr) String() string {
	var sb strings.Builder
	a.writeText(&sb)
	return sb.String()
}

func (a *DenseElementsAttr) writeText(sb *strings.Builder) {
	sb.WriteString("dense<")
	sb.WriteString(a.Literal)
	sb.WriteString("> : ")
	writeType(sb, a.Type)
}

// DenseArrayAttr is array<T: v1, v2, ...>.
type DenseArrayAttr struct {
	Elem   Type
	Values []int64     // integer element types
	Floats [][2]uint64 // float element types: each one's bits (FloatAttr.Bits)
}

func (*DenseArrayAttr) isAttr() {}
func (a *DenseArrayAttr) String() string {
	var sb strings.Builder
	sb.WriteString("array<")
	sb.WriteString(a.Elem.String())
	_, isFloat := a.Elem.(*FloatType)
	n := len(a.Values)
	if isFloat {
		n = len(a.Floats)
	}
	if n > 0 {
		sb.WriteString(": ")
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		if isFloat {
			sb.WriteString(FormatFloat(a.Floats[i], a.Elem))
		} else if it, ok := a.Elem.(*IntegerType); ok && it.Width == 1 {
			if a.Values[i] != 0 {
				sb.WriteString("true")
			} else {
				sb.WriteString("false")
			}
		} else {
			sb.WriteString(arrayIntText(a.Values[i], a.Elem))
		}
	}
	sb.WriteByte('>')
	return sb.String()
}

// arrayIntText prints an integer array element: an unsigned type's value
// unsigned, others signed.
func arrayIntText(v int64, elem Type) string {
	if it, ok := elem.(*IntegerType); ok && it.Signedness == 'u' {
		return strconv.FormatUint(uint64(v), 10)
	}
	return strconv.FormatInt(v, 10)
}

// I32Array and I64Array build dense arrays.
func I32Array(vals ...int64) *DenseArrayAttr { return intArray(I32, vals) }
func I64Array(vals ...int64) *DenseArrayAttr { return intArray(I64, vals) }

// intArray returns the array attribute of vals. Short ones (static
// sizes, offsets and strides, segment sizes: most ops carry some) are
// made once and shared, attributes being immutable as in MLIR, where
// they are uniqued.
func intArray(elem Type, vals []int64) *DenseArrayAttr {
	if len(vals) > len(arrayKey{}.vals) {
		return &DenseArrayAttr{Elem: elem, Values: vals}
	}
	k := arrayKey{elem: elem, n: uint8(len(vals))}
	copy(k.vals[:], vals)
	if a, ok := intArrays.Load(k); ok {
		return a.(*DenseArrayAttr)
	}
	a, _ := intArrays.LoadOrStore(k, &DenseArrayAttr{Elem: elem, Values: slices.Clone(vals)})
	return a.(*DenseArrayAttr)
}

type arrayKey struct {
	elem Type
	n    uint8
	vals [6]int64
}

var intArrays sync.Map // arrayKey -> *DenseArrayAttr

// TypeAttr wraps a type used as an attribute value.
type TypeAttr struct{ Type Type }

func (*TypeAttr) isAttr()                         {}
func (a *TypeAttr) String() string                { return a.Type.String() }
func (a *TypeAttr) writeText(sb *strings.Builder) { writeType(sb, a.Type) }

// SymbolRefAttr is @root or @root::@nested.
type SymbolRefAttr struct {
	Root   string
	Nested []string
}

func (*SymbolRefAttr) isAttr() {}
func (a *SymbolRefAttr) String() string {
	s := FormatSymbol(a.Root)
	for _, n := range a.Nested {
		s += "::" + FormatSymbol(n)
	}
	return s
}

// FormatSymbol prints @name, quoting when needed.
func FormatSymbol(name string) string {
	if IsBareIdentifier(name) {
		return "@" + name
	}
	return "@" + Quote(name)
}

// StridedLayoutAttr is strided<[s0, s1, ...], offset: o>.
type StridedLayoutAttr struct {
	Strides []int64
	Offset  int64
}

func (*StridedLayoutAttr) isAttr() {}
func (a *StridedLayoutAttr) String() string {
	var sb strings.Builder
	sb.WriteString("strided<[")
	for i, s := range a.Strides {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(dimString(s))
	}
	sb.WriteByte(']')
	if a.Offset != 0 {
		sb.WriteString(", offset: ")
		sb.WriteString(dimString(a.Offset))
	}
	sb.WriteByte('>')
	return sb.String()
}

func dimString(d int64) string {
	if d == Dynamic {
		return "?"
	}
	return strconv.FormatInt(d, 10)
}

// RawAttr is an attribute kept verbatim: affine maps and sets, opaque
// dialect attributes (#dialect.name<...>), dense_resource and the like.
// Type is the type of an elements attribute kept raw (dense_resource,
// sparse, opaque), whose Text ends with it (" : tensor<2xi32>"); nil
// for the others, or when none was written.
type RawAttr struct {
	Text string
	Type Type
}

// IsElements reports whether the raw text is one of the elements
// attributes kept raw: dense_resource<...>, sparse<...>, opaque<...>.
func (a *RawAttr) IsElements() bool {
	return strings.HasPrefix(a.Text, "dense_resource<") || strings.HasPrefix(a.Text, "sparse<") || strings.HasPrefix(a.Text, "opaque<")
}

// ElementsType is the shaped type of an elements attribute (dense, or one
// kept raw with its type): ok false for other attributes.
func ElementsType(a Attribute) (Type, bool) {
	switch a := a.(type) {
	case *DenseElementsAttr:
		return a.Type, a.Type != nil
	case *RawAttr:
		return a.Type, a.IsElements() && a.Type != nil
	}
	return nil, false
}

func (*RawAttr) isAttr()          {}
func (a *RawAttr) String() string { return a.Text }

// IsAffineMap reports whether the raw text is an affine_map.
func (a *RawAttr) IsAffineMap() bool { return strings.HasPrefix(a.Text, "affine_map<") }

// ---- strings and floats ----

// Quote prints s as an MLIR string literal the way mlir-opt does:
// printable ASCII but the quote kept, backslashes doubled, everything else
// (the quote too) as \XX hex.
func Quote(s string) string {
	var sb strings.Builder
	sb.Grow(len(s) + 2)
	sb.WriteByte('"')
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c >= 0x20 && c < 0x7f && c != '"':
			sb.WriteByte(c)
		default:
			sb.WriteByte('\\')
			sb.WriteByte(hex[c>>4])
			sb.WriteByte(hex[c&15])
		}
	}
	sb.WriteByte('"')
	return sb.String()
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
		if a.Type == nil {
			return None // an untyped string's type, as MLIR's TypedAttr gives it
		}
		return a.Type
	case *RawAttr:
		return a.Type // an elements attribute kept raw, or nil
	}
	return nil
}
