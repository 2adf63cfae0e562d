package dialect

import "strconv"

// The scf ops of LLVM 22 beyond for, if and while: execute_region,
// index_switch, parallel with its reduce, and forall with in_parallel.
//
// scf.parallel and scf.forall declare no RegionBranch: their iterations
// may run at the same time, which the analyses' sequential region model
// (a loop runs its body once after another) does not describe, so they
// treat these ops like any op with unknown region control flow.

func init() {
	Register(
		&OpDef{
			Name: "scf.execute_region", Summary: "a region executed once",
			Inherent: []string{"no_inline"},
			Branch:   scopeBranch{},
			Parse:    parseExecuteRegion, Print: printExecuteRegion, Verify: verifyExecuteRegion,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "scf.index_switch", Summary: "a switch on an index with a region per case",
			Inherent:           []string{"cases"},
			Branch:             switchBranch{},
			ImplicitTerminator: "scf.yield",
			Parse:              parseIndexSwitch, Print: printIndexSwitch, Verify: verifyIndexSwitch,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "scf.parallel", Summary: "a parallel loop nest with reductions",
			Inherent:           []string{"operandSegmentSizes"},
			ImplicitTerminator: "scf.reduce",
			Parse:              parseParallel, Print: printParallel, Verify: verifyParallel,
		},
		&OpDef{
			Name: "scf.reduce", Summary: "the reductions of a parallel loop iteration",
			Traits: Terminator | Pure,
			Parse:  parseReduce, Print: printReduce, Verify: verifyReduce,
		},
		&OpDef{
			Name: "scf.reduce.return", Summary: "the result of a reduction region",
			Traits: Terminator | Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				return parseOperandsColonTypes(p, st, false)
			},
			Print:  func(p AsmPrinter, op *Operation) { printOperandsColonTypes(p, op, false) },
			Verify: verifyReduceReturn,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "scf.forall", Summary: "a parallel loop over a multi-dimensional range",
			Inherent:           []string{"staticLowerBound", "staticUpperBound", "staticStep", "mapping", "operandSegmentSizes"},
			ImplicitTerminator: "scf.forall.in_parallel",
			Parse:              parseForall, Print: printForall, Verify: verifyForall,
		},
		&OpDef{
			Name: "scf.forall.in_parallel", Summary: "the parallel combining terminator of scf.forall",
			Traits: Terminator | Pure | NoTerminator,
			Parse: func(p AsmParser, st *OperationState) error {
				r, err := p.ParseRegion(nil)
				if err != nil {
					return err
				}
				st.Regions = []*RegionState{r}
				return parseTrailingAttrDict(p, st)
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				p.Region(op.Regions[0], false, false)
				p.AttrDict(op)
			},
			Verify: func(op *Operation) error {
				if err := verifyCounts(op, 0, 0); err != nil {
					return err
				}
				if p := op.ParentOp(); p == nil || p.Name != "scf.forall" {
					return Errorf(op, "expects parent op 'scf.forall'")
				}
				if len(op.Regions) != 1 || len(op.Regions[0].Blocks) != 1 {
					return Errorf(op, "region #0 ('region') failed to verify constraint: region with 1 blocks")
				}
				return nil
			},
		},
	)
}

// ---- scf.execute_region ----

func parseExecuteRegion(p AsmParser, st *OperationState) error {
	if p.PeekPunct("->") {
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		st.ResultTypes = ts
	}
	if p.ParseOptionalKeyword("no_inline") {
		st.AddAttr("no_inline", Unit)
	}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{r}
	return parseTrailingAttrDict(p, st)
}

func printExecuteRegion(p AsmPrinter, op *Operation) {
	if len(op.Results) > 0 {
		p.Write(" -> ")
		if len(op.Results) == 1 {
			p.Type(op.Results[0].Type)
		} else {
			p.Write("(")
			p.Types(ValueTypes(op.Results))
			p.Write(")")
		}
	}
	if op.HasAttr("no_inline") {
		p.Write(" no_inline")
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, true)
	p.AttrDict(op, "no_inline")
}

func verifyExecuteRegion(op *Operation) error {
	if len(op.Regions) != 1 || len(op.Regions[0].Blocks) == 0 {
		return Errorf(op, "region needs to have at least one block")
	}
	if len(op.Regions[0].Blocks[0].Args) > 0 {
		return Errorf(op, "region cannot have any arguments")
	}
	return nil
}

