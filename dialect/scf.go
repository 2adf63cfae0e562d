package dialect

// The scf dialect: structured loops and conditionals, with their value
// flows declared through RegionBranch so analyses never special-case them.

func init() {
	RegisterDialect("scf")
}

func init() {
	Register(
		&OpDef{
			Name: "scf.for", Summary: "a counted loop with loop-carried values",
			Inherent:           []string{"unsignedCmp"},
			Branch:             forBranch{},
			ImplicitTerminator: "scf.yield",
			Parse:              parseFor,
			Print:              printFor,
			Verify:             verifyFor,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "scf.if", Summary: "a conditional with optional results",
			Branch:             ifBranch{},
			ImplicitTerminator: "scf.yield",
			Parse:              parseIf,
			Print:              printIf,
			Verify:             verifyIf,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "scf.while", Summary: "a general loop with a condition region",
			Branch: whileBranch{},
			Parse:  parseWhile,
			Print:  printWhile,
			Verify: verifyWhile,
		},
		&OpDef{
			Name: "scf.condition", Summary: "the continuation condition of scf.while",
			Traits: Terminator | Pure,
			Parse:  parseCondition,
			Print:  printCondition,
			Verify: verifyCondition,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "scf.yield", Summary: "yield values to the parent op",
			Traits: Terminator | ReturnLike | Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				return parseOperandsColonTypes(p, st, true)
			},
			Print:  func(p AsmPrinter, op *Operation) { printOperandsColonTypes(p, op, true) },
			Verify: verifyYield,
		},
	)
}

// ---- scf.for ----

type forBranch struct{}

func (forBranch) EntryEdges(op *Operation) []Edge {
	body := op.Body(0)
	var out []Edge
	for i, init := range op.Operands[3:] {
		if body != nil && i+1 < len(body.Args) {
			out = append(out, Edge{init, body.Args[i+1]})
		}
		if i < len(op.Results) {
			out = append(out, Edge{init, op.Results[i]})
		}
	}
	return out
}

func (forBranch) TerminatorEdges(op *Operation, r int, term *Operation) []Edge {
	body := op.Body(0)
	var out []Edge
	for i, v := range term.Operands {
		if body != nil && i+1 < len(body.Args) {
			out = append(out, Edge{v, body.Args[i+1]})
		}
		if i < len(op.Results) {
			out = append(out, Edge{v, op.Results[i]})
		}
	}
	return out
}

func (forBranch) Loops(*Operation, int) bool { return true }
func (forBranch) Exclusive(*Operation) bool  { return false }

func parseFor(p AsmParser, st *OperationState) error {
	if p.ParseOptionalKeyword("unsigned") {
		st.AddAttr("unsignedCmp", Unit)
	}
	iv, err := p.ParseArgument(false)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	lb, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ub, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("step"); err != nil {
		return err
	}
	step, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{lb, ub, step}
	args := []Argument{iv}
	var iterTypes []Type
	if p.ParseOptionalKeyword("iter_args") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		if args, err = parseArgInits(p, st, args); err != nil {
			return err
		}
		iterTypes, err = p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(iterTypes) != len(args)-1 {
			return p.Errorf("expected as many iter_args types as iter_args")
		}
	}
	ivType := Index
	if p.ParseOptionalPunct(":") {
		if ivType, err = p.ParseType(); err != nil {
			return err
		}
	}
	args[0].Type = ivType
	for i, t := range iterTypes {
		args[i+1].Type = t
	}
	st.OperandTypes = append([]Type{ivType, ivType, ivType}, iterTypes...)
	st.ResultTypes = iterTypes
	r, err := p.ParseRegion(args)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{r}
	return parseTrailingAttrDict(p, st)
}

