// Package dialect holds pto-opt's IR data model and the op registry.
//
// The model is MLIR's: an Operation has operands, results, properties
// (inherent attributes), discardable attributes, successors and regions; a
// Region holds Blocks; a Block has arguments and an ordered list of
// operations. Values are SSA and keep use lists so that passes can replace
// and erase without rescanning the function. Structures are plain Go structs
// (in the style of llir/llvm): passes read and write fields directly, and the
// helpers here keep the use lists consistent.
package dialect

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
)

// Location is a source position used for diagnostics: a line and column
// (32-bit unsigned, as in MLIR) and the source they are in: FileName, and
// RawText, the textual location given by a trailing loc(...) in the input,
// printed back verbatim under --mlir-print-debuginfo. Every op, value and
// operand carries one, so it is kept to 16 bytes: the file name and raw
// text live in a shared, immutable record. Locations made by At share one
// record per file name, so two at the same file, line and column compare
// equal with ==; one with raw text (AtRaw, WithRaw) has a record of its
// own, and Same compares it by content. The zero Location is unknown.
type Location struct {
	src  *locSource
	Line uint32
	Col  uint32
}

// locSource is the part of a location shared by many: never modified once
// made.
type locSource struct {
	file string
	raw  string
}

// files interns the record of each file name (there are few), so that all
// locations in a file share it and compare equal. last is the record most
// recently asked for: a parser asks for the same file over and over.
var (
	files    sync.Map // string -> *locSource
	lastFile atomic.Pointer[locSource]
)

func fileSource(file string) *locSource {
	if file == "" {
		return nil
	}
	if s := lastFile.Load(); s != nil && s.file == file {
		return s
	}
	v, ok := files.Load(file)
	if !ok {
		v, _ = files.LoadOrStore(file, &locSource{file: file})
	}
	s := v.(*locSource)
	lastFile.Store(s)
	return s
}

// At is the location of line and col in file. Lines and columns are
// unsigned 32-bit numbers, as in MLIR; one out of range (no text this tool
// reads has one) is kept at the nearest bound.
func At(file string, line, col int) Location {
	return Location{src: fileSource(file), Line: clampLine(line), Col: clampLine(col)}
}

func clampLine(n int) uint32 {
	return uint32(min(max(n, 0), math.MaxUint32))
}

// FileName is the file the location is in ("" if none).
func (l Location) FileName() string {
	if l.src == nil {
		return ""
	}
	return l.src.file
}

// RawText is the loc(...) text the location was read from, if any.
func (l Location) RawText() string {
	if l.src == nil {
		return ""
	}
	return l.src.raw
}

// AtRaw is the location of line and col in file read from the loc(...)
// text raw. Its record is its own (file is not interned: loc texts can
// name any number of files).
func AtRaw(file string, line, col int, raw string) Location {
	if raw == "" {
		return At(file, line, col)
	}
	return Location{src: &locSource{file: file, raw: raw}, Line: clampLine(line), Col: clampLine(col)}
}

// WithRaw is l with raw as its loc(...) text ("" drops it).
func (l Location) WithRaw(raw string) Location {
	if raw == "" {
		l.src = fileSource(l.FileName())
	} else {
		l.src = &locSource{file: l.FileName(), raw: raw}
	}
	return l
}

// Same reports whether l and o have the same file, line, column and raw
// text. Unlike ==, it holds for locations with equal raw text read at
// different places.
func (l Location) Same(o Location) bool {
	return l.Line == o.Line && l.Col == o.Col && l.FileName() == o.FileName() && l.RawText() == o.RawText()
}

// Known reports whether the location points into a file.
func (l Location) Known() bool { return l.Line > 0 }

func (l Location) String() string {
	if !l.Known() {
		return "<unknown>"
	}
	return fmt.Sprintf("%s:%d:%d", l.FileName(), l.Line, l.Col)
}

// Use records that operand Index of Op reads a value.
type Use struct {
	Op    *Operation
	Index int
}

