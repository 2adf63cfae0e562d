package docgen

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The reference shows each tile op written out once: a line a newcomer
// can copy, with its operands in order and their types, so that which
// operand is the N x 1 column of a row_expand, or the accumulator of a
// matmul_acc, is read off the types. The lines are made from the op's
// row of the table, not written by hand, and each is read and verified
// as a kernel before it is shown: a row the verifier would refuse an
// example of has none, and the docs test fails.

// examplesSection writes every tile op's example, with its operands
// named for what they are.
func examplesSection(b *bytes.Buffer) {
	b.WriteString(`
### Each op written out

One line per op, as a kernel writes it before planning (no ` + "`into`" + `: the
planning passes add it; no scratch operand: ` + "`materialize-scratch`" + ` adds it). The
operands are in order and the types say what each is: the N x 1 column of
a row broadcast, the accumulator of ` + "`matmul_acc`" + ` (first, in acc), the mask
and tmp of ` + "`sel`" + `. Each line is read and verified when the docs are made, and
converts to ptoas input for ascend910b or ascend950 unless marked.

` + "```mlir" + `
`)
	for _, r := range tile.Ops {
		line, lowered := Example(r)
		note := ""
		if !lowered {
			note = " (not converted to ptoas input)"
		}
		fmt.Fprintf(b, "// tile.%s: %s%s\n%s\n", r.Name, r.Doc, note, line)
	}
	b.WriteString("```\n")
}

// exampleShape is the result shape of the examples (16 rows, 64
// columns: not square, so that transposes and reductions show).
const exRows, exCols = 16, 64

// exampleElems are the element types an example is tried with, in
// order (bitwise ops take integers).
var exampleElems = []string{"f32", "i32", "f16"}

// Example returns a one-line example of the tile op r that reads and
// verifies and, when lowered says so, that convert-tile-to-pto turns
// into ptoas input for a built-in target (after planning); "" if none
// of the tries verifies. The element types are tried in order, first
// for one ptoas takes.
func Example(r tile.Op) (line string, lowered bool) {
	for _, v := range exampleVariants {
		for _, elem := range exampleElems {
			l, args := exampleLine(r, elem, v)
			if exampleLowers(l, args) {
				return l, true
			}
		}
	}
	for _, elem := range exampleElems {
		l, args := exampleLine(r, elem, exampleVariants[0])
		if exampleVerifies(l, args) == nil {
			return l, false
		}
	}
	return "", false
}

// variant is a choice of the shapes an example is tried with where ptoas
// wants more than the tile verifier: a broadcast operand one value per
// row (N x 1), or one 32-byte block per row, which some of ptoas's
// row-broadcast instructions take.
type variant struct{ blockPerRow bool }

var exampleVariants = []variant{{}, {blockPerRow: true}}

