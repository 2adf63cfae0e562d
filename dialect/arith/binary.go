package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	intBinary := []string{"addi", "subi", "muli", "shli"} // carry overflow flags
	plainIntBinary := []string{"ceildivsi", "ceildivui", "floordivsi", "remsi", "remui", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui"}
	floatBinary := []string{"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"}
	for _, n := range intBinary {
		ir.Register(&ir.OpDef{
			Name: "arith." + n, Summary: "integer " + n, Traits: ir.Pure,
			Inherent: []string{"overflowFlags"},
			Parse:    parseSameTypeOperands(2, true, "overflow", "overflowFlags", "#arith.overflow"),
			Print:    printSameTypeOperands("overflow", "overflowFlags", "#arith.overflow"),
			Verify:   verifyIntBinary,
		})
	}
	for _, n := range []string{"divsi", "divui", "shrsi", "shrui"} {
		ir.Register(&ir.OpDef{
			Name: "arith." + n, Summary: "integer " + n, Traits: ir.Pure,
			Inherent: []string{"isExact"},
			Parse:    parseExactBinary,
			Print:    printExactBinary,
			Verify:   verifyIntBinary,
		})
	}
	for _, n := range plainIntBinary {
		ir.Register(&ir.OpDef{
			Name: "arith." + n, Summary: "integer " + n, Traits: ir.Pure,
			Parse:  parseSameTypeOperands(2, true, "", "", ""),
			Print:  printSameTypeOperands("", "", ""),
			Verify: verifyIntBinary,
		})
	}
	for _, n := range floatBinary {
		ir.Register(&ir.OpDef{
			Name: "arith." + n, Summary: "floating-point " + n, Traits: ir.Pure,
			Inherent: []string{"fastmath"},
			Parse:    parseSameTypeOperands(2, true, "fastmath", "fastmath", "#arith.fastmath"),
			Print:    printSameTypeOperands("fastmath", "fastmath", "#arith.fastmath"),
			Verify:   verifyFloatBinary,
		})
	}
	ir.Register(&ir.OpDef{
		Name: "arith.negf", Summary: "floating-point negation", Traits: ir.Pure,
		Inherent: []string{"fastmath"},
		Parse:    parseSameTypeOperands(1, true, "fastmath", "fastmath", "#arith.fastmath"),
		Print:    printSameTypeOperands("fastmath", "fastmath", "#arith.fastmath"),
		Verify:   verifyFloatUnary,
	})
}

// parseExactBinary reads `%a, %b [exact] attr-dict : T` (the divisions
// and right shifts that may promise an exact result).
func parseExactBinary(p ir.AsmParser, st *ir.OperationState) error {
	if err := ir.ParseOperands(p, st, 2); err != nil {
		return err
	}
	if p.ParseOptionalKeyword("exact") {
		st.AddAttr("isExact", ir.Unit)
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	st.OperandTypes = []ir.Type{t, t}
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printExactBinary(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	if op.HasAttr("isExact") {
		p.Write(" exact")
	}
	p.AttrDict(op, "isExact")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

// ---- `%a, %b attr-dict : T` (same-type operands and result) ----

func parseSameTypeOperands(n int, hasResult bool, flagKw, flagProp, flagPrefix string) func(ir.AsmParser, *ir.OperationState) error {
	return func(p ir.AsmParser, st *ir.OperationState) error {
		st.Operands = make([]ir.OperandRef, 0, n)
		for i := 0; i < n; i++ {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			r, err := p.ParseOperand()
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, r)
		}
		if flagKw != "" {
			if err := ir.ParseFlagsAttr(p, st, flagKw, flagProp, flagPrefix); err != nil {
				return err
			}
		}
		t, err := ir.ParseColonType(p, st)
		if err != nil {
			return err
		}
		st.OperandTypes = make([]ir.Type, n)
		for i := range st.OperandTypes {
			st.OperandTypes[i] = t
		}
		if hasResult {
			st.ResultTypes = []ir.Type{t}
		}
		return nil
	}
}

func printSameTypeOperands(flagKw, flagProp, flagPrefix string) func(ir.AsmPrinter, *ir.Operation) {
	return func(p ir.AsmPrinter, op *ir.Operation) {
		p.Write(" ")
		p.Operands(op.Operands)
		if flagKw != "" {
			ir.PrintFlagsAttr(p, op, flagKw, flagProp, flagPrefix)
		}
		p.AttrDict(op, flagProp)
		p.Write(" : ")
		if len(op.Results) > 0 {
			p.Type(op.Results[0].Type)
		} else {
			p.Type(op.Operands[0].Type)
		}
	}
}
