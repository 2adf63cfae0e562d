package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

// The predicates of cmpi and cmpf, by value.
var cmpiPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
var cmpfPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

func init() {
	ir.Register(
		ir.WithFormat(compareOp("arith.cmpi", "integer comparison"),
			compareSyntax(cmpiPredicates, ir.SignlessIntegerOrIndexLikeC, "")),
		ir.WithFormat(compareOp("arith.cmpf", "floating-point comparison"),
			compareSyntax(cmpfPredicates, ir.FloatLikeC, "(`fastmath` `` $fastmath^)?", fastmathFlags)),
	)
}

// resultIsBoolOfLhs is Arith_CompareOp's TypesMatchWith: the result is
// the i1 shaped like the operands.
var resultIsBoolOfLhs = ir.Pred{
	Summary: "result type has i1 element type and same shape as operands",
	Holds: func(op *ir.Operation) bool {
		lhs, res := ir.DeclaredTypes(op, "lhs"), ir.DeclaredTypes(op, "result")
		return len(lhs) != 1 || len(res) != 1 || boolLike(lhs[0]) == res[0]
	},
}

// compareOp is an op of ODS's Arith_CompareOp: operands of one type
// (SameTypeOperands), an i1 result shaped like them, element-wise.
func compareOp(name, summary string) *ir.OpDef {
	return &ir.OpDef{Name: name, Summary: summary, Traits: ir.Pure,
		Preds:  []ir.Pred{resultIsBoolOfLhs},
		Checks: []ir.TraitCheck{ir.SameTypeOperands, elementwise},
	}
}

// compareSyntax: `pred, %a, %b [flags] : T`, the operands meeting c, the
// result an i1 shaped like the operands.
func compareSyntax(preds []string, c *ir.TypeConstraint, flags string, attrs ...ir.AttrArg) ir.OpSyntax {
	return ir.OpSyntax{
		Operands: []ir.Arg{{Name: "lhs", Constraint: c}, {Name: "rhs", Like: "lhs", Constraint: c}},
		Results:  []ir.Arg{{Name: "result", Like: "lhs", Derive: boolLike, Constraint: ir.BoolLikeC}},
		Attrs:    append([]ir.AttrArg{{Name: "predicate", Kind: ir.AttrEnum, Type: ir.I64, Enum: preds}}, attrs...),
		Format:   "$predicate `,` $lhs `,` $rhs " + flags + " attr-dict `:` type($lhs)",
	}
}

// boolLike returns i1, or a shaped type of i1 with t's shape (MLIR's
// getI1SameShape).
func boolLike(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.VectorType:
		return ir.Vector(t.Shape, t.Scalable, ir.I1)
	case *ir.TensorType:
		if t.Ranked {
			return ir.Tensor(t.Shape, ir.I1, t.Encoding)
		}
		return ir.UnrankedTensor(ir.I1)
	case *ir.MemRefType:
		if t.Ranked {
			return ir.MemRef(t.Shape, ir.I1, t.Layout, t.MemSpace)
		}
	}
	return ir.I1
}
