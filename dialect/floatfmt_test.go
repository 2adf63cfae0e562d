package dialect

import (
	"math"
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
			want, wantExp := decimalDigitsBig(mant, exp, prec)
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
		if got := FormatFloat(c.v, c.t); got != c.want {
			t.Errorf("FormatFloat(%v, %s) = %s, want %s", c.v, c.t, got, c.want)
		}
	}
}
