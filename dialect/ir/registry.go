package ir

import (
	"maps"
	"slices"
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
	// Interfaces are the op interfaces the op implements, as MLIR's op
	// interfaces: values its dialect attaches, each implementing some Go
	// interface that a consumer (an analysis, a pass) declares and asks
	// for with InterfaceOf. ir knows none of them: what a dialect tells
	// the passes that is not the IR's own business (a tile op's hardware
	// pipe, its no-alias rule) travels this way.
	Interfaces []any

	Parse func(p AsmParser, st *OperationState) error
	Print func(p AsmPrinter, op *Operation)

	// The verifier, in mlir-opt's order. On entering an op: the counts and
	// constraints its declaration gives (Declared's: operands, results,
	// attributes, regions, successors, in ODS's words), then Preds (ODS's
	// PredOpTraits), then Checks (its native traits, in declaration
	// order), then Verify (the op's own verifier, MLIR's verify()). Then
	// the ops nested in it; on leaving it, VerifyRegions (MLIR's
	// verifyRegions(): what needs the nested ops verified first).
	Preds         []Pred
	Checks        []TraitCheck
	Verify        func(op *Operation) error
	VerifyRegions func(op *Operation) error

	// GenericOnly, when set, reports that op cannot be printed in its
	// custom form (that text would read back as another op: pto.tmov
	// with a pre-quant scalar and no fp tile); the printer writes it in
	// generic form.
	GenericOnly func(op *Operation) bool
	// InferResults, when set, completes the result types of a parsed op
	// once its operands are resolved (pto.subset's valid region depends on
	// whether its offsets are constants).
	InferResults func(op *Operation)
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
	// declared is the op's ODS declaration the verifier checks: the
	// format's (WithFormat), or one given without a format (Declare).
	declared *Format
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
		if more := pendingInterfaces[d.Name]; more != nil {
			d.Interfaces = append(d.Interfaces, more...)
			delete(pendingInterfaces, d.Name)
		}
		registry[d.Name] = d
	}
}

// pendingInterfaces are the interfaces attached to ops not registered yet.
var pendingInterfaces = map[string][]any{}

// AttachInterface adds impl to the op interfaces of the op named name
// (OpDef.Interfaces): at once when it is registered, else when it is. A
// dialect attaches there what its ops implement apart from their
// definitions, as MLIR's external models do (arith's integer semantics).
func AttachInterface(name string, impl any) {
	if d := registry[name]; d != nil {
		d.Interfaces = append(d.Interfaces, impl)
		return
	}
	pendingInterfaces[name] = append(pendingInterfaces[name], impl)
}

// Lookup returns the registered definition or nil.
func Lookup(name string) *OpDef { return registry[name] }

// topLevel is the top-level op (see RegisterTopLevel).
var topLevel *OpDef

// RegisterTopLevel makes def, a registered op, the top-level op: the op
// a parsed file's ops are wrapped in unless the file is one such op, as
// MLIR's parser wraps them in an implicit builtin.module (which
// dialect/builtin registers). The ops at a file's top level are read and
// printed with its DefaultDialect.
func RegisterTopLevel(def *OpDef) { topLevel = def }

// TopLevel is the top-level op, nil when no dialect has registered one.
func TopLevel() *OpDef { return topLevel }

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

// dialectArgAttrVerifiers check the attributes a dialect owns on the
// arguments of an op's regions (a function's arguments: MLIR's
// verifyRegionArgAttribute).
var dialectArgAttrVerifiers = map[string]func(op *Operation, region, arg int, a NamedAttr) error{}

// RegisterDialectArgAttrVerifier sets the verifier of dialect's attributes
// on region arguments.
func RegisterDialectArgAttrVerifier(dialect string, verify func(op *Operation, region, arg int, a NamedAttr) error) {
	dialectArgAttrVerifiers[dialect] = verify
}

// VerifyArgAttr runs the verifier of a's dialect, if it has one, on a, an
// attribute of argument arg of op's region region.
func VerifyArgAttr(op *Operation, region, arg int, a NamedAttr) error {
	if verify := dialectArgAttrVerifiers[DialectOf(a.Name)]; verify != nil {
		return verify(op, region, arg, a)
	}
	return nil
}

// RegisterDialect records a dialect name (so unknown ops of a known dialect
// are reported as such).
func RegisterDialect(name string) { dialectNames[name] = true }

// Dialects lists the registered dialect names, sorted.
func Dialects() []string { return slices.Sorted(maps.Keys(dialectNames)) }

// AllOps lists the registered op names, sorted.
func AllOps() []string { return slices.Sorted(maps.Keys(registry)) }

// InterfaceOf returns the first of op's interfaces (OpDef.Interfaces)
// that implements T, the Go interface a consumer declares for what it
// asks; ok is false when op has none (or is unregistered).
func InterfaceOf[T any](op *Operation) (T, bool) {
	if op.Def != nil {
		for _, i := range op.Def.Interfaces {
			if t, ok := i.(T); ok {
				return t, true
			}
		}
	}
	var none T
	return none, false
}

// Has reports whether op's definition carries trait t.
func (op *Operation) Has(t Trait) bool { return op.Def != nil && op.Def.Traits.Has(t) }

// OperandRange is a run of an op's operands: n from start.
type OperandRange struct{ Start, N int }

// Of is the range's operands of op.
func (r OperandRange) Of(op *Operation) []*Value { return op.Operands[r.Start : r.Start+r.N] }

// RunsOnce is the RegionBranch of an op whose single region runs once and
// whose terminator's operands become the op's results
// (memref.alloca_scope, scf.execute_region).
type RunsOnce struct{}

func (RunsOnce) EntryEdges(*Operation) []Edge { return nil }
func (RunsOnce) TerminatorEdges(op *Operation, r int, term *Operation) []Edge {
	var out []Edge
	for i, v := range term.Operands {
		if i < len(op.Results) {
			out = append(out, Edge{v, op.Results[i]})
		}
	}
	return out
}
func (RunsOnce) Loops(*Operation, int) bool { return false }
func (RunsOnce) Exclusive(*Operation) bool  { return false }
