package ir

import (
	"cmp"
	"slices"
)

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
	// links are the operands' use-list links, parallel to Operands (see
	// operand); SetOperands and SetOperand keep the two in step.
	links   []operand
	Results []*Value
	Props   []NamedAttr // inherent attributes (MLIR properties), sorted by name
	// rare holds what most ops lack (regions, successors, discardable
	// attributes): one pointer for the three keeps every op 48 bytes smaller. See
	// Regions, Successors and Attrs.
	rare  *opRare
	Loc   Location
	Block *Block // parent block
	// order is op's position in Block.Ops when it was last numbered; it
	// is current exactly when Block.Ops[order] is op (see IsBeforeInBlock).
	order int32
}

// opRare is the part of an operation few ops have.
type opRare struct {
	regions []*Region
	succ    []*Block
	attrs   []NamedAttr // discardable attributes, sorted by name
}

// more returns op's rare part, making it.
func (op *Operation) more() *opRare {
	if op.rare == nil {
		op.rare = &opRare{}
	}
	return op.rare
}

// Regions are op's regions, in order. Writing an element of the slice
// writes op's region; AddRegion, AppendRegion and SetRegions change how
// many there are.
func (op *Operation) Regions() []*Region {
	if op.rare == nil {
		return nil
	}
	return op.rare.regions
}

// AppendRegion makes r, built elsewhere, op's last region.
func (op *Operation) AppendRegion(r *Region) {
	r.Op = op
	rare := op.more()
	rare.regions = append(rare.regions, r)
}

// SetRegions makes rs op's regions (moving them from another op, say).
func (op *Operation) SetRegions(rs []*Region) {
	for _, r := range rs {
		r.Op = op
	}
	if len(rs) == 0 && op.rare == nil {
		return
	}
	op.more().regions = rs
}

// Attrs are op's discardable attributes, sorted by name. SetAttr,
// RemoveAttr and SetAttrs change them.
func (op *Operation) Attrs() []NamedAttr {
	if op.rare == nil {
		return nil
	}
	return op.rare.attrs
}

// SetAttrs makes list, sorted by name, op's discardable attributes.
func (op *Operation) SetAttrs(list []NamedAttr) {
	if len(list) == 0 && op.rare == nil {
		return
	}
	op.more().attrs = list
}

// Successors are the blocks op may branch to, in order. Writing an element
// of the slice writes op's successor; SetSuccessors and AddSuccessor change
// how many there are.
func (op *Operation) Successors() []*Block {
	if op.rare == nil {
		return nil
	}
	return op.rare.succ
}

// SetSuccessors makes s op's successor list.
func (op *Operation) SetSuccessors(s []*Block) {
	if len(s) == 0 && op.rare == nil {
		return
	}
	op.more().succ = s
}

// AddSuccessor appends b to op's successors.
func (op *Operation) AddSuccessor(b *Block) {
	rare := op.more()
	rare.succ = append(rare.succ, b)
}

// NewOperation builds a detached operation. Operands get use entries; results
// are created with the given types.
func NewOperation(name string, loc Location, operands []*Value, resultTypes []Type) *Operation {
	op, res, val, vals, links := allocOp(len(resultTypes), len(operands))
	op.Name, op.Def, op.Loc = name, Lookup(name), loc
	if vals != nil {
		op.Operands, op.links = vals, links
		op.linkOperands(operands)
	} else {
		op.SetOperands(operands)
	}
	switch {
	case val != nil:
		val.Type, val.Op = resultTypes[0], op
		res[0] = val
		op.Results = res
	default:
		// The results' Values in one array.
		op.Results = make([]*Value, len(resultTypes))
		vs := make([]Value, len(resultTypes))
		for i, t := range resultTypes {
			vs[i] = Value{Type: t, Op: op, Index: i}
			op.Results[i] = &vs[i]
		}
	}
	return op
}

// SetOperands replaces the operand list, keeping use lists consistent.
func (op *Operation) SetOperands(operands []*Value) {
	op.dropOwnUses()
	op.Operands, op.links = newOperands(len(operands))
	op.linkOperands(operands)
}

// linkOperands copies operands into op's fresh operand list and links
// them into their values' use lists.
func (op *Operation) linkOperands(operands []*Value) {
	copy(op.Operands, operands)
	for i, v := range op.Operands {
		op.links[i].op = op
		if v != nil {
			v.addUse(&op.links[i])
		}
	}
}

