// Package bufferization is MLIR's bufferization dialect as LLVM 22 has
// it: the bridges between tensors and buffers (to_buffer, to_tensor,
// clone), tensor allocation and materialization, and the ownership-based
// deallocation's conditional free (dealloc).
package bufferization

import "github.com/pto-opt/pto-opt/dialect/ir"

// ---- the dialect's attributes on ops ----

// The only bufferization attribute an op may carry in LLVM 22 is
// manual_deallocation, on ops that allocate or free.
func init() {
	ir.RegisterDialectAttrVerifier("bufferization", func(op *ir.Operation, a ir.NamedAttr) error {
		if a.Name != "bufferization.manual_deallocation" {
			return ir.NewError(op.Loc, "attribute '%s' not supported as an op attribute by the bufferization dialect", ir.Quote(a.Name))
		}
		if op.Def != nil {
			for _, e := range op.Def.Effects {
				if e.Kind == ir.Allocate || e.Kind == ir.Free {
					return nil
				}
			}
		}
		return ir.Errorf(op, "attribute 'bufferization.manual_deallocation' can be used only on ops that have an allocation and/or free side effect")
	})
}

func init() { ir.RegisterDialect("bufferization") }

// ---- the dialect's attributes on function arguments ----

// The bufferization attributes a function argument may carry, checked as
// LLVM 22's BufferizationDialect::verifyRegionArgAttribute checks them
// (on the function, without the op's name; an unknown one is reported
// under buffer_layout's name, as mlir-opt reports it).
func init() {
	ir.RegisterDialectArgAttrVerifier("bufferization", func(op *ir.Operation, _, _ int, a ir.NamedAttr) error {
		functionLike := func() error {
			if !op.Has(ir.FunctionLike) {
				return ir.NewError(op.Loc, "expected '%s' to be used on function-like operations", a.Name)
			}
			return nil
		}
		switch a.Name {
		case "bufferization.writable":
			if b, ok := a.Value.(*ir.IntegerAttr); !ok || b.Type != ir.I1 {
				return ir.NewError(op.Loc, "'%s' is expected to be a boolean attribute", a.Name)
			}
			if err := functionLike(); err != nil {
				return err
			}
			if len(op.Regions()) == 0 || len(op.Regions()[0].Blocks) == 0 {
				return ir.NewError(op.Loc, "'%s' is invalid on external functions", a.Name)
			}
			return nil
		case "bufferization.access":
			s, ok := a.Value.(*ir.StringAttr)
			if !ok {
				return ir.NewError(op.Loc, "'%s' is expected to be a string attribute", a.Name)
			}
			switch s.Value {
			case "none", "read", "write", "read-write":
			default:
				return ir.NewError(op.Loc, "invalid value for '%s'", a.Name)
			}
			return functionLike()
		case "bufferization.buffer_layout":
			switch l := a.Value.(type) {
			case *ir.StridedLayoutAttr:
			case *ir.RawAttr:
				if !l.IsAffineMap() {
					return ir.NewError(op.Loc, "'%s' is expected to be a memref layout attribute", a.Name)
				}
			default:
				return ir.NewError(op.Loc, "'%s' is expected to be a memref layout attribute", a.Name)
			}
			return functionLike()
		}
		return ir.NewError(op.Loc, "attribute 'bufferization.buffer_layout' not supported as a region arg attribute by the bufferization dialect")
	})
}
