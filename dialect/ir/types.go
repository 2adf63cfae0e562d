package ir

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Type is an MLIR type. Types are immutable and uniqued: two types are equal
// exactly when they are the same pointer, and String returns the canonical
// textual form that mlir-opt prints.
type Type interface {
	String() string
	isType()
}

// Dynamic marks a dynamic dimension or offset (printed `?`).
const Dynamic int64 = -1 << 63

// Types are uniqued by a key. Scalar and dialect types are keyed by their
// text. A builtin type that contains types (memref, tensor, vector,
// complex, tuple, function) is keyed by its parameters, in which each
// type inside appears as its reference number (typeRef): the key is as
// long as the type's own parameters, however deep the types inside nest,
// so building a type costs time and memory linear in its text.
type typeInterner struct {
	mu   sync.RWMutex
	m    map[string]Type
	refs map[Type]string
}

var types = typeInterner{m: map[string]Type{}, refs: map[Type]string{}}

// Intern returns the canonical instance of a type with the given key.
func Intern[T Type](key string, make func() T) Type {
	types.mu.RLock()
	t, ok := types.m[key]
	types.mu.RUnlock()
	if ok {
		return t
	}
	types.mu.Lock()
	defer types.mu.Unlock()
	if t, ok := types.m[key]; ok {
		return t
	}
	nt := make()
	types.register(key, nt)
	return nt
}

// register records t under key; the lock is held.
func (in *typeInterner) register(key string, t Type) {
	in.m[key] = t
	in.refs[t] = "#" + strconv.Itoa(len(in.refs))
}

// typeRef is how t appears in the keys of the types built on it.
func typeRef(t Type) string {
	types.mu.RLock()
	r, ok := types.refs[t]
	types.mu.RUnlock()
	if ok {
		return r
	}
	return "=" + t.String() // not made by a constructor: its text is its identity
}

// textCache holds the text of a type that contains types, once asked
// for, when it is short. Such a type is printed from its parts: keeping
// the text of every level of a deeply nested type would take memory
// quadratic in the depth.
type textCache struct{ p atomic.Pointer[string] }

const maxCachedText = 256

// compound is a builtin type that contains types.
type compound interface {
	Type
	cache() *textCache
	writeText(sb *strings.Builder) // the type's text, parts written in place
}

func compoundString(t compound) string {
	c := t.cache()
	if s := c.p.Load(); s != nil {
		return *s
	}
	var sb strings.Builder
	t.writeText(&sb)
	s := sb.String()
	if len(s) <= maxCachedText {
		c.p.Store(&s)
	}
	return s
}

// writeType writes the text of t to sb, without making a string of each
// type inside it.
func writeType(sb *strings.Builder, t Type) {
	if c, ok := t.(compound); ok {
		if s := c.cache().p.Load(); s != nil {
			sb.WriteString(*s)
		} else {
			c.writeText(sb)
		}
		return
	}
	sb.WriteString(t.String())
}

// key builds the interning key of a compound type, in a buffer reused
// from key to key: looking up a type already made allocates nothing (the
// map is indexed with the buffer's bytes), and only a new type's key is
// copied into a string.
type key struct{ b []byte }

var keys = sync.Pool{New: func() any { return &key{b: make([]byte, 0, 64)} }}

func newKey(kind byte) *key {
	k := keys.Get().(*key)
	k.b = append(k.b[:0], 0, kind) // no type's text starts with 0
	return k
}

func (k *key) dims(shape []int64, scalable []bool) *key {
	for i, d := range shape {
		if i < len(scalable) && scalable[i] {
			k.b = append(k.b, '[')
		}
		k.b = strconv.AppendInt(k.b, d, 10)
		k.b = append(k.b, 'x')
	}
	return k
}

func (k *key) types(ts ...Type) *key {
	k.b = append(k.b, '(')
	for _, t := range ts {
		k.b = append(k.b, typeRef(t)...)
		k.b = append(k.b, ',')
	}
	k.b = append(k.b, ')')
	return k
}

func (k *key) attr(a Attribute) *key {
	k.b = append(k.b, '|')
	k.attrKey(a)
	return k
}

// intern returns the type of key k, made by make when it is new, and
// gives k back to the pool.
func intern[T Type](k *key, make func() T) Type {
	types.mu.RLock()
	t, ok := types.m[string(k.b)]
	types.mu.RUnlock()
	if !ok {
		t = Intern(string(k.b), make)
	}
	if cap(k.b) <= 1<<10 { // a huge key's buffer is not kept
		keys.Put(k)
	}
	return t
}

