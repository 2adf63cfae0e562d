package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

// The predicates of cmpi and cmpf, by value.
var cmpiPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
var cmpfPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "arith.cmpi", Summary: "integer comparison", Traits: ir.Pure,
			VerifyRegions: verifyCmp(cmpiPredicates, "signless-integer-like", isSignlessIntLike),
		}, compareSyntax(cmpiPredicates, "")),
		ir.WithFormat(&ir.OpDef{
			Name: "arith.cmpf", Summary: "floating-point comparison", Traits: ir.Pure,
			VerifyRegions: verifyCmp(cmpfPredicates, "floating-point-like", isFloatLike),
		}, compareSyntax(cmpfPredicates, "(`fastmath` `` $fastmath^)?", fastmathFlags)),
	)
}

// compareSyntax: `pred, %a, %b [flags] : T`, the result an i1 shaped like
// the operands.
func compareSyntax(preds []string, flags string, attrs ...ir.AttrArg) ir.OpSyntax {
	return ir.OpSyntax{
		Operands: []ir.Arg{{Name: "lhs"}, {Name: "rhs", Like: "lhs"}},
		Results:  []ir.Arg{{Name: "result", Like: "lhs", Derive: boolLike}},
		Attrs:    append([]ir.AttrArg{{Name: "predicate", Kind: ir.AttrEnum, Type: ir.I64, Enum: preds}}, attrs...),
		Format:   "$predicate `,` $lhs `,` $rhs " + flags + " attr-dict `:` type($lhs)",
	}
}

// boolLike returns i1, or a shaped type of i1 with t's shape.
func boolLike(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.VectorType:
		return ir.Vector(t.Shape, t.Scalable, ir.I1)
	case *ir.TensorType:
		if t.Ranked {
			return ir.Tensor(t.Shape, ir.I1, t.Encoding)
		}
		return ir.UnrankedTensor(ir.I1)
	}
	return ir.I1
}

// verifyCmp checks a comparison: a predicate among preds, two operands of
// one type of the given kind, and an i1 (or i1-shaped) result.
func verifyCmp(preds []string, kind string, ok func(ir.Type) bool) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		p, isInt := op.Attr("predicate").(*ir.IntegerAttr)
		if !isInt {
			return ir.Errorf(op, "requires attribute 'predicate'")
		}
		if p.Value < 0 || int(p.Value) >= len(preds) {
			return ir.Errorf(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0..%d", len(preds)-1)
		}
		if err := ir.ExpectOperands(op, 2); err != nil {
			return err
		}
		if err := checkOperandKinds(op, kind, ok); err != nil {
			return err
		}
		if err := ir.VerifyCounts(op, 2, 1); err != nil {
			return err
		}
		if op.Operands[0].Type != op.Operands[1].Type {
			return ir.Errorf(op, "requires all operands to have the same type")
		}
		if op.Results[0].Type != boolLike(op.Operands[0].Type) {
			return ir.Errorf(op, "result type must be i1 (or a shaped i1 type) matching the operands")
		}
		return checkFlagsAttr(op)
	}
}
