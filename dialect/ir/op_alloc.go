package ir

// Most operations have at most one result and four operands: such an op
// is allocated in one object with its result list, its result and its
// operand list and use links, which would otherwise be up to four objects
// of their own; this file's types are the shapes. Each about fills its
// size class (8 bytes spare or none, 16 and 24 for one result and three
// or four operands).

type (
	opR0O1 struct {
		op    Operation
		vals  [1]*Value
		links [1]operand
	}
	opR0O2 struct {
		op    Operation
		vals  [2]*Value
		links [2]operand
	}
	opR0O3 struct {
		op    Operation
		vals  [3]*Value
		links [3]operand
	}
	opR0O4 struct {
		op    Operation
		vals  [4]*Value
		links [4]operand
	}
	opR1O0 struct {
		op  Operation
		res [1]*Value
		val Value
	}
	opR1O1 struct {
		op    Operation
		res   [1]*Value
		val   Value
		vals  [1]*Value
		links [1]operand
	}
	opR1O2 struct {
		op    Operation
		res   [1]*Value
		val   Value
		vals  [2]*Value
		links [2]operand
	}
	opR1O3 struct {
		op    Operation
		res   [1]*Value
		val   Value
		vals  [3]*Value
		links [3]operand
	}
	opR1O4 struct {
		op    Operation
		res   [1]*Value
		val   Value
		vals  [4]*Value
		links [4]operand
	}
)

// allocOp allocates an op with nres results and nops operands: its
// result list and result, when it has one, and its operand lists, when it
// has at most four, come with it (else they are nil, to be made apart).
func allocOp(nres, nops int) (op *Operation, res []*Value, val *Value, vals []*Value, links []operand) {
	if nres > 1 || nops > 4 {
		return new(Operation), nil, nil, nil, nil
	}
	switch nres*8 + nops {
	case 0:
		return new(Operation), nil, nil, nil, nil
	case 1:
		s := new(opR0O1)
		return &s.op, nil, nil, s.vals[:], s.links[:]
	case 2:
		s := new(opR0O2)
		return &s.op, nil, nil, s.vals[:], s.links[:]
	case 3:
		s := new(opR0O3)
		return &s.op, nil, nil, s.vals[:], s.links[:]
	case 4:
		s := new(opR0O4)
		return &s.op, nil, nil, s.vals[:], s.links[:]
	case 8:
		s := new(opR1O0)
		return &s.op, s.res[:], &s.val, nil, nil
	case 9:
		s := new(opR1O1)
		return &s.op, s.res[:], &s.val, s.vals[:], s.links[:]
	case 10:
		s := new(opR1O2)
		return &s.op, s.res[:], &s.val, s.vals[:], s.links[:]
	case 11:
		s := new(opR1O3)
		return &s.op, s.res[:], &s.val, s.vals[:], s.links[:]
	case 12:
		s := new(opR1O4)
		return &s.op, s.res[:], &s.val, s.vals[:], s.links[:]
	}
	panic("unreachable")
}
