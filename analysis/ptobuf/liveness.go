package ptobuf

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/planner"
)

// computeLiveness gives every group its live intervals.
//
// A full overwrite (segments) ends one value and starts another: the
// group is live over each value's range, with the gaps free.
// A group is live from its first access to its last. A loop that holds
// an access may carry the bytes from one iteration to the next (a tile
// made inside the body too, when its value may reach an iteration
// argument: it has one address in every iteration), so the group is then
// live for the whole loop — unless the loop's body writes the whole of it before
// anything else touches it, unconditionally, in every iteration: then no
// iteration reads what the one before left, and the group's range is
// what its accesses span (a group of several roots is never written
// whole by one op). A reservation is live for the whole function.
func (m *Model) computeLiveness() {
	for _, g := range m.Groups {
		if g.Members[0].Kind == Reserve {
			g.Live = []planner.Interval{{Start: 0, End: m.End}}
			continue
		}
		acc := g.accesses()
		if len(acc) == 0 {
			continue
		}
		var live []planner.Interval
		for _, seg := range segments(g, acc, m.Fn) {
			live = append(live, m.span(g, seg))
		}
		g.Live = planner.MergeIntervals(live)
	}
}

// segments splits a group's accesses at its full overwrites: a write of
// the whole of a single root, reading none of it, by an op of the
// function's own block (it runs once, outside every loop and branch)
// starts a new value, and the bytes are dead between the last access
// before it and it.
func segments(g *Group, acc []Access, fn *ir.Operation) [][]Access {
	if len(g.Members) != 1 {
		return [][]Access{acc}
	}
	var out [][]Access
	start := 0
	for i, a := range acc {
		if i > start && a.Whole && a.Op.ParentOp() == fn {
			out = append(out, acc[start:i])
			start = i
		}
	}
	return append(out, acc[start:])
}

// span is the range one run of accesses keeps g live.
func (m *Model) span(g *Group, acc []Access) planner.Interval {
	lo, hi := acc[0].Point, acc[len(acc)-1].Point+Step
	for _, a := range acc {
		for l := a.Op.ParentOp(); l != nil && l != m.Fn; l = l.ParentOp() {
			if !isLoop(l) || g.definedIn(l) && !m.carriedBy(g, l) || len(g.Members) == 1 && freshEachIteration(acc, l) {
				continue
			}
			lo, hi = min(lo, m.point[l]), max(hi, m.endOf[l]+Step)
		}
	}
	return planner.Interval{Start: lo, End: hi}

}

// definedIn: every member of g is defined inside l.
func (g *Group) definedIn(l *ir.Operation) bool {
	for _, r := range g.Members {
		if !l.IsAncestorOf(r.Op) {
			return false
		}
	}
	return true
}

// carriedBy: a member's value may flow into an argument of a block of
// l's regions (an iteration argument): one iteration may hand the bytes
// to the next.
func (m *Model) carriedBy(g *Group, l *ir.Operation) bool {
	for _, r := range g.Members {
		if r.Value == nil {
			continue
		}
		for _, v := range m.aliases.Resolve(r.Value) {
			if v.Block != nil && v.Block.ParentOp() == l {
				return true
			}
		}
	}
	return false
}

// isLoop: one of op's regions may run more than once per execution of op.
func isLoop(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Branch == nil {
		return len(op.Regions()) > 0 // unknown region semantics: assume it loops
	}
	for i := range op.Regions() {
		if op.Def.Branch.Loops(op, i) {
			return true
		}
	}
	return false
}

// freshEachIteration: the first of the accesses inside loop l writes the
// whole storage without reading it, and runs whenever l's body runs (it
// is an op of the body's block itself, and the loop has a single-block
// body).
func freshEachIteration(acc []Access, l *ir.Operation) bool {
	for _, a := range acc {
		if !l.IsAncestorOf(a.Op) {
			continue
		}
		return a.Whole && a.Op.ParentOp() == l && len(l.Regions()) == 1 && len(l.Regions()[0].Blocks) == 1
	}
	return false
}
