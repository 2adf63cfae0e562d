package tile_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	_ "github.com/pto-opt/pto-opt/dialect/all" // the instances are functions
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/parser"
)

// The verifier's sweep: for every row of the tile op table, an instance
// built from the row's columns verifies, and each way of breaking a
// column is refused at the op (line 2 of the instance's text): one input
// too many and one too few, every tile input and the result in a space
// the row does not allow, and a result shape the row's Shape rule does
// not give.

// instance is one op of a row: its inputs and results as types, plus
// the attribute text.
type instance struct {
	row   tile.Op
	ins   []string // input types
	outs  []string // result types
	attrs string
}

func tileT(shape, space string) string { return "!tile.tile<" + shape + "xf32, " + space + ">" }

// firstSpace is a row's first allowed space ("vec" when any is).
func firstSpace(spaces string) string {
	if f := strings.Fields(spaces); len(f) > 0 {
		return f[0]
	}
	return "vec"
}

// otherSpace is a space not in spaces.
func otherSpace(spaces string) string {
	for _, s := range []string{"vec", "mat", "acc", "left"} {
		if !slices.Contains(strings.Fields(spaces), s) {
			return s
		}
	}
	return "right"
}

// shapesOf gives, per Shape rule, valid input shapes (one per tile input,
// by position) and the result shape.
func shapesOf(r tile.Op) (ins []string, out string) {
	switch r.Shape {
	case tile.ShapeRowReduce:
		return []string{"16x16"}, "16x1"
	case tile.ShapeRowWise:
		return []string{"16x16"}, "16x8"
	case tile.ShapeRowBroadcast:
		return []string{"16x16", "16x1"}, "16x16"
	case tile.ShapeColBroadcast:
		return []string{"16x16", "1x16"}, "16x16"
	case tile.ShapeTranspose:
		return []string{"16x8"}, "8x16"
	case tile.ShapeMatmul:
		if len(r.Ins) == 3 {
			return []string{"16x32", "16x8", "8x32"}, "16x32"
		}
		return []string{"16x8", "8x32"}, "16x32"
	case tile.ShapeGemv:
		if len(r.Ins) == 3 {
			return []string{"1x32", "1x8", "8x32"}, "1x32"
		}
		return []string{"1x8", "8x32"}, "1x32"
	case tile.ShapeWindow:
		if r.Form == tile.Views {
			return []string{"32x16"}, "16x16"
		}
		return []string{"16x16"}, "16x16"
	case tile.ShapeSameBytes:
		return []string{"16x16"}, "8x32"
	}
	return []string{"16x16", "16x16", "16x16", "16x16"}, "16x16"
}

// valid builds the row's valid instance.
func valid(r tile.Op) instance {
	inShapes, outShape := shapesOf(r)
	in := instance{row: r}
	space := ""
	for i, x := range r.Ins {
		switch x.Kind {
		case tile.ScalarIn:
			in.ins = append(in.ins, "f32")
		case tile.TensorIn:
			in.ins = append(in.ins, "!tile.tensor<32x16xf32>")
		default:
			sp := firstSpace(x.Spaces)
			if space == "" {
				space = sp
			}
			in.ins = append(in.ins, tileT(inShapes[min(i, len(inShapes)-1)], sp))
		}
	}
	outSpace := firstSpace(r.Out)
	if r.Form == tile.Views && space != "" {
		outSpace = space
	}
	for range max(r.Results, 1) {
		in.outs = append(in.outs, tileT(outShape, outSpace))
	}
	switch {
	case r.Form == tile.Stores:
		in.outs = []string{in.ins[1]}
	case r.Shape == tile.ShapeWithinBytes:
		in.outs = []string{strings.Replace(in.outs[0], "xf32", "xi32", 1)}
	}
	if r.Offsets {
		in.attrs = " {offsets = [16, 0]}"
	}
	return in
}

func (in instance) text() string {
	var args, names []string
	for i, t := range in.ins {
		args = append(args, fmt.Sprintf("%%a%d: %s", i, t))
		names = append(names, fmt.Sprintf("%%a%d", i))
	}
	results := strings.Join(in.outs, ", ")
	if len(in.outs) > 1 {
		results = "(" + results + ")"
	}
	lhs := "%r"
	if len(in.outs) > 1 {
		lhs = fmt.Sprintf("%%r:%d", len(in.outs))
	}
	return fmt.Sprintf("func.func @k(%s) {\n  %s = tile.%s %s%s : (%s) -> %s\n  return\n}\n",
		strings.Join(args, ", "), lhs, in.row.Name, strings.Join(names, ", "), in.attrs, strings.Join(in.ins, ", "), results)
}

