package planner

import (
	"math/rand/v2"
	"testing"
)

func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	var a [64]uint64
	for i := range a {
		a[i] = rng.Uint64()
	}
	b := a
	transpose64(&b)
	for r := range 64 {
		for c := range 64 {
			if (a[r]>>c)&1 != (b[c]>>r)&1 {
				t.Fatalf("element (%d, %d) not transposed", r, c)
			}
		}
	}
}

// TestConflictMatrixMatchesInstance compares the matrix with the
// instance's pairwise conflict test, across sizes that straddle 64.
func TestConflictMatrixMatchesInstance(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for iter := range 60 {
		p := randomProblem(rng, genOptions{n: 1 + rng.IntN(150), pools: 2, maxSize: 4, horizon: 50,
			multi: true, seps: true, excl: true, coloc: true})
		in := in(p)
		m := newConflictMatrix(in)
		for a := range in.units {
			for b := range in.units {
				if m.conflict(a, b) != in.conflict(a, b) {
					t.Fatalf("iter %d: units %d, %d: matrix %v, pairwise %v", iter, a, b, m.conflict(a, b), in.conflict(a, b))
				}
			}
		}
	}
}
