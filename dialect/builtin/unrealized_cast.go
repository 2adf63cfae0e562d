package builtin

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "builtin.unrealized_conversion_cast", Summary: "a cast between type systems during conversion", Traits: ir.Pure,
		Verify: func(op *ir.Operation) error {
			if len(op.Results) == 0 {
				return ir.Errorf(op, "expected at least one result for cast operation")
			}
			return nil
		},
	}, ir.OpSyntax{
		Operands: []ir.Arg{{Name: "inputs", Mode: ir.Variadic}},
		Results:  []ir.Arg{{Name: "outputs", Mode: ir.Variadic}},
		Format:   "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict",
	}))
}
