// Package scf is MLIR's scf dialect: structured loops and conditionals,
// with their value flows declared through ir.RegionBranch so that the
// analyses never special-case them.
//
// scf.parallel and scf.forall declare no RegionBranch: their iterations
// may run at the same time, which the analyses' sequential region model
// (a loop runs its body once after another) does not describe, so they
// treat these ops like any op with unknown region control flow.
package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.RegisterDialect("scf")
}

// parseArgInits reads `%arg = %init, ...)` (the open parenthesis already
// read), as scf.for's iter_args and scf.while's operands give them: each
// argument is appended to args, each initial value to the operands.
func parseArgInits(p ir.AsmParser, st *ir.OperationState, args []ir.Argument) ([]ir.Argument, error) {
	for {
		a, err := p.ParseArgument(false)
		if err != nil {
			return nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		init, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		st.Operands = append(st.Operands, init)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return args, p.ParsePunct(")")
}
