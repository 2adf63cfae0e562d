package memref

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The verifiers of the view ops that compute result types from strided
// layouts (subview, reinterpret_cast, cast), worded as mlir-opt words
// their errors.

// stridedType is the memref type of shape and element with a strided
// layout of the given strides and offset.
func stridedType(shape []int64, elem ir.Type, strides []int64, offset int64, space ir.Attribute) ir.Type {
	return ir.MemRef(shape, elem, &ir.StridedLayoutAttr{Strides: append([]int64(nil), strides...), Offset: offset}, space)
}

// ---- the offsets/sizes/strides interface ----

// verifyMixedOffsetsSizesStrides checks the lists against each other and
// against the ranks the op allows (maxRanks), as MLIR's
// OffsetSizeAndStrideOpInterface does.
func verifyMixedOffsetsSizesStrides(op *ir.Operation, maxRanks [3]int) error {
	seg, err := ir.VerifySegments(op, 4, true)
	if err != nil {
		return err
	}
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	var lists [3][]int64
	for i, n := range names {
		a, ok := op.Attr(n).(*ir.DenseArrayAttr)
		if !ok || a.Floats != nil {
			return ir.Errorf(op, "requires attribute '%s'", n)
		}
		lists[i] = a.Values
	}
	offs, sizes, strides := lists[0], lists[1], lists[2]
	if !(len(offs) == 1 && maxRanks[0] == 1) && len(offs) != len(sizes) {
		return ir.NewError(op.Loc, "expected mixed offsets rank to match mixed sizes rank (%d vs %d) so the rank of the result type is well-formed.", len(offs), len(sizes))
	}
	if len(sizes) != len(strides) {
		return ir.NewError(op.Loc, "expected mixed sizes rank to match mixed strides rank (%d vs %d) so the rank of the result type is well-formed.", len(sizes), len(strides))
	}
	for i, what := range []string{"offset", "size", "stride"} {
		if len(lists[i]) != maxRanks[i] {
			return ir.NewError(op.Loc, "expected %d %s values, got %d", maxRanks[i], what, len(lists[i]))
		}
		dyn := 0
		for _, v := range lists[i] {
			if v == ir.Dynamic {
				dyn++
			}
		}
		if dyn != seg[i+1] {
			return ir.Errorf(op, "expected the number of '%ss' to match the number of dynamic entries in 'static_%ss' (%d vs %d)", what, what, seg[i+1], dyn)
		}
	}
	for _, o := range offs {
		if o != ir.Dynamic && o < 0 {
			return ir.NewError(op.Loc, "expected offsets to be non-negative, but got %d", o)
		}
	}
	for _, s := range sizes {
		if s != ir.Dynamic && s < 0 {
			return ir.NewError(op.Loc, "expected sizes to be non-negative, but got %d", s)
		}
	}
	return ir.VerifyIndexOperands(op, 1)
}

func sameSpace(a, b *ir.MemRefType) bool { return attrText(a.MemSpace) == attrText(b.MemSpace) }

// ---- subview ----

