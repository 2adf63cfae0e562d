package tile

import (
	"fmt"
	"slices"

	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/internal/planning"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The pto path of allocate-addr: a function in ptoas's language (its
// storage roots are pto.alloc_tile, memref.alloc in a local
// #pto.address_space and pto.reserve_buffer; analysis/ptobuf) is planned
// on the buffer model of that package, and the addresses are written as
// ptoas reads them at level 3:
//
//   - every alloc_tile gets `addr = %c` with %c = arith.constant N : i64
//     (an address the input gives, a level-3 kernel's, is re-planned);
//   - every local memref.alloc becomes pto.pointer_cast(%c);
//   - every reserve_buffer gets `base = N` (a reservation conflicts with
//     every buffer of its space: it is exclusive for the whole function).
//
// Sizes are the tiles' bytes rounded up to the space's alignment, the
// larger of the target's and ptoas's; the capacity is the target's.

// tileAddrSetter sets an allocation's address operand.
type tileAddrSetter interface {
	SetTileAddr(op *ir.Operation, addr *ir.Value)
}

// reservationSetter sets a reservation's base.
type reservationSetter interface {
	SetReservationBase(op *ir.Operation, base int64)
}

// ptoProblem is the planning problem of one pto function.
type ptoProblem struct {
	m      *ptobuf.Model
	p      *planner.Problem
	groups []*ptobuf.Group // buffer i is groups[i]
	// untouched are the groups nothing accesses.
	untouched []*ptobuf.Group
	pools     map[string]int
	// inPlace are (output, input) buffers that share bytes at one
	// address.
	inPlace [][2]int
}

// ptoSpaceRules are a space's capacity and alignment on the target.
func ptoSpaceRules(ctx *pass.Context, r *ptobuf.Root) (capacity, align int64, reserved []planner.Interval, err error) {
	capacity, align, windows, ok := ptoTargetSpace(ctx.Target, r.Space)
	if !ok {
		return 0, 0, nil, ir.NewError(r.Op.Loc, "cannot plan memory: target '%s' has no memory space '%s' (%s)", ctx.Target.Name, r.Space, ptobuf.Name(r))
	}
	for _, w := range windows {
		reserved = append(reserved, planner.Interval{Start: w[0], End: w[1]})
	}
	return capacity, align, reserved, nil
}

// ptoTargetSpace are the capacity (the target's, else ptoas's), the
// alignment (the larger of the target's and ptoas's) and the reserved
// windows of a space of t; ok is false when t has no such space. The
// pto planners plan by them and check-tile-placement checks by them.
func ptoTargetSpace(t *targets.Target, space string) (capacity, align int64, reserved [][2]int64, ok bool) {
	s := t.Space(space)
	if s == nil {
		return 0, 0, nil, false
	}
	capacity, align = s.Capacity, t.Alignment(space)
	if s.PTOAS != nil {
		align = max(align, s.PTOAS.Alignment)
		if capacity == 0 {
			capacity = s.PTOAS.Capacity
		}
	}
	return capacity, align, s.Reserved, true
}

// newPTOProblem builds the problem of fn's model.
func newPTOProblem(ctx *pass.Context, m *ptobuf.Model) (*ptoProblem, error) {
	pp := &ptoProblem{m: m, p: &planner.Problem{}, pools: map[string]int{}}
	for _, g := range m.Groups {
		r := g.Members[0]
		capacity, align, reserved, err := ptoSpaceRules(ctx, r)
		if err != nil {
			return nil, err
		}
		pool, ok := pp.pools[r.Space]
		if !ok {
			pool = len(pp.p.Pools)
			pp.pools[r.Space] = pool
			pp.p.Pools = append(pp.p.Pools, planner.Pool{Name: r.Space, Capacity: capacity, Reserved: reserved})
		}
		for i, off := range g.Offsets {
			if off%align != 0 {
				return nil, ir.NewError(g.Members[i].Op.Loc, "cannot plan memory: %s is %d bytes from %s, which it aliases, not a multiple of %d, the alignment of memory space '%s'",
					ptobuf.Name(g.Members[i]), off, ptobuf.Name(r), align, r.Space)
			}
		}
		size, ok := checked.AlignUp(g.Bytes, align)
		if !ok {
			return nil, ir.NewError(r.Op.Loc, "cannot plan memory: the size of %s overflows", ptobuf.Name(r))
		}
		if len(g.Live) == 0 {
			// Nothing touches its bytes: any address serves, and it
			// takes none from the others (it is put at 0).
			pp.untouched = append(pp.untouched, g)
			continue
		}
		b := planner.Buffer{Name: ptobuf.Name(r), Size: size, Align: align, Pool: pool, Live: g.Live}
		if r.Kind == ptobuf.Reserve {
			b.Exclusive = true
			if r.Given {
				if r.Addr < 0 || r.Addr%align != 0 {
					return nil, ir.NewError(r.Op.Loc, "cannot plan memory: the reserved base %d is not a non-negative multiple of %d, the alignment of memory space '%s'", r.Addr, align, r.Space)
				}
				b.Pinned, b.Offset = true, r.Addr
			}
		}
		pp.groups = append(pp.groups, g)
		pp.p.Buffers = append(pp.p.Buffers, b)
	}
	return pp, nil
}

// planPTO is allocate-addr's pto path.
//
// With inPlace, an op's destination takes the bytes of an input that
// dies at it (ptobuf.InPlacePairs), at the input's very address (the two
// are colocated).
func planPTO(ctx *pass.Context, fn *ir.Operation, passName, algo string, opt planner.Options, inPlace bool) error {
	if ctx.Target == nil {
		return ir.NewError(fn.Loc, "%s: planning pto memory needs a target (--target=NAME, or pto.target_arch on the module)", passName)
	}
	m, err := ptobuf.Build(fn)
	if err != nil {
		return err
	}
	if len(m.Roots) == 0 {
		return nil
	}
	pp, err := newPTOProblem(ctx, m)
	if err != nil {
		return err
	}
	if inPlace {
		pp.addInPlace(ctx)
	}
	pp.addExclusive()
	if len(pp.p.Buffers) == 0 {
		pp.write(fn, planner.Solution{})
		return nil
	}
	res, err := pp.solve(algo, opt)
	if err != nil {
		return planning.Error(passName, fn, err, func(i int) *ir.Operation {
			if i < len(pp.groups) {
				return pp.groups[i].Members[0].Op
			}
			return nil
		})
	}
	if err := planning.RecordProblem(ctx, fn, passName, "", algo, pp.p, opt, !res.Feasible); err != nil {
		return err
	}
	if !res.Feasible {
		return pp.overflowError(ctx, passName, res)
	}
	// The planner's independent validator judges the placement before
	// any address is written.
	if err := planner.Validate(res.Problem, res.Solution); err != nil {
		return ir.NewError(fn.Loc, "%s: internal error: the %s placement failed validation: %v", passName, algo, err)
	}
	pp.write(fn, res.Solution)
	if planning.WantsPlans(ctx) {
		locs := make([]string, len(pp.groups))
		for i, g := range pp.groups {
			locs[i] = planning.Loc(g.Members[0].Op.Loc)
		}
		planning.RecordPlan(ctx, planReport(fn, passName, algo, res.Problem, res.Solution, locs, nil))
	}
	ctx.Stat("num-allocs", int64(len(m.Roots)))
	return nil
}

// addInPlace lets the in-place pairs share bytes: the input's range ends,
// and the output's begins, between the reads and the writes of their op.
func (pp *ptoProblem) addInPlace(ctx *pass.Context) {
	index := map[*ptobuf.Group]int{}
	for i, g := range pp.groups {
		index[g] = i
	}
	classes := newChains(len(pp.p.Buffers))
	for _, ip := range pp.m.InPlacePairs(ctx.Target.PTO()) {
		out, in := &pp.p.Buffers[index[ip.Out]], &pp.p.Buffers[index[ip.In]]
		i := slices.IndexFunc(in.Live, func(v planner.Interval) bool { return v.End == ip.Point+ptobuf.Step })
		o := slices.IndexFunc(out.Live, func(v planner.Interval) bool { return v.Start == ip.Point })
		if i < 0 || o < 0 {
			continue // the range was moved by an earlier pair
		}
		if in.Live[i].Start > ip.Point || out.Live[o].End <= ip.Point+1 {
			continue
		}
		inLive, outLive := slices.Clone(in.Live), slices.Clone(out.Live)
		inLive[i].End = ip.Point + 1
		outLive[o].Start = ip.Point + 1
		oi, ii := index[ip.Out], index[ip.In]
		if !pp.colocatable(classes, oi, ii, outLive, inLive) {
			continue // a tile of one chain is live while one of the other is
		}
		in.Live, out.Live = inLive, outLive
		classes.union(oi, ii)
		pp.inPlace = append(pp.inPlace, [2]int{oi, ii})
	}
}

// chains is a union-find of the buffers that in-place pairs colocate.
type chains []int

func newChains(n int) chains {
	c := make(chains, n)
	for i := range c {
		c[i] = i
	}
	return c
}

func (c chains) find(i int) int {
	for c[i] != i {
		i = c[i]
	}
	return i
}

func (c chains) union(a, b int) { c[c.find(a)] = c.find(b) }

// colocatable: joining out's chain and in's (with out and in live over
// outLive and inLive) puts no two tiles live at once at one address. A
// chain is one address, so every tile of one must be dead while any of
// the other is live, not only the pair's two at their op.
func (pp *ptoProblem) colocatable(c chains, out, in int, outLive, inLive []planner.Interval) bool {
	live := func(i int) []planner.Interval {
		switch i {
		case out:
			return outLive
		case in:
			return inLive
		}
		return pp.p.Buffers[i].Live
	}
	ro, ri := c.find(out), c.find(in)
	if ro == ri {
		return false
	}
	var xs, ys []int
	for x := range c {
		switch c.find(x) {
		case ro:
			xs = append(xs, x)
		case ri:
			ys = append(ys, x)
		}
	}
	for _, x := range xs {
		for _, y := range ys {
			if overlaps(live(x), live(y)) {
				return false
			}
		}
	}
	return true
}

// overlaps: two live sets share a point.
func overlaps(a, b []planner.Interval) bool {
	for _, x := range a {
		for _, y := range b {
			if max(x.Start, y.Start) < min(x.End, y.End) {
				return true
			}
		}
	}
	return false
}

// addExclusive lets the groups no run touches both of share bytes.
func (pp *ptoProblem) addExclusive() {
	index := map[*ptobuf.Group]int{}
	for i, g := range pp.groups {
		index[g] = i
	}
	for _, pr := range pp.m.ExclusivePairs() {
		pp.p.TemporalExclusions = append(pp.p.TemporalExclusions, [2]int{index[pr[0]], index[pr[1]]})
	}
}

// solve solves with every chain of in-place pairs colocated: one
// address for the tiles that hand their bytes on, op by op.
func (pp *ptoProblem) solve(algo string, opt planner.Options) (*planner.Result, error) {
	if len(pp.inPlace) > 0 {
		parent := make([]int, len(pp.p.Buffers))
		for i := range parent {
			parent[i] = i
		}
		find := func(i int) int {
			for parent[i] != i {
				i = parent[i]
			}
			return i
		}
		for _, pr := range pp.inPlace {
			parent[find(pr[0])] = find(pr[1])
		}
		classes := map[int][]int{}
		var reps []int
		for i := range parent {
			r := find(i)
			if len(classes[r]) == 0 {
				reps = append(reps, r)
			}
			classes[r] = append(classes[r], i)
		}
		for _, r := range reps {
			if len(classes[r]) > 1 {
				pp.p.Colocations = append(pp.p.Colocations, classes[r])
			}
		}
	}
	return planner.Solve(algo, pp.p, opt)
}

// overflowError names the space that does not fit: at the lower bound
// when even that is over the capacity, else the demand the planner found.
func (pp *ptoProblem) overflowError(ctx *pass.Context, passName string, res *planner.Result) error {
	for pool, pk := range res.Peak {
		c := pp.p.Pools[pool].Capacity
		if c == 0 || pk <= c {
			continue
		}
		at := pp.m.Fn
		for i, b := range pp.p.Buffers {
			if b.Pool == pool {
				at = pp.groups[i].Members[0].Op
				break
			}
		}
		lb := res.LowerBound[pool]
		why := fmt.Sprintf("the buffers live at once need %d bytes", lb)
		if lb <= c {
			why = fmt.Sprintf("the lower bound %d fits, but the %s placement found needs %d", lb, res.Algorithm, pk)
		}
		return ir.NewError(at.Loc, "%s: memory space '%s' overflows: capacity %d bytes on target '%s', and %s", passName, pp.p.Pools[pool].Name, c, ctx.Target.Name, why)
	}
	return ir.NewError(pp.m.Fn.Loc, "%s: no placement found", passName)
}

// write puts the solution into the IR.
func (pp *ptoProblem) write(fn *ir.Operation, sol planner.Solution) {
	body := fn.Body(0)
	consts := map[int64]*ir.Value{}
	var newConsts []*ir.Operation
	addr := func(n int64) *ir.Value {
		if v, ok := consts[n]; ok {
			return v
		}
		op := ir.NewOperation("arith.constant", fn.Loc, nil, []ir.Type{ir.I64})
		op.SetAttr("value", ir.Int(n, ir.I64))
		newConsts = append(newConsts, op)
		consts[n] = op.Results[0]
		return op.Results[0]
	}
	var dropped []*ir.Value
	for i, g := range pp.groups {
		for k, r := range g.Members {
			placeRoot(r, sol.Offsets[i]+g.Offsets[k], addr, &dropped)
		}
	}
	for _, g := range pp.untouched {
		for k, r := range g.Members {
			placeRoot(r, g.Offsets[k], addr, &dropped)
		}
	}
	body.InsertAt(0, newConsts...)
	// The addresses the input gave, now unused, go.
	for _, v := range dropped {
		if !v.HasUses() && v.Op != nil && v.Op.Has(ir.Pure) && len(v.Op.Results) == 1 {
			v.Op.Erase()
		}
	}
}

// placeRoot writes root r's address off.
func placeRoot(r *ptobuf.Root, off int64, addr func(int64) *ir.Value, dropped *[]*ir.Value) {
	switch r.Kind {
	case ptobuf.Tile:
		f, ok := ir.InterfaceOf[tileAddrSetter](r.Op)
		if !ok {
			return
		}
		if old, ok := ir.InterfaceOf[addrFacts](r.Op); ok {
			if v, had := old.TileAddr(r.Op); had {
				*dropped = append(*dropped, v)
			}
		}
		f.SetTileAddr(r.Op, addr(off))
	case ptobuf.MemRef:
		pc := pto.PointerCastAt(r.Op, addr(off))
		r.Op.Block.InsertBefore(r.Op, pc)
		r.Op.Results[0].ReplaceAllUsesWith(pc.Results[0])
		pc.Results[0].NameHint = r.Op.Results[0].NameHint
		r.Op.Erase()
	case ptobuf.Reserve:
		if f, ok := ir.InterfaceOf[reservationSetter](r.Op); ok {
			f.SetReservationBase(r.Op, off)
		}
	}
}

// addrFacts is an allocation's address operand.
type addrFacts interface {
	TileAddr(op *ir.Operation) (*ir.Value, bool)
}
