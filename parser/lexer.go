package parser

import (
	"fmt"
	"io"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the MLIR lexer.
const (
	tEOF lexer.TokenType = lexer.EOF - iota
	tIdent
	tPercent // %name
	tCaret   // ^label
	tAt      // @symbol or @"symbol"
	tHash    // #alias or #1 (result number)
	tBang    // !alias
	tInt
	tFloat
	tString
	tPunct
	tDialectType // !dialect.name<...> kept whole
	tDialectAttr // #dialect.name<...>, affine_map<...>, dense_resource<...> kept whole
	tLoc         // loc(...) kept whole
	tShapedType  // memref<...>, tensor<...>, vector<...>, tuple<...>, complex<...> kept whole
	tBraces      // a {...} group of a generic op, kept whole (see genericLexer)
	tError       // text that cannot be lexed; Value is the message (see errors.go)
)

var symbols = map[string]lexer.TokenType{
	"EOF": tEOF, "Ident": tIdent, "Percent": tPercent, "Caret": tCaret, "At": tAt,
	"Hash": tHash, "Bang": tBang, "Int": tInt, "Float": tFloat, "String": tString,
	"Punct": tPunct, "DialectType": tDialectType, "DialectAttr": tDialectAttr, "Loc": tLoc, "ShapedType": tShapedType, "Braces": tBraces, "Error": tError,
}

// mlirLexer is the participle lexer definition.
type mlirLexer struct{}

func (mlirLexer) Symbols() map[string]lexer.TokenType { return symbols }

// Lex lexes the generic op at the start of r's text, as parseGenericOp
// feeds participle (which the parser does itself, with ParseFromLexer).
func (mlirLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	st := &stream{sc: scanner{filename: filename, src: string(b), line: 1, braces: &braceIndex{}}}
	return &genericLexer{src: st}, nil
}

// scanner is the lexer: it makes one token at a time, on demand, from
// src[i:], tracking the line. It keeps no tokens (a stream does).
type scanner struct {
	filename        string
	src             string
	i               int
	line, lineStart int
	// braces, when set, makes every {...} group one Braces token (for the
	// tokens of a generic op, for participle; see genericLexer). It remembers
	// the extent of the groups nested in the ones it has scanned.
	braces *braceIndex
	// out, when set, is where the next token is made (see dst); own is
	// the token made otherwise.
	out *lexer.Token
	own lexer.Token
	// splitTypes lexes builtin type keywords as plain identifiers, for
	// reading the parameters of a shaped type: the nested types are then
	// read from the same tokens instead of being scanned again.
	splitTypes bool
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '$' || c == '.'
}

func isSuffixChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '$' || c == '.' || c == '-'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// swallowKeywords are builtin attribute keywords whose bodies pto-opt keeps
// verbatim instead of parsing.
var swallowKeywords = map[string]bool{
	"affine_map": true, "affine_set": true, "dense_resource": true, "sparse": true, "opaque": true,
}

// typeKeywords begin builtin parametric types. Their text is lexed as one
// token and parsed once per distinct spelling (types repeat a lot).
var typeKeywords = map[string]bool{"memref": true, "tensor": true, "vector": true, "tuple": true, "complex": true}

func (s *scanner) pos(at int) lexer.Position {
	return lexer.Position{Filename: s.filename, Offset: at, Line: s.line, Column: at - s.lineStart + 1}
}

// fail returns an Error token at src[at].
func (s *scanner) fail(at int, format string, args ...any) *lexer.Token {
	return s.failAt(s.pos(at), format, args...)
}

// failAt reports an error at p, for a token whose scan went past a
// newline (which moves the line s.pos counts from).
func (s *scanner) failAt(p lexer.Position, format string, args ...any) *lexer.Token {
	d := s.dst()
	*d = lexer.Token{Type: tError, Value: fmt.Sprintf(format, args...), Pos: p}
	return d
}

// dst is where the scanner makes its token: the slot out names (a
// stream's ring, so that the token is not copied on its way there), else
// its own.
func (s *scanner) dst() *lexer.Token {
	if s.out != nil {
		return s.out
	}
	return &s.own
}

// balanced consumes a bracketed body starting at src[j] (an opening
// bracket) and returns the index after its closing bracket, tracking
// newlines. Strings are skipped; "->" does not close '<'.
func (s *scanner) balanced(j int) (int, bool) {
	src := s.src
	depth := 0
	for j < len(src) {
		c := src[j]
		switch c {
		case '\n':
			s.line++
			s.lineStart = j + 1
		case '"':
			j++
			for j < len(src) && src[j] != '"' {
				if src[j] == '\n' {
					return j, false
				}
				if src[j] == '\\' && j+1 < len(src) && src[j+1] != '\n' {
					j++
				}
				j++
			}
		case '<', '(', '[', '{':
			depth++
		case '>':
			if j > 0 && src[j-1] == '-' || j+1 < len(src) && src[j+1] == '=' {
				break
			}
			depth--
		case ')', ']', '}':
			depth--
		}
		j++
		if depth == 0 {
			return j, true
		}
	}
	return j, false
}

// next returns the next token: EOF at the end, an Error token where the
// text cannot be lexed (the scanner does not move past either).
func (s *scanner) next() *lexer.Token {
	s.skipSpace()
	start := s.i
	d := s.dst()
	if start >= len(s.src) {
		*d = lexer.Token{Type: tEOF, Pos: s.pos(start)}
		return d
	}
	// The position is taken first: scanning a token kept whole may move
	// the line.
	d.Pos = s.pos(start)
	p := &d.Pos
	switch c := s.src[start]; {
	case isIdentStart(c):
		return s.word(start, p)
	case c == '%' || c == '^' || c == '#' || c == '!':
		return s.prefixedID(start, p)
	case c == '@':
		return s.symbolRef(start, p)
	case c == '"':
		end, err := scanString(s.src, start)
		if err != "" {
			return s.fail(start, "%s", err)
		}
		return s.token(tString, start, end, p)
	case isDigit(c):
		return s.number(start, p)
	}
	return s.punct(start, p)
}

// token returns the token of type tt spelled src[start:end], at p, and
// moves past it.
func (s *scanner) token(tt lexer.TokenType, start, end int, p *lexer.Position) *lexer.Token {
	s.i = end
	d := s.dst()
	d.Type, d.Value = tt, s.src[start:end]
	if p != &d.Pos {
		d.Pos = *p
	}
	return d
}

// skipSpace moves past whitespace and comments.
func (s *scanner) skipSpace() {
	src, i := s.src, s.i
	for i < len(src) {
		switch c := src[i]; {
		case c == '\n':
			s.line++
			s.lineStart = i + 1
		case c == ' ' || c == '\t' || c == '\r' || c == 0: // mlir-opt skips NUL bytes too
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		default:
			s.i = i
			return
		}
		i++
	}
	s.i = i
}

// word lexes a bare identifier or keyword, and the builtin types and
// attributes kept whole with their bracketed bodies: memref<...> and the
// other shaped types, affine_map<...> and the others swallowed, loc(...).
func (s *scanner) word(start int, p *lexer.Position) *lexer.Token {
	src, i := s.src, start+1
	for i < len(src) && isIdentChar(src[i]) {
		i++
	}
	word := src[start:i]
	if i < len(src) && src[i] == '<' && typeKeywords[word] && !s.splitTypes {
		line, lineStart := s.line, s.lineStart
		end, ok := s.balanced(i)
		if ok {
			return s.token(tShapedType, start, end, p)
		}
		// A type whose brackets do not balance is read token by token,
		// which finds where its grammar breaks, as mlir-opt reports it.
		s.line, s.lineStart = line, lineStart
	}
	if i < len(src) && (src[i] == '<' && swallowKeywords[word] || src[i] == '(' && word == "loc") {
		end, ok := s.balanced(i)
		if !ok {
			return s.failAt(*p, "unbalanced '%c' in %s", src[i], word)
		}
		if word == "loc" {
			return s.token(tLoc, start, end, p)
		}
		return s.token(tDialectAttr, start, end, p)
	}
	return s.token(tIdent, start, i, p)
}

// prefixedID lexes %value, ^block, #alias and !alias, and the dialect
// attributes and types kept whole, #dialect.name<...> and !dialect.name<...>.
func (s *scanner) prefixedID(start int, p *lexer.Position) *lexer.Token {
	src, c, i := s.src, s.src[start], start+1
	// suffix-id: digits, or a letter or [$._-] then those and digits.
	if i < len(src) && isDigit(src[i]) {
		for i < len(src) && isDigit(src[i]) {
			i++
		}
	} else {
		for i < len(src) && isSuffixChar(src[i]) {
			i++
		}
	}
	if i == start+1 {
		return s.fail(start, "invalid identifier after '%c'", c)
	}
	if (c == '!' || c == '#') && i < len(src) && src[i] == '<' {
		end, ok := s.balanced(i)
		if !ok {
			return s.failAt(*p, "unbalanced '<' in %s", src[start:i])
		}
		if c == '!' {
			return s.token(tDialectType, start, end, p)
		}
		return s.token(tDialectAttr, start, end, p)
	}
	switch c {
	case '%':
		return s.token(tPercent, start, i, p)
	case '^':
		return s.token(tCaret, start, i, p)
	case '#':
		return s.token(tHash, start, i, p)
	}
	return s.token(tBang, start, i, p)
}

// symbolRef lexes @name or @"name".
func (s *scanner) symbolRef(start int, p *lexer.Position) *lexer.Token {
	src, i := s.src, start+1
	if i < len(src) && src[i] == '"' {
		end, err := scanString(src, i)
		if err != "" {
			return s.fail(i, "%s", err)
		}
		return s.token(tAt, start, end, p)
	}
	// bare-id: a letter or '_', then letters, digits and [_$.].
	if i < len(src) && isIdentStart(src[i]) {
		for i < len(src) && isIdentChar(src[i]) {
			i++
		}
	}
	if i == start+1 {
		return s.fail(start, "@ identifier expected to start with letter or '_'")
	}
	return s.token(tAt, start, i, p)
}

// number lexes a decimal or hexadecimal integer, or a float (digits, a
// dot, digits, an optional exponent).
func (s *scanner) number(start int, p *lexer.Position) *lexer.Token {
	src, i := s.src, start
	if src[i] == '0' && i+2 < len(src) && src[i+1] == 'x' && isHex(src[i+2]) {
		i += 2
		for i < len(src) && isHex(src[i]) {
			i++
		}
		return s.token(tInt, start, i, p)
	}
	for i < len(src) && isDigit(src[i]) {
		i++
	}
	if i >= len(src) || src[i] != '.' {
		return s.token(tInt, start, i, p)
	}
	i++
	for i < len(src) && isDigit(src[i]) {
		i++
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j < len(src) && isDigit(src[j]) {
			i = j
			for i < len(src) && isDigit(src[i]) {
				i++
			}
		}
	}
	return s.token(tFloat, start, i, p)
}

// punct lexes punctuation: one character, or ->, :: and ..., and in a
// generic op's tokens a whole brace group.
func (s *scanner) punct(start int, p *lexer.Position) *lexer.Token {
	src, c := s.src, s.src[start]
	n := 1
	switch {
	case strings.HasPrefix(src[start:], "->"), strings.HasPrefix(src[start:], "::"):
		n = 2
	case strings.HasPrefix(src[start:], "..."):
		n = 3
	}
	switch c {
	case '{':
		if s.braces != nil {
			end, line, lineStart := s.braces.group(src, start, s.line, s.lineStart)
			s.line, s.lineStart = line, lineStart
			return s.token(tBraces, start, end, p)
		}
	case '(', '[', ')', ']', '}', '<', '>', ',', ':', '=', '?', '*', '+', '-', '|', '.':
	default:
		return s.fail(start, "unexpected character '%c'", c)
	}
	return s.token(tPunct, start, start+n, p)
}

// ---- the token source ----

// The scanner is the one lexer; a stream is the one token source: every
// production, and participle through genericLexer, takes its tokens from
// a stream, which lexes them as they are asked for. So nothing is ever
// lexed ahead of the place being parsed (but for the one generic op
// participle is given at a time).
//
// Two byte-level scans find where text ends without making tokens, and
// so repeat the scanner's rules for strings and comments: braceIndex, the
// extent of a generic op's brace group, which participle must get as one
// token, and splitModule (split.go), the cuts between a large module's
// functions. Lexing the text to find these would lex it twice, the second
// time when it is parsed.

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
}

