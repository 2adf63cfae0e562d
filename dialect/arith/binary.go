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
	for _, n := range withOverflow {
		ir.Register(ir.WithFormat(&ir.OpDef{Name: "arith." + n, Summary: "integer " + n, Traits: ir.Pure, VerifyRegions: verifyIntBinary},
			elementwise(binary, "(`overflow` `` $overflowFlags^)?", overflowFlags)))
	}
	for _, n := range mayBeExact {
		ir.Register(ir.WithFormat(&ir.OpDef{Name: "arith." + n, Summary: "integer " + n, Traits: ir.Pure, VerifyRegions: verifyIntBinary},
			elementwise(binary, "(`exact` $isExact^)?", ir.AttrArg{Name: "isExact", Kind: ir.AttrUnit})))
	}
	for _, n := range plainInt {
		ir.Register(ir.WithFormat(&ir.OpDef{Name: "arith." + n, Summary: "integer " + n, Traits: ir.Pure, VerifyRegions: verifyIntBinary},
			elementwise(binary, "")))
	}
	for _, n := range float {
		ir.Register(ir.WithFormat(&ir.OpDef{Name: "arith." + n, Summary: "floating-point " + n, Traits: ir.Pure, VerifyRegions: verifyFloatBinary},
			elementwise(binary, "(`fastmath` `` $fastmath^)?", fastmathFlags)))
	}
	ir.Register(ir.WithFormat(&ir.OpDef{Name: "arith.negf", Summary: "floating-point negation", Traits: ir.Pure, VerifyRegions: verifyFloatUnary},
		elementwise([]string{"operand"}, "(`fastmath` `` $fastmath^)?", fastmathFlags)))
}

// The flags of the integer and float ops, printed only when some flag is
// set (none is the default).
var (
	overflowFlags = ir.AttrArg{Name: "overflowFlags", Kind: ir.AttrClass, Class: "arith.overflow", Default: "#arith.overflow<none>"}
	fastmathFlags = ir.AttrArg{Name: "fastmath", Kind: ir.AttrClass, Class: "arith.fastmath", Default: "#arith.fastmath<none>"}
)

// elementwise is the format of an element-wise op: its operands, then the
// optional group of its flags, then the one type, the result's, which the
// operands share (ODS's SameOperandsAndResultType).
func elementwise(operands []string, flags string, attrs ...ir.AttrArg) ir.OpSyntax {
	s := ir.OpSyntax{Results: []ir.Arg{{Name: "result"}}, Attrs: attrs}
	spelled := make([]string, len(operands))
	for i, n := range operands {
		s.Operands = append(s.Operands, ir.Arg{Name: n, Like: "result"})
		spelled[i] = "$" + n
	}
	s.Format = strings.Join(spelled, " `,` ") + " " + flags + " attr-dict `:` type($result)"
	return s
}
