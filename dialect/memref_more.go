package dialect

import (
	"strconv"
	"strings"
)

// The memref ops of LLVM 22 beyond allocation, access, views and globals:
// alloca scopes, atomics, DMA, prefetch, rank, realloc, reshape,
// transpose, assume_alignment and distinct_objects.

// atomicKinds are arith's AtomicRMWKind cases, by value.
var atomicKinds = []string{"addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu", "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori"}

// readWrite are the effects of an op that may read and write any of its
// operands.
var readWrite = []Effect{{Kind: Read, Operand: AllOperands}, {Kind: Write, Operand: AllOperands}}

func init() {
	Register(
		&OpDef{
			Name: "memref.atomic_rmw", Summary: "atomic read-modify-write of an element",
			Inherent: []string{"kind"},
			Effects:  readWrite,
			Traits:   HasSideEffects,
			Parse:    parseAtomicRMW, Print: printAtomicRMW, Verify: verifyAtomicRMW,
		},
		&OpDef{
			Name: "memref.generic_atomic_rmw", Summary: "atomic update of an element by a region",
			Effects:          readWrite,
			VerifyInvariants: verifyGenericAtomicRMWType,
			Traits:           HasSideEffects,
			Parse:            parseGenericAtomicRMW, Print: printGenericAtomicRMW, Verify: verifyGenericAtomicRMW,
		},
		&OpDef{
			Name: "memref.atomic_yield", Summary: "the new value of generic_atomic_rmw",
			Traits: Terminator | ReturnLike | Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				return parseOperandsColonTypes(p, st, false)
			},
			Print:  func(p AsmPrinter, op *Operation) { printOperandsColonTypes(p, op, false) },
			Verify: verifyAtomicYield,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.alloca_scope", Summary: "a scope that frees its stack allocations on exit",
			Traits:             AutomaticAllocationScope,
			Branch:             scopeBranch{},
			ImplicitTerminator: "memref.alloca_scope.return",
			Parse:              parseScopeLike, Print: printScopeLike,
			Verify: func(op *Operation) error { return singleBlockRegions(op, 0) },
		},
		&OpDef{
			Name: "memref.alloca_scope.return", Summary: "leave an alloca scope with values",
			Traits: Terminator | ReturnLike | Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				return parseOperandsColonTypes(p, st, true)
			},
			Print:  func(p AsmPrinter, op *Operation) { printOperandsColonTypes(p, op, true) },
			Verify: verifyParentResults("memref.alloca_scope"),
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.assume_alignment", Summary: "assert a buffer's alignment",
			Traits: Pure | ViewLike, ViewSource: 0,
			Inherent: []string{"alignment"},
			Parse:    parseAssumeAlignment, Print: printAssumeAlignment, Verify: verifyAssumeAlignment,
			NameHint: hint("assume_align"),
		},
		&OpDef{
			Name: "memref.distinct_objects", Summary: "assert buffers do not alias", Traits: Pure,
			Parse: parseDistinctObjects, Print: printDistinctObjects, Verify: verifyDistinctObjects,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.dma_start", Summary: "start a DMA transfer",
			Effects: readWrite, Traits: HasSideEffects,
			Parse: parseDmaStart, Print: printDmaStart, Verify: verifyDmaStart,
		},
		&OpDef{
			Name: "memref.dma_wait", Summary: "wait for a DMA transfer",
			Effects: readWrite, Traits: HasSideEffects,
			Parse: parseDmaWait, Print: printDmaWait, Verify: verifyDmaWait,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.prefetch", Summary: "prefetch a cache line",
			Inherent: []string{"isWrite", "localityHint", "isDataCache"},
			Parse:    parsePrefetch, Print: printPrefetch, Verify: verifyPrefetch,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.rank", Summary: "the rank of a buffer", Traits: Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				if err := parseOperandColonType(p, st); err != nil {
					return err
				}
				st.ResultTypes = []Type{Index}
				return nil
			},
			Print: printOperandColonType,
			Verify: func(op *Operation) error {
				if err := verifyCounts(op, 1, 1); err != nil {
					return err
				}
				if !IsMemRef(op.Operands[0].Type) {
					return Errorf(op, "operand #0 must be ranked or unranked memref of any type values, but got '%s'", op.Operands[0].Type)
				}
				if op.Results[0].Type != Index {
					return Errorf(op, "result #0 must be index, but got '%s'", op.Results[0].Type)
				}
				return nil
			},
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.realloc", Summary: "resize a heap buffer",
			Traits:   AllocLike,
			Inherent: []string{"alignment"},
			Effects:  []Effect{{Kind: Free, Operand: 0, Result: -1}, {Kind: Allocate, Operand: -1, Result: 0}},
			Parse:    parseRealloc, Print: printRealloc, Verify: verifyRealloc,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.reshape", Summary: "a view with a shape from an operand",
			Traits: Pure | ViewLike, ViewSource: 0,
			Parse: parseReshape, Print: printReshape, Verify: verifyMemRefReshape,
			NameHint: hint("reshape"),
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "memref.transpose", Summary: "a view with permuted dimensions",
			Traits: Pure | ViewLike, ViewSource: 0,
			Inherent: []string{"permutation"},
			Parse:    parseTranspose, Print: printTranspose, Verify: verifyTranspose,
			NameHint: hint("transpose"),
		},
	)
}

