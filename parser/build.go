package parser

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// builder turns parsed states into IR, resolving SSA names and block labels.
// Names are scoped by region; an isolated-from-above op starts a fresh
// scope chain. A use before its definition creates a placeholder value that
// the definition later replaces (MLIR's forward references).
//
// The names visible in the current chain live in one table: the names
// the printer makes, %N and %<prefix>N, by number in nums (names.go),
// while they are dense enough, the others in a map. Each region's frame
// remembers where its definitions start in the undo list and removes them
// when it closes, so sibling regions may reuse names (an isolated frame's
// own names need no undo: the whole table goes when it closes). An
// isolated frame swaps in a fresh table (tables are recycled) and restores
// the outer one.
type builder struct {
	names      map[string]binding
	nums       numTables
	undo       []string
	frames     []frame
	spare      []map[string]binding
	spareNums  numSpares
	operands   []*ir.Value     // scratch for buildOp
	opStack    []*ir.Operation // the ops of the blocks being built (see parseRegionBuilt)
	allowUnreg bool
}

// binding is a defined name: its values (one, or a result group) and where
// it was defined. A binding without values is no name.
type binding struct {
	vals []*ir.Value
	loc  ir.Location
}

type frame struct {
	mark      int // len(undo) when the frame opened
	isolated  bool
	outer     map[string]binding // the names an isolated frame hides
	outerNums numTables
	// forward references are kept on the isolated frame that owns them.
	forward map[string]*forwardRef
	labels  map[string]*ir.Block
	// streaming frames build a region as it is read (stream.go): a
	// successor may name a block not read yet, which waits in pending.
	streaming bool
	pending   map[string]ir.Location
}

type forwardRef struct {
	vals []*ir.Value // by result number
	loc  ir.Location
}

func (b *builder) push(isolated bool) *frame {
	b.frames = append(b.frames, frame{mark: len(b.undo), isolated: isolated})
	f := &b.frames[len(b.frames)-1]
	if isolated || b.names == nil {
		f.isolated = true
		f.outer, f.outerNums = b.names, b.nums
		if n := len(b.spare); n > 0 {
			b.names, b.spare = b.spare[n-1], b.spare[:n-1]
		} else {
			b.names = make(map[string]binding, 64)
		}
		b.nums = numTables{}
	}
	return f
}

// pop closes a frame; closing an isolated frame reports unresolved names.
func (b *builder) pop() error {
	f := &b.frames[len(b.frames)-1]
	var err error
	if f.isolated {
		var first *forwardRef
		var firstName string
		for name, fr := range f.forward {
			if first == nil || fr.loc.Line < first.loc.Line || fr.loc.Line == first.loc.Line && fr.loc.Col < first.loc.Col {
				first, firstName = fr, name
			}
		}
		if first != nil {
			err = ir.NewError(first.loc, "use of undeclared SSA value name '%%%s'", firstName)
		}
		for _, loc := range f.pending {
			if err == nil {
				err = ir.NewError(loc, "reference to an undefined block")
			}
		}
		clear(b.names)
		b.spare = append(b.spare, b.names)
		b.names = f.outer
		b.spareNums.release(&b.nums)
		b.nums = f.outerNums
	} else {
		for _, name := range b.undo[f.mark:] {
			if d := b.nums.at(name); d != nil {
				*d = binding{}
			} else {
				delete(b.names, name)
			}
		}
	}
	b.undo = b.undo[:f.mark]
	b.frames = b.frames[:len(b.frames)-1]
	return err
}

// reset drops every frame.
func (b *builder) reset() {
	for len(b.frames) > 0 {
		b.pop()
	}
}

func (b *builder) top() *frame { return &b.frames[len(b.frames)-1] }

func (b *builder) isolatedFrame() *frame {
	for i := len(b.frames) - 1; i >= 0; i-- {
		if b.frames[i].isolated {
			return &b.frames[i]
		}
	}
	return &b.frames[0]
}

// resolve returns the value for a use, creating a forward reference when
// the name is not defined yet.
func (b *builder) resolve(ref ir.OperandRef, t ir.Type) (*ir.Value, error) {
	if d, ok := b.lookup(ref.Name); ok {
		if ref.Num >= len(d.vals) {
			return nil, ir.NewError(ref.Loc, "reference to invalid result number")
		}
		v := d.vals[ref.Num]
		if v.Type != t {
			return nil, ir.NewError(ref.Loc, "use of value '%s' expects different type than prior uses: '%s' vs '%s'", ref, t, v.Type).
				WithNote(d.loc, "prior use here")
		}
		return v, nil
	}
	iso := b.isolatedFrame()
	f, ok := iso.forward[ref.Name]
	if !ok {
		if iso.forward == nil {
			iso.forward = map[string]*forwardRef{}
		}
		f = &forwardRef{loc: ref.Loc}
		iso.forward[ref.Name] = f
	}
	for len(f.vals) <= ref.Num {
		f.vals = append(f.vals, nil)
	}
	if f.vals[ref.Num] == nil {
		f.vals[ref.Num] = &ir.Value{Type: t}
	} else if f.vals[ref.Num].Type != t {
		return nil, ir.NewError(ref.Loc, "use of value '%s' expects different type than prior uses: '%s' vs '%s'", ref, t, f.vals[ref.Num].Type).
			WithNote(f.loc, "prior use here")
	}
	return f.vals[ref.Num], nil
}

