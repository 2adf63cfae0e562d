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

// TestStart checks that Start sets the first goal at the floor and that
// each collection sets the next allowance: max(floor, live*fraction)
// over what is live.
func TestStart(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT is set: Start leaves the pacing alone")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	Start(64<<20, 0.5)
	if got := debug.SetGCPercent(1600); got != 1600 {
		t.Fatalf("after Start, GOGC = %d, want 1600 (a 64 MB first goal)", got)
	}
	// Ballast of about 256 MB live: the allowance is then half of it,
	// about GOGC 50, once a collection has run the finalizer.
	ballast := make([][]byte, 256)
	for i := range ballast {
		ballast[i] = make([]byte, 1<<20)
	}
	got := 0
	for try := 0; try < 50; try++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond) // the finalizer runs on its own goroutine
		got = debug.SetGCPercent(-1)
		debug.SetGCPercent(got)
		if got >= 40 && got <= 60 {
			break
		}
	}
	runtime.KeepAlive(ballast)
	if got < 40 || got > 60 {
		t.Fatalf("with about 256 MB live, GOGC = %d, want about 50", got)
	}
}
