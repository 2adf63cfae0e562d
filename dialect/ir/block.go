package ir

// argLocIndexFrom is the number of located arguments from which a block
// finds them through a map rather than by a scan (which was quadratic in
// the arguments of a function with many).
const argLocIndexFrom = 16

// addArgLoc records a block argument's location.
func (b *Block) addArgLoc(v *Value, l Location) {
	b.argLocs = append(b.argLocs, argLoc{v, l})
	switch {
	case b.argLocIdx != nil:
		b.argLocIdx[v] = len(b.argLocs) - 1
	case len(b.argLocs) > argLocIndexFrom:
		b.argLocIdx = make(map[*Value]int, 2*len(b.argLocs))
		for i, a := range b.argLocs {
			b.argLocIdx[a.arg] = i
		}
	}
}

// argLocIndex is where v's location is in b.argLocs, or -1. Arguments
// are usually recorded in order, so v.Index finds most at once. It only
// reads the block, so that blocks may be read concurrently.
func (b *Block) argLocIndex(v *Value) int {
	if i := v.Index; i >= 0 && i < len(b.argLocs) && b.argLocs[i].arg == v {
		return i
	}
	if b.argLocIdx != nil {
		if i, ok := b.argLocIdx[v]; ok {
			return i
		}
		return -1
	}
	for i := range b.argLocs {
		if b.argLocs[i].arg == v {
			return i
		}
	}
	return -1
}

// Block is a list of operations with arguments.
type Block struct {
	Args   []*Value
	Ops    []*Operation
	Region *Region
	// Label is the source label (without ^) when the block had one; used as
	// a printing hint only.
	Label string
	// argLocs are the known locations of the block's arguments, found by
	// the argument itself, so that passes may reorder or drop Args freely.
	argLocs   []argLoc
	argLocIdx map[*Value]int // v's index in argLocs, once there are many
}

// argLoc is one block argument's location.
type argLoc struct {
	arg *Value
	loc Location
}

// ---- Blocks ----

// AddArgument appends a block argument.
func (b *Block) AddArgument(t Type, loc Location) *Value {
	v := &Value{Type: t, Block: b, Index: len(b.Args)}
	if loc != (Location{}) {
		b.addArgLoc(v, loc)
	}
	b.Args = append(b.Args, v)
	return v
}

// AddArguments appends arguments of the types and locations of args (a
// parser's block header) and returns them. Their values are allocated
// together, in one array.
func (b *Block) AddArguments(args []Argument) []*Value {
	n := len(args)
	if n == 0 {
		return nil
	}
	if n > cap(b.Args)-len(b.Args) {
		b.Args = append(make([]*Value, 0, len(b.Args)+n), b.Args...)
	}
	from := len(b.Args)
	vals := make([]Value, n)
	for i := range args {
		v := &vals[i]
		v.Type, v.Block, v.Index = args[i].Type, b, from+i
		if args[i].Loc != (Location{}) {
			b.addArgLoc(v, args[i].Loc)
		}
		b.Args = append(b.Args, v)
	}
	return b.Args[from:]
}

// Append adds op at the end of b.
func (b *Block) Append(op *Operation) {
	op.Block = b
	op.order = int32(len(b.Ops))
	b.Ops = append(b.Ops, op)
}

// numbered reports whether op's order is its position in b.Ops.
func (b *Block) numbered(op *Operation) bool {
	i := int(op.order)
	return i < len(b.Ops) && b.Ops[i] == op
}

// renumber sets the order of every op of b to its position.
func (b *Block) renumber() {
	for i, o := range b.Ops {
		o.order = int32(i)
	}
}

// InsertAt inserts ops before position i.
func (b *Block) InsertAt(i int, ops ...*Operation) {
	for _, op := range ops {
		op.Block = b
	}
	b.Ops = append(b.Ops, ops...)
	copy(b.Ops[i+len(ops):], b.Ops[i:len(b.Ops)-len(ops)])
	copy(b.Ops[i:], ops)
}

// InsertBefore inserts ops before anchor, which must be in b.
func (b *Block) InsertBefore(anchor *Operation, ops ...*Operation) {
	b.InsertAt(anchor.IndexInBlock(), ops...)
}

// InsertAfter inserts ops after anchor, which must be in b.
func (b *Block) InsertAfter(anchor *Operation, ops ...*Operation) {
	b.InsertAt(anchor.IndexInBlock()+1, ops...)
}

func (b *Block) remove(op *Operation) {
	for i, o := range b.Ops {
		if o == op {
			copy(b.Ops[i:], b.Ops[i+1:])
			b.Ops[len(b.Ops)-1] = nil
			b.Ops = b.Ops[:len(b.Ops)-1]
			op.Block = nil
			return
		}
	}
}

// RemoveOps deletes every op for which drop returns true, dropping their
// operand uses. It is linear in the block size, unlike repeated Erase calls.
func (b *Block) RemoveOps(drop func(*Operation) bool) {
	kept := b.Ops[:0]
	for _, o := range b.Ops {
		if drop(o) {
			o.dropOperandUses()
			o.Block = nil
			continue
		}
		kept = append(kept, o)
	}
	for i := len(kept); i < len(b.Ops); i++ {
		b.Ops[i] = nil
	}
	b.Ops = kept
}

// Terminator returns the last op of b if it is a terminator, else nil.
func (b *Block) Terminator() *Operation {
	if len(b.Ops) == 0 {
		return nil
	}
	last := b.Ops[len(b.Ops)-1]
	if last.Def != nil && last.Def.Traits.Has(Terminator) {
		return last
	}
	return nil
}

// ParentOp is the operation owning b's region.
func (b *Block) ParentOp() *Operation {
	if b.Region == nil {
		return nil
	}
	return b.Region.Op
}

// FindAncestorOpInBlock returns the op in b that is op or encloses op, or nil.
func (b *Block) FindAncestorOpInBlock(op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Block == b {
			return o
		}
	}
	return nil
}

// Successors returns the blocks b's terminator may branch to.
func (b *Block) Successors() []*Block {
	if len(b.Ops) == 0 {
		return nil
	}
	return b.Ops[len(b.Ops)-1].Successors()
}
