// Package ptoas reproduces the placement half of ptoas's PlanMemory
// pass (lib/PTO/Transforms/PTOPlanMemory.cpp in hw-native-sys/PTOAS), the
// planner ptoas runs on a kernel whose tiles carry no addresses. pto-opt
// uses it to tell, before handing ptoas such a kernel, whether ptoas's
// planner will find room: ptoas's liveness is coarser than pto-opt's, so
// a kernel pto-opt's own planners fit can still overflow in ptoas.
//
// The input is what ptoas's liveness produces: per memory space, buffers
// in the order ptoas creates their storage entries (the order of their
// first definition in its linearised IR), each with a size in bits and
// one closed lifetime [Gen, Kill] of linear positions (Kill = -1 when
// ptoas never sees the buffer die, which makes it overlap nothing).
//
// What ptoas does with them, and so what Plan does:
//
//   - When the sizes, each rounded up to the space's alignment, sum to
//     less than the capacity, the buffers are laid out one after another
//     and nothing is reused.
//   - Otherwise every buffer, in order, goes at the lowest offset of the
//     free-memory outline whose run of outline pieces is big enough and
//     whose pieces hold no buffer with an overlapping lifetime. ptoas
//     tries three "speculative levels" per buffer; without multi-buffered
//     or DMA/scalar-touched buffers (pto-opt emits neither) level 2 places
//     exactly as level 0 and level 1 never places, so a placement differs
//     only in being recorded as undoable (level 2) or not (level 0).
//   - When a buffer finds no place, placements are undone back to the
//     last undoable one that leaves room, which is retried one level
//     lower at another offset; when nothing is left to undo, planning
//     restarts once with the outline split at piece boundaries; after
//     that ptoas gives up.
//   - On giving up it reports the bytes a level-0-only plan into unbounded
//     memory needs (its "requires N bits" figure).
//
// The search is deterministic and bounded by work (MaxSteps), never by
// time. The arithmetic is the same in any unit: ptoas counts bits, and
// planner.Solve's "ptoas" algorithm, which runs Plan on a planner problem
// (no IR), passes bytes.
package ptoas

import (
	"math"
	"sort"
)

// Buffer is one buffer of a memory space as ptoas's liveness sees it.
type Buffer struct {
	Bits uint64 // size in bits, before alignment
	Gen  int64  // linear position of its first definition
	Kill int64  // linear position after which it is dead; -1: never killed
	// ID names the buffer in Conflicts (ptoas's semantic conflict pairs:
	// an instruction's scratch and its destination never share bytes).
	ID int
}

// Result is the outcome of planning one space.
type Result struct {
	Fits bool
	// Offsets are the bit offsets of the buffers: where ptoas puts them
	// when Fits, otherwise where its level-0 plan into unbounded memory
	// does (the plan RequiredBits measures; none when Undecided).
	Offsets []uint64
	// RequiredBits is, when it does not fit, the figure ptoas reports.
	RequiredBits uint64
	// Undecided: the search exceeded MaxSteps (ptoas would go on).
	Undecided bool
}

// MaxSteps bounds the placement attempts of one Plan call.
const MaxSteps = 1 << 20

