package analysis

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// TileLoc is where a planned tile lives: an allocation (a !tile.buf value,
// normally a tile.alloc result) and a byte offset in it.
type TileLoc struct {
	Buf    *ir.Value
	Offset int64
}

// TileLocation is the one definition of where a tile value lives once
// init-memref has run, shared by the planning passes, the validator, the
// reference executor and the ptoas lowering: destination-style ops write
// their `into` buffer, in-place ops their reused operand's, views their
// source's; a loop carry (iter_arg and result) lives in its init's
// buffer; other region results where the first region yields them.
// ok is false when the tile has no allocation that can be named (a
// function argument, a tile.slice window whose offset depends on
// operands, an op outside the model).
func TileLocation(v *ir.Value) (TileLoc, bool) {
	for depth := 0; depth < 1000; depth++ {
		if v.Op == nil {
			b := v.Block
			p := b.ParentOp()
			if p == nil || p.Def == nil || p.Def.Branch == nil {
				return TileLoc{}, false
			}
			found := false
			for _, e := range p.Def.Branch.EntryEdges(p) {
				if e.To == v {
					v, found = e.From, true
					break
				}
			}
			if !found {
				return TileLoc{}, false
			}
			continue
		}
		op := v.Op
		switch {
		case op.Has(ir.DestinationStyle):
			d := tile.DestFor(op, v.Index)
			if d == nil {
				return TileLoc{}, false
			}
			return TileLoc{Buf: d, Offset: tile.DestOffsetFor(op, v.Index)}, true
		case op.Has(ir.ResultReusesInput):
			v = op.Operands[op.Def.ReusedInput]
		case op.Has(ir.ViewLike):
			if tile.ViewsWindow(op) {
				return TileLoc{}, false // the window's offset depends on operands
			}
			v = op.Operands[op.Def.ViewSource]
		case op.Def != nil && op.Def.Branch != nil:
			next := (*ir.Value)(nil)
			for _, e := range op.Def.Branch.EntryEdges(op) {
				if e.To == v {
					next = e.From
				}
			}
			if next == nil {
				next = FirstYielded(op, v.Index)
			}
			if next == nil {
				return TileLoc{}, false
			}
			v = next
		default:
			return TileLoc{}, false
		}
	}
	return TileLoc{}, false
}

// FirstYielded returns the value the first region of op that yields one
// yields for result i.
func FirstYielded(op *ir.Operation, i int) *ir.Value {
	for ri, r := range op.Regions() {
		for _, b := range r.Blocks {
			t := b.Terminator()
			if t == nil || len(t.Successors()) > 0 {
				continue
			}
			for _, e := range op.Def.Branch.TerminatorEdges(op, ri, t) {
				if e.To == op.Results[i] {
					return e.From
				}
			}
		}
	}
	return nil
}
