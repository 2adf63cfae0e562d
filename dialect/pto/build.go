package pto

import (
	"fmt"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Build creates the pto op name ("pto.tadd") from the values of its
// ins(...) and outs(...), in the order its syntax lists them (an optional
// operand left out is absent; only trailing ones can be), with the
// results given: the operands go in the op's declaration order, with the
// segment sizes when it has them.
func Build(name string, loc ir.Location, ins, outs []*ir.Value, results []ir.Type) (*ir.Operation, error) {
	r := rows[name]
	if r == nil {
		return nil, fmt.Errorf("pto: no op %s", name)
	}
	if len(ins) > len(r.ins) || len(outs) > len(r.outs) {
		return nil, fmt.Errorf("pto: %s takes %d ins and %d outs, not %d and %d", name, len(r.ins), len(r.outs), len(ins), len(outs))
	}
	given := map[string]*ir.Value{}
	for i, v := range ins {
		given[r.ins[i]] = v
	}
	for i, v := range outs {
		given[r.outs[i]] = v
	}
	return BuildNamed(name, loc, given, results)
}

// BuildNamed creates the pto op name from its operands by declaration
// name (the optional ones absent from given are left out).
func BuildNamed(name string, loc ir.Location, given map[string]*ir.Value, results []ir.Type) (*ir.Operation, error) {
	r := rows[name]
	if r == nil {
		return nil, fmt.Errorf("pto: no op %s", name)
	}
	var operands []*ir.Value
	var sizes []int64
	for _, a := range r.args {
		v, ok := given[a.name]
		switch {
		case ok:
			operands = append(operands, v)
			sizes = append(sizes, 1)
		case a.mode == ir.Single:
			return nil, fmt.Errorf("pto: %s needs its operand %s", name, a.name)
		default:
			sizes = append(sizes, 0)
		}
	}
	op := ir.NewOperation(name, loc, operands, results)
	if r.Segmented {
		op.SetAttr("operandSegmentSizes", ir.I32Array(sizes...))
	}
	return op, nil
}
