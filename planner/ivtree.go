package planner

// ivTree is an interval tree over byte ranges: a treap keyed by (start, id)
// whose nodes carry the largest end in their subtree, so "which stored
// ranges touch [lo, hi)" costs O(log n + hits). Validate uses it to find
// byte overlaps among the buffers live at one time.
type ivTree struct {
	nodes []ivNode
	free  []int32
	root  int32
	seed  uint64
}

type ivNode struct {
	start, end, maxEnd int64
	id                 int
	prio               uint64
	left, right        int32
}

const nilNode = -1

func (t *ivTree) init() {
	if t.nodes == nil {
		t.root = nilNode
		t.seed = 0x9E3779B97F4A7C15
		t.nodes = make([]ivNode, 0, 64)
	}
}

func (t *ivTree) rand() uint64 {
	// xorshift64*: deterministic priorities keep validation reproducible.
	t.seed ^= t.seed >> 12
	t.seed ^= t.seed << 25
	t.seed ^= t.seed >> 27
	return t.seed * 2685821657736338717
}

func (t *ivTree) less(a int32, start int64, id int) bool {
	n := &t.nodes[a]
	return n.start < start || (n.start == start && n.id < id)
}

func (t *ivTree) fix(a int32) {
	n := &t.nodes[a]
	n.maxEnd = n.end
	if n.left != nilNode {
		n.maxEnd = max(n.maxEnd, t.nodes[n.left].maxEnd)
	}
	if n.right != nilNode {
		n.maxEnd = max(n.maxEnd, t.nodes[n.right].maxEnd)
	}
}

// split divides the subtree into keys < (start, id) and keys >= it.
func (t *ivTree) split(a int32, start int64, id int) (int32, int32) {
	if a == nilNode {
		return nilNode, nilNode
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

func (t *ivTree) merge(a, b int32) int32 {
	if a == nilNode {
		return b
	}
	if b == nilNode {
		return a
	}
	if t.nodes[a].prio > t.nodes[b].prio {
		t.nodes[a].right = t.merge(t.nodes[a].right, b)
		t.fix(a)
		return a
	}
	t.nodes[b].left = t.merge(a, t.nodes[b].left)
	t.fix(b)
	return b
}

func (t *ivTree) insert(start, end int64, id int) {
	t.init()
	var k int32
	n := ivNode{start: start, end: end, maxEnd: end, id: id, prio: t.rand(), left: nilNode, right: nilNode}
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

func (t *ivTree) remove(start int64, id int) {
	t.init()
	l, r := t.split(t.root, start, id)
	m, r2 := t.split(r, start, id+1)
	if m != nilNode {
		t.free = append(t.free, m)
	}
	t.root = t.merge(l, r2)
}

// query calls f with the id of every stored range overlapping [lo, hi).
func (t *ivTree) query(lo, hi int64, f func(id int)) {
	t.init()
	var walk func(a int32)
	walk = func(a int32) {
		if a == nilNode || t.nodes[a].maxEnd <= lo {
			return
		}
		n := &t.nodes[a]
		walk(n.left)
		if n.start >= hi {
			return
		}
		if n.end > lo {
			f(n.id)
		}
		walk(n.right)
	}
	walk(t.root)
}
