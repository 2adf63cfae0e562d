package tile

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// allocate-addr (PyPTO's AllocateMemoryAddr): gives every tile.alloc an
// address in its memory space and writes it as {addr = N}.
//
// An address the input gives ({addr = N}) is kept: every planner places
// the other allocations around it. One the target refuses (misaligned,
// past the capacity, in a reserved window) or that overlaps another
// given address of an allocation live at the same time is an error at
// the allocation (checkGivenAddrs, the planner's pin check).
//
//   - planner=sequential: PyPTO's bump allocator. Per space, addresses start
//     after any reserved leading window; allocations are taken in name
//     order, each at the current address aligned to 32 bytes (or the
//     space's alignment), next = align32(addr + size). Lifetimes are
//     ignored: sharing was decided by memory-reuse.
//   - planner=dsa-rp: DSA-RP on the allocation identities (memory-reuse is
//     not needed): lifetimes from liveness; hard separations for op no-alias
//     rules, target hazards and pipeline stages, and declared (pinned)
//     allocations kept from every other (Buffer.Exclusive); soft penalties for cross-pipe reuse (see addPenalties)
//     scaled by a `tile.reuse_penalty` (or `reuse_penalty`) weight on
//     tile.alloc; pipeline-stage separations relaxed into penalties only
//     when nothing fits, with the PH-DSA-001 hint. By default
//     (within-best-fit) no space's peak exceeds best fit's: penalties are
//     minimised within that budget (planner.WithinBestFit).
//   - planner=best-fit|ffd|trivial: the other planner-library algorithms.
//
// Every placement is validated twice before it is written: by the planner
// library's Validate, and by analysis.CheckTilePlacement on the IR. A space
// that overflows is an error naming the space, its capacity and the demand.

// AllocateAddr is the allocate-addr pass.
var AllocateAddr = pass.WithOptions(&pass.Pass{
	Name:      "allocate-addr",
	ClassName: "AllocateMemoryAddr",
	Summary:   "Assign every tile.alloc an address in its memory space ({addr = N})",
	Anchor:    "func.func",
	Parallel:  true,
	// Loop carries and if results must be on one place before they get
	// addresses: placed apart, the code after a loop would read stale
	// bytes (memory-reuse and the pto-memory-plan pipelines run
	// materialize-semantic-aliases; without it the input must be so).
	Requires: []*pass.Pass{InitMemRef, MaterializeSemanticAliases},
	// It writes addresses only: the alias graph and lifetimes it planned
	// with are still the IR's.
	Preserves: []pass.AnalysisID{pass.AliasGraph, pass.Liveness},
	Stats: map[string]string{
		"num-allocs":     "Allocations given an address",
		"reuse-cost":     "Reuse penalty paid by the dsa-rp placement",
		"proven-optimal": "Spaces whose dsa-rp placement is proven optimal",
	},
}, runAllocateAddr)

type allocateAddrOptions struct {
	Planner   string        // a planner algorithm
	TimeLimit time.Duration // dsa-rp's wall-clock safety stop, 0 for none
	Work      int64         // dsa-rp's work budget
	Penalties bool
	// WithinBestFit: dsa-rp keeps every space's peak at or below best
	// fit's (the planner's dsa-rp-within-best-fit).
	WithinBestFit bool
	// InPlace: on pto kernels, an output may take the bytes of an input
	// that dies at its op.
	InPlace bool
}

func (o *allocateAddrOptions) Bind(s *pass.OptionSet) {
	s.Enum(&o.Planner, "planner", "sequential", planning.AllAlgorithms("sequential", "dsa-rp"), "Address planner")
	s.Duration(&o.TimeLimit, "time-limit", 0,
		"Wall-clock safety stop of planner=dsa-rp, 0 for none; addresses from a search it cuts short depend on timing (a warning says so)")
	s.Int(&o.Work, "work", planning.DefaultWork,
		"Work budget of planner=dsa-rp in search steps (a few ns each); the same budget gives the same addresses on any machine").AtLeast(1)
	s.Bool(&o.Penalties, "penalties", true, "Add cross-pipe reuse penalties (planner=dsa-rp)")
	s.Bool(&o.WithinBestFit, "within-best-fit", true,
		"planner=dsa-rp: keep every space's peak at or below best fit's, paying reuse penalties rather than bytes")
	s.Bool(&o.InPlace, "inplace", true, "pto kernels: an op's output may take the bytes of an input that dies at it, at the same address")
}

