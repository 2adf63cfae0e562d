package tilegen

import (
	"fmt"
	"strings"
)

// tileT is a !tile.tile type: a 2-D shape, an element type, a memory space
// and an optional valid region (vr x vc; zero when the whole tile is valid).
type tileT struct {
	r, c   int
	elem   string
	space  string
	vr, vc int
}

func (t tileT) String() string {
	s := fmt.Sprintf("!tile.tile<%dx%dx%s, %s", t.r, t.c, t.elem, t.space)
	if t.vr != 0 {
		s += fmt.Sprintf(", valid = %dx%d", t.vr, t.vc)
	}
	return s + ">"
}

// bytes is the byte size the planners give the tile (product(shape) * element bytes).
func (t tileT) bytes() int { return t.r * t.c * elemBytes(t.elem) }

// in returns t moved to another memory space.
func (t tileT) in(space string) tileT { t.space = space; return t }

// of returns t with another element type.
func (t tileT) of(elem string) tileT { t.elem = elem; return t }

// shaped returns t with another shape.
func (t tileT) shaped(r, c int) tileT { t.r, t.c = r, c; return t }

// full reports whether the whole tile is valid (no valid region).
func (t tileT) full() bool { return t.vr == 0 }

func elemBytes(e string) int {
	switch e {
	case "f32", "i32":
		return 4
	case "f16", "bf16", "i16":
		return 2
	}
	return 1 // i8
}

func isFloat(e string) bool { return e == "f32" || e == "f16" || e == "bf16" }

// tensorT is a !tile.tensor type of global memory.
type tensorT struct {
	r, c int
	elem string
}

func (t tensorT) String() string { return fmt.Sprintf("!tile.tensor<%dx%dx%s>", t.r, t.c, t.elem) }

// value is an SSA tile the generator may use as an operand.
type value struct {
	name string
	t    tileT
	// pinned: the tile lives in a slot of an author-declared allocation, so
	// it is only ever read directly: never viewed, carried, yielded or
	// updated in place, because any alias would stretch its lifetime past
	// the next write into the slot (an invalid program).
	pinned bool
	// linear: an accumulator (acc) tile handled only by the cube chains.
	// The hardware has no acc-to-acc copy, so acc tiles never meet the
	// general loop/if machinery, which may need one.
	linear bool
	// held: kept alive on purpose until the end of the function (BigTiles
	// capacity pressure); only the final reduction consumes it.
	held bool
	// scratch: a tile.create, whose contents are undefined: only ever a
	// tmp operand, never data.
	scratch bool
	// dead: no longer usable (its pinned slot was rewritten).
	dead  bool
	carry bool // an scf.for iter_arg
	uses  int
}

// vecOK reports whether v may be a plain operand of a vector op.
func (v *value) vecOK() bool {
	return !v.dead && !v.held && !v.scratch && v.t.space == "vec" && v.t.full()
}

// flowOK reports whether v may also be aliased: a loop init, a yielded
// value or a view source.
func (v *value) flowOK() bool { return v.vecOK() && !v.pinned }

// scope is a region being generated: the values it defines and where it is.
type scope struct {
	parent *scope
	vals   []*value
	depth  int    // number of enclosing scf ops
	iv     string // innermost enclosing loop's induction variable ("" outside loops)
	indent string
	top    bool     // the function body
	carry  []*value // the iter_args when the scope is a loop body
}

func (s *scope) child(iv string) *scope {
	c := &scope{parent: s, depth: s.depth + 1, iv: s.iv, indent: s.indent + "  "}
	if iv != "" {
		c.iv = iv
	}
	return c
}

// visible lists the live values usable in s, innermost scope last.
func (s *scope) visible(ok func(*value) bool) []*value {
	var out []*value
	if s.parent != nil {
		out = s.parent.visible(ok)
	}
	for _, v := range s.vals {
		if ok(v) {
			out = append(out, v)
		}
	}
	return out
}

// outer reports whether v is defined outside s (in an enclosing scope).
func (s *scope) outer(v *value) bool {
	for _, w := range s.vals {
		if w == v {
			return false
		}
	}
	return true
}

// joinNames renders the names of vs separated by commas.
func joinNames(vs []*value) string {
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.name
	}
	return strings.Join(names, ", ")
}

// joinTypes renders the types of vs separated by commas.
func joinTypes(vs []*value) string {
	types := make([]string, len(vs))
	for i, v := range vs {
		types[i] = v.t.String()
	}
	return strings.Join(types, ", ")
}
