package analysis

import (
	"cmp"
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// Interval is a half-open range [Start, End) of program points.
type Interval struct{ Start, End int }

// Overlaps reports whether two intervals share a point.
func (i Interval) Overlaps(j Interval) bool { return i.Start < j.End && j.Start < i.End }

// Empty reports an interval with no points.
func (i Interval) Empty() bool { return i.End <= i.Start }

// Union is the smallest interval covering both (empty ones ignored).
func (i Interval) Union(j Interval) Interval {
	if i.Empty() {
		return j
	}
	if j.Empty() {
		return i
	}
	return Interval{min(i.Start, j.Start), max(i.End, j.End)}
}

// Liveness numbers the program points of a function and gives every value
// and every allocation root a lifetime interval.
//
// Points are a pre-order numbering of the ops, nested regions included: an
// op with regions covers [Pos, End] where End is its last nested op. The
// conventions follow PyPTO's lifetime analysis:
//   - a value lives from its definition (results of an op with regions are
//     defined when it finishes, at End) to its last use, half-open, so a
//     value read at a statement and one written there do not overlap;
//   - a use inside a nested region counts at the end of the enclosing op at
//     the definition's level, so a value used in a loop lives until the loop
//     ends (and through every iteration);
//   - region arguments of a loop (iter_args) live across the whole loop;
//   - a value never used still occupies its defining statement.
//
// Multi-block regions (cf branches) use block-level dataflow, so a value
// live around a back edge stays live through the whole loop.
type Liveness struct {
	Fn      *ir.Operation
	Aliases *Aliases
	// at is each op's first and last point, in one map: the analyses
	// look both up for most ops, and a kernel has many.
	at      map[*ir.Operation]opSpan
	Ops     []*ir.Operation // by point
	vals    map[*ir.Value][]Interval
	blockLo map[*ir.Block]int
	blockHi map[*ir.Block]int
	regions map[*ir.Region]*regionFlow
	// contexts caches contextOf per root: Exclusive is asked about many
	// pairs, and a root's context is a walk over all its sites. Like
	// every answer here it describes the IR as it was analysed.
	contexts map[*ir.Value]context
	// gap between consecutive points (0 or 1: dense), see
	// ComputeSparseLiveness.
	gap int
}

// opSpan is an op's point and the last point inside it.
type opSpan struct{ pos, end int }

// regionFlow is block-level liveness of one multi-block region.
type regionFlow struct {
	liveIn, liveOut map[*ir.Block]map[*ir.Value]bool
	reach           map[*ir.Block]map[*ir.Block]bool
}

// Pos is the program point of op.
func (l *Liveness) Pos(op *ir.Operation) int { return l.at[op].pos }

// PosOK is Pos, and whether op was numbered (it is in the analysed IR,
// or was reported to Inserted).
func (l *Liveness) PosOK(op *ir.Operation) (int, bool) {
	s, ok := l.at[op]
	return s.pos, ok
}

// End is the last program point inside op (Pos for ops without regions).
func (l *Liveness) End(op *ir.Operation) int { return l.at[op].end }

// NumPoints is the number of program points.
func (l *Liveness) NumPoints() int { return len(l.Ops) }

// ComputeLiveness analyses a function-like op (or any op with regions).
func ComputeLiveness(fn *ir.Operation, aliases *Aliases) *Liveness {
	return computeLiveness(fn, aliases, 1)
}

func computeLiveness(fn *ir.Operation, aliases *Aliases, gap int) *Liveness {
	ops, values := irSize(fn)
	if aliases == nil {
		aliases = newAliasesSized(fn, values)
	}
	l := &Liveness{
		Fn: fn, Aliases: aliases,
		at:      make(map[*ir.Operation]opSpan, ops),
		Ops:     make([]*ir.Operation, 0, ops),
		vals:    make(map[*ir.Value][]Interval, values),
		blockLo: map[*ir.Block]int{}, blockHi: map[*ir.Block]int{},
		regions: map[*ir.Region]*regionFlow{},
		gap:     gap,
	}
	l.number(fn)
	l.compute(fn)
	return l
}

// point is the program point of the i-th op in pre-order: i, or i times
// the gap of a sparse numbering (see ComputeSparseLiveness).
func (l *Liveness) point(i int) int { return i * max(l.gap, 1) }

func (l *Liveness) number(op *ir.Operation) {
	pos := l.point(len(l.Ops))
	l.Ops = append(l.Ops, op)
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			l.blockLo[b] = l.point(len(l.Ops))
			for _, o := range b.Ops {
				l.number(o)
			}
			l.blockHi[b] = l.point(len(l.Ops) - 1)
			if len(b.Ops) == 0 {
				l.blockHi[b] = l.blockLo[b] - 1
			}
		}
	}
	l.at[op] = opSpan{pos: pos, end: l.point(len(l.Ops) - 1)}
}

