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
// space here", ` ` a forced space, `\n` a new line), variables ($name: an
// operand, attribute, region or successor the op declares), directives
// (attr-dict, attr-dict-with-keyword, type(x), qualified(x),
// functional-type(a, b), operands, results, regions, successors,
// custom<Name>(args) with ref(x) for what was read before) and optional
// groups `( elements )?` printed when their anchor (the element marked ^)
// is present. Printing follows mlir-opt's spacing rules, which depend only
// on the format, so they are worked out once when the format is compiled.
//
// Types the format does not spell come from the declarations: a fixed
// type (Arg.Type), or the type of another value or attribute (Arg.Like
// and Arg.Derive, ODS's AllTypesMatch and TypesMatchWith traits).

// ArgMode says how many values an operand or result declaration stands for
// (or regions, or successors).
type ArgMode uint8

const (
	// Single: exactly one value.
	Single ArgMode = iota
	// OptionalArg: zero or one value.
	OptionalArg
	// Variadic: any number of values.
	Variadic
)

// Arg declares one operand, result, region or successor of an op with a
// format (regions and successors use Name and Mode only).
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
	// Kind, when set, is the kind of builtin type type($x) must read (a
	// memref for memref.load): another is refused as mlir-opt refuses it.
	Kind *TypeKind
	// Like names the operand, result or attribute (a typed one) whose type
	// gives this value's when the format does not spell it: the same type,
	// or Derive of it (a memref's element type). A variadic value takes
	// one type per value of a variadic Like, or Like's one type for each.
	Like   string
	Derive func(Type) Type
	// DeriveList, for a variadic value, gives all its types from Like's one
	// type (a function type's inputs for the arguments of a call).
	DeriveList func(Type) []Type
}

// TypeKind is a kind of builtin type, as mlir-opt names it in "invalid kind
// of type specified" errors.
type TypeKind struct {
	Name string
	Is   func(Type) bool
}

var (
	// MemRefKind: a ranked memref (ODS's AnyMemRef and MemRefOf).
	MemRefKind = &TypeKind{Name: "builtin.memref", Is: func(t Type) bool {
		m, ok := t.(*MemRefType)
		return ok && m.Ranked
	}}
	// FunctionKind: a function type.
	FunctionKind = &TypeKind{Name: "builtin.function", Is: func(t Type) bool {
		_, ok := t.(*FunctionType)
		return ok
	}}
)

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
	// full form is read too. The flags of a registered bit enum
	// (RegisterBitEnum) are put in canonical order.
	AttrClass
	// AttrCustom: read and written by AttrArg.Syntax.
	AttrCustom
	// AttrEnum: an integer enumeration of AttrArg.Type (ODS's I64EnumAttr)
	// written as the keyword AttrArg.Enum names its value by (or that
	// keyword as a string).
	AttrEnum
	// AttrSymbol: a flat symbol reference, @name.
	AttrSymbol
	// AttrSymbolName: a string attribute written as a symbol, @name (a
	// symbol's own sym_name).
	AttrSymbolName
	// AttrDenseArray: a dense array of AttrArg.Type integers, written
	// `[1, 2]`.
	AttrDenseArray
	// AttrTyped: any attribute that has a type (a constant's value).
	AttrTyped
)

// AttrArg declares an attribute that an op's format spells.
type AttrArg struct {
	Name string
	Kind AttrKind
	// Optional attributes may be absent; the format then needs them in an
	// optional group (or the op's verifier supplies the default).
	Optional bool
	// Default, the text of a default value (ODS's DefaultValuedAttr), makes
	// the attribute optional: a group it anchors is printed only when the
	// op's value is another.
	Default string
	// Type is AttrInt's, AttrEnum's and AttrDenseArray's integer type.
	Type Type
	// Class is AttrClass's "dialect.mnemonic".
	Class string
	// Enum are AttrEnum's keywords, by value.
	Enum []string
	// Syntax reads and writes an AttrCustom attribute.
	Syntax *AttrSyntax
}

// optional: the attribute may be absent.
func (a *AttrArg) optional() bool { return a.Optional || a.Default != "" || a.Kind == AttrUnit }

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
	// Regions and Successors are the op's regions and successor blocks, in
	// order (Name and Mode).
	Regions    []Arg
	Successors []Arg
	// SegmentedOperands: the op carries operandSegmentSizes (MLIR's
	// AttrSizedOperandSegments), needed when more than one operand is
	// optional or variadic. Likewise SegmentedResults.
	SegmentedOperands bool
	SegmentedResults  bool
	// InferredResults: result types the format does not spell are filled
	// in by the op's InferResults hook.
	InferredResults bool
	// Directives are the custom<Name> directives the format uses beyond
	// the kit's own (DynamicIndexList).
	Directives map[string]*Directive
	Format     string
}

