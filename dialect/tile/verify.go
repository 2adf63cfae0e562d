package tile

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/internal/checked"
)

func verifyOp(op *ir.Operation) error {
	if len(op.Results) == 0 {
		return ir.Errorf(op, "requires at least one result")
	}
	if seg := op.SegmentSizes("operandSegmentSizes"); seg != nil {
		if !op.Has(ir.DestinationStyle) {
			return ir.Errorf(op, "does not take an 'into' destination")
		}
		if len(seg) != 2 || seg[1] != 0 && seg[1] != len(op.Results) || seg[0]+seg[1] != len(op.Operands) {
			return ir.Errorf(op, "operandSegmentSizes must be [inputs, 0 or one destination per result]")
		}
	}
	for _, v := range op.Results {
		if t, ok := v.Type.(*Type); ok && t.HasStaticShape() && !t.SizeFits() {
			return ir.Errorf(op, "result type %s needs more than %d bytes", t, int64(math.MaxInt64))
		}
	}
	for i, d := range Dests(op) {
		bt, ok := d.Type.(*BufType)
		if !ok {
			return ir.Errorf(op, "destination must be a !tile.buf, got %s", d.Type)
		}
		if rs := SpaceOf(op.Results[i].Type); rs != bt.Space {
			return ir.Errorf(op, "destination space '%s' does not match the result space '%s'", bt.Space, rs)
		}
		off := DestOffsetFor(op, i)
		if off < 0 {
			return ir.Errorf(op, "destination offset must be non-negative")
		}
		t, ok := op.Results[i].Type.(*Type)
		if !ok || !t.HasStaticShape() {
			continue
		}
		end, fits := checked.Add(off, t.ByteSize())
		if !fits {
			return ir.Errorf(op, "result #%d of %d bytes at destination offset %d ends beyond the int64 range", i, t.ByteSize(), off)
		}
		// The destination's size is known when it is an allocation: a
		// tile that runs past its end would overwrite whatever the
		// planner puts next. A declared (pinned) allocation is exempt
		// until init-memref sizes it by its largest bound tile.
		if d.Op != nil && d.Op.Name == "tile.alloc" && !d.Op.HasAttr("pinned") {
			if size, ok := d.Op.IntAttrValue("size"); ok && end > size {
				return ir.Errorf(op, "result #%d needs bytes [%d, %d) of its destination, a %d-byte tile.alloc", i, off, end, size)
			}
		}
	}
	if a := op.Attr("pad"); a != nil {
		if r, ok := OpOf(op.Name); !ok || !r.PadAttr {
			return ir.Errorf(op, "takes no 'pad' attribute")
		}
		if s, ok := a.(*ir.StringAttr); !ok || pto.PadValues[s.Value] == 0 {
			return ir.Errorf(op, "'pad' must be \"zero\", \"max\" or \"min\", got %s", a)
		}
	}
	if r, ok := OpOf(op.Name); ok {
		return verifyRow(op, r)
	}
	return nil
}

// The general tile op verifier: every check here reads a column of the op's
// row in the table (Ins, Offsets, Out, Results, Shape, the scratch
// columns), so an op that passes it has the operands, spaces and shapes
// ptoas takes and accesses only bytes inside its tensors and source tiles
// (where offsets are static; the reference executor checks the others).

// verifyRow checks op against its row.
func verifyRow(op *ir.Operation, r *Op) error {
	if err := verifyInputs(op, r); err != nil {
		return err
	}
	if n := r.results(); len(op.Results) != n {
		return ir.Errorf(op, "expects %s, got %d", plural(n, "result"), len(op.Results))
	}
	if err := verifyResultSpaces(op, r); err != nil {
		return err
	}
	return verifyShape(op, r)
}

// results is how many results an op of the row has.
func (r *Op) results() int { return max(r.Results, 1) }

