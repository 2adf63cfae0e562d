package planner

import (
	"math/rand/v2"
	"slices"
)

// improveCost is a ruin-and-recreate local search on a placement that fits:
// it takes a random item and some of its penalised and conflicting
// neighbours out, puts them back one by one in random order at their
// cheapest offset (inserter.best), and keeps the result when the cost of
// the pairs involved did not rise. It runs until the work reaches mark
// until of m and returns the cheapest placement seen (lowest peak among
// equals). The exact search that follows prunes against this cost, so a
// cheaper start pays twice.
// With stall > 0 it also stops after that many moves in a row that found
// nothing cheaper: on small components the exact search is the better use
// of the time.
func (c *comp) improveCost(start *placement, capacity int64, seed int64, stall int, m *meter, until int64) *placement {
	if c.n < 2 || c.penTotal == 0 {
		return start
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x1a5))
	cur := slices.Clone(start.off)
	curCost := start.cost
	best := start
	placed := make([]bool, c.n)
	for i := range placed {
		placed[i] = true
	}
	inSet := make([]bool, c.n)
	ins := inserter{m: m}
	var set []int
	prevOff := make([]int64, c.n) // offsets of the set before the move
	lastGain := 0
	for iter := 0; ; iter++ {
		if m.over(until) {
			break
		}
		if stall > 0 && iter-lastGain > stall {
			break
		}
		// The neighbourhood: a random item, then random neighbours.
		r := rng.IntN(c.n)
		k := 2 + rng.IntN(min(10, c.n-1))
		set = append(set[:0], r)
		inSet[r] = true
		var pool []int32
		for _, e := range c.pen[r] {
			pool = append(pool, e.j)
		}
		pool = append(pool, c.hard[r]...)
		for len(set) < k && len(pool) > 0 {
			x := rng.IntN(len(pool))
			j := int(pool[x])
			pool[x] = pool[len(pool)-1]
			pool = pool[:len(pool)-1]
			if !inSet[j] {
				inSet[j] = true
				set = append(set, j)
			}
		}
		// The cost of every pair touching the set, counted once.
		var removed int64
		for _, i := range set {
			// Drawing the neighbourhood and pricing it; putting the
			// item back is inserter.best's to charge.
			ins.charge(1 + int64(len(c.pen[i])+len(c.hard[i])))
			for _, e := range c.pen[i] {
				if j := int(e.j); (!inSet[j] || j > i) && overlaps(cur, c.size, i, j) {
					removed += e.w
				}
			}
		}
		for _, i := range set {
			prevOff[i] = cur[i]
			placed[i] = false
		}
		rng.Shuffle(len(set), func(a, b int) { set[a], set[b] = set[b], set[a] })
		var added int64
		ok := true
		for _, i := range set {
			x, w, fit := ins.best(c, i, cur, placed, ruleLowest, capacity, true)
			if !fit {
				ok = false
				break
			}
			cur[i], placed[i] = x, true
			added += w
		}
		if ok && added <= removed {
			curCost += added - removed
			if curCost <= best.cost {
				ins.charge(int64(c.n)) // the peak, and maybe the copy
			}
			if curCost < best.cost || (curCost == best.cost && c.peakOf(cur) < best.peak) {
				ins.charge(int64(c.n) * 4) // score walks the penalties
				best = c.score(slices.Clone(cur), capacity)
				lastGain = iter
			}
		} else {
			for _, i := range set {
				cur[i], placed[i] = prevOff[i], true
			}
		}
		for _, i := range set {
			inSet[i] = false
		}
	}
	return best
}

func overlaps(off, size []int64, i, j int) bool {
	return off[i] < off[j]+size[j] && off[j] < off[i]+size[i]
}