// Value is an SSA value: either a result of an operation or a block argument.
type Value struct {
	Type Type
	// Exactly one of Op and Block is set.
	Op       *Operation // defining op (results)
	Block    *Block     // owning block (block arguments)
	Index    int        // result index or argument index
	Uses     []Use
	NameHint string // a name to prefer when printing (source name or op hint)
	// A block argument's location is kept by its block (Block.argLocs):
	// results, most values, take theirs from their op and need no field of
	// their own.
}

// Loc is where v is defined: a block argument's own location, else its
// defining op's (unknown for a value with neither).
func (v *Value) Loc() Location {
	switch {
	case v.Block != nil:
		if i := v.Block.argLocIndex(v); i >= 0 {
			return v.Block.argLocs[i].loc
		}
	case v.Op != nil:
		return v.Op.Loc
	}
	return Location{}
}

// SetLoc sets a block argument's location; other values have none of
// their own, and it does nothing for them.
func (v *Value) SetLoc(l Location) {
	b := v.Block
	if b == nil {
		return
	}
	if i := b.argLocIndex(v); i >= 0 {
		b.argLocs[i].loc = l
		return
	}
	if l != (Location{}) {
		b.addArgLoc(v, l)
	}
}

// argLocIndexFrom is the number of located arguments from which a block
// finds them through a map rather than by a scan (which was quadratic in
// the arguments of a function with many).
const argLocIndexFrom = 16

// addArgLoc records a block argument's location.
func (b *Block) addArgLoc(v *Value, l Location) {
	b.argLocs = append(b.argLocs, argLoc{v, l})
	switch {
	case b.argLocIdx != nil:
		b.argLocIdx[v] = len(b.argLocs) - 1
	case len(b.argLocs) > argLocIndexFrom:
		b.argLocIdx = make(map[*Value]int, 2*len(b.argLocs))
		for i, a := range b.argLocs {
			b.argLocIdx[a.arg] = i
		}
	}
}

// argLocIndex is where v's location is in b.argLocs, or -1. Arguments
// are usually recorded in order, so v.Index finds most at once. It only
// reads the block, so that blocks may be read concurrently.
func (b *Block) argLocIndex(v *Value) int {
	if i := v.Index; i >= 0 && i < len(b.argLocs) && b.argLocs[i].arg == v {
		return i
	}
	if b.argLocIdx != nil {
		if i, ok := b.argLocIdx[v]; ok {
			return i
		}
		return -1
	}
	for i := range b.argLocs {
		if b.argLocs[i].arg == v {
			return i
		}
	}
	return -1
}

// IsBlockArg reports whether v is a block argument.
func (v *Value) IsBlockArg() bool { return v.Block != nil }

// ParentBlock is the block in which v is defined.
func (v *Value) ParentBlock() *Block {
	if v.Block != nil {
		return v.Block
	}
	return v.Op.Block
}

// HasUses reports whether anything reads v.
func (v *Value) HasUses() bool { return len(v.Uses) > 0 }

func (v *Value) removeUse(op *Operation, idx int) {
	for i, u := range v.Uses {
		if u.Op == op && u.Index == idx {
			last := len(v.Uses) - 1
			copy(v.Uses[i:], v.Uses[i+1:])
			v.Uses[last] = Use{}
			v.Uses = v.Uses[:last]
			return
		}
	}
}

// ReplaceAllUsesWith redirects every use of v to w.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for _, u := range v.Uses {
		u.Op.Operands[u.Index] = w
		w.Uses = append(w.Uses, u)
	}
	v.Uses = nil
}

// ReplaceUsesIf redirects the uses of v for which keep returns true to w.
func (v *Value) ReplaceUsesIf(w *Value, replace func(Use) bool) {
	kept := v.Uses[:0]
	for _, u := range v.Uses {
		if replace(u) {
			u.Op.Operands[u.Index] = w
			w.Uses = append(w.Uses, u)
		} else {
			kept = append(kept, u)
		}
	}
	for i := len(kept); i < len(v.Uses); i++ {
		v.Uses[i] = Use{}
	}
	v.Uses = kept
}

