package report

import (
	"bufio"
	"cmp"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/internal/checked"
)

// The layout picture: one panel per function and memory space, x = program
// point, y = address (growing upwards), one rectangle per buffer and live
// interval, a dashed red line at the capacity and a dotted blue one at the
// lower bound. It stays small and quick to draw with tens of thousands of
// buffers: the rectangles of one colour are a single <path> (one closed
// subpath each), labels go only on rectangles large enough to hold them and
// on at most maxLabels per panel, largest first, and outlines are dropped
// above maxOutlined rectangles, where they would only darken the picture.
// The address axis ends a little above the highest of peak and lower bound;
// a capacity far above that would squash the plan into a strip, so then the
// panel says where the capacity is and the gauge at its right shows the
// peak against the whole capacity. Under the x axis each point names its
// op and the loops are bracketed (axis.go); buffers too thin for a label
// are named beside their rectangle, and in SVG a key under each panel
// lists every buffer by number (up to maxSVGKeyRows; the HTML page's
// table does that there). In HTML a small inline script shows the
// hover text (name, bytes, offset, lifetime, source location) of the
// buffer under the pointer from data kept beside each panel; the files
// load nothing from anywhere.

const (
	plotW   = 1000.0 // plot width in px
	plotH   = 360.0  // plot height in px
	marginL = 84.0
	marginR = 116.0
	marginT = 52.0
	svgW    = marginL + plotW + marginR
	// headerH is the height of the SVG document's heading.
	headerH = 34.0

	maxLabels   = 300
	maxKeyRows  = 300 // rows of an HTML panel's key and of its refused pairs
	maxOutlined = 3000
	// capacityZoom: the capacity is drawn inside the plot when it is at
	// most this many times the highest of peak and lower bound.
	capacityZoom = 2.0
)

// palette holds the buffer fill colours (a pastel qualitative scheme).
var palette = []string{
	"#8dd3c7", "#fdf6a3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
	"#b3de69", "#fccde5", "#c9c9c9", "#bc80bd", "#ccebc5", "#ffed6f",
}

// colorIndex is where a buffer's colour search starts, from its name.
func colorIndex(name string) int {
	h := fnv.New32a()
	h.Write([]byte(name))
	return int(h.Sum32() % uint32(len(palette)))
}

// spaceColors picks each buffer's colour (an index into palette): from
// its name's colorIndex on, the first colour the buffers before it use
// least, so that a panel of up to len(palette) buffers has no two alike
// and a buffer keeps its colour across reports of the same program.
func spaceColors(s *Space) []int {
	used := make([]int, len(palette))
	out := make([]int, len(s.Buffers))
	for k := range s.Buffers {
		start := colorIndex(s.Buffers[k].Name)
		best := start
		for d := range len(palette) {
			if c := (start + d) % len(palette); used[c] < used[best] {
				best = c
			}
		}
		used[best]++
		out[k] = best
	}
	return out
}

// box is one rectangle of the picture, in px.
type box struct {
	x, y, w, h float64
	buf        int // index into Space.Buffers
}

// geometry maps a space's program points and addresses to px.
type geometry struct {
	lo, hi     int64 // program points shown
	top        int64 // highest address shown
	xStep      int64 // program-point tick step
	yStep      int64 // address tick step
	capInside  bool
	panelTop   float64
	boxes      []box
	labelBoxes []int // indices into boxes, one per labelled buffer
	keyBoxes   []int // indices into boxes numbered for the key
	// lines are a label's lines, by index into boxes: the buffer's name
	// and what else it holds (", %e" or " +3"), wrapped at spaces to fit.
	lines    map[int][]string
	callouts []callout
	axis     axisLayout
	loopRows [][]int // per row under the axis, indices into f.Loops
	key      keyLayout
	height   float64 // the panel's height, key included
	colors   []int   // each buffer's colour, spaceColors
}

func (g *geometry) x(p int64) float64 {
	// In float64: p-g.lo may not fit in int64 for far-apart points.
	return marginL + (float64(p)-float64(g.lo))/(float64(g.hi)-float64(g.lo))*plotW
}

func (g *geometry) y(a int64) float64 {
	return g.panelTop + marginT + plotH - float64(a)/float64(g.top)*plotH
}

// minBoxH is the least height of a buffer's rectangle in px: a tile of a
// few bytes in a space of kilobytes stays visible and can be pointed at.
const minBoxH = 4.0

