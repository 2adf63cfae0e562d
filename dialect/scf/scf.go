// Package scf is MLIR's scf dialect: structured loops and conditionals,
// with their value flows declared through ir.RegionBranch so that the
// analyses never special-case them.
//
// scf.parallel and scf.forall declare no RegionBranch: their iterations
// may run at the same time, which the analyses' sequential region model
// (a loop runs its body once after another) does not describe, so they
// treat these ops like any op with unknown region control flow.
package scf

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

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
		args = st.Scratch.AppendArgument(args, a)
		st.AddOperand(init)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return args, p.ParsePunct(")")
}

// terminatorOf is SCF's verifyAndGetTerminator: the last op of region
// r's first block when it is the op named name; else msg is reported at
// op, with a note at the op found there.
func terminatorOf(op *ir.Operation, r int, name, msg string) (*ir.Operation, error) {
	var last *ir.Operation
	if b := op.Body(r); b != nil && len(b.Ops) > 0 {
		last = b.Ops[len(b.Ops)-1]
		if last.Name == name {
			return last, nil
		}
	}
	d := ir.Errorf(op, "%s", msg).(*ir.Diagnostic)
	if last != nil {
		d.WithNote(last.Loc, "terminator here")
	}
	return nil, d
}

// yielded is what terminator term hands on when it is one of the
// branching terminators named (nil, false otherwise).
func yielded(term *ir.Operation, names ...string) ([]*ir.Value, bool) {
	for _, n := range names {
		if term != nil && term.Name == n {
			return term.Operands, true
		}
	}
	return nil, false
}

// blockArgs gives the arguments of region r's entry block (none when it
// has no block).
func blockArgs(op *ir.Operation, r int) []*ir.Value {
	if b := op.Body(r); b != nil {
		return b.Args
	}
	return nil
}
