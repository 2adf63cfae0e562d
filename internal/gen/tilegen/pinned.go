package tilegen

import "fmt"

// Author-declared (pinned) allocations: `%p = tile.alloc vec, N {pinned}`
// with producers writing `into %p [+ offset]` at different times. A slot
// may only be rewritten once its previous tile is dead, so writes happen
// in the function body only (never in a loop or an arm), the tile in a
// slot is never aliased (value.pinned), and the generator kills it (no
// later reads) before the next write into its slot.

type pinnedAlloc struct {
	name  string
	size  int
	slots []*slot
	used  bool // written at least once (unused ones are not emitted)
}

// slot is a byte range of a pinned allocation holding one tile at a time.
type slot struct {
	alloc    *pinnedAlloc
	off      int
	t        tileT
	occupant *value
}

// setupPinned declares the kernel's pinned allocations, sometimes (not
// often: planner=ptoas refuses every kernel that has one).
func (g *gen) setupPinned() {
	if !g.chance(0.25) {
		return
	}
	for i := g.between(1, 2); i > 0; i-- {
		t := g.base().of("f32")
		a := &pinnedAlloc{name: fmt.Sprintf("%%p%d", len(g.allocs))}
		for k := g.between(1, 2); k > 0; k-- {
			a.slots = append(a.slots, &slot{alloc: a, off: a.size, t: t})
			a.size += t.bytes()
		}
		g.allocs = append(g.allocs, a)
	}
}

// writePinned writes a new tile into a slot, killing the one before it.
// Sometimes the writer reads the tile it replaces (ping-pong: a last read
// at the write itself only touches the next tile's lifetime), which only
// in-place-safe ops may do.
func (g *gen) writePinned(s *scope) {
	a := oneOf(g, g.allocs...)
	sl := oneOf(g, a.slots...)
	into := a.name
	if sl.off > 0 {
		into = fmt.Sprintf("%s + %d", a.name, sl.off)
	}
	t := sl.t
	if g.chance(0.2) {
		t = t.shaped(t.r, 1) // a smaller tile in the same slot
	}
	old := sl.occupant
	if old != nil {
		g.feat("pinned-rewrite")
		old.dead = true
	}
	var v *value
	switch {
	case old != nil && old.t == t && g.chance(0.3):
		g.feat("pinned-ping-pong")
		if g.chance(0.5) {
			v = g.op(s, oneOf(g, inPlaceUnary...), []operand{tileArg(old)}, into, "", t)[0]
		} else {
			v = g.op(s, oneOf(g, binaryOps...), []operand{tileArg(old), tileArg(g.need(s, t))}, into, "", t)[0]
		}
	default:
		if old != nil && old.uses == 0 {
			g.store(s, old) // so its value still reaches memory
		}
		v = g.freshPinned(s, sl, t, into)
	}
	v.pinned = true
	sl.occupant = v
	a.used = true
	g.feat("pinned")
}

// freshPinned computes a tile of type t into a slot from other tiles.
func (g *gen) freshPinned(s *scope, sl *slot, t tileT, into string) *value {
	switch g.weighted(3, 3, 2, 1) {
	case 0:
		return g.load(s, t, false, into)
	case 1:
		if t.c == 1 {
			x := g.need(s, sl.t)
			return g.op(s, oneOf(g, rowReductions...), []operand{tileArg(x)}, into, "", t)[0]
		}
		x := g.need(s, t)
		return g.op(s, oneOf(g, allUnary...), []operand{tileArg(x)}, into, "", t)[0]
	case 2:
		x, y := g.need(s, t), g.need(s, t)
		return g.op(s, oneOf(g, binaryOps...), []operand{tileArg(x), tileArg(y)}, into, "", t)[0]
	}
	return g.full(s, t, into)
}
