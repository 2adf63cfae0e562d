package planner

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/internal/ivtree"
)

// maxValidationErrors bounds the report: a broken solution usually breaks
// many pairs, and the first few name the culprit.
const maxValidationErrors = 20

// Validate checks a solution against every hard constraint of the problem:
// offsets aligned and non-negative, bytes inside the pool capacity (a
// buffer of size 0 has none, as Peak counts none: the packers that
// reproduce MLIR and PyPTO put one at the running end, which may be past
// the capacity), clear of reserved ranges, pinned buffers at their
// offsets, colocated buffers at one offset, no buffer on an exclusive
// buffer's bytes, and no two conflicting buffers sharing a byte. Two
// buffers conflict when they are separated, or when their live intervals
// overlap and they are neither temporally excluded nor colocated.
//
// It shares no code with the placement algorithms on purpose: the byte
// overlap check is a time sweep over an interval tree keyed by offset, so it
// runs in O(n log n) for valid solutions, whatever algorithm produced them.
// The error names the buffers, their byte ranges and the pool. Ends are
// computed with checked arithmetic: a buffer whose offset + size is beyond
// int64 is an error, never a wrapped range that seems to miss the others.
func Validate(p *Problem, s Solution) error {
	if err := p.Check(); err != nil {
		return fmt.Errorf("invalid problem: %w", err)
	}
	if len(s.Offsets) != len(p.Buffers) {
		return fmt.Errorf("solution has %d offsets for %d buffers", len(s.Offsets), len(p.Buffers))
	}
	var errs []error
	add := func(format string, args ...any) bool {
		errs = append(errs, fmt.Errorf(format, args...))
		return len(errs) < maxValidationErrors
	}
	v := validator{p: p, s: s, end: make([]int64, len(p.Buffers))}
	// A wrapped end would make every later comparison meaningless, so a
	// buffer ending beyond int64 stops the check after the buffer pass.
	wrapped := false
	for i := range p.Buffers {
		var ok bool
		if v.end[i], ok = checked.Add(s.Offsets[i], p.Buffers[i].Size); !ok {
			wrapped = true
		}
	}
	if v.checkBuffers(add) && !wrapped && v.checkColocations(add) && v.checkSeparations(add) && v.checkExclusive(add) {
		v.checkLifetimes(add)
	}
	return errors.Join(errs...)
}

type validator struct {
	p   *Problem
	s   Solution
	end []int64 // offset + size, computed with checked arithmetic
}

func (v *validator) endOK(i int) bool {
	_, ok := checked.Add(v.s.Offsets[i], v.p.Buffers[i].Size)
	return ok
}

func (v *validator) span(i int) string {
	b := &v.p.Buffers[i]
	o := v.s.Offsets[i]
	if !v.endOK(i) {
		return fmt.Sprintf("%q [%d, %d+%d)", b.Name, o, o, b.Size)
	}
	return fmt.Sprintf("%q [%d, %d)", b.Name, o, v.end[i])
}

func (v *validator) checkBuffers(add func(string, ...any) bool) bool {
	for i := range v.p.Buffers {
		b := &v.p.Buffers[i]
		o := v.s.Offsets[i]
		pool := &v.p.Pools[b.Pool]
		ok := true
		switch {
		case o < 0:
			ok = add("buffer %s in pool %s: negative offset", v.span(i), pool.Name)
		case o%b.Align != 0:
			ok = add("buffer %s in pool %s: offset not a multiple of alignment %d", v.span(i), pool.Name, b.Align)
		case !v.endOK(i):
			ok = add("buffer %s in pool %s: ends beyond the largest int64 address", v.span(i), pool.Name)
		case pool.Capacity > 0 && b.Size > 0 && v.end[i] > pool.Capacity:
			ok = add("buffer %s in pool %s: exceeds capacity %d", v.span(i), pool.Name, pool.Capacity)
		case b.Pinned && o != b.Offset:
			ok = add("buffer %s in pool %s: pinned to offset %d", v.span(i), pool.Name, b.Offset)
		}
		if !ok {
			return false
		}
		if b.Size == 0 {
			continue
		}
		for _, r := range pool.Reserved {
			// An empty range reserves nothing.
			if r.Start < r.End && o < r.End && r.Start < v.end[i] {
				if !add("buffer %s in pool %s: overlaps reserved bytes [%d, %d)", v.span(i), pool.Name, r.Start, r.End) {
					return false
				}
			}
		}
	}
	return true
}

func (v *validator) checkColocations(add func(string, ...any) bool) bool {
	for _, c := range v.p.Colocations {
		for _, i := range c[1:] {
			if v.s.Offsets[i] != v.s.Offsets[c[0]] {
				if !add("colocated buffers %s and %s differ in offset", v.span(c[0]), v.span(i)) {
					return false
				}
			}
		}
	}
	return true
}

