package dialect

import (
	"fmt"
	"strconv"
	"strings"
)

// The pto dialect: the input language of the ptoas assembler. pto-opt emits
// it from tile kernels (convert-tile-to-pto). Ops are destination-passing:
// inputs in ins(...), the written tile in outs(...).

// PTOTileBufType is !pto.tile_buf<space, RxCxT>.
type PTOTileBufType struct {
	Space string
	Shape []int64
	Elem  Type
	s     string
}

func (t *PTOTileBufType) String() string                { return t.s }
func (*PTOTileBufType) isType()                         {}
func (t *PTOTileBufType) ShapeAndElem() ([]int64, Type) { return t.Shape, t.Elem }

// PTOTileBuf returns the uniqued !pto.tile_buf type.
func PTOTileBuf(space string, shape []int64, elem Type) Type {
	s := "!pto.tile_buf<" + space + ", " + FormatShape(shape) + "x" + elem.String() + ">"
	return intern(s, func() *PTOTileBufType {
		return &PTOTileBufType{Space: space, Shape: append([]int64(nil), shape...), Elem: elem, s: s}
	})
}

// PTOViewType is !pto.tensor_view<shape x elem> or
// !pto.partition_tensor_view<shape x elem>: global-memory operands.
type PTOViewType struct {
	Kind  string // tensor_view or partition_tensor_view
	Shape []int64
	Elem  Type
	s     string
}

func (t *PTOViewType) String() string                { return t.s }
func (*PTOViewType) isType()                         {}
func (t *PTOViewType) ShapeAndElem() ([]int64, Type) { return t.Shape, t.Elem }

// PTOView returns the uniqued view type.
func PTOView(kind string, shape []int64, elem Type) Type {
	s := "!pto." + kind + "<" + FormatShape(shape) + "x" + elem.String() + ">"
	return intern(s, func() *PTOViewType {
		return &PTOViewType{Kind: kind, Shape: append([]int64(nil), shape...), Elem: elem, s: s}
	})
}

func parsePTOType(name, body string) (Type, error) {
	switch name {
	case "tile_buf":
		parts := splitTopLevel(body)
		if len(parts) != 2 {
			return nil, fmt.Errorf("expected !pto.tile_buf<space, shape x element type>")
		}
		shape, elem, ok := ParseShapeElem(parts[1])
		if !ok {
			return nil, fmt.Errorf("invalid !pto.tile_buf shape %q", parts[1])
		}
		return PTOTileBuf(strings.TrimSpace(parts[0]), shape, elem), nil
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

// PTOComputeOps are the destination-passing pto ops pto-opt can emit
// (derived from the tile op table) or accepts.
var PTOComputeOps = ptoOps()

func init() {
	RegisterDialect("pto")
	RegisterTypeParser("pto", parsePTOType)
	Register(&OpDef{
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
	})
	Register(&OpDef{
		Name: "pto.partition_view", Summary: "a window of a global tensor view (the operand of tload/tstore)",
		Traits:     ViewLike | Pure,
		ViewSource: 0,
		Inherent:   []string{"sizes"},
		Parse:      parsePartitionView,
		Print:      printPartitionView,
		Verify:     verifyPartitionView,
		NameHint:   func(*Operation) []string { return []string{"part"} },
	}, &OpDef{
		Name: "pto.subview", Summary: "a window of a tile buffer at index offsets (a tile.slice)",
		Traits:     ViewLike | Pure,
		ViewSource: 0,
		Inherent:   []string{"sizes"},
		Parse:      parsePartitionView,
		Print:      printPartitionView,
		Verify:     verifySubview,
		NameHint:   func(*Operation) []string { return []string{"sub"} },
	})
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

// pto.partition_view %src, offsets = [%o0, %o1], sizes = [R, C]
//
//	: !pto.tensor_view<...> -> !pto.partition_tensor_view<RxCxT>
//
// Offsets are index values (one per dimension of the source), sizes are
// static and equal the result's shape. pto.subview has the same syntax on
// !pto.tile_buf source and result.
func parsePartitionView(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := p.ParseKeyword("offsets"); err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	offs, err := p.ParseOperandList("[")
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := p.ParseKeyword("sizes"); err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	sizes, err := parseIntList(p)
	if err != nil {
		return err
	}
	st.AddAttr("sizes", I64Array(sizes...))
	srcT, resT, err := parseTypePair(p, st, "->")
	if err != nil {
		return err
	}
	st.Operands = append([]OperandRef{src}, offs...)
	st.OperandTypes = []Type{srcT}
	st.OperandTypes = append(st.OperandTypes, indexTypes(len(offs))...)
	st.ResultTypes = []Type{resT}
	return nil
}

func printPartitionView(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(", offsets = [")
	p.Operands(op.Operands[1:])
	p.Write("], sizes = [")
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
	p.Write(" -> ")
	p.Type(op.Results[0].Type)
}

func verifyPartitionView(op *Operation) error {
	if len(op.Operands) < 1 || len(op.Results) != 1 {
		return Errorf(op, "takes a source view and offsets and returns one partition view")
	}
	src, ok := op.Operands[0].Type.(*PTOViewType)
	if !ok {
		return Errorf(op, "source must be a !pto.tensor_view or !pto.partition_tensor_view, got %s", op.Operands[0].Type)
	}
	res, ok := op.Results[0].Type.(*PTOViewType)
	if !ok || res.Kind != "partition_tensor_view" {
		return Errorf(op, "result must be a !pto.partition_tensor_view, got %s", op.Results[0].Type)
	}
	if err := verifyOffsetsSizes(op, src.Shape, res.Shape); err != nil {
		return err
	}
	if res.Elem != src.Elem {
		return Errorf(op, "result element type %s differs from the source's %s", res.Elem, src.Elem)
	}
	return nil
}

func verifySubview(op *Operation) error {
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
	if err := verifyOffsetsSizes(op, src.Shape, res.Shape); err != nil {
		return err
	}
	return nil
}

// verifyOffsetsSizes checks the window ops' operands and `sizes`: one index
// offset per source dimension, one size per result dimension, equal to it.
func verifyOffsetsSizes(op *Operation, srcShape, resShape []int64) error {
	if len(op.Operands)-1 != len(srcShape) {
		return Errorf(op, "expects %d offsets (one per source dimension), got %d", len(srcShape), len(op.Operands)-1)
	}
	for _, o := range op.Operands[1:] {
		if o.Type != Index {
			return Errorf(op, "offsets must be of index type, got %s", o.Type)
		}
	}
	sizes, ok := op.Attr("sizes").(*DenseArrayAttr)
	if !ok || len(sizes.Values) != len(resShape) {
		return Errorf(op, "requires 'sizes' with one entry per result dimension")
	}
	for i, n := range sizes.Values {
		if n != resShape[i] {
			return Errorf(op, "sizes [%s] do not match the result shape %s", FormatShape(sizes.Values), FormatShape(resShape))
		}
	}
	return nil
}
