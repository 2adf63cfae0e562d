package tile

import (
	"fmt"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/printer"
)

// tooLargeAlone is the error for a tile that needs more bytes than its
// memory space has in all (capacity, on where: "target 'X'"): no planner can place
// it, whatever else is live, so the error is at the tile (the first op
// that writes into allocation alloc, or the allocation when none does),
// not at the function, and says what to do: a smaller tile, and a loop
// over the rest. It says how many of the tile's rows fit alone, when one
// does; extra follows "no placement can fit it".
func tooLargeAlone(pass string, fn, alloc *ir.Operation, size, capacity int64, where, extra string) *ir.Diagnostic {
	// The tile is the first one written into alloc that is too large
	// itself (a merged allocation is as large as its largest tile), or
	// the first one written into it.
	at, tileName, t := alloc, "", (*tile.Type)(nil)
	names := printer.Names(fn, printer.Options{})
	fn.Walk(func(op *ir.Operation) bool {
		for i, d := range tile.Dests(op) {
			if d != alloc.Results[0] || i >= len(op.Results) {
				continue
			}
			rt, _ := op.Results[i].Type.(*tile.Type)
			big := rt != nil && rt.ByteSize() > capacity
			if at == alloc || big && (t == nil || t.ByteSize() <= capacity) {
				at, tileName, t = op, names[op.Results[i]], rt
			}
		}
		return true
	})
	space := tile.SpaceOf(alloc.Results[0].Type)
	what := "this allocation"
	if tileName != "" {
		what = "tile " + tileName
	}
	hint := "use a smaller tile and an scf.for over the rest, as examples/softmax.mlir does"
	if t != nil && len(t.Shape) == 2 && t.Shape[0] > 1 && t.ByteSize() > capacity {
		if rowBytes := t.ByteSize() / t.Shape[0]; rowBytes > 0 && t.ByteSize()%t.Shape[0] == 0 {
			if rows := capacity / rowBytes; rows >= 1 {
				hint = fmt.Sprintf("use a tile of fewer rows (at most %d of its %d fit alone, and others must fit beside it) and an scf.for over the row blocks, as examples/softmax.mlir does", rows, t.Shape[0])
			}
		}
	}
	return ir.NewError(at.Loc, "%s: %s needs %d bytes of memory space '%s', more than all %d bytes the space has on %s: no placement can fit it%s; %s",
		pass, what, size, space, capacity, where, extra, hint)
}
