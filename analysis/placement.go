package analysis

import (
	"fmt"
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/checked"
)

// CheckTilePlacement is the independent validator of tile memory plans,
// a translation validator: it does not trust the passes that produced
// the plan. From the IR alone it checks that every tile fits its
// allocation; once addresses exist, alignment, capacity and reserved
// windows; that no op writes its output over an input it must not alias;
// and, by a symbolic run over the planned memory (placement_flow.go),
// that every read of a tile, on every path and in every iteration, sees
// the bytes that tile's producer wrote, with loop carries and if results
// kept on one place.
//
// PlacementRules are the target facts the check needs.
type PlacementRules struct {
	Target    string                   // for target-aware no-alias rules
	Capacity  func(space string) int64 // 0 = unbounded
	Alignment func(space string) int64 // address alignment
	Reserved  func(space string) [][2]int64
	// Unmaterialized: loop carries and if results are not yet on one
	// place (the output of init-memref, before
	// materialize-semantic-aliases); reads of them are not checked.
	Unmaterialized bool
	// Complete: every allocation must have an address (the output of
	// allocate-addr). Otherwise addresses present on only some
	// allocations are checked one by one, not against each other.
	Complete bool
}

type tileWrite struct {
	op     *ir.Operation
	res    *ir.Value
	buf    *ir.Value
	space  string
	offset int64 // within buf
	size   int64
}

// CheckTilePlacement validates the plan of one function, in three
// phases: every tile fits its allocation and every address meets the
// target (collectTilePlan), no op writes over an input it must not alias
// (checkNoAlias), and every read sees its producer's bytes (the flow
// check of placement_flow.go).
//
// It builds its own alias graph, on purpose, and takes none from the
// passes (not even one the pass manager caches): a graph the planning
// computed, or one cached and gone stale, would be trusting what is
// being checked. Nor does it take a liveness: the flow check follows
// the program's own order of writes and reads.
func CheckTilePlacement(fn *ir.Operation, rules PlacementRules) error {
	tp, err := collectTilePlan(fn, rules)
	if err != nil {
		return err
	}
	if err := tp.checkNoAlias(NewAliases(fn), rules.Target); err != nil {
		return err
	}
	// Every read sees the bytes its producer wrote (on every path, in
	// every iteration), and carries stay on their bytes.
	if len(tp.writes) == 0 {
		return nil
	}
	if len(fn.Regions()) == 0 || len(fn.Regions()[0].Blocks) != 1 {
		return ir.NewError(fn.Loc, "placement: cannot validate the tiles of a function with unstructured control flow (several blocks)")
	}
	fc := &flowCheck{haveAddr: tp.haveAddr, addrs: tp.addrs, open: rules.Unmaterialized}
	keys := tp.nallocs // before addresses, a key per allocation
	if tp.haveAddr {
		keys = 8 // a key per memory space
	}
	if _, err := fc.block(fn.Body(0), newStateSized(keys)); err != nil {
		return err
	}
	if fc.overflow {
		return ir.NewError(fn.Loc, "placement: a tile's byte range leaves the int64 range")
	}
	return nil
}

// tilePlan is what the IR says about a function's tile memory: the tile
// writes and, when every allocation has one, the addresses.
type tilePlan struct {
	writes   []*tileWrite
	addrs    map[*ir.Value]int64
	haveAddr bool // every allocation has an address: compare across them
	nallocs  int
}

// collectTilePlan gathers the writes and addresses, checking that every
// tile fits its allocation and that the addresses meet the target. Only a
// complete set of addresses places tiles of different allocations
// relative to each other; with some missing (pinned allocations before
// allocate-addr) each allocation is checked on its own.
func collectTilePlan(fn *ir.Operation, rules PlacementRules) (*tilePlan, error) {
	tp := &tilePlan{}
	var allocs []*ir.Operation
	type addrOf struct {
		buf  *ir.Value
		addr int64
	}
	var addrs []addrOf
	var firstErr error
	fn.Walk(func(op *ir.Operation) bool {
		if op.Has(ir.AllocLike) && len(op.Results) == 1 {
			if _, ok := op.Results[0].Type.(*tile.BufType); ok {
				allocs = append(allocs, op)
				if a, ok := tile.AllocAddr(op); ok {
					addrs = append(addrs, addrOf{op.Results[0], a})
				}
			}
		}
		// One write per result (multi-result ops have one destination each).
		for ri, d := range tile.Dests(op) {
			if ri >= len(op.Results) {
				break
			}
			t, ok := op.Results[ri].Type.(*tile.Type)
			if !ok || !t.HasStaticShape() {
				continue
			}
			w := &tileWrite{op: op, res: op.Results[ri], buf: d, space: t.Space, offset: tile.DestOffsetFor(op, ri), size: t.ByteSize()}
			tp.writes = append(tp.writes, w)
			if err := w.fits(); err != nil && firstErr == nil {
				firstErr = err
			}
			if err := checkTileAlign(op, t, w.offset, d, rules); err != nil && firstErr == nil {
				firstErr = err
			}
		}
		if firstErr == nil {
			firstErr = checkViewAlign(op, rules)
		}
		return true
	})
	if firstErr != nil {
		return nil, firstErr
	}
	tp.nallocs = len(allocs)
	tp.addrs = make(map[*ir.Value]int64, len(addrs))
	for _, a := range addrs {
		tp.addrs[a.buf] = a.addr
	}
	tp.haveAddr = len(addrs) > 0
	if tp.haveAddr {
		for _, a := range allocs {
			if _, ok := tp.addrs[a.Results[0]]; !ok {
				if rules.Complete {
					return nil, ir.NewError(a.Loc, "placement: %s has no address while others do", allocName(a.Results[0]))
				}
				tp.haveAddr = false
			}
		}
		if err := CheckAllocAddrs(fn, rules); err != nil {
			return nil, ir.NewError(ir.AsDiagnostic(err).Loc, "placement: %s", ir.AsDiagnostic(err).Msg)
		}
	}
	return tp, nil
}

