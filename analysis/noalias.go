package analysis

import "github.com/pto-opt/pto-opt/dialect/ir"

// NoAliasRule is the op interface (ir.OpDef.Interfaces) of the ops whose
// output must not share bytes with some of their inputs: the tile ops,
// by their rows' alias rules (some of them target-dependent) and the
// scratch an instruction clobbers.
type NoAliasRule interface {
	ForbiddenAliasOperands(op *ir.Operation, target string) (all bool, operands []int)
}

// ForbiddenAliasOperands returns the inputs whose buffers op's output
// must not share under the named target; all reports "every input". An
// op without the NoAliasRule interface forbids none.
func ForbiddenAliasOperands(op *ir.Operation, target string) (all bool, operands []int) {
	if r, ok := ir.InterfaceOf[NoAliasRule](op); ok {
		return r.ForbiddenAliasOperands(op, target)
	}
	return false, nil
}