// Plan places bufs into a space of capAlignBits capacity (bits) with every
// size rounded up to alignBits, as ptoas does. conflicts lists ID pairs
// that must not share bytes even when their lifetimes do not overlap.
func Plan(bufs []Buffer, capBits, alignBits uint64, conflicts [][2]int) Result {
	if len(bufs) == 0 {
		return Result{Fits: true}
	}
	p := &planner{capBits: capBits, align: max(alignBits, 1), conflicts: map[[2]int]bool{}}
	for _, c := range conflicts {
		p.conflicts[[2]int{min(c[0], c[1]), max(c[0], c[1])}] = true
	}
	for i, b := range bufs {
		p.entries = append(p.entries, &entry{idx: i, id: b.ID, bits: b.Bits, lives: []life{{b.ID, b.Gen, b.Kill}}})
	}
	root := p.entries[0]
	if len(p.entries) == 1 {
		need := alignUp(root.bits, p.align)
		if need > capBits {
			return Result{RequiredBits: need, Offsets: []uint64{0}}
		}
		return Result{Fits: true, Offsets: []uint64{0}}
	}
	// Enough room for all without reuse: laid out in order.
	var total uint64
	for _, e := range p.entries {
		total = satAdd(total, alignUp(e.bits, p.align))
	}
	if total < capBits {
		var off uint64
		offs := make([]uint64, len(p.entries))
		for i, e := range p.entries {
			offs[i] = off
			off += alignUp(e.bits, p.align)
		}
		return Result{Fits: true, Offsets: offs}
	}
	ok, undecided := p.planWithReuse(capBits)
	if undecided {
		return Result{Undecided: true}
	}
	if ok {
		return Result{Fits: true, Offsets: p.offsets()}
	}
	need, undecided := p.levelZeroNeed()
	if undecided {
		return Result{Undecided: true}
	}
	return Result{RequiredBits: need, Offsets: p.offsets()}
}

// offsets are the entries' offsets, in input order.
func (p *planner) offsets() []uint64 {
	offs := make([]uint64, len(p.entries))
	for i, e := range p.entries {
		offs[i] = e.offset
	}
	return offs
}

// The speculative levels.
const (
	level0 = 0
	level1 = 1
	level2 = 2
)

type life struct {
	id          int
	alloc, free int64
}

type entry struct {
	idx, id  int
	bits     uint64
	aligned  uint64
	lives    []life
	offset   uint64
	childIdx int
}

// bound is one piece of the outline: a byte range and the lifetimes of
// the buffers placed in it so far.
type bound struct {
	lives          []life
	offset, extent uint64
	last           *entry
}

// record is one placement, enough to undo it.
type record struct {
	level, childIdx int
	tailed          bool
	splitNums       int
	e               *entry
	first           *bound
	replaced        []*bound
}

type specInfo struct {
	maxLevel, minLevel, specLevel int
	childIdx, specStartIdx        int
	rollbackIdx                   int
	rollbackAddr                  uint64
}

func newSpecInfo() specInfo {
	return specInfo{maxLevel: level2, minLevel: level0, specLevel: level2, childIdx: -1, rollbackIdx: -1, rollbackAddr: math.MaxUint64}
}

type planner struct {
	capBits, align uint64
	entries        []*entry // entries[0] is ptoas's root storage entry
	conflicts      map[[2]int]bool
	splitOutline   bool
	steps          int
}

func (p *planner) children() []*entry { return p.entries[1:] }

// planWithReuse is PlanMemAddressOfWholeLocalBuffer for one space.
func (p *planner) planWithReuse(maxBits uint64) (ok, undecided bool) {
	outline := []*bound{{offset: 0, extent: maxBits}}
	var his []*record
	si := newSpecInfo()
	n := len(p.children())
	cur := p.entries[0]
	for si.childIdx < n {
		if p.steps > MaxSteps {
			return false, true
		}
		cur.aligned = alignUp(cur.bits, p.align)
		cur.childIdx = si.childIdx
		if !p.multiSpecPlan(&si, &outline, &his, cur) {
			enough := p.rollBack(&si, &outline, &his, cur.aligned, maxBits)
			_ = enough
			switch {
			case si.specLevel > level0 && si.childIdx >= 0:
				si.specLevel--
			case !p.splitOutline:
				p.splitOutline = true
				si = newSpecInfo()
				cur = p.entries[0]
				continue
			default:
				return false, false
			}
		}
		if si.childIdx >= n {
			break
		}
		cur = p.children()[si.childIdx]
	}
	return true, false
}

