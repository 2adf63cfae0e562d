package tile

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// materialize-semantic-aliases (PyPTO's MaterializeSemanticAliases): the
// must-alias half of planning, needed for correctness. A loop carry is one
// variable: its init, iter_arg, yielded value and result must share one
// allocation; an scf.if result must be written by both arms into one
// allocation. The pass pushes the canonical allocation (the init's for a
// loop, the then-arm's for an if) onto the yielded value's producer chain
// (through in-place ops and nested loops/ifs). Where retargeting a producer
// would clobber a value still needed (the carry read after the new value
// is written, an input the op must not overwrite, the init used inside or
// after the loop), it copies with tile.move instead; the copies at a yield
// are ordered so none reads a buffer an earlier one wrote, and a cycle
// (a swap) goes through a scratch buffer hoisted to the entry.

// MaterializeSemanticAliases is the materialize-semantic-aliases pass;
// convert-tile-to-pto requires it.
var MaterializeSemanticAliases = &pass.Pass{
	Name:          "materialize-semantic-aliases",
	ClassName:     "MaterializeSemanticAliases",
	Summary:       "Give loop carries and if results one allocation each (must-alias), copying where retargeting is unsafe",
	Anchor:        "func.func",
	Parallel:      true,
	Requires:      []*pass.Pass{InitMemRef},
	Postcondition: func(_ *pass.Context, op *ir.Operation) error { return checkSemanticAliases(op) },
	Stats: map[string]string{
		"num-retargeted": "Producers retargeted onto the canonical allocation",
		"num-moves":      "tile.move copies inserted",
	},
	Run: runSemanticAliases,
}

// materializer is materialize-semantic-aliases at work on one function.
type materializer struct {
	ctx   *pass.Context
	fn    *ir.Operation
	namer *allocNamer
	lv    *analysis.Liveness
	// stale: ops were inserted or operands replaced since lv was
	// computed (a retargeted producer only changes the alias graph,
	// which retarget updates in place).
	stale bool
	// allocs made for copies and results, hoisted to the entry at the
	// end in one go: nothing reads their position before.
	allocs []*ir.Operation
	// ends answers liveAfter's question about a buffer's other tiles;
	// every change to lv reports the values it touched to it.
	ends tileEnds
}

// refresh recomputes the liveness when the IR changed since in a way the
// updates below could not follow.
//
// The liveness is the pass's own, not the cached pass.Liveness: it is
// sparse and changed in place as copies go in, which a result shared
// through the cache must never be.
func (m *materializer) refresh() {
	if m.lv == nil || m.stale {
		m.lv = analysis.ComputeSparseLiveness(m.fn, nil)
		m.stale = false
		m.ends.reset(m.lv)
	}
}

// cmpInBlock orders two ops of one block: by their points in the
// liveness while it is current (it follows insertions), else by their
// indexes. Finding an index scans the block, which for the loops of a
// long kernel adds up to the square of its length.
func (m *materializer) cmpInBlock(a, b *ir.Operation) int {
	if m.lv != nil && !m.stale {
		pa, oka := m.lv.PosOK(a)
		pb, okb := m.lv.PosOK(b)
		if oka && okb {
			return cmp.Compare(pa, pb)
		}
	}
	return cmp.Compare(a.IndexInBlock(), b.IndexInBlock())
}

// touched reports to ends the values whose lifetimes changed.
func (m *materializer) touched(vs ...*ir.Value) { m.ends.touched(vs...) }

// edgesInto lists the values whose incoming alias edges Aliases.Update(op)
// redoes: op's results and the arguments of its regions' entry blocks.
func edgesInto(op *ir.Operation) []*ir.Value {
	vs := slices.Clone(op.Results)
	for _, r := range op.Regions() {
		if len(r.Blocks) > 0 {
			vs = append(vs, r.Blocks[0].Args...)
		}
	}
	return vs
}

// updateAliases redoes op's edges in the alias graph: every value its
// results and region arguments flow into may now live in other buffers.
func (m *materializer) updateAliases(op *ir.Operation) {
	m.lv.Aliases.Update(op)
	if len(m.ends.lists) == 0 {
		return
	}
	for _, r := range edgesInto(op) {
		m.touched(m.lv.Aliases.Resolve(r)...)
	}
}

