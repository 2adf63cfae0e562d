package planner

import (
	"fmt"
	"math"
	"slices"

	"github.com/pto-opt/pto-opt/internal/checked"
)

// Interval is a half-open range [Start, End) of program points (for live
// ranges) or of bytes (for reserved ranges). Half-open is what lets a
// buffer whose last use is the statement defining another share its bytes.
type Interval struct{ Start, End int64 }

// Overlaps reports whether two half-open intervals share a point.
func (a Interval) Overlaps(b Interval) bool { return a.Start < b.End && b.Start < a.End }

// Buffer is one allocation identity to place.
type Buffer struct {
	Name   string
	Size   int64
	Align  int64      // >= 1; the offset must be a multiple
	Live   []Interval // one or more half-open live intervals
	Pool   int        // index into Problem.Pools
	Pinned bool       // the offset is fixed to Offset
	Offset int64
	// Exclusive: no other buffer of the pool may ever share a byte with
	// this one, whatever the lifetimes (the schema's
	// exclusive_for_all_time pin, a {pinned} tile.alloc). It is a
	// separation from every other buffer of the pool, kept as one flag:
	// written out pairwise, n exclusive buffers among m would be n*m
	// separations. Pinned and exclusive, the buffer's bytes are a range
	// reserved for it.
	Exclusive bool
}

// Pool is one address space. Capacity 0 means unbounded.
type Pool struct {
	Name     string
	Capacity int64
	Reserved []Interval // byte ranges no buffer may use
}

// Separation forbids two buffers from sharing any byte, whatever their
// lifetimes. Reason records where it came from ("pipeline_stage",
// "cross_pipe", "semantic_no_alias", "target_hazard", "pinned", ...); the
// strict-then-soft fallback of dsa-rp relaxes only "pipeline_stage" pairs.
type Separation struct {
	A, B   int
	Reason string
}

// Penalty is a soft constraint: Cost is paid when the byte ranges of A and
// B overlap at all.
type Penalty struct {
	A, B int
	Cost int64
}

// Objective metric names, compared lexicographically in Problem.Objective.
const (
	MetricCapacityOverflow = "capacity_overflow"
	MetricReuseCost        = "reuse_cost"
	MetricTotalPeak        = "total_peak"
	MetricMaxPeak          = "max_peak"
)

// DefaultObjective is used when Problem.Objective is empty.
var DefaultObjective = []string{MetricCapacityOverflow, MetricReuseCost, MetricTotalPeak, MetricMaxPeak}

// Problem is a complete placement problem.
type Problem struct {
	Pools       []Pool
	Buffers     []Buffer
	Separations []Separation
	// Colocations lists classes of buffers that must receive the same
	// offset (the DSA-RP schema's colocation pairs, closed transitively).
	// Members of one class are one storage identity, so they may overlap
	// each other whatever their lifetimes.
	Colocations [][]int
	// TemporalExclusions are pairs proven never live on one control-flow
	// path: they may share bytes although their intervals overlap.
	TemporalExclusions [][2]int
	Penalties          []Penalty
	Objective          []string
}

// Solution holds one offset per buffer; a buffer's pool is its Pool.
type Solution struct {
	Offsets []int64
}

// objective returns the effective objective list.
func (p *Problem) objective() []string {
	if len(p.Objective) == 0 {
		return DefaultObjective
	}
	return p.Objective
}

// hasMetric reports whether the objective mentions the metric.
func (p *Problem) hasMetric(m string) bool { return slices.Contains(p.objective(), m) }

// Limit is the largest byte count, address, program point or cost a
// problem may use, and the most bytes all its pools together may ever
// need: 2^62-1. Every one of these numbers comes from user input, and the
// planner adds them up (an end is offset + size, a peak the largest end, a
// lower bound the sizes live at once, total_peak the sum of the pools'
// peaks). Bounding them by Limit keeps the sum or difference of any two
// such quantities inside int64, so no comparison an algorithm makes can be
// fooled by a wrapped value; Check rejects what could go beyond.
const Limit int64 = 1<<62 - 1

// packSlack is the most a packer pads one buffer beyond its size and
// alignment: PyPTO's 32-byte granule, before the buffer (the alignment is
// at least 32) and after it (the next address is rounded up to 32).
const packSlack = 2 * sequentialAlign

// CheckError is why Check (or Solve) rejects a problem. Buffer, Pool and
// Penalty locate the cause (-1 when it concerns none of them) so that a
// reader can point at the row or field the problem came from; Other is a
// second buffer the cause involves (two pins on the same bytes), or -1.
type CheckError struct {
	Buffer, Pool, Penalty int
	Other                 int
	Msg                   string
}

func (e *CheckError) Error() string { return e.Msg }

