package dialect

import (
	"slices"
	"strconv"
	"strings"
)

// The memref dialect (and bufferization's buffer/tensor bridges): the
// allocations, views and accesses the static memory planner works on.

func init() { RegisterDialect("memref") }

func init() { RegisterDialect("bufferization") }

// ---- shared pieces ----

func parseOperandColonType(p AsmParser, st *OperationState) error {
	r, err := p.ParseOperand()
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{r}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.OperandTypes = []Type{t}
	return nil
}

func printOperandColonType(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

// parseCastTail reads `attr-dict : T1 to T2` after the operands.
func parseCastTail(p AsmParser, st *OperationState) error {
	from, to, err := parseTypePair(p, st, "to")
	if err != nil {
		return err
	}
	st.OperandTypes = []Type{from}
	st.ResultTypes = []Type{to}
	return nil
}

func printCastTail(p AsmPrinter, op *Operation, elided ...string) {
	p.AttrDict(op, elided...)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" to ")
	p.Type(op.Results[0].Type)
}

// parseBinaryTo reads `%a, %b attr-dict : T1 kw T2` (memref.copy).
func parseBinaryTo(p AsmParser, st *OperationState, kw string, hasResult bool) error {
	if err := parseOperandsN(p, st, 2); err != nil {
		return err
	}
	a, b, err := parseTypePair(p, st, kw)
	if err != nil {
		return err
	}
	st.OperandTypes = []Type{a, b}
	return nil
}

func printBinaryTo(p AsmPrinter, op *Operation, kw string) {
	p.Write(" ")
	p.Operands(op.Operands)
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" " + kw + " ")
	p.Type(op.Operands[1].Type)
}

func verifyMemRefOperand(op *Operation, i int) error {
	if i >= len(op.Operands) || !IsMemRef(op.Operands[i].Type) {
		return Errorf(op, "operand #%d must be a memref", i)
	}
	return nil
}

func verifyMemRefResult(op *Operation) error {
	if len(op.Results) != 1 || !IsMemRef(op.Results[0].Type) {
		return Errorf(op, "result must be a memref")
	}
	return nil
}

func checkIndexOperands(op *Operation, from int) error {
	for i := from; i < len(op.Operands); i++ {
		if op.Operands[i].Type != Index {
			return Errorf(op, "operand #%d must be index, but got '%s'", i, op.Operands[i].Type)
		}
	}
	return nil
}

// verifySegments checks operandSegmentSizes has n entries that add up to
// the operand count (when present or required).
func verifySegments(op *Operation, n int, required bool) ([]int, error) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if seg == nil {
		if required {
			return nil, Errorf(op, "requires attribute 'operandSegmentSizes'")
		}
		return nil, nil
	}
	sum := 0
	for _, s := range seg {
		if s < 0 {
			return nil, Errorf(op, "operandSegmentSizes must be non-negative")
		}
		sum += s
	}
	if len(seg) != n || sum != len(op.Operands) {
		return nil, Errorf(op, "operand count (%d) does not match with the total size (%d) specified in attribute 'operandSegmentSizes'", len(op.Operands), sum)
	}
	return seg, nil
}

// ---- alloc / alloca / dealloc ----

func init() {
	Register(
		&OpDef{
			Name: "memref.alloc", Summary: "heap allocation of a buffer",
			Traits:   AllocLike | HeapAllocation,
			Inherent: []string{"alignment", "operandSegmentSizes"},
			Effects:  []Effect{{Kind: Allocate, Operand: -1, Result: 0}},
			Parse:    parseAlloc, Print: printAlloc, Verify: verifyAllocOp, NameHint: hint("alloc"),
		},
		&OpDef{
			Name: "memref.alloca", Summary: "stack allocation of a buffer",
			Traits:   AllocLike,
			Inherent: []string{"alignment", "operandSegmentSizes"},
			Effects:  []Effect{{Kind: Allocate, Operand: -1, Result: 0}},
			Parse:    parseAlloc, Print: printAlloc, Verify: verifyAllocOp, NameHint: hint("alloca"),
		},
		&OpDef{
			Name: "memref.dealloc", Summary: "free a heap buffer",
			Traits:  FreeLike,
			Effects: []Effect{{Kind: Free, Operand: 0, Result: -1}},
			Parse:   parseOperandColonType,
			Print:   printOperandColonType,
			Verify: func(op *Operation) error {
				if err := verifyCounts(op, 1, 0); err != nil {
					return err
				}
				return verifyMemRefOperand(op, 0)
			},
		},
	)
}

