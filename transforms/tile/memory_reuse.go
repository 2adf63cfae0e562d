package tile

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/ivtree"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// memory-reuse: PyPTO's MemoryReuse pass (seed 000) on the tile dialect,
// after init-memref and materialize-semantic-aliases (whose work it does
// first when the input's loop carries and if results are not yet on one
// place).
//
// Units of sharing are allocation identities (tile.alloc ops): a loop
// carry, an if result and the in-place and view chains already live in one
// allocation, so moving an identity moves them together (which is PyPTO's
// loop-carry realignment, by construction). Steps:
//
//  1. Lifetimes (analysis.Liveness over nested control flow, loop-aware);
//     an identity's lifetime is the union over the tiles it holds.
//  2. Global first-fit-decreasing packing per memory space: identities
//     sorted largest first join the first buffer all of whose members they
//     may share with (can share: same space, lifetimes disjoint or on
//     exclusive paths — touching is fine —, no no-alias rule of any writer
//     in either direction, no target hazard, not concurrent pipeline
//     clones); a buffer is sized by its first (largest) member; members are
//     rebased onto it and their allocations removed. Declared (pinned)
//     allocations are closed slots.
//  3. Capacity-overflow subrange fallback: only when the whole-buffer
//     packing's exact sequential footprint overflows the space, identities
//     may take an aligned subrange of a larger buffer, blocked by the
//     members they cannot share with; never in a space with a tile at a
//     dynamic offset.
//  4. Pipeline-stage guard: writes tagged `tile.pipeline = [group, stage]`
//     are concurrent clones; clones land in residue ordinal(stage) mod F_g
//     with F_g = min(stages, capacity / per-stage slot); residues never
//     share. If a space still overflows, the group with the most relief is
//     shed one residue at a time (PH-MR-001 remark); when every group is at
//     depth 1 and it still overflows, the legacy packing is used (warning).
//     The tags are consumed.
//  5. Yield fixup, accumulator if-phi coalescing and copy ordering: the
//     materialize-semantic-aliases logic runs again on the rebased IR (it is
//     idempotent), so every loop carry and if result has one buffer, with
//     ordered tile.move copies where needed and never an acc-to-acc move.
//     (PyPTO's identity-copy normalisation has nothing to do in SSA form: a
//     rename is the same value.)
//  6. Unused allocations are removed; the result is checked by the
//     independent validator (analysis.CheckTilePlacement).

// MemoryReuse is the memory-reuse pass.
var MemoryReuse = pass.WithOptions(&pass.Pass{
	Name:      "memory-reuse",
	ClassName: "MemoryReuse",
	Summary:   "Share allocations between tiles whose lifetimes do not overlap (PyPTO MemoryReuse)",
	Anchor:    "func.func",
	Parallel:  true,
	Requires:  []*pass.Pass{InitMemRef},
	Stats: map[string]string{
		"num-shared":  "Allocations merged into another",
		"bytes-saved": "Bytes of allocation removed",
		// The semantic-alias fixup is part of memory-reuse (its plan is
		// validated only after it), so its counts are reported here.
		"num-retargeted": "Producers retargeted onto the canonical allocation after sharing",
		"num-moves":      "tile.move copies inserted after sharing",
	},
}, runMemoryReuse)

type memoryReuseOptions struct {
	Subranges bool
	// InPlace: on pto kernels, an output may take the tile of an input
	// that dies at its op.
	InPlace bool
}

func (o *memoryReuseOptions) Bind(s *pass.OptionSet) {
	s.Bool(&o.Subranges, "subranges", true, "Allow the capacity-overflow subrange fallback")
	s.Bool(&o.InPlace, "inplace", true, "pto kernels: an op's output may take the tile of an input that dies at it")
}

// member is an allocation identity (a tile.alloc and every tile it holds),
// the unit memory-reuse moves.
type member struct {
	alloc  *ir.Operation
	name   string
	space  string
	size   int64
	ranges []analysis.Interval
	pinned bool
	// fixed: the input gives the allocation an address, which sharing
	// would make stale; like a declared one, it shares with nothing.
	fixed  bool
	order  int // program order, for stable sorting
	group  int64
	stage  int64
	staged bool
	offset int64 // within its buffer
	slot   int   // index in its buffer's members while packing
	// anyPath: whether the member is never on an exclusive path with
	// another (analysis.Liveness.NeverExclusive), so blockers need not
	// ask: 0 not known yet (most members are never asked about), 1 yes,
	// 2 no.
	anyPath int8
}