// levelZeroNeed is PlanMemAddressForLevel0: the same placement with
// level 0 only into unbounded memory, and the highest end it reaches.
func (p *planner) levelZeroNeed() (uint64, bool) {
	outline := []*bound{{offset: 0, extent: math.MaxUint64}}
	var his []*record
	si := newSpecInfo()
	si.specLevel, si.maxLevel = level0, level0
	n := len(p.children())
	cur := p.entries[0]
	for si.childIdx < n {
		if p.steps > 2*MaxSteps {
			return 0, true
		}
		cur.aligned = alignUp(cur.bits, p.align)
		cur.childIdx = si.childIdx
		before := si.childIdx
		p.multiSpecPlan(&si, &outline, &his, cur)
		if si.childIdx == before {
			return 0, true // ptoas would loop here forever
		}
		if si.childIdx >= n {
			break
		}
		cur = p.children()[si.childIdx]
	}
	need := p.entries[0].aligned
	for _, c := range p.children() {
		need = max(need, c.offset+c.aligned)
	}
	return need, false
}

func (p *planner) multiSpecPlan(si *specInfo, outline *[]*bound, his *[]*record, e *entry) bool {
	for lv := si.specLevel; lv >= si.minLevel; lv-- {
		if p.specAlloc(outline, his, e, si, lv) {
			if si.childIdx == si.specStartIdx {
				si.specLevel = si.maxLevel
			}
			si.childIdx++
			return true
		}
	}
	return false
}

func (p *planner) specAlloc(outline *[]*bound, his *[]*record, e *entry, si *specInfo, lv int) bool {
	p.steps++
	for _, r := range *his {
		if r.e == e {
			return true // already placed
		}
	}
	ol := *outline
	for s := 0; s < len(ol); s++ {
		var size uint64
		allocOffset := ol[s].offset
		for end := s; end < len(ol); end++ {
			last := ol[end]
			size += last.extent
			if (e.childIdx == si.rollbackIdx && allocOffset == si.rollbackAddr) || p.conflict(e, last) {
				s = end
				break
			}
			if size < e.aligned {
				continue
			}
			if lv == level1 {
				// Level 1 pairs a buffer with a multi-buffered one's
				// second copy; without multi-buffering it never places.
				break
			}
			e.offset = allocOffset
			p.updateOutline(outline, his, e, s, end, size, lv)
			return true
		}
	}
	return false
}

// conflict is VerifyConflictStage0: a semantic conflict pair or an
// overlapping lifetime with a buffer already in the piece.
func (p *planner) conflict(e *entry, b *bound) bool {
	if len(p.conflicts) > 0 {
		for _, l := range b.lives {
			if l.id != e.id && p.conflicts[[2]int{min(l.id, e.id), max(l.id, e.id)}] {
				return true
			}
		}
	}
	return overlap(e.lives, b.lives)
}

// overlap is GetOverlapBufferLife's two-pointer walk over sorted lives.
func overlap(b1, b2 []life) bool {
	i, j := 0, 0
	for i < len(b1) && j < len(b2) {
		lo := max(b1[i].alloc, b2[j].alloc)
		hi := min(b1[i].free, b2[j].free)
		if lo <= hi {
			return true
		}
		if b1[i].free < b2[j].free {
			i++
		} else {
			j++
		}
	}
	return false
}

// mergeLives is MergeBufferVec: sorted by (alloc, free), runs that touch
// or overlap joined, each run keeping its first buffer's name.
func mergeLives(ls []life) []life {
	if len(ls) == 0 {
		return ls
	}
	sort.SliceStable(ls, func(i, j int) bool {
		if ls[i].alloc == ls[j].alloc {
			return ls[i].free < ls[j].free
		}
		return ls[i].alloc < ls[j].alloc
	})
	out := make([]life, 0, len(ls))
	cur := ls[0]
	for _, l := range ls[1:] {
		if l.alloc <= cur.free+1 {
			cur.free = max(cur.free, l.free)
		} else {
			out = append(out, cur)
			cur = l
		}
	}
	return append(out, cur)
}

