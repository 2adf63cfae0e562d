package analysis

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/checked"
)

// The read check of CheckTilePlacement: a symbolic run of the function
// over its planned memory. The state maps every byte range of every
// allocation (or, once addresses exist, of every memory space) to the
// version of a tile it holds: the value whose write put the bytes there.
// Each read of a tile must find its own version in all its bytes. Ifs
// run both arms and meet; loops iterate to a fixed point, so a byte
// overwritten in a later iteration is unknown at the loop head. A loop
// carry's init, yield and result must sit on the carry's bytes, an if
// result on the same bytes in every arm; there the version is renamed to
// the iter_arg or result, which is what the code after reads.
//
// The work is one walk of the program per fixed-point round (two for
// most loops), with a sorted segment list per allocation: near-linear
// in the number of ops, not in the number of pairs of tiles.

// seg is a byte range holding one version (nil: unknown, for example
// different on two paths).
type seg struct {
	lo, hi int64
	v      *ir.Value
	by     *ir.Operation // for unknown bytes: an op that wrote them on some path
}

// memState is the symbolic memory: per allocation or space, sorted
// disjoint segments. Absent bytes are unknown. A state is a layer over a
// base state: it holds the keys written since it was made, and reads fall
// through to the base. Running a loop body or an if arm (and meeting the
// paths after) then costs what it touches, not the size of the whole
// memory: before addresses there is one key per allocation.
type memState struct {
	base *memState
	own  map[any][]seg // a nil slice: no known bytes (hides the base's)
}

// newStateSized is an empty state for about n keys.
func newStateSized(n int) *memState { return &memState{own: make(map[any][]seg, n)} }

// child is a new empty layer over s; s must not change while it is used.
func (s *memState) child() *memState { return &memState{base: s, own: map[any][]seg{}} }

// get is what key holds.
func (s *memState) get(key any) []seg {
	for x := s; x != nil; x = x.base {
		if v, ok := x.own[key]; ok {
			return v
		}
	}
	return nil
}

// keys adds to set the keys written in the layers from s down to, not
// including, stop: where s may differ from stop.
func (s *memState) keys(stop *memState, set map[any]bool) {
	for x := s; x != nil && x != stop; x = x.base {
		for k := range x.own {
			set[k] = true
		}
	}
}

// absorb makes s read as top, a chain of layers over s, does.
func (s *memState) absorb(top *memState) {
	set := map[any]bool{}
	top.keys(s, set)
	for k := range set {
		s.own[k] = top.get(k)
	}
}

// write makes [lo, hi) of key hold version v. The segments are sorted
// and disjoint, so only those from the first ending after lo to the last
// starting before hi change: they are found by binary search and replaced
// by at most three, in place when this layer owns the key's list (a write
// past the last segment, as a packer's addresses grow, then appends), in
// one copy when the list is a base layer's. Rebuilding and sorting the
// whole list at every write made a space with many tiles at distinct
// addresses quadratic.
func (s *memState) write(key any, lo, hi int64, v *ir.Value, by *ir.Operation) {
	old, owned := s.own[key]
	if !owned {
		old = s.get(key)
	}
	// i: the first segment ending after lo.
	i, _ := slices.BinarySearchFunc(old, lo, func(g seg, t int64) int {
		if g.hi <= t {
			return -1
		}
		return 1
	})
	j := i
	for j < len(old) && old[j].lo < hi {
		j++
	}
	var mid [3]seg
	n := 0
	if i < j && old[i].lo < lo {
		mid[n] = seg{old[i].lo, lo, old[i].v, old[i].by}
		n++
	}
	mid[n] = seg{lo, hi, v, by}
	n++
	if i < j && old[j-1].hi > hi {
		mid[n] = seg{hi, old[j-1].hi, old[j-1].v, old[j-1].by}
		n++
	}
	if owned && old != nil {
		s.own[key] = slices.Replace(old, i, j, mid[:n]...)
		return
	}
	out := make([]seg, 0, len(old)-(j-i)+n)
	out = append(out, old[:i]...)
	out = append(out, mid[:n]...)
	s.own[key] = append(out, old[j:]...)
}

