package dialect

import (
	"fmt"
	"strconv"
	"strings"
)

// The pto dialect: the input language of the ptoas assembler. pto-opt emits
// it from tile kernels (convert-tile-to-pto). Ops are destination-passing:
// inputs in ins(...), the written tile in outs(...).

// PTOTileBufType is !pto.tile_buf<space, RxCxT[, valid=RxC][, blayout=..]
// [, slayout=..][, fractal=N][, pad=N]>, ptoas's compact syntax: a tile buffer with
// its valid region and element layout when they differ from the defaults.
type PTOTileBufType struct {
	DialectType
	Space  string
	Shape  []int64
	Elem   Type
	Valid  []int64 // nil: the whole tile
	Layout TileLayout
	s      string
}

// TileLayout is how a tile buffer's elements are arranged in memory
// (ptoas's blayout, slayout and fractal size). Empty fields are ptoas's
// defaults: row_major boxes, none_box, 512-byte fractals.
type TileLayout struct {
	BLayout string
	SLayout string
	Fractal int64
	// Pad is the value ptoas's tfillpad writes outside the valid region
	// (PadZero, PadMax, PadMin); 0 is none.
	Pad int64
}

// ptoas's pad values (its PadValue enum).
const (
	PadZero int64 = 1
	PadMax  int64 = 2
	PadMin  int64 = 3
)

// PadValues names the pad values (tile.fillpad's `pad` attribute).
var PadValues = map[string]int64{"zero": PadZero, "max": PadMax, "min": PadMin}

func (t *PTOTileBufType) String() string                { return t.s }
func (t *PTOTileBufType) ShapeAndElem() ([]int64, Type) { return t.Shape, t.Elem }

// ValidShape is the valid region's shape: Valid, or the whole shape.
func (t *PTOTileBufType) ValidShape() []int64 {
	if t.Valid != nil {
		return t.Valid
	}
	return t.Shape
}

// PTOTileBuf returns the uniqued !pto.tile_buf type with default layout.
func PTOTileBuf(space string, shape []int64, elem Type) Type {
	return PTOTileBufOf(space, shape, elem, nil, TileLayout{})
}

// PTOTileBufOf returns the uniqued !pto.tile_buf type with a valid region
// (nil: all of it) and a layout.
func PTOTileBufOf(space string, shape []int64, elem Type, valid []int64, l TileLayout) Type {
	s := "!pto.tile_buf<" + space + ", " + FormatShape(shape) + "x" + elem.String()
	if valid != nil {
		s += ", valid=" + FormatShape(valid)
	}
	if l.BLayout != "" {
		s += ", blayout=" + l.BLayout
	}
	if l.SLayout != "" {
		s += ", slayout=" + l.SLayout
	}
	if l.Fractal != 0 {
		s += ", fractal=" + strconv.FormatInt(l.Fractal, 10)
	}
	if l.Pad != 0 {
		s += ", pad=" + strconv.FormatInt(l.Pad, 10)
	}
	s += ">"
	return intern(s, func() *PTOTileBufType {
		t := &PTOTileBufType{Space: space, Shape: append([]int64(nil), shape...), Elem: elem, Layout: l, s: s}
		if valid != nil {
			t.Valid = append([]int64(nil), valid...)
		}
		return t
	})
}

