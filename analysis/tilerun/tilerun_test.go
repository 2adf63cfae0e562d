package tilerun

import (
	"errors"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

// Each case pairs an unplanned kernel with a hand-written plan of it and
// says whether the plan computes the same thing (want == "") or which
// read first sees other bytes.

func function(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseString(src, parser.Options{})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	var fn *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if op.Name == "func.func" {
			fn = op
		}
		return fn == nil
	})
	return fn
}

// pairOps pairs the ops of ref with the first op of the same name after
// the previous pair in plan (a plan adds allocations and copies only).
func pairOps(ref, plan *ir.Operation) map[*ir.Operation]*ir.Operation {
	var ps []*ir.Operation
	plan.Walk(func(op *ir.Operation) bool { ps = append(ps, op); return true })
	out := map[*ir.Operation]*ir.Operation{}
	j := 0
	ref.Walk(func(op *ir.Operation) bool {
		for k := j; k < len(ps); k++ {
			if ps[k].Name == op.Name {
				out[op], j = ps[k], k+1
				break
			}
		}
		return true
	})
	return out
}

func check(t *testing.T, ref, plan string) error {
	t.Helper()
	r, p := function(t, ref), function(t, plan)
	_, err := Check(r, p, pairOps(r, p), Options{Seed: 1}, 4)
	return err
}

const head = `func.func @k(%in: !tile.tensor<16x16xf32>, %o0: !tile.tensor<16x16xf32>, %o1: !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
`

// A swap of two carries: the plan moves through a scratch buffer, in an
// order that keeps both; the executor agrees with the value semantics.
func TestSwapThroughScratch(t *testing.T) {
	ref := head + `  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {

    scf.yield %y, %x : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  %s0 = tile.store %r#0, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s1 = tile.store %r#1, %o1 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}`
	good := head + `  %m0 = tile.alloc vec, 1024 {addr = 0} : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 {addr = 1024} : !tile.buf<vec>
  %m2 = tile.alloc vec, 1024 {addr = 2048} : !tile.buf<vec>
  %a = tile.load %in into %m0 {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %y = %b) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %t = tile.move %x into %m2 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %u = tile.move %y into %m0 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %v = tile.move %t into %m1 : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %u, %v : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  %s0 = tile.store %r#0, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  %s1 = tile.store %r#1, %o1 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}`
	if err := check(t, ref, good); err != nil {
		t.Fatalf("a correct swap was reported: %v", err)
	}
	// Without the scratch copy the second move reads what the first wrote.
	bad := strings.Replace(good, "%t = tile.move %x into %m2", "%t = tile.move %x into %m0", 1)
	err := check(t, ref, bad)
	if err == nil || !strings.Contains(err.Error(), "tensor argument") && !strings.Contains(err.Error(), "reads") {
		t.Fatalf("a swap that loses a carry was not reported: %v", err)
	}
}

// One tile yielded for two carries, placed on one carry's buffer only:
// the other carry reads the initial tile in every iteration. The report
// names the reader and the op whose bytes it found.
func TestCarryNeverWritten(t *testing.T) {
	ref := head + `  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a, %z = %b) -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
    %y = tile.add %x, %z : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    scf.yield %y, %y : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
  }
  %s0 = tile.store %r#0, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}`
	plan := strings.Replace(strings.Replace(strings.Replace(ref,
		"%a = tile.load %in {", "%m0 = tile.alloc vec, 1024 : !tile.buf<vec>\n  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>\n  %a = tile.load %in into %m0 {", 1),
		"%b = tile.exp %a :", "%b = tile.exp %a into %m1 :", 1),
		"%y = tile.add %x, %z :", "%y = tile.add %x, %z into %m1 :", 1)
	err := check(t, ref, plan)
	d := ir.AsDiagnostic(err)
	if err == nil || !strings.Contains(d.Msg, "'tile.add' reads operand #0 (%x)") || len(d.Notes) == 0 || !strings.Contains(d.Notes[0].Msg, "'tile.load'") {
		t.Fatalf("want the add's read of %%x reported with the load as last writer, got %v", err)
	}
}

// An op that must not overwrite its input (recip) computes other bytes
// when its output is placed over it; an in-place-safe op (exp) does not.
func TestNoAliasSensitivity(t *testing.T) {
	for _, tc := range []struct {
		op      string
		diverge bool
	}{{"exp", false}, {"recip", true}, {"row_expand_mul", true}} {
		operands, types := "%a", "!tile.tile<16x16xf32, vec>"
		if tc.op == "row_expand_mul" {
			operands, types = "%b, %a", "!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>"
		}
		body := `  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.exp %a : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %c = tile.` + tc.op + ` ` + operands + ` : (` + types + `) -> !tile.tile<16x16xf32, vec>
  %s0 = tile.store %c, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}`
		ref := head + body
		plan := head + strings.Replace(strings.Replace(strings.Replace(body,
			"%a = tile.load %in {", "%m0 = tile.alloc vec, 1024 : !tile.buf<vec>\n  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>\n  %a = tile.load %in into %m0 {", 1),
			"%b = tile.exp %a :", "%b = tile.exp %a into %m1 :", 1),
			" : ("+types+") -> !tile.tile<16x16xf32, vec>\n  %s0", " into %m0 : ("+types+") -> !tile.tile<16x16xf32, vec>\n  %s0", 1)
		err := check(t, ref, plan)
		if (err != nil) != tc.diverge {
			t.Errorf("tile.%s written over its input: diverged = %v, want %v (%v)", tc.op, err != nil, tc.diverge, err)
		}
	}
}

