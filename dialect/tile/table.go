package tile

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
)

// The tile op table: one row per tile op, holding everything pto-opt
// knows about it. The op registry (traits; alias rules, pipes and hazard
// roles as op interfaces, interfaces.go), the ptoas
// lowering (convert-tile-to-pto) and the verifier are all derived from
// these rows, so adding an op is adding one row (and, for a new ptoas
// instruction, its name to the pto dialect's list).

// Form is how a tile op's result relates to memory.
type Form int

const (
	// Computes: a destination-style op that writes a new tile into its
	// `into` allocation, reading its inputs.
	Computes Form = iota
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

// Hazard is a part an op plays in a hardware hazard.
type Hazard int

const (
	NoHazard Hazard = iota
	// GlobalLoad ops read a tile from global memory (tile.load) and
	// CubePop ops receive a tile from the cube core (tile.tpop_from_aic):
	// together they make the Ascend910B split-AIV load + tpop hazard.
	GlobalLoad
	CubePop
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

// Op is one row of the table.
type Op struct {
	Name  string // without the "tile." prefix
	Form  Form
	Alias AliasRule
	// ForbidAliasFor decides the alias rule per op and target when Alias
	// is AliasTargetRule.
	ForbidAliasFor func(op *ir.Operation, target string) (all bool, operands []int)
	// Pipe is the hardware pipe the op runs on; "" is the vector unit V.
	// PipeFor, when set, decides per op (tile.move, by its spaces).
	Pipe    string
	PipeFor func(op *ir.Operation) string
	// Hazard is the op's part in a hardware hazard the planners keep
	// apart (GlobalLoad, CubePop), if any.
	Hazard Hazard
	// Copies: the result is a copy of the bytes of the one tile input,
	// into the result's space (the target's moves say between which
	// spaces it can copy).
	Copies bool
	PTO    string // the pto op it lowers to (without "pto."); "" for PTONoOp and PTOUnsupported
	// PTOScratch: the ptoas instruction takes a scratch (tmp) tile the
	// tile op does not have. Until the planners give it one, the
	// lowering refuses the op rather than emit what ptoas rejects.
	PTOScratch bool
	// ScratchAt is, for a PTOScratch row, how many inputs come before the
	// scratch input (materialize-scratch inserts it there, or the author
	// gives it): the op reads those,
	// and only clobbers the scratch.
	ScratchAt int
	// Ins are the op's inputs in order, without the scratch (PTOScratch,
	// ScratchAt) and the window offsets (Offsets): what each is and, for
	// a tile, the spaces it may be in.
	Ins []In
	// Offsets: index operands after Ins give the origin of the op's
	// window (loads, stores, slices): none (the `offsets` attribute
	// alone), one (the attribute is a per-step stride) or one per
	// dimension (added to the attribute).
	Offsets bool
	// Out is the spaces the results may be in, space-separated ("": any;
	// a view's is its source's, a store's result is its tensor).
	Out string
	// Results is how many results the op has (0: one).
	Results int
	// Shape is how the result's shape follows from the inputs'.
	Shape ShapeKind
	// NonData are the inputs ptoas's element and valid-shape rules do not
	// cover: masks and user-given tmp tiles.
	NonData []int
	// PTOElems are the element types ptoas's pto.<op> takes on its data
	// tiles (every tile input but NonData and the scratch, and the
	// result), which must then all have one element type. Empty: any.
	PTOElems ElemRule
	// PTORowVector are inputs (indices among Inputs) ptoas reads as
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

// ShapeRule lists inputs (indices among Inputs) whose static shape
// must be the result's: on every arch, or with A2A3Only on A2/A3 targets
// only, except from the spaces in AnyArchFrom (space-separated), where
// every arch needs it.
type ShapeRule struct {
	Ins         []int
	A2A3Only    bool
	AnyArchFrom string
}

// TmpRule is a tmp input (index among Inputs) and its element rule.
type TmpRule struct {
	At    int
	Elems ElemRule
}

// InKind is what one input of a tile op is.
type InKind int

const (
	// TileIn is a !tile.tile.
	TileIn InKind = iota + 1
	// ScalarIn is a scalar of the result's element type.
	ScalarIn
	// TensorIn is a !tile.tensor in global memory.
	TensorIn
)

// In is one input of a row's signature.
type In struct {
	Kind InKind
	// Spaces are, for a tile, the spaces it may be in (space-separated;
	// "": any).
	Spaces string
	// Attr names the attribute that may stand for the input instead
	// (tile.full's fill as `value`): then the op has one or the other.
	Attr string
}

// Shorthands for the table.
var (
	vecIn    = In{Kind: TileIn, Spaces: "vec"}
	anyTile  = In{Kind: TileIn}
	scalarIn = In{Kind: ScalarIn}
	tensorIn = In{Kind: TensorIn}
	leftIn   = In{Kind: TileIn, Spaces: "left"}
	rightIn  = In{Kind: TileIn, Spaces: "right"}
	accIn    = In{Kind: TileIn, Spaces: "acc"}
)

// ShapeKind is how a tile op's result shape follows from its inputs'.
// Shapes are compared where both dimensions are known; the "valid shape"
// of a tile is its valid region, or its shape when it has none (what
// ptoas computes on: its instructions iterate over valid regions).
type ShapeKind int

const (
	// ShapeUnset: the row says nothing (the table test refuses it).
	ShapeUnset ShapeKind = iota
	// ShapeFree: the result's shape is its own (new tiles, constants).
	ShapeFree
	// ShapeSame: every data input (not masks, tmp or scratch tiles)
	// has the result's valid shape (elementwise ops, copies; how static
	// shapes may differ around it is ptoas's PTOShapeOf).
	ShapeSame
	// ShapeSameStatic: input 0 has the result's static shape (fillpad
	// writes the padding outside its source's valid region, so only the
	// static shapes agree).
	ShapeSameStatic
	// ShapeRowReduce: the result's valid shape is N x 1 for an input of
	// N valid rows.
	ShapeRowReduce
	// ShapeRowWise: every result has input 0's valid rows and at most
	// its valid columns (top-k of each row).
	ShapeRowWise
	// ShapeRowBroadcast: input 0 has the result's valid shape and input
	// 1 its valid rows (one value per row).
	ShapeRowBroadcast
	// ShapeColBroadcast: input 0 has the result's valid shape and input
	// 1 its valid columns (one value per column).
	ShapeColBroadcast
	// ShapeTranspose: the result's shape is input 0's, transposed.
	ShapeTranspose
	// ShapeMatmul: left M x K times right K x N is an M x N result (and
	// accumulator), in static shapes.
	ShapeMatmul
	// ShapeGemv: a 1 x K vector times a K x N matrix is a 1 x N result
	// (and accumulator), in valid shapes.
	ShapeGemv
	// ShapeWindow: the tile is a window of its tensor or source tile at
	// the op's offsets, inside it (loads, stores, slices).
	ShapeWindow
	// ShapeSameBytes: the result has its source's byte size (reshape).
	ShapeSameBytes
	// ShapeWithinBytes: the result is no larger than its source
	// (reinterpret views the first bytes).
	ShapeWithinBytes
)

// Element rules of ptoas's verifiers, shared by several rows.
var (
	elemFloat    = ElemRule{All: "f16 f32"}
	elemArith    = ElemRule{A2A3: "i32 i16 f16 f32", A5: "i32 i16 i8 f16 bf16 f32"}
	elemArithNB  = ElemRule{A2A3: "i32 i16 f16 f32", A5: "i32 i16 i8 f16 f32"}
	elemBitwise  = ElemRule{A2A3: "i8 i16", A5: "i8 i16 i32"}
	elemRowReduc = ElemRule{All: "i16 i32 f16 f32"}
)

// Ops is the table. Keep rows grouped by what they do.
var Ops = []Op{
	// Data movement.
	{Name: "load", Ins: []In{tensorIn}, Offsets: true, Shape: ShapeWindow, Form: Produces, Pipe: "MTE2", Hazard: GlobalLoad, PTO: "tload", PTOForm: PTOLoad,
		Doc: "loads a window of a global tensor into a tile"},
	{Name: "store", Ins: []In{anyTile, tensorIn}, Offsets: true, Shape: ShapeWindow, Form: Stores, Pipe: "MTE3", PTO: "tstore", PTOForm: PTOStore,
		Doc: "stores a tile into a window of a global tensor; the result is the tensor"},
	// ptoas's tpop_from_aic returns a tile in the C2V pipe's own buffer
	// and needs the pipe initialised (aiv_initialize_pipe), which the
	// lowering does not emit yet: refused rather than emitted wrong.
	{Name: "tpop_from_aic", Out: "vec", Shape: ShapeFree, Form: Produces, Pipe: "MTE2", Hazard: CubePop, PTOForm: PTOUnsupported,
		Doc: "receives a tile the cube core pushed (split AIV kernels)"},
	{Name: "move", Ins: []In{anyTile}, Shape: ShapeSame, Form: Computes, Copies: true, Alias: AliasNoInput, PipeFor: movePipe, PTO: "tmov", PTOShapeOf: ShapeRule{Ins: []int{0}, A2A3Only: true, AnyArchFrom: "mat"},
		Doc: "copies a tile to another memory space (mat->left/right on MTE1, acc->vec on FIX)"},
	// Constants.
	{Name: "create", Shape: ShapeFree, Form: Produces, PTOForm: PTONoOp, Doc: "a new tile of unspecified contents"},
	{Name: "full", Ins: []In{{Kind: ScalarIn, Attr: "value"}}, Out: "vec mat", Shape: ShapeFree, Form: Produces, PTO: "texpands", PTOElems: elemArithNB, Doc: "a tile filled with a scalar"},
	// Cube unit.
	{Name: "matmul", Ins: []In{leftIn, rightIn}, Out: "acc", Shape: ShapeMatmul, Form: Produces, Pipe: "M", PTO: "tmatmul", Doc: "matrix product left x right into acc"},
	{Name: "matmul_acc", Ins: []In{accIn, leftIn, rightIn}, Out: "acc", Shape: ShapeMatmul, Form: Accumulates, Pipe: "M", PTO: "tmatmul.acc", Doc: "acc += left x right, in place in operand 0"},
	{Name: "gemv", Ins: []In{leftIn, rightIn}, Out: "acc", Shape: ShapeGemv, Form: Produces, Pipe: "M", PTO: "tgemv", Doc: "matrix-vector product into acc"},
	{Name: "gemv_acc", Ins: []In{accIn, leftIn, rightIn}, Out: "acc", Shape: ShapeGemv, Form: Accumulates, Pipe: "M", PTO: "tgemv.acc", Doc: "acc += matrix x vector, in place in operand 0"},
	// Elementwise, tile with tile.
	{Name: "add", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tadd", PTOElems: elemArith, Doc: "elementwise a + b"},
	{Name: "sub", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tsub", PTOElems: elemArithNB, Doc: "elementwise a - b"},
	{Name: "mul", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tmul", PTOElems: ElemRule{All: "i32 i16 f16 f32"}, Doc: "elementwise a * b"},
	{Name: "div", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tdiv", PTOElems: ElemRule{A2A3: "f16 f32", A5: "i32 i16 f16 f32"}, Doc: "elementwise a / b"},
	{Name: "max", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tmax", PTOElems: elemArithNB, Doc: "elementwise maximum"},
	{Name: "min", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tmin", PTOElems: elemArithNB, Doc: "elementwise minimum"},
	{Name: "and", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tand", PTOElems: elemBitwise, Doc: "elementwise bitwise and"},
	{Name: "or", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tor", PTOElems: elemBitwise, Doc: "elementwise bitwise or"},
	{Name: "xor", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, PTO: "txor", PTOScratch: true, ScratchAt: 2, PTOElems: elemBitwise, Doc: "elementwise bitwise xor"},
	// Elementwise, tile with scalar.
	{Name: "adds", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, PTO: "tadds", PTOElems: elemArith, Doc: "tile + scalar"},
	{Name: "subs", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, PTO: "tsubs", PTOElems: elemArith, Doc: "tile - scalar"},
	{Name: "muls", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, PTO: "tmuls", PTOElems: elemArith, Doc: "tile * scalar"},
	{Name: "divs", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, PTO: "tdivs", PTOElems: elemArithNB, Doc: "tile / scalar"},
	{Name: "maxs", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, PTO: "tmaxs", PTOElems: elemArithNB, Doc: "max(tile, scalar)"},
	{Name: "mins", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, PTO: "tmins", PTOElems: elemArith, Doc: "min(tile, scalar)"},
	// Elementwise, unary.
	{Name: "exp", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, PTO: "texp", PTOElems: elemFloat, Doc: "elementwise e^x"},
	{Name: "log", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tlog", PTOElems: elemFloat, Doc: "elementwise natural logarithm"},
	{Name: "sqrt", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tsqrt", PTOElems: elemFloat, Doc: "elementwise square root"},
	{Name: "abs", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tabs", PTOElems: elemFloat, Doc: "elementwise |x|"},
	{Name: "neg", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tneg", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32 bf16"}, Doc: "elementwise -x"},
	{Name: "relu", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, PTO: "trelu", PTOElems: ElemRule{All: "i32 f16 f32"}, Doc: "elementwise max(x, 0)"},
	{Name: "not", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, PTO: "tnot", PTOElems: ElemRule{A2A3: "i16", A5: "i8 i16 i32"}, Doc: "elementwise bitwise not"},
	{Name: "fillpad", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSameStatic, PTO: "tfillpad", PadAttr: true, Doc: "copies a tile and fills its padding (outside the source's valid region) with `pad`: \"zero\" (the default), \"max\" or \"min\""},
	// Not in place: the hardware reads inputs after writing output elements.
	{Name: "recip", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, PTO: "trecip", PTOElems: elemFloat, Doc: "elementwise 1/x"},
	{Name: "rsqrt", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, PTO: "trsqrt", PTOElems: elemFloat, Doc: "elementwise 1/sqrt(x)"},
	{Name: "rem", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, PTO: "trem", PTOScratch: true, ScratchAt: 2, PTOElems: ElemRule{A2A3: "i32 f32", A5: "i32 i16 f16 f32"}, Doc: "elementwise remainder"},
	{Name: "rems", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, PTO: "trems", PTOScratch: true, ScratchAt: 2, PTOElems: ElemRule{A2A3: "i32 f32", A5: "i32 i16 f16 f32"}, Doc: "remainder by a scalar"},
	{Name: "fmod", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, PTO: "tfmod", PTOElems: ElemRule{All: "i32 i16 f16 f32"}, Doc: "elementwise floating-point modulus"},
	{Name: "fmods", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, PTO: "tfmods", PTOElems: ElemRule{All: "i32 i16 f16 f32"}, Doc: "floating-point modulus by a scalar"},
	{Name: "transpose", Ins: []In{vecIn}, Out: "vec", Shape: ShapeTranspose, Alias: AliasNoInput, PTO: "ttrans", PTOScratch: true, ScratchAt: 1, PTOElems: ElemRule{All: "i8 i16 i32 f16 bf16 f32"}, PTOMajorAlign: ArchBytes{A5: 32}, Doc: "transposes a tile"},
	{Name: "row_sum", Ins: []In{vecIn}, Out: "vec", Shape: ShapeRowReduce, Alias: AliasNoInput, PTO: "trowsum", PTOScratch: true, ScratchAt: 1, PTOElems: elemRowReduc, Doc: "sum of each row (N x 1 result)"},
	{Name: "row_max", Ins: []In{vecIn}, Out: "vec", Shape: ShapeRowReduce, Alias: AliasNoInput, PTO: "trowmax", PTOScratch: true, ScratchAt: 1, PTOElems: elemRowReduc, Doc: "maximum of each row (N x 1 result)"},
	{Name: "row_min", Ins: []In{vecIn}, Out: "vec", Shape: ShapeRowReduce, Alias: AliasNoInput, PTO: "trowmin", PTOScratch: true, ScratchAt: 1, PTOElems: elemRowReduc, Doc: "minimum of each row (N x 1 result)"},
	// ptoas's tmrgsort format1 takes a block length (a multiple of 64) and
	// 1-row tiles; tile.mrgsort_format1 carries no block length.
	{Name: "mrgsort_format1", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, PTOForm: PTOUnsupported, Doc: "merge sort of sorted runs (no ptoas lowering: tmrgsort needs a block length)"},
	{Name: "topk", Ins: []In{vecIn}, Out: "vec", Results: 2, Shape: ShapeRowWise, Alias: AliasNoInput, PTOForm: PTOUnsupported, Doc: "row-wise top-k: two results (values, indices)"},
	// Broadcasts: the output must not alias the broadcast operand 1.
	{Name: "row_expand", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, PTO: "trowexpand", PTOIns: []int{1}, Doc: "broadcasts an N x 1 column across the rows"},
	{Name: "row_expand_mul", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, PTO: "trowexpandmul", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, Doc: "a * row-broadcast b"},
	{Name: "row_expand_add", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, PTO: "trowexpandadd", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, PTORowVector: []int{1}, Doc: "a + row-broadcast b"},
	{Name: "row_expand_sub", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, PTO: "trowexpandsub", PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, Doc: "a - row-broadcast b"},
	{Name: "row_expand_div", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, PTO: "trowexpanddiv", PTOElems: elemFloat, Doc: "a / row-broadcast b"},
	{Name: "col_expand", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, PTO: "tcolexpand", PTOIns: []int{1}, Doc: "broadcasts a 1 x N row down the columns"},
	{Name: "col_expand_mul", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, PTO: "tcolexpandmul", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, Doc: "a * column-broadcast b"},
	{Name: "col_expand_add", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, PTO: "tcolexpandadd", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, Doc: "a + column-broadcast b"},
	{Name: "col_expand_sub", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, PTO: "tcolexpandsub", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: ElemRule{A2A3: "i16 i32 f16 f32", A5: "i8 i16 i32 f16 f32"}, Doc: "a - column-broadcast b"},
	{Name: "col_expand_div", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, PTO: "tcolexpanddiv", PTOShapeOf: ShapeRule{Ins: []int{0}}, PTOElems: elemFloat, Doc: "a / column-broadcast b"},
	// Selects and target-aware rules.
	{Name: "sel", Ins: []In{vecIn, vecIn, vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNotMaskOrTmp, PTO: "tsel", NonData: []int{0, 3}, PTOTmp: &TmpRule{At: 3}, PTOElems: elemArithNB, Doc: "select by mask (operands mask, a, b, tmp)"},
	{Name: "sels", Ins: []In{vecIn, vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Alias: AliasTargetRule, ForbidAliasFor: selsForbidden, PTO: "tsels", PTOScratch: true, ScratchAt: 2, NonData: []int{0}, PTOElems: elemArithNB, Doc: "select with a scalar; never aliases the mask"},
	{Name: "prelu", Ins: []In{vecIn, vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasTargetRule, ForbidAliasFor: preluForbidden, PTO: "tprelu", NonData: []int{2}, PTOElems: elemFloat, PTOTmp: &TmpRule{At: 2, Elems: ElemRule{A2A3: "ui8"}}, Doc: "parametric relu; on ascend950 may reuse its tmp"},
	{Name: "cast", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasTargetRule, ForbidAliasFor: castForbidden, PTO: "tcvt", PTOShapeOf: ShapeRule{Ins: []int{0}}, Doc: "element type conversion; widening casts are not in place"},
	// Views.
	{Name: "reshape", Ins: []In{anyTile}, Shape: ShapeSameBytes, Form: Views, PTO: "treshape", PTOForm: PTOSSAView, Doc: "the same bytes with another shape"},
	{Name: "reinterpret", Ins: []In{anyTile}, Shape: ShapeWithinBytes, Form: Views, PTO: "bitcast", PTOForm: PTOSSAView, PTOSameShape: true, Doc: "the same bytes with another element type"},
	{Name: "slice", Ins: []In{anyTile}, Offsets: true, Shape: ShapeWindow, Form: Views, PTO: "subset", PTOForm: PTOSubset, Doc: "a window of a tile at index offsets"},
}

var opByName = func() map[string]*Op {
	m := make(map[string]*Op, len(Ops))
	for i := range Ops {
		m["tile."+Ops[i].Name] = &Ops[i]
	}
	return m
}()

// OpOf returns the table row of a tile op by full name ("tile.add").
func OpOf(name string) (*Op, bool) {
	r, ok := opByName[name]
	return r, ok
}

// ViewsWindow reports whether op views a window of its source at offsets
// (tile.slice): a view of a row with Offsets, whose bytes lie where the
// offsets' values say, not at the source's start.
func ViewsWindow(op *ir.Operation) bool {
	r, ok := OpOf(op.Name)
	return ok && r.Form == Views && r.Offsets
}

// StoresToTensor reports whether op writes a tile to a global tensor
// (tile.store: a row of Form Stores).
func StoresToTensor(op *ir.Operation) bool {
	r, ok := OpOf(op.Name)
	return ok && r.Form == Stores
}

// CopiesTile reports whether op's result is a copy of its tile input
// (tile.move: a row with Copies).
func CopiesTile(op *ir.Operation) bool {
	r, ok := OpOf(op.Name)
	return ok && r.Copies
}

// opDef derives the registry entry of a row.
func (r *Op) opDef() *ir.OpDef {
	d := &ir.OpDef{
		Name:    "tile." + r.Name,
		Summary: r.Doc,
		Parse:   parseOp,
		Print:   printOp,
		Verify:  verifyOp,
		Effects: []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands, Result: -1}},
		// The hardware facts of the row, as op interfaces (interfaces.go).
		Interfaces: r.interfaces(),
	}
	switch r.Form {
	case Views:
		d.Traits = ir.ViewLike | ir.Pure
		d.ViewSource = 0
	case Stores:
		d.Traits = ir.HasSideEffects
		d.Effects = append(d.Effects, ir.Effect{Kind: ir.Write, Operand: 1, Result: -1})
		d.Flows = []ir.Flow{{Operand: 1, Result: 0}} // the result is the output tensor
	case Accumulates:
		d.Traits = ir.TileProducer | ir.ResultReusesInput
		d.ReusedInput = 0
	default:
		d.Traits = ir.TileProducer | ir.DestinationStyle
		d.Inherent = []string{"operandSegmentSizes", "offset", "dest_offsets"}
	}
	if r.Form == Produces {
		d.Traits |= ir.FreshResult
	}
	return d
}

// ScratchOperand is the index among op's inputs (Inputs) of its
// scratch tile, or -1 when it has none (its row needs none, or
// materialize-scratch has not run).
func ScratchOperand(op *ir.Operation) int {
	r, ok := OpOf(op.Name)
	if !ok || !r.PTOScratch || len(Inputs(op)) < r.scratchInputs() {
		return -1
	}
	return r.ScratchAt
}

// scratchInputs is how many inputs an op of a PTOScratch row has once
// its scratch is in: its Ins and the scratch.
func (r *Op) scratchInputs() int { return len(r.Ins) + 1 }

// InputIndex maps the index of an input as the row counts it (without a
// scratch) to its index among op's inputs now (after the scratch, when
// materialize-scratch has inserted one before it).
func InputIndex(op *ir.Operation, i int) int {
	if k := ScratchOperand(op); k >= 0 && i >= k {
		return i + 1
	}
	return i
}

// PadOf is the pad value of an op of a PadAttr row (PadZero without a
// `pad` attribute), or 0 for any other op.
func PadOf(op *ir.Operation) int64 {
	r, ok := OpOf(op.Name)
	if !ok || !r.PadAttr {
		return 0
	}
	if a, ok := op.Attr("pad").(*ir.StringAttr); ok {
		return pto.PadValues[a.Value]
	}
	return pto.PadZero
}

// movePipe: L1 -> L0A/L0B copies run on MTE1, L0C -> UB on FIX, others on V.
func movePipe(op *ir.Operation) string {
	if len(op.Operands) == 0 || len(op.Results) == 0 {
		return "V"
	}
	from, to := SpaceOf(op.Operands[0].Type), SpaceOf(op.Results[0].Type)
	switch {
	case from == "mat" && (to == "left" || to == "right" || to == "bias"):
		return "MTE1"
	case from == "acc":
		return "FIX"
	case from == "ddr":
		return "MTE2"
	}
	return "V"
}

func init() {
	for i := range Ops {
		ir.Register(Ops[i].opDef())
	}
}
