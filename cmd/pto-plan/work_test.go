package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// packedCSV cuts a capacity x time rectangle into n buffers by repeated
// guillotine splits: they fit the capacity exactly, and only a search
// finds how.
func packedCSV(n int, capacity int64) string {
	rng := rand.New(rand.NewPCG(uint64(n), 4))
	type rect struct{ lo, hi, t0, t1 int64 }
	rects := []rect{{0, capacity, 0, 200}}
	for len(rects) < n {
		k := rng.IntN(len(rects))
		r := rects[k]
		if rng.IntN(2) == 0 && r.hi-r.lo >= 2 {
			m := r.lo + 1 + rng.Int64N(r.hi-r.lo-1)
			rects[k], rects = rect{r.lo, m, r.t0, r.t1}, append(rects, rect{m, r.hi, r.t0, r.t1})
		} else if r.t1-r.t0 >= 2 {
			m := r.t0 + 1 + rng.Int64N(r.t1-r.t0-1)
			rects[k], rects = rect{r.lo, r.hi, r.t0, m}, append(rects, rect{r.lo, r.hi, m, r.t1})
		}
	}
	var sb strings.Builder
	sb.WriteString("id,lower,upper,size\n")
	for i, r := range rects {
		fmt.Fprintf(&sb, "b%d,%d,%d,%d\n", i, r.t0, r.t1, r.hi-r.lo)
	}
	return sb.String()
}

// TestWorkBudgetReproducible: --work bounds the search, so runs cut short
// by it print the same placement; --time-limit only warns when it fires.
func TestWorkBudgetReproducible(t *testing.T) {
	in := write(t, t.TempDir(), "q.4096.csv", packedCSV(60, 4096))
	// Peak minimisation that this budget cannot finish.
	args := []string{"--capacity=0", "--work=20000", "--stats", in}
	code, want, stderr := runCLI(args...)
	if code != 0 || !strings.Contains(stderr, "proven-optimal false") {
		t.Fatalf("exit %d, want an unproven placement:\n%s", code, stderr)
	}
	if strings.Contains(stderr, "warning") {
		t.Fatalf("a warning without a time limit:\n%s", stderr)
	}
	for range 3 {
		if _, got, _ := runCLI(args...); got != want {
			t.Fatalf("two runs with --work=20000 differ:\n%s\n%s", got, want)
		}
	}
	// The default budget proves the optimum: the small one really cut
	// the search short.
	if code, _, stderr := runCLI("--capacity=0", "--stats", in); code != 0 || !strings.Contains(stderr, "proven-optimal true") {
		t.Fatalf("default budget: exit %d:\n%s", code, stderr)
	}
	code, _, stderr = runCLI("--capacity=0", "--time-limit=1ns", in)
	if code != 0 || !strings.Contains(stderr, "pto-plan: warning: the search stopped at the wall-clock limit; the placement depends on timing\n") {
		t.Fatalf("--time-limit=1ns: exit %d, want the clock-stop warning:\n%s", code, stderr)
	}
	for _, bad := range []string{"--work=0", "--work=-5", "--time-limit=-1s"} {
		if code, _, stderr := runCLI(bad, in); code != 2 || !strings.Contains(stderr, strings.SplitN(bad, "=", 2)[0]) {
			t.Errorf("%s: exit %d, want 2 naming the flag:\n%s", bad, code, stderr)
		}
	}
}
