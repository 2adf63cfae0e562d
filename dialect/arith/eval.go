package arith

import (
	"math"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The values of arith's integer ops on known operands, as MLIR defines
// them, for whoever evaluates a program (the reference executor runs loop
// bounds and if conditions with them). Each op below implements, as an op
// interface (ir.InterfaceOf),
//
//	EvalInt(op *ir.Operation, operands []int64) (result int64, ok bool)
//
// where an integer is its bits sign-extended to 64 (an index has 64 bits;
// an i1 true is -1). ok is false when the op has no value: its operands
// or result are not integers of at most 64 bits, or the result is
// undefined (a division by zero or one that overflows, a shift by the
// width or more).

// intOp computes an op's result from its operands, each sign-extended
// from its width (in), for a result of width out.
type intOp func(op *ir.Operation, a []int64, in []int, out int) (int64, bool)

// EvalInt is the op's result, sign-extended from the result's width.
func (f intOp) EvalInt(op *ir.Operation, operands []int64) (int64, bool) {
	if len(op.Results) != 1 || len(operands) != len(op.Operands) {
		return 0, false
	}
	out, ok := intWidth(op.Results[0].Type)
	if !ok {
		return 0, false
	}
	in := make([]int, len(operands))
	a := make([]int64, len(operands))
	for i, v := range op.Operands {
		if in[i], ok = intWidth(v.Type); !ok {
			return 0, false
		}
		a[i] = sext(operands[i], in[i])
	}
	r, ok := f(op, a, in, out)
	return sext(r, out), ok
}

// intWidth is the width of an integer or index type of at most 64 bits.
func intWidth(t ir.Type) (int, bool) {
	switch t := t.(type) {
	case *ir.IndexType:
		return 64, true
	case *ir.IntegerType:
		return t.Width, t.Width >= 1 && t.Width <= 64
	}
	return 0, false
}

// sext is the low w bits of v, sign-extended.
func sext(v int64, w int) int64 { return v << (64 - w) >> (64 - w) }

// zext is the low w bits of v, as an unsigned number.
func zext(v int64, w int) uint64 { return uint64(v) << (64 - w) >> (64 - w) }

// minInt is the most negative integer of width w.
func minInt(w int) int64 { return math.MinInt64 >> (64 - w) }

// binary is an op of two operands of one width.
func binary(f func(a, b int64, w int) (int64, bool)) intOp {
	return func(_ *ir.Operation, a []int64, in []int, _ int) (int64, bool) {
		if len(a) != 2 {
			return 0, false
		}
		return f(a[0], a[1], in[0])
	}
}

// signedDiv is a signed division's quotient rounded toward zero and its
// remainder, ok false when it is undefined.
func signedDiv(a, b int64, w int) (q, r int64, ok bool) {
	if b == 0 || (a == minInt(w) && b == -1) {
		return 0, 0, false
	}
	return a / b, a % b, true
}

var intOps = map[string]intOp{
	"arith.addi": binary(func(a, b int64, _ int) (int64, bool) { return a + b, true }),
	"arith.subi": binary(func(a, b int64, _ int) (int64, bool) { return a - b, true }),
	"arith.muli": binary(func(a, b int64, _ int) (int64, bool) { return a * b, true }),
	"arith.andi": binary(func(a, b int64, _ int) (int64, bool) { return a & b, true }),
	"arith.ori":  binary(func(a, b int64, _ int) (int64, bool) { return a | b, true }),
	"arith.xori": binary(func(a, b int64, _ int) (int64, bool) { return a ^ b, true }),
	"arith.divsi": binary(func(a, b int64, w int) (int64, bool) {
		q, _, ok := signedDiv(a, b, w)
		return q, ok
	}),
	"arith.remsi": binary(func(a, b int64, _ int) (int64, bool) {
		if b == 0 {
			return 0, false
		}
		return a % b, true // the most negative % -1 is 0, as in MLIR
	}),
	"arith.ceildivsi": binary(func(a, b int64, w int) (int64, bool) {
		q, r, ok := signedDiv(a, b, w)
		if r != 0 && (r < 0) == (b < 0) {
			q++
		}
		return q, ok
	}),
	"arith.floordivsi": binary(func(a, b int64, w int) (int64, bool) {
		q, r, ok := signedDiv(a, b, w)
		if r != 0 && (r < 0) != (b < 0) {
			q--
		}
		return q, ok
	}),
	"arith.divui": binary(func(a, b int64, w int) (int64, bool) {
		ua, ub := zext(a, w), zext(b, w)
		if ub == 0 {
			return 0, false
		}
		return int64(ua / ub), true
	}),
	"arith.remui": binary(func(a, b int64, w int) (int64, bool) {
		ua, ub := zext(a, w), zext(b, w)
		if ub == 0 {
			return 0, false
		}
		return int64(ua % ub), true
	}),
	"arith.ceildivui": binary(func(a, b int64, w int) (int64, bool) {
		ua, ub := zext(a, w), zext(b, w)
		if ub == 0 {
			return 0, false
		}
		q := ua / ub
		if ua%ub != 0 {
			q++
		}
		return int64(q), true
	}),
	"arith.maxsi": binary(func(a, b int64, _ int) (int64, bool) { return max(a, b), true }),
	"arith.minsi": binary(func(a, b int64, _ int) (int64, bool) { return min(a, b), true }),
	"arith.maxui": binary(func(a, b int64, w int) (int64, bool) { return int64(max(zext(a, w), zext(b, w))), true }),
	"arith.minui": binary(func(a, b int64, w int) (int64, bool) { return int64(min(zext(a, w), zext(b, w))), true }),
	"arith.shli": binary(func(a, b int64, w int) (int64, bool) {
		sh := zext(b, w)
		return a << sh, sh < uint64(w)
	}),
	"arith.shrsi": binary(func(a, b int64, w int) (int64, bool) {
		sh := zext(b, w)
		return a >> sh, sh < uint64(w)
	}),
	"arith.shrui": binary(func(a, b int64, w int) (int64, bool) {
		sh := zext(b, w)
		return int64(zext(a, w) >> sh), sh < uint64(w)
	}),
	// Widening and narrowing: the operand is already sign-extended, and
	// the result is cut to its width.
	"arith.extsi":        signExtend,
	"arith.trunci":       signExtend,
	"arith.index_cast":   signExtend,
	"arith.extui":        zeroExtend,
	"arith.index_castui": zeroExtend,
	"arith.cmpi": func(op *ir.Operation, a []int64, in []int, _ int) (int64, bool) {
		p, ok := op.IntAttrValue("predicate")
		if !ok || len(a) != 2 || p < 0 || int(p) >= len(cmpiPredicates) {
			return 0, false
		}
		ua, ub := zext(a[0], in[0]), zext(a[1], in[1])
		holds := [...]bool{
			a[0] == a[1], a[0] != a[1],
			a[0] < a[1], a[0] <= a[1], a[0] > a[1], a[0] >= a[1],
			ua < ub, ua <= ub, ua > ub, ua >= ub,
		}[p]
		if holds {
			return 1, true
		}
		return 0, true
	},
	"arith.constant": func(op *ir.Operation, a []int64, _ []int, _ int) (int64, bool) {
		v, ok := op.Attr("value").(*ir.IntegerAttr)
		if !ok || v.Big != "" || len(a) != 0 {
			return 0, false
		}
		return v.Value, true
	},
}

func signExtend(_ *ir.Operation, a []int64, _ []int, _ int) (int64, bool) {
	if len(a) != 1 {
		return 0, false
	}
	return a[0], true
}

func zeroExtend(_ *ir.Operation, a []int64, in []int, _ int) (int64, bool) {
	if len(a) != 1 {
		return 0, false
	}
	return int64(zext(a[0], in[0])), true
}

// selectEval is arith.select's value: operand 1 or 2, as the i1 operand 0
// says, of any type a scalar holds (the chosen operand is the result).
type selectEval struct{}

func (selectEval) EvalInt(op *ir.Operation, operands []int64) (int64, bool) {
	if len(operands) != 3 {
		return 0, false
	}
	if operands[0]&1 != 0 {
		return operands[1], true
	}
	return operands[2], true
}

func init() {
	for name, f := range intOps {
		ir.AttachInterface(name, f)
	}
	ir.AttachInterface("arith.select", selectEval{})
}
