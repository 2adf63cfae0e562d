package dialect

import "strings"

// Verifiers of the builtin, func, arith, scf, cf, memref and bufferization
// ops: operand and result counts, operand kinds and type agreement, the
// attributes each op's printer relies on, and the nesting of terminators.
// Generic-form input can build any op with any operands, so an op that
// passes its verifier must be printable in its custom form and mean the
// same after a round trip. Messages follow mlir-opt's wording.

// elemOrSelf returns the element type of a vector or tensor, else t.
func elemOrSelf(t Type) Type {
	switch s := t.(type) {
	case *VectorType:
		return s.Elem
	case *TensorType:
		return s.Elem
	}
	return t
}

func isSignlessIntOrIndex(t Type) bool {
	switch t := t.(type) {
	case *IntegerType:
		return t.Signedness == 0
	case *IndexType:
		return true
	}
	return false
}

// isSignlessIntLike: a signless integer or index, or a vector/tensor of them.
func isSignlessIntLike(t Type) bool { return isSignlessIntOrIndex(elemOrSelf(t)) }

// isFloatLike: a float, or a vector/tensor of floats.
func isFloatLike(t Type) bool {
	_, ok := elemOrSelf(t).(*FloatType)
	return ok
}

func checkOperandKinds(op *Operation, kind string, ok func(Type) bool) error {
	for i, v := range op.Operands {
		if !ok(v.Type) {
			return Errorf(op, "operand #%d must be %s, but got '%s'", i, kind, v.Type)
		}
	}
	return nil
}

func expectOperands(op *Operation, n int) error {
	if len(op.Operands) != n {
		return Errorf(op, "expected %d operands, but found %d", n, len(op.Operands))
	}
	return nil
}

func expectResults(op *Operation, n int) error {
	if len(op.Results) != n {
		return Errorf(op, "requires %d results, but found %d", n, len(op.Results))
	}
	return nil
}

// ---- arith ----

// arithElementwise verifies n same-typed operands and one result of that
// type, of the given kind.
func arithElementwise(n int, kind string, ok func(Type) bool) func(*Operation) error {
	return func(op *Operation) error {
		if err := expectOperands(op, n); err != nil {
			return err
		}
		if err := verifySameOperandsAndResultType(op); err != nil {
			return err
		}
		if err := checkOperandKinds(op, kind, ok); err != nil {
			return err
		}
		return checkFlagsAttr(op)
	}
}

var (
	verifyIntBinary   = arithElementwise(2, "signless-integer-like", isSignlessIntLike)
	verifyFloatBinary = arithElementwise(2, "floating-point-like", isFloatLike)
	verifyFloatUnary  = arithElementwise(1, "floating-point-like", isFloatLike)
)

// checkFlagsAttr checks the overflow/fastmath properties are the dialect
// attributes the custom form prints.
func checkFlagsAttr(op *Operation) error {
	for _, f := range []struct{ name, prefix string }{{"overflowFlags", "#arith.overflow<"}, {"fastmath", "#arith.fastmath<"}} {
		a := op.Attr(f.name)
		if a == nil {
			continue
		}
		r, ok := a.(*RawAttr)
		if !ok || !strings.HasPrefix(r.Text, f.prefix) {
			return Errorf(op, "attribute '%s' failed to satisfy constraint: %s...> attribute", f.name, f.prefix)
		}
	}
	return nil
}

// shapesMatch reports whether two types have the same shape wrapper
// (scalar, or vector/tensor of one shape).
func shapesMatch(a, b Type) bool {
	switch a := a.(type) {
	case *VectorType:
		b, ok := b.(*VectorType)
		return ok && equalShape(a.Shape, b.Shape)
	case *TensorType:
		b, ok := b.(*TensorType)
		return ok && a.Ranked == b.Ranked && equalShape(a.Shape, b.Shape)
	}
	switch b.(type) {
	case *VectorType, *TensorType:
		return false
	}
	return true
}

func equalShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func floatWidth(t Type) int {
	if f, ok := elemOrSelf(t).(*FloatType); ok {
		return f.Width
	}
	return 0
}

