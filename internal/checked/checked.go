// Package checked is int64 arithmetic that reports overflow instead of
// wrapping. Sizes, offsets, ends and peaks come from user input (a memref
// shape, a CSV row, a preset address), so every sum or product of them is
// computed here: a wrapped value would pass a validator that compares the
// wrapped numbers and commit overlapping buffers.
package checked

import "math/bits"

// Add returns a+b and whether it fits in int64.
func Add(a, b int64) (int64, bool) {
	s := a + b
	// Overflow iff a and b have the same sign and s has the other one.
	return s, (a >= 0) != (b >= 0) || (s >= 0) == (a >= 0)
}

// Sub returns a-b and whether it fits in int64.
func Sub(a, b int64) (int64, bool) {
	d := a - b
	return d, (a >= 0) == (b >= 0) || (d >= 0) == (a >= 0)
}

// Mul returns a*b and whether it fits in int64.
func Mul(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(abs(a), abs(b))
	if hi != 0 {
		return 0, false
	}
	if neg {
		if lo > 1<<63 {
			return 0, false
		}
		return -int64(lo), true
	}
	if lo > 1<<63-1 {
		return 0, false
	}
	return int64(lo), true
}

// abs is |v| as a uint64 (exact for math.MinInt64 too).
func abs(v int64) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

// AlignUp returns the least multiple of align that is >= v (align >= 1,
// v >= 0) and whether it fits in int64.
func AlignUp(v, align int64) (int64, bool) {
	if align <= 1 {
		return v, true
	}
	r := v % align
	if r == 0 {
		return v, true
	}
	return Add(v, align-r)
}

// Sum adds vs and reports whether every partial sum fits in int64.
func Sum(vs ...int64) (int64, bool) {
	var s int64
	for _, v := range vs {
		var ok bool
		if s, ok = Add(s, v); !ok {
			return 0, false
		}
	}
	return s, true
}

// Product multiplies vs and reports whether every partial product fits in
// int64 (the element count of a shape: 1 for no dimensions).
func Product(vs ...int64) (int64, bool) {
	p := int64(1)
	for _, v := range vs {
		var ok bool
		if p, ok = Mul(p, v); !ok {
			return 0, false
		}
	}
	return p, true
}

// GCD is the greatest common divisor of a and b (non-negative).
func GCD(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// LCM returns the least common multiple of a and b (each taken as at least
// 1, as alignments are) and whether it fits in int64.
func LCM(a, b int64) (int64, bool) {
	a, b = max(a, 1), max(b, 1)
	return Mul(a/GCD(a, b), b)
}