// ---- scf.index_switch ----

// switchBranch: exactly one region runs, its yield gives the results.
type switchBranch struct{ scopeBranch }

func (switchBranch) Exclusive(*Operation) bool { return true }

// parseIndexSwitch reads `%arg [-> types] (case N region)* default region
// attr-dict`; the default region is region 0.
func parseIndexSwitch(p AsmParser, st *OperationState) error {
	arg, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{arg}
	st.OperandTypes = []Type{Index}
	if p.ParseOptionalPunct("->") {
		ts, err := p.ParseTypeList()
		if err != nil {
			return err
		}
		st.ResultTypes = ts
	}
	var cases []int64
	var regions []*RegionState
	for p.ParseOptionalKeyword("case") {
		neg := p.ParseOptionalPunct("-")
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		if neg {
			v = -v
		}
		cases = append(cases, v)
		r, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		regions = append(regions, r)
	}
	if err := p.ParseKeyword("default"); err != nil {
		return err
	}
	def, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = append([]*RegionState{def}, regions...)
	st.AddAttr("cases", I64Array(cases...))
	return parseTrailingAttrDict(p, st)
}

func printIndexSwitch(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if len(op.Results) > 0 {
		p.Write(" -> ")
		p.Types(ValueTypes(op.Results))
	}
	p.Write(" ") // mlir-opt ends the line with a space
	cases := staticArray(op, "cases")
	for i, v := range cases {
		if i+1 >= len(op.Regions) {
			break
		}
		p.Newline(0)
		p.Write("case " + strconv.FormatInt(v, 10) + " ")
		p.Region(op.Regions[i+1], false, len(op.Results) > 0)
	}
	p.Newline(0)
	p.Write("default ")
	p.Region(op.Regions[0], false, len(op.Results) > 0)
	p.AttrDict(op, "cases")
}

func verifyIndexSwitch(op *Operation) error {
	if err := verifyCounts(op, 1, -1); err != nil {
		return err
	}
	if op.Operands[0].Type != Index {
		return Errorf(op, "operand #0 must be index, but got '%s'", op.Operands[0].Type)
	}
	cases := staticArray(op, "cases")
	if len(cases) != len(op.Regions)-1 {
		return Errorf(op, "has %d case regions but %d case values", len(op.Regions)-1, len(cases))
	}
	seen := map[int64]bool{}
	for _, v := range cases {
		if seen[v] {
			return Errorf(op, "has duplicate case value: %d", v)
		}
		seen[v] = true
	}
	for i, r := range op.Regions {
		name := "default region"
		if i > 0 {
			name = "case region #" + strconv.Itoa(i-1)
		}
		if len(r.Blocks) != 1 {
			return Errorf(op, "region #%d ('%s') failed to verify constraint: region with 1 blocks", i, map[bool]string{true: "defaultRegion", false: "caseRegions"}[i == 0])
		}
		y := r.Blocks[0].Terminator()
		if y == nil || y.Name != "scf.yield" {
			return Errorf(op, "expected region to end with scf.yield, but got %s", map[bool]string{true: "nothing", false: "'" + terminatorName(y) + "'"}[y == nil])
		}
		if len(y.Operands) != len(op.Results) {
			d := Errorf(op, "expected each region to return %d values, but %s returns %d", len(op.Results), name, len(y.Operands)).(*Diagnostic)
			return d.WithNote(y.Loc, "see yield operation here")
		}
		for k, v := range y.Operands {
			if v.Type != op.Results[k].Type {
				d := Errorf(op, "expected result #%d of each region to be %s", k, op.Results[k].Type).(*Diagnostic)
				return d.WithNote(y.Loc, "%s returns %s here", name, v.Type)
			}
		}
	}
	return nil
}

func terminatorName(op *Operation) string {
	if op == nil {
		return ""
	}
	return op.Name
}

// ---- scf.parallel / scf.reduce ----

