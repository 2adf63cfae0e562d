package ir

import "fmt"

// ---- parsing and printing interfaces (implemented by parser and printer) ----

// OperandRef is an unresolved use of an SSA value: %name or %name#num.
type OperandRef struct {
	Name string
	Num  int
	Loc  Location
}

func (r OperandRef) String() string {
	if r.Num > 0 {
		return fmt.Sprintf("%%%s#%d", r.Name, r.Num)
	}
	return "%" + r.Name
}

// Argument is a region argument being declared: %name : type.
type Argument struct {
	Ref   OperandRef
	Type  Type
	Attrs []NamedAttr
	Loc   Location
}

// ResultGroup is one `%name` or `%name:N` on the left of an op.
type ResultGroup struct {
	Name  string
	Count int
	Loc   Location
}

// SuccessorRef names a successor block with its forwarded operands already
// appended to the op's operand list.
type SuccessorRef struct {
	Label string
	Loc   Location
}

// OperationState is a parsed, not yet built operation: names are still
// unresolved. Both the generic and the custom forms produce it.
type OperationState struct {
	Name         string
	Loc          Location
	Results      []ResultGroup
	Operands     []OperandRef
	OperandTypes []Type
	ResultTypes  []Type
	Props        []NamedAttr
	Attrs        []NamedAttr
	Regions      []*RegionState
	Successors   []SuccessorRef
	Generic      bool
	// TypeMismatch, set by a custom syntax that infers an operand's type
	// from the rest of the op (tile's `into %buf` from the result's
	// space), says in the op's own words what is wrong when operand i,
	// written ref, names a value of another type than want: the parser
	// then reports that at the op, with a note at the value, rather than
	// a mismatch of types the text never spelled out. "" keeps the
	// generic message.
	TypeMismatch func(i int, ref string, want, got Type) string
	// Scratch, when set, lends the state lists that die with it (see
	// StateScratch); the parser sets it.
	Scratch *StateScratch
}

// AddAttr appends a discardable-or-inherent attribute (sorted out later).
func (st *OperationState) AddAttr(name string, a Attribute) {
	if st.Scratch != nil {
		// The list dies with the state: the op gets a copy.
		st.Attrs = scratchAppend(&st.Scratch.attrs, st.Attrs, NamedAttr{name, a})
		return
	}
	st.Attrs = append(st.Attrs, NamedAttr{name, a})
}

// AddAttrs appends attributes as AddAttr does.
func (st *OperationState) AddAttrs(list []NamedAttr) {
	if st.Scratch == nil {
		st.Attrs = append(st.Attrs, list...)
		return
	}
	st.Attrs = scratchAppendAll(&st.Scratch.attrs, st.Attrs, list)
}

// NumResults is the number of results declared on the left-hand side.
func (st *OperationState) NumResults() int {
	n := 0
	for _, g := range st.Results {
		n += g.Count
	}
	return n
}

// RegionState is a parsed region.
type RegionState struct {
	Blocks []*BlockState
	Loc    Location
	// EntryArgs were declared by the op's custom syntax (func signature,
	// scf.for induction variable); they become the entry block's arguments.
	EntryArgs []Argument
	// Parsed is set for regions read through a custom op's syntax, where
	// an implicit terminator may have been elided.
	Parsed bool
	// Built, when set, is the region already built from the text (the
	// parser builds the regions of isolated-from-above ops as it reads
	// them); Blocks is then empty.
	Built *Region
}

// BlockState is a parsed block.
type BlockState struct {
	Label string
	Args  []Argument
	Ops   []*OperationState
	Loc   Location
}

// AsmParser is what custom op parsers use to read their syntax.
type AsmParser interface {
	Loc() Location
	Errorf(format string, args ...any) error
	ErrorAt(loc Location, format string, args ...any) error

	ParsePunct(p string) error
	ParseOptionalPunct(p string) bool
	PeekPunct(p string) bool
	ParseKeyword(kw string) error
	ParseOptionalKeyword(kw string) bool
	ParseOptionalBareId() (string, bool)
	PeekBareId() (string, bool)
	ParseInteger() (int64, error)
	ParseOptionalInteger() (int64, bool, error)
	ParseString() (string, error)
	ParseOptionalString() (string, bool)
	ParseSymbolName() (string, error)
	ParseOptionalSymbolName() (string, bool)

	ParseOperand() (OperandRef, error)
	ParseOptionalOperand() (OperandRef, bool, error)
	PeekOperand() bool
	// ParseOperandList reads a comma separated list; with delim "(" or "["
	// the list is enclosed (and may be empty). The lists ParseOperandList,
	// ParseArgumentList and the type lists return may be lent for the op
	// state being read (StateScratch): they die with it, so that what is
	// built from them (an attribute, a type, the op) copies them.
	ParseOperandList(delim string) ([]OperandRef, error)
	ParseArgument(withType bool) (Argument, error)
	ParseArgumentList(delim string, withType bool) ([]Argument, error)

	ParseType() (Type, error)
	ParseOptionalType() (Type, bool, error)
	ParseTypeList() ([]Type, error)
	ParseColonTypeList() ([]Type, error)
	ParseArrowTypeList() ([]Type, error)
	ParseAttribute() (Attribute, error)
	ParseOptionalAttribute() (Attribute, bool, error)
	ParseOptionalAttrDict() ([]NamedAttr, error)
	// ParseOptionalAttrDictInto reads an optional attribute dictionary
	// into st.Attrs (a list that dies with st: no list of its own).
	ParseOptionalAttrDictInto(st *OperationState) error

	ParseRegion(entryArgs []Argument) (*RegionState, error)
	PeekRegion() bool
	ParseSuccessor() (SuccessorRef, error)
	// ParseAngleBody reads a balanced `<...>` group and returns its text,
	// brackets included: the stripped form of a dialect type or
	// attribute, whose class the op's format knows.
	ParseAngleBody() (string, error)
}

// AsmPrinter is what custom op printers use.
type AsmPrinter interface {
	Write(s string)
	Operand(v *Value)
	Operands(vs []*Value)
	Type(t Type)
	Types(ts []Type)
	// ValueTypes prints the types of vs as Types does (without making
	// their list).
	ValueTypes(vs []*Value)
	Attr(a Attribute)
	// AttrDict prints ` {...}` with the op's properties and attributes
	// except the elided names, or nothing.
	AttrDict(op *Operation, elided ...string)
	AttrDictWithKeyword(op *Operation, elided ...string)
	// Region prints a region; printEntryArgs prints the entry block header,
	// printEmptyTerminator keeps an operand-less implicit terminator.
	Region(r *Region, printEntryArgs, printEmptyTerminator bool)
	Successor(b *Block)
	ArgDecl(v *Value)
	OptionalLoc(loc Location)
	// AllocAlignmentProperty selects memref.alloc's newer alignment syntax.
	AllocAlignmentProperty() bool
	// Newline starts a new line indented like the op, plus extra levels
	// (cf.switch's cases, scf.index_switch's case regions).
	Newline(extra int)
}