func (v *validator) bytesOverlap(i, j int) bool {
	bi, bj := &v.p.Buffers[i], &v.p.Buffers[j]
	if bi.Pool != bj.Pool || bi.Size == 0 || bj.Size == 0 {
		return false
	}
	return v.s.Offsets[i] < v.end[j] && v.s.Offsets[j] < v.end[i]
}

func (v *validator) checkSeparations(add func(string, ...any) bool) bool {
	for _, sep := range v.p.Separations {
		if sep.A != sep.B && v.bytesOverlap(sep.A, sep.B) {
			if !add("separated buffers %s and %s share bytes in pool %s (reason %q)",
				v.span(sep.A), v.span(sep.B), v.p.Pools[v.p.Buffers[sep.A].Pool].Name, sep.Reason) {
				return false
			}
		}
	}
	return true
}

// checkExclusive checks that no buffer shares a byte with an exclusive
// one of its pool: the exclusive ranges sorted by offset must be disjoint,
// and then one binary search per buffer finds the only one it could touch.
func (v *validator) checkExclusive(add func(string, ...any) bool) bool {
	excl := make([][]int, len(v.p.Pools))
	for i := range v.p.Buffers {
		if b := &v.p.Buffers[i]; b.Exclusive && b.Size > 0 {
			excl[b.Pool] = append(excl[b.Pool], i)
		}
	}
	for pool, e := range excl {
		if len(e) == 0 {
			continue
		}
		slices.SortFunc(e, func(a, b int) int {
			if c := cmp.Compare(v.s.Offsets[a], v.s.Offsets[b]); c != 0 {
				return c
			}
			return a - b
		})
		top := e[0] // the range ending last so far
		for _, j := range e[1:] {
			if v.s.Offsets[j] < v.end[top] {
				return add("exclusive buffers %s and %s share bytes in pool %s", v.span(top), v.span(j), v.p.Pools[pool].Name)
			}
			top = j
		}
	}
	for i := range v.p.Buffers {
		b := &v.p.Buffers[i]
		e := excl[b.Pool]
		if b.Size == 0 || b.Exclusive || len(e) == 0 {
			continue
		}
		o := v.s.Offsets[i]
		// The first exclusive range ending after o (ends are sorted too).
		x, _ := slices.BinarySearchFunc(e, o+1, func(j int, t int64) int { return cmp.Compare(v.end[j], t) })
		if x < len(e) && v.s.Offsets[e[x]] < v.end[i] {
			if !add("buffer %s shares bytes with exclusive buffer %s in pool %s", v.span(i), v.span(e[x]), v.p.Pools[b.Pool].Name) {
				return false
			}
		}
	}
	return true
}

// checkLifetimes sweeps over time; at each interval start it asks an
// interval tree of the currently live byte ranges which of them the new
// range touches.
func (v *validator) checkLifetimes(add func(string, ...any) bool) {
	// A buffer's identity: its colocation class (closed transitively:
	// members share an offset, so they may share bytes), else itself.
	class := colocationClassOf(v.p, ColocationClasses(v.p))
	for i, k := range class {
		if k < 0 {
			class[i] = len(v.p.Buffers) + i
		}
	}
	excluded := make(map[uint64]bool, len(v.p.TemporalExclusions))
	for _, t := range v.p.TemporalExclusions {
		excluded[PairKey(t[0], t[1])] = true
	}
	type event struct {
		t     int64
		start bool
		buf   int
		rect  int // identifies one (buffer, interval) in the tree
	}
	var evs []event
	var owner []int // rect -> buffer
	for i := range v.p.Buffers {
		if v.p.Buffers[i].Size == 0 {
			continue
		}
		for _, iv := range v.p.Buffers[i].Live {
			if iv.Start < iv.End {
				evs = append(evs, event{iv.Start, true, i, len(owner)}, event{iv.End, false, i, len(owner)})
				owner = append(owner, i)
			}
		}
	}
	slices.SortFunc(evs, func(a, b event) int {
		return cmpSweep(a.t, b.t, a.start, b.start, int(a.buf), int(b.buf))
	})
	trees := make([]ivtree.Tree, len(v.p.Pools))
	reported := map[uint64]bool{}
	for _, e := range evs {
		b := &v.p.Buffers[e.buf]
		t := &trees[b.Pool]
		o, end := v.s.Offsets[e.buf], v.end[e.buf]
		if !e.start {
			t.Remove(o, e.rect)
			continue
		}
		ok := true
		t.Overlapping(o, end, func(_, _ int64, rect int) bool {
			j := owner[rect]
			if !ok || j == e.buf || class[j] == class[e.buf] || excluded[PairKey(j, e.buf)] || reported[PairKey(j, e.buf)] {
				return true
			}
			reported[PairKey(j, e.buf)] = true
			lo := max(o, v.s.Offsets[j])
			hi := min(end, v.end[j])
			ok = add("buffers %s and %s in pool %s share bytes [%d, %d) while both live at time %d",
				v.span(j), v.span(e.buf), v.p.Pools[b.Pool].Name, lo, hi, e.t)
			return true
		})
		if !ok {
			return
		}
		t.Insert(o, end, e.rect)
	}
}
