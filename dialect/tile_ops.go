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
	PTOForm   PTOForm
	Doc       string // one line for the dialect reference
}

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
	{Name: "move", Form: Computes, Alias: AliasNoInput, PipeFor: movePipe, PTO: "tmov",
		Doc: "copies a tile to another memory space (mat->left/right on MTE1, acc->vec on FIX)"},
	// Constants.
	{Name: "create", Form: Produces, PTOForm: PTONoOp, Doc: "a new tile of unspecified contents"},
	{Name: "full", Form: Produces, PTO: "texpands", Doc: "a tile filled with a scalar"},
	// Cube unit.
	{Name: "matmul", Form: Produces, Pipe: "M", PTO: "tmatmul", Doc: "matrix product left x right into acc"},
	{Name: "matmul_acc", Form: Accumulates, Pipe: "M", PTO: "tmatmul.acc", Doc: "acc += left x right, in place in operand 0"},
	{Name: "gemv", Form: Produces, Pipe: "M", PTO: "tgemv", Doc: "matrix-vector product into acc"},
	{Name: "gemv_acc", Form: Accumulates, Pipe: "M", PTO: "tgemv.acc", Doc: "acc += matrix x vector, in place in operand 0"},
	// Elementwise, tile with tile.
	{Name: "add", PTO: "tadd", Doc: "elementwise a + b"},
	{Name: "sub", PTO: "tsub", Doc: "elementwise a - b"},
	{Name: "mul", PTO: "tmul", Doc: "elementwise a * b"},
	{Name: "div", PTO: "tdiv", Doc: "elementwise a / b"},
	{Name: "max", PTO: "tmax", Doc: "elementwise maximum"},
	{Name: "min", PTO: "tmin", Doc: "elementwise minimum"},
	{Name: "and", PTO: "tand", Doc: "elementwise bitwise and"},
	{Name: "or", PTO: "tor", Doc: "elementwise bitwise or"},
	{Name: "xor", PTO: "txor", PTOScratch: true, ScratchAt: 2, Doc: "elementwise bitwise xor"},
	// Elementwise, tile with scalar.
	{Name: "adds", PTO: "tadds", Doc: "tile + scalar"},
	{Name: "subs", PTO: "tsubs", Doc: "tile - scalar"},
	{Name: "muls", PTO: "tmuls", Doc: "tile * scalar"},
	{Name: "divs", PTO: "tdivs", Doc: "tile / scalar"},
	{Name: "maxs", PTO: "tmaxs", Doc: "max(tile, scalar)"},
	{Name: "mins", PTO: "tmins", Doc: "min(tile, scalar)"},
	// Elementwise, unary.
	{Name: "exp", PTO: "texp", Doc: "elementwise e^x"},
	{Name: "log", PTO: "tlog", Doc: "elementwise natural logarithm"},
	{Name: "sqrt", PTO: "tsqrt", Doc: "elementwise square root"},
	{Name: "abs", PTO: "tabs", Doc: "elementwise |x|"},
	{Name: "neg", PTO: "tneg", Doc: "elementwise -x"},
	{Name: "relu", PTO: "trelu", Doc: "elementwise max(x, 0)"},
	{Name: "not", PTO: "tnot", Doc: "elementwise bitwise not"},
	{Name: "fillpad", PTO: "tfillpad", Doc: "fills the padding outside the valid region"},
	// Not in place: the hardware reads inputs after writing output elements.
	{Name: "recip", Alias: AliasNoInput, PTO: "trecip", Doc: "elementwise 1/x"},
	{Name: "rsqrt", Alias: AliasNoInput, PTO: "trsqrt", Doc: "elementwise 1/sqrt(x)"},
	{Name: "rem", Alias: AliasNoInput, PTO: "trem", PTOScratch: true, ScratchAt: 2, Doc: "elementwise remainder"},
	{Name: "rems", Alias: AliasNoInput, PTO: "trems", PTOScratch: true, ScratchAt: 2, Doc: "remainder by a scalar"},
	{Name: "fmod", Alias: AliasNoInput, PTO: "tfmod", Doc: "elementwise floating-point modulus"},
	{Name: "fmods", Alias: AliasNoInput, PTO: "tfmods", Doc: "floating-point modulus by a scalar"},
	{Name: "transpose", Alias: AliasNoInput, PTO: "ttrans", PTOScratch: true, ScratchAt: 1, Doc: "transposes a tile"},
	{Name: "row_sum", Alias: AliasNoInput, PTO: "trowsum", PTOScratch: true, ScratchAt: 1, Doc: "sum of each row (N x 1 result)"},
	{Name: "row_max", Alias: AliasNoInput, PTO: "trowmax", PTOScratch: true, ScratchAt: 1, Doc: "maximum of each row (N x 1 result)"},
	{Name: "row_min", Alias: AliasNoInput, PTO: "trowmin", PTOScratch: true, ScratchAt: 1, Doc: "minimum of each row (N x 1 result)"},
	{Name: "mrgsort_format1", Alias: AliasNoInput, PTO: "tmrgsort", Doc: "merge sort of sorted runs"},
	{Name: "topk", Alias: AliasNoInput, PTOForm: PTOUnsupported, Doc: "row-wise top-k: two results (values, indices)"},
	// Broadcasts: the output must not alias the broadcast operand 1.
	{Name: "row_expand", Alias: AliasNotOperand1, PTO: "trowexpand", Doc: "broadcasts an N x 1 column across the rows"},
	{Name: "row_expand_mul", Alias: AliasNotOperand1, PTO: "trowexpandmul", Doc: "a * row-broadcast b"},
	{Name: "row_expand_add", Alias: AliasNotOperand1, PTO: "trowexpandadd", Doc: "a + row-broadcast b"},
	{Name: "row_expand_sub", Alias: AliasNotOperand1, PTO: "trowexpandsub", Doc: "a - row-broadcast b"},
	{Name: "row_expand_div", Alias: AliasNotOperand1, PTO: "trowexpanddiv", Doc: "a / row-broadcast b"},
	{Name: "col_expand", Alias: AliasNotOperand1, PTO: "tcolexpand", Doc: "broadcasts a 1 x N row down the columns"},
	{Name: "col_expand_mul", Alias: AliasNotOperand1, PTO: "tcolexpandmul", Doc: "a * column-broadcast b"},
	{Name: "col_expand_add", Alias: AliasNotOperand1, PTO: "tcolexpandadd", Doc: "a + column-broadcast b"},
	{Name: "col_expand_sub", Alias: AliasNotOperand1, PTO: "tcolexpandsub", Doc: "a - column-broadcast b"},
	{Name: "col_expand_div", Alias: AliasNotOperand1, PTO: "tcolexpanddiv", Doc: "a / column-broadcast b"},
	// Selects and target-aware rules.
	{Name: "sel", Alias: AliasNotMaskOrTmp, PTO: "tsel", Doc: "select by mask (operands mask, a, b, tmp)"},
	{Name: "sels", Alias: AliasTargetRule, ForbidAliasFor: selsForbidden, PTO: "tsels", Doc: "select with a scalar; never aliases the mask"},
	{Name: "prelu", Alias: AliasTargetRule, ForbidAliasFor: preluForbidden, PTO: "tprelu", Doc: "parametric relu; on ascend950 may reuse its tmp"},
	{Name: "cast", Alias: AliasTargetRule, ForbidAliasFor: castForbidden, PTO: "tcvt", Doc: "element type conversion; widening casts are not in place"},
	// Views.
	{Name: "reshape", Form: Views, PTO: "treshape", PTOForm: PTOSSAView, Doc: "the same bytes with another shape"},
	{Name: "reinterpret", Form: Views, PTO: "bitcast", PTOForm: PTOSSAView, Doc: "the same bytes with another element type"},
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
	if !ok || !r.PTOScratch || len(TileInputs(op)) <= r.ScratchAt {
		return -1
	}
	return r.ScratchAt
}
