package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The adapter around participle. participle reads the generic form of an
// operation with the grammar below; the rest of MLIR's syntax is read by
// hand-written recursive descent, and the two meet here:
//
//   - participle takes its tokens from the current stream, one generic op
//     at a time, each brace group of the op folded into one Braces token
//     (genericLexer);
//   - the grammar's types, attribute dictionaries and regions are custom
//     productions: interface types that participle fills by calling the
//     hand-written code (typeProduction, attrDictProduction,
//     regionProduction), which reads a Braces token's text from a stream
//     of its own;
//   - errors of the hand-written code are kept from participle's
//     backtracking, and participle's own are made diagnostics (errors.go).

// genericOp is `"dialect.op"(operands)[successors] <{props}> (regions) {attrs} : type`.
type genericOp struct {
	Pos        lexer.Position
	Name       string       `parser:"@String"`
	Operands   []*valueUse  `parser:"'(' (@@ (',' @@)*)? ')'"`
	Successors []*successor `parser:"('[' @@ (',' @@)* ']')?"`
	Props      attrDictProd `parser:"('<' @@ '>')?"`
	Regions    []regionProd `parser:"('(' @@ (',' @@)* ')')?"`
	Attrs      attrDictProd `parser:"@@?"`
	Type       typeProd     `parser:"':' @@"`
}

// valueUse is `%name` or `%name#index`.
type valueUse struct {
	Pos   lexer.Position
	Name  string `parser:"@Percent"`
	Index string `parser:"@Hash?"`
}

// successor is a block label in a generic op's successor list.
type successor struct {
	Pos   lexer.Position
	Label string `parser:"@Caret"`
}

// The custom productions: participle fills a field of one of these
// interface types by calling the function buildGrammar registers for it.
type (
	typeProd     interface{ typ() ir.Type }            // a type
	attrDictProd interface{ attrs() []ir.NamedAttr }   // `{name = value, ...}`
	regionProd   interface{ region() *ir.RegionState } // `{ ops ^label(args): ops ... }`
)

type parsedType struct{ t ir.Type }

func (n parsedType) typ() ir.Type { return n.t }

type parsedAttrDict struct{ list []ir.NamedAttr }

func (n parsedAttrDict) attrs() []ir.NamedAttr { return n.list }

type parsedRegion struct{ rs *ir.RegionState }

func (n parsedRegion) region() *ir.RegionState { return n.rs }

// buildGrammar compiles the genericOp grammar with st's hand-written
// productions. They are closures over st, so each Parser has its own.
func buildGrammar(st *state) *participle.Parser[genericOp] {
	return participle.MustBuild[genericOp](
		participle.Lexer(mlirLexer{}),
		participle.ParseTypeWith(st.typeProduction),
		participle.ParseTypeWith(st.attrDictProduction),
		participle.ParseTypeWith(st.regionProduction),
		participle.UseLookahead(2),
	)
}

// parseGenericOp reads a generic-form op through participle's genericOp
// grammar. participle collects the op's tokens from the current stream
// (genericLexer), which then goes on after the op.
func (s *state) parseGenericOp() (*ir.OperationState, error) {
	if !s.exact {
		return s.readGeneric() // generic.go
	}
	st := s.lex.(*stream) // operations are only read from streams
	st.sc.braces = &s.braces
	pl, _ := lexer.Upgrade(&genericLexer{src: st}) // cannot fail: genericLexer.Next returns no errors
	st.sc.braces = nil
	g, err := s.genericP.ParseFromLexer(pl, participle.AllowTrailing(true))
	if err == nil {
		s.setLex(pl)
		if t := s.peek(); t.Type != tEOF {
			err = s.errAt(t, "unexpected %s after operation", describe(t))
		}
	}
	s.setLex(st)
	if err != nil {
		return nil, s.fail(participleError(err))
	}
	return convertGeneric(g)
}

// genericLexer hands participle the tokens of one generic op from a
// stream, from its name to the end of its type, `: (inputs) -> results`,
// and then reports the end of the input. Each brace group of the op is
// one Braces token (the stream's scanner is set to make them). Text that
// cannot belong to a generic op ends the input too, right after the
// offending token (which participle then reports), so that a malformed
// op never makes participle lex the rest of the file.
type genericLexer struct {
	src   *stream
	depth int // of ( and [
	phase int
	done  bool
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
		return lexer.Token{Type: tEOF, Pos: g.src.sc.pos(g.src.sc.i)}, nil
	}
	t := *g.src.Next()
	if t.Type == tEOF || t.Type == tError {
		g.done = true
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

// The custom productions read from participle's PeekingLexer. One that
// does not apply where participle tries it says NextMatch; one that fails
// records its error first (s.fail), because participle may backtrack over
// it and report an error of its own (see errors.go).

func (s *state) typeProduction(lex *lexer.PeekingLexer) (typeProd, error) {
	s.setLex(lex)
	if !s.canStartType() {
		return nil, participle.NextMatch
	}
	t, err := s.parseType()
	if err != nil {
		return nil, s.fail(err)
	}
	return parsedType{t}, nil
}

func (s *state) attrDictProduction(lex *lexer.PeekingLexer) (attrDictProd, error) {
	s.setLex(lex)
	if !s.peekBraces() {
		return nil, participle.NextMatch
	}
	list, err := s.parseAttrDict()
	if err != nil {
		return nil, s.fail(err)
	}
	return parsedAttrDict{list}, nil
}

func (s *state) regionProduction(lex *lexer.PeekingLexer) (regionProd, error) {
	s.setLex(lex)
	if s.peek().Type != tBraces {
		return nil, participle.NextMatch
	}
	rs, err := s.parseRegion()
	if err != nil {
		return nil, s.fail(err)
	}
	return parsedRegion{rs}, nil
}

// convertGeneric turns what participle read into the op's state,
// checking what the grammar cannot: a function type with one input per
// operand.
func convertGeneric(g *genericOp) (*ir.OperationState, error) {
	name, err := unquote(g.Name)
	if err != nil {
		return nil, ir.NewError(locOf(g.Pos), "%v", err)
	}
	ft, ok := g.Type.typ().(*ir.FunctionType)
	if !ok {
		return nil, ir.NewError(locOf(g.Pos), "expected function type")
	}
	st := &ir.OperationState{Name: name, Loc: locOf(g.Pos), Generic: true}
	if len(ft.Inputs) != len(g.Operands) {
		return nil, ir.NewError(locOf(g.Pos), "expected %d operand type(s) but had %d", len(g.Operands), len(ft.Inputs))
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
		st.Successors = append(st.Successors, ir.SuccessorRef{Label: s.Label[1:], Loc: locOf(s.Pos)})
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
