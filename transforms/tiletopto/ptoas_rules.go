package tiletopto

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// What ptoas accepts, checked on what convert-tile-to-pto emits, so that
// a kernel ptoas would reject is refused here, at the tile op, naming the
// rule: the pto dialect's rules on every pto op emitted (checkEmitted),
// what ptoas's EmitC lowering takes of the other dialects (the pto
// dialect's pto.LowersUpstream), and where the tile ops mean more than
// ptoas's (a store of a partly valid tile).

// checkNonTileOp refuses an op outside the tile dialect that ptoas cannot
// lower (the pto dialect says which it can, pto.LowersUpstream).
func checkNonTileOp(op *ir.Operation) error {
	if ok, why := pto.LowersUpstream(op); !ok {
		return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas cannot lower '%s' %s", op.Name, why)
	}
	return nil
}

// checkEmitted checks a pto op the conversion made with the pto
// dialect's rules: its own verifier, then the rules of the target's arch.
// ptoas would reject an op that fails them, so the tile op it comes from
// (whose location it has) is refused, with ptoas's reason.
func (c *ptoConv) checkEmitted(op *ir.Operation) error {
	err := ir.VerifyOpOnly(op)
	if err == nil && c.ctx.Target != nil {
		err = pto.VerifyOpArch(op, c.ctx.Target.PTO())
	}
	if err == nil {
		return nil
	}
	d := ir.AsDiagnostic(err)
	return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas would reject it: %s", d.Msg)
}

// checkStoreValid refuses a store of a tile whose valid region is not
// all of it: ptoas's tstore writes the source's valid region and needs the
// window of the tensor to hold exactly that many elements, while
// tile.store writes the whole tile.
func checkStoreValid(op *ir.Operation, t *tile.Type) error {
	if t.Valid == nil || slices.Contains(t.Valid, ir.Dynamic) || slices.Equal(t.Valid, t.Shape) {
		return nil
	}
	return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.tstore writes only the valid region (%s) of a tile, and tile.store writes all of it (%s): store a tile whose valid region is the whole tile (tile.fillpad one), or a tile of the valid shape", ir.FormatShape(t.Valid), ir.FormatShape(t.Shape))
}

// subsetType is the type ptoas infers for `pto.subset %src[offs] sizes
// [sizes]`: the source's layout, and per dimension the valid extent
// min(size, valid - offset mod valid) when the source's valid extent and
// the offset are constants, else dynamic. It returns an error, located at
// the slice op, when the slice's own valid region is not the one ptoas
// infers (ptoas's rules on windows of boxed tiles are the pto dialect's,
// checked on the pto.subset).
func subsetType(op *ir.Operation, src *pto.TileBufType, offs []*ir.Value, t *tile.Type) (ir.Type, error) {
	typ := pto.SubsetType(src, offs, t.Shape).(*pto.TileBufType)
	valid := typ.ValidShape()
	for i, size := range t.Shape {
		declared := size
		if t.Valid != nil && i < len(t.Valid) {
			declared = t.Valid[i]
		}
		if valid[i] != ir.Dynamic && declared != ir.Dynamic && valid[i] != declared {
			return nil, ir.NewError(op.Loc, "convert-tile-to-pto: ptoas gives this window %d valid elements in dimension %d (from its source's valid region), the slice declares %d", valid[i], i, declared)
		}
	}
	return typ, nil
}
