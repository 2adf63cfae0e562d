package dialect

// The bufferization ops of LLVM 22 beyond to_buffer, to_tensor and clone:
// alloc_tensor, dealloc_tensor, materialize_in_destination, and dealloc,
// the ownership-based deallocation's conditional free.

func init() {
	Register(
		&OpDef{
			Name: "bufferization.alloc_tensor", Summary: "a new tensor to bufferize into a fresh buffer",
			Inherent: []string{"memory_space", "operandSegmentSizes"},
			Parse:    parseAllocTensor, Print: printAllocTensor, Verify: verifyAllocTensor,
		},
		&OpDef{
			Name: "bufferization.dealloc_tensor", Summary: "release a tensor's buffer",
			Parse: parseOperandColonType, Print: printOperandColonType,
			Verify: func(op *Operation) error {
				if err := verifyCounts(op, 1, 0); err != nil {
					return err
				}
				if _, ok := op.Operands[0].Type.(*TensorType); !ok {
					return Errorf(op, "operand #0 must be tensor of any type values, but got '%s'", op.Operands[0].Type)
				}
				return nil
			},
		},
		&OpDef{
			Name: "bufferization.materialize_in_destination", Summary: "store a tensor into a destination",
			Inherent: []string{"restrict", "writable"},
			Effects:  []Effect{{Kind: Read, Operand: 0, Result: -1}, {Kind: Write, Operand: 1, Result: -1}},
			Parse:    parseMaterialize, Print: printMaterialize, Verify: verifyMaterialize,
		},
	)
}

func init() {
	Register(
		&OpDef{
			Name: "bufferization.dealloc", Summary: "free buffers under conditions, keeping retained ones",
			Inherent:  []string{"operandSegmentSizes"},
			Effects:   []Effect{{Kind: Free, Operand: AllOperands, Result: -1}},
			Frees:     deallocFrees,
			DropFrees: dropDeallocEntries,
			Parse:     parseDealloc, Print: printDealloc, Verify: verifyDealloc,
		},
	)
}

// ---- the dialect's attributes on ops ----

// The only bufferization attribute an op may carry in LLVM 22 is
// manual_deallocation, on ops that allocate or free.
func init() {
	RegisterDialectAttrVerifier("bufferization", func(op *Operation, a NamedAttr) error {
		if a.Name != "bufferization.manual_deallocation" {
			return NewError(op.Loc, "attribute '%s' not supported as an op attribute by the bufferization dialect", Quote(a.Name))
		}
		if op.Def != nil {
			for _, e := range op.Def.Effects {
				if e.Kind == Allocate || e.Kind == Free {
					return nil
				}
			}
		}
		return Errorf(op, "attribute 'bufferization.manual_deallocation' can be used only on ops that have an allocation and/or free side effect")
	})
}

// ---- alloc_tensor ----

