// Package parser reads MLIR's textual IR into pto-opt's IR.
//
// The grammar is a participle grammar (grammar.go): the file, operations in
// generic form, regions, blocks and block arguments are participle
// productions. The hot productions — types, attributes and the custom
// (pretty) forms of registered ops — are custom participle productions
// (ParseTypeWith) written by hand over participle's token stream, because
// reflection-driven matching of every type and attribute would be an order
// of magnitude slower. The lexer is a hand-written participle lexer.
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
)

var symbols = map[string]lexer.TokenType{
	"EOF": tEOF, "Ident": tIdent, "Percent": tPercent, "Caret": tCaret, "At": tAt,
	"Hash": tHash, "Bang": tBang, "Int": tInt, "Float": tFloat, "String": tString,
	"Punct": tPunct, "DialectType": tDialectType, "DialectAttr": tDialectAttr, "Loc": tLoc,
}

// mlirLexer is the participle lexer definition.
type mlirLexer struct{}

func (mlirLexer) Symbols() map[string]lexer.TokenType { return symbols }

func (mlirLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return newScanner(filename, string(b))
}

func (mlirLexer) LexString(filename, s string) (lexer.Lexer, error) { return newScanner(filename, s) }
func (mlirLexer) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return newScanner(filename, string(b))
}

// scanner tokenises a whole input up front (participle's PeekingLexer does
// the same), so that errors come out before parsing starts.
type scanner struct {
	toks []lexer.Token
	i    int
}

func (s *scanner) Next() (lexer.Token, error) {
	t := s.toks[s.i]
	if s.i < len(s.toks)-1 {
		s.i++
	}
	return t, nil
}

// LexError is a lexing failure at a position.
type LexError struct {
	Pos lexer.Position
	Msg string
}

func (e *LexError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Pos.Filename, e.Pos.Line, e.Pos.Column, e.Msg)
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

func newScanner(filename, src string) (*scanner, error) {
	toks := make([]lexer.Token, 0, len(src)/4+1)
	line, lineStart := 1, 0
	i := 0
	pos := func(at int) lexer.Position {
		return lexer.Position{Filename: filename, Offset: at, Line: line, Column: at - lineStart + 1}
	}
	emit := func(tt lexer.TokenType, start, end int, p lexer.Position) {
		toks = append(toks, lexer.Token{Type: tt, Value: src[start:end], Pos: p})
	}
	fail := func(at int, format string, args ...any) (*scanner, error) {
		return nil, &LexError{Pos: pos(at), Msg: fmt.Sprintf(format, args...)}
	}
	// balanced consumes a bracketed body starting at src[j] (an opening
	// bracket) and returns the index after its closing bracket, tracking
	// newlines. Strings are skipped; "->" does not close '<'.
	balanced := func(j int) (int, bool) {
		depth := 0
		for j < len(src) {
			c := src[j]
			switch c {
			case '\n':
				line++
				lineStart = j + 1
			case '"':
				j++
				for j < len(src) && src[j] != '"' {
					if src[j] == '\\' {
						j++
					} else if src[j] == '\n' {
						return j, false
					}
					j++
				}
			case '<', '(', '[', '{':
				depth++
			case '>':
				if j > 0 && src[j-1] == '-' {
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
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			line++
			lineStart = i + 1
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		}
		start := i
		p := pos(i)
		switch {
		case isIdentStart(c):
			i++
			for i < len(src) && isIdentChar(src[i]) {
				i++
			}
			word := src[start:i]
			if i < len(src) && (src[i] == '<' && swallowKeywords[word] || src[i] == '(' && word == "loc") {
				end, ok := balanced(i)
				if !ok {
					return fail(start, "unbalanced '%c' in %s", src[i], word)
				}
				i = end
				if word == "loc" {
					emit(tLoc, start, i, p)
				} else {
					emit(tDialectAttr, start, i, p)
				}
				continue
			}
			emit(tIdent, start, i, p)
		case c == '%' || c == '^' || c == '#' || c == '!':
			i++
			for i < len(src) && isSuffixChar(src[i]) {
				i++
			}
			if i == start+1 {
				if c == '!' || c == '#' {
					if i < len(src) && src[i] == '"' {
						return fail(start, "quoted dialect names are not supported")
					}
				}
				return fail(start, "invalid identifier after '%c'", c)
			}
			if (c == '!' || c == '#') && i < len(src) && src[i] == '<' {
				end, ok := balanced(i)
				if !ok {
					return fail(start, "unbalanced '<' in %s", src[start:i])
				}
				i = end
				if c == '!' {
					emit(tDialectType, start, i, p)
				} else {
					emit(tDialectAttr, start, i, p)
				}
				continue
			}
			tt := map[byte]lexer.TokenType{'%': tPercent, '^': tCaret, '#': tHash, '!': tBang}[c]
			emit(tt, start, i, p)
		case c == '@':
			i++
			if i < len(src) && src[i] == '"' {
				end, err := scanString(src, i)
				if err != "" {
					return fail(i, "%s", err)
				}
				i = end
			} else {
				for i < len(src) && isSuffixChar(src[i]) {
					i++
				}
				if i == start+1 {
					return fail(start, "expected symbol name after '@'")
				}
			}
			emit(tAt, start, i, p)
		case c == '"':
			end, err := scanString(src, i)
			if err != "" {
				return fail(i, "%s", err)
			}
			i = end
			emit(tString, start, i, p)
		case isDigit(c):
			if c == '0' && i+2 < len(src) && src[i+1] == 'x' && isHex(src[i+2]) {
				i += 2
				for i < len(src) && isHex(src[i]) {
					i++
				}
				emit(tInt, start, i, p)
				continue
			}
			for i < len(src) && isDigit(src[i]) {
				i++
			}
			if i < len(src) && src[i] == '.' {
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
				emit(tFloat, start, i, p)
				continue
			}
			emit(tInt, start, i, p)
		default:
			n := 1
			switch {
			case strings.HasPrefix(src[i:], "->"), strings.HasPrefix(src[i:], "::"):
				n = 2
			case strings.HasPrefix(src[i:], "..."):
				n = 3
			}
			switch c {
			case '(', ')', '[', ']', '{', '}', '<', '>', ',', ':', '=', '?', '*', '+', '-', '|', '.':
			default:
				return fail(i, "unexpected character '%c'", c)
			}
			i += n
			emit(tPunct, start, i, p)
		}
	}
	toks = append(toks, lexer.Token{Type: tEOF, Pos: pos(len(src))})
	return &scanner{toks: toks}, nil
}

// scanString returns the index after the closing quote of the string
// starting at src[i], or an error message.
func scanString(src string, i int) (int, string) {
	i++
	for i < len(src) {
		switch src[i] {
		case '"':
			return i + 1, ""
		case '\\':
			i += 2
			continue
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
				var v byte
				fmt.Sscanf(body[i:i+2], "%02x", &v)
				sb.WriteByte(v)
				i++
			} else {
				return "", fmt.Errorf("unknown escape in string literal")
			}
		}
	}
	return sb.String(), nil
}
