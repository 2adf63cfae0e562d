package arith

import (
	"fmt"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// A cast's types: what it takes and gives (ODS's From and To), and which
// pairs of element types it casts between (its areCastCompatible).
type castKind struct {
	from, to *ir.TypeConstraint
	// memrefs: the cast also takes memrefs (index_cast, bitcast).
	memrefs bool
	// elems reports whether the cast casts elements of type a to b; both
	// are integers or floats (or index for index_cast).
	elems func(a, b ir.Type) bool
}

var (
	intToInt = func(cmp func(a, b int) bool) castKind {
		return castKind{from: signlessFixedWidthIntegerLike, to: signlessFixedWidthIntegerLike, elems: func(a, b ir.Type) bool {
			return isInt(a) && isInt(b) && cmp(ir.IntWidth(b), ir.IntWidth(a))
		}}
	}
	floatToFloat = func(cmp func(a, b int) bool) castKind {
		return castKind{from: ir.FloatLikeC, to: ir.FloatLikeC, elems: func(a, b ir.Type) bool {
			return isFloat(a) && isFloat(b) && cmp(floatWidth(b), floatWidth(a))
		}}
	}
	wider     = func(a, b int) bool { return a > b }
	narrower  = func(a, b int) bool { return a < b }
	intToFP   = castKind{from: signlessFixedWidthIntegerLike, to: ir.FloatLikeC, elems: func(a, b ir.Type) bool { return isInt(a) && isFloat(b) }}
	fpToInt   = castKind{from: ir.FloatLikeC, to: signlessFixedWidthIntegerLike, elems: func(a, b ir.Type) bool { return isFloat(a) && isInt(b) }}
	indexCast = castKind{from: indexCastType, to: indexCastType, memrefs: true, elems: func(a, b ir.Type) bool {
		return a == ir.Index && isSignlessInt(b) || isSignlessInt(a) && b == ir.Index
	}}
	bitCast = castKind{from: bitcastType, to: bitcastType, memrefs: true, elems: func(a, b ir.Type) bool {
		return (isInt(a) || isFloat(a)) && (isInt(b) || isFloat(b)) && ir.ElementBitWidth(a) == ir.ElementBitWidth(b)
	}}
)

func isInt(t ir.Type) bool {
	_, ok := t.(*ir.IntegerType)
	return ok
}

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == 0
}

func isFloat(t ir.Type) bool {
	_, ok := t.(*ir.FloatType)
	return ok
}

func floatWidth(t ir.Type) int {
	if f, ok := t.(*ir.FloatType); ok {
		return f.Width
	}
	return 0
}

func init() {
	for _, c := range []struct {
		name string
		kind castKind
		// verify is the op's own verifier (ext and trunc: the width).
		verify func(*ir.Operation) error
	}{
		{"index_cast", indexCast, nil},
		{"index_castui", indexCast, nil},
		{"sitofp", intToFP, nil},
		{"uitofp", intToFP, nil},
		{"fptosi", fpToInt, nil},
		{"fptoui", fpToInt, nil},
		{"extsi", intToInt(wider), verifyWidth(wider, "wider")},
		{"extui", intToInt(wider), verifyWidth(wider, "wider")},
		{"bitcast", bitCast, nil},
	} {
		ir.Register(ir.WithFormat(castOp("arith."+c.name, "cast "+c.name, c.kind, c.verify), castSyntax(c.kind, "")))
	}
	ir.Register(
		ir.WithFormat(castOp("arith.trunci", "cast trunci", intToInt(narrower), verifyWidth(narrower, "shorter")),
			castSyntax(intToInt(narrower), "(`overflow` `` $overflowFlags^)?", overflowFlags)),
		// extf's and truncf's flags are optional, not defaulted: an explicit
		// fastmath<none> stays.
		ir.WithFormat(castOp("arith.extf", "float cast extf", floatToFloat(wider), verifyWidth(wider, "wider")),
			castSyntax(floatToFloat(wider), "(`fastmath` `` $fastmath^)?", optionalFastmath)),
		ir.WithFormat(castOp("arith.truncf", "float cast truncf", floatToFloat(narrower), verifyWidth(narrower, "shorter")),
			castSyntax(floatToFloat(narrower), "($roundingmode^)? (`fastmath` `` $fastmath^)?", roundingMode, optionalFastmath)),
	)
}

// roundingModes are arith's rounding modes, by value.
var roundingModes = []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"}

var (
	roundingMode     = ir.AttrArg{Name: "roundingmode", Kind: ir.AttrEnum, Type: ir.I32, Enum: roundingModes, Optional: true, Summary: roundingSummary}
	optionalFastmath = ir.AttrArg{Name: "fastmath", Kind: ir.AttrClass, Class: "arith.fastmath", Optional: true, Summary: fastmathSummary}
)

// castOp is an op of ODS's Arith_CastOp: the shapes of its operand and
// result match (SameOperandsAndResultShape), tensor dimensions exactly
// (SameInputOutputTensorDims), and its kind casts their element types
// (CastOpInterface); then its own verifier, if any.
func castOp(name, summary string, k castKind, verify func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{Name: name, Summary: summary, Traits: ir.Pure,
		Preds:  []ir.Pred{sameInputOutputTensorDims},
		Checks: []ir.TraitCheck{ir.SameOperandsAndResultShape, castCompatible(k), elementwise},
		Verify: verify,
	}
}

// castSyntax: `%x [flags] : T to U`.
func castSyntax(k castKind, flags string, attrs ...ir.AttrArg) ir.OpSyntax {
	return ir.OpSyntax{
		Operands: []ir.Arg{{Name: "in", Constraint: k.from}},
		Results:  []ir.Arg{{Name: "out", Constraint: k.to}},
		Attrs:    attrs,
		Format:   "$in " + flags + " attr-dict `:` type($in) `to` type($out)",
	}
}