// parseAllocTensor reads `(%d, ...) [copy(%t)] [size_hint=%h] attr-dict : T`.
func parseAllocTensor(p AsmParser, st *OperationState) error {
	dyn, err := p.ParseOperandList("(")
	if err != nil {
		return err
	}
	var cp, hint []OperandRef
	if p.ParseOptionalKeyword("copy") {
		if cp, err = p.ParseOperandList("("); err != nil {
			return err
		}
	}
	if p.ParseOptionalKeyword("size_hint") {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		h, err := p.ParseOperand()
		if err != nil {
			return err
		}
		hint = []OperandRef{h}
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	st.Operands = append(append(append(st.Operands, dyn...), cp...), hint...)
	st.OperandTypes = indexTypes(len(dyn))
	for range cp {
		st.OperandTypes = append(st.OperandTypes, t)
	}
	st.OperandTypes = append(st.OperandTypes, indexTypes(len(hint))...)
	st.ResultTypes = []Type{t}
	st.AddAttr("operandSegmentSizes", I32Array(int64(len(dyn)), int64(len(cp)), int64(len(hint))))
	return nil
}

func printAllocTensor(p AsmPrinter, op *Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 {
		return
	}
	p.Write("(")
	p.Operands(op.OperandSegment(0))
	p.Write(")")
	if seg[1] > 0 {
		p.Write(" copy(")
		p.Operands(op.OperandSegment(1))
		p.Write(")")
	}
	if seg[2] > 0 {
		p.Write(" size_hint=")
		p.Operands(op.OperandSegment(2))
	}
	p.AttrDict(op, "operandSegmentSizes")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

func verifyAllocTensor(op *Operation) error {
	seg, err := verifySegments(op, 3, true)
	if err != nil {
		return err
	}
	if len(op.Results) != 1 {
		return Errorf(op, "requires one result")
	}
	t, ok := op.Results[0].Type.(*TensorType)
	if !ok || !t.Ranked {
		return Errorf(op, "result #0 must be ranked tensor of any type values, but got '%s'", op.Results[0].Type)
	}
	if seg[1] > 1 || seg[2] > 1 {
		return Errorf(op, "expected at most one copy and one size hint")
	}
	if seg[1] == 1 && seg[0] > 0 {
		return Errorf(op, "dynamic sizes not needed when copying a tensor")
	}
	nDyn := 0
	for _, d := range t.Shape {
		if d == Dynamic {
			nDyn++
		}
	}
	if seg[1] == 0 && seg[0] != nDyn {
		return Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", seg[0], nDyn)
	}
	if seg[1] == 1 && op.OperandSegment(1)[0].Type != op.Results[0].Type {
		return Errorf(op, "expected that `copy` and return types match")
	}
	return nil
}

// ---- materialize_in_destination ----

func parseMaterialize(p AsmParser, st *OperationState) error {
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("in"); err != nil {
		return err
	}
	for _, kw := range []string{"restrict", "writable"} {
		if p.ParseOptionalKeyword(kw) {
			st.AddAttr(kw, Unit)
		}
	}
	dst, err := p.ParseOperand()
	if err != nil {
		return err
	}
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok || len(ft.Inputs) != 2 {
		return p.Errorf("expected a function type (source, dest) -> result")
	}
	st.Operands = []OperandRef{src, dst}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	return nil
}

func printMaterialize(p AsmPrinter, op *Operation) {
	p.Write(" ")
	p.Operand(op.Operands[0])
	p.Write(" in ")
	for _, kw := range []string{"restrict", "writable"} {
		if op.HasAttr(kw) {
			p.Write(kw + " ")
		}
	}
	p.Operand(op.Operands[1])
	p.AttrDict(op, "restrict", "writable")
	p.Write(" : ")
	p.Type(Function(ValueTypes(op.Operands), ValueTypes(op.Results)))
}

func verifyMaterialize(op *Operation) error {
	if len(op.Operands) != 2 || len(op.Results) > 1 {
		return Errorf(op, "requires a source and a destination")
	}
	src, dst := op.Operands[0].Type, op.Operands[1].Type
	if _, ok := src.(*TensorType); !ok {
		return Errorf(op, "operand #0 must be tensor of any type values, but got '%s'", src)
	}
	if elemOf(src) != elemOf(dst) {
		return Errorf(op, "failed to verify that all of {source, dest} have same element type")
	}
	_, dstTensor := dst.(*TensorType)
	if dstTensor {
		if op.HasAttr("restrict") {
			return Errorf(op, "'restrict' is valid only for memref destinations")
		}
		if op.HasAttr("writable") {
			return Errorf(op, "'writable' must be specified if and only if the destination is of memref type")
		}
		if len(op.Results) != 1 || op.Results[0].Type != dst {
			return Errorf(op, "failed to verify that all of {dest, result} have same type")
		}
		return nil
	}
	if !IsMemRef(dst) {
		return Errorf(op, "operand #1 must be ranked tensor or ranked memref, but got '%s'", dst)
	}
	if !op.HasAttr("writable") {
		return Errorf(op, "'writable' must be specified if and only if the destination is of memref type")
	}
	if len(op.Results) != 0 {
		return Errorf(op, "failed to verify that all of {dest, result} have same type")
	}
	return nil
}

// elemOf is the element type of a shaped type, or nil.
func elemOf(t Type) Type {
	switch t := t.(type) {
	case *TensorType:
		return t.Elem
	case *MemRefType:
		return t.Elem
	case *VectorType:
		return t.Elem
	}
	return nil
}

// ---- dealloc ----

// deallocFrees: memref i is freed when condition i holds. Which retained
// value's ownership the results report is decided at run time by
// aliasing, so a caller changing the list must keep the retained values
// apart from what it removes.
func deallocFrees(op *Operation) []Freed {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != seg[1] || seg[0]+seg[1]+seg[2] != len(op.Operands) {
		return nil
	}
	out := make([]Freed, seg[0])
	for i := range out {
		out[i] = Freed{Operand: i, Cond: op.Operands[seg[0]+i]}
	}
	return out
}

// dropDeallocEntries removes memrefs (by operand index) and their
// conditions from the list; the op goes when the list and the retained
// values are empty.
func dropDeallocEntries(op *Operation, operands []int) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 || seg[0] != seg[1] {
		return
	}
	drop := map[int]bool{}
	for _, i := range operands {
		if i >= 0 && i < seg[0] {
			drop[i] = true
		}
	}
	var mems, conds []*Value
	for i := range seg[0] {
		if !drop[i] {
			mems = append(mems, op.Operands[i])
			conds = append(conds, op.Operands[seg[0]+i])
		}
	}
	if len(mems) == 0 && seg[2] == 0 {
		op.Erase()
		return
	}
	retained := append([]*Value(nil), op.Operands[seg[0]+seg[1]:]...)
	op.SetOperands(append(append(mems, conds...), retained...))
	op.SetAttr("operandSegmentSizes", I32Array(int64(len(mems)), int64(len(conds)), int64(len(retained))))
}

// parseDealloc reads `[(%m, ... : T, ...) if (%c, ...)] [retain (%r, ...
// : T, ...)] attr-dict`; the results are one i1 per retained value.
func parseDealloc(p AsmParser, st *OperationState) error {
	var nMem, nCond, nRet int
	if p.ParseOptionalPunct("(") {
		n, err := parseTypedOperands(p, st, "for the memrefs")
		if err != nil {
			return err
		}
		nMem = n
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		if err := p.ParseKeyword("if"); err != nil {
			return err
		}
		conds, err := p.ParseOperandList("(")
		if err != nil {
			return err
		}
		nCond = len(conds)
		st.Operands = append(st.Operands, conds...)
		for range conds {
			st.OperandTypes = append(st.OperandTypes, I1)
		}
	}
	if p.ParseOptionalKeyword("retain") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		n, err := parseTypedOperands(p, st, "for the retained memrefs")
		if err != nil {
			return err
		}
		nRet = n
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	for range nRet {
		st.ResultTypes = append(st.ResultTypes, I1)
	}
	st.AddAttr("operandSegmentSizes", I32Array(int64(nMem), int64(nCond), int64(nRet)))
	return parseTrailingAttrDict(p, st)
}

func printDealloc(p AsmPrinter, op *Operation) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if len(seg) != 3 {
		return
	}
	if seg[0] > 0 {
		mems := op.OperandSegment(0)
		p.Write(" (")
		p.Operands(mems)
		p.Write(" : ")
		p.Types(ValueTypes(mems))
		p.Write(") if (")
		p.Operands(op.OperandSegment(1))
		p.Write(")")
	}
	if seg[2] > 0 {
		ret := op.OperandSegment(2)
		p.Write(" retain (")
		p.Operands(ret)
		p.Write(" : ")
		p.Types(ValueTypes(ret))
		p.Write(")")
	}
	p.AttrDict(op, "operandSegmentSizes")
}

func verifyDealloc(op *Operation) error {
	seg, err := verifySegments(op, 3, true)
	if err != nil {
		return err
	}
	if seg[0] != seg[1] {
		return Errorf(op, "must have the same number of conditions as memrefs to deallocate")
	}
	if seg[2] != len(op.Results) {
		return Errorf(op, "must have the same number of updated conditions (results) as retained operands")
	}
	for i, v := range op.Operands {
		switch {
		case i < seg[0] || i >= seg[0]+seg[1]:
			if !IsMemRef(v.Type) {
				return Errorf(op, "operand #%d must be variadic of ranked or unranked memref of any type values, but got '%s'", i, v.Type)
			}
		default:
			if v.Type != I1 {
				return Errorf(op, "operand #%d must be variadic of 1-bit signless integer, but got '%s'", i, v.Type)
			}
		}
	}
	for _, r := range op.Results {
		if r.Type != I1 {
			return Errorf(op, "result must be 1-bit signless integer")
		}
	}
	return nil
}
