package memref

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		ir.WithFormat(entryVerified(viewOp("memref.expand_shape", "split dimensions", "expand_shape", verifyExpandCollapse)), ir.OpSyntax{
			Operands: []ir.Arg{{Name: "src", Kind: ir.MemRefKind, Constraint: ir.AnyStridedMemRefC}, {Name: "output_shape", Mode: ir.Variadic, Type: ir.Index}},
			Results:  []ir.Arg{{Name: "result", Kind: ir.MemRefKind, Constraint: ir.AnyStridedMemRefC}},
			Attrs:    []ir.AttrArg{{Name: "reassociation"}, {Name: "static_output_shape", Kind: ir.AttrDenseArray, Type: ir.I64}},
			Format:   "$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, $static_output_shape) attr-dict `:` type($src) `into` type($result)",
		}),
		ir.WithFormat(entryVerified(viewOp("memref.collapse_shape", "merge dimensions", "collapse_shape", verifyExpandCollapse)), ir.OpSyntax{
			Operands: []ir.Arg{{Name: "src", Kind: ir.MemRefKind, Constraint: ir.AnyStridedMemRefC}},
			Results:  []ir.Arg{{Name: "result", Kind: ir.MemRefKind, Constraint: ir.AnyStridedMemRefC}},
			Attrs:    []ir.AttrArg{{Name: "reassociation"}},
			Format:   "$src $reassociation attr-dict `:` type($src) `into` type($result)",
		}),
	)
}

// ---- expand_shape / collapse_shape: the result types ----

func reassociationGroups(op *ir.Operation) ([][]int64, error) {
	re, ok := op.Attr("reassociation").(*ir.ArrayAttr)
	if !ok {
		return nil, ir.Errorf(op, "requires attribute 'reassociation'")
	}
	var groups [][]int64
	for _, g := range re.Elems {
		arr, ok := g.(*ir.ArrayAttr)
		if !ok {
			return nil, ir.Errorf(op, "reassociation must be an array of integer arrays")
		}
		var group []int64
		for _, e := range arr.Elems {
			n, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, ir.Errorf(op, "reassociation must be an array of integer arrays")
			}
			group = append(group, n.Value)
		}
		groups = append(groups, group)
	}
	return groups, nil
}

// verifyCollapsedShape checks that groups of the expanded shape's
// dimensions make up the collapsed shape.
func verifyCollapsedShape(op *ir.Operation, collapsed, expanded []int64, groups [][]int64) error {
	if len(collapsed) != len(groups) {
		return ir.Errorf(op, "invalid number of reassociation groups: found %d, expected %d", len(groups), len(collapsed))
	}
	next := int64(0)
	for ci, group := range groups {
		dynamic := false
		for _, d := range group {
			if d != next {
				return ir.Errorf(op, "reassociation indices must be contiguous")
			}
			next++
			if d >= int64(len(expanded)) {
				return ir.Errorf(op, "reassociation index %d is out of bounds", d)
			}
			if expanded[d] == ir.Dynamic {
				dynamic = true
			}
		}
		if (collapsed[ci] == ir.Dynamic) != dynamic {
			return ir.Errorf(op, "collapsed dim (%d) must be dynamic if and only if reassociation group is dynamic", ci)
		}
		if !dynamic {
			size := int64(1)
			for _, d := range group {
				size = ir.DynamicMul(size, expanded[d])
			}
			if size != collapsed[ci] {
				return ir.Errorf(op, "collapsed dim size (%d) must equal reassociation group size (%d)", collapsed[ci], size)
			}
		}
	}
	if len(collapsed) == 0 {
		for _, d := range expanded {
			if d != 1 {
				return ir.Errorf(op, "rank 0 memrefs can only be extended/collapsed with/from ones")
			}
		}
	} else if next != int64(len(expanded)) {
		return ir.Errorf(op, "expanded rank (%d) inconsistent with number of reassociation indices (%d)", len(expanded), next)
	}
	return nil
}

