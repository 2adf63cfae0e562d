package planner

import (
	"slices"
	"strings"
)

// Their arithmetic saturates (satAdd, AlignUp): Check keeps every sum far
// inside int64, and a saturated offset, were a bug to produce one, fails
// validation instead of wrapping to a small address.
//
// The two lifetime-blind packers. Neither reuses a freed range; they exist
// because they are what upstream MLIR and PyPTO do by default, and a pass
// reproducing those tools must produce their exact addresses.

// trivial is upstream MLIR's trivial planner: units in buffer order, each at
// AlignUp(running end, align). Pinned units keep their offsets and, like
// reserved ranges, are skipped over.
func trivial(in *instance) []int64 {
	off := make([]int64, len(in.units))
	for pool, units := range in.pools {
		obstacles := packObstacles(in, pool)
		var cur int64
		for _, k := range units {
			u := &in.units[k]
			if u.pinned {
				off[k] = u.offset
				continue
			}
			off[k] = fitAbove(cur, u.size, u.align, obstacles)
			cur = satAdd(off[k], u.size)
		}
	}
	return off
}

// sequentialAlign is PyPTO's allocator granule: every address it hands out
// is a multiple of 32 bytes.
const sequentialAlign = 32

// sequential is PyPTO's AllocateMemoryAddr bump allocator: per pool, units
// sorted by name, addresses from the end of a reserved window at 0 (or from
// 0), each at the current address aligned to max(32, its alignment) (their
// lcm when neither divides the other), and the next address
// AlignUp(offset + size, 32). Pinned units and other reserved ranges are
// skipped over.
func sequential(in *instance) []int64 {
	off := make([]int64, len(in.units))
	for pool, units := range in.pools {
		order := slices.Clone(units)
		slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(in.units[a].name, in.units[b].name) })
		obstacles := packObstacles(in, pool)
		var cur int64
		if len(obstacles) > 0 && obstacles[0].off == 0 {
			cur = obstacles[0].end
		}
		for _, k := range order {
			u := &in.units[k]
			if u.pinned {
				off[k] = u.offset
				continue
			}
			off[k] = fitAbove(cur, u.size, lcm(sequentialAlign, u.align), obstacles)
			cur = AlignUp(satAdd(off[k], u.size), sequentialAlign)
		}
	}
	return off
}

// packObstacles returns the merged byte ranges no packed unit may touch:
// the pool's reserved ranges and its pinned units.
func packObstacles(in *instance, pool int) []block {
	obs := append([]Interval(nil), in.reserved[pool]...)
	for _, k := range in.pools[pool] {
		if u := &in.units[k]; u.pinned && u.size > 0 {
			obs = append(obs, Interval{u.offset, satAdd(u.offset, u.size)})
		}
	}
	var out []block
	for _, iv := range MergeIntervals(obs) {
		out = append(out, block{iv.Start, iv.End})
	}
	return out
}

// fitAbove returns the lowest aligned offset >= x where [offset,
// offset+size) misses every obstacle (sorted, disjoint).
func fitAbove(x, size, align int64, obstacles []block) int64 {
	x = AlignUp(x, align)
	if size == 0 {
		return x
	}
	for _, o := range obstacles {
		if o.end <= x {
			continue
		}
		if o.off >= satAdd(x, size) {
			break
		}
		x = AlignUp(o.end, align)
	}
	return x
}