// defPoint is where v comes into existence.
func (l *Liveness) defPoint(v *ir.Value) int {
	if v.Op != nil {
		return l.at[v.Op].end
	}
	b := v.Block
	parent := b.ParentOp()
	if parent == l.Fn || parent == nil {
		return l.blockLo[b]
	}
	if b.Region != nil && len(b.Region.Blocks) > 0 && b.Region.Blocks[0] != b {
		return l.blockLo[b] // argument of a non-entry block
	}
	return l.at[parent].pos
}

// anchor returns the op that stands for a use by user at the level of the
// defining block's region, and whether the use is nested below it.
func anchor(user *ir.Operation, defRegion *ir.Region) (*ir.Operation, bool) {
	nested := false
	for o := user; o != nil; o = o.ParentOp() {
		if o.Block != nil && o.Block.Region == defRegion {
			return o, nested
		}
		nested = true
	}
	return nil, false
}

func (l *Liveness) compute(fn *ir.Operation) {
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			if len(r.Blocks) > 1 {
				l.regions[r] = l.blockFlow(r)
			}
			for _, b := range r.Blocks {
				for _, a := range b.Args {
					l.vals[a] = l.valueRanges(a)
				}
			}
		}
		if op != fn {
			for _, res := range op.Results {
				// An allocation's own value is a handle, not data: its
				// lifetime is its tiles' (RootRanges). Ranges computes it
				// only if asked (nothing in the passes asks), which on a
				// kernel with an allocation per tile halves the work.
				if !isBufferHandle(res) {
					l.vals[res] = l.valueRanges(res)
				}
			}
		}
		return true
	})
}

// usePoint returns the point up to which a use keeps v alive (exclusive).
func (l *Liveness) usePoint(u ir.Use, defRegion *ir.Region) (*ir.Operation, int, bool) {
	a, nested := anchor(u.Op, defRegion)
	if a == nil {
		return nil, 0, false
	}
	if nested {
		// Used inside a nested region: alive through the whole op.
		return a, l.at[a].end + 1, true
	}
	return a, l.at[a].pos, true
}

// conditional reports ops whose regions run at most once each per
// execution and not in a loop (scf.if): a value entering them only needs
// to stay live in the arms that use it, until its last use there.
func conditional(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Branch == nil {
		return false
	}
	for i, r := range op.Regions() {
		if op.Def.Branch.Loops(op, i) || len(r.Blocks) > 1 {
			return false
		}
	}
	return true
}

// collect computes the live ranges of v within one block, from start (its
// definition, or the block's entry for a value coming from outside) to its
// last use among uses, descending into conditionals so that a value whose
// last use is inside one arm does not occupy the other arm.
//
// A definition occupies its statement (end >= start+1); a value entering a
// region does not occupy the region's first statement, which may read it
// for the last time while writing something else.
func (l *Liveness) collect(v *ir.Value, uses []ir.Use, region *ir.Region, start int, entering bool) []Interval {
	end := start + 1
	if entering {
		end = start
	}
	var extra []Interval
	inner := map[*ir.Operation][]ir.Use{}
	var innerOrder []*ir.Operation
	for _, u := range uses {
		a, nested := anchor(u.Op, region)
		if a == nil {
			continue
		}
		switch {
		case !nested:
			end = max(end, l.at[a].pos)
		case conditional(a):
			end = max(end, l.at[a].pos+1)
			if _, ok := inner[a]; !ok {
				innerOrder = append(innerOrder, a)
			}
			inner[a] = append(inner[a], u)
		default:
			end = max(end, l.at[a].end+1)
		}
	}
	for _, a := range innerOrder {
		if l.at[a].end < end {
			continue // live through the whole op anyway
		}
		for _, r := range a.Regions() {
			var rs []ir.Use
			for _, u := range inner[a] {
				if x, _ := anchor(u.Op, r); x != nil {
					rs = append(rs, u)
				}
			}
			if len(rs) == 0 || len(r.Blocks) == 0 {
				continue
			}
			extra = append(extra, l.collect(v, rs, r, l.blockLo[r.Blocks[0]], true)...)
		}
	}
	return normalize(append([]Interval{{start, end}}, extra...))
}

