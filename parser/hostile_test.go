package parser

import (
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes allocated while f runs. TotalAlloc counts
// every allocation, whenever the collector runs, so the figure does not
// depend on timing.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestErrorEarlyInLargeInputIsCheap checks that input wrong near its start
// is refused at the right place, reading no more than it must: the whole
// text is copied once (Parse takes bytes), and nothing is allocated in
// proportion to the text after the error. Before the parser read lazily,
// the first case allocated about 150 times the input (participle held a
// token for every 2.5 bytes of it).
func TestErrorEarlyInLargeInputIsCheap(t *testing.T) {
	const size = 4 << 20
	tail := strings.Repeat("%a = ", size/5)
	for _, tc := range []struct {
		name, src, want string
	}{
		// One line: the region's '{' is not closed before the end.
		{"region on one line", "func.func @f() { " + tail, "hostile.mlir:1:23: error: expected operation name in quotes"},
		{"top level", tail, "hostile.mlir:1:6: error: expected operation name in quotes"},
		{"region of a generic op", `"xd.op"() ({ ` + tail, "hostile.mlir:1:19: error: expected operation name in quotes"},
		// The generic op's operand list is not closed: participle must not
		// be handed the rest of the text.
		{"generic op operands", `"xd.op"(` + tail, "hostile.mlir:1:12: error: unexpected '='"},
		{"many lines", "module {\n  func.func @f() {\n" + strings.Repeat("    %a = \n", size/10), "hostile.mlir:4:5: error: expected operation name in quotes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := New(Options{AllowUnregistered: true})
			src := []byte(tc.src)
			var err error
			n := allocated(func() { _, err = p.Parse("hostile.mlir", src) })
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("got error %v, want %q", err, tc.want)
			}
			if limit := uint64(2*len(src) + 1<<20); n > limit {
				t.Errorf("allocated %d bytes for a %d-byte input refused near its start (limit %d)", n, len(src), limit)
			}
		})
	}
}

// TestNestedGenericRegionsAreLinear checks that nested generic ops, each
// of which hands its regions to participle as one token, cost memory
// linear in the text however deep they nest, and that the extent of each
// brace group is found once, not once per enclosing op. (A generic op
// costs a few kB to parse with participle, whatever its depth.)
func TestNestedGenericRegionsAreLinear(t *testing.T) {
	cost := map[int]uint64{}
	for _, depth := range []int{500, 2000} { // an op and its region are two levels
		src := strings.Repeat("\"xd.r\"() ({\n", depth) + strings.Repeat("}) : () -> ()\n", depth)
		p := New(Options{AllowUnregistered: true})
		var err error
		cost[depth] = allocated(func() { _, err = p.Parse("deep.mlir", []byte(src)) })
		if err != nil {
			t.Fatalf("depth %d: %v", depth, err)
		}
		if n := p.st.braces.scanned; n > len(src) {
			t.Errorf("depth %d: brace groups scanned %d bytes of a %d-byte text", depth, n, len(src))
		}
	}
	// Four times deeper, four times the cost; quadratic would be sixteen.
	if ratio := float64(cost[2000]) / float64(cost[500]); ratio > 6 {
		t.Errorf("nesting 4 times deeper cost %.1f times more (%d vs %d bytes)", ratio, cost[2000], cost[500])
	}
}
