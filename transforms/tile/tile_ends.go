package tile

import (
	"cmp"
	"math"
	"slices"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// tileEnds answers, for the buffers the semantic-alias fixup asks about,
// "does a tile of buf other than these hold bytes across point p?" without
// listing a buffer's tiles again after every copy: memory-reuse packs
// thousands of tiles into one buffer, the fixup asks for every if and
// changes the IR after many of them.
//
// Per buffer it keeps the tiles as last listed, sorted by end of life,
// latest first, with a tree of their earliest starts (main), plus the
// tiles a change since then may have added or moved (extra). An entry is
// checked when read (still a member of the buffer, same lifetime) and
// dropped when not, so a change only has to report the values it touched
// (touched); a list is built again when its extra grows too long, and all
// are dropped whenever the liveness is recomputed (reset).
type tileEnds struct {
	lv    *analysis.Liveness
	lists map[*ir.Value]*endList
}

type endList struct {
	main []endTile
	// tree[k] is the least start under node k of a complete binary tree
	// whose leaf size+i is main[i] (padding leaves: none).
	tree  []int
	size  int
	extra []endTile
}

// endTile is a tile and the span of its lifetime.
type endTile struct {
	v          *ir.Value
	start, end int
}

func (te *tileEnds) reset(lv *analysis.Liveness) {
	te.lv, te.lists = lv, nil
}

// span is the hull of v's lifetime as a tile of a buffer, false when v is
// not one (an allocation, a non-tile, a value never live).
func (te *tileEnds) span(v *ir.Value) (endTile, bool) {
	if analysis.IsAllocation(v) {
		return endTile{}, false
	}
	if _, isTile := v.Type.(*tile.Type); !isTile {
		return endTile{}, false
	}
	rs := te.lv.Ranges(v)
	if len(rs) == 0 {
		return endTile{}, false
	}
	t := endTile{v, rs[0].Start, rs[0].End}
	for _, r := range rs[1:] {
		t.start, t.end = min(t.start, r.Start), max(t.end, r.End)
	}
	return t, true
}

// list builds buf's list from scratch.
func (te *tileEnds) list(buf *ir.Value) *endList {
	var out []endTile
	for _, w := range te.lv.Aliases.Resolve(buf) {
		if w == buf {
			continue
		}
		if t, ok := te.span(w); ok {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, func(a, b endTile) int { return cmp.Compare(b.end, a.end) })
	n := 1
	for n < len(out) {
		n *= 2
	}
	l := &endList{main: out, tree: make([]int, 2*n), size: n}
	for i := range l.tree[n:] {
		l.tree[n+i] = math.MaxInt
	}
	for i, t := range out {
		l.tree[n+i] = t.start
	}
	for k := n - 1; k > 0; k-- {
		l.tree[k] = min(l.tree[2*k], l.tree[2*k+1])
	}
	if te.lists == nil {
		te.lists = map[*ir.Value]*endList{}
	}
	te.lists[buf] = l
	return l
}

// drop marks main[i] gone.
func (l *endList) drop(i int) {
	n := l.size
	l.main[i].v = nil
	k := n + i
	l.tree[k] = math.MaxInt
	for k /= 2; k > 0; k /= 2 {
		l.tree[k] = min(l.tree[2*k], l.tree[2*k+1])
	}
}

// first returns the least i in [from, to) with main[i].start <= p, or -1.
func (l *endList) first(from, to, p int) int {
	n := l.size
	for i := from; i < to; {
		// The largest aligned block starting at i that ends by to.
		k, size := n+i, 1
		for k%2 == 0 && i+size*2 <= to && k/2 > 0 {
			k, size = k/2, size*2
		}
		if l.tree[k] > p {
			i += size
			continue
		}
		// Descend to the leftmost leaf with start <= p.
		for k < n {
			if l.tree[2*k] <= p {
				k = 2 * k
			} else {
				k = 2*k + 1
			}
		}
		return k - n
	}
	return -1
}

// touched records that the lifetimes of vs, or the buffers they live in,
// changed: each gets a fresh entry in the lists of the buffers it lives
// in now. Stale entries are dropped when read.
func (te *tileEnds) touched(vs ...*ir.Value) {
	if len(te.lists) == 0 {
		return
	}
	for _, v := range vs {
		if v == nil {
			continue
		}
		t, ok := te.span(v)
		if !ok {
			continue
		}
		for _, b := range te.lv.Aliases.ResolveReverse(v) {
			l := te.lists[b]
			if l == nil {
				continue
			}
			if len(l.extra) > 64+len(l.main)/64 {
				delete(te.lists, b)
				continue
			}
			l.extra = append(l.extra, t)
		}
	}
}

// valid reports whether t still describes a tile of buf.
func (te *tileEnds) valid(buf *ir.Value, t endTile) bool {
	if s, ok := te.span(t.v); !ok || s != t {
		return false
	}
	return slices.Contains(te.lv.Aliases.ResolveReverse(t.v), buf)
}

// liveAcross reports whether a tile of buf not in skip is born by point p
// and dies after it: its bytes are still to be read after p.
func (te *tileEnds) liveAcross(buf *ir.Value, p int, skip map[*ir.Value]bool) bool {
	l := te.lists[buf]
	if l == nil {
		l = te.list(buf)
	}
	for j := range l.extra {
		t := &l.extra[j]
		if t.v == nil || t.end <= p || t.start > p {
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
	// main[:k] die after p.
	k, _ := slices.BinarySearchFunc(l.main, p, func(t endTile, p int) int {
		if t.end > p {
			return -1
		}
		return 1
	})
	for i := l.first(0, k, p); i >= 0; i = l.first(i+1, k, p) {
		t := l.main[i]
		if !te.valid(buf, t) {
			l.drop(i)
			continue
		}
		if !skip[t.v] {
			return true
		}
	}
	return false
}