// neverExclusive is analysis.Liveness.NeverExclusive of m, remembered.
func (s *reuser) neverExclusive(m *member) bool {
	if m.anyPath == 0 {
		m.anyPath = 2
		if s.lv.NeverExclusive(m.alloc.Results[0]) {
			m.anyPath = 1
		}
	}
	return m.anyPath == 1
}

// buffer is one allocation of the plan and the members that share it.
type buffer struct {
	members []*member // members[0] is the representative
	closed  bool
	// Indexes for packing: the members' lifetimes (ids index members),
	// and the pipeline-staged members by group.
	live   ivtree.Tree
	staged map[int64][]*member
}

func (b *buffer) size() int64 { return b.members[0].size }

// reuser is memory-reuse at work on one function.
type reuser struct {
	ctx       *pass.Context
	opts      *memoryReuseOptions
	fn        *ir.Operation
	lv        *analysis.Liveness
	members   []*member
	byAlloc   map[*ir.Value]*member
	noShare   map[[2]*member]string // rule-based refusals (both orders) and why
	partners  map[*member][]*member // the same refusals, per member
	residue   map[*member]int64
	groupTags map[int64]*ir.Operation
}

func runMemoryReuse(ctx *pass.Context, fn *ir.Operation, o *memoryReuseOptions) error {
	if ptobuf.HasRoots(fn) {
		return reusePTO(ctx, fn, o.InPlace)
	}
	if err := checkGivenAddrs(ctx, fn, "memory-reuse"); err != nil {
		return err
	}
	if fn.Body(0) == nil {
		return nil
	}
	// A wrong input plan is reported after checkPinnedSlots, which says
	// more about the commonest one.
	inputErr := checkInputPlan(ctx, fn, "memory-reuse")
	// Sharing is decided on allocation identities, and a loop carry or
	// an if result is one identity only once its tiles are on one place:
	// decided before, the fixup after could land a write on an input it
	// must not alias. Without materialize-semantic-aliases earlier, do
	// its work first (the fixup after is then a no-op but for what
	// sharing changes).
	if inputErr == nil && checkSemanticAliases(fn) != nil {
		if err := materializeSemanticAliases(ctx, fn); err != nil {
			return err
		}
		ctx.InvalidateAnalyses() // the liveness below is of the changed IR
	}
	allocs := Allocs(fn)
	if len(allocs) == 0 {
		return nil
	}
	s := &reuser{ctx: ctx, opts: o, fn: fn, lv: pass.GetAnalysis(ctx, pass.Liveness, fn), byAlloc: map[*ir.Value]*member{},
		noShare: map[[2]*member]string{}, partners: map[*member][]*member{}, residue: map[*member]int64{}, groupTags: map[int64]*ir.Operation{}}
	names := allocNames(fn)
	for i, a := range allocs {
		m := &member{alloc: a, name: strings.TrimPrefix(names[a.Results[0]], "%"), space: tile.SpaceOf(a.Results[0].Type),
			size: allocSize(a), pinned: IsPinned(a), fixed: hasAddr(a), order: i, ranges: s.lv.RootRanges(a.Results[0])}
		for u := range a.Results[0].AllUses() {
			if g, st, ok := pipelineMembership(u.Op); ok && !m.staged {
				m.group, m.stage, m.staged = g, st, true
				if _, seen := s.groupTags[g]; !seen {
					s.groupTags[g] = u.Op
				}
			}
		}
		s.members = append(s.members, m)
		s.byAlloc[a.Results[0]] = m
	}
	if err := s.checkPinnedSlots(); err != nil {
		return err
	}
	if inputErr != nil {
		return inputErr
	}
	s.computeRuleRefusals(newWriteRules(ctx, fn, s.lv.Aliases))

	bySpace := map[string][]*member{}
	var spaces []string
	for _, m := range s.members {
		if _, ok := bySpace[m.space]; !ok {
			spaces = append(spaces, m.space)
		}
		bySpace[m.space] = append(bySpace[m.space], m)
	}
	var plan []*buffer
	for _, sp := range spaces {
		bufs, err := s.packSpace(sp, bySpace[sp])
		if err != nil {
			return err
		}
		plan = append(plan, bufs...)
	}
	if planning.WantsPlans(s.ctx) {
		s.record(plan)
	}
	s.apply(plan)
	// Yield fixup and accumulator if-phis on the rebased IR.
	if err := materializeSemanticAliases(ctx, fn); err != nil {
		return err
	}
	removeUnusedAllocs(fn)
	fn.Walk(func(op *ir.Operation) bool {
		op.RemoveAttr("tile.pipeline")
		return true
	})
	if err := analysis.CheckTilePlacement(fn, placementRules(ctx, fn)); err != nil {
		return ir.NewError(fn.Loc, "memory-reuse: internal error: the sharing breaks a rule: %s", ir.AsDiagnostic(err).Msg)
	}
	return nil
}