// attrKey writes an attribute for a type's key: its text, with the types
// inside it as references.
func (k *key) attrKey(a Attribute) {
	switch a := a.(type) {
	case nil:
		k.b = append(k.b, '-')
	case *TypeAttr:
		k.b = append(k.b, 't')
		k.b = append(k.b, typeRef(a.Type)...)
	case *ArrayAttr:
		k.b = append(k.b, '[')
		for _, e := range a.Elems {
			k.attrKey(e)
			k.b = append(k.b, ',')
		}
		k.b = append(k.b, ']')
	case *DictAttr:
		k.b = append(k.b, '{')
		for _, e := range a.Entries {
			k.b = append(k.b, Quote(e.Name)...)
			k.b = append(k.b, '=')
			k.attrKey(e.Value)
			k.b = append(k.b, ',')
		}
		k.b = append(k.b, '}')
	case *StringAttr:
		k.b = append(k.b, 's')
		k.b = append(k.b, Quote(a.Value)...)
		if a.Type != nil {
			k.b = append(k.b, typeRef(a.Type)...)
		}
	case *DenseElementsAttr:
		k.b = append(k.b, 'd')
		k.b = append(k.b, Quote(a.Literal)...)
		if a.Type != nil {
			k.b = append(k.b, typeRef(a.Type)...)
		}
	default:
		k.b = append(k.b, 'v')
		k.b = append(k.b, a.String()...)
	}
}

// ---- scalar types ----

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	Width      int
	Signedness byte // 0 signless, 's' signed, 'u' unsigned
	s          string
}

func (t *IntegerType) String() string { return t.s }
func (*IntegerType) isType()          {}

// IntType returns the signless integer type of the given width.
func IntType(width int) Type { return intTypeS(width, 0) }

func intTypeS(width int, sign byte) Type {
	prefix := "i"
	switch sign {
	case 's':
		prefix = "si"
	case 'u':
		prefix = "ui"
	}
	s := prefix + strconv.Itoa(width)
	return Intern(s, func() *IntegerType { return &IntegerType{Width: width, Signedness: sign, s: s} })
}

// IndexType is `index`.
type IndexType struct{}

func (*IndexType) String() string { return "index" }
func (*IndexType) isType()        {}

// FloatType is one of MLIR's builtin float types.
type FloatType struct {
	Name  string // f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN, ...
	Width int
	sem   *floatSem // its encoding
}

func (t *FloatType) String() string { return t.Name }
func (*FloatType) isType()          {}

// NoneType is `none`.
type NoneType struct{}

func (*NoneType) String() string { return "none" }
func (*NoneType) isType()        {}

var (
	Index Type = &IndexType{}
	None  Type = &NoneType{}
	I1         = IntType(1)
	I8         = IntType(8)
	I32        = IntType(32)
	I64        = IntType(64)
	F16   Type = &FloatType{Name: "f16", Width: 16, sem: floatSems["f16"]}
	BF16  Type = &FloatType{Name: "bf16", Width: 16, sem: floatSems["bf16"]}
	F32   Type = &FloatType{Name: "f32", Width: 32, sem: semF32}
	F64   Type = &FloatType{Name: "f64", Width: 64, sem: semF64}
)

var floatTypes = map[string]Type{}

func init() {
	for _, t := range []Type{Index, None, F16, BF16, F32, F64} {
		types.register(t.String(), t)
	}
	for _, f := range []struct {
		n string
		w int
	}{{"f80", 80}, {"f128", 128}, {"tf32", 19}, {"f8E5M2", 8}, {"f8E4M3", 8}, {"f8E4M3FN", 8},
		{"f8E5M2FNUZ", 8}, {"f8E4M3FNUZ", 8}, {"f8E4M3B11FNUZ", 8}, {"f8E3M4", 8}, {"f4E2M1FN", 4},
		{"f6E2M3FN", 6}, {"f6E3M2FN", 6}, {"f8E8M0FNU", 8}} {
		t := &FloatType{Name: f.n, Width: f.w, sem: floatSems[f.n]}
		types.register(f.n, t)
	}
	for _, t := range []Type{F16, BF16, F32, F64} {
		floatTypes[t.String()] = t
	}
}

