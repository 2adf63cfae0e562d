// Package lowering is the mapping of convert-tile-to-pto: which ptoas
// instruction each tile op becomes and which of its inputs that
// instruction takes. What a tile op is stays in the tile op table
// (dialect/tile); what ptoas accepts is the pto dialect's (its op table
// and rules, dialect/pto), which the conversion checks its output with.
// check-ptoas-plan (transforms/tile) reads the mapping too: it models the
// buffers ptoas sees.
package lowering

import "github.com/pto-opt/pto-opt/dialect/ir"

// Form says how a tile op becomes ptoas input.
type Form int

const (
	// Compute: pto.<op> ins(inputs) outs(result buffer).
	Compute Form = iota
	// Load: ins(a partition view of tensor operand 0) outs(buffer).
	Load
	// Store: ins(tile operand 0) outs(a partition view of operand 1).
	Store
	// SSAView: %r = pto.<op> %src : T -> T2, an SSA view of the source's
	// bytes (treshape, bitcast); the tile is its result.
	SSAView
	// Subset: the tile is `pto.subset %src[offsets] sizes [...]`.
	Subset
	// NoOp: nothing to emit; the tile is its buffer (tile.create's
	// contents are unspecified).
	NoOp
	// Unsupported: no ptoas lowering (yet); the conversion refuses the op
	// at its location, with Reason.
	Unsupported
)

// Lowering is what one tile op becomes.
type Lowering struct {
	PTO  string // the pto op (without "pto."); "" for NoOp and Unsupported
	Form Form
	// Ins are the inputs the pto op takes (nil: all), as the tile op
	// table counts them: row_expand and col_expand read only their
	// vector (operand 0 gives the shape).
	Ins []int
	// Tmp is the input (as the table counts them) that is the pto op's
	// tmp tile, which its instruction writes (tile.sel's, tile.prelu's),
	// or -1; a scratch materialize-scratch gives is the tmp of its op.
	Tmp int
	// KeepsLayout: the pto view keeps the source's tile configuration
	// (pto.bitcast), so the result's type takes it.
	KeepsLayout bool
	// Reason says why an Unsupported op has no lowering.
	Reason string
}

// Of is the lowering of a tile op (by full name); ok is false for an op
// the table does not know.
func Of(name string) (Lowering, bool) {
	if d := ir.Lookup(name); d != nil {
		for _, i := range d.Interfaces {
			if a, ok := i.(attached); ok {
				return a.Lowering, true
			}
		}
	}
	return Lowering{}, false
}

// OfOp is the lowering of op, which the table attached to its definition.
func OfOp(op *ir.Operation) (Lowering, bool) {
	a, ok := ir.InterfaceOf[attached](op)
	return a.Lowering, ok
}

// Names are the tile ops the table maps, for its test.
func Names() []string {
	out := make([]string, 0, len(table))
	for _, r := range table {
		out = append(out, r.op)
	}
	return out
}

// attached is a row's lowering as the op interface the table attaches to
// its tile op (ir.AttachInterface): the conversion finds an op's lowering
// through the op's definition, as MLIR's conversions attach external
// models to the ops of another dialect, rather than by comparing names.
type attached struct{ Lowering }

func init() {
	for _, r := range table {
		ir.AttachInterface(r.op, attached{r.Lowering})
	}
}

func compute(pto string) Lowering { return Lowering{PTO: pto, Form: Compute, Tmp: -1} }

func unsupported(reason string) Lowering {
	return Lowering{Form: Unsupported, Tmp: -1, Reason: reason}
}

