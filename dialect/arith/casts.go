package arith

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	casts := []string{"index_cast", "index_castui", "sitofp", "uitofp", "fptosi", "fptoui", "extsi", "extui", "bitcast"}
	for _, n := range casts {
		ir.Register(&ir.OpDef{
			Name: "arith." + n, Summary: "cast " + n, Traits: ir.Pure,
			Parse:  ir.ParseCastLike("to", "", "", ""),
			Print:  ir.PrintCastLike("to", "", "", ""),
			Verify: verifyCast,
		})
	}
	ir.Register(&ir.OpDef{
		Name: "arith.trunci", Summary: "cast trunci", Traits: ir.Pure,
		Inherent: []string{"overflowFlags"},
		Parse:    ir.ParseCastLike("to", "overflow", "overflowFlags", "#arith.overflow"),
		Print:    ir.PrintCastLike("to", "overflow", "overflowFlags", "#arith.overflow"),
		Verify:   verifyCast,
	})
	for _, n := range []string{"extf", "truncf"} {
		ir.Register(&ir.OpDef{
			Name: "arith." + n, Summary: "float cast " + n, Traits: ir.Pure,
			Inherent: []string{"fastmath", "roundingmode"},
			Parse:    parseFloatCast,
			Print:    printFloatCast,
			Verify:   verifyCast,
		})
	}
}

// roundingModes are arith's rounding modes, by value.
var roundingModes = []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"}

// parseFloatCast reads `%x [rounding-mode] [fastmath<...>] attr-dict : T to U`
// (arith.truncf, arith.extf).
func parseFloatCast(p ir.AsmParser, st *ir.OperationState) error {
	r, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = append(st.Operands, r)
	if id, ok := p.PeekBareId(); ok {
		for i, m := range roundingModes {
			if id == m {
				p.ParseOptionalKeyword(m)
				st.AddAttr("roundingmode", ir.Int(int64(i), ir.I32))
			}
		}
	}
	if err := ir.ParseFlagsAttr(p, st, "fastmath", "fastmath", "#arith.fastmath"); err != nil {
		return err
	}
	return ir.ParseCastTail(p, st)
}

func printFloatCast(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if m, ok := op.Attr("roundingmode").(*ir.IntegerAttr); ok && m.Value >= 0 && int(m.Value) < len(roundingModes) {
		p.Write(" " + roundingModes[m.Value])
	}
	ir.PrintFlagsAttr(p, op, "fastmath", "fastmath", "#arith.fastmath")
	p.AttrDict(op, "fastmath", "roundingmode")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" to ")
	p.Type(op.Results[0].Type)
}

func floatWidth(t ir.Type) int {
	if f, ok := elemOrSelf(t).(*ir.FloatType); ok {
		return f.Width
	}
	return 0
}