// layout computes the scales and the rectangles of a space's panel. The
// panels of one function share their x range (f's program points; f may be
// nil), so one op is at one x in every space.
func layout(f *Function, s *Space, panelTop float64) *geometry {
	g := &geometry{panelTop: panelTop, colors: spaceColors(s)}
	g.lo, g.hi = s.points()
	if f != nil {
		g.lo, g.hi = f.points()
	}
	g.xStep = niceStep(saturate(checked.Sub(g.hi, g.lo)), 10)
	g.layoutAxis(f)
	base := max(s.Peak, s.LowerBound, 1)
	for _, r := range s.Reserved {
		base = max(base, r[1])
	}
	g.capInside = s.Capacity > 0 && float64(s.Capacity) <= capacityZoom*float64(base)
	if g.capInside {
		base = max(base, s.Capacity)
	}
	g.yStep = pow2Step(base, 8)
	g.top = ceilSat(base, g.yStep)
	if float64(g.top) < float64(base)*1.04 {
		g.top = satAdd(g.top, g.yStep)
	}
	for k := range s.Buffers {
		b := &s.Buffers[k]
		for _, l := range b.Live {
			x0, x1 := round1(g.x(l[0])), round1(g.x(l[1]))
			y0, y1 := round1(g.y(b.End)), round1(g.y(b.Offset))
			// Too thin to see: 1px wide, minBoxH high, kept inside the plot.
			w, h := round1(max(x1-x0, 1)), round1(max(y1-y0, minBoxH))
			x0 = round1(min(x0, marginL+plotW-w))
			y0 = round1(min(y0, panelTop+marginT+plotH-h))
			g.boxes = append(g.boxes, box{x0, y0, w, h, k})
		}
	}
	// Labels: one per buffer, on its widest rectangle, when the name
	// fits (with the other tiles it holds when they fit too); the
	// largest rectangles first.
	widest := map[int]int{}
	for i, bx := range g.boxes {
		if j, ok := widest[bx.buf]; !ok || bx.w > g.boxes[j].w {
			widest[bx.buf] = i
		}
	}
	g.lines = map[int][]string{}
	for buf, i := range widest {
		bx := g.boxes[i]
		b := &s.Buffers[buf]
		for _, suf := range memberSuffixes(b) {
			if lines := wrap(b.Name+suf, bx.w-6); lines != nil && float64(len(lines))*12 <= bx.h {
				g.labelBoxes = append(g.labelBoxes, i)
				g.lines[i] = lines
				break
			}
		}
	}
	slices.SortFunc(g.labelBoxes, func(a, b int) int {
		ba, bb := g.boxes[a], g.boxes[b]
		if c := cmp.Compare(bb.w*bb.h, ba.w*ba.h); c != 0 {
			return c // larger first
		}
		return cmp.Compare(a, b)
	})
	// Largest first, skipping a label that would cover one already
	// placed (rectangles of exclusive or colocated buffers overlap).
	var placed []int
	var spots [][4]float64
	for _, i := range g.labelBoxes {
		if len(placed) == maxLabels {
			break
		}
		spot := g.labelSpot(s, i)
		if !clashes(spot, spots) {
			placed = append(placed, i)
			spots = append(spots, spot)
		}
	}
	slices.Sort(placed)
	g.labelBoxes = placed
	// The others show their number (1-based buffer index, as the key
	// lists them) on their widest rectangle when it fits.
	numbered := map[int]bool{}
	for _, i := range placed {
		numbered[g.boxes[i].buf] = true
	}
	for buf, i := range widest {
		bx := g.boxes[i]
		if !numbered[buf] && bx.h >= 10 && bx.w >= textWidth(strconv.Itoa(buf+1))+2 {
			g.keyBoxes = append(g.keyBoxes, i)
		}
	}
	slices.Sort(g.keyBoxes)
	for _, i := range g.keyBoxes {
		numbered[g.boxes[i].buf] = true
	}
	// The rest (slivers: tiles of a few hundred bytes in a space of
	// kilobytes) are named beside their rectangle, with a leader.
	g.placeCallouts(s, widest, numbered, append(spots, g.lineLabelSpots(s)...))
	g.height = g.axis.titleY - panelTop + 14
	return g
}

// lineLabelSpots are the areas of the capacity and lower-bound lines
// texts, which the names placed beside thin rectangles keep clear of.
func (g *geometry) lineLabelSpots(s *Space) [][4]float64 {
	plotTop := g.panelTop + marginT
	yl := g.y(s.LowerBound)
	out := [][4]float64{{marginL + 2, yl - 16, marginL + 6 + textWidth("lower bound "+human(s.LowerBound)), yl - 1}}
	if s.Capacity > 0 {
		text := "capacity " + human(s.Capacity)
		y := g.y(s.Capacity)
		if !g.capInside {
			text, y = "capacity "+human(s.Capacity)+" above this view (10.0× the top)", plotTop+18
		}
		out = append(out, [4]float64{marginL + plotW - 6 - textWidth(text), y - 16, marginL + plotW - 2, y - 1})
	}
	return out
}

// memberSuffixes are the endings a buffer's label may have, longest
// first: the other tiles it holds, then their count, then nothing.
func memberSuffixes(b *Buffer) []string {
	others := otherMembers(b)
	if len(others) == 0 {
		return []string{""}
	}
	return []string{", " + strings.Join(others, ", "), fmt.Sprintf(" +%d", len(others)), ""}
}

