package arith

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "arith.constant", Summary: "a constant value", Traits: ir.Pure,
		VerifyRegions: verifyConstant,
		NameHint:      constantHint,
	}, ir.OpSyntax{
		Results: []ir.Arg{{Name: "result", Like: "value"}},
		Attrs:   []ir.AttrArg{{Name: "value", Kind: ir.AttrTyped}},
		Format:  "attr-dict $value",
	}))
}

// verifyConstant checks the one result, and a value attribute of the
// result's type that the custom form can print.
func verifyConstant(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 0, 1); err != nil {
		return err
	}
	v := op.Attr("value")
	if v == nil {
		return ir.Errorf(op, "requires attribute 'value'")
	}
	if t := ir.AttrType(v); t != op.Results[0].Type {
		return ir.Errorf(op, "value type does not match result type")
	}
	if _, elements := ir.ElementsType(v); !elements {
		switch v.(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
		default:
			return ir.Errorf(op, "value must be an integer, float, or elements attribute")
		}
	}
	return nil
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
