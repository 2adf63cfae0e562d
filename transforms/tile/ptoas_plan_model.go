package tile

import (
	"cmp"
	"slices"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/planner/ptoas"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
	"github.com/pto-opt/pto-opt/transforms/tiletopto/lowering"
)

// The lifetimes ptoas's PlanMemory gives a kernel's tiles, computed on the
// tile IR after the planner=ptoas pipeline. The buffers are the
// pto.alloc_tile ops convert-tile-to-pto will emit at the function entry:
// one per (allocation, byte offset, tile type and pad), in the program
// order of the first tile to need each; each tile op becomes the pto op
// naming the same buffers (a window or a view names its source's).
// ptoas's liveness is much coarser than pto-opt's:
//
//   - it numbers the ops in a pre-order walk, giving scf.for a position at
//     its start and one at its end, and scf.if one at the start of each
//     branch and one at its end (the else's start when it has no else);
//   - a buffer is born ("gen") at the first op that writes it (a
//     destination, or an instruction's scratch tile) or, earlier, at the
//     start of any scf.for it is live across in the for's block: with the
//     allocations at the function entry, every tile a loop uses, and every
//     tile used after a loop, is born at the start of the first loop;
//   - a buffer dies ("kill") only at an op of the block that allocates it
//     (the entry): at its last use there when that is an instruction, at
//     the end of the scf.for or scf.if holding its last use; a last use
//     inside a loop or a branch keeps it alive to the end of the top-level
//     op around it, and a last use by a view never kills it at all.
//
// Storage entries are made in birth order (buffers born together at a
// loop's start in pto.alloc_tile order, as ptoas's live-value set yields
// them while it holds at most 16 values) and placed by package planner/ptoas.

// ptoas's liveness special-cases two region ops, counted loops (scf.for,
// analysis.CountedLoop) and if-elses (scf.if, analysis.IfElse); it walks
// into any other region op like a plain op.

// ptoasBuffer is one pto.alloc_tile as ptoas's planner sees it.
type ptoasBuffer struct {
	alloc *ir.Operation
	// tiles are the tile values that live in the buffer, the first one
	// first (program order): the report names the buffer by it.
	tiles     []*ir.Value
	id        int
	space     string
	bytes     int64
	gen, kill int64
	born      bool
}

// ptoasKey identifies a pto.alloc_tile as convert-tile-to-pto does.
type ptoasKey struct {
	alloc  *ir.Operation
	offset int64
	typ    string
	pad    int64
}

type ptoasLiveness struct {
	entry *ir.Block // where the pto.alloc_tile ops go
	keys  map[ptoasKey]*ptoasBuffer
	memo  map[*ir.Value]*ptoasBuffer
	// bufs are the buffers in pto.alloc_tile order.
	bufs []*ptoasBuffer
	// reach[buf][block] is the highest position in block of an op
	// there that is or holds a use of the buffer.
	reach map[*ptoasBuffer]map[*ir.Block]int
	pos   map[*ir.Operation]int
	// dies[op] are the buffers whose last use in the entry block is op
	// (or is nested in op).
	dies map[*ir.Operation][]*ptoasBuffer
	// order is the birth order of the buffers.
	order []*ptoasBuffer
	// conflicts are ptoas's semantic pairs: scratch and destination.
	conflicts [][2]*ptoasBuffer
	// unordered are the groups of buffers born together at a loop's
	// start whose order ptoas cannot be known to give (see orderKnown).
	unordered [][]*ptoasBuffer
	// loopBirths are the buffers born at each loop's start.
	loopBirths []loopBirth
	t          int64
	// points names the op at each of ptoas's linear positions (ticks).
	points []string
}

