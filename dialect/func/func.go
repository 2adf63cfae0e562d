// Package funcdialect is MLIR's func dialect: functions, calls and
// returns. Its directory is dialect/func, but Go forbids a package named
// func (a keyword), so the package is funcdialect.
package funcdialect

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() { ir.RegisterDialect("func") }

func init() {
	ir.Register(
		ir.Declare(&ir.OpDef{
			Name:           "func.func",
			Summary:        "a function with a body region",
			Traits:         ir.IsolatedFromAbove | ir.FunctionLike | ir.Symbol | ir.AutomaticAllocationScope,
			Inherent:       []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline"},
			DefaultDialect: "func",
			Parse:          parseFunc,
			Print:          printFunc,
			Verify:         verifyFunc,
		}, ir.OpSyntax{
			// In ODS's order: by name.
			Attrs: []ir.AttrArg{
				{Name: "arg_attrs", Optional: true, Constraint: ir.DictArrayAttrC},
				{Name: "function_type", Kind: ir.AttrTypeValue, Constraint: ir.TypeAttrOf(functionTypeC)},
				{Name: "no_inline", Kind: ir.AttrUnit},
				{Name: "res_attrs", Optional: true, Constraint: ir.DictArrayAttrC},
				{Name: "sym_name", Kind: ir.AttrString},
				{Name: "sym_visibility", Kind: ir.AttrString, Optional: true},
			},
			Regions: []string{"body"},
		}),
		ir.WithFormat(&ir.OpDef{
			Name:    "func.return",
			Summary: "return from a function",
			Traits:  ir.Terminator | ir.ReturnLike | ir.Pure,
			Checks:  []ir.TraitCheck{ir.HasParent("func.func")},
			// MLIR's verify(), run on leaving the op: mlir-opt checks that a
			// terminator is last in its block before it, which the verifier
			// does after the op's entry checks.
			VerifyRegions: verifyReturn,
		}, ir.ReturnSyntax("operands")),
	)
}

// Funcs lists the func.func ops under op in order, not looking inside
// them: the functions a module pass visits one by one.
func Funcs(op *ir.Operation) []*ir.Operation {
	var fns []*ir.Operation
	op.Walk(func(o *ir.Operation) bool {
		if o.Name == "func.func" {
			fns = append(fns, o)
			return false
		}
		return true
	})
	return fns
}

// FunctionType returns the function_type of a func.func.
func FunctionType(op *ir.Operation) *ir.FunctionType {
	if a, ok := op.Attr("function_type").(*ir.TypeAttr); ok {
		if ft, ok := a.Type.(*ir.FunctionType); ok {
			return ft
		}
	}
	return nil
}

