package parser

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// withBraces runs parse on the text of the Braces token at the head of
// the current source, then continues after it. The text must be used up.
func (s *state) withBraces(what string, parse func() error) error {
	tok := s.next()
	return s.read(tokenSpan(tok, 0, len(tok.Value)), false, func() error {
		if err := parse(); err != nil {
			return err
		}
		return s.atEnd(what)
	})
}

// parseRegion reads a region: `{ ops (^label(args): ops)* }`, possibly as
// a Braces token.
func (s *state) parseRegion() (*ir.RegionState, error) {
	if s.peek().Type == tBraces {
		var rs *ir.RegionState
		err := s.withBraces("region", func() error {
			var err error
			rs, err = s.regionBody()
			return err
		})
		return rs, err
	}
	return s.regionBody()
}

func (s *state) regionBody() (*ir.RegionState, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	open := s.peek()
	if open.Type != tPunct || open.Value != "{" {
		return nil, s.errf("expected '{' to begin a region")
	}
	rs := s.scratch.NewRegionState() // see ir.StateScratch
	rs.Loc = locOf(open.Pos)
	s.next()
	// A block's ops are gathered on the state's op stack (nested regions
	// stack theirs above and take them off again) and copied out once the
	// block ends, so each block's list is allocated once, at its size.
	mark := len(s.opStack)
	defer func() { s.opStack = s.opStack[:mark] }()
	var cur *ir.BlockState
	endBlock := func() {
		if cur != nil {
			cur.Ops = s.scratch.CopyStates(s.opStack[mark:])
			clear(s.opStack[mark:])
			s.opStack = s.opStack[:mark]
		}
	}
	for {
		t := s.peek()
		switch t.Type {
		case tPunct:
			if t.Value == "}" {
				s.next()
				endBlock()
				return rs, nil
			}
		case tCaret:
			endBlock()
			b, err := s.blockHeader()
			if err != nil {
				return nil, err
			}
			rs.Blocks = s.scratch.AppendBlockState(rs.Blocks, b)
			cur = b
			continue
		case tPercent, tString, tIdent:
			op, err := s.parseOperation()
			if err != nil {
				return nil, err
			}
			if cur == nil {
				cur = s.scratch.NewBlockState()
				cur.Loc = rs.Loc
				rs.Blocks = s.scratch.AppendBlockState(rs.Blocks, cur)
			}
			s.opStack = append(s.opStack, op)
			continue
		}
		return nil, s.errf("expected operation name in quotes, found %s", describe(t))
	}
}

// blockHeader reads `^label(%a: T loc?, ...):`.
func (s *state) blockHeader() (*ir.BlockState, error) {
	t := s.next()
	b := s.scratch.NewBlockState()
	b.Label, b.Loc = t.Value[1:], locOf(t.Pos)
	if s.isPunct("(") {
		s.next()
		if !s.isPunct(")") {
			for {
				a := s.peek()
				if a.Type != tPercent {
					return nil, s.errf("expected SSA value name")
				}
				s.next()
				arg := ir.Argument{Ref: ir.OperandRef{Name: a.Value[1:], Loc: locOf(a.Pos)}, Loc: locOf(a.Pos)}
				if err := s.expectPunct(":"); err != nil {
					return nil, err
				}
				ty, err := s.parseType()
				if err != nil {
					return nil, err
				}
				arg.Type = ty
				if l := s.peek(); l.Type == tLoc {
					s.next()
					if err := s.readLoc(l, true); err != nil {
						return nil, err
					}
					arg.Loc = rawLoc(arg.Loc, l.Value)
				}
				b.Args = s.scratch.AppendArgument(b.Args, arg) // see ir.StateScratch
				if !s.isPunct(",") {
					break
				}
				s.next()
			}
		}
		if err := s.expectPunct(")"); err != nil {
			return nil, err
		}
	}
	if err := s.expectPunct(":"); err != nil {
		return nil, err
	}
	return b, nil
}