func printFor(p AsmPrinter, op *Operation) {
	body := op.Body(0)
	if op.HasAttr("unsignedCmp") {
		p.Write(" unsigned")
	}
	p.Write(" ")
	p.Operand(body.Args[0])
	p.Write(" = ")
	p.Operand(op.Operands[0])
	p.Write(" to ")
	p.Operand(op.Operands[1])
	p.Write(" step ")
	p.Operand(op.Operands[2])
	if len(op.Operands) > 3 {
		p.Write(" iter_args(")
		for i, init := range op.Operands[3:] {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(body.Args[i+1])
			p.Write(" = ")
			p.Operand(init)
		}
		p.Write(") -> (")
		p.Types(ValueTypes(op.Results))
		p.Write(")")
	}
	if t := op.Operands[0].Type; t != Index {
		p.Write("  : ")
		p.Type(t)
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, len(op.Results) > 0)
	p.AttrDict(op, "unsignedCmp")
}

func verifyFor(op *Operation) error {
	if len(op.Regions) != 1 {
		return Errorf(op, "requires one region")
	}
	if err := singleBlockRegions(op, 0); err != nil {
		return err
	}
	if len(op.Operands) < 3 {
		return Errorf(op, "requires lower bound, upper bound and step operands")
	}
	t := op.Operands[0].Type
	if op.Operands[1].Type != t || op.Operands[2].Type != t {
		return Errorf(op, "requires the same type for the bounds and step")
	}
	inits := op.Operands[3:]
	if len(inits) != len(op.Results) {
		return Errorf(op, "mismatch in number of loop-carried values and defined values")
	}
	body := op.Body(0)
	if body == nil || len(body.Args) != len(inits)+1 {
		return Errorf(op, "expects the body to have one induction variable and %d iter_args", len(inits))
	}
	if body.Args[0].Type != t {
		return Errorf(op, "expected induction variable to be the same type as bounds and step")
	}
	for i, v := range inits {
		if v.Type != op.Results[i].Type || body.Args[i+1].Type != v.Type {
			return Errorf(op, "types mismatch between iter operand %d and its region argument and result", i)
		}
	}
	if !isSignlessIntOrIndex(op.Operands[0].Type) {
		return Errorf(op, "operand #0 must be signless integer or index, but got '%s'", op.Operands[0].Type)
	}
	if y := op.Body(0).Terminator(); y != nil && y.Name == "scf.yield" {
		for i, v := range y.Operands {
			if i < len(op.Results) && v.Type != op.Results[i].Type {
				return Errorf(op, "%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'", i, i, op.Results[i].Type, v.Type)
			}
		}
	}
	return nil
}

// ---- scf.if ----

type ifBranch struct{}

func (ifBranch) EntryEdges(*Operation) []Edge { return nil }
func (ifBranch) TerminatorEdges(op *Operation, r int, term *Operation) []Edge {
	var out []Edge
	for i, v := range term.Operands {
		if i < len(op.Results) {
			out = append(out, Edge{v, op.Results[i]})
		}
	}
	return out
}
func (ifBranch) Loops(*Operation, int) bool { return false }
func (ifBranch) Exclusive(*Operation) bool  { return true }

func parseIf(p AsmParser, st *OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{c}
	st.OperandTypes = []Type{I1}
	if p.PeekPunct("->") {
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		st.ResultTypes = ts
	}
	then, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{then}
	if p.ParseOptionalKeyword("else") {
		els, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		st.Regions = append(st.Regions, els)
	} else {
		st.Regions = append(st.Regions, &RegionState{})
	}
	return parseTrailingAttrDict(p, st)
}

func printIf(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if len(op.Results) > 0 {
		p.Write(" -> (")
		p.Types(ValueTypes(op.Results))
		p.Write(")")
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, len(op.Results) > 0)
	if len(op.Regions) > 1 && len(op.Regions[1].Blocks) > 0 {
		p.Write(" else ")
		p.Region(op.Regions[1], false, len(op.Results) > 0)
	}
	p.AttrDict(op)
}

func verifyIf(op *Operation) error {
	if err := verifyCounts(op, 1, -1); err != nil {
		return err
	}
	if op.Operands[0].Type != I1 {
		return Errorf(op, "operand #0 must be 1-bit signless integer, but got '%s'", op.Operands[0].Type)
	}
	if len(op.Regions) != 2 {
		return Errorf(op, "requires two regions")
	}
	if len(op.Results) > 0 && len(op.Regions[1].Blocks) == 0 {
		return Errorf(op, "must have an else block if defining values")
	}
	return singleBlockRegions(op, 0)
}