// inserted keeps the liveness current after op was inserted and the uses
// of changed changed (a sparse numbering leaves room for new ops).
func (m *materializer) inserted(op *ir.Operation, changed ...*ir.Value) {
	if m.stale || m.lv == nil || !m.lv.Inserted(op, changed...) {
		m.stale = true
		return
	}
	m.touched(changed...)
	m.touched(op.Operands...)
	m.touched(op.Results...)
}

// replaced keeps the liveness current after an operand of owner (a loop's
// init, a yield's value: pass the loop or if) was replaced; vals are the
// values whose uses changed.
func (m *materializer) replaced(owner *ir.Operation, vals ...*ir.Value) {
	if m.stale || m.lv == nil {
		m.stale = true
		return
	}
	m.updateAliases(owner)
	if !m.lv.UsesChanged(vals...) {
		m.stale = true
		return
	}
	m.touched(vals...)
}

func runSemanticAliases(ctx *pass.Context, fn *ir.Operation) error {
	if err := checkGivenAddrs(ctx, fn, "materialize-semantic-aliases"); err != nil {
		return err
	}
	if fn.Body(0) == nil {
		return nil
	}
	// The input's bindings and addresses are the author's (or an earlier
	// run's): a plan already wrong is the input's error, reported as
	// such (the check after the changes would otherwise blame the pass).
	if err := checkInputPlan(ctx, fn, "materialize-semantic-aliases"); err != nil {
		return err
	}
	if err := materializeSemanticAliases(ctx, fn); err != nil {
		return err
	}
	// The must-alias plan is a plan too: the independent validator checks
	// it before the pass hands it on.
	if err := analysis.CheckTilePlacement(fn, placementRules(ctx, fn)); err != nil {
		return ir.NewError(fn.Loc, "materialize-semantic-aliases: internal error: the copies and retargeted producers break a rule: %s", ir.AsDiagnostic(err).Msg)
	}
	return nil
}

// materializeSemanticAliases is the pass's work, also run by memory-reuse
// on the IR it rebased. It does not validate the result: each caller runs
// the independent validator once on what it hands on (memory-reuse after
// its own last changes, so the plan is checked once, not twice).
func materializeSemanticAliases(ctx *pass.Context, fn *ir.Operation) error {
	if fn.Body(0) == nil {
		return nil
	}
	m := &materializer{ctx: ctx, fn: fn, namer: newAllocNamer(fn)}
	var ops []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if op != fn && op.Def != nil && op.Def.Branch != nil && hasTileResults(op) {
			ops = append(ops, op)
		}
		return true
	})
	// Outer ops first: a nested loop then sees the outer carry's buffer
	// as its init's.
	for _, op := range ops {
		m.refresh()
		var err error
		if len(op.Regions()) > 0 && op.Def.Branch.Loops(op, 0) {
			err = m.loop(op)
		} else {
			err = m.conditional(op)
		}
		if err != nil {
			return err
		}
	}
	// Copies made for an inner op (an inner loop's init) can move a tile
	// an outer yield relied on: give every yield its place again.
	for _, op := range ops {
		if err := m.reconcile(op); err != nil {
			return err
		}
	}
	if len(m.allocs) > 0 {
		hoistToEntry(fn, m.allocs)
	}
	removeUnusedAllocs(fn)
	return nil
}

// reconcile adds the copies a loop body or if arm still needs for its
// yielded tiles to sit on the carries' or results' places.
func (m *materializer) reconcile(op *ir.Operation) error {
	canon := map[int]analysis.TileLoc{}
	for i, r := range op.Results {
		if _, ok := r.Type.(*tile.Type); !ok {
			continue
		}
		if l, ok := analysis.TileLocation(r); ok {
			canon[i] = l
		}
	}
	for ri := range op.Regions() {
		b := op.Body(ri)
		if b == nil || b.Terminator() == nil {
			continue
		}
		if err := m.emitMoves(b.Terminator(), m.displaced(b.Terminator(), canon, nil)); err != nil {
			return err
		}
	}
	return nil
}

func hasTileResults(op *ir.Operation) bool {
	for _, r := range op.Results {
		if _, ok := r.Type.(*tile.Type); ok {
			return true
		}
	}
	return false
}

