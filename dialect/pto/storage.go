package pto

import "github.com/pto-opt/pto-opt/dialect/ir"

// What the memory planners ask of the pto ops that hold storage, as op
// interfaces (the planners declare the Go interfaces they ask for):
//
//	TileAddr(op) (addr *ir.Value, ok bool) and SetTileAddr(op, addr)
//	    the address operand of an allocation (pto.alloc_tile's addr) or
//	    of a buffer made at a fixed address (pto.pointer_cast's single
//	    address);
//	Reservation(op) (space string, size int64, base int64, hasBase, auto bool)
//	and SetReservationBase(op, base)
//	    a named region of a local space reserved for the whole function
//	    (pto.reserve_buffer): its bytes are no other buffer's;
//	WritesPart(op) bool
//	    the op writes only part of its destinations (partialWriters);
//	FixedAddrs(op) []*ir.Value
//	    the addresses of a buffer the input places itself
//	    (pto.pointer_cast, a level-3 kernel's memref): a checker of the
//	    plan reads them, a planner keeps its buffers off them.

// addrFacts is the address operand of an allocation with an optional
// addr (the first operand segment).
type addrFacts struct{}

func (addrFacts) TileAddr(op *ir.Operation) (*ir.Value, bool) {
	seg := op.OperandSegment(0)
	if len(seg) != 1 {
		return nil, false
	}
	return seg[0], true
}

func (addrFacts) SetTileAddr(op *ir.Operation, addr *ir.Value) {
	sizes := op.SegmentSizes("operandSegmentSizes")
	if len(sizes) == 0 {
		return
	}
	rest := op.Operands[sizes[0]:]
	operands := append([]*ir.Value{addr}, rest...)
	op.SetOperands(operands)
	sz := make([]int64, len(sizes))
	for i, n := range sizes {
		sz[i] = int64(n)
	}
	sz[0] = 1
	op.SetAttr("operandSegmentSizes", ir.I32Array(sz...))
}

// reserveFacts reads a reserve_buffer's attributes.
type reserveFacts struct{}

func (reserveFacts) Reservation(op *ir.Operation) (space string, size, base int64, hasBase, auto bool) {
	space = EnumValue(op.Attr("location"), "address_space")
	size, _ = op.IntAttrValue("size")
	base, hasBase = op.IntAttrValue("base")
	if b, ok := op.Attr("autoAlloc").(*ir.IntegerAttr); ok {
		auto = b.Value != 0
	}
	return space, size, base, hasBase, auto
}

func (reserveFacts) SetReservationBase(op *ir.Operation, base int64) {
	op.SetAttr("base", ir.Int(base, ir.I32))
}

// fixedFacts are the addresses of a buffer the input places (the first
// operand segment: one address, or one per buffer of a multi-buffer).
type fixedFacts struct{}

func (fixedFacts) FixedAddrs(op *ir.Operation) []*ir.Value { return op.OperandSegment(0) }

// PointerCastAt is the op that replaces a local memref.alloc once it has
// an address: pto.pointer_cast(%addr), as ptoas's planner writes it.
func PointerCastAt(alloc *ir.Operation, addr *ir.Value) *ir.Operation {
	op := ir.NewOperation("pto.pointer_cast", alloc.Loc, []*ir.Value{addr}, []ir.Type{alloc.Results[0].Type})
	op.SetAttr("operandSegmentSizes", ir.I32Array(1, 0, 0))
	return op
}

// partialWriters are the destination-passing ops that write only part of
// their destination (one element, a window, the elements an index tile
// picks), so the bytes they leave keep what was there: a planner must not
// take their write as the start of a new value.
var partialWriters = []string{"tsetval", "tinsert", "tinsert_fp", "tscatter", "thistogram", "tmrgsort", "tgather", "tfillpad_inplace"}

// partialFacts says that an op writes only part of its destinations.
type partialFacts struct{}

func (partialFacts) WritesPart(*ir.Operation) bool { return true }

func init() {
	for _, n := range partialWriters {
		d := ir.Lookup("pto." + n)
		d.Interfaces = append(d.Interfaces, partialFacts{})
	}
	ir.Lookup("pto.alloc_tile").Interfaces = append(ir.Lookup("pto.alloc_tile").Interfaces, addrFacts{})
	// A memref at a fixed address has its address where alloc_tile's is
	// (read only: the planners place memref.alloc, not this).
	ir.Lookup("pto.pointer_cast").Interfaces = append(ir.Lookup("pto.pointer_cast").Interfaces, addrFacts{})
	ir.Lookup("pto.reserve_buffer").Interfaces = append(ir.Lookup("pto.reserve_buffer").Interfaces, reserveFacts{})
	ir.Lookup("pto.pointer_cast").Interfaces = append(ir.Lookup("pto.pointer_cast").Interfaces, fixedFacts{})
}

// inPlaceOps are the ops each element of whose destination depends only
// on the elements at the same position of their tile inputs (and on
// scalars, or on a row or column the op broadcasts from another input):
// such an op may write its destination over an input of the same type
// that dies at it. Everything else (reductions, transposes, gathers,
// matrix products, conversions, ops that read their destination) may
// not, nor may the ones ptoas requires to use different storage for
// their source and destination (tands, tors, txors; on the arches whose
// target gives the flag distinctStorage names, the ops it names).
var inPlaceOps = []string{
	"tabs", "tadd", "tadds", "taddc", "taddsc", "tand", "tdiv", "tdivs", "texp", "tlog",
	"tlrelu", "tmax", "tmaxs", "tmin", "tmins", "tmul", "tmuls", "tneg", "tnot", "tor",
	"trecip", "trelu", "tsqrt", "tsub", "tsubs", "tsubc", "tsubsc", "tshl", "tshls", "tshr", "tshrs",
	"tfmod", "tfmods", "tpartadd", "tpartmax", "tpartmin", "tpartmul",
	"trowexpandadd", "trowexpandsub", "trowexpandmul", "trowexpanddiv", "trowexpandmax", "trowexpandmin",
	"tcolexpandadd", "tcolexpandsub", "tcolexpandmul", "tcolexpanddiv", "tcolexpandmax", "tcolexpandmin",
}

// distinctStorage are the in-place ops whose source and destination must
// be different storage on the arches whose target gives the flag.
var distinctStorage = map[string]string{"trecip": flagFact("trecip.distinct_storage")}

// inPlaceFacts says which inputs an op's destination may be written over.
type inPlaceFacts struct{ r *row }

// InPlaceInputs are the ins(...) operands of op that its destination may
// share bytes with on arch (at one address, when they die at op and have
// its type).
func (f inPlaceFacts) InPlaceInputs(op *ir.Operation, arch *Arch) []*ir.Value {
	if flag, ok := distinctStorage[f.r.Name]; ok && (arch == nil || arch.Flag(flag)) {
		return nil // without a target, the strictest arch's rule
	}
	var out []*ir.Value
	for _, n := range f.r.ins {
		if n == "tmp" {
			continue // scratch, written at op
		}
		for _, v := range f.r.named(op, []string{n}) {
			if _, ok := v.Type.(*TileBufType); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

func init() {
	for _, n := range inPlaceOps {
		d := ir.Lookup("pto." + n)
		d.Interfaces = append(d.Interfaces, inPlaceFacts{rows["pto."+n]})
	}
}
