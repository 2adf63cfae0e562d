package planner

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWriteProblemJSONReadsBack: a problem written as a schema-v1
// document reads back as the same problem (an unpinned buffer exclusive
// for all time as its separations from the rest of its pool).
func TestWriteProblemJSONReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for iter := range 300 {
		o := genOptions{n: 1 + rng.IntN(14), pools: 1 + rng.IntN(3), maxSize: 256, horizon: 20,
			aligns: []int64{1, 32, 64}, multi: true, seps: true, excl: true, coloc: true, pins: true,
			reserved: true, penalties: true, zeros: true, exclusive: true, pipelineSp: iter%2 == 0}
		if iter%3 == 0 {
			o.capacity = 1024
		}
		if iter%5 == 0 {
			o.objective = []string{MetricCapacityOverflow, MetricTotalPeak}
		}
		p := randomProblem(rng, o)
		var buf bytes.Buffer
		if err := WriteProblemJSON(&buf, p, "roundtrip", map[string]string{"pass": "test"}); err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
		doc, err := ReadJSON(bytes.NewReader(buf.Bytes()), "roundtrip.json")
		if err != nil {
			t.Fatalf("iteration %d: the written document does not read back: %v\n%s", iter, err, buf.String())
		}
		// The pinned exclusive buffers keep their flag (the schema's
		// exclusive pin), the others become separations.
		want := *p
		want.Buffers = slices.Clone(p.Buffers)
		want.Separations = slices.Clone(p.Separations)
		for i, b := range p.Buffers {
			if b.Exclusive && !b.Pinned {
				want.Buffers[i].Exclusive = false
				for j, o := range p.Buffers {
					if j != i && o.Pool == b.Pool {
						want.Separations = append(want.Separations, Separation{A: i, B: j, Reason: "pinned"})
					}
				}
			}
		}
		got := doc.Problem
		if diff := cmp.Diff(colocPartition(&want), colocPartition(got)); diff != "" {
			t.Fatalf("iteration %d: colocations differ (-want +got):\n%s", iter, diff)
		}
		want.Colocations, got.Colocations = nil, nil
		if diff := cmp.Diff(&want, got, cmp.AllowUnexported(Problem{})); diff != "" {
			t.Fatalf("iteration %d: the problem read back differs (-want +got):\n%s", iter, diff)
		}
	}
}

// colocPartition is the class of each buffer under the colocations (the
// smallest member), however the classes are spelled.
func colocPartition(p *Problem) []int {
	parent := make([]int, len(p.Buffers))
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	for _, c := range p.Colocations {
		for _, m := range c[1:] {
			a, b := find(c[0]), find(m)
			parent[max(a, b)] = min(a, b)
		}
	}
	out := make([]int, len(parent))
	for i := range out {
		out[i] = find(i)
	}
	return out
}
