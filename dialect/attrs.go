package dialect

import (
	"math"
	"math/big"
	"math/bits"
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

// FloatAttr is a floating-point constant, rounded to its type.
type FloatAttr struct {
	Value float64
	Type  Type
}

func (*FloatAttr) isAttr() {}
func (a *FloatAttr) String() string {
	return FormatFloat(a.Value, a.Type) + " : " + a.Type.String()
}

// Float returns a float attribute, rounding v to the precision of t.
func Float(v float64, t Type) *FloatAttr { return &FloatAttr{Value: RoundToType(v, t), Type: t} }

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
		if a.Type == F64 {
			sb.WriteString(FormatFloat(a.Value, a.Type))
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
		if a.Type == F64 {
			return FormatFloat(a.Value, a.Type)
		}
	}
	return a.String()
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
	Elem    Type
	Values  []int64   // integer element types
	FValues []float64 // float element types
}

func (*DenseArrayAttr) isAttr() {}
func (a *DenseArrayAttr) String() string {
	var sb strings.Builder
	sb.WriteString("array<")
	sb.WriteString(a.Elem.String())
	_, isFloat := a.Elem.(*FloatType)
	n := len(a.Values)
	if isFloat {
		n = len(a.FValues)
	}
	if n > 0 {
		sb.WriteString(": ")
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		if isFloat {
			sb.WriteString(FormatFloat(a.FValues[i], a.Elem))
		} else if it, ok := a.Elem.(*IntegerType); ok && it.Width == 1 {
			if a.Values[i] != 0 {
				sb.WriteString("true")
			} else {
				sb.WriteString("false")
			}
		} else {
			sb.WriteString(strconv.FormatInt(a.Values[i], 10))
		}
	}
	sb.WriteByte('>')
	return sb.String()
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
type RawAttr struct{ Text string }

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

// RoundToType rounds v to the nearest value representable in t (f16, bf16,
// f32; f64 unchanged).
func RoundToType(v float64, t Type) float64 {
	ft, ok := t.(*FloatType)
	if !ok {
		return v
	}
	switch ft.Name {
	case "f32", "tf32":
		return float64(float32(v))
	case "f16":
		return f16ToFloat(floatToF16(v))
	case "bf16":
		return bf16ToFloat(floatToBF16(v))
	}
	return v
}

// floatName names t's float format; anything else is taken as f64.
func floatName(t Type) string {
	if ft, ok := t.(*FloatType); ok {
		return ft.Name
	}
	return "f64"
}

// FloatBits returns the IEEE bit pattern of v in type t.
func FloatBits(v float64, t Type) uint64 {
	switch floatName(t) {
	case "f32", "tf32":
		return uint64(math.Float32bits(float32(v)))
	case "f16":
		return uint64(floatToF16(v))
	case "bf16":
		return uint64(floatToBF16(v))
	}
	return math.Float64bits(v)
}

// FloatFromBits interprets a hex float literal's bits in type t.
func FloatFromBits(bits uint64, t Type) float64 {
	switch floatName(t) {
	case "f32", "tf32":
		return float64(math.Float32frombits(uint32(bits)))
	case "f16":
		return f16ToFloat(uint16(bits))
	case "bf16":
		return bf16ToFloat(uint16(bits))
	}
	return math.Float64frombits(bits)
}

// FormatFloat prints v the way mlir-opt does: APFloat's six-digit
// exponent form (1.500000e+00) when that reads back to the same value in
// t; else APFloat's default format, with the digits that round-trip the
// type (0.33333333333333331, 9.9999999999999995E-8); else, and for
// infinities and NaNs, the bits in hex.
func FormatFloat(v float64, t Type) string {
	if !math.IsInf(v, 0) && !math.IsNaN(v) {
		want := FloatBits(v, t)
		prec := floatPrecision(t)
		if s := apFloatString(v, prec, 6, 0, false); readsBack(s, t, want) {
			return s
		}
		if s := apFloatString(v, prec, 0, 3, true); strings.IndexByte(s, '.') >= 0 && readsBack(s, t, want) {
			return s
		}
	}
	ft, _ := t.(*FloatType)
	digits := 16
	if ft != nil {
		switch ft.Name {
		case "f32", "tf32":
			digits = 8
		case "f16", "bf16":
			digits = 4
		}
	}
	h := strings.ToUpper(strconv.FormatUint(FloatBits(v, t), 16))
	for len(h) < digits {
		h = "0" + h
	}
	return "0x" + h
}

// floatPrecision is the significand width in bits of a float type.
func floatPrecision(t Type) int {
	if ft, ok := t.(*FloatType); ok {
		switch ft.Name {
		case "f32":
			return 24
		case "tf32", "f16":
			return 11
		case "bf16":
			return 8
		}
	}
	return 53
}

func readsBack(s string, t Type, want uint64) bool {
	bits := 64
	if ft, ok := t.(*FloatType); ok && ft.Name == "f32" {
		bits = 32
	}
	r, err := strconv.ParseFloat(s, bits)
	return err == nil && FloatBits(RoundToType(r, t), t) == want
}

// apFloatString formats a finite v as LLVM's APFloat::toString does for a
// type with semPrec significand bits: the value's decimal digits, first
// cut down by whole powers of ten and then rounded half-up to formatPrec
// digits (0: enough to round-trip), printed plainly unless that needs more
// than maxPadding zeros (0: always exponent form), trailing zeros dropped
// or (truncateZero false) padded up to formatPrec.
func apFloatString(v float64, semPrec, formatPrec, maxPadding int, truncateZero bool) string {
	var sb strings.Builder
	if math.Signbit(v) {
		sb.WriteByte('-')
		v = -v
	}
	if formatPrec == 0 {
		formatPrec = 2 + semPrec*59/196
	}
	if v == 0 {
		switch {
		case maxPadding != 0:
			sb.WriteByte('0')
		case truncateZero:
			sb.WriteString("0.0E+0")
		default:
			sb.WriteString("0.0")
			if formatPrec > 1 {
				sb.WriteString(strings.Repeat("0", formatPrec-1))
			}
			sb.WriteString("e+00")
		}
		return sb.String()
	}
	// v = mant * 2^exp with an odd mant.
	frac, e2 := math.Frexp(v)
	mant := uint64(math.Ldexp(frac, 53))
	exp := e2 - 53
	for mant&1 == 0 {
		mant >>= 1
		exp++
	}
	digits, exp := decimalDigits(mant, exp, formatPrec)
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	digits = trimmed
	// Round half-up to formatPrec digits.
	if n := len(digits); n > formatPrec {
		cut := n - formatPrec // digits dropped from the right
		if digits[formatPrec] < '5' {
			kept := strings.TrimRight(digits[:formatPrec], "0")
			exp += cut + formatPrec - len(kept)
			digits = kept
		} else {
			b := []byte(digits[:formatPrec])
			i := len(b) - 1
			for i >= 0 && b[i] == '9' {
				i--
			}
			if i < 0 {
				exp += n
				digits = "1"
			} else {
				b[i]++
				exp += cut + formatPrec - (i + 1)
				digits = string(b[:i+1])
			}
		}
	}
	n := len(digits)
	var scientific bool
	switch {
	case maxPadding == 0:
		scientific = true
	case exp >= 0:
		scientific = exp > maxPadding || n+exp > formatPrec
	default:
		msd := exp + n - 1
		scientific = msd < 0 && -msd > maxPadding
	}
	switch {
	case scientific:
		e10 := exp + n - 1
		sb.WriteByte(digits[0])
		sb.WriteByte('.')
		if n == 1 && truncateZero {
			sb.WriteByte('0')
		} else {
			sb.WriteString(digits[1:])
		}
		if !truncateZero && formatPrec > n-1 {
			sb.WriteString(strings.Repeat("0", formatPrec-n+1))
		}
		if truncateZero {
			sb.WriteByte('E')
		} else {
			sb.WriteByte('e')
		}
		if e10 >= 0 {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('-')
			e10 = -e10
		}
		es := strconv.Itoa(e10)
		if !truncateZero && len(es) < 2 {
			sb.WriteByte('0')
		}
		sb.WriteString(es)
	case exp >= 0:
		sb.WriteString(digits)
		sb.WriteString(strings.Repeat("0", exp))
	default:
		whole := exp + n
		if whole > 0 {
			sb.WriteString(digits[:whole])
			sb.WriteByte('.')
			sb.WriteString(digits[whole:])
		} else {
			sb.WriteString("0.")
			sb.WriteString(strings.Repeat("0", -whole))
			sb.WriteString(digits)
		}
	}
	return sb.String()
}

// decimalDigits returns the decimal digits of mant * 2^exp (mant odd),
// cut down by the whole powers of ten beyond what formatPrec digits need
// (the digits times 10^exp10 is the value, truncated): in 128-bit
// arithmetic when the value fits, else with math/big.
func decimalDigits(mant uint64, exp, formatPrec int) (string, int) {
	if d, e, ok := decimalDigits128(mant, exp, formatPrec); ok {
		return d, e
	}
	return decimalDigitsBig(mant, exp, formatPrec)
}

func decimalDigitsBig(mant uint64, exp, formatPrec int) (string, int) {
	sig := new(big.Int).SetUint64(mant)
	if exp > 0 {
		sig.Lsh(sig, uint(exp))
		exp = 0
	} else if exp < 0 {
		// mant * 2^-e == mant * 5^e * 10^-e
		sig.Mul(sig, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil))
	}
	// Drop whole powers of ten beyond what the precision needs.
	bits := sig.BitLen()
	if required := (formatPrec*196 + 58) / 59; bits > required {
		if tens := (bits - required) * 59 / 196; tens > 0 {
			exp += tens
			sig.Quo(sig, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	return sig.String(), exp
}

// pow5 and pow10 are the powers that fit in 64 bits.
var pow5, pow10 = func() (p5 [28]uint64, p10 [20]uint64) {
	p5[0], p10[0] = 1, 1
	for i := 1; i < len(p5); i++ {
		p5[i] = p5[i-1] * 5
	}
	for i := 1; i < len(p10); i++ {
		p10[i] = p10[i-1] * 10
	}
	return
}()

// decimalDigits128 is decimalDigitsBig in 128 bits; ok is false when the
// value does not fit.
func decimalDigits128(mant uint64, exp, formatPrec int) (string, int, bool) {
	var hi, lo uint64 // the significand sig
	switch {
	case exp >= 0:
		if bits.Len64(mant)+exp > 128 {
			return "", 0, false
		}
		if exp >= 64 {
			hi = mant << uint(exp-64)
		} else {
			hi, lo = mant>>(64-uint(exp)), mant<<uint(exp) // mant>>64 is 0
		}
		exp = 0
	default:
		k := -exp
		if k > 2*(len(pow5)-1) {
			return "", 0, false
		}
		a := min(k, len(pow5)-1)
		hi, lo = bits.Mul64(mant, pow5[a])
		if b := k - a; b > 0 {
			h1, l1 := bits.Mul64(lo, pow5[b])
			h2, l2 := bits.Mul64(hi, pow5[b])
			if h2 != 0 {
				return "", 0, false
			}
			var carry uint64
			hi, carry = bits.Add64(l2, h1, 0)
			if carry != 0 {
				return "", 0, false
			}
			lo = l1
		}
	}
	n := bits.Len64(lo)
	if hi != 0 {
		n = 64 + bits.Len64(hi)
	}
	if required := (formatPrec*196 + 58) / 59; n > required {
		if tens := (n - required) * 59 / 196; tens > 0 {
			exp += tens
			for tens > 0 {
				t := min(tens, len(pow10)-1)
				d := pow10[t]
				qhi := hi / d
				lo, _ = bits.Div64(hi%d, lo, d)
				hi = qhi
				tens -= t
			}
		}
	}
	if hi != 0 {
		return "", 0, false
	}
	return strconv.FormatUint(lo, 10), exp, true
}

func floatToF16(f float64) uint16 {
	return uint16(roundFloat(f, 5, 10))
}

func f16ToFloat(h uint16) float64 { return unpackFloat(uint64(h), 5, 10) }

func floatToBF16(f float64) uint16 { return uint16(roundFloat(f, 8, 7)) }

func bf16ToFloat(h uint16) float64 { return unpackFloat(uint64(h), 8, 7) }

// roundFloat converts f to a binary float with the given exponent and
// mantissa widths, rounding to nearest even.
func roundFloat(f float64, expBits, manBits uint) uint64 {
	bias := int64(1)<<(expBits-1) - 1
	var sign uint64
	if math.Signbit(f) {
		sign = 1
		f = -f
	}
	sign <<= expBits + manBits
	maxExp := uint64(1)<<expBits - 1
	if math.IsNaN(f) {
		return sign | maxExp<<manBits | 1<<(manBits-1)
	}
	if math.IsInf(f, 0) {
		return sign | maxExp<<manBits
	}
	if f == 0 {
		return sign
	}
	frac, exp := math.Frexp(f) // f = frac * 2^exp, frac in [0.5, 1)
	e := int64(exp - 1)        // f = 1.x * 2^e
	if e+bias <= 0 {
		// Subnormal: value = m * 2^(1-bias-manBits)
		scaled := math.Ldexp(f, int(bias-1)+int(manBits))
		m := uint64(math.RoundToEven(scaled))
		return sign | m // may carry into the exponent field, which is correct
	}
	m := math.Ldexp(frac*2-1, int(manBits)) // fractional mantissa bits
	mi := uint64(math.RoundToEven(m))
	be := uint64(e + bias)
	if mi == 1<<manBits {
		mi = 0
		be++
	}
	if be >= maxExp {
		return sign | maxExp<<manBits
	}
	return sign | be<<manBits | mi
}

func unpackFloat(bits uint64, expBits, manBits uint) float64 {
	sign := bits >> (expBits + manBits) & 1
	be := int64(bits>>manBits) & (1<<expBits - 1)
	m := bits & (1<<manBits - 1)
	bias := int64(1)<<(expBits-1) - 1
	var v float64
	switch {
	case be == 0:
		v = math.Ldexp(float64(m), int(1-bias-int64(manBits)))
	case be == 1<<expBits-1:
		if m != 0 {
			v = math.NaN()
		} else {
			v = math.Inf(1)
		}
	default:
		v = math.Ldexp(float64(m|1<<manBits), int(be-bias-int64(manBits)))
	}
	if sign == 1 {
		v = -v
	}
	return v
}
