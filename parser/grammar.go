package parser

import (
	"github.com/alecthomas/participle/v2/lexer"

	"pto-opt/dialect"
)

// The participle grammar of MLIR's textual IR. Productions marked "custom"
// are interface types parsed by hand-written functions registered with
// participle.ParseTypeWith (see state.go).

// File is a whole input: alias definitions and top-level operations.
type File struct {
	Items []*TopItem `parser:"@@* EOF"`
}

// TopItem is an alias definition or an operation.
type TopItem struct {
	Alias AliasNode `parser:"  @@"`
	Op    OpNode    `parser:"| @@"`
}

// GenericOp is `"dialect.op"(operands)[successors] <{props}> (regions) {attrs} : type`.
type GenericOp struct {
	Pos        lexer.Position
	Name       string       `parser:"@String"`
	Operands   []*ValueUse  `parser:"'(' (@@ (',' @@)*)? ')'"`
	Successors []*Successor `parser:"('[' @@ (',' @@)* ']')?"`
	Props      AttrDictNode `parser:"('<' @@ '>')?"`
	Regions    []*Region    `parser:"('(' @@ (',' @@)* ')')?"`
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

// Region is `{ entry-block-ops labelled-blocks }`.
type Region struct {
	Pos    lexer.Position
	Entry  []OpNode `parser:"'{' @@*"`
	Blocks []*Block `parser:"@@* '}'"`
}

// Block is `^label(args): ops`.
type Block struct {
	Pos   lexer.Position
	Label string      `parser:"@Caret"`
	Args  []*BlockArg `parser:"('(' (@@ (',' @@)*)? ')')? ':'"`
	Ops   []OpNode    `parser:"@@*"`
}

// BlockArg is `%name: type loc?`.
type BlockArg struct {
	Pos  lexer.Position
	Name string   `parser:"@Percent ':'"`
	Type TypeNode `parser:"@@"`
	Loc  string   `parser:"@Loc?"`
}

// ---- custom productions ----

// TypeNode is a parsed type (custom production).
type TypeNode interface{ typeNode() dialect.Type }

// AttrDictNode is a parsed `{name = value, ...}` (custom production).
type AttrDictNode interface{ attrs() []dialect.NamedAttr }

// OpNode is one operation, `results = op trailing-location?` (custom
// production: the result list and the pretty forms are hand-written, the
// generic form is the GenericOp production above).
type OpNode interface {
	state() *dialect.OperationState
}

// AliasNode is `#name = attr` or `!name = type` (custom production).
type AliasNode interface{ alias() }

type typeNode struct{ t dialect.Type }

func (n typeNode) typeNode() dialect.Type { return n.t }

type attrDictNode struct{ list []dialect.NamedAttr }

func (n attrDictNode) attrs() []dialect.NamedAttr { return n.list }

type opNode struct{ st *dialect.OperationState }

func (n opNode) state() *dialect.OperationState { return n.st }

type aliasNode struct{}

func (aliasNode) alias() {}
