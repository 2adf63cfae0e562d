package ir

import "strings"

// Reading an op's custom form by its compiled format.

// fmtParse holds what a format reads, by declaration: operands, their
// types, result types, attributes, regions and successors. They go into
// the op state in declaration order at the end, whatever order the format
// spells them in.
type fmtParse struct {
	f        *Format
	p        AsmParser
	operands [][]OperandRef
	opSeen   []bool
	opTypes  [][]Type
	resTypes [][]Type
	resSeen  []bool
	attrs    []Attribute
	regions  []*RegionState
	succs    []SuccessorRef
	st       *OperationState
}

// Parse reads the op's custom form into st.
func (f *Format) Parse(p AsmParser, st *OperationState) error {
	s := &f.syn
	r := &fmtParse{
		f: f, p: p, st: st,
		operands: make([][]OperandRef, len(s.Operands)),
		opSeen:   make([]bool, len(s.Operands)),
		opTypes:  make([][]Type, len(s.Operands)),
		resTypes: make([][]Type, len(s.Results)),
		resSeen:  make([]bool, len(s.Results)),
		attrs:    make([]Attribute, len(s.Attrs)),
		regions:  make([]*RegionState, len(s.Regions)),
		succs:    make([]SuccessorRef, len(s.Successors)),
	}
	if err := r.elements(f.elems); err != nil {
		return err
	}
	return r.finish()
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
	case fSpace:
		return true, nil
	case fOperand:
		return r.operand(e.index, optional)
	case fAttr:
		return r.attr(e, optional)
	case fRegion:
		if optional && !p.PeekRegion() {
			return false, nil
		}
		rs, err := p.ParseRegion(nil)
		if err != nil {
			return false, err
		}
		r.regions[e.index] = rs
		return true, nil
	case fSuccessor:
		s, err := p.ParseSuccessor()
		r.succs[e.index] = s
		return err == nil, err
	case fAttrDict:
		if e.text != "" && !p.ParseOptionalKeyword(e.text) {
			return true, nil
		}
		attrs, err := p.ParseOptionalAttrDict()
		r.st.Attrs = append(r.st.Attrs, attrs...)
		return true, err
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
			rs, err := p.ParseRegion(nil)
			if err != nil {
				return false, err
			}
			r.regions[i] = rs
		}
		return true, nil
	case fSuccessors:
		for i := range r.f.syn.Successors {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return false, err
				}
			}
			s, err := p.ParseSuccessor()
			if err != nil {
				return false, err
			}
			r.succs[i] = s
		}
		return true, nil
	case fOptionalGroup:
		ok, err := r.element(e.group[0], true)
		if err != nil || !ok {
			return false, err
		}
		for _, g := range e.group[1:] {
			if g.elideUnit {
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

// operand reads the operand(s) of declaration i.
func (r *fmtParse) operand(i int, optional bool) (bool, error) {
	p := r.p
	a := r.f.syn.Operands[i]
	r.opSeen[i] = true
	switch {
	case a.Mode != Variadic && !optional:
		ref, err := p.ParseOperand()
		if err != nil {
			return false, err
		}
		r.operands[i] = []OperandRef{ref}
		return true, nil
	case a.Mode == Variadic:
		var refs []OperandRef
		for len(refs) == 0 || p.ParseOptionalPunct(",") {
			if len(refs) == 0 && !p.PeekOperand() {
				break
			}
			ref, err := p.ParseOperand()
			if err != nil {
				return false, err
			}
			refs = append(refs, ref)
		}
		r.operands[i] = refs
		return len(refs) > 0, nil
	default:
		ref, ok, err := p.ParseOptionalOperand()
		if err != nil || !ok {
			return false, err
		}
		r.operands[i] = []OperandRef{ref}
		return true, nil
	}
}

// types reads type(x): the type(s) of one value declaration, or of all
// operands or results.
func (r *fmtParse) types(e *fmtElem, optional bool) (bool, error) {
	sub := e.sub
	switch sub.kind {
	case fOperand:
		a := r.f.syn.Operands[sub.index]
		n := -1 // as many as can be read
		switch {
		case r.opSeen[sub.index]:
			n = len(r.operands[sub.index])
		case a.Mode == Single:
			n = 1
		}
		ts, err := r.typeList(n, a.Class, e.qualified, optional || a.Mode != Single && n < 0)
		r.opTypes[sub.index] = ts
		return len(ts) > 0 || n == 0, err
	case fResult:
		a := r.f.syn.Results[sub.index]
		n := -1
		if a.Mode == Single {
			n = 1
		}
		ts, err := r.typeList(n, a.Class, e.qualified, optional || a.Mode != Single)
		r.resTypes[sub.index] = ts
		r.resSeen[sub.index] = true
		return len(ts) > 0, err
	case fOperands:
		for i, a := range r.f.syn.Operands {
			if i > 0 && len(r.operands[i]) > 0 {
				if err := r.p.ParsePunct(","); err != nil {
					return false, err
				}
			}
			ts, err := r.typeList(len(r.operands[i]), a.Class, e.qualified, false)
			if err != nil {
				return false, err
			}
			r.opTypes[i] = ts
		}
		return true, nil
	case fResults:
		ts, err := r.typeList(-1, "", e.qualified, true)
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
func (r *fmtParse) assignResults(ts []Type) {
	res := r.f.syn.Results
	singles := 0
	for _, a := range res {
		if a.Mode == Single {
			singles++
		}
	}
	k := 0
	for i, a := range res {
		n := 1
		if a.Mode != Single {
			n = max(len(ts)-singles, 0)
			if a.Mode == OptionalArg {
				n = min(n, 1)
			}
		}
		n = min(n, len(ts)-k)
		r.resTypes[i] = ts[k : k+n]
		r.resSeen[i] = true
		k += n
	}
}

// typeList reads n comma-separated types (n < 0: as many as there are);
// with optional set, none at all is allowed.
func (r *fmtParse) typeList(n int, class string, qualified, optional bool) ([]Type, error) {
	var out []Type
	for n < 0 || len(out) < n {
		if len(out) > 0 {
			if n < 0 {
				if !r.p.ParseOptionalPunct(",") {
					break
				}
			} else if err := r.p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		t, ok, err := r.oneType(class, qualified, optional && len(out) == 0 || n < 0 && len(out) > 0)
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		out = append(out, t)
	}
	return out, nil
}

// oneType reads a type, in its stripped form `<...>` when the value is of
// one dialect type class and the directive is not qualified.
func (r *fmtParse) oneType(class string, qualified, optional bool) (Type, bool, error) {
	p := r.p
	if class != "" && !qualified && p.PeekPunct("<") {
		loc := p.Loc()
		body, err := p.ParseAngleBody()
		if err != nil {
			return nil, false, err
		}
		t, err := ParseDialectType("!" + class + body)
		if err != nil {
			return nil, false, p.ErrorAt(loc, "%v", err)
		}
		return t, true, nil
	}
	if optional {
		return p.ParseOptionalType()
	}
	t, err := p.ParseType()
	return t, err == nil, err
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
		return r.p.ErrorAt(loc, "invalid kind of type specified: expected builtin.function, but found '%s'", t)
	}
	r.assignValueTypes(e.sub, ft.Inputs)
	r.assignValueTypes(e.sub2, ft.Results)
	return nil
}

func (r *fmtParse) assignValueTypes(sub *fmtElem, ts []Type) {
	switch sub.kind {
	case fOperand:
		r.opTypes[sub.index] = ts
	case fResult:
		r.resTypes[sub.index] = ts
		r.resSeen[sub.index] = true
	case fOperands:
		k := 0
		for i := range r.f.syn.Operands {
			n := min(len(r.operands[i]), len(ts)-k)
			r.opTypes[i] = ts[k : k+n]
			k += n
		}
		if k < len(ts) && len(r.opTypes) > 0 {
			// More types than operands: keep them for the count check.
			last := len(r.opTypes) - 1
			r.opTypes[last] = append(r.opTypes[last], ts[k:]...)
		}
	case fResults:
		r.assignResults(ts)
	}
}

// attr reads a format attribute.
func (r *fmtParse) attr(e *fmtElem, optional bool) (bool, error) {
	p := r.p
	a := r.f.syn.Attrs[e.index]
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
		if optional {
			var s string
			if s, ok = p.ParseOptionalString(); ok {
				v = Str(s)
			}
		} else {
			var s string
			s, err = p.ParseString()
			ok = err == nil
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
			var body string
			if body, err = p.ParseAngleBody(); err == nil {
				v, ok = &RawAttr{Text: "#" + a.Class + body}, true
			}
			break
		}
		fallthrough
	case AttrAny:
		if optional {
			v, ok, err = p.ParseOptionalAttribute()
		} else {
			v, err = p.ParseAttribute()
			ok = err == nil
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

// finish moves what was read into the op state, in declaration order.
func (r *fmtParse) finish() error {
	s := &r.f.syn
	st := r.st
	counts := make([]int64, len(s.Operands))
	for i, a := range s.Operands {
		refs, ts := r.operands[i], r.opTypes[i]
		if a.Type != nil && !r.f.hasTypes[i] {
			ts = make([]Type, len(refs))
			for k := range ts {
				ts[k] = a.Type
			}
		}
		if len(ts) != len(refs) {
			return r.p.Errorf("%d operands present, but expected %d", len(ts), len(refs))
		}
		st.Operands = append(st.Operands, refs...)
		st.OperandTypes = append(st.OperandTypes, ts...)
		counts[i] = int64(len(refs))
	}
	if s.SegmentedOperands {
		st.AddAttr("operandSegmentSizes", I32Array(counts...))
	}
	resCounts := make([]int64, len(s.Results))
	complete := true
	for i, a := range s.Results {
		ts := r.resTypes[i]
		if !r.resSeen[i] {
			switch {
			case a.Type != nil && a.Mode == Single:
				ts = []Type{a.Type}
			default:
				complete = false
			}
		}
		st.ResultTypes = append(st.ResultTypes, ts...)
		resCounts[i] = int64(len(ts))
	}
	if !complete {
		// The op's InferResults completes them once operands resolve.
		st.ResultTypes = nil
	}
	if s.SegmentedResults {
		st.AddAttr("resultSegmentSizes", I32Array(resCounts...))
	}
	for i, a := range s.Attrs {
		if r.attrs[i] != nil {
			st.AddAttr(a.Name, r.attrs[i])
		}
	}
	for _, rs := range r.regions {
		if rs == nil {
			rs = &RegionState{} // an optional region left out is empty
		}
		st.Regions = append(st.Regions, rs)
	}
	st.Successors = append(st.Successors, r.succs...)
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
