package dialect

import "slices"

// The tile op table: one row per tile op, holding everything pto-opt
// knows about it. The op registry (traits, alias rules, pipes), the ptoas
// lowering (convert-tile-to-pto) and the pto ops the parser accepts are
// all derived from these rows, so adding an op is adding one row.

// TileForm is how a tile op's result relates to memory.
type TileForm int

const (
	// Computes: a destination-style op that writes a new tile into its
	// `into` allocation, reading its inputs.
	Computes TileForm = iota
	// Produces: like Computes, but the result is fresh data that needs
	// an allocation of its own (loads, constants, cube results).
	Produces
	// Views: the result is a view of operand 0's bytes; nothing is
	// written.
	Views
	// Stores: writes tile operand 0 to global tensor operand 1; the
	// result is that tensor.
	Stores
	// Accumulates: the result is written in place into operand 0's
	// bytes (matmul_acc).
	Accumulates
)

// AliasRule says which inputs a destination-style op's output may share
// bytes with. Whatever the rule, an output overlapping an input may do so
// only exactly in place (same address).
type AliasRule int

const (
	// AliasAnyInput: elementwise ops read each element before writing
	// it, so the output may reuse any input.
	AliasAnyInput AliasRule = iota
	// AliasNoInput: the output must not share bytes with any input.
	AliasNoInput
	// AliasNotOperand1: not with the broadcast operand 1.
	AliasNotOperand1
	// AliasNotMaskOrTmp: tile.sel, not with the mask (0) or tmp (3).
	AliasNotMaskOrTmp
	// AliasTargetRule: the row's ForbidAliasFor decides per op and target.
	AliasTargetRule
)

// PTOForm says how a tile op becomes ptoas input.
type PTOForm int

const (
	// PTOCompute: pto.<op> ins(inputs) outs(result buffer).
	PTOCompute PTOForm = iota
	// PTOLoad: ins(a partition view of tensor operand 0) outs(buffer).
	PTOLoad
	// PTOStore: ins(tile operand 0) outs(a partition view of operand 1).
	PTOStore
	// PTOSSAView: %r = pto.<op> %src : T -> T2, an SSA view of the source's
	// bytes (treshape, bitcast); the tile is its result.
	PTOSSAView
	// PTOSubset: the tile is `pto.subset %src[offsets] sizes [...]`.
	PTOSubset
	// PTONoOp: nothing to emit; the tile is its buffer (tile.create's
	// contents are unspecified).
	PTONoOp
	// PTOUnsupported: no ptoas lowering (yet); convert-tile-to-pto
	// refuses the op at its location, with the row's Doc as the reason.
	PTOUnsupported
)