// ---- scopes: memref.alloca_scope, scf.execute_region ----

// scopeBranch: the single region runs once, its terminator's operands
// become the op's results.
type scopeBranch struct{}

func (scopeBranch) EntryEdges(*Operation) []Edge { return nil }
func (scopeBranch) TerminatorEdges(op *Operation, r int, term *Operation) []Edge {
	var out []Edge
	for i, v := range term.Operands {
		if i < len(op.Results) {
			out = append(out, Edge{v, op.Results[i]})
		}
	}
	return out
}
func (scopeBranch) Loops(*Operation, int) bool { return false }
func (scopeBranch) Exclusive(*Operation) bool  { return false }

// parseScopeLike reads `[-> (types)] region attr-dict`.
func parseScopeLike(p AsmParser, st *OperationState) error {
	if p.PeekPunct("->") {
		ts, err := p.ParseArrowTypeList()
		if err != nil {
			return err
		}
		st.ResultTypes = ts
	}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{r}
	return parseTrailingAttrDict(p, st)
}

func printScopeLike(p AsmPrinter, op *Operation) {
	p.Write(" ") // mlir-opt's spacing: `memref.alloca_scope  {`
	if len(op.Results) > 0 {
		p.Write(" -> (")
		p.Types(ValueTypes(op.Results))
		p.Write(")")
	}
	p.Write(" ")
	p.Region(op.Regions[0], false, len(op.Results) > 0)
	p.AttrDict(op)
}

// verifyParentResults checks a terminator's operands against the results
// of its parent, which must be the named op.
func verifyParentResults(parent string) func(*Operation) error {
	return func(op *Operation) error {
		if err := expectResults(op, 0); err != nil {
			return err
		}
		p := op.ParentOp()
		if p == nil || p.Name != parent {
			return Errorf(op, "expects parent op '%s'", parent)
		}
		if !TypesEqual(ValueTypes(op.Operands), ValueTypes(p.Results)) {
			return Errorf(op, "types mismatch between yield op and its parent")
		}
		return nil
	}
}

// ---- assume_alignment ----

func parseAssumeAlignment(p AsmParser, st *OperationState) error {
	m, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("alignment", Int(n, I32))
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{m}
	st.OperandTypes = []Type{t}
	st.ResultTypes = []Type{t}
	return nil
}

