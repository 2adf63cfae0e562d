package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// What a reader of the pictures must be able to find, checked on a real
// kernel with a loop and twenty tiles: testdata/flash_attention.json is
// pto-opt's report of examples/flash_attention.mlir (written from the
// repository root by
//
//	go run ./cmd/pto-opt -pto-memory-plan=planner=pypto --target=ascend950 examples/flash_attention.mlir --memory-report=planner/report/testdata/flash_attention.json -o /dev/null
//
// ): memory-reuse merges tiles into buffers, then allocate-addr places
// them; the loop carries %o, %m and %l.

func flashAttention(t testing.TB) *Report {
	t.Helper()
	data, err := os.ReadFile("testdata/flash_attention.json")
	if err != nil {
		t.Fatal(err)
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return &r
}

// svgPanels renders r's SVG and returns the root and its panels, in the
// order of r's functions and spaces.
func svgPanels(t *testing.T, r *Report) (*node, []*node) {
	t.Helper()
	var buf bytes.Buffer
	if err := r.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	root := parseXML(t, buf.Bytes())
	return root, root.all("g", "panel")
}

// titleOf is the text of n's <title> child.
func titleOf(n *node) string {
	for _, c := range n.children {
		if c.name == "title" {
			return c.text
		}
	}
	return ""
}

// eachPanel calls fn on every function/space and its SVG panel.
func eachPanel(t *testing.T, r *Report, fn func(f *Function, s *Space, panel *node)) {
	t.Helper()
	_, panels := svgPanels(t, r)
	k := 0
	for i := range r.Functions {
		f := &r.Functions[i]
		for j := range f.Spaces {
			if k >= len(panels) {
				t.Fatalf("%d panels", len(panels))
			}
			fn(f, &f.Spaces[j], panels[k])
			k++
		}
	}
}

// The fixture is what the tests say it is: a loop, twenty tiles, buffers
// holding several, tiles under 1 KiB.
func TestFlashAttentionFixture(t *testing.T) {
	r := flashAttention(t)
	f := &r.Functions[0]
	tiles, small, merged := 0, 0, 0
	for _, s := range f.Spaces {
		for _, b := range s.Buffers {
			tiles += max(1, len(b.Members))
			if b.Size < 1024 {
				small++
			}
			if len(b.Members) > 1 {
				merged++
			}
		}
	}
	if len(f.Loops) == 0 || tiles < 20 || small == 0 || merged == 0 {
		t.Fatalf("fixture has %d loops, %d tiles, %d under 1 KiB, %d merged buffers", len(f.Loops), tiles, small, merged)
	}
}

// pointTitle is how the picture names the op at point p.
func pointTitle(f *Function, p int64) string {
	return fmt.Sprintf("point %d: %s", p, f.Points[p])
}

// TestEveryPointNamesItsOp: past a dozen points the op labels used to
// vanish. Now with room every shown point has its op under the axis (the
// full entry as its title); with too many points for a name each, the
// tick points have theirs and every point says its op when pointed at.
func TestEveryPointNamesItsOp(t *testing.T) {
	check := func(t *testing.T, r *Report, wantNames bool) {
		eachPanel(t, r, func(f *Function, s *Space, panel *node) {
			named, pointed := map[string]bool{}, map[string]bool{}
			for _, n := range panel.all("text", "xop") {
				named[titleOf(n)] = true
				if p, _, _ := strings.Cut(strings.TrimPrefix(titleOf(n), "point "), ":"); n.text == "" || !strings.Contains(titleOf(n), n.text) && !strings.HasSuffix(n.text, "…") {
					t.Errorf("op label %q at point %s does not show its op %q", n.text, p, titleOf(n))
				}
			}
			for _, n := range panel.all("rect", "point") {
				pointed[titleOf(n)] = true
			}
			g := layout(f, s, 0)
			for p := g.lo; p < g.hi; p++ {
				want := pointTitle(f, p)
				if wantNames && !named[want] {
					t.Errorf("@%s %s: no op label for %q", f.Name, s.Name, want)
				}
				if !named[want] && !pointed[want] {
					t.Errorf("@%s %s: %q is nowhere in the picture", f.Name, s.Name, want)
				}
			}
		})
	}
	t.Run("flash_attention", func(t *testing.T) { check(t, flashAttention(t), true) })
	t.Run("twenty points", func(t *testing.T) { check(t, pointsReport(20), true) })
	t.Run("400 points", func(t *testing.T) { check(t, pointsReport(400), false) })
}

// pointsReport is a function of n program points, a tile.add at each,
// with a buffer live over them all and one over each point.
func pointsReport(n int) *Report {
	f := Function{Name: "f", Pass: "test"}
	for p := range n {
		f.Points = append(f.Points, fmt.Sprintf("tile.add (k.mlir:%d:3)", p+1))
	}
	s := Space{Name: "vec", Capacity: 1 << 20, Peak: 2048, LowerBound: 2048}
	s.Buffers = append(s.Buffers, Buffer{Name: "%all", Size: 1024, Align: 32, Live: [][2]int64{{0, int64(n)}}, End: 1024})
	for p := range n {
		s.Buffers = append(s.Buffers, Buffer{Name: "%t" + strconv.Itoa(p), Size: 1024, Align: 32, Live: [][2]int64{{int64(p), int64(p + 1)}}, Offset: 1024, End: 2048})
	}
	f.Spaces = []Space{s}
	return &Report{Version: Version, Tool: "test", Input: "k.mlir", Functions: []Function{f}}
}

// TestLoopsAreMarked: each loop is shaded in the plot and bracketed under
// the axis with the buffers living across its iterations, whose
// rectangles are outlined; the key says which they are.
func TestLoopsAreMarked(t *testing.T) {
	r := flashAttention(t)
	carriedSeen := 0
	eachPanel(t, r, func(f *Function, s *Space, panel *node) {
		loops := panel.all("g", "loop")
		spans := panel.all("rect", "loop-span")
		if len(loops) != len(f.Loops) || len(spans) != len(f.Loops) {
			t.Fatalf("@%s %s: %d loop brackets, %d shaded spans for %d loops", f.Name, s.Name, len(loops), len(spans), len(f.Loops))
		}
		g := layout(f, s, 0)
		for k, l := range f.Loops {
			if x := spans[k].num(t, "x"); !near(x, g.x(max(l.Span[0], g.lo))) {
				t.Errorf("loop %d shaded from x=%v, want %v", k, x, g.x(l.Span[0]))
			}
			carried := carriedBy(s, k)
			if !strings.Contains(titleOf(loops[k]), l.Op) || len(carried) > 0 && !strings.Contains(titleOf(loops[k]), "across iterations: "+strings.Join(carried, ", ")) {
				t.Errorf("loop %d's bracket says %q; want %s and the buffers %v", k, titleOf(loops[k]), l.Op, carried)
			}
		}
		var outlined []rect
		for _, p := range panel.all("path", "carried") {
			outlined = append(outlined, subpaths(t, p.attr["d"])...)
		}
		want := 0
		for i, b := range s.Buffers {
			if len(b.AcrossLoops) == 0 {
				continue
			}
			carriedSeen++
			want += len(b.Live)
			if !strings.Contains(keyText(&s.Buffers[i]), "lives across iterations") {
				t.Errorf("key entry %q does not say %s lives across iterations", keyText(&s.Buffers[i]), b.Name)
			}
		}
		if len(outlined) != want {
			t.Errorf("@%s %s: %d outlined rectangles for %d intervals of loop-carried buffers", f.Name, s.Name, len(outlined), want)
		}
	})
	if carriedSeen == 0 {
		t.Fatal("no buffer lives across the loop: the test shows nothing")
	}
}

// TestBuffersHoldingSeveralTilesNameThemAll: a buffer memory-reuse gave
// several tiles is labelled with all of them, or with the first and how
// many more, and its key entry lists them all.
func TestBuffersHoldingSeveralTilesNameThemAll(t *testing.T) {
	r := flashAttention(t)
	seen := 0
	eachPanel(t, r, func(f *Function, s *Space, panel *node) {
		labels := map[string]string{}
		for _, n := range panel.all("text", "label") {
			labels[n.attr["data-buffer"]] = n.allText()
		}
		for _, n := range panel.all("g", "callout") {
			labels[n.attr["data-buffer"]] = n.allText()
		}
		entries := map[string]bool{}
		for _, n := range panel.all("g", "key-entry") {
			entries[keyEntryText(n)] = true
		}
		for i := range s.Buffers {
			b := &s.Buffers[i]
			others := otherMembers(b)
			if len(others) == 0 {
				continue
			}
			seen++
			if l, ok := labels[b.Name]; ok && !strings.Contains(l, strings.Join(others, ", ")) && !strings.Contains(l, fmt.Sprintf("+%d", len(others))) {
				t.Errorf("label %q of %s names neither %v nor their count", l, b.Name, others)
			}
			if !entries[keyText(b)] || !strings.Contains(keyText(b), "holds "+strings.Join(b.Members, ", ")) {
				t.Errorf("no key entry listing all of %s's tiles %v", b.Name, b.Members)
			}
		}
	})
	if seen == 0 {
		t.Fatal("no buffer holds several tiles: the test shows nothing")
	}
}

// keyEntryText is a key entry's whole text: its title when cut short.
func keyEntryText(n *node) string {
	if t := titleOf(n); t != "" {
		return t
	}
	for _, c := range n.children {
		if c.attr["class"] == "key-text" {
			return c.text
		}
	}
	return ""
}

// TestEveryBufferIsNamed: every buffer, however thin, has its name on or
// beside its rectangle or its number on it, and an entry in the key.
func TestEveryBufferIsNamed(t *testing.T) {
	r := flashAttention(t)
	small := 0
	eachPanel(t, r, func(f *Function, s *Space, panel *node) {
		named := map[string]bool{}
		for _, n := range panel.all("text", "label") {
			named[n.attr["data-buffer"]] = true
		}
		for _, n := range panel.all("g", "callout") {
			named[n.attr["data-buffer"]] = true
		}
		numbers := map[string]bool{}
		for _, n := range panel.all("text", "key-number") {
			numbers[n.text] = true
		}
		entries := panel.all("g", "key-entry")
		if len(entries) != len(s.Buffers) {
			t.Errorf("@%s %s: %d key entries for %d buffers", f.Name, s.Name, len(entries), len(s.Buffers))
		}
		for i, b := range s.Buffers {
			if b.Size < 1024 {
				small++
			}
			if !named[b.Name] && !numbers[strconv.Itoa(i+1)] {
				t.Errorf("@%s %s: %s (%d B) has neither a name nor a number in the picture", f.Name, s.Name, b.Name, b.Size)
			}
		}
	})
	if small == 0 {
		t.Fatal("no tile under 1 KiB: the test shows nothing")
	}
}

// TestCalloutsLeadToTheirBuffer: a name placed beside a thin rectangle
// has a leader ending on that rectangle, and covers no other label.
func TestCalloutsLeadToTheirBuffer(t *testing.T) {
	r := flashAttention(t)
	n := 0
	for i := range r.Functions {
		f := &r.Functions[i]
		for j := range f.Spaces {
			s := &f.Spaces[j]
			g := layout(f, s, 0)
			for _, c := range g.callouts {
				n++
				on := false
				for _, bx := range g.boxes {
					on = on || bx.buf == c.buf && c.lx1 >= bx.x-tol && c.lx1 <= bx.x+bx.w+tol && (near(c.ly1, bx.y) || near(c.ly1, bx.y+bx.h))
				}
				if !on {
					t.Errorf("the leader of %q ends at (%v, %v), on none of %s's rectangles", c.text, c.lx1, c.ly1, s.Buffers[c.buf].Name)
				}
				if clashes(c.spot, g.labelSpotsExcept(s, -1)) {
					t.Errorf("callout %q covers a label", c.text)
				}
				if clashes(c.spot, g.lineLabelSpots(s)) {
					t.Errorf("callout %q covers the capacity's or the lower bound's text", c.text)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no callouts: the test shows nothing")
	}
}

// labelSpotsExcept lists the areas of the labels but box i's.
func (g *geometry) labelSpotsExcept(s *Space, i int) [][4]float64 {
	var out [][4]float64
	for _, k := range g.labelBoxes {
		if k != i {
			out = append(out, g.labelSpot(s, k))
		}
	}
	return out
}

// TestHeadingAndKey: the SVG says what it shows: a heading (tool, input,
// target), per panel the function, space, pass and planner, the peak
// against the capacity and the lower bound, and a key of the lines and
// marks.
func TestHeadingAndKey(t *testing.T) {
	r := flashAttention(t)
	root, _ := svgPanels(t, r)
	h := root.all("text", "heading")
	if len(h) != 1 || h[0].text != "pto-opt memory report: examples/flash_attention.mlir (target ascend950)" {
		t.Fatalf("heading %v", h)
	}
	eachPanel(t, r, func(f *Function, s *Space, panel *node) {
		title := panel.all("text", "title")[0].allText()
		if want := fmt.Sprintf("@%s · %s · %s (%s)", f.Name, s.Name, f.Pass, f.Algorithm); title != want {
			t.Errorf("panel title %q, want %q", title, want)
		}
		summary := panel.all("text", "summary")[0].text
		if want := fmt.Sprintf("peak %s of capacity %s (%s) · lower bound %s", human(s.Peak), human(s.Capacity), percent(s.Peak, s.Capacity), human(s.LowerBound)); !strings.HasPrefix(summary, want) {
			t.Errorf("summary %q, want it to start %q", summary, want)
		}
		key := panel.all("g", "key")
		if len(key) != 1 {
			t.Fatalf("%d keys", len(key))
		}
		legend := key[0].allText()
		for _, want := range []string{"capacity", "lower bound", "loop", "lives across iterations", "buffer number"} {
			if !strings.Contains(legend, want) {
				t.Errorf("key %q lacks %q", legend, want)
			}
		}
	})
}

// TestXAxisSaysWhatItCounts: the x axis starts at the first point a
// buffer is live, and its title says what the numbers are.
func TestXAxisSaysWhatItCounts(t *testing.T) {
	r := flashAttention(t)
	eachPanel(t, r, func(f *Function, s *Space, panel *node) {
		g := layout(f, s, 0)
		title := panel.all("text", "xtitle")[0].text
		want := fmt.Sprintf("program point: the op's place in @%s's op order, 0 = the func.func; points %d to %d shown", f.Name, g.lo, g.hi-1)
		if title != want {
			t.Errorf("x axis title %q, want %q", title, want)
		}
	})
	// Without the ops (pto-plan's problems) it says they are time steps.
	p := pointsReport(5)
	p.Functions[0].Points = nil
	eachPanel(t, p, func(f *Function, s *Space, panel *node) {
		if title := panel.all("text", "xtitle")[0].text; !strings.HasPrefix(title, "program point (the problem's time steps") {
			t.Errorf("x axis title %q", title)
		}
	})
}

// TestBuffersOfAPanelDifferInColour: no two buffers of a panel share a
// colour while the palette lasts (the name alone picked it, and two of
// softmax's three buffers came out the same grey); beyond, the colours
// are used evenly.
func TestBuffersOfAPanelDifferInColour(t *testing.T) {
	check := func(t *testing.T, s *Space) {
		uses := map[int]int{}
		for _, c := range spaceColors(s) {
			uses[c]++
		}
		most := (len(s.Buffers) + len(palette) - 1) / len(palette)
		for c, n := range uses {
			if n > most {
				t.Errorf("%s: colour %s used by %d of %d buffers", s.Name, palette[c], n, len(s.Buffers))
			}
		}
	}
	r := flashAttention(t)
	for i := range r.Functions {
		for j := range r.Functions[i].Spaces {
			check(t, &r.Functions[i].Spaces[j])
		}
	}
	check(t, &pointsReport(40).Functions[0].Spaces[0])
	// The same buffers get the same colours in every report.
	a, b := spaceColors(&r.Functions[1].Spaces[2]), spaceColors(&flashAttention(t).Functions[1].Spaces[2])
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("colours %v, then %v", a, b)
	}
}
