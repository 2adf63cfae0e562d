package tile

import "github.com/pto-opt/pto-opt/dialect/ir"

// ---- destinations (`into`) and inputs of the uniform op form ----

// Dests returns the destination buffers (`into`) of a tile op, one
// per result, or nil when it has none.
func Dests(op *ir.Operation) []*ir.Value {
	if !op.Has(ir.DestinationStyle) {
		return nil
	}
	return op.OperandSegment(1)
}

// Dest returns the destination of result 0 (most tile ops have one
// result), or nil.
func Dest(op *ir.Operation) *ir.Value { return DestFor(op, 0) }

// DestFor returns the destination of result i, or nil.
func DestFor(op *ir.Operation, i int) *ir.Value {
	d := Dests(op)
	if i >= len(d) {
		return nil
	}
	return d[i]
}

// Inputs returns the non-destination operands.
func Inputs(op *ir.Operation) []*ir.Value {
	if !op.Has(ir.DestinationStyle) {
		return op.Operands
	}
	if _, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); !ok {
		return op.Operands
	}
	return op.OperandSegment(0)
}

// DestOffset is the byte offset of result 0's destination (into %b + N).
func DestOffset(op *ir.Operation) int64 { return DestOffsetFor(op, 0) }

// DestOffsetFor is the byte offset of result i's destination: `offset`
// for single-result ops, `dest_offsets` for several results.
func DestOffsetFor(op *ir.Operation, i int) int64 {
	if a, ok := op.Attr("dest_offsets").(*ir.DenseArrayAttr); ok {
		if i < len(a.Values) {
			return a.Values[i]
		}
		return 0
	}
	if i == 0 {
		n, _ := op.IntAttrValue("offset")
		return n
	}
	return 0
}

// SetDests sets the destinations of every result at once.
func SetDests(op *ir.Operation, bufs []*ir.Value, offsets []int64) {
	inputs := append([]*ir.Value(nil), Inputs(op)...)
	op.SetOperands(append(inputs, bufs...))
	op.SetAttr("operandSegmentSizes", ir.I32Array(int64(len(inputs)), int64(len(bufs))))
	op.RemoveAttr("offset")
	op.RemoveAttr("dest_offsets")
	any := false
	for _, o := range offsets {
		any = any || o != 0
	}
	switch {
	case !any:
	case len(bufs) == 1:
		op.SetAttr("offset", ir.Int(offsets[0], ir.I64))
	default:
		op.SetAttr("dest_offsets", ir.I64Array(offsets...))
	}
}

// SetDest sets (or replaces) the destination of a single-result op.
func SetDest(op *ir.Operation, buf *ir.Value, offset int64) {
	SetDests(op, []*ir.Value{buf}, []int64{offset})
}

// SetDestFor replaces the destination of result i of an op that has
// its destinations already.
func SetDestFor(op *ir.Operation, i int, buf *ir.Value, offset int64) {
	if setOnlyDest(op, i, buf, offset) {
		return
	}
	bufs := append([]*ir.Value(nil), Dests(op)...)
	if len(bufs) != len(op.Results) {
		if len(op.Results) == 1 {
			SetDest(op, buf, offset)
		}
		return
	}
	offs := make([]int64, len(bufs))
	for k := range bufs {
		offs[k] = DestOffsetFor(op, k)
	}
	bufs[i], offs[i] = buf, offset
	SetDests(op, bufs, offs)
}

// setOnlyDest is SetDestFor on a single-result op whose
// destination is already written the way SetDests writes it: one
// operand and the offset to replace, instead of every operand, use and
// attribute (memory-reuse moves every tile of a kernel this way). It
// reports false, changing nothing, when the op is not in that form.
func setOnlyDest(op *ir.Operation, i int, buf *ir.Value, offset int64) bool {
	if i != 0 || len(op.Results) != 1 || op.HasAttr("dest_offsets") {
		return false
	}
	seg, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || seg.Elem != ir.I32 || len(seg.Values) != 2 || seg.Values[1] != 1 || seg.Values[0] < 0 || int(seg.Values[0])+1 != len(op.Operands) {
		return false
	}
	cur := int64(0)
	if a := op.Attr("offset"); a != nil {
		ia, ok := a.(*ir.IntegerAttr)
		if !ok || ia.Type != ir.I64 || ia.Big != "" || ia.Value == 0 {
			return false
		}
		cur = ia.Value
	}
	op.SetOperand(len(op.Operands)-1, buf)
	switch {
	case offset == cur:
	case offset == 0:
		op.RemoveAttr("offset")
	default:
		op.SetAttr("offset", ir.Int(offset, ir.I64))
	}
	return true
}

// DestResult maps an operand index of a destination-style op to the
// result it is the destination of.
func DestResult(op *ir.Operation, operand int) (int, bool) {
	if !op.Has(ir.DestinationStyle) {
		return 0, false
	}
	n := len(Inputs(op))
	if operand < n || operand-n >= len(Dests(op)) {
		return 0, false
	}
	return operand - n, true
}