// removeUnusedAllocs drops tile.alloc ops nothing writes into any more.
func removeUnusedAllocs(fn *ir.Operation) int {
	var dead []*ir.Operation
	for _, a := range Allocs(fn) {
		if !a.Results[0].HasUses() && !IsPinned(a) {
			dead = append(dead, a)
		}
	}
	eraseOps(dead)
	return len(dead)
}

// carryMove is a copy at a yield: operand idx of the yield gets src copied
// into dst.
type carryMove struct {
	idx int
	src *ir.Value
	dst analysis.TileLoc
}

func (m *materializer) loop(L *ir.Operation) error {
	body := L.Body(0)
	yield := body.Terminator()
	var moves []carryMove
	canon := map[int]analysis.TileLoc{}
	for i, res := range L.Results {
		if _, ok := res.Type.(*tile.Type); !ok {
			continue
		}
		init := L.Operands[3+i]
		loc, ok := analysis.TileLocation(init)
		if !ok || m.initUsedElsewhere(L, init) {
			// The init's buffer cannot carry the loop: copy the init into a
			// fresh allocation before the loop and carry that.
			nl, err := m.copyBefore(L, init)
			if err != nil {
				return err
			}
			L.SetOperand(3+i, nl.val)
			m.replaced(L, init, nl.val)
			loc = nl.loc
		}
		if sharesCarry(canon, loc) {
			// Two carries seeded from one tile (iter_args(%x = %a, %z = %a)):
			// the second starts in a copy of its own.
			prev := L.Operands[3+i]
			nl, err := m.copyBefore(L, prev)
			if err != nil {
				return err
			}
			L.SetOperand(3+i, nl.val)
			m.replaced(L, prev, nl.val)
			loc = nl.loc
		}
		canon[i] = loc
	}
	// The copies changed the IR: the safety checks below must see them,
	// and each retargeting too (a stale analysis once let an if write
	// over a carry still read at the yield; retarget keeps the alias
	// graph current).
	m.refresh()
	for i := range L.Results {
		loc, ok := canon[i]
		if !ok {
			continue
		}
		y := yield.Operands[i]
		if yl, ok := analysis.TileLocation(y); ok && yl == loc {
			continue
		}
		if m.retarget(y, loc, L, body.Args[1+i]) {
			m.ctx.Stat("num-retargeted", 1)
			continue
		}
		moves = append(moves, carryMove{idx: i, src: y, dst: loc})
	}
	return m.emitMoves(yield, append(moves, m.displaced(yield, canon, moves)...))
}

// sharesCarry reports whether loc is already the canonical place of
// another carry or result.
func sharesCarry(canon map[int]analysis.TileLoc, loc analysis.TileLoc) bool {
	for _, other := range canon {
		if other == loc {
			return true
		}
	}
	return false
}

// displaced lists the copies still needed after retargeting: one tile
// yielded for several carries (scf.yield %y, %y) can be retargeted onto
// one of their places only, so every other carry copies it.
func (m *materializer) displaced(yield *ir.Operation, canon map[int]analysis.TileLoc, moves []carryMove) []carryMove {
	pending := map[int]bool{}
	for _, mv := range moves {
		pending[mv.idx] = true
	}
	var out []carryMove
	for i := range yield.Operands {
		loc, ok := canon[i]
		if !ok || pending[i] {
			continue
		}
		y := yield.Operands[i]
		if l, ok := analysis.TileLocation(y); !ok || l != loc {
			out = append(out, carryMove{idx: i, src: y, dst: loc})
		}
	}
	return out
}

// initUsedElsewhere reports whether the loop's init tile (or a view of it)
// is read anywhere but as the init operand, in or after the loop: the
// carry would overwrite it.
func (m *materializer) initUsedElsewhere(L *ir.Operation, init *ir.Value) bool {
	// Whatever views the init's bytes reads them too: a slice of it, or
	// the tile it is itself a view of, and that tile's other views.
	root := init
	for depth := 0; depth < 1000 && root.Op != nil && root.Op.Has(ir.ViewLike); depth++ {
		root = root.Op.Operands[root.Op.Def.ViewSource]
	}
	// In a loop around L that the init's bytes outlive, L reads them
	// again in the next iteration, after its carry overwrote them.
	for p := L.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Def != nil && p.Def.Branch != nil && len(p.Regions()) > 0 && p.Def.Branch.Loops(p, 0) && !definedIn(root, p) {
			return true
		}
	}
	for _, v := range viewClosure(root) {
		for u := range v.AllUses() {
			if u.Op == L && v == init {
				continue
			}
			a := L.Block.FindAncestorOpInBlock(u.Op)
			if a == nil || a == L || m.cmpInBlock(a, L) > 0 {
				return true
			}
		}
	}
	return false
}

