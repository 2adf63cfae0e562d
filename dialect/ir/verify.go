package ir

import "math/bits"

// Verify checks structural invariants of op and everything nested in it:
// SSA dominance (a value is defined before every use, in the same block or
// an enclosing one, or in a dominating block of the same region), values of
// isolated regions not used across the isolation boundary, terminators at
// the end of blocks, successors in the same region, and each registered
// op's own verifier. Like MLIR's verifier it reports the first problem
// found inside each isolated-from-above op (each function, say) and goes on
// with the next one: the result is a DiagnosticList when several failed.
func Verify(op *Operation) error {
	v := &verifier{doms: map[*Region]*domInfo{}}
	return v.verifyOp(op)
}

type verifier struct {
	doms map[*Region]*domInfo
}

// before reports whether def comes before op in their block.
func (v *verifier) before(def, op *Operation) bool { return def.IsBeforeInBlock(op) }

// verifyOps verifies the ops of b in order; the ops of isolated-from-above
// ops that fail are collected in isolated, any other failure returned.
func (v *verifier) verifyOps(b *Block, isolated *DiagnosticList) error {
	for _, o := range b.Ops {
		if err := v.verifyOp(o); err != nil {
			if !o.Has(IsolatedFromAbove) {
				return err
			}
			*isolated = append(*isolated, Diagnostics(err)...)
		}
	}
	return nil
}

func (v *verifier) verifyOp(op *Operation) error {
	var isolated DiagnosticList // failures of nested isolated ops
	for i, operand := range op.Operands {
		if operand == nil {
			return Errorf(op, "operand #%d is null", i)
		}
		if err := v.checkDominance(op, i, operand); err != nil {
			return err
		}
	}
	for _, s := range op.Successors() {
		if op.Block == nil || s.Region != op.Block.Region {
			return Errorf(op, "reference to block defined in another region")
		}
	}
	for _, a := range op.Attrs() {
		if verify := dialectAttrVerifiers[DialectOf(a.Name)]; verify != nil {
			if err := verify(op, a); err != nil {
				return err
			}
		}
	}
	if err := verifyEntry(op); err != nil {
		return err
	}
	if op.Def != nil && op.Def.Traits.Has(Terminator) && op.Block != nil {
		if op.Block.Ops[len(op.Block.Ops)-1] != op {
			return Errorf(op, "must be the last operation in the parent block")
		}
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			for _, s := range b.Successors() {
				if s == r.Blocks[0] {
					return NewError(op.Loc, "entry block of region may not have predecessors")
				}
			}
		}
		for _, b := range r.Blocks {
			// As in MLIR, an empty block is reported on entering it, a
			// missing terminator on leaving it: after its ops' own errors.
			if err := v.checkNonEmpty(op, b); err != nil {
				return err
			}
			if err := checkSuccessorsLast(b); err != nil {
				return err
			}
			if err := v.verifyOps(b, &isolated); err != nil {
				return err
			}
			if err := v.checkTerminator(op, b); err != nil {
				return err
			}
		}
	}
	if len(isolated) > 0 {
		return isolated
	}
	if err := verifyExit(op); err != nil {
		return err
	}
	return verifySymbolTable(op)
}

// verifyEntry runs what mlir-opt checks of a registered op on entering it
// (OpDef's comment gives the order): its declaration's counts, its
// structural traits, its declaration's constraints, its PredOpTraits, its
// region constraints, its other native traits, its own verifier.
func verifyEntry(op *Operation) error {
	d := op.Def
	if d == nil {
		return nil
	}
	f := d.declared
	if f != nil {
		if err := f.verifyCounts(op); err != nil {
			return err
		}
	}
	if err := runChecks(op, d.Checks, true); err != nil {
		return err
	}
	if f != nil {
		if err := f.verifyValues(op); err != nil {
			return err
		}
	}
	// The Symbol trait's check, among the traits after the declaration's.
	if err := verifySymbolParent(op); err != nil {
		return err
	}
	for i := range d.Preds {
		if err := d.Preds[i].check(op); err != nil {
			return err
		}
	}
	if f != nil {
		if err := f.verifyRegions(op); err != nil {
			return err
		}
	}
	if err := runChecks(op, d.Checks, false); err != nil {
		return err
	}
	if d.Verify != nil {
		return d.Verify(op)
	}
	return nil
}