// exampleLine writes r's op with inputs of element type elem; args are
// the kernel arguments (name: type) its operands come from.
func exampleLine(r tile.Op, elem string, v variant) (line string, args []string) {
	tileT := func(rows, cols int, elem, space string) string {
		return fmt.Sprintf("!tile.tile<%dx%dx%s, %s>", rows, cols, elem, space)
	}
	firstSpace := func(spaces, fallback string) string {
		if f := strings.Fields(spaces); len(f) > 0 {
			return f[0]
		}
		return fallback
	}
	inSpace := firstSpace(inSpaceOf(r), "vec")
	outSpace := firstSpace(r.Out, inSpace)
	if r.Copies && r.Out == "" && inSpace == "vec" {
		inSpace, outSpace = "mat", "left" // a copy between two spaces
	}
	// The shapes of input 0, input 1 and the result.
	rows, cols := exRows, exCols
	in0 := [2]int{rows, cols}
	in1 := [2]int{rows, cols}
	res := [2]int{rows, cols}
	resElem := elem
	in1Elem := elem
	switch r.Shape {
	case tile.ShapeRowReduce:
		res = [2]int{rows, 1}
	case tile.ShapeRowWise:
		res = [2]int{rows, 8}
	case tile.ShapeRowBroadcast:
		in1 = [2]int{rows, 1}
		if v.blockPerRow {
			in1 = [2]int{rows, 32 / elemBytes(elem)}
		}
	case tile.ShapeColBroadcast:
		in1 = [2]int{1, cols}
	case tile.ShapeTranspose:
		res = [2]int{cols, rows}
	case tile.ShapeMatmul, tile.ShapeGemv:
		m := rows
		if r.Shape == tile.ShapeGemv {
			m = 1
		}
		in0, in1, res = [2]int{m, 32}, [2]int{32, cols}, [2]int{m, cols}
		elem, in1Elem, resElem = "f16", "f16", "f32"
	case tile.ShapeWindow:
		if r.Form == tile.Views {
			in0 = [2]int{2 * rows, cols}
		}
	case tile.ShapeSameBytes:
		res = [2]int{2 * rows, cols / 2}
	}
	if r.Form == tile.Accumulates {
		// The accumulator comes first and is the result.
		in0, in1 = res, in0
	}
	var operands, types []string
	names := map[string]int{}
	name := func(base string) string {
		names[base]++
		if names[base] > 1 {
			return fmt.Sprintf("%%%s%d", base, names[base])
		}
		return "%" + base
	}
	tileNames := []string{"a", "b", "c", "d"}
	tiles := 0
	for i, in := range r.Ins {
		var n, t string
		switch {
		case in.Attr != "":
			continue // the attribute form is shown: fewer arguments
		case in.Kind == tile.ScalarIn:
			n, t = name("s"), elem
		case in.Kind == tile.TensorIn:
			base := "in"
			if r.Form == tile.Stores {
				base = "out"
			}
			n, t = name(base), "!tile.tensor<64x64x"+elem+">"
		default:
			space := firstSpace(in.Spaces, inSpace)
			var base string
			switch {
			case isNonData(r, i) && i == 0:
				base = "mask"
			case isNonData(r, i):
				base = "tmp"
			case space == "left" || space == "right" || space == "acc":
				base = space // the cube's operands are named by their space
			case i == 1 && r.Shape == tile.ShapeRowBroadcast:
				base = "col" // one value per row
			case i == 1 && r.Shape == tile.ShapeColBroadcast:
				base = "row" // one value per column
			default:
				base = tileNames[min(tiles, len(tileNames)-1)]
				tiles++
			}
			shape, e := in0, elem
			switch {
			case r.Form == tile.Accumulates && i == 0:
				e = resElem
			case r.Form == tile.Accumulates && i == 1:
				shape = in1
			case r.Form == tile.Accumulates && i == 2:
				shape, e = [2]int{in1[1], res[1]}, in1Elem
			case i == 1 && r.Form != tile.Accumulates:
				shape, e = in1, in1Elem
			}
			n, t = name(base), tileT(shape[0], shape[1], e, space)
		}
		operands = append(operands, n)
		types = append(types, t)
		args = append(args, n+": "+t)
	}
	var attrs []string
	for _, in := range r.Ins {
		if in.Attr != "" {
			attrs = append(attrs, fmt.Sprintf("%s = 1.000000e+00 : %s", in.Attr, elem))
		}
	}
	if r.Shape == tile.ShapeWindow {
		attrs = append(attrs, "offsets = [0, 0]")
		if r.Form == tile.Views {
			attrs = append(attrs, fmt.Sprintf("sizes = [%d, %d]", res[0], res[1]))
		}
	}
	if r.PadAttr {
		attrs = append(attrs, `pad = "max"`)
	}
	result := tileT(res[0], res[1], resElem, outSpace)
	switch {
	case r.Form == tile.Stores:
		result = types[len(types)-1]
	case r.Shape == tile.ShapeWithinBytes:
		result = tileT(res[0], res[1], "i32", outSpace)
		if elem == "i32" {
			result = tileT(res[0], res[1], "f32", outSpace)
		}
	}
	results := []string{result}
	lhs := "%r"
	if n := max(r.Results, 1); n > 1 {
		var names []string
		for i := range n {
			names = append(names, fmt.Sprintf("%%r%d", i))
			if i > 0 {
				results = append(results, result)
			}
		}
		lhs = strings.Join(names, ", ")
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s = tile.%s", lhs, r.Name)
	if len(operands) > 0 {
		sb.WriteString(" " + strings.Join(operands, ", "))
	}
	if len(attrs) > 0 {
		sb.WriteString(" {" + strings.Join(attrs, ", ") + "}")
	}
	resText := strings.Join(results, ", ")
	if len(results) > 1 {
		resText = "(" + resText + ")"
	}
	fmt.Fprintf(&sb, " : (%s) -> %s", strings.Join(types, ", "), resText)
	return sb.String(), args
}

// elemBytes is the bytes of the examples' element types.
func elemBytes(elem string) int {
	if elem == "f16" {
		return 2
	}
	return 4
}

// inSpaceOf is the spaces of r's first tile input ("" if it has none).
func inSpaceOf(r tile.Op) string {
	for _, in := range r.Ins {
		if in.Kind == tile.TileIn {
			return in.Spaces
		}
	}
	return r.Out
}

func isNonData(r tile.Op, i int) bool {
	for _, k := range r.NonData {
		if k == i {
			return true
		}
	}
	return false
}

// exampleKernel is line as the body of a function taking args.
func exampleKernel(line string, args []string) string {
	return "func.func @example(" + strings.Join(args, ", ") + ") {\n  " + line + "\n  return\n}\n"
}

// loweringKernel is exampleKernel as the conversion takes it: kernels
// take global tensors and scalars, so the tile operands are made in the
// function (tile.create, a tile of any space with no contents).
func loweringKernel(line string, args []string) string {
	var params []string
	var sb strings.Builder
	for _, a := range args {
		name, typ, _ := strings.Cut(a, ": ")
		if strings.HasPrefix(typ, "!tile.tile<") {
			fmt.Fprintf(&sb, "  %s = tile.create : () -> %s\n", name, typ)
			continue
		}
		params = append(params, a)
	}
	return "func.func @example(" + strings.Join(params, ", ") + ") {\n" + sb.String() + "  " + line + "\n  return\n}\n"
}

// exampleVerifies reads the example's kernel and runs the verifier on it.
func exampleVerifies(line string, args []string) error {
	m, err := parser.New(parser.Options{}).ParseText("example.mlir", exampleKernel(line, args))
	if err == nil {
		err = ir.Verify(m)
	}
	return err
}

// exampleLowers plans the example's kernel and converts it to the pto
// dialect for each built-in Ascend target in turn: true if one of them
// takes it (the conversion checks its output with ptoas's rules).
func exampleLowers(line string, args []string) bool {
	pl, tgts := exampleLowering()
	for _, tgt := range tgts {
		m, err := parser.New(parser.Options{}).ParseText("example.mlir", loweringKernel(line, args))
		if err != nil || ir.Verify(m) != nil {
			return false
		}
		mgr := &pass.Manager{Pipeline: pl, Target: tgt}
		if _, err := mgr.Run(m); err == nil {
			return true
		}
	}
	return false
}

// exampleLowering is the pipeline and the targets exampleLowers tries, made
// once: every op's every try uses them.
var exampleLowering = sync.OnceValues(func() (*pass.Pipeline, []*targets.Target) {
	pl, err := pass.ParsePipeline("builtin.module(func.func(pto-memory-plan{planner=dsa-rp}),convert-tile-to-pto)")
	if err != nil {
		panic(err) // the pipeline is this file's, not the user's
	}
	var tgts []*targets.Target
	for _, name := range []string{"ascend910b", "ascend950"} {
		tgt, err := targets.Load(name)
		if err != nil {
			panic(err) // built in
		}
		tgts = append(tgts, tgt)
	}
	return pl, tgts
})
