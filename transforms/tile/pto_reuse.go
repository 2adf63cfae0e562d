package tile

import (
	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The pto path of memory-reuse: PyPTO's sharing on a pto function's
// buffer model (analysis/ptobuf). Tiles are taken in program order; each
// joins the first earlier tile of its very type (so one value can stand
// for both: the same shape, element type, layout and valid shape), in the
// same block or one around it, whose storage group it may share with — their live ranges
// never meet, or it is the output written in place over that group's
// tile as it dies (ptobuf.InPlacePairs, unless in-place is off). Joining
// is exact in the IR: the later tile's uses take the earlier tile, and
// its alloc_tile goes (a level-3 tile's given address goes with it:
// allocate-addr plans the kernel again). Aliases of a level-3 kernel,
// local memrefs and reservations are left to allocate-addr, which then
// places what is left with any planner.

// ptoSlot is one shared tile: its value and its members' live ranges.
type ptoSlot struct {
	root    *ptobuf.Root
	members []*ptobuf.Group
	live    []planner.Interval
}

func reusePTO(ctx *pass.Context, fn *ir.Operation, inPlace bool) error {
	m, err := ptobuf.Build(fn)
	if err != nil {
		return err
	}
	handoff := map[[2]*ptobuf.Group]int64{} // (out, in) -> the op's point
	var arch *pto.Arch
	if ctx.Target != nil {
		arch = ctx.Target.PTO()
	}
	if inPlace {
		for _, ip := range m.InPlacePairs(arch) {
			handoff[[2]*ptobuf.Group{ip.Out, ip.In}] = ip.Point
		}
	}
	var slots []*ptoSlot
	var shared, saved int64
	for _, g := range m.Groups {
		r := g.Members[0]
		if len(g.Members) != 1 || r.Kind != ptobuf.Tile || len(g.Live) == 0 {
			continue
		}
		var into *ptoSlot
		for _, s := range slots {
			if dominates(s.root.Op, r.Op) && s.root.Value.Type.String() == r.Value.Type.String() && canJoin(s, g, handoff) {
				into = s
				break
			}
		}
		if into == nil {
			slots = append(slots, &ptoSlot{root: r, members: []*ptobuf.Group{g}, live: append([]planner.Interval(nil), g.Live...)})
			continue
		}
		into.members = append(into.members, g)
		into.live = planner.MergeIntervals(append(into.live, g.Live...))
		r.Value.ReplaceAllUsesWith(into.root.Value)
		r.Op.Erase()
		shared++
		saved += r.Bytes
	}
	ctx.Stat("num-shared", shared)
	ctx.Stat("bytes-saved", saved)
	return nil
}

// dominates: def, earlier in program order, is in the block of op or of
// one of op's ancestors, so its value is there wherever op's is used.
func dominates(def, op *ir.Operation) bool {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Block == def.Block {
			return true
		}
	}
	return false
}

// canJoin: g's live ranges meet the slot's nowhere, or only at the op
// where g is written in place over a tile of the slot as it dies.
func canJoin(s *ptoSlot, g *ptobuf.Group, handoff map[[2]*ptobuf.Group]int64) bool {
	var p int64
	inPlace := false
	for _, m := range s.members {
		if q, ok := handoff[[2]*ptobuf.Group{g, m}]; ok {
			p, inPlace = q, true
			break
		}
	}
	for _, x := range s.live {
		for _, y := range g.Live {
			lo, hi := max(x.Start, y.Start), min(x.End, y.End)
			if lo >= hi {
				continue
			}
			if !inPlace || lo != p || hi != p+ptobuf.Step {
				return false
			}
		}
	}
	return true
}
