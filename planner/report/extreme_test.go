package report

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/planner"
)

// extremeReport has figures at the ends of int64: addresses up to
// math.MaxInt64 and lifetimes over all of int64. A Report is public data,
// so the writers must cope with any figures, not only a checked problem's.
func extremeReport() *Report {
	s := Space{
		Name: "mem", Capacity: math.MaxInt64, Peak: math.MaxInt64, LowerBound: math.MaxInt64 - 16, NoSharing: math.MaxInt64,
		Buffers: []Buffer{
			{Name: "top", Size: 16, Align: 1, Offset: math.MaxInt64 - 16, End: math.MaxInt64, Live: [][2]int64{{math.MinInt64, math.MaxInt64}}},
			{Name: "big", Size: 1 << 62, Align: 1, Offset: 0, End: 1 << 62, Live: [][2]int64{{math.MaxInt64 - 1, math.MaxInt64}}},
			{Name: "late", Size: 8, Align: 8, Offset: 1 << 62, End: 1<<62 + 8, Live: [][2]int64{{math.MaxInt64, math.MaxInt64}}},
		},
	}
	return &Report{Tool: "test", Input: "extreme", Functions: []Function{{Name: "f", Pass: "p", Algorithm: "a", Spaces: []Space{s}}}}
}

// Every format is written, promptly: tick loops over a counter that
// wrapped (or a step that overflowed to 0) used to spin forever.
func TestExtremeFiguresRender(t *testing.T) {
	for _, ext := range []string{".json", ".txt", ".svg", ".html"} {
		t.Run(ext, func(t *testing.T) {
			done := make(chan error, 1)
			var buf bytes.Buffer
			go func() { done <- Render(&buf, "r"+ext, extremeReport()) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("the writer does not finish")
			}
			// NaN or ±Inf coordinates (the script's own Infinity aside).
			out := strings.ReplaceAll(buf.String(), "Infinity", "")
			for _, bad := range []string{"NaN", "Inf"} {
				if strings.Contains(out, bad) {
					t.Errorf("output contains %q", bad)
				}
			}
			if ext == ".svg" {
				root := parseXML(t, buf.Bytes())
				if n := len(root.all("text", "ytick")); n < 2 || n > 20 {
					t.Errorf("%d address ticks", n)
				}
				if n := len(root.all("text", "xtick")); n < 2 || n > 20 {
					t.Errorf("%d program-point ticks", n)
				}
			}
		})
	}
}

// The tick steps stay positive and cover the span without overflowing.
func TestStepsAtTheTopOfInt64(t *testing.T) {
	for _, span := range []int64{1, 999, math.MaxInt64 / 10, math.MaxInt64} {
		s := niceStep(span, 10)
		if s <= 0 || (s < math.MaxInt64/10 && s*10 < span) {
			t.Errorf("niceStep(%d, 10) = %d", span, s)
		}
		p := pow2Step(span, 8)
		if p <= 0 || p&(p-1) != 0 || (p < math.MaxInt64/8 && p*8 < span) {
			t.Errorf("pow2Step(%d, 8) = %d", span, p)
		}
	}
	if c := ceilSat(math.MaxInt64-3, 8); c != math.MaxInt64 {
		t.Errorf("ceilSat near the top = %d, want saturated", c)
	}
}

// A report of a placement whose end leaves int64 (a planner bug that
// Validate would reject) shows clamped figures, never wrapped negative
// ones.
func TestFromProblemSaturates(t *testing.T) {
	p := &planner.Problem{
		Pools: []planner.Pool{{Name: "mem"}},
		Buffers: []planner.Buffer{
			{Name: "a", Size: 1 << 61, Align: 1, Live: []planner.Interval{{Start: 0, End: 4}}},
			{Name: "b", Size: 1 << 61, Align: 1, Live: []planner.Interval{{Start: 0, End: 4}}},
		},
		Penalties: []planner.Penalty{{A: 0, B: 1, Cost: math.MaxInt64}, {A: 1, B: 0, Cost: math.MaxInt64}},
	}
	sol := planner.Solution{Offsets: []int64{math.MaxInt64 - 1<<60, math.MaxInt64 - 1<<60}}
	f := FromProblem("f", "p", "a", p, sol, Options{})
	s := f.Spaces[0]
	for _, b := range s.Buffers {
		if b.End != math.MaxInt64 {
			t.Errorf("buffer %s ends at %d, want saturated", b.Name, b.End)
		}
	}
	// The two overlap: both penalties are paid.
	if s.Peak != math.MaxInt64 || s.ReuseCost != math.MaxInt64 || s.NoSharing != 1<<62 {
		t.Errorf("peak %d, reuse cost %d, no sharing %d", s.Peak, s.ReuseCost, s.NoSharing)
	}
	if h := human(math.MinInt64); strings.Count(h, "-") != 1 {
		t.Errorf("human(MinInt64) = %q", h)
	}
}
