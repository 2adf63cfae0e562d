package ir

import (
	"fmt"
	"strings"
)

// Declarative assembly formats: an op's custom syntax given as data, from
// which both its parser and its printer come, as ODS's assemblyFormat
// does in MLIR. The format language is ODS's:
//
//	`ins` `(` $src `,` $scalar `:` type($src) `,` type($scalar) `)`
//	`outs` `(` $dst `:` type($dst) `)` attr-dict
//
// Elements are literals in backquotes (keywords and punctuation; `` is "no
// space here", ` ` a forced space), variables ($name: an operand,
// attribute, region or successor the op declares), directives (attr-dict,
// attr-dict-with-keyword, type(x), qualified(x), functional-type(a, b),
// operands, results, regions, successors) and optional groups
// `( elements )?` printed when their anchor (the element marked ^) is
// present. Printing follows mlir-opt's spacing rules, which depend only on
// the format, so they are worked out once when the format is compiled.

// ArgMode says how many values an operand or result declaration stands for.
type ArgMode uint8

const (
	// Single: exactly one value.
	Single ArgMode = iota
	// OptionalArg: zero or one value.
	OptionalArg
	// Variadic: any number of values.
	Variadic
)

// Arg declares one operand or result of an op with a format.
type Arg struct {
	Name string
	Mode ArgMode
	// Type, when set, is the only type the value may have (ODS's buildable
	// types: index, i64, ...); the format need not spell it.
	Type Type
	// Class, "dialect.mnemonic", constrains the value to one dialect type
	// class. type($x) then reads and prints the type without its
	// `!dialect.mnemonic` prefix (MLIR's stripped form, `<...>`), unless
	// the directive is qualified(type($x)); the full form is read too.
	Class string
}

// AttrKind says how a format attribute is spelled.
type AttrKind uint8

const (
	// AttrAny: any attribute, printed as mlir-opt prints it.
	AttrAny AttrKind = iota
	// AttrUnit: present or absent; spelled by the literals of the optional
	// group it anchors.
	AttrUnit
	// AttrInt: an integer of AttrArg.Type, written without its type.
	AttrInt
	// AttrString: a string literal.
	AttrString
	// AttrTypeValue: a type, stored as a TypeAttr.
	AttrTypeValue
	// AttrClass: a dialect attribute `#dialect.mnemonic<...>` of class
	// AttrArg.Class, written stripped (`<...>`) unless qualified; the
	// full form is read too.
	AttrClass
	// AttrCustom: read and written by AttrArg.Syntax.
	AttrCustom
)

// AttrArg declares an attribute that an op's format spells.
type AttrArg struct {
	Name string
	Kind AttrKind
	// Optional attributes may be absent; the format then needs them in an
	// optional group (or the op's verifier supplies the default).
	Optional bool
	// Type is AttrInt's integer type.
	Type Type
	// Class is AttrClass's "dialect.mnemonic".
	Class string
	// Syntax reads and writes an AttrCustom attribute.
	Syntax *AttrSyntax
}

// AttrSyntax is the spelling of an attribute that no AttrKind covers
// (enumerations written as bare keywords, for instance).
type AttrSyntax struct {
	// Parse reads the attribute; ok is false when the next token cannot
	// begin one (nothing consumed), for optional groups anchored on it.
	Parse func(p AsmParser) (a Attribute, ok bool, err error)
	Print func(p AsmPrinter, a Attribute)
}

// OpSyntax is an op's declaration for its assembly format.
type OpSyntax struct {
	Operands []Arg
	Results  []Arg
	Attrs    []AttrArg
	Regions  []string
	// Successors are the names of the op's successor blocks, in order.
	Successors []string
	// SegmentedOperands: the op carries operandSegmentSizes (MLIR's
	// AttrSizedOperandSegments), needed when more than one operand is
	// optional or variadic. Likewise SegmentedResults.
	SegmentedOperands bool
	SegmentedResults  bool
	// InferredResults: result types the format does not spell are filled
	// in by the op's InferResults hook.
	InferredResults bool
	Format          string
}

// Format is a compiled assembly format.
type Format struct {
	op       string
	syn      OpSyntax
	elems    []*fmtElem
	elided   []string // attribute names attr-dict leaves out
	hasTypes []bool   // per operand: some element gives its type
}

type fmtKind uint8

