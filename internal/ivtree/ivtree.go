// Package ivtree is an interval tree over half-open integer ranges: a
// treap keyed by (start, id) whose nodes carry the largest end in their
// subtree, so "which stored ranges overlap [lo, hi)" costs O(log n + hits)
// and an insertion O(log n). The planning passes use it where comparing
// every pair of lifetimes or byte ranges would be quadratic.
//
// Priorities come from a fixed xorshift sequence: the same insertions give
// the same tree, and visits run in (start, id) order, so results never
// depend on anything but the input.
package ivtree

// Tree is an interval tree; the zero value is empty and ready to use.
type Tree struct {
	nodes []node
	free  []int32 // slots of removed nodes, reused by Insert
	root  int32
	seed  uint64
}

type node struct {
	start, end, maxEnd int64
	id                 int
	prio               uint64
	left, right        int32
}

const none = -1

// Len is the number of stored intervals.
func (t *Tree) Len() int { return len(t.nodes) - len(t.free) }

func (t *Tree) rand() uint64 {
	if t.seed == 0 {
		t.seed = 0x9E3779B97F4A7C15
	}
	t.seed ^= t.seed >> 12
	t.seed ^= t.seed << 25
	t.seed ^= t.seed >> 27
	return t.seed * 2685821657736338717
}

func (t *Tree) less(a int32, start int64, id int) bool {
	n := &t.nodes[a]
	return n.start < start || n.start == start && n.id < id
}

func (t *Tree) fix(a int32) {
	n := &t.nodes[a]
	n.maxEnd = n.end
	if n.left != none {
		n.maxEnd = max(n.maxEnd, t.nodes[n.left].maxEnd)
	}
	if n.right != none {
		n.maxEnd = max(n.maxEnd, t.nodes[n.right].maxEnd)
	}
}

// split divides a subtree into keys < (start, id) and keys >= it.
func (t *Tree) split(a int32, start int64, id int) (int32, int32) {
	if a == none {
		return none, none
	}
	if t.less(a, start, id) {
		l, r := t.split(t.nodes[a].right, start, id)
		t.nodes[a].right = l
		t.fix(a)
		return a, r
	}
	l, r := t.split(t.nodes[a].left, start, id)
	t.nodes[a].left = r
	t.fix(a)
	return l, a
}

func (t *Tree) merge(a, b int32) int32 {
	switch {
	case a == none:
		return b
	case b == none:
		return a
	case t.nodes[a].prio > t.nodes[b].prio:
		t.nodes[a].right = t.merge(t.nodes[a].right, b)
		t.fix(a)
		return a
	default:
		t.nodes[b].left = t.merge(a, t.nodes[b].left)
		t.fix(b)
		return b
	}
}

// Insert stores [start, end) under id. Empty intervals are stored too
// (they overlap nothing).
func (t *Tree) Insert(start, end int64, id int) {
	if len(t.nodes) == 0 {
		t.root = none
	}
	n := node{start: start, end: end, maxEnd: end, id: id, prio: t.rand(), left: none, right: none}
	var k int32
	if f := len(t.free); f > 0 {
		k = t.free[f-1]
		t.free = t.free[:f-1]
		t.nodes[k] = n
	} else {
		k = int32(len(t.nodes))
		t.nodes = append(t.nodes, n)
	}
	l, r := t.split(t.root, start, id)
	t.root = t.merge(t.merge(l, k), r)
}

// Remove deletes the interval stored under (start, id), if any.
func (t *Tree) Remove(start int64, id int) {
	if len(t.nodes) == 0 {
		return
	}
	l, r := t.split(t.root, start, id)
	m, r2 := t.split(r, start, id+1)
	if m != none {
		t.free = append(t.free, m)
	}
	t.root = t.merge(l, r2)
}

// Overlapping calls visit(start, end, id) for every stored interval that
// overlaps [lo, hi), in (start, id) order, until visit returns false. It
// reports whether the visit ran to the end.
func (t *Tree) Overlapping(lo, hi int64, visit func(start, end int64, id int) bool) bool {
	if len(t.nodes) == 0 || lo >= hi {
		return true
	}
	return t.visit(t.root, lo, hi, visit)
}

func (t *Tree) visit(a int32, lo, hi int64, f func(int64, int64, int) bool) bool {
	for a != none {
		n := &t.nodes[a]
		if n.maxEnd <= lo {
			return true
		}
		if !t.visit(n.left, lo, hi, f) {
			return false
		}
		if n.start >= hi {
			return true // everything to the right starts later still
		}
		if n.end > lo && n.start < n.end && !f(n.start, n.end, n.id) {
			return false
		}
		a = n.right
	}
	return true
}

// Any reports whether some stored interval overlaps [lo, hi).
func (t *Tree) Any(lo, hi int64) bool {
	return !t.Overlapping(lo, hi, func(int64, int64, int) bool { return false })
}