// checkPinnedSlots: tiles the author bound to one slot of a declared
// allocation must not be live at the same time (touching is fine). Tiles
// that land there by inheritance (views, in-place results) are the same
// data and are not checked. With `slots = N` the allocation has N equal
// slots and a tile's slot is its offset divided by the slot size.
func (s *reuser) checkPinnedSlots() error {
	for _, m := range s.members {
		if !m.pinned {
			continue
		}
		slots := int64(1)
		if n, ok := m.alloc.IntAttrValue("slots"); ok && n > 0 {
			slots = n
		}
		slotSize := m.size / slots
		type bound struct {
			op   *ir.Operation
			res  *ir.Value
			slot int64
		}
		var tiles []bound
		for u := range m.alloc.Results[0].AllUses() {
			if ri, ok := tile.DestResult(u.Op, u.Index); ok {
				slot := int64(0)
				if slotSize > 0 {
					slot = tile.DestOffsetFor(u.Op, ri) / slotSize
				}
				tiles = append(tiles, bound{u.Op, u.Op.Results[ri], slot})
			}
		}
		for i, a := range tiles {
			for _, b := range tiles[i+1:] {
				if a.slot != b.slot {
					continue
				}
				ra := s.ownRanges(a.res, b.res)
				rb := s.ownRanges(b.res, a.res)
				if analysis.OverlapSets(ra, rb) {
					if ex, _ := s.lv.Exclusive(a.res, b.res); ex {
						continue
					}
					return ir.NewError(b.op.Loc, "memory-reuse: %s and %s are both bound to slot %d of the declared allocation %%%s and are live at the same time; the later write destroys data the earlier tile still needs",
						Describe(a.res), Describe(b.res), a.slot, m.name).WithNote(a.op.Loc, "the other tile is written here")
				}
			}
		}
	}
	return nil
}

// ownRanges is v's lifetime without what it shares with other (a carry or
// an if result both flow into).
func (s *reuser) ownRanges(v, other *ir.Value) []analysis.Interval {
	shared := map[*ir.Value]bool{}
	for _, w := range s.lv.Aliases.Resolve(other) {
		shared[w] = true
	}
	var out []analysis.Interval
	for _, w := range s.lv.Aliases.Resolve(v) {
		if shared[w] {
			continue
		}
		out = append(out, s.lv.Ranges(w)...)
	}
	slices.SortFunc(out, func(a, b analysis.Interval) int { return cmp.Compare(a.Start, b.Start) })
	return mergeRanges(out)
}

func mergeRanges(in []analysis.Interval) []analysis.Interval {
	var out []analysis.Interval
	for _, x := range in {
		if x.Empty() {
			continue
		}
		if n := len(out); n > 0 && x.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, x.End)
			continue
		}
		out = append(out, x)
	}
	return out
}

// computeRuleRefusals records the pairs that may never share bytes by the
// rules, in both directions and through views and in-place chains
// (allocationOf resolves them, through slices too).
func (s *reuser) computeRuleRefusals(rules *writeRules) {
	memberOf := func(v *ir.Value) *member {
		if buf, ok := allocationOf(v); ok {
			return s.byAlloc[buf]
		}
		return nil
	}
	s.fn.Walk(func(op *ir.Operation) bool {
		for _, d := range tile.Dests(op) { // each result's destination
			out := s.byAlloc[d]
			rules.refusals(op, func(_ int, in *ir.Value, why string) {
				if x := memberOf(in); out != nil && x != nil && out != x {
					if s.noShare[[2]*member{out, x}] == "" {
						s.partners[out] = append(s.partners[out], x)
						s.partners[x] = append(s.partners[x], out)
					}
					s.noShare[[2]*member{out, x}] = why
					s.noShare[[2]*member{x, out}] = why
				}
			})
		}
		return true
	})
}