// TileOp is one row of the table.
type TileOp struct {
	Name  string // without the "tile." prefix
	Form  TileForm
	Alias AliasRule
	// ForbidAliasFor decides the alias rule per op and target when Alias
	// is AliasTargetRule.
	ForbidAliasFor func(op *Operation, target string) (all bool, operands []int)
	// Pipe is the hardware pipe the op runs on; "" is the vector unit V.
	// PipeFor, when set, decides per op (tile.move, by its spaces).
	Pipe    string
	PipeFor func(op *Operation) string
	Traits  Trait  // extra traits: GlobalLoad, CubePop
	PTO     string // the pto op it lowers to (without "pto."); "" for PTONoOp and PTOUnsupported
	// PTOScratch: the ptoas instruction takes a scratch (tmp) tile the
	// tile op does not have. Until the planners give it one, the
	// lowering refuses the op rather than emit what ptoas rejects.
	PTOScratch bool
	// ScratchAt is, for a PTOScratch row, how many inputs come before the
	// scratch input (materialize-scratch appends it): the op reads those,
	// and only clobbers the scratch.
	ScratchAt int
	// ScratchInputs is, for a PTOScratch row whose scratch is not its
	// last input (tsels: mask, src, tmp, scalar), how many inputs the op
	// has once the scratch is in; 0 means ScratchAt+1.
	ScratchInputs int
	// Scalars are the inputs (indices among TileInputs) that are scalars
	// of the result's element type: the s in adds, the fill of full.
	Scalars []int
	// NonData are the inputs ptoas's element and valid-shape rules do not
	// cover: masks and user-given tmp tiles.
	NonData []int
	// PTOElems are the element types ptoas's pto.<op> takes on its data
	// tiles (every tile input but NonData and the scratch, and the
	// result), which must then all have one element type. Empty: any.
	PTOElems ElemRule
	// PTOValid is how ptoas relates the valid shapes of the data tiles.
	PTOValid ValidRule
	// PTORowVector are inputs (indices among TileInputs) ptoas reads as
	// one scalar per row: in a row-major tile ptoas takes exactly one
	// 32-byte block per row (32/sizeof(element) valid columns), in any
	// other layout exactly one column (trowexpandadd's src1).
	PTORowVector []int
	// PTOMajorAlign is, per target arch, the byte multiple ptoas needs
	// of every data tile's major dimension (the columns of a row-major
	// tile, the rows of a column-major one) times its element size
	// (ttrans on A5). Zero: no rule.
	PTOMajorAlign ArchBytes
	// PTOShapeOf are inputs whose static shape, not only their valid
	// region, ptoas needs to be the result's (tcvt, tfillpad, the
	// binary tcolexpand ops, tmov on A2/A3).
	PTOShapeOf ShapeRule
	// PTOSameShape: ptoas's view keeps the source's shape and valid
	// region (pto.bitcast: a change of element width needs a reshape).
	PTOSameShape bool
	// PTOSpaces are the spaces ptoas's instruction writes (empty: any).
	PTOSpaces string
	// PTOIns are the inputs the pto op takes (nil: all): row_expand and
	// col_expand read only their vector; operand 0 gives the shape.
	PTOIns []int
	// PadAttr: the op takes a `pad` attribute, the value written outside
	// the valid region ("zero", the default, "max" or "min").
	PadAttr bool
	// PTOTmp is a user-given tmp input, which ptoas's instruction
	// writes (so ptoas's planner treats it as written there), with an
	// element rule of its own when Elems is set (tprelu's: u8 on A2/A3).
	PTOTmp  *TmpRule
	PTOForm PTOForm
	Doc     string // one line for the dialect reference
}

// ElemRule lists, space-separated, the element types ptoas accepts, for
// every arch (All) or per target arch ("a2a3", "a5"). An integer entry
// ("i16") stands for every 16-bit integer type, as ptoas checks widths.
type ElemRule struct{ All, A2A3, A5 string }

// For returns the list for a target arch ("" when the rule depends on
// an arch that is not known, or nothing is required).
func (e ElemRule) For(arch string) string {
	switch {
	case e.All != "":
		return e.All
	case arch == "a2a3":
		return e.A2A3
	case arch == "a5":
		return e.A5
	}
	return ""
}

// ArchBytes is a byte count for every arch (All) or per target arch
// ("a2a3", "a5"); zero is no rule.
type ArchBytes struct{ All, A2A3, A5 int64 }

// For returns the count for a target arch (0 when the rule depends on an
// arch that is not known, or there is none).
func (b ArchBytes) For(arch string) int64 {
	switch {
	case b.All != 0:
		return b.All
	case arch == "a2a3":
		return b.A2A3
	case arch == "a5":
		return b.A5
	}
	return 0
}

// ShapeRule lists inputs (indices among TileInputs) whose static shape
// must be the result's: on every arch, or with A2A3Only on A2/A3 targets
// only, except from the spaces in AnyArchFrom (space-separated), where
// every arch needs it.
type ShapeRule struct {
	Ins         []int
	A2A3Only    bool
	AnyArchFrom string
}

// TmpRule is a tmp input (index among TileInputs) and its element rule.
type TmpRule struct {
	At    int
	Elems ElemRule
}

// ValidRule is what ptoas requires of the valid shapes of an op's data
// tiles (a dimension ptoas cannot know statically is never compared).
type ValidRule int

const (
	// ValidAny: nothing.
	ValidAny ValidRule = iota
	// ValidSame: every data tile has the result's valid shape.
	ValidSame
	// ValidRows: every data tile has the result's number of valid rows
	// (row reductions, row broadcasts).
	ValidRows
	// ValidCols: every data tile has the result's number of valid
	// columns (column broadcasts).
	ValidCols
)

// Element rules of ptoas's verifiers, shared by several rows.
var (
	elemFloat    = ElemRule{All: "f16 f32"}
	elemArith    = ElemRule{A2A3: "i32 i16 f16 f32", A5: "i32 i16 i8 f16 bf16 f32"}
	elemArithNB  = ElemRule{A2A3: "i32 i16 f16 f32", A5: "i32 i16 i8 f16 f32"}
	elemBitwise  = ElemRule{A2A3: "i8 i16", A5: "i8 i16 i32"}
	elemRowReduc = ElemRule{All: "i16 i32 f16 f32"}
)

