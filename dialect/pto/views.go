package pto

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/arith"
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ViewCastOps are ptoas's SSA views of a tile buffer: the same bytes
// with another shape (treshape) or element type (bitcast).
var ViewCastOps = []string{"treshape", "bitcast"}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "pto.make_tensor_view", Summary: "a global tensor view of a pointer argument, with index shape and strides",
			Traits:   ir.Pure,
			Inherent: []string{"operandSegmentSizes"},
			Parse:    parseMakeTensorView,
			Print:    printMakeTensorView,
			Verify:   verifyMakeTensorView,
			NameHint: func(*ir.Operation) []string { return []string{"view"} },
		},
		&ir.OpDef{
			Name: "pto.partition_view", Summary: "a window of a global tensor view (the operand of tload/tstore)",
			Traits:     ir.ViewLike | ir.Pure,
			ViewSource: 0,
			Inherent:   []string{"operandSegmentSizes"},
			Parse:      parsePartitionView,
			Print:      printPartitionView,
			Verify:     verifyPartitionView,
			NameHint:   func(*ir.Operation) []string { return []string{"part"} },
		},
		&ir.OpDef{
			Name: "pto.subset", Summary: "a window of a tile buffer at index offsets (a tile.slice)",
			InferResults: inferSubset,
			Traits:       ir.ViewLike | ir.Pure,
			ViewSource:   0,
			Inherent:     []string{"sizes"},
			Parse:        parseSubset,
			Print:        printSubset,
			Verify:       verifySubset,
			NameHint:     func(*ir.Operation) []string { return []string{"sub"} },
		},
	)
}

func init() {
	for _, n := range ViewCastOps {
		ir.Register(&ir.OpDef{
			Name: "pto." + n, Summary: "ptoas view " + n + ": the source's bytes with another shape or element type",
			Traits:     ir.ViewLike | ir.Pure,
			ViewSource: 0,
			Parse:      parseViewCast,
			Print:      printViewCast,
			Verify: func(op *ir.Operation) error {
				if err := ir.VerifyCounts(op, 1, 1); err != nil {
					return err
				}
				for _, t := range []ir.Type{op.Operands[0].Type, op.Results[0].Type} {
					if _, ok := t.(*TileBufType); !ok {
						return ir.Errorf(op, "source and result must be !pto.tile_buf, got %s", t)
					}
				}
				return nil
			},
		})
	}
}

