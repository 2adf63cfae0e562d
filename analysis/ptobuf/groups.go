package ptobuf

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"

	"github.com/pto-opt/pto-opt/planner"
)

// group forms the storage groups. A root whose address the input gives
// and whose first access reads it reads bytes some other root wrote: it
// joins the roots that wrote them (writersOf), so the group keeps the
// input's relative placement and is planned as one. Every other root is
// a group of its own.
func (m *Model) group() {
	parent := make([]int, len(m.Roots))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, b := range m.Roots {
		if !b.Given || b.Kind == Reserve || len(b.Accesses) == 0 || !b.Accesses[0].Read {
			continue
		}
		for _, j := range m.writersOf(i) {
			parent[find(i)] = find(j)
		}
	}
	for _, pr := range m.loopCarried() {
		parent[find(pr[0])] = find(pr[1])
	}
	byRep := map[int]*Group{}
	for i, r := range m.Roots {
		rep := find(i)
		g := byRep[rep]
		if g == nil {
			g = &Group{Space: r.Space}
			byRep[rep] = g
			m.Groups = append(m.Groups, g)
		}
		g.Members = append(g.Members, r)
		r.Group = g
	}
	for _, g := range m.Groups {
		base := g.Members[0].Addr
		for _, r := range g.Members {
			base = min(base, r.Addr)
		}
		for _, r := range g.Members {
			off := int64(0)
			if len(g.Members) > 1 {
				off = r.Addr - base
			}
			g.Offsets = append(g.Offsets, off)
			g.Bytes = max(g.Bytes, off+r.Bytes)
		}
	}
}

func writes(r *Root) bool {
	return slices.ContainsFunc(r.Accesses, func(a Access) bool { return a.Write })
}

// accesses are the accesses of every member of g, in program order.
func (g *Group) accesses() []Access {
	if len(g.Members) == 1 {
		return g.Members[0].Accesses
	}
	var out []Access
	for _, r := range g.Members {
		out = append(out, r.Accesses...)
	}
	slices.SortStableFunc(out, func(a, b Access) int { return int(a.Point - b.Point) })
	return out
}

// writersOf are the roots whose writes root i's first read may see: of
// the roots of its space at given addresses overlapping its bytes, the
// last to write before that read, going back until every byte it reads
// is covered, and every one that writes inside a loop holding the read
// after it (the bytes an iteration before left). When the writes before
// do not cover the bytes, every overlapping writer is taken. When no root
// wrote them before and no loop brings them round, the read sees nothing
// another root wrote: the root aliases none of the writers (ptoas's
// fallback address of a tile it never sees written, say, is not a view
// of the tile written there after; the two conflict).
func (m *Model) writersOf(i int) []int {
	b := m.Roots[i]
	first := b.Accesses[0]
	type cand struct {
		j    int
		last int64 // the last write before the read; -1 for none
	}
	var cands []cand
	var all []int
	for j, a := range m.Roots {
		if i == j || !a.Given || a.Kind == Reserve || a.Space != b.Space || !writes(a) {
			continue
		}
		if a.Addr >= b.Addr+b.Bytes || b.Addr >= a.Addr+a.Bytes {
			continue
		}
		all = append(all, j)
		c := cand{j: j, last: -1}
		for _, w := range a.Accesses {
			if w.Write && w.Point < first.Point {
				c.last = w.Point
			}
		}
		cands = append(cands, c)
	}
	var out []int
	for l := first.Op.ParentOp(); l != nil && l != m.Fn; l = l.ParentOp() {
		if !surelyLoops(l) {
			continue
		}
		for _, c := range cands {
			for _, w := range m.Roots[c.j].Accesses {
				if w.Write && w.Point > first.Point && l.IsAncestorOf(w.Op) && !slices.Contains(out, c.j) {
					out = append(out, c.j)
				}
			}
		}
	}
	slices.SortStableFunc(cands, func(x, y cand) int { return int(y.last - x.last) })
	if len(cands) == 0 || cands[0].last < 0 {
		return out
	}
	var covered []planner.Interval
	for _, c := range cands {
		if c.last < 0 {
			break
		}
		a := m.Roots[c.j]
		if !slices.Contains(out, c.j) {
			out = append(out, c.j)
		}
		covered = planner.MergeIntervals(append(covered, planner.Interval{Start: max(a.Addr, b.Addr), End: min(a.Addr+a.Bytes, b.Addr+b.Bytes)}))
		if len(covered) == 1 && covered[0].Start == b.Addr && covered[0].End == b.Addr+b.Bytes {
			return out
		}
	}
	return all
}

// loopCarried are the pairs (i, j) of roots where j carries i's value
// round a loop: the two are at the same given address with the same size
// (PyPTO's same-address aliases), i is written before the loop (its value
// when the loop starts), read inside a loop it is not written in, and j
// writes those bytes in that loop after the read, so
// the next iteration reads what j wrote through i (PyPTO writes a loop's
// iteration value so: the new value is moved into a tile "_mv" at the
// carried tile's address). Two roots of different addresses or sizes
// never carry each other: a write there is a clobber, and the pair
// conflicts; nor does a root never written before its read carry a value
// (ptoas's fallback address of a tile it never sees written lands on
// another tile's bytes so).
func (m *Model) loopCarried() [][2]int {
	type key struct {
		space       string
		addr, bytes int64
	}
	same := map[key][]int{}
	for i, r := range m.Roots {
		if r.Given && r.Kind != Reserve {
			k := key{r.Space, r.Addr, r.Bytes}
			same[k] = append(same[k], i)
		}
	}
	var out [][2]int
	for _, r := range m.Roots {
		if !r.Given || r.Kind == Reserve {
			continue
		}
		ids := same[key{r.Space, r.Addr, r.Bytes}]
		if len(ids) < 2 || ids[0] != slices.Index(m.Roots, r) {
			continue
		}
		for _, i := range ids {
			for _, j := range ids {
				if i != j && m.carries(m.Roots[j], m.Roots[i]) {
					out = append(out, [2]int{i, j})
				}
			}
		}
	}
	return out
}

// carries: w writes, inside a loop that reads r and never writes it,
// after such a read, and r was written before it.
func (m *Model) carries(w, r *Root) bool {
	for _, rd := range r.Accesses {
		if !rd.Read || !slices.ContainsFunc(r.Accesses, func(a Access) bool { return a.Write && a.Point < rd.Point }) {
			continue
		}
		for l := rd.Op.ParentOp(); l != nil && l != m.Fn; l = l.ParentOp() {
			if !surelyLoops(l) || slices.ContainsFunc(r.Accesses, func(a Access) bool { return a.Write && l.IsAncestorOf(a.Op) }) {
				continue
			}
			if slices.ContainsFunc(w.Accesses, func(a Access) bool { return a.Write && a.Point > rd.Point && l.IsAncestorOf(a.Op) }) {
				return true
			}
		}
	}
	return false
}

// surelyLoops: the registry says one of op's regions may run again. Two
// roots are taken for aliases of one value only on what is known: an op
// of unknown region semantics (liveness assumes it loops, isLoop) carries
// no value round, and a root reading bytes only it could bring round
// conflicts with their writer.
func surelyLoops(op *ir.Operation) bool {
	return op.Def != nil && op.Def.Branch != nil && isLoop(op)
}