func (t *stream) Peek() *lexer.Token {
	slot := &t.ring[t.n%streamRing]
	if !t.peeked {
		t.fill(slot)
	}
	return slot
}

// fill lexes the next token into slot (Peek's slow path, kept out of it
// so that Peek inlines).
//
//go:noinline
func (t *stream) fill(slot *lexer.Token) {
	t.sc.out = slot
	t.sc.next()
	t.peeked = true
}

func (t *stream) Next() *lexer.Token {
	tok := t.Peek()
	if tok.Type != tEOF && tok.Type != tError { // the stream stays at either
		t.n++
		t.peeked = false
	}
	return tok
}

// skipPast consumes the current token, which must have been peeked, and
// the text after it up to offset end, which stays on its line: the
// stream goes on at end.
func (t *stream) skipPast(end int) {
	t.n++
	t.peeked = false
	t.sc.i = end
}

// span is a byte range of the source with the position of its start:
// positions stay absolute in the source, so a chunk of a large file, or a
// token's text read again, reports the lines and columns of the whole
// file.
type span struct {
	from, to        int
	line, lineStart int // the line of src[from], and the offset it starts at
}

// tokenSpan is the span of t's text from byte from to byte to (on t's
// first line when from > 0).
func tokenSpan(t *lexer.Token, from, to int) span {
	return span{from: t.Pos.Offset + from, to: t.Pos.Offset + to, line: t.Pos.Line, lineStart: t.Pos.Offset - (t.Pos.Column - 1)}
}

