package pto

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// What a pto op does, for the analyses and passes (as op interfaces,
// ir.OpDef.Interfaces; consumers declare the Go interface they ask for
// and find it with ir.InterfaceOf). A pto op implements
//
//	MemoryEffects(op *ir.Operation) (effects []ir.Effect, known bool) (ir.MemoryEffectsOf)
//	    the reads and writes of the bytes of its operands (buffers, not
//	    scalar values) and results, resolved for op's optional and
//	    variadic operands; known is false when ptoas declares none (the
//	    op may then touch any memory);
//	Pipes() []string
//	    the hardware pipes it may run on (V, M, MTE1, MTE2, MTE3, FIX, S,
//	    ...); several when ptoas picks one from the operands or the
//	    target; none for ops that run on no pipe;
//	Ins(op *ir.Operation) []*ir.Value and Outs(op *ir.Operation) []*ir.Value
//	    the operands of its ins(...) and outs(...) (the destinations).

type opFacts struct{ r *row }

// MemoryEffects resolves the row's effects on op's operands.
func (f opFacts) MemoryEffects(op *ir.Operation) ([]ir.Effect, bool) {
	if f.r.anyEffects {
		return nil, false
	}
	groups := operandGroups(f.r, op)
	if groups == nil {
		return nil, false
	}
	start := make([]int, len(groups))
	k := 0
	for i, g := range groups {
		start[i] = k
		k += len(g)
	}
	var out []ir.Effect
	for _, e := range f.r.effects {
		if e.result >= 0 {
			out = append(out, ir.Effect{Kind: e.kind, Operand: -1, Result: e.result})
			continue
		}
		for i, a := range f.r.args {
			if a.name != e.name {
				continue
			}
			for j, v := range groups[i] {
				if isMemoryType(v.Type) {
					out = append(out, ir.Effect{Kind: e.kind, Operand: start[i] + j, Result: -1})
				}
			}
		}
	}
	return out, true
}

// isMemoryType: a value whose bytes an effect touches (a tile, view,
// pointer or memref), not a scalar or a handle.
func isMemoryType(t ir.Type) bool {
	switch t.(type) {
	case *TileBufType, *ViewType, *PtrType, *ir.MemRefType, *ir.TensorType:
		return true
	}
	return false
}

// Pipes are the row's pipes.
func (f opFacts) Pipes() []string { return strings.Fields(f.r.Pipe) }

// Ins are op's ins(...) operands.
func (f opFacts) Ins(op *ir.Operation) []*ir.Value { return f.r.named(op, f.r.ins) }

// Outs are op's outs(...) operands.
func (f opFacts) Outs(op *ir.Operation) []*ir.Value { return f.r.named(op, f.r.outs) }

// named are the values of op's operands of the given names, in order.
func (r *row) named(op *ir.Operation, names []string) []*ir.Value {
	groups := operandGroups(r, op)
	if groups == nil {
		return nil
	}
	var out []*ir.Value
	for _, n := range names {
		for i, a := range r.args {
			if a.name == n {
				out = append(out, groups[i]...)
			}
		}
	}
	return out
}

// operandGroups splits op's operands over the row's declarations: by the
// segment sizes when the row has them, else one value per single
// declaration and the rest to the one optional or variadic. It returns
// nil when the operands do not fit (the verifier says why).
func operandGroups(r *row, op *ir.Operation) [][]*ir.Value {
	if r == nil {
		return nil
	}
	out := make([][]*ir.Value, len(r.args))
	if r.Segmented {
		sizes := op.SegmentSizes("operandSegmentSizes")
		if len(sizes) != len(r.args) {
			return nil
		}
		k := 0
		for i, n := range sizes {
			if n < 0 || k+n > len(op.Operands) {
				return nil
			}
			out[i] = op.Operands[k : k+n]
			k += n
		}
		if k != len(op.Operands) {
			return nil
		}
		return out
	}
	singles := 0
	for _, a := range r.args {
		if a.mode == ir.Single {
			singles++
		}
	}
	rest := len(op.Operands) - singles
	if rest < 0 {
		return nil
	}
	k := 0
	for i, a := range r.args {
		n := 1
		if a.mode != ir.Single {
			n = rest
			if a.mode == ir.OptionalArg && n > 1 {
				return nil
			}
			rest = 0
		}
		out[i] = op.Operands[k : k+n]
		k += n
	}
	if k != len(op.Operands) {
		return nil
	}
	return out
}

// DescribeEffects says what op name (full name) does to memory, for the
// reference: "pure", "alloc", "unknown" (ptoas declares nothing or any
// memory), or the reads and writes of its operands ("R:src W:dst", `$0`
// its result).
func DescribeEffects(name string) string {
	r := rows[name]
	switch {
	case r == nil:
		return ""
	case r.anyEffects:
		return "unknown"
	case r.Effects == "pure" || r.Effects == "alloc":
		return r.Effects
	}
	var parts []string
	for _, e := range r.effects {
		k := "R:"
		if e.kind == ir.Write {
			k = "W:"
		}
		if e.result >= 0 {
			parts = append(parts, k+"$"+strconv.Itoa(e.result))
		} else {
			parts = append(parts, k+e.name)
		}
	}
	return strings.Join(parts, " ")
}