// TileOps is the table. Keep rows grouped by what they do.
var TileOps = []TileOp{
	// Data movement.
	{Name: "load", Form: Produces, Pipe: "MTE2", Traits: GlobalLoad, PTO: "tload", PTOForm: PTOLoad,
		Doc: "loads a window of a global tensor into a tile"},
	{Name: "store", Form: Stores, Pipe: "MTE3", PTO: "tstore", PTOForm: PTOStore,
		Doc: "stores a tile into a window of a global tensor; the result is the tensor"},
	// ptoas's tpop_from_aic returns a tile in the C2V pipe's own buffer
	// and needs the pipe initialised (aiv_initialize_pipe), which the
	// lowering does not emit yet: refused rather than emitted wrong.
	{Name: "tpop_from_aic", Form: Produces, Pipe: "MTE2", Traits: CubePop, PTOForm: PTOUnsupported,
		Doc: "receives a tile the cube core pushed (split AIV kernels)"},
	{Name: "move", Form: Computes, Alias: AliasNoInput, PipeFor: movePipe, PTO: "tmov", PTOShapeOf: ShapeRule{Ins: []int{0}, A2A3Only: true, AnyArchFrom: "mat"},
		Doc: "copies a tile to another memory space (mat->left/right on MTE1, acc->vec on FIX)"},
	// Constants.
	{Name: "create", Form: Produces, PTOForm: PTONoOp, Doc: "a new tile of unspecified contents"},
	{Name: "full", Form: Produces, PTO: "texpands", PTOSpaces: "vec mat", Scalars: []int{0}, PTOElems: elemArithNB, Doc: "a tile filled with a scalar"},
	// Cube unit.
	{Name: "matmul", Form: Produces, Pipe: "M", PTO: "tmatmul", Doc: "matrix product left x right into acc"},
	{Name: "matmul_acc", Form: Accumulates, Pipe: "M", PTO: "tmatmul.acc", Doc: "acc += left x right, in place in operand 0"},
	{Name: "gemv", Form: Produces, Pipe: "M", PTO: "tgemv", Doc: "matrix-vector product into acc"},
	{Name: "gemv_acc", Form: Accumulates, Pipe: "M", PTO: "tgemv.acc", Doc: "acc += matrix x vector, in place in operand 0"},
	// Elementwise, tile with tile.
	{Name: "add", PTO: "tadd", PTOElems: elemArith, PTOValid: ValidSame, Doc: "elementwise a + b"},
	{Name: "sub", PTO: "tsub", PTOElems: elemArithNB, PTOValid: ValidSame, Doc: "elementwise a - b"},
	{Name: "mul", PTO: "tmul", PTOElems: ElemRule{All: "i32 i16 f16 f32"}, PTOValid: ValidSame, Doc: "elementwise a * b"},
	{Name: "div", PTO: "tdiv", PTOElems: ElemRule{A2A3: "f16 f32", A5: "i32 i16 f16 f32"}, PTOValid: ValidSame, Doc: "elementwise a / b"},
	{Name: "max", PTO: "tmax", PTOElems: elemArithNB, PTOValid: ValidSame, Doc: "elementwise maximum"},
	{Name: "min", PTO: "tmin", PTOElems: elemArithNB, PTOValid: ValidSame, Doc: "elementwise minimum"},
	{Name: "and", PTO: "tand", PTOElems: elemBitwise, PTOValid: ValidSame, Doc: "elementwise bitwise and"},
	{Name: "or", PTO: "tor", PTOElems: elemBitwise, PTOValid: ValidSame, Doc: "elementwise bitwise or"},
	{Name: "xor", PTO: "txor", PTOScratch: true, ScratchAt: 2, PTOElems: elemBitwise, PTOValid: ValidSame, Doc: "elementwise bitwise xor"},
	// Elementwise, tile with scalar.
	{Name: "adds", PTO: "tadds", Scalars: []int{1}, PTOElems: elemArith, PTOValid: ValidSame, Doc: "tile + scalar"},
	{Name: "subs", PTO: "tsubs", Scalars: []int{1}, PTOElems: elemArith, PTOValid: ValidSame, Doc: "tile - scalar"},
	{Name: "muls", PTO: "tmuls", Scalars: []int{1}, PTOElems: elemArith, PTOValid: ValidSame, Doc: "tile * scalar"},
	{Name: "divs", PTO: "tdivs", Scalars: []int{1}, PTOElems: elemArithNB, PTOValid: ValidSame, Doc: "tile / scalar"},
	{Name: "maxs", PTO: "tmaxs", Scalars: []int{1}, PTOElems: elemArithNB, PTOValid: ValidSame, Doc: "max(tile, scalar)"},
	{Name: "mins", PTO: "tmins", Scalars: []int{1}, PTOElems: elemArith, PTOValid: ValidSame, Doc: "min(tile, scalar)"},
	// Elementwise, unary.
	{Name: "exp", PTO: "texp", PTOElems: elemFloat, PTOValid: ValidSame, Doc: "elementwise e^x"},
	{Name: "log", PTO: "tlog", PTOElems: elemFloat, PTOValid: ValidSame, Doc: "elementwise natural logarithm"},
	{Name: "sqrt", PTO: "tsqrt", PTOElems: elemFloat, PTOValid: ValidSame, Doc: "elementwise square root"},
	{Name: "abs", PTO: "tabs", PTOElems: elemFloat, PTOValid: ValidSame, Doc: "elementwise |x|"},
	{Name: "neg", PTO: "tneg", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32 bf16"}, PTOValid: ValidSame, Doc: "elementwise -x"},
	{Name: "relu", PTO: "trelu", PTOElems: ElemRule{All: "i32 f16 f32"}, PTOValid: ValidSame, Doc: "elementwise max(x, 0)"},
	{Name: "not", PTO: "tnot", PTOElems: ElemRule{A2A3: "i16", A5: "i8 i16 i32"}, PTOValid: ValidSame, Doc: "elementwise bitwise not"},
	{Name: "fillpad", PTO: "tfillpad", PadAttr: true, PTOShapeOf: ShapeRule{Ins: []int{0}}, Doc: "copies a tile and fills its padding (outside the source's valid region) with `pad`: \"zero\" (the default), \"max\" or \"min\""},
	// Not in place: the hardware reads inputs after writing output elements.
	{Name: "recip", Alias: AliasNoInput, PTO: "trecip", PTOElems: elemFloat, PTOValid: ValidSame, Doc: "elementwise 1/x"},
	{Name: "rsqrt", Alias: AliasNoInput, PTO: "trsqrt", PTOElems: elemFloat, PTOValid: ValidSame, Doc: "elementwise 1/sqrt(x)"},
	{Name: "rem", Alias: AliasNoInput, PTO: "trem", PTOScratch: true, ScratchAt: 2, PTOElems: ElemRule{A2A3: "i32 f32", A5: "i32 i16 f16 f32"}, PTOValid: ValidSame, Doc: "elementwise remainder"},
	{Name: "rems", Alias: AliasNoInput, PTO: "trems", PTOScratch: true, ScratchAt: 2, Scalars: []int{1}, PTOElems: ElemRule{A2A3: "i32 f32", A5: "i32 i16 f16 f32"}, PTOValid: ValidSame, Doc: "remainder by a scalar"},
	{Name: "fmod", Alias: AliasNoInput, PTO: "tfmod", PTOElems: ElemRule{All: "i32 i16 f16 f32"}, PTOValid: ValidSame, Doc: "elementwise floating-point modulus"},
	{Name: "fmods", Alias: AliasNoInput, PTO: "tfmods", Scalars: []int{1}, PTOElems: ElemRule{All: "i32 i16 f16 f32"}, PTOValid: ValidSame, Doc: "floating-point modulus by a scalar"},
	{Name: "transpose", Alias: AliasNoInput, PTO: "ttrans", PTOScratch: true, ScratchAt: 1, PTOElems: ElemRule{All: "i8 i16 i32 f16 bf16 f32"}, PTOMajorAlign: ArchBytes{A5: 32}, Doc: "transposes a tile"},
	{Name: "row_sum", Alias: AliasNoInput, PTO: "trowsum", PTOScratch: true, ScratchAt: 1, PTOElems: elemRowReduc, PTOValid: ValidRows, Doc: "sum of each row (N x 1 result)"},
	{Name: "row_max", Alias: AliasNoInput, PTO: "trowmax", PTOScratch: true, ScratchAt: 1, PTOElems: elemRowReduc, PTOValid: ValidRows, Doc: "maximum of each row (N x 1 result)"},
	{Name: "row_min", Alias: AliasNoInput, PTO: "trowmin", PTOScratch: true, ScratchAt: 1, PTOElems: elemRowReduc, PTOValid: ValidRows, Doc: "minimum of each row (N x 1 result)"},
	// ptoas's tmrgsort format1 takes a block length (a multiple of 64) and
	// 1-row tiles; tile.mrgsort_format1 carries no block length.
	{Name: "mrgsort_format1", Alias: AliasNoInput, PTOForm: PTOUnsupported, Doc: "merge sort of sorted runs (no ptoas lowering: tmrgsort needs a block length)"},
	{Name: "topk", Alias: AliasNoInput, PTOForm: PTOUnsupported, Doc: "row-wise top-k: two results (values, indices)"},
	// Broadcasts: the output must not alias the broadcast operand 1.
	{Name: "row_expand", Alias: AliasNotOperand1, PTO: "trowexpand", PTOIns: []int{1}, PTOValid: ValidRows, Doc: "broadcasts an N x 1 column across the rows"},
	{Name: "row_expand_mul", Alias: AliasNotOperand1, PTO: "trowexpandmul", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, PTOValid: ValidRows, Doc: "a * row-broadcast b"},
	{Name: "row_expand_add", Alias: AliasNotOperand1, PTO: "trowexpandadd", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, PTOValid: ValidRows, PTORowVector: []int{1}, Doc: "a + row-broadcast b"},
	{Name: "row_expand_sub", Alias: AliasNotOperand1, PTO: "trowexpandsub", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, PTOValid: ValidRows, Doc: "a - row-broadcast b"},
	{Name: "row_expand_div", Alias: AliasNotOperand1, PTO: "trowexpanddiv", PTOElems: elemFloat, PTOValid: ValidRows, Doc: "a / row-broadcast b"},
	{Name: "col_expand", Alias: AliasNotOperand1, PTO: "tcolexpand", PTOIns: []int{1}, PTOValid: ValidCols, Doc: "broadcasts a 1 x N row down the columns"},
	{Name: "col_expand_mul", Alias: AliasNotOperand1, PTO: "tcolexpandmul", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, PTOValid: ValidCols, Doc: "a * column-broadcast b"},
	{Name: "col_expand_add", Alias: AliasNotOperand1, PTO: "tcolexpandadd", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, PTOValid: ValidCols, Doc: "a + column-broadcast b"},
	{Name: "col_expand_sub", Alias: AliasNotOperand1, PTO: "tcolexpandsub", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, PTOValid: ValidCols, Doc: "a - column-broadcast b"},
	{Name: "col_expand_div", Alias: AliasNotOperand1, PTO: "tcolexpanddiv", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: elemFloat, PTOValid: ValidCols, Doc: "a / column-broadcast b"},
	// Selects and target-aware rules.
	{Name: "sel", Alias: AliasNotMaskOrTmp, PTO: "tsel", NonData: []int{0, 3}, PTOTmp: &TmpRule{At: 3}, PTOElems: elemArithNB, PTOValid: ValidSame, Doc: "select by mask (operands mask, a, b, tmp)"},
	{Name: "sels", Alias: AliasTargetRule, ForbidAliasFor: selsForbidden, PTO: "tsels", PTOScratch: true, ScratchAt: 2, ScratchInputs: 4, Scalars: []int{2}, NonData: []int{0}, PTOElems: elemArithNB, PTOValid: ValidSame, Doc: "select with a scalar; never aliases the mask"},
	{Name: "prelu", Alias: AliasTargetRule, ForbidAliasFor: preluForbidden, PTO: "tprelu", NonData: []int{2}, PTOElems: elemFloat, PTOValid: ValidSame, PTOTmp: &TmpRule{At: 2, Elems: ElemRule{A2A3: "ui8"}}, Doc: "parametric relu; on ascend950 may reuse its tmp"},
	{Name: "cast", Alias: AliasTargetRule, ForbidAliasFor: castForbidden, PTO: "tcvt", PTOValid: ValidSame, PTOShapeOf: ShapeRule{Ins: []int{0}}, Doc: "element type conversion; widening casts are not in place"},
	// Views.
	{Name: "reshape", Form: Views, PTO: "treshape", PTOForm: PTOSSAView, Doc: "the same bytes with another shape"},
	{Name: "reinterpret", Form: Views, PTO: "bitcast", PTOForm: PTOSSAView, PTOSameShape: true, Doc: "the same bytes with another element type"},
	{Name: "slice", Form: Views, PTO: "subset", PTOForm: PTOSubset, Doc: "a window of a tile at index offsets"},
}

// ptoOnlyOps are pto ops pto-opt accepts on input but never emits.
var ptoOnlyOps = []string{"textract"}

var tileOpByName = func() map[string]*TileOp {
	m := make(map[string]*TileOp, len(TileOps))
	for i := range TileOps {
		m["tile."+TileOps[i].Name] = &TileOps[i]
	}
	return m
}()

// TileOpOf returns the table row of a tile op by full name ("tile.add").
func TileOpOf(name string) (*TileOp, bool) {
	r, ok := tileOpByName[name]
	return r, ok
}

// opDef derives the registry entry of a row.
func (r *TileOp) opDef() *OpDef {
	d := &OpDef{
		Name:    "tile." + r.Name,
		Summary: r.Doc,
		Parse:   parseTileOp,
		Print:   printTileOp,
		Verify:  verifyTileOp,
		Effects: []Effect{{Kind: Read, Operand: AllOperands, Result: -1}},
		Pipe:    r.Pipe,
		PipeFor: r.PipeFor,
	}
	if d.Pipe == "" {
		d.Pipe = "V" // vector unit
	}
	switch r.Form {
	case Views:
		d.Traits = ViewLike | Pure
		d.ViewSource = 0
	case Stores:
		d.Traits = HasSideEffects
		d.Effects = append(d.Effects, Effect{Kind: Write, Operand: 1, Result: -1})
		d.Flows = []Flow{{Operand: 1, Result: 0}} // the result is the output tensor
	case Accumulates:
		d.Traits = TileProducer | ResultReusesInput
		d.ReusedInput = 0
	default:
		d.Traits = TileProducer | DestinationStyle
		d.Inherent = []string{"operandSegmentSizes", "offset", "dest_offsets"}
	}
	if r.Form == Produces {
		d.Traits |= FreshResult
	}
	d.Traits |= r.Traits
	switch r.Alias {
	case AliasNoInput:
		d.Traits |= NotInPlaceSafe
	case AliasNotOperand1:
		d.ForbidOutputAlias = []int{1}
	case AliasNotMaskOrTmp:
		d.ForbidOutputAlias = []int{0, 3}
	case AliasTargetRule:
		d.ForbidAliasFor = r.ForbidAliasFor
	}
	return d
}

// ptoOps lists the destination-passing pto ops the table lowers to (and
// the ones only accepted), without duplicates, in table order.
func ptoOps() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range TileOps {
		switch r.PTOForm {
		case PTOCompute, PTOLoad, PTOStore:
		default:
			continue
		}
		if !seen[r.PTO] {
			seen[r.PTO] = true
			out = append(out, r.PTO)
		}
	}
	return append(out, ptoOnlyOps...)
}