// alignSource says where allocate-addr's alignment of a space comes from.
func alignSource(ctx *pass.Context) string {
	if ctx.Target != nil {
		return "on target '" + ctx.Target.Name + "'"
	}
	return "without a target"
}

// addrProblem is the planning problem of one function with the mapping
// back to its allocations.
type addrProblem struct {
	p      *planner.Problem
	allocs []*ir.Operation
	byBuf  map[*ir.Value]int // allocation result -> index in allocs
	pools  map[string]int
	seps   map[sepKey]bool
	// inPlace lists (output, input) allocations of one op whose
	// lifetimes meet there: they may share bytes only at one address.
	inPlace [][2]int
	// withinBestFit: solve dsa-rp as planner.WithinBestFit.
	withinBestFit bool
}

func runAllocateAddr(ctx *pass.Context, fn *ir.Operation, o *allocateAddrOptions) error {
	if ptobuf.HasRoots(fn) {
		opt := planner.Options{TimeLimit: o.TimeLimit, Work: o.Work}
		return planPTO(ctx, fn, "allocate-addr", o.Planner, opt, o.InPlace)
	}
	if err := checkGivenAddrs(ctx, fn, "allocate-addr"); err != nil {
		return err
	}
	if fn.Body(0) == nil {
		return nil
	}
	if err := checkInputPlan(ctx, fn, "allocate-addr"); err != nil {
		return err
	}
	allocs := Allocs(fn)
	if len(allocs) == 0 {
		return nil
	}
	algo := o.Planner
	names := allocNames(fn)
	ap := &addrProblem{p: &planner.Problem{}, allocs: allocs, pools: map[string]int{}, withinBestFit: o.WithinBestFit}
	// Lifetimes matter to the lifetime-aware planners; the bump planners
	// ignore them but the memory report shows them.
	lv := pass.GetAnalysis(ctx, pass.Liveness, fn)
	for _, a := range allocs {
		space := tile.SpaceOf(a.Results[0].Type)
		pool, ok := ap.pools[space]
		if !ok {
			pool = len(ap.p.Pools)
			ap.pools[space] = pool
			pl := planner.Pool{Name: space}
			if ctx.Target != nil {
				if ctx.Target.Space(space) == nil && space != "" {
					return ir.NewError(a.Loc, "allocate-addr: target '%s' has no memory space '%s'", ctx.Target.Name, space)
				}
				pl.Capacity = ctx.Target.Capacity(space)
				if s := ctx.Target.Space(space); s != nil {
					for _, r := range s.Reserved {
						pl.Reserved = append(pl.Reserved, planner.Interval{Start: r[0], End: r[1]})
					}
				}
			}
			ap.p.Pools = append(ap.p.Pools, pl)
		}
		b := planner.Buffer{Name: names[a.Results[0]], Size: allocSize(a), Align: 32, Pool: pool}
		if ctx.Target != nil {
			b.Align = ctx.Target.Alignment(space)
		}
		// An address the input gives is kept (the planner places around
		// it); a declared allocation shares its bytes with nothing.
		if addr, ok := tile.AllocAddr(a); ok {
			if addr%b.Align != 0 {
				return ir.NewError(a.Loc, "allocate-addr: the input gives %s address %d, which is not a multiple of %d, the alignment of memory space '%s' %s",
					names[a.Results[0]], addr, b.Align, space, alignSource(ctx))
			}
			b.Pinned, b.Offset = true, addr
		}
		b.Exclusive = IsPinned(a)
		for _, r := range lv.RootRanges(a.Results[0]) {
			b.Live = append(b.Live, planner.Interval{Start: int64(r.Start), End: int64(r.End)})
		}
		if len(b.Live) == 0 {
			p := int64(lv.Pos(a))
			b.Live = []planner.Interval{{Start: p, End: p + 1}}
		}
		ap.p.Buffers = append(ap.p.Buffers, b)
	}
	ap.addSeparations(ctx, fn, lv)
	if algo == "dsa-rp" && o.Penalties {
		ap.addPenalties(fn, lv)
	}
	opt := planner.Options{}
	if algo == "dsa-rp" {
		opt.TimeLimit, opt.Work = o.TimeLimit, o.Work
	}
	res, err := ap.solve(algo, opt)
	if err != nil {
		return planning.Error("allocate-addr", fn, err, func(i int) *ir.Operation {
			if i < len(allocs) {
				return allocs[i]
			}
			return nil
		})
	}
	if err := planning.RecordProblem(ctx, fn, "allocate-addr", "", ap.algorithm(algo), ap.p, opt, !res.Feasible); err != nil {
		return err
	}
	if !res.Feasible {
		return ap.overflowError(ctx, fn, res, o)
	}
	// planner.Validate knows no IR: it checks the placement against the
	// problem built here, from the liveness planned with. The check
	// against the IR is CheckTilePlacement's, below.
	if err := planner.Validate(res.Problem, res.Solution); err != nil {
		return ir.NewError(fn.Loc, "allocate-addr: internal error: the %s placement failed validation: %v", algo, err)
	}
	// The independent validator reads addresses from the IR: write them,
	// check, and put the previous attributes back if the plan is refused,
	// so a rejected placement never stays in the IR.
	prev := make([]ir.Attribute, len(allocs))
	for i, a := range allocs {
		prev[i] = a.Attr("addr")
		a.SetAttr("addr", ir.Int(res.Solution.Offsets[i], ir.I64))
	}
	// The independent validator builds its own alias graph on purpose,
	// rather than take the one planned with: it trusts nothing the
	// planning computed, the cached analyses included.
	rules := placementRules(ctx, fn)
	rules.Complete = true
	if err := analysis.CheckTilePlacement(fn, rules); err != nil {
		for i, a := range allocs {
			if prev[i] != nil {
				a.SetAttr("addr", prev[i])
			} else {
				a.RemoveAttr("addr")
			}
		}
		// The placement honours every rule the planner was told, so
		// either the input's plan was wrong before any address (a
		// pipeline without materialize-semantic-aliases or memory-reuse:
		// a tile bound where a later write clobbers it) or this pass is.
		if in := analysis.CheckTilePlacement(fn, placementRules(ctx, fn)); in != nil {
			d := ir.AsDiagnostic(in)
			d.Msg = "allocate-addr: the input's plan is wrong before any address is given: " + strings.TrimPrefix(d.Msg, "placement: ") +
				" (allocate-addr gives addresses only; materialize-semantic-aliases puts loop carries and if results on one place, with copies where a tile still needed would be clobbered)"
			return d
		}
		return ir.NewError(fn.Loc, "allocate-addr: internal error: the %s placement breaks a rule: %v", algo, ir.AsDiagnostic(err).Msg)
	}
	if res.ClockStopped {
		ctx.Warning(fn.Loc, "allocate-addr: %s (time-limit=%s); raise time-limit, or lower work, for reproducible addresses",
			planner.ClockStopWarning, o.TimeLimit)
	}
	for _, h := range res.Hints {
		ctx.Remark(fn.Loc, "%s", h)
	}
	if planning.WantsPlans(ctx) {
		locs := make([]string, len(allocs))
		for i, a := range allocs {
			locs[i] = planning.Loc(a.Loc)
		}
		planning.RecordPlan(ctx, planReport(fn, "allocate-addr", algo, res.Problem, res.Solution, locs, nil))
	}
	ctx.Stat("num-allocs", int64(len(allocs)))
	if algo == "dsa-rp" {
		ctx.Stat("reuse-cost", res.ReuseCost)
		if res.Optimal {
			ctx.Stat("proven-optimal", int64(len(ap.p.Pools)))
		}
	}
	return nil
}