// concurrentStages reports members written in different stages of one
// pipeline group that the stage guard keeps apart (different residues).
func (s *reuser) concurrentStages(a, b *member) bool {
	return a.staged && b.staged && a.group == b.group && a.stage != b.stage && s.residue[a] != s.residue[b]
}

// pack is the global first-fit-decreasing packing, optionally with the
// subrange retry. First fit depends on the order, and no one order is
// best: pack tries a few and keeps the packing with the smallest
// footprint (then the fewest buffers, then the earliest order tried), so
// the result is never worse than any of them, PyPTO's program order
// included.
func (s *reuser) pack(members []*member, guard, subranges bool) []*buffer {
	span := func(m *member) int {
		n := 0
		for _, r := range m.ranges {
			n += r.End - r.Start
		}
		return n
	}
	bySize := func(a, b *member) int { return cmp.Compare(b.size, a.size) } // larger first
	orders := []func(a, b *member) int{
		// Among equal sizes, shorter lifetimes first (they fill the gaps
		// the longer ones leave), then program order.
		func(a, b *member) int {
			if c := bySize(a, b); c != 0 {
				return c
			}
			if c := cmp.Compare(span(a), span(b)); c != 0 {
				return c
			}
			return cmp.Compare(a.order, b.order)
		},
		// PyPTO's: program order among equal sizes.
		func(a, b *member) int {
			if c := bySize(a, b); c != 0 {
				return c
			}
			return cmp.Compare(a.order, b.order)
		},
		// Longer lifetimes first: the long-lived claim their buffers
		// before the short ones scatter over them.
		func(a, b *member) int {
			if c := bySize(a, b); c != 0 {
				return c
			}
			if c := cmp.Compare(span(b), span(a)); c != 0 {
				return c
			}
			return cmp.Compare(a.order, b.order)
		},
	}
	var best []*buffer
	var bestOff []int64
	var bestFoot int64
	space := ""
	if len(members) > 0 {
		space = members[0].space
	}
	for _, less := range orders {
		order := append([]*member(nil), members...)
		slices.SortStableFunc(order, less)
		bufs := s.packOrder(order, guard, subranges)
		foot := s.footprint(space, bufs)
		if best == nil || foot < bestFoot || foot == bestFoot && len(bufs) < len(best) {
			best, bestFoot = bufs, foot
			bestOff = bestOff[:0]
			for _, m := range members {
				bestOff = append(bestOff, m.offset)
			}
		}
	}
	// Each packing leaves its offsets on the members: put the chosen
	// one's back.
	for i, m := range members {
		m.offset = bestOff[i]
	}
	return best
}

// packOrder is first-fit packing of members in the given order.
func (s *reuser) packOrder(order []*member, guard, subranges bool) []*buffer {
	var bufs []*buffer
	align := int64(32)
	if s.ctx.Target != nil && len(order) > 0 {
		align = max(align, s.ctx.Target.Alignment(order[0].space))
	}
	in := make(map[*member]*buffer, len(order)) // where each packed member went
	for _, m := range order {
		m.offset = 0
		if m.alone() {
			m.slot = 0
			bufs = append(bufs, &buffer{members: []*member{m}, closed: true})
			in[m] = bufs[len(bufs)-1]
			continue
		}
		var to *buffer
		for _, b := range bufs {
			if !b.closed && len(s.blockers(b, m, guard, in, true)) == 0 {
				to = b
				break
			}
		}
		if to == nil && subranges {
			for _, b := range bufs {
				if b.closed || b.size() <= m.size {
					continue
				}
				if off, ok := s.subrange(b, m, guard, align, in); ok {
					m.offset = off
					to = b
					break
				}
			}
		}
		if to == nil {
			to = &buffer{}
			bufs = append(bufs, to)
		}
		to.add(m, guard, s.residue)
		in[m] = to
	}
	return bufs
}

