package analysis

import (
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestStructuredControlFlowInterfaces: scf.for says which of its operands
// are its bounds and inits and which body arguments its induction variable
// and iter_args; scf.if which operand decides and which region runs; no
// other op of the function claims either.
func TestStructuredControlFlowInterfaces(t *testing.T) {
	fn := parseFunc(t, `func.func @f(%lb: index, %ub: index, %s: index, %x: i32, %c: i1) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    %y = scf.if %c -> (i32) {
      scf.yield %a : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %y : i32
  }
  return %r : i32
}`)
	var loops, ifs []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if IsCountedLoop(op) {
			loops = append(loops, op)
		}
		if IsIfElse(op) {
			ifs = append(ifs, op)
		}
		return true
	})
	if len(loops) != 1 || loops[0].Name != "scf.for" || len(ifs) != 1 || ifs[0].Name != "scf.if" {
		t.Fatalf("counted loops %v, if-elses %v; want the scf.for and the scf.if", loops, ifs)
	}
	args := fn.Body(0).Args
	L := loops[0]
	lp, _ := AsCountedLoop(L)
	lb, ub, step := lp.LoopBounds(L)
	body := L.Body(0)
	if lb != args[0] || ub != args[1] || step != args[2] {
		t.Errorf("bounds %v %v %v, want the first three arguments", lb, ub, step)
	}
	if iv := lp.InductionVar(L); iv != body.Args[0] {
		t.Errorf("induction variable %v, want the body's first argument", iv)
	}
	if in := lp.Inits(L).Of(L); len(in) != 1 || in[0] != args[3] {
		t.Errorf("inits %v, want %%x", in)
	}
	if ia := lp.IterArgs(L); len(ia) != 1 || ia[0] != body.Args[1] {
		t.Errorf("iter_args %v, want %%a", ia)
	}
	S := ifs[0]
	ie, _ := AsIfElse(S)
	if c := ie.Condition(S); c != args[4] {
		t.Errorf("condition %v, want %%c", c)
	}
	if ie.Arm(S, true) != 0 || ie.Arm(S, false) != 1 {
		t.Errorf("arms %d (true) %d (false), want the then region 0 and the else region 1", ie.Arm(S, true), ie.Arm(S, false))
	}
}