// solve places the buffers so that the (output, input) pairs of one op
// are either disjoint or at one address. The planners know only "may
// share" and "must not share", so pairs placed shifted against each other
// become separations and the problem is solved again; after a few rounds
// every remaining pair is separated. Exact in-place sharing survives.
//
// A round cut short by the wall clock makes every later round depend on
// timing too, so the result reports the clock stop of any round.
// algorithm is the planner's name of the algorithm allocate-addr runs
// for planner=algo.
func (ap *addrProblem) algorithm(algo string) string {
	if algo == "dsa-rp" && ap.withinBestFit {
		return planner.WithinBestFit
	}
	return algo
}

func (ap *addrProblem) solve(algo string, opt planner.Options) (*planner.Result, error) {
	const rounds = 3
	clockStopped := false
	for round := 0; ; round++ {
		res, err := planner.Solve(ap.algorithm(algo), ap.p, opt)
		if err == nil && clockStopped && !res.ClockStopped {
			res.ClockStopped = true
			res.Warnings = append(res.Warnings, planner.ClockStopWarning)
		}
		if err == nil {
			clockStopped = res.ClockStopped
		}
		if err != nil || !res.Feasible || round > rounds {
			// Past the last round the validator judges what is left.
			return res, err
		}
		var shifted [][2]int
		for _, pr := range ap.inPlace {
			a, b := pr[0], pr[1]
			oa, ob := res.Solution.Offsets[a], res.Solution.Offsets[b]
			if oa != ob && oa < ob+ap.p.Buffers[b].Size && ob < oa+ap.p.Buffers[a].Size {
				shifted = append(shifted, pr)
			}
		}
		if len(shifted) == 0 {
			return res, nil
		}
		if round == rounds {
			shifted = ap.inPlace // the last round separates every pair
		}
		for _, pr := range shifted {
			ap.separate(pr[0], pr[1], reasonPartialOverlap)
		}
	}
}

