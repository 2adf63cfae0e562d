package ir

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// A float constant is kept as its bits in its type's encoding (FloatAttr,
// the elements of dense literals and arrays), never as a Go float64: every
// value of every float type, NaN payloads and x87's odd encodings
// included, prints and reads back as the same bits. Printing makes
// mlir-opt's choices, which are LLVM APFloat's: a float prints in six-digit
// exponent form when that reads back to the same value of the type, else
// in APFloat's default form when that does and has a '.', else as its bits
// in hex. floatSem describes an encoding as APFloat does, so that "reads
// back" and "the same value" mean what they mean there.

// nonFinite says which special values a float type has.
type nonFinite uint8

const (
	infAndNaN  nonFinite = iota // IEEE-754: infinities and NaNs
	nanOnly                     // NaNs but no infinities (the FN and FNUZ types)
	finiteOnly                  // neither (f4E2M1FN, f6E2M3FN, f6E3M2FN)
)

// nanCode says which bit patterns are NaNs.
type nanCode uint8

const (
	nanIEEE    nanCode = iota // all-ones exponent, non-zero mantissa
	nanAllOnes                // all-ones exponent and mantissa
	nanNegZero                // the pattern of negative zero, which is then no value
)

// floatSem is a float encoding.
type floatSem struct {
	width          int // bits of the encoding
	prec           int // significand bits, the integer bit included
	maxExp, minExp int // the exponent range of normal values
	nonFinite      nonFinite
	nan            nanCode
	explicitInt    bool // the integer bit is stored (x87's f80)
	unsigned       bool // no sign bit (f8E8M0FNU)
	noZero         bool // zero is no value (f8E8M0FNU)
	noDenormals    bool // the lowest exponent field is a normal exponent (f8E8M0FNU)
}

// floatSems are the encodings of the float types, by name.
var floatSems = map[string]*floatSem{
	"f16":           {width: 16, prec: 11, maxExp: 15, minExp: -14},
	"bf16":          {width: 16, prec: 8, maxExp: 127, minExp: -126},
	"f32":           {width: 32, prec: 24, maxExp: 127, minExp: -126},
	"f64":           {width: 64, prec: 53, maxExp: 1023, minExp: -1022},
	"f80":           {width: 80, prec: 64, maxExp: 16383, minExp: -16382, explicitInt: true},
	"f128":          {width: 128, prec: 113, maxExp: 16383, minExp: -16382},
	"tf32":          {width: 19, prec: 11, maxExp: 127, minExp: -126},
	"f8E5M2":        {width: 8, prec: 3, maxExp: 15, minExp: -14},
	"f8E4M3":        {width: 8, prec: 4, maxExp: 7, minExp: -6},
	"f8E3M4":        {width: 8, prec: 5, maxExp: 3, minExp: -2},
	"f8E4M3FN":      {width: 8, prec: 4, maxExp: 8, minExp: -6, nonFinite: nanOnly, nan: nanAllOnes},
	"f8E5M2FNUZ":    {width: 8, prec: 3, maxExp: 15, minExp: -15, nonFinite: nanOnly, nan: nanNegZero},
	"f8E4M3FNUZ":    {width: 8, prec: 4, maxExp: 7, minExp: -7, nonFinite: nanOnly, nan: nanNegZero},
	"f8E4M3B11FNUZ": {width: 8, prec: 4, maxExp: 4, minExp: -10, nonFinite: nanOnly, nan: nanNegZero},
	"f8E8M0FNU":     {width: 8, prec: 1, maxExp: 127, minExp: -127, nonFinite: nanOnly, nan: nanAllOnes, unsigned: true, noZero: true, noDenormals: true},
	"f6E3M2FN":      {width: 6, prec: 3, maxExp: 4, minExp: -2, nonFinite: finiteOnly},
	"f6E2M3FN":      {width: 6, prec: 4, maxExp: 2, minExp: 0, nonFinite: finiteOnly},
	"f4E2M1FN":      {width: 4, prec: 2, maxExp: 2, minExp: 0, nonFinite: finiteOnly},
}

var semF32, semF64 = floatSems["f32"], floatSems["f64"]

func (s *floatSem) mantBits() int {
	if s.explicitInt {
		return s.prec
	}
	return s.prec - 1
}