// runChecks runs the entry checks of the structural traits, or of the
// others, in declaration order.
func runChecks(op *Operation, checks []TraitCheck, structural bool) error {
	for _, c := range checks {
		if c.Structural != structural || c.Verify == nil {
			continue
		}
		if err := c.Verify(op); err != nil {
			return err
		}
	}
	return nil
}

// verifyExit runs what mlir-opt checks of a registered op on leaving it,
// once the ops nested in it verified: its traits' region checks (in
// declaration order), its VerifyRegions, then that its format can print
// it (types the custom form leaves unsaid).
func verifyExit(op *Operation) error {
	d := op.Def
	if d == nil {
		return nil
	}
	for _, c := range d.Checks {
		if c.VerifyRegions == nil {
			continue
		}
		if err := c.VerifyRegions(op); err != nil {
			return err
		}
	}
	if d.VerifyRegions != nil {
		if err := d.VerifyRegions(op); err != nil {
			return err
		}
	}
	if d.syntax != nil {
		return d.syntax.verifyTypes(op)
	}
	return nil
}

// VerifyOpOnly runs the checks of op itself, on entry and on exit, without
// the ops nested in it, their dominance or its symbols: for a pass that
// asks whether one op it is about to build would verify.
func VerifyOpOnly(op *Operation) error {
	if err := verifyEntry(op); err != nil {
		return err
	}
	return verifyExit(op)
}

// ---- symbols ----

// Symbols maps the names defined directly in a symbol table to their ops.
type Symbols map[string]*Operation

// verifySymbolParent checks that a named symbol is defined in a symbol
// table. An unregistered parent may be one.
func verifySymbolParent(op *Operation) error {
	if !op.Has(Symbol) || !op.HasAttr("sym_name") {
		return nil // builtin.module's name is optional
	}
	if p := op.ParentOp(); p != nil && p.Def != nil && !p.Has(SymbolTable) {
		return Errorf(op, "symbol's parent must have the SymbolTable trait")
	}
	return nil
}

// verifySymbolTable checks, for a symbol-table op, that the ops of its
// body have distinct symbol names (every op with a string sym_name counts,
// registered or not), then the symbol uses inside it that resolve in it.
// The names are indexed once per table, so a module of n functions and
// calls verifies in time linear in n.
func verifySymbolTable(op *Operation) error {
	if !op.Has(SymbolTable) || len(op.Regions()) != 1 || len(op.Regions()[0].Blocks) != 1 {
		return nil // the op's verifier reports a malformed body
	}
	symbols := Symbols{}
	for _, o := range op.Regions()[0].Blocks[0].Ops {
		name, ok := o.StrAttrValue("sym_name")
		if !ok {
			continue
		}
		if prev, dup := symbols[name]; dup {
			return NewError(o.Loc, "redefinition of symbol named '%s'", name).WithNote(prev.Loc, "see existing symbol definition here")
		}
		symbols[name] = o
	}
	return verifySymbolUses(op, symbols)
}

