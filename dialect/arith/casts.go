package arith

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	casts := []string{"index_cast", "index_castui", "sitofp", "uitofp", "fptosi", "fptoui", "extsi", "extui", "bitcast"}
	for _, n := range casts {
		ir.Register(ir.WithFormat(&ir.OpDef{Name: "arith." + n, Summary: "cast " + n, Traits: ir.Pure, VerifyRegions: verifyCast},
			castSyntax("")))
	}
	ir.Register(
		ir.WithFormat(&ir.OpDef{Name: "arith.trunci", Summary: "cast trunci", Traits: ir.Pure, VerifyRegions: verifyCast},
			castSyntax("(`overflow` `` $overflowFlags^)?", overflowFlags)),
		// extf's and truncf's flags are optional, not defaulted: an explicit
		// fastmath<none> stays.
		ir.WithFormat(&ir.OpDef{Name: "arith.extf", Summary: "float cast extf", Traits: ir.Pure, VerifyRegions: verifyCast},
			castSyntax("(`fastmath` `` $fastmath^)?", optionalFastmath)),
		ir.WithFormat(&ir.OpDef{Name: "arith.truncf", Summary: "float cast truncf", Traits: ir.Pure, VerifyRegions: verifyCast},
			castSyntax("($roundingmode^)? (`fastmath` `` $fastmath^)?", roundingMode, optionalFastmath)),
	)
}

// roundingModes are arith's rounding modes, by value.
var roundingModes = []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"}

var (
	roundingMode     = ir.AttrArg{Name: "roundingmode", Kind: ir.AttrEnum, Type: ir.I32, Enum: roundingModes, Optional: true}
	optionalFastmath = ir.AttrArg{Name: "fastmath", Kind: ir.AttrClass, Class: "arith.fastmath", Optional: true}
)

// castSyntax: `%x [flags] : T to U`.
func castSyntax(flags string, attrs ...ir.AttrArg) ir.OpSyntax {
	return ir.OpSyntax{
		Operands: []ir.Arg{{Name: "in"}},
		Results:  []ir.Arg{{Name: "out"}},
		Attrs:    attrs,
		Format:   "$in " + flags + " attr-dict `:` type($in) `to` type($out)",
	}
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
	scaling := func(flags string, attrs ...ir.AttrArg) ir.OpSyntax {
		return ir.OpSyntax{
			Operands: []ir.Arg{{Name: "in"}, {Name: "scale"}},
			Results:  []ir.Arg{{Name: "out"}},
			Attrs:    attrs,
			Format:   "$in `,` $scale " + flags + " attr-dict `:` type($in) `,` type($scale) `to` type($out)",
		}
	}
	ir.Register(
		ir.WithFormat(&ir.OpDef{
			Name: "arith.scaling_extf", Summary: "extend a float scaled by a power of two", Traits: ir.Pure,
			VerifyRegions: verifyScalingCast,
		}, scaling("(`fastmath` `` $fastmath^)?", optionalFastmath)),
		ir.WithFormat(&ir.OpDef{
			Name: "arith.scaling_truncf", Summary: "truncate a float scaled by a power of two", Traits: ir.Pure,
			VerifyRegions: verifyScalingCast,
		}, scaling("($roundingmode^)? (`fastmath` `` $fastmath^)?", roundingMode, optionalFastmath)),
	)
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
