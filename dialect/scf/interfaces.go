package scf

import "github.com/pto-opt/pto-opt/dialect/ir"

// The op interfaces scf.for and scf.if implement beside their region
// branches (the OpDefs list them in Interfaces): what the analyses and the
// reference executor ask of a counted loop and of a two-way branch
// (analysis.CountedLoop, analysis.IfElse) instead of knowing the ops by
// name.

// scf.for is a counted loop (analysis.CountedLoop): its operands are the
// lower bound, the upper bound, the step, then the inits; its body's
// arguments the induction variable, then the iter_args.

func (forBranch) LoopBounds(op *ir.Operation) (lower, upper, step *ir.Value) {
	return op.Operands[0], op.Operands[1], op.Operands[2]
}

func (forBranch) InductionVar(op *ir.Operation) *ir.Value {
	if b := op.Body(0); b != nil && len(b.Args) > 0 {
		return b.Args[0]
	}
	return nil
}

func (forBranch) Inits(op *ir.Operation) ir.OperandRange {
	return ir.OperandRange{Start: 3, N: len(op.Operands) - 3}
}

func (forBranch) IterArgs(op *ir.Operation) []*ir.Value {
	if b := op.Body(0); b != nil && len(b.Args) > 0 {
		return b.Args[1:]
	}
	return nil
}

// scf.if is a two-way branch (analysis.IfElse) on its operand: the then
// region runs when it is true, the else region (maybe empty) when false.

func (ifBranch) Condition(op *ir.Operation) *ir.Value { return op.Operands[0] }

func (ifBranch) Arm(_ *ir.Operation, cond bool) int {
	if cond {
		return 0
	}
	return 1
}
