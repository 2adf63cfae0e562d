package ir

// Printing an op's custom form by its compiled format.

type fmtPrint struct {
	f        *Format
	p        AsmPrinter
	op       *Operation
	operands [][]*Value
	results  [][]*Value
}

// Print writes op's custom form (after its name).
func (f *Format) Print(p AsmPrinter, op *Operation) {
	w := &fmtPrint{f: f, p: p, op: op}
	w.operands = groups(f.syn.Operands, op.Operands, f.syn.SegmentedOperands, op, "operandSegmentSizes")
	w.results = groups(f.syn.Results, op.Results, f.syn.SegmentedResults, op, "resultSegmentSizes")
	w.elements(f.elems)
}

// groups splits values over their declarations: by the segment sizes
// when the op has them, else one value per single declaration and the
// rest to the one that is optional or variadic.
func groups(decls []Arg, vals []*Value, segmented bool, op *Operation, segAttr string) [][]*Value {
	out := make([][]*Value, len(decls))
	if segmented {
		sizes := op.SegmentSizes(segAttr)
		k := 0
		for i := range decls {
			if i < len(sizes) && sizes[i] >= 0 && k+sizes[i] <= len(vals) {
				out[i] = vals[k : k+sizes[i]]
				k += sizes[i]
			}
		}
		return out
	}
	singles := 0
	for _, a := range decls {
		if a.Mode == Single {
			singles++
		}
	}
	k := 0
	for i, a := range decls {
		n := 1
		if a.Mode != Single {
			n = max(len(vals)-singles, 0)
			if a.Mode == OptionalArg {
				n = min(n, 1)
			}
		}
		n = min(n, len(vals)-k)
		out[i] = vals[k : k+n]
		k += n
	}
	return out
}

func (w *fmtPrint) elements(es []*fmtElem) {
	for _, e := range es {
		w.element(e)
	}
}

func (w *fmtPrint) space(e *fmtElem) {
	if e.space {
		w.p.Write(" ")
	}
}

func (w *fmtPrint) element(e *fmtElem) {
	p, op := w.p, w.op
	switch e.kind {
	case fLiteral:
		w.space(e)
		p.Write(e.text)
	case fSpace:
		p.Write(e.text)
	case fOperand:
		w.space(e)
		p.Operands(w.operands[e.index])
	case fAttr:
		if e.elideUnit {
			return
		}
		w.space(e)
		w.attr(e)
	case fRegion:
		w.space(e)
		if e.index < len(op.Regions) {
			p.Region(op.Regions[e.index], true, op.Def == nil || op.Def.ImplicitTerminator == "")
		}
	case fSuccessor:
		w.space(e)
		if s := op.Successors(); e.index < len(s) {
			p.Successor(s[e.index])
		}
	case fAttrDict:
		if e.text != "" {
			p.AttrDictWithKeyword(op, w.f.elided...)
		} else {
			p.AttrDict(op, w.f.elided...)
		}
	case fType:
		w.space(e)
		w.types(e)
	case fFunctionType:
		w.space(e)
		p.Write("(")
		w.typeList(w.values(e.sub), "", true)
		p.Write(") -> ")
		res := w.values(e.sub2)
		if len(res) == 1 {
			if _, fn := res[0].Type.(*FunctionType); !fn {
				p.Type(res[0].Type)
				return
			}
		}
		p.Write("(")
		w.typeList(res, "", true)
		p.Write(")")
	case fOperands:
		w.space(e)
		p.Operands(op.Operands)
	case fRegions:
		w.space(e)
		for i, r := range op.Regions {
			if i > 0 {
				p.Write(", ")
			}
			p.Region(r, true, op.Def == nil || op.Def.ImplicitTerminator == "")
		}
	case fSuccessors:
		w.space(e)
		for i, b := range op.Successors() {
			if i > 0 {
				p.Write(", ")
			}
			p.Successor(b)
		}
	case fOptionalGroup:
		if w.present(e.anchor) {
			w.elements(e.group)
		}
	}
}

// present reports whether an optional group's anchor is there.
func (w *fmtPrint) present(a *fmtElem) bool {
	switch a.kind {
	case fOperand:
		return len(w.operands[a.index]) > 0
	case fAttr:
		return w.op.Attr(w.f.syn.Attrs[a.index].Name) != nil
	case fType:
		return len(w.values(a.sub)) > 0
	case fRegion:
		return a.index < len(w.op.Regions) && len(w.op.Regions[a.index].Blocks) > 0
	}
	return false
}

// values are the values a type directive's argument names.
func (w *fmtPrint) values(sub *fmtElem) []*Value {
	switch sub.kind {
	case fOperand:
		return w.operands[sub.index]
	case fResult:
		return w.results[sub.index]
	case fOperands:
		return w.op.Operands
	case fResults:
		return w.op.Results
	}
	return nil
}

func (w *fmtPrint) types(e *fmtElem) {
	class := ""
	switch e.sub.kind {
	case fOperand:
		class = w.f.syn.Operands[e.sub.index].Class
	case fResult:
		class = w.f.syn.Results[e.sub.index].Class
	}
	w.typeList(w.values(e.sub), class, e.qualified)
}

func (w *fmtPrint) typeList(vs []*Value, class string, qualified bool) {
	for i, v := range vs {
		if i > 0 {
			w.p.Write(", ")
		}
		if class != "" && !qualified {
			if s, ok := stripped(v.Type.String(), "!"+class); ok {
				w.p.Write(s)
				continue
			}
		}
		w.p.Type(v.Type)
	}
}

func (w *fmtPrint) attr(e *fmtElem) {
	p := w.p
	a := w.f.syn.Attrs[e.index]
	v := w.op.Attr(a.Name)
	if v == nil {
		return
	}
	switch a.Kind {
	case AttrInt:
		if ia, ok := v.(*IntegerAttr); ok {
			p.Write(ia.ValueString())
			return
		}
	case AttrTypeValue:
		if ta, ok := v.(*TypeAttr); ok {
			p.Type(ta.Type)
			return
		}
	case AttrClass:
		if !e.qualified {
			if s, ok := stripped(v.String(), "#"+a.Class); ok {
				p.Write(s)
				return
			}
		}
	case AttrCustom:
		a.Syntax.Print(p, v)
		return
	}
	p.Attr(v)
}