// ptoasUses says which buffers op names in its pto form: reads,
// writes (destinations and results, in order), its scratch, and whether
// it is an instruction (a destination-style pto op, at which ptoas
// checks for dead buffers) rather than a view or nothing.
func (l *ptoasLiveness) ptoasUses(op *ir.Operation) (reads, writes, scratch []*ptoasBuffer, instr bool) {
	lw, ok := lowering.OfOp(op)
	if !ok {
		if analysis.IsCountedLoop(op) || analysis.IsIfElse(op) || op.Has(ir.Terminator) {
			// Loop-carried and yielded tiles are not operands in pto.
			return nil, nil, nil, false
		}
		for _, v := range op.Operands {
			reads = append(reads, l.rootsOf(v)...)
		}
		return reads, nil, nil, false
	}
	inputs := tile.Inputs(op)
	switch lw.Form {
	case lowering.NoOp:
		return nil, nil, nil, false
	case lowering.Subset, lowering.SSAView:
		if len(inputs) > 0 {
			reads = l.rootsOf(inputs[0])
		}
		return reads, nil, nil, false
	case lowering.Store:
		if len(inputs) > 0 {
			reads = l.rootsOf(inputs[0])
		}
		return reads, nil, nil, true
	case lowering.Load:
		if len(op.Results) > 0 {
			writes = l.rootsOf(op.Results[0])
		}
		return nil, writes, nil, true
	}
	picked := inputs
	if lw.Ins != nil {
		picked = nil
		for _, i := range lw.Ins {
			if k := tile.InputIndex(op, i); k < len(inputs) {
				picked = append(picked, inputs[k])
			}
		}
	}
	sk := ptoasTmpInput(op, lw)
	for k, v := range picked {
		if lw.Ins == nil && k == sk {
			scratch = l.rootsOf(v)
			continue
		}
		reads = append(reads, l.rootsOf(v)...)
	}
	for _, r := range op.Results {
		writes = append(writes, l.rootsOf(r)...)
	}
	return reads, writes, scratch, true
}

// ptoasTmpInput is the index among op's inputs of the tmp tile its pto
// instruction writes (a scratch materialize-scratch gave it, or a tmp the
// author gave, like tile.sel's), or -1.
func ptoasTmpInput(op *ir.Operation, lw lowering.Lowering) int {
	if k := tile.ScratchOperand(op); k >= 0 {
		return k
	}
	if lw.Tmp >= 0 {
		return tile.InputIndex(op, lw.Tmp)
	}
	return -1
}

// rootsOf is the buffer tile v lives in, as a list (empty when v is no
// tile or names no allocation).
func (l *ptoasLiveness) rootsOf(v *ir.Value) []*ptoasBuffer {
	if b := l.bufferOf(v); b != nil {
		return []*ptoasBuffer{b}
	}
	return nil
}

// bufferOf is the pto.alloc_tile convert-tile-to-pto gives tile v: a
// window's or view's is its source's (ptoas aliases them), any other
// tile's is keyed by where it lives and its type.
func (l *ptoasLiveness) bufferOf(v *ir.Value) *ptoasBuffer {
	if v == nil {
		return nil
	}
	if b, ok := l.memo[v]; ok {
		return b
	}
	l.memo[v] = nil // cycles end here
	var b *ptoasBuffer
	if t, ok := v.Type.(*tile.Type); ok {
		b = l.tileBuffer(v, t)
	}
	l.memo[v] = b
	if b != nil {
		b.tiles = append(b.tiles, v)
	}
	return b
}

func (l *ptoasLiveness) tileBuffer(v *ir.Value, t *tile.Type) *ptoasBuffer {
	if v.Op != nil {
		if lw, ok := lowering.OfOp(v.Op); ok && (lw.Form == lowering.Subset || lw.Form == lowering.SSAView) {
			if in := tile.Inputs(v.Op); len(in) > 0 {
				return l.bufferOf(in[0])
			}
			return nil
		}
	}
	loc, ok := analysis.TileLocation(v)
	if !ok || loc.Buf == nil || loc.Buf.Op == nil || !IsAlloc(loc.Buf.Op) {
		return nil
	}
	k := ptoasKey{alloc: loc.Buf.Op, offset: loc.Offset, typ: t.String()}
	if v.Op != nil {
		k.pad = tile.PadOf(v.Op)
	}
	if b, ok := l.keys[k]; ok {
		return b
	}
	b := &ptoasBuffer{alloc: loc.Buf.Op, id: len(l.bufs), space: t.Space, bytes: t.ByteSize(), kill: -1}
	l.keys[k] = b
	l.bufs = append(l.bufs, b)
	l.reach[b] = map[*ir.Block]int{}
	return b
}