// verifyCast checks one operand, one result, matching shapes and the
// element kinds of each cast.
func verifyCast(op *ir.Operation) error {
	if err := ir.ExpectOperands(op, 1); err != nil {
		return err
	}
	if err := ir.ExpectResults(op, 1); err != nil {
		return err
	}
	from, to := op.Operands[0].Type, op.Results[0].Type
	fe, te := elemOrSelf(from), elemOrSelf(to)
	// index_cast, index_castui and bitcast also cast memrefs element-wise.
	fm, fromMemRef := from.(*ir.MemRefType)
	tm, toMemRef := to.(*ir.MemRefType)
	if fromMemRef || toMemRef {
		switch op.Name {
		case "arith.index_cast", "arith.index_castui", "arith.bitcast":
			if fromMemRef && toMemRef && fm.Ranked == tm.Ranked && slices.Equal(fm.Shape, tm.Shape) {
				fe, te = fm.Elem, tm.Elem
				from, to = fe, te
			}
		}
	}
	_, fIdx := fe.(*ir.IndexType)
	_, tIdx := te.(*ir.IndexType)
	fInt := ir.IsSignlessIntOrIndex(fe) && !fIdx
	tInt := ir.IsSignlessIntOrIndex(te) && !tIdx
	var ok bool
	switch op.Name {
	case "arith.index_cast", "arith.index_castui":
		ok = fIdx && tInt || fInt && tIdx
	case "arith.sitofp", "arith.uitofp":
		ok = fInt && isFloatLike(to)
	case "arith.fptosi", "arith.fptoui":
		ok = isFloatLike(from) && tInt
	case "arith.extsi", "arith.extui":
		ok = fInt && tInt && ir.IntWidth(te) > ir.IntWidth(fe)
	case "arith.trunci":
		ok = fInt && tInt && ir.IntWidth(te) < ir.IntWidth(fe)
	case "arith.extf":
		ok = isFloatLike(from) && isFloatLike(to) && floatWidth(to) > floatWidth(from)
	case "arith.truncf":
		ok = isFloatLike(from) && isFloatLike(to) && floatWidth(to) < floatWidth(from)
	case "arith.bitcast":
		ok = ir.ElementBitWidth(fe) == ir.ElementBitWidth(te) && ir.ElementBitWidth(fe) > 0
	default:
		ok = true
	}
	if !ok || !shapesMatch(from, to) {
		return ir.Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", op.Operands[0].Type, op.Results[0].Type)
	}
	if a := op.Attr("roundingmode"); a != nil {
		if m, ok := a.(*ir.IntegerAttr); !ok || m.Value < 0 || int(m.Value) >= len(roundingModes) {
			return ir.Errorf(op, "attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode")
		}
	}
	return checkFlagsAttr(op)
}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "arith.scaling_extf", Summary: "extend a float scaled by a power of two", Traits: ir.Pure,
			Inherent: []string{"fastmath"},
			Parse:    parseScalingCast, Print: printScalingCast, Verify: verifyScalingCast,
		},
		&ir.OpDef{
			Name: "arith.scaling_truncf", Summary: "truncate a float scaled by a power of two", Traits: ir.Pure,
			Inherent: []string{"fastmath", "roundingmode"},
			Parse:    parseScalingCast, Print: printScalingCast, Verify: verifyScalingCast,
		},
	)
}

// ---- arith.scaling_extf / scaling_truncf ----

// parseScalingCast reads `%in, %scale [rounding] [fastmath<..>] attr-dict
// : T, S to U`.
func parseScalingCast(p ir.AsmParser, st *ir.OperationState) error {
	if err := ir.ParseOperands(p, st, 2); err != nil {
		return err
	}
	if st.Name == "arith.scaling_truncf" {
		if id, ok := p.PeekBareId(); ok {
			for i, m := range roundingModes {
				if id == m {
					p.ParseOptionalKeyword(m)
					st.AddAttr("roundingmode", ir.Int(int64(i), ir.I32))
				}
			}
		}
	}
	if err := ir.ParseFlagsAttr(p, st, "fastmath", "fastmath", "#arith.fastmath"); err != nil {
		return err
	}
	in, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	scale, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	out, err := p.ParseType()
	if err != nil {
		return err
	}
	st.OperandTypes = []ir.Type{in, scale}
	st.ResultTypes = []ir.Type{out}
	return nil
}

func printScalingCast(p ir.AsmPrinter, op *ir.Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	if m, ok := op.Attr("roundingmode").(*ir.IntegerAttr); ok && m.Value >= 0 && int(m.Value) < len(roundingModes) {
		p.Write(" " + roundingModes[m.Value])
	}
	ir.PrintFlagsAttr(p, op, "fastmath", "fastmath", "#arith.fastmath")
	p.AttrDict(op, "fastmath", "roundingmode")
	p.Write(" : ")
	p.Types(ir.ValueTypes(op.Operands))
	p.Write(" to ")
	p.Type(op.Results[0].Type)
}

func verifyScalingCast(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 2, 1); err != nil {
		return err
	}
	if err := checkOperandKinds(op, "floating-point-like", isFloatLike); err != nil {
		return err
	}
	if !isFloatLike(op.Results[0].Type) || !shapesMatch(op.Operands[0].Type, op.Results[0].Type) {
		return ir.Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", op.Operands[0].Type, op.Results[0].Type)
	}
	return checkFlagsAttr(op)
}
