package dialect

import (
	"fmt"
	"strconv"
	"strings"
)

// Strided layouts and the verifiers that compute result types from them
// (subview, reinterpret_cast, expand_shape, collapse_shape, cast), worded
// as mlir-opt words their errors.

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
		if identityLayout(l) {
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
		s = satMul(s, shape[i])
	}
	return out
}

// satMul and satAdd treat Dynamic as unknown: unknown unless a factor is 0.
func satMul(a, b int64) int64 {
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

func satAdd(a, b int64) int64 {
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
	dims, syms := splitParenList(dimsText), splitParenList(strings.NewReplacer("[", "(", "]", ")").Replace(symsText))
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
	results := splitParenList(rhs)
	if len(results) != 1 || rank == 0 {
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
					coef = satMul(coef, Dynamic)
				}
				continue
			}
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, 0, false
			}
			coef = satMul(coef, n)
		}
		if dim < 0 {
			offset = satAdd(offset, coef)
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

// stridedType is the memref type of shape and element with a strided
// layout of the given strides and offset.
func stridedType(shape []int64, elem Type, strides []int64, offset int64, space Attribute) Type {
	return MemRef(shape, elem, &StridedLayoutAttr{Strides: append([]int64(nil), strides...), Offset: offset}, space)
}

// ---- the offsets/sizes/strides interface ----

// verifyMixedOffsetsSizesStrides checks the lists against each other and
// against the ranks the op allows (maxRanks), as MLIR's
// OffsetSizeAndStrideOpInterface does.
func verifyMixedOffsetsSizesStrides(op *Operation, maxRanks [3]int) error {
	seg, err := verifySegments(op, 4, true)
	if err != nil {
		return err
	}
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	var lists [3][]int64
	for i, n := range names {
		a, ok := op.Attr(n).(*DenseArrayAttr)
		if !ok || a.Floats != nil {
			return Errorf(op, "requires attribute '%s'", n)
		}
		lists[i] = a.Values
	}
	offs, sizes, strides := lists[0], lists[1], lists[2]
	if !(len(offs) == 1 && maxRanks[0] == 1) && len(offs) != len(sizes) {
		return NewError(op.Loc, "expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(offs), len(sizes))
	}
	if len(sizes) != len(strides) {
		return NewError(op.Loc, "expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(sizes), len(strides))
	}
	for i, what := range []string{"offset", "size", "stride"} {
		if len(lists[i]) != maxRanks[i] {
			return NewError(op.Loc, "expected %d %s values, got %d", maxRanks[i], what, len(lists[i]))
		}
		dyn := 0
		for _, v := range lists[i] {
			if v == Dynamic {
				dyn++
			}
		}
		if dyn != seg[i+1] {
			return Errorf(op, "expected the number of '%ss' to match the number of dynamic entries in 'static_%ss' (%d vs %d)", what, what, seg[i+1], dyn)
		}
	}
	for _, o := range offs {
		if o != Dynamic && o < 0 {
			return NewError(op.Loc, "expected offsets to be non-negative, but got %d", o)
		}
	}
	for _, s := range sizes {
		if s != Dynamic && s < 0 {
			return NewError(op.Loc, "expected sizes to be non-negative, but got %d", s)
		}
	}
	return checkIndexOperands(op, 1)
}

func sameSpace(a, b *MemRefType) bool { return attrText(a.MemSpace) == attrText(b.MemSpace) }

// ---- subview ----

func verifySubView(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	src, ok := op.Operands[0].Type.(*MemRefType)
	if !ok || !src.Ranked {
		return Errorf(op, "operand #0 must be memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	res := op.Results[0].Type.(*MemRefType)
	if !res.Ranked {
		return Errorf(op, "result #0 must be memref of any type values, but got '%s'", res)
	}
	r := len(src.Shape)
	if err := verifyMixedOffsetsSizesStrides(op, [3]int{r, r, r}); err != nil {
		return err
	}
	if !sameSpace(src, res) {
		return NewError(op.Loc, "different memory spaces specified for base memref type %s and subview memref type %s", src, res)
	}
	srcStrides, srcOffset, ok := StridesAndOffset(src)
	if !ok {
		return NewError(op.Loc, "base type %s is not strided", src)
	}
	offs, sizes, steps := staticArray(op, "static_offsets"), staticArray(op, "static_sizes"), staticArray(op, "static_strides")
	offset := srcOffset
	strides := make([]int64, r)
	for i := range r {
		offset = satAdd(offset, satMul(offs[i], srcStrides[i]))
		strides[i] = satMul(srcStrides[i], steps[i])
	}
	expected := stridedType(sizes, src.Elem, strides, offset, src.MemSpace).(*MemRefType)
	fail := func(why string) error {
		return Errorf(op, "expected result type to be '%s' or a rank-reduced version. (mismatch of result %s)", expected, why)
	}
	if len(res.Shape) > r {
		return Errorf(op, "expected result rank to be smaller or equal to the source rank, but got '%s'", res)
	}
	unused, ok := rankReductionMask(sizes, res.Shape)
	if !ok {
		return fail("sizes")
	}
	if res.Elem != src.Elem {
		return Errorf(op, "expected result element type to be '%s', but got '%s'", src.Elem, res)
	}
	resStrides, resOffset, ok := StridesAndOffset(res)
	if !ok || resOffset != offset {
		return fail("layout")
	}
	var kept []int64
	for i, s := range strides {
		if !unused[i] {
			kept = append(kept, s)
		}
	}
	if len(kept) != len(resStrides) {
		return fail("layout")
	}
	for i := range kept {
		// A dimension of size 1 may have any stride.
		if kept[i] != resStrides[i] && res.Shape[i] != 1 {
			return fail("layout")
		}
	}
	for i := range r {
		dim, o, sz, st := src.Shape[i], offs[i], sizes[i], steps[i]
		if dim == Dynamic || o == Dynamic {
			continue
		}
		if sz != 0 && o >= dim {
			return NewError(op.Loc, "offset %d is out-of-bounds: %d >= %d", i, o, dim)
		}
		if sz == Dynamic || st == Dynamic || sz == 0 {
			continue
		}
		if last := o + (sz-1)*st; last >= dim {
			return NewError(op.Loc, "slice along dimension %d runs out-of-bounds: %d >= %d", i, last, dim)
		}
	}
	return nil
}

// rankReductionMask matches reduced against the sizes, dropping unit
// dimensions: the dropped positions, or ok false.
func rankReductionMask(sizes, reduced []int64) (map[int]bool, bool) {
	unused := map[int]bool{}
	j := 0
	for i, s := range sizes {
		if j < len(reduced) && s == reduced[j] {
			j++
			continue
		}
		if s == 1 {
			unused[i] = true
			continue
		}
		return nil, false
	}
	return unused, j == len(reduced)
}

// ---- reinterpret_cast ----

func verifyReinterpretCast(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	res := op.Results[0].Type.(*MemRefType)
	if !res.Ranked {
		return Errorf(op, "result #0 must be memref of any type values, but got '%s'", res)
	}
	r := len(res.Shape)
	if err := verifyMixedOffsetsSizesStrides(op, [3]int{1, r, r}); err != nil {
		return err
	}
	src := op.Operands[0].Type.(*MemRefType)
	if !sameSpace(src, res) {
		return NewError(op.Loc, "different memory spaces specified for source type %s and result type %s", src, res)
	}
	if src.Elem != res.Elem {
		return NewError(op.Loc, "different element types specified for source type '%s' and result memref type '%s'", src, res)
	}
	dyn := func(v int64) string {
		if v == Dynamic {
			return "dynamic"
		}
		return strconv.FormatInt(v, 10)
	}
	sizes := staticArray(op, "static_sizes")
	for i, d := range res.Shape {
		if d != Dynamic && d != sizes[i] {
			return NewError(op.Loc, "expected result type with size = %s instead of %d in dim = %d", dyn(sizes[i]), d, i)
		}
	}
	strides, offset, ok := StridesAndOffset(res)
	if !ok {
		return NewError(op.Loc, "expected result type to have strided layout but found %s", res)
	}
	if want := staticArray(op, "static_offsets")[0]; offset != Dynamic && offset != want {
		return NewError(op.Loc, "expected result type with offset = %s instead of %d", dyn(want), offset)
	}
	steps := staticArray(op, "static_strides")
	for i, s := range strides {
		if s != Dynamic && s != steps[i] {
			return NewError(op.Loc, "expected result type with stride = %s instead of %d in dim = %d", dyn(steps[i]), s, i)
		}
	}
	return nil
}

// ---- expand_shape / collapse_shape ----

func reassociationGroups(op *Operation) ([][]int64, error) {
	re, ok := op.Attr("reassociation").(*ArrayAttr)
	if !ok {
		return nil, Errorf(op, "requires attribute 'reassociation'")
	}
	var groups [][]int64
	for _, g := range re.Elems {
		arr, ok := g.(*ArrayAttr)
		if !ok {
			return nil, Errorf(op, "reassociation must be an array of integer arrays")
		}
		var group []int64
		for _, e := range arr.Elems {
			n, ok := e.(*IntegerAttr)
			if !ok {
				return nil, Errorf(op, "reassociation must be an array of integer arrays")
			}
			group = append(group, n.Value)
		}
		groups = append(groups, group)
	}
	return groups, nil
}

// verifyCollapsedShape checks that groups of the expanded shape's
// dimensions make up the collapsed shape.
func verifyCollapsedShape(op *Operation, collapsed, expanded []int64, groups [][]int64) error {
	if len(collapsed) != len(groups) {
		return Errorf(op, "invalid number of reassociation groups: found %d, expected %d", len(groups), len(collapsed))
	}
	next := int64(0)
	for ci, group := range groups {
		dynamic := false
		for _, d := range group {
			if d != next {
				return Errorf(op, "reassociation indices must be contiguous")
			}
			next++
			if d >= int64(len(expanded)) {
				return Errorf(op, "reassociation index %d is out of bounds", d)
			}
			if expanded[d] == Dynamic {
				dynamic = true
			}
		}
		if (collapsed[ci] == Dynamic) != dynamic {
			return Errorf(op, "collapsed dim (%d) must be dynamic if and only if reassociation group is dynamic", ci)
		}
		if !dynamic {
			size := int64(1)
			for _, d := range group {
				size = satMul(size, expanded[d])
			}
			if size != collapsed[ci] {
				return Errorf(op, "collapsed dim size (%d) must equal reassociation group size (%d)", collapsed[ci], size)
			}
		}
	}
	if len(collapsed) == 0 {
		for _, d := range expanded {
			if d != 1 {
				return Errorf(op, "rank 0 memrefs can only be extended/collapsed with/from ones")
			}
		}
	} else if next != int64(len(expanded)) {
		return Errorf(op, "expanded rank (%d) inconsistent with number of reassociation indices (%d)", len(expanded), next)
	}
	return nil
}

func verifyExpandCollapse(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	src, res := op.Operands[0].Type.(*MemRefType), op.Results[0].Type.(*MemRefType)
	if !src.Ranked || !res.Ranked {
		return Errorf(op, "requires ranked memrefs")
	}
	groups, err := reassociationGroups(op)
	if err != nil {
		return err
	}
	if op.Name == "memref.collapse_shape" {
		if err := expectOperands(op, 1); err != nil {
			return err
		}
		if len(src.Shape) < len(res.Shape) {
			return Errorf(op, "has source rank %d and result rank %d. This is not a collapse (%d < %d).", len(src.Shape), len(res.Shape), len(src.Shape), len(res.Shape))
		}
		if err := verifyCollapsedShape(op, res.Shape, src.Shape, groups); err != nil {
			return err
		}
		var expected Type
		if isIdentityLayout(src) {
			expected = MemRef(res.Shape, src.Elem, nil, src.MemSpace)
		} else {
			t, ok := collapsedType(src, res.Shape, groups)
			if !ok {
				return Errorf(op, "invalid source layout map or collapsing non-contiguous dims")
			}
			expected = t
		}
		if expected != Type(res) {
			return Errorf(op, "expected collapsed type to be '%s' but found '%s'", expected, res)
		}
		return nil
	}
	if len(src.Shape) > len(res.Shape) {
		return Errorf(op, "has source rank %d and result rank %d. This is not an expansion (%d > %d).", len(src.Shape), len(res.Shape), len(src.Shape), len(res.Shape))
	}
	if err := verifyCollapsedShape(op, src.Shape, res.Shape, groups); err != nil {
		return err
	}
	expected, ok := expandedType(src, res.Shape, groups)
	if !ok {
		return Errorf(op, "invalid source layout map")
	}
	if expected != Type(res) {
		return Errorf(op, "expected expanded type to be '%s' but found '%s'", expected, res)
	}
	static := staticArray(op, "static_output_shape")
	if len(static) != len(res.Shape) {
		return Errorf(op, "expected number of static shape bounds to be equal to the output rank (%d) but found %d inputs instead", len(res.Shape), len(static))
	}
	dyn := 0
	for _, v := range static {
		if v == Dynamic {
			dyn++
		}
	}
	if dyn != len(op.Operands)-1 {
		return Errorf(op, "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", dyn, len(op.Operands)-1)
	}
	for i, d := range res.Shape {
		if d != Dynamic && d != static[i] {
			return Errorf(op, "invalid output shape provided at pos %d", i)
		}
	}
	return checkIndexOperands(op, 1)
}

// expandedType: each group's innermost dimension keeps the source stride,
// outer ones multiply by the sizes inside them.
func expandedType(src *MemRefType, shape []int64, groups [][]int64) (Type, bool) {
	if isIdentityLayout(src) {
		return MemRef(shape, src.Elem, nil, src.MemSpace), true
	}
	srcStrides, offset, ok := StridesAndOffset(src)
	if !ok {
		return nil, false
	}
	strides := make([]int64, len(shape))
	for g, group := range groups {
		s := srcStrides[g]
		for k := len(group) - 1; k >= 0; k-- {
			strides[group[k]] = s
			s = satMul(s, shape[group[k]])
		}
	}
	return stridedType(shape, src.Elem, strides, offset, src.MemSpace), true
}

// collapsedType: the non-unit dimensions of a group must be contiguous
// where their sizes and strides are known; the group takes the stride of
// its innermost non-unit dimension, unknown when that one has a dynamic
// size (it may be 1 at run time, so its stride may not count).
func collapsedType(src *MemRefType, shape []int64, groups [][]int64) (Type, bool) {
	srcStrides, offset, ok := StridesAndOffset(src)
	if !ok {
		return nil, false
	}
	strides := make([]int64, len(groups))
	for g, group := range groups {
		var ref []int64
		for _, d := range group {
			if src.Shape[d] != 1 {
				ref = append(ref, d)
			}
		}
		for k := 0; k+1 < len(ref); k++ {
			d, e := ref[k], ref[k+1]
			want := satMul(srcStrides[e], src.Shape[e])
			if srcStrides[d] != Dynamic && want != Dynamic && srcStrides[d] != want {
				return nil, false
			}
		}
		trimmed := group
		for len(trimmed) > 1 && src.Shape[trimmed[len(trimmed)-1]] == 1 {
			trimmed = trimmed[:len(trimmed)-1]
		}
		switch last := trimmed[len(trimmed)-1]; {
		case src.Shape[last] != Dynamic || len(trimmed) == 1:
			strides[g] = srcStrides[last]
		default:
			strides[g] = Dynamic
		}
	}
	return stridedType(shape, src.Elem, strides, offset, src.MemSpace), true
}

// isIdentityLayout: no layout, an identity affine map, or a strided
// layout whose affine map is the identity (rank 0 or 1, offset 0, unit
// stride), as MLIR's layout isIdentity() decides.
func isIdentityLayout(mt *MemRefType) bool {
	if l, ok := mt.Layout.(*StridedLayoutAttr); ok {
		return l.Offset == 0 && (len(l.Strides) == 0 || len(l.Strides) == 1 && l.Strides[0] == 1)
	}
	return mt.Layout == nil || identityLayout(mt.Layout)
}

// ---- cast ----

// castCompatible is memref.cast's rule: same element type and memory
// space; ranked to ranked keeps the rank, static sizes, and static
// strides and offset unless either side is dynamic.
func castCompatible(a, b *MemRefType) bool {
	if !a.Ranked && !b.Ranked {
		return false
	}
	if a.Elem != b.Elem || !sameSpace(a, b) {
		return false
	}
	if !a.Ranked || !b.Ranked {
		return true
	}
	if attrText(a.Layout) != attrText(b.Layout) {
		as, ao, ok1 := StridesAndOffset(a)
		bs, bo, ok2 := StridesAndOffset(b)
		if !ok1 || !ok2 || len(as) != len(bs) {
			return false
		}
		compatible := func(x, y int64) bool { return x == Dynamic || y == Dynamic || x == y }
		if !compatible(ao, bo) {
			return false
		}
		for i := range as {
			if !compatible(as[i], bs[i]) {
				return false
			}
		}
	}
	if len(a.Shape) != len(b.Shape) {
		return false
	}
	for i := range a.Shape {
		if a.Shape[i] != Dynamic && b.Shape[i] != Dynamic && a.Shape[i] != b.Shape[i] {
			return false
		}
	}
	return true
}

func shapeText(shape []int64) string {
	var parts []string
	for _, d := range shape {
		parts = append(parts, fmt.Sprint(d))
	}
	return strings.Join(parts, ", ")
}
