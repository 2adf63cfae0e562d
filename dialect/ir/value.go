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
	// uses is the last of the operands that read v, which are in the
	// order they were added: a circular list threaded through the
	// operands' link records (see operand), so that adding or dropping a
	// use allocates nothing.
	uses     *operand
	NameHint string // a name to prefer when printing (source name or op hint)
	// A block argument's location is kept by its block (Block.argLocs):
	// results, most values, take theirs from their op and need no field of
	// their own.
}

// operand is the use-list link of one operand of an operation (MLIR's
// OpOperand without the value, which the op's Operands hold): an op's
// links are one array, parallel to its Operands, and each link threads
// the use list of the value that operand reads. The list is singly linked
// and circular: a value points to its last use, whose next is the first,
// so that appending is O(1) and so is dropping the first use (or the
// others' predecessors are found by a walk of the list, as the slices
// the values had before were searched). A link in no list has a nil next.
type operand struct {
	next *operand
	op   *Operation
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
	if v.uses == nil {
		l.next = l
	} else {
		l.next = v.uses.next
		v.uses.next = l
	}
	v.uses = l
}

// dropUse unlinks l from v's use list, if it is in one (an erased op's
// operands are not).
func (v *Value) dropUse(l *operand) {
	if l.next == nil || v.uses == nil {
		return
	}
	prev := v.uses
	for prev.next != l {
		prev = prev.next
		if prev == v.uses {
			return // not v's
		}
	}
	v.unlink(prev, l)
}

// unlink removes l, which follows prev, from v's use list.
func (v *Value) unlink(prev, l *operand) {
	switch {
	case l.next == l:
		v.uses = nil
	default:
		prev.next = l.next
		if v.uses == l {
			v.uses = prev
		}
	}
	l.next = nil
}

// AllUses yields the uses of v in the order they were added. The loop may
// drop or redirect the use it is given (the next one is read first), but
// not others; uses it adds to v are not visited.
func (v *Value) AllUses() iter.Seq[Use] {
	return func(yield func(Use) bool) {
		tail := v.uses
		if tail == nil {
			return
		}
		for l := tail.next; ; {
			next, last := l.next, l == tail
			if !yield(l.use()) || last {
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
	for u := range v.AllUses() {
		out = append(out, u)
	}
	return out
}

// NumUses counts the uses of v (a walk of its use list).
func (v *Value) NumUses() int {
	if v.uses == nil {
		return 0
	}
	n := 1
	for l := v.uses.next; l != v.uses; l = l.next {
		n++
	}
	return n
}

// HasOneUse reports whether exactly one operand reads v.
func (v *Value) HasOneUse() bool { return v.uses != nil && v.uses.next == v.uses }

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
	for u := range v.AllUses() {
		u.Op.Operands[u.Index] = w
	}
	// Splice v's list onto the end of w's.
	tail := v.uses
	v.uses = nil
	if w.uses != nil {
		head := tail.next
		tail.next = w.uses.next
		w.uses.next = head
	}
	w.uses = tail
}

// ReplaceUsesIf redirects the uses of v for which replace returns true to w.
func (v *Value) ReplaceUsesIf(w *Value, replace func(Use) bool) {
	tail := v.uses
	if v == w || tail == nil {
		return
	}
	prev := tail
	for l := tail.next; ; {
		next, last := l.next, l == tail
		if u := l.use(); replace(u) {
			v.unlink(prev, l)
			u.Op.Operands[u.Index] = w
			w.addUse(l)
		} else {
			prev = l
		}
		if last {
			return
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

// AppendValueTypes appends the types of vs to dst: ValueTypes into a
// buffer of the caller's (on its stack, for a verifier's few values).
func AppendValueTypes(dst []Type, vs []*Value) []Type {
	for _, v := range vs {
		dst = append(dst, v.Type)
	}
	return dst
}
