package analysis

import (
	"fmt"

	"pto-opt/dialect"
)

// CheckTilePlacement is the independent validator of tile memory plans. It
// does not trust the planner that produced the plan: from the IR alone it
// checks that no two tiles that are live at the same time (on one path)
// occupy a common byte, that no op writes its output over an input it must
// not alias, that every tile fits its allocation, and — once addresses are
// assigned — alignment, capacity and reserved windows.
//
// A "tile" here is one write: the result of a destination-style op (or of
// a copy); its aliases (views, in-place results, loop and if results,
// iter_args) are the same data and share its bytes by design. Writes that
// belong to one loop carry (their alias sets meet in an iter_arg) are one
// variable; for them the rule is that the carry is not read after the
// next value has been written into it.
type PlacementRules struct {
	Target    string                   // for target-aware no-alias rules
	Capacity  func(space string) int64 // 0 = unbounded
	Alignment func(space string) int64 // address alignment
	Reserved  func(space string) [][2]int64
}

type tileWrite struct {
	op     *dialect.Operation
	res    *dialect.Value
	buf    *dialect.Value
	space  string
	offset int64 // within buf
	size   int64
	ranges []Interval
	alias  []*dialect.Value        // the write's alias closure
	carry  map[*dialect.Value]bool // iter_args this write flows into
	joins  map[*dialect.Value]bool // loop/if results and iter_args it flows into
}

// CheckTilePlacement validates the plan of one function.
func CheckTilePlacement(fn *dialect.Operation, rules PlacementRules) error {
	aa := NewAliases(fn)
	lv := ComputeLiveness(fn, aa)
	var writes []*tileWrite
	var allocs []*dialect.Operation
	addrs := map[*dialect.Value]int64{}
	haveAddr := false
	var firstErr error
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
		}
	}
	fn.Walk(func(op *dialect.Operation) bool {
		if op.Has(dialect.AllocLike) && len(op.Results) == 1 {
			if _, ok := op.Results[0].Type.(*dialect.TileBufType); ok {
				allocs = append(allocs, op)
				if a, ok := dialect.AllocAddr(op); ok {
					addrs[op.Results[0]] = a
					haveAddr = true
				}
			}
		}
		// One write per result (multi-result ops have one destination each).
		for ri, d := range dialect.TileDests(op) {
			if ri >= len(op.Results) {
				break
			}
			t, ok := op.Results[ri].Type.(*dialect.TileType)
			if !ok || !t.HasStaticShape() {
				continue
			}
			w := &tileWrite{op: op, res: op.Results[ri], buf: d, space: t.Space, offset: dialect.TileDestOffsetFor(op, ri), size: t.ByteSize(), carry: map[*dialect.Value]bool{}, joins: map[*dialect.Value]bool{}}
			var all []Interval
			w.alias = aa.Resolve(w.res)
			for _, v := range w.alias {
				if isBufferHandle(v) {
					continue
				}
				all = append(all, lv.Ranges(v)...)
				if v.Op != nil && v.Op != op && v.Op.Def != nil && v.Op.Def.Branch != nil {
					w.joins[v] = true
				}
				if v.IsBlockArg() {
					w.joins[v] = true
					if p := v.Block.ParentOp(); p != nil && p.Def != nil && p.Def.Branch != nil && v.Block.Region != nil && p.Def.Branch.Loops(p, v.Block.Region.Index()) {
						w.carry[v] = true
					}
				}
			}
			w.ranges = normalize(all)
			writes = append(writes, w)
			if d.Op != nil {
				if size, ok := d.Op.IntAttrValue("size"); ok && w.offset+w.size > size {
					fail(dialect.NewError(op.Loc, "placement: the tile written by %s needs bytes [%d, %d) of %s, which has only %d", dialect.Describe(op), w.offset, w.offset+w.size, allocName(d), size))
				}
			}
		}
		return true
	})
	if firstErr != nil {
		return firstErr
	}
	// Allocation-level checks once addresses exist.
	if haveAddr {
		for _, a := range allocs {
			space := dialect.TileSpaceOf(a.Results[0].Type)
			addr, ok := addrs[a.Results[0]]
			if !ok {
				return dialect.NewError(a.Loc, "placement: %s has no address while others do", allocName(a.Results[0]))
			}
			size, _ := a.IntAttrValue("size")
			if rules.Alignment != nil {
				if al := rules.Alignment(space); al > 1 && addr%al != 0 {
					return dialect.NewError(a.Loc, "placement: address %d of %s is not %d-byte aligned", addr, allocName(a.Results[0]), al)
				}
			}
			if rules.Capacity != nil {
				if c := rules.Capacity(space); c > 0 && addr+size > c {
					return dialect.NewError(a.Loc, "placement: %s at [%d, %d) exceeds the %d-byte capacity of memory space '%s'", allocName(a.Results[0]), addr, addr+size, c, space)
				}
			}
			if rules.Reserved != nil {
				for _, r := range rules.Reserved(space) {
					if addr < r[1] && r[0] < addr+size {
						return dialect.NewError(a.Loc, "placement: %s at [%d, %d) overlaps the reserved window [%d, %d) of memory space '%s'", allocName(a.Results[0]), addr, addr+size, r[0], r[1], space)
					}
				}
			}
		}
	}
	byteRange := func(w *tileWrite) (key *dialect.Value, lo, hi int64) {
		if haveAddr {
			return nil, addrs[w.buf] + w.offset, addrs[w.buf] + w.offset + w.size
		}
		return w.buf, w.offset, w.offset + w.size
	}
	// Pairwise: co-live writes must not share a byte.
	for i, a := range writes {
		ka, la, ha := byteRange(a)
		for _, b := range writes[i+1:] {
			if a.space != b.space {
				continue
			}
			kb, lb, hb := byteRange(b)
			if ka != kb || la >= hb || lb >= ha {
				continue
			}
			ra, rb := a.ranges, b.ranges
			if common := commonJoins(a, b); len(common) > 0 {
				// Successive or alternative values of one variable (a loop
				// carry, an if result): compare them before they meet.
				ra, rb = ownRanges(a, common, aa, lv), ownRanges(b, common, aa, lv)
			}
			if !OverlapSets(ra, rb) {
				continue
			}
			if ex, _ := lv.Exclusive(a.res, b.res); ex {
				continue
			}
			return dialect.NewError(b.op.Loc, "placement: the tile written by %s shares bytes [%d, %d) with the tile written by %s at %s while both are live",
				dialect.Describe(b.op), max(la, lb), min(ha, hb), dialect.Describe(a.op), a.op.Loc).
				WithNote(a.op.Loc, "the other tile is written here")
		}
	}
	// No-alias rules: an op's output may not overlap the forbidden inputs.
	owner := map[*dialect.Value]*tileWrite{}
	for _, w := range writes {
		for _, v := range aa.Resolve(w.res) {
			if _, seen := owner[v]; !seen {
				owner[v] = w
			}
		}
	}
	for _, w := range writes {
		all, forbidden := dialect.ForbiddenAliasOperands(w.op, rules.Target)
		inputs := dialect.TileInputs(w.op)
		for k, in := range inputs {
			if !all && !containsIdx(forbidden, k) {
				continue
			}
			src := owner[in]
			if src == nil || src == w {
				continue
			}
			ks, ls, hs := byteRange(src)
			kw, lw, hw := byteRange(w)
			if ks == kw && ls < hw && lw < hs && src.space == w.space {
				return dialect.NewError(w.op.Loc, "placement: %s writes its output over its input #%d (bytes [%d, %d)), which it must not alias", dialect.Describe(w.op), k, max(ls, lw), min(hs, hw))
			}
		}
	}
	// Loop carries: the next value must not be written while the carried
	// one (the previous iteration's) is still read after the write.
	for _, w := range writes {
		for arg := range w.carry {
			body := arg.Block
			if body.FindAncestorOpInBlock(w.op) == nil {
				continue // written before the loop (the init)
			}
			old := CarriedVersion(aa, arg)
			for _, v := range old {
				for _, u := range v.Uses {
					if u.Op == w.op || u.Op == body.Terminator() && u.Index == arg.Index-1 {
						continue
					}
					if lv.MayRunAfter(u.Op, w.op) {
						return dialect.NewError(w.op.Loc, "placement: %s overwrites the loop-carried tile while %s still reads it", dialect.Describe(w.op), dialect.Describe(u.Op))
					}
				}
			}
		}
	}
	return nil
}

