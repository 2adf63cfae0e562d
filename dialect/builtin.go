package dialect

import "strings"

// The builtin and func dialects: modules, functions, calls and returns.

func init() {
	RegisterDialect("builtin")
}

func init() {
	Register(
		&OpDef{
			Name:     "builtin.module",
			Summary:  "a top-level container of operations",
			Traits:   IsolatedFromAbove | NoTerminator | Symbol | SymbolTable,
			Inherent: []string{"sym_name", "sym_visibility"},
			Parse:    parseModule,
			Print:    printModule,
			Verify: func(op *Operation) error {
				if len(op.Regions) != 1 || len(op.Regions[0].Blocks) != 1 {
					return Errorf(op, "expects a single-block region")
				}
				for _, a := range op.Attrs {
					if DialectOf(a.Name) == "" {
						return Errorf(op, "can only contain attributes with dialect-prefixed names, found: '%s'", a.Name)
					}
				}
				return verifyCounts(op, 0, 0)
			},
		},
	)
}

func init() {
	RegisterDialect("func")
}

func init() {
	Register(
		&OpDef{
			Name:           "func.func",
			Summary:        "a function with a body region",
			Traits:         IsolatedFromAbove | FunctionLike | Symbol | AutomaticAllocationScope,
			Inherent:       []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs", "no_inline"},
			DefaultDialect: "func",
			Parse:          parseFunc,
			Print:          printFunc,
			Verify:         verifyFunc,
		},
		&OpDef{
			Name:    "func.return",
			Summary: "return from a function",
			Traits:  Terminator | ReturnLike | Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				return parseOperandsColonTypes(p, st, true)
			},
			Print:  func(p AsmPrinter, op *Operation) { printOperandsColonTypes(p, op, true) },
			Verify: verifyReturn,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name:     "func.call",
			Summary:  "call a function by symbol",
			Traits:   CallLike,
			Inherent: []string{"callee", "arg_attrs", "res_attrs", "no_inline"},
			Effects:  []Effect{{Kind: Read, Operand: AllOperands}, {Kind: Write, Operand: AllOperands}},
			Parse:    parseCall,
			Print:    printCall,
			Verify: func(op *Operation) error {
				if _, ok := op.Attr("callee").(*SymbolRefAttr); !ok {
					return Errorf(op, "requires a 'callee' symbol reference attribute")
				}
				return nil
			},
			VerifySymbolUses: verifyCallOp,
		},
	)
}

func parseModule(p AsmParser, st *OperationState) error {
	if name, ok := p.ParseOptionalSymbolName(); ok {
		st.AddAttr("sym_name", Str(name))
	}
	if p.ParseOptionalKeyword("attributes") {
		if err := parseTrailingAttrDict(p, st); err != nil {
			return err
		}
	}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = append(st.Regions, r)
	return nil
}

func printModule(p AsmPrinter, op *Operation) {
	if name, ok := op.StrAttrValue("sym_name"); ok {
		p.Write(" " + FormatSymbol(name))
	}
	p.AttrDictWithKeyword(op, "sym_name")
	p.Write(" ")
	p.Region(op.Regions[0], false, false)
}

// Funcs lists the func.func ops under op in order, not looking inside
// them: the functions a module pass visits one by one.
func Funcs(op *Operation) []*Operation {
	var fns []*Operation
	op.Walk(func(o *Operation) bool {
		if o.Name == "func.func" {
			fns = append(fns, o)
			return false
		}
		return true
	})
	return fns
}

// FuncType returns the function_type of a func.func.
func FuncType(op *Operation) *FunctionType {
	if a, ok := op.Attr("function_type").(*TypeAttr); ok {
		if ft, ok := a.Type.(*FunctionType); ok {
			return ft
		}
	}
	return nil
}

