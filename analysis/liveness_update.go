package analysis

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Keeping a liveness current while a pass inserts ops, instead of
// computing it again after each insertion (which costs the whole function
// each time, quadratic over a pass that inserts a copy per loop).

// sparseGap is the distance between consecutive points of a sparse
// liveness: each insertion halves the room at its place, so about twenty
// ops fit one after another at one place before a recompute is needed.
const sparseGap = 1 << 20

// ComputeSparseLiveness is ComputeLiveness with points spaced apart, so
// that Inserted can number a new op between its neighbours. Every overlap
// and order between lifetimes is the one ComputeLiveness gives (the
// numbering is strictly increasing, and "just after a point" stays before
// the next point), but the point numbers are not dense: they are for
// comparisons, not for a planner's intervals, and NumPoints and Ops do
// not count inserted ops.
func ComputeSparseLiveness(fn *ir.Operation, aliases *Aliases) *Liveness {
	return computeLiveness(fn, aliases, sparseGap)
}

// Inserted updates a sparse liveness after op was inserted into a block,
// before another op, and after the uses of the values in changed changed
// (a yield now yielding op's result instead). It reports false when it
// cannot, and then the caller must compute the liveness again: a dense
// liveness, no room left between the neighbours' points, an op with
// regions, a block of a multi-block region.
func (l *Liveness) Inserted(op *ir.Operation, changed ...*ir.Value) bool {
	b := op.Block
	if l.gap <= 1 || len(op.Regions()) > 0 || b == nil || b.Region == nil || len(b.Region.Blocks) != 1 {
		return false
	}
	idx := op.IndexInBlock()
	if idx < 0 || idx+1 >= len(b.Ops) {
		return false
	}
	next, ok := l.at[b.Ops[idx+1]]
	hi := next.pos
	if !ok {
		return false
	}
	// lo is "just after" what precedes op in pre-order: the previous op's
	// last point, or the parent's own point.
	var lo int
	if idx > 0 {
		prev, ok := l.at[b.Ops[idx-1]]
		if !ok {
			return false
		}
		lo = prev.end + 1
	} else {
		parent, ok := l.at[b.ParentOp()]
		if !ok {
			return false
		}
		lo = parent.pos + 1
	}
	at := lo + (hi-lo)/2
	if at <= lo || at+1 > hi {
		return false
	}
	l.at[op] = opSpan{pos: at, end: at}
	if idx == 0 {
		l.blockLo[b] = at
	}
	l.Aliases.addOp(op)
	l.contexts = nil
	for _, vs := range [][]*ir.Value{changed, op.Operands, op.Results} {
		for _, v := range vs {
			// An operand made by an op not in the IR yet (an allocation
			// to be hoisted later) has no lifetime to update.
			if v != nil && v.ParentBlock() != nil {
				l.vals[v] = l.valueRanges(v)
			}
		}
	}
	return true
}

// UsesChanged updates a sparse liveness after the uses of vals changed
// (an operand replaced); false when it cannot (see Inserted).
func (l *Liveness) UsesChanged(vals ...*ir.Value) bool {
	if l.gap <= 1 {
		return false
	}
	for _, v := range vals {
		if b := v.ParentBlock(); b == nil || b.Region == nil || len(b.Region.Blocks) != 1 {
			return false
		}
	}
	l.contexts = nil
	for _, v := range vals {
		l.vals[v] = l.valueRanges(v)
	}
	return true
}
