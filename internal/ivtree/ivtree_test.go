package ivtree

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOverlappingMatchesBruteForce: every query finds exactly the stored
// intervals a pairwise scan finds, in (start, id) order.
func TestOverlappingMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type iv struct {
		s, e int64
		id   int
	}
	for round := 0; round < 50; round++ {
		var tr Tree
		var all []iv
		for i := 0; i < 200; i++ {
			s := rng.Int64N(1000)
			x := iv{s, s + rng.Int64N(40), i}
			all = append(all, x)
			tr.Insert(x.s, x.e, x.id)
			lo := rng.Int64N(1000)
			hi := lo + rng.Int64N(60)
			var want, got []int
			for _, y := range all {
				if y.s < hi && lo < y.e && y.s < y.e && lo < hi {
					want = append(want, y.id)
				}
			}
			slices.SortFunc(want, func(a, b int) int {
				if all[a].s != all[b].s {
					return int(all[a].s - all[b].s)
				}
				return a - b
			})
			tr.Overlapping(lo, hi, func(_, _ int64, id int) bool { got = append(got, id); return true })
			if !slices.Equal(got, want) {
				t.Fatalf("query [%d, %d): got %v, want %v", lo, hi, got, want)
			}
			if tr.Any(lo, hi) != (len(want) > 0) {
				t.Fatalf("Any([%d, %d)) = %v, want %v", lo, hi, !tr.Any(lo, hi), len(want) > 0)
			}
		}
		if tr.Len() != len(all) {
			t.Fatalf("Len = %d, want %d", tr.Len(), len(all))
		}
	}
}

// TestVisitStops: a visit that returns false ends the query.
func TestVisitStops(t *testing.T) {
	var tr Tree
	for i := range 10 {
		tr.Insert(int64(i), int64(i+5), i)
	}
	n := 0
	if tr.Overlapping(0, 100, func(int64, int64, int) bool { n++; return n < 3 }) || n != 3 {
		t.Fatalf("visited %d intervals, want 3 and a stop", n)
	}
}

// TestRemove: after removing a random half (and inserting into the freed
// slots), queries find exactly the intervals still stored.
func TestRemove(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type iv struct{ s, e int64 }
	var tr Tree
	live := map[int]iv{}
	for i := range 400 {
		s := rng.Int64N(1000)
		live[i] = iv{s, s + 1 + rng.Int64N(40)}
		tr.Insert(live[i].s, live[i].e, i)
	}
	for i := range 400 {
		if rng.IntN(2) == 0 {
			tr.Remove(live[i].s, i)
			delete(live, i)
		}
	}
	for i := 400; i < 450; i++ {
		s := rng.Int64N(1000)
		live[i] = iv{s, s + 1 + rng.Int64N(40)}
		tr.Insert(live[i].s, live[i].e, i)
	}
	if tr.Len() != len(live) {
		t.Fatalf("Len = %d, want %d", tr.Len(), len(live))
	}
	for q := range 200 {
		lo := int64(q * 5)
		hi := lo + 30
		want := 0
		for _, x := range live {
			if x.s < hi && lo < x.e {
				want++
			}
		}
		got := 0
		tr.Overlapping(lo, hi, func(_, _ int64, id int) bool {
			if _, ok := live[id]; !ok {
				t.Fatalf("removed interval %d found", id)
			}
			got++
			return true
		})
		if got != want {
			t.Fatalf("query [%d, %d): %d intervals, want %d", lo, hi, got, want)
		}
	}
}
