package tile

import (
	"cmp"
	"slices"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect"
)

// tileEnds answers, for the buffers the semantic-alias fixup asks about,
// "which tiles in buf die after point p?" without listing a buffer's
// tiles again after every copy: memory-reuse packs thousands of tiles
// into one buffer, the fixup asks for every if and changes the IR after
// many of them.
//
// Per buffer it keeps the tiles sorted by end of life, latest first, as
// last listed (main), plus the tiles a change since then may have added
// or moved (extra, same order). An entry is checked when read (still a
// member of the buffer, still dying at that point) and dropped when not,
// so a change only has to report the values it touched (touched); the
// lists are built again when extra grows past a quarter of main, and
// dropped whenever the liveness is recomputed (reset).
type tileEnds struct {
	lv    *analysis.Liveness
	lists map[*dialect.Value]*endList
}

type endList struct {
	main, extra []endTile
}

// endTile is a tile and the end of its lifetime.
type endTile struct {
	v   *dialect.Value
	end int
}

func (te *tileEnds) reset(lv *analysis.Liveness) {
	te.lv, te.lists = lv, nil
}

// tileEnd is the end of v's lifetime as a tile of a buffer, false when v
// is not one (the buffer itself, a non-tile, a value never live).
func (te *tileEnds) tileEnd(v *dialect.Value) (int, bool) {
	if analysis.IsAllocation(v) {
		return 0, false
	}
	if _, isTile := v.Type.(*dialect.TileType); !isTile {
		return 0, false
	}
	rs := te.lv.Ranges(v)
	if len(rs) == 0 {
		return 0, false
	}
	e := rs[0].End
	for _, r := range rs[1:] {
		e = max(e, r.End)
	}
	return e, true
}

// list builds buf's list from scratch.
func (te *tileEnds) list(buf *dialect.Value) *endList {
	var out []endTile
	for _, w := range te.lv.Aliases.Resolve(buf) {
		if w == buf {
			continue
		}
		if e, ok := te.tileEnd(w); ok {
			out = append(out, endTile{w, e})
		}
	}
	slices.SortStableFunc(out, func(a, b endTile) int { return cmp.Compare(b.end, a.end) })
	l := &endList{main: out}
	if te.lists == nil {
		te.lists = map[*dialect.Value]*endList{}
	}
	te.lists[buf] = l
	return l
}

// touched records that the lifetimes of vs, or the buffers they live in,
// changed: each gets a fresh entry in the lists of the buffers it lives
// in now. Stale entries are dropped when read.
func (te *tileEnds) touched(vs ...*dialect.Value) {
	if len(te.lists) == 0 {
		return
	}
	for _, v := range vs {
		if v == nil {
			continue
		}
		e, ok := te.tileEnd(v)
		if !ok {
			continue
		}
		for _, b := range te.lv.Aliases.ResolveReverse(v) {
			l := te.lists[b]
			if l == nil {
				continue
			}
			if len(l.extra) > 64+len(l.main)/4 {
				delete(te.lists, b)
				continue
			}
			k, _ := slices.BinarySearchFunc(l.extra, e, func(t endTile, e int) int { return cmp.Compare(e, t.end) })
			l.extra = slices.Insert(l.extra, k, endTile{v, e})
		}
	}
}

// valid reports whether t still describes a tile of buf.
func (te *tileEnds) valid(buf *dialect.Value, t endTile) bool {
	if e, ok := te.tileEnd(t.v); !ok || e != t.end {
		return false
	}
	return slices.Contains(te.lv.Aliases.ResolveReverse(t.v), buf)
}

// anyAfter reports whether a tile of buf not in skip dies after point p.
func (te *tileEnds) anyAfter(buf *dialect.Value, p int, skip map[*dialect.Value]bool) bool {
	l := te.lists[buf]
	if l == nil {
		l = te.list(buf)
	}
	i, j := 0, 0
	for {
		var t *endTile
		switch {
		case i < len(l.main) && (j >= len(l.extra) || l.main[i].end >= l.extra[j].end):
			t = &l.main[i]
			i++
		case j < len(l.extra):
			t = &l.extra[j]
			j++
		default:
			return false
		}
		if t.end <= p {
			return false
		}
		if t.v == nil {
			continue
		}
		if !te.valid(buf, *t) {
			t.v = nil
			continue
		}
		if !skip[t.v] {
			return true
		}
	}
}
