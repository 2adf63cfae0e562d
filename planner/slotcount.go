package planner

// slotCounter is a segment tree over elementary time slots with range add
// and range max. FFDShare counts, per slot, how many open groups are
// occupied; when that count reaches the number of open groups somewhere in
// a buffer's lifetime, no group can take the buffer and the scan over all
// groups (the dominant cost on large traces, where most buffers that open
// a group are live at the peak) is skipped.
type slotCounter struct {
	n        int
	max, add []int32
}

func newSlotCounter(n int) *slotCounter {
	size := 1
	for size < n {
		size <<= 1
	}
	return &slotCounter{n: size, max: make([]int32, 2*size), add: make([]int32, 2*size)}
}

// update adds d to slots [lo, hi).
func (c *slotCounter) update(lo, hi int, d int32) { c.upd(1, 0, c.n, lo, hi, d) }

func (c *slotCounter) upd(node, l, r, lo, hi int, d int32) {
	if hi <= l || r <= lo {
		return
	}
	if lo <= l && r <= hi {
		c.max[node] += d
		c.add[node] += d
		return
	}
	m := (l + r) / 2
	c.upd(2*node, l, m, lo, hi, d)
	c.upd(2*node+1, m, r, lo, hi, d)
	c.max[node] = max(c.max[2*node], c.max[2*node+1]) + c.add[node]
}

// query returns the largest count over slots [lo, hi).
func (c *slotCounter) query(lo, hi int) int32 { return c.qry(1, 0, c.n, lo, hi) }

func (c *slotCounter) qry(node, l, r, lo, hi int) int32 {
	if hi <= l || r <= lo {
		return -1 << 30
	}
	if lo <= l && r <= hi {
		return c.max[node]
	}
	m := (l + r) / 2
	return max(c.qry(2*node, l, m, lo, hi), c.qry(2*node+1, m, r, lo, hi)) + c.add[node]
}