// read parses s.src in sp with parse, which reads from a stream over it,
// then goes back to the current source. Streams are recycled.
func (s *state) read(sp span, splitTypes bool, parse func() error) error {
	var st *stream
	if n := len(s.streams); n > 0 {
		st, s.streams = s.streams[n-1], s.streams[:n-1]
	} else {
		st = &stream{}
	}
	st.sc = scanner{filename: s.filename, src: s.src[:sp.to], i: sp.from, line: sp.line, lineStart: sp.lineStart, splitTypes: splitTypes}
	st.n, st.peeked = 0, false
	saved := s.lex
	s.setLex(st)
	err := parse()
	s.setLex(saved)
	s.streams = append(s.streams, st)
	return err
}

// atEnd checks that the current stream has been read to its end.
func (s *state) atEnd(what string) error {
	if t := s.peek(); t.Type != tEOF {
		return s.errf("unexpected %s after %s", describe(t), what)
	}
	return nil
}

// braceIndex finds where brace groups end. Scanning a group finds the
// ends of the groups nested in it too; those are kept until asked for,
// so that text inside nested generic ops is scanned once in all, not once
// per enclosing op.
type braceIndex struct {
	ends    map[int]braceEnd // by the offset of a '{' inside a scanned group
	scanned int              // bytes examined, which tests bound
}

