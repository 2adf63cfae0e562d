package parser

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// state carries what the hand-written productions need across one parse:
// the current token source, the text, the alias tables, the first error.
// One state (and one participle parser bound to it) exists per Parser.
type state struct {
	lex tokenSource
	// str is lex when lex is a stream (the token source of all but the
	// generic ops participle reads), so that peek and next call it
	// directly; nil otherwise. setLex sets both.
	str *stream
	// defaultDialect is the dialect whose ops may drop their prefix here:
	// the DefaultDialect of the custom op whose regions are being read
	// (builtin at the top level, func in a function, none in scf's
	// regions), as MLIR's OpAsmOpInterface::getDefaultDialect gives it.
	defaultDialect string
	filename       string // the name of the text in diagnostics
	src            string // the text being parsed (token offsets index it)
	// baseLine and baseCol are where src starts in its file (ParseTextAt):
	// line 1, column 1 unless src is a piece of a larger file.
	baseLine, baseCol int
	typeCache         map[string]ir.Type
	fnCache           map[fnKey]ir.Type         // see parseFunctionType
	dictCache         map[string][]ir.NamedAttr // see parseAttrDict
	typeAlias         map[string]ir.Type
	attrAlias         map[string]ir.Attribute
	genericP          *participle.Parser[genericOp]
	allowUnreg        bool
	asm               asmParser
	streams           []*stream             // free streams for reuse
	braces            braceIndex            // see genericLexer
	deferred          []deferredLoc         // see readLoc
	nesting           int                   // see enter
	stateSlab         []ir.OperationState   // the rest of the current slab
	usedSlabs         [][]ir.OperationState // slabs handed out since recycleStates
	freeSlabs         [][]ir.OperationState
	slabLog           [][]ir.OperationState // the slabs begun since recycleStates, in order (see reuseStates)
	spareSlabs        [][]ir.OperationState // slabs reuseStates gave back, cleared
	refBuf            []ir.OperandRef       // a generic op's operands as they are read (see readGeneric)
	scratch           ir.StateScratch       // lends the states' short-lived lists, recycled with the slabs
	// dense literals waiting for their type (see finishDense)
	pendingDense []pendingDense
	denseScratch []denseItem          // the items of the dense literal being read
	opStack      []*ir.OperationState // see regionBody
	opNames      map[opNameKey]string // see resolveOpName
	isolatedOp   bool                 // the custom op being read is isolated from above (see stream.go)
	builder      *builder             // builds isolated regions as they are read (see stream.go)
	// exact makes participle read generic ops (see generic.go).
	exact bool
	// err is the parse's first error (see errors.go).
	err error
}

// lineStartAt is the offset in src where the line holding src[off]
// starts, so that off - lineStart + 1 is its column in the file: before
// 0 on the first line of a text that starts inside a line (ParseTextAt).
func (s *state) lineStartAt(src string, off int) int {
	if i := strings.LastIndexByte(src[:off], '\n'); i >= 0 {
		return i + 1
	}
	return 1 - s.baseCol
}

func locOf(p lexer.Position) ir.Location {
	return ir.At(p.Filename, p.Line, p.Column)
}

func (s *state) isPunct(v string) bool {
	t := s.peek()
	return t.Type == tPunct && t.Value == v
}

func (s *state) expectPunct(v string) error {
	if s.isPunct(v) {
		s.next()
		return nil
	}
	return s.errf("expected '%s', found %s", v, describe(s.peek()))
}

// maxNesting bounds the nesting of attributes, types and regions, so that
// no input can exhaust the stack. It lies well beyond what mlir-opt 22
// reads before its own stack runs out (about 3900 nested regions, 6700
// nested arrays, 15000 nested tuples with its default 8 MB stack): a
// file mlir-opt accepts never reaches it.
const maxNesting = 1 << 16

// enter counts one level of nesting at the next token; leave must follow.
func (s *state) enter() error { return s.enterAt(s.peek()) }

// enterAt counts one level of nesting that begins at token t.
func (s *state) enterAt(t *lexer.Token) error {
	s.nesting++
	if s.nesting > maxNesting {
		return s.errAt(t, "nesting too deep (more than %d levels)", maxNesting)
	}
	return nil
}

func (s *state) leave() { s.nesting-- }

// peekBraces reports whether the next token opens a brace group ('{' or
// a Braces token).
func (s *state) peekBraces() bool {
	t := s.peek()
	return t.Type == tBraces || t.Type == tPunct && t.Value == "{"
}

// setLex makes l the current token source.
func (s *state) setLex(l tokenSource) {
	s.lex = l
	s.str, _ = l.(*stream)
}