// otherMembers are the tiles a buffer holds besides the one it is named
// after.
func otherMembers(b *Buffer) []string {
	var out []string
	for _, m := range b.Members {
		if m != b.Name {
			out = append(out, m)
		}
	}
	return out
}

// clashes reports whether spot overlaps any of spots.
func clashes(spot [4]float64, spots [][4]float64) bool {
	for _, o := range spots {
		if spot[0] < o[2] && o[0] < spot[2] && spot[1] < o[3] && o[1] < spot[3] {
			return true
		}
	}
	return false
}

// withSize reports whether box i has room for its buffer's size under
// its label.
func (g *geometry) withSize(s *Space, i int) bool {
	bx := g.boxes[i]
	return bx.h >= float64(len(g.lines[i])+1)*12+2 && bx.w >= textWidth(human(s.Buffers[bx.buf].Size))+6
}

// wrap breaks text at spaces into lines at most width px wide; nil when
// a word alone is wider.
func wrap(text string, width float64) []string {
	var lines []string
	for _, word := range strings.Split(text, " ") {
		if textWidth(word) > width {
			return nil
		}
		if n := len(lines); n > 0 && textWidth(lines[n-1]+" "+word) <= width {
			lines[n-1] += " " + word
			continue
		}
		lines = append(lines, word)
	}
	return lines
}

// labelLines are box i's label's lines, its buffer's size last when it
// fits.
func (g *geometry) labelLines(s *Space, i int) []string {
	lines := g.lines[i]
	if g.withSize(s, i) {
		lines = append(slices.Clone(lines), human(s.Buffers[g.boxes[i].buf].Size))
	}
	return lines
}

// labelSpot is the area a label takes: x0, y0, x1, y1.
func (g *geometry) labelSpot(s *Space, i int) [4]float64 {
	bx := g.boxes[i]
	cx, cy := bx.x+bx.w/2, bx.y+bx.h/2
	lines := g.labelLines(s, i)
	tw := 0.0
	for _, l := range lines {
		tw = max(tw, textWidth(l))
	}
	h := float64(len(lines)) * 12
	return [4]float64{cx - tw/2, cy - h/2, cx + tw/2, cy + h/2}
}

// tickText writes an address exactly, in the largest binary unit that
// needs at most two decimals (1152 KiB rather than 1.13 MiB).
func tickText(a int64) string {
	if a > math.MaxInt64/100 {
		return human(a)
	}
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"}
	for u := len(units) - 1; u > 0; u-- {
		scale := int64(1) << (10 * u)
		if a >= scale && (a*100)%scale == 0 {
			return strconv.FormatFloat(float64(a)/float64(scale), 'f', -1, 64) + " " + units[u]
		}
	}
	return fmt.Sprintf("%d B", a)
}

// textWidth estimates the width of 10px sans-serif text.
func textWidth(s string) float64 { return 6 * float64(len([]rune(s))) }

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// num formats a px coordinate with at most one decimal.
func num(v float64) string { return strconv.FormatFloat(round1(v), 'f', -1, 64) }

// niceStep is a 1, 2 or 5 times a power of ten step giving at most n
// intervals over span (at least 1).
// The products are checked: one beyond int64 is above any span.
func niceStep(span int64, n int64) int64 {
	step := int64(1)
	for {
		for _, m := range []int64{1, 2, 5} {
			sm, ok := checked.Mul(step, m)
			if !ok {
				return step
			}
			if t, ok := checked.Mul(sm, n); !ok || span <= t {
				return sm
			}
		}
		next, ok := checked.Mul(step, 10)
		if !ok {
			return step
		}
		step = next
	}
}

// pow2Step is the smallest power of two giving at most n intervals up to
// top.
func pow2Step(top int64, n int64) int64 {
	step := int64(1)
	for step < 1<<62 {
		if t, ok := checked.Mul(step, n); !ok || t >= top {
			break
		}
		step *= 2
	}
	return step
}

// ticks calls f on first, first+step, ... up to last, stopping before a
// step would leave int64 (a loop on a wrapped counter never ends).
func ticks(first, last, step int64, f func(int64)) {
	for v := first; v <= last; {
		f(v)
		next, ok := checked.Add(v, step)
		if !ok {
			return
		}
		v = next
	}
}

// panels counts the function/space pairs.
func (r *Report) panels() int {
	n := 0
	for _, f := range r.Functions {
		n += len(f.Spaces)
	}
	return n
}

