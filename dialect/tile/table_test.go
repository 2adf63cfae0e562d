package tile

import (
	"slices"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestTileOpTable checks what the compiler cannot: names are unique, every
// row lowers to a pto op the pto dialect registers and has a doc line, the
// target-rule hook is set exactly for target-aware rows, and every row says
// what its inputs are and how its result's shape follows from them, in a
// way its other columns agree with.
func TestTileOpTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Ops {
		if seen[r.Name] {
			t.Errorf("tile.%s: two rows", r.Name)
		}
		seen[r.Name] = true
		if r.Doc == "" {
			t.Errorf("tile.%s: no doc line", r.Name)
		}
		if (r.Alias == AliasTargetRule) != (r.ForbidAliasFor != nil) {
			t.Errorf("tile.%s: alias rule %d with ForbidAliasFor set = %v", r.Name, r.Alias, r.ForbidAliasFor != nil)
		}
		if r.Form != Computes && r.Form != Produces && r.Alias != AliasAnyInput {
			t.Errorf("tile.%s: an alias rule on a row that writes no destination", r.Name)
		}
		checkSignature(t, r)
		d := ir.Lookup("tile." + r.Name)
		if d == nil {
			t.Errorf("tile.%s: not registered", r.Name)
			continue
		}
		if op, ok := OpOf(d.Name); !ok || op.Name != r.Name {
			t.Errorf("OpOf(%s) does not find its row", d.Name)
		}
	}
}

// checkSignature checks a row's signature columns (Ins, Offsets, Out,
// Shape) against the rest of the row.
func checkSignature(t *testing.T, r Op) {
	t.Helper()
	if r.Shape == ShapeUnset {
		t.Errorf("tile.%s: no result shape rule (Shape)", r.Name)
	}
	tiles := 0
	for i, in := range r.Ins {
		switch in.Kind {
		case TileIn:
			tiles++
			for _, sp := range strings.Fields(in.Spaces) {
				if !IsSpace(sp) {
					t.Errorf("tile.%s: input #%d may be in %q, which is no memory space", r.Name, i, sp)
				}
			}
		case ScalarIn, TensorIn:
		default:
			t.Errorf("tile.%s: input #%d has no kind", r.Name, i)
		}
	}
	for _, sp := range strings.Fields(r.Out) {
		if !IsSpace(sp) {
			t.Errorf("tile.%s: results may be in %q, which is no memory space", r.Name, sp)
		}
	}
	// Every input index another column names is an input.
	named := slices.Clone(r.NonData)
	switch r.Alias {
	case AliasNotOperand1:
		named = append(named, 1)
	case AliasNotMaskOrTmp:
		named = append(named, 0, 3)
	}
	for _, i := range named {
		if i < 0 || i >= len(r.Ins) {
			t.Errorf("tile.%s: a column names input #%d of %d", r.Name, i, len(r.Ins))
		}
	}
	if r.Scratch && r.ScratchAt > len(r.Ins) {
		t.Errorf("tile.%s: the scratch goes after input #%d of %d", r.Name, r.ScratchAt, len(r.Ins))
	}
	// The rules that read particular inputs have them.
	need := map[ShapeKind]int{ShapeSameStatic: 1, ShapeRowReduce: 1, ShapeRowWise: 1, ShapeTranspose: 1,
		ShapeRowBroadcast: 2, ShapeColBroadcast: 2, ShapeMatmul: 2, ShapeGemv: 2, ShapeSameBytes: 1, ShapeWithinBytes: 1}
	if n := need[r.Shape]; tiles < n {
		t.Errorf("tile.%s: its Shape rule reads %d tile inputs, the row has %d", r.Name, n, tiles)
	}
	if (r.Shape == ShapeWindow) != r.Offsets {
		t.Errorf("tile.%s: window offsets (%v) without the window rule, or the other way round", r.Name, r.Offsets)
	}
	if r.Shape == ShapeMatmul || r.Shape == ShapeGemv {
		k := len(r.Ins) - 2
		if r.Ins[k].Spaces != "left" || r.Ins[k+1].Spaces != "right" || (k == 1) != (r.Form == Accumulates) {
			t.Errorf("tile.%s: a product takes [acc,] left, right", r.Name)
		}
	}
	if r.Form == Views && (len(r.Ins) == 0 || r.Ins[0].Kind != TileIn || r.Out != "") {
		t.Errorf("tile.%s: a view takes its source tile first and stays in its space", r.Name)
	}
	if r.Form == Stores && (len(r.Ins) < 2 || r.Ins[0].Kind != TileIn || r.Ins[1].Kind != TensorIn) {
		t.Errorf("tile.%s: a store takes a tile and the tensor it writes", r.Name)
	}
}
