package dialect

import (
	"strconv"
	"strings"
	"sync"
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

type typeInterner struct {
	mu sync.RWMutex
	m  map[string]Type
}

var types = typeInterner{m: map[string]Type{}}

// intern returns the canonical instance of a type with the given text.
func intern[T Type](key string, make func() T) Type {
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
	types.m[key] = nt
	return nt
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
	return intern(s, func() *IntegerType { return &IntegerType{Width: width, Signedness: sign, s: s} })
}

// IndexType is `index`.
type IndexType struct{}

func (*IndexType) String() string { return "index" }
func (*IndexType) isType()        {}

// FloatType is one of MLIR's builtin float types.
type FloatType struct {
	Name  string // f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN, ...
	Width int
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
	F16   Type = &FloatType{Name: "f16", Width: 16}
	BF16  Type = &FloatType{Name: "bf16", Width: 16}
	F32   Type = &FloatType{Name: "f32", Width: 32}
	F64   Type = &FloatType{Name: "f64", Width: 64}
)

var floatTypes = map[string]Type{}

func init() {
	for _, t := range []Type{Index, None, F16, BF16, F32, F64} {
		types.m[t.String()] = t
	}
	for _, f := range []struct {
		n string
		w int
	}{{"f80", 80}, {"f128", 128}, {"tf32", 19}, {"f8E5M2", 8}, {"f8E4M3", 8}, {"f8E4M3FN", 8},
		{"f8E5M2FNUZ", 8}, {"f8E4M3FNUZ", 8}, {"f8E4M3B11FNUZ", 8}, {"f8E3M4", 8}, {"f4E2M1FN", 4},
		{"f6E2M3FN", 6}, {"f6E3M2FN", 6}, {"f8E8M0FNU", 8}} {
		t := &FloatType{Name: f.n, Width: f.w}
		types.m[f.n] = t
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
		if w, err := strconv.Atoi(name[1:]); err == nil && w > 0 && w <= 1<<24 && name[1] != '+' {
			return IntType(w)
		}
	case 's', 'u':
		if len(name) > 2 && name[1] == 'i' {
			if w, err := strconv.Atoi(name[2:]); err == nil && w > 0 && w <= 1<<24 && name[2] != '+' {
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
	s        string
}

func (t *MemRefType) String() string { return t.s }
func (*MemRefType) isType()          {}

// MemRef returns the uniqued ranked memref type.
func MemRef(shape []int64, elem Type, layout, space Attribute) Type {
	var sb strings.Builder
	sb.WriteString("memref<")
	writeDims(&sb, shape)
	sb.WriteString(elem.String())
	if layout != nil {
		sb.WriteString(", ")
		sb.WriteString(layout.String())
	}
	if space != nil {
		sb.WriteString(", ")
		sb.WriteString(ElidedString(space))
	}
	sb.WriteByte('>')
	s := sb.String()
	return intern(s, func() *MemRefType {
		return &MemRefType{Ranked: true, Shape: append([]int64(nil), shape...), Elem: elem, Layout: layout, MemSpace: space, s: s}
	})
}

// UnrankedMemRef returns memref<*xelem[, space]>.
func UnrankedMemRef(elem Type, space Attribute) Type {
	s := "memref<*x" + elem.String()
	if space != nil {
		s += ", " + ElidedString(space)
	}
	s += ">"
	return intern(s, func() *MemRefType { return &MemRefType{Elem: elem, MemSpace: space, s: s} })
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
	s        string
}

func (t *TensorType) String() string { return t.s }
func (*TensorType) isType()          {}

// Tensor returns the uniqued ranked tensor type.
func Tensor(shape []int64, elem Type, encoding Attribute) Type {
	var sb strings.Builder
	sb.WriteString("tensor<")
	writeDims(&sb, shape)
	sb.WriteString(elem.String())
	if encoding != nil {
		sb.WriteString(", ")
		sb.WriteString(encoding.String())
	}
	sb.WriteByte('>')
	s := sb.String()
	return intern(s, func() *TensorType {
		return &TensorType{Ranked: true, Shape: append([]int64(nil), shape...), Elem: elem, Encoding: encoding, s: s}
	})
}

// UnrankedTensor returns tensor<*xelem>.
func UnrankedTensor(elem Type) Type {
	s := "tensor<*x" + elem.String() + ">"
	return intern(s, func() *TensorType { return &TensorType{Elem: elem, s: s} })
}

// VectorType is vector<[scalable dims] shape x elem>.
type VectorType struct {
	Shape    []int64
	Scalable []bool
	Elem     Type
	s        string
}

func (t *VectorType) String() string { return t.s }
func (*VectorType) isType()          {}

// Vector returns the uniqued vector type; scalable may be nil.
func Vector(shape []int64, scalable []bool, elem Type) Type {
	var sb strings.Builder
	sb.WriteString("vector<")
	for i, d := range shape {
		if i < len(scalable) && scalable[i] {
			sb.WriteString("[" + strconv.FormatInt(d, 10) + "]x")
		} else {
			sb.WriteString(strconv.FormatInt(d, 10) + "x")
		}
	}
	sb.WriteString(elem.String())
	sb.WriteByte('>')
	s := sb.String()
	return intern(s, func() *VectorType {
		return &VectorType{Shape: append([]int64(nil), shape...), Scalable: append([]bool(nil), scalable...), Elem: elem, s: s}
	})
}

// ComplexType is complex<elem>.
type ComplexType struct {
	Elem Type
	s    string
}

func (t *ComplexType) String() string { return t.s }
func (*ComplexType) isType()          {}

// Complex returns complex<elem>.
func Complex(elem Type) Type {
	s := "complex<" + elem.String() + ">"
	return intern(s, func() *ComplexType { return &ComplexType{Elem: elem, s: s} })
}

// TupleType is tuple<T1, T2, ...>.
type TupleType struct {
	Elems []Type
	s     string
}

func (t *TupleType) String() string { return t.s }
func (*TupleType) isType()          {}

// Tuple returns tuple<elems>.
func Tuple(elems []Type) Type {
	s := "tuple<" + joinTypes(elems) + ">"
	return intern(s, func() *TupleType { return &TupleType{Elems: append([]Type(nil), elems...), s: s} })
}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	Inputs  []Type
	Results []Type
	s       string
}

func (t *FunctionType) String() string { return t.s }
func (*FunctionType) isType()          {}

// Function returns the uniqued function type.
func Function(inputs, results []Type) Type {
	s := "(" + joinTypes(inputs) + ") -> " + FormatResultTypes(results)
	return intern(s, func() *FunctionType {
		return &FunctionType{Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...), s: s}
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
	return "(" + joinTypes(results) + ")"
}

func joinTypes(ts []Type) string {
	switch len(ts) {
	case 0:
		return ""
	case 1:
		return ts[0].String()
	}
	var sb strings.Builder
	for i, t := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(t.String())
	}
	return sb.String()
}

// JoinTypes prints a comma separated type list.
func JoinTypes(ts []Type) string { return joinTypes(ts) }

// OpaqueType is a type of a dialect pto-opt does not model, kept verbatim:
// !dialect.name or !dialect.name<body>.
type OpaqueType struct {
	Dialect string
	Text    string // full text including the leading '!'
}

func (t *OpaqueType) String() string { return t.Text }
func (*OpaqueType) isType()          {}

// Opaque returns the uniqued opaque type for the given full text.
func Opaque(text string) Type {
	return intern(text, func() *OpaqueType {
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

// ShapedDialectType is implemented by dialect types with a static shape
// (tile types).
type ShapedDialectType interface {
	Type
	ShapeAndElem() ([]int64, Type)
}

// IsMemRef reports whether t is a memref type (ranked or not).
func IsMemRef(t Type) bool {
	_, ok := t.(*MemRefType)
	return ok
}

// ---- dialect types ----

// TypeParser builds a dialect type from its name (after the dialect prefix)
// and the text between the angle brackets (empty when there were none).
type TypeParser func(name, body string) (Type, error)

var dialectTypeParsers = map[string]TypeParser{}

// RegisterTypeParser installs the parser for a dialect's `!dialect.name<...>`
// types. Dialects without one keep their types as OpaqueType.
func RegisterTypeParser(dialect string, p TypeParser) { dialectTypeParsers[dialect] = p }

// ParseDialectType turns `!dialect.name<body>` text into a type, using the
// dialect's registered parser when there is one.
func ParseDialectType(text string) (Type, error) {
	types.mu.RLock()
	t, ok := types.m[text]
	types.mu.RUnlock()
	if ok {
		return t, nil
	}
	full := strings.TrimPrefix(text, "!")
	d := DialectOf(full)
	if p, ok := dialectTypeParsers[d]; ok {
		name := full[len(d)+1:]
		body := ""
		if i := strings.IndexByte(name, '<'); i >= 0 && strings.HasSuffix(name, ">") {
			body = strings.TrimSpace(name[i+1 : len(name)-1])
			name = name[:i]
		}
		return p(name, body)
	}
	return Opaque(text), nil
}

// ParseShapeElem parses a "4x8xf32" dimension list with a scalar element
// type, the shape syntax used by tile and pto types ('?' marks a dynamic
// dimension).
func ParseShapeElem(s string) ([]int64, Type, bool) {
	s = strings.TrimSpace(s)
	var shape []int64
	for {
		if len(s) > 1 && s[0] == '?' && s[1] == 'x' {
			shape = append(shape, Dynamic)
			s = s[2:]
			continue
		}
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(s) || s[i] != 'x' {
			break
		}
		d, err := strconv.ParseInt(s[:i], 10, 64)
		if err != nil {
			return nil, nil, false
		}
		shape = append(shape, d)
		s = s[i+1:]
	}
	elem := ScalarType(s)
	if elem == nil {
		return nil, nil, false
	}
	return shape, elem, true
}

// ParseDims parses "32x64" (no element type).
func ParseDims(s string) ([]int64, bool) {
	parts := strings.Split(strings.TrimSpace(s), "x")
	out := make([]int64, len(parts))
	for i, p := range parts {
		d, err := strconv.ParseInt(p, 10, 64)
		if err != nil || d < 0 {
			return nil, false
		}
		out[i] = d
	}
	return out, true
}
