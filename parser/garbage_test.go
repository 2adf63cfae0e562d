package parser_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// The work done once per op or per value in verifying and printing makes
// no garbage of its own: on a large file such garbage sets the peak
// memory (the collector runs rarely, see internal/gcpace) and costs its
// allocation and collection.

// TestRegionEdgesMakeNoGarbage: checking an op's region control flow edges
// (RegionBranchTypes, run on every scf op) allocates nothing.
func TestRegionEdgesMakeNoGarbage(t *testing.T) {
	src := `func.func @f(%n: index, %c: i1, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %y = scf.if %c -> (f32) {
      scf.yield %a : f32
    } else {
      scf.yield %x : f32
    }
    scf.yield %y : f32
  }
  return %r : f32
}
`
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var loops []*ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if op.Name == "scf.for" || op.Name == "scf.if" {
			loops = append(loops, op)
		}
		return true
	})
	if len(loops) != 2 {
		t.Fatalf("found %d scf ops, want 2", len(loops))
	}
	for _, op := range loops {
		if n := testing.AllocsPerRun(20, func() {
			if err := ir.RegionBranchTypes.VerifyRegions(op); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%s: checking its region edges allocates %v times, want 0", op.Name, n)
		}
	}
}

// TestPrintingNumbersMakesNoGarbage: an attribute's integers, however
// many, are printed without allocating one by one.
func TestPrintingNumbersMakesNoGarbage(t *testing.T) {
	var elems []string
	for i := range 1000 {
		elems = append(elems, fmt.Sprint(i*7919))
	}
	list := strings.Join(elems, ", ")
	src := fmt.Sprintf("\"test.op\"() {a = [%s], b = array<i32: %s>, c = 123456789 : i64} : () -> ()\n", list, list)
	m, err := parser.ParseString(src, parser.Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(5, func() { printer.Print(io.Discard, m, printer.Options{}) }); n > 100 {
		t.Errorf("printing 2001 integers allocates %v times, want at most 100", n)
	}
}
