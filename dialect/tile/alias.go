package tile

import (
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// InPlaceRules are the in-place variants a target may allow (its file's
// "in_place"), by name: the target-aware alias rules read them from the
// target's rule string (targets.Target.AliasRules), never its name.
var InPlaceRules = map[string]string{
	PreluReusesTmp: "tile.prelu's output may reuse its tmp input, which it does not read (ascend950)",
}

// PreluReusesTmp: prelu's output may share its unread tmp's bytes.
const PreluReusesTmp = "prelu-reuses-tmp"

// In-place variants: sels may reuse src/tmp, and on targets that say so
// prelu may reuse only its unread tmp (PyPTO's MemoryReuse pass
// documentation).
func selsForbidden(*ir.Operation, string) (bool, []int) {
	// dst never aliases the predicate mask (operand 0). On Ascend910B the
	// tmp may alias dst but must stay clear of mask and src, which is a
	// constraint between inputs, not on the output.
	return false, []int{0}
}

func preluForbidden(_ *ir.Operation, rules string) (bool, []int) {
	if slices.Contains(strings.Fields(rules), PreluReusesTmp) {
		// A5 keeps an unread tmp (operand 2): dst may reuse it, not src/slope.
		return false, []int{0, 1}
	}
	return true, nil
}

func castForbidden(op *ir.Operation, _ string) (bool, []int) {
	if len(op.Operands) == 0 || len(op.Results) == 0 {
		return false, nil
	}
	_, inElem, ok1 := ir.ShapeOf(op.Operands[0].Type)
	_, outElem, ok2 := ir.ShapeOf(op.Results[0].Type)
	if ok1 && ok2 && ir.ElementBitWidth(outElem) > ir.ElementBitWidth(inElem) {
		return false, []int{0}
	}
	return false, nil
}

// The operands of the static alias rules, shared by every op that has
// them (callers do not write to them).
var (
	notOperand1  = []int{1}
	notMaskOrTmp = []int{0, 3}
)

// forbiddenAliasOperands returns the operands whose buffers op's output
// must not share under a target's alias rules (its in-place variants,
// space-separated: targets.Target.AliasRules), by the row's alias rule.
// all reports "every input".
//
// A scratch input (materialize-scratch) is always forbidden: the
// instruction clobbers it, so an output placed on it would be destroyed.
func (r *Op) forbiddenAliasOperands(op *ir.Operation, target string) (all bool, operands []int) {
	switch r.Alias {
	case AliasNoInput:
		return true, nil
	case AliasNotOperand1:
		operands = notOperand1
	case AliasNotMaskOrTmp:
		operands = notMaskOrTmp
	case AliasTargetRule:
		all, operands = r.ForbidAliasFor(op, target)
	}
	if k := ScratchOperand(op); k >= 0 && !all && !slices.Contains(operands, k) {
		operands = append(slices.Clone(operands), k)
	}
	return all, operands
}
