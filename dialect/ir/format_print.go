package ir

import "strconv"

// Printing an op's custom form by its compiled format.

// fmtPrint lives on the stack: where each declaration's operands,
// results, regions and successors are is worked out once per op, into
// fixed arrays.
type fmtPrint struct {
	f       *Format
	p       AsmPrinter
	op      *Operation
	ops     [maxOperandDecls]span
	res     [maxResultDecls]span
	regions [maxRegionDecls]span
	succs   [maxSuccDecls]span
}

// Print writes op's custom form (after its name).
func (f *Format) Print(p AsmPrinter, op *Operation) {
	var w fmtPrint
	w.f, w.p, w.op = f, p, op
	s := &f.syn
	groupSpans(s.Operands, len(op.Operands), s.SegmentedOperands, op, "operandSegmentSizes", w.ops[:])
	groupSpans(s.Results, len(op.Results), s.SegmentedResults, op, "resultSegmentSizes", w.res[:])
	groupSpans(f.regions, len(op.Regions()), false, op, "", w.regions[:])
	groupSpans(f.succs, len(op.Successors()), false, op, "", w.succs[:])
	w.elements(f.elems)
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

// printsTerminators: the op's regions show their terminators even when
// they have no operands (no implicit terminator can stand for them).
func (w *fmtPrint) printsTerminators() bool {
	return w.op.Def == nil || w.op.Def.ImplicitTerminator == ""
}

func (w *fmtPrint) element(e *fmtElem) {
	p, op := w.p, w.op
	switch e.kind {
	case fLiteral:
		w.space(e)
		p.Write(e.text)
	case fSpace:
		p.Write(e.text)
	case fNewline:
		p.Newline(0)
	case fOperand:
		w.space(e)
		sp := w.ops[e.index]
		p.Operands(op.Operands[sp.start:sp.end()])
	case fAttr:
		if e.elideUnit {
			return
		}
		w.space(e)
		w.attr(e)
	case fRegion:
		w.space(e)
		sp := w.regions[e.index]
		for i, r := range op.Regions()[sp.start:sp.end()] {
			if i > 0 {
				p.Write(", ")
			}
			p.Region(r, true, w.printsTerminators())
		}
	case fSuccessor:
		w.space(e)
		sp := w.succs[e.index]
		for i, b := range op.Successors()[sp.start:sp.end()] {
			if i > 0 {
				p.Write(", ")
			}
			p.Successor(b)
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
		for i, r := range op.Regions() {
			if i > 0 {
				p.Write(", ")
			}
			p.Region(r, true, w.printsTerminators())
		}
	case fSuccessors:
		w.space(e)
		for i, b := range op.Successors() {
			if i > 0 {
				p.Write(", ")
			}
			p.Successor(b)
		}
	case fCustom:
		w.space(e)
		e.directive.Print(p, DirectivePrint{f: w.f, op: op, args: e.group})
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
		return w.ops[a.index].n > 0
	case fAttr:
		at := &w.f.syn.Attrs[a.index]
		v := w.op.Attr(at.Name)
		return v != nil && (at.Default == "" || v.String() != at.Default)
	case fType:
		return len(w.values(a.sub)) > 0
	case fRegion:
		sp := w.regions[a.index]
		return sp.n > 0 && len(w.op.Regions()[sp.start].Blocks) > 0
	}
	return false
}

// values are the values a type directive's argument names.
func (w *fmtPrint) values(sub *fmtElem) []*Value {
	switch sub.kind {
	case fOperand:
		sp := w.ops[sub.index]
		return w.op.Operands[sp.start:sp.end()]
	case fResult:
		sp := w.res[sub.index]
		return w.op.Results[sp.start:sp.end()]
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
	a := &w.f.syn.Attrs[e.index]
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
	case AttrEnum:
		if ia, ok := v.(*IntegerAttr); ok && ia.Big == "" {
			if ia.Value >= 0 && ia.Value < int64(len(a.Enum)) {
				p.Write(a.Enum[ia.Value])
			} else {
				p.Write(strconv.FormatInt(ia.Value, 10))
			}
			return
		}
	case AttrSymbolName:
		if s, ok := v.(*StringAttr); ok {
			p.Write(FormatSymbol(s.Value))
			return
		}
	case AttrDenseArray:
		if da, ok := v.(*DenseArrayAttr); ok && da.Floats == nil {
			PrintIntList(p, da.Values)
			return
		}
	case AttrCustom:
		a.Syntax.Print(p, v)
		return
	}
	p.Attr(v)
}

// PrintIntList prints `[1, 2, 3]`.
func PrintIntList(p AsmPrinter, vals []int64) {
	p.Write("[")
	for i, v := range vals {
		if i > 0 {
			p.Write(", ")
		}
		p.Write(strconv.FormatInt(v, 10))
	}
	p.Write("]")
}
