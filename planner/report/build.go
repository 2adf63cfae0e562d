package report

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/planner"
)

// Options carry what FromProblem cannot find in a planner problem.
type Options struct {
	// Locs gives each buffer's source location ("" for none), indexed
	// like Problem.Buffers.
	Locs []string
	// Members gives, per buffer, the names of what shares it.
	Members [][]string
	// MemberSizes gives, per buffer, the sizes of its Members, when a
	// pass formed the buffers by merging them: without sharing each
	// would have bytes of its own, which is what NoSharing then counts.
	MemberSizes [][]int64
	// MaxLifetimePairs caps the pairs refused for their lifetimes alone
	// that a space lists (they can run into the millions): 0 means
	// DefaultMaxLifetimePairs, a negative number no cap. Counts are
	// always complete.
	MaxLifetimePairs int
	// Points names the op at each program point ("tile.add at
	// k.mlir:5:8"), indexed by point: refused pairs then say where
	// (Pair.At). Nil: they do not.
	Points []string
	// Loops are the function's loops, outer before inner: buffers living
	// through one are marked (Buffer.AcrossLoops).
	Loops []Loop
}

// DefaultMaxLifetimePairs is the default of Options.MaxLifetimePairs.
const DefaultMaxLifetimePairs = 10000

// reasonOf maps a planner separation reason to a report reason. The tile
// passes (memory-reuse and allocate-addr) write the planner's names,
// semantic_no_alias, target_hazard, pipeline_stage, pinned and
// partial_overlap (transforms/tile/rules.go); a problem file written by
// hand may also use the report's own names, which map to themselves.
var reasonOf = map[string]string{
	"semantic_no_alias": ReasonNoAlias,
	"partial_overlap":   ReasonNoAlias, // an output over part of an input
	"target_hazard":     ReasonHazard,
	"cross_pipe":        ReasonHazard,
	"pipeline_stage":    ReasonPipeline,
	"generic":           ReasonOther,
	ReasonNoAlias:       ReasonNoAlias,
	ReasonHazard:        ReasonHazard,
	ReasonPinned:        ReasonPinned, // planner's "pinned" too
	ReasonPipeline:      ReasonPipeline,
	ReasonLifetime:      ReasonLifetime,
	ReasonOther:         ReasonOther,
}

// reasonBit numbers the reasons for sets kept as bit masks.
func reasonBit(r string) uint8 {
	for i, x := range Reasons {
		if x == r {
			return 1 << i
		}
	}
	return 1 << (len(Reasons) - 1)
}

func reasonList(mask uint8) []string {
	var out []string
	for i, r := range Reasons {
		if mask&(1<<i) != 0 {
			out = append(out, r)
		}
	}
	return out
}

// FromProblem builds the report of one function (or problem) planned by
// pass with algorithm: one Space per pool that has buffers, in pool order,
// its buffers in problem order.
func FromProblem(name, pass, algorithm string, p *planner.Problem, sol planner.Solution, opt Options) Function {
	f := Function{Name: name, Pass: pass, Algorithm: algorithm, Points: opt.Points, Loops: opt.Loops}
	p = closeColocations(p)
	peak := planner.Peak(p, sol)
	lb := lowerBounds(p, false)
	byPool := make([][]int, len(p.Pools))
	for i := range p.Buffers {
		byPool[p.Buffers[i].Pool] = append(byPool[p.Buffers[i].Pool], i)
	}
	for pool, pl := range p.Pools {
		idx := byPool[pool]
		if len(idx) == 0 {
			continue
		}
		s := Space{Name: pl.Name, Capacity: pl.Capacity, Peak: peak[pool], LowerBound: lb[pool]}
		for _, r := range pl.Reserved {
			s.Reserved = append(s.Reserved, [2]int64{r.Start, r.End})
		}
		for _, i := range idx {
			b := &p.Buffers[i]
			rb := Buffer{Name: b.Name, Size: b.Size, Align: b.Align, Offset: sol.Offsets[i], End: satAdd(sol.Offsets[i], b.Size), Pinned: b.Pinned}
			for _, l := range b.Live {
				rb.Live = append(rb.Live, [2]int64{l.Start, l.End})
			}
			if i < len(opt.Locs) {
				rb.Loc = opt.Locs[i]
			}
			if i < len(opt.Members) {
				rb.Members = opt.Members[i]
			}
			rb.AcrossLoops = acrossLoops(b.Live, opt.Loops)
			s.Buffers = append(s.Buffers, rb)
		}
		s.NoSharing = noSharing(p, pool, idx, opt.MemberSizes)
		s.BytesSaved = s.NoSharing - s.Peak
		refusals(p, pool, idx, opt.MaxLifetimePairs, &s, opt.Points)
		for _, q := range p.Penalties {
			if p.Buffers[q.A].Pool != pool {
				continue
			}
			sp := SoftPair{A: p.Buffers[q.A].Name, B: p.Buffers[q.B].Name, Cost: q.Cost, Shared: bytesOverlap(p, sol, q.A, q.B)}
			if sp.Shared {
				s.ReuseCost = satAdd(s.ReuseCost, q.Cost)
			}
			s.Soft = append(s.Soft, sp)
		}
		f.Spaces = append(f.Spaces, s)
	}
	return f
}