func parseFunc(p AsmParser, st *OperationState) error {
	for _, vis := range []string{"private", "public", "nested"} {
		if p.ParseOptionalKeyword(vis) {
			st.AddAttr("sym_visibility", Str(vis))
			break
		}
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", Str(name))
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	var args []Argument
	var inputs []Type
	var argAttrs []Attribute
	anyArgAttrs := false
	if !p.ParseOptionalPunct(")") {
		for {
			var a Argument
			if p.PeekOperand() && len(args) == 0 && len(inputs) > 0 {
				return p.ErrorAt(p.Loc(), "expected type instead of SSA identifier")
			}
			if p.PeekOperand() {
				a, err = p.ParseArgument(true)
				if err != nil {
					return err
				}
				args = append(args, a)
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
			inputs = append(inputs, a.Type)
			// The argument dictionaries are made from the first one that
			// is not empty (most functions have none).
			if len(a.Attrs) > 0 && !anyArgAttrs {
				anyArgAttrs = true
				for range len(inputs) - 1 {
					argAttrs = append(argAttrs, &DictAttr{})
				}
			}
			if anyArgAttrs {
				argAttrs = append(argAttrs, &DictAttr{Entries: a.Attrs})
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
	var results []Type
	var resAttrs []Attribute
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
							resAttrs = append(resAttrs, &DictAttr{})
						}
					}
					if anyResAttrs {
						resAttrs = append(resAttrs, &DictAttr{Entries: attrs})
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
			results = []Type{t}
		}
	}
	st.AddAttr("function_type", &TypeAttr{Function(inputs, results)})
	if anyArgAttrs {
		st.AddAttr("arg_attrs", &ArrayAttr{Elems: argAttrs})
	}
	if anyResAttrs {
		st.AddAttr("res_attrs", &ArrayAttr{Elems: resAttrs})
	}
	if p.ParseOptionalKeyword("attributes") {
		if err := parseTrailingAttrDict(p, st); err != nil {
			return err
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
		st.Regions = append(st.Regions, r)
	} else {
		st.Regions = append(st.Regions, &RegionState{})
	}
	return nil
}

func printFunc(p AsmPrinter, op *Operation) {
	if vis, ok := op.StrAttrValue("sym_visibility"); ok {
		p.Write(" " + vis)
	}
	name, _ := op.StrAttrValue("sym_name")
	p.Write(" " + FormatSymbol(name) + "(")
	ft := FuncType(op)
	var inputs, results []Type
	if ft != nil {
		inputs, results = ft.Inputs, ft.Results
	}
	argAttrs, _ := op.Attr("arg_attrs").(*ArrayAttr)
	resAttrs, _ := op.Attr("res_attrs").(*ArrayAttr)
	attrsAt := func(list *ArrayAttr, i int) string {
		if list == nil || i >= len(list.Elems) {
			return ""
		}
		if d, ok := list.Elems[i].(*DictAttr); ok && len(d.Entries) > 0 {
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
		if _, isFn := results[0].(*FunctionType); isFn {
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
	elided := []string{"sym_visibility", "sym_name", "function_type"}
	if inSignature(argAttrs, len(inputs)) {
		elided = append(elided, "arg_attrs")
	}
	if inSignature(resAttrs, len(results)) {
		elided = append(elided, "res_attrs")
	}
	p.AttrDictWithKeyword(op, elided...)
	if body != nil {
		p.Write(" ")
		p.Region(op.Regions[0], false, true)
	}
}

// inSignature reports whether argument or result attributes print in the
// signature: one dictionary per entry, not all empty (which the signature
// could not tell from no list at all). Absent lists trivially do.
func inSignature(list *ArrayAttr, n int) bool {
	if list == nil {
		return true
	}
	if len(list.Elems) != n {
		return false
	}
	for _, e := range list.Elems {
		if d, ok := e.(*DictAttr); !ok {
			return false
		} else if len(d.Entries) > 0 {
			return true
		}
	}
	return false
}

// verifyFunc checks the signature against the entry block, and the
// visibility and argument/result attributes the custom form prints.
func verifyFunc(op *Operation) error {
	ft := FuncType(op)
	if ft == nil {
		return Errorf(op, "requires a 'function_type' attribute of function type")
	}
	if _, ok := op.StrAttrValue("sym_name"); !ok {
		return Errorf(op, "requires a 'sym_name' string attribute")
	}
	if len(op.Regions) != 1 {
		return Errorf(op, "requires one region")
	}
	if b := op.Body(0); b != nil {
		if len(b.Args) != len(ft.Inputs) {
			return Errorf(op, "entry block must have %d arguments to match function signature", len(ft.Inputs))
		}
		for i, a := range b.Args {
			if a.Type != ft.Inputs[i] {
				return Errorf(op, "type of entry block argument #%d(%s) must match the type of the corresponding argument in function signature(%s)", i, a.Type, ft.Inputs[i])
			}
		}
	}
	if vis := op.Attr("sym_visibility"); vis != nil {
		s, ok := vis.(*StringAttr)
		if !ok || s.Value != "public" && s.Value != "private" && s.Value != "nested" {
			return Errorf(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", vis)
		}
	}
	for _, k := range []struct {
		name string
		n    int
		what string
	}{{"arg_attrs", len(ft.Inputs), "argument"}, {"res_attrs", len(ft.Results), "result"}} {
		a := op.Attr(k.name)
		if a == nil {
			continue
		}
		arr, ok := a.(*ArrayAttr)
		if !ok || len(arr.Elems) != k.n {
			return Errorf(op, "expects %s attribute array to have the same number of elements as the number of function %ss, got %d, but expected %d", k.what, k.what, lenElems(arr), k.n)
		}
		for _, e := range arr.Elems {
			d, ok := e.(*DictAttr)
			if !ok {
				return Errorf(op, "expects %s attribute dictionary to be a DictionaryAttr, but got `%s`", k.what, e)
			}
			for _, na := range d.Entries {
				if DialectOf(na.Name) == "" {
					return Errorf(op, "%ss may only have dialect attributes", k.what)
				}
			}
		}
	}
	if len(op.Regions) == 1 && len(op.Regions[0].Blocks) == 0 {
		if vis, _ := op.StrAttrValue("sym_visibility"); vis == "" || vis == "public" {
			return Errorf(op, "symbol declaration cannot have public visibility")
		}
	}
	return nil
}

func lenElems(a *ArrayAttr) int {
	if a == nil {
		return 0
	}
	return len(a.Elems)
}

func verifyReturn(op *Operation) error {
	fn := op.ParentOp()
	if fn == nil || fn.Name != "func.func" {
		return Errorf(op, "expects parent op 'func.func'")
	}
	ft := FuncType(fn)
	if ft == nil {
		return nil
	}
	if len(op.Operands) != len(ft.Results) {
		return Errorf(op, "has %d operands, but enclosing function (@%s) returns %d", len(op.Operands), SymbolName(fn), len(ft.Results))
	}
	for i, v := range op.Operands {
		if v.Type != ft.Results[i] {
			return Errorf(op, "type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, v.Type, ft.Results[i], SymbolName(fn))
		}
	}
	return nil
}

func parseCall(p AsmParser, st *OperationState) error {
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("callee", &SymbolRefAttr{Root: name})
	refs, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	st.Operands = refs
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok {
		return p.Errorf("expected function type")
	}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	return nil
}

func printCall(p AsmPrinter, op *Operation) {
	callee := op.Attr("callee")
	p.Write(" " + callee.String() + "(")
	p.Operands(op.Operands)
	p.Write(")")
	p.AttrDict(op, "callee")
	p.Write(" : ")
	p.Type(Function(ValueTypes(op.Operands), ValueTypes(op.Results)))
}

// verifyCallOp checks the callee exists in the nearest enclosing symbol
// table and that operand and result types match its signature.
func verifyCallOp(op *Operation, symbols Symbols) error {
	ref := op.Attr("callee").(*SymbolRefAttr) // checked by the op's verifier
	if len(ref.Nested) > 0 {
		return nil
	}
	fn := symbols[ref.Root]
	if fn == nil || fn.Name != "func.func" {
		return Errorf(op, "'%s' does not reference a valid function", ref.Root)
	}
	ft := FuncType(fn)
	if ft == nil {
		return nil
	}
	if len(ft.Inputs) != len(op.Operands) {
		return Errorf(op, "incorrect number of operands for callee")
	}
	for i, v := range op.Operands {
		if v.Type != ft.Inputs[i] {
			return Errorf(op, "operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", ft.Inputs[i], v.Type, i)
		}
	}
	if len(ft.Results) != len(op.Results) {
		return Errorf(op, "incorrect number of results for callee")
	}
	for i, r := range op.Results {
		if r.Type != ft.Results[i] {
			quoted := func(ts []Type) string {
				var parts []string
				for _, t := range ts {
					parts = append(parts, "'"+t.String()+"'")
				}
				return strings.Join(parts, ", ")
			}
			d := Errorf(op, "result type mismatch at index %d", i).(*Diagnostic)
			return d.WithNote(op.Loc, "op result types: %s", quoted(ValueTypes(op.Results))).
				WithNote(op.Loc, "function result types: %s", quoted(ft.Results))
		}
	}
	return nil
}
