package guillotine

import (
	"math/rand/v2"
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

// TestPinwheelTiles: with pinwheel cuts the pieces still tile the
// rectangle exactly.
func TestPinwheelTiles(t *testing.T) {
	for seed := range uint64(20) {
		opt := Options{N: 80, Capacity: 1 << 12, Horizon: 60, Seed: seed, Granule: 4, Pinwheel: 0.5}
		ps := Cut(opt)
		if len(ps) < opt.N {
			t.Fatalf("seed %d: %d pieces, want at least %d", seed, len(ps), opt.N)
		}
		checkTiling(t, seed, opt, ps)
	}
}

// TestPinwheelHasNoStraightCut: the five pieces of a pinwheel fill their
// rectangle and no cut across bytes or across time separates them, at
// any position: they are not a guillotine packing.
func TestPinwheelHasNoStraightCut(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		p := Piece{Offset: 8 * rng.Int64N(10), Size: 8 * (3 + rng.Int64N(20)), Start: rng.Int64N(10)}
		p.End = p.Start + 3 + rng.Int64N(30)
		ps := pinwheel(rng, p, 8)
		opt := Options{Capacity: p.Offset + p.Size, Horizon: p.End, Granule: 8}
		// Fill what lies outside p so that checkTiling sees a whole
		// rectangle.
		all := append(slices.Clone(ps), Piece{0, p.Offset, 0, p.End}, Piece{p.Offset, p.Size, 0, p.Start})
		all = slices.DeleteFunc(all, func(q Piece) bool { return q.Size == 0 || q.End == q.Start })
		checkTiling(t, 0, opt, all)
		for tm := p.Start + 1; tm < p.End; tm++ {
			if !slices.ContainsFunc(ps, func(q Piece) bool { return q.Start < tm && tm < q.End }) {
				t.Fatalf("%+v: no piece crosses time %d", ps, tm)
			}
		}
		for x := p.Offset + 1; x < p.Offset+p.Size; x++ {
			if !slices.ContainsFunc(ps, func(q Piece) bool { return q.Offset < x && x < q.Offset+q.Size }) {
				t.Fatalf("%+v: no piece crosses byte %d", ps, x)
			}
		}
	}
}

// checkTiling fails unless the pieces fill the rectangle without overlap.
func checkTiling(t *testing.T, seed uint64, opt Options, ps []Piece) {
	t.Helper()
	var area int64
	for x, p := range ps {
		if p.Size <= 0 || p.End <= p.Start || p.Offset < 0 || p.Offset+p.Size > opt.Capacity || p.Start < 0 || p.End > opt.Horizon {
			t.Fatalf("seed %d: piece %+v outside the rectangle", seed, p)
		}
		if g := max(opt.Granule, 1); p.Size%g != 0 || p.Offset%g != 0 {
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
}
