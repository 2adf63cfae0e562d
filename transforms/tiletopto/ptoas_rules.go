package tiletopto

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/arith"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/checked"
)

// What ptoas's verifiers and its EmitC lowering accept, checked on the
// pto ops convert-tile-to-pto emits, so that a kernel ptoas would reject
// is refused here, at the tile op, naming the rule. The per-op facts
// (element types per arch, shapes of particular tiles, tmp tiles) are
// columns of the tile op table (tile.Ops in dialect/tile); what is left here is how
// to apply them, and the rules of ops outside the table (arith, subsets).
// What holds on every arch (operands, spaces, how result shapes and
// valid regions follow from the inputs', windows) the verifier checks
// when the kernel is read.

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

// elemMatches reports whether element type e is in a space-separated
// ptoas list. "iN" stands for every N-bit integer (ptoas checks widths).
func elemMatches(list string, e ir.Type) bool {
	s := e.String()
	for _, w := range strings.Fields(list) {
		if w == s {
			return true
		}
		if strings.HasPrefix(w, "i") && (s == "s"+w || s == "u"+w) {
			return true
		}
	}
	return false
}

// dataOperands are the tiles of a pto op ptoas's element and shape rules
// speak of: the tile inputs but masks, tmp tiles and the scratch,
// then the results. ins and outs are the pto values of the tile op's
// inputs and results.
func dataOperands(op *ir.Operation, r *tile.Op, ins, outs []*ir.Value) []*pto.TileBufType {
	skip := map[int]bool{}
	for _, i := range r.NonData {
		skip[tile.InputIndex(op, i)] = true
	}
	if k := tile.ScratchOperand(op); k >= 0 {
		skip[k] = true
	}
	var out []*pto.TileBufType
	for i, v := range append(slices.Clip(ins), outs...) {
		if i < len(ins) && skip[i] {
			continue
		}
		if t, ok := v.Type.(*pto.TileBufType); ok {
			out = append(out, t)
		}
	}
	return out
}

// checkPTOCompute applies the row's element, shape and tmp rules to the
// pto op about to be emitted for op.
func (c *ptoConv) checkPTOCompute(op *ir.Operation, r *tile.Op, ins, outs []*ir.Value) error {
	arch := ""
	if c.ctx.Target != nil && c.ctx.Target.PTOArch != nil {
		// The tile table's element columns, keyed by arch until the
		// conversion checks its output with the pto dialect's rules.
		arch = map[string]string{"a3": "a2a3", "a5": "a5"}[c.ctx.Target.PTOArch.Name]
	}
	data := dataOperands(op, r, ins, outs)
	if len(data) == 0 {
		return nil
	}
	dst := data[len(data)-1]
	if list := r.PTOElems.For(arch); list != "" {
		for _, t := range data {
			if !elemMatches(list, t.Elem) {
				return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s takes %s tiles%s, not %s", r.PTO, strings.ReplaceAll(list, " ", "/"), archNote(r.PTOElems.All == "", arch), t.Elem)
			}
			if t.Elem.String() != dst.Elem.String() {
				return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s takes tiles of one element type, not %s and %s", r.PTO, t.Elem, dst.Elem)
			}
		}
	}
	if r.PTOTmp != nil {
		k := tile.InputIndex(op, r.PTOTmp.At)
		if list := r.PTOTmp.Elems.For(arch); list != "" && k < len(ins) {
			if t, ok := ins[k].Type.(*pto.TileBufType); ok && !elemMatches(list, t.Elem) {
				return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s takes a %s tmp tile%s, not %s", r.PTO, strings.ReplaceAll(list, " ", "/"), archNote(r.PTOTmp.Elems.All == "", arch), t.Elem)
			}
		}
	}
	if err := checkMajorAlign(op, r, arch, data); err != nil {
		return err
	}
	if err := checkRowVectors(op, r, ins); err != nil {
		return err
	}
	if err := checkShapeOf(op, r, arch, ins, dst); err != nil {
		return err
	}
	return nil
}

// checkMajorAlign applies the row's PTOMajorAlign to the data tiles.
func checkMajorAlign(op *ir.Operation, r *tile.Op, arch string, data []*pto.TileBufType) error {
	align := r.PTOMajorAlign.For(arch)
	if align <= 0 {
		return nil
	}
	for _, t := range data {
		if len(t.Shape) != 2 {
			continue
		}
		major, name := t.Shape[1], "row"
		if !rowMajor(t) {
			major, name = t.Shape[0], "column"
		}
		bytes := int64(ir.ElementBitWidth(t.Elem) / 8)
		if major == ir.Dynamic || bytes <= 0 {
			continue
		}
		if n, ok := checked.Mul(major, bytes); !ok || n%align != 0 {
			return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s needs the %ss of its tiles to be a multiple of %d bytes%s: the %ss of a %s tile are %d x %d bytes", r.PTO, name, align, archNote(r.PTOMajorAlign.All == 0, arch), name, typeText(t), major, bytes)
		}
	}
	return nil
}

// checkRowVectors applies the row's PTORowVector rule: ptoas reads one
// scalar per row, and takes a row-major tile only when each row is one
// 32-byte block, any other layout only when it has one column.
func checkRowVectors(op *ir.Operation, r *tile.Op, ins []*ir.Value) error {
	for _, i := range r.PTORowVector {
		k := ptoInput(op, r, i)
		if k < 0 || k >= len(ins) {
			continue
		}
		t, ok := ins[k].Type.(*pto.TileBufType)
		if !ok || len(t.ValidShape()) != 2 {
			continue
		}
		cols := t.ValidShape()[1]
		want, how := int64(1), "a column-major"
		if rowMajor(t) {
			bytes := int64(ir.ElementBitWidth(t.Elem) / 8)
			if bytes <= 0 {
				continue
			}
			want, how = 32/bytes, "a row-major"
		}
		if cols != ir.Dynamic && cols != want {
			return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s reads operand %d as one scalar per row, which in %s tile must be %d valid columns (32 bytes of %s per row), not %d", r.PTO, i, how, want, t.Elem, cols)
		}
	}
	return nil
}