// CheckTileOffsets checks, without the rest of the plan, that every tile
// sits at an offset of its allocation aligned for its elements and its
// space (checkTileAlign), so that a lowering emitting allocation address +
// offset never emits an address the hardware cannot use. Errors are at the
// op writing (or viewing) the tile.
func CheckTileOffsets(fn *ir.Operation, rules PlacementRules) error {
	var err error
	fn.Walk(func(op *ir.Operation) bool {
		for ri, d := range tile.Dests(op) {
			if ri >= len(op.Results) || err != nil {
				break
			}
			if t, ok := op.Results[ri].Type.(*tile.Type); ok {
				err = checkTileAlign(op, t, tile.DestOffsetFor(op, ri), d, rules)
			}
		}
		if err == nil {
			err = checkViewAlign(op, rules)
		}
		return err == nil
	})
	return err
}

// checkTileAlign checks the offset of a tile in its allocation: a multiple
// of its elements' alignment and of its space's (the allocation's address
// is one of the latter, so the tile's address is then aligned too). A
// tile at byte 3 of an allocation is at no address an f32 load can use.
func checkTileAlign(op *ir.Operation, t *tile.Type, offset int64, buf *ir.Value, rules PlacementRules) error {
	if al := ElementAlign(t.Elem); offset%al != 0 {
		return ir.NewError(op.Loc, "placement: '%s' puts its %s tile at byte %d of %s, which is not a multiple of %d, the alignment of its %s elements",
			op.Name, t, offset, allocName(buf), al, t.Elem)
	}
	if rules.Alignment != nil {
		if al := rules.Alignment(t.Space); al > 1 && offset%al != 0 {
			return ir.NewError(op.Loc, "placement: '%s' puts its %s tile at byte %d of %s, which is not a multiple of %d, the alignment of memory space '%s'",
				op.Name, t, offset, allocName(buf), al, t.Space)
		}
	}
	return nil
}

// checkViewAlign checks a view whose elements need a larger alignment
// than its source's (a bitcast of f16 to f32): it sits where its source
// does, which may not be aligned for it.
func checkViewAlign(op *ir.Operation, rules PlacementRules) error {
	if !op.Has(ir.ViewLike) || len(op.Results) != 1 || len(op.Operands) <= op.Def.ViewSource {
		return nil
	}
	t, ok := op.Results[0].Type.(*tile.Type)
	src, ok2 := op.Operands[op.Def.ViewSource].Type.(*tile.Type)
	if !ok || !ok2 || ElementAlign(t.Elem) <= ElementAlign(src.Elem) {
		return nil
	}
	l, ok := TileLocation(op.Results[0])
	if !ok {
		return nil
	}
	return checkTileAlign(op, t, l.Offset, l.Buf, PlacementRules{})
}

// ElementAlign is the natural alignment of a tile element in bytes: its
// size rounded up to a power of two (1 below a byte); complex and vector
// elements align as their scalars.
func ElementAlign(t ir.Type) int64 {
	switch e := t.(type) {
	case *ir.ComplexType:
		return ElementAlign(e.Elem)
	case *ir.VectorType:
		return ElementAlign(e.Elem)
	}
	bytes := (ir.ElementBitWidth(t) + 7) / 8
	al := int64(1)
	for al < bytes && al < 1<<30 {
		al <<= 1
	}
	return al
}

// fits checks that a write stays inside its allocation (when the
// allocation's size is known) and inside the int64 range.
func (w *tileWrite) fits() error {
	if w.buf.Op == nil {
		return nil
	}
	end, ok := checked.Add(w.offset, w.size)
	if !ok {
		return ir.NewError(w.op.Loc, "placement: the tile written by %s at offset %d of %s ends beyond the int64 range", ir.Describe(w.op), w.offset, allocName(w.buf))
	}
	if size, ok := w.buf.Op.IntAttrValue("size"); ok && end > size {
		return ir.NewError(w.op.Loc, "placement: the tile written by %s needs bytes [%d, %d) of %s, which has only %d", ir.Describe(w.op), w.offset, end, allocName(w.buf), size)
	}
	return nil
}

