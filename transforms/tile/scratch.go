package tile

import (
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// materialize-scratch: gives every op whose ptoas instruction needs a
// scratch tile (the op table's Scratch rows: row reductions, transpose,
// rem, rems, xor, sels) that tile, as a fresh `tile.create` of its first
// data input's type right before the op, inserted among the op's inputs
// where ptoas takes it (the row's ScratchAt). The scratch is
// then an ordinary tile: init-memref gives it an allocation, its lifetime
// ends at the op, the op's no-alias rule keeps the output off it, and the
// planners place it like any other buffer; convert-tile-to-pto passes it
// as the instruction's tmp operand. An op that already has one (its
// inputs number the row's Ins and one more) is left alone.

// MaterializeScratch is the materialize-scratch pass.
var MaterializeScratch = &pass.Pass{
	Name:      "materialize-scratch",
	ClassName: "MaterializeScratch",
	Summary:   "Give ops whose ptoas instruction needs a scratch (tmp) tile a tile.create of it, to be planned like any tile",
	Anchor:    "func.func",
	Parallel:  true,
	Stats: map[string]string{
		"num-scratch": "Scratch tiles created",
	},
	Run: runMaterializeScratch,
}

// HasScratch reports whether an op of a Scratch row has its scratch
// input.
func HasScratch(op *ir.Operation) bool { return tile.ScratchOperand(op) >= 0 }

func runMaterializeScratch(ctx *pass.Context, fn *ir.Operation) error {
	var ops []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if r, ok := tile.OpOf(op.Name); ok && r.Scratch && !HasScratch(op) {
			ops = append(ops, op)
		}
		return true
	})
	for _, op := range ops {
		inputs := tile.Inputs(op)
		if len(inputs) == 0 {
			return ir.NewError(op.Loc, "materialize-scratch: %s has no input to size its scratch tile by", ir.Describe(op))
		}
		// Sized and typed like the first data input (not a mask): what
		// ptoas's instruction computes on.
		r, _ := tile.OpOf(op.Name)
		src := 0
		for src < len(inputs)-1 && slices.Contains(r.NonData, src) {
			src++
		}
		t, ok := inputs[src].Type.(*tile.Type)
		if !ok {
			return ir.NewError(op.Loc, "materialize-scratch: %s: input #%d is a %s, not a tile", ir.Describe(op), src, inputs[src].Type)
		}
		create := ir.NewOperation("tile.create", op.Loc, nil, []ir.Type{tile.Tile(t.Shape, t.Elem, t.Space, t.Valid)})
		create.Results[0].NameHint = scratchName(op)
		op.Block.InsertBefore(op, create)
		// The scratch goes where ptoas's instruction takes it: after the
		// first ScratchAt inputs (before tsels' scalar).
		at := min(r.ScratchAt, len(inputs))
		dests := tile.Dests(op)
		operands := append(append(append(append([]*ir.Value(nil), inputs[:at]...), create.Results[0]), inputs[at:]...), dests...)
		op.SetOperands(operands)
		if seg := op.SegmentSizes("operandSegmentSizes"); seg != nil {
			op.SetAttr("operandSegmentSizes", ir.I32Array(int64(len(inputs)+1), int64(len(dests))))
		}
		ctx.Stat("num-scratch", 1)
	}
	return nil
}

// scratchName names the scratch tile of op as its tmp: "%m_tmp" for the
// tmp of the op writing %m, or by the op ("%row_max_tmp") when its result
// has no name, so a message or a report that names the tile says whose
// tmp it is (the printer keeps names unique).
func scratchName(op *ir.Operation) string {
	if len(op.Results) > 0 && op.Results[0].NameHint != "" {
		return op.Results[0].NameHint + "_tmp"
	}
	// The op's name within its dialect: row_max for tile.row_max.
	_, short, _ := strings.Cut(op.Name, ".")
	return short + "_tmp"
}
