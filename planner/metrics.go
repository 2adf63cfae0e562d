package planner

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/pto-opt/pto-opt/internal/checked"
)

// LowerBound returns, per pool, the largest total size of buffers live at
// one program point (half-open intervals, so a buffer ending at t and one
// starting at t are not counted together). No placement can have a smaller
// peak. A colocation class counts once, with its largest live member.
// Temporal exclusions are ignored: with them the number is only an estimate,
// and dsa-rp does not use it to claim optimality. An exclusive buffer
// (outside a colocation class) shares its bytes with nothing at any
// point, so it counts at the fullest point whatever its lifetime.
func LowerBound(p *Problem) []int64 {
	lb := make([]int64, len(p.Pools))
	excl := make([]int64, len(p.Pools))
	type event struct {
		t     int64
		delta int64
	}
	evs := make([][]event, len(p.Pools))
	classes := ColocationClasses(p)
	class := colocationClassOf(p, classes)
	for i := range p.Buffers {
		b := &p.Buffers[i]
		if class[i] >= 0 || b.Size == 0 {
			continue
		}
		if b.Exclusive {
			excl[b.Pool] = satAdd(excl[b.Pool], b.Size)
			continue
		}
		for _, iv := range MergeIntervals(b.Live) {
			evs[b.Pool] = append(evs[b.Pool], event{iv.Start, b.Size}, event{iv.End, -b.Size})
		}
	}
	for _, c := range classes {
		pool := p.Buffers[c[0]].Pool
		for _, seg := range classProfile(p, c) {
			evs[pool] = append(evs[pool], event{seg.iv.Start, seg.size}, event{seg.iv.End, -seg.size})
		}
	}
	for pool, e := range evs {
		// Ends sort before starts at the same time: half-open intervals.
		slices.SortFunc(e, func(a, b event) int {
			if a.t != b.t {
				return cmp.Compare(a.t, b.t)
			}
			return cmp.Compare(a.delta, b.delta)
		})
		var cur int64
		for _, x := range e {
			var ok bool
			if cur, ok = checked.Add(cur, x.delta); !ok {
				// Only positive deltas can overflow: more than int64
				// bytes are live at once, and MaxInt64 is still a bound.
				lb[pool] = math.MaxInt64
				break
			}
			lb[pool] = max(lb[pool], cur)
		}
		lb[pool] = satAdd(lb[pool], excl[pool])
	}
	return lb
}

type sizedSegment struct {
	iv   Interval
	size int64
}