func (s *floatSem) expBits() int {
	n := s.width - s.mantBits()
	if !s.unsigned {
		n--
	}
	return n
}

// bias is what the exponent field adds to a normal exponent.
func (s *floatSem) bias() int {
	if s.noDenormals {
		return -s.minExp
	}
	return 1 - s.minExp
}

// semOf is the encoding of a float type; other types are taken as f64.
func semOf(t Type) *floatSem {
	if ft, ok := t.(*FloatType); ok && ft.sem != nil {
		return ft.sem
	}
	return semF64
}

// FloatWidth is the width in bits of a float type's encoding.
func FloatWidth(t Type) int { return semOf(t).width }

// u128 is an unsigned 128-bit integer: a significand or an encoding.
type u128 struct{ hi, lo uint64 }

func (x u128) isZero() bool { return x.hi|x.lo == 0 }

func (x u128) bitLen() int {
	if x.hi != 0 {
		return 64 + bits.Len64(x.hi)
	}
	return bits.Len64(x.lo)
}

func (x u128) shl(n int) u128 {
	switch {
	case n == 0:
		return x
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{hi: x.lo << uint(n-64)}
	}
	return u128{hi: x.hi<<uint(n) | x.lo>>uint(64-n), lo: x.lo << uint(n)}
}

func (x u128) shr(n int) u128 {
	switch {
	case n == 0:
		return x
	case n >= 128:
		return u128{}
	case n >= 64:
		return u128{lo: x.hi >> uint(n-64)}
	}
	return u128{hi: x.hi >> uint(n), lo: x.lo>>uint(n) | x.hi<<uint(64-n)}
}

func (x u128) and(y u128) u128 { return u128{x.hi & y.hi, x.lo & y.lo} }
func (x u128) or(y u128) u128  { return u128{x.hi | y.hi, x.lo | y.lo} }

func (x u128) add1() u128 {
	lo, c := bits.Add64(x.lo, 1, 0)
	return u128{x.hi + c, lo}
}

func (x u128) trailingZeros() int {
	if x.lo != 0 {
		return bits.TrailingZeros64(x.lo)
	}
	return 64 + bits.TrailingZeros64(x.hi)
}

func (x u128) big() *big.Int {
	b := new(big.Int).SetUint64(x.hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(x.lo))
}

// ones is 2^n - 1.
func ones(n int) u128 { return u128{lo: 1}.shl(n).sub1() }

func (x u128) sub1() u128 {
	lo, b := bits.Sub64(x.lo, 1, 0)
	return u128{x.hi - b, lo}
}

// floatKind is what an encoding holds.
type floatKind uint8

const (
	fZero floatKind = iota
	fFinite
	fInf
	fNaN
)

// apFloat is a decoded float. A finite value is sig * 2^(exp-(prec-1)):
// a normal one has the integer bit (prec-1) of sig set, a denormal one has
// exp = minExp and that bit clear.
type apFloat struct {
	kind floatKind
	neg  bool
	exp  int
	sig  u128
}

// decode reads an encoding as APFloat does.
func (s *floatSem) decode(b [2]uint64) apFloat {
	x := u128{hi: b[1], lo: b[0]}.and(ones(s.width))
	mb, eb := s.mantBits(), s.expBits()
	mant := x.and(ones(mb))
	field := int(x.shr(mb).lo & (1<<uint(eb) - 1))
	a := apFloat{neg: !s.unsigned && x.shr(s.width-1).lo&1 == 1}
	allOnes := field == 1<<uint(eb)-1
	switch s.nonFinite {
	case infAndNaN:
		intBit := u128{lo: 1}.shl(mb - 1)
		switch {
		case allOnes && s.explicitInt && mant == intBit, allOnes && !s.explicitInt && mant.isZero():
			a.kind = fInf
			return a
		case allOnes, s.explicitInt && field != 0 && mant.and(intBit).isZero():
			// x87 also takes an unnormal (exponent but no integer bit) as NaN.
			a.kind = fNaN
			return a
		}
	case nanOnly:
		if s.nan == nanAllOnes && allOnes && mant == ones(mb) ||
			s.nan == nanNegZero && x == (u128{lo: 1}).shl(s.width-1) {
			a.kind = fNaN
			return a
		}
	}
	if field == 0 && !s.noDenormals {
		if mant.isZero() {
			return a // zero
		}
		a.kind, a.exp, a.sig = fFinite, s.minExp, mant
		return a
	}
	a.kind, a.exp, a.sig = fFinite, field-s.bias(), mant
	if !s.explicitInt {
		a.sig = mant.or(u128{lo: 1}.shl(s.prec - 1))
	}
	return a
}