// add puts m into b and into b's indexes.
func (b *buffer) add(m *member, guard bool, residue map[*member]int64) {
	b.members = append(b.members, m)
	k := len(b.members) - 1
	m.slot = k
	for _, r := range m.ranges {
		b.live.Insert(int64(r.Start), int64(r.End), k)
	}
	if guard && m.staged {
		if b.staged == nil {
			b.staged = map[int64][]*member{}
		}
		b.staged[m.group] = append(b.staged[m.group], m)
	}
}

// blockers lists the members of b that m cannot share with, in b's
// order; with first it stops at the first. m may share with x (PyPTO's
// can_share, both directions) when they are in one space, neither is
// pinned or fixed, no rule refuses the pair, they are not concurrent pipeline
// stages (with the guard), and their lifetimes are disjoint or on
// exclusive paths (touching is fine). Instead of asking every member,
// blockers asks the indexes: members whose lifetimes
// overlap m's (then only exclusive paths allow sharing), m's rule
// refusals placed in b, and concurrent pipeline stages of m's group.
func (s *reuser) blockers(b *buffer, m *member, guard bool, in map[*member]*buffer, first bool) []*member {
	var out []*member
	// seen dedupes members found through several indexes; with first
	// the search stops at the first, so nothing needs deduping (and no
	// set is made: this runs for every member and every buffer tried).
	var seen map[int]bool
	if !first {
		seen = map[int]bool{}
	}
	block := func(k int) bool {
		if first {
			out = append(out, b.members[k])
			return false
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, b.members[k])
		}
		return true
	}
	// Non-closed buffers hold no pinned member, but a closed one (or a
	// space mismatch) blocks everything; one space and pinned members
	// alone in their buffers make the first member speak for all.
	if len(b.members) > 0 {
		if x := b.members[0]; x.alone() || m.alone() || x.space != m.space {
			return b.members
		}
	}
	for _, x := range s.partners[m] {
		if in[x] == b {
			if block(x.slot); first {
				return out
			}
		}
	}
	if guard && m.staged {
		for _, x := range b.staged[m.group] {
			if s.concurrentStages(m, x) {
				if block(x.slot); first {
					return out
				}
			}
		}
	}
	for _, r := range m.ranges {
		done := b.live.Overlapping(int64(r.Start), int64(r.End), func(_, _ int64, k int) bool {
			if seen[k] {
				return true
			}
			if x := b.members[k]; !s.neverExclusive(m) && !s.neverExclusive(x) {
				if ex, _ := s.lv.Exclusive(m.alloc.Results[0], x.alloc.Results[0]); ex {
					return true
				}
			}
			return block(k)
		})
		if !done {
			return out
		}
	}
	if !first {
		// b's order, as a scan of b.members would list them.
		slices.SortFunc(out, func(x, y *member) int { return cmp.Compare(x.slot, y.slot) })
	}
	return out
}