// normalize sorts intervals and merges overlapping or touching ones.
func normalize(iv []Interval) []Interval {
	out := iv[:0:0]
	for _, x := range iv {
		if !x.Empty() {
			out = append(out, x)
		}
	}
	slices.SortFunc(out, func(a, b Interval) int { return cmp.Compare(a.Start, b.Start) })
	merged := out[:0]
	for _, x := range out {
		if n := len(merged); n > 0 && x.Start <= merged[n-1].End {
			merged[n-1].End = max(merged[n-1].End, x.End)
			continue
		}
		merged = append(merged, x)
	}
	return merged
}

func (l *Liveness) valueRanges(v *ir.Value) []Interval {
	def := l.defPoint(v)
	defBlock := v.ParentBlock()
	defRegion := defBlock.Region
	// Loop-carried region arguments live across the whole loop.
	if v.IsBlockArg() {
		if p := defBlock.ParentOp(); p != nil && p != l.Fn && p.Def != nil && p.Def.Branch != nil &&
			defBlock.Region != nil && p.Def.Branch.Loops(p, defBlock.Region.Index()) {
			return []Interval{{l.at[p].pos, l.at[p].end + 1}}
		}
	}
	flow := l.regions[defRegion]
	if flow == nil {
		return l.collect(v, v.Uses(), defRegion, def, false)
	}
	iv := Interval{def, def + 1}
	for u := range v.AllUses() {
		a, p, ok := l.usePoint(u, defRegion)
		if ok && a.Block == defBlock && p > iv.End {
			iv.End = p
		}
	}
	for _, b := range defRegion.Blocks {
		if flow.liveOut[b][v] {
			lo := l.blockLo[b]
			if b == defBlock {
				lo = def
			}
			iv = iv.Union(Interval{lo, l.blockHi[b] + 1})
		} else if flow.liveIn[b][v] {
			iv = iv.Union(Interval{l.blockLo[b], l.blockLo[b] + 1})
			for u := range v.AllUses() {
				if a, p, ok := l.usePoint(u, defRegion); ok && a.Block == b {
					iv = iv.Union(Interval{l.blockLo[b], p})
				}
			}
		}
	}
	return []Interval{iv}
}

// blockFlow computes live-in/live-out sets over a multi-block region.
func (l *Liveness) blockFlow(r *ir.Region) *regionFlow {
	f := &regionFlow{
		liveIn:  map[*ir.Block]map[*ir.Value]bool{},
		liveOut: map[*ir.Block]map[*ir.Value]bool{},
	}
	use := map[*ir.Block]map[*ir.Value]bool{}
	defs := map[*ir.Block]map[*ir.Value]bool{}
	preds := map[*ir.Block][]*ir.Block{}
	for _, b := range r.Blocks {
		use[b] = map[*ir.Value]bool{}
		defs[b] = map[*ir.Value]bool{}
		f.liveIn[b] = map[*ir.Value]bool{}
		f.liveOut[b] = map[*ir.Value]bool{}
		for _, a := range b.Args {
			defs[b][a] = true
		}
		for _, op := range b.Ops {
			op.Walk(func(o *ir.Operation) bool {
				for _, x := range o.Operands {
					if x.ParentBlock() != nil && x.ParentBlock().Region == r && !defs[b][x] {
						use[b][x] = true
					}
				}
				return true
			})
			for _, res := range op.Results {
				defs[b][res] = true
			}
		}
		for _, s := range b.Successors() {
			preds[s] = append(preds[s], b)
		}
	}
	for changed := true; changed; {
		changed = false
		for i := len(r.Blocks) - 1; i >= 0; i-- {
			b := r.Blocks[i]
			for _, s := range b.Successors() {
				for v := range f.liveIn[s] {
					if !f.liveOut[b][v] {
						f.liveOut[b][v] = true
						changed = true
					}
				}
			}
			for v := range use[b] {
				if !f.liveIn[b][v] {
					f.liveIn[b][v] = true
					changed = true
				}
			}
			for v := range f.liveOut[b] {
				if !defs[b][v] && !f.liveIn[b][v] {
					f.liveIn[b][v] = true
					changed = true
				}
			}
		}
	}
	// Reachability between blocks, for exclusivity queries.
	f.reach = map[*ir.Block]map[*ir.Block]bool{}
	for _, b := range r.Blocks {
		seen := map[*ir.Block]bool{}
		stack := append([]*ir.Block(nil), b.Successors()...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[x] {
				continue
			}
			seen[x] = true
			stack = append(stack, x.Successors()...)
		}
		f.reach[b] = seen
	}
	return f
}