func printAssumeAlignment(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	n, _ := op.IntAttrValue("alignment")
	p.Write(", " + strconv.FormatInt(n, 10))
	p.AttrDict(op, "alignment")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifyAssumeAlignment(op *Operation) error {
	if err := verifyCounts(op, 1, 1); err != nil {
		return err
	}
	if err := verifyMemRefOperand(op, 0); err != nil {
		return err
	}
	n, ok := op.IntAttrValue("alignment")
	if !ok {
		return Errorf(op, "requires attribute 'alignment'")
	}
	if n <= 0 {
		return Errorf(op, "attribute 'alignment' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive")
	}
	if n&(n-1) != 0 {
		return Errorf(op, "alignment must be power of 2")
	}
	if op.Results[0].Type != op.Operands[0].Type {
		return Errorf(op, "failed to verify that all of {memref, result} have same type")
	}
	return nil
}

// ---- atomic_rmw, generic_atomic_rmw, atomic_yield ----

func parseAtomicRMW(p AsmParser, st *OperationState) error {
	loc := p.Loc()
	kw, _ := p.ParseOptionalBareId()
	kind := -1
	for i, k := range atomicKinds {
		if k == kw {
			kind = i
		}
	}
	if kind < 0 {
		return p.ErrorAt(loc, "expected ::mlir::arith::AtomicRMWKind to be one of: %s", strings.Join(atomicKinds, ", "))
	}
	st.AddAttr("kind", Int(int64(kind), I64))
	v, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	m, err := p.ParseOperand()
	if err != nil {
		return err
	}
	idx, err := p.ParseOperandList("[")
	if err != nil {
		return err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok || len(ft.Inputs) != 2 || len(ft.Results) != 1 {
		return p.Errorf("expected a function type (value, memref) -> result")
	}
	st.Operands = append([]OperandRef{v, m}, idx...)
	st.OperandTypes = append([]Type{ft.Inputs[0], ft.Inputs[1]}, indexTypes(len(idx))...)
	st.ResultTypes = ft.Results
	return nil
}

func printAtomicRMW(p AsmPrinter, op *Operation) {
	k, _ := op.IntAttrValue("kind")
	name := strconv.FormatInt(k, 10)
	if k >= 0 && int(k) < len(atomicKinds) {
		name = atomicKinds[k]
	}
	p.Write(" " + name + " ")
	p.Operand(op.Operands[0])
	p.Write(", ")
	p.Operand(op.Operands[1])
	p.Write("[")
	p.Operands(op.Operands[2:])
	p.Write("]")
	p.AttrDict(op, "kind")
	p.Write(" : (")
	p.Type(op.Operands[0].Type)
	p.Write(", ")
	p.Type(op.Operands[1].Type)
	p.Write(") -> ")
	p.Type(op.Results[0].Type)
}

func verifyAtomicRMW(op *Operation) error {
	if len(op.Operands) < 2 || len(op.Results) != 1 {
		return Errorf(op, "requires a value, a memref and one result")
	}
	mt, ok := op.Operands[1].Type.(*MemRefType)
	if !ok || !mt.Ranked {
		return Errorf(op, "operand #1 must be ranked memref, but got '%s'", op.Operands[1].Type)
	}
	if err := checkIndexOperands(op, 2); err != nil {
		return err
	}
	if len(op.Operands)-2 != len(mt.Shape) {
		return Errorf(op, "expects the number of subscripts to be equal to memref rank")
	}
	if op.Operands[0].Type != mt.Elem || op.Results[0].Type != mt.Elem {
		return Errorf(op, "failed to verify that value type matches element type of memref")
	}
	k, ok := op.IntAttrValue("kind")
	if !ok || k < 0 || int(k) >= len(atomicKinds) {
		return Errorf(op, "requires attribute 'kind'")
	}
	_, isFloat := mt.Elem.(*FloatType)
	switch atomicKinds[k] {
	case "addf", "mulf", "maximumf", "minimumf", "maxnumf", "minnumf":
		if !isFloat {
			return Errorf(op, "expects a floating-point type")
		}
	case "addi", "muli", "maxs", "maxu", "mins", "minu", "ori", "andi", "xori":
		if _, ok := mt.Elem.(*IntegerType); !ok {
			return Errorf(op, "expects an integer type")
		}
	}
	return nil
}

func parseGenericAtomicRMW(p AsmParser, st *OperationState) error {
	m, idx, mt, err := parseIndexedMemRef(p, st)
	if err != nil {
		return err
	}
	st.Operands = append([]OperandRef{m}, idx...)
	st.OperandTypes = append([]Type{mt}, indexTypes(len(idx))...)
	st.ResultTypes = []Type{mt.Elem}
	r, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	st.Regions = []*RegionState{r}
	return parseTrailingAttrDict(p, st)
}

func printGenericAtomicRMW(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1:])
	p.Write("] : ")
	p.Type(op.Operands[0].Type)
	p.Write(" ")
	p.Region(op.Regions[0], true, true)
	p.AttrDict(op)
}

