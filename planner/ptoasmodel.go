package planner

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/planner/ptoas"
)

// The "ptoas" algorithm: ptoas's own memory planner (package
// planner/ptoas, the model check-ptoas-plan runs on a kernel) on a
// problem, to see where ptoas would put the buffers and whether they fit.
// It answers what ptoas does, not what is best: first fit in birth order
// with ptoas's undo-and-retry, sizes rounded up to the space's alignment.
//
// A problem must be one ptoas's planner could be given (checkPTOASShape
// refuses the others, saying why):
//
//   - every pool with buffers has a capacity: ptoas plans into a fixed
//     number of bytes;
//   - the buffers of a pool share one alignment: ptoas rounds every size
//     in a memory space up to the space's alignment and lays the space
//     out from 0, so every offset is a multiple of it;
//   - every buffer has one live interval: ptoas's liveness gives a buffer
//     one lifetime, from its first write to its death;
//   - ptoas places everything itself: no pinned or exclusive buffers, no
//     reserved ranges, no colocations.
//
// The buffers are taken in birth order, ptoas's order of storage
// entries: by the start of their live interval, ties in the problem's
// order. A half-open interval [lower, upper) is ptoas's closed lifetime
// [lower, upper-1]; an empty one, [lower, lower), is a buffer ptoas
// never sees die (its last use is a view), which ptoas lets share bytes
// with any other. A buffer ptoas never sees written gets no storage entry
// and so has no place in the problem. Separations are ptoas's semantic
// conflict pairs.
// ptoas knows no temporal exclusions and no penalties: they are not used
// (it may keep apart buffers that could share; the reuse cost is
// reported all the same).
//
// When ptoas's planner finds no room in a pool, the result is not
// feasible, with the bytes ptoas says it needs, even when the sizes
// unrounded would fit; the pool's placement is then ptoas's fallback plan
// into unbounded memory (the one that figure measures).
//
// ptoas loses a conflict pair when it merges the lifetimes of an outline
// piece (a merged run keeps its first buffer's name), so it can put two
// separated buffers on shared bytes; such a placement is an error, not a
// result.

// checkPTOASShape refuses a problem ptoas's planner could not be given.
func checkPTOASShape(p *Problem) error {
	used := make([]bool, len(p.Pools))
	alignOf := make([]int, len(p.Pools)) // a buffer of the pool, +1 (0: none yet)
	for i := range p.Buffers {
		b := &p.Buffers[i]
		switch {
		case b.Pinned:
			return fmt.Errorf("ptoas: buffer %s is pinned at %d: ptoas's planner places every buffer itself", b.Name, b.Offset)
		case b.Exclusive:
			return fmt.Errorf("ptoas: buffer %s is exclusive (shares bytes with no other): ptoas's planner knows only lifetimes and conflict pairs", b.Name)
		case len(b.Live) != 1:
			return fmt.Errorf("ptoas: buffer %s has %d live intervals: ptoas's liveness gives a buffer one lifetime, from its first write to its death", b.Name, len(b.Live))
		}
		used[b.Pool] = true
		if k := alignOf[b.Pool]; k == 0 {
			alignOf[b.Pool] = i + 1
		} else if o := &p.Buffers[k-1]; o.Align != b.Align {
			return fmt.Errorf("ptoas: buffers %s (alignment %d) and %s (alignment %d) of pool %s differ in alignment: ptoas's planner rounds every buffer of a memory space up to the space's one alignment",
				o.Name, o.Align, b.Name, b.Align, p.Pools[b.Pool].Name)
		}
	}
	for k, pl := range p.Pools {
		switch {
		case !used[k]:
		case pl.Capacity == 0:
			return fmt.Errorf("ptoas: pool %s has no capacity: ptoas's planner plans into a fixed number of bytes", pl.Name)
		case len(pl.Reserved) > 0:
			r := pl.Reserved[0]
			return fmt.Errorf("ptoas: pool %s reserves bytes [%d, %d): ptoas's planner places buffers anywhere in its capacity", pl.Name, r.Start, r.End)
		}
	}
	for _, c := range p.Colocations {
		if len(c) > 1 {
			return fmt.Errorf("ptoas: buffers %s and %s are colocated: ptoas's planner gives every buffer its own storage entry", p.Buffers[c[0]].Name, p.Buffers[c[1]].Name)
		}
	}
	return nil
}