// WriteSVG writes a standalone SVG document: a heading (tool, input,
// target), then every panel, one under the other, each with its key.
func (r *Report) WriteSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	var geoms []*geometry
	top := headerH
	for _, f := range r.Functions {
		for k := range f.Spaces {
			g := layout(&f, &f.Spaces[k], top)
			g.layoutKey(&f.Spaces[k])
			geoms = append(geoms, g)
			top += g.height
		}
	}
	height := max(top, 60)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif" font-size="11">`+"\n",
		num(svgW), num(height), num(svgW), num(height))
	fmt.Fprintf(bw, "<title>%s memory report: %s</title>\n", esc(r.Tool), esc(r.Input))
	fmt.Fprintf(bw, `<rect width="%s" height="%s" fill="white"/>`+"\n", num(svgW), num(height))
	fmt.Fprintf(bw, `<text class="heading" x="10" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", esc(heading(r)))
	if len(geoms) == 0 {
		fmt.Fprintf(bw, `<text x="10" y="50">%s: no memory was planned</text>`+"\n", esc(r.Input))
	}
	k := 0
	for _, f := range r.Functions {
		for i := range f.Spaces {
			writePanel(bw, &f, &f.Spaces[i], geoms[k])
			k++
		}
	}
	io.WriteString(bw, "</svg>\n")
	return bw.Flush()
}

// heading is the document's heading: "pto-opt memory report: k.mlir
// (target ascend910b)".
func heading(r *Report) string {
	h := r.Tool + " memory report: " + r.Input
	if r.Target != "" {
		h += " (target " + r.Target + ")"
	}
	return h
}

func esc(s string) string { return html.EscapeString(s) }

// writePanel draws one space: its title (function, space, pass and
// planner), its figures (peak against capacity and lower bound), the plot
// with the loops shaded, the x axis with the op at each point and the
// loops under it, and, when laid out, the key.
func writePanel(w io.Writer, f *Function, s *Space, g *geometry) {
	top := g.panelTop
	plotTop, plotBot := top+marginT, top+marginT+plotH
	plotR := marginL + plotW
	fmt.Fprintf(w, `<g class="panel" data-function="%s" data-space="%s">`+"\n", esc(f.Name), esc(s.Name))
	failed := ""
	if f.Failed != "" {
		failed = ` · <tspan fill="#d00">FAILED: does not fit</tspan>`
	}
	fmt.Fprintf(w, `<text class="title" x="%s" y="%s" font-size="13" font-weight="bold">@%s · %s · %s%s%s</text>`+"\n",
		num(marginL), num(top+20), esc(f.Name), esc(s.Name), esc(f.Pass), esc(algSuffix(f.Algorithm)), failed)
	fmt.Fprintf(w, `<text class="summary" x="%s" y="%s" fill="#333">%s</text>`+"\n", num(marginL), num(top+38), esc(panelSummary(s)))
	// Plot area, grid and ticks.
	fmt.Fprintf(w, `<rect class="plot" x="%s" y="%s" width="%s" height="%s" fill="#fafafa" stroke="#999"/>`+"\n", num(marginL), num(plotTop), num(plotW), num(plotH))
	var grid strings.Builder
	ticks(0, g.top, g.yStep, func(a int64) {
		y := g.y(a)
		if a > 0 && a < g.top {
			fmt.Fprintf(&grid, "M%s %sH%s", num(marginL), num(y), num(plotR))
		}
		fmt.Fprintf(w, `<text class="ytick" x="%s" y="%s" text-anchor="end" fill="#555">%s</text>`+"\n", num(marginL-6), num(y+4), esc(tickText(a)))
	})
	ticks(ceilSat(g.lo, g.xStep), g.hi, g.xStep, func(p int64) {
		x := g.x(p)
		if p > g.lo && p < g.hi {
			fmt.Fprintf(&grid, "M%s %sV%s", num(x), num(plotTop), num(plotBot))
		}
		fmt.Fprintf(w, `<text class="xtick" x="%s" y="%s" text-anchor="middle" fill="#555">%d</text>`+"\n", num(x), num(plotBot+15), p)
	})
	if grid.Len() > 0 {
		fmt.Fprintf(w, `<path class="grid" d="%s" stroke="#e4e4e4" fill="none"/>`+"\n", grid.String())
	}
	g.writeOps(w, f)
	g.writeLoops(w, f, s)
	fmt.Fprintf(w, `<text class="xtitle" x="%s" y="%s" text-anchor="middle" fill="#555">%s</text>`+"\n", num(marginL+plotW/2), num(g.axis.titleY), esc(g.xTitle(f)))
	fmt.Fprintf(w, `<text x="14" y="%s" text-anchor="middle" fill="#555" transform="rotate(-90 14 %s)">address</text>`+"\n", num(plotTop+plotH/2), num(plotTop+plotH/2))
	// Reserved ranges.
	for _, r := range s.Reserved {
		y0, y1 := g.y(min(r[1], g.top)), g.y(r[0])
		fmt.Fprintf(w, `<rect class="reserved" x="%s" y="%s" width="%s" height="%s" fill="#bbb" fill-opacity="0.5"><title>reserved [%d, %d)</title></rect>`+"\n",
			num(marginL), num(y0), num(plotW), num(max(y1-y0, 1)), r[0], r[1])
	}
	// Buffers: one path per colour.
	paths := make([]strings.Builder, len(palette))
	for _, bx := range g.boxes {
		p := &paths[g.colors[bx.buf]]
		fmt.Fprintf(p, "M%s %sh%sv%sh-%sz", num(bx.x), num(bx.y), num(bx.w), num(bx.h), num(bx.w))
	}
	stroke := ` stroke="#333" stroke-width="0.5"`
	if len(g.boxes) > maxOutlined {
		stroke = ""
	}
	for c := range paths {
		if paths[c].Len() > 0 {
			fmt.Fprintf(w, `<path class="buffers" fill="%s"%s d="%s"/>`+"\n", palette[c], stroke, paths[c].String())
		}
	}
	g.writeCarried(w, s)
	// Capacity and lower bound.
	if s.Capacity > 0 && g.capInside {
		y := g.y(s.Capacity)
		fmt.Fprintf(w, `<line class="capacity" x1="%s" x2="%s" y1="%s" y2="%s" stroke="#d00" stroke-width="1.5" stroke-dasharray="6 3"/>`+"\n", num(marginL), num(plotR), num(y), num(y))
		fmt.Fprintf(w, `<text x="%s" y="%s" fill="#d00" text-anchor="end"`+halo+`>capacity %s</text>`+"\n", num(plotR-4), num(y-4), esc(human(s.Capacity)))
	} else if s.Capacity > 0 {
		fmt.Fprintf(w, `<text class="capacity-above" x="%s" y="%s" fill="#d00" text-anchor="end"`+halo+`>capacity %s above this view (%.1f× the top)</text>`+"\n",
			num(plotR-4), num(plotTop+14), esc(human(s.Capacity)), float64(s.Capacity)/float64(g.top))
	}
	yl := g.y(s.LowerBound)
	fmt.Fprintf(w, `<line class="lower-bound" x1="%s" x2="%s" y1="%s" y2="%s" stroke="#00a" stroke-width="1.5" stroke-dasharray="2 3"/>`+"\n", num(marginL), num(plotR), num(yl), num(yl))
	fmt.Fprintf(w, `<text x="%s" y="%s" fill="#00a"`+halo+`>lower bound %s</text>`+"\n", num(marginL+4), num(yl-4), esc(human(s.LowerBound)))
	for _, i := range g.labelBoxes {
		g.writeLabel(w, s, i)
	}
	// Buffers too small for their name get their number in the key.
	for _, i := range g.keyBoxes {
		bx := g.boxes[i]
		fmt.Fprintf(w, `<text class="key-number" x="%s" y="%s" font-size="9" text-anchor="middle">%d</text>`+"\n", num(bx.x+bx.w/2), num(bx.y+bx.h/2+3), bx.buf+1)
	}
	g.writeCallouts(w, s)
	writeGauge(w, s, plotTop)
	g.writeKey(w, f, s)
	fmt.Fprintln(w, "</g>")
}

// writeLabel writes box i's label, one tspan a line, centred on the box;
// the size, when it fits, in grey.
func (g *geometry) writeLabel(w io.Writer, s *Space, i int) {
	bx := g.boxes[i]
	b := &s.Buffers[bx.buf]
	lines := g.labelLines(s, i)
	cx := bx.x + bx.w/2
	y := bx.y + bx.h/2 - float64(len(lines)-1)*6 + 3.5
	fmt.Fprintf(w, `<text class="label" data-buffer="%s" x="%s" y="%s" font-size="10" text-anchor="middle">`, esc(b.Name), num(cx), num(y))
	for k, l := range lines {
		fill := ""
		if k == len(g.lines[i]) {
			fill = ` fill="#444"`
		}
		dy := "0"
		if k > 0 {
			dy = "12"
		}
		fmt.Fprintf(w, `<tspan x="%s" dy="%s"%s>%s</tspan>`, num(cx), dy, fill, esc(l))
	}
	io.WriteString(w, "</text>\n")
}

// writeGauge draws, right of the plot, the peak and the lower bound
// against the whole capacity.
func writeGauge(w io.Writer, s *Space, plotTop float64) {
	if s.Capacity <= 0 {
		return
	}
	x := marginL + plotW + 24
	const gw = 16.0
	full := max(s.Capacity, s.Peak, s.LowerBound)
	at := func(a int64) float64 { return plotTop + plotH - float64(a)/float64(full)*plotH }
	fill := "#9bb8d3"
	if s.Peak > s.Capacity {
		fill = "#f08080"
	}
	fmt.Fprintf(w, `<g class="gauge"><title>peak %s of capacity %s (%s), lower bound %s</title>`+"\n", human(s.Peak), human(s.Capacity), percent(s.Peak, s.Capacity), human(s.LowerBound))
	fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s" fill="white" stroke="#999"/>`+"\n", num(x), num(plotTop), num(gw), num(plotH))
	fmt.Fprintf(w, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`+"\n", num(x), num(at(s.Peak)), num(gw), num(max(plotTop+plotH-at(s.Peak), 1)), fill)
	yc := at(s.Capacity)
	fmt.Fprintf(w, `<line x1="%s" x2="%s" y1="%s" y2="%s" stroke="#d00" stroke-width="2"/>`+"\n", num(x-3), num(x+gw+3), num(yc), num(yc))
	yl := at(s.LowerBound)
	fmt.Fprintf(w, `<line x1="%s" x2="%s" y1="%s" y2="%s" stroke="#00a" stroke-width="1.5" stroke-dasharray="2 2"/>`+"\n", num(x-3), num(x+gw+3), num(yl), num(yl))
	fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="middle" fill="#555">%s</text>`+"\n", num(x+gw/2), num(plotTop+plotH+15), percent(s.Peak, s.Capacity))
	fmt.Fprintf(w, `<text x="%s" y="%s" text-anchor="middle" fill="#555">of cap.</text>`+"\n", num(x+gw/2), num(plotTop+plotH+28))
	io.WriteString(w, "</g>\n")
}