// parsePTOTileBuf reads the body of a compact !pto.tile_buf.
func parsePTOTileBuf(body string) (Type, error) {
	parts := splitTopLevel(body)
	if len(parts) < 2 {
		return nil, fmt.Errorf("expected !pto.tile_buf<space, shape x element type>")
	}
	shape, elem, ok := ParseShapeElem(parts[1])
	if !ok {
		return nil, fmt.Errorf("invalid !pto.tile_buf shape %q", parts[1])
	}
	var valid []int64
	var l TileLayout
	for _, kv := range parts[2:] {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok {
			return nil, fmt.Errorf("expected key=value in !pto.tile_buf, got %q", kv)
		}
		switch k {
		case "valid":
			vs, _, ok := ParseShapeElem(v + "xi8")
			if !ok || len(vs) != len(shape) {
				return nil, fmt.Errorf("invalid !pto.tile_buf valid shape %q", v)
			}
			valid = vs
		case "blayout":
			l.BLayout = v
		case "slayout":
			l.SLayout = v
		case "fractal":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("invalid !pto.tile_buf fractal %q", v)
			}
			l.Fractal = n
		case "pad":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > PadMin {
				return nil, fmt.Errorf("invalid !pto.tile_buf pad %q (0 to 3)", v)
			}
			l.Pad = n
		default:
			return nil, fmt.Errorf("unknown key %q in !pto.tile_buf", k)
		}
	}
	return PTOTileBufOf(strings.TrimSpace(parts[0]), shape, elem, valid, l), nil
}

// PTOViewType is !pto.tensor_view<shape x elem> or
// !pto.partition_tensor_view<shape x elem>: global-memory operands.
type PTOViewType struct {
	DialectType
	Kind  string // tensor_view or partition_tensor_view
	Shape []int64
	Elem  Type
	s     string
}

func (t *PTOViewType) String() string                { return t.s }
func (t *PTOViewType) ShapeAndElem() ([]int64, Type) { return t.Shape, t.Elem }

// PTOView returns the uniqued view type.
func PTOView(kind string, shape []int64, elem Type) Type {
	s := "!pto." + kind + "<" + FormatShape(shape) + "x" + elem.String() + ">"
	return intern(s, func() *PTOViewType {
		return &PTOViewType{Kind: kind, Shape: append([]int64(nil), shape...), Elem: elem, s: s}
	})
}

// PTOPtrType is !pto.ptr<T>: a global-memory pointer, the kernel
// argument ptoas expects (views are built from it with make_tensor_view).
type PTOPtrType struct {
	DialectType
	Elem Type
	s    string
}

func (t *PTOPtrType) String() string { return t.s }

// PTOPtr returns the uniqued !pto.ptr type.
func PTOPtr(elem Type) Type {
	s := "!pto.ptr<" + elem.String() + ">"
	return intern(s, func() *PTOPtrType { return &PTOPtrType{Elem: elem, s: s} })
}

func parsePTOType(name, body string) (Type, error) {
	switch name {
	case "ptr":
		elem := ScalarType(strings.TrimSpace(body))
		if elem == nil {
			return nil, fmt.Errorf("invalid !pto.ptr element type %q", body)
		}
		return PTOPtr(elem), nil
	case "tile_buf":
		return parsePTOTileBuf(body)
	case "tensor_view", "partition_tensor_view":
		shape, elem, ok := ParseShapeElem(body)
		if !ok {
			return nil, fmt.Errorf("invalid !pto.%s shape %q", name, body)
		}
		return PTOView(name, shape, elem), nil
	}
	text := "!pto." + name
	if body != "" {
		text += "<" + body + ">"
	}
	return Opaque(text), nil
}

// PTOComputeOps are the destination-passing ptoas instructions the pto
// dialect registers (ins(...) outs(...)): the ones convert-tile-to-pto
// emits and textract, which pto-opt only accepts. The tile dialect's test
// checks that every instruction its op table lowers to is here.
var PTOComputeOps = []string{
	"tload", "tstore", "tmov", "texpands", "tmatmul", "tmatmul.acc", "tgemv", "tgemv.acc",
	"tadd", "tsub", "tmul", "tdiv", "tmax", "tmin", "tand", "tor", "txor",
	"tadds", "tsubs", "tmuls", "tdivs", "tmaxs", "tmins",
	"texp", "tlog", "tsqrt", "tabs", "tneg", "trelu", "tnot", "tfillpad", "trecip", "trsqrt",
	"trem", "trems", "tfmod", "tfmods", "ttrans",
	"trowsum", "trowmax", "trowmin",
	"trowexpand", "trowexpandmul", "trowexpandadd", "trowexpandsub", "trowexpanddiv",
	"tcolexpand", "tcolexpandmul", "tcolexpandadd", "tcolexpandsub", "tcolexpanddiv",
	"tsel", "tsels", "tprelu", "tcvt", "textract",
}