type newLoc struct {
	val *ir.Value
	loc analysis.TileLoc
}

// copyBefore copies tile v into a fresh allocation right before op.
func (m *materializer) copyBefore(op *ir.Operation, v *ir.Value) (newLoc, error) {
	t, ok := v.Type.(*tile.Type)
	if !ok || !t.HasStaticShape() {
		return newLoc{}, ir.NewError(op.Loc, "cannot materialize the carry of %s: %s has no static tile type", ir.Describe(op), Describe(v))
	}
	alloc := newTileAlloc(t.Space, t.ByteSize(), op.Loc, m.namer.name(t.Space))
	m.allocs = append(m.allocs, alloc)
	mv := newMove(v, alloc.Results[0], 0, op.Loc)
	op.Block.InsertBefore(op, mv)
	m.inserted(mv)
	m.ctx.Stat("num-moves", 1)
	return newLoc{val: mv.Results[0], loc: analysis.TileLoc{Buf: alloc.Results[0]}}, nil
}

// newMove builds `tile.move %src into %buf + off`.
func newMove(src, buf *ir.Value, off int64, loc ir.Location) *ir.Operation {
	t := src.Type.(*tile.Type)
	mv := ir.NewOperation("tile.move", loc, []*ir.Value{src}, []ir.Type{tile.Tile(t.Shape, t.Elem, t.Space, t.Valid)})
	tile.SetDest(mv, buf, off)
	return mv
}

// retarget tries to make tile v (yielded by a loop whose carry iter_arg is
// carry, or by an if arm when carry is nil) live in dst by rewriting its
// producer chain inside scope. It reports false when that is unsafe.
func (m *materializer) retarget(v *ir.Value, dst analysis.TileLoc, scope *ir.Operation, carry *ir.Value) bool {
	op := v.Op
	if op == nil || !scope.IsAncestorOf(op) || op == scope {
		return false
	}
	switch {
	case op.Has(ir.DestinationStyle):
		safe := false
		if scope.Def != nil && scope.Def.Branch != nil && scope.Def.Branch.Exclusive(scope) {
			safe = m.safeWriteInArm(op, dst, scope)
		} else {
			safe = m.safeWrite(op, dst, carry)
		}
		if !safe {
			return false
		}
		tile.SetDestFor(op, v.Index, dst.Buf, dst.Offset)
		m.updateAliases(op)
		return true
	case op.Has(ir.ResultReusesInput):
		if other := op.Operands[op.Def.ReusedInput]; other.Op != nil {
			return m.retarget(other, dst, scope, carry)
		}
		return false
	case op.Def != nil && op.Def.Branch != nil && len(op.Regions()) > 0 && op.Def.Branch.Loops(op, 0):
		// A nested loop's result: move its init; the nested loop is
		// processed later with the new canonical buffer.
		init := op.Operands[3+v.Index]
		if l, ok := analysis.TileLocation(init); ok && l == dst {
			return true
		}
		return m.retarget(init, dst, scope, carry)
	case op.Def != nil && op.Def.Branch != nil && op.Def.Branch.Exclusive(op):
		// A nested if: both arms must produce into dst.
		for ri := range op.Regions() {
			b := op.Body(ri)
			if b == nil || b.Terminator() == nil {
				return false
			}
			y := b.Terminator().Operands[v.Index]
			if l, ok := analysis.TileLocation(y); ok && l == dst {
				continue
			}
			if !m.retarget(y, dst, op, carry) {
				return false
			}
		}
		return true
	}
	return false
}

