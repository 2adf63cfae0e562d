// Package ptoascpp compares the C++ that ptoas writes for two pto programs
// that should mean the same, up to what ptoas itself does not keep from
// one run to the next.
//
// ptoas run twice on one file (the PTOAS commit of ../shared/tools/ptoas)
// writes C++ that differs in exactly two ways, measured on the 196 kernels
// of its own corpus that it accepts:
//
//   - names built from a heap address: `using GTShape_94582242414896 =
//     ...`, with GTStride_, GT_ and GT_<n>_layout beside it (27 files);
//   - when ptoas plans the memory itself (level2), the addresses it picks:
//     the values of the `const int64_t vN = <literal>;` constants that
//     TASSIGN(tile, vN) binds tiles to, and so which constant each tile is
//     bound to (5 files).
//
// A program printed by another tool can also number ptoas's generated
// names differently (vN for values, labelN for blocks) when it has, say,
// a constant more or less. Normalise puts a text into a canonical form
// that removes exactly these, and nothing else:
//
//  1. With PlannedAddresses (level2 only: at level3 the addresses are the
//     program's and must be equal), the address operand of every
//     TASSIGN(tile, X) where X is declared `const int64_t X = <integer>;`
//     becomes #addr, and the declaration of such an X is dropped when
//     TASSIGN address operands are its only uses. A constant with another
//     use keeps its declaration and value; an address given in any other
//     form (a cast of a pointer, a computed value) is kept as it is.
//  2. The number inside GTShape_<n>, GTStride_<n>, GT_<n> and
//     GT_<n>_layout becomes #p1, #p2, ... by first occurrence, one number
//     for every name that shares it.
//  3. vN becomes v#1, v#2, ... and labelN label#1, ... by first occurrence.
//
// Steps 2 and 3 are one-to-one: two texts have the same canonical form
// only when one is the other with its generated names consistently
// renamed, so a swapped operand or a value used in place of another still
// differs. Everything else (types, shapes, literals, operators, the order
// and the spacing of lines) is compared as written.
package ptoascpp

import (
	"regexp"
	"strconv"
	"strings"
)

// Options say what may differ between the two texts besides names.
type Options struct {
	// PlannedAddresses: ptoas planned the memory (level2), so the
	// addresses it picked are not the program's (rule 1).
	PlannedAddresses bool
}

// Line is a line of the canonical form and the line it came from.
type Line struct {
	N    int    // 1-based line number in the C++ ptoas wrote
	Raw  string // the line as ptoas wrote it
	Text string // its canonical form
}

var (
	// identRE is a C++ identifier.
	identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	// tassignRE is TASSIGN(tile, address) with an identifier address.
	tassignRE = regexp.MustCompile(`\bTASSIGN\(\s*[A-Za-z_][A-Za-z0-9_]*\s*,\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)`)
	// int64ConstRE declares a 64-bit integer constant with a literal.
	int64ConstRE = regexp.MustCompile(`^\s*const int64_t ([A-Za-z_][A-Za-z0-9_]*) = -?[0-9]+;$`)
	// heapNameRE is a name ptoas builds from a heap address.
	heapNameRE = regexp.MustCompile(`^(GTShape_|GTStride_|GT_)([0-9]+)(_layout)?$`)
	// valueNameRE and labelNameRE are ptoas's names for values and blocks.
	valueNameRE = regexp.MustCompile(`^v[0-9]+$`)
	labelNameRE = regexp.MustCompile(`^label[0-9]+$`)
)

// Normalise returns the canonical form of the C++ text cpp.
func Normalise(cpp string, o Options) []Line {
	raw := strings.Split(strings.TrimSuffix(cpp, "\n"), "\n")
	lines := make([]Line, len(raw))
	for i, r := range raw {
		lines[i] = Line{N: i + 1, Raw: r, Text: r}
	}
	if o.PlannedAddresses {
		lines = hidePlannedAddresses(lines)
	}
	return renameGenerated(lines)
}