const (
	fLiteral fmtKind = iota
	fSpace           // ` ` (Text " ") or `` (Text "")
	fOperand
	fResult // only inside type(...)
	fAttr
	fRegion
	fSuccessor
	fAttrDict
	fType          // type(Sub)
	fFunctionType  // functional-type(Sub, Sub2)
	fOperands      // all operands
	fResults       // all results (inside type(...))
	fRegions       // all regions
	fSuccessors    // all successors
	fOptionalGroup // ( Group )?
)

type fmtElem struct {
	kind      fmtKind
	text      string // literal text; "attributes" keyword for attr-dict-with-keyword
	index     int    // operand, result, attr, region or successor index
	sub, sub2 *fmtElem
	qualified bool
	group     []*fmtElem
	anchor    *fmtElem // in a group: the element whose presence decides it
	isAnchor  bool
	// space: a space is printed before the element (worked out at compile
	// time from mlir-opt's rules).
	space bool
	// elideUnit: a unit attribute anchoring its group that the group's
	// literals spell; it prints nothing and parses as the group's presence.
	elideUnit bool
}

// MustFormat compiles a format, panicking on an error (formats are part
// of the op table, and the table test compiles them all).
func MustFormat(op string, s OpSyntax) *Format {
	f, err := CompileFormat(op, s)
	if err != nil {
		panic(err)
	}
	return f
}

// WithFormat sets def's parser and printer from the syntax, and records
// the attributes the format spells (and the segment sizes) as inherent.
func WithFormat(def *OpDef, s OpSyntax) *OpDef {
	f := MustFormat(def.Name, s)
	def.Parse = f.Parse
	def.Print = f.Print
	for _, a := range s.Attrs {
		if !def.IsInherent(a.Name) {
			def.Inherent = append(def.Inherent, a.Name)
		}
	}
	for _, n := range f.segmentAttrs() {
		if !def.IsInherent(n) {
			def.Inherent = append(def.Inherent, n)
		}
	}
	def.syntax = f
	own := def.VerifyInvariants
	def.VerifyInvariants = func(op *Operation) error {
		if err := f.VerifyCounts(op); err != nil {
			return err
		}
		if own != nil {
			return own(op)
		}
		return nil
	}
	return def
}

// VerifyCounts checks op's operands and results against the declarations
// (and their segment sizes), in the words of the traits ODS gives an op.
// An op read in generic form can have any operands; the format could not
// print it otherwise.
func (f *Format) VerifyCounts(op *Operation) error {
	s := &f.syn
	if err := verifyArgCounts(op, s.Operands, len(op.Operands), s.SegmentedOperands, "operand", "operandSegmentSizes"); err != nil {
		return err
	}
	if err := verifyArgCounts(op, s.Results, len(op.Results), s.SegmentedResults, "result", "resultSegmentSizes"); err != nil {
		return err
	}
	for _, a := range s.Attrs {
		if !a.Optional && a.Kind != AttrUnit && op.Attr(a.Name) == nil {
			return Errorf(op, "requires attribute '%s'", a.Name)
		}
	}
	for i, vs := range groups(s.Operands, op.Operands, s.SegmentedOperands, op, "operandSegmentSizes") {
		if t := s.Operands[i].Type; t != nil {
			for _, v := range vs {
				if v.Type != t {
					return Errorf(op, "operand #%d must be %s, but got '%s'", indexOf(op.Operands, v), t, v.Type)
				}
			}
		}
	}
	return nil
}

func indexOf(vs []*Value, v *Value) int {
	for i, w := range vs {
		if w == v {
			return i
		}
	}
	return -1
}

func verifyArgCounts(op *Operation, decls []Arg, n int, segmented bool, what, segAttr string) error {
	if segmented {
		sizes := op.SegmentSizes(segAttr)
		if sizes == nil {
			return Errorf(op, "requires attribute '%s'", segAttr)
		}
		if len(sizes) != len(decls) {
			return Errorf(op, "'%s' attribute for specifying %s segments must have %d elements, but got %d", segAttr, what, len(decls), len(sizes))
		}
		sum := 0
		for i, sz := range sizes {
			switch {
			case sz < 0:
				return Errorf(op, "'%s' attribute cannot have negative elements", segAttr)
			case decls[i].Mode == Single && sz != 1:
				return Errorf(op, "%s group starting at #%d requires 1 element, but found %d", what, sum, sz)
			case decls[i].Mode == OptionalArg && sz > 1:
				return Errorf(op, "%s group starting at #%d requires 0 or 1 element, but found %d", what, sum, sz)
			}
			sum += sz
		}
		if sum != n {
			return Errorf(op, "%s count (%d) does not match with the total size (%d) specified in attribute '%s'", what, n, sum, segAttr)
		}
		return nil
	}
	singles, open := 0, false
	for _, a := range decls {
		if a.Mode == Single {
			singles++
		} else {
			open = true
		}
	}
	switch {
	case !open && singles == 0 && n != 0:
		return Errorf(op, "requires zero %ss", what)
	case !open && singles == 1 && n != 1:
		if what == "operand" {
			return Errorf(op, "requires a single operand")
		}
		return Errorf(op, "requires one result")
	case !open && n != singles:
		return Errorf(op, "expected %d %ss, but found %d", singles, what, n)
	case open && n < singles:
		return Errorf(op, "expected %d or more %ss, but found %d", singles, what, n)
	}
	return nil
}

