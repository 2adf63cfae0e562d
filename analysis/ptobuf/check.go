package ptobuf

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/internal/checked"
)

// Conflict is two roots whose given addresses share bytes while both are
// live: the input's plan is wrong (one overwrites what the other still
// holds).
type Conflict struct{ A, B *Root }

// GivenConflicts checks the addresses the input gives (a level-3 kernel's
// plan) against the model: roots of one space at overlapping bytes, in
// different storage groups (not aliases of each other), live at once
// and not on exclusive arms; one conflict per pair of groups.
func (m *Model) GivenConflicts() []Conflict { return m.givenConflicts(nil) }

// givenConflicts are GivenConflicts but for the pairs of groups ok says
// may share bytes.
func (m *Model) givenConflicts(ok map[[2]*Group]bool) []Conflict {
	excl := map[[2]*Group]bool{}
	for p := range ok {
		excl[p] = true
	}
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

// SpaceRules are what the addresses of one memory space must obey.
type SpaceRules struct {
	Capacity int64 // bytes of the space; 0: unbounded
	Align    int64 // every address is a multiple of it (0, 1: any)
	// Reserved are windows [start, end) of the space no buffer may use.
	Reserved [][2]int64
}

// CheckPlan checks the addresses a planned (level-3) function gives,
// each root against the rules of its space (rules returns false for a
// space the target does not have), then every pair of roots: co-live
// roots of different storage groups never share a byte, and a reserved
// region shares none with any buffer. The first fault is an error at the
// root that breaks the rule (of a pair, the later one, with a note at the
// other). An op's output written in place over an input that dies at it
// (InPlacePairs on arch), at the input's very address, shares its bytes
// rightly. The model must come from BuildPlanned.
func (m *Model) CheckPlan(rules func(space string) (SpaceRules, bool), arch *pto.Arch) error {
	for _, r := range m.Roots {
		if err := checkRoot(r, rules); err != nil {
			return err
		}
	}
	inPlace := map[[2]*Group]bool{}
	for _, ip := range m.inPlacePairs(arch, true) {
		in := ip.In.Members[slices.IndexFunc(ip.In.Members, func(r *Root) bool {
			return slices.ContainsFunc(r.Accesses, func(a Access) bool { return a.Op == ip.Op })
		})]
		out := ip.Out.Members[slices.IndexFunc(ip.Out.Members, func(r *Root) bool {
			return slices.ContainsFunc(r.Accesses, func(a Access) bool { return a.Op == ip.Op && a.Write })
		})]
		if out.Addr == in.Addr {
			inPlace[[2]*Group{ip.Out, ip.In}] = true
			inPlace[[2]*Group{ip.In, ip.Out}] = true
		}
	}
	if cs := m.givenConflicts(inPlace); len(cs) > 0 {
		return conflictError(cs[0])
	}
	return nil
}

// checkRoot checks one root's address against its space's rules.
func checkRoot(r *Root, rules func(space string) (SpaceRules, bool)) error {
	name := Name(r)
	if !r.Given {
		return ir.NewError(r.Op.Loc, "check-tile-placement: %s has no address: there is no plan of it to check (plan first: -pto-memory-plan)", name)
	}
	sr, ok := rules(r.Space)
	if !ok {
		return ir.NewError(r.Op.Loc, "check-tile-placement: %s is in memory space '%s', which the target does not have", name, r.Space)
	}
	end, ok := checked.Add(r.Addr, r.Bytes)
	if r.Addr < 0 || !ok {
		return ir.NewError(r.Op.Loc, "check-tile-placement: %s at address %d (%d bytes) is outside the addressable range", name, r.Addr, r.Bytes)
	}
	if sr.Align > 1 && r.Addr%sr.Align != 0 {
		return ir.NewError(r.Op.Loc, "check-tile-placement: %s at address %d is not a multiple of %d, the alignment of memory space '%s'", name, r.Addr, sr.Align, r.Space)
	}
	if sr.Capacity > 0 && end > sr.Capacity {
		return ir.NewError(r.Op.Loc, "check-tile-placement: %s at [%d, %d) exceeds the %d-byte capacity of memory space '%s'", name, r.Addr, end, sr.Capacity, r.Space)
	}
	for _, w := range sr.Reserved {
		if r.Addr < w[1] && w[0] < end {
			return ir.NewError(r.Op.Loc, "check-tile-placement: %s at [%d, %d) overlaps the window [%d, %d) the target reserves in memory space '%s'", name, r.Addr, end, w[0], w[1], r.Space)
		}
	}
	return nil
}

// conflictError is the error of two roots on shared bytes, at the later.
func conflictError(c Conflict) error {
	a, b := c.A, c.B
	lo, hi := max(a.Addr, b.Addr), min(a.Addr+a.Bytes, b.Addr+b.Bytes)
	what := "while both are live"
	if a.Kind == Reserve || b.Kind == Reserve {
		what = "which a reserved region keeps for itself"
	}
	return ir.NewError(b.Op.Loc, "check-tile-placement: %s at [%d, %d) and %s at [%d, %d) share bytes [%d, %d) of memory space '%s' %s",
		Name(b), b.Addr, b.Addr+b.Bytes, Name(a), a.Addr, a.Addr+a.Bytes, lo, hi, b.Space, what).
		WithNote(a.Op.Loc, "%s is placed here", Name(a))
}