// expectedInputs is what op's inputs must be, in order, before any window
// offsets: the row's Ins with the scratch where the op has one (-1 in
// scratch when it has none) and without an input an attribute stands for.
func (r *Op) expectedInputs(op *ir.Operation) (want []In, scratch int) {
	scratch = ScratchOperand(op)
	for i, in := range r.Ins {
		if i == scratch {
			want = append(want, In{Kind: TileIn})
		}
		if in.Attr != "" && op.HasAttr(in.Attr) {
			continue
		}
		want = append(want, in)
	}
	if scratch == len(r.Ins) {
		want = append(want, In{Kind: TileIn})
	}
	return want, scratch
}

// signature describes the row's inputs for messages: "2 inputs (a vec
// tile, a scalar)", with the optional scratch and offsets.
func (r *Op) signature() string {
	var parts []string
	for _, in := range r.Ins {
		s := in.describe()
		if in.Attr != "" {
			s += " or the '" + in.Attr + "' attribute"
		}
		parts = append(parts, s)
	}
	text := plural(len(r.Ins), "input")
	if len(parts) > 0 {
		text += " (" + strings.Join(parts, ", ") + ")"
	}
	if r.Scratch {
		text += " and optionally a scratch tile"
	}
	if r.Offsets {
		text += " followed by 0, 1 or rank index offsets"
	}
	return text
}

func (in In) describe() string {
	switch in.Kind {
	case ScalarIn:
		return "a scalar"
	case TensorIn:
		return "a !tile.tensor"
	}
	if in.Spaces == "" {
		return "a tile"
	}
	return article(strings.Join(strings.Fields(in.Spaces), " or ")) + " tile"
}