func parseAlloc(p AsmParser, st *OperationState) error {
	dyn, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	var sym []OperandRef
	if p.PeekPunct("[") {
		if sym, err = p.ParseOperandList("["); err != nil {
			return err
		}
	}
	// LLVM main prints the alignment as a property keyword.
	if p.ParseOptionalKeyword("alignment") {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("alignment", Int(n, I64))
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.Operands = append(dyn, sym...)
	st.OperandTypes = append(st.OperandTypes, indexTypes(len(st.Operands))...)
	st.ResultTypes = []Type{t}
	st.AddAttr("operandSegmentSizes", I32Array(int64(len(dyn)), int64(len(sym))))
	return nil
}

func printAlloc(p AsmPrinter, op *Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	nDyn := len(op.Operands)
	if len(seg) == 2 {
		nDyn = seg[0]
	}
	p.Write("(")
	p.Operands(op.Operands[:nDyn])
	p.Write(")")
	if nDyn < len(op.Operands) {
		p.Write("[")
		p.Operands(op.Operands[nDyn:])
		p.Write("]")
	}
	if p.AllocAlignmentProperty() {
		if a, ok := op.IntAttrValue("alignment"); ok {
			p.Write(" alignment = " + strconv.FormatInt(a, 10))
		}
		p.AttrDict(op, "operandSegmentSizes", "alignment")
	} else {
		p.AttrDict(op, "operandSegmentSizes")
	}
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

// layoutSymbols counts the symbols of a layout's affine map: the `?`
// offset and strides of a strided layout, the `[s0, ...]` of an
// affine_map; -1 when the map's text cannot be read.
func layoutSymbols(layout Attribute) int {
	switch l := layout.(type) {
	case nil:
		return 0
	case *StridedLayoutAttr:
		n := 0
		if l.Offset == Dynamic {
			n++
		}
		for _, s := range l.Strides {
			if s == Dynamic {
				n++
			}
		}
		return n
	case *RawAttr:
		if !l.IsAffineMap() {
			return 0
		}
		body := strings.TrimPrefix(l.Text, "affine_map<")
		dims, _, ok := strings.Cut(body, "->")
		if !ok {
			return -1
		}
		open := strings.Index(dims, "[")
		if open < 0 {
			return 0
		}
		syms := strings.TrimSpace(strings.Trim(dims[open:], "[] "))
		if syms == "" {
			return 0
		}
		return strings.Count(syms, ",") + 1
	}
	return 0
}

func verifyAllocOp(op *Operation) error {
	if err := verifyMemRefResult(op); err != nil {
		return err
	}
	if op.Name == "memref.alloca" {
		scoped := false
		for p := op.ParentOp(); p != nil && !scoped; p = p.ParentOp() {
			scoped = p.Has(AutomaticAllocationScope)
		}
		if !scoped {
			return Errorf(op, "requires an ancestor op with AutomaticAllocationScope trait")
		}
	}
	mt := op.Results[0].Type.(*MemRefType)
	if !mt.Ranked {
		return Errorf(op, "result #0 must be ranked memref, but got '%s'", mt)
	}
	seg, err := verifySegments(op, 2, false)
	if err != nil {
		return err
	}
	nDyn := len(op.Operands)
	if seg != nil {
		nDyn = seg[0]
	}
	if nDyn != mt.NumDynamicDims() {
		return Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", nDyn, mt.NumDynamicDims())
	}
	if nSym := len(op.Operands) - nDyn; nSym != layoutSymbols(mt.Layout) {
		if raw, isMap := mt.Layout.(*RawAttr); !isMap || !raw.IsAffineMap() || layoutSymbols(mt.Layout) >= 0 {
			return Errorf(op, "symbol operand count does not equal memref symbol count")
		}
	}
	if a := op.Attr("alignment"); a != nil {
		n, ok := a.(*IntegerAttr)
		if !ok || n.Value <= 0 || n.Value&(n.Value-1) != 0 {
			return Errorf(op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")
		}
	}
	return checkIndexOperands(op, 0)
}

// ---- load / store / copy / dim ----

func init() {
	Register(
		&OpDef{
			Name: "memref.load", Summary: "read an element",
			Inherent: []string{"nontemporal", "alignment"},
			Effects:  []Effect{{Kind: Read, Operand: 0, Result: -1}},
			Parse:    parseLoad, Print: printLoad, Verify: verifyLoadOp,
		},
		&OpDef{
			Name: "memref.store", Summary: "write an element",
			Inherent: []string{"nontemporal", "alignment"},
			Effects:  []Effect{{Kind: Write, Operand: 1, Result: -1}},
			Parse:    parseStore, Print: printStore, Verify: verifyStoreOp,
		},
		&OpDef{
			Name: "memref.copy", Summary: "copy one buffer into another",
			Effects: []Effect{{Kind: Read, Operand: 0, Result: -1}, {Kind: Write, Operand: 1, Result: -1}},
			Parse: func(p AsmParser, st *OperationState) error {
				return parseBinaryTo(p, st, "to", false)
			},
			Print:  func(p AsmPrinter, op *Operation) { printBinaryTo(p, op, "to") },
			Verify: verifyCopyOp,
		},
		&OpDef{
			Name: "memref.dim", Summary: "size of a dimension", Traits: Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				a, err := p.ParseOperand()
				if err != nil {
					return err
				}
				if err := p.ParsePunct(","); err != nil {
					return err
				}
				b, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []OperandRef{a, b}
				t, err := parseColonType(p, st)
				if err != nil {
					return err
				}
				st.OperandTypes = []Type{t, Index}
				st.ResultTypes = []Type{Index}
				return nil
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				p.Operands(op.Operands)
				p.AttrDict(op)
				p.Write(" : ")
				p.Type(op.Operands[0].Type)
			},
			Verify:   verifyDimOp,
			NameHint: hint("dim"),
		},
	)
}

func parseLoad(p AsmParser, st *OperationState) error {
	m, idx, mt, err := parseIndexedMemRef(p, st)
	if err != nil {
		return err
	}
	st.Operands = append(append(make([]OperandRef, 0, 1+len(idx)), m), idx...)
	st.OperandTypes = withIndexTypes(len(idx), mt)
	st.ResultTypes = []Type{mt.Elem}
	return nil
}

// parseIndexedMemRef reads `%m[%i, ...] attr-dict : memref-type`, the
// tail of memref.load and memref.store.
func parseIndexedMemRef(p AsmParser, st *OperationState) (OperandRef, []OperandRef, *MemRefType, error) {
	m, err := p.ParseOperand()
	if err != nil {
		return m, nil, nil, err
	}
	idx, err := p.ParseOperandList("[")
	if err != nil {
		return m, nil, nil, err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return m, nil, nil, err
	}
	mt, ok := t.(*MemRefType)
	if !ok {
		return m, nil, nil, p.Errorf("expected a memref type")
	}
	return m, idx, mt, nil
}

// withIndexTypes is first followed by n times the index type, in one
// allocation.
func withIndexTypes(n int, first ...Type) []Type {
	out := make([]Type, len(first)+n)
	copy(out, first)
	for i := len(first); i < len(out); i++ {
		out[i] = Index
	}
	return out
}

// indexTypes is n times the index type (the types of index operands).
func indexTypes(n int) []Type {
	out := make([]Type, n)
	for i := range out {
		out[i] = Index
	}
	return out
}

func printLoad(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operands(op.Operands[1:])
	p.Write("]")
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
}

// verifyAlignmentAttr checks an optional alignment property.
func verifyAlignmentAttr(op *Operation) error {
	if a := op.Attr("alignment"); a != nil {
		n, ok := a.(*IntegerAttr)
		if !ok || n.Value <= 0 || n.Value&(n.Value-1) != 0 {
			return Errorf(op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")
		}
	}
	return nil
}

func verifyLoadOp(op *Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	if err := verifyMemRefOperand(op, 0); err != nil {
		return err
	}
	if mt := op.Operands[0].Type.(*MemRefType); !mt.Ranked {
		return Errorf(op, "operand #0 must be ranked memref, but got '%s'", mt)
	}
	if err := checkIndexOperands(op, 1); err != nil {
		return err
	}
	mt := op.Operands[0].Type.(*MemRefType)
	if len(op.Operands)-1 != len(mt.Shape) {
		return Errorf(op, "incorrect number of indices for load, expected %d but got %d", len(mt.Shape), len(op.Operands)-1)
	}
	if len(op.Results) != 1 || op.Results[0].Type != mt.Elem {
		return Errorf(op, "result type must match the memref element type")
	}
	return nil
}

func parseStore(p AsmParser, st *OperationState) error {
	v, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	m, idx, mt, err := parseIndexedMemRef(p, st)
	if err != nil {
		return err
	}
	st.Operands = append(append(make([]OperandRef, 0, 2+len(idx)), v, m), idx...)
	st.OperandTypes = withIndexTypes(len(idx), mt.Elem, mt)
	return nil
}

func printStore(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(", ")
	p.Operand(op.Operands[1])
	p.Write("[")
	p.Operands(op.Operands[2:])
	p.Write("]")
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Operands[1].Type)
}

func verifyStoreOp(op *Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	if err := verifyMemRefOperand(op, 1); err != nil {
		return err
	}
	if mt := op.Operands[1].Type.(*MemRefType); !mt.Ranked {
		return Errorf(op, "operand #1 must be ranked memref, but got '%s'", mt)
	}
	if err := expectResults(op, 0); err != nil {
		return err
	}
	mt := op.Operands[1].Type.(*MemRefType)
	if len(op.Operands)-2 != len(mt.Shape) {
		return Errorf(op, "store index operand count not equal to memref rank")
	}
	if op.Operands[0].Type != mt.Elem {
		return Errorf(op, "value type must match the memref element type")
	}
	return checkIndexOperands(op, 2)
}

func verifyCopyOp(op *Operation) error {
	if err := verifyCounts(op, 2, 0); err != nil {
		return err
	}
	a, ok1 := op.Operands[0].Type.(*MemRefType)
	b, ok2 := op.Operands[1].Type.(*MemRefType)
	if !ok1 || !ok2 {
		return Errorf(op, "operands must be memrefs")
	}
	if a.Ranked && b.Ranked && !sameStaticShape(a.Shape, b.Shape) {
		return Errorf(op, "requires the same shape for all operands")
	}
	if a.Elem != b.Elem {
		return Errorf(op, "requires the same element type for all operands")
	}
	return nil
}

// sameStaticShape: same rank, and equal sizes where both are static.
func sameStaticShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != Dynamic && b[i] != Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

func verifyDimOp(op *Operation) error {
	if err := expectOperands(op, 2); err != nil {
		return err
	}
	if err := expectResults(op, 1); err != nil {
		return err
	}
	if mt, ok := op.Operands[0].Type.(*MemRefType); !ok || mt.Ranked && len(mt.Shape) == 0 {
		return Errorf(op, "operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got '%s'", op.Operands[0].Type)
	}
	if op.Operands[1].Type != Index || op.Results[0].Type != Index {
		return Errorf(op, "index and result must be of index type")
	}
	return nil
}

// ---- views ----

func init() {
	Register(
		viewOp("memref.view", "view a byte buffer as a typed buffer", "view", parseView, printView, verifyViewOp),
		viewOp("memref.subview", "a strided window of a buffer", "subview", parseSubView, printSubView, verifySubView,
			"operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"),
		viewOp("memref.reinterpret_cast", "reinterpret a buffer's layout", "reinterpret_cast", parseReinterpretCast, printReinterpretCast, verifyReinterpretCast,
			"operandSegmentSizes", "static_offsets", "static_sizes", "static_strides"),
		viewOp("memref.cast", "cast to a compatible memref type", "cast", parseCastLike("to", "", "", ""), printCastLike("to", "", "", ""), verifyMemRefCast),
		viewOp("memref.memory_space_cast", "move a buffer to another memory space", "memspacecast", parseCastLike("to", "", "", ""), printCastLike("to", "", "", ""), verifyMemRefCast),
	)
}

func init() {
	Register(
		viewOp("memref.expand_shape", "split dimensions", "expand_shape", parseExpandShape, printExpandShape, verifyExpandCollapse,
			"reassociation", "static_output_shape"),
		viewOp("memref.collapse_shape", "merge dimensions", "collapse_shape", parseCollapseShape, printCollapseShape, verifyExpandCollapse,
			"reassociation"),
	)
}

// viewOp defines a memref view op: pure, its result an alias of its first
// operand, so the analyses follow a buffer through any chain of views.
func viewOp(name, summary, hintName string, parse func(AsmParser, *OperationState) error, print func(AsmPrinter, *Operation), verify func(*Operation) error, inherent ...string) *OpDef {
	return &OpDef{
		Name: name, Summary: summary, Traits: ViewLike | Pure, ViewSource: 0,
		Inherent: inherent, Parse: parse, Print: print, NameHint: hint(hintName),
		Verify: verify,
	}
}

// verifyViewLike checks the one source operand and one result every view
// printer relies on, both memrefs.
func verifyViewLike(op *Operation) error {
	if len(op.Operands) < 1 {
		return Errorf(op, "requires a source operand")
	}
	if err := expectResults(op, 1); err != nil {
		return err
	}
	if err := verifyMemRefOperand(op, 0); err != nil {
		return err
	}
	return verifyMemRefResult(op)
}

func parseView(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	off0, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct("]"); err != nil {
		return err
	}
	off := []OperandRef{off0}
	sizes, err := p.ParseOperandList("[")
	if err != nil {
		return err
	}
	if err := parseCastTail(p, st); err != nil {
		return err
	}
	st.Operands = append([]OperandRef{src, off[0]}, sizes...)
	st.OperandTypes = append(st.OperandTypes, indexTypes(1+len(sizes))...)
	return nil
}

func printView(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write("[")
	p.Operand(op.Operands[1])
	p.Write("][")
	p.Operands(op.Operands[2:])
	p.Write("]")
	printCastTail(p, op)
}

func verifyViewOp(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	if len(op.Operands) < 2 {
		return Errorf(op, "requires a byte shift operand")
	}
	mt := op.Results[0].Type.(*MemRefType)
	// A view reinterprets contiguous bytes: both sides have the identity
	// layout (a strided layout is refused even when it spells the
	// identity), and the view stays in the base's memory space. The
	// messages are MLIR's (emitted without the op-name prefix).
	base, _ := op.Operands[0].Type.(*MemRefType)
	if base != nil && !identityLayout(base.Layout) {
		return NewError(op.Loc, "unsupported map for base memref type '%s'", base)
	}
	if !identityLayout(mt.Layout) {
		return NewError(op.Loc, "unsupported map for result memref type '%s'", mt)
	}
	if base != nil && attrText(base.MemSpace) != attrText(mt.MemSpace) {
		return NewError(op.Loc, "different memory spaces specified for base memref type '%s' and view memref type '%s'", base, mt)
	}
	if len(op.Operands)-2 != mt.NumDynamicDims() {
		return Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", len(op.Operands)-2, mt.NumDynamicDims())
	}
	return checkIndexOperands(op, 1)
}

// attrText prints an optional attribute ("" when absent).
func attrText(a Attribute) string {
	if a == nil {
		return ""
	}
	return a.String()
}

// identityLayout reports whether a memref layout is the identity: none, or
// an affine map sending its dimensions to themselves in order.
func identityLayout(layout Attribute) bool {
	if layout == nil {
		return true
	}
	raw, ok := layout.(*RawAttr)
	if !ok || !raw.IsAffineMap() {
		return false
	}
	body := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(raw.Text, "affine_map<"), ">"), " ", "")
	dims, results, ok := strings.Cut(body, "->")
	return ok && strings.HasPrefix(dims, "(") && dims == results
}

