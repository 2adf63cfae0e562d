package parser

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Options control parsing.
type Options struct {
	// AllowUnregistered accepts ops of dialects pto-opt does not know (kept
	// in generic form), like mlir-opt's -allow-unregistered-dialect.
	AllowUnregistered bool
	// Threads caps the goroutines parsing and building the functions of a
	// large module in parallel (0: one per CPU; 1: serially, as
	// --mlir-disable-threading asks).
	Threads int
}

// Parser parses MLIR text. A Parser is not safe for concurrent use; create
// one per goroutine. It may be reused: each Parse starts afresh.
type Parser struct {
	st   *state
	opts Options
	// exactOnly reads every generic op with participle (for tests that
	// compare it with the fast reader).
	exactOnly bool
}

// New returns a parser. Building one compiles the participle grammar
// (its custom productions are bound to the parser's state), so reuse a
// Parser for many inputs rather than making one per input.
func New(opts Options) *Parser {
	st := &state{baseLine: 1, baseCol: 1}
	st.genericP = buildGrammar(st)
	return &Parser{st: st, opts: opts}
}

// Parse reads src, named filename in diagnostics, and returns the
// top-level builtin.module: top-level ops that are not a single module
// are wrapped in one, as mlir-opt does. An op's trailing loc(...) becomes
// its location. The error, if any, is the first one in the text, a
// *ir.Diagnostic located filename:line:col.
func (p *Parser) Parse(filename string, src []byte) (*ir.Operation, error) {
	return p.ParseText(filename, string(src))
}

// ParseText is Parse of a text held as a string: the IR shares pieces of
// src (names, literals) instead of copying the input.
func (p *Parser) ParseText(filename string, src string) (*ir.Operation, error) {
	return p.ParseTextAt(filename, src, 1, 1)
}

// ParseTextAt is ParseText of a piece of a larger file that starts at
// line and col of it (a chunk of -split-input-file): positions in the
// IR and in diagnostics are the file's, as if the piece were padded with
// the text before it, without that text being read.
func (p *Parser) ParseTextAt(filename string, src string, line, col int) (*ir.Operation, error) {
	p.st.baseLine, p.st.baseCol = max(line, 1), max(col, 1)
	m, err := p.parse(filename, src)
	if err != nil {
		return nil, err
	}
	if err := p.applyLocations(m, len(src)); err != nil {
		return nil, err
	}
	return m, nil
}

// ParseString parses src with a new Parser, named "<string>" in
// diagnostics: for tests and one-off inputs.
func ParseString(src string, opts Options) (*ir.Operation, error) {
	return New(opts).Parse("<string>", []byte(src))
}