// PTOViewCastOps are ptoas's SSA views of a tile buffer: the same bytes
// with another shape (treshape) or element type (bitcast).
var PTOViewCastOps = []string{"treshape", "bitcast"}

func init() {
	RegisterDialect("pto")
	RegisterTypeParser("pto", parsePTOType)
}

func init() {
	Register(
		&OpDef{
			Name: "pto.alloc_tile", Summary: "a tile buffer, at a fixed address when addr is given",
			Traits:   AllocLike,
			Effects:  []Effect{{Kind: Allocate, Operand: -1, Result: 0}},
			Parse:    parseAllocTile,
			Print:    printAllocTile,
			NameHint: func(*Operation) []string { return []string{"tile"} },
			Verify: func(op *Operation) error {
				if len(op.Operands) > 1 || len(op.Results) != 1 {
					return Errorf(op, "takes at most one address operand and returns one tile buffer")
				}
				if _, ok := op.Results[0].Type.(*PTOTileBufType); !ok {
					return Errorf(op, "result must be a !pto.tile_buf")
				}
				return nil
			},
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "pto.make_tensor_view", Summary: "a global tensor view of a pointer argument, with index shape and strides",
			Traits:   Pure,
			Inherent: []string{"operandSegmentSizes"},
			Parse:    parseMakeTensorView,
			Print:    printMakeTensorView,
			Verify:   verifyMakeTensorView,
			NameHint: func(*Operation) []string { return []string{"view"} },
		},
		&OpDef{
			Name: "pto.partition_view", Summary: "a window of a global tensor view (the operand of tload/tstore)",
			Traits:     ViewLike | Pure,
			ViewSource: 0,
			Inherent:   []string{"operandSegmentSizes"},
			Parse:      parsePartitionView,
			Print:      printPartitionView,
			Verify:     verifyPartitionView,
			NameHint:   func(*Operation) []string { return []string{"part"} },
		},
		&OpDef{
			Name: "pto.subset", Summary: "a window of a tile buffer at index offsets (a tile.slice)",
			InferResults: inferSubset,
			Traits:       ViewLike | Pure,
			ViewSource:   0,
			Inherent:     []string{"sizes"},
			Parse:        parseSubset,
			Print:        printSubset,
			Verify:       verifySubset,
			NameHint:     func(*Operation) []string { return []string{"sub"} },
		},
	)
}

func init() {
	for _, n := range PTOViewCastOps {
		Register(&OpDef{
			Name: "pto." + n, Summary: "ptoas view " + n + ": the source's bytes with another shape or element type",
			Traits:     ViewLike | Pure,
			ViewSource: 0,
			Parse:      parseViewCast,
			Print:      printViewCast,
			Verify: func(op *Operation) error {
				if err := verifyCounts(op, 1, 1); err != nil {
					return err
				}
				for _, t := range []Type{op.Operands[0].Type, op.Results[0].Type} {
					if _, ok := t.(*PTOTileBufType); !ok {
						return Errorf(op, "source and result must be !pto.tile_buf, got %s", t)
					}
				}
				return nil
			},
		})
	}
}

func init() {
	for _, n := range PTOComputeOps {
		Register(&OpDef{
			Name: "pto." + n, Summary: "ptoas instruction " + n,
			Traits:   HasSideEffects,
			Inherent: []string{"operandSegmentSizes"},
			Effects:  []Effect{{Kind: Read, Operand: AllOperands, Result: -1}},
			Parse:    parseInsOuts,
			Print:    printInsOuts,
			Verify: func(op *Operation) error {
				seg := op.SegmentSizes("operandSegmentSizes")
				if len(seg) != 2 || seg[0] < 0 || seg[1] < 0 || seg[0]+seg[1] != len(op.Operands) {
					return Errorf(op, "operandSegmentSizes must be [ins, outs]")
				}
				return verifyCounts(op, -1, 0)
			},
		})
	}
}

