package funcdialect

import (
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(
		&ir.OpDef{
			Name:     "func.call",
			Summary:  "call a function by symbol",
			Traits:   ir.CallLike,
			Inherent: []string{"callee", "arg_attrs", "res_attrs", "no_inline"},
			Effects:  []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands}, {Kind: ir.Write, Operand: ir.AllOperands}},
			Parse:    parseCall,
			Print:    printCall,
			Verify: func(op *ir.Operation) error {
				if _, ok := op.Attr("callee").(*ir.SymbolRefAttr); !ok {
					return ir.Errorf(op, "requires a 'callee' symbol reference attribute")
				}
				return nil
			},
			VerifySymbolUses: verifyCallOp,
		},
	)
}

func parseCall(p ir.AsmParser, st *ir.OperationState) error {
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("callee", &ir.SymbolRefAttr{Root: name})
	refs, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	st.Operands = refs
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return p.Errorf("expected function type")
	}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	return nil
}

func printCall(p ir.AsmPrinter, op *ir.Operation) {
	callee := op.Attr("callee")
	p.Write(" " + callee.String() + "(")
	p.Operands(op.Operands)
	p.Write(")")
	p.AttrDict(op, "callee")
	p.Write(" : ")
	p.Type(ir.Function(ir.ValueTypes(op.Operands), ir.ValueTypes(op.Results)))
}

// verifyCallOp checks the callee exists in the nearest enclosing symbol
// table and that operand and result types match its signature.
func verifyCallOp(op *ir.Operation, symbols ir.Symbols) error {
	ref := op.Attr("callee").(*ir.SymbolRefAttr) // checked by the op's verifier
	if len(ref.Nested) > 0 {
		return nil
	}
	fn := symbols[ref.Root]
	if fn == nil || fn.Name != "func.func" {
		return ir.Errorf(op, "'%s' does not reference a valid function", ref.Root)
	}
	ft := FunctionType(fn)
	if ft == nil {
		return nil
	}
	if len(ft.Inputs) != len(op.Operands) {
		return ir.Errorf(op, "incorrect number of operands for callee")
	}
	for i, v := range op.Operands {
		if v.Type != ft.Inputs[i] {
			return ir.Errorf(op, "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", ft.Inputs[i], v.Type, i)
		}
	}
	if len(ft.Results) != len(op.Results) {
		return ir.Errorf(op, "incorrect number of results for callee")
	}
	for i, r := range op.Results {
		if r.Type != ft.Results[i] {
			quoted := func(ts []ir.Type) string {
				var parts []string
				for _, t := range ts {
					parts = append(parts, "'"+t.String()+"'")
				}
				return strings.Join(parts, ", ")
			}
			d := ir.Errorf(op, "result type mismatch at index %d", i).(*ir.Diagnostic)
			return d.WithNote(op.Loc, "op result types: %s", quoted(ir.ValueTypes(op.Results))).
				WithNote(op.Loc, "function result types: %s", quoted(ft.Results))
		}
	}
	return nil
}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "func.constant", Summary: "a function symbol as a value", Traits: ir.Pure,
			Inherent: []string{"value"},
			Parse:    parseFuncConstant, Print: printFuncConstant,
			Verify: func(op *ir.Operation) error {
				if err := ir.VerifyCounts(op, 0, 1); err != nil {
					return err
				}
				if _, ok := op.Attr("value").(*ir.SymbolRefAttr); !ok {
					return ir.Errorf(op, "requires attribute 'value'")
				}
				if _, ok := op.Results[0].Type.(*ir.FunctionType); !ok {
					return ir.Errorf(op, "result #0 must be function type, but got '%s'", op.Results[0].Type)
				}
				return nil
			},
			VerifySymbolUses: verifyFuncConstantUses,
			NameHint:         func(op *ir.Operation) []string { return []string{"f"} },
		},
		&ir.OpDef{
			Name: "func.call_indirect", Summary: "call a function value",
			Traits:   ir.CallLike,
			Inherent: []string{"arg_attrs", "res_attrs"},
			Effects:  []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands}, {Kind: ir.Write, Operand: ir.AllOperands}},
			Parse:    parseCallIndirect, Print: printCallIndirect, Verify: verifyCallIndirect,
		},
	)
}

// ---- func.constant / func.call_indirect ----

func parseFuncConstant(p ir.AsmParser, st *ir.OperationState) error {
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	loc := p.Loc()
	a, err := p.ParseAttribute()
	if err != nil {
		return err
	}
	ref, ok := a.(*ir.SymbolRefAttr)
	if !ok || len(ref.Nested) > 0 {
		return p.ErrorAt(loc, "invalid kind of attribute specified")
	}
	st.AddAttr("value", ref)
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printFuncConstant(p ir.AsmPrinter, op *ir.Operation) {
	p.AttrDict(op, "value")
	p.Write(" " + op.Attr("value").String() + " : ")
	p.Type(op.Results[0].Type)
}

func verifyFuncConstantUses(op *ir.Operation, symbols ir.Symbols) error {
	ref := op.Attr("value").(*ir.SymbolRefAttr)
	if len(ref.Nested) > 0 || symbols == nil {
		return nil
	}
	fn := symbols[ref.Root]
	if fn == nil || fn.Name != "func.func" {
		return ir.Errorf(op, "reference to undefined function '%s'", ref.Root)
	}
	if ft := FunctionType(fn); ft != nil && ir.Type(ft) != op.Results[0].Type {
		return ir.Errorf(op, "reference to function with mismatched type")
	}
	return nil
}

func parseCallIndirect(p ir.AsmParser, st *ir.OperationState) error {
	callee, err := p.ParseOperand()
	if err != nil {
		return err
	}
	args, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return p.Errorf("expected function type")
	}
	st.Operands = append([]ir.OperandRef{callee}, args...)
	st.OperandTypes = append([]ir.Type{ft}, ft.Inputs...)
	st.ResultTypes = ft.Results
	return nil
}

func printCallIndirect(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("(")
	p.Operands(op.Operands[1:])
	p.Write(")")
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifyCallIndirect(op *ir.Operation) error {
	if len(op.Operands) == 0 {
		return ir.Errorf(op, "requires a callee operand")
	}
	ft, ok := op.Operands[0].Type.(*ir.FunctionType)
	if !ok {
		return ir.Errorf(op, "operand #0 must be function type, but got '%s'", op.Operands[0].Type)
	}
	if !ir.TypesEqual(ft.Inputs, ir.ValueTypes(op.Operands[1:])) || !ir.TypesEqual(ft.Results, ir.ValueTypes(op.Results)) {
		return ir.Errorf(op, "failed to verify that callee input types match argument types")
	}
	return nil
}
