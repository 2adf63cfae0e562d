package dialect

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Trait is a bit set of op properties the analyses and passes query. Passes
// never switch on op names: they ask the registry.
type Trait uint64

const (
	// Terminator ops end a block.
	Terminator Trait = 1 << iota
	// IsolatedFromAbove ops do not see values defined outside them.
	IsolatedFromAbove
	// NoTerminator regions may end without a terminator (module bodies).
	NoTerminator
	// Pure ops have no memory effects.
	Pure
	// ViewLike: result 0 is a view of operand OpDef.ViewSource.
	ViewLike
	// ResultReusesInput: result 0 is written in place into operand
	// OpDef.ReusedInput's buffer.
	ResultReusesInput
	// NotInPlaceSafe: the output must not share a buffer with any input.
	NotInPlaceSafe
	// ReturnLike terminators return to the parent op.
	ReturnLike
	// CallLike ops transfer control to a symbol and return.
	CallLike
	// FunctionLike ops define a callable body (func.func).
	FunctionLike
	// Symbol ops define a name in the enclosing symbol table.
	Symbol
	// AllocLike ops create a fresh buffer in result 0.
	AllocLike
	// FreeLike ops release the buffer of operand 0.
	FreeLike
	// DestinationStyle ops write their result into an explicit destination
	// operand (tile's `into %buf`): the last operand when the second operand
	// segment is non-empty.
	DestinationStyle
	// FreshResult ops produce a new tile that needs its own allocation.
	FreshResult
	// TileProducer ops produce a tile value (they need a buffer unless they
	// are views or reuse an input).
	TileProducer
	// HasSideEffects marks ops that write memory outside their results.
	HasSideEffects
	// HeapAllocation marks AllocLike ops whose buffer lives on the heap
	// until a FreeLike op releases it (memref.alloc, not alloca or clone):
	// the candidates of the static memory planner.
	HeapAllocation
	// GlobalLoad ops read a tile from global memory (tile.load); CubePop
	// ops receive a tile from the cube core (tile.tpop_from_aic). Together
	// they define the Ascend910B split-AIV load + tpop hazard.
	GlobalLoad
	CubePop
	// SymbolTable ops hold a single block whose Symbol ops have distinct
	// names (builtin.module); symbol references inside resolve in the
	// nearest one.
	SymbolTable
	// AutomaticAllocationScope ops free the stack allocations (alloca)
	// made inside them when they exit (func.func, memref.alloca_scope).
	AutomaticAllocationScope
)

// Has reports whether all bits of t2 are set.
func (t Trait) Has(t2 Trait) bool { return t&t2 == t2 }

// EffectKind classifies a memory effect.
type EffectKind int

const (
	Read EffectKind = iota
	Write
	Allocate
	Free
)

// Effect is one memory effect on an operand (Operand >= 0) or result
// (Result >= 0); Operand == AllOperands means every operand.
type Effect struct {
	Kind    EffectKind
	Operand int
	Result  int
}

// AllOperands in Effect.Operand applies the effect to every operand.
const AllOperands = -2

// Flow is an explicit "operand may flow into result" rule (arith.select).
type Flow struct{ Operand, Result int }

// Edge says value From may flow into value To.
type Edge struct{ From, To *Value }

// RegionBranch describes structured control flow (MLIR's
// RegionBranchOpInterface) as value flows.
type RegionBranch interface {
	// EntryEdges are the flows from the op's operands into region arguments
	// (and into results when a region may be skipped).
	EntryEdges(op *Operation) []Edge
	// TerminatorEdges are the flows from a terminator in region r to the
	// regions or results control may reach next.
	TerminatorEdges(op *Operation, r int, term *Operation) []Edge
	// Loops reports whether region r may execute more than once per
	// execution of op.
	Loops(op *Operation, r int) bool
	// Exclusive reports whether at most one of the op's regions runs per
	// execution (scf.if).
	Exclusive(op *Operation) bool
}

// OpDef is the registry entry of an operation.
type OpDef struct {
	Name    string
	Summary string
	Traits  Trait

	// ViewSource is the operand a ViewLike op's result aliases.
	ViewSource int
	// ReusedInput is the operand whose buffer a ResultReusesInput op writes.
	ReusedInput int
	// ForbidOutputAlias lists operands the output may never share a buffer
	// with (the op reads them while writing).
	ForbidOutputAlias []int
	// ForbidAliasFor, when set, replaces the static no-alias rules with a
	// target-aware one; target is the selected target's name.
	ForbidAliasFor func(op *Operation, target string) (all bool, operands []int)
	// Flows are explicit operand-to-result flows.
	Flows []Flow
	// Effects are the op's memory effects.
	Effects []Effect
	// Branch describes region control flow; nil for ops without regions
	// that carry values.
	Branch RegionBranch
	// SuccessorOperands returns the operand ranges forwarded to the
	// successors, in order (all at once: a cf.switch has as many as it
	// has cases, each found after the ones before).
	SuccessorOperands func(op *Operation) []OperandRange
	// Inherent lists the attributes stored as properties.
	Inherent []string
	// ImplicitTerminator names the terminator that the pretty form may
	// elide when it carries no operands (scf.yield).
	ImplicitTerminator string
	// DefaultDialect lets nested ops omit this dialect prefix (func → return).
	DefaultDialect string
	// Pipe names the hardware pipe the op runs on (tile ops: MTE1, MTE2,
	// MTE3, V, M, FIX); PipeFor, when set, decides per op instead.
	Pipe    string
	PipeFor func(op *Operation) string

	Parse  func(p AsmParser, st *OperationState) error
	Print  func(p AsmPrinter, op *Operation)
	Verify func(op *Operation) error
	// InferResults, when set, completes the result types of a parsed op
	// once its operands are resolved (pto.subset's valid region depends on
	// whether its offsets are constants).
	InferResults func(op *Operation)
	// VerifyInvariants, when set, runs before the ops nested in op are
	// verified (Verify runs after them): mlir-opt checks an op's own
	// constraints on entering it and its regions' on leaving it.
	VerifyInvariants func(op *Operation) error
	// VerifySymbolUses checks the symbols op refers to, given the symbols
	// of the nearest enclosing symbol table (nil when there is none that
	// can be known: an unregistered op with one region may be one). It runs
	// when that symbol table is verified, after everything inside it.
	VerifySymbolUses func(op *Operation, symbols Symbols) error
	// NameHint suggests printing names for results (alloc, c0, cst, view).
	NameHint func(op *Operation) []string
	// Frees lists the operands the op may release and under which
	// condition, for ops that free other than FreeLike's operand 0
	// unconditionally (bufferization.dealloc).
	Frees func(op *Operation) []Freed
	// DropFrees removes the releases of the given operands (from Frees),
	// erasing the op when nothing is left for it to do: a pass that takes
	// buffers off the heap keeps the op's other releases.
	DropFrees func(op *Operation, operands []int)

	// syntax is the compiled assembly format Parse and Print come from
	// (WithFormat); nil for ops whose syntax is written by hand.
	syntax *Format
}