// Views alias their source; a slice reads the window at its offsets
// (scaled by an index operand, the loop's step) and the same kernel run
// twice gives byte-identical tensors.
func TestDeterministicWithViews(t *testing.T) {
	src := head + `  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %a) -> (!tile.tile<16x16xf32, vec>) {
    %w = tile.slice %x, %i {offsets = [4, 0]} : (!tile.tile<16x16xf32, vec>, index) -> !tile.tile<4x16xf32, vec>
    %v = tile.reshape %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<256x1xf32, vec>
    %e = tile.exp %w : (!tile.tile<4x16xf32, vec>) -> !tile.tile<4x16xf32, vec>
    %n = tile.neg %x : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
    %s = tile.store %e, %o1 {offsets = [0, 0]} : (!tile.tile<4x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
    scf.yield %n : !tile.tile<16x16xf32, vec>
  }
  %s0 = tile.store %r, %o0 {offsets = [0, 0]} : (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32>
  return
}`
	fn := function(t, src)
	a, err := Run(fn, Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Run(fn, Options{Seed: 7})
	c, _ := Run(fn, Options{Seed: 8})
	if string(a.Tensors[1]) != string(b.Tensors[1]) || string(a.Tensors[2]) != string(b.Tensors[2]) {
		t.Fatal("two runs with one seed differ")
	}
	if string(a.Tensors[1]) == string(c.Tensors[1]) {
		t.Fatal("other inputs gave the same outputs")
	}
	if len(a.Reads) == 0 {
		t.Fatal("no reads recorded")
	}
}

// BenchmarkOpWork measures what OpWork weighs: the time of one executed
// op (an empty loop iteration: the loop's step and its yield) against
// the time of one computed byte (an elementwise op on a 64x64xf32 tile),
// as ns per unit of work. OpWork is right when the two are close.
func BenchmarkOpWork(b *testing.B) {
	loops := `func.func @k(%in: !tile.tensor<64x64xf32>, %o: !tile.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4096 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}`
	bytes := `func.func @k(%in: !tile.tensor<64x64xf32>, %o: !tile.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 16 : index
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<64x64xf32>) -> !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!tile.tile<64x64xf32, vec>) {
    %y = tile.exp %x : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
    scf.yield %y : !tile.tile<64x64xf32, vec>
  }
  return
}`
	for _, c := range []struct{ name, src string }{{"ops", loops}, {"bytes", bytes}} {
		b.Run(c.name, func(b *testing.B) {
			m, err := parser.ParseString(c.src, parser.Options{})
			if err != nil {
				b.Fatal(err)
			}
			var fn *ir.Operation
			m.Walk(func(op *ir.Operation) bool {
				if op.Name == "func.func" {
					fn = op
				}
				return fn == nil
			})
			work := int64(0)
			for b.Loop() {
				res, err := Run(fn, Options{Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
				work = res.Work
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(int64(b.N)*work), "ns/work")
		})
	}
}

// A window past its tensor or source is the kernel's fault, reported as a
// *FaultError at the op; loops run all their iterations (the window is
// outside in the third and fourth), and a run that reaches its work bound, counting
// every op it executes, stops with a *WorkBoundError.
func TestFaultsAndWorkBound(t *testing.T) {
	src := head + `  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = tile.load %in, %i {offsets = [8, 0]} : (!tile.tensor<16x16xf32>, index) -> !tile.tile<8x16xf32, vec>
    %w = tile.slice %a, %i {offsets = [2, 0]} : (!tile.tile<8x16xf32, vec>, index) -> !tile.tile<4x16xf32, vec>
  }
  return
}`
	fn := function(t, src)
	_, err := Run(fn, Options{Seed: 1})
	var fault *FaultError
	if !errors.As(err, &fault) || !strings.Contains(fault.Diag.Msg, "'tile.load' reads elements [16, 24) of dimension 0 of its 16x16 tensor") {
		t.Fatalf("want the load at step 2, the first access outside, reported; got %v", err)
	}
	slice := strings.Replace(src, "{offsets = [8, 0]}", "{offsets = [0, 0]}", 1)
	if _, err := Run(function(t, slice), Options{Seed: 1}); !errors.As(err, &fault) || !strings.Contains(fault.Diag.Msg, "'tile.slice' views elements [6, 10) of dimension 0 of its 8x16 source tile") {
		t.Fatalf("want the slice at step 3 reported; got %v", err)
	}
	empty := head + `  scf.for %i = %c0 to %c3 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
    }
  }
  return
}`
	res, err := Run(function(t, empty), Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	var bound *WorkBoundError
	if _, err := Run(function(t, empty), Options{Seed: 1, MaxWork: res.Work - 1}); !errors.As(err, &bound) || bound.Bound != res.Work-1 {
		t.Fatalf("a bound one unit short of the %d an empty nest takes: want a *WorkBoundError, got %v", res.Work, err)
	}
	if res.Work < 12*OpWork {
		t.Fatalf("the 3 + 9 iterations of an empty nest count %d, less than one op each", res.Work)
	}
}