// halo draws a white outline under a line's label, so it stays legible
// over the rectangles.
const halo = ` stroke="white" stroke-width="3" stroke-opacity="0.8" paint-order="stroke"`

// ceilSat is the least multiple of step at or above v, or math.MaxInt64
// when that is beyond int64.
func ceilSat(v, step int64) int64 {
	q := v / step * step
	if q < v {
		q = satAdd(q, step)
	}
	return q
}

// panelSummary is the figures line under a panel's title.
func panelSummary(s *Space) string {
	var b strings.Builder
	fmt.Fprintf(&b, "peak %s", human(s.Peak))
	if s.Capacity > 0 {
		fmt.Fprintf(&b, " of capacity %s (%s)", human(s.Capacity), percent(s.Peak, s.Capacity))
	} else {
		b.WriteString(", capacity unbounded")
	}
	fmt.Fprintf(&b, " · lower bound %s", human(s.LowerBound))
	fmt.Fprintf(&b, " · no sharing %s · saved %s · %s", human(s.NoSharing), human(s.BytesSaved), plural(len(s.Buffers), "buffer"))
	if s.RefusedTotal > 0 {
		fmt.Fprintf(&b, " · %s kept apart (%s)", plural(int(s.RefusedTotal), "pair"), countsText(s.RefusedCounts))
	}
	return b.String()
}