func bufferErr(i int, format string, args ...any) error {
	return &CheckError{Buffer: i, Pool: -1, Penalty: -1, Other: -1, Msg: fmt.Sprintf(format, args...)}
}

// pairErr is an error about buffer i that buffer j takes part in.
func pairErr(i, j int, format string, args ...any) error {
	return &CheckError{Buffer: i, Pool: -1, Penalty: -1, Other: j, Msg: fmt.Sprintf(format, args...)}
}

func poolErr(k int, format string, args ...any) error {
	return &CheckError{Buffer: -1, Pool: k, Penalty: -1, Other: -1, Msg: fmt.Sprintf(format, args...)}
}

func penaltyErr(k int, format string, args ...any) error {
	return &CheckError{Buffer: -1, Pool: -1, Penalty: k, Other: -1, Msg: fmt.Sprintf(format, args...)}
}

func problemErr(format string, args ...any) error {
	return &CheckError{Buffer: -1, Pool: -1, Penalty: -1, Other: -1, Msg: fmt.Sprintf(format, args...)}
}

// Check reports errors that make a problem meaningless or too large to
// plan: bad sizes, alignments (each must be a power of two), pool or
// buffer indices, inverted intervals, pinned offsets that violate
// alignment, unknown objective metrics, and numbers beyond Limit. For the
// last it bounds what any placement algorithm may compute: per pool, the
// highest obstacle (capacity, reserved end, pinned end) plus, for every
// buffer, its size, its alignment and packSlack, the most a packer can
// stack above the obstacles; over all pools the sum of those; and the sum
// of all penalty costs. The error is a *CheckError.
func (p *Problem) Check() error {
	for i, pl := range p.Pools {
		if pl.Capacity < 0 {
			return poolErr(i, "pool %d (%s): negative capacity %d", i, pl.Name, pl.Capacity)
		}
		if pl.Capacity > Limit {
			return poolErr(i, "pool %d (%s): capacity %d is above the planner's limit %d", i, pl.Name, pl.Capacity, Limit)
		}
		for _, r := range pl.Reserved {
			if r.Start < 0 || r.End < r.Start {
				return poolErr(i, "pool %d (%s): bad reserved range [%d, %d)", i, pl.Name, r.Start, r.End)
			}
			if r.End > Limit {
				return poolErr(i, "pool %d (%s): reserved range [%d, %d) ends above the planner's limit %d", i, pl.Name, r.Start, r.End, Limit)
			}
		}
	}
	for i := range p.Buffers {
		b := &p.Buffers[i]
		switch {
		case b.Size < 0:
			return bufferErr(i, "buffer %d (%s): negative size %d", i, b.Name, b.Size)
		case b.Size > Limit:
			return bufferErr(i, "buffer %d (%s): size %d is above the planner's limit %d", i, b.Name, b.Size, Limit)
		case b.Align < 1:
			return bufferErr(i, "buffer %d (%s): alignment %d < 1", i, b.Name, b.Align)
		case b.Align&(b.Align-1) != 0:
			return bufferErr(i, "buffer %d (%s): alignment %d is not a power of two", i, b.Name, b.Align)
		case b.Align > Limit:
			return bufferErr(i, "buffer %d (%s): alignment %d is above the planner's limit %d", i, b.Name, b.Align, Limit)
		case b.Pool < 0 || b.Pool >= len(p.Pools):
			return bufferErr(i, "buffer %d (%s): unknown pool %d", i, b.Name, b.Pool)
		case len(b.Live) == 0:
			return bufferErr(i, "buffer %d (%s): no live interval", i, b.Name)
		case b.Pinned && (b.Offset < 0 || b.Offset%b.Align != 0):
			return bufferErr(i, "buffer %d (%s): pinned offset %d not a non-negative multiple of %d", i, b.Name, b.Offset, b.Align)
		case b.Pinned && b.Offset > Limit-b.Size:
			return bufferErr(i, "buffer %d (%s): pinned at offset %d with size %d, which ends above the planner's limit %d", i, b.Name, b.Offset, b.Size, Limit)
		}
		for _, iv := range b.Live {
			if iv.End < iv.Start {
				return bufferErr(i, "buffer %d (%s): inverted live interval [%d, %d)", i, b.Name, iv.Start, iv.End)
			}
			if iv.Start < -Limit || iv.End > Limit {
				return bufferErr(i, "buffer %d (%s): live interval [%d, %d) reaches beyond the planner's limit ±%d", i, b.Name, iv.Start, iv.End, Limit)
			}
		}
	}
	idx := func(what string, k, i int) error {
		if i < 0 || i >= len(p.Buffers) {
			return problemErr("%s %d: unknown buffer %d", what, k, i)
		}
		return nil
	}
	for k, s := range p.Separations {
		if err := firstErr(idx("separation", k, s.A), idx("separation", k, s.B)); err != nil {
			return err
		}
	}
	for k, c := range p.Colocations {
		for _, i := range c {
			if err := idx("colocation", k, i); err != nil {
				return err
			}
			if p.Buffers[i].Pool != p.Buffers[c[0]].Pool {
				return problemErr("colocation %d: buffers %s and %s are in different pools", k, p.Buffers[c[0]].Name, p.Buffers[i].Name)
			}
		}
	}
	for k, t := range p.TemporalExclusions {
		if err := firstErr(idx("temporal exclusion", k, t[0]), idx("temporal exclusion", k, t[1])); err != nil {
			return err
		}
	}
	var cost int64
	for k, q := range p.Penalties {
		if err := firstErr(idx("penalty", k, q.A), idx("penalty", k, q.B)); err != nil {
			return err
		}
		if q.Cost < 0 {
			return penaltyErr(k, "penalty %d: negative cost %d", k, q.Cost)
		}
		// Both are at most Limit, so the sum cannot wrap.
		if cost += q.Cost; cost > Limit {
			return penaltyErr(k, "penalty %d: the costs up to this one add up to more than the planner's limit %d", k, Limit)
		}
	}
	for _, m := range p.Objective {
		switch m {
		case MetricCapacityOverflow, MetricReuseCost, MetricTotalPeak, MetricMaxPeak:
		default:
			return problemErr("unknown objective metric %q", m)
		}
	}
	return p.checkExtent()
}

