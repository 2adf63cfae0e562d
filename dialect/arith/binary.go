package arith

import (
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	withOverflow := []string{"addi", "subi", "muli", "shli"}
	mayBeExact := []string{"divsi", "divui", "shrsi", "shrui"}
	plainInt := []string{"ceildivsi", "ceildivui", "floordivsi", "remsi", "remui", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui"}
	float := []string{"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"}
	binary := []string{"lhs", "rhs"}
	intC, floatC := ir.SignlessIntegerOrIndexLikeC, ir.FloatLikeC
	for _, n := range withOverflow {
		ir.Register(ir.WithFormat(arithOp("arith."+n, "integer "+n),
			elementwiseSyntax(binary, intC, "(`overflow` `` $overflowFlags^)?", overflowFlags)))
	}
	for _, n := range mayBeExact {
		ir.Register(ir.WithFormat(arithOp("arith."+n, "integer "+n),
			elementwiseSyntax(binary, intC, "(`exact` $isExact^)?", ir.AttrArg{Name: "isExact", Kind: ir.AttrUnit})))
	}
	for _, n := range plainInt {
		ir.Register(ir.WithFormat(arithOp("arith."+n, "integer "+n),
			elementwiseSyntax(binary, intC, "")))
	}
	for _, n := range float {
		ir.Register(ir.WithFormat(arithOp("arith."+n, "floating-point "+n),
			elementwiseSyntax(binary, floatC, "(`fastmath` `` $fastmath^)?", fastmathFlags)))
	}
	ir.Register(ir.WithFormat(arithOp("arith.negf", "floating-point negation"),
		elementwiseSyntax([]string{"operand"}, floatC, "(`fastmath` `` $fastmath^)?", fastmathFlags)))
}

// arithOp is an op of ODS's Arith_ArithOp: its operands and result of one
// type (SameOperandsAndResultType), element-wise, its result type the one
// inferred from its first operand (InferTypeOpInterface, which ODS gives
// the ops whose result types the traits fix).
func arithOp(name, summary string) *ir.OpDef {
	return &ir.OpDef{Name: name, Summary: summary, Traits: ir.Pure,
		Checks: []ir.TraitCheck{ir.SameOperandsAndResultType, elementwise, inferredFromFirstOperand}}
}

// inferredFromFirstOperand is InferTypeOpInterface's verifier for an op
// whose result has its first operand's type: the compatible shapes
// SameOperandsAndResultType lets through must still be the same type.
var inferredFromFirstOperand = ir.TraitCheck{Name: "InferTypeOpInterface", Verify: func(op *ir.Operation) error {
	if len(op.Operands) == 0 || len(op.Results) != 1 || op.Operands[0].Type == op.Results[0].Type {
		return nil
	}
	return ir.DiagnosticList{
		ir.AsDiagnostic(ir.Errorf(op, "inferred type(s) '%s' are incompatible with return type(s) of operation '%s'", op.Operands[0].Type, op.Results[0].Type)),
		ir.AsDiagnostic(ir.Errorf(op, "failed to infer returned types")),
	}
}}

// The flags of the integer and float ops, printed only when some flag is
// set (none is the default).
var (
	overflowFlags = ir.AttrArg{Name: "overflowFlags", Kind: ir.AttrClass, Class: "arith.overflow", Default: "#arith.overflow<none>", Summary: overflowSummary}
	fastmathFlags = ir.AttrArg{Name: "fastmath", Kind: ir.AttrClass, Class: "arith.fastmath", Default: "#arith.fastmath<none>", Summary: fastmathSummary}
)

// elementwiseSyntax is the format of an element-wise op: its operands,
// then the optional group of its flags, then the one type, the result's,
// which the operands share; operands and result meet c.
func elementwiseSyntax(operands []string, c *ir.TypeConstraint, flags string, attrs ...ir.AttrArg) ir.OpSyntax {
	s := ir.OpSyntax{Results: []ir.Arg{{Name: "result", Constraint: c}}, Attrs: attrs}
	spelled := make([]string, len(operands))
	for i, n := range operands {
		s.Operands = append(s.Operands, ir.Arg{Name: n, Like: "result", Constraint: c})
		spelled[i] = "$" + n
	}
	s.Format = strings.Join(spelled, " `,` ") + " " + flags + " attr-dict `:` type($result)"
	return s
}
