package ptobuf

import "slices"

// group forms the storage groups. A root whose address the input gives
// and whose first access reads it reads bytes some other root wrote: it
// joins every root of its space at an overlapping given address that
// writes (the may-alias set of the input's plan), so the group keeps the
// input's relative placement and is planned as one. Every other root is
// a group of its own.
func (m *Model) group() {
	parent := make([]int, len(m.Roots))
	for i := range parent {
		parent[i] = i
	}
	var find func(i int) int
	find = func(i int) int {
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
		for j, a := range m.Roots {
			if i == j || !a.Given || a.Kind == Reserve || a.Space != b.Space || !writes(a) {
				continue
			}
			if a.Addr < b.Addr+b.Bytes && b.Addr < a.Addr+a.Bytes {
				parent[find(i)] = find(j)
			}
		}
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
