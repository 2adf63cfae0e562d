package ptobuf

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/planner"
)

// computeLiveness gives every root its live intervals.
//
// A root is live from its first access to its last. A loop that holds an
// access but not the root's definition may carry the root's bytes from
// one iteration to the next, so the root is then live for the whole loop
// — unless the loop's body writes the whole root before anything else
// touches it, unconditionally, in every iteration: then no iteration
// reads what the one before left, and the root's range is what its
// accesses span. A reservation is live for the whole function.
func (m *Model) computeLiveness() {
	for _, r := range m.Roots {
		if r.Kind == Reserve {
			r.Live = []planner.Interval{{Start: 0, End: m.End}}
			continue
		}
		if len(r.Accesses) == 0 {
			continue
		}
		lo, hi := r.Accesses[0].Point, r.Accesses[len(r.Accesses)-1].Point+1
		for _, a := range r.Accesses {
			for l := a.Op.ParentOp(); l != nil && l != m.Fn; l = l.ParentOp() {
				if l.IsAncestorOf(r.Op) || !isLoop(l) || m.freshEachIteration(r, l) {
					continue
				}
				lo, hi = min(lo, m.point[l]), max(hi, m.endOf[l]+1)
			}
		}
		r.Live = []planner.Interval{{Start: lo, End: hi}}
	}
}

// isLoop: one of op's regions may run more than once per execution of op.
func isLoop(op *ir.Operation) bool {
	if op.Def == nil || op.Def.Branch == nil {
		return len(op.Regions) > 0 // unknown region semantics: assume it loops
	}
	for i := range op.Regions {
		if op.Def.Branch.Loops(op, i) {
			return true
		}
	}
	return false
}

// freshEachIteration: the first access of r inside loop l writes all of
// r without reading it, and runs whenever l's body runs (it is an op of
// the body's block itself, and the loop has a single-block body).
func (m *Model) freshEachIteration(r *Root, l *ir.Operation) bool {
	for _, a := range r.Accesses {
		if !l.IsAncestorOf(a.Op) {
			continue
		}
		if !a.Whole || a.Op.ParentOp() != l {
			return false
		}
		if len(l.Regions) != 1 || len(l.Regions[0].Blocks) != 1 {
			return false
		}
		return true
	}
	return false
}
