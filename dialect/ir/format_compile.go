package ir

import (
	"fmt"
	"slices"
	"strings"
)

// Compiling a format: reading its text, checking it against the
// declarations and working out its spacing, once, when the op table is
// built.

// CompileFormat reads s.Format and checks it against the declarations:
// every operand, attribute, region and successor appears once, every
// operand and result type is spelled, fixed or derived, optional groups
// have one anchor and can be recognised by their first element.
func CompileFormat(op string, s OpSyntax) (*Format, error) {
	// An enum's summary is worded once here, not on every verification.
	s.Attrs = slices.Clone(s.Attrs)
	for i := range s.Attrs {
		if a := &s.Attrs[i]; a.Kind == AttrEnum && a.Summary == "" {
			a.Summary, _ = a.constraintSummary()
		}
	}
	f := &Format{op: op, syn: s,
		regions: lastVariadic(s.Regions, s.VariadicRegions),
		succs:   lastVariadic(s.Successors, s.VariadicSuccessors)}
	c := &fmtCompiler{f: f, src: s.Format}
	elems, err := c.elements(false)
	if err != nil {
		return nil, fmt.Errorf("format of %s: %v", op, err)
	}
	if c.pos < len(c.src) {
		return nil, fmt.Errorf("format of %s: unexpected %q", op, c.src[c.pos:])
	}
	f.elems = elems
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("format of %s: %v", op, err)
	}
	f.layout()
	f.elided = append(f.elided, f.segmentAttrs()...)
	for _, a := range s.Attrs {
		f.elided = append(f.elided, a.Name)
	}
	return f, nil
}

// lastVariadic gives the declarations of named regions or successors,
// the last variadic if variadic says so.
func lastVariadic(names []string, variadic bool) []Arg {
	args := make([]Arg, len(names))
	for i, n := range names {
		args[i].Name = n
	}
	if variadic && len(args) > 0 {
		args[len(args)-1].Mode = Variadic
	}
	return args
}

// ---- reading the format text ----

type fmtCompiler struct {
	f   *Format
	src string
	pos int
}

func (c *fmtCompiler) skipSpace() {
	for c.pos < len(c.src) && strings.ContainsRune(" \t\n\r", rune(c.src[c.pos])) {
		c.pos++
	}
}

func (c *fmtCompiler) peek(s string) bool {
	c.skipSpace()
	return strings.HasPrefix(c.src[c.pos:], s)
}

func (c *fmtCompiler) accept(s string) bool {
	if c.peek(s) {
		c.pos += len(s)
		return true
	}
	return false
}

func (c *fmtCompiler) word() string {
	c.skipSpace()
	start := c.pos
	for c.pos < len(c.src) {
		ch := c.src[c.pos]
		if ch == '_' || ch == '-' || ch == '.' || 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9' {
			c.pos++
			continue
		}
		break
	}
	return c.src[start:c.pos]
}

// elements reads elements up to the end or, in a group, up to its `)`.
func (c *fmtCompiler) elements(inGroup bool) ([]*fmtElem, error) {
	var out []*fmtElem
	for {
		c.skipSpace()
		if c.pos == len(c.src) {
			if inGroup {
				return nil, fmt.Errorf("optional group not closed")
			}
			return out, nil
		}
		if inGroup && c.src[c.pos] == ')' {
			return out, nil
		}
		e, err := c.element()
		if err != nil {
			return nil, err
		}
		if c.accept("^") {
			if !inGroup {
				return nil, fmt.Errorf("anchor ^ outside an optional group")
			}
			e.isAnchor = true
		}
		out = append(out, e)
	}
}