// parseFunc reads a function's signature and body (hand-written upstream
// too: the arguments are declared in the signature).
func parseFunc(p ir.AsmParser, st *ir.OperationState) error {
	for _, vis := range []string{"private", "public", "nested"} {
		if p.ParseOptionalKeyword(vis) {
			st.AddAttr("sym_visibility", ir.Str(vis))
			break
		}
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", ir.Str(name))
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	var args []ir.Argument
	var inputs []ir.Type
	var argAttrs []ir.Attribute
	anyArgAttrs := false
	if !p.ParseOptionalPunct(")") {
		for {
			var a ir.Argument
			if p.PeekOperand() && len(args) == 0 && len(inputs) > 0 {
				return p.ErrorAt(p.Loc(), "expected type instead of SSA identifier")
			}
			if p.PeekOperand() {
				a, err = p.ParseArgument(true)
				if err != nil {
					return err
				}
				args = st.Scratch.AppendArgument(args, a) // see ir.StateScratch
			} else {
				t, err := p.ParseType()
				if err != nil {
					return err
				}
				a.Type = t
				attrs, err := p.ParseOptionalAttrDict()
				if err != nil {
					return err
				}
				a.Attrs = attrs
			}
			inputs = st.Scratch.AppendType(inputs, a.Type) // Function copies it
			// The argument dictionaries are made from the first one that
			// is not empty (most functions have none).
			if len(a.Attrs) > 0 && !anyArgAttrs {
				anyArgAttrs = true
				for range len(inputs) - 1 {
					argAttrs = append(argAttrs, &ir.DictAttr{})
				}
			}
			if anyArgAttrs {
				argAttrs = append(argAttrs, &ir.DictAttr{Entries: a.Attrs})
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		if len(args) != 0 && len(args) != len(inputs) {
			return p.Errorf("expected SSA identifier")
		}
	}
	var results []ir.Type
	var resAttrs []ir.Attribute
	anyResAttrs := false
	if p.ParseOptionalPunct("->") {
		if p.ParseOptionalPunct("(") {
			if !p.ParseOptionalPunct(")") {
				for {
					t, err := p.ParseType()
					if err != nil {
						return err
					}
					attrs, err := p.ParseOptionalAttrDict()
					if err != nil {
						return err
					}
					results = append(results, t)
					if len(attrs) > 0 && !anyResAttrs {
						anyResAttrs = true
						for range len(results) - 1 {
							resAttrs = append(resAttrs, &ir.DictAttr{})
						}
					}
					if anyResAttrs {
						resAttrs = append(resAttrs, &ir.DictAttr{Entries: attrs})
					}
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				if err := p.ParsePunct(")"); err != nil {
					return err
				}
			}
		} else {
			t, err := p.ParseType()
			if err != nil {
				return err
			}
			results = []ir.Type{t}
		}
	}
	st.AddAttr("function_type", &ir.TypeAttr{Type: ir.Function(inputs, results)})
	if anyArgAttrs {
		st.AddAttr("arg_attrs", &ir.ArrayAttr{Elems: argAttrs})
	}
	if anyResAttrs {
		st.AddAttr("res_attrs", &ir.ArrayAttr{Elems: resAttrs})
	}
	attrsLoc := p.Loc()
	if p.ParseOptionalKeyword("attributes") {
		before := len(st.Attrs)
		if err := ir.ParseTrailingAttrDict(p, st); err != nil {
			return err
		}
		// The signature gives these; the dictionary may not (mlir-opt
		// looks for them in this order).
		for _, inferred := range []string{"sym_visibility", "sym_name", "function_type"} {
			for _, a := range st.Attrs[before:] {
				if a.Name == inferred {
					return p.ErrorAt(attrsLoc, "'%s' is an inferred attribute and should not be specified in the explicit attribute dictionary", inferred)
				}
			}
		}
	}
	if p.PeekRegion() {
		// Unnamed arguments: the body's entry block declares them itself
		// (`func.func @f(f32) { ^bb0(%a: f32): ... }`).
		loc := p.Loc()
		r, err := p.ParseRegion(args)
		if err != nil {
			return err
		}
		if len(r.Blocks) == 0 && (r.Built == nil || len(r.Built.Blocks) == 0) {
			return p.ErrorAt(loc, "expected non-empty function body")
		}
		st.AddRegion(r)
	} else {
		st.AddRegion(&ir.RegionState{})
	}
	return nil
}

// funcElided are the attributes a function's signature shows, which its
// attribute dictionary leaves out: indexed by whether the signature shows
// the argument (1) and result (2) attributes.
var funcElided = [4][]string{
	{"sym_visibility", "sym_name", "function_type"},
	{"sym_visibility", "sym_name", "function_type", "arg_attrs"},
	{"sym_visibility", "sym_name", "function_type", "res_attrs"},
	{"sym_visibility", "sym_name", "function_type", "arg_attrs", "res_attrs"},
}

func printFunc(p ir.AsmPrinter, op *ir.Operation) {
	if vis, ok := op.StrAttrValue("sym_visibility"); ok {
		p.Write(" " + vis)
	}
	name, _ := op.StrAttrValue("sym_name")
	if ir.IsBareIdentifier(name) {
		p.Write(" @")
		p.Write(name)
		p.Write("(")
	} else {
		p.Write(" " + ir.FormatSymbol(name) + "(")
	}
	ft := FunctionType(op)
	var inputs, results []ir.Type
	if ft != nil {
		inputs, results = ft.Inputs, ft.Results
	}
	argAttrs, _ := op.Attr("arg_attrs").(*ir.ArrayAttr)
	resAttrs, _ := op.Attr("res_attrs").(*ir.ArrayAttr)
	attrsAt := func(list *ir.ArrayAttr, i int) string {
		if list == nil || i >= len(list.Elems) {
			return ""
		}
		if d, ok := list.Elems[i].(*ir.DictAttr); ok && len(d.Entries) > 0 {
			return " " + d.String()
		}
		return ""
	}
	body := op.Body(0)
	for i, t := range inputs {
		if i > 0 {
			p.Write(", ")
		}
		if body != nil && i < len(body.Args) {
			p.ArgDecl(body.Args[i])
		} else {
			p.Type(t)
		}
		p.Write(attrsAt(argAttrs, i))
	}
	p.Write(")")
	if len(results) > 0 {
		p.Write(" -> ")
		needParens := len(results) != 1 || resAttrs != nil
		if _, isFn := results[0].(*ir.FunctionType); isFn {
			needParens = true
		}
		if needParens {
			p.Write("(")
		}
		for i, t := range results {
			if i > 0 {
				p.Write(", ")
			}
			p.Type(t)
			p.Write(attrsAt(resAttrs, i))
		}
		if needParens {
			p.Write(")")
		}
	}
	k := 0
	if inSignature(argAttrs, len(inputs)) {
		k |= 1
	}
	if inSignature(resAttrs, len(results)) {
		k |= 2
	}
	p.AttrDictWithKeyword(op, funcElided[k]...)
	if body != nil {
		p.Write(" ")
		p.Region(op.Regions()[0], false, true)
	}
}

// inSignature reports whether argument or result attributes print in the
// signature: one dictionary per entry, not all empty (which the signature
// could not tell from no list at all). Absent lists trivially do.
func inSignature(list *ir.ArrayAttr, n int) bool {
	if list == nil {
		return true
	}
	if len(list.Elems) != n {
		return false
	}
	for _, e := range list.Elems {
		if d, ok := e.(*ir.DictAttr); !ok {
			return false
		} else if len(d.Entries) > 0 {
			return true
		}
	}
	return false
}

// verifyFunc checks, on entering the function as mlir-opt does (its
// declaration checked the attributes' kinds and the region), its Symbol's
// checks, the visibility, then its FunctionOpInterface's: the argument
// and result attributes (each argument's dialect attributes checked by
// their dialect) and the body's entry block against the signature.
func verifyFunc(op *ir.Operation) error {
	ft := FunctionType(op)
	if ft == nil {
		return nil // the declaration reported it
	}
	if vis, ok := op.StrAttrValue("sym_visibility"); ok && vis != "public" && vis != "private" && vis != "nested" {
		return ir.Errorf(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", op.Attr("sym_visibility"))
	}
	if len(op.Regions()[0].Blocks) == 0 {
		if vis, _ := op.StrAttrValue("sym_visibility"); vis == "" || vis == "public" {
			return ir.Errorf(op, "symbol declaration cannot have public visibility")
		}
	}
	for _, k := range []struct {
		name string
		n    int
		what string
	}{{"arg_attrs", len(ft.Inputs), "argument"}, {"res_attrs", len(ft.Results), "result"}} {
		arr, _ := op.Attr(k.name).(*ir.ArrayAttr) // an array of dictionaries: declared
		if arr == nil {
			continue
		}
		if len(arr.Elems) != k.n {
			return ir.Errorf(op, "expects %s attribute array to have the same number of elements as the number of function %ss, got %d, but expected %d", k.what, k.what, len(arr.Elems), k.n)
		}
		for i, e := range arr.Elems {
			for _, na := range e.(*ir.DictAttr).Entries {
				if ir.DialectOf(na.Name) == "" {
					return ir.Errorf(op, "%ss may only have dialect attributes", k.what)
				}
				if k.what == "argument" {
					if err := ir.VerifyArgAttr(op, 0, i, na); err != nil {
						return err
					}
				}
			}
		}
	}
	if b := op.Body(0); b != nil {
		if len(b.Args) != len(ft.Inputs) {
			return ir.Errorf(op, "entry block must have %d arguments to match function signature", len(ft.Inputs))
		}
		for i, a := range b.Args {
			if a.Type != ft.Inputs[i] {
				return ir.Errorf(op, "type of entry block argument #%d(%s) must match the type of the corresponding argument in function signature(%s)", i, a.Type, ft.Inputs[i])
			}
		}
	}
	return nil
}

func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp() // a func.func: HasParent checked it
	ft := FunctionType(fn)
	if ft == nil {
		return nil
	}
	if len(op.Operands) != len(ft.Results) {
		return ir.Errorf(op, "has %d operands, but enclosing function (@%s) returns %d", len(op.Operands), ir.SymbolName(fn), len(ft.Results))
	}
	for i, v := range op.Operands {
		if v.Type != ft.Results[i] {
			return ir.Errorf(op, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, v.Type, ft.Results[i], ir.SymbolName(fn))
		}
	}
	return nil
}