// The most declarations of each sort a format may have: what a parse reads
// is kept in fixed arrays on the stack, so that reading an op by its
// format allocates no more than a parser written by hand.
const (
	maxOperandDecls = 12
	maxResultDecls  = 6
	maxAttrDecls    = 12
	maxRegionDecls  = 4
	maxSuccDecls    = 4
	maxDirectives   = 4
)

// Format is a compiled assembly format.
type Format struct {
	op     string
	syn    OpSyntax
	elems  []*fmtElem
	elided []string // attribute names attr-dict leaves out
	// spelled: per operand and result, some element gives its types.
	opSpelled, resSpelled []bool
	// derived lists the values whose types come from another's, in an
	// order where each source is known before it is used.
	derived []derivation
	// inOrder: the format reads the operands in declaration order, so
	// they are appended to the op state as read; likewise regions and
	// successors (and every one of these is always there).
	inOrder, regionsInOrder, succsInOrder bool
	// operandCap is the room made for the operands before reading them.
	operandCap int
	// directives is the number of custom directives (each needs scratch
	// space while parsing).
	directives int
}

// derivation: declaration target (an operand or result) takes its types
// from source (an operand, result or attribute).
type derivation struct {
	target, source valueRef
	derive         func(Type) Type
	deriveList     func(Type) []Type
}

// valueRef names a declaration: an operand, a result or an attribute.
type valueRef struct {
	kind  fmtKind // fOperand, fResult or fAttr
	index int
}

type fmtKind uint8

const (
	fLiteral fmtKind = iota
	fSpace           // ` ` (Text " ") or `` (Text "")
	fNewline         // `\n`
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
	fCustom        // custom<Name>(Group)
)

type fmtElem struct {
	kind      fmtKind
	text      string // literal text; "attributes" keyword for attr-dict-with-keyword
	index     int    // operand, result, attr, region or successor index; a custom directive's slot
	sub, sub2 *fmtElem
	qualified bool
	group     []*fmtElem // an optional group's elements; a custom directive's arguments
	anchor    *fmtElem   // in a group: the element whose presence decides it
	isAnchor  bool
	// ref: a custom directive's argument that refers to what was read
	// before (ref(...)) instead of reading it.
	ref       bool
	directive *Directive
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
		if err := f.verifyProperties(op); err != nil {
			return err
		}
		if own != nil {
			return own(op)
		}
		return nil
	}
	ownVerify := def.Verify
	def.Verify = func(op *Operation) error {
		if ownVerify != nil {
			if err := ownVerify(op); err != nil {
				return err
			}
		}
		return f.verifyTypes(op)
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
	for i := range s.Attrs {
		if a := &s.Attrs[i]; !a.optional() && op.Attr(a.Name) == nil {
			return Errorf(op, "requires attribute '%s'", a.Name)
		}
	}
	var spans [maxOperandDecls]span
	groupSpans(s.Operands, len(op.Operands), s.SegmentedOperands, op, "operandSegmentSizes", spans[:])
	for i, a := range s.Operands {
		if a.Type == nil {
			continue
		}
		for k := spans[i].start; k < spans[i].end(); k++ {
			if v := op.Operands[k]; v.Type != a.Type {
				return Errorf(op, "operand #%d must be %s, but got '%s'", k, typeSummary(a.Type, a.Mode), v.Type)
			}
		}
	}
	if err := verifyRegionCount(op, s.Regions); err != nil {
		return err
	}
	return verifySuccessorCount(op, s.Successors)
}

// verifyRegionCount checks op's regions against the declarations, in the
// words of ODS's region traits.
func verifyRegionCount(op *Operation, decls []Arg) error {
	n, singles, open := len(op.Regions), 0, false
	for _, a := range decls {
		if a.Mode == Single {
			singles++
		} else {
			open = true
		}
	}
	switch {
	case open && n < singles:
		return Errorf(op, "expected %d or more regions", singles)
	case open:
	case singles == 0 && n != 0:
		return Errorf(op, "requires zero regions")
	case singles == 1 && n != 1:
		return Errorf(op, "requires one region")
	case n != singles:
		return Errorf(op, "expected %d regions", singles)
	}
	return nil
}

