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
// what ptoas's EmitC lowering takes of the other dialects, and where the
// tile ops mean more than ptoas's (a store of a partly valid tile).

// ptoasArith are the arith ops ptoas's EmitC lowering has a pattern for
// (it marks the whole arith dialect illegal, so any other arith op fails
// to legalize). arith.addf is not among them: rewriteAddF replaces it.
var ptoasArith = map[string]bool{
	"arith.constant": true, "arith.addi": true, "arith.subi": true, "arith.muli": true,
	"arith.divsi": true, "arith.divui": true, "arith.ceildivsi": true, "arith.ceildivui": true,
	"arith.floordivsi": true, "arith.remsi": true, "arith.remui": true,
	"arith.maxsi": true, "arith.maxui": true, "arith.minsi": true, "arith.minui": true,
	"arith.andi": true, "arith.ori": true, "arith.xori": true,
	"arith.shli": true, "arith.shrsi": true, "arith.shrui": true,
	"arith.addui_extended": true, "arith.mulsi_extended": true, "arith.mului_extended": true,
	"arith.subf": true, "arith.mulf": true, "arith.divf": true, "arith.remf": true, "arith.negf": true,
	"arith.maximumf": true, "arith.minimumf": true, "arith.maxnumf": true, "arith.minnumf": true,
	"arith.cmpi": true, "arith.cmpf": true, "arith.select": true,
	"arith.extsi": true, "arith.extui": true, "arith.trunci": true, "arith.extf": true, "arith.truncf": true,
	"arith.sitofp": true, "arith.uitofp": true, "arith.fptosi": true, "arith.fptoui": true,
	"arith.index_cast": true, "arith.index_castui": true, "arith.bitcast": true,
}

// ptoasDialects are the dialects whose ops may stay in a kernel: ptoas
// lowers scf to cf, and cf and func.return itself.
var ptoasOps = map[string]bool{
	"scf.for": true, "scf.if": true, "scf.yield": true, "scf.while": true, "scf.condition": true,
	"cf.br": true, "cf.cond_br": true, "func.return": true,
}

// checkNonTileOp refuses an op outside the tile dialect that ptoas cannot
// lower.
func checkNonTileOp(op *ir.Operation) error {
	switch {
	case op.Name == "arith.addf":
		return nil // rewritten (rewriteAddF)
	case op.Dialect() == "arith":
		if !ptoasArith[op.Name] {
			return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas cannot lower '%s' (its EmitC lowering has no pattern for it)", op.Name)
		}
	case !ptoasOps[op.Name]:
		return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas cannot lower '%s' in a kernel (only tile ops, arith, scf.for/if/while, cf branches and return)", op.Name)
	}
	return nil
}

// rewriteAddF replaces each arith.addf a, b with arith.subf a, (arith.negf
// b), which ptoas lowers. The two are the same IEEE 754 operation:
// subtraction is defined as the addition of the negated operand, and
// negation is exact (it only flips the sign bit), so every result,
// signed zeros and NaNs included, is unchanged.
func rewriteAddF(fn *ir.Operation) {
	var adds []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if op.Name == "arith.addf" && len(op.Operands) == 2 && len(op.Results) == 1 {
			adds = append(adds, op)
		}
		return true
	})
	for _, op := range adds {
		a, b := op.Operands[0], op.Operands[1]
		neg := ir.NewOperation("arith.negf", op.Loc, []*ir.Value{b}, []ir.Type{b.Type})
		sub := ir.NewOperation("arith.subf", op.Loc, []*ir.Value{a, neg.Results[0]}, []ir.Type{op.Results[0].Type})
		if fm := op.Attr("fastmath"); fm != nil {
			neg.SetAttr("fastmath", fm)
			sub.SetAttr("fastmath", fm)
		}
		sub.Results[0].NameHint = op.Results[0].NameHint
		op.Block.InsertBefore(op, neg)
		op.Block.InsertBefore(op, sub)
		op.Results[0].ReplaceAllUsesWith(sub.Results[0])
		op.Erase()
	}
}

// checkEmitted checks a pto op the conversion made with the pto
// dialect's rules: its own verifier, then the rules of the target's arch.
// ptoas would reject an op that fails them, so the tile op it comes from
// (whose location it has) is refused, with ptoas's reason.
func (c *ptoConv) checkEmitted(op *ir.Operation) error {
	err := error(nil)
	if d := op.Def; d != nil && d.VerifyInvariants != nil {
		err = d.VerifyInvariants(op)
	}
	if d := op.Def; err == nil && d != nil && d.Verify != nil {
		err = d.Verify(op)
	}
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