// encode writes a value (as round makes them) in the encoding; NaNs get
// the default pattern (APFloat's makeNaN).
func (s *floatSem) encode(a apFloat) [2]uint64 {
	mb := s.mantBits()
	var x u128
	if a.neg && !s.unsigned {
		x = u128{lo: 1}.shl(s.width - 1)
	}
	allOnesField := ones(s.expBits()).shl(mb)
	switch a.kind {
	case fInf:
		x = x.or(allOnesField)
		if s.explicitInt {
			x = x.or(u128{lo: 1}.shl(mb - 1))
		}
	case fNaN:
		switch s.nan {
		case nanIEEE:
			quiet := u128{lo: 1}.shl(s.prec - 2)
			if s.explicitInt {
				quiet = quiet.or(u128{lo: 1}.shl(mb - 1))
			}
			x = x.or(allOnesField).or(quiet)
		case nanAllOnes:
			x = x.or(allOnesField).or(ones(mb))
		case nanNegZero:
			x = u128{lo: 1}.shl(s.width - 1)
		}
	case fFinite:
		if a.sig.bitLen() < s.prec {
			x = x.or(a.sig) // denormal
		} else {
			field := u128{lo: uint64(a.exp + s.bias())}.shl(mb)
			x = x.or(field).or(a.sig.and(ones(mb)))
		}
	}
	return [2]uint64{x.lo, x.hi}
}

// bitcast is the encoding mlir-opt prints for a decoded value: its own
// bits, except that x87 writes a NaN with an all-ones exponent and a
// finite value in its canonical form.
func (s *floatSem) bitcast(b [2]uint64, a apFloat) [2]uint64 {
	if !s.explicitInt {
		x := u128{hi: b[1], lo: b[0]}.and(ones(s.width))
		return [2]uint64{x.lo, x.hi}
	}
	switch a.kind {
	case fNaN:
		x := u128{hi: b[1], lo: b[0]}
		x = x.and(ones(s.width - 1)).or(ones(s.expBits()).shl(s.mantBits()))
		if a.neg {
			x = x.or(u128{lo: 1}.shl(s.width - 1))
		}
		return [2]uint64{x.lo, x.hi}
	case fFinite:
		return s.encode(a)
	}
	return b
}

// zero is the zero of a sign as APFloat makes it: without a sign where
// negative zero's bits are NaN, and the least value where there is no
// zero.
func (s *floatSem) zero(neg bool) apFloat {
	if s.noZero {
		return apFloat{kind: fFinite, exp: s.minExp, sig: u128{lo: 1}.shl(s.prec - 1)}
	}
	return apFloat{kind: fZero, neg: neg && s.nan != nanNegZero}
}

// allOnesIsNaN reports whether the largest exponent and significand
// encode a NaN (f8E4M3FN's 0x7F), so that values rounding to them
// overflow.
func (s *floatSem) allOnesIsNaN() bool {
	return s.nonFinite == nanOnly && s.nan == nanAllOnes && s.maxExp+s.bias() == 1<<uint(s.expBits())-1
}

// overflow is what a value beyond the largest finite one rounds to.
func (s *floatSem) overflow(neg bool) apFloat {
	switch s.nonFinite {
	case infAndNaN:
		return apFloat{kind: fInf, neg: neg}
	case nanOnly:
		return apFloat{kind: fNaN, neg: neg}
	}
	return apFloat{kind: fFinite, neg: neg, exp: s.maxExp, sig: ones(s.prec)}
}

// finish rounds the value q * 2^lsb (plus a fraction that rounds it up
// when up is set) to the encoding: the carry, overflow and zero.
func (s *floatSem) finish(neg bool, q u128, lsb int, up bool) apFloat {
	if up {
		q = q.add1()
	}
	if q.bitLen() > s.prec {
		q = q.shr(1)
		lsb++
	}
	if q.isZero() {
		return s.zero(neg)
	}
	exp := lsb + s.prec - 1
	if exp > s.maxExp || exp == s.maxExp && q == ones(s.prec) && s.allOnesIsNaN() {
		return s.overflow(neg)
	}
	if q.bitLen() < s.prec {
		exp = s.minExp // denormal
	}
	return apFloat{kind: fFinite, neg: neg, exp: exp, sig: q}
}

