package ir

import (
	"strconv"
	"strings"
)

// Reading an op's custom form by its compiled format.

// fmtParse holds what a format reads, by declaration. It lives on the
// stack: regions and successors go straight into the op state as they are
// read (where each declaration's are is kept here), operands, types and
// attributes into fixed arrays; finish puts them in declaration order,
// the operands into a list of just their number.
type fmtParse struct {
	f  *Format
	p  AsmParser
	st *OperationState

	// The operands read, in the order read: in opBuf while they fit, then
	// in spill.
	opBuf [maxBufferedOperands]OperandRef
	nOps  int
	spill []OperandRef

	ops      [maxOperandDecls]span
	opLoc    [maxOperandDecls]Location // where each declaration's operands begin
	opSeen   [maxOperandDecls]bool
	opTypes  [maxOperandDecls]typeSet
	resTypes [maxResultDecls]typeSet
	attrs    [maxAttrDecls]Attribute
	regions  [maxRegionDecls]span
	succs    [maxSuccDecls]span
	dirs     [maxDirectives]*DirectiveParse
}

// typeSet is the types known for one declaration: one for all its values,
// or a list of them.
type typeSet struct {
	one  Type
	many []Type
	set  bool
	// all: one is the type of each of the values, however many.
	all bool
}

// count is how many types the set holds (-1: one for each value).
func (t *typeSet) count() int {
	switch {
	case !t.set:
		return 0
	case t.all:
		return -1
	case t.one != nil:
		return 1
	}
	return len(t.many)
}

// at is the type of value k.
func (t *typeSet) at(k int) Type {
	if t.one != nil {
		return t.one
	}
	return t.many[k]
}

// errorAt reports one of the kit's own errors: as an ODS-generated
// parser's emitError, they name the op ("custom op 'memref.load' invalid
// kind of type specified"), which the AsmParser's ErrorAt does for every
// error a custom parser reports itself.
func (r *fmtParse) errorAt(loc Location, format string, args ...any) error {
	return r.p.ErrorAt(loc, format, args...)
}

// Parse reads the op's custom form into st.
func (f *Format) Parse(p AsmParser, st *OperationState) error {
	var r fmtParse
	r.f, r.p, r.st = f, p, st
	err := r.elements(f.elems)
	if err == nil {
		err = r.finish()
	}
	if f.directives > 0 {
		r.releaseDirectives()
	}
	return err
}

func (r *fmtParse) elements(es []*fmtElem) error {
	for _, e := range es {
		if _, err := r.element(e, false); err != nil {
			return err
		}
	}
	return nil
}

// element reads e. With optional set, e begins an optional group: when
// the input cannot begin it, nothing is consumed and present is false.
func (r *fmtParse) element(e *fmtElem, optional bool) (present bool, err error) {
	p := r.p
	switch e.kind {
	case fLiteral:
		if optional {
			if isKeywordLiteral(e.text) {
				return p.ParseOptionalKeyword(e.text), nil
			}
			return p.ParseOptionalPunct(e.text), nil
		}
		if isKeywordLiteral(e.text) {
			return true, p.ParseKeyword(e.text)
		}
		return true, p.ParsePunct(e.text)
	case fSpace, fNewline:
		return true, nil
	case fOperand:
		return r.operand(e.index, optional)
	case fAttr:
		return r.attr(e, optional)
	case fRegion:
		return r.region(e.index, optional)
	case fSuccessor:
		return r.successor(e.index)
	case fAttrDict:
		if e.text != "" && !p.ParseOptionalKeyword(e.text) {
			return true, nil
		}
		return true, p.ParseOptionalAttrDictInto(r.st)
	case fType:
		return r.types(e, optional)
	case fFunctionType:
		return true, r.functionType(e)
	case fOperands:
		for i := range r.f.syn.Operands {
			if _, err := r.operand(i, false); err != nil {
				return false, err
			}
		}
		return true, nil
	case fRegions:
		for i := range r.f.syn.Regions {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return false, err
				}
			}
			if _, err := r.region(i, false); err != nil {
				return false, err
			}
		}
		return true, nil
	case fSuccessors:
		for i := range r.f.syn.Successors {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return false, err
				}
			}
			if _, err := r.successor(i); err != nil {
				return false, err
			}
		}
		return true, nil
	case fCustom:
		return true, r.custom(e)
	case fOptionalGroup:
		first := leading(e.group)
		ok, err := r.element(first, true)
		if err != nil || !ok {
			return false, err
		}
		for _, g := range e.group {
			if g == first || g.elideUnit {
				continue
			}
			if _, err := r.element(g, false); err != nil {
				return false, err
			}
		}
		if a := e.anchor; a.kind == fAttr && a.elideUnit {
			r.attrs[a.index] = Unit
		}
		return true, nil
	}
	return false, p.Errorf("unsupported format element")
}

