package bufferization

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ---- the bridges between tensors and buffers ----

// The type interfaces the bridges take: a tensor-like type (the builtin
// tensors) and a buffer-like one (the memrefs, ranked or not).
var (
	tensorLikeC = ir.NewTypeConstraint("TensorLikeType instance", func(t ir.Type) bool {
		_, ok := t.(*ir.TensorType)
		return ok
	})
	bufferLikeC = ir.NewTypeConstraint("BufferLikeType instance", ir.IsMemRef)
)

// tensorAndBufferMatch is the bridges' PredOpTrait: the tensor and the
// buffer have one shape and one element type (the buffer's layout and
// memory space, the tensor's encoding aside). The predicate says which
// part differs before ODS's failure.
func tensorAndBufferMatch(tensor, buffer string) ir.Pred {
	return ir.Pred{
		Summary: "specified tensor and buffer types match",
		Explain: func(op *ir.Operation) error {
			ts, bs := ir.DeclaredTypes(op, tensor), ir.DeclaredTypes(op, buffer)
			if len(ts) != 1 || len(bs) != 1 {
				return nil
			}
			tShape, tElem, tRanked := ir.ShapeOf(ts[0])
			bShape, bElem, bRanked := ir.ShapeOf(bs[0])
			if tRanked != bRanked || !slices.Equal(tShape, bShape) {
				return ir.NewError(op.Loc, "shapes do not match")
			}
			if tElem != bElem {
				return ir.NewError(op.Loc, "element types do not match")
			}
			return nil
		},
	}
}

func init() {
	unit := func(name string) ir.AttrArg { return ir.AttrArg{Name: name, Kind: ir.AttrUnit} }
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.to_buffer", Summary: "the buffer behind a tensor",
			Preds: []ir.Pred{tensorAndBufferMatch("tensor", "buffer")},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "tensor", Constraint: tensorLikeC, Kind: ir.TensorKind}},
			Results:  []ir.Arg{{Name: "buffer", Constraint: bufferLikeC, Kind: ir.AnyMemRefKind}},
			Attrs:    []ir.AttrArg{unit("read_only")},
			Format:   "$tensor (`read_only` $read_only^)? attr-dict `:` type($tensor) `to` type($buffer)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.to_tensor", Summary: "a tensor view of a buffer",
			Preds: []ir.Pred{tensorAndBufferMatch("result", "buffer")},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "buffer", Constraint: bufferLikeC, Kind: ir.AnyMemRefKind}},
			Results:  []ir.Arg{{Name: "result", Constraint: tensorLikeC, Kind: ir.TensorKind}},
			Attrs:    []ir.AttrArg{unit("restrict"), unit("writable")},
			Format:   "$buffer (`restrict` $restrict^)? (`writable` $writable^)? attr-dict `:` type($buffer) `to` type($result)",
		}),
		// clone has no verifier of its own: any two memrefs.
		ir.WithFormat(&ir.OpDef{
			Name: "bufferization.clone", Summary: "a fresh copy of a buffer",
			Traits:  ir.AllocLike,
			Effects: []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}, {Kind: ir.Read, Operand: 0, Result: -1}},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "input", Constraint: ir.AnyRankedOrUnrankedMemRefC, Kind: ir.AnyMemRefKind}},
			Results:  []ir.Arg{{Name: "output", Constraint: ir.AnyRankedOrUnrankedMemRefC, Kind: ir.AnyMemRefKind}},
			Format:   "$input attr-dict `:` type($input) `to` type($output)",
		}),
	)
}
