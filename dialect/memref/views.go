package memref

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ---- views ----

func init() {
	offsetsSizesStrides := func(format string) ir.OpSyntax {
		return ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source"}, {Name: "offsets", Mode: ir.Variadic, Type: ir.Index},
				{Name: "sizes", Mode: ir.Variadic, Type: ir.Index}, {Name: "strides", Mode: ir.Variadic, Type: ir.Index}},
			Results: []ir.Arg{{Name: "result", Kind: ir.MemRefKind}},
			Attrs: []ir.AttrArg{{Name: "static_offsets", Kind: ir.AttrDenseArray, Type: ir.I64},
				{Name: "static_sizes", Kind: ir.AttrDenseArray, Type: ir.I64}, {Name: "static_strides", Kind: ir.AttrDenseArray, Type: ir.I64}},
			SegmentedOperands: true,
			Format:            format,
		}
	}
	subview := offsetsSizesStrides("$source `` custom<DynamicIndexList>($offsets, $static_offsets) custom<DynamicIndexList>($sizes, $static_sizes) " +
		"custom<DynamicIndexList>($strides, $static_strides) attr-dict `:` type($source) `to` type($result)")
	subview.Operands[0].Kind = ir.MemRefKind
	reinterpret := offsetsSizesStrides("$source `to` `offset` `` `:` custom<DynamicIndexList>($offsets, $static_offsets) `` `,` " +
		"`sizes` `` `:` custom<DynamicIndexList>($sizes, $static_sizes) `` `,` `strides` `` `:` custom<DynamicIndexList>($strides, $static_strides) " +
		"attr-dict `:` type($source) `to` type($result)")
	cast := ir.OpSyntax{
		Operands: []ir.Arg{{Name: "source", Constraint: ir.AnyRankedOrUnrankedMemRefC}},
		Results:  []ir.Arg{{Name: "dest", Constraint: ir.AnyRankedOrUnrankedMemRefC}},
		Format:   "$source attr-dict `:` type($source) `to` type($dest)",
	}
	ir.Register(
		ir.WithFormat(entryVerified(viewOp("memref.view", "view a byte buffer as a typed buffer", "view", verifyViewOp)), ir.OpSyntax{
			Operands: []ir.Arg{{Name: "source", Kind: ir.MemRefKind, Constraint: byteBuffer}, {Name: "byte_shift", Type: ir.Index}, {Name: "sizes", Mode: ir.Variadic, Type: ir.Index}},
			Results:  []ir.Arg{{Name: "result", Kind: ir.MemRefKind, Constraint: ir.AnyMemRefC}},
			Format:   "$source `[` $byte_shift `]` `` `[` $sizes `]` attr-dict `:` type($source) `to` type(results)",
		}),
		ir.WithFormat(viewOp("memref.subview", "a strided window of a buffer", "subview", verifySubView), subview),
		ir.WithFormat(viewOp("memref.reinterpret_cast", "reinterpret a buffer's layout", "reinterpret_cast", verifyReinterpretCast), reinterpret),
		ir.WithFormat(entryVerified(viewOp("memref.cast", "cast to a compatible memref type", "cast", verifyMemRefCast)), cast),
		ir.WithFormat(entryVerified(viewOp("memref.memory_space_cast", "move a buffer to another memory space", "memspacecast", verifyMemRefCast)), cast),
	)
}

// byteBuffer is memref.view's source: MemRefRankOf<[I8], [1]>.
var byteBuffer = ir.MemRefRankOf([]*ir.TypeConstraint{ir.Exactly(ir.I8)}, 1)

// viewOp defines a memref view op: pure, its result an alias of its first
// operand, so the analyses follow a buffer through any chain of views.
func viewOp(name, summary, hintName string, verify func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name: name, Summary: summary, Traits: ir.ViewLike | ir.Pure, ViewSource: 0,
		NameHint: hint(hintName), VerifyRegions: verify,
	}
}

// entryVerified makes d's verifier the op's own verify() (on entering the
// op, after its declaration's checks), as MLIR runs it.
func entryVerified(d *ir.OpDef) *ir.OpDef {
	d.Verify, d.VerifyRegions = d.VerifyRegions, nil
	return d
}

// verifyViewLike checks the one source operand and one result every view
// printer relies on, both memrefs.
func verifyViewLike(op *ir.Operation) error {
	if len(op.Operands) < 1 {
		return ir.Errorf(op, "requires a source operand")
	}
	if err := ir.ExpectResults(op, 1); err != nil {
		return err
	}
	if err := ir.VerifyMemRefOperand(op, 0); err != nil {
		return err
	}
	return ir.VerifyMemRefResult(op)
}

// verifyViewOp is ViewOp::verify: the declaration has checked the
// operands (a 1-D i8 buffer, an index byte shift, index sizes) and the
// result (a ranked memref).
func verifyViewOp(op *ir.Operation) error {
	mt := op.Results[0].Type.(*ir.MemRefType)
	// A view reinterprets contiguous bytes: both sides have the identity
	// layout (a strided layout is refused even when it spells the
	// identity), and the view stays in the base's memory space. The
	// messages are MLIR's (emitted without the op-name prefix).
	base, _ := op.Operands[0].Type.(*ir.MemRefType)
	if base != nil && !ir.IsIdentityLayout(base.Layout) {
		return ir.NewError(op.Loc, "unsupported map for base memref type '%s'", base)
	}
	if !ir.IsIdentityLayout(mt.Layout) {
		return ir.NewError(op.Loc, "unsupported map for result memref type '%s'", mt)
	}
	if base != nil && attrText(base.MemSpace) != attrText(mt.MemSpace) {
		return ir.NewError(op.Loc, "different memory spaces specified for base memref type '%s' and view memref type '%s'", base, mt)
	}
	if len(op.Operands)-2 != mt.NumDynamicDims() {
		return ir.Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", len(op.Operands)-2, mt.NumDynamicDims())
	}
	return nil
}

// attrText prints an optional attribute ("" when absent).
func attrText(a ir.Attribute) string {
	if a == nil {
		return ""
	}
	return a.String()
}

// ---- cast / memory_space_cast ----

// verifyMemRefCast is CastOpInterface's verification of memref.cast and
// memref.memory_space_cast (the declaration has checked that both types
// are memrefs).
func verifyMemRefCast(op *ir.Operation) error {
	a := op.Operands[0].Type.(*ir.MemRefType)
	b := op.Results[0].Type.(*ir.MemRefType)
	compatible := castCompatible(a, b)
	if op.Name == "memref.memory_space_cast" {
		compatible = spaceCastCompatible(a, b)
	}
	if !compatible {
		return ir.Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", a, b)
	}
	return nil
}

// spaceCastCompatible is MemorySpaceCastOp::areCastCompatible: both ranked
// with one element type, layout and shape, or both unranked with one
// element type; the memory spaces may differ.
func spaceCastCompatible(a, b *ir.MemRefType) bool {
	if a.Ranked != b.Ranked || a.Elem != b.Elem {
		return false
	}
	return !a.Ranked || attrText(a.Layout) == attrText(b.Layout) && slices.Equal(a.Shape, b.Shape)
}