// verifyExpandCollapse is ExpandShapeOp's and CollapseShapeOp's verify();
// the declaration has checked the strided source and result.
func verifyExpandCollapse(op *ir.Operation) error {
	src, res := op.Operands[0].Type.(*ir.MemRefType), op.Results[0].Type.(*ir.MemRefType)
	groups, err := reassociationGroups(op)
	if err != nil {
		return err
	}
	if op.Name == "memref.collapse_shape" {
		if err := ir.ExpectOperands(op, 1); err != nil {
			return err
		}
		if len(src.Shape) < len(res.Shape) {
			return ir.Errorf(op, "has source rank %d and result rank %d. This is not a collapse (%d < %d).", len(src.Shape), len(res.Shape), len(src.Shape), len(res.Shape))
		}
		if err := verifyCollapsedShape(op, res.Shape, src.Shape, groups); err != nil {
			return err
		}
		var expected ir.Type
		if hasIdentityLayout(src) {
			expected = ir.MemRef(res.Shape, src.Elem, nil, src.MemSpace)
		} else {
			t, ok := collapsedType(src, res.Shape, groups)
			if !ok {
				return ir.Errorf(op, "invalid source layout map or collapsing non-contiguous dims")
			}
			expected = t
		}
		if expected != ir.Type(res) {
			return ir.Errorf(op, "expected collapsed type to be '%s' but found '%s'", expected, res)
		}
		return nil
	}
	if len(src.Shape) > len(res.Shape) {
		return ir.Errorf(op, "has source rank %d and result rank %d. This is not an expansion (%d > %d).", len(src.Shape), len(res.Shape), len(src.Shape), len(res.Shape))
	}
	if err := verifyCollapsedShape(op, src.Shape, res.Shape, groups); err != nil {
		return err
	}
	expected, ok := expandedType(src, res.Shape, groups)
	if !ok {
		return ir.Errorf(op, "invalid source layout map")
	}
	if expected != ir.Type(res) {
		return ir.Errorf(op, "expected expanded type to be '%s' but found '%s'", expected, res)
	}
	static := ir.DenseArrayValues(op, "static_output_shape")
	if len(static) != len(res.Shape) {
		return ir.Errorf(op, "expected number of static shape bounds to be equal to the output rank (%d) but found %d inputs instead", len(res.Shape), len(static))
	}
	dyn := 0
	for _, v := range static {
		if v == ir.Dynamic {
			dyn++
		}
	}
	if dyn != len(op.Operands)-1 {
		return ir.Errorf(op, "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", dyn, len(op.Operands)-1)
	}
	for i, d := range res.Shape {
		if d != ir.Dynamic && d != static[i] {
			return ir.Errorf(op, "invalid output shape provided at pos %d", i)
		}
	}
	return ir.VerifyIndexOperands(op, 1)
}

// expandedType: each group's innermost dimension keeps the source stride,
// outer ones multiply by the sizes inside them. Dimensions no group covers
// (those of a 0-d source) get stride 1, as MLIR's computeExpandedLayoutMap
// gives them.
func expandedType(src *ir.MemRefType, shape []int64, groups [][]int64) (ir.Type, bool) {
	if hasIdentityLayout(src) {
		return ir.MemRef(shape, src.Elem, nil, src.MemSpace), true
	}
	srcStrides, offset, ok := ir.StridesAndOffset(src)
	if !ok {
		return nil, false
	}
	strides := make([]int64, len(shape))
	for i := range strides {
		strides[i] = 1
	}
	for g, group := range groups {
		s := srcStrides[g]
		for k := len(group) - 1; k >= 0; k-- {
			strides[group[k]] = s
			s = ir.DynamicMul(s, shape[group[k]])
		}
	}
	return stridedType(shape, src.Elem, strides, offset, src.MemSpace), true
}

// collapsedType: the non-unit dimensions of a group must be contiguous
// where their sizes and strides are known; the group takes the stride of
// its innermost non-unit dimension, unknown when that one has a dynamic
// size (it may be 1 at run time, so its stride may not count).
func collapsedType(src *ir.MemRefType, shape []int64, groups [][]int64) (ir.Type, bool) {
	srcStrides, offset, ok := ir.StridesAndOffset(src)
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
			want := ir.DynamicMul(srcStrides[e], src.Shape[e])
			if srcStrides[d] != ir.Dynamic && want != ir.Dynamic && srcStrides[d] != want {
				return nil, false
			}
		}
		trimmed := group
		for len(trimmed) > 1 && src.Shape[trimmed[len(trimmed)-1]] == 1 {
			trimmed = trimmed[:len(trimmed)-1]
		}
		switch last := trimmed[len(trimmed)-1]; {
		case src.Shape[last] != ir.Dynamic || len(trimmed) == 1:
			strides[g] = srcStrides[last]
		default:
			strides[g] = ir.Dynamic
		}
	}
	return stridedType(shape, src.Elem, strides, offset, src.MemSpace), true
}

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "memref.reshape", Summary: "a view with a shape from an operand",
		Traits: ir.Pure | ir.ViewLike, ViewSource: 0,
		Verify:   verifyMemRefReshape,
		NameHint: hint("reshape"),
	}, ir.OpSyntax{
		Operands: []ir.Arg{{Name: "source", Constraint: ir.AnyRankedOrUnrankedMemRefC},
			{Name: "shape", Constraint: ir.MemRefRankOf([]*ir.TypeConstraint{ir.AnySignlessIntegerC, ir.IndexC}, 1)}},
		Results: []ir.Arg{{Name: "result", Constraint: ir.AnyRankedOrUnrankedMemRefC}},
		Format:  "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
	}))
}

func init() {
	ir.Register(
		ir.Declare(&ir.OpDef{
			Name: "memref.transpose", Summary: "a view with permuted dimensions",
			Traits: ir.Pure | ir.ViewLike, ViewSource: 0,
			Inherent: []string{"permutation"},
			Parse:    parseTranspose, Print: printTranspose, Verify: verifyTranspose,
			NameHint: hint("transpose"),
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "in", Constraint: ir.AnyStridedMemRefC}},
			Results:  []ir.Arg{{Name: "result", Constraint: ir.AnyStridedMemRefC}},
		}),
	)
}

