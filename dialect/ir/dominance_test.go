package ir

import (
	"math/rand"
	"testing"
)

// TestDominatorsAgreeWithDataflow checks the Lengauer-Tarjan dominator
// tree against the textbook dataflow definition (a block's dominators are
// itself and the dominators common to all its reachable predecessors) on
// random CFGs, with unreachable blocks, self loops and back edges.
func TestDominatorsAgreeWithDataflow(t *testing.T) {
	r := rand.New(rand.NewSource(25))
	for iter := 0; iter < 400; iter++ {
		n := 1 + r.Intn(14)
		if iter%8 == 7 {
			n = smallRegion - 4 + r.Intn(40) // both sides of the bit-set limit
		}
		reg := &Region{}
		for i := 0; i < n; i++ {
			reg.AddBlock()
		}
		for _, b := range reg.Blocks {
			op := NewOperation("test.br", Location{}, nil, nil)
			for k := r.Intn(4); k > 0; k-- {
				op.AddSuccessor(reg.Blocks[r.Intn(n)])
			}
			b.Append(op)
		}
		want := dataflowDominators(reg)
		v := &verifier{doms: map[*Region]*domInfo{}}
		for i, a := range reg.Blocks {
			for j, b := range reg.Blocks {
				got := v.blockDominates(a, b)
				w := want[j] == nil || want[j][i] // unreachable b: not checked
				if got != w {
					t.Fatalf("CFG %d: block %d dominates %d: got %v, want %v", iter, i, j, got, w)
				}
				if reach := v.reachable(b); reach != (want[j] != nil) {
					t.Fatalf("CFG %d: block %d reachable: got %v", iter, j, reach)
				}
			}
		}
		// The dominator tree, used above the bit-set limit, on the same CFG.
		tree := treeDominators(reg)
		for i, a := range reg.Blocks {
			for j, b := range reg.Blocks {
				if got, w := a == b || tree.dominates(a, b), want[j] == nil || want[j][i]; got != w {
					t.Fatalf("CFG %d (tree): block %d dominates %d: got %v, want %v", iter, i, j, got, w)
				}
			}
		}
	}
}

// dataflowDominators is, for each block, the set of its dominators (nil
// for an unreachable block).
func dataflowDominators(reg *Region) []map[int]bool {
	n := len(reg.Blocks)
	idx := map[*Block]int{}
	for i, b := range reg.Blocks {
		idx[b] = i
	}
	reach := map[int]bool{0: true}
	for stack := []int{0}; len(stack) > 0; {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range reg.Blocks[b].Successors() {
			if !reach[idx[s]] {
				reach[idx[s]] = true
				stack = append(stack, idx[s])
			}
		}
	}
	preds := make([][]int, n)
	for i, b := range reg.Blocks {
		for _, s := range b.Successors() {
			preds[idx[s]] = append(preds[idx[s]], i)
		}
	}
	dom := make([]map[int]bool, n)
	for i := range dom {
		if !reach[i] {
			continue
		}
		dom[i] = map[int]bool{}
		for j := 0; j < n; j++ {
			if reach[j] {
				dom[i][j] = true
			}
		}
	}
	dom[0] = map[int]bool{0: true}
	for changed := true; changed; {
		changed = false
		for i := 1; i < n; i++ {
			if !reach[i] {
				continue
			}
			next := map[int]bool{i: true}
			first := true
			common := map[int]bool{}
			for _, p := range preds[i] {
				if !reach[p] {
					continue
				}
				if first {
					for k := range dom[p] {
						common[k] = true
					}
					first = false
					continue
				}
				for k := range common {
					if !dom[p][k] {
						delete(common, k)
					}
				}
			}
			for k := range common {
				next[k] = true
			}
			if len(next) != len(dom[i]) {
				dom[i], changed = next, true
			}
		}
	}
	return dom
}