// overflowError names the space that does not fit, its capacity and the
// demand (the bytes the found placement needs).
func (ap *addrProblem) overflowError(ctx *pass.Context, fn *ir.Operation, res *planner.Result, o *allocateAddrOptions) error {
	for pool, pk := range res.Peak {
		c := ap.p.Pools[pool].Capacity
		if c > 0 && pk > c {
			tname := "the target"
			if ctx.Target != nil {
				tname = "target '" + ctx.Target.Name + "'"
			}
			hint := ""
			if lb := res.LowerBound[pool]; lb <= c && (o.Planner == "sequential" || o.Planner == "trivial") {
				hint = "; this planner never reuses a freed range: run memory-reuse first or use planner=dsa-rp"
			}
			switch {
			case res.ClockStopped:
				hint += fmt.Sprintf("; the search stopped at the wall-clock limit (time-limit=%s), so another run may fit", o.TimeLimit)
			case o.Planner == "dsa-rp" && !res.ProvenInfeasible:
				hint += fmt.Sprintf("; no fit found within work=%d, which proves nothing: more work may find one", o.Work)
			}
			err := ir.NewError(fn.Loc, "allocate-addr: memory space '%s' overflows: %d bytes needed, capacity %d bytes on %s (lower bound %d bytes%s)%s",
				ap.p.Pools[pool].Name, pk, c, tname, res.LowerBound[pool], hint, ap.peakText(fn, pool))
			if i := ap.largerThan(pool, c); i >= 0 {
				// Not a matter of sharing: the tile alone does not fit.
				err = tooLargeAlone("allocate-addr", fn, ap.allocs[i], ap.p.Buffers[i].Size, c, tname, "")
			}
			if planning.WantsPlans(ctx) {
				// The report of the failed plan, marked so, shows where
				// the space overflows.
				locs := make([]string, len(ap.allocs))
				for i, a := range ap.allocs {
					locs[i] = planning.Loc(a.Loc)
				}
				f := planReport(fn, "allocate-addr", o.Planner, res.Problem, res.Solution, locs, nil)
				f.Failed = err.Error()
				planning.RecordPlan(ctx, f)
			}
			return err
		}
	}
	return ir.NewError(fn.Loc, "allocate-addr: no placement found: %s", res.Reason)
}

