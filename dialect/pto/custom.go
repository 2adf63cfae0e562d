package pto

import (
	"github.com/pto-opt/pto-opt/dialect/arith"
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The hand-written syntax of the ops whose forms no assembly format
// spells: ptoas's own parsers decide their operands from what they read
// (make_tensor_view's pointer type from its result, sync.set's event id
// from a literal or a value, tcolsum's attribute dictionary inside or
// after ins(...), tgather's three forms, tmrgsort's two).

// customSyntax is an op's hand-written parser and printer.
type customSyntax struct {
	parse func(p ir.AsmParser, st *ir.OperationState) error
	print func(p ir.AsmPrinter, op *ir.Operation)
}

var customSyntaxes = map[string]*customSyntax{
	"make_tensor_view": {parse: parseMakeTensorView, print: printMakeTensorView},
	"sync.set":         {parse: parseSync, print: printSync},
	"sync.wait":        {parse: parseSync, print: printSync},
	"tcolsum":          {parse: parseTColSum, print: printTColSum},
	"tgather":          {parse: parseTGather, print: printTGather},
	"tmrgsort":         {parse: parseTMrgSort, print: printTMrgSort},
}

// pto.make_tensor_view %ptr, shape = [%d0, %d1], strides = [%s0, %s1]
// {attrs} : !pto.tensor_view<?x?xT>
//
// The pointer's type is not written: it is !pto.ptr of the view's
// element type.
func parseMakeTensorView(p ir.AsmParser, st *ir.OperationState) error {
	ptr, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var lists [2][]ir.OperandRef
	for i, kw := range []string{"shape", "strides"} {
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		if err := p.ParseKeyword(kw); err != nil {
			return err
		}
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		if lists[i], err = p.ParseOperandList("["); err != nil {
			return err
		}
	}
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	loc := p.Loc()
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	tv, ok := t.(*ViewType)
	if !ok || tv.Kind != "tensor_view" {
		return p.ErrorAt(loc, "expected result type pto.tensor_view<...>")
	}
	st.Operands = append(append([]ir.OperandRef{ptr}, lists[0]...), lists[1]...)
	st.OperandTypes = append([]ir.Type{Ptr(tv.Elem)}, ir.IndexTypes(len(lists[0])+len(lists[1]))...)
	st.AddAttr("operandSegmentSizes", ir.I32Array(1, int64(len(lists[0])), int64(len(lists[1]))))
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printMakeTensorView(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	for i, kw := range []string{"shape", "strides"} {
		p.Write(", " + kw + " = [")
		p.Operands(op.OperandSegment(i + 1))
		p.Write("]")
	}
	p.AttrDict(op, "operandSegmentSizes")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

// pto.sync.set <PIPE_X>, 3 {ffts_mode = 2 : i32}, pto.sync.wait
// #pto.pipe<PIPE_V>, %e: the event id is an i32 literal (the event_id
// attribute) or an index value (operand event_id_dyn).
func parseSync(p ir.AsmParser, st *ir.OperationState) error {
	loc := p.Loc()
	pipe, err := parseClassAttr(p, "pipe")
	if err != nil {
		return err
	}
	if pipe == nil {
		return p.ErrorAt(loc, "expected a pipe: <PIPE_...> or #pto.pipe<PIPE_...>")
	}
	st.AddAttr("pipe", pipe)
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if p.PeekOperand() {
		e, err := p.ParseOperand()
		if err != nil {
			return err
		}
		st.Operands = []ir.OperandRef{e}
		st.OperandTypes = []ir.Type{ir.Index}
	} else {
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("event_id", ir.Int(n, ir.I32))
	}
	return ir.ParseTrailingAttrDict(p, st)
}

func printSync(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	writeStripped(p, op.Attr("pipe"), "pipe")
	p.Write(", ")
	if len(op.Operands) > 0 {
		p.Operand(op.Operands[0])
	} else if n, ok := op.Attr("event_id").(*ir.IntegerAttr); ok {
		p.Write(n.ValueString())
	}
	p.AttrDict(op, "pipe", "event_id")
}

// parseClassAttr reads an attribute of the class #pto.mnemonic<...>,
// stripped (`<...>`) or in full; nil when neither begins here.
func parseClassAttr(p ir.AsmParser, mnemonic string) (ir.Attribute, error) {
	if p.PeekPunct("<") {
		body, err := p.ParseAngleBody()
		if err != nil {
			return nil, err
		}
		return &ir.RawAttr{Text: "#pto." + mnemonic + body}, nil
	}
	a, ok, err := p.ParseOptionalAttribute()
	if err != nil || !ok {
		return nil, err
	}
	return a, nil
}

// writeStripped prints a #pto.mnemonic<...> attribute as `<...>`.
func writeStripped(p ir.AsmPrinter, a ir.Attribute, mnemonic string) {
	if a == nil {
		return
	}
	prefix := "#pto." + mnemonic
	if s := a.String(); len(s) > len(prefix) && s[:len(prefix)] == prefix && s[len(prefix)] == '<' {
		p.Write(s[len(prefix):])
		return
	}
	p.Attr(a)
}

// insList reads `ins(` operands [attr-dict] `:` types `)`; with attrs,
// an attribute dictionary may follow the operands.
func insList(p ir.AsmParser, st *ir.OperationState, kw string, attrs bool) ([]ir.OperandRef, []ir.Type, error) {
	if err := p.ParseKeyword(kw); err != nil {
		return nil, nil, err
	}
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, err
	}
	var refs []ir.OperandRef
	for len(refs) == 0 || p.ParseOptionalPunct(",") {
		ref, err := p.ParseOperand()
		if err != nil {
			return nil, nil, err
		}
		refs = append(refs, ref)
	}
	if attrs {
		if err := p.ParseOptionalAttrDictInto(st); err != nil {
			return nil, nil, err
		}
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, nil, err
	}
	var ts []ir.Type
	for range refs {
		if len(ts) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, nil, err
			}
		}
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		ts = append(ts, t)
	}
	return refs, ts, p.ParsePunct(")")
}

