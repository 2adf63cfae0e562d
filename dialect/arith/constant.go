package arith

import (
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "arith.constant", Summary: "a constant value", Traits: ir.Pure,
		Preds:    []ir.Pred{ir.AllTypesMatch("value", "result")},
		Verify:   verifyConstant,
		NameHint: constantHint,
	}, ir.OpSyntax{
		Results: []ir.Arg{{Name: "result", Like: "value"}},
		Attrs:   []ir.AttrArg{{Name: "value", Kind: ir.AttrTyped, Summary: "TypedAttr instance"}},
		Format:  "attr-dict $value",
	}))
}

// verifyConstant is ConstantOp's verifier: an integer result is signless,
// the value is an integer, a float or elements, and a scalable vector is
// given by a splat.
func verifyConstant(op *ir.Operation) error {
	t := op.Results[0].Type
	if it, ok := t.(*ir.IntegerType); ok && it.Signedness != 0 {
		return ir.Errorf(op, "integer return type must be signless")
	}
	v := op.Attr("value")
	if _, elements := ir.ElementsType(v); !elements {
		switch v.(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
		default:
			return ir.Errorf(op, "value must be an integer, float, or elements attribute")
		}
	}
	if vt, ok := t.(*ir.VectorType); ok && slices.Contains(vt.Scalable, true) {
		if d, ok := v.(*ir.DenseElementsAttr); !ok || !isSplat(d.Literal) {
			// (sic: mlir-opt 22's spelling)
			return ir.Errorf(op, "intializing scalable vectors with elements attribute is not supported unless it's a vector splat")
		}
	}
	return nil
}

// isSplat reports whether a dense literal gives every element one value
// (as MLIR reads it: a single value, or a list of equal ones). Elements
// are compared as written.
func isSplat(lit string) bool {
	lit = strings.TrimSpace(lit)
	if !strings.HasPrefix(lit, "[") {
		return !strings.HasPrefix(lit, "\"0x") // a hex blob gives the elements' bits
	}
	var elems []string
	depth, start := 0, -1
	for i, c := range lit {
		switch {
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && (c == '[' || c == ']' || c == ','):
			if start >= 0 {
				if e := strings.TrimSpace(lit[start:i]); e != "" {
					elems = append(elems, e)
				}
			}
			start = i + 1
		}
	}
	for _, e := range elems {
		if e != elems[0] {
			return false
		}
	}
	return true
}

func constantHint(op *ir.Operation) []string {
	switch a := op.Attr("value").(type) {
	case *ir.IntegerAttr:
		if it, ok := a.Type.(*ir.IntegerType); ok && it.Width == 1 && it.Signedness == 0 {
			if a.Value != 0 {
				return []string{"true"}
			}
			return []string{"false"}
		}
		name := "c" + a.ValueString()
		if a.Type != ir.Index {
			name += "_" + a.Type.String()
		}
		return []string{name}
	}
	return []string{"cst"}
}

// ConstantInt returns the value of v when an integer arith.constant
// defines it (one that fits int64).
func ConstantInt(v *ir.Value) (int64, bool) {
	if v == nil || v.Op == nil || v.Op.Name != "arith.constant" {
		return 0, false
	}
	a, ok := v.Op.Attr("value").(*ir.IntegerAttr)
	if !ok || a.Big != "" {
		return 0, false
	}
	return a.Value, true
}
