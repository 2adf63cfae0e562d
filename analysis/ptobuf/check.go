package ptobuf

// Conflict is two roots whose given addresses share bytes while both are
// live: the input's plan is wrong (one overwrites what the other still
// holds).
type Conflict struct{ A, B *Root }

// GivenConflicts checks the addresses the input gives (a level-3 kernel's
// plan) against the model: roots of one space at overlapping bytes, in
// different storage groups (not aliases of each other), live at once
// and not on exclusive arms; one conflict per pair of groups.
func (m *Model) GivenConflicts() []Conflict {
	excl := map[[2]*Group]bool{}
	for _, p := range m.ExclusivePairs() {
		excl[p] = true
		excl[[2]*Group{p[1], p[0]}] = true
	}
	var out []Conflict
	seen := map[[2]*Group]bool{}
	for i, a := range m.Roots {
		for _, b := range m.Roots[i+1:] {
			if !a.Given || !b.Given || a.Group == b.Group || a.Space != b.Space || excl[[2]*Group{a.Group, b.Group}] {
				continue
			}
			if a.Addr >= b.Addr+b.Bytes || b.Addr >= a.Addr+a.Bytes {
				continue
			}
			if k := [2]*Group{a.Group, b.Group}; !seen[k] && overlapLive(a.Group, b.Group) {
				seen[k] = true
				out = append(out, Conflict{a, b})
			}
		}
	}
	return out
}

func overlapLive(a, b *Group) bool {
	for _, x := range a.Live {
		for _, y := range b.Live {
			if x.Overlaps(y) {
				return true
			}
		}
	}
	return false
}