// ---- mixed static/dynamic index lists ----

// parseMixedList reads [a, %b, 3]: static values with Dynamic placeholders
// for the SSA entries, which are returned separately.
func parseMixedList(p AsmParser) (dyn []OperandRef, static []int64, err error) {
	return parseMixed(p, "[", "]", true)
}

// parseMixed reads a mixed list between open and close (empty only when
// allowEmpty).
func parseMixed(p AsmParser, open, close string, allowEmpty bool) (dyn []OperandRef, static []int64, err error) {
	if err := p.ParsePunct(open); err != nil {
		return nil, nil, err
	}
	if allowEmpty && p.ParseOptionalPunct(close) {
		return nil, nil, nil
	}
	for {
		if p.PeekOperand() {
			r, err := p.ParseOperand()
			if err != nil {
				return nil, nil, err
			}
			dyn = append(dyn, r)
			static = append(static, Dynamic)
		} else {
			n, err := p.ParseInteger()
			if err != nil {
				return nil, nil, err
			}
			static = append(static, n)
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return dyn, static, p.ParsePunct(close)
}

// printMixedList prints [a, %b, 3], the form parseMixedList reads.
func printMixedList(p AsmPrinter, static []int64, dyn []*Value) {
	printMixed(p, "[", "]", static, dyn)
}

// printMixed prints a mixed list between open and close: the static
// values, with dyn's operands in place of the Dynamic ones.
func printMixed(p AsmPrinter, open, close string, static []int64, dyn []*Value) {
	p.Write(open)
	k := 0
	for i, s := range static {
		if i > 0 {
			p.Write(", ")
		}
		if s == Dynamic && k < len(dyn) {
			p.Operand(dyn[k])
			k++
		} else {
			p.Write(strconv.FormatInt(s, 10))
		}
	}
	p.Write(close)
}

func staticArray(op *Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*DenseArrayAttr); ok {
		return a.Values
	}
	return nil
}

// ---- subview / reinterpret_cast ----

func parseSubView(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	return parseOffsetsSizesStrides(p, st, src, nil)
}

// parseOffsetsSizesStrides reads the offsets, sizes and strides of a
// subview or reinterpret_cast (mixed static/dynamic lists, each after its
// key `offset:`, `sizes:`, `strides:` when keys are given), then the cast
// tail, and lays out the operands and their segment sizes.
func parseOffsetsSizesStrides(p AsmParser, st *OperationState, src OperandRef, keys []string) error {
	var dyns [3][]OperandRef
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	for i := range 3 {
		if keys != nil {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			if err := p.ParseKeyword(keys[i]); err != nil {
				return err
			}
			if err := p.ParsePunct(":"); err != nil {
				return err
			}
		}
		d, s, err := parseMixedList(p)
		if err != nil {
			return err
		}
		dyns[i] = d
		st.AddAttr(names[i], I64Array(s...))
	}
	if err := parseCastTail(p, st); err != nil {
		return err
	}
	st.Operands = []OperandRef{src}
	for i := range 3 {
		st.Operands = append(st.Operands, dyns[i]...)
		st.OperandTypes = append(st.OperandTypes, indexTypes(len(dyns[i]))...)
	}
	st.AddAttr("operandSegmentSizes", I32Array(1, int64(len(dyns[0])), int64(len(dyns[1])), int64(len(dyns[2]))))
	return nil
}

func printSubView(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	for i, n := range names {
		if i > 0 {
			p.Write(" ")
		}
		printMixedList(p, staticArray(op, n), op.OperandSegment(i+1))
	}
	printCastTail(p, op, append(names, "operandSegmentSizes")...)
}

func parseReinterpretCast(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("to"); err != nil {
		return err
	}
	return parseOffsetsSizesStrides(p, st, src, []string{"offset", "sizes", "strides"})
}

func printReinterpretCast(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(" to ")
	keys := []string{"offset", "sizes", "strides"}
	names := []string{"static_offsets", "static_sizes", "static_strides"}
	for i, n := range names {
		if i > 0 {
			p.Write(", ")
		}
		p.Write(keys[i] + ": ")
		printMixedList(p, staticArray(op, n), op.OperandSegment(i+1))
	}
	printCastTail(p, op, append(names, "operandSegmentSizes")...)
}

// ---- expand_shape / collapse_shape ----

func parseReassociation(p AsmParser, st *OperationState) error {
	a, err := p.ParseAttribute()
	if err != nil {
		return err
	}
	arr, ok := a.(*ArrayAttr)
	if !ok {
		return p.Errorf("expected reassociation indices [[...], ...]")
	}
	st.AddAttr("reassociation", arr)
	return nil
}

func parseExpandShape(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := parseReassociation(p, st); err != nil {
		return err
	}
	if err := p.ParseKeyword("output_shape"); err != nil {
		return err
	}
	dyn, static, err := parseMixedList(p)
	if err != nil {
		return err
	}
	st.AddAttr("static_output_shape", I64Array(static...))
	from, to, err := parseTypePair(p, st, "into")
	if err != nil {
		return err
	}
	st.Operands = append([]OperandRef{src}, dyn...)
	st.OperandTypes = []Type{from}
	st.OperandTypes = append(st.OperandTypes, indexTypes(len(dyn))...)
	st.ResultTypes = []Type{to}
	return nil
}

func printExpandShape(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(" " + op.Attr("reassociation").String() + " output_shape ")
	printMixedList(p, staticArray(op, "static_output_shape"), op.Operands[1:])
	p.AttrDict(op, "reassociation", "static_output_shape")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" into ")
	p.Type(op.Results[0].Type)
}