type braceEnd struct{ end, line, lineStart int }

// group returns the index after the '}' matching the '{' at src[j] (or
// len(src) when there is none: the production reading the group reports
// the missing brace), with the line and line start there. line and
// lineStart describe where src[j] sits.
func (x *braceIndex) group(src string, j, line, lineStart int) (int, int, int) {
	if e, ok := x.ends[j]; ok {
		delete(x.ends, j)
		return e.end, e.line, e.lineStart
	}
	var open []int // offsets of the unclosed '{'
	start := j
	defer func() { x.scanned += j - start }()
	for ; j < len(src); j++ {
		switch src[j] {
		case '\n':
			line++
			lineStart = j + 1
		case '"':
			// A string ends at its quote or, unterminated, at the end of
			// its line (where the lexer reports it).
			for j++; j < len(src) && src[j] != '"' && src[j] != '\n'; j++ {
				if src[j] == '\\' && j+1 < len(src) && src[j+1] != '\n' {
					j++
				}
			}
			if j < len(src) && src[j] == '\n' {
				j--
			}
		case '/':
			if j+1 < len(src) && src[j+1] == '/' {
				for j < len(src) && src[j] != '\n' {
					j++
				}
				j--
			}
		case '{':
			open = append(open, j)
		case '}':
			if len(open) == 0 {
				break
			}
			at := open[len(open)-1]
			open = open[:len(open)-1]
			if len(open) == 0 {
				return j + 1, line, lineStart
			}
			if x.ends == nil {
				x.ends = map[int]braceEnd{}
			}
			x.ends[at] = braceEnd{j + 1, line, lineStart}
		}
	}
	// Unterminated: every open group runs to the end of the text.
	for _, at := range open[1:] {
		if x.ends == nil {
			x.ends = map[int]braceEnd{}
		}
		x.ends[at] = braceEnd{len(src), line, lineStart}
	}
	return len(src), line, lineStart
}

// scanString returns the index after the closing quote of the string
// starting at src[i], or an error message.
func scanString(src string, i int) (int, string) {
	i++
	// Long strings (hex data) end far away: find the quote with a fast
	// search, and take that end when nothing before it needs a look.
	if q := strings.IndexByte(src[i:], '"'); q > 64 {
		body := src[i : i+q]
		if strings.IndexByte(body, '\\') < 0 && strings.IndexByte(body, '\n') < 0 {
			return i + q + 1, ""
		}
	}
	for i < len(src) {
		switch src[i] {
		case '"':
			return i + 1, ""
		case '\\':
			if i+1 < len(src) && src[i+1] != '\n' {
				i += 2
				continue
			}
		case '\n':
			return i, "expected '\"' in string literal"
		}
		i++
	}
	return i, "expected '\"' in string literal"
}

// unquote decodes an MLIR string literal (with its quotes).
func unquote(lit string) (string, error) {
	if len(lit) < 2 || lit[0] != '"' || lit[len(lit)-1] != '"' {
		return "", fmt.Errorf("invalid string literal")
	}
	body := lit[1 : len(lit)-1]
	if strings.IndexByte(body, '\\') < 0 {
		return body, nil
	}
	var sb strings.Builder
	sb.Grow(len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			sb.WriteByte(c)
			continue
		}
		i++
		if i >= len(body) {
			return "", fmt.Errorf("unterminated escape")
		}
		switch e := body[i]; e {
		case '"', '\\':
			sb.WriteByte(e)
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		default:
			if i+1 < len(body) && isHex(e) && isHex(body[i+1]) {
				hi, _ := hexDigit(e)
				lo, _ := hexDigit(body[i+1])
				sb.WriteByte(hi<<4 | lo)
				i++
			} else {
				return "", fmt.Errorf("unknown escape in string literal")
			}
		}
	}
	return sb.String(), nil
}