// safeWrite reports whether op may write its result into dst: no input the
// op must not overwrite lives there, the loop carry is not read after op
// (reads at op itself are fine: inputs are read before the output is
// written), and no other tile living in dst overlaps the result's lifetime.
func (m *materializer) safeWrite(op *ir.Operation, dst analysis.TileLoc, carry *ir.Value) bool {
	if !m.noAliasOK(op, dst) {
		return false
	}
	if carry != nil {
		body := carry.Block
		anchor := body.FindAncestorOpInBlock(op)
		for _, w := range m.lv.Aliases.Resolve(carry) {
			for u := range w.AllUses() {
				ua := body.FindAncestorOpInBlock(u.Op)
				if ua == nil {
					continue
				}
				if ua == body.Terminator() {
					// Yielding the carry into its own slot reads nothing; into
					// another slot it is a copy at the end of the body, after
					// this write.
					if u.Op == ua && u.Index == carry.Index-1 {
						continue
					}
					return false
				}
				if m.cmpInBlock(ua, anchor) > 0 || ua == anchor && u.Op != op {
					return false
				}
			}
		}
	}
	// Other occupants of dst (not the carry chain) must be dead meanwhile.
	res := op.Results[0]
	mine := map[*ir.Value]bool{}
	for _, w := range m.lv.Aliases.Resolve(res) {
		mine[w] = true
	}
	if carry != nil {
		for _, w := range m.lv.Aliases.ResolveReverse(carry) {
			mine[w] = true
		}
		for _, w := range m.lv.Aliases.Resolve(carry) {
			mine[w] = true
		}
	}
	for _, w := range m.lv.Aliases.Resolve(dst.Buf) {
		if mine[w] || w == dst.Buf {
			continue
		}
		if _, isTile := w.Type.(*tile.Type); !isTile {
			continue
		}
		if analysis.OverlapSets(m.lv.Ranges(w), m.lv.Ranges(res)) {
			return false
		}
	}
	return true
}

func (m *materializer) conditional(S *ir.Operation) error {
	dsts := map[int]analysis.TileLoc{}
	for i, res := range S.Results {
		if _, ok := res.Type.(*tile.Type); !ok {
			continue
		}
		var dst analysis.TileLoc
		found := false
		// The canonical allocation: an arm whose tile cannot move (it is
		// written in place into a tile from outside the if, like a loop
		// accumulator, or comes from outside) fixes it; otherwise the first
		// arm whose tile is produced inside it.
		for round := 0; round < 2 && !found; round++ {
			for ri := range S.Regions() {
				b := S.Body(ri)
				if b == nil || b.Terminator() == nil {
					continue
				}
				y := b.Terminator().Operands[i]
				l, ok := analysis.TileLocation(y)
				if !ok {
					continue
				}
				fixed := !producedInside(y, S)
				if round == 0 && fixed && tileSpace(y) != "acc" && m.liveAfter(l, S, i) {
					// The other arms would overwrite a tile still read
					// after the if (or in a later iteration): they get a
					// buffer of their own instead. An accumulator has no
					// such choice (no acc-to-acc move); emitMoves reports it.
					continue
				}
				if round == 1 && !fixed && m.liveAfter(l, S, i) {
					// The arm's tile sits on a tile still read after the
					// if (an outer loop carry, say): the other arms would
					// clobber it. The result gets a buffer of its own.
					continue
				}
				if round == 0 && fixed || round == 1 && !fixed {
					dst, found = l, true
					break
				}
			}
		}
		if !found {
			t, ok := res.Type.(*tile.Type)
			if !ok || !t.HasStaticShape() {
				return ir.NewError(S.Loc, "cannot materialize result #%d of %s", i, ir.Describe(S))
			}
			alloc := newTileAlloc(t.Space, t.ByteSize(), S.Loc, m.namer.name(t.Space))
			m.allocs = append(m.allocs, alloc)
			dst = analysis.TileLoc{Buf: alloc.Results[0]}
		}
		dsts[i] = dst
		for ri := range S.Regions() {
			b := S.Body(ri)
			if b == nil || b.Terminator() == nil {
				continue
			}
			yield := b.Terminator()
			y := yield.Operands[i]
			if l, ok := analysis.TileLocation(y); ok && l == dst {
				continue
			}
			if m.retarget(y, dst, S, nil) {
				m.ctx.Stat("num-retargeted", 1)
				continue
			}
			if err := m.emitMoves(yield, []carryMove{{idx: i, src: y, dst: dst}}); err != nil {
				return err
			}
			m.refresh()
		}
	}
	// A tile yielded for two results sits on one of their places only.
	for ri := range S.Regions() {
		if b := S.Body(ri); b != nil && b.Terminator() != nil {
			if err := m.emitMoves(b.Terminator(), m.displaced(b.Terminator(), dsts, nil)); err != nil {
				return err
			}
		}
	}
	return nil
}

