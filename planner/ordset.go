package planner

// nilNode is the absent child of a treap node.
const nilNode = -1

// key2 orders lexicographically by (a, b).
type key2 struct{ a, b int64 }

func (x key2) less(y key2) bool { return x.a < y.a || (x.a == y.a && x.b < y.b) }

// ordSet is an ordered map from key2 to int64: a treap in a slice, used by
// the large-trace paths of best-fit and ffd, where scanning a plain list per
// buffer would cost O(n^2) on 60k-buffer traces.
type ordSet struct {
	nodes []osNode
	free  []int32
	root  int32
	seed  uint64
}

type osNode struct {
	k           key2
	v           int64
	prio        uint64
	left, right int32
}

func newOrdSet() *ordSet { return &ordSet{root: nilNode, seed: 0x2545F4914F6CDD1D} }

func (t *ordSet) rand() uint64 {
	t.seed ^= t.seed >> 12
	t.seed ^= t.seed << 25
	t.seed ^= t.seed >> 27
	return t.seed * 2685821657736338717
}

// split divides a subtree into keys < k and keys >= k.
func (t *ordSet) split(a int32, k key2) (int32, int32) {
	if a == nilNode {
		return nilNode, nilNode
	}
	if t.nodes[a].k.less(k) {
		l, r := t.split(t.nodes[a].right, k)
		t.nodes[a].right = l
		return a, r
	}
	l, r := t.split(t.nodes[a].left, k)
	t.nodes[a].left = r
	return l, a
}

func (t *ordSet) merge(a, b int32) int32 {
	if a == nilNode {
		return b
	}
	if b == nilNode {
		return a
	}
	if t.nodes[a].prio > t.nodes[b].prio {
		t.nodes[a].right = t.merge(t.nodes[a].right, b)
		return a
	}
	t.nodes[b].left = t.merge(a, t.nodes[b].left)
	return b
}

// insert adds k (which must be absent) with value v.
func (t *ordSet) insert(k key2, v int64) {
	n := osNode{k: k, v: v, prio: t.rand(), left: nilNode, right: nilNode}
	var id int32
	if f := len(t.free); f > 0 {
		id = t.free[f-1]
		t.free = t.free[:f-1]
		t.nodes[id] = n
	} else {
		id = int32(len(t.nodes))
		t.nodes = append(t.nodes, n)
	}
	l, r := t.split(t.root, k)
	t.root = t.merge(t.merge(l, id), r)
}

// remove deletes k if present.
func (t *ordSet) remove(k key2) {
	l, r := t.split(t.root, k)
	next := key2{k.a, k.b + 1}
	m, r2 := t.split(r, next)
	if m != nilNode {
		t.free = append(t.free, m)
	}
	t.root = t.merge(l, r2)
}

// ceil returns the smallest key >= k.
func (t *ordSet) ceil(k key2) (key2, int64, bool) {
	best := int32(nilNode)
	for a := t.root; a != nilNode; {
		if t.nodes[a].k.less(k) {
			a = t.nodes[a].right
		} else {
			best = a
			a = t.nodes[a].left
		}
	}
	if best == nilNode {
		return key2{}, 0, false
	}
	return t.nodes[best].k, t.nodes[best].v, true
}

// floorBelow returns the largest key < k.
func (t *ordSet) floorBelow(k key2) (key2, int64, bool) {
	best := int32(nilNode)
	for a := t.root; a != nilNode; {
		if t.nodes[a].k.less(k) {
			best = a
			a = t.nodes[a].right
		} else {
			a = t.nodes[a].left
		}
	}
	if best == nilNode {
		return key2{}, 0, false
	}
	return t.nodes[best].k, t.nodes[best].v, true
}

// last returns the largest key.
func (t *ordSet) last() (key2, int64, bool) {
	a := t.root
	if a == nilNode {
		return key2{}, 0, false
	}
	for t.nodes[a].right != nilNode {
		a = t.nodes[a].right
	}
	return t.nodes[a].k, t.nodes[a].v, true
}
