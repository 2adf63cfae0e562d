package ptoas

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// KiB in bits, the unit ptoas plans in.
const kib = 8 * 1024

// A UB of 192 KiB with ptoas's 32-byte alignment (a3).
const (
	ubBits     = 192 * kib
	ubAlign    = 32 * 8
	noConflict = 0
)

func buf(id int, kb uint64, gen, kill int64) Buffer {
	return Buffer{ID: id, Bits: kb * kib, Gen: gen, Kill: kill}
}

// placed checks the plan's invariants: within capacity, aligned, and no
// two buffers with overlapping lifetimes share bytes.
func placed(t *testing.T, bufs []Buffer, r Result, capBits, align uint64) {
	t.Helper()
	if len(r.Offsets) != len(bufs) {
		t.Fatalf("%d offsets for %d buffers", len(r.Offsets), len(bufs))
	}
	for i, b := range bufs {
		end := r.Offsets[i] + alignUp(b.Bits, align)
		if r.Offsets[i]%align != 0 || end > capBits {
			t.Errorf("buffer %d at [%d, %d) is unaligned or past %d", i, r.Offsets[i], end, capBits)
		}
		for j := range i {
			c := bufs[j]
			lifeOverlap := max(b.Gen, c.Gen) <= min(b.Kill, c.Kill)
			bytesOverlap := r.Offsets[i] < r.Offsets[j]+alignUp(c.Bits, align) && r.Offsets[j] < end
			if lifeOverlap && bytesOverlap {
				t.Errorf("buffers %d and %d are live together and overlap", j, i)
			}
		}
	}
}

// When the aligned sizes sum to less than the capacity, ptoas lays the
// buffers out one after another, reusing nothing, whatever their lives.
func TestNoReuseWhenAllFit(t *testing.T) {
	bufs := []Buffer{buf(0, 64, 0, 1), buf(1, 1, 2, 3), buf(2, 64, 4, 5)}
	bufs[1].Bits = 100 // rounds up to 32 bytes
	r := Plan(bufs, ubBits, ubAlign, nil)
	want := []uint64{0, 64 * kib, 64*kib + ubAlign}
	if !r.Fits || !cmp.Equal(r.Offsets, want) {
		t.Fatalf("got %+v, want offsets %v", r, want)
	}
}

// The sum must be strictly below the capacity: equal goes to the reuse
// planner, which fits three sequential 64 KiB buffers at offset 0.
func TestExactCapacityGoesToReusePlanner(t *testing.T) {
	bufs := []Buffer{buf(0, 64, 0, 1), buf(1, 64, 2, 3), buf(2, 64, 4, 5)}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if !r.Fits || !cmp.Equal(r.Offsets, []uint64{0, 0, 0}) {
		t.Fatalf("got %+v, want all at 0", r)
	}
}

// Three 80 KiB buffers one after another (240 KiB in all) fit 192 KiB:
// the dead one's bytes are reused.
func TestSequentialReuse(t *testing.T) {
	bufs := []Buffer{buf(0, 80, 0, 2), buf(1, 80, 1, 4), buf(2, 80, 3, 5)}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if !r.Fits {
		t.Fatalf("got %+v, want a fit", r)
	}
	placed(t, bufs, r, ubBits, ubAlign)
	if r.Offsets[2] != 0 {
		t.Errorf("the third buffer goes where the first died, at 0; got %d", r.Offsets[2])
	}
}

// levelZeroPlan checks a no-fit result's offsets: ptoas's level-0 plan
// into unbounded memory, valid, whose highest end is RequiredBits.
func levelZeroPlan(t *testing.T, bufs []Buffer, r Result, align uint64) {
	t.Helper()
	placed(t, bufs, r, r.RequiredBits, align)
	var end uint64
	for i, b := range bufs {
		end = max(end, r.Offsets[i]+alignUp(b.Bits, align))
	}
	if end != r.RequiredBits {
		t.Errorf("the level-0 plan ends at %d, but ptoas reports %d bits", end, r.RequiredBits)
	}
}

// Buffers live together need their sum; ptoas reports what a plan into
// unbounded memory needs, and the offsets are that plan.
func TestOverflowReportsLevelZeroNeed(t *testing.T) {
	bufs := []Buffer{buf(0, 80, 0, 5), buf(1, 80, 0, 5), buf(2, 80, 0, 5)}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if r.Fits || r.RequiredBits != 240*kib {
		t.Fatalf("got %+v, want no fit needing %d bits", r, 240*kib)
	}
	levelZeroPlan(t, bufs, r, ubAlign)
}

// A single buffer larger than the space.
func TestSingleBufferTooBig(t *testing.T) {
	bufs := []Buffer{buf(0, 200, 0, 1)}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if r.Fits || r.RequiredBits != 200*kib {
		t.Fatalf("got %+v", r)
	}
	levelZeroPlan(t, bufs, r, ubAlign)
}

// First fit: a buffer born after a short-lived one died takes its hole,
// the lowest offset that fits.
func TestFirstFitTakesLowestHole(t *testing.T) {
	bufs := []Buffer{
		buf(0, 64, 0, 1), // dies early
		buf(1, 64, 0, 9), // lives on
		buf(2, 64, 0, 9), // lives on
		buf(3, 32, 2, 9), // fits into 0's hole
		buf(4, 32, 2, 9), // and so does this one, right after
	}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if !r.Fits {
		t.Fatalf("got %+v", r)
	}
	placed(t, bufs, r, ubBits, ubAlign)
	if r.Offsets[3] != 0 || r.Offsets[4] != 32*kib {
		t.Errorf("got offsets %v, want 3 and 4 in 0's hole", r.Offsets)
	}
}