func (c *fmtCompiler) element() (*fmtElem, error) {
	c.skipSpace()
	switch {
	case c.accept("`"):
		end := strings.IndexByte(c.src[c.pos:], '`')
		if end < 0 {
			return nil, fmt.Errorf("literal not closed")
		}
		text := c.src[c.pos : c.pos+end]
		c.pos += end + 1
		switch text {
		case "", " ":
			return &fmtElem{kind: fSpace, text: text}, nil
		case `\n`:
			return &fmtElem{kind: fNewline}, nil
		}
		return &fmtElem{kind: fLiteral, text: text}, nil
	case c.accept("$"):
		return c.variable(c.word())
	case c.accept("("):
		group, err := c.elements(true)
		if err != nil {
			return nil, err
		}
		if !c.accept(")") || !c.accept("?") {
			return nil, fmt.Errorf("expected `)?` after an optional group")
		}
		return &fmtElem{kind: fOptionalGroup, group: group}, nil
	}
	w := c.word()
	switch w {
	case "attr-dict":
		return &fmtElem{kind: fAttrDict}, nil
	case "attr-dict-with-keyword":
		return &fmtElem{kind: fAttrDict, text: "attributes"}, nil
	case "operands":
		return &fmtElem{kind: fOperands}, nil
	case "results":
		return &fmtElem{kind: fResults}, nil
	case "regions":
		return &fmtElem{kind: fRegions}, nil
	case "successors":
		return &fmtElem{kind: fSuccessors}, nil
	case "custom":
		return c.custom()
	case "type", "qualified", "functional-type":
		if !c.accept("(") {
			return nil, fmt.Errorf("expected '(' after %s", w)
		}
		a, err := c.typeArg(w == "type" || w == "functional-type")
		if err != nil {
			return nil, err
		}
		e := &fmtElem{kind: fType, sub: a}
		switch w {
		case "qualified":
			if a.kind != fType && a.kind != fAttr {
				return nil, fmt.Errorf("qualified takes type(...) or an attribute")
			}
			a.qualified = true
			e = a
		case "functional-type":
			if !c.accept(",") {
				return nil, fmt.Errorf("functional-type takes two arguments")
			}
			b, err := c.typeArg(true)
			if err != nil {
				return nil, err
			}
			e = &fmtElem{kind: fFunctionType, sub: a, sub2: b}
		}
		if !c.accept(")") {
			return nil, fmt.Errorf("expected ')' to close %s", w)
		}
		return e, nil
	case "":
		return nil, fmt.Errorf("unexpected %q", c.src[c.pos:])
	}
	return nil, fmt.Errorf("unknown directive %q", w)
}

// custom reads `<Name>(args)`: the arguments are variables, type(...)
// directives and ref(...) of either.
func (c *fmtCompiler) custom() (*fmtElem, error) {
	if !c.accept("<") {
		return nil, fmt.Errorf("expected '<' after custom")
	}
	name := c.word()
	if !c.accept(">") || !c.accept("(") {
		return nil, fmt.Errorf("expected custom<%s>(...)", name)
	}
	d := c.f.syn.Directives[name]
	if d == nil {
		d = builtinDirectives[name]
	}
	if d == nil {
		return nil, fmt.Errorf("unknown custom directive %q", name)
	}
	e := &fmtElem{kind: fCustom, text: name, directive: d, index: c.f.directives}
	c.f.directives++
	for !c.accept(")") {
		if len(e.group) > 0 && !c.accept(",") {
			return nil, fmt.Errorf("expected ',' between the arguments of custom<%s>", name)
		}
		ref := c.accept("ref")
		if ref && !c.accept("(") {
			return nil, fmt.Errorf("expected '(' after ref")
		}
		a, err := c.element()
		if err != nil {
			return nil, err
		}
		switch a.kind {
		case fOperand, fAttr, fRegion, fSuccessor, fType:
		default:
			return nil, fmt.Errorf("custom<%s> takes variables and type directives", name)
		}
		if ref && !c.accept(")") {
			return nil, fmt.Errorf("expected ')' to close ref")
		}
		a.ref = ref
		e.group = append(e.group, a)
	}
	return e, nil
}

// typeArg reads the argument of type(...) (a value: operand, result,
// operands, results) or of qualified(...) (type(...) or an attribute).
func (c *fmtCompiler) typeArg(valueOnly bool) (*fmtElem, error) {
	if c.accept("$") {
		name := c.word()
		if i := argIndex(c.f.syn.Operands, name); i >= 0 {
			return &fmtElem{kind: fOperand, index: i}, nil
		}
		if i := argIndex(c.f.syn.Results, name); i >= 0 {
			return &fmtElem{kind: fResult, index: i}, nil
		}
		if !valueOnly {
			if i := attrIndex(c.f.syn.Attrs, name); i >= 0 {
				return &fmtElem{kind: fAttr, index: i}, nil
			}
		}
		return nil, fmt.Errorf("$%s is not a declared operand or result", name)
	}
	w := c.word()
	switch w {
	case "operands":
		return &fmtElem{kind: fOperands}, nil
	case "results":
		return &fmtElem{kind: fResults}, nil
	case "type":
		if valueOnly {
			break
		}
		if !c.accept("(") {
			return nil, fmt.Errorf("expected '(' after type")
		}
		a, err := c.typeArg(true)
		if err != nil {
			return nil, err
		}
		if !c.accept(")") {
			return nil, fmt.Errorf("expected ')' to close type")
		}
		return &fmtElem{kind: fType, sub: a}, nil
	}
	return nil, fmt.Errorf("unexpected %q in a type directive", w)
}

