package ir

import (
	"math/rand"
	"slices"
	"testing"
	"unsafe"
)

// refUses is the use-list model the linked lists must agree with: one
// slice per value, a use appended when added and removed in place, as the
// IR kept them before.
type refUses map[*Value][]Use

func (m refUses) add(v *Value, op *Operation, i int) {
	if v != nil {
		m[v] = append(m[v], Use{op, i})
	}
}

func (m refUses) drop(v *Value, op *Operation, i int) {
	if v == nil {
		return
	}
	if k := slices.Index(m[v], Use{op, i}); k >= 0 {
		m[v] = slices.Delete(m[v], k, k+1)
	}
}

// TestUseListsAgreeWithModel applies random operand changes, erasures and
// use replacements to a pool of values and checks after each step that
// every value's uses, their order and counts are the model's.
func TestUseListsAgreeWithModel(t *testing.T) {
	r := rand.New(rand.NewSource(32))
	for iter := 0; iter < 200; iter++ {
		ref := refUses{}
		var vals []*Value
		var ops, erased []*Operation
		pick := func() *Value {
			if len(vals) == 0 || r.Intn(8) == 0 {
				return nil
			}
			return vals[r.Intn(len(vals))]
		}
		operands := func() []*Value {
			out := make([]*Value, r.Intn(7))
			for i := range out {
				out[i] = pick()
			}
			return out
		}
		for step := 0; step < 60; step++ {
			switch k := r.Intn(7); {
			case k <= 1 || len(ops) == 0:
				// A new op, reading values of the pool.
				in := operands()
				op := NewOperation("test.op", Location{}, in, []Type{Index, Index}[:r.Intn(3)])
				for i, v := range in {
					ref.add(v, op, i)
				}
				ops = append(ops, op)
				vals = append(vals, op.Results...)
				if r.Intn(4) == 0 {
					vals = append(vals, &Value{Type: Index}) // a parser placeholder
				}
			case k == 2:
				op := ops[r.Intn(len(ops))]
				i := r.Intn(len(op.Operands) + 1)
				if i == len(op.Operands) {
					continue
				}
				v := pick()
				ref.drop(op.Operands[i], op, i)
				ref.add(v, op, i)
				op.SetOperand(i, v)
			case k == 3:
				op := ops[r.Intn(len(ops))]
				for i, v := range op.Operands {
					ref.drop(v, op, i)
				}
				in := operands()
				for i, v := range in {
					ref.add(v, op, i)
				}
				op.SetOperands(in)
			case k == 4:
				k := r.Intn(len(ops))
				op := ops[k]
				for i, v := range op.Operands {
					ref.drop(v, op, i)
				}
				op.Erase()
				ops = slices.Delete(ops, k, k+1)
				erased = append(erased, op)
			case k == 5 && len(vals) > 1:
				v, w := vals[r.Intn(len(vals))], vals[r.Intn(len(vals))]
				if v != w {
					for _, u := range ref[v] {
						ref.add(w, u.Op, u.Index)
					}
					delete(ref, v)
				}
				v.ReplaceAllUsesWith(w)
			case k == 6 && len(vals) > 1:
				v, w := vals[r.Intn(len(vals))], vals[r.Intn(len(vals))]
				odd := func(u Use) bool { return u.Index%2 == 1 }
				if v != w {
					var kept []Use
					for _, u := range ref[v] {
						if odd(u) {
							ref.add(w, u.Op, u.Index)
						} else {
							kept = append(kept, u)
						}
					}
					ref[v] = kept
				}
				v.ReplaceUsesIf(w, odd)
			}
			for _, v := range vals {
				want := ref[v]
				got := v.Uses()
				if !slices.Equal(got, want) {
					t.Fatalf("iteration %d step %d: uses %v, want %v", iter, step, got, want)
				}
				if v.NumUses() != len(want) || v.HasUses() != (len(want) > 0) || v.HasOneUse() != (len(want) == 1) {
					t.Fatalf("iteration %d step %d: counts of %d uses wrong", iter, step, len(want))
				}
				for _, u := range want {
					if u.Op.Operands[u.Index] != v {
						t.Fatalf("iteration %d step %d: operand %d of a user is not the value", iter, step, u.Index)
					}
				}
			}
		}
		// Erased ops stay erased: changing their operands again is allowed
		// and links them anew.
		for _, op := range erased {
			if len(op.Operands) > 0 && op.Operands[0] != nil {
				v := op.Operands[0]
				n := v.NumUses()
				op.SetOperand(0, v)
				if v.NumUses() != n+1 {
					t.Fatalf("iteration %d: an erased op's operand set again: %d uses, want %d", iter, v.NumUses(), n+1)
				}
				break
			}
		}
	}
}

