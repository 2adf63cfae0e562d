package ir

import "sync"

// Custom directives: custom<Name>(args) in a format stands for a piece of
// syntax too irregular for the format language that several ops share
// (MLIR's custom directives, such as DynamicIndexList for the mixed
// static and dynamic offsets of views). The directive reads and prints
// the arguments named in the element, in order; ref(x) arguments were
// read before the directive and are only looked at.

// Directive is the parser and printer of a custom directive.
type Directive struct {
	Parse func(p AsmParser, args *DirectiveParse) error
	Print func(p AsmPrinter, args DirectivePrint)
}

// maxDirectiveArgs is the most arguments a custom directive may take.
const maxDirectiveArgs = 10

// DirectiveParse is where a directive's parser puts what it reads, by
// argument: operands and their types, attributes, regions and
// successors. It is valid only during the call.
type DirectiveParse struct {
	operands [maxDirectiveArgs][]OperandRef
	types    [maxDirectiveArgs][]Type
	attrs    [maxDirectiveArgs]Attribute
	regions  [maxDirectiveArgs][]*RegionState
	succs    [maxDirectiveArgs][]SuccessorRef
	refs     [maxDirectiveArgs]typeSet
	extra    []NamedAttr
	opLoc    Location
	opName   string
}

// The scratch space of directive parsers is recycled: its lists keep
// their room from one op to the next.
var directivePool = sync.Pool{New: func() any { return new(DirectiveParse) }}

func getDirectiveParse() *DirectiveParse { return directivePool.Get().(*DirectiveParse) }

func putDirectiveParse(d *DirectiveParse) {
	for i := range maxDirectiveArgs {
		clear(d.operands[i])
		d.operands[i] = d.operands[i][:0]
		clear(d.types[i])
		d.types[i] = d.types[i][:0]
		clear(d.regions[i])
		d.regions[i] = d.regions[i][:0]
		clear(d.succs[i])
		d.succs[i] = d.succs[i][:0]
	}
	clear(d.attrs[:])
	clear(d.refs[:])
	clear(d.extra)
	d.extra = d.extra[:0]
	d.opLoc, d.opName = Location{}, ""
	directivePool.Put(d)
}

// AddOperand appends an operand to argument i (an operand).
func (d *DirectiveParse) AddOperand(i int, r OperandRef) { d.operands[i] = append(d.operands[i], r) }

// Operands are the operands added to argument i so far.
func (d *DirectiveParse) Operands(i int) []OperandRef { return d.operands[i] }

// AddType appends a type to argument i (a type($x) directive).
func (d *DirectiveParse) AddType(i int, t Type) { d.types[i] = append(d.types[i], t) }

// SetAttr sets argument i (an attribute).
func (d *DirectiveParse) SetAttr(i int, a Attribute) { d.attrs[i] = a }

// AddRegion appends a region to argument i (a region).
func (d *DirectiveParse) AddRegion(i int, r *RegionState) { d.regions[i] = append(d.regions[i], r) }

// AddSuccessor appends a successor to argument i (a successor).
func (d *DirectiveParse) AddSuccessor(i int, s SuccessorRef) { d.succs[i] = append(d.succs[i], s) }

// AddAttr sets an attribute no argument names (the segment sizes of a
// list of lists, which the syntax spells by its nesting).
func (d *DirectiveParse) AddAttr(name string, a Attribute) {
	d.extra = append(d.extra, NamedAttr{name, a})
}

// OpLoc is the location of the op being read (mlir-opt reports some
// errors of custom directives there).
func (d *DirectiveParse) OpLoc() Location { return d.opLoc }

// OpName is the name of the op being read, which a directive's errors
// name as mlir-opt's do ("custom op 'cf.switch' ...").
func (d *DirectiveParse) OpName() string { return d.opName }

// RefType is the type read before for argument i (a ref(type($x)) of a
// single value), nil when there is none.
func (d *DirectiveParse) RefType(i int) Type {
	if t := &d.refs[i]; t.set && t.count() != 0 {
		return t.at(0)
	}
	return nil
}

// RefAttr is the attribute read before for argument i (a ref($attr)).
func (d *DirectiveParse) RefAttr(i int) Attribute { return d.attrs[i] }

// DirectivePrint is what a directive's printer prints, by argument.
type DirectivePrint struct {
	f    *Format
	op   *Operation
	args []*fmtElem
}

// Op is the op being printed.
func (d DirectivePrint) Op() *Operation { return d.op }

// Values are the values of argument i: an operand's ($x) or the values
// whose types a type($x) argument stands for.
func (d DirectivePrint) Values(i int) []*Value {
	arg := d.args[i]
	if arg.kind == fType {
		arg = arg.sub
	}
	s := &d.f.syn
	switch arg.kind {
	case fOperand:
		var spans [maxOperandDecls]span
		groupSpans(s.Operands, len(d.op.Operands), s.SegmentedOperands, d.op, "operandSegmentSizes", spans[:])
		sp := spans[arg.index]
		return d.op.Operands[sp.start:sp.end()]
	case fResult:
		var spans [maxResultDecls]span
		groupSpans(s.Results, len(d.op.Results), s.SegmentedResults, d.op, "resultSegmentSizes", spans[:])
		sp := spans[arg.index]
		return d.op.Results[sp.start:sp.end()]
	}
	return nil
}

// Attr is the attribute of argument i.
func (d DirectivePrint) Attr(i int) Attribute {
	if arg := d.args[i]; arg.kind == fAttr {
		return d.op.Attr(d.f.syn.Attrs[arg.index].Name)
	}
	return nil
}

// Regions are the regions of argument i.
func (d DirectivePrint) Regions(i int) []*Region {
	var spans [maxRegionDecls]span
	groupSpans(d.f.regions, len(d.op.Regions()), false, d.op, "", spans[:])
	sp := spans[d.args[i].index]
	return d.op.Regions()[sp.start:sp.end()]
}

// Successors are the successor blocks of argument i.
func (d DirectivePrint) Successors(i int) []*Block {
	var spans [maxSuccDecls]span
	succ := d.op.Successors()
	groupSpans(d.f.succs, len(succ), false, d.op, "", spans[:])
	sp := spans[d.args[i].index]
	return succ[sp.start:sp.end()]
}

// builtinDirectives are the custom directives every format may use.
var builtinDirectives = map[string]*Directive{
	// DynamicIndexList($values, $static): `[1, %a, 3]`, the static values
	// (a dense i64 array) with Dynamic where an operand stands.
	"DynamicIndexList": {
		Parse: func(p AsmParser, d *DirectiveParse) error {
			if err := p.ParsePunct("["); err != nil {
				return err
			}
			var static []int64
			if !p.ParseOptionalPunct("]") {
				for {
					if p.PeekOperand() {
						r, err := p.ParseOperand()
						if err != nil {
							return err
						}
						d.AddOperand(0, r)
						static = append(static, Dynamic)
					} else {
						n, err := p.ParseInteger()
						if err != nil {
							return err
						}
						static = append(static, n)
					}
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				if err := p.ParsePunct("]"); err != nil {
					return err
				}
			}
			d.SetAttr(1, intArray(I64, static))
			return nil
		},
		Print: func(p AsmPrinter, d DirectivePrint) {
			var static []int64
			if a, ok := d.Attr(1).(*DenseArrayAttr); ok {
				static = a.Values
			}
			PrintDynamicIndexList(p, "[", "]", static, d.Values(0))
		},
	},
}
