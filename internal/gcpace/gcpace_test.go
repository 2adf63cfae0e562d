package gcpace

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestPercent checks the GOGC that gives a heap its allowance.
func TestPercent(t *testing.T) {
	for _, c := range []struct {
		allow, live uint64
		want        int
	}{
		{64 << 20, 4 << 20, 1600}, // the first goal: 64 MB from 4 MB
		{64 << 20, 64 << 20, 100},
		{100 << 20, 200 << 20, 50}, // half of a large heap
		{1, 1 << 40, 1},            // never below 1 (0 would collect all the time)
	} {
		if got := percent(c.allow, c.live); got != c.want {
			t.Errorf("percent(%d, %d) = %d, want %d", c.allow, c.live, got, c.want)
		}
	}
}

// TestAllowance checks the next cycle's allowance: the garbage budget
// over the share of the last cycle's allocation that died, within the
// growth bound.
func TestAllowance(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		name                 string
		prevLive, prevAllocs uint64
		live, allocs         uint64
		wantMin, wantMax     uint64
	}{
		// Reading an input: 100 of the 110 MB made are live. The budget
		// (25 MB) over a 9% death rate is 275 MB, bounded by 2x live.
		{"mostly live", 0, 0, 100 * mb, 110 * mb, 200 * mb, 200 * mb},
		// A pass making temporaries: 190 of the 200 MB made died; the
		// allowance is about the budget (27.5 MB / 0.95).
		{"mostly dead", 100 * mb, 200 * mb, 110 * mb, 400 * mb, 28 * mb, 30 * mb},
		// More died than was made: the budget, max(floor/4, live/4).
		{"shrinking", 100 * mb, 200 * mb, 50 * mb, 300 * mb, 16 * mb, 16 * mb},
		// Nothing made since (a forced collection): the budget.
		{"idle", 100 * mb, 200 * mb, 100 * mb, 200 * mb, 25 * mb, 25 * mb},
		// Nothing died: counted as minDead, 25/0.05 = 500 MB, bounded by 2x.
		{"all live", 100 * mb, 200 * mb, 300 * mb, 400 * mb, 600 * mb, 600 * mb},
	} {
		p := &pacer{floor: 64 * mb, budget: 0.25, maxGrowth: 2, live: c.prevLive, allocs: c.prevAllocs}
		if got := p.allowance(c.live, c.allocs); got < c.wantMin || got > c.wantMax {
			t.Errorf("%s: allowance %.1f MB, want %d..%d MB", c.name, float64(got)/mb, c.wantMin/mb, c.wantMax/mb)
		}
	}
}

// TestStart checks that Start sets the first goal at the floor and that a
// collection sets the next allowance: with about 256 MB allocated and kept
// live, the growth bound (2x live: GOGC 200).
func TestStart(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT is set: Start leaves the pacing alone")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Start(64<<20, 0.25, 2)
	if got := debug.SetGCPercent(1600); got != 1600 {
		t.Fatalf("after Start, GOGC = %d, want 1600 (a 64 MB first goal)", got)
	}
	ballast := make([][]byte, 256)
	for i := range ballast {
		ballast[i] = make([]byte, 1<<20)
	}
	runtime.GC()
	got := 1600
	for try := 0; try < 100 && got == 1600; try++ {
		time.Sleep(10 * time.Millisecond) // the finalizer runs on its own goroutine
		got = debug.SetGCPercent(-1)
		debug.SetGCPercent(got)
	}
	runtime.KeepAlive(ballast)
	if got < 150 || got > 200 {
		t.Fatalf("with about 256 MB allocated and live, GOGC = %d, want about 200", got)
	}
}