// fromDouble converts a float64 to the encoding, rounding to nearest even
// as APFloat's convert does; tie reports that v was halfway between two
// values of the encoding.
func (s *floatSem) fromDouble(v float64) (a apFloat, tie bool) {
	neg := math.Signbit(v)
	switch {
	case math.IsNaN(v):
		return apFloat{kind: fNaN, neg: neg}, false
	case math.IsInf(v, 0):
		if s.nonFinite == nanOnly {
			return apFloat{kind: fNaN, neg: neg}, false
		}
		return apFloat{kind: fInf, neg: neg}, false
	case v == 0:
		return s.zero(neg), false
	}
	b := math.Float64bits(v)
	m, k := b&(1<<52-1), int(b>>52&0x7FF)
	if k == 0 {
		k = 1
	} else {
		m |= 1 << 52
	}
	k -= 1075 // v = m * 2^k
	e := max(k+bits.Len64(m)-1, s.minExp)
	lsb := e - (s.prec - 1)
	shift := lsb - k
	if shift <= 0 {
		return s.finish(neg, u128{lo: m}.shl(-shift), lsb, false), false
	}
	if shift >= 54 {
		return s.finish(neg, u128{}, lsb, false), false // below half of the least value
	}
	q, rem, half := m>>uint(shift), m&(1<<uint(shift)-1), uint64(1)<<uint(shift-1)
	up := rem > half || rem == half && q&1 == 1
	return s.finish(neg, u128{lo: q}, lsb, up), rem == half
}

// fromRat converts |r| (not zero), with the sign neg, to the encoding,
// rounding to nearest even.
func (s *floatSem) fromRat(neg bool, r *big.Rat) apFloat {
	num := new(big.Int).Abs(r.Num())
	den := r.Denom()
	// e is floor(log2(num/den)).
	e := num.BitLen() - den.BitLen()
	if e >= 0 && num.Cmp(shifted(den, e)) < 0 || e < 0 && shifted(num, -e).Cmp(den) < 0 {
		e--
	}
	e = max(e, s.minExp)
	lsb := e - (s.prec - 1)
	n, d := num, den // q = num/den / 2^lsb
	if lsb > 0 {
		d = shifted(den, lsb)
	} else {
		n = shifted(num, -lsb)
	}
	q, rem := new(big.Int).QuoRem(n, d, new(big.Int))
	c := rem.Lsh(rem, 1).Cmp(d)
	up := c > 0 || c == 0 && q.Bit(0) == 1
	var qw u128
	if ws := q.Bits(); len(ws) > 0 {
		qw.lo = uint64(ws[0])
		if len(ws) > 1 {
			qw.hi = uint64(ws[1])
		}
	}
	return s.finish(neg, qw, lsb, up)
}

// shifted is x * 2^n, for n >= 0.
func shifted(x *big.Int, n int) *big.Int {
	if n == 0 {
		return x
	}
	return new(big.Int).Lsh(x, uint(n))
}

// parseExact reads decimal text as APFloat's convertFromString does: the
// nearest value of the encoding, ties to even.
func (s *floatSem) parseExact(text string) (apFloat, bool) {
	neg := strings.HasPrefix(text, "-")
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		return apFloat{}, false
	}
	if r.Sign() == 0 {
		return s.zero(neg), true
	}
	return s.fromRat(neg, r), true
}

func sameValue(a, b apFloat) bool {
	return a.kind == b.kind && a.neg == b.neg && (a.kind != fFinite || a.exp == b.exp && a.sig == b.sig)
}

// FloatFromDouble is the encoding in t of v, rounded to nearest even: how
// MLIR's parser reads a decimal literal of a float type (as a double,
// then converted). It fails where t can hold nothing near v: an infinity
// for a type without infinities or NaNs, a negative value for an unsigned
// type.
func FloatFromDouble(v float64, t Type) ([2]uint64, error) {
	s := semOf(t)
	if s.nonFinite == finiteOnly && math.IsInf(v, 0) {
		return [2]uint64{}, fmt.Errorf("floating point value too large for type %s, which has no infinity", t)
	}
	if s.unsigned && v < 0 {
		return [2]uint64{}, fmt.Errorf("negative floating point value for unsigned type %s", t)
	}
	a, _ := s.fromDouble(v)
	return s.encode(a), nil
}

