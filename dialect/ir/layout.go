package ir

import (
	"strconv"
	"strings"
)

// The layouts of memref types: identity, strided<> and affine maps read
// as strides and an offset, as MLIR's getStridesAndOffset reads them.

// StridesAndOffset returns the strides and offset of a ranked memref's
// layout: the row-major strides of the identity layout, a strided<>
// layout's own, or those of an affine map whose one result is a sum of
// dimensions times constants or symbols plus a constant or symbols. ok is
// false for other layouts.
func StridesAndOffset(mt *MemRefType) (strides []int64, offset int64, ok bool) {
	if !mt.Ranked {
		return nil, 0, false
	}
	switch l := mt.Layout.(type) {
	case nil:
		return canonicalStrides(mt.Shape), 0, true
	case *StridedLayoutAttr:
		return l.Strides, l.Offset, len(l.Strides) == len(mt.Shape)
	case *RawAttr:
		if IsIdentityLayout(l) {
			return canonicalStrides(mt.Shape), 0, true
		}
		return affineStrides(l, len(mt.Shape))
	}
	return nil, 0, false
}

func canonicalStrides(shape []int64) []int64 {
	out := make([]int64, len(shape))
	s := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		out[i] = s
		s = DynamicMul(s, shape[i])
	}
	return out
}

// DynamicMul and DynamicAdd compute sizes, strides and offsets in which
// Dynamic is unknown: the result is unknown unless a factor is 0 (and
// DynamicMul's when the product overflows).
func DynamicMul(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a == Dynamic || b == Dynamic {
		return Dynamic
	}
	p := a * b
	if a != 0 && p/a != b {
		return Dynamic
	}
	return p
}

func DynamicAdd(a, b int64) int64 {
	if a == Dynamic || b == Dynamic {
		return Dynamic
	}
	return a + b
}

// affineStrides reads `(d0, ..)[s0, ..] -> (e)` where e sums terms
// `dI`, `dI * c`, `c * dI`, `dI * sJ`, `sJ * dI`, `c`, `sJ`.
func affineStrides(l *RawAttr, rank int) ([]int64, int64, bool) {
	text := strings.TrimSuffix(strings.TrimPrefix(l.Text, "affine_map<"), ">")
	lhs, rhs, ok := strings.Cut(text, "->")
	if !ok {
		return nil, 0, false
	}
	dimsText := lhs
	symsText := ""
	if i := strings.Index(lhs, "["); i >= 0 {
		dimsText, symsText = lhs[:i], lhs[i:]
	}
	dims, syms := SplitParenList(dimsText), SplitParenList(strings.NewReplacer("[", "(", "]", ")").Replace(symsText))
	if len(dims) != rank {
		return nil, 0, false
	}
	kind := map[string]int{} // dim index, or -1 for a symbol
	for i, d := range dims {
		kind[d] = i
	}
	for _, s := range syms {
		kind[s] = -1
	}
	results := SplitParenList(rhs)
	if len(results) != 1 {
		return nil, 0, false
	}
	strides := make([]int64, rank)
	seen := make([]bool, rank)
	offset := int64(0)
	for _, term := range strings.Split(results[0], "+") {
		factors := strings.Split(term, "*")
		dim, coef := -1, int64(1)
		for _, f := range factors {
			f = strings.TrimSpace(f)
			if k, isName := kind[f]; isName {
				if k >= 0 {
					if dim >= 0 {
						return nil, 0, false
					}
					dim = k
				} else {
					coef = DynamicMul(coef, Dynamic)
				}
				continue
			}
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, 0, false
			}
			coef = DynamicMul(coef, n)
		}
		if dim < 0 {
			offset = DynamicAdd(offset, coef)
			continue
		}
		if seen[dim] {
			return nil, 0, false
		}
		seen[dim] = true
		strides[dim] = coef
	}
	return strides, offset, true
}

// SplitParenList splits the text of a parenthesised, comma-separated list
// (an affine map's dimensions or results) into its trimmed entries.
func SplitParenList(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// IsIdentityLayout reports whether a memref layout is the identity: none, or
// an affine map sending its dimensions to themselves in order.
func IsIdentityLayout(layout Attribute) bool {
	if layout == nil {
		return true
	}
	raw, ok := layout.(*RawAttr)
	if !ok || !raw.IsAffineMap() {
		return false
	}
	body := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(raw.Text, "affine_map<"), ">"), " ", "")
	dims, results, ok := strings.Cut(body, "->")
	return ok && strings.HasPrefix(dims, "(") && dims == results
}
