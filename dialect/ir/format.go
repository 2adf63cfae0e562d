package ir

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
	// Constraint is the ODS type constraint the value's type must meet
	// (FloatLikeC, MemRefOf(...)); the verifier words its failure from the
	// constraint's summary. Type, when set, implies Exactly(Type).
	Constraint *TypeConstraint
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
	// Constraint is the ODS attribute constraint the value must meet
	// beyond its kind (TypeAttrOf(FunctionType)); its summary, else the
	// kind's, words the failure.
	Constraint *AttrConstraint
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
	// Regions are the names of the op's regions, in order; Successors
	// those of its successor blocks.
	Regions    []string
	Successors []string
	// VariadicRegions: the last region is variadic, any number of regions
	// (ODS's VariadicRegion, which only the last region may be); likewise
	// VariadicSuccessors for the last successor.
	VariadicRegions    bool
	VariadicSuccessors bool
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
	op  string
	syn OpSyntax
	// regions and succs are the syntax's regions and successors with
	// their modes.
	regions, succs []Arg
	elems          []*fmtElem
	elided         []string // attribute names attr-dict leaves out
	// spelled: per operand and result, some element gives its types.
	opSpelled, resSpelled []bool
	// derived lists the values whose types come from another's, in an
	// order where each source is known before it is used.
	derived []derivation
	// inOrder: the format reads the operands in declaration order, so
	// they are appended to the op state as read; likewise regions and
	// successors (and every one of these is always there).
	inOrder, regionsInOrder, succsInOrder bool
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
	def.declared = f
	return def
}

// Declare gives an op whose syntax is written by hand the declaration the
// verifier checks, as WithFormat gives a formatted op its format's: its
// operands and results with their constraints, its attributes, regions
// and successors (s.Format is not read).
func Declare(def *OpDef, s OpSyntax) *OpDef {
	def.declared = &Format{op: def.Name, syn: s,
		regions: lastVariadic(s.Regions, s.VariadicRegions),
		succs:   lastVariadic(s.Successors, s.VariadicSuccessors)}
	return def
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

// ReturnSyntax is the format of the terminators that hand values to their
// parent (func.return, scf.yield, memref.alloca_scope.return): any number
// of operands, named name, after the attribute dictionary.
func ReturnSyntax(name string) OpSyntax {
	return OpSyntax{
		Operands: []Arg{{Name: name, Mode: Variadic}},
		Format:   "attr-dict ($" + name + "^ `:` type($" + name + "))?",
	}
}