// NamedAttr is one entry of an attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// Operation is one MLIR operation.
type Operation struct {
	Name     string
	Def      *OpDef // registry entry; nil for unregistered ops
	Operands []*Value
	Results  []*Value
	Props    []NamedAttr // inherent attributes (MLIR properties), sorted by name
	Attrs    []NamedAttr // discardable attributes, sorted by name
	// succ holds the successor blocks of the few ops that branch; a
	// pointer rather than a slice keeps every other op 16 bytes smaller
	// (see Successors).
	succ    *[]*Block
	Regions []*Region
	Loc     Location
	Block   *Block // parent block
}

// Block is a list of operations with arguments.
type Block struct {
	Args   []*Value
	Ops    []*Operation
	Region *Region
	// Label is the source label (without ^) when the block had one; used as
	// a printing hint only.
	Label string
	// argLocs are the known locations of the block's arguments, found by
	// the argument itself, so that passes may reorder or drop Args freely.
	argLocs   []argLoc
	argLocIdx map[*Value]int // v's index in argLocs, once there are many
}

// argLoc is one block argument's location.
type argLoc struct {
	arg *Value
	loc Location
}

// Region is a list of blocks owned by an operation.
type Region struct {
	Blocks []*Block
	Op     *Operation
}

// Successors are the blocks op may branch to, in order. Writing an element
// of the slice writes op's successor; SetSuccessors and AddSuccessor change
// how many there are.
func (op *Operation) Successors() []*Block {
	if op.succ == nil {
		return nil
	}
	return *op.succ
}

// SetSuccessors makes s op's successor list.
func (op *Operation) SetSuccessors(s []*Block) {
	if len(s) == 0 {
		op.succ = nil
		return
	}
	op.succ = &s
}

// AddSuccessor appends b to op's successors.
func (op *Operation) AddSuccessor(b *Block) {
	if op.succ == nil {
		op.succ = &[]*Block{b}
		return
	}
	*op.succ = append(*op.succ, b)
}

// NewOperation builds a detached operation. Operands get use entries; results
// are created with the given types.
func NewOperation(name string, loc Location, operands []*Value, resultTypes []Type) *Operation {
	op := &Operation{Name: name, Def: Lookup(name), Loc: loc}
	op.SetOperands(operands)
	op.Results = make([]*Value, len(resultTypes))
	for i, t := range resultTypes {
		op.Results[i] = &Value{Type: t, Op: op, Index: i}
	}
	return op
}

// SetOperands replaces the operand list, keeping use lists consistent.
func (op *Operation) SetOperands(operands []*Value) {
	for i, v := range op.Operands {
		if v != nil {
			v.removeUse(op, i)
		}
	}
	op.Operands = append(op.Operands[:0:0], operands...)
	for i, v := range op.Operands {
		if v != nil {
			v.Uses = append(v.Uses, Use{Op: op, Index: i})
		}
	}
}

// SetOperand replaces operand i.
func (op *Operation) SetOperand(i int, v *Value) {
	if old := op.Operands[i]; old != nil {
		old.removeUse(op, i)
	}
	op.Operands[i] = v
	if v != nil {
		v.Uses = append(v.Uses, Use{Op: op, Index: i})
	}
}

// AddRegion appends an empty region and returns it.
func (op *Operation) AddRegion() *Region {
	r := &Region{Op: op}
	op.Regions = append(op.Regions, r)
	return r
}

// Result returns result i.
func (op *Operation) Result(i int) *Value { return op.Results[i] }

// Dialect is the part of the op name before the first dot.
func (op *Operation) Dialect() string { return DialectOf(op.Name) }

// DialectOf returns the dialect prefix of an op or symbol name.
func DialectOf(name string) string {
	for i := 0; i < len(name); i++ {
		if name[i] == '.' {
			return name[:i]
		}
	}
	return ""
}