// castElem is the element type a cast of kind k casts in t: t itself, or
// a vector's or tensor's element (or a memref's, for the casts that take
// memrefs); nil for another type.
func castElem(t ir.Type, memrefs bool) ir.Type {
	switch t := t.(type) {
	case *ir.VectorType:
		return t.Elem
	case *ir.TensorType:
		return t.Elem
	case *ir.MemRefType:
		if memrefs && t.Ranked {
			return t.Elem
		}
		return nil
	}
	if _, shaped := t.(ir.ShapedDialectType); shaped {
		return nil
	}
	return t
}

// castable reports whether a cast of kind k casts in to out (MLIR's
// areCastCompatible): one type each, ranked tensors of one encoding, of
// compatible shapes, with element types the kind casts between.
func (k castKind) castable(in, out []ir.Type) bool {
	if len(in) != 1 || len(out) != 1 {
		return false
	}
	a, b := in[0], out[0]
	if ta, ok := a.(*ir.TensorType); ok && ta.Ranked {
		if tb, ok := b.(*ir.TensorType); ok && tb.Ranked && attrText(ta.Encoding) != attrText(tb.Encoding) {
			return false
		}
	}
	if !ir.CompatibleShapes(a, b) {
		return false
	}
	ea, eb := castElem(a, k.memrefs), castElem(b, k.memrefs)
	return ea != nil && eb != nil && k.elems(ea, eb)
}

// attrText is an attribute's text ("" for none), which attributes are
// compared by.
func attrText(a ir.Attribute) string {
	if a == nil {
		return ""
	}
	return a.String()
}

// castCompatible is CastOpInterface's verifier: the op's operand types
// cast to its result types.
func castCompatible(k castKind) ir.TraitCheck {
	return castCompatibleFirst(k, false)
}

// castCompatibleFirst is castCompatible for casts of their first operand
// only (the scaling casts); the message still names every operand.
func castCompatibleFirst(k castKind, first bool) ir.TraitCheck {
	return ir.TraitCheck{Name: "CastOpInterface", Verify: func(op *ir.Operation) error {
		if len(op.Results) == 0 {
			return ir.Errorf(op, "expected at least one result for cast operation")
		}
		var inBuf, outBuf [4]ir.Type
		in := ir.AppendValueTypes(inBuf[:0], op.Operands)
		if first && len(in) > 0 {
			in = in[:1]
		}
		if k.castable(in, ir.AppendValueTypes(outBuf[:0], op.Results)) {
			return nil
		}
		return ir.Errorf(op, "%s and %s are cast incompatible", typesPhrase("operand", ir.ValueTypes(op.Operands)), typesPhrase("result", ir.ValueTypes(op.Results)))
	}}
}

// typesPhrase words a list of types as MLIR's cast verifier does:
// "operand type 'f32'", "operand types 'f32', 'f16'", "operand types []".
func typesPhrase(what string, ts []ir.Type) string {
	if len(ts) == 1 {
		return fmt.Sprintf("%s type '%s'", what, ts[0])
	}
	quoted := make([]string, len(ts))
	for i, t := range ts {
		quoted[i] = fmt.Sprintf("'%s'", t)
	}
	if len(ts) == 0 {
		return what + " types []"
	}
	return what + " types " + strings.Join(quoted, ", ")
}

// verifyWidth is the verifier of the extension and truncation ops: the
// result's element is wider (or shorter) than the operand's.
func verifyWidth(cmp func(a, b int) bool, word string) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		from, to := elemOrSelf(op.Operands[0].Type), elemOrSelf(op.Results[0].Type)
		if !cmp(width(to), width(from)) {
			return ir.NewError(op.Loc, "result type '%s' must be %s than operand type '%s'", to, word, from)
		}
		return nil
	}
}

// width is an integer's or a float's width.
func width(t ir.Type) int {
	if isFloat(t) {
		return floatWidth(t)
	}
	return ir.IntWidth(t)
}

func init() {
	scaling := func(k castKind, flags string, attrs ...ir.AttrArg) ir.OpSyntax {
		return ir.OpSyntax{
			Operands: []ir.Arg{{Name: "in", Constraint: ir.FloatLikeC}, {Name: "scale", Constraint: ir.FloatLikeC}},
			Results:  []ir.Arg{{Name: "out", Constraint: ir.FloatLikeC}},
			Attrs:    attrs,
			Format:   "$in `,` $scale " + flags + " attr-dict `:` type($in) `,` type($scale) `to` type($out)",
		}
	}
	scalingOp := func(name, summary string, k castKind, verify func(*ir.Operation) error) *ir.OpDef {
		return &ir.OpDef{Name: name, Summary: summary, Traits: ir.Pure,
			Preds:  []ir.Pred{sameInputOutputTensorDims},
			Checks: []ir.TraitCheck{castCompatibleFirst(k, true), elementwise},
			Verify: verify,
		}
	}
	ir.Register(
		ir.WithFormat(scalingOp("arith.scaling_extf", "extend a float scaled by a power of two", floatToFloat(wider), verifyWidth(wider, "wider")),
			scaling(floatToFloat(wider), "(`fastmath` `` $fastmath^)?", optionalFastmath)),
		ir.WithFormat(scalingOp("arith.scaling_truncf", "truncate a float scaled by a power of two", floatToFloat(narrower), verifyWidth(narrower, "shorter")),
			scaling(floatToFloat(narrower), "($roundingmode^)? (`fastmath` `` $fastmath^)?", roundingMode, optionalFastmath)),
	)
}
