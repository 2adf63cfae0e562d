package cf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "cf.assert", Summary: "runtime assertion",
		Effects: []ir.Effect{{Kind: ir.Write, Operand: -1}},
		Traits:  ir.HasSideEffects,
	}, ir.OpSyntax{
		Operands: []ir.Arg{{Name: "arg", Type: ir.I1}},
		Attrs:    []ir.AttrArg{{Name: "msg", Kind: ir.AttrString}},
		Format:   "$arg `,` $msg attr-dict",
	}))
}