// ParentOp is the operation owning the block that contains op, or nil.
func (op *Operation) ParentOp() *Operation {
	if op.Block == nil || op.Block.Region == nil {
		return nil
	}
	return op.Block.Region.Op
}

// IsAncestorOf reports whether op is other or encloses it.
func (op *Operation) IsAncestorOf(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// IndexInBlock returns op's position in its parent block, or -1.
func (op *Operation) IndexInBlock() int {
	if op.Block == nil {
		return -1
	}
	for i, o := range op.Block.Ops {
		if o == op {
			return i
		}
	}
	return -1
}

// Walk visits op and every nested operation in pre-order. Returning false
// from fn skips the children of that op.
func (op *Operation) Walk(fn func(*Operation) bool) {
	if !fn(op) {
		return
	}
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, o := range b.Ops {
				o.Walk(fn)
			}
		}
	}
}

// WalkPost visits nested operations before op itself.
func (op *Operation) WalkPost(fn func(*Operation)) {
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, o := range b.Ops {
				o.WalkPost(fn)
			}
		}
	}
	fn(op)
}

// Body returns the first block of region i, or nil.
func (op *Operation) Body(i int) *Block {
	if i >= len(op.Regions) || len(op.Regions[i].Blocks) == 0 {
		return nil
	}
	return op.Regions[i].Blocks[0]
}

// dropOperandUses removes op's entries from its operands' use lists, and
// recursively for nested operations.
func (op *Operation) dropOperandUses() {
	for i, v := range op.Operands {
		if v != nil {
			v.removeUse(op, i)
		}
	}
	for _, r := range op.Regions {
		for _, b := range r.Blocks {
			for _, o := range b.Ops {
				o.dropOperandUses()
			}
		}
	}
}

// Erase removes op from its block and drops its operand uses. The caller
// must have replaced all uses of its results first.
func (op *Operation) Erase() {
	op.dropOperandUses()
	if op.Block != nil {
		op.Block.remove(op)
	}
}

// ---- Blocks ----

// AddArgument appends a block argument.
func (b *Block) AddArgument(t Type, loc Location) *Value {
	v := &Value{Type: t, Block: b, Index: len(b.Args)}
	if loc != (Location{}) {
		b.addArgLoc(v, loc)
	}
	b.Args = append(b.Args, v)
	return v
}

// Append adds op at the end of b.
func (b *Block) Append(op *Operation) {
	op.Block = b
	b.Ops = append(b.Ops, op)
}

// InsertAt inserts ops before position i.
func (b *Block) InsertAt(i int, ops ...*Operation) {
	for _, op := range ops {
		op.Block = b
	}
	b.Ops = append(b.Ops, ops...)
	copy(b.Ops[i+len(ops):], b.Ops[i:len(b.Ops)-len(ops)])
	copy(b.Ops[i:], ops)
}

// InsertBefore inserts ops before anchor, which must be in b.
func (b *Block) InsertBefore(anchor *Operation, ops ...*Operation) {
	b.InsertAt(anchor.IndexInBlock(), ops...)
}

// InsertAfter inserts ops after anchor, which must be in b.
func (b *Block) InsertAfter(anchor *Operation, ops ...*Operation) {
	b.InsertAt(anchor.IndexInBlock()+1, ops...)
}

func (b *Block) remove(op *Operation) {
	for i, o := range b.Ops {
		if o == op {
			copy(b.Ops[i:], b.Ops[i+1:])
			b.Ops[len(b.Ops)-1] = nil
			b.Ops = b.Ops[:len(b.Ops)-1]
			op.Block = nil
			return
		}
	}
}

// Detach removes op from its block without touching use lists, to move it
// elsewhere.
func (op *Operation) Detach() {
	if op.Block != nil {
		op.Block.remove(op)
	}
}

