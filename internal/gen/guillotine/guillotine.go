// Package guillotine makes memory-planning instances with a known optimum:
// it cuts a capacity x time rectangle into rectangles by guillotine cuts
// (each cut splits one rectangle in two, across bytes or across time), and
// every rectangle becomes a buffer of its height in bytes, live over its
// width in time. Stacked as cut, the buffers fill the rectangle exactly, so
// at every program point the live sizes add up to the capacity: the load
// lower bound is the capacity and a placement at that peak exists. Such
// perfect packings leave no slack anywhere, which is what makes them hard
// for planners that cannot prove where a gap must not be left.
//
// With Options.Pinwheel some cuts are not guillotine cuts: a rectangle is
// split into five, four around a centre like the blades of a pinwheel,
// which no straight cut across bytes or time separates. Planners that
// rebuild guillotine cuts do not explain such packings; they are still
// perfect.
package guillotine

import "math/rand/v2"

// Piece is one buffer of a cut, with the offset it has in the packing the
// cut came from.
type Piece struct {
	Offset, Size int64 // bytes [Offset, Offset+Size)
	Start, End   int64 // half-open lifetime [Start, End)
}

// Options shape a cut.
type Options struct {
	N        int    // pieces wanted (fewer when nothing can be cut further)
	Capacity int64  // bytes of the rectangle
	Horizon  int64  // program points of the rectangle
	Seed     uint64 // the same options give the same pieces
	// Granule, when > 1, puts every byte cut at a multiple of it (so the
	// sizes are multiples of it too, as allocators round them).
	Granule int64
	// Pinwheel is the chance that a cut of a piece at least 3 granules
	// high and 3 program points wide is a pinwheel (five pieces) rather
	// than a guillotine cut (two).
	Pinwheel float64
}

// Cut cuts the rectangle [0, Capacity) x [0, Horizon) into about N
// pieces. It picks the piece to cut with probability proportional to its
// area (relative to the rectangle's sides, so bytes and time weigh alike),
// cuts across its longer relative side more often, at a uniform position
// that leaves both halves non-empty. The result is in cut order, which is
// no hint of the packing: callers shuffle or sort as they need.
func Cut(opt Options) []Piece {
	g := max(opt.Granule, 1)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6c0771))
	pieces := []Piece{{0, opt.Capacity, 0, opt.Horizon}}
	relArea := func(p Piece) float64 {
		return float64(p.Size) / float64(opt.Capacity) * float64(p.End-p.Start) / float64(opt.Horizon)
	}
	for len(pieces) < opt.N {
		var total float64
		for _, p := range pieces {
			if cuttable(p, g) {
				total += relArea(p)
			}
		}
		if total == 0 {
			break
		}
		x := rng.Float64() * total
		k := -1
		for j, p := range pieces {
			if !cuttable(p, g) {
				continue
			}
			k = j
			if x -= relArea(p); x < 0 {
				break
			}
		}
		p := pieces[k]
		if opt.Pinwheel > 0 && p.Size >= 3*g && p.End-p.Start >= 3 && rng.Float64() < opt.Pinwheel {
			pieces = append(pieces[:k], append(pinwheel(rng, p, g), pieces[k+1:]...)...)
			continue
		}
		byteCut := p.Size >= 2*g
		if byteCut && p.End-p.Start >= 2 {
			h := float64(p.Size) / float64(opt.Capacity)
			w := float64(p.End-p.Start) / float64(opt.Horizon)
			byteCut = rng.Float64()*(h+w) < h
		}
		if byteCut {
			m := g * (1 + rng.Int64N(p.Size/g-1))
			pieces[k] = Piece{p.Offset, m, p.Start, p.End}
			pieces = append(pieces, Piece{p.Offset + m, p.Size - m, p.Start, p.End})
		} else {
			m := 1 + rng.Int64N(p.End-p.Start-1)
			pieces[k] = Piece{p.Offset, p.Size, p.Start, p.Start + m}
			pieces = append(pieces, Piece{p.Offset, p.Size, p.Start + m, p.End})
		}
	}
	return pieces
}

func cuttable(p Piece, g int64) bool { return p.Size >= 2*g || p.End-p.Start >= 2 }

// pinwheel splits p into five pieces around a centre [a, b) x [c, d):
// one below-left, one right reaching up to the centre's end, one above-
// right, one left from the centre's start, and the centre itself.
func pinwheel(rng *rand.Rand, p Piece, g int64) []Piece {
	// Two distinct interior byte cuts a < b and time cuts c < d.
	n := p.Size / g
	i := 1 + rng.Int64N(n-2)
	j := i + 1 + rng.Int64N(n-1-i)
	a, b := p.Offset+g*i, p.Offset+g*j
	w := p.End - p.Start
	u := 1 + rng.Int64N(w-2)
	v := u + 1 + rng.Int64N(w-1-u)
	c, d := p.Start+u, p.Start+v
	x0, x1 := p.Offset, p.Offset+p.Size
	return []Piece{
		{x0, b - x0, p.Start, c},
		{b, x1 - b, p.Start, d},
		{a, x1 - a, d, p.End},
		{x0, a - x0, c, p.End},
		{a, b - a, c, d},
	}
}
