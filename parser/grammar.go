package parser

import (
	"errors"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"pto-opt/dialect"
)

// The participle grammar of an operation in generic form. Productions
// marked "custom" are interface types parsed by hand-written functions
// registered with participle.ParseTypeWith (see state.go). participle
// reads one generic op at a time from a lexer that stops at the op's end
// (region.go); everything else is read by the hand-written parser.

// GenericOp is `"dialect.op"(operands)[successors] <{props}> (regions) {attrs} : type`.
type GenericOp struct {
	Pos        lexer.Position
	Name       string       `parser:"@String"`
	Operands   []*ValueUse  `parser:"'(' (@@ (',' @@)*)? ')'"`
	Successors []*Successor `parser:"('[' @@ (',' @@)* ']')?"`
	Props      AttrDictNode `parser:"('<' @@ '>')?"`
	Regions    []RegionNode `parser:"('(' @@ (',' @@)* ')')?"`
	Attrs      AttrDictNode `parser:"@@?"`
	Type       TypeNode     `parser:"':' @@"`
}

// buildGrammar compiles the GenericOp grammar with st's hand-written
// productions. They are closures over st, so each Parser has its own.
func buildGrammar(st *state) *participle.Parser[GenericOp] {
	return participle.MustBuild[GenericOp](
		participle.Lexer(mlirLexer{}),
		participle.ParseTypeWith(st.typeProduction),
		participle.ParseTypeWith(st.attrDictProduction),
		participle.ParseTypeWith(st.regionProduction),
		participle.UseLookahead(2),
	)
}

// ValueUse is `%name` or `%name#index`.
type ValueUse struct {
	Pos   lexer.Position
	Name  string `parser:"@Percent"`
	Index string `parser:"@Hash?"`
}

// Successor is a block label in a generic op's successor list.
type Successor struct {
	Pos   lexer.Position
	Label string `parser:"@Caret"`
}

// ---- custom productions ----

// TypeNode is a parsed type (custom production).
type TypeNode interface{ typeNode() dialect.Type }

// AttrDictNode is a parsed `{name = value, ...}` (custom production).
type AttrDictNode interface{ attrs() []dialect.NamedAttr }

// RegionNode is a parsed `{ ops ^label(args): ops ... }` (custom
// production: regionBody in region.go).
type RegionNode interface{ region() *dialect.RegionState }

type typeNode struct{ t dialect.Type }

func (n typeNode) typeNode() dialect.Type { return n.t }

type attrDictNode struct{ list []dialect.NamedAttr }

func (n attrDictNode) attrs() []dialect.NamedAttr { return n.list }

type regionNode struct{ rs *dialect.RegionState }

func (n regionNode) region() *dialect.RegionState { return n.rs }

func convertError(err error) error {
	var d *dialect.Diagnostic
	if errors.As(err, &d) {
		return d
	}
	var le *LexError
	if errors.As(err, &le) {
		return dialect.NewError(locOf(le.Pos), "%s", le.Msg)
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		pos := pe.Position()
		msg := pe.Message()
		if ut, ok := pe.(*participle.UnexpectedTokenError); ok {
			msg = "unexpected " + describe(&ut.Unexpected)
			if ut.Expect != "" {
				msg += ", expected " + ut.Expect
			}
		}
		return dialect.NewError(locOf(pos), "%s", msg)
	}
	return err
}

func convertGeneric(g *GenericOp) (*dialect.OperationState, error) {
	name, err := unquote(g.Name)
	if err != nil {
		return nil, dialect.NewError(locOf(g.Pos), "%v", err)
	}
	ft, ok := g.Type.typeNode().(*dialect.FunctionType)
	if !ok {
		return nil, dialect.NewError(locOf(g.Pos), "expected function type")
	}
	st := &dialect.OperationState{Name: name, Loc: locOf(g.Pos), Generic: true}
	if len(ft.Inputs) != len(g.Operands) {
		return nil, dialect.NewError(locOf(g.Pos), "expected %d operand type(s) but had %d", len(g.Operands), len(ft.Inputs))
	}
	for _, u := range g.Operands {
		r, err := operandRef(u.Name, u.Index, locOf(u.Pos))
		if err != nil {
			return nil, err
		}
		st.Operands = append(st.Operands, r)
	}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	for _, s := range g.Successors {
		st.Successors = append(st.Successors, dialect.SuccessorRef{Label: s.Label[1:], Loc: locOf(s.Pos)})
	}
	if g.Props != nil {
		st.Props = g.Props.attrs()
	}
	if g.Attrs != nil {
		st.Attrs = g.Attrs.attrs()
	}
	for _, r := range g.Regions {
		st.Regions = append(st.Regions, r.region())
	}
	return st, nil
}

// parseError picks the error to report for a failed participle parse.
func (s *state) parseError(err error) error {
	if s.fatal != nil {
		err = s.fatal
	}
	return convertError(err)
}

// keepFatal remembers the first real error of a custom production:
// participle backtracks over it and would report a less precise one.
func (s *state) keepFatal(err error) error {
	if err != nil && err != participle.NextMatch && s.fatal == nil {
		s.fatal = err
	}
	return err
}

func (s *state) typeProduction(lex *lexer.PeekingLexer) (TypeNode, error) {
	n, err := s.typeProductionImpl(lex)
	return n, s.keepFatal(err)
}

func (s *state) typeProductionImpl(lex *lexer.PeekingLexer) (TypeNode, error) {
	s.lex = lex
	if !s.canStartType() {
		return nil, participle.NextMatch
	}
	t, err := s.parseType()
	if err != nil {
		return nil, err
	}
	return typeNode{t}, nil
}

func (s *state) attrDictProduction(lex *lexer.PeekingLexer) (AttrDictNode, error) {
	n, err := s.attrDictProductionImpl(lex)
	return n, s.keepFatal(err)
}

func (s *state) attrDictProductionImpl(lex *lexer.PeekingLexer) (AttrDictNode, error) {
	s.lex = lex
	if !s.peekBraces() {
		return nil, participle.NextMatch
	}
	list, err := s.parseAttrDict()
	if err != nil {
		return nil, err
	}
	return attrDictNode{list}, nil
}

func (s *state) regionProduction(lex *lexer.PeekingLexer) (RegionNode, error) {
	n, err := s.regionProductionImpl(lex)
	return n, s.keepFatal(err)
}

func (s *state) regionProductionImpl(lex *lexer.PeekingLexer) (RegionNode, error) {
	s.lex = lex
	if s.peek().Type != tBraces {
		return nil, participle.NextMatch
	}
	rs, err := s.parseRegion()
	if err != nil {
		return nil, err
	}
	return regionNode{rs}, nil
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