// writeList writes ` kw(%a, %b[ {attrs}] : T, U)`.
func writeList(p ir.AsmPrinter, kw string, vs []*ir.Value, attrs func()) {
	p.Write(" " + kw + "(")
	p.Operands(vs)
	if attrs != nil {
		attrs()
	}
	p.Write(" : ")
	p.ValueTypes(vs)
	p.Write(")")
}

// pto.tcolsum ins(%src : T) outs(%dst : T) {attrs}, or with a tmp tile
// ins(%src, %tmp {isBinary = true} : T, T) outs(%dst : T): the
// dictionary sits inside ins(...) in the tmp form, after outs(...) else.
func parseTColSum(p ir.AsmParser, st *ir.OperationState) error {
	if err := p.ParseKeyword("ins"); err != nil {
		return err
	}
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	refs := []ir.OperandRef{src}
	if p.ParseOptionalPunct(",") {
		tmp, err := p.ParseOperand()
		if err != nil {
			return err
		}
		refs = append(refs, tmp)
		if err := p.ParseOptionalAttrDictInto(st); err != nil {
			return err
		}
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	for i := range refs {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		st.OperandTypes = append(st.OperandTypes, t)
	}
	if err := p.ParsePunct(")"); err != nil {
		return err
	}
	outs, outTypes, err := insList(p, st, "outs", false)
	if err != nil {
		return err
	}
	st.Operands = append(refs, outs...)
	st.OperandTypes = append(st.OperandTypes, outTypes...)
	if len(refs) == 1 {
		return ir.ParseTrailingAttrDict(p, st)
	}
	return nil
}

func printTColSum(p ir.AsmPrinter, op *ir.Operation) {
	n := len(op.Operands)
	if n < 2 {
		return
	}
	ins, dst := op.Operands[:n-1], op.Operands[n-1:]
	if len(ins) == 1 {
		writeList(p, "ins", ins, nil)
		writeList(p, "outs", dst, nil)
		p.AttrDict(op)
		return
	}
	writeList(p, "ins", ins, func() { p.AttrDict(op) })
	writeList(p, "outs", dst, nil)
}

// tgather's operand declarations, in ODS order: src dst cdst? indices?
// tmp? kValue?.
const (
	gSrc = iota
	gDst
	gCdst
	gIndices
	gTmp
	gKValue
)

// pto.tgather in one of three forms:
//
//	ins(%src, %indices[, %tmp] : T, I[, T]) outs(%dst : T)            index
//	ins(%src, %k[, %tmp] : T, S[, T]) outs(%dst, %cdst : T, T)        compare
//	ins(%src, {maskPattern = #pto.mask_pattern<P0101>} : T) outs(%dst : T)  mask
//
// each followed by an attribute dictionary; the mask form may also give
// `maskPattern = ...` after outs(...). The form is chosen by outs: two
// results make the compare form.
func parseTGather(p ir.AsmParser, st *ir.OperationState) error {
	if err := p.ParseKeyword("ins"); err != nil {
		return err
	}
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var extra []ir.OperandRef
	var mask ir.Attribute
	for p.ParseOptionalPunct(",") {
		if p.PeekPunct("{") {
			loc := p.Loc()
			list, err := p.ParseOptionalAttrDict()
			if err != nil {
				return err
			}
			if len(list) != 1 || list[0].Name != "maskPattern" {
				return p.ErrorAt(loc, "expected {maskPattern = #pto.mask_pattern<...>} in tgather ins(...)")
			}
			mask = list[0].Value
			break
		}
		ref, err := p.ParseOperand()
		if err != nil {
			return err
		}
		extra = append(extra, ref)
		if len(extra) > 2 {
			return p.ErrorAt(ref.Loc, "expected at most 3 extra operands in tgather ins(...)")
		}
	}
	if mask != nil && len(extra) > 0 {
		return p.ErrorAt(st.Loc, "mask-pattern tgather does not take extra ins operands")
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	var types []ir.Type
	for i := 0; i <= len(extra); i++ {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		types = append(types, t)
	}
	if err := p.ParsePunct(")"); err != nil {
		return err
	}
	outs, outTypes, err := insList(p, st, "outs", false)
	if err != nil {
		return err
	}
	if len(outs) > 2 {
		return p.ErrorAt(outs[2].Loc, "tgather takes one or two outs operands")
	}
	if p.ParseOptionalKeyword("maskPattern") {
		if mask != nil {
			return p.ErrorAt(st.Loc, "maskPattern may only be specified once")
		}
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		if mask, err = p.ParseAttribute(); err != nil {
			return err
		}
	}
	if mask != nil {
		if len(extra) > 0 {
			return p.ErrorAt(st.Loc, "mask-pattern tgather does not take extra ins operands")
		}
		if len(outs) != 1 {
			return p.ErrorAt(st.Loc, "mask-pattern tgather expects a single outs operand")
		}
		st.AddAttr("maskPattern", mask)
	}
	// Operands in declaration order, with the segment sizes.
	groups := make([][]ir.OperandRef, 6)
	gtypes := make([][]ir.Type, 6)
	put := func(g int, r ir.OperandRef, t ir.Type) {
		groups[g] = append(groups[g], r)
		gtypes[g] = append(gtypes[g], t)
	}
	put(gSrc, src, types[0])
	put(gDst, outs[0], outTypes[0])
	if len(outs) == 2 {
		put(gCdst, outs[1], outTypes[1])
		if len(extra) > 0 {
			if !isScalar(types[1]) && !isAnyInt(types[1]) {
				return p.ErrorAt(extra[0].Loc, "compare-form tgather expects a scalar kValue operand")
			}
			put(gKValue, extra[0], types[1])
		}
		if len(extra) > 1 {
			put(gTmp, extra[1], types[2])
		}
	} else {
		if len(extra) > 0 {
			if !isDpsType(types[1]) {
				return p.ErrorAt(extra[0].Loc, "index-form tgather expects tile-like indices; compare-form must use outs(dst, cdst)")
			}
			put(gIndices, extra[0], types[1])
		}
		if len(extra) > 1 {
			put(gTmp, extra[1], types[2])
		}
	}
	sizes := make([]int64, 6)
	for g := range groups {
		st.Operands = append(st.Operands, groups[g]...)
		st.OperandTypes = append(st.OperandTypes, gtypes[g]...)
		sizes[g] = int64(len(groups[g]))
	}
	st.AddAttr("operandSegmentSizes", ir.I32Array(sizes...))
	return ir.ParseTrailingAttrDict(p, st)
}

// tgatherForm is the form of a tgather ("mask", "compare", "index"), or
// "" when its operands are none of them (it then prints generically).
func tgatherForm(r *row, op *ir.Operation) string {
	g := operandGroups(r, op)
	switch {
	case g == nil || len(g[gSrc]) != 1 || len(g[gDst]) != 1:
	case op.Attr("maskPattern") != nil:
		if len(g[gCdst])+len(g[gIndices])+len(g[gTmp])+len(g[gKValue]) == 0 {
			return "mask"
		}
	case len(g[gCdst]) == 1:
		if len(g[gIndices]) == 0 && (len(g[gKValue]) == 1 || len(g[gTmp]) == 0) {
			return "compare"
		}
	case len(g[gKValue]) == 0 && (len(g[gIndices]) == 1 || len(g[gTmp]) == 0):
		return "index"
	}
	return ""
}

func isAnyInt(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return ok }

func printTGather(p ir.AsmPrinter, op *ir.Operation) {
	g := operandGroups(rows[op.Name], op)
	if g == nil {
		return
	}
	ins := []*ir.Value{g[gSrc][0]}
	outs := []*ir.Value{g[gDst][0]}
	if op.Attr("maskPattern") != nil {
		p.Write(" ins(")
		p.Operand(ins[0])
		p.Write(", {maskPattern = ")
		p.Attr(op.Attr("maskPattern"))
		p.Write("} : ")
		p.Type(ins[0].Type)
		p.Write(")")
		writeList(p, "outs", outs, nil)
		p.AttrDict(op, "operandSegmentSizes", "maskPattern")
		return
	}
	if len(g[gCdst]) > 0 {
		ins = append(append(ins, g[gKValue]...), g[gTmp]...)
		outs = append(outs, g[gCdst]...)
	} else {
		ins = append(append(ins, g[gIndices]...), g[gTmp]...)
	}
	writeList(p, "ins", ins, nil)
	writeList(p, "outs", outs, nil)
	p.AttrDict(op, "operandSegmentSizes")
}

// tmrgsort's declarations: srcs* blockLen? dsts* tmp? excuted?.
const (
	mSrcs = iota
	mBlockLen
	mDsts
	mTmp
	mExcuted
)

// pto.tmrgsort in one of two forms:
//
//	ins(%src, %blockLen : T, i32) outs(%dst : T) {attrs}                        format 1
//	ins(%s0, %s1[, %s2[, %s3]], %tmp[ {exhausted = true}] : T, ...)
//	    outs(%dst, %excuted : T, vector<4xi16>) {attrs}                          format 2
//
// Format 1 is recognised by the `:` after its second operand.
func parseTMrgSort(p ir.AsmParser, st *ir.OperationState) error {
	if err := p.ParseKeyword("ins"); err != nil {
		return err
	}
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	var refs []ir.OperandRef
	for len(refs) == 0 || p.ParseOptionalPunct(",") {
		ref, err := p.ParseOperand()
		if err != nil {
			return err
		}
		refs = append(refs, ref)
	}
	if p.ParseOptionalPunct("{") {
		if err := p.ParseKeyword("exhausted"); err != nil {
			return err
		}
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		kw, ok := p.ParseOptionalBareId()
		if !ok || kw != "true" && kw != "false" {
			return p.Errorf("expected true or false for exhausted")
		}
		if err := p.ParsePunct("}"); err != nil {
			return err
		}
		st.AddAttr("exhausted", ir.Bool(kw == "true"))
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	var types []ir.Type
	for range refs {
		if len(types) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		types = append(types, t)
	}
	if err := p.ParsePunct(")"); err != nil {
		return err
	}
	outs, outTypes, err := insList(p, st, "outs", false)
	if err != nil {
		return err
	}
	sizes := make([]int64, 5)
	switch {
	case len(refs) == 2 && len(outs) == 1 && !isDpsType(types[1]):
		st.Operands = []ir.OperandRef{refs[0], refs[1], outs[0]}
		st.OperandTypes = []ir.Type{types[0], types[1], outTypes[0]}
		sizes[mSrcs], sizes[mBlockLen], sizes[mDsts] = 1, 1, 1
	case len(refs) >= 3 && len(refs) <= 5 && len(outs) == 2:
		n := len(refs) - 1
		st.Operands = append(append(append([]ir.OperandRef(nil), refs[:n]...), outs[0], refs[n]), outs[1])
		st.OperandTypes = append(append(append([]ir.Type(nil), types[:n]...), outTypes[0], types[n]), outTypes[1])
		sizes[mSrcs], sizes[mDsts], sizes[mTmp], sizes[mExcuted] = int64(n), 1, 1, 1
	case len(outs) == 2:
		return p.ErrorAt(st.Loc, "tmrgsort format2 expects 2 to 4 src operands plus one tmp operand")
	default:
		return p.ErrorAt(st.Loc, "tmrgsort expects format1 (1 src + blockLen + 1 dst) or format2 (2 to 4 srcs + tmp, outs dst, excuted)")
	}
	st.AddAttr("operandSegmentSizes", ir.I32Array(sizes...))
	return ir.ParseTrailingAttrDict(p, st)
}

// tmrgsortForm is 1 or 2 for an op in one of the two forms, else 0.
func tmrgsortForm(op *ir.Operation) int {
	g := operandGroups(rows[op.Name], op)
	switch {
	case g == nil:
	case len(g[mSrcs]) == 1 && len(g[mBlockLen]) == 1 && len(g[mDsts]) == 1 && len(g[mTmp]) == 0 && len(g[mExcuted]) == 0:
		return 1
	case len(g[mSrcs]) >= 2 && len(g[mSrcs]) <= 4 && len(g[mBlockLen]) == 0 && len(g[mDsts]) == 1 && len(g[mTmp]) == 1 && len(g[mExcuted]) == 1:
		return 2
	}
	return 0
}

func printTMrgSort(p ir.AsmPrinter, op *ir.Operation) {
	g := operandGroups(rows[op.Name], op)
	switch tmrgsortForm(op) {
	case 1:
		writeList(p, "ins", append(append([]*ir.Value(nil), g[mSrcs]...), g[mBlockLen]...), nil)
		writeList(p, "outs", g[mDsts], nil)
		p.AttrDict(op, "operandSegmentSizes", "exhausted")
	case 2:
		ex := "false"
		if b, ok := op.Attr("exhausted").(*ir.IntegerAttr); ok && b.Value != 0 {
			ex = "true"
		}
		writeList(p, "ins", append(append([]*ir.Value(nil), g[mSrcs]...), g[mTmp]...), func() { p.Write(" {exhausted = " + ex + "}") })
		writeList(p, "outs", append(append([]*ir.Value(nil), g[mDsts]...), g[mExcuted]...), nil)
		p.AttrDict(op, "operandSegmentSizes", "exhausted")
	}
}

// inferSubset sets a parsed pto.subset's result to the type ptoas infers
// (PTOSubsetType), now that the offsets are known values.
func inferSubset(op *ir.Operation) {
	if len(op.Operands) == 0 || len(op.Results) != 1 {
		return
	}
	src, ok := op.Operands[0].Type.(*TileBufType)
	sizes, ok2 := I64s(op.Attr("sizes"))
	if !ok || !ok2 {
		return
	}
	op.Results[0].Type = SubsetType(src, op.Operands[1:], sizes)
}

// I64s reads an array of integers (ptoas's I64ArrayAttr, `[32, 32]`).
func I64s(a ir.Attribute) ([]int64, bool) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([]int64, len(arr.Elems))
	for i, e := range arr.Elems {
		n, ok := e.(*ir.IntegerAttr)
		if !ok {
			return nil, false
		}
		out[i] = n.Value
	}
	return out, true
}

// I64sAttr is the I64ArrayAttr of the values.
func I64sAttr(vals []int64) ir.Attribute {
	elems := make([]ir.Attribute, len(vals))
	for i, v := range vals {
		elems[i] = ir.Int(v, ir.I64)
	}
	return &ir.ArrayAttr{Elems: elems}
}

// SubsetType is the type ptoas infers for `pto.subset %src[offs] sizes
// [sizes]`: the source's space, element type and layout, and per
// dimension the valid extent min(size, valid - offset mod valid) when the
// source's valid extent and the offset are constants, else dynamic (`?`).
func SubsetType(src *TileBufType, offs []*ir.Value, sizes []int64) ir.Type {
	pv := src.ValidShape()
	valid := make([]int64, len(sizes))
	for i, size := range sizes {
		off, ok := int64(0), false
		if i < len(offs) {
			off, ok = arith.ConstantInt(offs[i])
		}
		switch {
		case len(pv) != len(sizes):
			valid[i] = size
		case pv[i] == ir.Dynamic || !ok:
			valid[i] = ir.Dynamic
		case pv[i] <= 0:
			valid[i] = 0
		default:
			m := off % pv[i]
			if m < 0 {
				m += pv[i]
			}
			valid[i] = min(size, pv[i]-m)
		}
	}
	return TileBufOf(src.Space, sizes, src.Elem, valid, src.Layout)
}