// article puts "a" or "an" before a space name.
func article(s string) string {
	if s != "" && strings.ContainsRune("aeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// verifyInputs checks the number of inputs, what each is, its space,
// and the scratch.
func verifyInputs(op *ir.Operation, r *Op) error {
	inputs := Inputs(op)
	want, scratch := r.expectedInputs(op)
	for _, in := range r.Ins {
		if in.Attr != "" && op.HasAttr(in.Attr) && len(inputs) > len(want) && !r.Offsets {
			return ir.Errorf(op, "has both %s input and the '%s' attribute standing for it; give one", in.describe(), in.Attr)
		}
	}
	if len(inputs) < len(want) || !r.Offsets && len(inputs) > len(want) {
		return ir.Errorf(op, "expects %s, got %d", r.signature(), len(inputs))
	}
	for i, in := range want {
		if err := verifyInput(op, i, inputs[i], in); err != nil {
			return err
		}
	}
	for i := len(want); i < len(inputs); i++ {
		if inputs[i].Type != ir.Index {
			return ir.Errorf(op, "input #%d is an offset and must be an index, got %s", i, inputs[i].Type)
		}
	}
	if scratch >= 0 {
		return verifyScratch(op, r, scratch)
	}
	return nil
}

func verifyInput(op *ir.Operation, i int, v *ir.Value, in In) error {
	switch in.Kind {
	case TensorIn:
		if _, ok := v.Type.(*TensorType); !ok {
			return ir.Errorf(op, "input #%d must be a !tile.tensor, got %s", i, v.Type)
		}
	case ScalarIn:
		switch v.Type.(type) {
		case *Type, *TensorType, *BufType:
			return ir.Errorf(op, "input #%d must be a scalar, got %s", i, v.Type)
		}
		if _, elem, ok := ir.ShapeOf(op.Results[0].Type); ok && elem != nil && v.Type.String() != elem.String() {
			return ir.Errorf(op, "scalar input #%d is %s, the result's element type is %s", i, v.Type, elem)
		}
	default:
		t, ok := v.Type.(*Type)
		if !ok {
			return ir.Errorf(op, "input #%d must be %s, got %s", i, in.describe(), v.Type)
		}
		if in.Spaces != "" && !slices.Contains(strings.Fields(in.Spaces), t.Space) {
			return ir.Errorf(op, "input #%d must be %s, not %s tile", i, in.describe(), article(t.Space))
		}
	}
	return nil
}

// verifyScratch checks a given scratch tile: a tile in the space of the
// data it works on, and none of the op's other inputs (nor a view of the
// same bytes), since the instruction overwrites it while reading them.
func verifyScratch(op *ir.Operation, r *Op, k int) error {
	inputs := Inputs(op)
	st, ok := inputs[k].Type.(*Type)
	if !ok {
		return ir.Errorf(op, "input #%d is the scratch tile and must be a tile, got %s", k, inputs[k].Type)
	}
	if d := firstDataInput(op, r); d >= 0 {
		if dt := inputs[d].Type.(*Type); dt.Space != st.Space {
			return ir.Errorf(op, "the scratch tile (input #%d) must be in %s, as input #%d, not in %s", k, dt.Space, d, st.Space)
		}
	}
	root := viewRoot(inputs[k])
	for i, v := range inputs {
		if i != k && viewRoot(v) == root {
			return ir.Errorf(op, "the scratch tile (input #%d) is input #%d's bytes: the instruction overwrites its scratch while it reads its inputs", k, i)
		}
	}
	return nil
}

// firstDataInput is the index among op's inputs of its first tile input
// that is data (not a mask, tmp or the scratch), or -1.
func firstDataInput(op *ir.Operation, r *Op) int {
	for _, i := range dataInputs(op, r) {
		return i
	}
	return -1
}

// dataInputs are the indices among op's inputs of its data tiles: tile
// inputs but the row's NonData (masks, tmp tiles) and the scratch.
func dataInputs(op *ir.Operation, r *Op) []int {
	skip := map[int]bool{ScratchOperand(op): true}
	for _, i := range r.NonData {
		skip[InputIndex(op, i)] = true
	}
	var out []int
	for i, v := range Inputs(op) {
		if _, ok := v.Type.(*Type); ok && !skip[i] {
			out = append(out, i)
		}
	}
	return out
}

// viewRoot follows views to the value whose bytes v is.
func viewRoot(v *ir.Value) *ir.Value {
	for depth := 0; depth < 1<<16 && v.Op != nil && v.Op.Has(ir.ViewLike) && v.Op.Def.ViewSource < len(v.Op.Operands); depth++ {
		v = v.Op.Operands[v.Op.Def.ViewSource]
	}
	return v
}

// verifyResultSpaces checks where the results live: in the row's Out
// spaces, in a view's source's space, a store's result its tensor.
func verifyResultSpaces(op *ir.Operation, r *Op) error {
	inputs := Inputs(op)
	switch r.Form {
	case Stores:
		if op.Results[0].Type != inputs[1].Type {
			return ir.Errorf(op, "result must be the stored tensor's type %s, got %s", inputs[1].Type, op.Results[0].Type)
		}
		return nil
	case Views:
		t, ok := op.Results[0].Type.(*Type)
		if !ok {
			return ir.Errorf(op, "result must be a !tile.tile, got %s", op.Results[0].Type)
		}
		if src := inputs[0].Type.(*Type); src.Space != t.Space {
			return ir.Errorf(op, "a view stays in its source's space: the source is in %s, the result in %s", src.Space, t.Space)
		}
		return nil
	}
	for i, res := range op.Results {
		t, ok := res.Type.(*Type)
		if !ok {
			return ir.Errorf(op, "result must be a !tile.tile, got %s", res.Type)
		}
		if r.Out != "" && !slices.Contains(strings.Fields(r.Out), t.Space) {
			return ir.Errorf(op, "result #%d must be %s tile, not %s tile", i, article(strings.Join(strings.Fields(r.Out), " or ")), article(t.Space))
		}
	}
	return nil
}

// validShape is what an instruction computes on: the valid region, or the
// whole tile.
func validShape(t *Type) []int64 {
	if t.Valid != nil {
		return t.Valid
	}
	return t.Shape
}

// sameKnown reports whether two shapes have one rank and agree in every
// dimension known in both.
func sameKnown(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != ir.Dynamic && b[i] != ir.Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

// dimsDiffer reports whether two known dimensions differ.
func dimsDiffer(a, b int64) bool { return a != ir.Dynamic && b != ir.Dynamic && a != b }

// verifyShape applies the row's Shape rule.
func verifyShape(op *ir.Operation, r *Op) error {
	inputs := Inputs(op)
	res, _ := op.Results[0].Type.(*Type)
	tileIn := func(i int) *Type { t, _ := inputs[i].Type.(*Type); return t }
	switch r.Shape {
	case ShapeSame:
		for _, i := range dataInputs(op, r) {
			if t := tileIn(i); !sameKnown(validShape(t), validShape(res)) {
				return ir.Errorf(op, "input #%d has valid shape %s and the result %s: they must be equal", i, ir.FormatShape(validShape(t)), ir.FormatShape(validShape(res)))
			}
		}
	case ShapeSameStatic:
		if t := tileIn(0); !sameKnown(t.Shape, res.Shape) {
			return ir.Errorf(op, "input #0 has shape %s, the result %s: the result has its source's shape", ir.FormatShape(t.Shape), ir.FormatShape(res.Shape))
		}
	case ShapeRowReduce:
		return verifyRowReduce(op, tileIn(0), res)
	case ShapeRowWise:
		return verifyRowWise(op, tileIn(0))
	case ShapeRowBroadcast, ShapeColBroadcast:
		return verifyBroadcast(op, r, tileIn(0), tileIn(1), res)
	case ShapeTranspose:
		t := tileIn(0)
		if len(t.Shape) != 2 || len(res.Shape) != 2 || dimsDiffer(t.Shape[0], res.Shape[1]) || dimsDiffer(t.Shape[1], res.Shape[0]) {
			return ir.Errorf(op, "the transpose of a %s tile is %s, not %s", ir.FormatShape(t.Shape), ir.FormatShape(reversed(t.Shape)), ir.FormatShape(res.Shape))
		}
	case ShapeMatmul, ShapeGemv:
		return verifyMatmulShapes(op, r)
	case ShapeWindow:
		return verifyWindow(op, r)
	case ShapeSameBytes, ShapeWithinBytes:
		return verifyViewBytes(op, r, tileIn(0), res)
	}
	return nil
}

func reversed(s []int64) []int64 {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// verifyRowReduce: one value per row, N x 1 for N valid rows.
func verifyRowReduce(op *ir.Operation, in, res *Type) error {
	iv, rv := validShape(in), validShape(res)
	if len(iv) != 2 || len(rv) != 2 {
		return ir.Errorf(op, "reduces the rows of 2-D tiles, not %s to %s", in, res)
	}
	if dimsDiffer(rv[0], iv[0]) || dimsDiffer(rv[1], 1) {
		return ir.Errorf(op, "result valid shape %s is not %s: one value per row of the input's %s valid elements", ir.FormatShape(rv), ir.FormatShape([]int64{iv[0], 1}), ir.FormatShape(iv))
	}
	return nil
}

// verifyRowWise: every result keeps input 0's valid rows and at most its
// valid columns.
func verifyRowWise(op *ir.Operation, in *Type) error {
	iv := validShape(in)
	for i, r := range op.Results {
		rv := validShape(r.Type.(*Type))
		if len(iv) != 2 || len(rv) != 2 || dimsDiffer(rv[0], iv[0]) || rv[1] != ir.Dynamic && iv[1] != ir.Dynamic && rv[1] > iv[1] {
			return ir.Errorf(op, "result #%d has valid shape %s: a row-wise result keeps the input's %s rows and at most its columns", i, ir.FormatShape(rv), ir.FormatShape(iv))
		}
	}
	return nil
}

// verifyBroadcast: input 0 has the result's valid shape; input 1 has its
// valid rows (a row broadcast) or columns (a column broadcast).
func verifyBroadcast(op *ir.Operation, r *Op, a, b, res *Type) error {
	av, bv, rv := validShape(a), validShape(b), validShape(res)
	if len(av) != 2 || len(bv) != 2 || len(rv) != 2 {
		return ir.Errorf(op, "broadcasts 2-D tiles, not %s and %s to %s", a, b, res)
	}
	if !sameKnown(av, rv) {
		return ir.Errorf(op, "input #0 has valid shape %s, the result %s: the broadcast result has input #0's shape", ir.FormatShape(av), ir.FormatShape(rv))
	}
	d, what := 0, "rows"
	if r.Shape == ShapeColBroadcast {
		d, what = 1, "columns"
	}
	if dimsDiffer(bv[d], rv[d]) {
		return ir.Errorf(op, "input #1 has valid shape %s: it must have the result's %d valid %s (%s)", ir.FormatShape(bv), rv[d], what, ir.FormatShape(rv))
	}
	return nil
}

// verifyMatmulShapes: left M x K, right K x N, result and accumulator
// M x N; static shapes for matmul, valid shapes with M = 1 for gemv.
func verifyMatmulShapes(op *ir.Operation, r *Op) error {
	inputs := Inputs(op)
	k := len(r.Ins) - 2
	shape := func(v *ir.Value) []int64 {
		t := v.Type.(*Type)
		if r.Shape == ShapeGemv {
			return validShape(t)
		}
		return t.Shape
	}
	l, rt, d := shape(inputs[k]), shape(inputs[k+1]), shape(op.Results[0])
	what := "shapes"
	if r.Shape == ShapeGemv {
		what = "valid shapes"
	}
	if len(l) != 2 || len(rt) != 2 || len(d) != 2 {
		return ir.Errorf(op, "multiplies 2-D tiles, not %s x %s to %s", ir.FormatShape(l), ir.FormatShape(rt), ir.FormatShape(d))
	}
	if dimsDiffer(l[1], rt[0]) || dimsDiffer(l[0], d[0]) || dimsDiffer(rt[1], d[1]) {
		return ir.Errorf(op, "%s %s x %s do not make %s: left M x K times right K x N is M x N", what, ir.FormatShape(l), ir.FormatShape(rt), ir.FormatShape(d))
	}
	if r.Shape == ShapeGemv && dimsDiffer(l[0], 1) {
		return ir.Errorf(op, "multiplies a vector: the left operand's valid shape must be 1 x K, not %s", ir.FormatShape(l))
	}
	if k == 1 {
		if a := shape(inputs[0]); !sameKnown(a, d) {
			return ir.Errorf(op, "the accumulator has %s %s, the result %s", what, ir.FormatShape(a), ir.FormatShape(d))
		}
	}
	return nil
}

// verifyViewBytes: a reshape keeps its source's bytes, a reinterpret
// views at most them.
func verifyViewBytes(op *ir.Operation, r *Op, src, res *Type) error {
	if !src.HasStaticShape() || !res.HasStaticShape() {
		return nil
	}
	sb, rb := src.ByteSize(), res.ByteSize()
	switch {
	case r.Shape == ShapeSameBytes && rb != sb:
		return ir.Errorf(op, "a reshape keeps its source's bytes: the %s source has %d, the %s result %d", src, sb, res, rb)
	case rb > sb:
		return ir.Errorf(op, "the %s result needs %d bytes, more than the %d of its %s source", res, rb, sb, src)
	}
	return nil
}

// window is the two sides of a window op: the outer array (a tensor or a
// source tile) and the window tile, with what the op does to it.
type window struct {
	outer, win []int64
	outerWhat  string // "tensor", "source tile"
	verb       string // "reads", "writes"
}

func windowOf(op *ir.Operation, r *Op) (window, error) {
	inputs := Inputs(op)
	switch r.Form {
	case Stores:
		t := inputs[0].Type.(*Type)
		tt := inputs[1].Type.(*TensorType)
		if ir.ElementBitWidth(t.Elem) != ir.ElementBitWidth(tt.Elem) {
			return window{}, ir.Errorf(op, "stores a %s tile into a %s tensor: the element widths differ", t.Elem, tt.Elem)
		}
		return window{outer: tt.Shape, win: t.Shape, outerWhat: "tensor", verb: "writes"}, nil
	case Views:
		src := inputs[0].Type.(*Type)
		t := op.Results[0].Type.(*Type)
		if src.Elem != t.Elem {
			return window{}, ir.Errorf(op, "a window keeps its source's element type: the source has %s, the result %s", src.Elem, t.Elem)
		}
		return window{outer: src.Shape, win: t.Shape, outerWhat: "source tile", verb: "views"}, nil
	}
	tt := inputs[0].Type.(*TensorType)
	t, ok := op.Results[0].Type.(*Type)
	if !ok {
		return window{}, ir.Errorf(op, "result must be a !tile.tile, got %s", op.Results[0].Type)
	}
	if ir.ElementBitWidth(t.Elem) != ir.ElementBitWidth(tt.Elem) {
		return window{}, ir.Errorf(op, "loads a %s tensor into a %s tile: the element widths differ", tt.Elem, t.Elem)
	}
	return window{outer: tt.Shape, win: t.Shape, outerWhat: "tensor", verb: "reads"}, nil
}

// verifyWindow checks a load's, store's or slice's window: the rank of its
// tensor or source, non-negative offsets, and inside it where the
// offsets are static.
func verifyWindow(op *ir.Operation, r *Op) error {
	w, err := windowOf(op, r)
	if err != nil {
		return err
	}
	rank := len(w.outer)
	if len(w.win) != rank {
		return ir.Errorf(op, "a window of a rank-%d %s must be rank %d, not %d", rank, w.outerWhat, rank, len(w.win))
	}
	offs, err := StaticOffsets(op, rank)
	if err != nil {
		return err
	}
	idx := len(Inputs(op)) - len(r.Ins)
	if idx != 0 && idx != 1 && idx != rank {
		return ir.Errorf(op, "has %d index offsets; expected none, one (a step index) or %d (one per dimension)", idx, rank)
	}
	if a, ok := op.Attr("sizes").(*ir.ArrayAttr); ok && r.Form == Views {
		if sizes, ok := intElems(a); !ok || !slices.Equal(sizes, w.win) {
			return ir.Errorf(op, "'sizes' %s must be the result's shape %s", ir.ElidedString(a), ir.FormatShape(w.win))
		}
	}
	for d := range rank {
		if dimsDiffer(w.win[d], w.outer[d]) && w.win[d] > w.outer[d] {
			return ir.Errorf(op, "a %s window is larger than its %s %s", ir.FormatShape(w.win), ir.FormatShape(w.outer), w.outerWhat)
		}
		if idx != 0 || w.win[d] == ir.Dynamic || w.outer[d] == ir.Dynamic {
			continue
		}
		if end, ok := checked.Add(offs[d], w.win[d]); !ok || end > w.outer[d] {
			return ir.Errorf(op, "%s elements %s of dimension %d, outside its %s %s (the %s window at offsets %s)", w.verb, ElementRange(offs[d], w.win[d]), d, ir.FormatShape(w.outer), w.outerWhat, ir.FormatShape(w.win), formatInts(offs))
		}
	}
	return nil
}

// StaticOffsets reads the `offsets` attribute of a window op (zeros when
// it has none): rank non-negative integers.
func StaticOffsets(op *ir.Operation, rank int) ([]int64, error) {
	a := op.Attr("offsets")
	if a == nil {
		return make([]int64, rank), nil
	}
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, ir.Errorf(op, "'offsets' must be an array of integers, got %s", ir.ElidedString(a))
	}
	offs, ok := intElems(arr)
	if !ok {
		return nil, ir.Errorf(op, "'offsets' must be an array of integers, got %s", ir.ElidedString(a))
	}
	if len(offs) != rank {
		return nil, ir.Errorf(op, "has %d offsets for rank %d", len(offs), rank)
	}
	for d, o := range offs {
		if o < 0 {
			return nil, ir.Errorf(op, "offset %d of dimension %d is negative", o, d)
		}
	}
	return offs, nil
}

// ElementRange is the half-open range of n elements from start, "[16,
// 32)", for messages; a range whose end is past int64 says so.
func ElementRange(start, n int64) string {
	if end, ok := checked.Add(start, n); ok {
		return fmt.Sprintf("[%d, %d)", start, end)
	}
	return fmt.Sprintf("[%d, %d + %d)", start, start, n)
}

func intElems(a *ir.ArrayAttr) ([]int64, bool) {
	out := make([]int64, len(a.Elems))
	for i, e := range a.Elems {
		n, ok := e.(*ir.IntegerAttr)
		if !ok || n.Big != "" {
			return nil, false
		}
		out[i] = n.Value
	}
	return out, true
}

func formatInts(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