// verifySuccessorCount checks op's successors against the declarations,
// in the words of ODS's successor traits.
func verifySuccessorCount(op *Operation, decls []Arg) error {
	n, singles, open := len(op.Successors()), 0, false
	for _, a := range decls {
		if a.Mode == Single {
			singles++
		} else {
			open = true
		}
	}
	switch {
	case open && n < singles:
		return Errorf(op, "requires at least %d successors but found %d", singles, n)
	case open:
	case singles == 1 && n != 1:
		return Errorf(op, "requires 1 successor but found %d", n)
	case n != singles:
		return Errorf(op, "requires %d successors but found %d", singles, n)
	}
	return nil
}

// verifyProperties checks that each attribute the format spells is of the
// kind it reads and prints, as mlir-opt checks a property when it reads
// one (the kit's ops read in generic form are checked here instead).
func (f *Format) verifyProperties(op *Operation) error {
	for i := range f.syn.Attrs {
		a := &f.syn.Attrs[i]
		v := op.Attr(a.Name)
		if v == nil {
			continue
		}
		ok := true
		switch a.Kind {
		case AttrUnit:
			_, ok = v.(*UnitAttr)
		case AttrInt:
			n, isInt := v.(*IntegerAttr)
			if isInt && n.Type != a.Type {
				return Errorf(op, "attribute '%s' failed to satisfy constraint: %s attribute", a.Name, typeSummary(a.Type, Single))
			}
			ok = isInt
		case AttrString, AttrSymbolName:
			_, ok = v.(*StringAttr)
		case AttrTypeValue:
			_, ok = v.(*TypeAttr)
		case AttrClass:
			_, ok = stripped(v.String(), "#"+a.Class)
		case AttrEnum:
			n, isInt := v.(*IntegerAttr)
			ok = isInt && n.Type == a.Type && n.Big == "" && n.Value >= 0 && n.Value < int64(len(a.Enum))
		case AttrSymbol:
			ref, isRef := v.(*SymbolRefAttr)
			ok = isRef && len(ref.Nested) == 0
		case AttrDenseArray:
			arr, isArr := v.(*DenseArrayAttr)
			ok = isArr && arr.Elem == a.Type
		case AttrTyped:
			ok = AttrType(v) != nil
		}
		if !ok {
			return NewError(op.Loc, "invalid properties %s for op %s: Invalid attribute `%s` in property conversion: %s",
				(&DictAttr{Entries: op.Props}).String(), op.Name, a.Name, v)
		}
	}
	return nil
}

// verifyTypes checks what the custom form leaves unsaid: types derived
// from others are what they derive from, and kinds of types hold. An op
// whose own verifier lets either through could not be printed and read
// back the same.
func (f *Format) verifyTypes(op *Operation) error {
	s := &f.syn
	var ops [maxOperandDecls]span
	var res [maxResultDecls]span
	groupSpans(s.Operands, len(op.Operands), s.SegmentedOperands, op, "operandSegmentSizes", ops[:])
	groupSpans(s.Results, len(op.Results), s.SegmentedResults, op, "resultSegmentSizes", res[:])
	values := func(r valueRef) []*Value {
		switch r.kind {
		case fOperand:
			return op.Operands[ops[r.index].start:ops[r.index].end()]
		case fResult:
			return op.Results[res[r.index].start:res[r.index].end()]
		}
		return nil
	}
	name := func(r valueRef) string {
		switch r.kind {
		case fOperand:
			return s.Operands[r.index].Name
		case fResult:
			return s.Results[r.index].Name
		}
		return s.Attrs[r.index].Name
	}
	for i, a := range s.Operands {
		for _, v := range values(valueRef{fOperand, i}) {
			if a.Kind != nil && !a.Kind.Is(v.Type) {
				return Errorf(op, "operand '%s' must be of kind %s, but got '%s'", a.Name, a.Kind.Name, v.Type)
			}
		}
	}
	for i, a := range s.Results {
		for _, v := range values(valueRef{fResult, i}) {
			if a.Kind != nil && !a.Kind.Is(v.Type) {
				return Errorf(op, "result '%s' must be of kind %s, but got '%s'", a.Name, a.Kind.Name, v.Type)
			}
		}
	}
	for _, d := range f.derived {
		var src []Type
		if d.source.kind == fAttr {
			a := op.Attr(s.Attrs[d.source.index].Name)
			if a == nil {
				continue
			}
			src = []Type{AttrType(a)}
		} else {
			for _, v := range values(d.source) {
				src = append(src, v.Type)
			}
		}
		targets := values(d.target)
		if d.deriveList != nil {
			if len(src) != 1 || !TypesEqual(ValueTypes(targets), d.deriveList(src[0])) {
				return Errorf(op, "failed to verify that the types of '%s' follow from the type of '%s'", name(d.target), name(d.source))
			}
			continue
		}
		for k, v := range targets {
			var want Type
			switch {
			case len(src) == 1:
				want = src[0]
			case len(src) == len(targets):
				want = src[k]
			default:
				return Errorf(op, "failed to verify that '%s' has as many values as '%s'", name(d.target), name(d.source))
			}
			if d.derive != nil && want != nil {
				want = d.derive(want)
			}
			if v.Type != want {
				if d.derive == nil {
					return Errorf(op, "failed to verify that all of {%s, %s} have same type", name(d.source), name(d.target))
				}
				return Errorf(op, "failed to verify that the type of '%s' follows from that of '%s'", name(d.target), name(d.source))
			}
		}
	}
	return nil
}