func parseCollapseShape(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := parseReassociation(p, st); err != nil {
		return err
	}
	from, to, err := parseTypePair(p, st, "into")
	if err != nil {
		return err
	}
	st.Operands = []OperandRef{src}
	st.OperandTypes = []Type{from}
	st.ResultTypes = []Type{to}
	return nil
}

func printCollapseShape(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(" " + op.Attr("reassociation").String())
	p.AttrDict(op, "reassociation")
	p.Write(" : ")
	p.Type(op.Operands[0].Type)
	p.Write(" into ")
	p.Type(op.Results[0].Type)
}

// ---- cast / memory_space_cast ----

func verifyMemRefCast(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	if err := expectOperands(op, 1); err != nil {
		return err
	}
	a := op.Operands[0].Type.(*MemRefType)
	b := op.Results[0].Type.(*MemRefType)
	if op.Name == "memref.cast" && !castCompatible(a, b) || a.Elem != b.Elem {
		return Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", a, b)
	}
	return nil
}

// ---- global / get_global ----

func init() {
	Register(
		&OpDef{
			Name: "memref.global", Summary: "a global buffer",
			Traits:   Symbol,
			Inherent: []string{"sym_name", "sym_visibility", "type", "initial_value", "constant", "alignment"},
			Parse:    parseGlobal, Print: printGlobal, Verify: verifyGlobalOp,
		},
		&OpDef{
			Name: "memref.get_global", Summary: "the buffer of a global", Traits: Pure,
			Inherent: []string{"name"},
			Parse: func(p AsmParser, st *OperationState) error {
				name, err := p.ParseSymbolName()
				if err != nil {
					return err
				}
				st.AddAttr("name", &SymbolRefAttr{Root: name})
				if err := p.ParsePunct(":"); err != nil {
					return err
				}
				t, err := p.ParseType()
				if err != nil {
					return err
				}
				st.ResultTypes = []Type{t}
				return parseTrailingAttrDict(p, st)
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" " + op.Attr("name").String() + " : ")
				p.Type(op.Results[0].Type)
				p.AttrDict(op, "name")
			},
			Verify:           verifyGetGlobalOp,
			VerifySymbolUses: verifyGetGlobalUses,
		},
	)
}