// Freed is an operand an op releases when Cond is true at run time; a nil
// Cond releases it always.
type Freed struct {
	Operand int
	Cond    *Value
}

// FreedOperands lists what op may release: operand 0 always for FreeLike
// ops, what the Frees hook says for others.
func FreedOperands(op *Operation) []Freed {
	if op.Def == nil {
		return nil
	}
	if op.Def.Frees != nil {
		return op.Def.Frees(op)
	}
	if op.Def.Traits.Has(FreeLike) && len(op.Operands) > 0 {
		return []Freed{{Operand: 0}}
	}
	return nil
}

// IsInherent reports whether attribute name is a property of the op.
func (d *OpDef) IsInherent(name string) bool {
	for _, n := range d.Inherent {
		if n == name {
			return true
		}
	}
	return false
}

var registry = map[string]*OpDef{}

// Register adds op definitions to the registry.
func Register(defs ...*OpDef) {
	for _, d := range defs {
		if _, dup := registry[d.Name]; dup {
			panic("dialect: duplicate op " + d.Name)
		}
		registry[d.Name] = d
	}
}

// Lookup returns the registered definition or nil.
func Lookup(name string) *OpDef { return registry[name] }

// RegisteredDialects reports whether a dialect has any registered op.
func IsRegisteredDialect(d string) bool {
	_, ok := dialectNames[d]
	return ok
}

var dialectNames = map[string]bool{}

// dialectAttrVerifiers check the discardable attributes a dialect owns
// (bufferization.escape) wherever they appear.
var dialectAttrVerifiers = map[string]func(op *Operation, a NamedAttr) error{}

// RegisterDialectAttrVerifier sets the verifier of dialect's attributes.
func RegisterDialectAttrVerifier(dialect string, verify func(op *Operation, a NamedAttr) error) {
	dialectAttrVerifiers[dialect] = verify
}

// RegisterDialect records a dialect name (so unknown ops of a known dialect
// are reported as such).
func RegisterDialect(name string) { dialectNames[name] = true }

// Dialects lists the registered dialect names, sorted.
func Dialects() []string { return slices.Sorted(maps.Keys(dialectNames)) }

// AllOps lists the registered op names, sorted.
func AllOps() []string { return slices.Sorted(maps.Keys(registry)) }

// PipeOf returns the hardware pipe op runs on, or "".
func PipeOf(op *Operation) string {
	if op.Def == nil {
		return ""
	}
	if op.Def.PipeFor != nil {
		return op.Def.PipeFor(op)
	}
	return op.Def.Pipe
}

// Has reports whether op's definition carries trait t.
func (op *Operation) Has(t Trait) bool { return op.Def != nil && op.Def.Traits.Has(t) }

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
}

// AddAttr appends a discardable-or-inherent attribute (sorted out later).
func (st *OperationState) AddAttr(name string, a Attribute) {
	st.Attrs = append(st.Attrs, NamedAttr{name, a})
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
	// the list is enclosed (and may be empty).
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

// ---- common helpers for op definitions ----

// Errorf builds a verifier diagnostic for op, worded as MLIR words them:
// 'dialect.op' op <message>.
func Errorf(op *Operation, format string, args ...any) error {
	return &Diagnostic{Severity: SevError, Loc: op.Loc, Msg: fmt.Sprintf("'%s' op ", op.Name) + fmt.Sprintf(format, args...)}
}

// TypesEqual compares two type lists.
func TypesEqual(a, b []Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ValueTypes lists the types of values.
func ValueTypes(vs []*Value) []Type {
	out := make([]Type, len(vs))
	for i, v := range vs {
		out[i] = v.Type
	}
	return out
}

// Describe gives a short text of an op for messages: name and location.
func Describe(op *Operation) string {
	var sb strings.Builder
	sb.WriteString("'" + op.Name + "'")
	if op.Loc.Known() {
		sb.WriteString(" at " + op.Loc.String())
	}
	return sb.String()
}