// FloatBitsInRange reports whether bits fit t's encoding: a hex float
// literal must.
func FloatBitsInRange(b [2]uint64, t Type) bool {
	return u128{hi: b[1], lo: b[0]}.bitLen() <= semOf(t).width
}

// FormatFloat prints the value whose encoding in t is bits as mlir-opt
// does: APFloat's six-digit exponent form (1.500000e+00) when that reads
// back to the same value in t; else APFloat's default form, with the
// digits that round-trip the type (0.33333333333333331,
// 9.9999999999999995E-8), when it reads back and has a '.'; else, and for
// infinities and NaNs, the bits in hex (0x7C01).
func FormatFloat(b [2]uint64, t Type) string {
	s := semOf(t)
	a := s.decode(b)
	if a.kind == fZero || a.kind == fFinite {
		if txt := apFloatString(a, s.prec, 6, 0, false); s.readsBack(txt, a) {
			return txt
		}
		if txt := apFloatString(a, s.prec, 0, 3, true); strings.IndexByte(txt, '.') >= 0 && s.readsBack(txt, a) {
			return txt
		}
	}
	x := s.bitcast(b, a)
	if x[1] == 0 {
		return "0x" + strings.ToUpper(strconv.FormatUint(x[0], 16))
	}
	lo := strings.ToUpper(strconv.FormatUint(x[0], 16))
	return "0x" + strings.ToUpper(strconv.FormatUint(x[1], 16)) + strings.Repeat("0", 16-len(lo)) + lo
}

// readsBack reports whether decimal text reads back as the value a, both
// as mlir-opt's printer checks it (the text converted to the type
// directly, as APFloat does) and as a parser reads it (through a double,
// as MLIR's parser does). The two differ only for values of f80 and f128
// that no double is near: mlir-opt prints those in decimal although it
// reads that back as another value, pto-opt in hex.
func (s *floatSem) readsBack(text string, a apFloat) bool {
	v, err := strconv.ParseFloat(text, 64)
	if err != nil && !isRangeError(err) {
		return false
	}
	parsed, tie := s.fromDouble(v)
	if !sameValue(parsed, a) {
		return false
	}
	switch {
	case s == semF64:
		return true
	case s == semF32:
		v, _ := strconv.ParseFloat(text, 32)
		exact, _ := s.fromDouble(v)
		return sameValue(exact, a)
	case s.prec < 53 && s.maxExp < 1023 && s.minExp-s.prec > -1022 && !tie:
		// The double nearest the text is not halfway between two values
		// of the type, so it rounds to the value the text does.
		return true
	}
	exact, ok := s.parseExact(text)
	return ok && sameValue(exact, a)
}

func isRangeError(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// apFloatString formats a finite value as LLVM's APFloat::toString does
// for a type with semPrec significand bits: the value's decimal digits,
// first cut down by whole powers of ten and then rounded half-up to
// formatPrec digits (0: enough to round-trip), printed plainly unless that
// needs more than maxPadding zeros (0: always exponent form), trailing
// zeros dropped or (truncateZero false) padded up to formatPrec.
func apFloatString(a apFloat, semPrec, formatPrec, maxPadding int, truncateZero bool) string {
	var sb strings.Builder
	if a.neg {
		sb.WriteByte('-')
	}
	if formatPrec == 0 {
		formatPrec = 2 + semPrec*59/196
	}
	if a.kind == fZero {
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
	// The value is mant * 2^exp with an odd mant.
	exp := a.exp - (semPrec - 1)
	tz := a.sig.trailingZeros()
	mant := a.sig.shr(tz)
	exp += tz
	var digits string
	if mant.hi == 0 {
		digits, exp = decimalDigits(mant.lo, exp, formatPrec)
	} else {
		digits, exp = decimalDigitsBig(mant.big(), exp, formatPrec)
	}
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
	return decimalDigitsBig(new(big.Int).SetUint64(mant), exp, formatPrec)
}

func decimalDigitsBig(mant *big.Int, exp, formatPrec int) (string, int) {
	sig := new(big.Int).Set(mant)
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