// ---- reshape ----

// verifyMemRefReshape is ReshapeOp's verify(); the declaration has
// checked the operand and result types.
func verifyMemRefReshape(op *ir.Operation) error {
	src := op.Operands[0].Type.(*ir.MemRefType)
	shape := op.Operands[1].Type.(*ir.MemRefType)
	res := op.Results[0].Type.(*ir.MemRefType)
	if src.Elem != res.Elem {
		return ir.Errorf(op, "element types of source and destination memref types should be the same")
	}
	if attrText(src.MemSpace) != attrText(res.MemSpace) {
		return ir.Errorf(op, "source and destination memref types should have the same memory space")
	}
	if src.Ranked && !ir.IsIdentityLayout(src.Layout) {
		return ir.Errorf(op, "source memref type should have identity affine map")
	}
	if res.Ranked {
		if !ir.IsIdentityLayout(res.Layout) {
			return ir.Errorf(op, "result memref type should have identity affine map")
		}
		if shape.Shape[0] == ir.Dynamic {
			return ir.Errorf(op, "cannot use shape operand with dynamic length to reshape to statically-ranked memref type")
		}
		if shape.Shape[0] != int64(len(res.Shape)) {
			return ir.Errorf(op, "length of shape operand differs from the result's memref rank")
		}
	}
	return nil
}

// ---- transpose ----

// parseTranspose reads `%m (d0, d1) -> (d1, d0) attr-dict : T to U`; the
// permutation's dimension names are free and become d0, d1, ...
// (hand-written upstream too).
func parseTranspose(p ir.AsmParser, st *ir.OperationState) error {
	m, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	dims := map[string]int{}
	var order []string
	for !p.ParseOptionalPunct(")") {
		if len(order) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		id, ok := p.ParseOptionalBareId()
		if !ok {
			return p.Errorf("expected bare identifier")
		}
		dims[id] = len(order)
		order = append(order, id)
	}
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	var results []string
	for !p.ParseOptionalPunct(")") {
		if len(results) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		loc := p.Loc()
		id, ok := p.ParseOptionalBareId()
		d, known := dims[id]
		if !ok || !known {
			return p.ErrorAt(loc, "expected a permutation of the dimensions")
		}
		results = append(results, "d"+strconv.Itoa(d))
	}
	var ins []string
	for i := range order {
		ins = append(ins, "d"+strconv.Itoa(i))
	}
	st.AddAttr("permutation", &ir.RawAttr{Text: "affine_map<(" + strings.Join(ins, ", ") + ") -> (" + strings.Join(results, ", ") + ")>"})
	st.Operands = []ir.OperandRef{m}
	return ir.ParseCastTail(p, st)
}

// permutation returns the result dimensions of the transpose's map, or
// nil when it is not a plain permutation map.
func permutation(op *ir.Operation) []int {
	r, ok := op.Attr("permutation").(*ir.RawAttr)
	if !ok || !r.IsAffineMap() {
		return nil
	}
	text := strings.TrimSuffix(strings.TrimPrefix(r.Text, "affine_map<"), ">")
	ins, outs, ok := strings.Cut(text, "->")
	if !ok || strings.Contains(ins, "[") {
		return nil
	}
	inNames := ir.SplitParenList(ins)
	pos := map[string]int{}
	for i, n := range inNames {
		pos[n] = i
	}
	var perm []int
	for _, n := range ir.SplitParenList(outs) {
		i, ok := pos[n]
		if !ok {
			return nil
		}
		perm = append(perm, i)
	}
	if len(perm) != len(inNames) {
		return nil
	}
	return perm
}

func printTranspose(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if r, ok := op.Attr("permutation").(*ir.RawAttr); ok {
		p.Write(" " + strings.TrimSuffix(strings.TrimPrefix(r.Text, "affine_map<"), ">"))
	}
	ir.PrintCastTail(p, op, "permutation")
}

// verifyTranspose is TransposeOp's verify(); the declaration has checked
// the strided source and result.
func verifyTranspose(op *ir.Operation) error {
	src := op.Operands[0].Type.(*ir.MemRefType)
	perm := permutation(op)
	if perm == nil {
		return ir.Errorf(op, "expected a permutation map")
	}
	if len(perm) != len(src.Shape) {
		return ir.Errorf(op, "expected a permutation map of same rank as the input")
	}
	seen := map[int]bool{}
	for _, d := range perm {
		if seen[d] {
			return ir.Errorf(op, "expected a permutation map")
		}
		seen[d] = true
	}
	res, ok := op.Results[0].Type.(*ir.MemRefType)
	if !ok || !res.Ranked || res.Elem != src.Elem || len(res.Shape) != len(src.Shape) {
		return ir.Errorf(op, "result type %s is not equivalent to the canonical transposed input type", op.Results[0].Type)
	}
	for i, d := range perm {
		if res.Shape[i] != src.Shape[d] {
			return ir.Errorf(op, "result type %s is not equivalent to the canonical transposed input type", res)
		}
	}
	return nil
}