// ScalarType parses the name of a builtin scalar type (iN, siN, uiN, index,
// none, float types); it returns nil for anything else.
func ScalarType(name string) Type {
	if len(name) == 0 {
		return nil
	}
	switch name[0] {
	case 'i':
		if name == "index" {
			return Index
		}
		if w, ok := parseIntWidth(name[1:]); ok {
			if t := internedInt(name); t != nil {
				return t
			}
			return IntType(w)
		}
	case 's', 'u':
		if len(name) > 2 && name[1] == 'i' {
			if w, ok := parseIntWidth(name[2:]); ok {
				if t := internedInt(name); t != nil {
					return t
				}
				return intTypeS(w, name[0])
			}
		}
	case 'n':
		if name == "none" {
			return None
		}
	}
	types.mu.RLock()
	t, ok := types.m[name]
	types.mu.RUnlock()
	if ok {
		if _, isFloat := t.(*FloatType); isFloat {
			return t
		}
	}
	return nil
}

// internedInt is the integer type already interned under name, or nil.
// Its key is the type's own spelling, so looking it up by the name read
// costs no allocation (building the key from the width would cost one a
// type read); a name intTypeS would not spell so (`i032`) is not found.
func internedInt(name string) Type {
	types.mu.RLock()
	t, ok := types.m[name]
	types.mu.RUnlock()
	if _, isInt := t.(*IntegerType); ok && isInt {
		return t
	}
	return nil
}

// MaxIntWidth is the widest integer type MLIR accepts.
const MaxIntWidth = 1<<24 - 1

// parseIntWidth reads the width of an integer type name: decimal digits (zero
// is a width too), at most MaxIntWidth.
func parseIntWidth(digits string) (int, bool) {
	if digits == "" || len(digits) > 8 {
		return 0, false
	}
	w := 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		w = w*10 + int(c-'0')
	}
	return w, w <= MaxIntWidth
}

// ---- shaped types ----

func writeDims(sb *strings.Builder, shape []int64) {
	for _, d := range shape {
		if d == Dynamic {
			sb.WriteByte('?')
		} else {
			sb.WriteString(strconv.FormatInt(d, 10))
		}
		sb.WriteByte('x')
	}
}

// FormatShape renders a shape as MLIR prints it in types: 4x?x8.
func FormatShape(shape []int64) string {
	var sb strings.Builder
	writeDims(&sb, shape)
	s := sb.String()
	return strings.TrimSuffix(s, "x")
}

// MemRefType is memref<shape x elem[, layout][, memory space]>.
// Unranked memrefs (memref<*xf32>) have Ranked false.
type MemRefType struct {
	Ranked   bool
	Shape    []int64
	Elem     Type
	Layout   Attribute // nil for the identity layout
	MemSpace Attribute // nil for the default space
	text     textCache
}

func (t *MemRefType) String() string    { return compoundString(t) }
func (*MemRefType) isType()             {}
func (t *MemRefType) cache() *textCache { return &t.text }
func (t *MemRefType) writeText(sb *strings.Builder) {
	sb.WriteString("memref<")
	if t.Ranked {
		writeDims(sb, t.Shape)
	} else {
		sb.WriteString("*x")
	}
	writeType(sb, t.Elem)
	if t.Layout != nil {
		sb.WriteString(", ")
		writeAttr(sb, t.Layout)
	}
	if t.MemSpace != nil {
		sb.WriteString(", ")
		writeElided(sb, t.MemSpace)
	}
	sb.WriteByte('>')
}

// canonicalSpace drops the integer memory space 0, which is the default
// space: memref<4xf32, 0> is memref<4xf32>, as in MLIR.
func canonicalSpace(space Attribute) Attribute {
	if n, ok := space.(*IntegerAttr); ok && n.Value == 0 && n.Big == "" {
		return nil
	}
	return space
}

// MemRef returns the uniqued ranked memref type.
func MemRef(shape []int64, elem Type, layout, space Attribute) Type {
	space = canonicalSpace(space)
	k := newKey('M').dims(shape, nil).types(elem).attr(layout).attr(space)
	return intern(k, func() *MemRefType {
		return &MemRefType{Ranked: true, Shape: append([]int64(nil), shape...), Elem: elem, Layout: layout, MemSpace: space}
	})
}

