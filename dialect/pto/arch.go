package pto

import (
	"slices"
	"strings"
)

// Arch is what a target says of ptoas's rules for its arch: the facts
// the arch-dependent rules read (rules name a fact, the target file gives
// its value; no code compares an arch or a target name). A target file
// gives them under "pto_arch" (targets package); a target without them
// gets no arch-dependent checks.
type Arch struct {
	// Name is the arch ptoas's --pto-arch names (a3, a5).
	Name string
	// Label is how ptoas's messages name the arch ("A2/A3", "A5").
	Label string
	// Lists are the facts that are lists, by name: element types
	// ("tadd.elements": "i32 i16 f16 f32"; an integer entry such as
	// "i16" stands for every 16-bit integer, as ptoas checks widths),
	// memory spaces ("tload.dst_locs": "vec mat"), space pairs
	// ("tmov.pairs": "mat->left acc->vec ...").
	Lists map[string]string
	// Flags are the facts that hold ("tmov.same_shape", ...).
	Flags []string
	// Unsupported are the ops ptoas rejects on the arch.
	Unsupported []string
	// BLayouts is the blayout ptoas gives every tile of a space whatever
	// its type says (left tiles: row_major on A2/A3, col_major on A5).
	BLayouts map[string]string
}

// List is the list fact of that name; ok is false when the target does
// not give it (the rule reading it is then not checked).
func (a *Arch) List(name string) ([]string, bool) {
	if a == nil {
		return nil, false
	}
	s, ok := a.Lists[name]
	return strings.Fields(s), ok
}

// Flag reports whether the target gives the flag.
func (a *Arch) Flag(name string) bool { return a != nil && slices.Contains(a.Flags, name) }

// FactNames are the fact names the table's rules read, for the targets
// package's check that a target file gives them all or none.
func FactNames() (lists, flags []string) {
	for _, f := range declaredFacts {
		if f.flag {
			flags = append(flags, f.name)
		} else {
			lists = append(lists, f.name)
		}
	}
	slices.Sort(lists)
	slices.Sort(flags)
	return slices.Compact(lists), slices.Compact(flags)
}

// declaredFacts are the facts rules read (rules.go records them).
var declaredFacts []struct {
	name string
	flag bool
}
