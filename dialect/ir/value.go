package ir

import (
	"iter"
	"unsafe"
)

// Use records that operand Index of Op reads a value.
type Use struct {
	Op    *Operation
	Index int
}

// Value is an SSA value: either a result of an operation or a block argument.
type Value struct {
	Type Type
	// Exactly one of Op and Block is set.
	Op    *Operation // defining op (results)
	Block *Block     // owning block (block arguments)
	Index int        // result index or argument index
	// uses is the first of the operands that read v, in the order they
	// were added: a list threaded through the operands' link records (see
	// operand), so that adding or dropping a use allocates nothing.
	uses     *operand
	NameHint string // a name to prefer when printing (source name or op hint)
	// A block argument's location is kept by its block (Block.argLocs):
	// results, most values, take theirs from their op and need no field of
	// their own.
}

// operand is the use-list link of one operand of an operation (MLIR's
// OpOperand without the value, which the op's Operands hold): an op's
// links are one array, parallel to its Operands, and each link threads
// the use list of the value that operand reads. The list is doubly linked
// for O(1) removal; the head's prev is the tail, so that appending is O(1)
// too, and the tail's next is nil.
type operand struct {
	next, prev *operand
	op         *Operation
}

// index is the operand number of l: its position in its op's links.
func (l *operand) index() int {
	// Pointer arithmetic on addresses within one array; nothing is
	// converted back into a pointer.
	base := uintptr(unsafe.Pointer(unsafe.SliceData(l.op.links)))
	return int((uintptr(unsafe.Pointer(l)) - base) / unsafe.Sizeof(operand{}))
}

func (l *operand) use() Use { return Use{Op: l.op, Index: l.index()} }

// addUse appends l to the end of v's use list.
func (v *Value) addUse(l *operand) {
	l.next = nil
	if v.uses == nil {
		l.prev = l
		v.uses = l
		return
	}
	tail := v.uses.prev
	tail.next = l
	l.prev = tail
	v.uses.prev = l
}

// dropUse unlinks l from v's use list, if it is in one (an erased op's
// operands are not).
func (v *Value) dropUse(l *operand) {
	switch {
	case l.prev == nil:
		return
	case l == v.uses:
		v.uses = l.next
		if v.uses != nil {
			v.uses.prev = l.prev
		}
	default:
		l.prev.next = l.next
		if l.next != nil {
			l.next.prev = l.prev
		} else {
			v.uses.prev = l.prev
		}
	}
	l.next, l.prev = nil, nil
}

// AllUses yields the uses of v in the order they were added. The loop may
// drop or redirect the use it is given (the next one is read first), but
// not others, and any use it adds to v is visited too.
func (v *Value) AllUses() iter.Seq[Use] {
	return func(yield func(Use) bool) {
		for l := v.uses; l != nil; {
			next := l.next
			if !yield(l.use()) {
				return
			}
			l = next
		}
	}
}

// Uses lists the uses of v in the order they were added: a copy, which
// the caller may keep while changing them.
func (v *Value) Uses() []Use {
	var out []Use
	for l := v.uses; l != nil; l = l.next {
		out = append(out, l.use())
	}
	return out
}

// NumUses counts the uses of v (a walk of its use list).
func (v *Value) NumUses() int {
	n := 0
	for l := v.uses; l != nil; l = l.next {
		n++
	}
	return n
}

// HasOneUse reports whether exactly one operand reads v.
func (v *Value) HasOneUse() bool { return v.uses != nil && v.uses.next == nil }

// Loc is where v is defined: a block argument's own location, else its
// defining op's (unknown for a value with neither).
func (v *Value) Loc() Location {
	switch {
	case v.Block != nil:
		if i := v.Block.argLocIndex(v); i >= 0 {
			return v.Block.argLocs[i].loc
		}
	case v.Op != nil:
		return v.Op.Loc
	}
	return Location{}
}

// SetLoc sets a block argument's location; other values have none of
// their own, and it does nothing for them.
func (v *Value) SetLoc(l Location) {
	b := v.Block
	if b == nil {
		return
	}
	if i := b.argLocIndex(v); i >= 0 {
		b.argLocs[i].loc = l
		return
	}
	if l != (Location{}) {
		b.addArgLoc(v, l)
	}
}

// IsBlockArg reports whether v is a block argument.
func (v *Value) IsBlockArg() bool { return v.Block != nil }

// ParentBlock is the block in which v is defined.
func (v *Value) ParentBlock() *Block {
	if v.Block != nil {
		return v.Block
	}
	return v.Op.Block
}

// HasUses reports whether anything reads v.
func (v *Value) HasUses() bool { return v.uses != nil }

// ReplaceAllUsesWith redirects every use of v to w, keeping their order
// after w's own uses.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w || v.uses == nil {
		return
	}
	for l := v.uses; l != nil; l = l.next {
		l.op.Operands[l.index()] = w
	}
	// Splice v's list onto the end of w's.
	head, tail := v.uses, v.uses.prev
	v.uses = nil
	if w.uses == nil {
		w.uses = head
		return
	}
	wtail := w.uses.prev
	wtail.next = head
	head.prev = wtail
	w.uses.prev = tail
}

// ReplaceUsesIf redirects the uses of v for which replace returns true to w.
func (v *Value) ReplaceUsesIf(w *Value, replace func(Use) bool) {
	if v == w {
		return
	}
	for l := v.uses; l != nil; {
		next := l.next
		if u := l.use(); replace(u) {
			v.dropUse(l)
			u.Op.Operands[u.Index] = w
			w.addUse(l)
		}
		l = next
	}
}

// ValueTypes lists the types of values.
func ValueTypes(vs []*Value) []Type {
	out := make([]Type, len(vs))
	for i, v := range vs {
		out[i] = v.Type
	}
	return out
}