func parseGlobal(p AsmParser, st *OperationState) error {
	if s, ok := p.ParseOptionalString(); ok {
		st.AddAttr("sym_visibility", Str(s))
	}
	if p.ParseOptionalKeyword("constant") {
		st.AddAttr("constant", Unit)
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr("sym_name", Str(name))
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	if mt, ok := t.(*MemRefType); !ok || !mt.Ranked || !mt.HasStaticShape() {
		return p.ErrorAt(st.Loc, "type should be static shaped memref, but got '%s'", t)
	}
	st.AddAttr("type", &TypeAttr{t})
	if p.ParseOptionalPunct("=") {
		if p.ParseOptionalKeyword("uninitialized") {
			st.AddAttr("initial_value", Unit)
		} else {
			a, err := p.ParseAttribute()
			if err != nil {
				return err
			}
			if d, ok := a.(*DenseElementsAttr); ok && d.Type == nil {
				if mt, ok := t.(*MemRefType); ok {
					d.Type = Tensor(mt.Shape, mt.Elem, nil)
				}
			}
			st.AddAttr("initial_value", a)
		}
	}
	return parseTrailingAttrDict(p, st)
}

func printGlobal(p AsmPrinter, op *Operation) {
	if vis, ok := op.StrAttrValue("sym_visibility"); ok {
		p.Write(" " + Quote(vis))
	}
	if op.HasAttr("constant") {
		p.Write(" constant")
	}
	name, _ := op.StrAttrValue("sym_name")
	p.Write(" " + FormatSymbol(name) + " : ")
	if ta, ok := op.Attr("type").(*TypeAttr); ok {
		p.Type(ta.Type)
	}
	switch iv := op.Attr("initial_value").(type) {
	case nil:
	case *UnitAttr:
		p.Write(" = uninitialized")
	case *DenseElementsAttr:
		p.Write(" = dense<" + iv.Literal + ">")
	default:
		p.Write(" = ")
		p.Attr(iv)
	}
	p.AttrDict(op, "sym_visibility", "constant", "sym_name", "type", "initial_value")
}

// verifyGlobalOp checks, in mlir-opt's order, the attributes' own
// constraints, the symbol's visibility, then the type and initial value.
func verifyGlobalOp(op *Operation) error {
	if err := verifyCounts(op, 0, 0); err != nil {
		return err
	}
	if _, ok := op.StrAttrValue("sym_name"); !ok {
		return Errorf(op, "requires attribute 'sym_name'")
	}
	if a := op.Attr("alignment"); a != nil {
		n, ok := a.(*IntegerAttr)
		if !ok || n.Value <= 0 || n.Value&(n.Value-1) != 0 {
			return Errorf(op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")
		}
	}
	if vis := op.Attr("sym_visibility"); vis != nil {
		s, ok := vis.(*StringAttr)
		if !ok {
			return Errorf(op, "requires a string 'sym_visibility'")
		}
		if s.Value != "public" && s.Value != "private" && s.Value != "nested" {
			return Errorf(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", Quote(s.Value))
		}
	}
	ta, _ := op.Attr("type").(*TypeAttr)
	var mt *MemRefType
	if ta != nil {
		mt, _ = ta.Type.(*MemRefType)
	}
	if mt == nil || !mt.Ranked || !mt.HasStaticShape() {
		if ta == nil {
			return Errorf(op, "type should be static shaped memref")
		}
		return Errorf(op, "type should be static shaped memref, but got '%s'", ta.Type)
	}
	switch iv := op.Attr("initial_value").(type) {
	case nil, *UnitAttr:
	case *DenseElementsAttr:
		tt, ok := iv.Type.(*TensorType)
		if !ok {
			return Errorf(op, "initial value should be a unit or elements attribute, but got %s", iv)
		}
		if tt.Elem != mt.Elem {
			return Errorf(op, "initial value element expected to be of type '%s', but was of type '%s'", mt.Elem, tt.Elem)
		}
		if !slices.Equal(tt.Shape, mt.Shape) {
			return Errorf(op, "initial value shape expected to be %s but was %s", shapeText(mt.Shape), shapeText(tt.Shape))
		}
	default:
		return Errorf(op, "initial value should be a unit or elements attribute, but got %s", iv)
	}
	return nil
}

func verifyGetGlobalOp(op *Operation) error {
	if err := verifyCounts(op, 0, 1); err != nil {
		return err
	}
	if _, ok := op.Attr("name").(*SymbolRefAttr); !ok {
		return Errorf(op, "requires attribute 'name'")
	}
	return verifyMemRefResult(op)
}

// verifyGetGlobalUses checks the global exists in the nearest enclosing
// symbol table and has the result's type.
func verifyGetGlobalUses(op *Operation, symbols Symbols) error {
	ref := op.Attr("name").(*SymbolRefAttr) // checked by the op's verifier
	if len(ref.Nested) > 0 {
		return nil
	}
	g := symbols[ref.Root]
	if g == nil || g.Name != "memref.global" {
		return Errorf(op, "'%s' does not reference a valid global memref", ref.Root)
	}
	if ta, ok := g.Attr("type").(*TypeAttr); ok && ta.Type != op.Results[0].Type {
		return Errorf(op, "result type '%s' does not match type '%s' of the global memref %s", op.Results[0].Type, ta.Type, FormatSymbol(ref.Root))
	}
	return nil
}

// ---- extract_aligned_pointer_as_index / extract_strided_metadata ----

func init() {
	Register(
		&OpDef{
			Name: "memref.extract_aligned_pointer_as_index", Summary: "the aligned base pointer as an index", Traits: Pure,
			Parse: func(p AsmParser, st *OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []OperandRef{r}
				t, rt, err := parseTypePair(p, st, "->")
				if err != nil {
					return err
				}
				st.OperandTypes = []Type{t}
				st.ResultTypes = []Type{rt}
				return nil
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				p.AttrDict(op)
				p.Write(" : ")
				p.Type(op.Operands[0].Type)
				p.Write(" -> ")
				p.Type(op.Results[0].Type)
			},
			Verify:   verifyOneToOne,
			NameHint: hint("intptr"),
		},
		&OpDef{
			Name: "memref.extract_strided_metadata", Summary: "base buffer, offset, sizes and strides", Traits: Pure | ViewLike,
			Parse: func(p AsmParser, st *OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []OperandRef{r}
				t, err := parseColonType(p, st)
				if err != nil {
					return err
				}
				if err := p.ParsePunct("->"); err != nil {
					return err
				}
				ts, err := p.ParseTypeList()
				if err != nil {
					return err
				}
				st.OperandTypes = []Type{t}
				st.ResultTypes = ts
				return nil
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				p.AttrDict(op)
				p.Write(" : ")
				p.Type(op.Operands[0].Type)
				p.Write(" -> ")
				p.Types(ValueTypes(op.Results))
			},
			Verify: verifyExtractStridedMetadata,
			NameHint: func(op *Operation) []string {
				names := []string{"base_buffer", "offset"}
				n := (len(op.Results) - 2) / 2
				for i := 0; i < n; i++ {
					names = append(names, "sizes")
				}
				for i := 0; i < n; i++ {
					names = append(names, "strides")
				}
				return names
			},
		},
	)
}

func verifyOneToOne(op *Operation) error { return verifyCounts(op, 1, 1) }

func verifyExtractStridedMetadata(op *Operation) error {
	if err := expectOperands(op, 1); err != nil {
		return err
	}
	mt, ok := op.Operands[0].Type.(*MemRefType)
	if !ok || !mt.Ranked {
		return Errorf(op, "operand #0 must be a ranked memref")
	}
	if want := 2 + 2*len(mt.Shape); len(op.Results) != want {
		return Errorf(op, "requires %d results, but found %d", want, len(op.Results))
	}
	return nil
}

// ---- bufferization bridges ----

func init() {
	Register(
		&OpDef{
			Name: "bufferization.to_buffer", Summary: "the buffer behind a tensor",
			Inherent: []string{"read_only"},
			Parse: func(p AsmParser, st *OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []OperandRef{r}
				if p.ParseOptionalKeyword("read_only") {
					st.AddAttr("read_only", Unit)
				}
				return parseCastTail(p, st)
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				if op.HasAttr("read_only") {
					p.Write(" read_only")
				}
				printCastTail(p, op, "read_only")
			},
			Verify: verifyToBuffer,
		},
		&OpDef{
			Name: "bufferization.to_tensor", Summary: "a tensor view of a buffer",
			Inherent: []string{"restrict", "writable"},
			Parse: func(p AsmParser, st *OperationState) error {
				r, err := p.ParseOperand()
				if err != nil {
					return err
				}
				st.Operands = []OperandRef{r}
				for _, kw := range []string{"restrict", "writable"} {
					if p.ParseOptionalKeyword(kw) {
						st.AddAttr(kw, Unit)
					}
				}
				return parseCastTail(p, st)
			},
			Print: func(p AsmPrinter, op *Operation) {
				p.Write(" ")
				p.Operand(op.Operands[0])
				for _, kw := range []string{"restrict", "writable"} {
					if op.HasAttr(kw) {
						p.Write(" " + kw)
					}
				}
				printCastTail(p, op, "restrict", "writable")
			},
			Verify: verifyToTensor,
		},
		&OpDef{
			Name: "bufferization.clone", Summary: "a fresh copy of a buffer",
			Traits:  AllocLike,
			Effects: []Effect{{Kind: Allocate, Operand: -1, Result: 0}, {Kind: Read, Operand: 0, Result: -1}},
			Parse:   parseCastLike("to", "", "", ""),
			Print:   printCastLike("to", "", "", ""),
			Verify:  verifyCloneOp,
		},
	)
}

func verifyToBuffer(op *Operation) error {
	if err := verifyCounts(op, 1, 1); err != nil {
		return err
	}
	if _, ok := op.Operands[0].Type.(*TensorType); !ok {
		return Errorf(op, "operand #0 must be a tensor, but got '%s'", op.Operands[0].Type)
	}
	return verifyMemRefResult(op)
}

func verifyToTensor(op *Operation) error {
	if err := verifyCounts(op, 1, 1); err != nil {
		return err
	}
	if err := verifyMemRefOperand(op, 0); err != nil {
		return err
	}
	if _, ok := op.Results[0].Type.(*TensorType); !ok {
		return Errorf(op, "result #0 must be a tensor, but got '%s'", op.Results[0].Type)
	}
	return nil
}

func verifyCloneOp(op *Operation) error {
	if err := verifyCounts(op, 1, 1); err != nil {
		return err
	}
	if err := verifyMemRefOperand(op, 0); err != nil {
		return err
	}
	return verifyMemRefResult(op)
}