// pto.make_tensor_view %ptr, shape = [%d0, %d1], strides = [%s0, %s1]
//
//	: !pto.tensor_view<?x?xT>
//
// One index shape value and one index stride value per dimension of the
// result (its rank).
func parseMakeTensorView(p ir.AsmParser, st *ir.OperationState) error {
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	lists, err := parseNamedOperandLists(p, st, "shape", "strides")
	if err != nil {
		return err
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	tv, ok := t.(*ViewType)
	if !ok {
		return p.Errorf("expected a !pto.tensor_view result type")
	}
	st.Operands = append(append([]ir.OperandRef{ptr}, lists[0]...), lists[1]...)
	st.OperandTypes = append([]ir.Type{Ptr(tv.Elem)}, ir.IndexTypes(len(lists[0])+len(lists[1]))...)
	st.AddAttr("operandSegmentSizes", ir.I32Array(1, int64(len(lists[0])), int64(len(lists[1]))))
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printMakeTensorView(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	printNamedOperandLists(p, op, "shape", "strides")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

func verifyMakeTensorView(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != 1 || seg[0]+seg[1]+seg[2] != len(op.Operands) || len(op.Results) != 1 {
		return ir.Errorf(op, "takes a pointer, shape and strides and returns one tensor view")
	}
	ptr, ok := op.Operands[0].Type.(*PtrType)
	if !ok {
		return ir.Errorf(op, "source must be a !pto.ptr, got %s", op.Operands[0].Type)
	}
	tv, ok := op.Results[0].Type.(*ViewType)
	if !ok || tv.Kind != "tensor_view" {
		return ir.Errorf(op, "result must be a !pto.tensor_view, got %s", op.Results[0].Type)
	}
	if tv.Elem != ptr.Elem {
		return ir.Errorf(op, "result element type %s differs from the pointer's %s", tv.Elem, ptr.Elem)
	}
	if seg[1] != len(tv.Shape) || seg[2] != len(tv.Shape) {
		return ir.Errorf(op, "expects %d shape and %d stride values (the result's rank)", len(tv.Shape), len(tv.Shape))
	}
	return ir.VerifyIndexOperands(op, 1)
}

// parseNamedOperandLists reads `, kw = [%a, %b]` for each keyword, then
// an optional attribute dictionary: the operand lists of make_tensor_view
// and partition_view.
func parseNamedOperandLists(p ir.AsmParser, st *ir.OperationState, kws ...string) ([][]ir.OperandRef, error) {
	lists := make([][]ir.OperandRef, len(kws))
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
	return lists, ir.ParseTrailingAttrDict(p, st)
}

// printNamedOperandLists writes `, kw = [...]` for segments 1.. of op.
func printNamedOperandLists(p ir.AsmPrinter, op *ir.Operation, kws ...string) {
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
func parsePartitionView(p ir.AsmParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	lists, err := parseNamedOperandLists(p, st, "offsets", "sizes")
	if err != nil {
		return err
	}
	srcT, resT, err := ir.ParseTypePair(p, st, "->")
	if err != nil {
		return err
	}
	st.Operands = append(append([]ir.OperandRef{src}, lists[0]...), lists[1]...)
	st.OperandTypes = append([]ir.Type{srcT}, ir.IndexTypes(len(lists[0])+len(lists[1]))...)
	st.AddAttr("operandSegmentSizes", ir.I32Array(1, int64(len(lists[0])), int64(len(lists[1]))))
	st.ResultTypes = []ir.Type{resT}
	return nil
}

func printPartitionView(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	printNamedOperandLists(p, op, "offsets", "sizes")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" -> ")
	p.Type(op.Results[0].Type)
}

func verifyPartitionView(op *ir.Operation) error {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != 1 || seg[0]+seg[1]+seg[2] != len(op.Operands) || len(op.Results) != 1 {
		return ir.Errorf(op, "takes a source view, offsets and sizes and returns one partition view")
	}
	src, ok := op.Operands[0].Type.(*ViewType)
	if !ok {
		return ir.Errorf(op, "source must be a !pto.tensor_view or !pto.partition_tensor_view, got %s", op.Operands[0].Type)
	}
	res, ok := op.Results[0].Type.(*ViewType)
	if !ok || res.Kind != "partition_tensor_view" {
		return ir.Errorf(op, "result must be a !pto.partition_tensor_view, got %s", op.Results[0].Type)
	}
	if seg[1] != len(src.Shape) {
		return ir.Errorf(op, "expects %d offsets (one per source dimension), got %d", len(src.Shape), seg[1])
	}
	if seg[2] != len(res.Shape) {
		return ir.Errorf(op, "expects %d sizes (one per result dimension), got %d", len(res.Shape), seg[2])
	}
	if res.Elem != src.Elem {
		return ir.Errorf(op, "result element type %s differs from the source's %s", res.Elem, src.Elem)
	}
	return ir.VerifyIndexOperands(op, 1)
}

// pto.subset %src[%i, %j] sizes [R, C] : !pto.tile_buf<...>
//
// The type is the source's; the result is the R x C window of it at the
// index offsets, in the same space with the same element type.
func parseSubset(p ir.AsmParser, st *ir.OperationState) error {
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
	sizes, err := ir.ParseIntList(p)
	if err != nil {
		return err
	}
	st.AddAttr("sizes", ir.I64Array(sizes...))
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	tb, ok := t.(*TileBufType)
	if !ok {
		return p.Errorf("expected a !pto.tile_buf source type")
	}
	st.Operands = append([]ir.OperandRef{src}, offs...)
	st.OperandTypes = append([]ir.Type{t}, ir.IndexTypes(len(offs))...)
	st.ResultTypes = []ir.Type{TileBufOf(tb.Space, sizes, tb.Elem, nil, tb.Layout)}
	return nil
}

// inferSubset sets a parsed pto.subset's result to the type ptoas infers
// (PTOSubsetType), now that the offsets are known values.
func inferSubset(op *ir.Operation) {
	src, ok := op.Operands[0].Type.(*TileBufType)
	sizes, ok2 := op.Attr("sizes").(*ir.DenseArrayAttr)
	if !ok || !ok2 || len(op.Results) != 1 {
		return
	}
	op.Results[0].Type = SubsetType(src, op.Operands[1:], sizes.Values)
}

// SubsetType is the type ptoas infers for `pto.subset %src[offs] sizes
// [sizes]`: the source's space, element type and layout, and per
// dimension the valid extent min(size, valid - offset mod valid) when the
// source's valid extent and the offset are constants, else dynamic (`?`).
func SubsetType(src *TileBufType, offs []*ir.Value, sizes []int64) ir.Type {
	pv := src.ValidShape()
	valid := make([]int64, len(sizes))
	full := true
	for i, size := range sizes {
		off, ok := int64(0), false
		if i < len(offs) {
			off, ok = arith.ConstantInt(offs[i])
		}
		switch {
		case i >= len(pv) || pv[i] == ir.Dynamic || !ok:
			valid[i] = ir.Dynamic
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
	return TileBufOf(src.Space, sizes, src.Elem, valid, src.Layout)
}

func printSubset(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1:])
	p.Write("] sizes [")
	if a, ok := op.Attr("sizes").(*ir.DenseArrayAttr); ok {
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

func verifySubset(op *ir.Operation) error {
	if len(op.Operands) < 1 || len(op.Results) != 1 {
		return ir.Errorf(op, "takes a source tile buffer and offsets and returns one tile buffer")
	}
	src, ok := op.Operands[0].Type.(*TileBufType)
	if !ok {
		return ir.Errorf(op, "source must be a !pto.tile_buf, got %s", op.Operands[0].Type)
	}
	res, ok := op.Results[0].Type.(*TileBufType)
	if !ok {
		return ir.Errorf(op, "result must be a !pto.tile_buf, got %s", op.Results[0].Type)
	}
	if res.Space != src.Space || res.Elem != src.Elem {
		return ir.Errorf(op, "result %s must keep the source's space and element type (%s)", res, src)
	}
	if len(op.Operands)-1 != len(src.Shape) {
		return ir.Errorf(op, "expects %d offsets (one per source dimension), got %d", len(src.Shape), len(op.Operands)-1)
	}
	sizes, ok := op.Attr("sizes").(*ir.DenseArrayAttr)
	if !ok || len(sizes.Values) != len(res.Shape) {
		return ir.Errorf(op, "requires 'sizes' with one entry per result dimension")
	}
	for i, n := range sizes.Values {
		if n != res.Shape[i] {
			return ir.Errorf(op, "sizes [%s] do not match the result shape %s", ir.FormatShape(sizes.Values), ir.FormatShape(res.Shape))
		}
	}
	return ir.VerifyIndexOperands(op, 1)
}

// pto.treshape %src : T1 -> T2 (and pto.bitcast): an SSA view.
func parseViewCast(p ir.AsmParser, st *ir.OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	srcT, resT, err := ir.ParseTypePair(p, st, "->")
	if err != nil {
		return err
	}
	st.Operands = []ir.OperandRef{src}
	st.OperandTypes = []ir.Type{srcT}
	st.ResultTypes = []ir.Type{resT}
	return nil
}

func printViewCast(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" -> ")
	p.Type(op.Results[0].Type)
}