func (c *fmtCompiler) variable(name string) (*fmtElem, error) {
	s := &c.f.syn
	if i := argIndex(s.Operands, name); i >= 0 {
		return &fmtElem{kind: fOperand, index: i}, nil
	}
	if i := attrIndex(s.Attrs, name); i >= 0 {
		return &fmtElem{kind: fAttr, index: i}, nil
	}
	if i := argIndex(c.f.regions, name); i >= 0 {
		return &fmtElem{kind: fRegion, index: i}, nil
	}
	if i := argIndex(c.f.succs, name); i >= 0 {
		return &fmtElem{kind: fSuccessor, index: i}, nil
	}
	if argIndex(s.Results, name) >= 0 {
		return nil, fmt.Errorf("result $%s may appear only in type(...)", name)
	}
	return nil, fmt.Errorf("$%s is not declared", name)
}

func argIndex(args []Arg, name string) int {
	for i, a := range args {
		if a.Name == name {
			return i
		}
	}
	return -1
}

func attrIndex(attrs []AttrArg, name string) int {
	for i, a := range attrs {
		if a.Name == name {
			return i
		}
	}
	return -1
}

// ---- checking it against the declarations ----

func (f *Format) check() error {
	s := &f.syn
	switch {
	case len(s.Operands) > maxOperandDecls, len(s.Results) > maxResultDecls, len(s.Attrs) > maxAttrDecls,
		len(s.Regions) > maxRegionDecls, len(s.Successors) > maxSuccDecls:
		return fmt.Errorf("more declarations than a format may have (%d operands, %d results, %d attributes, %d regions, %d successors)",
			maxOperandDecls, maxResultDecls, maxAttrDecls, maxRegionDecls, maxSuccDecls)
	}
	nonSingle := func(args []Arg) int {
		n := 0
		for _, a := range args {
			if a.Mode != Single {
				n++
			}
		}
		return n
	}
	if nonSingle(s.Operands) > 1 && !s.SegmentedOperands {
		return fmt.Errorf("more than one optional or variadic operand needs SegmentedOperands")
	}
	if nonSingle(s.Results) > 1 && !s.SegmentedResults {
		return fmt.Errorf("more than one optional or variadic result needs SegmentedResults")
	}
	seen := map[[2]int]int{}
	f.opSpelled = make([]bool, len(s.Operands))
	f.resSpelled = make([]bool, len(s.Results))
	var allOperands, allOpTypes, allResTypes, attrDict, allRegions, allSuccessors bool
	var order, regionOrder, succOrder []int // declarations in the order the format reads them
	var visit func(es []*fmtElem, group *fmtElem) error
	visit = func(es []*fmtElem, group *fmtElem) error {
		for _, e := range es {
			if e.isAnchor {
				if group.anchor != nil {
					return fmt.Errorf("an optional group has more than one anchor")
				}
				group.anchor = e
			}
			switch e.kind {
			case fOperand:
				if !e.ref {
					seen[[2]int{int(e.kind), e.index}]++
					order = append(order, e.index)
				}
			case fAttr:
				if !e.ref {
					seen[[2]int{int(e.kind), e.index}]++
				}
			case fRegion, fSuccessor:
				if e.ref {
					continue
				}
				seen[[2]int{int(e.kind), e.index}]++
				if e.kind == fRegion {
					regionOrder = append(regionOrder, e.index)
					if group != nil || f.regions[e.index].Mode != Single {
						regionOrder = append(regionOrder, -1) // may be absent
					}
				} else {
					succOrder = append(succOrder, e.index)
					if group != nil || f.succs[e.index].Mode != Single {
						succOrder = append(succOrder, -1)
					}
				}
			case fOperands:
				allOperands = true
				for i := range s.Operands {
					order = append(order, i)
				}
			case fRegions:
				allRegions = true
				for i := range s.Regions {
					regionOrder = append(regionOrder, i)
				}
			case fSuccessors:
				allSuccessors = true
				for i := range s.Successors {
					succOrder = append(succOrder, i)
				}
			case fAttrDict:
				if attrDict {
					return fmt.Errorf("attr-dict appears twice")
				}
				attrDict = true
			case fType, fFunctionType:
				if e.ref {
					continue
				}
				for _, sub := range []*fmtElem{e.sub, e.sub2} {
					switch {
					case sub == nil:
					case sub.kind == fOperand:
						f.opSpelled[sub.index] = true
					case sub.kind == fResult:
						f.resSpelled[sub.index] = true
					case sub.kind == fOperands:
						allOpTypes = true
					case sub.kind == fResults:
						allResTypes = true
					}
				}
			case fCustom:
				if err := visit(e.group, nil); err != nil {
					return err
				}
			case fOptionalGroup:
				if err := visit(e.group, e); err != nil {
					return err
				}
				if err := f.checkGroup(e); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := visit(f.elems, nil); err != nil {
		return err
	}
	if f.directives > maxDirectives {
		return fmt.Errorf("more than %d custom directives", maxDirectives)
	}
	if !attrDict {
		return fmt.Errorf("no attr-dict")
	}
	f.inOrder = inDeclarationOrder(order)
	f.regionsInOrder = inDeclarationOrder(regionOrder) && len(regionOrder) == len(s.Regions)
	f.succsInOrder = inDeclarationOrder(succOrder) && len(succOrder) == len(s.Successors)
	for i, a := range s.Operands {
		if n := seen[[2]int{int(fOperand), i}]; n > 1 || n == 0 && !allOperands {
			return fmt.Errorf("operand $%s appears %d times", a.Name, n)
		}
		if allOpTypes {
			f.opSpelled[i] = true
		}
	}
	for i := range s.Results {
		if allResTypes {
			f.resSpelled[i] = true
		}
	}
	for i, a := range s.Attrs {
		n := seen[[2]int{int(fAttr), i}]
		if n > 1 {
			return fmt.Errorf("attribute $%s appears %d times", a.Name, n)
		}
		if n == 0 {
			return fmt.Errorf("attribute $%s is declared but not in the format (leave it to attr-dict instead)", a.Name)
		}
		switch {
		case a.Kind == AttrCustom && a.Syntax == nil:
			return fmt.Errorf("attribute $%s has no syntax", a.Name)
		case (a.Kind == AttrInt || a.Kind == AttrEnum || a.Kind == AttrDenseArray) && a.Type == nil:
			return fmt.Errorf("integer attribute $%s has no type", a.Name)
		case a.Kind == AttrEnum && len(a.Enum) == 0:
			return fmt.Errorf("enum attribute $%s has no keywords", a.Name)
		}
	}
	for i, r := range s.Regions {
		if seen[[2]int{int(fRegion), i}] != 1 && !allRegions {
			return fmt.Errorf("region $%s must appear once", r)
		}
	}
	for i, r := range s.Successors {
		if seen[[2]int{int(fSuccessor), i}] != 1 && !allSuccessors {
			return fmt.Errorf("successor $%s must appear once", r)
		}
	}
	return f.checkTypes()
}

// inDeclarationOrder: order is 0, 1, 2, ... (no -1 for a declaration that
// may be absent).
func inDeclarationOrder(order []int) bool {
	for i, d := range order {
		if d != i {
			return false
		}
	}
	return true
}

// checkTypes orders the derivations of the types no element spells, so
// that every source is known before it is used, and refuses a value whose
// type can be known in no way.
func (f *Format) checkTypes() error {
	s := &f.syn
	known := map[valueRef]bool{}
	var pending []derivation
	for i := range s.Attrs {
		known[valueRef{fAttr, i}] = true
	}
	add := func(kind fmtKind, i int, a Arg, spelled bool) error {
		ref := valueRef{kind, i}
		switch {
		case spelled, a.Type != nil:
			known[ref] = true
		case a.Like != "":
			src, ok := f.lookupValue(a.Like)
			if !ok {
				return fmt.Errorf("$%s's type is like $%s, which is not declared", a.Name, a.Like)
			}
			pending = append(pending, derivation{target: ref, source: src, derive: a.Derive, deriveList: a.DeriveList})
		case kind == fResult && s.InferredResults:
		default:
			what := "operand"
			if kind == fResult {
				what = "result"
			}
			return fmt.Errorf("the type of %s $%s is neither spelled nor fixed", what, a.Name)
		}
		return nil
	}
	for i, a := range s.Operands {
		if err := add(fOperand, i, a, f.opSpelled[i]); err != nil {
			return err
		}
	}
	for i, a := range s.Results {
		if err := add(fResult, i, a, f.resSpelled[i]); err != nil {
			return err
		}
	}
	for len(pending) > 0 {
		progress := false
		for k := 0; k < len(pending); k++ {
			if d := pending[k]; known[d.source] {
				f.derived = append(f.derived, d)
				known[d.target] = true
				pending = append(pending[:k], pending[k+1:]...)
				k--
				progress = true
			}
		}
		if !progress {
			return fmt.Errorf("the types of %d values derive from each other in a circle", len(pending))
		}
	}
	return nil
}

// lookupValue finds the operand, result or attribute named name.
func (f *Format) lookupValue(name string) (valueRef, bool) {
	if i := argIndex(f.syn.Operands, name); i >= 0 {
		return valueRef{fOperand, i}, true
	}
	if i := argIndex(f.syn.Results, name); i >= 0 {
		return valueRef{fResult, i}, true
	}
	if i := attrIndex(f.syn.Attrs, name); i >= 0 {
		return valueRef{fAttr, i}, true
	}
	return valueRef{}, false
}

// checkGroup: one anchor that may be absent, and a first element the
// parser can recognise without consuming anything else.
func (f *Format) checkGroup(g *fmtElem) error {
	a := g.anchor
	if a == nil {
		return fmt.Errorf("an optional group has no anchor (^)")
	}
	switch a.kind {
	case fOperand:
		if f.syn.Operands[a.index].Mode == Single {
			return fmt.Errorf("optional group anchored on operand $%s, which is always present", f.syn.Operands[a.index].Name)
		}
	case fAttr:
		at := &f.syn.Attrs[a.index]
		if !at.optional() {
			return fmt.Errorf("optional group anchored on attribute $%s, which is not optional", at.Name)
		}
		if at.Kind == AttrUnit && leading(g.group) != a {
			a.elideUnit = true
		}
	case fType:
		if a.sub.kind != fResult && a.sub.kind != fOperand {
			return fmt.Errorf("an optional group's type anchor must be the type of one value")
		}
		if a.sub.kind == fResult && f.syn.Results[a.sub.index].Mode == Single ||
			a.sub.kind == fOperand && f.syn.Operands[a.sub.index].Mode == Single {
			return fmt.Errorf("optional group anchored on the type of a value that is always present")
		}
	case fRegion:
	default:
		return fmt.Errorf("an optional group must be anchored on an operand, attribute, type or region")
	}
	first := leading(g.group)
	if first == nil {
		return fmt.Errorf("empty optional group")
	}
	switch first.kind {
	case fLiteral, fOperand, fAttr, fType, fRegion:
	default:
		return fmt.Errorf("an optional group must begin with a literal, an operand, an attribute, a type or a region")
	}
	if first.kind == fAttr && f.syn.Attrs[first.index].Kind == AttrUnit {
		return fmt.Errorf("an optional group cannot begin with a unit attribute")
	}
	if first.kind == fOperand && first != a && f.syn.Operands[first.index].Mode == Single {
		return fmt.Errorf("an optional group beginning with operand $%s must be anchored on it", f.syn.Operands[first.index].Name)
	}
	return nil
}

// leading is the element an optional group is recognised by: its first
// that is not a space (nil when there is none).
func leading(group []*fmtElem) *fmtElem {
	for _, e := range group {
		if e.kind != fSpace && e.kind != fNewline {
			return e
		}
	}
	return nil
}

// ---- spacing: mlir-opt's rules, decided by the format alone ----

// layout marks the elements printed after a space. mlir-opt's generated
// printers track two flags as they walk the format (whether a space may
// come next, and whether the last thing printed was punctuation); optional
// groups are walked whether or not they are printed, so the flags after a
// group are those its elements leave.
func (f *Format) layout() {
	shouldSpace, lastPunct := true, false
	var walk func(es []*fmtElem)
	walk = func(es []*fmtElem) {
		for _, e := range es {
			switch e.kind {
			case fLiteral:
				e.space = shouldSpace && spaceBeforeLiteral(e.text, lastPunct)
				shouldSpace = len(e.text) != 1 || !strings.ContainsAny(e.text, "<({[")
				c := e.text[0]
				lastPunct = c != '_' && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z')
			case fSpace:
				lastPunct = e.text == ""
				shouldSpace = false
			case fNewline:
				// A new line leaves the flags as they were.
			case fAttrDict:
				// The dictionary prints its own leading space.
				lastPunct = false
			case fOptionalGroup:
				walk(e.group)
			default:
				if e.elideUnit {
					continue
				}
				e.space = shouldSpace || !lastPunct
				lastPunct = false
				shouldSpace = true
			}
		}
	}
	walk(f.elems)
}

func spaceBeforeLiteral(v string, lastPunct bool) bool {
	if len(v) != 1 && v != "->" {
		return true
	}
	if lastPunct {
		return !strings.Contains(">)}],", v[:1])
	}
	return !strings.Contains("<>(){}[],", v[:1])
}