// hidePlannedAddresses applies rule 1.
func hidePlannedAddresses(lines []Line) []Line {
	declared := map[string]int{} // int64 literal constant -> its line
	for i, l := range lines {
		if m := int64ConstRE.FindStringSubmatch(l.Text); m != nil {
			if _, twice := declared[m[1]]; !twice {
				declared[m[1]] = i
			}
		}
	}
	addrUses := map[string]int{}
	for i := range lines {
		lines[i].Text = replaceSubmatch(tassignRE, lines[i].Text, func(name string) string {
			if _, ok := declared[name]; !ok {
				return name
			}
			addrUses[name]++
			return "#addr"
		})
	}
	otherUses := map[string]int{}
	for i, l := range lines {
		for _, id := range identRE.FindAllString(l.Text, -1) {
			if _, ok := addrUses[id]; ok && declared[id] != i {
				otherUses[id]++
			}
		}
	}
	drop := map[int]bool{}
	for name := range addrUses {
		if otherUses[name] == 0 {
			drop[declared[name]] = true
		}
	}
	kept := lines[:0:0]
	for i, l := range lines {
		if !drop[i] {
			kept = append(kept, l)
		}
	}
	return kept
}

// replaceSubmatch replaces the first submatch of every match of re in s
// by f of it.
func replaceSubmatch(re *regexp.Regexp, s string, f func(string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
		b.WriteString(s[last:m[2]])
		b.WriteString(f(s[m[2]:m[3]]))
		last = m[3]
	}
	b.WriteString(s[last:])
	return b.String()
}

// renameGenerated applies rules 2 and 3, numbering names by their first
// occurrence over the whole text.
func renameGenerated(lines []Line) []Line {
	heap := numbering{prefix: "#p"}
	values := numbering{prefix: "v#"}
	labels := numbering{prefix: "label#"}
	for i := range lines {
		lines[i].Text = identRE.ReplaceAllStringFunc(lines[i].Text, func(id string) string {
			switch {
			case valueNameRE.MatchString(id):
				return values.of(id)
			case labelNameRE.MatchString(id):
				return labels.of(id)
			}
			if m := heapNameRE.FindStringSubmatch(id); m != nil {
				return m[1] + heap.of(m[2]) + m[3]
			}
			return id
		})
	}
	return lines
}

// numbering gives names consecutive numbers by first occurrence.
type numbering struct {
	prefix string
	seen   map[string]string
}

func (n *numbering) of(name string) string {
	if n.seen == nil {
		n.seen = map[string]string{}
	}
	if c, ok := n.seen[name]; ok {
		return c
	}
	c := n.prefix + strconv.Itoa(len(n.seen)+1)
	n.seen[name] = c
	return c
}

// Difference is where two canonical forms first differ. A or B is nil
// when that text ended first.
type Difference struct{ A, B *Line }

// FirstDifference compares two canonical forms line by line; ok is false
// when they are equal.
func FirstDifference(a, b []Line) (d Difference, ok bool) {
	for i := 0; i < len(a) || i < len(b); i++ {
		var la, lb *Line
		if i < len(a) {
			la = &a[i]
		}
		if i < len(b) {
			lb = &b[i]
		}
		if la == nil || lb == nil || la.Text != lb.Text {
			return Difference{A: la, B: lb}, true
		}
	}
	return Difference{}, false
}

// Format writes a difference as two lines naming the texts nameA and
// nameB, with each line's number and text as ptoas wrote it, and its
// canonical form when that is not the same.
func (d Difference) Format(nameA, nameB string) string {
	side := func(name string, l *Line) string {
		if l == nil {
			return name + ": (ends here)"
		}
		s := name + " line " + strconv.Itoa(l.N) + ": " + strings.TrimSpace(l.Raw)
		if l.Text != l.Raw {
			s += "    [canonical: " + strings.TrimSpace(l.Text) + "]"
		}
		return s
	}
	return side(nameA, d.A) + "\n" + side(nameB, d.B)
}