// TestAllUsesDropsCurrent checks that the loop over a value's uses may
// redirect the use it is given.
func TestAllUsesDropsCurrent(t *testing.T) {
	def := NewOperation("test.def", Location{}, nil, []Type{Index, Index})
	v, w := def.Results[0], def.Results[1]
	var users []*Operation
	for range 5 {
		users = append(users, NewOperation("test.use", Location{}, []*Value{w, v, v}, nil))
	}
	n := 0
	for u := range v.AllUses() {
		u.Op.SetOperand(u.Index, w)
		n++
	}
	if n != 10 || v.HasUses() || w.NumUses() != 15 {
		t.Fatalf("visited %d uses, %d left, %d moved", n, v.NumUses(), w.NumUses())
	}
	// w's uses: the first operands in op order, then each op's second and
	// third as they were redirected.
	got := w.Uses()
	for i, u := range got[:5] {
		if u != (Use{users[i], 0}) {
			t.Fatalf("use %d: %v", i, u)
		}
	}
	for i, u := range got[5:] {
		if u != (Use{users[i/2], 1 + i%2}) {
			t.Fatalf("use %d: %v", 5+i, u)
		}
	}
}

// TestIsBeforeInBlockAfterEdits checks the order query against positions
// while ops are appended, inserted, removed, and the list is rewritten
// directly.
func TestIsBeforeInBlockAfterEdits(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	b := &Block{}
	newOp := func() *Operation { return NewOperation("test.op", Location{}, nil, nil) }
	for step := 0; step < 3000; step++ {
		switch k := r.Intn(6); {
		case k == 0 || len(b.Ops) < 2:
			b.Append(newOp())
		case k == 1:
			b.InsertAt(r.Intn(len(b.Ops)+1), newOp(), newOp())
		case k == 2:
			b.Ops[r.Intn(len(b.Ops))].Erase()
		case k == 3:
			b.RemoveOps(func(*Operation) bool { return r.Intn(10) == 0 })
		case k == 4:
			r.Shuffle(len(b.Ops), func(i, j int) { b.Ops[i], b.Ops[j] = b.Ops[j], b.Ops[i] })
		case k == 5:
			b.InsertBefore(b.Ops[r.Intn(len(b.Ops))], newOp())
		}
		if len(b.Ops) < 2 {
			continue
		}
		for range 4 {
			i, j := r.Intn(len(b.Ops)), r.Intn(len(b.Ops))
			if got := b.Ops[i].IsBeforeInBlock(b.Ops[j]); got != (i < j) {
				t.Fatalf("step %d: op %d before op %d: %v", step, i, j, got)
			}
			if got := b.Ops[i].IndexInBlock(); got != i {
				t.Fatalf("step %d: op %d has index %d", step, i, got)
			}
		}
	}
}

// TestLayoutSizes keeps the IR's per-op and per-value records in their
// size classes: they are most of the memory of a large parsed file.
func TestLayoutSizes(t *testing.T) {
	if n := unsafe.Sizeof(Operation{}); n > 160 {
		t.Errorf("Operation is %d bytes, want at most 160", n)
	}
	if n := unsafe.Sizeof(Value{}); n > 64 {
		t.Errorf("Value is %d bytes, want at most 64", n)
	}
	if n := unsafe.Sizeof(operand{}); n > 16 {
		t.Errorf("a use link is %d bytes, want at most 16", n)
	}
}
