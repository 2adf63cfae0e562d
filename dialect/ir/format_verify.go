package ir

import (
	"fmt"
	"strings"
)

// Verifying an op against its format: the counts and kinds of what the
// format reads, in the words of the traits and constraints ODS gives an
// op, so that whatever verifies prints and reads back the same.

// VerifyCounts checks op against its declaration: verifyCounts, then
// verifyValues, then verifyRegions (the verifier runs them apart, with
// the op's traits between them).
func (f *Format) VerifyCounts(op *Operation) error {
	if err := f.verifyCounts(op); err != nil {
		return err
	}
	if err := f.verifyValues(op); err != nil {
		return err
	}
	return f.verifyRegions(op)
}

// verifyCounts checks how many regions, results, successors and operands
// op has, in the order and words of the count traits ODS gives an op,
// which mlir-opt checks before anything else, then the segment sizes
// (results' after operands', as the AttrSizedResultSegments trait comes
// after the operand count's). An op read in generic form can have any
// operands; the format could not print it otherwise.
func (f *Format) verifyCounts(op *Operation) error {
	s := &f.syn
	if err := verifyRegionCount(op, f.regions); err != nil {
		return err
	}
	if !s.SegmentedResults {
		if err := verifyArgCounts(op, s.Results, len(op.Results), false, "result", ""); err != nil {
			return err
		}
	}
	if err := verifySuccessorCount(op, f.succs); err != nil {
		return err
	}
	if err := verifyArgCounts(op, s.Operands, len(op.Operands), s.SegmentedOperands, "operand", "operandSegmentSizes"); err != nil {
		return err
	}
	if s.SegmentedResults {
		return verifyArgCounts(op, s.Results, len(op.Results), true, "result", "resultSegmentSizes")
	}
	return nil
}

// verifyValues checks the attributes the declaration requires and the
// constraints of the operands and results, as ODS's verifyInvariants
// does before the op's PredOpTraits.
func (f *Format) verifyValues(op *Operation) error {
	s := &f.syn
	for i := range s.Attrs {
		if a := &s.Attrs[i]; !a.optional() && op.Attr(a.Name) == nil {
			return Errorf(op, "requires attribute '%s'", a.Name)
		}
	}
	for i := range s.Attrs {
		if err := verifyAttrConstraint(op, &s.Attrs[i]); err != nil {
			return err
		}
	}
	if err := f.verifyProperties(op); err != nil {
		return err
	}
	var spans [maxOperandDecls]span
	groupSpans(s.Operands, len(op.Operands), s.SegmentedOperands, op, "operandSegmentSizes", spans[:])
	for i := range s.Operands {
		a := &s.Operands[i]
		if a.Mode == OptionalArg && !s.SegmentedOperands {
			// ODS's check of an optional group, where the values are
			// checked against their constraints: the one group that is
			// not a single value takes what the singles leave.
			if singles, _ := countModes(s.Operands); len(s.Operands)-singles == 1 && len(op.Operands)-singles > 1 {
				return Errorf(op, "operand group starting at #%d requires 0 or 1 element, but found %d", spans[i].start, len(op.Operands)-singles)
			}
		}
		if err := verifyDeclTypes(op, "operand", a, op.Operands, spans[i]); err != nil {
			return err
		}
	}
	var rspans [maxResultDecls]span
	groupSpans(s.Results, len(op.Results), s.SegmentedResults, op, "resultSegmentSizes", rspans[:])
	for i := range s.Results {
		if err := verifyDeclTypes(op, "result", &s.Results[i], op.Results, rspans[i]); err != nil {
			return err
		}
	}
	return nil
}

// verifyDeclTypes checks the values of one declaration's span against its
// constraint.
func verifyDeclTypes(op *Operation, what string, a *Arg, vals []*Value, sp span) error {
	for k := sp.start; k < sp.end(); k++ {
		if t := vals[k].Type; !a.holds(t) {
			return constraintError(op, what, k, a.constraintOf(), a.Mode, t)
		}
	}
	return nil
}

// verifyRegions checks the declared region constraints (ODS's
// SizedRegion<1> and the like), after the op's PredOpTraits.
func (f *Format) verifyRegions(op *Operation) error {
	cs := f.syn.RegionConstraints
	for i, r := range op.Regions() {
		k := min(i, len(f.regions)-1)
		if k < 0 || k >= len(cs) || cs[k] == nil {
			continue
		}
		if !cs[k].Holds(r) {
			return regionConstraintError(op, i, f.regions[k].Name, cs[k])
		}
	}
	return nil
}