// holds reports whether all of [lo, hi) of key holds version v; if not,
// it returns the first segment that does not (unknown bytes as a nil
// version with no writer when nothing wrote them).
func (s *memState) holds(key any, lo, hi int64, v *ir.Value) (seg, bool) {
	at := lo
	segs := s.get(key)
	i, _ := slices.BinarySearchFunc(segs, lo, func(g seg, t int64) int {
		if g.hi <= t {
			return -1
		}
		return 1
	})
	for _, g := range segs[i:] {
		if g.hi <= at || g.lo >= hi {
			continue
		}
		if g.lo > at {
			return seg{lo: at, hi: g.lo}, false
		}
		if g.v != v {
			return g, false
		}
		at = g.hi
		if at >= hi {
			return seg{}, true
		}
	}
	if at < hi {
		return seg{lo: at, hi: hi}, false
	}
	return seg{}, true
}

// meet is the state after two paths join, both layers over base: bytes
// keep a version only where both paths agree. Keys neither path wrote
// are the base's on both.
func meet(a, b, base *memState) *memState {
	set := map[any]bool{}
	a.keys(base, set)
	b.keys(base, set)
	out := base.child()
	for k := range set {
		out.own[k] = meetSegs(a.get(k), b.get(k))
	}
	return out
}

// meetSegs is meet on one key's segments.
func meetSegs(as, bs []seg) []seg {
	var segs []seg
	i, j := 0, 0
	for i < len(as) && j < len(bs) {
		lo, hi := max(as[i].lo, bs[j].lo), min(as[i].hi, bs[j].hi)
		if lo < hi {
			g := seg{lo: lo, hi: hi, v: as[i].v}
			if as[i].v != bs[j].v {
				g.v, g.by = nil, bs[j].by
				if bs[j].v != nil && bs[j].v.Op != nil {
					g.by = bs[j].v.Op
				} else if g.by == nil {
					g.by = as[i].by
				}
			} else if g.v == nil {
				g.by = as[i].by
			}
			if n := len(segs); n > 0 && segs[n-1].hi == lo && segs[n-1].v == g.v && segs[n-1].by == g.by {
				segs[n-1].hi = hi
			} else {
				segs = append(segs, g)
			}
		}
		if as[i].hi < bs[j].hi {
			i++
		} else {
			j++
		}
	}
	return segs
}

// equalStates reports whether two layers over base hold the same.
func equalStates(a, b, base *memState) bool {
	set := map[any]bool{}
	a.keys(base, set)
	b.keys(base, set)
	for k := range set {
		if !slices.Equal(a.get(k), b.get(k)) {
			return false
		}
	}
	return true
}

// flowCheck is one run of the read check.
type flowCheck struct {
	haveAddr bool
	addrs    map[*ir.Value]int64
	// open: loop carries and if results are not on one place yet
	// (init-memref's output); tiles that are or derive from them are
	// not checked.
	open bool
	// overflow: some tile's byte range left the int64 range; such a tile
	// has no place, and the check fails rather than skip it.
	overflow bool
}

// place is where a tile's bytes are: a key (allocation or space) and a
// byte range.
type place struct {
	key    any
	lo, hi int64
}

// placeOf is where tile v lives, or ok=false when it has no nameable
// place (then it is not checked: the lowering refuses such tiles).
func (c *flowCheck) placeOf(v *ir.Value) (place, bool) {
	t, ok := v.Type.(*tile.Type)
	if !ok || !t.HasStaticShape() || c.open && fromRegion(v) {
		return place{}, false
	}
	l, ok := TileLocation(v)
	if !ok {
		return c.windowPlace(v)
	}
	return c.at(l, t.ByteSize())
}

func (c *flowCheck) at(l TileLoc, size int64) (place, bool) {
	var key any = l.Buf
	lo := l.Offset
	if c.haveAddr {
		a, ok := c.addrs[l.Buf]
		if !ok {
			return place{}, false
		}
		key = tile.SpaceOf(l.Buf.Type)
		if lo, ok = checked.Add(a, l.Offset); !ok {
			c.overflow = true
			return place{}, false
		}
	}
	hi, ok := checked.Add(lo, size)
	if !ok {
		c.overflow = true
		return place{}, false
	}
	return place{key: key, lo: lo, hi: hi}, true
}

// windowPlace is, for a tile.slice (or what is computed on or viewed
// from one), the whole of the sliced source: the window's offset depends
// on operands, and no-alias rules already treat it as its source.
func (c *flowCheck) windowPlace(v *ir.Value) (place, bool) {
	for depth := 0; depth < 1000 && v.Op != nil; depth++ {
		op := v.Op
		switch {
		case op.Has(ir.ViewLike):
			src := op.Operands[op.Def.ViewSource]
			if tile.ViewsWindow(op) {
				return c.placeOf(src)
			}
			v = src
		case op.Has(ir.ResultReusesInput):
			v = op.Operands[op.Def.ReusedInput]
		default:
			return place{}, false
		}
	}
	return place{}, false
}