func verifySubView(op *ir.Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	src, ok := op.Operands[0].Type.(*ir.MemRefType)
	if !ok || !src.Ranked {
		return ir.Errorf(op, "operand #0 must be memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	res := op.Results[0].Type.(*ir.MemRefType)
	if !res.Ranked {
		return ir.Errorf(op, "result #0 must be memref of any type values, but got '%s'", res)
	}
	r := len(src.Shape)
	if err := verifyMixedOffsetsSizesStrides(op, [3]int{r, r, r}); err != nil {
		return err
	}
	if !sameSpace(src, res) {
		return ir.NewError(op.Loc, "different memory spaces specified for base memref type %s and subview memref type %s", src, res)
	}
	srcStrides, srcOffset, ok := ir.StridesAndOffset(src)
	if !ok {
		return ir.NewError(op.Loc, "base type %s is not strided", src)
	}
	offs, sizes, steps := ir.DenseArrayValues(op, "static_offsets"), ir.DenseArrayValues(op, "static_sizes"), ir.DenseArrayValues(op, "static_strides")
	offset := srcOffset
	strides := make([]int64, r)
	for i := range r {
		offset = ir.DynamicAdd(offset, ir.DynamicMul(offs[i], srcStrides[i]))
		strides[i] = ir.DynamicMul(srcStrides[i], steps[i])
	}
	expected := stridedType(sizes, src.Elem, strides, offset, src.MemSpace).(*ir.MemRefType)
	fail := func(why string) error {
		return ir.Errorf(op, "expected result type to be '%s' or a rank-reduced version. (mismatch of result %s)", expected, why)
	}
	if len(res.Shape) > r {
		return ir.Errorf(op, "expected result rank to be smaller or equal to the source rank, but got '%s'", res)
	}
	unused, ok := rankReductionMask(sizes, res.Shape)
	if !ok {
		return fail("sizes")
	}
	if res.Elem != src.Elem {
		return ir.Errorf(op, "expected result element type to be '%s', but got '%s'", src.Elem, res)
	}
	resStrides, resOffset, ok := ir.StridesAndOffset(res)
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
		if dim == ir.Dynamic || o == ir.Dynamic {
			continue
		}
		if sz != 0 && o >= dim {
			return ir.NewError(op.Loc, "offset %d is out-of-bounds: %d >= %d", i, o, dim)
		}
		if sz == ir.Dynamic || st == ir.Dynamic || sz == 0 {
			continue
		}
		if last := o + (sz-1)*st; last >= dim {
			return ir.NewError(op.Loc, "slice along dimension %d runs out-of-bounds: %d >= %d", i, last, dim)
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

func verifyReinterpretCast(op *ir.Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	res := op.Results[0].Type.(*ir.MemRefType)
	if !res.Ranked {
		return ir.Errorf(op, "result #0 must be memref of any type values, but got '%s'", res)
	}
	r := len(res.Shape)
	if err := verifyMixedOffsetsSizesStrides(op, [3]int{1, r, r}); err != nil {
		return err
	}
	src := op.Operands[0].Type.(*ir.MemRefType)
	if !sameSpace(src, res) {
		return ir.NewError(op.Loc, "different memory spaces specified for source type %s and result type %s", src, res)
	}
	if src.Elem != res.Elem {
		return ir.NewError(op.Loc, "different element types specified for source type '%s' and result memref type '%s'", src, res)
	}
	dyn := func(v int64) string {
		if v == ir.Dynamic {
			return "dynamic"
		}
		return strconv.FormatInt(v, 10)
	}
	sizes := ir.DenseArrayValues(op, "static_sizes")
	for i, d := range res.Shape {
		if d != ir.Dynamic && d != sizes[i] {
			return ir.NewError(op.Loc, "expected result type with size = %s instead of %d in dim = %d", dyn(sizes[i]), d, i)
		}
	}
	strides, offset, ok := ir.StridesAndOffset(res)
	if !ok {
		return ir.NewError(op.Loc, "expected result type to have strided layout but found %s", res)
	}
	if want := ir.DenseArrayValues(op, "static_offsets")[0]; offset != ir.Dynamic && offset != want {
		return ir.NewError(op.Loc, "expected result type with offset = %s instead of %d", dyn(want), offset)
	}
	steps := ir.DenseArrayValues(op, "static_strides")
	for i, s := range strides {
		if s != ir.Dynamic && s != steps[i] {
			return ir.NewError(op.Loc, "expected result type with stride = %s instead of %d in dim = %d", dyn(steps[i]), s, i)
		}
	}
	return nil
}

// hasIdentityLayout: no layout, an identity affine map, or a strided
// layout whose affine map is the identity (rank 0 or 1, offset 0, unit
// stride), as MLIR's layout isIdentity() decides.
func hasIdentityLayout(mt *ir.MemRefType) bool {
	if l, ok := mt.Layout.(*ir.StridedLayoutAttr); ok {
		return l.Offset == 0 && (len(l.Strides) == 0 || len(l.Strides) == 1 && l.Strides[0] == 1)
	}
	return mt.Layout == nil || ir.IsIdentityLayout(mt.Layout)
}

// ---- cast ----

// castCompatible is memref.cast's rule: same element type and memory
// space; ranked to ranked keeps the rank, static sizes, and static
// strides and offset unless either side is dynamic.
func castCompatible(a, b *ir.MemRefType) bool {
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
		as, ao, ok1 := ir.StridesAndOffset(a)
		bs, bo, ok2 := ir.StridesAndOffset(b)
		if !ok1 || !ok2 || len(as) != len(bs) {
			return false
		}
		compatible := func(x, y int64) bool { return x == ir.Dynamic || y == ir.Dynamic || x == y }
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
		if a.Shape[i] != ir.Dynamic && b.Shape[i] != ir.Dynamic && a.Shape[i] != b.Shape[i] {
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