func verifyGenericAtomicRMW(op *Operation) error {
	if len(op.Operands) < 1 || len(op.Results) != 1 || len(op.Regions) != 1 {
		return Errorf(op, "requires a memref operand, one result and one region")
	}
	mt, ok := op.Operands[0].Type.(*MemRefType)
	if !ok || !mt.Ranked {
		return Errorf(op, "operand #0 must be ranked memref, but got '%s'", op.Operands[0].Type)
	}
	if err := checkIndexOperands(op, 1); err != nil {
		return err
	}
	if op.Results[0].Type != mt.Elem {
		return Errorf(op, "failed to verify that result type matches element type of memref")
	}
	b := op.Body(0)
	if b == nil || len(b.Args) != 1 {
		return Errorf(op, "expected single number of entry block arguments")
	}
	if b.Args[0].Type != op.Results[0].Type {
		return Errorf(op, "expected block argument of the same type result type")
	}
	var effect *Operation
	op.Walk(func(o *Operation) bool {
		if effect == nil && o != op && !o.Has(Pure) {
			effect = o
		}
		return effect == nil
	})
	if effect != nil {
		return NewError(effect.Loc, "should contain only operations with no side effects")
	}
	return nil
}

// verifyGenericAtomicRMWType is the check mlir-opt makes on entering the
// op, before its body's ops.
func verifyGenericAtomicRMWType(op *Operation) error {
	if len(op.Operands) > 0 && len(op.Results) == 1 {
		if mt, ok := op.Operands[0].Type.(*MemRefType); ok && op.Results[0].Type != mt.Elem {
			return Errorf(op, "failed to verify that result type matches element type of memref")
		}
	}
	return nil
}

func verifyAtomicYield(op *Operation) error {
	if err := expectResults(op, 0); err != nil {
		return err
	}
	p := op.ParentOp()
	if p == nil || p.Name != "memref.generic_atomic_rmw" {
		return Errorf(op, "expects parent op 'memref.generic_atomic_rmw'")
	}
	if len(op.Operands) != 1 || len(p.Results) != 1 {
		return Errorf(op, "expects one operand")
	}
	if op.Operands[0].Type != p.Results[0].Type {
		return Errorf(op, "types mismatch between yield op: '%s' and its parent: '%s'", op.Operands[0].Type, p.Results[0].Type)
	}
	return nil
}

// ---- distinct_objects ----

func parseDistinctObjects(p AsmParser, st *OperationState) error {
	refs, err := p.ParseOperandList("")
	if err != nil {
		return err
	}
	st.Operands = refs
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != len(refs) {
		return p.Errorf("expected %d types, got %d", len(refs), len(ts))
	}
	st.OperandTypes = ts
	st.ResultTypes = ts
	return nil
}

func printDistinctObjects(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operands(op.Operands)
	p.AttrDict(op)
	p.Write(" : ")
	p.Types(ValueTypes(op.Operands))
}

func verifyDistinctObjects(op *Operation) error {
	if len(op.Operands) == 0 {
		return Errorf(op, "expected at least one operand")
	}
	if len(op.Operands) != len(op.Results) {
		return Errorf(op, "operands and results count mismatch")
	}
	for i, v := range op.Operands {
		if !IsMemRef(v.Type) {
			return Errorf(op, "operand #%d must be variadic of ranked or unranked memref of any type values, but got '%s'", i, v.Type)
		}
		if v.Type != op.Results[i].Type {
			return Errorf(op, "operand types and result types must match")
		}
	}
	return nil
}

// ---- dma_start / dma_wait ----

// parseIndexedOperand reads `%m[%i, ...]`.
func parseIndexedOperand(p AsmParser) (OperandRef, []OperandRef, error) {
	m, err := p.ParseOperand()
	if err != nil {
		return m, nil, err
	}
	idx, err := p.ParseOperandList("[")
	return m, idx, err
}

