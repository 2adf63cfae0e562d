package tile

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
)

// The tile op table: one row per tile op, saying what the op is. The op
// registry (traits; alias rules, pipes and hazard roles as op interfaces,
// interfaces.go) and the verifier are derived from these rows, so adding
// an op is adding one row. Which ptoas instruction it becomes is the
// conversion's (transforms/tiletopto/lowering), what ptoas accepts the
// pto dialect's.

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

// Op is one row of the table.
type Op struct {
	Name  string // without the "tile." prefix
	Form  Form
	Alias AliasRule
	// ForbidAliasFor decides the alias rule per op and target (the
	// target's in-place variants, InPlaceRules) when Alias is
	// AliasTargetRule.
	ForbidAliasFor func(op *ir.Operation, rules string) (all bool, operands []int)
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
	// Scratch: the op takes a scratch (tmp) tile its ptoas instruction
	// needs and the op does not have (materialize-scratch gives it one
	// before planning; the conversion refuses the op without it).
	Scratch bool
	// ScratchAt is, for a Scratch row, how many inputs come before the
	// scratch input (materialize-scratch inserts it there, or the author
	// gives it): the op reads those, and only clobbers the scratch.
	ScratchAt int
	// Ins are the op's inputs in order, without the scratch (Scratch,
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
	// NonData are the inputs that are not data: masks and user-given tmp
	// tiles (the shape rules skip them).
	NonData []int
	// PadAttr: the op takes a `pad` attribute, the value written outside
	// the valid region ("zero", the default, "max" or "min").
	PadAttr bool
	Doc     string // one line for the dialect reference
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
	// shapes may differ around it is ptoas's, which the pto dialect checks).
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

// Ops is the table. Keep rows grouped by what they do.
var Ops = []Op{
	// Data movement.
	{Name: "load", Ins: []In{tensorIn}, Offsets: true, Shape: ShapeWindow, Form: Produces, Pipe: "MTE2", Hazard: GlobalLoad,
		Doc: "loads a window of a global tensor into a tile"},
	{Name: "store", Ins: []In{anyTile, tensorIn}, Offsets: true, Shape: ShapeWindow, Form: Stores, Pipe: "MTE3",
		Doc: "stores a tile into a window of a global tensor; the result is the tensor"},
	// ptoas's tpop_from_aic returns a tile in the C2V pipe's own buffer
	// and needs the pipe initialised (aiv_initialize_pipe), which the
	// lowering does not emit yet: refused rather than emitted wrong.
	{Name: "tpop_from_aic", Out: "vec", Shape: ShapeFree, Form: Produces, Pipe: "MTE2", Hazard: CubePop,
		Doc: "receives a tile the cube core pushed (split AIV kernels)"},
	{Name: "move", Ins: []In{anyTile}, Shape: ShapeSame, Form: Computes, Copies: true, Alias: AliasNoInput, PipeFor: movePipe,
		Doc: "copies a tile to another memory space (mat->left/right on MTE1, acc->vec on FIX)"},
	// Constants.
	{Name: "create", Shape: ShapeFree, Form: Produces, Doc: "a new tile of unspecified contents"},
	{Name: "full", Ins: []In{{Kind: ScalarIn, Attr: "value"}}, Out: "vec mat", Shape: ShapeFree, Form: Produces, Doc: "a tile filled with a scalar"},
	// Cube unit.
	{Name: "matmul", Ins: []In{leftIn, rightIn}, Out: "acc", Shape: ShapeMatmul, Form: Produces, Pipe: "M", Doc: "matrix product left x right into acc"},
	{Name: "matmul_acc", Ins: []In{accIn, leftIn, rightIn}, Out: "acc", Shape: ShapeMatmul, Form: Accumulates, Pipe: "M", Doc: "acc += left x right, in place in operand 0"},
	{Name: "gemv", Ins: []In{leftIn, rightIn}, Out: "acc", Shape: ShapeGemv, Form: Produces, Pipe: "M", Doc: "matrix-vector product into acc"},
	{Name: "gemv_acc", Ins: []In{accIn, leftIn, rightIn}, Out: "acc", Shape: ShapeGemv, Form: Accumulates, Pipe: "M", Doc: "acc += matrix x vector, in place in operand 0"},
	// Elementwise, tile with tile.
	{Name: "add", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise a + b"},
	{Name: "sub", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise a - b"},
	{Name: "mul", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise a * b"},
	{Name: "div", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise a / b"},
	{Name: "max", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise maximum"},
	{Name: "min", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise minimum"},
	{Name: "and", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise bitwise and"},
	{Name: "or", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise bitwise or"},
	{Name: "xor", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Scratch: true, ScratchAt: 2, Doc: "elementwise bitwise xor"},
	// Elementwise, tile with scalar.
	{Name: "adds", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Doc: "tile + scalar"},
	{Name: "subs", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Doc: "tile - scalar"},
	{Name: "muls", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Doc: "tile * scalar"},
	{Name: "divs", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Doc: "tile / scalar"},
	{Name: "maxs", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Doc: "max(tile, scalar)"},
	{Name: "mins", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Doc: "min(tile, scalar)"},
	// Elementwise, unary.
	{Name: "exp", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise e^x"},
	{Name: "log", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise natural logarithm"},
	{Name: "sqrt", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise square root"},
	{Name: "abs", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise |x|"},
	{Name: "neg", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise -x"},
	{Name: "relu", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise max(x, 0)"},
	{Name: "not", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Doc: "elementwise bitwise not"},
	{Name: "fillpad", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSameStatic, PadAttr: true, Doc: "copies a tile and fills its padding (outside the source's valid region) with `pad`: \"zero\" (the default), \"max\" or \"min\""},
	// Not in place: the hardware reads inputs after writing output elements.
	{Name: "recip", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, Doc: "elementwise 1/x"},
	{Name: "rsqrt", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, Doc: "elementwise 1/sqrt(x)"},
	{Name: "rem", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, Scratch: true, ScratchAt: 2, Doc: "elementwise remainder"},
	{Name: "rems", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, Scratch: true, ScratchAt: 2, Doc: "remainder by a scalar"},
	{Name: "fmod", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, Doc: "elementwise floating-point modulus"},
	{Name: "fmods", Ins: []In{vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, Doc: "floating-point modulus by a scalar"},
	{Name: "transpose", Ins: []In{vecIn}, Out: "vec", Shape: ShapeTranspose, Alias: AliasNoInput, Scratch: true, ScratchAt: 1, Doc: "transposes a tile"},
	{Name: "row_sum", Ins: []In{vecIn}, Out: "vec", Shape: ShapeRowReduce, Alias: AliasNoInput, Scratch: true, ScratchAt: 1, Doc: "sum of each row (N x 1 result)"},
	{Name: "row_max", Ins: []In{vecIn}, Out: "vec", Shape: ShapeRowReduce, Alias: AliasNoInput, Scratch: true, ScratchAt: 1, Doc: "maximum of each row (N x 1 result)"},
	{Name: "row_min", Ins: []In{vecIn}, Out: "vec", Shape: ShapeRowReduce, Alias: AliasNoInput, Scratch: true, ScratchAt: 1, Doc: "minimum of each row (N x 1 result)"},
	// ptoas's tmrgsort format1 takes a block length (a multiple of 64) and
	// 1-row tiles; tile.mrgsort_format1 carries no block length.
	{Name: "mrgsort_format1", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNoInput, Doc: "merge sort of sorted runs (no ptoas lowering: tmrgsort needs a block length)"},
	{Name: "topk", Ins: []In{vecIn}, Out: "vec", Results: 2, Shape: ShapeRowWise, Alias: AliasNoInput, Doc: "row-wise top-k: two results (values, indices)"},
	// Broadcasts: the output must not alias the broadcast operand 1.
	{Name: "row_expand", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, Doc: "broadcasts an N x 1 column across the rows"},
	{Name: "row_expand_mul", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, Doc: "a * row-broadcast b"},
	{Name: "row_expand_add", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, Doc: "a + row-broadcast b"},
	{Name: "row_expand_sub", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, Doc: "a - row-broadcast b"},
	{Name: "row_expand_div", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeRowBroadcast, Alias: AliasNotOperand1, Doc: "a / row-broadcast b"},
	{Name: "col_expand", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, Doc: "broadcasts a 1 x N row down the columns"},
	{Name: "col_expand_mul", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, Doc: "a * column-broadcast b"},
	{Name: "col_expand_add", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, Doc: "a + column-broadcast b"},
	{Name: "col_expand_sub", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, Doc: "a - column-broadcast b"},
	{Name: "col_expand_div", Ins: []In{vecIn, vecIn}, Out: "vec", Shape: ShapeColBroadcast, Alias: AliasNotOperand1, Doc: "a / column-broadcast b"},
	// Selects and target-aware rules.
	{Name: "sel", Ins: []In{vecIn, vecIn, vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasNotMaskOrTmp, NonData: []int{0, 3}, Doc: "select by mask (operands mask, a, b, tmp)"},
	{Name: "sels", Ins: []In{vecIn, vecIn, scalarIn}, Out: "vec", Shape: ShapeSame, Alias: AliasTargetRule, ForbidAliasFor: selsForbidden, Scratch: true, ScratchAt: 2, NonData: []int{0}, Doc: "select with a scalar; never aliases the mask"},
	{Name: "prelu", Ins: []In{vecIn, vecIn, vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasTargetRule, ForbidAliasFor: preluForbidden, NonData: []int{2}, Doc: "parametric relu; on ascend950 may reuse its tmp"},
	{Name: "cast", Ins: []In{vecIn}, Out: "vec", Shape: ShapeSame, Alias: AliasTargetRule, ForbidAliasFor: castForbidden, Doc: "element type conversion; widening casts are not in place"},
	// Views.
	{Name: "reshape", Ins: []In{anyTile}, Shape: ShapeSameBytes, Form: Views, Doc: "the same bytes with another shape"},
	{Name: "reinterpret", Ins: []In{anyTile}, Shape: ShapeWithinBytes, Form: Views, Doc: "the same bytes with another element type"},
	{Name: "slice", Ins: []In{anyTile}, Offsets: true, Shape: ShapeWindow, Form: Views, Doc: "a window of a tile at index offsets"},
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
		Name:          "tile." + r.Name,
		Summary:       r.Doc,
		Parse:         parseOp,
		Print:         printOp,
		VerifyRegions: verifyOp,
		Effects:       []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands, Result: -1}},
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
	if !ok || !r.Scratch || len(Inputs(op)) < r.scratchInputs() {
		return -1
	}
	return r.ScratchAt
}

// scratchInputs is how many inputs an op of a Scratch row has once
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
