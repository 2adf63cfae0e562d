package tile

import (
	"slices"
	"testing"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// TestTileOpsAnswerThePassesInterfaces checks the contract between the
// tile dialect, which attaches its rows' hardware facts to its ops as op
// interfaces, and the passes, which declare the Go interfaces they ask
// for: an op that did not implement one (a method renamed on one side)
// would silently lose its pipe, its no-alias rule or its hazard role.
func TestTileOpsAnswerThePassesInterfaces(t *testing.T) {
	for i := range tile.Ops {
		r := &tile.Ops[i]
		op := ir.NewOperation("tile."+r.Name, ir.Location{}, nil, nil)
		op.Def = ir.Lookup(op.Name)
		if op.Def == nil {
			t.Fatalf("%s: not registered", op.Name)
		}
		want := r.Pipe
		if want == "" {
			want = "V"
		}
		if r.PipeFor != nil {
			want = r.PipeFor(op)
		}
		if got := pipeOf(op); got != want {
			t.Errorf("%s: runs on pipe %q, its row says %q", op.Name, got, want)
		}
		if _, ok := ir.InterfaceOf[analysis.NoAliasRule](op); !ok {
			t.Errorf("%s: no no-alias rule", op.Name)
		}
		all, operands := analysis.ForbiddenAliasOperands(op, "ascend910b")
		switch r.Alias {
		case tile.AliasAnyInput:
			if all || len(operands) > 0 {
				t.Errorf("%s: may alias any input, yet forbids %v (all: %v)", op.Name, operands, all)
			}
		case tile.AliasNoInput:
			if !all {
				t.Errorf("%s: may alias no input, yet forbids only %v", op.Name, operands)
			}
		case tile.AliasNotOperand1:
			if all || !slices.Equal(operands, []int{1}) {
				t.Errorf("%s: forbids %v (all: %v), its row says operand 1", op.Name, operands, all)
			}
		}
		if got, want := isGlobalLoad(op), r.Hazard == tile.GlobalLoad; got != want {
			t.Errorf("%s: reads from global memory: %v, its row says %v", op.Name, got, want)
		}
		if got, want := isCubePop(op), r.Hazard == tile.CubePop; got != want {
			t.Errorf("%s: receives from the cube core: %v, its row says %v", op.Name, got, want)
		}
	}
	// Ops of other dialects have none of these facts.
	op := ir.NewOperation("arith.addi", ir.Location{}, nil, nil)
	op.Def = ir.Lookup(op.Name)
	if pipeOf(op) != "" || isGlobalLoad(op) || isCubePop(op) {
		t.Errorf("arith.addi has a pipe or a hazard role")
	}
	if all, operands := analysis.ForbiddenAliasOperands(op, "ascend910b"); all || operands != nil {
		t.Errorf("arith.addi forbids aliasing %v (all: %v)", operands, all)
	}
}