// explainMismatch reports, in the words of st's syntax (TypeMismatch), the
// first operand naming a defined value of another type than the syntax
// gives it.
func (b *builder) explainMismatch(st *ir.OperationState) error {
	for i, ref := range st.Operands {
		d, ok := b.lookup(ref.Name)
		if !ok || ref.Num >= len(d.vals) || d.vals[ref.Num].Type == st.OperandTypes[i] {
			continue
		}
		if msg := st.TypeMismatch(i, ref.String(), st.OperandTypes[i], d.vals[ref.Num].Type); msg != "" {
			return ir.NewError(st.Loc, "%s", msg).WithNote(d.loc, "%s is defined here", ref)
		}
	}
	return nil
}

// define binds a name in the innermost frame, settling forward references.
func (b *builder) define(name string, vals []*ir.Value, loc *ir.Location) error {
	if prev, ok := b.lookup(name); ok {
		return ir.NewError(*loc, "redefinition of SSA value '%%%s'", name).WithNote(prev.loc, "previously defined here")
	}
	b.bind(name, binding{vals, *loc})
	if !b.top().isolated {
		b.undo = append(b.undo, name) // see pop
	}
	if !isNumeric(name) && len(vals) > 0 {
		// A group %name:N keeps its name on its first result; the others
		// are printed as %name#i.
		vals[0].NameHint = name
	}
	iso := b.isolatedFrame()
	if f, ok := iso.forward[name]; ok {
		for i, ph := range f.vals {
			if ph == nil {
				continue
			}
			if i >= len(vals) {
				return ir.NewError(f.loc, "reference to invalid result number")
			}
			if ph.Type != vals[i].Type {
				return ir.NewError(f.loc, "definition of SSA value '%%%s#%d' has type %s", name, i, vals[i].Type).
					WithNote(f.loc, "previously used here with type %s", ph.Type)
			}
			ph.ReplaceAllUsesWith(vals[i])
		}
		delete(iso.forward, name)
	}
	return nil
}

// sortAttrs sorts a dictionary by name unless it is trivially sorted
// (ir.SortAttrs boxes its argument).
func sortAttrs(list []ir.NamedAttr) {
	if len(list) > 1 {
		ir.SortAttrs(list)
	}
}

func isNumeric(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}

