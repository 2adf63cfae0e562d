package checked

import (
	"math"
	"math/big"
	"testing"
)

// edge values around every boundary the operations can cross.
var edge = []int64{math.MinInt64, math.MinInt64 + 1, -1 << 62, -3, -2, -1, 0, 1, 2, 3, 1 << 31, 1<<32 + 1, 1 << 62, math.MaxInt64 - 1, math.MaxInt64}

// fits reports whether the exact result r is an int64.
func fits(r *big.Int) bool { return r.IsInt64() }

func TestAgainstBigInt(t *testing.T) {
	for _, a := range edge {
		for _, b := range edge {
			A, B := big.NewInt(a), big.NewInt(b)
			for _, c := range []struct {
				name  string
				f     func(a, b int64) (int64, bool)
				exact *big.Int
			}{
				{"Add", Add, new(big.Int).Add(A, B)},
				{"Sub", Sub, new(big.Int).Sub(A, B)},
				{"Mul", Mul, new(big.Int).Mul(A, B)},
			} {
				got, ok := c.f(a, b)
				if ok != fits(c.exact) {
					t.Errorf("%s(%d, %d): ok = %v, exact %v", c.name, a, b, ok, c.exact)
					continue
				}
				if ok && got != c.exact.Int64() {
					t.Errorf("%s(%d, %d) = %d, want %v", c.name, a, b, got, c.exact)
				}
			}
		}
	}
}

func TestAlignUp(t *testing.T) {
	for _, c := range []struct {
		v, align, want int64
		ok             bool
	}{
		{0, 32, 0, true},
		{1, 32, 32, true},
		{32, 32, 32, true},
		{33, 1, 33, true},
		{math.MaxInt64, 1, math.MaxInt64, true},
		{math.MaxInt64 - 1, 2, math.MaxInt64 - 1, true},
		{math.MaxInt64, 2, 0, false},
		{math.MaxInt64 - 30, 32, 0, false},
	} {
		got, ok := AlignUp(c.v, c.align)
		if ok != c.ok || (ok && got != c.want) {
			t.Errorf("AlignUp(%d, %d) = %d, %v; want %d, %v", c.v, c.align, got, ok, c.want, c.ok)
		}
	}
}

func TestSumProduct(t *testing.T) {
	if s, ok := Sum(1<<62, 1<<62-1, 1<<62); ok {
		t.Errorf("Sum overflowing = %d, ok", s)
	}
	if s, ok := Sum(1<<62, 1<<62, -(1 << 62)); ok {
		t.Errorf("Sum with an overflowing partial sum = %d, ok", s)
	}
	if s, ok := Sum(1<<62, 1<<62-1); !ok || s != math.MaxInt64 {
		t.Errorf("Sum = %d, %v", s, ok)
	}
	if p, ok := Product(); !ok || p != 1 {
		t.Errorf("Product() = %d, %v", p, ok)
	}
	if _, ok := Product(4294967296, 4294967296); ok {
		t.Error("Product(2^32, 2^32) fits")
	}
	if p, ok := Product(4611686018427387904, 0); !ok || p != 0 {
		t.Errorf("Product(2^62, 0) = %d, %v", p, ok)
	}
	if p, ok := Product(1<<31, 1<<31); !ok || p != 1<<62 {
		t.Errorf("Product(2^31, 2^31) = %d, %v", p, ok)
	}
}

func TestLCM(t *testing.T) {
	for _, c := range []struct {
		a, b, want int64
		ok         bool
	}{
		{32, 64, 64, true},
		{0, 8, 8, true},
		{4, 6, 12, true},
		{1 << 62, 3, 0, false},
		{1 << 40, 1 << 62, 1 << 62, true},
	} {
		got, ok := LCM(c.a, c.b)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("LCM(%d, %d) = %d, %v; want %d, %v", c.a, c.b, got, ok, c.want, c.ok)
		}
	}
}