// computePTOASLiveness runs ptoas's liveness over fn.
func computePTOASLiveness(fn *ir.Operation) *ptoasLiveness {
	l := &ptoasLiveness{
		entry: fn.Body(0),
		keys:  map[ptoasKey]*ptoasBuffer{},
		memo:  map[*ir.Value]*ptoasBuffer{},
		reach: map[*ptoasBuffer]map[*ir.Block]int{},
		pos:   map[*ir.Operation]int{},
	}
	// The buffers, in the order convert-tile-to-pto creates them: the
	// tiles of region arguments and results in program order.
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				for i, o := range b.Ops {
					l.pos[o] = i
				}
				if op != fn {
					for _, a := range b.Args {
						l.bufferOf(a)
					}
				}
			}
		}
		for _, r := range op.Results {
			l.bufferOf(r)
		}
		return true
	})
	// Every op naming a buffer, and every op around it, reaches it in its
	// block.
	fn.Walk(func(op *ir.Operation) bool {
		if op == fn {
			return true
		}
		reads, writes, scratch, _ := l.ptoasUses(op)
		for _, list := range [][]*ptoasBuffer{reads, writes, scratch} {
			for _, b := range list {
				for o := op; o != nil && o != fn; o = o.ParentOp() {
					if p, ok := l.reach[b][o.Block]; !ok || l.pos[o] > p {
						l.reach[b][o.Block] = l.pos[o]
					}
				}
			}
		}
		return true
	})
	l.dies = map[*ir.Operation][]*ptoasBuffer{}
	for _, b := range l.bufs {
		if p, ok := l.reach[b][l.entry]; ok && p < len(l.entry.Ops) {
			last := l.entry.Ops[p]
			l.dies[last] = append(l.dies[last], b)
		}
	}
	for _, r := range fn.Regions() {
		for _, b := range r.Blocks {
			l.visit(b)
		}
	}
	return l
}

// liveAcross reports whether buffer b is live at op in op's block, as
// MLIR's Liveness tells ptoas: used at or after op there (the
// pto.alloc_tile ops come first in the entry block).
func (l *ptoasLiveness) liveAcross(b *ptoasBuffer, op *ir.Operation) bool {
	p, ok := l.reach[b][op.Block]
	return ok && p >= l.pos[op]
}

// ptoasSmallSet is how many values MLIR's live-value set (a SmallPtrSet
// of 16 inline slots) holds in insertion order; past it, its order is
// that of hashed heap addresses.
const ptoasSmallSet = 16

// ptoasHiddenValues are the values convert-tile-to-pto and ptoas's own
// lowering add that may be live across a loop (the index constants of
// partition views) and the tile IR does not show.
const ptoasHiddenValues = 4

// orderKnown reports whether ptoas's set of the values live at loop op
// stays small enough to keep insertion (program) order, which is the
// allocation order pto-opt plans buffers born at the loop's start in.
// Only loops of the function's entry block are judged; elsewhere the
// order is taken as unknown.
func (l *ptoasLiveness) orderKnown(op *ir.Operation) bool {
	blk := op.Block
	if blk == nil || blk.Region == nil || blk.Region.Op == nil || !blk.Region.Op.Has(ir.FunctionLike) {
		return false
	}
	usedFrom := func(v *ir.Value) bool {
		for u := range v.AllUses() {
			for o := u.Op; o != nil; o = o.ParentOp() {
				if o.Block == blk {
					if l.pos[o] >= l.pos[op] {
						return true
					}
					break
				}
			}
		}
		return false
	}
	n := ptoasHiddenValues
	for _, a := range blk.Args {
		if usedFrom(a) {
			n++
		}
	}
	for _, o := range blk.Ops {
		if o == op {
			break
		}
		if IsAlloc(o) {
			continue
		}
		for _, r := range o.Results {
			if _, ok := r.Type.(*tile.Type); !ok && usedFrom(r) {
				n++
			}
		}
	}
	for _, b := range l.bufs {
		if l.liveAcross(b, op) {
			n++
		}
	}
	return n <= ptoasSmallSet
}

// tick numbers the next linear position, which is what (the start or
// end of) op is to ptoas's liveness: what says names it in reports.
func (l *ptoasLiveness) tick(op *ir.Operation, what string) int64 {
	at := what + op.Name
	if loc := planning.Loc(op.Loc); loc != "" {
		at += " (" + loc + ")"
	}
	l.points = append(l.points, at)
	t := l.t
	l.t++
	return t
}

func (l *ptoasLiveness) gen(b *ptoasBuffer, at int64) {
	if b == nil || b.born {
		return
	}
	b.born, b.gen = true, at
	l.order = append(l.order, b)
}