func (b *builder) buildOp(st *ir.OperationState) (*ir.Operation, error) {
	def := ir.Lookup(st.Name)
	if def == nil {
		d := ir.DialectOf(st.Name)
		registered := ir.IsRegisteredDialect(d)
		if registered && !ir.AllowsUnknownOperations(d) {
			return nil, ir.NewError(st.Loc, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", st.Name, d)
		}
		if !registered && !b.allowUnreg {
			return nil, ir.NewError(st.Loc, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
		}
	}
	if len(st.OperandTypes) != len(st.Operands) {
		return nil, ir.NewError(st.Loc, "expected %d operand type(s) but had %d", len(st.Operands), len(st.OperandTypes))
	}
	if st.TypeMismatch != nil {
		if err := b.explainMismatch(st); err != nil {
			return nil, err
		}
	}
	// The operands are gathered in a scratch list: NewOperation copies them.
	operands := b.operands[:0]
	for i, ref := range st.Operands {
		v, err := b.resolve(ref, st.OperandTypes[i])
		if err != nil {
			return nil, err
		}
		operands = append(operands, v)
	}
	b.operands = operands[:0]
	if n := st.NumResults(); n != 0 && len(st.ResultTypes) == 0 {
		return nil, ir.NewError(st.Loc, "cannot name an operation with no results")
	} else if n != 0 && n != len(st.ResultTypes) {
		return nil, ir.NewError(st.Loc, "operation defines %d results but was provided %d to bind", len(st.ResultTypes), n)
	}
	if err := def.PropertyError(st.Props, st.Loc); err != nil {
		return nil, err
	}
	op := ir.NewOperation(st.Name, st.Loc, operands, st.ResultTypes)
	// Inherent attributes live in properties; pretty forms and old generic
	// text may carry them in the attribute dictionary.
	op.Props = st.Props
	var attrs []ir.NamedAttr
	if len(st.Attrs) > 0 {
		// Both lists are allocated at their size.
		inherent := 0
		for _, a := range st.Attrs {
			if def != nil && def.IsInherent(a.Name) {
				inherent++
			}
		}
		if inherent > 0 {
			op.Props = append(make([]ir.NamedAttr, 0, len(st.Props)+inherent), st.Props...)
		}
		if n := len(st.Attrs) - inherent; n > 0 {
			attrs = make([]ir.NamedAttr, 0, n)
		}
	}
	for _, a := range st.Attrs {
		if def != nil && def.IsInherent(a.Name) {
			op.Props = append(op.Props, a)
		} else {
			attrs = append(attrs, a)
		}
	}
	sortAttrs(op.Props)
	sortAttrs(attrs)
	op.SetAttrs(attrs)
	if def != nil && def.InferResults != nil && !st.Generic {
		def.InferResults(op)
	}

	// Successors refer to blocks of the enclosing region.
	for _, s := range st.Successors {
		blk, ok := b.top().labels[s.Label]
		if !ok && b.top().streaming {
			blk = b.forwardBlock(s.Label, s.Loc)
			ok = true
		}
		if !ok {
			return nil, ir.NewError(s.Loc, "reference to an undefined block")
		}
		op.AddSuccessor(blk)
	}

	isolated := def != nil && def.Traits.Has(ir.IsolatedFromAbove)
	for _, rs := range st.Regions {
		var r *ir.Region
		if rs.Built != nil {
			r = rs.Built // built as it was read (stream.go)
			op.AppendRegion(r)
		} else {
			r = op.AddRegion()
			if err := b.buildRegion(r, rs, isolated); err != nil {
				return nil, err
			}
		}
		if def != nil && rs.Parsed {
			ensureTerminator(r, def, st.Loc)
		}
	}
	// The custom form of an op whose regions need no terminator gives an
	// empty region its block (the generic form keeps it empty).
	if def != nil && def.Traits.Has(ir.NoTerminator) && !st.Generic {
		for _, r := range op.Regions() {
			if len(r.Blocks) == 0 {
				r.AddBlock()
			}
		}
	}
	// Results are visible to later ops, once the op's regions are built
	// (as mlir-opt defines them once it has read the whole op): a name
	// defined in a nested region is out of scope by then, and a nested use
	// of a result is a forward reference (valid in a graph region).
	k := 0
	for i := range st.Results {
		g := &st.Results[i]
		vals := op.Results[k : k+g.Count]
		k += g.Count
		if err := b.define(g.Name, vals, &g.Loc); err != nil {
			return nil, err
		}
	}
	return op, nil
}

// ensureTerminator adds the op's implicit terminator where the pretty form
// elided it (MLIR's SingleBlockImplicitTerminator).
func ensureTerminator(r *ir.Region, def *ir.OpDef, loc ir.Location) {
	if def.ImplicitTerminator == "" {
		return
	}
	if len(r.Blocks) == 0 {
		r.AddBlock()
	}
	last := r.Blocks[len(r.Blocks)-1]
	if last.Terminator() == nil {
		term := ir.NewOperation(def.ImplicitTerminator, loc, nil, nil)
		// A terminator with a region of its own (scf.forall.in_parallel)
		// gets it empty: one block without a terminator.
		if td := ir.Lookup(def.ImplicitTerminator); td != nil && td.Traits.Has(ir.NoTerminator) {
			term.AddRegion().AddBlock()
		}
		last.Append(term)
	}
}

func (b *builder) buildRegion(r *ir.Region, rs *ir.RegionState, isolated bool) error {
	sc := b.push(isolated)
	blocks := make([]*ir.Block, len(rs.Blocks))
	for i, bs := range rs.Blocks {
		blk := r.AddBlock()
		blk.Label = bs.Label
		blocks[i] = blk
		if bs.Label != "" {
			if _, dup := sc.labels[bs.Label]; dup {
				return ir.NewError(bs.Loc, "redefinition of block '^%s'", bs.Label)
			}
			if sc.labels == nil {
				sc.labels = map[string]*ir.Block{}
			}
			sc.labels[bs.Label] = blk
		}
	}
	if len(rs.EntryArgs) > 0 {
		if len(blocks) == 0 {
			blocks = append(blocks, r.AddBlock())
			rs.Blocks = append(rs.Blocks, &ir.BlockState{})
		} else if rs.Blocks[0].Label != "" || len(rs.Blocks[0].Args) > 0 {
			return ir.NewError(rs.Blocks[0].Loc, "invalid block name in region with named arguments")
		}
		if err := b.defineArgs(blocks[0], rs.EntryArgs); err != nil {
			return err
		}
	}
	for i, bs := range rs.Blocks {
		if err := b.defineArgs(blocks[i], bs.Args); err != nil {
			return err
		}
	}
	for i, bs := range rs.Blocks {
		blocks[i].Ops = make([]*ir.Operation, 0, len(bs.Ops)+1) // room for an implicit terminator
		for j, ost := range bs.Ops {
			op, err := b.buildOp(ost)
			if err != nil {
				return err
			}
			bs.Ops[j] = nil // the state may die now (see newState)
			blocks[i].Append(op)
		}
	}
	return b.pop()
}

func (b *builder) defineArgs(blk *ir.Block, args []ir.Argument) error {
	vals := blk.AddArguments(args) // a failed parse drops the block
	for i := range args {
		a := &args[i]
		if a.Ref.Num != 0 {
			return ir.NewError(a.Ref.Loc, "invalid block argument name")
		}
		if err := b.define(a.Ref.Name, vals[i:i+1], &a.Ref.Loc); err != nil {
			return err
		}
	}
	return nil
}