// byteRange is where a write's bytes are: in its space when addresses
// exist (key nil), else within its allocation. The sums cannot wrap:
// collectTilePlan checked every end.
func (tp *tilePlan) byteRange(w *tileWrite) (key *ir.Value, lo, hi int64) {
	if tp.haveAddr {
		return nil, tp.addrs[w.buf] + w.offset, tp.addrs[w.buf] + w.offset + w.size
	}
	return w.buf, w.offset, w.offset + w.size
}

// checkNoAlias checks the no-alias rules: an op's output may not overlap
// the inputs its rules forbid, and may overlap the others only exactly.
func (tp *tilePlan) checkNoAlias(aa *Aliases, target string) error {
	owner := make(map[*ir.Value]*tileWrite, len(tp.writes))
	for _, w := range tp.writes {
		for _, v := range aa.Resolve(w.res) {
			if _, seen := owner[v]; !seen {
				owner[v] = w
			}
		}
	}
	for _, w := range tp.writes {
		all, forbidden := ForbiddenAliasOperands(w.op, target)
		for k, in := range tile.Inputs(w.op) {
			src := owner[in]
			if src == nil || src == w {
				continue
			}
			ks, ls, hs := tp.byteRange(src)
			kw, lw, hw := tp.byteRange(w)
			if ks != kw || ls >= hw || lw >= hs || src.space != w.space {
				continue
			}
			if all || slices.Contains(forbidden, k) {
				return ir.NewError(w.op.Loc, "placement: %s writes its output over its input #%d (bytes [%d, %d)), which it must not alias", ir.Describe(w.op), k, max(ls, lw), min(hs, hw))
			}
			if ls != lw {
				// In place means at the same address: shifted, the op
				// overwrites input bytes it has not read yet.
				return ir.NewError(w.op.Loc, "placement: %s writes its output at bytes [%d, %d), over part of its input #%d at [%d, %d): an op may overwrite an input only exactly in place", ir.Describe(w.op), lw, hw, k, ls, hs)
			}
		}
	}
	return nil
}

// CheckAllocAddrs checks the addresses tile allocations carry (written by
// a planner, or preset by the author) against the target: aligned, inside
// the capacity, clear of reserved windows, and with an end that is an
// int64. Allocations without an address are skipped. Errors are located
// at the allocation, so a pass can report a preset address it was given
// as the user's mistake rather than its own.
func CheckAllocAddrs(fn *ir.Operation, rules PlacementRules) error {
	var err error
	fn.Walk(func(a *ir.Operation) bool {
		if err != nil {
			return false
		}
		if !a.Has(ir.AllocLike) || len(a.Results) != 1 {
			return true
		}
		if _, ok := a.Results[0].Type.(*tile.BufType); !ok {
			return true
		}
		addr, ok := tile.AllocAddr(a)
		if !ok {
			return true
		}
		err = checkAllocAddr(a, addr, rules)
		return err == nil
	})
	return err
}

func checkAllocAddr(a *ir.Operation, addr int64, rules PlacementRules) error {
	space := tile.SpaceOf(a.Results[0].Type)
	name := allocName(a.Results[0])
	size, _ := a.IntAttrValue("size")
	end, ok := checked.Add(addr, size)
	if addr < 0 || !ok {
		return ir.NewError(a.Loc, "address %d of %s (%d bytes) is outside the addressable range", addr, name, size)
	}
	if rules.Alignment != nil {
		if al := rules.Alignment(space); al > 1 && addr%al != 0 {
			return ir.NewError(a.Loc, "address %d of %s is not %d-byte aligned", addr, name, al)
		}
	}
	if rules.Capacity != nil {
		if c := rules.Capacity(space); c > 0 && end > c {
			return ir.NewError(a.Loc, "%s at [%d, %d) exceeds the %d-byte capacity of memory space '%s'", name, addr, end, c, space)
		}
	}
	if rules.Reserved != nil {
		for _, r := range rules.Reserved(space) {
			if addr < r[1] && r[0] < end {
				return ir.NewError(a.Loc, "%s at [%d, %d) overlaps the reserved window [%d, %d) of memory space '%s'", name, addr, end, r[0], r[1], space)
			}
		}
	}
	return nil
}

// CarriedVersion is the previous iteration's value of a loop carry: the
// iter_arg and what is computed in place on it or viewed from it, up to
// where a new value joins the carry again.
func CarriedVersion(aa *Aliases, arg *ir.Value) []*ir.Value {
	out := []*ir.Value{arg}
	seen := map[*ir.Value]bool{arg: true}
	for i := 0; i < len(out); i++ {
		for u := range out[i].AllUses() {
			if u.Op.Has(ir.ViewLike) || u.Op.Has(ir.ResultReusesInput) && u.Index == u.Op.Def.ReusedInput {
				r := u.Op.Results[0]
				if !seen[r] {
					seen[r] = true
					out = append(out, r)
				}
			}
		}
	}
	return out
}

func allocName(v *ir.Value) string {
	if v.NameHint != "" {
		return "%" + v.NameHint
	}
	if v.Op != nil {
		return fmt.Sprintf("the allocation at %s", v.Op.Loc)
	}
	return "an allocation"
}
