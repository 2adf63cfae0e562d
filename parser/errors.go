package parser

import (
	"errors"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// A parse reports one error, its first: the first that a reader going
// once through the text, one token ahead, meets, which is mlir-opt's
// order. It is a *ir.Diagnostic located file:line:col. The
// hand-written productions just return their error, and every caller
// passes it up, as recursive descent does. participle breaks that order
// twice:
//
//   - It backtracks. When a custom production of the generic-op grammar
//     fails inside an optional part (properties, regions, attributes),
//     participle drops the error, tries the rest of the grammar, and
//     reports an "unexpected token" of its own instead, vaguer and
//     elsewhere.
//   - It lexes its input before parsing it (one generic op; see
//     grammar.go), so a lexing error late in the op would come before
//     the op's own errors, which are earlier in the text.
//
// Hence one slot, state.err, for the first error, out of participle's
// reach, and lexing errors that are tokens, not Go errors: the scanner
// makes an Error token where the text cannot be lexed, and the error
// counts when a production meets that token (peek) or participle stops
// at it (participleError), in reading order whoever lexed it. fail fills
// the slot where an error could be lost: at the custom productions
// (before participle sees the error), when participle's own error comes
// back (parseGenericOp), at an Error token, and at the end of each span
// read (parseSpan), whose answer is the slot.

// fail records err as the parse's error unless one is recorded already,
// and returns the recorded one (nil if none).
func (s *state) fail(err error) error {
	if s.err == nil {
		s.err = err
	}
	return s.err
}

// peek returns the next token. Meeting an Error token fails the parse
// with its lexing error, whatever the production makes of the token.
func (s *state) peek() *lexer.Token {
	var t *lexer.Token
	if s.str != nil {
		t = s.str.Peek()
	} else {
		t = s.lex.Peek()
	}
	if t.Type == tError {
		s.meet(t)
	}
	return t
}

// next consumes the next token (see peek).
func (s *state) next() *lexer.Token {
	var t *lexer.Token
	if s.str != nil {
		t = s.str.Next()
	} else {
		t = s.lex.Next()
	}
	if t.Type == tError {
		s.meet(t)
	}
	return t
}

func (s *state) meet(t *lexer.Token) *lexer.Token {
	if t.Type == tError && s.err == nil {
		s.err = ir.NewError(locOf(t.Pos), "%s", t.Value)
	}
	return t
}

func (s *state) errAt(t *lexer.Token, format string, args ...any) error {
	return ir.NewError(locOf(t.Pos), format, args...)
}

// errf reports that the next token is not what the grammar expects. Like
// mlir-opt, when that token starts a line the error is placed just after
// the last text before it (skipping blank lines and comments): the reader
// left something unfinished there.
func (s *state) errf(format string, args ...any) error {
	t := s.peek()
	return ir.NewError(s.wrongTokenLoc(t), format, args...)
}

func (s *state) wrongTokenLoc(t *lexer.Token) ir.Location {
	loc := locOf(t.Pos)
	off := t.Pos.Offset
	if off < 0 || off > len(s.src) || s.src == "" {
		return loc
	}
	end := off
	for {
		for end > 0 && (s.src[end-1] == ' ' || s.src[end-1] == '\t') {
			end--
		}
		if end == 0 {
			return loc
		}
		if c := s.src[end-1]; c != '\n' && c != '\r' {
			break
		}
		end--
		// Back over a comment on the line before.
		lineStart := strings.LastIndexAny(s.src[:end], "\n\r") + 1
		if c := strings.Index(s.src[lineStart:end], "//"); c >= 0 {
			end = lineStart + c
		}
	}
	if end == off {
		return loc
	}
	lineStart := strings.LastIndexAny(s.src[:end], "\n\r") + 1
	if lineStart == 0 {
		lineStart = s.lineStartAt(s.src, 0) // the text's first line
	}
	loc.Line -= uint32(strings.Count(s.src[end:off], "\n"))
	loc.Col = uint32(end - lineStart + 1)
	return loc
}

func describe(t *lexer.Token) string {
	if t.Type == tEOF {
		return "end of file"
	}
	return "'" + t.Value + "'"
}

// participleError makes participle's own error a diagnostic. Where it is
// an Error token participle did not expect, the lexing error is the
// error. Errors of the custom productions are recorded already.
func participleError(err error) error {
	var pe participle.Error
	if !errors.As(err, &pe) {
		return err
	}
	msg := pe.Message()
	if ut, ok := pe.(*participle.UnexpectedTokenError); ok {
		if ut.Unexpected.Type == tError {
			msg = ut.Unexpected.Value
		} else {
			msg = "unexpected " + describe(&ut.Unexpected)
			if ut.Expect != "" {
				msg += ", expected " + ut.Expect
			}
		}
	}
	return ir.NewError(locOf(pe.Position()), "%s", msg)
}
