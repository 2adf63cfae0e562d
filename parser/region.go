package parser

import (
	"github.com/alecthomas/participle/v2"
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

// parseSpan reads the top-level items of s.src[sp.from:sp.to]: alias
// definitions (when aliases is set) and operations.
func (s *state) parseSpan(filename string, sp span, aliases bool) ([]*dialect.OperationState, error) {
	st := s.openStream(filename, sp.from, sp.to, sp.line, sp.lineStart)
	s.lex = st
	ops, err := s.parseItems(aliases)
	if st.err != nil {
		// The lexer ends a stream at a lexing error as if the text ended
		// there, which the top level accepts: the error still stands.
		err = convertError(st.err)
	}
	s.lex = nil
	s.closeStream(st)
	return ops, err
}

func (s *state) parseItems(aliases bool) ([]*dialect.OperationState, error) {
	var ops []*dialect.OperationState
	for {
		switch t := s.peek(); {
		case t.Type == tEOF:
			return ops, nil
		case aliases && (t.Type == tHash || t.Type == tBang):
			if err := s.parseAliasDef(); err != nil {
				return nil, err
			}
		default:
			op, err := s.parseOperation()
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
		}
	}
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

// parseGenericOp reads a generic-form op through participle's GenericOp
// grammar, then resumes the current stream after it.
func (s *state) parseGenericOp() (*dialect.OperationState, error) {
	st := s.lex.(*stream) // operations are only read from streams
	name := st.Peek()
	pos := name.Pos
	gl := &genericLexer{sc: scanner{filename: pos.Filename, src: st.sc.src, i: pos.Offset, line: pos.Line,
		lineStart: pos.Offset - (pos.Column - 1), braces: &s.braces}}
	pl, err := lexer.Upgrade(gl)
	if err != nil {
		return nil, convertError(err)
	}
	g, err := s.genericP.ParseFromLexer(pl, participle.AllowTrailing(true))
	s.lex = st
	if err == nil {
		if t := pl.Peek(); t.Type != tEOF {
			err = s.errAt(t, "unexpected %s after operation", describe(t))
		}
	}
	if gl.err != nil {
		// The op's text stops at a lexing error: report it unless the
		// grammar failed before reaching it.
		lexErr := convertError(gl.err)
		if err == nil || !diagBefore(s.parseError(err), lexErr) {
			// It replaces the error a production met at the end of the
			// op's text, for the enclosing ops too.
			s.fatal = lexErr
			return nil, lexErr
		}
	}
	if err != nil {
		return nil, s.parseError(err)
	}
	// Continue after the op.
	st.sc.i, st.sc.line, st.sc.lineStart = gl.sc.i, gl.sc.line, gl.sc.lineStart
	st.n++
	st.peeked = false
	return convertGeneric(g)
}

// diagBefore reports whether diagnostic a is located before b.
func diagBefore(a, b error) bool {
	da, ok1 := a.(*dialect.Diagnostic)
	db, ok2 := b.(*dialect.Diagnostic)
	if !ok1 || !ok2 {
		return false
	}
	return da.Loc.Line < db.Loc.Line || da.Loc.Line == db.Loc.Line && da.Loc.Col < db.Loc.Col
}

// genericLexer lexes one generic op for participle, from its name to the
// end of its type, `: (inputs) -> results`, and then reports the end of
// the input. Each brace group of the op is one Braces token. Text that
// cannot belong to a generic op ends the input too, right after the
// offending token (which participle then reports), so that a malformed
// op never makes participle lex the rest of the file.
type genericLexer struct {
	sc    scanner
	depth int // of ( and [
	phase int
	done  bool
	err   error // the lexing error that ended the op's text
}

// Phases of genericLexer.
const (
	genHeader  = iota // name, operands, successors, properties, regions, attributes
	genInputs         // after the ':'
	genInList         // inside the inputs' parentheses
	genArrow          // after them
	genResults        // after the '->'
	genResList        // inside the results' parentheses
)

func (g *genericLexer) Next() (lexer.Token, error) {
	if g.done {
		return lexer.Token{Type: tEOF, Pos: g.sc.pos(g.sc.i)}, nil
	}
	t, err := g.sc.Next()
	if err != nil {
		g.err, g.done = err, true
		return lexer.Token{Type: tEOF, Pos: err.(*LexError).Pos}, nil
	}
	if t.Type == tEOF {
		return t, nil
	}
	punct := func(v string) bool { return t.Type == tPunct && t.Value == v }
	switch {
	case punct("("), punct("["):
		g.depth++
	case punct(")"), punct("]"):
		g.depth--
	}
	stop := g.depth < 0 || punct("=") || punct("}")
	switch g.phase {
	case genHeader:
		switch {
		case g.depth == 0 && punct(":"):
			g.phase = genInputs
		case g.depth == 0 && t.Type != tPunct && t.Type != tBraces && t.Type != tString:
			stop = true
		}
	case genInputs:
		g.phase = genInList
		stop = stop || !punct("(")
	case genInList, genResList:
		stop = stop || t.Type == tPercent
		if g.depth == 0 {
			if g.phase == genResList {
				stop = true
			}
			g.phase = genArrow
		}
	case genArrow:
		g.phase = genResults
		stop = stop || !punct("->")
	case genResults:
		g.phase = genResList
		stop = stop || !punct("(")
	}
	g.done = stop
	return t, nil
}
