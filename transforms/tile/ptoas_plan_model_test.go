package tile

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// ptoasPlanned parses src and runs the planner=ptoas pipeline up to (not
// including) check-ptoas-plan on it, for ascend910b.
func ptoasPlanned(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseString(src, parser.Options{})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatal(err)
	}
	pl, err := pass.ParsePipeline("builtin.module(func.func(materialize-scratch,init-memref{planner=ptoas},materialize-semantic-aliases))")
	if err != nil {
		t.Fatal(err)
	}
	tgt, err := targets.Load("ascend910b")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&pass.Manager{Pipeline: pl, Target: tgt, Threads: 1}).Run(m); err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if op.Has(ir.FunctionLike) && fn == nil {
			fn = op
		}
		return fn == nil
	})
	return fn
}

// A loop with more than 16 values live at its start takes its newly live
// tiles in an unknowable order, so the model tries other orders too. The
// tiles born there are the first of two spaces, and the other orders meet
// the spaces in the other order: each space must still be judged on its
// own (mat does not fit, whatever the order; vec always does).
func TestPTOASOrdersJudgedPerSpace(t *testing.T) {
	var b strings.Builder
	b.WriteString("func.func @k(%in: !tile.tensor<64x64xf16>, %out: !tile.tensor<64x64xf16>) {\n")
	b.WriteString("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n")
	const held = 17 // live across the loop: more than ptoas's set keeps in order
	for i := range held {
		fmt.Fprintf(&b, "  %%k%d = arith.constant %d : index\n", i, i)
	}
	b.WriteString(`  scf.for %i = %c0 to %c2 step %c1 {
    %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, vec>
    %m = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf16>) -> !tile.tile<64x64xf16, mat>
    %sa = tile.store %a, %out {offsets = [0, 0]} : (!tile.tile<64x64xf16, vec>, !tile.tensor<64x64xf16>) -> !tile.tensor<64x64xf16>
    %sm = tile.store %m, %out {offsets = [0, 0]} : (!tile.tile<64x64xf16, mat>, !tile.tensor<64x64xf16>) -> !tile.tensor<64x64xf16>
  }
  %sum0 = arith.addi %k0, %k0 : index
`)
	for i := 1; i < held; i++ {
		fmt.Fprintf(&b, "  %%sum%d = arith.addi %%sum%d, %%k%d : index\n", i, i-1, i)
	}
	b.WriteString("  return\n}\n")
	fn := ptoasPlanned(t, b.String())

	if l := computePTOASLiveness(fn); len(l.unordered) == 0 {
		t.Fatal("the loop's tiles are taken as ordered: the test does not reach the other orders")
	}
	capacity := func(space string) (int64, int64, bool) {
		if space == "mat" {
			return 4096, 32, true // less than the 8 KiB mat tile
		}
		return 1 << 20, 32, true
	}
	got := map[string]ptoasSpacePlan{}
	for _, p := range planLikePTOAS(fn, capacity) {
		got[p.space] = p
	}
	if p := got["vec"]; !p.result.Fits || p.orderDependent {
		t.Errorf("vec: fits %v, order-dependent %v; want a fit in every order", p.result.Fits, p.orderDependent)
	}
	if p := got["mat"]; p.result.Fits || p.needBytes != 8192 {
		t.Errorf("mat: fits %v, needs %d; want no fit, 8192 bytes", p.result.Fits, p.needBytes)
	}
}

// The report of ptoas's placement has each space's buffers at the offsets
// the model gives them, in ptoas's sizes, marked predicted; where ptoas's
// order of the tiles first live at a loop's start is unknowable, it is
// marked possible instead.
func TestPTOASReportIsTheModelsPlacement(t *testing.T) {
	capacity := func(string) (int64, int64, bool) { return 1 << 20, 32, true }
	fn := ptoasPlanned(t, `func.func @k(%in: !tile.tensor<8x8xf32>, %out: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %a = tile.load %in : (!tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec>
  %m = tile.row_max %a : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x1xf32, vec>
  %b = tile.row_expand_sub %a, %m : (!tile.tile<8x8xf32, vec>, !tile.tile<8x1xf32, vec>) -> !tile.tile<8x8xf32, vec>
  %r = tile.store %b, %out : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32>
  return %r : !tile.tensor<8x8xf32>
}`)
	l, plans := predictPTOAS(fn, capacity)
	f := ptoasReport(fn, l, plans, "")
	if f.Algorithm != PTOASPredicted || f.Pass != "check-ptoas-plan" || len(f.Points) != int(l.t) {
		t.Fatalf("report %s %s with %d points, want check-ptoas-plan %s over %d", f.Pass, f.Algorithm, len(f.Points), PTOASPredicted, l.t)
	}
	if len(f.Spaces) != 1 || len(f.Spaces[0].Buffers) != len(plans[0].placed) {
		t.Fatalf("spaces %+v, want one with the %d buffers placed", f.Spaces, len(plans[0].placed))
	}
	names := map[string]bool{}
	for i, b := range f.Spaces[0].Buffers {
		if want := int64(plans[0].result.Offsets[i] / 8); b.Offset != want || b.Size%32 != 0 {
			t.Errorf("%s at %d, %d bytes; want %d, a multiple of 32", b.Name, b.Offset, b.Size, want)
		}
		names[b.Name] = true
	}
	for _, n := range []string{"%a", "%m_tmp", "%m", "%b"} {
		if !names[n] {
			t.Errorf("no buffer named %s in %v", n, names)
		}
	}
	// The scratch and the row_max result are kept apart, as ptoas keeps them.
	if f.Spaces[0].RefusedCounts["no-alias"] != 1 {
		t.Errorf("no-alias pairs %v, want the tmp and its destination", f.Spaces[0].RefusedCounts)
	}

	var b strings.Builder
	b.WriteString("func.func @u(%in: !tile.tensor<8x8xf32>, %out: !tile.tensor<8x8xf32>) {\n")
	b.WriteString("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index\n")
	for i := range 17 {
		fmt.Fprintf(&b, "  %%k%d = arith.constant %d : index\n", i, i)
	}
	b.WriteString(`  scf.for %i = %c0 to %c2 step %c1 {
    %a = tile.load %in : (!tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec>
    %c = tile.load %in : (!tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec>
    %sa = tile.store %a, %out : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32>
    %sc = tile.store %c, %out : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32>
  }
  %sum0 = arith.addi %k0, %k0 : index
`)
	for i := 1; i < 17; i++ {
		fmt.Fprintf(&b, "  %%sum%d = arith.addi %%sum%d, %%k%d : index\n", i, i-1, i)
	}
	b.WriteString("  return\n}\n")
	fn = ptoasPlanned(t, b.String())
	l, plans = predictPTOAS(fn, capacity)
	if len(l.unordered) == 0 {
		t.Fatal("the loop's tiles are taken as ordered: the test does not reach an unknowable order")
	}
	if f := ptoasReport(fn, l, plans, ""); f.Algorithm != PTOASPossible {
		t.Errorf("unknowable order: marked %s, want %s", f.Algorithm, PTOASPossible)
	}
}