// UnrankedMemRef returns memref<*xelem[, space]>.
func UnrankedMemRef(elem Type, space Attribute) Type {
	space = canonicalSpace(space)
	k := newKey('m').types(elem).attr(space)
	return intern(k, func() *MemRefType { return &MemRefType{Elem: elem, MemSpace: space} })
}

// HasStaticShape reports whether every dimension is known.
func (t *MemRefType) HasStaticShape() bool {
	if !t.Ranked {
		return false
	}
	for _, d := range t.Shape {
		if d == Dynamic {
			return false
		}
	}
	return true
}

// NumElements is the product of the static shape.
func (t *MemRefType) NumElements() int64 { return product(t.Shape) }

// NumDynamicDims counts the `?` dimensions.
func (t *MemRefType) NumDynamicDims() int {
	n := 0
	for _, d := range t.Shape {
		if d == Dynamic {
			n++
		}
	}
	return n
}

func product(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// TensorType is tensor<shape x elem[, encoding]> (or unranked tensor<*xelem>).
type TensorType struct {
	Ranked   bool
	Shape    []int64
	Elem     Type
	Encoding Attribute
	text     textCache
}

func (t *TensorType) String() string    { return compoundString(t) }
func (*TensorType) isType()             {}
func (t *TensorType) cache() *textCache { return &t.text }
func (t *TensorType) writeText(sb *strings.Builder) {
	sb.WriteString("tensor<")
	if t.Ranked {
		writeDims(sb, t.Shape)
	} else {
		sb.WriteString("*x")
	}
	writeType(sb, t.Elem)
	if t.Encoding != nil {
		sb.WriteString(", ")
		writeAttr(sb, t.Encoding)
	}
	sb.WriteByte('>')
}

// Tensor returns the uniqued ranked tensor type.
func Tensor(shape []int64, elem Type, encoding Attribute) Type {
	k := newKey('T').dims(shape, nil).types(elem).attr(encoding)
	return intern(k, func() *TensorType {
		return &TensorType{Ranked: true, Shape: append([]int64(nil), shape...), Elem: elem, Encoding: encoding}
	})
}

// UnrankedTensor returns tensor<*xelem>.
func UnrankedTensor(elem Type) Type {
	k := newKey('t').types(elem)
	return intern(k, func() *TensorType { return &TensorType{Elem: elem} })
}

// VectorType is vector<[scalable dims] shape x elem>.
type VectorType struct {
	Shape    []int64
	Scalable []bool
	Elem     Type
	text     textCache
}

func (t *VectorType) String() string    { return compoundString(t) }
func (*VectorType) isType()             {}
func (t *VectorType) cache() *textCache { return &t.text }
func (t *VectorType) writeText(sb *strings.Builder) {
	sb.WriteString("vector<")
	for i, d := range t.Shape {
		if i < len(t.Scalable) && t.Scalable[i] {
			sb.WriteString("[" + strconv.FormatInt(d, 10) + "]x")
		} else {
			sb.WriteString(strconv.FormatInt(d, 10) + "x")
		}
	}
	writeType(sb, t.Elem)
	sb.WriteByte('>')
}

// Vector returns the uniqued vector type; scalable may be nil.
func Vector(shape []int64, scalable []bool, elem Type) Type {
	k := newKey('V').dims(shape, scalable).types(elem)
	return intern(k, func() *VectorType {
		return &VectorType{Shape: append([]int64(nil), shape...), Scalable: append([]bool(nil), scalable...), Elem: elem}
	})
}

// ComplexType is complex<elem>.
type ComplexType struct {
	Elem Type
	text textCache
}

func (t *ComplexType) String() string    { return compoundString(t) }
func (*ComplexType) isType()             {}
func (t *ComplexType) cache() *textCache { return &t.text }
func (t *ComplexType) writeText(sb *strings.Builder) {
	sb.WriteString("complex<")
	writeType(sb, t.Elem)
	sb.WriteByte('>')
}

// Complex returns complex<elem>.
func Complex(elem Type) Type {
	k := newKey('C').types(elem)
	return intern(k, func() *ComplexType { return &ComplexType{Elem: elem} })
}

// TupleType is tuple<T1, T2, ...>.
type TupleType struct {
	Elems []Type
	text  textCache
}

func (t *TupleType) String() string    { return compoundString(t) }
func (*TupleType) isType()             {}
func (t *TupleType) cache() *textCache { return &t.text }
func (t *TupleType) writeText(sb *strings.Builder) {
	sb.WriteString("tuple<")
	writeTypeList(sb, t.Elems)
	sb.WriteByte('>')
}

// Tuple returns tuple<elems>.
func Tuple(elems []Type) Type {
	k := newKey('U').types(elems...)
	return intern(k, func() *TupleType { return &TupleType{Elems: append([]Type(nil), elems...)} })
}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	Inputs  []Type
	Results []Type
	text    textCache
}

