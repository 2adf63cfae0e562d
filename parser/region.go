package parser

import (
	"github.com/alecthomas/participle/v2/lexer"

	"pto-opt/dialect"
)

// Every production reads its tokens from a stream that lexes the source
// on demand, so no more of the text is ever lexed than has been parsed
// (plus a lookahead of one token). The exception is the generic form of an
// operation, which participle parses: participle collects all the tokens
// of its input into one slice first, so it is given a lexer over exactly
// one generic op (genericLexer), in which every brace group -- a region,
// a property or attribute dictionary -- is a single Braces token. The
// custom production that meets one (a region, an attribute dictionary)
// reads the group's text through a stream of its own; when the op has
// been parsed, the enclosing stream resumes after it.

// tokenSource is what the hand-written productions read tokens from: a
// stream, or participle's PeekingLexer inside a generic op.
type tokenSource interface {
	Peek() *lexer.Token
	Next() *lexer.Token
}

var _ tokenSource = (*lexer.PeekingLexer)(nil)

// streamRing is how many tokens of a stream stay addressable: a token
// returned by Peek or Next is valid until streamRing more are read.
const streamRing = 32

// stream lexes a span of the source on demand.
type stream struct {
	sc     scanner
	ring   [streamRing]lexer.Token
	n      int // index of the current token
	peeked bool
	err    error // the lexing error that ended the stream, if any
}

func (t *stream) Peek() *lexer.Token {
	slot := &t.ring[t.n%streamRing]
	if !t.peeked {
		tok, err := t.sc.Next()
		if err != nil {
			t.err = err
			tok = lexer.Token{Type: tEOF, Pos: err.(*LexError).Pos}
		}
		*slot = tok
		t.peeked = true
	}
	return slot
}

func (t *stream) Next() *lexer.Token {
	tok := t.Peek()
	if tok.Type != tEOF {
		t.n++
		t.peeked = false
	}
	return tok
}

// openStream starts a stream over s.src[from:to]; line and lineStart
// describe where s.src[from] sits.
func (s *state) openStream(filename string, from, to, line, lineStart int) *stream {
	var st *stream
	if n := len(s.streams); n > 0 {
		st, s.streams = s.streams[n-1], s.streams[:n-1]
	} else {
		st = &stream{}
	}
	st.sc = scanner{filename: filename, src: s.src[:to], i: from, line: line, lineStart: lineStart}
	st.n, st.peeked, st.err = 0, false, nil
	return st
}

func (s *state) closeStream(st *stream) { s.streams = append(s.streams, st) }

// withBraces runs parse on the text of the Braces token at the head of
// the current source, then continues after it. The text must be used up.
func (s *state) withBraces(what string, parse func() error) error {
	tok := s.next()
	from := tok.Pos.Offset
	st := s.openStream(tok.Pos.Filename, from, from+len(tok.Value), tok.Pos.Line, from-(tok.Pos.Column-1))
	saved := s.lex
	s.lex = st
	err := parse()
	if err == nil {
		if t := s.peek(); t.Type != tEOF {
			err = s.errf("unexpected %s after %s", describe(t), what)
		}
	}
	if err != nil && st.err != nil {
		err = convertError(st.err)
	}
	s.lex = saved
	s.closeStream(st)
	return err
}

// parseRegion reads a region: `{ ops (^label(args): ops)* }`, possibly as
// a Braces token.
func (s *state) parseRegion() (*dialect.RegionState, error) {
	if s.peek().Type == tBraces {
		var rs *dialect.RegionState
		err := s.withBraces("region", func() error {
			var err error
			rs, err = s.regionBody()
			return err
		})
		return rs, err
	}
	return s.regionBody()
}

func (s *state) regionBody() (*dialect.RegionState, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	open := s.peek()
	if open.Type != tPunct || open.Value != "{" {
		return nil, s.errf("expected '{' to begin a region")
	}
	rs := &dialect.RegionState{Loc: locOf(open.Pos)}
	s.next()
	var cur *dialect.BlockState
	for {
		t := s.peek()
		switch t.Type {
		case tPunct:
			if t.Value == "}" {
				s.next()
				return rs, nil
			}
		case tCaret:
			b, err := s.blockHeader()
			if err != nil {
				return nil, err
			}
			rs.Blocks = append(rs.Blocks, b)
			cur = b
			continue
		case tPercent, tString, tIdent:
			op, err := s.parseOperation()
			if err != nil {
				return nil, err
			}
			if cur == nil {
				cur = &dialect.BlockState{Loc: rs.Loc}
				rs.Blocks = append(rs.Blocks, cur)
			}
			cur.Ops = append(cur.Ops, op)
			continue
		}
		return nil, s.errf("expected operation name in quotes, found %s", describe(t))
	}
}

// blockHeader reads `^label(%a: T loc?, ...):`.
func (s *state) blockHeader() (*dialect.BlockState, error) {
	t := s.next()
	b := &dialect.BlockState{Label: t.Value[1:], Loc: locOf(t.Pos)}
	if s.isPunct("(") {
		s.next()
		if !s.isPunct(")") {
			for {
				a := s.peek()
				if a.Type != tPercent {
					return nil, s.errf("expected SSA value name")
				}
				s.next()
				arg := dialect.Argument{Ref: dialect.OperandRef{Name: a.Value[1:], Loc: locOf(a.Pos)}, Loc: locOf(a.Pos)}
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
					arg.Loc.Raw = l.Value
				}
				b.Args = append(b.Args, arg)
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
