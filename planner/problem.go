package planner

import (
	"fmt"
	"slices"
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

// Check reports structural errors that make a problem meaningless: bad
// sizes, alignments, pool or buffer indices, inverted intervals, pinned
// offsets that violate alignment, or unknown objective metrics.
func (p *Problem) Check() error {
	for i, pl := range p.Pools {
		if pl.Capacity < 0 {
			return fmt.Errorf("pool %d (%s): negative capacity %d", i, pl.Name, pl.Capacity)
		}
		for _, r := range pl.Reserved {
			if r.Start < 0 || r.End < r.Start {
				return fmt.Errorf("pool %d (%s): bad reserved range [%d, %d)", i, pl.Name, r.Start, r.End)
			}
		}
	}
	for i := range p.Buffers {
		b := &p.Buffers[i]
		switch {
		case b.Size < 0:
			return fmt.Errorf("buffer %d (%s): negative size %d", i, b.Name, b.Size)
		case b.Align < 1:
			return fmt.Errorf("buffer %d (%s): alignment %d < 1", i, b.Name, b.Align)
		case b.Pool < 0 || b.Pool >= len(p.Pools):
			return fmt.Errorf("buffer %d (%s): unknown pool %d", i, b.Name, b.Pool)
		case len(b.Live) == 0:
			return fmt.Errorf("buffer %d (%s): no live interval", i, b.Name)
		case b.Pinned && (b.Offset < 0 || b.Offset%b.Align != 0):
			return fmt.Errorf("buffer %d (%s): pinned offset %d not a non-negative multiple of %d", i, b.Name, b.Offset, b.Align)
		}
		for _, iv := range b.Live {
			if iv.End < iv.Start {
				return fmt.Errorf("buffer %d (%s): inverted live interval [%d, %d)", i, b.Name, iv.Start, iv.End)
			}
		}
	}
	idx := func(what string, k, i int) error {
		if i < 0 || i >= len(p.Buffers) {
			return fmt.Errorf("%s %d: unknown buffer %d", what, k, i)
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
				return fmt.Errorf("colocation %d: buffers %s and %s are in different pools", k, p.Buffers[c[0]].Name, p.Buffers[i].Name)
			}
		}
	}
	for k, t := range p.TemporalExclusions {
		if err := firstErr(idx("temporal exclusion", k, t[0]), idx("temporal exclusion", k, t[1])); err != nil {
			return err
		}
	}
	for k, q := range p.Penalties {
		if err := firstErr(idx("penalty", k, q.A), idx("penalty", k, q.B)); err != nil {
			return err
		}
		if q.Cost < 0 {
			return fmt.Errorf("penalty %d: negative cost %d", k, q.Cost)
		}
	}
	for _, m := range p.Objective {
		switch m {
		case MetricCapacityOverflow, MetricReuseCost, MetricTotalPeak, MetricMaxPeak:
		default:
			return fmt.Errorf("unknown objective metric %q", m)
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

// AlignUp rounds x up to a multiple of a (a >= 1).
func AlignUp(x, a int64) int64 {
	if a <= 1 {
		return x
	}
	if r := x % a; r != 0 {
		return x + a - r
	}
	return x
}

// alignDown rounds x (>= 0) down to a multiple of a (a >= 1).
func alignDown(x, a int64) int64 {
	if a <= 1 {
		return x
	}
	return x - x%a
}

// liveOverlap reports whether two interval lists share a program point.
// Both lists are short in practice, so a double loop beats sorting.
func liveOverlap(a, b []Interval) bool {
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

// pairKey packs an unordered buffer pair into one map key.
func pairKey(a, b int) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}