// ---- scf.while ----

type whileBranch struct{}

func (whileBranch) EntryEdges(op *Operation) []Edge {
	before := op.Body(0)
	var out []Edge
	for i, v := range op.Operands {
		if before != nil && i < len(before.Args) {
			out = append(out, Edge{v, before.Args[i]})
		}
	}
	return out
}

func (whileBranch) TerminatorEdges(op *Operation, r int, term *Operation) []Edge {
	var out []Edge
	if r == 0 { // scf.condition(%c) args -> after args and results
		after := op.Body(1)
		for i, v := range term.Operands[1:] {
			if after != nil && i < len(after.Args) {
				out = append(out, Edge{v, after.Args[i]})
			}
			if i < len(op.Results) {
				out = append(out, Edge{v, op.Results[i]})
			}
		}
		return out
	}
	before := op.Body(0)
	for i, v := range term.Operands {
		if before != nil && i < len(before.Args) {
			out = append(out, Edge{v, before.Args[i]})
		}
	}
	return out
}

func (whileBranch) Loops(*Operation, int) bool { return true }
func (whileBranch) Exclusive(*Operation) bool  { return false }

func parseWhile(p AsmParser, st *OperationState) error {
	var args []Argument
	if p.ParseOptionalPunct("(") {
		var err error
		if args, err = parseArgInits(p, st, args); err != nil {
			return err
		}
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok {
		return p.Errorf("expected function type")
	}
	if len(ft.Inputs) != len(args) {
		return p.Errorf("expected as many input types as operands (expected %d got %d)", len(args), len(ft.Inputs))
	}
	for i := range args {
		args[i].Type = ft.Inputs[i]
	}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	before, err := p.ParseRegion(args)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("do"); err != nil {
		return err
	}
	after, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{before, after}
	if p.ParseOptionalKeyword("attributes") {
		return parseTrailingAttrDict(p, st)
	}
	return nil
}

func printWhile(p AsmPrinter, op *Operation) {
	before := op.Body(0)
	if len(op.Operands) > 0 {
		p.Write(" (")
		for i, v := range op.Operands {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(before.Args[i])
			p.Write(" = ")
			p.Operand(v)
		}
		p.Write(")")
	}
	p.Write(" : ")
	p.Type(Function(ValueTypes(op.Operands), ValueTypes(op.Results)))
	p.Write(" ")
	p.Region(op.Regions[0], false, true)
	p.Write(" do ")
	p.Region(op.Regions[1], true, true)
	p.AttrDictWithKeyword(op)
}

func verifyWhile(op *Operation) error {
	if len(op.Regions) != 2 {
		return Errorf(op, "requires two regions")
	}
	before := op.Body(0)
	if before == nil || len(before.Args) != len(op.Operands) {
		return Errorf(op, "expects the 'before' region to take the operands as arguments")
	}
	if err := singleBlockRegions(op, 0, 1); err != nil {
		return err
	}
	for i, a := range op.Body(0).Args {
		if a.Type != op.Operands[i].Type {
			return Errorf(op, "along control flow edge from parent operands to Region #0: successor operand type #%d '%s' should match successor input type #%d '%s'", i, op.Operands[i].Type, i, a.Type)
		}
	}
	if c := op.Body(0).Terminator(); c == nil || c.Name != "scf.condition" {
		return Errorf(op, "expects the 'before' region to end with 'scf.condition'")
	}
	return nil
}

func parseCondition(p AsmParser, st *OperationState) error {
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(")"); err != nil {
		return err
	}
	st.Operands = []OperandRef{c}
	st.OperandTypes = []Type{I1}
	return parseOperandsColonTypes(p, st, false)
}

func printCondition(p AsmPrinter, op *Operation) {
	p.Write("(")
	p.Operand(op.Operands[0])
	p.Write(")")
	if len(op.Operands) > 1 {
		p.Write(" ")
		p.Operands(op.Operands[1:])
		p.Write(" : ")
		p.Types(ValueTypes(op.Operands[1:]))
	}
	p.AttrDict(op)
}

// verifyCondition checks the forwarded values against the while's
// results and 'after' region arguments.
func verifyCondition(op *Operation) error {
	if len(op.Operands) < 1 || op.Operands[0].Type != I1 {
		return Errorf(op, "requires an i1 condition operand")
	}
	w := op.ParentOp()
	if w == nil || w.Name != "scf.while" {
		return Errorf(op, "expects parent op 'scf.while'")
	}
	args := op.Operands[1:]
	if err := checkSuccessorTypes(w, op, "parent", args, ValueTypes(w.Results)); err != nil {
		return err
	}
	if after := w.Body(1); after != nil {
		return checkSuccessorTypes(w, op, "Region #1", args, ValueTypes(after.Args))
	}
	return nil
}

// parseArgInits reads `%arg = %init, ...)` (the open parenthesis already
// read), as scf.for's iter_args and scf.while's operands give them: each
// argument is appended to args, each initial value to the operands.
func parseArgInits(p AsmParser, st *OperationState, args []Argument) ([]Argument, error) {
	for {
		a, err := p.ParseArgument(false)
		if err != nil {
			return nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		init, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		st.Operands = append(st.Operands, init)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return args, p.ParsePunct(")")
}

// ---- scf.yield, and the region checks the verifiers share ----

// singleBlockRegions checks each region has at most one block (exactly
// one for the regions listed in required).
func singleBlockRegions(op *Operation, required ...int) error {
	for i, r := range op.Regions {
		if len(r.Blocks) > 1 {
			return Errorf(op, "expects region #%d to have 0 or 1 blocks", i)
		}
	}
	for _, i := range required {
		if i >= len(op.Regions) || len(op.Regions[i].Blocks) != 1 {
			return Errorf(op, "region #%d failed to verify constraint: region with 1 blocks", i)
		}
	}
	return nil
}

// verifyYield checks a yield against where it returns to: the results
// of scf.if and scf.for (and the loop's iter_args), or the 'before'
// arguments of scf.while. Mismatches are reported on the parent, as
// mlir-opt reports them.
func verifyYield(op *Operation) error {
	p := op.ParentOp()
	yieldParents := map[string]bool{"scf.for": true, "scf.if": true, "scf.while": true, "scf.execute_region": true, "scf.index_switch": true}
	if p == nil || !yieldParents[p.Name] ||
		p.Name == "scf.while" && (op.Block == nil || op.Block.Region != p.Regions[len(p.Regions)-1]) {
		return Errorf(op, "expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'")
	}
	got := op.Operands
	switch p.Name {
	case "scf.for":
		if len(got) != len(p.Results) {
			return Errorf(p, "different number of region iter_args and yielded values: %d != %d", len(p.Results), len(got))
		}
		for i, v := range got {
			if v.Type != p.Results[i].Type {
				return Errorf(p, "%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'", i, i, p.Results[i].Type, v.Type)
			}
		}
		return nil
	case "scf.if", "scf.execute_region":
		return checkSuccessorTypes(p, op, "parent", got, ValueTypes(p.Results))
	case "scf.index_switch":
		return nil // the switch checks every region's yield itself
	}
	var want []Type
	if b := p.Body(0); b != nil {
		want = ValueTypes(b.Args)
	}
	return checkSuccessorTypes(p, op, "Region #0", got, want)
}

// checkSuccessorTypes checks the values terminator term forwards to a
// region successor of p, reporting on p with a note at term.
func checkSuccessorTypes(p, term *Operation, to string, got []*Value, want []Type) error {
	fail := func(format string, args ...any) error {
		d := Errorf(p, "along control flow edge from Operation %s to %s: "+format, append([]any{term.Name, to}, args...)...).(*Diagnostic)
		return d.WithNote(term.Loc, "region branch point")
	}
	if len(got) != len(want) {
		return fail("region branch point has %d operands, but region successor needs %d inputs", len(got), len(want))
	}
	for i, v := range got {
		if v.Type != want[i] {
			return fail("successor operand type #%d '%s' should match successor input type #%d '%s'", i, v.Type, i, want[i])
		}
	}
	return nil
}