// A buffer never killed (ptoas saw no last use it handles) overlaps no
// lifetime: ptoas places anything over it.
func TestNeverKilledOverlapsNothing(t *testing.T) {
	bufs := []Buffer{buf(0, 128, 0, -1), buf(1, 128, 1, 3)}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if !r.Fits || r.Offsets[1] != 0 {
		t.Fatalf("got %+v, want both at 0", r)
	}
}

// A semantic conflict (an instruction's scratch and its destination)
// keeps two buffers apart even when their lifetimes do not overlap.
func TestSemanticConflict(t *testing.T) {
	bufs := []Buffer{buf(0, 128, 0, -1), buf(1, 128, 1, 3)}
	r := Plan(bufs, ubBits, ubAlign, [][2]int{{1, 0}})
	if r.Fits {
		t.Fatalf("got %+v, want no fit: the two may not share bytes", r)
	}
}

// Fragmentation: first fit in birth order can strand space that another
// order would use. Two 64 KiB buffers die early at 0 and 128 KiB; a
// 96 KiB buffer then finds no hole (two 64 KiB holes around a live one)
// and ptoas's undo-and-retry cannot move the long-lived buffer out of the
// middle either: it was placed at the only place it fits.
func TestFragmentationDefeatsFirstFit(t *testing.T) {
	bufs := []Buffer{
		buf(0, 64, 0, 1), // [0, 64)
		buf(1, 64, 0, 9), // [64, 128)
		buf(2, 64, 0, 1), // [128, 192)
		buf(3, 96, 2, 9), // 96 KiB: no contiguous hole
	}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if r.Fits {
		t.Fatalf("got %+v, want no fit", r)
	}
	// Into unbounded memory it goes over 2's dead bytes and on past the
	// end: at 128 KiB, reaching 224 KiB.
	if r.RequiredBits != 224*kib {
		t.Errorf("required %d bits, want %d", r.RequiredBits, 224*kib)
	}
	levelZeroPlan(t, bufs, r, ubAlign)
}

// A buffer may span several pieces of the outline: 3 (96 KiB) goes where
// 1 died and on into the never-used rest, at 96 KiB, after 2 took the
// first half of 1's bytes.
func TestSpansOutlinePieces(t *testing.T) {
	bufs := []Buffer{
		buf(0, 64, 0, 9), // [0, 64)
		buf(1, 64, 1, 4), // [64, 128)
		buf(2, 32, 5, 9), // [64, 96), over 1
		buf(3, 96, 5, 9), // [96, 192)
	}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if !r.Fits || !cmp.Equal(r.Offsets, []uint64{0, 64 * kib, 64 * kib, 96 * kib}) {
		t.Fatalf("got %+v", r)
	}
	placed(t, bufs, r, ubBits, ubAlign)
}

// When a buffer finds no place ptoas undoes placements and retries them
// one level lower at other offsets, then restarts with a split outline,
// then gives up: the search ends. Here a tiny long-lived root at 0 and a
// short-lived buffer leave no 96 KiB run beside a long-lived one, and no
// retry can move it.
func TestUndoAndRetryEnds(t *testing.T) {
	bufs := []Buffer{
		buf(0, 32, 0, 9), // [0, 32)
		buf(1, 64, 0, 1), // [32, 96)
		buf(2, 64, 0, 9), // [96, 160)
		buf(3, 96, 2, 9), // [32, 96) free, [160, 192) free: no 96 KiB run
	}
	r := Plan(bufs, ubBits, ubAlign, nil)
	if r.Undecided || r.Fits {
		t.Fatalf("got %+v, want a decided overflow", r)
	}
	if r.RequiredBits != 256*kib {
		t.Errorf("required %d bits, want %d (after buffer 2, at 160 KiB)", r.RequiredBits, 256*kib)
	}
	levelZeroPlan(t, bufs, r, ubAlign)
}

// Alignment rounds every size up (ptoas's 512-byte L0 alignment).
func TestAlignmentRoundsSizes(t *testing.T) {
	l0 := uint64(64 * kib)
	bufs := []Buffer{{ID: 0, Bits: 100 * 8, Gen: 0, Kill: 3}, {ID: 1, Bits: 100 * 8, Gen: 0, Kill: 3}}
	r := Plan(bufs, l0, 512*8, nil)
	if !r.Fits || r.Offsets[1] != 512*8 {
		t.Fatalf("got %+v, want the second at 512 bytes", r)
	}
}

// BenchmarkPlan: n buffers of 1 to 8 KiB with staggered lives, more in
// all than the space, so the reuse planner runs.
func BenchmarkPlan(b *testing.B) {
	for _, n := range []int{100, 400, 1600} {
		bufs := make([]Buffer, n)
		for i := range bufs {
			bufs[i] = Buffer{ID: i, Bits: uint64(1+i%8) * kib, Gen: int64(i), Kill: int64(i + 1 + i%13)}
		}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if r := Plan(bufs, ubBits, ubAlign, nil); !r.Fits {
					b.Fatalf("no fit: %+v", r)
				}
			}
		})
	}
}