// typeSummary names a fixed type as ODS's constraints do: "index",
// "1-bit signless integer", "variadic of index".
func typeSummary(t Type, mode ArgMode) string {
	s := t.String()
	if it, ok := t.(*IntegerType); ok && it.Signedness == 0 {
		s = fmt.Sprintf("%d-bit signless integer", it.Width)
	}
	if mode == Variadic {
		s = "variadic of " + s
	}
	return s
}

func verifyArgCounts(op *Operation, decls []Arg, n int, segmented bool, what, segAttr string) error {
	if segmented {
		sizes := segmentValues(op, segAttr)
		if sizes == nil {
			return Errorf(op, "requires attribute '%s'", segAttr)
		}
		if len(sizes) != len(decls) {
			return Errorf(op, "'%s' attribute for specifying %s segments must have %d elements, but got %d", segAttr, what, len(decls), len(sizes))
		}
		var sum int64 // i32 sizes, as many as the text holds: no overflow
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
		if sum != int64(n) {
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

// span is where one declaration's values are in an op's list.
type span struct{ start, n int }

func (s span) end() int { return s.start + s.n }

// groupSpans splits n values over their declarations into out: by the
// segment sizes when the op has them, else one value per single
// declaration and the rest to the one that is optional or variadic.
// Values the sizes do not account for belong to no declaration.
func groupSpans(decls []Arg, n int, segmented bool, op *Operation, segAttr string, out []span) {
	if segmented {
		sizes := segmentValues(op, segAttr)
		k := 0
		for i := range decls {
			out[i] = span{start: k}
			if i < len(sizes) && sizes[i] >= 0 && sizes[i] <= int64(n-k) {
				out[i].n = int(sizes[i])
				k += out[i].n
			}
		}
		return
	}
	singles := 0
	for _, a := range decls {
		if a.Mode == Single {
			singles++
		}
	}
	k := 0
	for i, a := range decls {
		c := 1
		if a.Mode != Single {
			c = max(n-singles, 0)
			if a.Mode == OptionalArg {
				c = min(c, 1)
			}
		}
		c = min(c, n-k)
		out[i] = span{start: k, n: c}
		k += c
	}
}

// segmentValues reads a segment sizes attribute in place (nil when op has
// none).
func segmentValues(op *Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*DenseArrayAttr); ok {
		if a.Values == nil {
			return []int64{}
		}
		return a.Values
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
// operand and result type is spelled, fixed or derived, optional groups
// have one anchor and can be recognised by their first element.
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
	if i := argIndex(s.Regions, name); i >= 0 {
		return &fmtElem{kind: fRegion, index: i}, nil
	}
	if i := argIndex(s.Successors, name); i >= 0 {
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
					if group != nil || s.Regions[e.index].Mode != Single {
						regionOrder = append(regionOrder, -1) // may be absent
					}
				} else {
					succOrder = append(succOrder, e.index)
					if group != nil || s.Successors[e.index].Mode != Single {
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
	for _, a := range s.Operands {
		f.operandCap++
		if a.Mode == Variadic {
			f.operandCap += 3
		}
	}
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
			return fmt.Errorf("region $%s must appear once", r.Name)
		}
	}
	for i, r := range s.Successors {
		if seen[[2]int{int(fSuccessor), i}] != 1 && !allSuccessors {
			return fmt.Errorf("successor $%s must appear once", r.Name)
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

// ReturnSyntax is the format of the terminators that hand values to their
// parent (func.return, scf.yield, memref.alloca_scope.return): any number
// of operands, named name, after the attribute dictionary.
func ReturnSyntax(name string) OpSyntax {
	return OpSyntax{
		Operands: []Arg{{Name: name, Mode: Variadic}},
		Format:   "attr-dict ($" + name + "^ `:` type($" + name + "))?",
	}
}