// RemoveOps deletes every op for which drop returns true, dropping their
// operand uses. It is linear in the block size, unlike repeated Erase calls.
func (b *Block) RemoveOps(drop func(*Operation) bool) {
	kept := b.Ops[:0]
	for _, o := range b.Ops {
		if drop(o) {
			o.dropOperandUses()
			o.Block = nil
			continue
		}
		kept = append(kept, o)
	}
	for i := len(kept); i < len(b.Ops); i++ {
		b.Ops[i] = nil
	}
	b.Ops = kept
}

// Terminator returns the last op of b if it is a terminator, else nil.
func (b *Block) Terminator() *Operation {
	if len(b.Ops) == 0 {
		return nil
	}
	last := b.Ops[len(b.Ops)-1]
	if last.Def != nil && last.Def.Traits.Has(Terminator) {
		return last
	}
	return nil
}

// ParentOp is the operation owning b's region.
func (b *Block) ParentOp() *Operation {
	if b.Region == nil {
		return nil
	}
	return b.Region.Op
}

// FindAncestorOpInBlock returns the op in b that is op or encloses op, or nil.
func (b *Block) FindAncestorOpInBlock(op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Block == b {
			return o
		}
	}
	return nil
}

// Successors returns the blocks b's terminator may branch to.
func (b *Block) Successors() []*Block {
	if len(b.Ops) == 0 {
		return nil
	}
	return b.Ops[len(b.Ops)-1].Successors()
}

// ---- Regions ----

// AddBlock appends a new empty block.
func (r *Region) AddBlock() *Block {
	b := &Block{Region: r}
	r.Blocks = append(r.Blocks, b)
	return b
}

// Entry returns the first block or nil.
func (r *Region) Entry() *Block {
	if len(r.Blocks) == 0 {
		return nil
	}
	return r.Blocks[0]
}

// Index returns the region's position in its parent op.
func (r *Region) Index() int {
	for i, x := range r.Op.Regions {
		if x == r {
			return i
		}
	}
	return -1
}

// ---- Attributes on ops ----

// Attr returns the named attribute, looking in properties first.
func (op *Operation) Attr(name string) Attribute {
	if a := findAttr(op.Props, name); a != nil {
		return a
	}
	return findAttr(op.Attrs, name)
}

// HasAttr reports whether op has the attribute (property or discardable).
func (op *Operation) HasAttr(name string) bool { return op.Attr(name) != nil }

