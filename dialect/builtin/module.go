package builtin

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name:     "builtin.module",
		Summary:  "a top-level container of operations",
		Traits:   ir.IsolatedFromAbove | ir.NoTerminator | ir.Symbol | ir.SymbolTable,
		Inherent: []string{"sym_name", "sym_visibility"},
		// Inside a module (and at a file's top level) builtin ops drop
		// their prefix, as ModuleOp's default dialect lets them.
		DefaultDialect: "builtin",
		Checks:         []ir.TraitCheck{ir.NoRegionArguments, ir.SingleBlock},
		// ModuleOp::verify: discardable attributes only, named with a
		// dialect's prefix.
		Verify: func(op *ir.Operation) error {
			for _, a := range op.Attrs() {
				if ir.DialectOf(a.Name) == "" {
					return ir.Errorf(op, "can only contain attributes with dialect-prefixed names, found: '%s'", a.Name)
				}
			}
			return nil
		},
	}, ir.OpSyntax{
		Attrs:             []ir.AttrArg{{Name: "sym_name", Kind: ir.AttrSymbolName, Optional: true}},
		Regions:           []string{"bodyRegion"},
		RegionConstraints: []*ir.RegionConstraint{ir.SizedRegion(1)},
		Format:            "($sym_name^)? attr-dict-with-keyword $bodyRegion",
	}))
	// A file's ops are in a builtin.module, as in MLIR.
	ir.RegisterTopLevel(ir.Lookup("builtin.module"))
}