// Syntax is the op's compiled format, or nil when its syntax is written
// by hand.
func (d *OpDef) Syntax() *Format { return d.syntax }

func (f *Format) segmentAttrs() []string {
	var out []string
	if f.syn.SegmentedOperands {
		out = append(out, "operandSegmentSizes")
	}
	if f.syn.SegmentedResults {
		out = append(out, "resultSegmentSizes")
	}
	return out
}

// CompileFormat reads s.Format and checks it against the declarations:
// every operand, attribute, region and successor appears once, every
// operand and result type is spelled or fixed, optional groups have one
// anchor and can be recognised by their first element.
func CompileFormat(op string, s OpSyntax) (*Format, error) {
	f := &Format{op: op, syn: s}
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
		if text == "" || text == " " {
			return &fmtElem{kind: fSpace, text: text}, nil
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
	for i, r := range s.Regions {
		if r == name {
			return &fmtElem{kind: fRegion, index: i}, nil
		}
	}
	for i, r := range s.Successors {
		if r == name {
			return &fmtElem{kind: fSuccessor, index: i}, nil
		}
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
	f.hasTypes = make([]bool, len(s.Operands))
	resTypes := make([]bool, len(s.Results))
	var allOperands, allResults, allOpTypes, allResTypes, attrDict bool
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
			case fOperand, fAttr, fRegion, fSuccessor:
				seen[[2]int{int(e.kind), e.index}]++
			case fOperands:
				allOperands = true
			case fAttrDict:
				if attrDict {
					return fmt.Errorf("attr-dict appears twice")
				}
				attrDict = true
			case fType, fFunctionType:
				for _, sub := range []*fmtElem{e.sub, e.sub2} {
					switch {
					case sub == nil:
					case sub.kind == fOperand:
						f.hasTypes[sub.index] = true
					case sub.kind == fResult:
						resTypes[sub.index] = true
					case sub.kind == fOperands:
						allOpTypes = true
					case sub.kind == fResults:
						allResTypes = true
					}
				}
			case fResults:
				allResults = true
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
	_ = allResults
	if !attrDict {
		return fmt.Errorf("no attr-dict")
	}
	for i, a := range s.Operands {
		if n := seen[[2]int{int(fOperand), i}]; n > 1 || n == 0 && !allOperands {
			return fmt.Errorf("operand $%s appears %d times", a.Name, n)
		}
		if allOpTypes {
			f.hasTypes[i] = true
		}
		if !f.hasTypes[i] && a.Type == nil {
			return fmt.Errorf("the type of operand $%s is neither spelled nor fixed", a.Name)
		}
	}
	for i, a := range s.Results {
		if !resTypes[i] && !allResTypes && a.Type == nil && !s.InferredResults {
			return fmt.Errorf("the type of result $%s is neither spelled nor fixed", a.Name)
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
		if a.Kind == AttrCustom && a.Syntax == nil {
			return fmt.Errorf("attribute $%s has no syntax", a.Name)
		}
		if a.Kind == AttrInt && a.Type == nil {
			return fmt.Errorf("integer attribute $%s has no type", a.Name)
		}
	}
	for i, r := range s.Regions {
		if seen[[2]int{int(fRegion), i}] != 1 {
			return fmt.Errorf("region $%s must appear once", r)
		}
	}
	for i, r := range s.Successors {
		if seen[[2]int{int(fSuccessor), i}] != 1 {
			return fmt.Errorf("successor $%s must appear once", r)
		}
	}
	return nil
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
		at := f.syn.Attrs[a.index]
		if !at.Optional && at.Kind != AttrUnit {
			return fmt.Errorf("optional group anchored on attribute $%s, which is not optional", at.Name)
		}
		if at.Kind == AttrUnit && g.group[0] != a {
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
	if len(g.group) == 0 {
		return fmt.Errorf("empty optional group")
	}
	first := g.group[0]
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