// Operand lists of up to four are allocated with their links, in one
// object (SetOperands; NewOperation puts them in the op's, see allocOp).
type (
	operands1 struct {
		vals  [1]*Value
		links [1]operand
	}
	operands2 struct {
		vals  [2]*Value
		links [2]operand
	}
	operands3 struct {
		vals  [3]*Value
		links [3]operand
	}
	operands4 struct {
		vals  [4]*Value
		links [4]operand
	}
)

// newOperands allocates n operands and their links.
func newOperands(n int) ([]*Value, []operand) {
	switch n {
	case 0:
		return nil, nil
	case 1:
		s := new(operands1)
		return s.vals[:], s.links[:]
	case 2:
		s := new(operands2)
		return s.vals[:], s.links[:]
	case 3:
		s := new(operands3)
		return s.vals[:], s.links[:]
	case 4:
		s := new(operands4)
		return s.vals[:], s.links[:]
	}
	return make([]*Value, n), make([]operand, n)
}

// dropOwnUses unlinks op's operands from their values' use lists.
func (op *Operation) dropOwnUses() {
	for i, v := range op.Operands {
		if v != nil {
			v.dropUse(&op.links[i])
		}
	}
}

// SetOperand replaces operand i.
func (op *Operation) SetOperand(i int, v *Value) {
	l := &op.links[i]
	if old := op.Operands[i]; old != nil {
		old.dropUse(l)
	}
	op.Operands[i] = v
	if v != nil {
		v.addUse(l)
	}
}

// AddRegion appends an empty region and returns it.
func (op *Operation) AddRegion() *Region {
	r := &Region{}
	op.AppendRegion(r)
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

// IndexInBlock returns op's position in its parent block, or -1. It only
// reads the block; while op's number in it is current, it does not scan.
func (op *Operation) IndexInBlock() int {
	if op.Block == nil {
		return -1
	}
	if op.Block.numbered(op) {
		return int(op.order)
	}
	for i, o := range op.Block.Ops {
		if o == op {
			return i
		}
	}
	return -1
}

// IsBeforeInBlock reports whether op comes before other in their block,
// which must be the same (MLIR's Operation::isBeforeInBlock). Ops are
// numbered by position as they are appended, and the block is renumbered
// when a number has gone stale (an op inserted or removed before it):
// every change that moves ops already costs a copy of the block's list,
// so the queries cost O(1) amortised. Renumbering writes the block's ops:
// the query is a change of the block as far as concurrent readers go.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	b := op.Block
	if b == nil || other.Block != b {
		panic("ir: IsBeforeInBlock of ops not in one block")
	}
	if !b.numbered(op) || !b.numbered(other) {
		b.renumber()
	}
	return op.order < other.order
}

// Walk visits op and every nested operation in pre-order. Returning false
// from fn skips the children of that op.
func (op *Operation) Walk(fn func(*Operation) bool) {
	if !fn(op) {
		return
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			for _, o := range b.Ops {
				o.Walk(fn)
			}
		}
	}
}

// WalkPost visits nested operations before op itself.
func (op *Operation) WalkPost(fn func(*Operation)) {
	for _, r := range op.Regions() {
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
	rs := op.Regions()
	if i >= len(rs) || len(rs[i].Blocks) == 0 {
		return nil
	}
	return rs[i].Blocks[0]
}

// dropOperandUses removes op's entries from its operands' use lists, and
// recursively for nested operations.
func (op *Operation) dropOperandUses() {
	op.dropOwnUses()
	for _, r := range op.Regions() {
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

// Detach removes op from its block without touching use lists, to move it
// elsewhere.
func (op *Operation) Detach() {
	if op.Block != nil {
		op.Block.remove(op)
	}
}

// ---- Attributes on ops ----

// Attr returns the named attribute, looking in properties first.
func (op *Operation) Attr(name string) Attribute {
	if a := findAttr(op.Props, name); a != nil {
		return a
	}
	return findAttr(op.Attrs(), name)
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
	op.SetAttrs(setAttr(op.Attrs(), name, value))
}

// RemoveAttr deletes an attribute wherever it lives.
func (op *Operation) RemoveAttr(name string) {
	op.Props = removeAttr(op.Props, name)
	if op.rare != nil {
		op.rare.attrs = removeAttr(op.rare.attrs, name)
	}
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
	c.SetAttrs(append([]NamedAttr(nil), op.Attrs()...))
	for i, r := range op.Results {
		c.Results[i].NameHint = r.NameHint
		mapping[r] = c.Results[i]
	}
	blockMap := map[*Block]*Block{}
	for _, r := range op.Regions() {
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
	for ri, r := range op.Regions() {
		for bi, b := range r.Blocks {
			nb := c.Regions()[ri].Blocks[bi]
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
	if len(op.Successors()) > 0 {
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