// anchor is a panel's element id, "function.space" (with ".pass" when
// two passes planned the function, and a number if that repeats), so a
// link can point at one panel: report.html#flash_attention.vec.
func anchor(fn, pass, space string, used map[string]int) string {
	clean := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r == ' ' || r == '"' || r == '#' || r == '%' {
				return '_'
			}
			return r
		}, s)
	}
	id := clean(fn) + "." + clean(space)
	if used[id] > 0 {
		id = clean(fn) + "." + clean(pass) + "." + clean(space)
	}
	base := id
	for n := 2; used[id] > 0; n++ {
		id = fmt.Sprintf("%s.%d", base, n)
	}
	used[clean(fn)+"."+clean(space)]++
	used[id]++
	return id
}

// hoverData is what the HTML page's script needs for one panel: the
// rectangles (x, y, w, h, buffer) and per buffer its hover text.
type hoverData struct {
	Boxes [][5]float64 `json:"r"`
	Text  []string     `json:"t"`
	// Axis maps the pointer to a program point: the plot's left edge,
	// width, first and last (exclusive) point, top and bottom; Points
	// are the ops there, so the tip says which op the pointer is at.
	Axis   *[6]float64 `json:"x,omitempty"`
	Points []string    `json:"p,omitempty"`
}

// hoverPoints gives the hover script the op at each shown point, when the
// function says which: however many points there are, the one under the
// pointer is named.
func (g *geometry) hoverPoints(f *Function, hd *hoverData) {
	if len(f.Points) == 0 || g.lo < 0 || g.lo >= int64(len(f.Points)) {
		return
	}
	plotTop := g.panelTop + marginT
	hd.Axis = &[6]float64{marginL, plotW, float64(g.lo), float64(g.hi), plotTop, plotTop + plotH}
	for p := g.lo; p < g.hi && p < int64(len(f.Points)); p++ {
		hd.Points = append(hd.Points, fmt.Sprintf("point %d: %s", p, f.Points[p]))
	}
}

func hoverText(b *Buffer) string {
	t := fmt.Sprintf("%s\n%s at [%d, %d), alignment %d\nlive %s", b.Name, bytesText(b.Size), b.Offset, b.End, b.Align, formatLive(b.Live))
	if b.Pinned {
		t += " (pinned)"
	}
	if b.Loc != "" {
		t += "\n" + b.Loc
	}
	if len(b.Members) > 0 {
		t += "\nholds " + strings.Join(b.Members, ", ")
	}
	return t
}