// verifySymbolUses runs the symbol-use checks of the ops inside op whose
// nearest symbol table is the one given, in the order of the text. Nested
// symbol tables check their own; inside an unregistered op with one region
// (which may be a symbol table) no symbol is known.
func verifySymbolUses(op *Operation, symbols Symbols) error {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			for _, o := range b.Ops {
				if o.Has(SymbolTable) {
					continue
				}
				if o.Def != nil && o.Def.VerifySymbolUses != nil {
					if err := o.Def.VerifySymbolUses(o, symbols); err != nil {
						return err
					}
				}
				inner := symbols
				if o.Def == nil && len(o.Regions()) == 1 {
					inner = nil
				}
				if err := verifySymbolUses(o, inner); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (v *verifier) checkNonEmpty(parent *Operation, b *Block) error {
	if parent.Def == nil || parent.Def.Traits.Has(NoTerminator) {
		return nil
	}
	if len(b.Ops) == 0 {
		return NewError(parent.Loc, "empty block: expect at least a terminator")
	}
	return nil
}

// checkSuccessorsLast: only the last op of a block may have successors,
// checked (as in MLIR) on entering the block, before any of its ops.
func checkSuccessorsLast(b *Block) error {
	for i, o := range b.Ops {
		if i < len(b.Ops)-1 && len(o.Successors()) > 0 {
			return NewError(o.Loc, "operation with block successors must terminate its parent block")
		}
	}
	return nil
}

func (v *verifier) checkTerminator(parent *Operation, b *Block) error {
	if parent.Def == nil || parent.Def.Traits.Has(NoTerminator) || len(b.Ops) == 0 {
		return nil
	}
	last := b.Ops[len(b.Ops)-1]
	if last.Def != nil && !last.Def.Traits.Has(Terminator) {
		// mlir-opt reports it without the op's name (and prints the op
		// after "has"; pto-opt names it).
		return NewError(last.Loc, "block with no terminator, has %s", Describe(last))
	}
	return nil
}

// checkDominance verifies that operand i of op is visible and dominates op.
func (v *verifier) checkDominance(op *Operation, i int, val *Value) error {
	defBlock := val.ParentBlock()
	if defBlock == nil {
		return Errorf(op, "operand #%d uses a value that has no definition (a dangling forward reference)", i)
	}
	// Find op's ancestor (or op itself) in the region of the definition,
	// checking that no isolated-from-above op lies in between.
	defRegion := defBlock.Region
	anc := op
	for anc != nil && (anc.Block == nil || anc.Block.Region != defRegion) {
		parent := anc.ParentOp()
		if parent != nil && parent.Has(IsolatedFromAbove) {
			// Leaving an isolated region before reaching the definition:
			// the IsolatedFromAbove trait's error, at the use.
			return NewError(op.Loc, "'%s' op using value defined outside the region", op.Name).WithNote(parent.Loc, "required by region isolation constraints")
		}
		anc = parent
	}
	if !v.reachable(op.Block) {
		// As in MLIR, dominance means nothing in a block the entry of its
		// region does not reach: its uses are not checked (a cycle of
		// uses there is legal).
		return nil
	}
	if anc == nil {
		return v.domError(op, i, val, "operand #%d does not dominate this use", i)
	}
	if defRegion.Op != nil && defRegion.Op.Def == nil {
		// A region of an unregistered op may be a graph region, where
		// values are visible throughout (as mlir-opt assumes).
		return nil
	}
	if anc.Block == defBlock {
		if val.IsBlockArg() {
			return nil
		}
		if !v.before(val.Op, anc) {
			return v.domError(op, i, val, "operand #%d does not dominate this use", i)
		}
		return nil
	}
	if !v.blockDominates(defBlock, anc.Block) {
		return v.domError(op, i, val, "operand #%d does not dominate this use", i)
	}
	return nil
}

func (v *verifier) domError(op *Operation, i int, val *Value, format string, args ...any) error {
	d := NewError(op.Loc, format, args...)
	if val.Op != nil {
		d.WithNote(val.Op.Loc, "operand defined here (op %s)", relation(op.Block, val.Op.Block, "in the same block", "is neither in a parent nor in a child region"))
		return d
	}
	// A block argument: the note is at the op that holds its block, as
	// MLIR words it.
	b := val.ParentBlock()
	var loc Location // unknown without a parent op
	if p := b.Region.Op; p != nil {
		loc = p.Loc
	}
	index := 0
	for index < len(b.Region.Blocks) && b.Region.Blocks[index] != b {
		index++
	}
	d.WithNote(loc, "operand defined as a block argument (block #%d %s)", index, relation(op.Block, b, "", "neither in a parent nor in a child region"))
	return d
}

// relation words where the definition's block def lies from the use's
// block use, as MLIR's dominance diagnostic does: same (the block, for an
// op), the same region, a parent or a child region, or else.
func relation(use, def *Block, same, neither string) string {
	switch {
	case use == def && same != "":
		return same
	case use.Region == def.Region:
		return "in the same region"
	case properAncestor(def.Region, use.Region):
		return "in a parent region"
	case properAncestor(use.Region, def.Region):
		return "in a child region"
	}
	return neither
}

// properAncestor reports whether region a strictly encloses region b.
func properAncestor(a, b *Region) bool {
	for r := b; r != nil && r.Op != nil && r.Op.Block != nil; {
		r = r.Op.Block.Region
		if r == a {
			return true
		}
	}
	return false
}

// ---- block dominance within a region ----

// domInfo is a region's dominators. A region of at most smallRegion
// blocks (nearly every region) keeps them as bit sets by block position:
// no map and a handful of words. A larger one keeps its dominator tree:
// the reachable blocks numbered in preorder of the tree (in and out), so
// that a dominates b when b's number lies in a's interval.
type domInfo struct {
	small bool
	reach uint64   // small: the positions the entry reaches
	dom   []uint64 // small: by position, the positions dominating it

	num     map[*Block]int // a reachable block's number, from 0 (the entry)
	in, out []int          // by number: preorder and the last preorder below
}

// smallRegion is the most blocks a region may have for its dominators to
// be bit sets of one word.
const smallRegion = 64

// blockPos is b's position in its region's block list, or -1.
func blockPos(r *Region, b *Block) int {
	for i, x := range r.Blocks {
		if x == b {
			return i
		}
	}
	return -1
}

// reaches reports whether the entry of the region reaches b (a block of it).
func (d *domInfo) reaches(b *Block) bool {
	if d.small {
		p := blockPos(b.Region, b)
		return p >= 0 && d.reach&(1<<uint(p)) != 0
	}
	_, ok := d.num[b]
	return ok
}

// dominates reports whether a dominates b, two blocks of the region; a
// block the entry does not reach is dominated by every block (its uses are
// not checked, as in MLIR).
func (d *domInfo) dominates(a, b *Block) bool {
	if d.small {
		pa, pb := blockPos(a.Region, a), blockPos(b.Region, b)
		if pb < 0 || d.reach&(1<<uint(pb)) == 0 {
			return true
		}
		return pa >= 0 && d.dom[pb]&(1<<uint(pa)) != 0
	}
	nb, ok := d.num[b]
	if !ok {
		return true
	}
	na, ok := d.num[a]
	return ok && d.in[na] <= d.in[nb] && d.out[nb] <= d.out[na]
}

// reachable reports whether the entry block of b's region reaches b.
func (v *verifier) reachable(b *Block) bool {
	if b == nil || b.Region == nil || len(b.Region.Blocks) < 2 || b == b.Region.Blocks[0] {
		return true
	}
	return v.domsOf(b.Region).reaches(b)
}

func (v *verifier) domsOf(r *Region) *domInfo {
	d, ok := v.doms[r]
	if !ok {
		d = computeDominators(r)
		v.doms[r] = d
	}
	return d
}

// blockDominates reports whether block a dominates block b (same region).
func (v *verifier) blockDominates(a, b *Block) bool {
	if a == b {
		return true
	}
	return v.domsOf(a.Region).dominates(a, b)
}

// computeDominators computes the region's dominators: as bit sets for a
// small region, else as a dominator tree.
func computeDominators(r *Region) *domInfo {
	if len(r.Blocks) <= smallRegion {
		return smallDominators(r)
	}
	return treeDominators(r)
}

// smallDominators solves the dataflow equations on bit sets (a block's
// dominators are itself and those common to its reachable predecessors),
// sweeping the blocks in reverse postorder until nothing changes: on a
// region of n <= 64 blocks a sweep costs O(n + edges) word operations and
// a reducible CFG settles in two.
func smallDominators(r *Region) *domInfo {
	n := len(r.Blocks)
	d := &domInfo{small: true, dom: make([]uint64, n)}
	if n == 0 {
		return d
	}
	var preds [smallRegion]uint64
	var succs [smallRegion][]int8
	for i, b := range r.Blocks {
		for _, s := range b.Successors() {
			if s.Region != r {
				continue
			}
			if j := blockPos(r, s); j >= 0 {
				preds[j] |= 1 << uint(i)
				succs[i] = append(succs[i], int8(j))
			}
		}
	}
	// Depth-first postorder from the entry, without recursion.
	var post [smallRegion]int8
	np := 0
	type frame struct{ b, next int8 }
	var stack [smallRegion]frame
	sp := 1
	stack[0] = frame{0, 0}
	d.reach = 1
	for sp > 0 {
		f := &stack[sp-1]
		if int(f.next) == len(succs[f.b]) {
			post[np] = f.b
			np++
			sp--
			continue
		}
		s := succs[f.b][f.next]
		f.next++
		if d.reach&(1<<uint(s)) == 0 {
			d.reach |= 1 << uint(s)
			stack[sp] = frame{s, 0}
			sp++
		}
	}
	for i := range d.dom {
		d.dom[i] = d.reach
	}
	d.dom[0] = 1
	for changed := true; changed; {
		changed = false
		for k := np - 2; k >= 0; k-- { // reverse postorder, entry (last) skipped
			b := post[k]
			in := d.reach
			for p := preds[b] & d.reach; p != 0; p &= p - 1 {
				in &= d.dom[bits.TrailingZeros64(p)]
			}
			in |= 1 << uint(b)
			if in != d.dom[b] {
				d.dom[b] = in
				changed = true
			}
		}
	}
	return d
}

// treeDominators builds the region's dominator tree with Lengauer and
// Tarjan's algorithm (path compression): time O(m log n) for n blocks and
// m edges whatever the CFG, without recursion (a region may have any
// number of blocks). The iterative Cooper-Harvey-Kennedy algorithm this
// replaces was quadratic on a long chain whose blocks all branch to one
// exit.
func treeDominators(r *Region) *domInfo {
	d := &domInfo{num: map[*Block]int{}}
	if len(r.Blocks) == 0 {
		return d
	}
	// Number the reachable blocks in depth-first preorder.
	var vertex []*Block
	var parent []int
	visit := func(b *Block, from int) {
		d.num[b] = len(vertex)
		vertex = append(vertex, b)
		parent = append(parent, from)
	}
	type frame struct {
		b    *Block
		next int
	}
	visit(r.Blocks[0], -1)
	stack := []frame{{r.Blocks[0], 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		succ := f.b.Successors()
		if f.next == len(succ) {
			stack = stack[:len(stack)-1]
			continue
		}
		s := succ[f.next]
		f.next++
		if _, seen := d.num[s]; seen || s.Region != r {
			continue
		}
		visit(s, d.num[f.b])
		stack = append(stack, frame{s, 0})
	}
	n := len(vertex)
	preds := make([][]int, n)
	for i, b := range vertex {
		for _, s := range b.Successors() {
			if j, ok := d.num[s]; ok && s.Region == r {
				preds[j] = append(preds[j], i)
			}
		}
	}
	semi, idom, ancestor, label := make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	for i := range semi {
		semi[i], label[i], ancestor[i] = i, i, -1
	}
	var path []int
	eval := func(v int) int {
		if ancestor[v] < 0 {
			return v
		}
		// Compress the path from v to the root of its forest tree.
		path = path[:0]
		for x := v; ancestor[ancestor[x]] >= 0; x = ancestor[x] {
			path = append(path, x)
		}
		for k := len(path) - 1; k >= 0; k-- {
			x := path[k]
			a := ancestor[x]
			if semi[label[a]] < semi[label[x]] {
				label[x] = label[a]
			}
			ancestor[x] = ancestor[a]
		}
		return label[v]
	}
	bucket := make([][]int, n)
	for w := n - 1; w >= 1; w-- {
		for _, v := range preds[w] {
			if u := eval(v); semi[u] < semi[w] {
				semi[w] = semi[u]
			}
		}
		bucket[semi[w]] = append(bucket[semi[w]], w)
		p := parent[w]
		ancestor[w] = p
		for _, v := range bucket[p] {
			if u := eval(v); semi[u] < semi[v] {
				idom[v] = u
			} else {
				idom[v] = p
			}
		}
		bucket[p] = nil
	}
	children := make([][]int, n)
	for w := 1; w < n; w++ {
		if idom[w] != semi[w] {
			idom[w] = idom[idom[w]]
		}
		children[idom[w]] = append(children[idom[w]], w)
	}
	// Number the dominator tree in preorder.
	d.in, d.out = make([]int, n), make([]int, n)
	clock := 0
	type node struct{ v, next int }
	walk := []node{{0, 0}}
	d.in[0] = clock
	for len(walk) > 0 {
		top := &walk[len(walk)-1]
		if top.next == len(children[top.v]) {
			d.out[top.v] = clock
			walk = walk[:len(walk)-1]
			continue
		}
		c := children[top.v][top.next]
		top.next++
		clock++
		d.in[c] = clock
		walk = append(walk, node{c, 0})
	}
	return d
}