// classProfile splits the time covered by a colocation class into
// elementary segments, each with the largest member size live in it: the
// class occupies that many bytes from its common offset.
func classProfile(p *Problem, members []int) []sizedSegment {
	var cuts []int64
	for _, i := range members {
		for _, iv := range p.Buffers[i].Live {
			cuts = append(cuts, iv.Start, iv.End)
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var out []sizedSegment
	for k := 0; k+1 < len(cuts); k++ {
		seg := Interval{cuts[k], cuts[k+1]}
		var size int64
		for _, i := range members {
			for _, iv := range p.Buffers[i].Live {
				if iv.Overlaps(seg) {
					size = max(size, p.Buffers[i].Size)
				}
			}
		}
		if size > 0 {
			out = append(out, sizedSegment{seg, size})
		}
	}
	return out
}

// colocationClassOf maps each buffer to its class in classes (the result
// of ColocationClasses), or -1.
func colocationClassOf(p *Problem, classes [][]int) []int {
	class := make([]int, len(p.Buffers))
	for i := range class {
		class[i] = -1
	}
	for k, c := range classes {
		for _, i := range c {
			class[i] = k
		}
	}
	return class
}

// ColocationClasses closes the colocations transitively: entries sharing a
// buffer ([a b] and [b c], as the JSON schema's pairs give them) are one
// class. Each class lists its members in ascending order; classes are
// ordered by their smallest member.
func ColocationClasses(p *Problem) [][]int {
	if len(p.Colocations) == 0 {
		return nil
	}
	parent := make([]int, len(p.Buffers))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, c := range p.Colocations {
		for _, i := range c {
			if a, b := find(c[0]), find(i); a != b {
				parent[max(a, b)] = min(a, b) // the root is the smallest member
			}
		}
	}
	index := map[int]int{} // root -> class
	var out [][]int
	for i := range parent {
		r := find(i)
		if r == i {
			continue // a root is its class's first member: added below
		}
		k, ok := index[r]
		if !ok {
			k = len(out)
			index[r] = k
			out = append(out, []int{r})
		}
		out[k] = append(out[k], i)
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return out
}

// MergeIntervals returns the union of the intervals, sorted, with empty
// intervals dropped and touching ones joined: the points a buffer is live
// at. A single non-empty interval comes back as in itself (no copy).
func MergeIntervals(in []Interval) []Interval {
	if len(in) == 1 {
		if in[0].Start < in[0].End {
			return in
		}
		return nil
	}
	s := make([]Interval, 0, len(in))
	for _, iv := range in {
		if iv.Start < iv.End {
			s = append(s, iv)
		}
	}
	slices.SortFunc(s, func(a, b Interval) int { return cmp.Compare(a.Start, b.Start) })
	out := s[:0]
	for _, iv := range s {
		if n := len(out); n > 0 && iv.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, iv.End)
			continue
		}
		out = append(out, iv)
	}
	return out
}

// Peak returns, per pool, the highest byte used: max(offset + size) over
// the pool's non-empty buffers. An end beyond int64 reads as
// math.MaxInt64 (Validate rejects such a placement; see CheckEnds).
func Peak(p *Problem, s Solution) []int64 {
	peak := make([]int64, len(p.Pools))
	for i := range p.Buffers {
		b := &p.Buffers[i]
		if b.Size > 0 {
			peak[b.Pool] = max(peak[b.Pool], satAdd(s.Offsets[i], b.Size))
		}
	}
	return peak
}

// CheckEnds reports the first buffer whose end, offset + size, is beyond
// int64: such a placement has no meaningful peak or overlap, and the
// metrics above would only saturate.
func CheckEnds(p *Problem, s Solution) error {
	for i := range p.Buffers {
		if _, ok := checked.Add(s.Offsets[i], p.Buffers[i].Size); !ok {
			return fmt.Errorf("buffer %q at offset %d with size %d ends beyond the largest int64 address", p.Buffers[i].Name, s.Offsets[i], p.Buffers[i].Size)
		}
	}
	return nil
}

// ReuseCost sums the cost of every penalty whose two buffers share at least
// one byte (Check keeps the sum of all costs within Limit).
func ReuseCost(p *Problem, s Solution) int64 {
	var cost int64
	for _, q := range p.Penalties {
		if bytesShared(p, s, q.A, q.B) {
			cost = satAdd(cost, q.Cost)
		}
	}
	return cost
}

// Overflow sums, over the bounded pools, how far the peak exceeds the
// capacity: the capacity_overflow metric (saturated at math.MaxInt64).
func Overflow(p *Problem, s Solution) int64 {
	var over int64
	for pool, pk := range Peak(p, s) {
		if c := p.Pools[pool].Capacity; c > 0 && pk > c {
			over = satAdd(over, pk-c)
		}
	}
	return over
}

func bytesShared(p *Problem, s Solution, i, j int) bool {
	bi, bj := &p.Buffers[i], &p.Buffers[j]
	if i == j || bi.Pool != bj.Pool || bi.Size == 0 || bj.Size == 0 {
		return false
	}
	oi, oj := s.Offsets[i], s.Offsets[j]
	return oi < satAdd(oj, bj.Size) && oj < satAdd(oi, bi.Size)
}

// cmpSweep orders the events of a sweep over half-open lifetimes: by time,
// ends before starts at the same time (a buffer ending at t and one
// starting at t are never live together), then by id for determinism.
func cmpSweep(at, bt int64, aStart, bStart bool, aID, bID int) int {
	if at != bt {
		return cmp.Compare(at, bt)
	}
	if aStart != bStart {
		if aStart {
			return 1
		}
		return -1
	}
	return aID - bID
}