// CarriedVersion is the previous iteration's value of a loop carry: the
// iter_arg and what is computed in place on it or viewed from it, up to
// where a new value joins the carry again.
func CarriedVersion(aa *Aliases, arg *dialect.Value) []*dialect.Value {
	out := []*dialect.Value{arg}
	seen := map[*dialect.Value]bool{arg: true}
	for i := 0; i < len(out); i++ {
		for _, u := range out[i].Uses {
			if u.Op.Has(dialect.ViewLike) || u.Op.Has(dialect.ResultReusesInput) && u.Index == u.Op.Def.ReusedInput {
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

// commonJoins returns the loop carries and if results both writes flow
// into.
func commonJoins(a, b *tileWrite) []*dialect.Value {
	var out []*dialect.Value
	for v := range a.joins {
		if b.joins[v] {
			out = append(out, v)
		}
	}
	return out
}

// ownRanges is a write's lifetime without the values downstream of the
// given joins (which both writes of a pair share by design).
func ownRanges(w *tileWrite, joins []*dialect.Value, aa *Aliases, lv *Liveness) []Interval {
	shared := map[*dialect.Value]bool{}
	for _, j := range joins {
		for _, v := range aa.Resolve(j) {
			shared[v] = true
		}
	}
	var all []Interval
	for _, v := range w.alias {
		if shared[v] || isBufferHandle(v) {
			continue
		}
		all = append(all, lv.Ranges(v)...)
	}
	return normalize(all)
}

func containsIdx(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

func allocName(v *dialect.Value) string {
	if v.NameHint != "" {
		return "%" + v.NameHint
	}
	if v.Op != nil {
		return fmt.Sprintf("the allocation at %s", v.Op.Loc)
	}
	return "an allocation"
}