func parseParallel(p AsmParser, st *OperationState) error {
	ivs, err := p.ParseArgumentList("(", false)
	if err != nil {
		return err
	}
	if err := p.ParsePunct("="); err != nil {
		return err
	}
	lbs, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	ubs, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("step"); err != nil {
		return err
	}
	steps, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	if len(lbs) != len(ivs) || len(ubs) != len(ivs) || len(steps) != len(ivs) {
		return p.Errorf("expected %d bounds and steps, one per induction variable", len(ivs))
	}
	var inits []OperandRef
	if p.ParseOptionalKeyword("init") {
		if inits, err = p.ParseOperandList("("); err != nil {
			return err
		}
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(ts) != len(inits) {
			return p.Errorf("expected %d types for the init values", len(inits))
		}
		st.ResultTypes = ts
	}
	for i := range ivs {
		ivs[i].Type = Index
	}
	st.Operands = append(append(append(append(st.Operands, lbs...), ubs...), steps...), inits...)
	st.OperandTypes = append(indexTypes(3*len(ivs)), st.ResultTypes...)
	st.AddAttr("operandSegmentSizes", I32Array(int64(len(lbs)), int64(len(ubs)), int64(len(steps)), int64(len(inits))))
	r, err := p.ParseRegion(ivs)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{r}
	return parseTrailingAttrDict(p, st)
}

func printParallel(p AsmPrinter, op *Operation) {
	body := op.Body(0)
	n := 0
	if body != nil {
		n = len(body.Args)
	}
	list := func(vs []*Value) {
		p.Write("(")
		p.Operands(vs)
		p.Write(")")
	}
	p.Write(" ")
	if body != nil {
		list(body.Args)
	}
	p.Write(" = ")
	list(op.Operands[:n])
	p.Write(" to ")
	list(op.Operands[n : 2*n])
	p.Write(" step ")
	list(op.Operands[2*n : 3*n])
	if len(op.Operands) > 3*n {
		p.Write(" init ")
		list(op.Operands[3*n:])
		p.Write(" -> ")
		if len(op.Results) == 1 {
			p.Type(op.Results[0].Type)
		} else {
			p.Write("(")
			p.Types(ValueTypes(op.Results))
			p.Write(")")
		}
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, true)
	p.AttrDict(op, "operandSegmentSizes")
}

func verifyParallel(op *Operation) error {
	seg, err := verifySegments(op, 4, true)
	if err != nil {
		return err
	}
	if seg[0] != seg[1] || seg[0] != seg[2] {
		return Errorf(op, "expects the same number of lower bounds, upper bounds and steps")
	}
	if err := singleBlockRegions(op, 0); err != nil {
		return err
	}
	body := op.Body(0)
	if len(body.Args) != seg[0] {
		return Errorf(op, "expects the same number of induction variables: %d as bound and step values: %d", len(body.Args), seg[0])
	}
	for _, a := range body.Args {
		if a.Type != Index {
			return Errorf(op, "expects arguments for the induction variable to be of index type")
		}
	}
	if seg[3] != len(op.Results) {
		return Errorf(op, "expects number of results: %d to be the same as number of initial values: %d", len(op.Results), seg[3])
	}
	if err := checkIndexOperands(op, 0); err != nil && 3*seg[0] > 0 {
		for i := 0; i < 3*seg[0]; i++ {
			if op.Operands[i].Type != Index {
				return err
			}
		}
	}
	red := body.Terminator()
	if red == nil || red.Name != "scf.reduce" {
		return Errorf(op, "expects the body to end with 'scf.reduce'")
	}
	if len(red.Operands) != len(op.Results) {
		return Errorf(op, "expects number of results: %d to be the same as number of reductions: %d", len(op.Results), len(red.Operands))
	}
	for i, v := range red.Operands {
		if v.Type != op.Results[i].Type {
			d := Errorf(op, "expects type of %d-th reduction operand: %s to be the same as the %d-th result type: %s", i, v.Type, i, op.Results[i].Type).(*Diagnostic)
			return d
		}
	}
	return nil
}