// hoverScript finds the rectangle under the pointer in the panel's data
// (the smallest containing one, else the nearest within 4px), outlines
// the buffer's rectangles and shows its text, with the op at the
// pointer's program point when the data has the ops (alone over an empty
// part of the plot). Browsers deliver at most a
// mousemove a frame, and a scan of even 100000 rectangles takes about a
// millisecond, so each event is handled as it comes.
const hoverScript = `(function(){
var tip=document.getElementById("tip");
document.querySelectorAll("svg.panel").forEach(function(svg){
var d=JSON.parse(document.getElementById(svg.dataset.hover).textContent);
var hl=svg.querySelector(".hl"),pt=svg.createSVGPoint();
function find(x,y){var best=-1,ba=Infinity,bd=16;
for(var i=0;i<d.r.length;i++){var r=d.r[i];
var dx=Math.max(r[0]-x,0,x-r[0]-r[2]),dy=Math.max(r[1]-y,0,y-r[1]-r[3]);
if(dx===0&&dy===0){var a=r[2]*r[3];if(a<ba){ba=a;best=i;bd=0}}
else if(ba===Infinity){var q=dx*dx+dy*dy;if(q<bd){bd=q;best=i}}}
return best<0?-1:d.r[best][4]}
function at(x,y){var a=d.x;if(!a||x<a[0]||x>=a[0]+a[1]||y<a[4]||y>a[5])return "";
var q=Math.floor((x-a[0])/a[1]*(a[3]-a[2]));return d.p[q]||""}
function show(ev){pt.x=ev.clientX;pt.y=ev.clientY;
var p=pt.matrixTransform(svg.getScreenCTM().inverse()),b=find(p.x,p.y),op=at(p.x,p.y);
if(b<0&&!op){tip.style.display="none";hl.setAttribute("d","");return}
var s="";d.r.forEach(function(r){if(r[4]===b)s+="M"+r[0]+" "+r[1]+"h"+r[2]+"v"+r[3]+"h"+(-r[2])+"z"});
hl.setAttribute("d",s);tip.textContent=b<0?op:d.t[b]+(op?"\npointer at "+op:"");tip.style.display="block";
tip.style.left=(ev.pageX+14)+"px";tip.style.top=(ev.pageY+14)+"px"}
svg.addEventListener("mousemove",show);
svg.addEventListener("mouseleave",function(){tip.style.display="none";hl.setAttribute("d","")});
});})();`

const htmlStyle = `body{font-family:sans-serif;margin:16px;color:#111}
svg.panel{display:block;margin:4px 0 8px;max-width:100%;height:auto}
table.key{border-collapse:collapse;font-size:12px;margin:0 0 8px}
table.key td,table.key th{padding:1px 8px;text-align:left;white-space:nowrap}
table.key td.n{text-align:right}
table.key span.sw{display:inline-block;width:12px;height:12px;border:1px solid #555;vertical-align:middle}
p.failed{color:#d00;font-weight:bold}
h2{font-size:16px;margin:24px 0 4px}
pre{background:#f4f4f4;padding:8px;overflow-x:auto;font-size:12px}
details{margin:0 0 12px}
#tip{position:absolute;display:none;background:#fffff0;border:1px solid #888;padding:4px 6px;font-size:12px;white-space:pre;pointer-events:none;box-shadow:1px 1px 3px #aaa}`

// WriteHTML writes a self-contained page: per function its panels, each
// with hover text on every buffer, and the text table under a disclosure;
// no external resources.
func (r *Report) WriteHTML(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>%s memory report: %s</title>\n", esc(r.Tool), esc(r.Input))
	fmt.Fprintf(bw, "<style>\n%s\n</style>\n</head><body>\n", htmlStyle)
	fmt.Fprintf(bw, "<h1>%s memory report</h1>\n<p>%s", esc(r.Tool), esc(r.Input))
	if r.Target != "" {
		fmt.Fprintf(bw, " &middot; target %s", esc(r.Target))
	}
	io.WriteString(bw, "</p>\n")
	if r.panels() == 0 {
		io.WriteString(bw, "<p>No memory was planned.</p>\n")
	}
	k := 0
	anchors := map[string]int{}
	for _, f := range r.Functions {
		fmt.Fprintf(bw, "<h2>@%s &middot; %s%s</h2>\n", esc(f.Name), esc(f.Pass), esc(algSuffix(f.Algorithm)))
		if f.Failed != "" {
			fmt.Fprintf(bw, "<p class=\"failed\">FAILED: %s</p>\n", esc(f.Failed))
		}
		for i := range f.Spaces {
			s := &f.Spaces[i]
			g := layout(&f, s, 0)
			id := fmt.Sprintf("hover-%d", k)
			k++
			fmt.Fprintf(bw, `<svg class="panel" id="%s" xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="sans-serif" font-size="11" data-hover="%s">`+"\n",
				esc(anchor(f.Name, f.Pass, s.Name, anchors)), num(svgW), num(g.height), num(svgW), num(g.height), id)
			writePanel(bw, &f, s, g)
			io.WriteString(bw, `<path class="hl" d="" fill="none" stroke="#000" stroke-width="2" pointer-events="none"/>`+"\n</svg>\n")
			hd := hoverData{Boxes: make([][5]float64, len(g.boxes)), Text: make([]string, len(s.Buffers))}
			for j, bx := range g.boxes {
				hd.Boxes[j] = [5]float64{bx.x, bx.y, bx.w, bx.h, float64(bx.buf)}
			}
			for j := range s.Buffers {
				hd.Text[j] = hoverText(&s.Buffers[j])
			}
			g.hoverPoints(&f, &hd)
			data, err := json.Marshal(hd) // escapes <, > and &: safe inside <script>
			if err != nil {
				return err
			}
			fmt.Fprintf(bw, "<script type=\"application/json\" id=\"%s\">%s</script>\n", id, data)
			writeHTMLKey(bw, s, &f)
			var table strings.Builder
			writeSpaceText(&table, s)
			fmt.Fprintf(bw, "<details><summary>%s: table of %s</summary>\n<pre>%s</pre></details>\n", esc(s.Name), plural(len(s.Buffers), "buffer"), esc(table.String()))
		}
	}
	fmt.Fprintf(bw, "<div id=\"tip\"></div>\n<script>\n%s\n</script>\n</body></html>\n", hoverScript)
	return bw.Flush()
}

