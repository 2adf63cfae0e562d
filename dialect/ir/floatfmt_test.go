package ir

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// TestDecimalDigitsFastPathAgrees checks the 128-bit digit generation
// FormatFloat uses against the math/big one it stands in for, on random
// significands and exponents of f16, f32 and f64 values and the
// precisions FormatFloat asks for.
func TestDecimalDigitsFastPathAgrees(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	fast := 0
	for i := 0; i < 200000; i++ {
		mbits := []int{11, 24, 53}[i%3]
		mant := r.Uint64()>>(64-uint(mbits)) | 1
		exp := r.Intn(260) - 170
		for _, prec := range []int{6, 2 + mbits*59/196, 0} {
			want, wantExp := decimalDigitsBig(new(big.Int).SetUint64(mant), exp, prec)
			got, gotExp, ok := decimalDigits128(mant, exp, prec)
			if !ok {
				continue
			}
			fast++
			if got != want || gotExp != wantExp {
				t.Fatalf("mant %d exp %d prec %d: got %se%d, want %se%d", mant, exp, prec, got, gotExp, want, wantExp)
			}
		}
	}
	if fast < 100000 {
		t.Fatalf("the fast path took only %d cases", fast)
	}
	// FormatFloat's answers on everyday values, through the fast path.
	for _, c := range []struct {
		v    float64
		t    Type
		want string
	}{
		{1, F32, "1.000000e+00"},
		{30.640625, F32, "30.640625"},
		{-0.1, F64, "-1.000000e-01"},
		{float64(float32(0.1)), F32, "1.000000e-01"},
		{1e300, F64, "1.000000e+300"},
		{math.Ldexp(1, -1074), F64, "4.940660e-324"}, // as mlir-opt 22 prints it
	} {
		b := [2]uint64{math.Float64bits(c.v)}
		if c.t == F32 {
			b[0] = uint64(math.Float32bits(float32(c.v)))
		}
		if got := FormatFloat(b, c.t); got != c.want {
			t.Errorf("FormatFloat(%v, %s) = %s, want %s", c.v, c.t, got, c.want)
		}
	}
}

// TestFormatFloatWideTypes: f80 and f128 values print as mlir-opt prints
// them when a parser reads that text back as the same value (through a
// double, as MLIR's and pto-opt's do), else as their bits in hex, where
// mlir-opt's decimal text would read back as another value (here 0).
func TestFormatFloatWideTypes(t *testing.T) {
	f80, f128 := ScalarType("f80"), ScalarType("f128")
	for _, c := range []struct {
		bits [2]uint64
		t    Type
		want string
	}{
		{[2]uint64{0xC000000000000000, 0x3FFF}, f80, "1.500000e+00"},
		{[2]uint64{0, 0x3FFF8000_00000000}, f128, "1.500000e+00"},
		// 0.1 as a double, in f128: the digits that identify it.
		{[2]uint64{0xA000000000000000, 0x3FFB999999999999}, f128, "0.100000000000000005551115123125782702"},
		// The least denormals: mlir-opt prints 3.645200e-4951 and
		// 6.475175e-4966, which read back as 0.
		{[2]uint64{1, 0}, f80, "0x1"},
		{[2]uint64{1, 0}, f128, "0x1"},
		// An x87 pseudo-denormal is the least normal value; it prints as
		// that value's bits.
		{[2]uint64{0x8000000000000000, 0}, f80, "0x18000000000000000"},
		// A NaN keeps its payload; an unnormal is a NaN, printed with its
		// exponent all ones (as mlir-opt prints it).
		{[2]uint64{0xC000000000000001, 0x7FFF}, f80, "0x7FFFC000000000000001"},
		{[2]uint64{0, 0x1234}, f80, "0x7FFF0000000000000000"},
	} {
		if got := FormatFloat(c.bits, c.t); got != c.want {
			t.Errorf("FormatFloat(%#x, %s) = %s, want %s", c.bits, c.t, got, c.want)
		}
	}
}

// TestFloatSemanticsCoverTypes: every float type the registry knows has an
// encoding, whose fields add up to its width.
func TestFloatSemanticsCoverTypes(t *testing.T) {
	n := 0
	for name := range floatSems {
		ft, ok := ScalarType(name).(*FloatType)
		if !ok || ft.sem != floatSems[name] {
			t.Errorf("type %s does not carry its encoding", name)
			continue
		}
		s := ft.sem
		if s.expBits() < 1 || s.mantBits() < 0 || FloatWidth(ft) != ft.Width {
			t.Errorf("%s: %d exponent and %d mantissa bits in %d", name, s.expBits(), s.mantBits(), s.width)
		}
		n++
	}
	for _, name := range []string{"f16", "bf16", "f32", "f64", "f80", "f128", "tf32"} {
		if floatSems[name] == nil {
			t.Errorf("no encoding for %s", name)
		}
	}
	if n != 18 {
		t.Errorf("%d float encodings, want 18", n)
	}
}