func parseDmaStart(p AsmParser, st *OperationState) error {
	src, srcIdx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	dst, dstIdx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	num, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	tag, tagIdx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	var stride []OperandRef
	if p.ParseOptionalPunct(",") {
		if stride, err = p.ParseOperandList(""); err != nil {
			return err
		}
		if len(stride) != 2 {
			return p.Errorf("expected two stride related operands")
		}
	}
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != 3 {
		return p.Errorf("fewer/more types than expected")
	}
	st.Operands = append(append([]OperandRef{src}, srcIdx...), dst)
	st.Operands = append(append(st.Operands, dstIdx...), num, tag)
	st.Operands = append(append(st.Operands, tagIdx...), stride...)
	st.OperandTypes = append(append([]Type{ts[0]}, indexTypes(len(srcIdx))...), ts[1])
	st.OperandTypes = append(append(st.OperandTypes, indexTypes(len(dstIdx))...), Index, ts[2])
	st.OperandTypes = append(append(st.OperandTypes, indexTypes(len(tagIdx))...), indexTypes(len(stride))...)
	return nil
}

// dmaLayout splits dma_start's operands by the ranks of its memrefs:
// the positions of the destination, the element count and the tag.
func dmaLayout(op *Operation) (dst, num, tag, end int, ok bool) {
	rank := func(i int) int {
		if i < len(op.Operands) {
			if mt, ok := op.Operands[i].Type.(*MemRefType); ok && mt.Ranked {
				return len(mt.Shape)
			}
		}
		return -1
	}
	r := rank(0)
	if r < 0 {
		return
	}
	dst = 1 + r
	if r = rank(dst); r < 0 {
		return
	}
	num = dst + 1 + r
	tag = num + 1
	if r = rank(tag); r < 0 {
		return
	}
	end = tag + 1 + r
	return dst, num, tag, end, end == len(op.Operands) || end+2 == len(op.Operands)
}

func printDmaStart(p AsmPrinter, op *Operation) {
	dst, num, tag, end, ok := dmaLayout(op)
	if !ok {
		return // the verifier rejects it; printing generically is not reached
	}
	indexed := func(at, next int) {
		p.Operand(op.Operands[at])
		p.Write("[")
		p.Operands(op.Operands[at+1 : next])
		p.Write("]")
	}
	p.Write(" ")
	indexed(0, dst)
	p.Write(", ")
	indexed(dst, num)
	p.Write(", ")
	p.Operand(op.Operands[num])
	p.Write(", ")
	indexed(tag, end)
	if end < len(op.Operands) {
		p.Write(", ")
		p.Operands(op.Operands[end:])
	}
	p.AttrDict(op)
	p.Write(" : ")
	p.Types([]Type{op.Operands[0].Type, op.Operands[dst].Type, op.Operands[tag].Type})
}

// verifyDmaStart checks the operands in order, each position computed
// from the ranks of the memrefs before it, as MLIR does.
func verifyDmaStart(op *Operation) error {
	if err := expectResults(op, 0); err != nil {
		return err
	}
	n := len(op.Operands)
	if n < 4 {
		return Errorf(op, "expected at least 4 operands")
	}
	allIndex := func(from, to int) bool {
		for i := from; i < to && i < n; i++ {
			if op.Operands[i].Type != Index {
				return false
			}
		}
		return true
	}
	rankAt := func(i int) (int, bool) {
		mt, ok := op.Operands[i].Type.(*MemRefType)
		if !ok {
			return 0, false
		}
		return len(mt.Shape), true
	}
	srcRank, ok := rankAt(0)
	if !ok {
		return Errorf(op, "expected source to be of memref type")
	}
	if n < srcRank+4 {
		return Errorf(op, "expected at least %d operands", srcRank+4)
	}
	if !allIndex(1, 1+srcRank) {
		return Errorf(op, "expected source indices to be of index type")
	}
	dst := 1 + srcRank
	dstRank, ok := rankAt(dst)
	if !ok {
		return Errorf(op, "expected destination to be of memref type")
	}
	want := srcRank + dstRank + 4
	if n < want {
		return Errorf(op, "expected at least %d operands", want)
	}
	if !allIndex(dst+1, dst+1+dstRank) {
		return Errorf(op, "expected destination indices to be of index type")
	}
	num := dst + 1 + dstRank
	if op.Operands[num].Type != Index {
		return Errorf(op, "expected num elements to be of index type")
	}
	tagRank, ok := rankAt(num + 1)
	if !ok {
		return Errorf(op, "expected tag to be of memref type")
	}
	want += tagRank
	if n < want {
		return Errorf(op, "expected at least %d operands", want)
	}
	if !allIndex(num+2, num+2+tagRank) {
		return Errorf(op, "expected tag indices to be of index type")
	}
	if n != want && n != want+2 {
		return Errorf(op, "incorrect number of operands")
	}
	if n == want+2 && !allIndex(want, n) {
		return Errorf(op, "expected stride and num elements per stride to be of type index")
	}
	return nil
}

