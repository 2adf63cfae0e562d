package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"pto-opt/dialect"
)

// Regions are the hot path of parsing: every function body and loop body
// is one. They are read by a hand-written production (like the op, type
// and attribute productions) from a token stream that lexes on demand,
// instead of through participle's PeekingLexer, which holds every token of
// its input in one slice.
//
// To keep bodies out of participle's token slices, the lexer feeding
// participle (scanner.deferBraces) hands a multi-line brace group at
// bracket depth 0 (a region, or a long attribute dictionary) over as a
// single Braces token; the production that meets it lexes the text again
// as a stream. Generic-form ops are parsed by participle's GenericOp
// grammar: when one occurs inside a stream, the rest of the stream's text
// is lexed for participle and parsing continues from that lexer.

// tokenSource is what the hand-written productions read tokens from: a
// participle PeekingLexer or a stream.
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

// openStream starts a stream over the text of token tok (a Braces token).
func (s *state) openStream(tok *lexer.Token) *stream {
	var st *stream
	if n := len(s.streams); n > 0 {
		st, s.streams = s.streams[n-1], s.streams[:n-1]
	} else {
		st = &stream{}
	}
	from := tok.Pos.Offset
	st.sc = scanner{filename: tok.Pos.Filename, src: s.src[:from+len(tok.Value)], i: from, line: tok.Pos.Line, lineStart: from - (tok.Pos.Column - 1)}
	st.n, st.peeked, st.err = 0, false, nil
	return st
}

func (s *state) closeStream(st *stream) { s.streams = append(s.streams, st) }

// withBraces runs parse on the text of the Braces token at the head of
// the current source, then continues after it. The text must be used up.
func (s *state) withBraces(what string, parse func() error) error {
	tok := s.next()
	st := s.openStream(tok)
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

// peekingLexer returns a participle lexer positioned at the current
// token. From a stream, that is the rest of the stream's text lexed
// afresh, which then replaces the stream as the current source.
func (s *state) peekingLexer() (*lexer.PeekingLexer, error) {
	if pl, ok := s.lex.(*lexer.PeekingLexer); ok {
		return pl, nil
	}
	st := s.lex.(*stream)
	tok := st.Peek()
	if st.err != nil {
		return nil, convertError(st.err)
	}
	sc := &scanner{filename: tok.Pos.Filename, src: st.sc.src, i: tok.Pos.Offset, line: tok.Pos.Line, lineStart: tok.Pos.Offset - (tok.Pos.Column - 1), deferBraces: true}
	pl, err := lexer.Upgrade(sc)
	if err != nil {
		return nil, convertError(err)
	}
	s.lex = pl
	return pl, nil
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

// parseGenericOp reads a generic-form op through participle's GenericOp
// grammar.
func (s *state) parseGenericOp() (*dialect.OperationState, error) {
	pl, err := s.peekingLexer()
	if err != nil {
		return nil, err
	}
	g, err := s.genericP.ParseFromLexer(pl, participle.AllowTrailing(true))
	s.lex = pl
	if err != nil {
		return nil, convertError(err)
	}
	return convertGeneric(g)
}