// writeHTMLKey writes the legend of a panel: per buffer its number (as
// small rectangles show it), colour, name, size, address range, lifetime,
// source location, the tiles it holds and the loops it lives across; then
// why pairs were kept apart.
func writeHTMLKey(w io.Writer, s *Space, f *Function) {
	colors := spaceColors(s)
	// The holds and lives-across columns only when some buffer has them.
	holds, across := false, false
	for k := range s.Buffers {
		holds = holds || len(otherMembers(&s.Buffers[k])) > 0
		across = across || len(s.Buffers[k].AcrossLoops) > 0
	}
	cols := 7
	io.WriteString(w, "<table class=\"key\"><tr><th>#</th><th></th><th>buffer</th><th>size</th><th>addresses</th><th>lifetime</th><th>location</th>")
	if holds {
		io.WriteString(w, "<th>holds</th>")
		cols++
	}
	if across {
		io.WriteString(w, "<th>lives across iterations of</th>")
		cols++
	}
	io.WriteString(w, "</tr>\n")
	for k := range s.Buffers {
		if k == maxKeyRows {
			fmt.Fprintf(w, "<tr><td colspan=\"%d\">... %d more buffers (the table below and the .json report list them)</td></tr>\n", cols, len(s.Buffers)-maxKeyRows)
			break
		}
		b := &s.Buffers[k]
		fmt.Fprintf(w, "<tr><td class=\"n\">%d</td><td><span class=\"sw\" style=\"background:%s\"></span></td><td>%s</td><td>%s</td><td>[%d, %d)</td><td>%s</td><td>%s</td>",
			k+1, palette[colors[k]], esc(b.Name), esc(human(b.Size)), b.Offset, b.End, esc(formatLive(b.Live)), esc(b.Loc))
		if holds {
			fmt.Fprintf(w, "<td>%s</td>", esc(strings.Join(b.Members, ", ")))
		}
		if across {
			fmt.Fprintf(w, "<td>%s</td>", esc(acrossText(f, b)))
		}
		io.WriteString(w, "</tr>\n")
	}
	io.WriteString(w, "</table>\n")
	if len(s.Refused) > 0 {
		fmt.Fprintf(w, "<details><summary>why not shared: %s kept apart (%s)</summary>\n<table class=\"key\"><tr><th>buffers</th><th>reasons</th><th>where</th></tr>\n", plural(int(s.RefusedTotal), "pair"), esc(countsText(s.RefusedCounts)))
		for k, p := range s.Refused {
			if k == maxKeyRows {
				fmt.Fprintf(w, "<tr><td colspan=\"3\">... %d more listed pairs (the .json report lists them)</td></tr>\n", len(s.Refused)-maxKeyRows)
				break
			}
			why := strings.Join(p.Reasons, ", ")
			if p.Detail != "" {
				why += " (" + p.Detail + ")"
			}
			fmt.Fprintf(w, "<tr><td>%s / %s</td><td>%s</td><td>%s</td></tr>\n", esc(p.A), esc(p.B), esc(why), esc(p.At))
		}
		if s.RefusedOmitted > 0 {
			fmt.Fprintf(w, "<tr><td colspan=\"3\">... %d more pairs kept apart by their lifetimes (counted above)</td></tr>\n", s.RefusedOmitted)
		}
		io.WriteString(w, "</table></details>\n")
	}
}

// opAt is the short name of the op at program point p ("add" for
// "tile.add (k.mlir:3:8)", "create" for "tile.create: tmp of tile.row_max
// %m (k.mlir:4:8)"), or "".
func opAt(f *Function, p int64) string {
	if p < 0 || p >= int64(len(f.Points)) {
		return ""
	}
	op, _, _ := strings.Cut(f.Points[p], " (")
	op, _, _ = strings.Cut(op, ":") // "tile.create: tmp of ..." is a create
	if _, short, ok := strings.Cut(op, "."); ok {
		return short
	}
	return op
}
