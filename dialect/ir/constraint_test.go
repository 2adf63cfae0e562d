package ir

import (
	"strings"
	"testing"
)

// TestConstraintSummaries: the combinators word their summaries as ODS's
// generated constraints do, and hold for what ODS's predicates accept.
func TestConstraintSummaries(t *testing.T) {
	f32, i32 := ScalarType("f32"), IntType(32)
	ui8 := intTypeS(8, 'u')
	cases := []struct {
		c       *TypeConstraint
		summary string
		holds   []Type
		fails   []Type
	}{
		{FloatLikeC, "floating-point-like",
			[]Type{f32, Vector([]int64{4}, nil, f32), Tensor([]int64{2, 3}, f32, nil), UnrankedTensor(f32)},
			[]Type{i32, Index, MemRef([]int64{4}, f32, nil, nil), Vector([]int64{4}, nil, i32)}},
		{SignlessIntegerLikeC, "signless-integer-like",
			[]Type{i32, Vector([]int64{4}, nil, I1)},
			[]Type{ui8, Index, f32}},
		{AnyOf(AnySignlessIntegerC, IndexC), "signless integer or index",
			[]Type{i32, Index}, []Type{f32, ui8}},
		// ODS's MemRefOf is MLIR's MemRefType, which is ranked: mlir-opt
		// refuses memref<*xf32> for memref.view's AnyMemRef result.
		{MemRefOf(), "memref of any type values",
			[]Type{MemRef([]int64{4}, f32, nil, nil)}, []Type{Tensor([]int64{4}, f32, nil), UnrankedMemRef(i32, nil)}},
		{MemRefRankOf([]*TypeConstraint{Exactly(IntType(8))}, 1), "1D memref of 8-bit signless integer values",
			[]Type{MemRef([]int64{16}, IntType(8), nil, nil)}, []Type{MemRef([]int64{4, 4}, IntType(8), nil, nil), UnrankedMemRef(IntType(8), nil)}},
		{AnyRankedOrUnrankedMemRefC, "ranked or unranked memref of any type values",
			[]Type{MemRef([]int64{4}, f32, nil, nil), UnrankedMemRef(i32, nil)}, []Type{Tensor([]int64{4}, f32, nil)}},
		{MemRefOf(Exactly(IntType(8))), "memref of 8-bit signless integer values",
			[]Type{MemRef([]int64{16}, IntType(8), nil, nil)}, []Type{MemRef([]int64{16}, f32, nil, nil)}},
		{RankedTensorOf(AnyFloatC), "ranked tensor of floating-point values",
			[]Type{Tensor([]int64{2}, f32, nil)}, []Type{UnrankedTensor(f32), Tensor([]int64{2}, i32, nil)}},
		{Named("signless-integer-or-float-like", AnyOf(SignlessIntegerLikeC, FloatLikeC)), "signless-integer-or-float-like",
			[]Type{i32, f32}, []Type{Index}},
	}
	for _, c := range cases {
		if c.c.Summary != c.summary {
			t.Errorf("summary %q, want %q", c.c.Summary, c.summary)
		}
		for _, ty := range c.holds {
			if !c.c.Holds(ty) {
				t.Errorf("%s: does not hold for %s", c.summary, ty)
			}
		}
		for _, ty := range c.fails {
			if c.c.Holds(ty) {
				t.Errorf("%s: holds for %s", c.summary, ty)
			}
		}
	}
}

// TestCompatibleShapes follows MLIR's verifyCompatibleShape: dynamic sizes
// and unranked types are compatible with any size, ranks must agree, and a
// scalar is not compatible with a shaped type.
func TestCompatibleShapes(t *testing.T) {
	f32 := ScalarType("f32")
	v4, v5 := Vector([]int64{4}, nil, f32), Vector([]int64{5}, nil, f32)
	tdyn := Tensor([]int64{Dynamic}, f32, nil)
	t2d := Tensor([]int64{4, 4}, f32, nil)
	for _, c := range []struct {
		a, b Type
		want bool
	}{
		{f32, IntType(32), true}, {v4, v4, true}, {v4, v5, false}, {tdyn, v4, true},
		{UnrankedTensor(f32), t2d, true}, {tdyn, t2d, false}, {f32, v4, false},
	} {
		if got := CompatibleShapes(c.a, c.b); got != c.want {
			t.Errorf("CompatibleShapes(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// TestVerifyOrder: on entering an op the verifier reports the first
// failure in mlir-opt's order: the declaration's value constraints, then
// the PredOpTraits, then the native traits, then the op's own verifier.
func TestVerifyOrder(t *testing.T) {
	def := &OpDef{Name: "test.constraint_order",
		Preds:  []Pred{AllTypesMatch("lhs", "rhs")},
		Checks: []TraitCheck{SameOperandsAndResultShape},
		Verify: func(op *Operation) error { return Errorf(op, "own verifier") },
	}
	Declare(def, OpSyntax{
		Operands: []Arg{{Name: "lhs", Constraint: FloatLikeC}, {Name: "rhs", Constraint: FloatLikeC}},
		Results:  []Arg{{Name: "result"}},
	})
	f32, f64 := ScalarType("f32"), ScalarType("f64")
	v4 := Vector([]int64{4}, nil, f32)
	build := func(lhs, rhs, res Type) *Operation {
		op := NewOperation(def.Name, Location{}, nil, []Type{res})
		op.Def = def
		for _, ty := range []Type{lhs, rhs} {
			op.Operands = append(op.Operands, &Value{Type: ty})
		}
		return op
	}
	for _, c := range []struct {
		lhs, rhs, res Type
		want          string
	}{
		{IntType(32), IntType(64), f32, "operand #0 must be floating-point-like, but got 'i32'"},
		{f32, f64, f32, "failed to verify that all of {lhs, rhs} have same type"},
		{f32, f32, v4, "requires the same shape for all operands and results"},
		{f32, f32, f32, "own verifier"},
	} {
		err := verifyEntry(build(c.lhs, c.rhs, c.res))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("(%s, %s) -> %s: got %v, want %q", c.lhs, c.rhs, c.res, err, c.want)
		}
	}
	if err := verifyEntry(build(f32, f32, f32)); err == nil {
		t.Error("the op's own verifier did not run")
	}
	// A variadic declaration's failure names it as ODS does.
	vdef := Declare(&OpDef{Name: "test.constraint_variadic"}, OpSyntax{Operands: []Arg{{Name: "xs", Mode: Variadic, Constraint: IndexC}}})
	op := NewOperation(vdef.Name, Location{}, nil, nil)
	op.Def = vdef
	op.Operands = []*Value{{Type: Index}, {Type: f32}}
	if err := verifyEntry(op); err == nil || !strings.Contains(err.Error(), "operand #1 must be variadic of index, but got 'f32'") {
		t.Errorf("variadic: got %v", err)
	}
}