// placePTOAS runs ptoas's planner on each pool of the instance's problem.
func placePTOAS(in *instance, _ Options, _ *meter) (*outcome, error) {
	p := in.p
	if err := checkPTOASShape(p); err != nil {
		return nil, err
	}
	byPool := make([][]int, len(p.Pools))
	for i := range p.Buffers {
		byPool[p.Buffers[i].Pool] = append(byPool[p.Buffers[i].Pool], i)
	}
	conflicts := make([][][2]int, len(p.Pools))
	for _, s := range p.Separations {
		if pool := p.Buffers[s.A].Pool; pool == p.Buffers[s.B].Pool && s.A != s.B {
			conflicts[pool] = append(conflicts[pool], [2]int{s.A, s.B})
		}
	}
	off := make([]int64, len(in.units))
	var noRoom []string
	for pool, bufs := range byPool {
		if len(bufs) == 0 {
			continue
		}
		// Birth order: by first live point, ties in the problem's order.
		slices.SortStableFunc(bufs, func(a, b int) int {
			return cmp.Compare(p.Buffers[a].Live[0].Start, p.Buffers[b].Live[0].Start)
		})
		entries := make([]ptoas.Buffer, len(bufs))
		for k, i := range bufs {
			entries[k] = ptoasEntry(i, &p.Buffers[i])
		}
		pl := p.Pools[pool]
		align := p.Buffers[bufs[0]].Align
		res := ptoas.Plan(entries, uint64(pl.Capacity), uint64(align), conflicts[pool])
		if res.Undecided {
			return nil, fmt.Errorf("ptoas: cannot tell within %d placement attempts whether ptoas's planner fits pool %s", ptoas.MaxSteps, pl.Name)
		}
		for k, i := range bufs {
			o := res.Offsets[k]
			if o > uint64(Limit) {
				return nil, fmt.Errorf("internal error: ptoas: buffer %s placed at %d, beyond the planner's limit", p.Buffers[i].Name, o)
			}
			off[in.unitOf[i]] = int64(o)
		}
		if !res.Fits {
			noRoom = append(noRoom, fmt.Sprintf("ptoas's planner finds no room in pool %s: it needs %d bytes (every size rounded up to %d), capacity %d",
				pl.Name, min(res.RequiredBits, math.MaxInt64), align, pl.Capacity))
		}
	}
	if err := checkPTOASPlacement(p, in.solution(off), len(noRoom) > 0); err != nil {
		return nil, err
	}
	return &outcome{off: off, reason: strings.Join(noRoom, "; "), noFit: len(noRoom) > 0}, nil
}

// ptoasEntry is buffer i as ptoas's liveness would give it: born at the
// start of its interval, killed at its last live point; an empty
// interval is a buffer ptoas never kills (Kill -1). ptoas treats that as
// overlapping nothing, as the problem does, but a lifetime ending at -1
// joins fewer of the lifetimes it merges on a stretch of bytes than one
// ending just before its birth would, and the merged run's name is what
// ptoas checks conflict pairs against: placed as ptoas places it, the
// buffer must be what ptoas's liveness gives.
func ptoasEntry(i int, b *Buffer) ptoas.Buffer {
	iv := b.Live[0]
	kill := iv.End - 1 // Check keeps End within Limit: no wrap
	if iv.End == iv.Start {
		kill = -1
	}
	// Check keeps the size non-negative.
	return ptoas.Buffer{ID: i, Bits: uint64(b.Size), Gen: iv.Start, Kill: kill}
}

// checkPTOASPlacement validates ptoas's placement against the problem
// (above the capacity too when it did not fit), so that a separation
// ptoas loses is an error saying so rather than a placement Solve passes
// on.
func checkPTOASPlacement(p *Problem, sol Solution, noFit bool) error {
	q := p
	if noFit {
		q = withCapacity(p, Unbounded)
	}
	if err := Validate(q, sol); err != nil {
		return fmt.Errorf("ptoas: ptoas's planner places the buffers where the problem forbids (it can lose a conflict pair when it merges lifetimes): %v", err)
	}
	return nil
}