// Ranges returns the lifetime of a value as sorted disjoint intervals.
func (l *Liveness) Ranges(v *ir.Value) []Interval {
	if rs, ok := l.vals[v]; ok {
		return rs
	}
	// A buffer handle's lifetime, computed on first request (see
	// compute); values outside the function have none.
	if v.Op != nil && v.Op != l.Fn && isBufferHandle(v) {
		if _, in := l.at[v.Op]; in {
			rs := l.valueRanges(v)
			l.vals[v] = rs
			return rs
		}
	}
	return nil
}

// Interval returns the hull of a value's lifetime.
func (l *Liveness) Interval(v *ir.Value) Interval { return hull(l.Ranges(v)) }

func hull(rs []Interval) Interval {
	var iv Interval
	for _, r := range rs {
		iv = iv.Union(r)
	}
	return iv
}

// OverlapSets reports whether two sorted interval sets share a point.
func OverlapSets(a, b []Interval) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i].Overlaps(b[j]) {
			return true
		}
		if a[i].End <= b[j].End {
			i++
		} else {
			j++
		}
	}
	return false
}

// isBufferHandle reports values that name an allocation without holding
// data themselves (!tile.buf): their lifetime is that of the tiles written
// into them, not of the hoisted alloc.
func isBufferHandle(v *ir.Value) bool {
	_, ok := v.Type.(*tile.BufType)
	return ok
}

// RootRanges is the lifetime of an allocation root: the union of the
// lifetimes of every value that may alias it.
func (l *Liveness) RootRanges(root *ir.Value) []Interval {
	var all []Interval
	for _, v := range l.Aliases.Resolve(root) {
		if isBufferHandle(v) {
			continue
		}
		all = append(all, l.vals[v]...)
	}
	return normalize(all)
}

// RootInterval is the hull of RootRanges.
func (l *Liveness) RootInterval(root *ir.Value) Interval { return hull(l.RootRanges(root)) }

// ---- interference with path sensitivity ----

// sites lists the ops where a root's buffer is written or read.
func (l *Liveness) sites(root *ir.Value) []*ir.Operation {
	var out []*ir.Operation
	for _, v := range l.Aliases.Resolve(root) {
		if isBufferHandle(v) {
			continue
		}
		if v.Op != nil {
			out = append(out, v.Op)
		}
		for u := range v.AllUses() {
			out = append(out, u.Op)
		}
	}
	return out
}

// context is where a root lives: the innermost region containing all its
// sites, and within it the blocks they fall in.
type context struct {
	region *ir.Region
	blocks map[*ir.Block]bool
}

func (l *Liveness) contextOf(root *ir.Value) context {
	if c, ok := l.contexts[root]; ok {
		return c
	}
	c := l.computeContext(root)
	if l.contexts == nil {
		l.contexts = map[*ir.Value]context{}
	}
	l.contexts[root] = c
	return c
}