// verifyArithCast checks one operand, one result, matching shapes and the
// element kinds of each cast.
func verifyArithCast(op *Operation) error {
	if err := expectOperands(op, 1); err != nil {
		return err
	}
	if err := expectResults(op, 1); err != nil {
		return err
	}
	from, to := op.Operands[0].Type, op.Results[0].Type
	fe, te := elemOrSelf(from), elemOrSelf(to)
	_, fIdx := fe.(*IndexType)
	_, tIdx := te.(*IndexType)
	fInt := isSignlessIntOrIndex(fe) && !fIdx
	tInt := isSignlessIntOrIndex(te) && !tIdx
	var ok bool
	switch op.Name {
	case "arith.index_cast", "arith.index_castui":
		ok = fIdx && tInt || fInt && tIdx
	case "arith.sitofp", "arith.uitofp":
		ok = fInt && isFloatLike(to)
	case "arith.fptosi", "arith.fptoui":
		ok = isFloatLike(from) && tInt
	case "arith.extsi", "arith.extui":
		ok = fInt && tInt && intWidth(te) > intWidth(fe)
	case "arith.trunci":
		ok = fInt && tInt && intWidth(te) < intWidth(fe)
	case "arith.extf":
		ok = isFloatLike(from) && isFloatLike(to) && floatWidth(to) > floatWidth(from)
	case "arith.truncf":
		ok = isFloatLike(from) && isFloatLike(to) && floatWidth(to) < floatWidth(from)
	case "arith.bitcast":
		ok = ElementBitWidth(fe) == ElementBitWidth(te) && ElementBitWidth(fe) > 0
	default:
		ok = true
	}
	if !ok || !shapesMatch(from, to) {
		return Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", from, to)
	}
	if a := op.Attr("roundingmode"); a != nil {
		if m, ok := a.(*IntegerAttr); !ok || m.Value < 0 || int(m.Value) >= len(roundingModes) {
			return Errorf(op, "attribute 'roundingmode' failed to satisfy constraint: Floating point rounding mode")
		}
	}
	return checkFlagsAttr(op)
}

func intWidth(t Type) int {
	if it, ok := t.(*IntegerType); ok {
		return it.Width
	}
	return 0
}

func verifyArithCmp(preds []string, kind string, ok func(Type) bool) func(*Operation) error {
	return func(op *Operation) error {
		p, isInt := op.Attr("predicate").(*IntegerAttr)
		if !isInt {
			return Errorf(op, "requires attribute 'predicate'")
		}
		if p.Value < 0 || int(p.Value) >= len(preds) {
			return Errorf(op, "attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0..%d", len(preds)-1)
		}
		if err := expectOperands(op, 2); err != nil {
			return err
		}
		if err := checkOperandKinds(op, kind, ok); err != nil {
			return err
		}
		if err := verifyCmp(op); err != nil {
			return err
		}
		return checkFlagsAttr(op)
	}
}

func verifyArithConstant(op *Operation) error {
	if err := verifyConstant(op); err != nil {
		return err
	}
	switch op.Attr("value").(type) {
	case *IntegerAttr, *FloatAttr, *DenseElementsAttr:
	default:
		return Errorf(op, "value must be an integer, float, or elements attribute")
	}
	return nil
}

func verifyArithSelect(op *Operation) error {
	if err := expectOperands(op, 3); err != nil {
		return err
	}
	return verifySelect(op)
}

// ---- func ----

func verifyFuncOp(op *Operation) error {
	if err := verifyFunc(op); err != nil {
		return err
	}
	ft := FuncType(op)
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
			if _, ok := e.(*DictAttr); !ok {
				return Errorf(op, "expects %s attribute dictionary to be a DictionaryAttr, but got `%s`", k.what, e)
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
			return Errorf(op, "result type mismatch at index %d", i)
		}
	}
	return nil
}

// ---- scf ----

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