// killAt kills, at position at, the buffers whose last use in the entry
// block (where they are allocated) is op.
func (l *ptoasLiveness) killAt(op *ir.Operation, at int64) {
	for _, b := range l.dies[op] {
		if b.born && b.kill < 0 {
			b.kill = at
		}
	}
}

func (l *ptoasLiveness) visit(block *ir.Block) {
	for _, op := range block.Ops {
		switch {
		case analysis.IsCountedLoop(op):
			start := l.tick(op, "")
			var group []*ptoasBuffer
			for _, b := range l.bufs {
				if l.liveAcross(b, op) && !b.born {
					l.gen(b, start)
					group = append(group, b)
				}
			}
			if len(group) > 0 {
				l.loopBirths = append(l.loopBirths, loopBirth{op, group})
			}
			if len(group) > 1 && !l.orderKnown(op) {
				l.unordered = append(l.unordered, group)
			}
			for _, r := range op.Regions() {
				for _, b := range r.Blocks {
					l.visit(b)
				}
			}
			l.killAt(op, l.tick(op, "end of "))
		case analysis.IsIfElse(op):
			l.tick(op, "")
			end := int64(0)
			for i, r := range op.Regions() {
				if i > 0 && regionEmpty(r) {
					break
				}
				for _, b := range r.Blocks {
					l.visit(b)
				}
				what := "end of "
				if i+1 < len(op.Regions()) && !regionEmpty(op.Regions()[i+1]) {
					what = "else of "
				}
				end = l.tick(op, what)
			}
			l.killAt(op, end)
		default:
			at := l.tick(op, "")
			_, writes, scratch, instr := l.ptoasUses(op)
			for _, b := range writes {
				l.gen(b, at)
			}
			for _, s := range scratch {
				l.gen(s, at)
				for _, w := range writes {
					l.conflicts = append(l.conflicts, [2]*ptoasBuffer{s, w})
				}
			}
			if instr {
				l.killAt(op, at)
			}
			for _, r := range op.Regions() {
				for _, b := range r.Blocks {
					l.visit(b)
				}
			}
		}
	}
}

// regionEmpty reports a region without ops (an scf.if without else).
func regionEmpty(r *ir.Region) bool { return len(r.Blocks) == 0 || len(r.Blocks[0].Ops) == 0 }

// loopBirth is a loop and the buffers ptoas makes live at its start.
type loopBirth struct {
	loop *ir.Operation
	bufs []*ptoasBuffer
}

// ptoasSpacePlan is ptoas's planner's outcome for one space.
type ptoasSpacePlan struct {
	// loop is the loop at whose start the most bytes of the space become
	// live (nil: none), with their count and bytes: why ptoas needs more
	// than pto-opt's liveness, when it does.
	loop                *ir.Operation
	loopN, loopBytes    int64
	space               string
	needBytes, capBytes int64
	align               int64
	result              ptoas.Result
	// placed are the space's buffers in planning order (result.Offsets'
	// order); unordered: ptoas's order of them cannot be known.
	placed    []*ptoasBuffer
	unordered bool
	// orderDependent: the outcome (fit, or the bytes needed) differs
	// between allocation order and another order ptoas's hashed
	// live-value set may give (see orderKnown); result and needBytes are
	// then the worst seen.
	orderDependent bool
}

// planLikePTOAS runs ptoas's planner over fn's allocations, per space in
// order of first birth, for the spaces the target describes ptoas's
// planner for: capacity gives ptoas's capacity and alignment in bytes (ok
// false: not modelled). Where the order of buffers born together at a
// loop's start is unknowable, a space fits only if it fits in allocation
// order and in each of a few others (reversed, by size both ways, three
// fixed shuffles): a refusal is then conservative, and says "may" when
// the orders disagree.
func planLikePTOAS(fn *ir.Operation, capacity func(space string) (capBytes, align int64, ok bool)) []ptoasSpacePlan {
	_, plans := predictPTOAS(fn, capacity)
	return plans
}

