package planner

import "math/bits"

// The cross-sections bound a component's peak by the buffers live at one
// time. Buffers live at several times (a tile used before and after a
// loop, a value carried around one) can conflict pairwise without all
// being live at any one time: three of them, each pair meeting at another
// time, must still stack, so the heaviest set of pairwise conflicting
// buffers (the conflict graph's maximum weight clique) bounds the peak
// too, and on kernels it is often far above the sections' bound. Small
// components (up to cliqueMaxItems, the kernels' pools) get it exactly by
// branch and bound over bitsets; the search is bounded by work, and a
// clique found when the work runs out is still a bound, only maybe not
// the best.

// cliqueMaxItems is the largest component whose clique bound is computed:
// one bit per item in a uint64.
const cliqueMaxItems = 64

// cliqueWork bounds the clique search's nodes per item of the component.
const cliqueWork = 1024

// heaviestClique returns the largest total size of a set of pairwise
// conflicting items (0 for components above cliqueMaxItems). It runs once
// per component, when the component is built, on a budget of its own
// (at most cliqueMaxItems*cliqueWork nodes, milliseconds).
func (c *comp) heaviestClique() int64 {
	if c.n > cliqueMaxItems || c.n == 0 {
		return 0
	}
	k := &cliqueSearch{size: c.size, adj: make([]uint64, c.n), budget: int64(c.n) * cliqueWork}
	for i := range c.n {
		for _, j := range c.hard[i] {
			k.adj[i] |= 1 << uint(j)
		}
	}
	all := uint64(1)<<uint(c.n) - 1
	if c.n == 64 {
		all = ^uint64(0)
	}
	k.grow(0, all)
	return k.best
}

type cliqueSearch struct {
	size          []int64
	adj           []uint64
	best          int64
	nodes, budget int64
	// keep asks for the members of the best clique too: bestSet, with
	// cur the clique being grown.
	keep         bool
	cur, bestSet uint64
}

// grow extends a clique of total w by members of cand, the items
// conflicting with all of it, pruning where even all of cand would not
// beat the best.
func (k *cliqueSearch) grow(w int64, cand uint64) {
	k.nodes++
	if w > k.best {
		k.best = w
		k.bestSet = k.cur
	}
	if cand == 0 || k.nodes > k.budget {
		return
	}
	var room int64
	for x := cand; x != 0; x &= x - 1 {
		room += k.size[bits.TrailingZeros64(x)]
	}
	k.nodes += int64(bits.OnesCount64(cand))
	for cand != 0 && w+room > k.best && k.nodes <= k.budget {
		v := bits.TrailingZeros64(cand)
		cand &^= 1 << uint(v)
		if k.keep {
			k.cur |= 1 << uint(v)
		}
		k.grow(w+k.size[v], cand&k.adj[v])
		k.cur &^= 1 << uint(v)
		room -= k.size[v]
	}
}

// crossCliques returns sets of pairwise conflicting items that no
// cross-section contains: for each conflicting pair, the heaviest clique
// through it that a search of cliqueWork nodes finds, kept when it is not
// inside a section and not already listed. (One clique per item instead
// left 1 of 60 64-tile kernels undecided after 3G steps, where one per
// pair decides them all within 650k.) The exact search uses them as it uses the sections:
// their unplaced members must stack above their placed ones (the search
// places in offset order), under the capacity. Components above
// cliqueMaxItems get none.
func (c *comp) crossCliques() [][]int32 {
	if c.n > cliqueMaxItems || c.n < 3 {
		return nil
	}
	adj := make([]uint64, c.n)
	for i := range c.n {
		for _, j := range c.hard[i] {
			adj[i] |= 1 << uint(j)
		}
	}
	secBits := make([]uint64, len(c.sections))
	for k, sec := range c.sections {
		for _, i := range sec {
			secBits[k] |= 1 << uint(i)
		}
	}
	inSection := func(set uint64) bool {
		for _, b := range secBits {
			if set&^b == 0 {
				return true
			}
		}
		return false
	}
	seen := map[uint64]bool{}
	var out [][]int32
	add := func(set uint64) {
		if bits.OnesCount64(set) < 3 || seen[set] || inSection(set) {
			seen[set] = true
			return
		}
		seen[set] = true
		var members []int32
		for x := set; x != 0; x &= x - 1 {
			members = append(members, int32(bits.TrailingZeros64(x)))
		}
		out = append(out, members)
	}
	for i := range c.n {
		for _, j := range c.hard[i] {
			if int(j) < i {
				continue
			}
			k := &cliqueSearch{size: c.size, adj: adj, budget: cliqueWork, keep: true}
			k.grow(c.size[i]+c.size[j], adj[i]&adj[j])
			add(k.bestSet | 1<<uint(i) | 1<<uint(j))
		}
	}
	return out
}
