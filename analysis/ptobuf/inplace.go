package ptobuf

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/planner"
)

// InPlace is an op whose destination Out may be written over its input
// In: In dies at Op (at Point), both are tiles of one type, and the op
// allows it (its InPlaceInputs). The two may then share bytes — at one
// address: In's range may end, and Out's begin, at Point+1.
type InPlace struct {
	Op      *ir.Operation
	Point   int64
	Out, In *Group
}

// inPlaceFacts are the inputs an op's destination may be written over.
type inPlaceFacts interface {
	InPlaceInputs(op *ir.Operation, arch *pto.Arch) []*ir.Value
}

// InPlacePairs lists the in-place opportunities of the function on arch
// (the target's ptoas arch: some ops may write in place on one arch and
// not another), in program order.
func (m *Model) InPlacePairs(arch *pto.Arch) []InPlace { return m.inPlacePairs(arch, false) }

// inPlacePairs are InPlacePairs; with grouped, an input or output of a
// storage group of several roots counts too (a checker of given addresses asks:
// the input's bytes die at the op, whichever root of its group reads
// them; a planner moves only single roots' ranges).
func (m *Model) inPlacePairs(arch *pto.Arch, grouped bool) []InPlace {
	var out []InPlace
	m.Fn.Walk(func(op *ir.Operation) bool {
		f, ok := ir.InterfaceOf[inPlaceFacts](op)
		if !ok {
			return true
		}
		of, ok := ir.InterfaceOf[outsFacts](op)
		if !ok {
			return true
		}
		outs := of.Outs(op)
		if len(outs) != 1 {
			return true
		}
		d := m.rootOf[outs[0]]
		p := m.point[op]
		if d == nil || (len(d.Group.Members) != 1 && !grouped) || !m.wholeAt(d, op) {
			return true
		}
		for _, v := range f.InPlaceInputs(op, arch) {
			s := m.rootOf[v]
			if s == nil || s == d || (len(s.Group.Members) != 1 && !grouped) || s.Space != d.Space || v.Type.String() != outs[0].Type.String() {
				continue
			}
			if m.readsElsewhere(op, v, s) {
				continue // another operand reads the input's bytes, maybe at other positions
			}
			if !meetOnlyAt(s.Group.Live, d.Group.Live, p) || !endsAt(s.Group.Live, p) || !startsAt(d.Group.Live, p) {
				continue // both live elsewhere at once: the input lives on after op, or the output before it
			}
			out = append(out, InPlace{Op: op, Point: p, Out: d.Group, In: s.Group})
		}
		return true
	})
	return out
}

// wholeAt: op writes all of r without reading it.
func (m *Model) wholeAt(r *Root, op *ir.Operation) bool {
	for _, a := range r.Accesses {
		if a.Op == op {
			return a.Whole
		}
	}
	return false
}

// meetOnlyAt: the two live sets share no point but p.
func meetOnlyAt(a, b []planner.Interval, p int64) bool {
	for _, x := range a {
		for _, y := range b {
			lo, hi := max(x.Start, y.Start), min(x.End, y.End)
			if lo < hi && (lo != p || hi != p+Step) {
				return false
			}
		}
	}
	return true
}

// endsAt: no range of a that holds p goes on past op's access at p
// (the input dies at op). meetOnlyAt alone does not say it when the
// output is never read after op: its range is only [p, p+Step), and an
// input that lives on meets it only there.
func endsAt(a []planner.Interval, p int64) bool {
	for _, x := range a {
		if x.Start <= p && p < x.End && x.End > p+Step {
			return false
		}
	}
	return true
}

// startsAt: no range of b that holds p began before it (the output is
// born at op).
func startsAt(b []planner.Interval, p int64) bool {
	for _, y := range b {
		if y.Start < p && p < y.End {
			return false
		}
	}
	return true
}

// readsElsewhere: an operand of op other than v (the input itself) may
// refer to r's bytes: a view of it, or a value that may be it.
func (m *Model) readsElsewhere(op *ir.Operation, v *ir.Value, r *Root) bool {
	for _, w := range op.Operands {
		if w != v && slices.Contains(m.rootsOf(w), r) {
			return true
		}
	}
	return false
}
