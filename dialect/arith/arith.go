// Package arith is MLIR's arith dialect as LLVM 22 has it: constants,
// integer and float arithmetic, comparisons, select and casts, with the
// syntax and verifier messages of mlir-opt.
package arith

import (
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.RegisterDialect("arith")
	ir.RegisterBitEnum("#arith.fastmath", ir.BitEnum{Flags: []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}, All: "fast", Sep: ","})
	ir.RegisterBitEnum("#arith.overflow", ir.BitEnum{Flags: []string{"nsw", "nuw"}, Sep: ", "})
}

// ---- verifiers of the element-wise ops and casts ----

// elemOrSelf returns the element type of a vector or tensor, else t.
func elemOrSelf(t ir.Type) ir.Type {
	switch s := t.(type) {
	case *ir.VectorType:
		return s.Elem
	case *ir.TensorType:
		return s.Elem
	}
	return t
}

// isSignlessIntLike: a signless integer or index, or a vector/tensor of them.
func isSignlessIntLike(t ir.Type) bool { return ir.IsSignlessIntOrIndex(elemOrSelf(t)) }

// isFloatLike: a float, or a vector/tensor of floats.
func isFloatLike(t ir.Type) bool {
	_, ok := elemOrSelf(t).(*ir.FloatType)
	return ok
}

func checkOperandKinds(op *ir.Operation, kind string, ok func(ir.Type) bool) error {
	for i, v := range op.Operands {
		if !ok(v.Type) {
			return ir.Errorf(op, "operand #%d must be %s, but got '%s'", i, kind, v.Type)
		}
	}
	return nil
}

// arithElementwise verifies n same-typed operands and one result of that
// type, of the given kind.
func arithElementwise(n int, kind string, ok func(ir.Type) bool) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := ir.ExpectOperands(op, n); err != nil {
			return err
		}
		if err := verifySameOperandsAndResultType(op); err != nil {
			return err
		}
		if err := checkOperandKinds(op, kind, ok); err != nil {
			return err
		}
		return checkFlagsAttr(op)
	}
}

var (
	verifyIntBinary   = arithElementwise(2, "signless-integer-like", isSignlessIntLike)
	verifyFloatBinary = arithElementwise(2, "floating-point-like", isFloatLike)
	verifyFloatUnary  = arithElementwise(1, "floating-point-like", isFloatLike)
)

// checkFlagsAttr checks the overflow/fastmath properties are the dialect
// attributes the custom form prints.
func checkFlagsAttr(op *ir.Operation) error {
	for _, f := range []struct{ name, prefix string }{{"overflowFlags", "#arith.overflow<"}, {"fastmath", "#arith.fastmath<"}} {
		a := op.Attr(f.name)
		if a == nil {
			continue
		}
		r, ok := a.(*ir.RawAttr)
		if !ok || !strings.HasPrefix(r.Text, f.prefix) {
			return ir.Errorf(op, "attribute '%s' failed to satisfy constraint: %s...> attribute", f.name, f.prefix)
		}
	}
	return nil
}

// shapesMatch reports whether two types have the same shape wrapper
// (scalar, or vector/tensor of one shape).
func shapesMatch(a, b ir.Type) bool {
	switch a := a.(type) {
	case *ir.VectorType:
		b, ok := b.(*ir.VectorType)
		return ok && slices.Equal(a.Shape, b.Shape)
	case *ir.TensorType:
		b, ok := b.(*ir.TensorType)
		return ok && a.Ranked == b.Ranked && slices.Equal(a.Shape, b.Shape)
	}
	switch b.(type) {
	case *ir.VectorType, *ir.TensorType:
		return false
	}
	return true
}

func verifySameOperandsAndResultType(op *ir.Operation) error {
	if len(op.Results) != 1 {
		return ir.Errorf(op, "requires one result")
	}
	t := op.Results[0].Type
	for _, v := range op.Operands {
		if v.Type != t {
			return ir.Errorf(op, "requires the same type for all operands and results")
		}
	}
	return nil
}