// updateOutline replaces the pieces s..end by the placed buffer's piece(s)
// and what is left of the last piece, and records the placement.
func (p *planner) updateOutline(outline *[]*bound, his *[]*record, e *entry, s, end int, size uint64, lv int) {
	ol := *outline
	res := size - e.aligned
	last := ol[end]
	var split []*bound
	if p.splitOutline {
		for i := s; i <= end; i++ {
			lives := mergeLives(append(append([]life(nil), e.lives...), ol[i].lives...))
			ext := ol[i].extent
			if i == end {
				ext = e.offset + e.aligned - ol[i].offset
			}
			split = append(split, &bound{lives: lives, offset: ol[i].offset, extent: ext, last: e})
		}
	} else {
		lives := append([]life(nil), e.lives...)
		for i := s; i <= end; i++ {
			lives = append(lives, ol[i].lives...)
		}
		split = append(split, &bound{lives: mergeLives(lives), offset: e.offset, extent: e.aligned, last: e})
	}
	repl := append([]*bound(nil), split...)
	if res > 0 {
		repl = append(repl, &bound{lives: last.lives, offset: last.offset + last.extent - res, extent: res, last: last.last})
	}
	replaced := append([]*bound(nil), ol[s:end+1]...)
	next := make([]*bound, 0, len(ol)-len(replaced)+len(repl))
	next = append(next, ol[:s]...)
	next = append(next, repl...)
	next = append(next, ol[end+1:]...)
	*outline = next
	*his = append(*his, &record{level: lv, childIdx: e.childIdx, tailed: res > 0, splitNums: len(split), e: e, first: split[0], replaced: replaced})
}

// rollBack is RollBackForAllocFail: undo placements, newest first, up to
// the newest undoable one whose old offset leaves room for the buffer
// that failed (failBits).
func (p *planner) rollBack(si *specInfo, outline *[]*bound, his *[]*record, failBits, maxBits uint64) bool {
	if len(*his) == 0 || len(*outline) == 0 {
		return false
	}
	if si.childIdx > si.specStartIdx {
		si.specStartIdx = si.childIdx
	}
	for len(*his) > 0 {
		r := p.undo(outline, his)
		si.childIdx = r.childIdx
		si.specLevel = r.level
		if si.specLevel > si.minLevel {
			if si.childIdx == -1 {
				si.rollbackAddr = math.MaxUint64
			} else {
				si.rollbackAddr = p.children()[si.childIdx].offset
			}
			si.rollbackIdx = si.childIdx
			// Unsigned, as ptoas computes it (MaxUint64 wraps).
			if si.rollbackAddr+failBits > maxBits {
				continue
			}
			return true
		}
	}
	return false
}

// undo is RollbackOutline: the newest placement's pieces go back to what
// they replaced.
func (p *planner) undo(outline *[]*bound, his *[]*record) *record {
	h := *his
	r := h[len(h)-1]
	*his = h[:len(h)-1]
	ol := *outline
	at := -1
	for i, b := range ol {
		if b == r.first {
			at = i
			break
		}
	}
	if at < 0 {
		return r
	}
	n := r.splitNums
	if r.tailed {
		n++
	}
	next := make([]*bound, 0, len(ol)-n+len(r.replaced))
	next = append(next, ol[:at]...)
	next = append(next, r.replaced...)
	next = append(next, ol[min(at+n, len(ol)):]...)
	*outline = next
	return r
}

func alignUp(v, a uint64) uint64 {
	if a <= 1 {
		return v
	}
	r := v % a
	if r == 0 {
		return v
	}
	return satAdd(v, a-r)
}

func satAdd(a, b uint64) uint64 {
	if a > math.MaxUint64-b {
		return math.MaxUint64
	}
	return a + b
}
