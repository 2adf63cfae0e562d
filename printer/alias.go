package printer

import (
	"bufio"
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// aliasTable names the attributes mlir-opt prints through aliases: affine
// maps (#map, #map1, ...), integer sets (#set...) and locations used as
// attribute values (#loc...). Names are numbered per kind in the order the
// printed IR first uses them; the definitions are listed before the IR,
// grouped by kind in alphabetical order, as mlir-opt lists them.
type aliasTable struct {
	byText map[string]string
	count  map[string]int
	defs   []aliasDef
	types  map[ir.Type]string
}

type aliasDef struct{ kind, name, text string }

func newAliasTable() *aliasTable {
	return &aliasTable{byText: map[string]string{}, count: map[string]int{}, types: map[ir.Type]string{}}
}

func (t *aliasTable) name(kind, text string) string {
	if n, ok := t.byText[text]; ok {
		return n
	}
	k := t.count[kind]
	t.count[kind] = k + 1
	n := "#" + kind
	if k > 0 {
		n += strconv.Itoa(k)
	}
	t.byText[text] = n
	t.defs = append(t.defs, aliasDef{kind, n, text})
	return n
}

func (t *aliasTable) writeHeader(w *bufio.Writer) {
	defs := append([]aliasDef(nil), t.defs...)
	slices.SortStableFunc(defs, func(a, b aliasDef) int { return cmp.Compare(a.kind, b.kind) })
	for _, d := range defs {
		w.WriteString(d.name)
		w.WriteString(" = ")
		w.WriteString(d.text)
		w.WriteByte('\n')
	}
}

func (t *aliasTable) typeText(ty ir.Type) string {
	if s, ok := t.types[ty]; ok {
		return s
	}
	s := t.subst(ty.String())
	t.types[ty] = s
	return s
}

// mayHaveAliasable is a cheap filter for subst and the pre-scan.
func mayHaveAliasable(s string) bool {
	return strings.Contains(s, "affine_") || strings.Contains(s, "loc(")
}

// subst replaces the aliasable attributes in printed text by their
// aliases. Strings and the bodies of dialect attributes and types
// (#d.x<...>, !d.x<...>) are left alone.
func (t *aliasTable) subst(s string) string {
	if !mayHaveAliasable(s) {
		return s
	}
	var sb strings.Builder
	last := 0
	scanAliasable(s, func(kind string, from, to int) {
		sb.WriteString(s[last:from])
		sb.WriteString(t.name(kind, s[from:to]))
		last = to
	})
	if last == 0 {
		return s
	}
	sb.WriteString(s[last:])
	return sb.String()
}

func isIdentStart(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '$' || c == '.'
}

// scanAliasable calls fn for every aliasable attribute in s, in order.
func scanAliasable(s string, fn func(kind string, from, to int)) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			i = skipString(s, i)
		case (c == '#' || c == '!') && i+1 < len(s) && isIdentStart(s[i+1]):
			j := i + 1
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			if j < len(s) && s[j] == '<' {
				j = balancedEnd(s, j)
			}
			i = j
		case isIdentStart(c):
			j := i
			for j < len(s) && isIdentChar(s[j]) {
				j++
			}
			kind := ""
			if j < len(s) {
				switch w := s[i:j]; {
				case w == "affine_map" && s[j] == '<':
					kind = "map"
				case w == "affine_set" && s[j] == '<':
					kind = "set"
				case w == "loc" && s[j] == '(':
					kind = "loc"
				}
			}
			if kind == "" {
				i = j
				continue
			}
			end := balancedEnd(s, j)
			fn(kind, i, end)
			i = end
		case c >= '0' && c <= '9':
			for i < len(s) && isIdentChar(s[i]) {
				i++
			}
		default:
			i++
		}
	}
}

// skipString returns the index after the string literal starting at s[i].
func skipString(s string, i int) int {
	for i++; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(s)
}

// balancedEnd returns the index after the bracket group opening at s[j].
// "->" and ">=" do not close a '<'.
func balancedEnd(s string, j int) int {
	depth := 0
	for j < len(s) {
		switch c := s[j]; c {
		case '"':
			j = skipString(s, j)
			continue
		case '<', '(', '[', '{':
			depth++
		case '>':
			if j > 0 && s[j-1] == '-' || j+1 < len(s) && s[j+1] == '=' {
				break
			}
			depth--
		case ')', ']', '}':
			depth--
		}
		j++
		if depth == 0 {
			return j
		}
	}
	return len(s)
}

// needsAliases reports whether printing op would use an alias.
func (sc *aliasScan) needsAliases(op *ir.Operation) bool {
	// Every value is a result or a block argument, whose types are looked
	// at where they are defined: an operand's type needs a look of its own
	// only when it may be defined outside op, which an op in no block
	// (a module) has nothing of.
	operands := op.Block != nil
	found := false
	op.Walk(func(o *ir.Operation) bool {
		found = found || sc.opNeeds(o, operands)
		return !found
	})
	return found
}

// aliasScan tells whether types and attributes would print an alias,
// remembering the answer per type.
type aliasScan struct {
	seen map[ir.Type]bool
	// Most values have the type the one before had: one entry in front of
	// the map saves hashing it again.
	lastT    ir.Type
	lastNeed bool
}

func newAliasScan() *aliasScan { return &aliasScan{seen: map[ir.Type]bool{}} }

// opNeeds reports whether op's own text, its nested ops aside, may name
// an alias: its results' types (and its operands' with operands), its
// attributes and the arguments of its regions' blocks.
func (sc *aliasScan) opNeeds(o *ir.Operation, operands bool) bool {
	for _, r := range o.Results {
		if sc.typeNeeds(r.Type) {
			return true
		}
	}
	if operands {
		for _, v := range o.Operands {
			if v != nil && sc.typeNeeds(v.Type) {
				return true
			}
		}
	}
	for _, l := range [][]ir.NamedAttr{o.Props, o.Attrs()} {
		for _, a := range l {
			if sc.attrNeeds(a.Value) {
				return true
			}
		}
	}
	for _, r := range o.Regions() {
		for _, b := range r.Blocks {
			for _, a := range b.Args {
				if sc.typeNeeds(a.Type) {
					return true
				}
			}
		}
	}
	return false
}

func (sc *aliasScan) typeNeeds(t ir.Type) bool {
	if t == nil {
		return false
	}
	if t == sc.lastT {
		return sc.lastNeed
	}
	need, ok := sc.seen[t]
	if !ok {
		s := t.String()
		if mayHaveAliasable(s) {
			scanAliasable(s, func(string, int, int) { need = true })
		}
		sc.seen[t] = need
	}
	sc.lastT, sc.lastNeed = t, need
	return need
}

func (sc *aliasScan) attrNeeds(a ir.Attribute) bool {
	switch a := a.(type) {
	case nil:
		return false
	case *ir.IntegerAttr:
		return false
	case *ir.FloatAttr:
		return false
	case *ir.UnitAttr:
		return false
	case *ir.StringAttr:
		return sc.typeNeeds(a.Type)
	case *ir.TypeAttr:
		return sc.typeNeeds(a.Type)
	case *ir.DenseElementsAttr:
		return sc.typeNeeds(a.Type)
	case *ir.DenseArrayAttr:
		return false
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			if sc.attrNeeds(e) {
				return true
			}
		}
		return false
	case *ir.DictAttr:
		for _, e := range a.Entries {
			if sc.attrNeeds(e.Value) {
				return true
			}
		}
		return false
	}
	s := a.String()
	if !mayHaveAliasable(s) {
		return false
	}
	need := false
	scanAliasable(s, func(string, int, int) { need = true })
	return need
}