// liveAfter reports whether a tile in allocation l other than result i of
// S (and what it flows into) is still read after S finishes: at a later
// point, or in a later iteration of a loop around S.
func (m *materializer) liveAfter(l analysis.TileLoc, S *ir.Operation, i int) bool {
	mine := map[*ir.Value]bool{}
	for _, w := range m.lv.Aliases.Resolve(S.Results[i]) {
		mine[w] = true
	}
	// Past a loop's back edge the carry the result flows into holds the
	// previous iteration's value: a direct read of it after S (yielded on
	// to another carry, say) still needs its bytes.
	own := map[*ir.Value]bool{}
	for _, w := range newVersion(m.lv.Aliases, S.Results[i]) {
		own[w] = true
	}
	for w := range mine {
		if own[w] || !w.IsBlockArg() {
			continue
		}
		for _, v := range viewClosure(w) {
			for u := range v.AllUses() {
				a := S.Block.FindAncestorOpInBlock(u.Op)
				if a == nil || m.cmpInBlock(a, S) <= 0 {
					continue
				}
				if v == w && u.Op == w.Block.Terminator() && u.Index == w.Index-1 {
					continue // yielded back into its own slot
				}
				return true
			}
		}
	}
	// Another tile of the buffer holding bytes across S's end answers.
	// Only those: a tile memory-reuse packed into the buffer after S (born
	// once S is done) cannot be clobbered by S's arms, and counting it
	// gave if results buffers of their own for nothing.
	return m.ends.liveAcross(l.Buf, m.lv.End(S), mine)
}

// producedInside reports whether tile y is written inside op S by a
// producer of its own, rather than being (in place on) a tile from outside.
func producedInside(y *ir.Value, S *ir.Operation) bool {
	for depth := 0; depth < 1000; depth++ {
		if y.Op == nil || !S.IsAncestorOf(y.Op) {
			return false
		}
		switch {
		case y.Op.Has(ir.DestinationStyle):
			return true
		case y.Op.Has(ir.ResultReusesInput):
			y = y.Op.Operands[y.Op.Def.ReusedInput]
		case y.Op.Has(ir.ViewLike):
			y = y.Op.Operands[y.Op.Def.ViewSource]
		default:
			return true
		}
	}
	return false
}

// safeWriteInArm is the write check for an if arm (PyPTO's branch-scoped
// dead-at-assign test): every tile already in dst must be read only
// before op in op's own arm, in another arm of S (exclusive), or before S;
// a read after S or later in the same arm would see the clobbered bytes.
func (m *materializer) safeWriteInArm(op *ir.Operation, dst analysis.TileLoc, S *ir.Operation) bool {
	if !m.noAliasOK(op, dst) {
		return false
	}
	armOf := func(o *ir.Operation) *ir.Region {
		for x := o; x != nil; x = x.ParentOp() {
			if x.Block != nil && x.Block.Region != nil && x.Block.Region.Op == S {
				return x.Block.Region
			}
		}
		return nil
	}
	myArm := armOf(op)
	mine := map[*ir.Value]bool{}
	for _, w := range newVersion(m.lv.Aliases, op.Results[0]) {
		mine[w] = true
	}
	// The results of a loop around S that this write flows into are its
	// final version: reads of them after the loop see this write (or a
	// later one) by design.
	for _, w := range m.lv.Aliases.Resolve(op.Results[0]) {
		if w.Op != nil && w.Op.IsAncestorOf(S) {
			mine[w] = true
		}
	}
	for _, w := range m.lv.Aliases.Resolve(dst.Buf) {
		if mine[w] || w == dst.Buf {
			continue
		}
		if _, isTile := w.Type.(*tile.Type); !isTile {
			continue
		}
		for u := range w.AllUses() {
			if u.Op == op {
				continue // read at the write itself: inputs are read first
			}
			if arm := armOf(u.Op); arm != nil {
				if arm != myArm {
					continue // the other arm never runs with this one
				}
				a := myArm.Blocks[0].FindAncestorOpInBlock(u.Op)
				b := myArm.Blocks[0].FindAncestorOpInBlock(op)
				if a != nil && b != nil && m.cmpInBlock(a, b) < 0 {
					continue
				}
				return false
			}
			if before(u.Op, S) {
				continue
			}
			return false
		}
	}
	return true
}

