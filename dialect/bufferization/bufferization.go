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