// largerThan is the first buffer of pool larger than capacity, or -1.
func (ap *addrProblem) largerThan(pool int, capacity int64) int {
	for i, b := range ap.p.Buffers {
		if b.Pool == pool && b.Size > capacity {
			return i
		}
	}
	return -1
}

// peakText names the allocations live together where the pool needs the
// most bytes, with their sizes and locations: what must shrink, die
// earlier or move to fit.
func (ap *addrProblem) peakText(fn *ir.Operation, pool int) string {
	_, live := report.PeakLive(ap.p, pool)
	if len(live) == 0 {
		return ""
	}
	bufNames := make([]string, len(ap.p.Buffers))
	for i := range ap.p.Buffers {
		bufNames[i] = ap.p.Buffers[i].Name
	}
	names := tileNames(fn, bufNames, nil)
	var parts []string
	for _, i := range live {
		parts = append(parts, fmt.Sprintf("%s (%d bytes, %s)", names[i], ap.p.Buffers[i].Size, planning.Loc(ap.allocs[i].Loc)))
	}
	return "; live together at the peak: " + strings.Join(parts, ", ")
}

func (ap *addrProblem) index(buf *ir.Value) int {
	if ap.byBuf == nil {
		ap.byBuf = make(map[*ir.Value]int, len(ap.allocs))
		for i, a := range ap.allocs {
			ap.byBuf[a.Results[0]] = i
		}
	}
	if i, ok := ap.byBuf[buf]; ok {
		return i
	}
	return -1
}

// sepKey identifies a separation, so each is recorded once.
type sepKey struct {
	a, b   int
	reason string
}

func (ap *addrProblem) separate(a, b int, reason string) {
	if a < 0 || b < 0 || a == b || ap.p.Buffers[a].Pool != ap.p.Buffers[b].Pool {
		return
	}
	if a > b {
		a, b = b, a
	}
	k := sepKey{a, b, reason}
	if ap.seps[k] {
		return
	}
	if ap.seps == nil {
		ap.seps = map[sepKey]bool{}
	}
	ap.seps[k] = true
	ap.p.Separations = append(ap.p.Separations, planner.Separation{A: a, B: b, Reason: reason})
}