func findAttr(list []NamedAttr, name string) Attribute {
	for _, a := range list {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// SetAttr sets an attribute, as a property when the op declares it inherent.
func (op *Operation) SetAttr(name string, value Attribute) {
	if op.Def != nil && op.Def.IsInherent(name) {
		op.Props = setAttr(op.Props, name, value)
		return
	}
	op.Attrs = setAttr(op.Attrs, name, value)
}

// RemoveAttr deletes an attribute wherever it lives.
func (op *Operation) RemoveAttr(name string) {
	op.Props = removeAttr(op.Props, name)
	op.Attrs = removeAttr(op.Attrs, name)
}

func setAttr(list []NamedAttr, name string, value Attribute) []NamedAttr {
	for i := range list {
		if list[i].Name == name {
			list[i].Value = value
			return list
		}
	}
	list = append(list, NamedAttr{name, value})
	SortAttrs(list)
	return list
}

func removeAttr(list []NamedAttr, name string) []NamedAttr {
	for i := range list {
		if list[i].Name == name {
			return append(list[:i], list[i+1:]...)
		}
	}
	return list
}

// SortAttrs sorts a dictionary by name, as MLIR's DictionaryAttr does.
func SortAttrs(list []NamedAttr) {
	byName := func(a, b NamedAttr) int { return cmp.Compare(a.Name, b.Name) }
	if slices.IsSortedFunc(list, byName) {
		return
	}
	slices.SortStableFunc(list, byName)
}

// IntAttrValue returns the integer value of the named attribute.
func (op *Operation) IntAttrValue(name string) (int64, bool) {
	if a, ok := op.Attr(name).(*IntegerAttr); ok {
		return a.Value, true
	}
	return 0, false
}

// StrAttrValue returns the string value of the named attribute.
func (op *Operation) StrAttrValue(name string) (string, bool) {
	if a, ok := op.Attr(name).(*StringAttr); ok {
		return a.Value, true
	}
	return "", false
}

// SegmentSizes returns the operandSegmentSizes (or the named) segment
// attribute as ints, or nil.
func (op *Operation) SegmentSizes(name string) []int {
	a, ok := op.Attr(name).(*DenseArrayAttr)
	if !ok {
		return nil
	}
	out := make([]int, len(a.Values))
	for i, v := range a.Values {
		out[i] = int(v)
	}
	return out
}

// OperandSegment returns the operands of segment i under
// operandSegmentSizes; without the attribute, segment 0 is everything.
func (op *Operation) OperandSegment(i int) []*Value {
	// Read the attribute in place: SegmentSizes copies it, and the
	// planning passes ask every op for its destination segment.
	a, ok := op.Attr("operandSegmentSizes").(*DenseArrayAttr)
	if !ok {
		if i == 0 {
			return op.Operands
		}
		return nil
	}
	sizes := a.Values
	start := 0
	for k := 0; k < i && k < len(sizes); k++ {
		start += int(sizes[k])
	}
	if i >= len(sizes) || start+int(sizes[i]) > len(op.Operands) {
		return nil
	}
	return op.Operands[start : start+int(sizes[i])]
}

// OperandSegmentStart returns the index of the first operand of segment i.
func (op *Operation) OperandSegmentStart(i int) int {
	var sizes []int64
	if a, ok := op.Attr("operandSegmentSizes").(*DenseArrayAttr); ok {
		sizes = a.Values
	}
	start := 0
	for k := 0; k < i && k < len(sizes); k++ {
		start += int(sizes[k])
	}
	return start
}

// ---- Cloning ----

// Clone deep-copies op (with regions). Operands defined outside op map
// through mapping when present, else are kept. New results are recorded
// in mapping.
func (op *Operation) Clone(mapping map[*Value]*Value) *Operation {
	lookup := func(v *Value) *Value {
		if w, ok := mapping[v]; ok {
			return w
		}
		return v
	}
	operands := make([]*Value, len(op.Operands))
	for i, v := range op.Operands {
		operands[i] = lookup(v)
	}
	types := make([]Type, len(op.Results))
	for i, r := range op.Results {
		types[i] = r.Type
	}
	c := NewOperation(op.Name, op.Loc, operands, types)
	c.Def = op.Def
	c.Props = append([]NamedAttr(nil), op.Props...)
	c.Attrs = append([]NamedAttr(nil), op.Attrs...)
	for i, r := range op.Results {
		c.Results[i].NameHint = r.NameHint
		mapping[r] = c.Results[i]
	}
	blockMap := map[*Block]*Block{}
	for _, r := range op.Regions {
		nr := c.AddRegion()
		for _, b := range r.Blocks {
			nb := nr.AddBlock()
			nb.Label = b.Label
			blockMap[b] = nb
			for _, a := range b.Args {
				na := nb.AddArgument(a.Type, a.Loc())
				na.NameHint = a.NameHint
				mapping[a] = na
			}
		}
	}
	for ri, r := range op.Regions {
		for bi, b := range r.Blocks {
			nb := c.Regions[ri].Blocks[bi]
			for _, o := range b.Ops {
				no := o.Clone(mapping)
				for i, s := range o.Successors() {
					if m, ok := blockMap[s]; ok {
						no.Successors()[i] = m
					}
				}
				nb.Append(no)
			}
		}
	}
	if op.succ != nil {
		c.SetSuccessors(append([]*Block(nil), op.Successors()...))
	}
	return c
}

// ---- Function helpers ----

// FuncArgs returns the entry block arguments of a function-like op.
func FuncArgs(fn *Operation) []*Value {
	if b := fn.Body(0); b != nil {
		return b.Args
	}
	return nil
}

// SymbolName returns the sym_name attribute of op, if any.
func SymbolName(op *Operation) string {
	s, _ := op.StrAttrValue("sym_name")
	return s
}