func parseAllocTile(p AsmParser, st *OperationState) error {
	if p.ParseOptionalKeyword("addr") {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		a, err := p.ParseOperand()
		if err != nil {
			return err
		}
		st.Operands = []OperandRef{a}
		st.OperandTypes = []Type{I64}
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.ResultTypes = []Type{t}
	return nil
}

func printAllocTile(p AsmPrinter, op *Operation) {
	if len(op.Operands) == 1 {
		p.Write(" addr = ")
		p.Operand(op.Operands[0])
	}
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

func parseInsOuts(p AsmParser, st *OperationState) error {
	var counts [2]int64
	for i, kw := range []string{"ins", "outs"} {
		if !p.ParseOptionalKeyword(kw) {
			continue
		}
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		n, err := parseTypedOperands(p, st, "in "+kw+"(...)")
		if err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		counts[i] = int64(n)
	}
	st.AddAttr("operandSegmentSizes", I32Array(counts[0], counts[1]))
	return parseTrailingAttrDict(p, st)
}

func printInsOuts(p AsmPrinter, op *Operation) {
	for i, kw := range []string{"ins", "outs"} {
		vs := op.OperandSegment(i)
		if len(vs) == 0 {
			continue
		}
		p.Write(" " + kw + "(")
		p.Operands(vs)
		p.Write(" : ")
		p.Types(ValueTypes(vs))
		p.Write(")")
	}
	p.AttrDict(op, "operandSegmentSizes")
}

// pto.make_tensor_view %ptr, shape = [%d0, %d1], strides = [%s0, %s1]
//
//	: !pto.tensor_view<?x?xT>
//
// One index shape value and one index stride value per dimension of the
// result (its rank).
func parseMakeTensorView(p AsmParser, st *OperationState) error {
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	lists, err := parseNamedOperandLists(p, st, "shape", "strides")
	if err != nil {
		return err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	tv, ok := t.(*PTOViewType)
	if !ok {
		return p.Errorf("expected a !pto.tensor_view result type")
	}
	st.Operands = append(append([]OperandRef{ptr}, lists[0]...), lists[1]...)
	st.OperandTypes = append([]Type{PTOPtr(tv.Elem)}, indexTypes(len(lists[0])+len(lists[1]))...)
	st.AddAttr("operandSegmentSizes", I32Array(1, int64(len(lists[0])), int64(len(lists[1]))))
	st.ResultTypes = []Type{t}
	return nil
}

func printMakeTensorView(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	printNamedOperandLists(p, op, "shape", "strides")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

func verifyMakeTensorView(op *Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != 1 || seg[0]+seg[1]+seg[2] != len(op.Operands) || len(op.Results) != 1 {
		return Errorf(op, "takes a pointer, shape and strides and returns one tensor view")
	}
	ptr, ok := op.Operands[0].Type.(*PTOPtrType)
	if !ok {
		return Errorf(op, "source must be a !pto.ptr, got %s", op.Operands[0].Type)
	}
	tv, ok := op.Results[0].Type.(*PTOViewType)
	if !ok || tv.Kind != "tensor_view" {
		return Errorf(op, "result must be a !pto.tensor_view, got %s", op.Results[0].Type)
	}
	if tv.Elem != ptr.Elem {
		return Errorf(op, "result element type %s differs from the pointer's %s", tv.Elem, ptr.Elem)
	}
	if seg[1] != len(tv.Shape) || seg[2] != len(tv.Shape) {
		return Errorf(op, "expects %d shape and %d stride values (the result's rank)", len(tv.Shape), len(tv.Shape))
	}
	return checkIndexOperands(op, 1)
}

// parseNamedOperandLists reads `, kw = [%a, %b]` for each keyword, then
// an optional attribute dictionary: the operand lists of make_tensor_view
// and partition_view.
func parseNamedOperandLists(p AsmParser, st *OperationState, kws ...string) ([][]OperandRef, error) {
	lists := make([][]OperandRef, len(kws))
	for i, kw := range kws {
		if err := p.ParsePunct(","); err != nil {
			return nil, err
		}
		if err := p.ParseKeyword(kw); err != nil {
			return nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		var err error
		if lists[i], err = p.ParseOperandList("["); err != nil {
			return nil, err
		}
	}
	return lists, parseTrailingAttrDict(p, st)
}

// printNamedOperandLists writes `, kw = [...]` for segments 1.. of op.
func printNamedOperandLists(p AsmPrinter, op *Operation, kws ...string) {
	for i, kw := range kws {
		p.Write(", " + kw + " = [")
		p.Operands(op.OperandSegment(i + 1))
		p.Write("]")
	}
	p.AttrDict(op, "operandSegmentSizes")
}

// pto.partition_view %src, offsets = [%o0, %o1], sizes = [%r, %c]
//
//	: !pto.tensor_view<...> -> !pto.partition_tensor_view<RxCxT>
//
// Offsets and sizes are index values, one per dimension (ptoas's form);
// the static sizes are the result's shape.
func parsePartitionView(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	lists, err := parseNamedOperandLists(p, st, "offsets", "sizes")
	if err != nil {
		return err
	}
	srcT, resT, err := parseTypePair(p, st, "->")
	if err != nil {
		return err
	}
	st.Operands = append(append([]OperandRef{src}, lists[0]...), lists[1]...)
	st.OperandTypes = append([]Type{srcT}, indexTypes(len(lists[0])+len(lists[1]))...)
	st.AddAttr("operandSegmentSizes", I32Array(1, int64(len(lists[0])), int64(len(lists[1]))))
	st.ResultTypes = []Type{resT}
	return nil
}

func printPartitionView(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	printNamedOperandLists(p, op, "offsets", "sizes")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" -> ")
	p.Type(op.Results[0].Type)
}

func verifyPartitionView(op *Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != 1 || seg[0]+seg[1]+seg[2] != len(op.Operands) || len(op.Results) != 1 {
		return Errorf(op, "takes a source view, offsets and sizes and returns one partition view")
	}
	src, ok := op.Operands[0].Type.(*PTOViewType)
	if !ok {
		return Errorf(op, "source must be a !pto.tensor_view or !pto.partition_tensor_view, got %s", op.Operands[0].Type)
	}
	res, ok := op.Results[0].Type.(*PTOViewType)
	if !ok || res.Kind != "partition_tensor_view" {
		return Errorf(op, "result must be a !pto.partition_tensor_view, got %s", op.Results[0].Type)
	}
	if seg[1] != len(src.Shape) {
		return Errorf(op, "expects %d offsets (one per source dimension), got %d", len(src.Shape), seg[1])
	}
	if seg[2] != len(res.Shape) {
		return Errorf(op, "expects %d sizes (one per result dimension), got %d", len(res.Shape), seg[2])
	}
	if res.Elem != src.Elem {
		return Errorf(op, "result element type %s differs from the source's %s", res.Elem, src.Elem)
	}
	return checkIndexOperands(op, 1)
}

// pto.subset %src[%i, %j] sizes [R, C] : !pto.tile_buf<...>
//
// The type is the source's; the result is the R x C window of it at the
// index offsets, in the same space with the same element type.
func parseSubset(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	offs, err := p.ParseOperandList("[")
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("sizes"); err != nil {
		return err
	}
	sizes, err := parseIntList(p)
	if err != nil {
		return err
	}
	st.AddAttr("sizes", I64Array(sizes...))
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	tb, ok := t.(*PTOTileBufType)
	if !ok {
		return p.Errorf("expected a !pto.tile_buf source type")
	}
	st.Operands = append([]OperandRef{src}, offs...)
	st.OperandTypes = append([]Type{t}, indexTypes(len(offs))...)
	st.ResultTypes = []Type{PTOTileBufOf(tb.Space, sizes, tb.Elem, nil, tb.Layout)}
	return nil
}

// inferSubset sets a parsed pto.subset's result to the type ptoas infers
// (PTOSubsetType), now that the offsets are known values.
func inferSubset(op *Operation) {
	src, ok := op.Operands[0].Type.(*PTOTileBufType)
	sizes, ok2 := op.Attr("sizes").(*DenseArrayAttr)
	if !ok || !ok2 || len(op.Results) != 1 {
		return
	}
	op.Results[0].Type = PTOSubsetType(src, op.Operands[1:], sizes.Values)
}

// PTOSubsetType is the type ptoas infers for `pto.subset %src[offs] sizes
// [sizes]`: the source's space, element type and layout, and per
// dimension the valid extent min(size, valid - offset mod valid) when the
// source's valid extent and the offset are constants, else dynamic (`?`).
func PTOSubsetType(src *PTOTileBufType, offs []*Value, sizes []int64) Type {
	pv := src.ValidShape()
	valid := make([]int64, len(sizes))
	full := true
	for i, size := range sizes {
		off, ok := int64(0), false
		if i < len(offs) {
			off, ok = ConstantInt(offs[i])
		}
		switch {
		case i >= len(pv) || pv[i] == Dynamic || !ok:
			valid[i] = Dynamic
		case pv[i] <= 0:
			valid[i] = 0
		default:
			m := off % pv[i]
			if m < 0 {
				m += pv[i]
			}
			valid[i] = min(size, pv[i]-m)
		}
		full = full && valid[i] == size
	}
	if full {
		valid = nil
	}
	return PTOTileBufOf(src.Space, sizes, src.Elem, valid, src.Layout)
}

func printSubset(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1:])
	p.Write("] sizes [")
	if a, ok := op.Attr("sizes").(*DenseArrayAttr); ok {
		for i, v := range a.Values {
			if i > 0 {
				p.Write(", ")
			}
			p.Write(strconv.FormatInt(v, 10))
		}
	}
	p.Write("]")
	p.AttrDict(op, "sizes")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifySubset(op *Operation) error {
	if len(op.Operands) < 1 || len(op.Results) != 1 {
		return Errorf(op, "takes a source tile buffer and offsets and returns one tile buffer")
	}
	src, ok := op.Operands[0].Type.(*PTOTileBufType)
	if !ok {
		return Errorf(op, "source must be a !pto.tile_buf, got %s", op.Operands[0].Type)
	}
	res, ok := op.Results[0].Type.(*PTOTileBufType)
	if !ok {
		return Errorf(op, "result must be a !pto.tile_buf, got %s", op.Results[0].Type)
	}
	if res.Space != src.Space || res.Elem != src.Elem {
		return Errorf(op, "result %s must keep the source's space and element type (%s)", res, src)
	}
	if len(op.Operands)-1 != len(src.Shape) {
		return Errorf(op, "expects %d offsets (one per source dimension), got %d", len(src.Shape), len(op.Operands)-1)
	}
	sizes, ok := op.Attr("sizes").(*DenseArrayAttr)
	if !ok || len(sizes.Values) != len(res.Shape) {
		return Errorf(op, "requires 'sizes' with one entry per result dimension")
	}
	for i, n := range sizes.Values {
		if n != res.Shape[i] {
			return Errorf(op, "sizes [%s] do not match the result shape %s", FormatShape(sizes.Values), FormatShape(res.Shape))
		}
	}
	return checkIndexOperands(op, 1)
}

// pto.treshape %src : T1 -> T2 (and pto.bitcast): an SSA view.
func parseViewCast(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	srcT, resT, err := parseTypePair(p, st, "->")
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{src}
	st.OperandTypes = []Type{srcT}
	st.ResultTypes = []Type{resT}
	return nil
}

func printViewCast(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" -> ")
	p.Type(op.Results[0].Type)
}
