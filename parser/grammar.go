package parser

import (
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
