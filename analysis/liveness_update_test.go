package analysis

import (
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// tileValues lists the tile values of fn (results and block arguments).
func tileValues(fn *ir.Operation) []*ir.Value {
	var out []*ir.Value
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				for _, a := range b.Args {
					if _, ok := a.Type.(*tile.Type); ok {
						out = append(out, a)
					}
				}
			}
		}
		if op != fn {
			for _, r := range op.Results {
				if _, ok := r.Type.(*tile.Type); ok {
					out = append(out, r)
				}
			}
		}
		return true
	})
	return out
}

// TestInsertedMatchesRecompute: a sparse liveness kept current with
// Inserted answers every overlap question as a liveness computed afresh:
// copies inserted before a loop (its init replaced) and before a yield
// (the yielded value replaced), several at one place.
func TestInsertedMatchesRecompute(t *testing.T) {
	fn := parseFunc(t, plannedChain(200))
	lv := ComputeSparseLiveness(fn, nil)
	var loops []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if op.Name == "scf.for" {
			loops = append(loops, op)
		}
		return true
	})
	if len(loops) < 2 {
		t.Fatal("the kernel has no loops to insert copies at")
	}
	buf := fn.Body(0).Ops[3].Results[0] // %m0
	move := func(src *ir.Value) *ir.Operation {
		tt := src.Type.(*tile.Type)
		mv := ir.NewOperation("tile.move", src.Loc(), []*ir.Value{src}, []ir.Type{tile.Tile(tt.Shape, tt.Elem, tt.Space, tt.Valid)})
		tile.SetDest(mv, buf, 0)
		return mv
	}
	for _, L := range loops[:2] {
		// Three copies of the init, one after another, before the loop.
		for range 3 {
			init := L.Operands[3]
			mv := move(init)
			L.Block.InsertBefore(L, mv)
			L.SetOperand(3, mv.Results[0])
			if !lv.Inserted(mv, init) {
				t.Fatal("Inserted refused a copy before a loop")
			}
			lv.Aliases.Update(L)
		}
		// A copy of the yielded value before the yield.
		yield := L.Body(0).Terminator()
		y := yield.Operands[0]
		mv := move(y)
		yield.Block.InsertBefore(yield, mv)
		yield.SetOperand(0, mv.Results[0])
		if !lv.Inserted(mv, y) {
			t.Fatal("Inserted refused a copy before a yield")
		}
		lv.Aliases.Update(L)
	}
	fresh := ComputeLiveness(fn, nil)
	vals := tileValues(fn)
	for i, a := range vals {
		for _, b := range vals[i+1:] {
			got := OverlapSets(lv.Ranges(a), lv.Ranges(b))
			want := OverlapSets(fresh.Ranges(a), fresh.Ranges(b))
			if got != want {
				t.Fatalf("%s and %s: updated liveness says overlap=%v, recomputed %v", valueName(a), valueName(b), got, want)
			}
		}
		if got, want := len(lv.Aliases.Resolve(a)), len(fresh.Aliases.Resolve(a)); got != want {
			t.Fatalf("%s: %d aliases after updates, %d recomputed", valueName(a), got, want)
		}
	}
}
