// Package arith is MLIR's arith dialect as LLVM 22 has it: constants,
// integer and float arithmetic, comparisons, select and casts, with the
// syntax and verifier messages of mlir-opt.
package arith

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.RegisterDialect("arith")
	ir.RegisterBitEnum("#arith.fastmath", ir.BitEnum{Flags: []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}, All: "fast", Sep: ","})
	ir.RegisterBitEnum("#arith.overflow", ir.BitEnum{Flags: []string{"nsw", "nuw"}, Sep: ", "})
}

// The type constraints of ArithOps.td that the common ones (ir) do not
// cover, each declared once with ODS's summary.
var (
	// signlessFixedWidthIntegerLike: a signless integer, or a vector or
	// tensor of one; no index (what the casts take).
	signlessFixedWidthIntegerLike = ir.ValueSemanticsContainerOf(ir.AnySignlessIntegerC, "signless-fixed-width-integer-like")
	// indexCastType: index_cast's operand and result, which may also be
	// memrefs of signless integers or indices.
	indexCastType = ir.NewTypeConstraint("signless-integer-like or memref of signless-integer", func(t ir.Type) bool {
		return ir.SignlessIntegerOrIndexLikeC.Holds(t) || rankedMemRefOf(t, ir.IsSignlessIntOrIndex)
	})
	// bitcastType: bitcast's operand and result, which may also be memrefs
	// of signless integers or floats.
	bitcastType = ir.NewTypeConstraint("signless-integer-or-float-like or memref of signless-integer or float", func(t ir.Type) bool {
		return ir.ValueSemanticsContainerOf(signlessIntOrFloat, "").Holds(t) || rankedMemRefOf(t, signlessIntOrFloat.Holds)
	})
	signlessIntOrFloat = ir.AnyOf(ir.AnySignlessIntegerC, ir.AnyFloatC)
)

// rankedMemRefOf: a ranked memref (ODS's MemRefOf) of elements elem holds for.
func rankedMemRefOf(t ir.Type, elem func(ir.Type) bool) bool {
	m, ok := t.(*ir.MemRefType)
	return ok && m.Ranked && elem(m.Elem)
}

// The attribute constraints, with ODS's summaries.
const (
	overflowSummary = "Integer overflow arith flags"
	fastmathSummary = "Floating point fast math flags"
	roundingSummary = "Floating point rounding mode"
)

// elemOrSelf returns the element type of a vector or tensor, else t
// (MLIR's getElementTypeOrSelf for the types arith takes).
func elemOrSelf(t ir.Type) ir.Type {
	switch s := t.(type) {
	case *ir.VectorType:
		return s.Elem
	case *ir.TensorType:
		return s.Elem
	case *ir.MemRefType:
		return s.Elem
	}
	return t
}

// isMappable: a vector or tensor, what an element-wise op maps over.
func isMappable(t ir.Type) bool {
	switch t.(type) {
	case *ir.VectorType, *ir.TensorType:
		return true
	}
	return false
}

// baseKind is the class of a mappable type (MLIR's TypeID): vector, ranked
// tensor or unranked tensor.
func baseKind(t ir.Type) int {
	switch t := t.(type) {
	case *ir.VectorType:
		return 1
	case *ir.TensorType:
		if t.Ranked {
			return 2
		}
		return 3
	}
	return 0
}

// elementwise is MLIR's Elementwise trait (ElementwiseMappable, which
// every arith op has): the vectors and tensors among the operands and
// results are all of one kind and of compatible shapes, and there are some
// among both or among neither.
var elementwise = ir.TraitCheck{Name: "Elementwise", Verify: func(op *ir.Operation) error {
	var ins, outs []ir.Type
	for _, v := range op.Operands {
		if isMappable(v.Type) {
			ins = append(ins, v.Type)
		}
	}
	for _, v := range op.Results {
		if isMappable(v.Type) {
			outs = append(outs, v.Type)
		}
	}
	switch {
	case len(ins) == 0 && len(outs) == 0:
		return nil
	case len(ins) == 0:
		return ir.Errorf(op, "if a result is non-scalar, then at least one operand must be non-scalar")
	case len(outs) == 0:
		return ir.Errorf(op, "if an operand is non-scalar, then there must be at least one non-scalar result")
	case len(outs) != len(op.Results):
		return ir.Errorf(op, "if an operand is non-scalar, then all results must be non-scalar")
	}
	all := append(ins, outs...)
	same := ir.CompatibleShapesAll(all)
	for _, t := range all {
		same = same && baseKind(t) == baseKind(all[0])
	}
	if !same {
		return ir.Errorf(op, "all non-scalar operands/results must have the same shape and base type")
	}
	return nil
}}

// tensorShape is the shape a tensor has, nil for other types (ODS's
// SameInputOutputTensorDims compares these); ok is false for an unranked
// tensor, which has none.
func tensorShape(t ir.Type) (shape []int64, ranked bool) {
	if tt, ok := t.(*ir.TensorType); ok {
		return tt.Shape, tt.Ranked
	}
	return nil, true
}

// sameInputOutputTensorDims is ArithOps.td's PredOpTrait: a tensor input
// and output have the same dimensions, dynamic ones included.
var sameInputOutputTensorDims = ir.Pred{
	Summary: "input and output have the same tensor dimensions",
	Holds: func(op *ir.Operation) bool {
		in, out := ir.DeclaredTypes(op, "in"), ir.DeclaredTypes(op, "out")
		if len(in) != 1 || len(out) != 1 {
			return true
		}
		a, ra := tensorShape(in[0])
		b, rb := tensorShape(out[0])
		return ra && rb && slices.Equal(a, b)
	},
}