func parseDmaWait(p AsmParser, st *OperationState) error {
	tag, idx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	num, err := p.ParseOperand()
	if err != nil {
		return err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.Operands = append(append([]OperandRef{tag}, idx...), num)
	st.OperandTypes = append(append([]Type{t}, indexTypes(len(idx))...), Index)
	return nil
}

func printDmaWait(p AsmPrinter, op *Operation) {
	n := len(op.Operands)
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1 : n-1])
	p.Write("], ")
	p.Operand(op.Operands[n-1])
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifyDmaWait(op *Operation) error {
	if err := expectResults(op, 0); err != nil {
		return err
	}
	if len(op.Operands) < 2 {
		return Errorf(op, "expected a tag memref and a number of elements")
	}
	mt, ok := op.Operands[0].Type.(*MemRefType)
	if !ok || !mt.Ranked {
		return Errorf(op, "operand #0 must be memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	if len(op.Operands)-2 != len(mt.Shape) {
		return Errorf(op, "expected tagIndices to have the same number of elements as the tagMemRef rank, expected %d, but got %d", len(mt.Shape), len(op.Operands)-2)
	}
	return checkIndexOperands(op, 1)
}

// ---- prefetch ----

func parsePrefetch(p AsmParser, st *OperationState) error {
	m, idx, err := parseIndexedOperand(p)
	if err != nil {
		return err
	}
	word := func(a, b string) (bool, error) {
		if err := p.ParsePunct(","); err != nil {
			return false, err
		}
		loc := p.Loc()
		id, _ := p.ParseOptionalBareId()
		switch id {
		case a:
			return true, nil
		case b:
			return false, nil
		}
		if a == "write" {
			return false, p.ErrorAt(loc, "rw specifier has to be 'read' or 'write'")
		}
		return false, p.ErrorAt(loc, "cache type has to be 'data' or 'instr'")
	}
	isWrite, err := word("write", "read")
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := p.ParseKeyword("locality"); err != nil {
		return err
	}
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	hint, err := p.ParseInteger()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(">"); err != nil {
		return err
	}
	isData, err := word("data", "instr")
	if err != nil {
		return err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.AddAttr("isWrite", Bool(isWrite))
	st.AddAttr("localityHint", Int(hint, I32))
	st.AddAttr("isDataCache", Bool(isData))
	st.Operands = append([]OperandRef{m}, idx...)
	st.OperandTypes = append([]Type{t}, indexTypes(len(idx))...)
	return nil
}

func boolAttr(op *Operation, name string) bool {
	v, _ := op.IntAttrValue(name)
	return v != 0
}

func printPrefetch(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1:])
	p.Write("], ")
	p.Write(map[bool]string{true: "write", false: "read"}[boolAttr(op, "isWrite")])
	h, _ := op.IntAttrValue("localityHint")
	p.Write(", locality<" + strconv.FormatInt(h, 10) + ">, ")
	p.Write(map[bool]string{true: "data", false: "instr"}[boolAttr(op, "isDataCache")])
	p.AttrDict(op, "isWrite", "localityHint", "isDataCache")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

func verifyPrefetch(op *Operation) error {
	if err := expectResults(op, 0); err != nil {
		return err
	}
	if len(op.Operands) == 0 {
		return Errorf(op, "expected a memref operand")
	}
	for _, a := range []string{"isWrite", "isDataCache"} {
		if v, ok := op.Attr(a).(*IntegerAttr); !ok || v.Type != I1 {
			return Errorf(op, "requires attribute '%s'", a)
		}
	}
	mt, ok := op.Operands[0].Type.(*MemRefType)
	if !ok || !mt.Ranked {
		return Errorf(op, "operand #0 must be memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	if h, ok := op.IntAttrValue("localityHint"); !ok || h < 0 || h > 3 {
		return Errorf(op, "attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")
	}
	if len(op.Operands)-1 != len(mt.Shape) {
		return Errorf(op, "too few indices")
	}
	return checkIndexOperands(op, 1)
}

// ---- realloc ----

func parseRealloc(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{src}
	if p.PeekPunct("(") {
		dyn, err := p.ParseOperandList("(")
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, dyn...)
	}
	from, to, err := parseTypePair(p, st, "to")
	if err != nil {
		return err
	}
	st.OperandTypes = append([]Type{from}, indexTypes(len(st.Operands)-1)...)
	st.ResultTypes = []Type{to}
	return nil
}

func printRealloc(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if len(op.Operands) > 1 {
		p.Write("(")
		p.Operands(op.Operands[1:])
		p.Write(")")
	}
	printCastTail(p, op)
}

func verifyRealloc(op *Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	if len(op.Operands) < 1 || len(op.Operands) > 2 || len(op.Results) != 1 {
		return Errorf(op, "requires a source, at most one size and one result")
	}
	src, ok := op.Operands[0].Type.(*MemRefType)
	if !ok || !src.Ranked || len(src.Shape) != 1 {
		return Errorf(op, "operand #0 must be 1D memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	dst, ok := op.Results[0].Type.(*MemRefType)
	if !ok || !dst.Ranked || len(dst.Shape) != 1 {
		return Errorf(op, "result #0 must be 1D memref of any type values, but got '%s'", op.Results[0].Type)
	}
	if src.Elem != dst.Elem {
		return NewError(op.Loc, "different element types specified for source memref type '%s' and result memref type '%s'", src, dst)
	}
	if !identityLayout(src.Layout) || !identityLayout(dst.Layout) {
		return Errorf(op, "unsupported layout")
	}
	if attrText(src.MemSpace) != attrText(dst.MemSpace) {
		return Errorf(op, "different memory spaces specified for source memref type %s and result memref type %s", src, dst)
	}
	dynamic := dst.Shape[0] == Dynamic
	if dynamic && len(op.Operands) != 2 {
		return Errorf(op, "missing dimension operand for result type %s", dst)
	}
	if !dynamic && len(op.Operands) == 2 {
		return Errorf(op, "unnecessary dimension operand for result type %s", dst)
	}
	return checkIndexOperands(op, 1)
}

// ---- reshape ----

func parseReshape(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	shape, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	if len(shape) != 1 {
		return p.Errorf("expected one shape operand")
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok || len(ft.Inputs) != 2 || len(ft.Results) != 1 {
		return p.Errorf("expected a function type (source, shape) -> result")
	}
	st.Operands = []OperandRef{src, shape[0]}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	return nil
}

func printReshape(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("(")
	p.Operand(op.Operands[1])
	p.Write(")")
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(Function(ValueTypes(op.Operands), ValueTypes(op.Results)))
}

func verifyMemRefReshape(op *Operation) error {
	if err := verifyCounts(op, 2, 1); err != nil {
		return err
	}
	src, ok := op.Operands[0].Type.(*MemRefType)
	if !ok {
		return Errorf(op, "operand #0 must be ranked or unranked memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	shape, ok := op.Operands[1].Type.(*MemRefType)
	if !ok || !shape.Ranked || len(shape.Shape) != 1 || !isSignlessIntOrIndex(shape.Elem) {
		return Errorf(op, "operand #1 must be 1D memref of signless integer or index values, but got '%s'", op.Operands[1].Type)
	}
	res, ok := op.Results[0].Type.(*MemRefType)
	if !ok {
		return Errorf(op, "result #0 must be ranked or unranked memref of any type values, but got '%s'", op.Results[0].Type)
	}
	if src.Elem != res.Elem {
		return Errorf(op, "element types of source and destination memref types should be the same")
	}
	if attrText(src.MemSpace) != attrText(res.MemSpace) {
		return Errorf(op, "source and destination memref types should have the same memory space")
	}
	if src.Ranked && !identityLayout(src.Layout) {
		return Errorf(op, "source memref type should have identity affine map")
	}
	if res.Ranked {
		if !identityLayout(res.Layout) {
			return Errorf(op, "result memref type should have identity affine map")
		}
		if shape.Shape[0] == Dynamic {
			return Errorf(op, "cannot use shape operand with dynamic length to reshape to statically-ranked memref type")
		}
		if shape.Shape[0] != int64(len(res.Shape)) {
			return Errorf(op, "length of shape operand differs from the result's memref rank")
		}
	}
	return nil
}

// ---- transpose ----

// parseTranspose reads `%m (d0, d1) -> (d1, d0) attr-dict : T to U`; the
// permutation's dimension names are free and become d0, d1, ...
func parseTranspose(p AsmParser, st *OperationState) error {
	m, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	dims := map[string]int{}
	var order []string
	for !p.ParseOptionalPunct(")") {
		if len(order) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		id, ok := p.ParseOptionalBareId()
		if !ok {
			return p.Errorf("expected bare identifier")
		}
		dims[id] = len(order)
		order = append(order, id)
	}
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	var results []string
	for !p.ParseOptionalPunct(")") {
		if len(results) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		loc := p.Loc()
		id, ok := p.ParseOptionalBareId()
		d, known := dims[id]
		if !ok || !known {
			return p.ErrorAt(loc, "expected a permutation of the dimensions")
		}
		results = append(results, "d"+strconv.Itoa(d))
	}
	var ins []string
	for i := range order {
		ins = append(ins, "d"+strconv.Itoa(i))
	}
	st.AddAttr("permutation", &RawAttr{Text: "affine_map<(" + strings.Join(ins, ", ") + ") -> (" + strings.Join(results, ", ") + ")>"})
	st.Operands = []OperandRef{m}
	return parseCastTail(p, st)
}

// permutation returns the result dimensions of the transpose's map, or
// nil when it is not a plain permutation map.
func permutation(op *Operation) []int {
	r, ok := op.Attr("permutation").(*RawAttr)
	if !ok || !r.IsAffineMap() {
		return nil
	}
	text := strings.TrimSuffix(strings.TrimPrefix(r.Text, "affine_map<"), ">")
	ins, outs, ok := strings.Cut(text, "->")
	if !ok || strings.Contains(ins, "[") {
		return nil
	}
	inNames := splitParenList(ins)
	pos := map[string]int{}
	for i, n := range inNames {
		pos[n] = i
	}
	var perm []int
	for _, n := range splitParenList(outs) {
		i, ok := pos[n]
		if !ok {
			return nil
		}
		perm = append(perm, i)
	}
	if len(perm) != len(inNames) {
		return nil
	}
	return perm
}

func splitParenList(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func printTranspose(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	if r, ok := op.Attr("permutation").(*RawAttr); ok {
		p.Write(" " + strings.TrimSuffix(strings.TrimPrefix(r.Text, "affine_map<"), ">"))
	}
	printCastTail(p, op, "permutation")
}

func verifyTranspose(op *Operation) error {
	if err := verifyCounts(op, 1, 1); err != nil {
		return err
	}
	src, ok := op.Operands[0].Type.(*MemRefType)
	if !ok || !src.Ranked {
		return Errorf(op, "operand #0 must be strided memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	perm := permutation(op)
	if perm == nil {
		return Errorf(op, "expected a permutation map")
	}
	if len(perm) != len(src.Shape) {
		return Errorf(op, "expected a permutation map of same rank as the input")
	}
	seen := map[int]bool{}
	for _, d := range perm {
		if seen[d] {
			return Errorf(op, "expected a permutation map")
		}
		seen[d] = true
	}
	res, ok := op.Results[0].Type.(*MemRefType)
	if !ok || !res.Ranked || res.Elem != src.Elem || len(res.Shape) != len(src.Shape) {
		return Errorf(op, "result type %s is not equivalent to the canonical transposed input type", op.Results[0].Type)
	}
	for i, d := range perm {
		if res.Shape[i] != src.Shape[d] {
			return Errorf(op, "result type %s is not equivalent to the canonical transposed input type", res)
		}
	}
	return nil
}