func verifyText(text string) error {
	m, err := parser.New(parser.Options{Threads: 1}).ParseText("sweep.mlir", text)
	if err == nil {
		err = ir.Verify(m)
	}
	return err
}

// refusedAtOp checks that text fails to verify, located at the op (line
// 2), with a message naming the op and containing want.
func refusedAtOp(t *testing.T, what, text, want string) {
	t.Helper()
	err := verifyText(text)
	if err == nil {
		t.Errorf("%s: verifies:\n%s", what, text)
		return
	}
	d := ir.AsDiagnostic(err)
	if !strings.HasPrefix(d.Loc.String(), "sweep.mlir:2:") || !strings.Contains(d.Msg, want) {
		t.Errorf("%s: want an error at sweep.mlir:2 containing %q, got %v\n%s", what, want, err, text)
	}
}

// wrongShape is the instance with its result (or, for a store, its
// tile) shaped as the row's rule does not allow; false for rows whose
// result shape is their own.
func wrongShape(in instance) (instance, bool) {
	r := in.row
	out := slices.Clone(in.outs)
	ins := slices.Clone(in.ins)
	set := func(ts []string, i int, shape string) {
		t := ts[i]
		a, b := strings.Index(t, "<")+1, strings.Index(t, "xf32")
		if b < 0 {
			b = strings.Index(t, "xi32")
		}
		ts[i] = t[:a] + shape + t[b:]
	}
	switch r.Shape {
	case tile.ShapeFree, tile.ShapeUnset:
		return in, false
	case tile.ShapeRowReduce:
		set(out, 0, "16x16") // the row_max to a 64x64 tile
	case tile.ShapeRowWise:
		set(out, 0, "8x8")
	case tile.ShapeTranspose:
		set(out, 0, "16x8")
	case tile.ShapeGemv:
		set(out, 0, "1x16")
	case tile.ShapeWindow:
		if r.Form == tile.Stores {
			set(ins, 0, "32x16") // rows [16, 48) of a 32-row tensor
		} else {
			set(out, 0, "32x16")
		}
	case tile.ShapeWithinBytes:
		set(out, 0, "16x32")
	default:
		set(out, 0, "16x8")
	}
	in.outs, in.ins = out, ins
	return in, true
}

func TestTileVerifierSweep(t *testing.T) {
	for _, r := range tile.Ops {
		t.Run(r.Name, func(t *testing.T) {
			in := valid(r)
			if err := verifyText(in.text()); err != nil {
				t.Fatalf("the valid instance is refused: %v\n%s", err, in.text())
			}
			// One input too many: past the optional scratch, and for a
			// window op past the most index offsets it takes.
			more := in
			extra := []string{"f32"}
			switch {
			case r.Offsets:
				extra = []string{"index", "index", "index"}
			case r.Scratch:
				extra = []string{tileT("16x16", "vec"), tileT("16x16", "vec")}
			}
			more.ins = append(slices.Clone(in.ins), extra...)
			want := "'tile." + r.Name + "' op expects "
			if r.Offsets {
				want = "index offsets; expected none, one"
			}
			refusedAtOp(t, "one input too many", more.text(), want)
			if len(in.ins) > 0 {
				fewer := in
				fewer.ins = in.ins[:len(in.ins)-1]
				if r.Form == tile.Stores {
					fewer.outs = []string{in.ins[0]}
				}
				refusedAtOp(t, "one input too few", fewer.text(), "'tile."+r.Name+"' op expects ")
			}
			for i, x := range r.Ins {
				if x.Kind != tile.TileIn || x.Spaces == "" {
					continue
				}
				bad := in
				bad.ins = slices.Clone(in.ins)
				bad.ins[i] = strings.Replace(bad.ins[i], ", "+firstSpace(x.Spaces)+">", ", "+otherSpace(x.Spaces)+">", 1)
				refusedAtOp(t, fmt.Sprintf("input #%d in a space the row does not allow", i), bad.text(), fmt.Sprintf("input #%d must be", i))
			}
			if r.Out != "" || r.Form == tile.Views {
				bad := in
				bad.outs = slices.Clone(in.outs)
				sp := strings.TrimSuffix(in.outs[0][strings.LastIndex(in.outs[0], ", ")+2:], ">")
				not := r.Out
				if not == "" {
					not = sp // a view's source's space
				}
				bad.outs[0] = strings.Replace(bad.outs[0], ", "+sp+">", ", "+otherSpace(not)+">", 1)
				want := "op result #0 must be"
				if r.Form == tile.Views {
					want = "a view stays in its source's space"
				}
				refusedAtOp(t, "the result in a space the row does not allow", bad.text(), want)
			}
			if bad, ok := wrongShape(in); ok {
				refusedAtOp(t, "a result shape the rule does not give", bad.text(), "'tile."+r.Name+"' op")
			}
		})
	}
}