// newVersion is the forward alias closure of a freshly written tile that
// stops at loop iter_args: past the back edge a carry holds the previous
// iteration's value, a different version of the variable.
func newVersion(aa *analysis.Aliases, v *ir.Value) []*ir.Value {
	out := append([]*ir.Value(nil), aa.Resolve(v)...)
	carried := map[*ir.Value]bool{}
	for _, w := range out {
		if w.IsBlockArg() {
			if p := w.Block.ParentOp(); p != nil && p.Def != nil && p.Def.Branch != nil && w.Block.Region != nil && p.Def.Branch.Loops(p, w.Block.Region.Index()) {
				for _, x := range analysis.CarriedVersion(aa, w) {
					carried[x] = true
				}
			}
		}
	}
	keep := out[:0]
	for _, w := range out {
		if !carried[w] || w == v {
			keep = append(keep, w)
		}
	}
	return keep
}

// before reports whether op u runs before op s on every path: it encloses
// s (a loop reading its init at entry), or in the innermost block holding
// ancestors of both, u's ancestor precedes s's (u may be nested in an
// earlier op, such as a loop before s).
func before(u, s *ir.Operation) bool {
	if u.IsAncestorOf(s) {
		return true
	}
	for x := u; x != nil && x.Block != nil; x = x.ParentOp() {
		if a := x.Block.FindAncestorOpInBlock(s); a != nil {
			return x.IndexInBlock() < a.IndexInBlock()
		}
	}
	return false
}

// noAliasOK checks that op may write into dst given its no-alias rules.
func (m *materializer) noAliasOK(op *ir.Operation, dst analysis.TileLoc) bool {
	ok := true
	noAliasRules(m.ctx).noAlias(op, func(_ int, in *ir.Value) {
		if buf, found := allocationOf(in); found && buf == dst.Buf {
			ok = false
		}
	})
	return ok
}

// emitMoves inserts the copies of a yield. pl.yield rebinds every carry at
// once but the copies run in sequence, so a copy that reads a buffer
// another copy writes runs first; a cycle (a swap) is broken by copying one
// source into a scratch buffer first.
func (m *materializer) emitMoves(yield *ir.Operation, moves []carryMove) error {
	if len(moves) == 0 {
		return nil
	}
	srcBuf := make([]*ir.Value, len(moves))
	for i, mv := range moves {
		// allocationOf, not analysis.TileLocation: a slice reads its source's buffer.
		if b, ok := allocationOf(mv.src); ok {
			srcBuf[i] = b
		}
	}
	for i := range moves {
		for j := range moves {
			if i != j && moves[i].dst.Buf == moves[j].dst.Buf && moves[i].dst.Offset == moves[j].dst.Offset {
				return ir.NewError(yield.Loc, "carried values #%d and #%d are written to the same allocation %s at the yield; no copy order can keep both", moves[i].idx, moves[j].idx, Describe(moves[i].dst.Buf))
			}
		}
	}
	// A source read from the destination's own allocation (a slice of the
	// carry yielded into the carry) cannot be moved onto it: tile.move
	// must not write over its input. It goes through a scratch copy.
	for i := range moves {
		if srcBuf[i] != nil && srcBuf[i] == moves[i].dst.Buf && tileSpace(moves[i].src) != "acc" {
			nl, err := m.copyBefore(yield, moves[i].src)
			if err != nil {
				return err
			}
			moves[i].src, srcBuf[i] = nl.val, nl.loc.Buf
		}
	}
	for _, mv := range moves {
		if tileSpace(mv.src) == "acc" {
			return ir.NewError(yield.Loc, "cannot give %s one accumulator (acc) buffer on every path without an acc-to-acc tile.move, which the hardware does not have; the tile yielded here lives in a different acc buffer and its producer cannot be retargeted safely", ir.Describe(yield.ParentOp()))
		}
	}
	done := make([]bool, len(moves))
	emit := func(i int, src *ir.Value) {
		mv := newMove(src, moves[i].dst.Buf, moves[i].dst.Offset, yield.Loc)
		yield.Block.InsertBefore(yield, mv)
		old := yield.Operands[moves[i].idx]
		yield.SetOperand(moves[i].idx, mv.Results[0])
		m.inserted(mv, old)
		m.replaced(yield.ParentOp())
		done[i] = true
		m.ctx.Stat("num-moves", 1)
	}
	for remaining := len(moves); remaining > 0; {
		progressed := false
		for i := range moves {
			if done[i] {
				continue
			}
			// i may run when no pending copy still reads i's destination.
			blocked := false
			for j := range moves {
				if j != i && !done[j] && srcBuf[j] == moves[i].dst.Buf {
					blocked = true
				}
			}
			if !blocked {
				emit(i, moves[i].src)
				remaining--
				progressed = true
			}
		}
		if progressed {
			continue
		}
		// A cycle: save one source in a scratch buffer, then its copy no
		// longer reads a buffer the others write.
		for i := range moves {
			if done[i] {
				continue
			}
			nl, err := m.copyBefore(yield, moves[i].src)
			if err != nil {
				return err
			}
			moves[i].src = nl.val
			srcBuf[i] = nl.loc.Buf
			break
		}
	}
	return nil
}