// table maps every tile op but tile.alloc (whose buffers become
// pto.alloc_tile) to its ptoas instruction.
var table = []struct {
	op string // the tile op's full name
	Lowering
}{
	{"tile.load", Lowering{PTO: "tload", Form: Load, Tmp: -1}},
	{"tile.store", Lowering{PTO: "tstore", Form: Store, Tmp: -1}},
	// ptoas's tpop_from_aic returns a tile in the C2V pipe's own buffer
	// and needs the pipe initialised (aiv_initialize_pipe), which the
	// lowering does not emit yet: refused rather than emitted wrong.
	{"tile.tpop_from_aic", unsupported("ptoas's tpop_from_aic needs the C2V pipe initialised, which the lowering does not emit")},
	{"tile.move", compute("tmov")},
	{"tile.create", Lowering{Form: NoOp, Tmp: -1}},
	{"tile.full", compute("texpands")},
	{"tile.matmul", compute("tmatmul")},
	{"tile.matmul_acc", compute("tmatmul.acc")},
	{"tile.gemv", compute("tgemv")},
	{"tile.gemv_acc", compute("tgemv.acc")},
	{"tile.add", compute("tadd")},
	{"tile.sub", compute("tsub")},
	{"tile.mul", compute("tmul")},
	{"tile.div", compute("tdiv")},
	{"tile.max", compute("tmax")},
	{"tile.min", compute("tmin")},
	{"tile.and", compute("tand")},
	{"tile.or", compute("tor")},
	{"tile.xor", compute("txor")},
	{"tile.adds", compute("tadds")},
	{"tile.subs", compute("tsubs")},
	{"tile.muls", compute("tmuls")},
	{"tile.divs", compute("tdivs")},
	{"tile.maxs", compute("tmaxs")},
	{"tile.mins", compute("tmins")},
	{"tile.exp", compute("texp")},
	{"tile.log", compute("tlog")},
	{"tile.sqrt", compute("tsqrt")},
	{"tile.abs", compute("tabs")},
	{"tile.neg", compute("tneg")},
	{"tile.relu", compute("trelu")},
	{"tile.not", compute("tnot")},
	{"tile.fillpad", compute("tfillpad")},
	{"tile.recip", compute("trecip")},
	{"tile.rsqrt", compute("trsqrt")},
	{"tile.rem", compute("trem")},
	{"tile.rems", compute("trems")},
	{"tile.fmod", compute("tfmod")},
	{"tile.fmods", compute("tfmods")},
	{"tile.transpose", compute("ttrans")},
	{"tile.row_sum", compute("trowsum")},
	{"tile.row_max", compute("trowmax")},
	{"tile.row_min", compute("trowmin")},
	// ptoas's tmrgsort format1 takes a block length (a multiple of 64)
	// and 1-row tiles; tile.mrgsort_format1 carries no block length.
	{"tile.mrgsort_format1", unsupported("tmrgsort needs a block length")},
	{"tile.topk", unsupported("ptoas has no top-k instruction")},
	{"tile.row_expand", Lowering{PTO: "trowexpand", Form: Compute, Ins: []int{1}, Tmp: -1}},
	{"tile.row_expand_mul", compute("trowexpandmul")},
	{"tile.row_expand_add", compute("trowexpandadd")},
	{"tile.row_expand_sub", compute("trowexpandsub")},
	{"tile.row_expand_div", compute("trowexpanddiv")},
	{"tile.col_expand", Lowering{PTO: "tcolexpand", Form: Compute, Ins: []int{1}, Tmp: -1}},
	{"tile.col_expand_mul", compute("tcolexpandmul")},
	{"tile.col_expand_add", compute("tcolexpandadd")},
	{"tile.col_expand_sub", compute("tcolexpandsub")},
	{"tile.col_expand_div", compute("tcolexpanddiv")},
	{"tile.sel", Lowering{PTO: "tsel", Form: Compute, Tmp: 3}},
	{"tile.sels", compute("tsels")},
	{"tile.prelu", Lowering{PTO: "tprelu", Form: Compute, Tmp: 2}},
	{"tile.cast", compute("tcvt")},
	{"tile.reshape", Lowering{PTO: "treshape", Form: SSAView, Tmp: -1}},
	{"tile.reinterpret", Lowering{PTO: "bitcast", Form: SSAView, Tmp: -1, KeepsLayout: true}},
	{"tile.slice", Lowering{PTO: "subset", Form: Subset, Tmp: -1}},
}