// checkExtent bounds the bytes any placement algorithm may need (see
// Check). Every term is at most Limit and every partial sum is kept at
// most Limit, so the running sums cannot wrap.
func (p *Problem) checkExtent() error {
	need := make([]int64, len(p.Pools))
	for k, pl := range p.Pools {
		need[k] = pl.Capacity
		for _, r := range pl.Reserved {
			need[k] = max(need[k], r.End)
		}
	}
	for i := range p.Buffers {
		if b := &p.Buffers[i]; b.Pinned {
			need[b.Pool] = max(need[b.Pool], b.Offset+b.Size)
		}
	}
	for i := range p.Buffers {
		b := &p.Buffers[i]
		n, ok := checked.Sum(need[b.Pool], b.Size, b.Align, packSlack)
		if !ok || n > Limit {
			return bufferErr(i, "buffer %d (%s): with it, pool %s could need more than the planner's limit of %d bytes "+
				"(sizes plus alignments and %d bytes of padding per buffer, above the capacity, reserved ranges and pinned buffers)",
				i, b.Name, p.Pools[b.Pool].Name, Limit, packSlack)
		}
		need[b.Pool] = n
	}
	var total int64
	for k, n := range need {
		if total += n; total > Limit {
			return poolErr(k, "pool %d (%s): the pools up to this one could need more than the planner's limit of %d bytes together", k, p.Pools[k].Name, Limit)
		}
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// AlignUp rounds x up to a multiple of a (a >= 1). When that is beyond
// int64 it returns math.MaxInt64: Check keeps every address an algorithm
// computes far below, and should a bug ever get there, the saturated
// offset is out of range and Validate rejects it, where a wrapped one
// could look like a small valid address.
func AlignUp(x, a int64) int64 {
	v, ok := checked.AlignUp(x, a)
	if !ok {
		return math.MaxInt64
	}
	return v
}

// satAdd is a+b, saturated at the int64 bounds (see AlignUp): the
// packers' arithmetic on ends.
func satAdd(a, b int64) int64 {
	s, ok := checked.Add(a, b)
	switch {
	case ok:
		return s
	case a > 0:
		return math.MaxInt64
	}
	return math.MinInt64
}

// alignDown rounds x (>= 0) down to a multiple of a (a >= 1).
func alignDown(x, a int64) int64 {
	if a <= 1 {
		return x
	}
	return x - x%a
}

// LiveOverlap reports whether two interval lists share a program point.
// Both lists are short in practice, so a double loop beats sorting.
// Exported so package report and the tile passes judge lifetimes by the
// same rule.
func LiveOverlap(a, b []Interval) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Overlaps(y) {
				return true
			}
		}
	}
	return false
}

// hull returns the smallest interval covering every live interval.
func hull(live []Interval) Interval {
	h := live[0]
	for _, iv := range live[1:] {
		h.Start = min(h.Start, iv.Start)
		h.End = max(h.End, iv.End)
	}
	return h
}

// PairKey packs an unordered buffer pair into one map key (exported for
// package report, whose pair sets are keyed the same way).
func PairKey(a, b int) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}
