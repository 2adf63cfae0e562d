package parser

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Operations: `results = op loc`, the op in its generic form (read by
// participle, grammar.go) or its pretty form (read by its dialect's
// parser through asmParser), and the top level's alias definitions.

// parseAliasDef reads `#name = attr` or `!name = type` at the top level.
func (s *state) parseAliasDef() error {
	t := s.next()
	pending := len(s.pendingDense)
	if !s.isPunct("=") {
		if t.Type == tBang {
			return s.errf("expected '=' in type alias definition")
		}
		return s.errf("expected '=' in attribute alias definition")
	}
	s.next()
	if t.Type == tBang {
		if _, dup := s.typeAlias[t.Value]; dup {
			return s.errAt(t, "redefinition of type alias id '%s'", t.Value[1:])
		}
		ty, err := s.parseType()
		if err != nil {
			return err
		}
		s.typeAlias[t.Value] = ty
		return nil
	}
	if _, dup := s.attrAlias[t.Value]; dup {
		return s.errAt(t, "redefinition of attribute alias id '%s'", t.Value[1:])
	}
	var a ir.Attribute
	if n := s.peek(); n.Type == tLoc {
		s.next()
		if err := s.readLoc(n, false); err != nil {
			return err
		}
		a = &ir.RawAttr{Text: n.Value}
	} else {
		var err error
		if a, err = s.parseAttribute(); err != nil {
			return err
		}
	}
	if err := s.finishDense(pending); err != nil {
		return err
	}
	s.attrAlias[t.Value] = a
	return nil
}

// resolveOpName maps a pretty-form op name to its registered name: a name
// without a dialect prefix belongs to the default dialect of the place it
// is written in.
func (s *state) resolveOpName(name string) string {
	if strings.Contains(name, ".") || s.defaultDialect == "" {
		return name
	}
	k := opNameKey{s.defaultDialect, name}
	if full, ok := s.opNames[k]; ok {
		return full
	}
	full := s.defaultDialect + "." + name
	if s.opNames == nil {
		s.opNames = map[opNameKey]string{}
	}
	if len(s.opNames) < 1024 {
		// The key keeps a piece of the name made, not of the text.
		s.opNames[opNameKey{s.defaultDialect, full[len(s.defaultDialect)+1:]}] = full
	}
	return full
}

// opNameKey is a pretty-form op name without its dialect, and the default
// dialect it was written in.
type opNameKey struct{ dialect, name string }

// parseOperation reads `results = op loc?` from the current source.
func (s *state) parseOperation() (*ir.OperationState, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	pending := len(s.pendingDense)
	var groups []ir.ResultGroup
	if s.peek().Type == tPercent {
		for {
			r := s.peek()
			if r.Type != tPercent {
				return nil, s.errf("expected SSA value name")
			}
			s.next()
			g := ir.ResultGroup{Name: r.Value[1:], Count: 1, Loc: locOf(r.Pos)}
			if s.isPunct(":") {
				s.next()
				n := s.peek()
				if n.Type != tInt {
					return nil, s.errf("expected integer number of results")
				}
				s.next()
				c, err := strconv.Atoi(n.Value)
				if err != nil || c < 1 {
					return nil, s.errAt(n, "expected named operation to have at least 1 result")
				}
				g.Count = c
			}
			groups = s.scratch.AppendResultGroup(groups, g) // see ir.StateScratch
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
		if err := s.expectPunct("="); err != nil {
			return nil, err
		}
	}
	var st *ir.OperationState
	switch t := s.peek(); t.Type {
	case tString:
		var err error
		if st, err = s.parseGenericOp(); err != nil {
			return nil, err
		}
	case tIdent:
		var err error
		if st, err = s.customOp(); err != nil {
			return nil, err
		}
	default:
		return nil, s.errf("expected operation name in quotes")
	}
	if l := s.peek(); l.Type == tLoc {
		s.next()
		if err := s.readLoc(l, true); err != nil {
			return nil, err
		}
		st.Loc = st.Loc.WithRaw(l.Value)
	}
	st.Results = groups
	if err := s.finishDense(pending); err != nil {
		return nil, err
	}
	return st, nil
}

func (s *state) customOp() (*ir.OperationState, error) {
	t := s.peek()
	name := s.resolveOpName(t.Value)
	def := ir.Lookup(name)
	if def == nil || def.Parse == nil {
		if !strings.Contains(t.Value, ".") {
			// mlir-opt 22's wording, which upstream tests match.
			if s.defaultDialect == "" {
				d := ir.NewError(locOf(t.Pos), "Dialect `' not found for custom op '%s'  (tried '.%s' as well)", t.Value, t.Value)
				return nil, d.WithNote(d.Loc, "Available dialects: %s", strings.Join(ir.Dialects(), ", "))
			}
			return nil, s.errAt(t, "custom op '%s' is unknown (tried '%s' as well)", t.Value, name)
		}
		return nil, s.errAt(t, "custom op '%s' is unknown", t.Value)
	}
	s.next()
	st := s.newState()
	st.Name, st.Loc = name, locOf(t.Pos)
	s.asm.s = s
	outer, outerIsolated := s.defaultDialect, s.isolatedOp
	s.defaultDialect = def.DefaultDialect
	s.isolatedOp = def.Traits.Has(ir.IsolatedFromAbove)
	outerOp := s.asm.op
	s.asm.op = name
	err := def.Parse(&s.asm, st)
	s.asm.op = outerOp
	s.defaultDialect, s.isolatedOp = outer, outerIsolated
	if err != nil {
		return nil, err
	}
	return st, nil
}

// newState returns a zero OperationState, allocated with others in a slab
// (parsing makes one per op; they die once their ops are built, and the
// slabs are then recycled: see recycleStates).
func (s *state) newState() *ir.OperationState {
	if len(s.stateSlab) == 0 {
		var slab []ir.OperationState
		if n := len(s.spareSlabs); n > 0 {
			// Given back by reuseStates in this parse (and counted in
			// usedSlabs already if it ever was).
			slab, s.spareSlabs = s.spareSlabs[n-1], s.spareSlabs[:n-1]
		} else {
			if n := len(s.freeSlabs); n > 0 {
				slab, s.freeSlabs = s.freeSlabs[n-1], s.freeSlabs[:n-1]
			} else {
				slab = make([]ir.OperationState, 64)
			}
			// Only the first slabs are kept for the next parse: the states
			// of a large input must die as their ops are built (the builder
			// drops each state it has built), not live until the end.
			if len(s.usedSlabs) < maxKeptSlabs {
				s.usedSlabs = append(s.usedSlabs, slab)
			}
		}
		s.slabLog = append(s.slabLog, slab)
		s.stateSlab = slab
	}
	st := &s.stateSlab[0]
	s.stateSlab = s.stateSlab[1:]
	st.Scratch = &s.scratch
	return st
}

// maxKeptSlabs bounds the slabs a Parser keeps for its next parse.
const maxKeptSlabs = 16

// recycleStates makes the slabs of the states handed out since the last
// call reusable; reuse is true only when nothing refers to those states
// any more (every op they describe has been built).
func (s *state) recycleStates(reuse bool) {
	s.scratch.Recycle(reuse)
	if reuse {
		for _, slab := range s.usedSlabs {
			clear(slab) // free slabs hold nothing of the text read
		}
		s.freeSlabs = append(s.freeSlabs, s.usedSlabs...)
	}
	clear(s.usedSlabs)
	s.usedSlabs = s.usedSlabs[:0]
	s.stateSlab = nil
	clear(s.slabLog)
	s.slabLog = s.slabLog[:0]
	s.spareSlabs = nil // some may be among usedSlabs: never hand one out twice
}