func isKeywordLiteral(s string) bool {
	c := s[0]
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// maxBufferedOperands operands are kept on the stack while reading.
const maxBufferedOperands = 16

// addOperand keeps an operand read.
func (r *fmtParse) addOperand(ref OperandRef) {
	if r.spill == nil && r.nOps < len(r.opBuf) {
		r.opBuf[r.nOps] = ref
		r.nOps++
		return
	}
	if r.spill == nil {
		r.spill = make([]OperandRef, r.nOps, 2*len(r.opBuf))
		copy(r.spill, r.opBuf[:])
	}
	r.spill = append(r.spill, ref)
	r.nOps++
}

// operandsRead are the operands read so far, in the order read.
func (r *fmtParse) operandsRead() []OperandRef {
	if r.spill != nil {
		return r.spill
	}
	return r.opBuf[:r.nOps]
}

// operand reads the operand(s) of declaration i.
func (r *fmtParse) operand(i int, optional bool) (bool, error) {
	p := r.p
	a := &r.f.syn.Operands[i]
	r.opSeen[i] = true
	r.opLoc[i] = p.Loc()
	start := r.nOps
	r.ops[i] = span{start: start}
	switch {
	case a.Mode != Variadic && !optional:
		ref, err := p.ParseOperand()
		if err != nil {
			return false, err
		}
		r.addOperand(ref)
	case a.Mode == Variadic:
		if !p.PeekOperand() {
			return false, nil
		}
		for {
			ref, err := p.ParseOperand()
			if err != nil {
				return false, err
			}
			r.addOperand(ref)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	default:
		ref, ok, err := p.ParseOptionalOperand()
		if err != nil || !ok {
			return false, err
		}
		r.addOperand(ref)
	}
	r.ops[i].n = r.nOps - start
	return r.ops[i].n > 0, nil
}

// region reads region declaration i (a list of them for a variadic one).
func (r *fmtParse) region(i int, optional bool) (bool, error) {
	p, st := r.p, r.st
	variadic := r.f.regions[i].Mode == Variadic
	start := len(st.Regions)
	r.regions[i] = span{start: start}
	for {
		if (optional || variadic) && len(st.Regions) == start && !p.PeekRegion() {
			return false, nil
		}
		rs, err := p.ParseRegion(nil)
		if err != nil {
			return false, err
		}
		st.AddRegion(rs)
		if !variadic || !p.ParseOptionalPunct(",") {
			break
		}
	}
	r.regions[i].n = len(st.Regions) - start
	return true, nil
}

// successor reads successor declaration i.
func (r *fmtParse) successor(i int) (bool, error) {
	s, err := r.p.ParseSuccessor()
	if err != nil {
		return false, err
	}
	r.succs[i] = span{start: len(r.st.Successors), n: 1}
	r.st.AddSuccessor(s)
	return true, nil
}

// types reads type(x): the type(s) of one value declaration, or of all
// operands or results.
func (r *fmtParse) types(e *fmtElem, optional bool) (bool, error) {
	sub := e.sub
	switch sub.kind {
	case fOperand:
		// A single value's one type, or as many types as there are: a
		// count that does not match the operands' is reported when the
		// operands get their types (as mlir-opt reports it).
		a := &r.f.syn.Operands[sub.index]
		if a.Mode != Variadic {
			// An optional value has at most one type: a comma after it
			// belongs to what follows (as in ODS).
			ts, err := r.typeList(1, a, e.qualified, optional || a.Mode == OptionalArg)
			r.opTypes[sub.index] = ts
			return ts.count() > 0, err
		}
		none := !r.opSeen[sub.index] || r.ops[sub.index].n == 0
		ts, err := r.typeList(-1, a, e.qualified, optional || none)
		r.opTypes[sub.index] = ts
		return ts.count() > 0, err
	case fResult:
		a := &r.f.syn.Results[sub.index]
		n := -1
		if a.Mode != Variadic {
			n = 1
		}
		ts, err := r.typeList(n, a, e.qualified, optional || a.Mode != Single)
		r.resTypes[sub.index] = ts
		return ts.count() > 0, err
	case fOperands:
		for i := range r.f.syn.Operands {
			a := &r.f.syn.Operands[i]
			if i > 0 && r.ops[i].n > 0 {
				if err := r.p.ParsePunct(","); err != nil {
					return false, err
				}
			}
			ts, err := r.typeList(r.ops[i].n, a, e.qualified, false)
			if err != nil {
				return false, err
			}
			r.opTypes[i] = ts
		}
		return true, nil
	case fResults:
		ts, err := r.typeList(-1, nil, e.qualified, true)
		if err != nil {
			return false, err
		}
		r.assignResults(ts)
		return true, nil
	}
	return false, r.p.Errorf("unsupported type directive")
}

// assignResults spreads types over the result declarations in order, the
// variadic one taking what the single ones leave.
func (r *fmtParse) assignResults(ts typeSet) {
	res := r.f.syn.Results
	if ts.one != nil && len(res) == 1 {
		r.resTypes[0] = ts
		return
	}
	if ts.one != nil {
		ts = typeSet{many: []Type{ts.one}, set: true}
	}
	var spans [maxResultDecls]span
	groupSpans(res, len(ts.many), false, nil, "", spans[:])
	for i := range res {
		end := spans[i].end()
		if i == len(res)-1 {
			end = len(ts.many) // more types than results: kept for the count check
		}
		r.resTypes[i] = typeSet{many: ts.many[spans[i].start:end], set: true}
	}
}

// typeList reads n comma-separated types (n < 0: as many as there are) of
// the declaration a (nil: of no one declaration); with optional set, none
// at all is allowed. One type is kept without a list.
func (r *fmtParse) typeList(n int, a *Arg, qualified, optional bool) (typeSet, error) {
	if n == 1 {
		t, ok, err := r.oneType(a, qualified, optional)
		if err != nil || !ok {
			return typeSet{}, err
		}
		return typeSet{one: t, set: true}, nil
	}
	var out []Type // in scratch: finish copies the types into the state's lists
	if n > 0 {
		out = r.st.scratchTypes(n)[:0]
	}
	for n < 0 || len(out) < n {
		if len(out) > 0 {
			if n < 0 {
				if !r.p.ParseOptionalPunct(",") {
					break
				}
			} else if err := r.p.ParsePunct(","); err != nil {
				return typeSet{}, err
			}
		}
		t, ok, err := r.oneType(a, qualified, optional && len(out) == 0 || n < 0 && len(out) > 0)
		if err != nil {
			return typeSet{}, err
		}
		if !ok {
			break
		}
		out = r.st.Scratch.AppendType(out, t)
	}
	if n < 0 && len(out) == 1 && a != nil {
		return typeSet{one: out[0], set: true}, nil
	}
	return typeSet{many: out, set: true}, nil
}

// oneType reads a type of declaration a: in its stripped form `<...>` when
// the value is of one dialect type class and the directive is not
// qualified, of a's kind when it has one.
func (r *fmtParse) oneType(a *Arg, qualified, optional bool) (Type, bool, error) {
	p := r.p
	if a != nil && a.Class != "" && !qualified && p.PeekPunct("<") {
		loc := p.Loc()
		body, err := p.ParseAngleBody()
		if err != nil {
			return nil, false, err
		}
		t, err := ParseDialectType("!" + a.Class + body)
		if err != nil {
			return nil, false, p.ErrorAt(loc, "%v", err)
		}
		return t, true, nil
	}
	loc := p.Loc()
	var t Type
	var ok bool
	var err error
	if optional {
		t, ok, err = p.ParseOptionalType()
	} else {
		t, err = p.ParseType()
		ok = err == nil
	}
	if ok && a != nil && a.Kind != nil && !a.Kind.Is(t) {
		if a.Kind.Name == "" {
			return nil, false, r.errorAt(loc, "invalid kind of type specified")
		}
		return nil, false, r.errorAt(loc, "invalid kind of type specified: expected %s, but found '%s'", a.Kind.Name, t)
	}
	return t, ok, err
}

// functionType reads functional-type(a, b): `(inputs) -> results`.
func (r *fmtParse) functionType(e *fmtElem) error {
	loc := r.p.Loc()
	t, err := r.p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok {
		return r.errorAt(loc, "invalid kind of type specified: expected builtin.function, but found '%s'", t)
	}
	r.assignValueTypes(e.sub, ft.Inputs)
	r.assignValueTypes(e.sub2, ft.Results)
	return nil
}

func (r *fmtParse) assignValueTypes(sub *fmtElem, ts []Type) {
	switch sub.kind {
	case fOperand:
		r.opTypes[sub.index] = typeSet{many: ts, set: true}
	case fResult:
		r.resTypes[sub.index] = typeSet{many: ts, set: true}
	case fOperands:
		k := 0
		last := len(r.f.syn.Operands) - 1
		for i := range r.f.syn.Operands {
			n := min(r.ops[i].n, len(ts)-k)
			if i == last {
				n = len(ts) - k // more types than operands: kept for the count check
			}
			r.opTypes[i] = typeSet{many: ts[k : k+n], set: true}
			k += n
		}
	case fResults:
		r.assignResults(typeSet{many: ts, set: true})
	}
}

// attr reads a format attribute.
func (r *fmtParse) attr(e *fmtElem, optional bool) (bool, error) {
	p := r.p
	a := &r.f.syn.Attrs[e.index]
	var v Attribute
	var ok bool
	var err error
	switch a.Kind {
	case AttrUnit:
		r.attrs[e.index] = Unit
		return true, nil
	case AttrInt:
		var n int64
		if optional {
			n, ok, err = p.ParseOptionalInteger()
		} else {
			n, err = p.ParseInteger()
			ok = err == nil
		}
		if ok {
			v = Int(n, a.Type)
		}
	case AttrString:
		var s string
		if optional {
			s, ok = p.ParseOptionalString()
		} else {
			s, err = p.ParseString()
			ok = err == nil
		}
		if ok {
			v = Str(s)
		}
	case AttrTypeValue:
		var t Type
		if optional {
			t, ok, err = p.ParseOptionalType()
		} else {
			t, err = p.ParseType()
			ok = err == nil
		}
		if ok {
			v = &TypeAttr{Type: t}
		}
	case AttrClass:
		if !e.qualified && p.PeekPunct("<") {
			v, err = parseStrippedAttr(p, "#"+a.Class)
			ok = err == nil
			break
		}
		v, ok, err = parseAnyAttr(p, optional)
	case AttrAny:
		v, ok, err = parseAnyAttr(p, optional)
	case AttrTyped:
		loc := p.Loc()
		if v, ok, err = parseAnyAttr(p, optional); ok && AttrType(v) == nil {
			return false, r.errorAt(loc, "invalid kind of attribute specified")
		}
	case AttrSymbol:
		v, ok, err = parseFlatSymbol(p, optional)
	case AttrSymbolName:
		var s string
		if optional {
			s, ok = p.ParseOptionalSymbolName()
		} else {
			s, err = p.ParseSymbolName()
			ok = err == nil
		}
		if ok {
			v = Str(s)
		}
	case AttrEnum:
		v, ok, err = parseEnum(p, a, optional)
	case AttrDenseArray:
		if optional && !p.PeekPunct("[") {
			return false, nil
		}
		var vals []int64
		if vals, err = ParseIntList(p); err == nil {
			v, ok = intArray(a.Type, vals), true
		}
	case AttrCustom:
		loc := p.Loc()
		v, ok, err = a.Syntax.Parse(p)
		if err == nil && !ok && !optional {
			err = p.ErrorAt(loc, "expected %s", a.Name)
		}
	}
	if err != nil || !ok {
		return false, err
	}
	r.attrs[e.index] = v
	return true, nil
}

func parseAnyAttr(p AsmParser, optional bool) (Attribute, bool, error) {
	if optional {
		return p.ParseOptionalAttribute()
	}
	v, err := p.ParseAttribute()
	return v, err == nil, err
}

// parseStrippedAttr reads the stripped form `<...>` of a dialect
// attribute: the flags of a bit enum in canonical order, any other body
// as written.
func parseStrippedAttr(p AsmParser, prefix string) (Attribute, error) {
	if !IsBitEnum(prefix) {
		body, err := p.ParseAngleBody()
		if err != nil {
			return nil, err
		}
		return &RawAttr{Text: prefix + body}, nil
	}
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	var buf [8]string
	flags := buf[:0]
	for {
		id, ok := p.ParseOptionalBareId()
		if !ok {
			return nil, p.Errorf("expected %s flag", strings.TrimPrefix(prefix, "#"))
		}
		flags = append(flags, id)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	loc := p.Loc()
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	text, err := CanonicalFlags(prefix, flags)
	if err != nil {
		return nil, p.ErrorAt(loc, "%v", err)
	}
	return &RawAttr{Text: text}, nil
}

// parseFlatSymbol reads a flat symbol reference, @name.
func parseFlatSymbol(p AsmParser, optional bool) (Attribute, bool, error) {
	if name, ok := p.ParseOptionalSymbolName(); ok {
		return &SymbolRefAttr{Root: name}, true, nil
	}
	loc := p.Loc()
	v, ok, err := parseAnyAttr(p, optional)
	if err != nil || !ok {
		return nil, false, err
	}
	if ref, isRef := v.(*SymbolRefAttr); !isRef || len(ref.Nested) > 0 {
		return nil, false, p.ErrorAt(loc, "invalid kind of attribute specified")
	}
	return v, true, nil
}

// parseEnum reads an enumeration's keyword, bare or as a string.
func parseEnum(p AsmParser, a *AttrArg, optional bool) (Attribute, bool, error) {
	loc := p.Loc()
	if id, ok := p.PeekBareId(); ok {
		for i, k := range a.Enum {
			if k == id {
				p.ParseOptionalKeyword(id)
				return Int(int64(i), a.Type), true, nil
			}
		}
	} else if s, ok := p.ParseOptionalString(); ok {
		for i, k := range a.Enum {
			if k == s {
				return Int(int64(i), a.Type), true, nil
			}
		}
		return nil, false, p.ErrorAt(loc, "invalid %s attribute specification: %s", a.Name, strconv.Quote(s))
	}
	if optional {
		return nil, false, nil
	}
	return nil, false, p.ErrorAt(loc, "expected string or keyword containing one of the following enum values for attribute '%s' [%s]", a.Name, strings.Join(a.Enum, ", "))
}

// custom reads a custom directive: the directive reads into scratch
// space, which finish moves into the op state.
func (r *fmtParse) custom(e *fmtElem) error {
	d := getDirectiveParse()
	r.dirs[e.index] = d
	d.opLoc, d.opName = r.st.Loc, r.st.Name
	loc := r.p.Loc()
	for k, arg := range e.group {
		if arg.ref {
			d.refs[k] = r.refTypes(arg)
			if arg.kind == fAttr {
				d.attrs[k] = r.attrs[arg.index]
			}
		}
	}
	if err := e.directive.Parse(r.p, d); err != nil {
		return err
	}
	st := r.st
	for k, arg := range e.group {
		if arg.ref {
			continue
		}
		switch arg.kind {
		case fOperand:
			r.opSeen[arg.index] = true
			r.opLoc[arg.index] = loc
			r.ops[arg.index] = span{start: r.nOps, n: len(d.operands[k])}
			for _, ref := range d.operands[k] {
				r.addOperand(ref)
			}
		case fType:
			ts := typeSet{many: d.types[k], set: true}
			if arg.sub.kind == fResult {
				r.resTypes[arg.sub.index] = ts
			} else {
				r.opTypes[arg.sub.index] = ts
			}
		case fAttr:
			r.attrs[arg.index] = d.attrs[k]
		case fRegion:
			r.regions[arg.index] = span{start: len(st.Regions), n: len(d.regions[k])}
			st.Regions = append(st.Regions, d.regions[k]...)
		case fSuccessor:
			r.succs[arg.index] = span{start: len(st.Successors), n: len(d.succs[k])}
			st.Successors = append(st.Successors, d.succs[k]...)
		}
	}
	st.Attrs = append(st.Attrs, d.extra...)
	return nil
}

// refTypes is what a ref(type($x)) argument refers to: the types read
// for x.
func (r *fmtParse) refTypes(arg *fmtElem) typeSet {
	if arg.kind != fType {
		return typeSet{}
	}
	if arg.sub.kind == fResult {
		return r.resTypes[arg.sub.index]
	}
	return r.opTypes[arg.sub.index]
}

func (r *fmtParse) releaseDirectives() {
	for i, d := range r.dirs[:r.f.directives] {
		if d != nil {
			putDirectiveParse(d)
			r.dirs[i] = nil
		}
	}
}

// finish moves what was read into the op state, in declaration order.
func (r *fmtParse) finish() error {
	f, s, st := r.f, &r.f.syn, r.st
	for i := range f.derived {
		if err := r.derive(&f.derived[i]); err != nil {
			return err
		}
	}
	if err := r.finishOperands(); err != nil {
		return err
	}
	if len(s.Results) > 0 {
		r.finishResults()
	}
	for i := range s.Attrs {
		if r.attrs[i] != nil {
			st.AddAttr(s.Attrs[i].Name, r.attrs[i])
		}
	}
	if len(s.Regions) > 0 && !f.regionsInOrder {
		st.Regions = inOrder(st.Regions, r.regions[:len(s.Regions)], f.regions, func() *RegionState {
			return &RegionState{} // an optional region left out is empty
		})
	}
	if len(s.Successors) > 0 && !f.succsInOrder {
		st.Successors = inOrder(st.Successors, r.succs[:len(s.Successors)], f.succs, nil)
	}
	return nil
}

// inOrder rearranges what was read in format order into declaration
// order; a single declaration that was not read gets absent().
func inOrder[T any](read []T, spans []span, decls []Arg, absent func() T) []T {
	out := make([]T, 0, len(read)+len(decls))
	for i, sp := range spans {
		if sp.n == 0 && decls[i].Mode == Single && absent != nil {
			out = append(out, absent())
			continue
		}
		out = append(out, read[sp.start:sp.end()]...)
	}
	return out
}

// finishOperands puts the operands in declaration order with their types,
// and the segment sizes.
func (r *fmtParse) finishOperands() error {
	f, s, st := r.f, &r.f.syn, r.st
	decls := s.Operands
	if len(decls) == 0 {
		return nil
	}
	read := r.operandsRead()
	base := len(st.Operands)
	operands := st.scratchRefs(base + len(read))[:0]
	operands = append(operands, st.Operands...)
	if f.inOrder {
		operands = append(operands, read...)
		for i := range decls {
			r.ops[i].start += base
		}
	} else {
		for i := range decls {
			sp := r.ops[i]
			r.ops[i].start = len(operands)
			operands = append(operands, read[sp.start:sp.end()]...)
		}
	}
	st.Operands = operands
	types := st.scratchTypes(len(st.Operands))
	for i := range decls {
		sp := r.ops[i]
		if !r.opSeen[i] {
			sp = span{start: sp.start}
		}
		dst := types[sp.start:sp.end()]
		ts := &r.opTypes[i]
		switch c := ts.count(); {
		case c < 0 || c == len(dst):
			for k := range dst {
				dst[k] = ts.at(k)
			}
		case !ts.set && decls[i].Type != nil:
			for k := range dst {
				dst[k] = decls[i].Type
			}
		default:
			return r.errorAt(r.opLoc[i], "number of operands and types do not match: got %d operands and %d types", len(dst), c)
		}
	}
	copy(types, st.OperandTypes) // those of operands before the format's
	st.OperandTypes = types
	if s.SegmentedOperands {
		counts := make([]int64, len(decls))
		for i := range decls {
			counts[i] = int64(r.ops[i].n)
		}
		st.AddAttr("operandSegmentSizes", intArray(I32, counts))
	}
	return nil
}

// finishResults gives the op state its result types; when some are not
// known, none (the op's InferResults completes them).
func (r *fmtParse) finishResults() {
	s, st := &r.f.syn, r.st
	n := 0
	for i, a := range s.Results {
		switch ts := &r.resTypes[i]; {
		case ts.set:
			n += ts.count()
		case a.Type != nil && a.Mode == Single:
			n++
		case a.Mode != Single && !s.InferredResults:
			// Its group was not there: no such results.
		default:
			st.ResultTypes = nil
			return
		}
	}
	types := r.st.scratchTypes(n)[:0] // NewOperation copies them
	var counts []int64
	if s.SegmentedResults {
		counts = make([]int64, len(s.Results))
	}
	for i, a := range s.Results {
		ts := &r.resTypes[i]
		before := len(types)
		switch {
		case ts.set && ts.one != nil:
			types = append(types, ts.one)
		case ts.set:
			types = append(types, ts.many...)
		case a.Mode == Single:
			types = append(types, a.Type)
		}
		if counts != nil {
			counts[i] = int64(len(types) - before)
		}
	}
	if st.ResultTypes == nil {
		st.ResultTypes = types
	} else {
		st.ResultTypes = append(st.ResultTypes, types...)
	}
	if counts != nil {
		st.AddAttr("resultSegmentSizes", intArray(I32, counts))
	}
}

// derive gives a value the types its Like source has (through Derive).
func (r *fmtParse) derive(d *derivation) error {
	var src typeSet
	switch d.source.kind {
	case fOperand:
		src = r.opTypes[d.source.index]
		if !src.set {
			if t := r.f.syn.Operands[d.source.index].Type; t != nil {
				src = typeSet{one: t, set: true, all: true}
			}
		}
	case fResult:
		src = r.resTypes[d.source.index]
		if !src.set {
			if t := r.f.syn.Results[d.source.index].Type; t != nil {
				src = typeSet{one: t, set: true}
			}
		}
	case fAttr:
		if a := r.attrs[d.source.index]; a != nil {
			src = typeSet{one: AttrType(a), set: true}
		}
	}
	if !src.set {
		return nil // an optional source that is absent: nothing to derive from
	}
	if err := r.checkDeriveSource(d, src); err != nil {
		return err
	}
	apply := func(t Type) (Type, error) {
		if d.derive == nil || t == nil {
			return t, nil
		}
		if u := d.derive(t); u != nil {
			return u, nil
		}
		return nil, r.p.Errorf("cannot derive a type from '%s'", t)
	}
	var out typeSet
	switch c := src.count(); {
	case d.deriveList != nil:
		if c != 1 || src.one == nil {
			return nil
		}
		out = typeSet{many: d.deriveList(src.one), set: true}
	case c == 1 || c < 0:
		t, err := apply(src.one)
		if err != nil {
			return err
		}
		out = typeSet{one: t, set: true, all: d.target.kind == fOperand}
	default:
		many := make([]Type, len(src.many))
		for k, t := range src.many {
			u, err := apply(t)
			if err != nil {
				return err
			}
			many[k] = u
		}
		out = typeSet{many: many, set: true}
	}
	if d.target.kind == fOperand {
		r.opTypes[d.target.index] = out
	} else {
		out.all = false
		r.resTypes[d.target.index] = out
	}
	return nil
}

// checkDeriveSource checks, before a type is derived from another
// through a transform (ODS's TypesMatchWith), that the source's types meet
// the source's constraint, as the parsers ODS generates do, so that the
// transform sees only types it is meant for: "'lhs' must be
// signless-integer-like, but got 'f32'", at the op's name.
func (r *fmtParse) checkDeriveSource(d *derivation, src typeSet) error {
	if d.derive == nil && d.deriveList == nil {
		return nil
	}
	var a *Arg
	switch d.source.kind {
	case fOperand:
		a = &r.f.syn.Operands[d.source.index]
	case fResult:
		a = &r.f.syn.Results[d.source.index]
	default:
		return nil
	}
	c := a.Constraint
	if c == nil {
		return nil
	}
	types := src.many
	if src.one != nil {
		types = []Type{src.one}
	}
	for _, t := range types {
		if t != nil && !c.Holds(t) {
			return r.p.ErrorAt(r.st.Loc, "'%s' must be %s, but got '%s'", a.Name, c.Summary, t)
		}
	}
	return nil
}

// stripped returns text without prefix when it has the form
// prefix<...>, for the stripped forms of dialect types and attributes.
func stripped(text, prefix string) (string, bool) {
	if len(text) > len(prefix) && strings.HasPrefix(text, prefix) && text[len(prefix)] == '<' {
		return text[len(prefix):], true
	}
	return "", false
}
