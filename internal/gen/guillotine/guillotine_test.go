package guillotine

import (
	"slices"
	"testing"
)

// TestCutTiles: the pieces tile the rectangle exactly (no overlap, no
// hole), so the load at every program point is the capacity.
func TestCutTiles(t *testing.T) {
	for seed := range uint64(20) {
		opt := Options{N: 60, Capacity: 1 << 12, Horizon: 50, Seed: seed, Granule: 4}
		ps := Cut(opt)
		if len(ps) != opt.N {
			t.Fatalf("seed %d: %d pieces, want %d", seed, len(ps), opt.N)
		}
		var area int64
		for x, p := range ps {
			if p.Size <= 0 || p.End <= p.Start || p.Offset < 0 || p.Offset+p.Size > opt.Capacity || p.Start < 0 || p.End > opt.Horizon {
				t.Fatalf("seed %d: piece %+v outside the rectangle", seed, p)
			}
			if p.Size%opt.Granule != 0 || p.Offset%opt.Granule != 0 {
				t.Fatalf("seed %d: piece %+v off the granule", seed, p)
			}
			area += p.Size * (p.End - p.Start)
			for _, q := range ps[x+1:] {
				if p.Offset < q.Offset+q.Size && q.Offset < p.Offset+p.Size && p.Start < q.End && q.Start < p.End {
					t.Fatalf("seed %d: pieces %+v and %+v overlap", seed, p, q)
				}
			}
		}
		if area != opt.Capacity*opt.Horizon {
			t.Fatalf("seed %d: area %d, want %d", seed, area, opt.Capacity*opt.Horizon)
		}
		for tm := range opt.Horizon {
			var load int64
			for _, p := range ps {
				if p.Start <= tm && tm < p.End {
					load += p.Size
				}
			}
			if load != opt.Capacity {
				t.Fatalf("seed %d: load %d at %d, want %d", seed, load, tm, opt.Capacity)
			}
		}
	}
}

// TestCutDeterministic: the same options give the same pieces; another
// seed gives others.
func TestCutDeterministic(t *testing.T) {
	opt := Options{N: 100, Capacity: 1 << 20, Horizon: 1000, Seed: 7}
	a, b := Cut(opt), Cut(opt)
	if !slices.Equal(a, b) {
		t.Fatal("same options, different pieces")
	}
	opt.Seed++
	if slices.Equal(a, Cut(opt)) {
		t.Fatal("different seeds, same pieces")
	}
}