// verifyRegionCount checks op's regions against the declarations, in the
// words of ODS's region traits.
func verifyRegionCount(op *Operation, decls []Arg) error {
	n := len(op.Regions())
	singles, open := countModes(decls)
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
	n := len(op.Successors())
	singles, open := countModes(decls)
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

// verifyProperties checks that each attribute the op declares is of the
// kind it reads and prints and meets its constraint, in the words of
// ODS's attribute constraints ("attribute 'x' failed to satisfy
// constraint: unit attribute"), as mlir-opt checks an inherent attribute
// given in the attribute dictionary. (One given as a property, `<{...}>`,
// is refused when the op is read: PropertyError.)
func (f *Format) verifyProperties(op *Operation) error {
	for i := range f.syn.Attrs {
		a := &f.syn.Attrs[i]
		v := op.Attr(a.Name)
		if v == nil {
			continue
		}
		if _, constrained := a.constraintSummary(); constrained {
			continue // verifyAttrConstraint's
		}
		if a.Kind == AttrInt {
			if n, isInt := v.(*IntegerAttr); isInt && n.Type != a.Type {
				return Errorf(op, "attribute '%s' failed to satisfy constraint: %s attribute", a.Name, typeSummary(a.Type, Single))
			}
		}
		ok := attrKindHolds(a, v)
		if ok && a.Constraint != nil {
			ok = a.Constraint.Holds(v)
		}
		if ok {
			continue
		}
		summary := attrKindSummary(a)
		if a.Constraint != nil {
			summary = a.Constraint.Summary
		}
		if summary == "" {
			return propertyError(op.Name, op.Props, a, v, op.Loc)
		}
		return Errorf(op, "attribute '%s' failed to satisfy constraint: %s", a.Name, summary)
	}
	return nil
}

// PropertyError is the error mlir-opt gives, when it reads an op, for a
// property (`<{...}>`) that is not of the kind the op stores: nil when
// every one of props the op declares is.
func (d *OpDef) PropertyError(props []NamedAttr, loc Location) error {
	if d == nil || d.declared == nil {
		return nil
	}
	f := d.declared
	for i := range f.syn.Attrs {
		a := &f.syn.Attrs[i]
		for _, p := range props {
			if p.Name == a.Name && !attrKindHolds(a, p.Value) {
				return propertyError(d.Name, props, a, p.Value, loc)
			}
		}
	}
	return nil
}

func propertyError(opName string, props []NamedAttr, a *AttrArg, v Attribute, loc Location) error {
	return NewError(loc, "invalid properties %s for op %s: Invalid attribute `%s` in property conversion: %s",
		(&DictAttr{Entries: props}).String(), opName, a.Name, v)
}

// attrKindHolds reports whether v is of the kind a reads and prints.
func attrKindHolds(a *AttrArg, v Attribute) bool {
	ok := true
	switch a.Kind {
	case AttrUnit:
		_, ok = v.(*UnitAttr)
	case AttrInt:
		_, ok = v.(*IntegerAttr)
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
	return ok
}

// attrKindSummary is ODS's summary of the attribute constraint a kind
// stands for ("" for the kinds whose constraint the op names itself).
func attrKindSummary(a *AttrArg) string {
	switch a.Kind {
	case AttrUnit:
		return "unit attribute"
	case AttrString, AttrSymbolName:
		return "string attribute"
	case AttrSymbol:
		return "flat symbol reference attribute"
	case AttrTypeValue:
		return "any type attribute"
	case AttrTyped:
		return "TypedAttr instance"
	case AttrDenseArray:
		// A dense array property is stored as any attribute and checked
		// as ODS's DenseI64ArrayAttr constraint.
		return a.Type.String() + " dense array attribute"
	}
	return ""
}

// constraintSummary is the summary of the attribute's ODS constraint when
// the verifier words its failures with one (ok false when a value of the
// wrong kind is refused as a property that does not convert).
func (a *AttrArg) constraintSummary() (string, bool) {
	switch {
	case a.Summary != "":
		return a.Summary, a.Kind == AttrEnum || a.Kind == AttrClass || a.Kind == AttrTyped
	case a.Kind == AttrEnum:
		cases := make([]string, len(a.Enum))
		for i := range a.Enum {
			cases[i] = fmt.Sprint(i)
		}
		return fmt.Sprintf("allowed %d-bit signless integer cases: %s", IntWidth(a.Type), strings.Join(cases, ", ")), true
	}
	return "", false
}

// verifyAttrConstraint checks an attribute that has an ODS constraint, as
// the verifiers ODS generates do before the operands': "attribute
// 'predicate' failed to satisfy constraint: allowed 64-bit signless
// integer cases: 0, 1".
func verifyAttrConstraint(op *Operation, a *AttrArg) error {
	summary, ok := a.constraintSummary()
	v := op.Attr(a.Name)
	if !ok || v == nil {
		return nil
	}
	holds := false
	switch a.Kind {
	case AttrEnum:
		n, isInt := v.(*IntegerAttr)
		holds = isInt && n.Type == a.Type && n.Big == "" && n.Value >= 0 && n.Value < int64(len(a.Enum))
	case AttrClass:
		_, holds = stripped(v.String(), "#"+a.Class)
	case AttrTyped:
		holds = AttrType(v) != nil
	}
	if !holds {
		return Errorf(op, "attribute '%s' failed to satisfy constraint: %s", a.Name, summary)
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
	var srcBuf [4]Type
	for _, d := range f.derived {
		src := srcBuf[:0]
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
		// As mlir-opt 22 checks a segment sizes property: the count
		// trait first; a missing property, or one of another length or
		// element type, holds zeros.
		if singles, _ := countModes(decls); n < singles {
			return Errorf(op, "expected %d or more %ss, but found %d", singles, what, n)
		}
		sizes := segmentValues(op, segAttr)
		if a, ok := op.Attr(segAttr).(*DenseArrayAttr); !ok || a.Elem != I32 || len(sizes) != len(decls) {
			sizes = make([]int64, len(decls))
		}
		var sum int64 // i32 sizes, as many as the text holds: no overflow
		for _, sz := range sizes {
			if sz < 0 {
				return Errorf(op, "'%s' attribute cannot have negative elements", segAttr)
			}
			sum += sz
		}
		if sum != int64(n) {
			return Errorf(op, "%s count (%d) does not match with the total size (%d) specified in attribute '%s'", what, n, sum, segAttr)
		}
		if a, ok := op.Attr(segAttr).(*DenseArrayAttr); !ok || a.Elem != I32 || len(a.Values) != len(decls) {
			// mlir-opt takes zeros for none; the op's code reads the
			// sizes it is given.
			return Errorf(op, "requires attribute '%s'", segAttr)
		}
		// mlir-opt leaves the groups' sizes unchecked; a value declared
		// single or optional that its group does not hold could not be
		// printed.
		sum = 0
		for i, sz := range sizes {
			switch {
			case decls[i].Mode == Single && sz != 1:
				return Errorf(op, "%s group starting at #%d requires 1 element, but found %d", what, sum, sz)
			case decls[i].Mode == OptionalArg && sz > 1:
				return Errorf(op, "%s group starting at #%d requires 0 or 1 element, but found %d", what, sum, sz)
			}
			sum += sz
		}
		return nil
	}
	singles, open := countModes(decls)
	switch {
	case !open && singles == 0 && n != 0:
		return Errorf(op, "requires zero %ss", what)
	case !open && singles == 1 && n != 1:
		if what == "operand" {
			return Errorf(op, "requires a single operand")
		}
		return Errorf(op, "requires one result")
	case !open && n != singles && what == "result":
		return Errorf(op, "expected %d results", singles)
	case !open && n != singles:
		return Errorf(op, "expected %d %ss, but found %d", singles, what, n)
	case open && n < singles && what == "result":
		return Errorf(op, "expected %d or more results", singles) // OpTrait::AtLeastNResults
	case open && n < singles:
		return Errorf(op, "expected %d or more %ss, but found %d", singles, what, n)
	}
	// One optional declaration takes what the single ones leave: at most
	// one value (ODS's value group check).
	before, optional, opens := 0, false, 0
	for _, a := range decls {
		switch {
		case a.Mode == Single && opens == 0:
			before++
		case a.Mode != Single:
			opens++
			optional = a.Mode == OptionalArg
		}
	}
	if opens == 1 && optional && n-singles > 1 {
		return Errorf(op, "%s group starting at #%d requires 0 or 1 element, but found %d", what, before, n-singles)
	}
	return nil
}

// countModes counts the single declarations and reports whether any is
// optional or variadic.
func countModes(decls []Arg) (singles int, open bool) {
	for _, a := range decls {
		if a.Mode == Single {
			singles++
		} else {
			open = true
		}
	}
	return singles, open
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
	singles, _ := countModes(decls)
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

// typesOf gives the types of the declaration named n: an operand's or a
// result's values, or a typed attribute's type.
func (f *Format) typesOf(op *Operation, n string) []Type {
	s := &f.syn
	for i := range s.Operands {
		if s.Operands[i].Name == n {
			var spans [maxOperandDecls]span
			groupSpans(s.Operands, len(op.Operands), s.SegmentedOperands, op, "operandSegmentSizes", spans[:])
			return ValueTypes(op.Operands[spans[i].start:spans[i].end()])
		}
	}
	for i := range s.Results {
		if s.Results[i].Name == n {
			var spans [maxResultDecls]span
			groupSpans(s.Results, len(op.Results), s.SegmentedResults, op, "resultSegmentSizes", spans[:])
			return ValueTypes(op.Results[spans[i].start:spans[i].end()])
		}
	}
	if a := op.Attr(n); a != nil {
		if t := AttrType(a); t != nil {
			return []Type{t}
		}
	}
	return nil
}