// checkShapeOf applies the row's PTOShapeOf rule.
func checkShapeOf(op *ir.Operation, r *tile.Op, arch string, ins []*ir.Value, dst *pto.TileBufType) error {
	rule := r.PTOShapeOf
	for _, i := range rule.Ins {
		k := ptoInput(op, r, i)
		if k < 0 || k >= len(ins) {
			continue
		}
		t, ok := ins[k].Type.(*pto.TileBufType)
		if !ok || slices.Equal(t.Shape, dst.Shape) {
			continue
		}
		anyArch := slices.Contains(strings.Fields(rule.AnyArchFrom), t.Space)
		if rule.A2A3Only && !anyArch && arch != "a2a3" {
			continue
		}
		note := ""
		switch {
		case anyArch && rule.A2A3Only:
			note = " from " + t.Space
		case rule.A2A3Only:
			note = archNote(true, arch)
		}
		return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s needs operand %d to have the result's shape%s, not only its valid region: %s is not %s", r.PTO, i, note, typeText(t), typeText(dst))
	}
	return nil
}

// ptoInput is the index among the pto op's inputs of the tile op's input
// i as the table counts it (-1: the pto op does not take it).
func ptoInput(op *ir.Operation, r *tile.Op, i int) int {
	if r.PTOIns != nil {
		return slices.Index(r.PTOIns, i)
	}
	return tile.InputIndex(op, i)
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

// rowMajor reports whether a tile's blocks are laid out row by row
// (ptoas's default blayout).
func rowMajor(t *pto.TileBufType) bool {
	return t.Layout.BLayout == "" || t.Layout.BLayout == "row_major"
}

// typeText is a tile's shape and element type, e.g. 8x4xf32.
func typeText(t *pto.TileBufType) string {
	var b strings.Builder
	for _, d := range t.Shape {
		fmt.Fprintf(&b, "%dx", d)
	}
	return b.String() + t.Elem.String()
}

// archNote names the arch when the rule depends on it.
func archNote(perArch bool, arch string) string {
	if !perArch {
		return ""
	}
	return fmt.Sprintf(" on %s targets", strings.ToUpper(strings.Replace(arch, "a2a3", "A2/A3", 1)))
}

// subsetType is the type ptoas infers for `pto.subset %src[offs] sizes
// [sizes]`: the source's layout, and per dimension the valid extent
// min(size, valid - offset mod valid) when the source's valid extent and
// the offset are constants, else dynamic. It returns an error, located at
// the slice op, when the window breaks ptoas's boxed-layout rules or the
// slice's own valid region is not the one ptoas infers.
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
	if err := checkBoxedSubset(op, src, offs, t.Shape); err != nil {
		return nil, err
	}
	return typ, nil
}

// checkBoxedSubset applies ptoas's rules for windows of boxed (fractal)
// tiles: the sizes and constant offsets are whole boxes, and a window
// keeps full columns of a row-major tile, full rows of a column-major one.
func checkBoxedSubset(op *ir.Operation, src *pto.TileBufType, offs []*ir.Value, sizes []int64) error {
	l := src.Layout
	if l.SLayout == "" || l.SLayout == "none_box" || len(sizes) != 2 || len(src.Shape) != 2 || len(offs) != 2 {
		return nil
	}
	bytes := (ir.ElementBitWidth(src.Elem) + 7) / 8
	if bytes <= 0 {
		bytes = 1
	}
	var box [2]int64
	switch fr := l.Fractal; {
	case fr == 1024:
		box = [2]int64{16, 16}
	case fr == 32:
		box = [2]int64{16, 2}
	case l.SLayout == "row_major":
		box = [2]int64{16, 32 / int64(bytes)}
	default:
		box = [2]int64{32 / int64(bytes), 16}
	}
	for d := range 2 {
		if box[d] <= 0 || sizes[d]%box[d] != 0 {
			return ir.NewError(op.Loc, "convert-tile-to-pto: a window of a %s tile must be whole %dx%d boxes; %s is not", src.Space, box[0], box[1], ir.FormatShape(sizes))
		}
		if off, ok := arith.ConstantInt(offs[d]); ok && off%box[d] != 0 {
			return ir.NewError(op.Loc, "convert-tile-to-pto: a window of a %s tile must start on a %dx%d box; offset %d in dimension %d does not", src.Space, box[0], box[1], off, d)
		}
	}
	keep, name := 1, "columns" // row_major boxes: full rows of boxes
	if l.BLayout == "col_major" {
		keep, name = 0, "rows"
	}
	if sizes[keep] != src.Shape[keep] {
		return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas takes windows of a %s %s tile that keep all its %s (%d), not %d", l.BLayout, src.Space, name, src.Shape[keep], sizes[keep])
	}
	if off, ok := arith.ConstantInt(offs[keep]); !ok || off != 0 {
		return ir.NewError(op.Loc, "convert-tile-to-pto: ptoas takes windows of a %s %s tile at a constant offset 0 in its %s", l.BLayout, src.Space, name)
	}
	return nil
}