// subrange finds the lowest aligned offset in b where m fits without
// touching the bytes of a member it cannot share with.
func (s *reuser) subrange(b *buffer, m *member, guard bool, align int64, in map[*member]*buffer) (int64, bool) {
	var blocked [][2]int64
	for _, x := range s.blockers(b, m, guard, in, false) {
		blocked = append(blocked, [2]int64{x.offset, x.offset + x.size})
	}
	slices.SortFunc(blocked, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
	off := int64(0)
	for _, r := range blocked {
		if off+m.size <= r[0] {
			break
		}
		if r[1] > off {
			off = (r[1] + align - 1) / align * align
		}
	}
	if off+m.size <= b.size() {
		return off, true
	}
	return 0, false
}

// footprint is the exact bytes allocate-addr's sequential planner would
// use for these buffers (the same planner, so the numbers agree).
func (s *reuser) footprint(space string, bufs []*buffer) int64 {
	p := &planner.Problem{Pools: []planner.Pool{{Name: space}}}
	if s.ctx.Target != nil {
		if sp := s.ctx.Target.Space(space); sp != nil {
			for _, r := range sp.Reserved {
				p.Pools[0].Reserved = append(p.Pools[0].Reserved, planner.Interval{Start: r[0], End: r[1]})
			}
		}
	}
	for _, b := range bufs {
		al := int64(32)
		if s.ctx.Target != nil {
			al = s.ctx.Target.Alignment(space)
		}
		p.Buffers = append(p.Buffers, planner.Buffer{Name: b.members[0].name, Size: b.size(), Align: al, Live: []planner.Interval{{Start: 0, End: 1}}})
	}
	if len(p.Buffers) == 0 {
		return 0
	}
	res, err := planner.Solve("sequential", p, planner.Options{})
	if err != nil {
		return 1 << 62
	}
	return res.Peak[0]
}

// packSpace runs the capacity-gated packing of one memory space.
func (s *reuser) packSpace(space string, members []*member) ([]*buffer, error) {
	capacity := int64(0)
	if s.ctx.Target != nil {
		capacity = s.ctx.Target.Capacity(space)
	}
	subOK := s.opts.Subranges && !s.hasDynamicOffsets(space)

	// Pipeline groups present in this space: requested depth, slot size,
	// dense stage ordinals.
	type group struct {
		id        int64
		stages    []int64
		slot      int64
		requested int64
		depth     int64
	}
	groups := map[int64]*group{}
	for _, m := range members {
		if !m.staged {
			continue
		}
		g := groups[m.group]
		if g == nil {
			g = &group{id: m.group}
			groups[m.group] = g
		}
		if !slices.Contains(g.stages, m.stage) {
			g.stages = append(g.stages, m.stage)
		}
		g.slot = max(g.slot, m.size)
	}
	var ids []int64
	for id, g := range groups {
		slices.Sort(g.stages)
		g.requested = int64(len(g.stages))
		g.depth = g.requested
		if capacity > 0 && g.slot > 0 {
			g.depth = max(1, min(g.requested, capacity/g.slot))
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	assign := func() {
		for _, m := range members {
			if g := groups[m.group]; m.staged && g != nil {
				ord := int64(0)
				for i, st := range g.stages {
					if st == m.stage {
						ord = int64(i)
					}
				}
				s.residue[m] = ord % g.depth
			}
		}
	}
	try := func(guard bool) ([]*buffer, bool) {
		assign()
		bufs := s.pack(members, guard, false)
		if capacity == 0 || s.footprint(space, bufs) <= capacity {
			return bufs, true
		}
		if subOK {
			sub := s.pack(members, guard, true)
			if s.footprint(space, sub) <= capacity {
				return sub, true
			}
			// pack keeps each member's offset on the member: packing again
			// puts back the offsets of the packing returned (the subrange
			// one left offsets that overflow whole-buffer members).
			bufs = s.pack(members, guard, false)
		}
		return bufs, false
	}
	bufs, ok := try(true)
	for !ok {
		// Shed: lower the depth of the group whose residue frees the most
		// bytes (ties: lowest group id).
		var pick *group
		for _, id := range ids {
			g := groups[id]
			if g.depth > 1 && (pick == nil || g.slot > pick.slot) {
				pick = g
			}
		}
		if pick == nil {
			break
		}
		pick.depth--
		bufs, ok = try(true)
	}
	for _, id := range ids {
		g := groups[id]
		if g.depth < g.requested {
			at := s.groupTags[id]
			s.ctx.Remark(at.Loc, "PH-MR-001: pipeline group %d asks for %d concurrent stages in memory space '%s' but only %d fit (per-stage tile %d bytes, capacity %d bytes): stages will serialise; shrink the per-stage tile to at most %d bytes or lower stage= to %d",
				id, g.requested, space, g.depth, g.slot, capacity, capacity/max(g.requested, 1), g.depth)
		}
	}
	if !ok && len(groups) > 0 {
		// Legacy fallback: pack without the pipeline guard.
		legacy := s.pack(members, false, false)
		if subOK && s.footprint(space, legacy) > capacity {
			legacy = s.pack(members, false, true)
		}
		bufs = legacy
		tooBig := false
		for _, m := range members {
			if m.size > capacity {
				tooBig = true
			}
		}
		if !tooBig {
			at := s.groupTags[ids[0]]
			s.ctx.Warning(at.Loc, "memory-reuse: memory space '%s' overflows its %d bytes even with every pipeline group at depth 1; falling back to the legacy packing, which lets pipeline stages share buffers", space, capacity)
		}
	}
	return bufs, nil
}

// hasDynamicOffsets reports a tile of the space at a runtime offset (a
// slice with SSA offset operands); subdivision is then disabled for the
// whole space, so compacting roots cannot turn into wrong addresses.
func (s *reuser) hasDynamicOffsets(space string) bool {
	found := false
	s.fn.Walk(func(op *ir.Operation) bool {
		if op.Has(ir.ViewLike) && len(op.Results) > 0 && tileSpace(op.Results[0]) == space {
			for _, x := range op.Operands[1:] {
				if _, isTile := x.Type.(*tile.Type); !isTile {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// apply rebases every member onto its buffer's representative: the
// largest member (the first packed), the earliest allocation among equals.
func (s *reuser) apply(plan []*buffer) {
	var dead []*ir.Operation
	defer func() { eraseOps(dead) }()
	for _, b := range plan {
		for i, m := range b.members {
			r := b.members[0]
			if m.size == r.size && m.offset == 0 && m.order < r.order {
				b.members[0], b.members[i] = m, r
			}
		}
		rep := b.members[0]
		for _, m := range b.members[1:] {
			for _, u := range m.alloc.Results[0].Uses() {
				if ri, ok := tile.DestResult(u.Op, u.Index); ok {
					tile.SetDestFor(u.Op, ri, rep.alloc.Results[0], m.offset+tile.DestOffsetFor(u.Op, ri))
				}
			}
			s.ctx.Stat("num-shared", 1)
			s.ctx.Stat("bytes-saved", m.size)
			if !m.alloc.Results[0].HasUses() {
				dead = append(dead, m.alloc)
			}
		}
	}
}

// record keeps the sharing decision for --memory-report: one buffer per
// surviving allocation with the allocations merged into it, laid out as the
// sequential allocator will lay them out.
func (s *reuser) record(plan []*buffer) {
	p := &planner.Problem{}
	pools := map[string]int{}
	var locs []string
	var members [][]string
	var bufs []*buffer
	for _, b := range plan {
		rep := b.members[0]
		pool, ok := pools[rep.space]
		if !ok {
			pool = len(p.Pools)
			pools[rep.space] = pool
			pl := planner.Pool{Name: rep.space}
			if s.ctx.Target != nil {
				pl.Capacity = s.ctx.Target.Capacity(rep.space)
			}
			p.Pools = append(p.Pools, pl)
		}
		var live []analysis.Interval
		var names []string
		for _, m := range b.members {
			live = append(live, m.ranges...)
			names = append(names, "%"+m.name)
		}
		slices.SortFunc(live, func(a, b analysis.Interval) int { return cmp.Compare(a.Start, b.Start) })
		// A closed buffer (declared or at a given address) shares with
		// nothing: one flag, not a pair with every other buffer.
		pb := planner.Buffer{Name: "%" + rep.name, Size: b.size(), Align: 32, Pool: pool, Exclusive: b.closed}
		for _, r := range mergeRanges(live) {
			pb.Live = append(pb.Live, planner.Interval{Start: int64(r.Start), End: int64(r.End)})
		}
		if len(pb.Live) == 0 {
			pb.Live = []planner.Interval{{Start: 0, End: 1}}
		}
		p.Buffers = append(p.Buffers, pb)
		locs = append(locs, planning.Loc(rep.alloc.Loc))
		members = append(members, names)
		bufs = append(bufs, b)
	}
	if len(p.Buffers) == 0 {
		return
	}
	res, err := planner.Solve("sequential", p, planner.Options{})
	if err != nil {
		return
	}
	// Kept apart by a rule rather than by lifetime: report the reason.
	for i, a := range bufs {
		for j := i + 1; j < len(bufs); j++ {
			if p.Buffers[i].Pool != p.Buffers[j].Pool || a.closed || bufs[j].closed {
				continue
			}
			why := ""
			for _, x := range a.members {
				for _, y := range bufs[j].members {
					if w := s.noShare[[2]*member{x, y}]; w != "" {
						why = w
					} else if s.concurrentStages(x, y) {
						why = reasonPipelineStage
					}
				}
			}
			if why != "" {
				p.Separations = append(p.Separations, planner.Separation{A: i, B: j, Reason: why})
			}
		}
	}
	planning.RecordPlan(s.ctx, planReport(s.fn, "memory-reuse", "ffd", p, res.Solution, locs, members))
}

// alone reports a member that shares its allocation with no other:
// declared (pinned) or placed by the input (fixed).
func (m *member) alone() bool { return m.pinned || m.fixed }

func hasAddr(a *ir.Operation) bool {
	_, ok := tile.AllocAddr(a)
	return ok
}