func verifyScfFor(op *Operation) error {
	if len(op.Regions) != 1 {
		return Errorf(op, "requires one region")
	}
	if err := singleBlockRegions(op, 0); err != nil {
		return err
	}
	if err := verifyFor(op); err != nil {
		return err
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

func verifyScfIf(op *Operation) error {
	if err := verifyIf(op); err != nil {
		return err
	}
	return singleBlockRegions(op, 0)
}

func verifyScfWhile(op *Operation) error {
	if err := verifyWhile(op); err != nil {
		return err
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

// verifyScfCondition checks the forwarded values against the while's
// results and 'after' region arguments.
func verifyScfCondition(op *Operation) error {
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

// verifyScfYield checks a yield against where it returns to: the results
// of scf.if and scf.for (and the loop's iter_args), or the 'before'
// arguments of scf.while. Mismatches are reported on the parent, as
// mlir-opt reports them.
func verifyScfYield(op *Operation) error {
	p := op.ParentOp()
	if p == nil || p.Name != "scf.for" && p.Name != "scf.if" && p.Name != "scf.while" ||
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
	case "scf.if":
		return checkSuccessorTypes(p, op, "parent", got, ValueTypes(p.Results))
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

// ---- cf ----

func verifyCfAssert(op *Operation) error {
	if err := expectOperands(op, 1); err != nil {
		return err
	}
	if err := expectResults(op, 0); err != nil {
		return err
	}
	if op.Operands[0].Type != I1 {
		return Errorf(op, "operand #0 must be 1-bit signless integer, but got '%s'", op.Operands[0].Type)
	}
	if _, ok := op.Attr("msg").(*StringAttr); !ok {
		return Errorf(op, "requires attribute 'msg'")
	}
	return nil
}

// ---- memref ----

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

func verifyAllocOp(op *Operation) error {
	if err := verifyMemRefResult(op); err != nil {
		return err
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
		return Errorf(op, "dimension operand count does not equal memref dynamic dimension count")
	}
	if nDyn != len(op.Operands) {
		raw, isMap := mt.Layout.(*RawAttr)
		if !isMap || !raw.IsAffineMap() {
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

func verifyLoadOp(op *Operation) error {
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

func verifyStoreOp(op *Operation) error {
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
	if a.Elem != b.Elem {
		return Errorf(op, "requires the same element type for all operands")
	}
	return nil
}

func verifyDimOp(op *Operation) error {
	if err := expectOperands(op, 2); err != nil {
		return err
	}
	if err := expectResults(op, 1); err != nil {
		return err
	}
	if !IsMemRef(op.Operands[0].Type) {
		return Errorf(op, "operand #0 must be a memref, but got '%s'", op.Operands[0].Type)
	}
	if op.Operands[1].Type != Index || op.Results[0].Type != Index {
		return Errorf(op, "index and result must be of index type")
	}
	return nil
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
		return Errorf(op, "incorrect number of size operands for type %s", mt)
	}
	return checkIndexOperands(op, 1)
}

// verifyOffsetsSizesStrides checks the static_offsets/sizes/strides
// arrays against the operand segments (subview, reinterpret_cast).
func verifyOffsetsSizesStrides(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	seg, err := verifySegments(op, 4, true)
	if err != nil {
		return err
	}
	if seg[0] != 1 {
		return Errorf(op, "operandSegmentSizes must start with the source")
	}
	for i, n := range []string{"static_offsets", "static_sizes", "static_strides"} {
		a, ok := op.Attr(n).(*DenseArrayAttr)
		if !ok || a.FValues != nil {
			return Errorf(op, "requires attribute '%s'", n)
		}
		dyn := 0
		for _, v := range a.Values {
			if v == Dynamic {
				dyn++
			}
		}
		if dyn != seg[i+1] {
			return Errorf(op, "expected %d dynamic %s values", dyn, strings.TrimPrefix(n, "static_"))
		}
	}
	return checkIndexOperands(op, 1)
}

func verifyReshapeOp(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	re, ok := op.Attr("reassociation").(*ArrayAttr)
	if !ok {
		return Errorf(op, "requires attribute 'reassociation'")
	}
	for _, g := range re.Elems {
		arr, ok := g.(*ArrayAttr)
		if !ok {
			return Errorf(op, "reassociation must be an array of integer arrays")
		}
		for _, e := range arr.Elems {
			if _, ok := e.(*IntegerAttr); !ok {
				return Errorf(op, "reassociation must be an array of integer arrays")
			}
		}
	}
	if op.Name == "memref.expand_shape" {
		a, ok := op.Attr("static_output_shape").(*DenseArrayAttr)
		if !ok || a.FValues != nil {
			return Errorf(op, "requires attribute 'static_output_shape'")
		}
		dyn := 0
		for _, v := range a.Values {
			if v == Dynamic {
				dyn++
			}
		}
		if dyn != len(op.Operands)-1 {
			return Errorf(op, "expected %d dynamic output_shape values", dyn)
		}
		return checkIndexOperands(op, 1)
	}
	return expectOperands(op, 1)
}

func verifyMemRefCast(op *Operation) error {
	if err := verifyViewLike(op); err != nil {
		return err
	}
	if err := expectOperands(op, 1); err != nil {
		return err
	}
	a := op.Operands[0].Type.(*MemRefType)
	b := op.Results[0].Type.(*MemRefType)
	if a.Elem != b.Elem {
		return Errorf(op, "operand type '%s' and result type '%s' are cast incompatible", a, b)
	}
	return nil
}

func verifyGlobalOp(op *Operation) error {
	if ta, ok := op.Attr("type").(*TypeAttr); !ok || !IsMemRef(ta.Type) {
		return Errorf(op, "type should be static shaped memref")
	}
	if err := verifyCounts(op, 0, 0); err != nil {
		return err
	}
	if _, ok := op.StrAttrValue("sym_name"); !ok {
		return Errorf(op, "requires attribute 'sym_name'")
	}
	if vis := op.Attr("sym_visibility"); vis != nil {
		if _, ok := vis.(*StringAttr); !ok {
			return Errorf(op, "requires a string 'sym_visibility'")
		}
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

func verifyOneToOne(op *Operation) error { return verifyCounts(op, 1, 1) }

// viewVerifiers are the verifiers of the memref view ops.
var viewVerifiers = map[string]func(*Operation) error{
	"memref.view":              verifyViewOp,
	"memref.subview":           verifyOffsetsSizesStrides,
	"memref.reinterpret_cast":  verifyOffsetsSizesStrides,
	"memref.cast":              verifyMemRefCast,
	"memref.memory_space_cast": verifyMemRefCast,
	"memref.expand_shape":      verifyReshapeOp,
	"memref.collapse_shape":    verifyReshapeOp,
}

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
