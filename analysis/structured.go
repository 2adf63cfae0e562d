package analysis

import "github.com/pto-opt/pto-opt/dialect/ir"

// The op interfaces of structured control flow that the analyses, the
// reference executor and the passes ask for beyond the value flows of
// ir.RegionBranch: what a region op does with its regions. The scf
// dialect attaches them (scf.for, scf.if); ir.InterfaceOf finds them.

// CountedLoop is a loop counting an induction variable from a lower bound
// up to an upper bound by a step, which carries values from one iteration
// to the next in its body's arguments and yields them as its results
// (scf.for; MLIR's LoopLikeOpInterface for one induction variable). Its
// value flows are those of its ir.RegionBranch, which it has.
type CountedLoop interface {
	// LoopBounds are the operands holding the lower bound, the upper
	// bound and the step.
	LoopBounds(op *ir.Operation) (lower, upper, step *ir.Value)
	// InductionVar is the body's argument holding the iteration's value.
	InductionVar(op *ir.Operation) *ir.Value
	// Inits are the operands the carried values start from, one per
	// result.
	Inits(op *ir.Operation) ir.OperandRange
	// IterArgs are the body's arguments carrying the values, one per
	// result.
	IterArgs(op *ir.Operation) []*ir.Value
}

// IfElse is a two-way branch on an i1 operand (scf.if): one of its
// regions runs, and its terminator's operands are the results. It has an
// ir.RegionBranch too.
type IfElse interface {
	// Condition is the operand deciding which region runs.
	Condition(op *ir.Operation) *ir.Value
	// Arm is the region that runs when the condition is cond; it may
	// have no block (an scf.if without else).
	Arm(op *ir.Operation, cond bool) int
}

// AsCountedLoop is op's CountedLoop interface, if it is such a loop.
func AsCountedLoop(op *ir.Operation) (CountedLoop, bool) { return ir.InterfaceOf[CountedLoop](op) }

// AsIfElse is op's IfElse interface, if it is such a branch.
func AsIfElse(op *ir.Operation) (IfElse, bool) { return ir.InterfaceOf[IfElse](op) }

// IsCountedLoop reports whether op is a CountedLoop. Only region branch
// ops are asked (the others cannot be), so that asking of every op of a
// walk costs next to nothing.
func IsCountedLoop(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Branch == nil {
		return false
	}
	_, ok := AsCountedLoop(op)
	return ok
}

// IsIfElse reports whether op is an IfElse, asking region branch ops
// only, as IsCountedLoop.
func IsIfElse(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Branch == nil {
		return false
	}
	_, ok := AsIfElse(op)
	return ok
}
