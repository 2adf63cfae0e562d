package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "scf.yield", Summary: "yield values to the parent op",
			Traits: ir.Terminator | ir.ReturnLike | ir.Pure,
			// What the values must match is the parent's to check (its
			// RegionBranchOpInterface and LoopLikeOpInterface checks).
			Checks: []ir.TraitCheck{ir.HasParent("scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while")},
		}, ir.ReturnSyntax("results")),
	)
}