// acrossLoops lists the loops whose whole span one live interval covers:
// the buffer's bytes are kept from each iteration to the next. Intervals
// are not joined where they touch: a buffer memory-reuse gave to several
// tiles, one after the other in the loop body, keeps none of them across
// the back edge.
func acrossLoops(live []planner.Interval, loops []Loop) []int {
	var out []int
	for k, l := range loops {
		if l.Span[0] >= l.Span[1] {
			continue
		}
		for _, iv := range live {
			if iv.Start <= l.Span[0] && l.Span[1] <= iv.End {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

// LowerBounds returns, per pool, the lower bound on the peak that reports
// state: planner.LowerBound, except in pools with temporally exclusive
// pairs, where that sum of live sizes may exceed what a valid placement
// reaches (exclusive buffers may share bytes) and exclusiveLowerBound
// counts only buffers that must be disjoint. pto-plan --stats prints
// these, so its figures and the report's agree.
func LowerBounds(p *planner.Problem) []int64 { return lowerBounds(p, true) }

func lowerBounds(p *planner.Problem, close bool) []int64 {
	if close {
		p = closeColocations(p)
	}
	lb := planner.LowerBound(p)
	byPool := make([][]int, len(p.Pools))
	for i := range p.Buffers {
		byPool[p.Buffers[i].Pool] = append(byPool[p.Buffers[i].Pool], i)
	}
	for pool := range lb {
		if hasExclusions(p, pool) {
			lb[pool] = exclusiveLowerBound(p, byPool[pool])
		}
	}
	return lb
}

// closeColocations returns p with its colocations closed transitively
// into disjoint classes, as planner's algorithms read them (the schema
// lists pairs, and pairs may chain); p itself when it has none.
func closeColocations(p *planner.Problem) *planner.Problem {
	if len(p.Colocations) == 0 {
		return p
	}
	q := *p
	q.Colocations = planner.ColocationClasses(p)
	return &q
}

func bytesOverlap(p *planner.Problem, sol planner.Solution, i, j int) bool {
	a, b := &p.Buffers[i], &p.Buffers[j]
	if i == j || a.Size == 0 || b.Size == 0 {
		return false
	}
	oa, ob := sol.Offsets[i], sol.Offsets[j]
	return oa < satAdd(ob, b.Size) && ob < satAdd(oa, a.Size)
}

func hasExclusions(p *planner.Problem, pool int) bool {
	for _, t := range p.TemporalExclusions {
		if p.Buffers[t[0]].Pool == pool && t[0] != t[1] {
			return true
		}
	}
	return false
}

// exclusiveLowerBound is a lower bound when some pairs are temporally
// exclusive (may share bytes although both are live at one point), where
// summing every live buffer would overestimate. At each point where a
// buffer becomes live it takes, largest first, the live buffers that are
// not exclusive with one already taken: they must be pairwise disjoint, so
// their sizes add up to a bound. A colocation class stands for its largest
// live member.
func exclusiveLowerBound(p *planner.Problem, idx []int) int64 {
	excl := map[uint64]bool{}
	for _, t := range p.TemporalExclusions {
		excl[planner.PairKey(t[0], t[1])] = true
	}
	class := map[int]int{}
	for k, c := range p.Colocations {
		for _, i := range c {
			class[i] = k
		}
	}
	// Sweep: the buffers live at each point where one becomes live.
	var sized []int
	for _, i := range idx {
		if p.Buffers[i].Size != 0 {
			sized = append(sized, i)
		}
	}
	evs := lifetimeEvents(sized, mergedLive(p))
	active := map[int]bool{}
	var best int64
	for k := 0; k < len(evs); {
		t, started := evs[k].t, false
		for ; k < len(evs) && evs[k].t == t; k++ {
			if evs[k].start {
				active[evs[k].buf] = true
				started = true
			} else {
				delete(active, evs[k].buf)
			}
		}
		if started {
			best = max(best, greedyDisjoint(p, active, class, excl))
		}
	}
	return best
}

// greedyDisjoint sums, largest first, the live buffers that are not
// exclusive with one already taken, a colocation class standing for its
// largest live member: they must all be disjoint.
func greedyDisjoint(p *planner.Problem, active map[int]bool, class map[int]int, excl map[uint64]bool) int64 {
	rep := map[int]int{} // identity -> buffer
	for i := range active {
		id := -1 - i
		if k, ok := class[i]; ok {
			id = k
		}
		if j, ok := rep[id]; !ok || p.Buffers[i].Size > p.Buffers[j].Size || p.Buffers[i].Size == p.Buffers[j].Size && i < j {
			rep[id] = i
		}
	}
	cand := make([]int, 0, len(rep))
	for _, i := range rep {
		cand = append(cand, i)
	}
	slices.SortFunc(cand, func(a, b int) int {
		if c := cmp.Compare(p.Buffers[b].Size, p.Buffers[a].Size); c != 0 {
			return c // larger first
		}
		return cmp.Compare(a, b)
	})
	var taken []int
	var sum int64
next:
	for _, i := range cand {
		for _, j := range taken {
			if excl[planner.PairKey(i, j)] {
				continue next
			}
		}
		taken = append(taken, i)
		sum = satAdd(sum, p.Buffers[i].Size)
	}
	return sum
}

// noSharing is the peak of the placement that shares nothing: every
// storage identity (a buffer, or a colocation class at its largest
// member) in buffer order at the lowest multiple of its alignment at or
// above the end of the previous one that keeps clear of reserved ranges
// and pinned buffers, which keep their offsets. It is planner's "trivial"
// placement. A buffer with member sizes stands for its members, one
// identity each, with the buffer's alignment.
func noSharing(p *planner.Problem, pool int, idx []int, memberSizes [][]int64) int64 {
	type unit struct {
		size, align, offset int64
		pinned              bool
	}
	var units []unit
	classUnit := map[int]int{}
	classOf := map[int]int{}
	for k, c := range p.Colocations {
		for _, i := range c {
			classOf[i] = k
		}
	}
	for _, i := range idx {
		b := &p.Buffers[i]
		k, inClass := classOf[i]
		if inClass {
			if u, ok := classUnit[k]; ok {
				units[u].size = max(units[u].size, b.Size)
				units[u].align = lcm(units[u].align, b.Align)
				if b.Pinned {
					units[u].pinned, units[u].offset = true, b.Offset
				}
				continue
			}
			classUnit[k] = len(units)
		}
		if i < len(memberSizes) && len(memberSizes[i]) > 0 && !b.Pinned && !inClass {
			for _, size := range memberSizes[i] {
				units = append(units, unit{size: size, align: max(b.Align, 1)})
			}
			continue
		}
		units = append(units, unit{size: b.Size, align: max(b.Align, 1), offset: b.Offset, pinned: b.Pinned})
	}
	var obstacles []planner.Interval
	for _, r := range p.Pools[pool].Reserved {
		if r.Start < r.End {
			obstacles = append(obstacles, r)
		}
	}
	var peak int64
	for _, u := range units {
		if u.pinned && u.size > 0 {
			obstacles = append(obstacles, planner.Interval{Start: u.offset, End: satAdd(u.offset, u.size)})
			peak = max(peak, satAdd(u.offset, u.size))
		}
	}
	slices.SortFunc(obstacles, func(a, b planner.Interval) int { return cmp.Compare(a.Start, b.Start) })
	var cur int64
	for _, u := range units {
		if u.pinned {
			continue
		}
		off := planner.AlignUp(cur, u.align)
		if u.size > 0 {
			for _, o := range obstacles {
				if o.Start < satAdd(off, u.size) && off < o.End {
					off = planner.AlignUp(o.End, u.align)
				}
			}
			peak = max(peak, satAdd(off, u.size))
		}
		cur = satAdd(off, u.size)
	}
	return peak
}

func lcm(a, b int64) int64 { return saturate(checked.LCM(a, b)) }

// satAdd is a+b, saturated at the int64 bounds. A planner problem that
// passed planner.Check keeps every figure of its report far inside int64;
// a report built from anything else shows a clamped figure, never a
// wrapped one.
func satAdd(a, b int64) int64 {
	s, ok := checked.Add(a, b)
	if !ok && a > 0 {
		return math.MaxInt64
	}
	if !ok {
		return math.MinInt64
	}
	return s
}

// saturate turns a checked product of non-negative numbers into
// math.MaxInt64 when it overflowed.
func saturate(v int64, ok bool) int64 {
	if !ok {
		return math.MaxInt64
	}
	return v
}

// refusals fills the refused pairs of a space: every separation (with its
// reasons mapped to the report's) plus every pair of non-empty buffers live
// at one point that is neither temporally exclusive nor colocated. Counts
// are complete; lifetime-only pairs are listed up to maxLifetime.
func refusals(p *planner.Problem, pool int, idx []int, maxLifetime int, s *Space, points []string) {
	if maxLifetime == 0 {
		maxLifetime = DefaultMaxLifetimePairs
	}
	rf := &refusalSet{p: p, allowed: allowedPairs(p, pool), maxLifetime: maxLifetime}
	rf.collectRules(pool)
	rf.ivs = make(map[int][]planner.Interval, len(idx))
	for _, i := range idx {
		if p.Buffers[i].Size > 0 {
			rf.ivs[i] = planner.MergeIntervals(p.Buffers[i].Live)
		}
	}
	for _, i := range idx {
		if p.Buffers[i].Exclusive {
			if rf.excl == nil {
				rf.excl = map[int]bool{}
			}
			rf.excl[i] = true
		}
	}
	counts := map[string]int64{}
	var lifetimeRules int64
	for _, key := range rf.ruleOrder {
		r := rf.rules[key]
		if rf.exclusivePair(r.a, r.b) {
			r.mask |= reasonBit(ReasonPinned)
		}
		if rf.liveTogether(r.a, r.b) {
			r.mask |= reasonBit(ReasonLifetime)
			lifetimeRules++
		}
		for _, why := range reasonList(r.mask) {
			counts[why]++
		}
	}
	count := rf.sweepLifetimes(idx)
	counts[ReasonLifetime] = count
	pinned, pinnedLifetime := rf.exclusivePairs(idx)
	counts[ReasonPinned] += pinned
	// Distinct pairs: the lifetime pairs plus the rule and exclusive
	// pairs not among them.
	total := count + int64(len(rf.ruleOrder)) - lifetimeRules + pinned - pinnedLifetime
	s.Refused = rf.listed(points)
	for r, n := range counts {
		if n == 0 {
			delete(counts, r)
		}
	}
	s.RefusedCounts = counts
	s.RefusedTotal = total
	s.RefusedOmitted = count - lifetimeRules - pinnedLifetime - int64(len(rf.lifetimeOnly)) + pinned - int64(len(rf.exclusiveOnly))
}

// exclusivePair reports a pair one of whose buffers is exclusive (kept
// apart from everything in its pool: reason pinned).
func (rf *refusalSet) exclusivePair(a, b int) bool { return a != b && (rf.excl[a] || rf.excl[b]) }

// exclusivePairs counts the pairs kept apart by an exclusive buffer that
// no separation names too (those are rule pairs), and how many of them
// are live together as well; it lists them, up to maxLifetime, in
// exclusiveOnly. An exclusive buffer is one flag, not a separation per
// buffer, so its pairs are counted here rather than gathered as rules.
func (rf *refusalSet) exclusivePairs(idx []int) (pairs, lifetime int64) {
	if len(rf.excl) == 0 {
		return 0, 0
	}
	for _, e := range idx {
		if !rf.excl[e] {
			continue
		}
		for _, x := range idx {
			if x == e || rf.excl[x] && x < e || rf.rules[planner.PairKey(e, x)] != nil {
				continue // each pair once; rule pairs are counted as rules
			}
			pairs++
			mask := reasonBit(ReasonPinned)
			if rf.liveTogether(e, x) {
				lifetime++
				mask |= reasonBit(ReasonLifetime)
			}
			if rf.maxLifetime < 0 || len(rf.exclusiveOnly) < rf.maxLifetime {
				rf.exclusiveOnly = append(rf.exclusiveOnly, rulePair{a: min(e, x), b: max(e, x), mask: mask})
			}
		}
	}
	return pairs, lifetime
}

// refusalSet gathers the refused pairs of one space.
type refusalSet struct {
	p           *planner.Problem
	allowed     map[uint64]bool // pairs allowed to overlap in time
	rules       map[uint64]*rulePair
	ruleOrder   []uint64
	ivs         map[int][]planner.Interval // merged live intervals of non-empty buffers
	maxLifetime int
	// lifetimeOnly lists pairs refused by lifetime alone, up to
	// maxLifetime of them (all when it is negative).
	lifetimeOnly [][2]int
	// excl holds the pool's exclusive buffers; exclusiveOnly lists the
	// pairs they keep apart that no separation names, up to maxLifetime.
	excl          map[int]bool
	exclusiveOnly []rulePair
}

// rulePair is a pair kept apart by separations, with the report's reasons
// as a bit mask and the original reasons the mapping lost.
type rulePair struct {
	a, b   int
	mask   uint8
	detail []string
}

// allowedPairs are the pool's pairs allowed to overlap in time: exclusive,
// or one identity (colocated).
func allowedPairs(p *planner.Problem, pool int) map[uint64]bool {
	allowed := map[uint64]bool{}
	for _, t := range p.TemporalExclusions {
		if p.Buffers[t[0]].Pool == pool {
			allowed[planner.PairKey(t[0], t[1])] = true
		}
	}
	for _, c := range p.Colocations {
		if len(c) == 0 || p.Buffers[c[0]].Pool != pool {
			continue
		}
		for x, a := range c {
			for _, b := range c[x+1:] {
				allowed[planner.PairKey(a, b)] = true
			}
		}
	}
	return allowed
}

// collectRules gathers the pool's separations, one rulePair per pair.
func (rf *refusalSet) collectRules(pool int) {
	rf.rules = map[uint64]*rulePair{}
	for _, sep := range rf.p.Separations {
		if rf.p.Buffers[sep.A].Pool != pool || sep.A == sep.B {
			continue
		}
		key := planner.PairKey(sep.A, sep.B)
		r := rf.rules[key]
		if r == nil {
			r = &rulePair{a: min(sep.A, sep.B), b: max(sep.A, sep.B)}
			rf.rules[key] = r
			rf.ruleOrder = append(rf.ruleOrder, key)
		}
		for _, why := range strings.Split(sep.Reason, ",") {
			why = strings.TrimSpace(why)
			mapped, ok := reasonOf[why]
			if !ok {
				mapped = ReasonOther
			}
			r.mask |= reasonBit(mapped)
			if why != mapped && why != "" && !slices.Contains(r.detail, why) {
				r.detail = append(r.detail, why)
			}
		}
	}
}

// liveTogether reports a pair of non-empty buffers live at one point and
// not allowed to overlap in time.
func (rf *refusalSet) liveTogether(a, b int) bool {
	x, okx := rf.ivs[a]
	y, oky := rf.ivs[b]
	return okx && oky && !rf.allowed[planner.PairKey(a, b)] && planner.LiveOverlap(x, y)
}

// list records a lifetime-only pair while the listing has room.
func (rf *refusalSet) list(a, b int) {
	if rf.maxLifetime < 0 || len(rf.lifetimeOnly) < rf.maxLifetime {
		rf.lifetimeOnly = append(rf.lifetimeOnly, [2]int{min(a, b), max(a, b)})
	}
}

func (rf *refusalSet) full() bool {
	return rf.maxLifetime >= 0 && len(rf.lifetimeOnly) >= rf.maxLifetime
}

// sweepLifetimes counts the pairs live together (not allowed to be) by a
// sweep over the merged intervals, and lists the lifetime-only ones: when
// one interval starts, it overlaps every interval still open. A pair of
// buffers with one interval each meets once; pairs involving a buffer with
// several intervals may meet more than once and go through a set.
func (rf *refusalSet) sweepLifetimes(idx []int) int64 {
	evs := lifetimeEvents(idx, func(i int) []planner.Interval { return rf.ivs[i] })
	single := func(i int) bool { return len(rf.ivs[i]) == 1 }
	// Open intervals: singles and multis apart, each with its position
	// for removal in O(1).
	var openS, openM []int
	posS, posM := map[int]int{}, map[int]int{}
	remove := func(open *[]int, pos map[int]int, i int) {
		k := pos[i]
		last := (*open)[len(*open)-1]
		(*open)[k] = last
		pos[last] = k
		*open = (*open)[:len(*open)-1]
		delete(pos, i)
	}
	var count int64
	multiPairs := map[uint64]bool{}
	// Singles paired with singles: counted in bulk, then corrected for
	// allowed and rule pairs, which are checked one by one.
	for _, e := range evs {
		i := e.buf
		if !e.start {
			if single(i) {
				remove(&openS, posS, i)
			} else {
				remove(&openM, posM, i)
			}
			continue
		}
		if single(i) {
			count += int64(len(openS))
			for _, j := range openS {
				if rf.full() {
					break
				}
				key := planner.PairKey(i, j)
				if !rf.allowed[key] && rf.rules[key] == nil && !rf.exclusivePair(i, j) {
					rf.list(i, j)
				}
			}
			for _, j := range openM {
				multiPairs[planner.PairKey(i, j)] = true
			}
			posS[i] = len(openS)
			openS = append(openS, i)
			continue
		}
		for _, j := range openS {
			multiPairs[planner.PairKey(i, j)] = true
		}
		for _, j := range openM {
			if j != i {
				multiPairs[planner.PairKey(i, j)] = true
			}
		}
		posM[i] = len(openM)
		openM = append(openM, i)
	}
	// count holds every single-single meeting, allowed ones included.
	for key := range rf.allowed {
		a, b := int(key>>32), int(uint32(key))
		if single(a) && single(b) && rf.ivs[a] != nil && rf.ivs[b] != nil && planner.LiveOverlap(rf.ivs[a], rf.ivs[b]) {
			count--
		}
	}
	multiKeys := make([]uint64, 0, len(multiPairs))
	for key := range multiPairs {
		if !rf.allowed[key] {
			count++
			multiKeys = append(multiKeys, key)
		}
	}
	slices.Sort(multiKeys)
	for _, key := range multiKeys {
		if a, b := int(key>>32), int(uint32(key)); rf.rules[key] == nil && !rf.exclusivePair(a, b) {
			rf.list(a, b)
		}
	}
	return count
}

// listed is the report's list: rule pairs and the listed lifetime-only
// pairs, by buffer index.
func (rf *refusalSet) listed(points []string) []Pair {
	name := func(i int) string { return rf.p.Buffers[i].Name }
	type listedPair struct {
		a, b int
		pair Pair
	}
	var out []listedPair
	for _, key := range rf.ruleOrder {
		r := rf.rules[key]
		out = append(out, listedPair{r.a, r.b, Pair{A: name(r.a), B: name(r.b), Reasons: reasonList(r.mask), Detail: strings.Join(r.detail, ",")}})
	}
	for _, ab := range rf.lifetimeOnly {
		out = append(out, listedPair{ab[0], ab[1], Pair{A: name(ab[0]), B: name(ab[1]), Reasons: []string{ReasonLifetime}}})
	}
	for _, r := range rf.exclusiveOnly {
		out = append(out, listedPair{r.a, r.b, Pair{A: name(r.a), B: name(r.b), Reasons: reasonList(r.mask)}})
	}
	slices.SortStableFunc(out, func(x, y listedPair) int {
		if c := cmp.Compare(x.a, y.a); c != 0 {
			return c
		}
		return cmp.Compare(x.b, y.b)
	})
	pairs := make([]Pair, len(out))
	for k, lp := range out {
		pairs[k] = lp.pair
		if t, overlap, ok := meetingPoint(rf.p.Buffers[lp.a].Live, rf.p.Buffers[lp.b].Live); ok && t >= 0 && t < int64(len(points)) {
			if overlap {
				pairs[k].At = "both live at " + points[t]
			} else {
				pairs[k].At = "one ends and the other starts at " + points[t]
			}
		}
	}
	return pairs
}

// meetingPoint is where two buffers' lifetimes meet: the first point both
// are live at (overlap), else the first point where one's interval ends
// and the other's starts (the op reading one and writing the other).
func meetingPoint(a, b []planner.Interval) (t int64, overlap, ok bool) {
	best, found := int64(0), false
	take := func(t int64) {
		if !found || t < best {
			best, found = t, true
		}
	}
	for _, x := range a {
		for _, y := range b {
			if lo, hi := max(x.Start, y.Start), min(x.End, y.End); lo < hi {
				take(lo)
			}
		}
	}
	if found {
		return best, true, true
	}
	for _, x := range a {
		for _, y := range b {
			if x.End == y.Start {
				take(y.Start)
			}
			if y.End == x.Start {
				take(x.Start)
			}
		}
	}
	return best, false, found
}
