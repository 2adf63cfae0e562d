package analysis

import (
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The comparisons the pass manager's check of cached analyses makes: an
// analysis of the same IR is no different, one of changed IR is, and the
// message says where.

const diffSrc = `
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %s = arith.select %c, %a, %a : memref<4xf32>
  %v = memref.subview %s[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  scf.if %c {
    memref.dealloc %b : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return
}`

func TestAliasesDiff(t *testing.T) {
	fn := parseFunc(t, diffSrc)
	before := NewAliases(fn)
	if d := before.Diff(NewAliases(fn), fn); d != "" {
		t.Errorf("two graphs of one IR differ: %s", d)
	}
	// The select now picks %b on one side.
	sel := valueNamed(fn, "s").Op
	sel.SetOperand(2, valueNamed(fn, "b"))
	d := before.Diff(NewAliases(fn), fn)
	if !strings.Contains(d, "%b flows into 0 values, not 1") {
		t.Errorf("diff after %%b flows into the select: %q", d)
	}
}

func TestLivenessDiff(t *testing.T) {
	fn := parseFunc(t, diffSrc)
	before := ComputeLiveness(fn, nil)
	// Asked for, a buffer handle's lifetime is remembered: no difference
	// from a liveness that has not computed it yet.
	before.Ranges(valueNamed(fn, "a"))
	if d := before.Diff(ComputeLiveness(fn, nil)); d != "" {
		t.Errorf("two livenesses of one IR differ: %s", d)
	}
	// %b freed after %a: it lives longer, the alias graph is the same.
	var freeB *ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if op.Name == "scf.if" {
			freeB = op
		}
		return true
	})
	freeB.Detach()
	fn.Body(0).InsertBefore(fn.Body(0).Terminator(), freeB)
	d := before.Diff(ComputeLiveness(fn, nil))
	if !strings.Contains(d, "program point") {
		t.Errorf("diff after moving the if: %q", d)
	}
	// The same ops and alias graph, the last free of another buffer:
	// the lifetimes differ.
	fn = parseFunc(t, diffSrc)
	before = ComputeLiveness(fn, nil)
	term := fn.Body(0).Terminator()
	free := fn.Body(0).Ops[term.IndexInBlock()-1]
	free.SetOperand(0, valueNamed(fn, "b"))
	if d := before.Diff(ComputeLiveness(fn, nil)); !strings.Contains(d, "%a lives in [1, 8), not [1, 3)") {
		t.Errorf("diff after the last free frees %%b: %q", d)
	}
}
