package funcdialect

import (
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name:             "func.call",
		Summary:          "call a function by symbol",
		Traits:           ir.CallLike,
		Inherent:         []string{"arg_attrs", "res_attrs", "no_inline"},
		Effects:          []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands}, {Kind: ir.Write, Operand: ir.AllOperands}},
		VerifySymbolUses: verifyCallOp,
	}, ir.OpSyntax{
		Operands: []ir.Arg{{Name: "operands", Mode: ir.Variadic}},
		Results:  []ir.Arg{{Name: "results", Mode: ir.Variadic}},
		Attrs:    []ir.AttrArg{{Name: "callee", Kind: ir.AttrSymbol}},
		Format:   "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
	}))
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
		ir.WithFormat(&ir.OpDef{
			Name: "func.constant", Summary: "a function symbol as a value", Traits: ir.Pure,
			// Any type: the function's is checked with the symbol.
			VerifySymbolUses: verifyFuncConstantUses,
			NameHint:         func(op *ir.Operation) []string { return []string{"f"} },
		}, ir.OpSyntax{
			Results: []ir.Arg{{Name: "result"}},
			Attrs:   []ir.AttrArg{{Name: "value", Kind: ir.AttrSymbol}},
			Format:  "attr-dict $value `:` type(results)",
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "func.call_indirect", Summary: "call a function value",
			Traits:   ir.CallLike,
			Inherent: []string{"arg_attrs", "res_attrs"},
			Effects:  []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands}, {Kind: ir.Write, Operand: ir.AllOperands}},
			Preds: []ir.Pred{
				calleeTypesMatch("callee input types match argument types", functionInputs, 1, false),
				calleeTypesMatch("callee result types match result types", functionResults, 0, true),
			},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "callee", Kind: ir.FunctionKind, Constraint: functionTypeC},
				{Name: "callee_operands", Mode: ir.Variadic, Like: "callee", DeriveList: functionInputs}},
			Results: []ir.Arg{{Name: "results", Mode: ir.Variadic, Like: "callee", DeriveList: functionResults}},
			Format:  "$callee `(` $callee_operands `)` attr-dict `:` type($callee)",
		}),
	)
}

// functionInputs and functionResults are a function type's (the callee's
// of call_indirect, whose format reads a function type).
func functionInputs(t ir.Type) []ir.Type {
	if ft, ok := t.(*ir.FunctionType); ok {
		return ft.Inputs
	}
	return nil
}

func functionResults(t ir.Type) []ir.Type {
	if ft, ok := t.(*ir.FunctionType); ok {
		return ft.Results
	}
	return nil
}

// ---- func.constant / func.call_indirect ----

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

// functionTypeC is ODS's FunctionType constraint.
var functionTypeC = ir.NewTypeConstraint("function type", func(t ir.Type) bool {
	_, ok := t.(*ir.FunctionType)
	return ok
})

// calleeTypesMatch is one of call_indirect's TypesMatchWith predicates:
// the callee's inputs (or results) are the types of the operands after
// the callee (or of the results).
func calleeTypesMatch(summary string, of func(ir.Type) []ir.Type, from int, results bool) ir.Pred {
	return ir.Pred{Summary: summary, Holds: func(op *ir.Operation) bool {
		values := op.Operands[from:]
		if results {
			values = op.Results
		}
		return ir.TypesEqual(of(op.Operands[0].Type), ir.ValueTypes(values))
	}}
}