// sortedLiveOverlap is planner.LiveOverlap (do two lifetimes share a
// point) on sorted disjoint lists, as RootRanges gives them, in one merge:
// after memory-reuse an allocation holds many tiles, and comparing every
// interval of one with every interval of the other, at every write, grows
// with the square of the kernel.
func sortedLiveOverlap(a, b []planner.Interval) bool {
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

// addSeparations records the pairs that must never share bytes.
func (ap *addrProblem) addSeparations(ctx *pass.Context, fn *ir.Operation, lv *analysis.Liveness) {
	rules := newWriteRules(ctx, fn, lv.Aliases)
	type stage struct {
		group, stage int64
		root         int
	}
	var stages []stage
	fn.Walk(func(op *ir.Operation) bool {
		for _, d := range tile.Dests(op) { // one per result
			out := ap.index(d)
			ap.writeSeparations(op, out, rules)
			if g, s, ok := pipelineMembership(op); ok {
				stages = append(stages, stage{g, s, out})
			}
		}
		return true
	})
	for i, a := range stages {
		for _, b := range stages[i+1:] {
			if a.group == b.group && a.stage != b.stage {
				ap.separate(a.root, b.root, reasonPipelineStage)
			}
		}
	}
	// Declared (pinned) allocations are Buffer.Exclusive: one flag each,
	// not a separation from every other allocation of the space.
}

// root is the index of the allocation v lives in (-1: none planned here).
func (ap *addrProblem) root(v *ir.Value) int {
	if buf, ok := allocationOf(v); ok {
		return ap.index(buf)
	}
	return -1
}

// addPenalties is the cross-pipe recogniser: when two allocations that may
// share bytes hand a buffer from one hardware pipe to another (the last op
// touching the first runs on a different pipe than the first op writing the
// second), sharing forces a synchronisation, so overlapping bytes costs 1 —
// times the `tile.reuse_penalty` (or `reuse_penalty`) weights of the two
// allocations (default 1; 0 turns it off). Pipes come from the op registry
// (loads MTE2, stores MTE3, cube ops M, L1->L0 moves MTE1, L0C moves FIX,
// the rest V).
func (ap *addrProblem) addPenalties(fn *ir.Operation, lv *analysis.Liveness) {
	pipes := make([]pipeEnds, len(ap.allocs))
	firstAt := make([]int, len(ap.allocs))
	lastAt := make([]int, len(ap.allocs))
	for i := range ap.allocs {
		firstAt[i], lastAt[i] = 1<<62, -1
	}
	for i, a := range ap.allocs {
		for _, v := range lv.Aliases.Resolve(a.Results[0]) {
			touch := func(op *ir.Operation, write bool) {
				pos := lv.Pos(op)
				p := pipeOf(op)
				if p == "" {
					return
				}
				if write && pos < firstAt[i] {
					firstAt[i], pipes[i].first = pos, p
				}
				if pos > lastAt[i] {
					lastAt[i], pipes[i].last = pos, p
				}
			}
			if v.Op != nil && tile.DestFor(v.Op, v.Index) == a.Results[0] {
				touch(v.Op, true)
			}
			if _, isTile := v.Type.(*tile.Type); isTile {
				for u := range v.AllUses() {
					touch(u.Op, false)
				}
			}
		}
	}
	weight := func(i int) int64 {
		if w, ok := ap.allocs[i].IntAttrValue("tile.reuse_penalty"); ok {
			return w
		}
		if w, ok := ap.allocs[i].IntAttrValue("reuse_penalty"); ok {
			return w
		}
		return 1
	}
	add := func(i, j int) {
		if w := weight(i) * weight(j); w > 0 {
			ap.p.Penalties = append(ap.p.Penalties, planner.Penalty{A: min(i, j), B: max(i, j), Cost: w})
		}
	}
	byPool := map[int][]int{}
	for i, b := range ap.p.Buffers {
		byPool[b.Pool] = append(byPool[b.Pool], i)
	}
	for _, members := range byPool {
		if n := int64(len(members)); n*(n-1)/2 > densePenaltyPairs {
			ap.nearestPenalties(members, pipes, add)
			continue
		}
		for x, i := range members {
			for _, j := range members[x+1:] {
				bi, bj := ap.p.Buffers[i], ap.p.Buffers[j]
				if planner.LiveOverlap(bi.Live, bj.Live) {
					continue
				}
				a, b := i, j
				if lastAt[j] < firstAt[i] {
					a, b = j, i
				}
				if pipes[a].last == "" || pipes[b].first == "" || pipes[a].last == pipes[b].first {
					continue
				}
				add(i, j)
			}
		}
	}
	slices.SortFunc(ap.p.Penalties, func(x, y planner.Penalty) int {
		if c := cmp.Compare(x.A, y.A); c != 0 {
			return c
		}
		return cmp.Compare(x.B, y.B)
	})
}

// pipeEnds are the pipes of the first op writing an allocation and of the
// last op touching it ("" when no op with a pipe does).
type pipeEnds struct{ first, last string }

// densePenaltyPairs bounds the pairs of one space the cross-pipe
// recogniser checks one by one: every kernel written by hand is far below
// it. Past it (thousands of allocations in one space) a space's penalties
// would grow with the square of its allocations, and so would the
// planner's work on them, so nearestPenalties keeps the nearest handoffs.
const densePenaltyPairs = 1 << 20

// nearestCrossPipe is how many cross-pipe predecessors nearestPenalties
// keeps per allocation.
const nearestCrossPipe = 16

// nearestPenalties is the cross-pipe recogniser for very large spaces:
// each allocation b is penalised against the nearestCrossPipe allocations
// a that die last before b is born (hull-disjoint lifetimes) and whose
// last pipe differs from b's first one. A handoff to a buffer dead long
// before is the one a placement least needs to avoid: sharing bytes with
// a far predecessor usually means sharing them with the buffers in
// between too, whose own handoffs carry the synchronisation. The work is
// O(n log n + n * pipes * nearestCrossPipe), instead of n^2 pairs.
func (ap *addrProblem) nearestPenalties(members []int, pipes []pipeEnds, add func(i, j int)) {
	type span struct{ start, end int64 }
	hull := make(map[int]span, len(members))
	byPipe := map[string][]int{} // by last pipe, sorted by end
	var pipeNames []string
	for _, i := range members {
		live := ap.p.Buffers[i].Live
		h := span{live[0].Start, live[0].End}
		for _, iv := range live[1:] {
			h.start, h.end = min(h.start, iv.Start), max(h.end, iv.End)
		}
		hull[i] = h
		if p := pipes[i].last; p != "" {
			if _, ok := byPipe[p]; !ok {
				pipeNames = append(pipeNames, p)
			}
			byPipe[p] = append(byPipe[p], i)
		}
	}
	slices.Sort(pipeNames)
	for _, p := range pipeNames {
		slices.SortFunc(byPipe[p], func(x, y int) int {
			if c := cmp.Compare(hull[x].end, hull[y].end); c != 0 {
				return c
			}
			return cmp.Compare(x, y)
		})
	}
	var near []int
	for _, b := range members {
		q := pipes[b].first
		if q == "" {
			continue
		}
		near = near[:0]
		for _, p := range pipeNames {
			if p == q {
				continue
			}
			list := byPipe[p]
			// list[:k] ends by b's birth.
			k, _ := slices.BinarySearchFunc(list, hull[b].start, func(a int, t int64) int {
				if hull[a].end <= t {
					return -1
				}
				return 1
			})
			for x := k - 1; x >= 0 && x >= k-nearestCrossPipe; x-- {
				near = append(near, list[x])
			}
		}
		slices.SortFunc(near, func(x, y int) int {
			if c := cmp.Compare(hull[y].end, hull[x].end); c != 0 {
				return c // latest death first
			}
			return cmp.Compare(y, x)
		})
		for _, a := range near[:min(len(near), nearestCrossPipe)] {
			add(a, b)
		}
	}
}

// writeSeparations records the separations one write (into allocation
// index out) implies by the rules, and the inputs it must overwrite
// exactly in place if at all.
func (ap *addrProblem) writeSeparations(op *ir.Operation, out int, rules *writeRules) {
	noAlias := map[int]bool{}
	rules.refusals(op, func(k int, in *ir.Value, reason string) {
		ap.separate(out, ap.root(in), reason)
		if reason == reasonNoAlias {
			noAlias[k] = true
		}
	})
	for k, in := range tile.Inputs(op) {
		if noAlias[k] {
			continue
		}
		// An op may overwrite an input it reads only exactly in place.
		// Two allocations whose lifetimes meet at the op may share bytes
		// in the planner's model; shifted against each other, the op
		// would clobber input bytes it has not read yet (see solve).
		if r := ap.root(in); r >= 0 && out >= 0 && r != out && ap.p.Buffers[r].Pool == ap.p.Buffers[out].Pool && !sortedLiveOverlap(ap.p.Buffers[r].Live, ap.p.Buffers[out].Live) {
			ap.inPlace = append(ap.inPlace, [2]int{out, r})
		}
	}
}