// fromRegion reports whether tile v is, views, or is computed in place
// on a loop carry or region result.
func fromRegion(v *ir.Value) bool {
	for depth := 0; depth < 1000; depth++ {
		if v.Op == nil {
			p := v.Block.ParentOp()
			return p != nil && !p.Has(ir.FunctionLike)
		}
		op := v.Op
		switch {
		case op.Has(ir.ViewLike):
			v = op.Operands[op.Def.ViewSource]
		case op.Has(ir.ResultReusesInput):
			v = op.Operands[op.Def.ReusedInput]
		default:
			return len(op.Regions()) > 0
		}
	}
	return false
}

// version is the value whose write the bytes of v must hold: v itself
// for what is written or renamed (op results, iter_args, region
// results), the source's for a view.
func version(v *ir.Value) *ir.Value {
	for depth := 0; depth < 1000 && v.Op != nil && v.Op.Has(ir.ViewLike); depth++ {
		v = v.Op.Operands[v.Op.Def.ViewSource]
	}
	return v
}

// read checks that tile v, read by op, finds its own bytes.
func (c *flowCheck) read(st *memState, v *ir.Value, op *ir.Operation) error {
	p, ok := c.placeOf(v)
	if !ok {
		return nil
	}
	want := version(v)
	g, ok := st.holds(p.key, p.lo, p.hi, want)
	if ok {
		return nil
	}
	what := "tile " + valueName(v)
	switch {
	case g.v != nil && g.v.Op != nil:
		return ir.NewError(op.Loc, "placement: '%s' reads %s, but its bytes [%d, %d) were overwritten by '%s' at %s", op.Name, what, g.lo, g.hi, g.v.Op.Name, g.v.Op.Loc).
			WithNote(g.v.Op.Loc, "the bytes are overwritten here")
	case g.v != nil:
		return ir.NewError(op.Loc, "placement: '%s' reads %s, but its bytes [%d, %d) hold %s", op.Name, what, g.lo, g.hi, valueName(g.v))
	case g.by != nil:
		return ir.NewError(op.Loc, "placement: '%s' reads %s, but its bytes [%d, %d) may have been overwritten by '%s' at %s on another path or iteration", op.Name, what, g.lo, g.hi, g.by.Name, g.by.Loc).
			WithNote(g.by.Loc, "the bytes may be overwritten here")
	}
	return ir.NewError(op.Loc, "placement: '%s' reads %s, but its bytes [%d, %d) were never written with it", op.Name, what, g.lo, g.hi)
}

func valueName(v *ir.Value) string {
	if v.NameHint != "" {
		return "%" + v.NameHint
	}
	if v.Op != nil {
		return "the result of '" + v.Op.Name + "'"
	}
	return "a region argument"
}

// block runs the ops of b from st.
func (c *flowCheck) block(b *ir.Block, st *memState) (*memState, error) {
	for _, op := range b.Ops {
		if op == b.Terminator() && len(op.Regions()) == 0 {
			return st, nil
		}
		var err error
		switch {
		case IsCountedLoop(op):
			st, err = c.loop(op, st)
		case op.Def != nil && op.Def.Branch != nil && op.Def.Branch.Exclusive(op):
			st, err = c.cond(op, st)
		case len(op.Regions()) > 0:
			if carriesTiles(op) {
				err = ir.NewError(op.Loc, "placement: cannot validate the tiles carried by '%s' (only scf.for and scf.if)", op.Name)
			}
		default:
			err = c.plain(op, st)
		}
		if err != nil {
			return nil, err
		}
	}
	return st, nil
}

