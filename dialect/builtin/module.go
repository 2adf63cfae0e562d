package builtin

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name:     "builtin.module",
			Summary:  "a top-level container of operations",
			Traits:   ir.IsolatedFromAbove | ir.NoTerminator | ir.Symbol | ir.SymbolTable,
			Inherent: []string{"sym_name", "sym_visibility"},
			// Inside a module (and at a file's top level) builtin ops
			// drop their prefix, as ModuleOp's default dialect lets them.
			DefaultDialect: "builtin",
			Parse:          parseModule,
			Print:          printModule,
			Verify: func(op *ir.Operation) error {
				if len(op.Regions) != 1 || len(op.Regions[0].Blocks) != 1 {
					return ir.Errorf(op, "expects a single-block region")
				}
				for _, a := range op.Attrs {
					if ir.DialectOf(a.Name) == "" {
						return ir.Errorf(op, "can only contain attributes with dialect-prefixed names, found: '%s'", a.Name)
					}
				}
				return ir.VerifyCounts(op, 0, 0)
			},
		},
	)
	// A file's ops are in a builtin.module, as in MLIR.
	ir.RegisterTopLevel(ir.Lookup("builtin.module"))
}

func parseModule(p ir.AsmParser, st *ir.OperationState) error {
	if name, ok := p.ParseOptionalSymbolName(); ok {
		st.AddAttr("sym_name", ir.Str(name))
	}
	if p.ParseOptionalKeyword("attributes") {
		if err := ir.ParseTrailingAttrDict(p, st); err != nil {
			return err
		}
	}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = append(st.Regions, r)
	return nil
}

func printModule(p ir.AsmPrinter, op *ir.Operation) {
	if name, ok := op.StrAttrValue("sym_name"); ok {
		p.Write(" " + ir.FormatSymbol(name))
	}
	p.AttrDictWithKeyword(op, "sym_name")
	p.Write(" ")
	p.Region(op.Regions[0], false, false)
}