func (t *FunctionType) String() string    { return compoundString(t) }
func (*FunctionType) isType()             {}
func (t *FunctionType) cache() *textCache { return &t.text }
func (t *FunctionType) writeText(sb *strings.Builder) {
	sb.WriteByte('(')
	writeTypeList(sb, t.Inputs)
	sb.WriteString(") -> ")
	writeResultTypes(sb, t.Results)
}

// Function returns the uniqued function type.
func Function(inputs, results []Type) Type {
	k := newKey('F').types(inputs...).types(results...)
	return intern(k, func() *FunctionType {
		return &FunctionType{Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...)}
	})
}

// FormatResultTypes prints a result type list as MLIR does: a single
// non-function type bare, anything else parenthesised.
func FormatResultTypes(results []Type) string {
	if len(results) == 1 {
		if _, isFn := results[0].(*FunctionType); !isFn {
			return results[0].String()
		}
	}
	var sb strings.Builder
	writeResultTypes(&sb, results)
	return sb.String()
}

func writeResultTypes(sb *strings.Builder, results []Type) {
	if len(results) == 1 {
		if _, isFn := results[0].(*FunctionType); !isFn {
			writeType(sb, results[0])
			return
		}
	}
	sb.WriteByte('(')
	writeTypeList(sb, results)
	sb.WriteByte(')')
}

func writeTypeList(sb *strings.Builder, ts []Type) {
	for i, t := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		writeType(sb, t)
	}
}

func joinTypes(ts []Type) string {
	switch len(ts) {
	case 0:
		return ""
	case 1:
		return ts[0].String()
	}
	var sb strings.Builder
	writeTypeList(&sb, ts)
	return sb.String()
}

// JoinTypes prints a comma separated type list.
func JoinTypes(ts []Type) string { return joinTypes(ts) }

// OpaqueType is a type of a dialect pto-opt does not model, kept verbatim:
// !dialect.name or !dialect.name<body>.
type OpaqueType struct {
	DialectType
	Dialect string
	Text    string // full text including the leading '!'
}

func (t *OpaqueType) String() string { return t.Text }

// Opaque returns the uniqued opaque type for the given full text.
func Opaque(text string) Type {
	return Intern(text, func() *OpaqueType {
		name := strings.TrimPrefix(text, "!")
		return &OpaqueType{Dialect: DialectOf(name), Text: text}
	})
}

// ---- queries ----

// ElementBitWidth returns the storage width in bits of a scalar or vector
// type, or 0 when unknown.
func ElementBitWidth(t Type) int64 {
	switch t := t.(type) {
	case *IntegerType:
		return int64(t.Width)
	case *IndexType:
		return 64
	case *FloatType:
		if t.Name == "tf32" {
			return 32
		}
		return int64(t.Width)
	case *ComplexType:
		return 2 * ElementBitWidth(t.Elem)
	case *VectorType:
		return product(t.Shape) * ElementBitWidth(t.Elem)
	}
	return 0
}

// ShapeOf returns the shape and element type of a shaped type.
func ShapeOf(t Type) (shape []int64, elem Type, ok bool) {
	switch t := t.(type) {
	case *MemRefType:
		return t.Shape, t.Elem, t.Ranked
	case *TensorType:
		return t.Shape, t.Elem, t.Ranked
	case *VectorType:
		return t.Shape, t.Elem, true
	}
	if s, ok := t.(ShapedDialectType); ok {
		sh, el := s.ShapeAndElem()
		return sh, el, true
	}
	return nil, nil, false
}

// IsMemRef reports whether t is a memref type (ranked or not).
func IsMemRef(t Type) bool {
	_, ok := t.(*MemRefType)
	return ok
}

// IntWidth is the width of an integer type, 0 for any other type.
func IntWidth(t Type) int {
	if it, ok := t.(*IntegerType); ok {
		return it.Width
	}
	return 0
}

// TypesEqual compares two type lists.
func TypesEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