// predictPTOAS is planLikePTOAS with the liveness it planned by (the
// buffers' tiles and what each linear position is, for reports).
func predictPTOAS(fn *ir.Operation, capacity func(space string) (capBytes, align int64, ok bool)) (*ptoasLiveness, []ptoasSpacePlan) {
	l := computePTOASLiveness(fn)
	plans := l.plan(l.order, capacity)
	if len(l.unordered) == 0 {
		return l, plans
	}
	for i := range plans {
		plans[i].unordered = true
	}
	primary := slices.Clone(plans)
	bySpace := map[string]int{}
	for i, p := range plans {
		bySpace[p.space] = i
	}
	for _, order := range l.alternativeOrders() {
		// Another order may meet the spaces in another order: match by name.
		for _, alt := range l.plan(order, capacity) {
			i := bySpace[alt.space]
			p, first := &plans[i], primary[i]
			if alt.result.Fits == first.result.Fits && alt.needBytes == first.needBytes {
				continue
			}
			// ptoas's outcome depends on an order pto-opt cannot know.
			p.orderDependent = true
			if !alt.result.Fits && (p.result.Fits || alt.needBytes > p.needBytes) {
				// placed keeps the order of result.Offsets.
				p.result, p.needBytes, p.placed = alt.result, alt.needBytes, alt.placed
			}
		}
	}
	return l, plans
}

// plan places the buffers per space, in the given birth order.
func (l *ptoasLiveness) plan(order []*ptoasBuffer, capacity func(string) (int64, int64, bool)) []ptoasSpacePlan {
	var spaces []string
	bySpace := map[string][]*ptoasBuffer{}
	for _, b := range order {
		if _, seen := bySpace[b.space]; !seen {
			spaces = append(spaces, b.space)
		}
		bySpace[b.space] = append(bySpace[b.space], b)
	}
	var conflicts [][2]int
	for _, c := range l.conflicts {
		conflicts = append(conflicts, [2]int{c[0].id, c[1].id})
	}
	var out []ptoasSpacePlan
	for _, sp := range spaces {
		capBytes, align, ok := capacity(sp)
		if !ok {
			continue
		}
		var in []ptoas.Buffer
		for _, b := range bySpace[sp] {
			in = append(in, ptoas.Buffer{Bits: uint64(max(b.bytes, 0)) * 8, Gen: b.gen, Kill: b.kill, ID: b.id})
		}
		res := ptoas.Plan(in, uint64(capBytes)*8, uint64(align)*8, conflicts)
		p := ptoasSpacePlan{space: sp, capBytes: capBytes, align: align, result: res, needBytes: int64((res.RequiredBits + 7) / 8), placed: bySpace[sp]}
		for _, lb := range l.loopBirths {
			var n, bytes int64
			for _, b := range lb.bufs {
				if b.space == sp {
					n++
					bytes += b.bytes
				}
			}
			if bytes > p.loopBytes {
				p.loop, p.loopN, p.loopBytes = lb.loop, n, bytes
			}
		}
		out = append(out, p)
	}
	return out
}

// alternativeOrders are the birth orders tried besides allocation order:
// each unordered group rearranged the same way, the rest unchanged.
func (l *ptoasLiveness) alternativeOrders() [][]*ptoasBuffer {
	size := func(b *ptoasBuffer) int64 { return b.bytes }
	rearrange := []func(g []*ptoasBuffer, seed uint64){
		func(g []*ptoasBuffer, _ uint64) { slices.Reverse(g) },
		func(g []*ptoasBuffer, _ uint64) {
			slices.SortStableFunc(g, func(x, y *ptoasBuffer) int { return cmp.Compare(size(y), size(x)) })
		},
		func(g []*ptoasBuffer, _ uint64) {
			slices.SortStableFunc(g, func(x, y *ptoasBuffer) int { return cmp.Compare(size(x), size(y)) })
		},
	}
	for k := range 3 {
		rearrange = append(rearrange, func(g []*ptoasBuffer, seed uint64) {
			// A fixed xorshift shuffle: deterministic, no time or global
			// random state.
			x := seed*0x9E3779B97F4A7C15 + uint64(k+1)*0xBF58476D1CE4E5B9 | 1
			for i := len(g) - 1; i > 0; i-- {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				j := int(x % uint64(i+1))
				g[i], g[j] = g[j], g[i]
			}
		})
	}
	pos := map[*ptoasBuffer]int{}
	for i, b := range l.order {
		pos[b] = i
	}
	var out [][]*ptoasBuffer
	for _, f := range rearrange {
		order := slices.Clone(l.order)
		for gi, g := range l.unordered {
			at := pos[g[0]]
			f(order[at:at+len(g)], uint64(gi))
		}
		out = append(out, order)
	}
	return out
}
