package ir

// Use records that operand Index of Op reads a value.
type Use struct {
	Op    *Operation
	Index int
}

// Value is an SSA value: either a result of an operation or a block argument.
type Value struct {
	Type Type
	// Exactly one of Op and Block is set.
	Op       *Operation // defining op (results)
	Block    *Block     // owning block (block arguments)
	Index    int        // result index or argument index
	Uses     []Use
	NameHint string // a name to prefer when printing (source name or op hint)
	// A block argument's location is kept by its block (Block.argLocs):
	// results, most values, take theirs from their op and need no field of
	// their own.
}

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
func (v *Value) HasUses() bool { return len(v.Uses) > 0 }

func (v *Value) removeUse(op *Operation, idx int) {
	for i, u := range v.Uses {
		if u.Op == op && u.Index == idx {
			last := len(v.Uses) - 1
			copy(v.Uses[i:], v.Uses[i+1:])
			v.Uses[last] = Use{}
			v.Uses = v.Uses[:last]
			return
		}
	}
}

// ReplaceAllUsesWith redirects every use of v to w.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for _, u := range v.Uses {
		u.Op.Operands[u.Index] = w
		w.Uses = append(w.Uses, u)
	}
	v.Uses = nil
}

// ReplaceUsesIf redirects the uses of v for which keep returns true to w.
func (v *Value) ReplaceUsesIf(w *Value, replace func(Use) bool) {
	kept := v.Uses[:0]
	for _, u := range v.Uses {
		if replace(u) {
			u.Op.Operands[u.Index] = w
			w.Uses = append(w.Uses, u)
		} else {
			kept = append(kept, u)
		}
	}
	for i := len(kept); i < len(v.Uses); i++ {
		v.Uses[i] = Use{}
	}
	v.Uses = kept
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