func carriesTiles(op *ir.Operation) bool {
	found := false
	op.Walk(func(o *ir.Operation) bool {
		for _, v := range o.Operands {
			if _, ok := v.Type.(*tile.Type); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// readOperands checks every tile operand op reads.
func (c *flowCheck) readOperands(st *memState, op *ir.Operation) error {
	for _, v := range op.Operands {
		if _, ok := v.Type.(*tile.Type); ok {
			if err := c.read(st, v, op); err != nil {
				return err
			}
		}
	}
	return nil
}

// plain reads the tile operands of op, then writes its tile results.
func (c *flowCheck) plain(op *ir.Operation, st *memState) error {
	if err := c.readOperands(st, op); err != nil {
		return err
	}
	if op.Has(ir.ViewLike) {
		return nil
	}
	for _, r := range op.Results {
		if p, ok := c.placeOf(r); ok {
			st.write(p.key, p.lo, p.hi, r, op)
		}
	}
	return nil
}

// carry is one tile carried by a loop (or one tile result of an if).
type carry struct {
	p   place
	ok  bool
	arg *ir.Value // iter_arg (nil for an if)
	res *ir.Value
}

func (c *flowCheck) loop(L *ir.Operation, st *memState) (*memState, error) {
	body := L.Body(0)
	yield := body.Terminator()
	lp, _ := AsCountedLoop(L)
	iterArgs := lp.IterArgs(L)
	if err := c.readOperands(st, L); err != nil {
		return nil, err
	}
	var cs []carry
	for i, res := range L.Results {
		if _, ok := res.Type.(*tile.Type); !ok {
			continue
		}
		p, ok := c.placeOf(res)
		cs = append(cs, carry{p: p, ok: ok, arg: iterArgs[i], res: res})
	}
	rename := func(s *memState, to func(carry) *ir.Value) *memState {
		for _, k := range cs {
			if k.ok {
				s.write(k.p.key, k.p.lo, k.p.hi, to(k), L)
			}
		}
		return s
	}
	// The head: entry (init renamed to the iter_arg) met with the back
	// edge, until nothing changes. Every state here is layered over st.
	entry := rename(st.child(), func(k carry) *ir.Value { return k.arg })
	head := entry
	for round := 0; ; round++ {
		end, err := c.block(body, head.child())
		if err != nil {
			return nil, err
		}
		if err := c.yields(L, yield, cs, end); err != nil {
			return nil, err
		}
		back := rename(end, func(k carry) *ir.Value { return k.arg })
		next := meet(entry, back, st)
		if equalStates(next, head, st) || round > 64 {
			head = next
			break
		}
		head = next
	}
	// The loop exits from its head: the carries are the results now.
	out := head.child()
	for _, k := range cs {
		if !k.ok {
			continue
		}
		if _, ok := out.holds(k.p.key, k.p.lo, k.p.hi, k.arg); ok {
			out.write(k.p.key, k.p.lo, k.p.hi, k.res, L)
		}
	}
	st.absorb(out)
	return st, nil
}

// yields checks the terminator of a loop body or if arm: each carried
// tile is yielded on the carry's bytes, and holds its own version there.
func (c *flowCheck) yields(S, yield *ir.Operation, cs []carry, st *memState) error {
	for _, k := range cs {
		y := yield.Operands[k.res.Index]
		if !k.ok {
			continue
		}
		yp, ok := c.placeOf(y)
		if !ok || yp != k.p {
			kind := "the loop carry"
			if k.arg == nil {
				kind = "result"
			}
			return ir.NewError(yield.Loc, "placement: %s #%d of '%s' at %s lives at bytes [%d, %d) of %s, but the tile yielded for it (%s) is elsewhere: the code after reads stale bytes", kind, k.res.Index, S.Name, S.Loc, k.p.lo, k.p.hi, keyName(k.p.key), valueName(y))
		}
		if err := c.read(st, y, yield); err != nil {
			return err
		}
	}
	return nil
}

func keyName(k any) string {
	switch k := k.(type) {
	case string:
		return "memory space '" + k + "'"
	case *ir.Value:
		return allocName(k)
	}
	return "an allocation"
}

func (c *flowCheck) cond(S *ir.Operation, st *memState) (*memState, error) {
	if err := c.readOperands(st, S); err != nil {
		return nil, err
	}
	var cs []carry
	for _, res := range S.Results {
		if _, ok := res.Type.(*tile.Type); !ok {
			continue
		}
		p, ok := c.placeOf(res)
		cs = append(cs, carry{p: p, ok: ok, res: res})
	}
	var out *memState
	arms := 0
	for ri := range S.Regions() {
		b := S.Body(ri)
		if b == nil {
			continue
		}
		end, err := c.block(b, st.child())
		if err != nil {
			return nil, err
		}
		if t := b.Terminator(); t != nil {
			if err := c.yields(S, t, cs, end); err != nil {
				return nil, err
			}
		}
		for _, k := range cs {
			if k.ok {
				end.write(k.p.key, k.p.lo, k.p.hi, k.res, S)
			}
		}
		arms++
		if out == nil {
			out = end
		} else {
			out = meet(out, end, st)
		}
	}
	if arms < len(S.Regions()) || out == nil {
		// A missing else: the if may run no arm at all.
		if out == nil {
			return st, nil
		}
		out = meet(out, st, st)
	}
	st.absorb(out)
	return st, nil
}
