package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Comparing two results of an analysis of one function: the pass
// manager's check of cached analyses (PTO_VERIFY_ANALYSES) computes an
// analysis again and asks how the one it kept differs. A difference is
// reported as the first one found in program order, so the message does
// not depend on map order.

// Diff says how b differs from a as a flow graph, "" when it does not:
// the same edges, in the same order (the order is what Resolve lists).
// The values are those of root's IR.
func (a *Aliases) Diff(b *Aliases, root *ir.Operation) string {
	if a == b {
		return ""
	}
	var diff string
	forEachValue(root, func(v *ir.Value) bool {
		switch {
		case !slices.Equal(a.succ(v), b.succ(v)):
			diff = fmt.Sprintf("%s flows into %d values, not %d", describeValue(v), len(a.succ(v)), len(b.succ(v)))
		case !slices.Equal(a.pred(v), b.pred(v)):
			diff = fmt.Sprintf("%d values flow into %s, not %d", len(a.pred(v)), describeValue(v), len(b.pred(v)))
		}
		return diff == ""
	})
	if na, nb := a.edges(), b.edges(); diff == "" && na != nb {
		// Edges of values no longer in the IR.
		diff = fmt.Sprintf("the alias graph has %d edges, not %d", na, nb)
	}
	return diff
}

// edges counts the graph's edges.
func (a *Aliases) edges() int {
	n := 0
	for i := range a.nodes {
		n += len(a.nodes[i].succ)
	}
	return n
}

// Diff says how o differs from l, "" when it does not: the same program
// points, lifetimes, block-level flow and alias graph. (Lifetimes of
// buffer handles are compared as Ranges gives them, computed or not.)
func (l *Liveness) Diff(o *Liveness) string {
	if l == o {
		return ""
	}
	if l.Fn != o.Fn {
		return "the liveness is of another function"
	}
	if l.gap != o.gap {
		return fmt.Sprintf("points %d apart, not %d", l.gap, o.gap)
	}
	if d := l.Aliases.Diff(o.Aliases, l.Fn); d != "" {
		return d
	}
	if len(l.Ops) != len(o.Ops) || len(l.at) != len(o.at) {
		return fmt.Sprintf("%d program points, not %d", len(l.Ops), len(o.Ops))
	}
	for i, op := range l.Ops {
		if o.Ops[i] != op || l.at[op] != o.at[op] {
			return fmt.Sprintf("program point %d is %s, not %s", i, ir.Describe(op), ir.Describe(o.Ops[i]))
		}
	}
	var diff string
	forEachValue(l.Fn, func(v *ir.Value) bool {
		if a, b := l.peekRanges(v), o.peekRanges(v); !slices.Equal(a, b) {
			diff = fmt.Sprintf("%s lives in %s, not %s", describeValue(v), formatIntervals(a), formatIntervals(b))
		}
		return diff == ""
	})
	if diff != "" {
		return diff
	}
	if len(l.blockLo) != len(o.blockLo) || len(l.regions) != len(o.regions) {
		return "the blocks differ"
	}
	for b, lo := range l.blockLo {
		if o.blockLo[b] != lo || o.blockHi[b] != l.blockHi[b] {
			return fmt.Sprintf("a block of %s spans other points", ir.Describe(b.ParentOp()))
		}
	}
	for r, f := range l.regions {
		g := o.regions[r]
		if g == nil || !sameBlockSets(f.liveIn, g.liveIn) || !sameBlockSets(f.liveOut, g.liveOut) || !sameBlockSets(f.reach, g.reach) {
			return fmt.Sprintf("the block-level liveness of a region of %s differs", ir.Describe(r.Op))
		}
	}
	return ""
}

// formatIntervals writes a lifetime as [start, end) intervals.
func formatIntervals(rs []Interval) string {
	if len(rs) == 0 {
		return "no interval"
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("[%d, %d)", r.Start, r.End)
	}
	return strings.Join(parts, " ")
}

// peekRanges is Ranges without remembering what it computes.
func (l *Liveness) peekRanges(v *ir.Value) []Interval {
	if rs, ok := l.vals[v]; ok {
		return rs
	}
	if v.Op != nil && v.Op != l.Fn && isBufferHandle(v) {
		if _, in := l.at[v.Op]; in {
			return l.valueRanges(v)
		}
	}
	return nil
}

// sameBlockSets compares two per-block sets (whose members map to true).
func sameBlockSets[K comparable](a, b map[*ir.Block]map[K]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for blk, set := range a {
		other, ok := b[blk]
		if !ok || len(set) != len(other) {
			return false
		}
		for k := range set {
			if !other[k] {
				return false
			}
		}
	}
	return true
}

// forEachValue calls f with every value defined under root (block
// arguments, then the results of each op), in program order, until f
// returns false.
func forEachValue(root *ir.Operation, f func(*ir.Value) bool) {
	more := true
	root.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				for _, a := range b.Args {
					if more = more && f(a); !more {
						return false
					}
				}
			}
		}
		if op != root {
			for _, r := range op.Results {
				if more = more && f(r); !more {
					return false
				}
			}
		}
		return more
	})
}

// describeValue names a value for the messages above.
func describeValue(v *ir.Value) string {
	switch {
	case v.NameHint != "":
		return "%" + v.NameHint
	case v.Op != nil:
		return fmt.Sprintf("result #%d of %s", v.Index, ir.Describe(v.Op))
	case v.Block != nil && v.Block.ParentOp() != nil:
		return fmt.Sprintf("argument #%d of a block of %s", v.Index, ir.Describe(v.Block.ParentOp()))
	}
	return "a value"
}