// ptoViewOps lists the SSA view ops (treshape, bitcast).
func ptoViewOps() []string {
	var out []string
	for _, r := range TileOps {
		if r.PTOForm == PTOSSAView && !slices.Contains(out, r.PTO) {
			out = append(out, r.PTO)
		}
	}
	return out
}

// ScratchOperand is the index among op's inputs (TileInputs) of its
// scratch tile, or -1 when it has none (its row needs none, or
// materialize-scratch has not run).
func ScratchOperand(op *Operation) int {
	r, ok := TileOpOf(op.Name)
	if !ok || !r.PTOScratch || len(TileInputs(op)) < r.scratchInputs() {
		return -1
	}
	return r.ScratchAt
}

// scratchInputs is how many inputs an op of a PTOScratch row has once
// its scratch is in.
func (r *TileOp) scratchInputs() int {
	if r.ScratchInputs > 0 {
		return r.ScratchInputs
	}
	return r.ScratchAt + 1
}

// InputIndex maps the index of an input as the row counts it (without a
// scratch) to its index among op's inputs now (after the scratch, when
// materialize-scratch has inserted one before it).
func InputIndex(op *Operation, i int) int {
	if k := ScratchOperand(op); k >= 0 && i >= k {
		return i + 1
	}
	return i
}

// PadOf is the pad value of an op of a PadAttr row (PadZero without a
// `pad` attribute), or 0 for any other op.
func PadOf(op *Operation) int64 {
	r, ok := TileOpOf(op.Name)
	if !ok || !r.PadAttr {
		return 0
	}
	if a, ok := op.Attr("pad").(*StringAttr); ok {
		return PadValues[a.Value]
	}
	return PadZero
}