func (l *Liveness) computeContext(root *ir.Value) context {
	sites := l.sites(root)
	if len(sites) == 0 {
		return context{}
	}
	// Regions enclosing the first site, innermost first.
	var chain []*ir.Region
	for o := sites[0]; o != nil && o.Block != nil; o = o.ParentOp() {
		chain = append(chain, o.Block.Region)
		if o.ParentOp() == l.Fn {
			break
		}
	}
	contains := func(r *ir.Region, op *ir.Operation) bool {
		for o := op; o != nil && o.Block != nil; o = o.ParentOp() {
			if o.Block.Region == r {
				return true
			}
		}
		return false
	}
	var reg *ir.Region
	for _, r := range chain {
		all := true
		for _, s := range sites {
			if !contains(r, s) {
				all = false
				break
			}
		}
		if all {
			reg = r
			break
		}
	}
	if reg == nil {
		return context{}
	}
	blocks := map[*ir.Block]bool{}
	for _, s := range sites {
		if a, _ := anchor(s, reg); a != nil {
			blocks[a.Block] = true
		}
	}
	return context{region: reg, blocks: blocks}
}

// NeverExclusive reports whether Exclusive(root, x) is false for every
// x: root has no sites, or they span the function's own body and that
// body is one block (nothing runs on a path that could skip root). A
// pass asking Exclusive about many pairs can skip the pairs such a root
// is in.
func (l *Liveness) NeverExclusive(root *ir.Value) bool {
	c := l.contextOf(root)
	return c.region == nil || c.region.Op == l.Fn && l.regions[c.region] == nil
}

// Exclusive reports whether two roots can never be live on the same
// execution path: they live in different regions of an op that runs at
// most one of them (the arms of an scf.if), or in blocks of one region
// that cannot reach each other (the two sides of a cf.cond_br that never
// meet). It returns the op that separates them.
func (l *Liveness) Exclusive(a, b *ir.Value) (bool, *ir.Operation) {
	ca, cb := l.contextOf(a), l.contextOf(b)
	if ca.region == nil || cb.region == nil {
		return false, nil
	}
	// Structured: different regions of an Exclusive op. The chains of
	// enclosing regions are as deep as the nesting: a slice scanned
	// linearly beats a map built per query (memory-reuse asks this for
	// every pair of overlapping lifetimes).
	var chainBuf [16]*ir.Region
	chain := chainBuf[:0]
	for r := ca.region; r != nil; {
		op := r.Op
		chain = append(chain, r)
		if op == nil || op == l.Fn || op.Block == nil {
			break
		}
		r = op.Block.Region
	}
	armOf := func(op *ir.Operation) (*ir.Region, bool) {
		for _, r := range chain {
			if r.Op == op {
				return r, true
			}
		}
		return nil, false
	}
	for r := cb.region; r != nil; {
		op := r.Op
		if ra, ok := armOf(op); ok {
			if ra != r && op.Def != nil && op.Def.Branch != nil && op.Def.Branch.Exclusive(op) {
				return true, op
			}
			if ra == r && r == ca.region && r == cb.region {
				return l.blocksExclusive(r, ca.blocks, cb.blocks)
			}
			return false, nil
		}
		if op == nil || op == l.Fn || op.Block == nil {
			break
		}
		r = op.Block.Region
	}
	return false, nil
}

func (l *Liveness) blocksExclusive(r *ir.Region, x, y map[*ir.Block]bool) (bool, *ir.Operation) {
	f := l.regions[r]
	if f == nil {
		return false, nil
	}
	for bx := range x {
		for by := range y {
			if bx == by || f.reach[bx][by] || f.reach[by][bx] {
				return false, nil
			}
		}
	}
	return true, nil
}

// Interfere reports whether two allocation roots need disjoint bytes:
// their lifetimes overlap and they are not on exclusive paths.
func (l *Liveness) Interfere(a, b *ir.Value) bool {
	if !OverlapSets(l.RootRanges(a), l.RootRanges(b)) {
		return false
	}
	ex, _ := l.Exclusive(a, b)
	return !ex
}

// Roots lists the allocation roots in the function in program order.
func (l *Liveness) Roots() []*ir.Value {
	var out []*ir.Value
	for _, op := range l.Ops {
		if op.Has(ir.AllocLike) && len(op.Results) > 0 {
			out = append(out, op.Results[0])
		}
	}
	slices.SortStableFunc(out, func(a, b *ir.Value) int { return cmp.Compare(l.at[a.Op].pos, l.at[b.Op].pos) })
	return out
}
