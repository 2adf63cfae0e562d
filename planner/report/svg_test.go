package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/pto-opt/pto-opt/planner"
)

// The pictures are checked as a reader would read them: the axis ticks
// define the scales, and every buffer interval must be a rectangle exactly
// where the ticks say its program points and addresses are, inside the
// plot; the capacity and lower-bound lines sit at their figures; labels
// name a buffer and sit on one of its rectangles. The same on the HTML
// page, whose hover data must describe the rectangles drawn.

// node is a parsed XML element.
type node struct {
	name     string
	attr     map[string]string
	children []*node
	text     string // character data directly inside
}

func parseXML(t *testing.T, data []byte) *node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := &node{name: "#root"}
	stack := []*node{root}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			n := &node{name: tok.Name.Local, attr: map[string]string{}}
			for _, a := range tok.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			top := stack[len(stack)-1]
			top.children = append(top.children, n)
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			stack[len(stack)-1].text += string(tok)
		}
	}
	return root
}

func (n *node) all(name, class string) []*node {
	var out []*node
	var walk func(*node)
	walk = func(x *node) {
		if x.name == name && (class == "" || x.attr["class"] == class) {
			out = append(out, x)
		}
		for _, c := range x.children {
			walk(c)
		}
	}
	walk(n)
	return out
}

