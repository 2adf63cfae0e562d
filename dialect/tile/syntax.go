package tile

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// printAttrDict prints the tile dialect's attribute dictionary, where
// i64 integers are written bare ({addr = 0}), as the dialect's syntax shows.
func printAttrDict(p ir.AsmPrinter, op *ir.Operation, elided ...string) {
	var list []ir.NamedAttr
	for _, src := range [][]ir.NamedAttr{op.Props, op.Attrs()} {
	next:
		for _, a := range src {
			for _, e := range elided {
				if a.Name == e {
					continue next
				}
			}
			list = append(list, a)
		}
	}
	if len(list) == 0 {
		return
	}
	ir.SortAttrs(list)
	var sb strings.Builder
	sb.WriteString(" {")
	for i, a := range list {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(ir.FormatAttrName(a.Name))
		if _, unit := a.Value.(*ir.UnitAttr); unit {
			continue
		}
		sb.WriteString(" = ")
		sb.WriteString(ir.ElidedString(a.Value))
	}
	sb.WriteString("}")
	p.Write(sb.String())
}

func parseOp(p ir.AsmParser, st *ir.OperationState) error {
	var inputs []ir.OperandRef
	if p.PeekOperand() {
		var err error
		if inputs, err = p.ParseOperandList(""); err != nil {
			return err
		}
	}
	var dests []ir.OperandRef
	var offsets []int64
	if p.ParseOptionalKeyword("into") {
		for {
			d, err := p.ParseOperand()
			if err != nil {
				return err
			}
			off := int64(0)
			if p.ParseOptionalPunct("+") {
				if off, err = p.ParseInteger(); err != nil {
					return err
				}
			}
			dests = append(dests, d)
			offsets = append(offsets, off)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	if err := ir.ParseTrailingAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	typeLoc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return p.ErrorAt(typeLoc, "expected (operand types) -> result type")
	}
	if len(ft.Inputs) != len(inputs) {
		return p.ErrorAt(typeLoc, "%d operands present, but expected %d", len(inputs), len(ft.Inputs))
	}
	st.Operands = inputs
	st.OperandTypes = append([]ir.Type(nil), ft.Inputs...)
	st.ResultTypes = ft.Results
	if len(dests) > 0 {
		if len(dests) != len(ft.Results) {
			return p.ErrorAt(typeLoc, "'into' names %d destinations for %d results", len(dests), len(ft.Results))
		}
		anyOff := false
		for i, d := range dests {
			space := SpaceOf(ft.Results[i])
			if space == "" {
				return p.ErrorAt(typeLoc, "'into' needs tile result types")
			}
			st.Operands = append(st.Operands, d)
			st.OperandTypes = append(st.OperandTypes, Buf(space))
			anyOff = anyOff || offsets[i] != 0
		}
		st.TypeMismatch = func(i int, ref string, want, got ir.Type) string {
			return intoMismatch(st.Name, i-len(inputs), ref, want, got)
		}
		st.AddAttr("operandSegmentSizes", ir.I32Array(int64(len(inputs)), int64(len(dests))))
		switch {
		case !anyOff:
		case len(dests) == 1:
			st.AddAttr("offset", ir.Int(offsets[0], ir.I64))
		default:
			st.AddAttr("dest_offsets", ir.I64Array(offsets...))
		}
	}
	return nil
}

// intoMismatch says what is wrong with destination d of an op named name
// (`into %b`), whose type the syntax takes from the result's space, when
// %b is another kind of value: an allocation of another space, or no
// allocation at all. (An input, d < 0, keeps the generic message: its
// type is written out.)
func intoMismatch(name string, d int, ref string, want, got ir.Type) string {
	if d < 0 {
		return ""
	}
	space := SpaceOf(want)
	if b, ok := got.(*BufType); ok {
		have := b.Space
		return name + " writes a " + space + " tile into " + ref + ", an allocation of memory space '" + have +
			"': the result of an op lives in its own space; give it a " + space + " allocation (tile.alloc " + space +
			", ...), or copy the tile to " + have + " with tile.move"
	}
	return name + " writes a " + space + " tile into " + ref + ", which is a '" + got.String() + "', not an allocation (tile.alloc " + space + ", ...)"
}

func printOp(p ir.AsmPrinter, op *ir.Operation) {
	inputs := Inputs(op)
	if len(inputs) > 0 {
		p.Write(" ")
		p.Operands(inputs)
	}
	if ds := Dests(op); len(ds) > 0 {
		p.Write(" into ")
		for i, d := range ds {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(d)
			if off := DestOffsetFor(op, i); off != 0 {
				p.Write(" + " + strconv.FormatInt(off, 10))
			}
		}
	}
	printAttrDict(p, op, "operandSegmentSizes", "offset", "dest_offsets")
	p.Write(" : (")
	p.ValueTypes(inputs)
	p.Write(") -> ")
	p.Write(ir.FormatResultTypes(ir.ValueTypes(op.Results)))
}