// checkSemanticAliases is materialize-semantic-aliases' postcondition:
// every loop carry and if result lives in one allocation, and no two of
// one op on the same bytes (two carries initialised from one tile, or a
// swap, need a copy each).
func checkSemanticAliases(fn *ir.Operation) error {
	var failure error
	fn.Walk(func(op *ir.Operation) bool {
		if failure != nil {
			return false
		}
		if op == fn || op.Def == nil || op.Def.Branch == nil || !hasTileResults(op) {
			return true
		}
		if failure = distinctResultPlaces(op); failure != nil {
			return false
		}
		for i, r := range op.Results {
			if _, ok := r.Type.(*tile.Type); !ok {
				continue
			}
			var want analysis.TileLoc
			haveWant := false
			if len(op.Regions()) > 0 && op.Def.Branch.Loops(op, 0) {
				for _, e := range op.Def.Branch.EntryEdges(op) {
					if e.To == r {
						want, haveWant = analysis.TileLocation(e.From)
					}
				}
			}
			for ri := range op.Regions() {
				b := op.Body(ri)
				if b == nil || b.Terminator() == nil {
					continue
				}
				t := b.Terminator()
				var y *ir.Value
				for _, e := range op.Def.Branch.TerminatorEdges(op, ri, t) {
					if e.To == r {
						y = e.From
					}
				}
				if y == nil {
					continue
				}
				l, ok := analysis.TileLocation(y)
				if !ok {
					failure = ir.NewError(t.Loc, "result #%d of %s: the yielded tile has no allocation", i, ir.Describe(op))
					return false
				}
				if !haveWant {
					want, haveWant = l, true
					continue
				}
				if l != want {
					other := "another arm yields it"
					if len(op.Regions()) > 0 && op.Def.Branch.Loops(op, 0) {
						other = "it starts"
					}
					failure = ir.NewError(t.Loc, "result #%d of %s is yielded in %s but %s in %s: loop carries and if results must live in one allocation",
						i, ir.Describe(op), describeLoc(l), other, describeLoc(want))
					return false
				}
			}
		}
		return true
	})
	return failure
}

// distinctResultPlaces refuses two tile results of op (loop carries, if
// results) whose bytes overlap: each is a variable of its own, and a write
// to one would change the other.
func distinctResultPlaces(op *ir.Operation) error {
	type place struct {
		loc  analysis.TileLoc
		size int64
		i    int
	}
	var seen []place
	for i, r := range op.Results {
		t, ok := r.Type.(*tile.Type)
		if !ok || !t.HasStaticShape() {
			continue
		}
		l, ok := analysis.TileLocation(r)
		if !ok {
			continue
		}
		for _, p := range seen {
			if p.loc.Buf == l.Buf && p.loc.Offset < l.Offset+t.ByteSize() && l.Offset < p.loc.Offset+p.size {
				return ir.NewError(op.Loc, "results #%d and #%d of %s both live in %s: each loop carry and if result needs bytes of its own",
					p.i, i, ir.Describe(op), describeLoc(l))
			}
		}
		seen = append(seen, place{l, t.ByteSize(), i})
	}
	return nil
}

func describeLoc(l analysis.TileLoc) string {
	s := Describe(l.Buf)
	if l.Offset != 0 {
		s += fmt.Sprintf(" + %d", l.Offset)
	}
	return s
}