func parseReduce(p AsmParser, st *OperationState) error {
	if p.ParseOptionalPunct("(") {
		if _, err := parseTypedOperands(p, st, "for the reduced values"); err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	for p.PeekRegion() {
		r, err := p.ParseRegion(nil)
		if err != nil {
			return err
		}
		st.Regions = append(st.Regions, r)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return parseTrailingAttrDict(p, st)
}

func printReduce(p AsmPrinter, op *Operation) {
	if len(op.Operands) > 0 {
		p.Write("(")
		p.Operands(op.Operands)
		p.Write(" : ")
		p.Types(ValueTypes(op.Operands))
		p.Write(")")
	}
	p.Write(" ") // also without regions: mlir-opt prints `scf.reduce `
	for i, r := range op.Regions {
		if i > 0 {
			p.Write(", ")
		}
		p.Region(r, true, true)
	}
	p.AttrDict(op)
}

func verifyReduce(op *Operation) error {
	if err := expectResults(op, 0); err != nil {
		return err
	}
	if p := op.ParentOp(); p == nil || p.Name != "scf.parallel" {
		return Errorf(op, "expects parent op 'scf.parallel'")
	}
	if len(op.Regions) != len(op.Operands) {
		return Errorf(op, "expects number of reduction regions: %d to be the same as number of reduction operands: %d", len(op.Regions), len(op.Operands))
	}
	for i, r := range op.Regions {
		t := op.Operands[i].Type
		if len(r.Blocks) == 0 || len(r.Blocks[0].Args) != 2 || r.Blocks[0].Args[0].Type != t || r.Blocks[0].Args[1].Type != t {
			return Errorf(op, "expected two block arguments with type %s in the %d-th reduction region", t, i)
		}
		ret := r.Blocks[len(r.Blocks)-1].Terminator()
		if ret == nil || ret.Name != "scf.reduce.return" {
			return Errorf(op, "reduction bodies must be terminated with an 'scf.reduce.return' op")
		}
	}
	return nil
}

func verifyReduceReturn(op *Operation) error {
	if err := expectResults(op, 0); err != nil {
		return err
	}
	red := op.ParentOp()
	if red == nil || red.Name != "scf.reduce" {
		return Errorf(op, "expects parent op 'scf.reduce'")
	}
	r := op.Block.Region.Index()
	if len(op.Operands) != 1 {
		return Errorf(op, "expects one operand")
	}
	if r >= 0 && r < len(red.Operands) && op.Operands[0].Type != red.Operands[r].Type {
		return Errorf(op, "must have type %s (the type of the reduction inputs), but got %s", red.Operands[r].Type, op.Operands[0].Type)
	}
	return nil
}

// ---- scf.forall ----

// parseMixedParens reads (a, %b, 3) like parseMixedList reads brackets.
func parseMixedParens(p AsmParser) (dyn []OperandRef, static []int64, err error) {
	return parseMixed(p, "(", ")", false)
}

func parseForall(p AsmParser, st *OperationState) error {
	ivs, err := p.ParseArgumentList("(", false)
	if err != nil {
		return err
	}
	var dyn [3][]OperandRef
	var static [3][]int64
	if p.ParseOptionalKeyword("in") {
		if dyn[1], static[1], err = parseMixedParens(p); err != nil {
			return err
		}
		static[0] = make([]int64, len(ivs))
		static[2] = make([]int64, len(ivs))
		for i := range static[2] {
			static[2][i] = 1
		}
	} else {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		if dyn[0], static[0], err = parseMixedParens(p); err != nil {
			return err
		}
		if err := p.ParseKeyword("to"); err != nil {
			return err
		}
		if dyn[1], static[1], err = parseMixedParens(p); err != nil {
			return err
		}
		if err := p.ParseKeyword("step"); err != nil {
			return err
		}
		if dyn[2], static[2], err = parseMixedParens(p); err != nil {
			return err
		}
	}
	for k := range 3 {
		if len(static[k]) != len(ivs) {
			return p.Errorf("expected %d bounds, one per induction variable", len(ivs))
		}
	}
	for i := range ivs {
		ivs[i].Type = Index
	}
	args := ivs
	var outs []OperandRef
	if p.ParseOptionalKeyword("shared_outs") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		tmp := &OperationState{}
		if args, err = parseArgInits(p, tmp, args); err != nil {
			return err
		}
		outs = tmp.Operands
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		if len(ts) != len(outs) {
			return p.Errorf("expected %d types for shared_outs", len(outs))
		}
		for i, t := range ts {
			args[len(ivs)+i].Type = t
		}
		st.ResultTypes = ts
	}
	for k := range 3 {
		st.Operands = append(st.Operands, dyn[k]...)
		st.OperandTypes = append(st.OperandTypes, indexTypes(len(dyn[k]))...)
	}
	st.Operands = append(st.Operands, outs...)
	st.OperandTypes = append(st.OperandTypes, st.ResultTypes...)
	st.AddAttr("staticLowerBound", I64Array(static[0]...))
	st.AddAttr("staticUpperBound", I64Array(static[1]...))
	st.AddAttr("staticStep", I64Array(static[2]...))
	st.AddAttr("operandSegmentSizes", I32Array(int64(len(dyn[0])), int64(len(dyn[1])), int64(len(dyn[2])), int64(len(outs))))
	r, err := p.ParseRegion(args)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{r}
	return parseTrailingAttrDict(p, st)
}

func printMixedParens(p AsmPrinter, static []int64, dyn []*Value) {
	printMixed(p, "(", ")", static, dyn)
}

func printForall(p AsmPrinter, op *Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	body := op.Body(0)
	if len(seg) != 4 || body == nil {
		return
	}
	lb, ub, step := staticArray(op, "staticLowerBound"), staticArray(op, "staticUpperBound"), staticArray(op, "staticStep")
	rank := len(lb)
	p.Write(" (")
	p.Operands(body.Args[:rank])
	p.Write(")")
	at := 0
	dyn := func(k int) []*Value {
		out := op.Operands[at : at+seg[k]]
		at += seg[k]
		return out
	}
	dLB, dUB, dStep := dyn(0), dyn(1), dyn(2)
	normalized := len(dLB) == 0 && len(dStep) == 0
	for i := range rank {
		if lb[i] != 0 || step[i] != 1 {
			normalized = false
		}
	}
	if normalized {
		p.Write(" in ")
		printMixedParens(p, ub, dUB)
	} else {
		p.Write(" = ")
		printMixedParens(p, lb, dLB)
		p.Write(" to ")
		printMixedParens(p, ub, dUB)
		p.Write(" step ")
		printMixedParens(p, step, dStep)
	}
	if outs := op.Operands[at:]; len(outs) > 0 {
		p.Write(" shared_outs(")
		for i, v := range outs {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(body.Args[rank+i])
			p.Write(" = ")
			p.Operand(v)
		}
		p.Write(") -> (")
		p.Types(ValueTypes(op.Results))
		p.Write(")")
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, false)
	p.AttrDict(op, "staticLowerBound", "staticUpperBound", "staticStep", "operandSegmentSizes")
}

func verifyForall(op *Operation) error {
	seg, err := verifySegments(op, 4, true)
	if err != nil {
		return err
	}
	lb, ub, step := staticArray(op, "staticLowerBound"), staticArray(op, "staticUpperBound"), staticArray(op, "staticStep")
	rank := len(lb)
	if len(ub) != rank || len(step) != rank {
		return Errorf(op, "expected the same number of static lower bounds, upper bounds and steps")
	}
	for k, s := range [][]int64{lb, ub, step} {
		n := 0
		for _, v := range s {
			if v == Dynamic {
				n++
			}
		}
		if n != seg[k] {
			return Errorf(op, "expected %d dynamic %s values", n, []string{"lower bound", "upper bound", "step"}[k])
		}
	}
	if err := singleBlockRegions(op, 0); err != nil {
		return err
	}
	if seg[3] != len(op.Results) {
		return Errorf(op, "number of shared_outs and results must match")
	}
	body := op.Body(0)
	if len(body.Args) != rank+seg[3] {
		return Errorf(op, "region expects %d arguments", rank+seg[3])
	}
	for i := range rank {
		if body.Args[i].Type != Index {
			return Errorf(op, "expects the induction variables to be of index type")
		}
	}
	for i, r := range op.Results {
		if body.Args[rank+i].Type != r.Type || op.Operands[len(op.Operands)-seg[3]+i].Type != r.Type {
			return Errorf(op, "type mismatch between result #%d and its shared_outs", i)
		}
	}
	for _, s := range step {
		if s != Dynamic && s <= 0 {
			return Errorf(op, "constant step operand must be positive")
		}
	}
	if t := body.Terminator(); t == nil || t.Name != "scf.forall.in_parallel" {
		return Errorf(op, "expects the body to end with 'scf.forall.in_parallel'")
	}
	return nil
}