// allText is the character data inside n and its children, the
// children's (tspans: lines) joined by spaces.
func (n *node) allText() string {
	parts := []string{n.text}
	for _, c := range n.children {
		if c.name != "title" {
			parts = append(parts, c.allText())
		}
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

func (n *node) num(t *testing.T, attr string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(n.attr[attr], 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.name, attr, n.attr[attr], err)
	}
	return v
}

type rect struct{ x, y, w, h float64 }

var subpathRE = regexp.MustCompile(`M([-\d.]+) ([-\d.]+)h([-\d.]+)v([-\d.]+)h-([-\d.]+)z`)

// subpaths reads the rectangles of a buffers path.
func subpaths(t *testing.T, d string) []rect {
	t.Helper()
	var out []rect
	rest := subpathRE.ReplaceAllStringFunc(d, func(m string) string {
		g := subpathRE.FindStringSubmatch(m)
		v := make([]float64, 5)
		for i := range v {
			v[i], _ = strconv.ParseFloat(g[i+1], 64)
		}
		if v[2] != v[4] {
			t.Fatalf("subpath %s is not a rectangle", m)
		}
		out = append(out, rect{v[0], v[1], v[2], v[3]})
		return ""
	})
	if rest != "" {
		t.Fatalf("path data not made of rectangles: %q", rest[:min(len(rest), 80)])
	}
	return out
}

// parseBytes reads a y tick label ("0 B", "16 KiB", "1.25 GiB").
func parseBytes(t *testing.T, s string) int64 {
	t.Helper()
	f := strings.Fields(s)
	if len(f) != 2 {
		t.Fatalf("tick label %q", s)
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		t.Fatalf("tick label %q: %v", s, err)
	}
	scale := map[string]float64{"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40, "PiB": 1 << 50}[f[1]]
	if scale == 0 {
		t.Fatalf("tick label %q: unknown unit", s)
	}
	b := v * scale
	if b != math.Round(b) {
		t.Fatalf("tick label %q is not a whole number of bytes", s)
	}
	return int64(b)
}

// linear fits v = a + b*k through the (k, v) points and checks they all
// lie on it.
func linear(t *testing.T, what string, ks []float64, vs []float64) func(float64) float64 {
	t.Helper()
	if len(ks) < 2 {
		t.Fatalf("%s: %d ticks, want at least 2", what, len(ks))
	}
	n := len(ks) - 1
	b := (vs[n] - vs[0]) / (ks[n] - ks[0])
	a := vs[0] - b*ks[0]
	for i := range ks {
		if math.Abs(a+b*ks[i]-vs[i]) > 0.11 {
			t.Fatalf("%s: tick %v at %v, not on the axis line (%v)", what, ks[i], vs[i], a+b*ks[i])
		}
	}
	return func(k float64) float64 { return a + b*k }
}

const tol = 0.16 // px: coordinates are written with one decimal

func near(a, b float64) bool { return math.Abs(a-b) <= tol }

// checkPanel checks one panel against its space; it returns the panel's
// rectangles in document order.
func checkPanel(t *testing.T, g *node, f *Function, s *Space) []rect {
	t.Helper()
	if g.attr["data-function"] != f.Name || g.attr["data-space"] != s.Name {
		t.Fatalf("panel %s/%s for %s/%s", g.attr["data-function"], g.attr["data-space"], f.Name, s.Name)
	}
	plots := g.all("rect", "plot")
	if len(plots) != 1 {
		t.Fatalf("%d plot areas", len(plots))
	}
	plot := rect{plots[0].num(t, "x"), plots[0].num(t, "y"), plots[0].num(t, "width"), plots[0].num(t, "height")}
	// Scales from the tick labels.
	var pk, px, ak, ay []float64
	for _, n := range g.all("text", "xtick") {
		v, err := strconv.ParseInt(n.text, 10, 64)
		if err != nil {
			t.Fatalf("x tick %q", n.text)
		}
		pk, px = append(pk, float64(v)), append(px, n.num(t, "x"))
	}
	for _, n := range g.all("text", "ytick") {
		ak, ay = append(ak, float64(parseBytes(t, n.text))), append(ay, n.num(t, "y")-4)
	}
	X := linear(t, "x axis", pk, px)
	Y := linear(t, "y axis", ak, ay)
	if !near(Y(0), plot.y+plot.h) || !near(Y(ak[len(ak)-1]), plot.y) {
		t.Fatalf("address axis 0..%v does not span the plot", ak[len(ak)-1])
	}
	top := ak[len(ak)-1]
	if top < float64(max(s.Peak, s.LowerBound)) {
		t.Fatalf("address axis ends at %v, below the peak %d or lower bound %d", top, s.Peak, s.LowerBound)
	}
	// Rectangles.
	var got []rect
	fills := map[string]bool{}
	for _, p := range g.all("path", "buffers") {
		if fills[p.attr["fill"]] {
			t.Fatalf("two buffer paths with fill %s", p.attr["fill"])
		}
		fills[p.attr["fill"]] = true
		got = append(got, subpaths(t, p.attr["d"])...)
	}
	if len(fills) > len(palette) {
		t.Fatalf("%d buffer paths", len(fills))
	}
	intervals := 0
	for _, b := range s.Buffers {
		intervals += len(b.Live)
	}
	if len(got) != intervals {
		t.Fatalf("%d rectangles for %d live intervals", len(got), intervals)
	}
	for _, r := range got {
		if r.x < plot.x-tol || r.y < plot.y-tol || r.x+r.w > plot.x+plot.w+tol || r.y+r.h > plot.y+plot.h+tol || r.w < 1-tol || r.h < 1-tol {
			t.Fatalf("rectangle %+v outside the plot %+v or thinner than 1px", r, plot)
		}
	}
	// Each interval where the axes put it (at least 1px wide and
	// minBoxH high, kept inside).
	want := func(b *Buffer, l [2]int64) rect {
		x0, x1 := X(float64(l[0])), X(float64(l[1]))
		y0, y1 := Y(float64(b.End)), Y(float64(b.Offset))
		w, h := max(x1-x0, 1), max(y1-y0, minBoxH)
		return rect{min(x0, plot.x+plot.w-w), min(y0, plot.y+plot.h-h), w, h}
	}
	used := make([]bool, len(got))
	byBuf := map[string][]rect{}
	for k := range s.Buffers {
		b := &s.Buffers[k]
		for _, l := range b.Live {
			w := want(b, l)
			found := false
			for i, r := range got {
				if !used[i] && near(r.x, w.x) && near(r.y, w.y) && near(r.w, w.w) && near(r.h, w.h) {
					used[i], found = true, true
					break
				}
			}
			if !found {
				t.Fatalf("no rectangle %+v for %s live [%d,%d) at [%d,%d)", w, b.Name, l[0], l[1], b.Offset, b.End)
			}
			byBuf[b.Name] = append(byBuf[b.Name], w)
		}
	}
	// Capacity and lower bound.
	lines := func(class string) []*node { return g.all("line", class) }
	if lb := lines("lower-bound"); len(lb) != 1 || !near(lb[0].num(t, "y1"), Y(float64(s.LowerBound))) {
		t.Fatalf("lower-bound line %v, want one at %v", lb, Y(float64(s.LowerBound)))
	}
	capLines, above := lines("capacity"), g.all("text", "capacity-above")
	switch {
	case s.Capacity == 0:
		if len(capLines)+len(above) != 0 {
			t.Fatal("capacity drawn for an unbounded space")
		}
	case float64(s.Capacity) <= top:
		if len(capLines) != 1 || !near(capLines[0].num(t, "y1"), Y(float64(s.Capacity))) {
			t.Fatalf("capacity line %v, want one at %v", capLines, Y(float64(s.Capacity)))
		}
	default:
		if len(capLines) != 0 || len(above) != 1 || !strings.Contains(above[0].text, human(s.Capacity)) {
			t.Fatalf("capacity %d above the axis top %v: want the note, not a line", s.Capacity, top)
		}
	}
	// Labels.
	labels := g.all("text", "label")
	if len(labels) > maxLabels {
		t.Fatalf("%d labels", len(labels))
	}
	for _, l := range labels {
		x, y := l.num(t, "x"), l.num(t, "y")
		on := false
		name := l.attr["data-buffer"]
		if text := l.allText(); !strings.HasPrefix(text, name) {
			t.Fatalf("label %q of buffer %q does not start with its name", text, name)
		}
		for _, r := range byBuf[name] {
			on = on || x >= r.x && x <= r.x+r.w && y >= r.y && y <= r.y+r.h
		}
		if !on {
			t.Fatalf("label %q at (%v, %v) is on none of its buffer's rectangles %v", name, x, y, byBuf[name])
		}
	}
	return got
}

// checkSelfContained: nothing is loaded from anywhere.
func checkSelfContained(t *testing.T, what string, data []byte) {
	t.Helper()
	s := strings.ReplaceAll(string(data), `xmlns="http://www.w3.org/2000/svg"`, "")
	for _, bad := range []string{"http:", "https:", "//cdn", "src=", "href", "url(", "@import", "<link", "<img", "<iframe", "<object", "<embed"} {
		if strings.Contains(s, bad) {
			t.Errorf("%s refers to something outside: contains %q", what, bad)
		}
	}
}

func checkSVG(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := r.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	checkSelfContained(t, "SVG", buf.Bytes())
	root := parseXML(t, buf.Bytes())
	panels := root.all("g", "panel")
	k := 0
	for fi := range r.Functions {
		for si := range r.Functions[fi].Spaces {
			if k >= len(panels) {
				t.Fatalf("%d panels, want one per space", len(panels))
			}
			checkPanel(t, panels[k], &r.Functions[fi], &r.Functions[fi].Spaces[si])
			k++
		}
	}
	if k != len(panels) {
		t.Fatalf("%d panels for %d spaces", len(panels), k)
	}
	return buf.Bytes()
}

var (
	htmlSVGRE  = regexp.MustCompile(`(?s)<svg class="panel"[^>]*data-hover="([^"]+)">.*?</svg>`)
	htmlDataRE = regexp.MustCompile(`<script type="application/json" id="([^"]+)">([^<]*)</script>`)
)

func checkHTML(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	checkSelfContained(t, "HTML", buf.Bytes())
	data := map[string]hoverData{}
	for _, m := range htmlDataRE.FindAllStringSubmatch(page, -1) {
		var hd hoverData
		if err := json.Unmarshal([]byte(m[2]), &hd); err != nil {
			t.Fatalf("hover data %s: %v", m[1], err)
		}
		data[m[1]] = hd
	}
	svgs := htmlSVGRE.FindAllStringSubmatch(page, -1)
	k := 0
	for fi := range r.Functions {
		f := &r.Functions[fi]
		for si := range f.Spaces {
			s := &f.Spaces[si]
			if k >= len(svgs) {
				t.Fatalf("%d panels on the page, want one per space", len(svgs))
			}
			root := parseXML(t, []byte(svgs[k][0]))
			rects := checkPanel(t, root.all("g", "panel")[0], f, s)
			hd, ok := data[svgs[k][1]]
			if !ok {
				t.Fatalf("panel %d: no hover data %s", k, svgs[k][1])
			}
			if len(hd.Text) != len(s.Buffers) || len(hd.Boxes) != len(rects) {
				t.Fatalf("hover data: %d texts for %d buffers, %d boxes for %d rectangles", len(hd.Text), len(s.Buffers), len(hd.Boxes), len(rects))
			}
			// The hover boxes are the rectangles drawn, each naming a
			// buffer whose text has its name, bytes, lifetime and loc.
			drawn := map[rect]int{}
			for _, r := range rects {
				drawn[r]++
			}
			for _, b := range hd.Boxes {
				r := rect{b[0], b[1], b[2], b[3]}
				if drawn[r] == 0 {
					t.Fatalf("hover box %v is not drawn", b)
				}
				drawn[r]--
			}
			for i, b := range s.Buffers {
				txt := hd.Text[i]
				for _, want := range []string{b.Name, fmt.Sprintf("%d B", b.Size), formatLive(b.Live), b.Loc} {
					if !strings.Contains(txt, want) {
						t.Fatalf("hover text of %s lacks %q:\n%s", b.Name, want, txt)
					}
				}
			}
			k++
		}
	}
	if k != len(svgs) {
		t.Fatalf("%d panels on the page for %d spaces", len(svgs), k)
	}
	ids := map[string]bool{}
	for _, m := range regexp.MustCompile(`<svg class="panel" id="([^"]+)"`).FindAllStringSubmatch(page, -1) {
		if ids[m[1]] {
			t.Fatalf("panel id %q twice", m[1])
		}
		ids[m[1]] = true
	}
	if len(ids) != k {
		t.Fatalf("%d panel ids for %d panels", len(ids), k)
	}
	if !strings.Contains(page, "<script>\n(function(){") || !strings.Contains(page, `id="tip"`) {
		t.Fatal("page lacks the hover script")
	}
	return buf.Bytes()
}

func TestPicturesOfGoldenCases(t *testing.T) {
	for _, name := range []string{"rules", "exclusive", "zoom", "empty"} {
		t.Run(name, func(t *testing.T) {
			r := goldenReportFile(t, "testdata/"+name+".txtar")
			checkSVG(t, r)
			checkHTML(t, r)
		})
	}
}

// largeReport is a solved random problem of n buffers, some live twice.
func largeReport(t testing.TB, n int, seed int64) *Report {
	rng := rand.New(rand.NewSource(seed))
	p := &planner.Problem{Pools: []planner.Pool{{Name: "vec", Capacity: 0}}}
	locs := make([]string, n)
	for i := 0; i < n; i++ {
		s := int64(rng.Intn(4 * n))
		b := planner.Buffer{Name: fmt.Sprintf("%%t%d", i), Size: 32 * int64(1+rng.Intn(64)), Align: 32,
			Live: []planner.Interval{{Start: s, End: s + 1 + int64(rng.Intn(n/4+1))}}}
		if rng.Intn(10) == 0 {
			e := b.Live[0].End + 5
			b.Live = append(b.Live, planner.Interval{Start: e, End: e + 3})
		}
		p.Buffers = append(p.Buffers, b)
		locs[i] = fmt.Sprintf("big.mlir:%d:3", i+1)
	}
	res, err := planner.Solve("best-fit", p, planner.Options{Capacity: planner.Unbounded})
	if err != nil {
		t.Fatal(err)
	}
	if err := planner.Validate(res.Problem, res.Solution); err != nil {
		t.Fatal(err)
	}
	// A capacity just above the peak, so the line is drawn.
	res.Problem.Pools[0].Capacity = planner.Peak(res.Problem, res.Solution)[0] * 11 / 10
	f := FromProblem("big", "test", "best-fit", res.Problem, res.Solution, Options{Locs: locs})
	f.Loc = "big.mlir:1:1"
	return &Report{Tool: "test", Input: "big.mlir", Functions: []Function{f}}
}

// TestPicturesLarge: with thousands of buffers the pictures stay right,
// compact (a few dozen bytes a rectangle: no element per buffer), with
// labels thinned and outlines dropped.
func TestPicturesLarge(t *testing.T) {
	r := largeReport(t, 4000, 3)
	intervals := 0
	for _, b := range r.Functions[0].Spaces[0].Buffers {
		intervals += len(b.Live)
	}
	svg := checkSVG(t, r)
	if limit := 10000 + 40*intervals; len(svg) > limit {
		t.Errorf("SVG of %d rectangles is %d bytes, over %d", intervals, len(svg), limit)
	}
	if bytes.Contains(svg, []byte(`stroke="#333"`)) {
		t.Error("outlines drawn above maxOutlined rectangles")
	}
	html := checkHTML(t, r)
	if limit := 40000 + 250*intervals; len(html) > limit { // the key table is capped at maxKeyRows rows
		t.Errorf("HTML of %d rectangles is %d bytes, over %d", intervals, len(html), limit)
	}
}

func goldenReportFile(t *testing.T, file string) *Report {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return goldenReport(t, file, ar)
}

func TestAnchors(t *testing.T) {
	used := map[string]int{}
	var got []string
	for _, x := range [][3]string{{"f", "memory-reuse", "vec"}, {"f", "allocate-addr", "vec"}, {"f", "allocate-addr", "vec"}, {"g h", "p", "mat"}, {"f", "p", "mat"}} {
		got = append(got, anchor(x[0], x[1], x[2], used))
	}
	want := []string{"f.vec", "f.allocate-addr.vec", "f.allocate-addr.vec.2", "g_h.mat", "f.mat"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("anchors %v, want %v", got, want)
	}
}

// The panels of one function share their x axis: one op is at one x in
// every space (zoom's mat and acc buffers span different points).
func TestPanelsOfAFunctionShareTheXAxis(t *testing.T) {
	r := goldenReportFile(t, "testdata/zoom.txtar")
	var svg bytes.Buffer
	if err := r.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	tickRE := regexp.MustCompile(`<text class="xtick" x="([^"]+)"[^>]*>(\d+)</text>`)
	var axes []string
	for _, panel := range strings.Split(svg.String(), `<g class="panel"`)[1:] {
		var ticks []string
		for _, m := range tickRE.FindAllStringSubmatch(panel, -1) {
			ticks = append(ticks, m[2]+"@"+m[1])
		}
		axes = append(axes, strings.Join(ticks, " "))
	}
	if len(axes) != 2 || axes[0] == "" || axes[0] != axes[1] {
		t.Fatalf("x axes of the panels differ:\n%s", strings.Join(axes, "\n"))
	}
	lo0, hi0 := r.Functions[0].Spaces[0].points()
	lo1, hi1 := r.Functions[0].Spaces[1].points()
	if lo0 == lo1 && hi0 == hi1 {
		t.Fatal("the spaces span the same points: the test shows nothing")
	}
}
