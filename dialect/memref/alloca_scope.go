package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "memref.alloca_scope", Summary: "a scope that frees its stack allocations on exit",
			Traits:             ir.AutomaticAllocationScope,
			Branch:             ir.RunsOnce{},
			ImplicitTerminator: "memref.alloca_scope.return",
			Parse:              parseScopeLike, Print: printScopeLike,
			VerifyRegions: func(op *ir.Operation) error { return ir.VerifySingleBlockRegions(op, 0) },
		},
		ir.WithFormat(&ir.OpDef{
			Name: "memref.alloca_scope.return", Summary: "leave an alloca scope with values",
			Traits:        ir.Terminator | ir.ReturnLike | ir.Pure,
			VerifyRegions: verifyParentResults("memref.alloca_scope"),
		}, ir.ReturnSyntax("results")),
	)
}

// parseScopeLike reads `[-> (types)] region attr-dict` (hand-written
// upstream too).
func parseScopeLike(p ir.AsmParser, st *ir.OperationState) error {
	if err := ir.ParseOptionalArrowTypes(p, st); err != nil {
		return err
	}
	return ir.ParseBodyAndAttrDict(p, st, nil)
}

func printScopeLike(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ") // mlir-opt's spacing: `memref.alloca_scope  {`
	ir.PrintArrowTypes(p, op.Results, true)
	p.Write(" ")
	p.Region(op.Regions()[0], false, len(op.Results) > 0)
	p.AttrDict(op)
}

// verifyParentResults checks a terminator's operands against the results
// of its parent, which must be the named op.
func verifyParentResults(parent string) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := ir.ExpectResults(op, 0); err != nil {
			return err
		}
		p := op.ParentOp()
		if p == nil || p.Name != parent {
			return ir.Errorf(op, "expects parent op '%s'", parent)
		}
		if !ir.TypesEqual(ir.ValueTypes(op.Operands), ir.ValueTypes(p.Results)) {
			return ir.Errorf(op, "types mismatch between yield op and its parent")
		}
		return nil
	}
}
