package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The parts of a panel around the plot: the op at each program point under
// the x axis, the loops under those, the names of buffers too thin to hold
// one, and the key.

const (
	// minOpColumn is the least width in px of one program point for every
	// point to get its op; below it only the ticks' points do, and the
	// others say theirs when pointed at.
	minOpColumn = 11.0
	// maxOpBand caps the height of the turned op names.
	maxOpBand = 110.0
	// maxPointTitles caps the program points that get a pointer target
	// under the axis saying their op.
	maxPointTitles = 5000
	loopRowH       = 18.0
	keyCols        = 4
	// maxCallouts caps the names placed beside thin rectangles, and
	// maxSVGKeyRows the key's entries in an SVG panel (an HTML page's
	// key table has maxKeyRows): beyond, the .txt, .json and .html
	// reports list the buffers.
	maxCallouts     = 100
	maxCalloutTries = 4 * maxCallouts // buffers tried, placed or not
	maxSVGKeyRows   = 100
	keyWidth        = plotW + marginR - 20
	keyIndent       = 34.0 // number and colour swatch
	keyRowH         = 15.0
	keyLegendH      = 20.0
	// loopColor draws the loops and the outlines of the buffers living
	// across them.
	loopColor = "#3366cc"
)

// axisLayout places the x axis's texts.
type axisLayout struct {
	perPoint bool    // every shown point gets its op
	turned   bool    // the op names are turned to run downwards
	opTop    float64 // top of the op names
	opBand   float64 // their height
	loopTop  float64 // top of the loop rows
	titleY   float64 // the axis title's baseline
}

// callout names a buffer beside its rectangle: the text's baseline at
// (x, y), centred, and a leader from the text to the rectangle.
type callout struct {
	buf           int
	text          string
	x, y          float64
	lx0, ly0, lx1 float64
	ly1           float64
	spot          [4]float64
}

// keyLayout places the key under the axis title.
type keyLayout struct {
	on   bool
	top  float64
	cols int
	rows int
	more int // buffers left out of the key (maxKeyRows)
}

// column is the width in px of one program point.
func (g *geometry) column() float64 {
	return plotW / math.Max(float64(g.hi)-float64(g.lo), 1)
}

// layoutAxis decides how the ops are shown and where the loops go. With
// room, every point gets its op (turned when the names are wider than a
// point); without, the tick points do. Ticks fall on every point when the
// numbers fit.
func (g *geometry) layoutAxis(f *Function) {
	plotBot := g.panelTop + marginT + plotH
	a := &g.axis
	a.opTop = plotBot + 20
	hasOps := f != nil && len(f.Points) > 0
	col := g.column()
	if hasOps {
		a.perPoint = col >= minOpColumn
		if col >= 20 {
			g.xStep = 1
		}
		widest := 0.0
		g.shownPoints(func(p int64) {
			widest = math.Max(widest, opWidth(opAt(f, p)))
		})
		space := col - 2
		if !a.perPoint {
			space = col * float64(g.xStep)
		}
		a.turned = widest > space
		a.opBand = 12
		if a.turned {
			a.opBand = math.Min(widest, maxOpBand) + 6
		}
	}
	a.loopTop = a.opTop + a.opBand
	if f != nil {
		g.loopRows = loopRows(f.Loops, g.lo, g.hi)
	}
	a.titleY = a.loopTop + float64(len(g.loopRows))*loopRowH + 12
}

// opWidth is the width of an op name in the 9px font of the axis.
func opWidth(op string) float64 { return textWidth(op) * 0.9 }

// shownPoints calls fn on the points whose op the axis writes.
func (g *geometry) shownPoints(fn func(int64)) {
	if g.axis.perPoint || g.xStep == 1 {
		ticks(g.lo, g.hi-1, 1, fn)
		return
	}
	ticks(ceilSat(g.lo, g.xStep), g.hi-1, g.xStep, fn)
}

// loopRows spreads the loops that show between lo and hi over rows, a
// loop in the first row where it overlaps none: nested loops stack, loops
// one after the other share a row.
func loopRows(loops []Loop, lo, hi int64) [][]int {
	var rows [][]int
next:
	for k, l := range loops {
		if l.Span[1] <= lo || l.Span[0] >= hi || l.Span[0] >= l.Span[1] {
			continue
		}
		for r, row := range rows {
			free := true
			for _, j := range row {
				if o := loops[j].Span; o[0] < l.Span[1] && l.Span[0] < o[1] {
					free = false
					break
				}
			}
			if free {
				rows[r] = append(rows[r], k)
				continue next
			}
		}
		rows = append(rows, []int{k})
	}
	return rows
}

// xTitle says what the numbers on the x axis are.
func (g *geometry) xTitle(f *Function) string {
	shown := fmt.Sprintf("points %d to %d shown", g.lo, g.hi-1)
	if len(f.Points) == 0 {
		return "program point (the problem's time steps; a buffer holds its bytes over [start, end)); " + shown
	}
	return fmt.Sprintf("program point: the op's place in @%s's op order, 0 = the func.func; %s", f.Name, shown)
}

// writeOps writes the op at each shown point under the axis, with the
// whole entry (op and location) as its title, and in the coarse mode a
// pointer target per point saying its op.
func (g *geometry) writeOps(w io.Writer, f *Function) {
	if len(f.Points) == 0 {
		return
	}
	a := &g.axis
	col := g.column()
	maxChars := int(math.Floor((maxOpBand - 6) / (6 * 0.9)))
	g.shownPoints(func(p int64) {
		op := opAt(f, p)
		if op == "" {
			return
		}
		title := fmt.Sprintf("<title>point %d: %s</title>", p, esc(f.Points[p]))
		cx := g.x(p) + col/2
		if !a.turned {
			fmt.Fprintf(w, `<text class="xop" x="%s" y="%s" text-anchor="middle" font-size="9" fill="#555">%s%s</text>`+"\n", num(cx), num(a.opTop+8), title, esc(op))
			return
		}
		if len([]rune(op)) > maxChars {
			op = string([]rune(op)[:maxChars-1]) + "…"
		}
		x, y := cx+3, a.opTop
		fmt.Fprintf(w, `<text class="xop" x="%s" y="%s" text-anchor="end" font-size="9" fill="#555" transform="rotate(-90 %s %s)">%s%s</text>`+"\n", num(x), num(y), num(x), num(y), title, esc(op))
	})
	if a.perPoint || !g.key.on {
		return
	}
	// Too many points for a name each: in a standalone SVG each point's
	// column under the axis says its op when pointed at (an HTML page's
	// tooltip names the point under the pointer).
	n := 0
	ticks(g.lo, g.hi-1, 1, func(p int64) {
		if n == maxPointTitles || p < 0 || p >= int64(len(f.Points)) {
			return
		}
		n++
		fmt.Fprintf(w, `<rect class="point" x="%s" y="%s" width="%s" height="%s" fill="transparent"><title>point %d: %s</title></rect>`+"\n",
			num(g.x(p)), num(a.opTop-20), num(math.Max(col, 0.1)), num(a.opBand+20), p, esc(f.Points[p]))
	})
}

// writeLoops shades each loop's points in the plot and draws, under the
// axis, a bracket over them naming the loop and the buffers living across
// its iterations.
func (g *geometry) writeLoops(w io.Writer, f *Function, s *Space) {
	plotTop := g.panelTop + marginT
	for r, row := range g.loopRows {
		for _, k := range row {
			l := f.Loops[k]
			x0, x1 := g.x(max(l.Span[0], g.lo)), g.x(min(l.Span[1], g.hi))
			fmt.Fprintf(w, `<rect class="loop-span" x="%s" y="%s" width="%s" height="%s" fill="`+loopColor+`" fill-opacity="0.06"/>`+"\n", num(x0), num(plotTop), num(x1-x0), num(plotH))
			y := g.axis.loopTop + float64(r)*loopRowH + 4
			text := loopText(l, carriedBy(s, k))
			fmt.Fprintf(w, `<g class="loop"><title>%s</title><path d="M%s %sV%sH%sV%s" stroke="`+loopColor+`" stroke-width="1.5" fill="none"/>`,
				esc(text), num(x0+1), num(y-3), num(y), num(x1-1), num(y-3))
			short := text
			if room := int((x1 - x0 - 6) / 6); len([]rune(short)) > room {
				short = "↻"
				if room > 2 {
					short = string([]rune(text)[:room-1]) + "…"
				}
			}
			fmt.Fprintf(w, `<text x="%s" y="%s" fill="`+loopColor+`" font-size="10">%s</text></g>`+"\n", num(x0+3), num(y+11), esc(short))
		}
	}
}

// loopText names a loop and the buffers that live across its
// iterations, most telling first, so a cut-short bracket keeps that.
func loopText(l Loop, carried []string) string {
	t := "↻ " + l.Op
	if len(carried) > 0 {
		t += " · across iterations: " + strings.Join(carried, ", ")
	} else {
		t += " · no buffer lives across iterations"
	}
	t += fmt.Sprintf(" · points %d to %d", l.Span[0], l.Span[1]-1)
	if l.Loc != "" {
		t += " · " + l.Loc
	}
	return t
}

// carriedBy lists the buffers that live across loop k.
func carriedBy(s *Space, k int) []string {
	var out []string
	for i := range s.Buffers {
		for _, j := range s.Buffers[i].AcrossLoops {
			if j == k {
				out = append(out, s.Buffers[i].Name)
				break
			}
		}
	}
	return out
}

// acrossText names the loops a buffer lives across.
func acrossText(f *Function, b *Buffer) string {
	var parts []string
	for _, k := range b.AcrossLoops {
		if k >= 0 && k < len(f.Loops) {
			l := f.Loops[k]
			parts = append(parts, strings.TrimSpace(l.Op+" "+l.Loc))
		}
	}
	return strings.Join(parts, "; ")
}

// writeCarried outlines, dashed, the rectangles of buffers that live
// across a loop's iterations.
func (g *geometry) writeCarried(w io.Writer, s *Space) {
	var d strings.Builder
	for _, bx := range g.boxes {
		if len(s.Buffers[bx.buf].AcrossLoops) > 0 {
			fmt.Fprintf(&d, "M%s %sh%sv%sh-%sz", num(bx.x+1), num(bx.y+1), num(max(bx.w-2, 0)), num(max(bx.h-2, 0)), num(max(bx.w-2, 0)))
		}
	}
	if d.Len() > 0 {
		fmt.Fprintf(w, `<path class="carried" d="%s" fill="none" stroke="`+loopColor+`" stroke-width="2" stroke-dasharray="6 3"/>`+"\n", d.String())
	}
}

// placeCallouts names, beside its rectangle, every buffer that has
// neither a label nor a number on it: above or below the rectangle,
// shifted sideways until it clears the labels and callouts already
// placed, with its number when its name finds no room. The key lists
// every buffer, so a number is enough to find it.
func (g *geometry) placeCallouts(s *Space, widest map[int]int, named map[int]bool, spots [][4]float64) {
	plotTop, plotBot := g.panelTop+marginT, g.panelTop+marginT+plotH
	var bufs []int
	for buf := range widest {
		if !named[buf] {
			bufs = append(bufs, buf)
		}
	}
	slices.Sort(bufs)
	for tried, buf := range bufs {
		// Bounded by work: a crowded plot may have room for none.
		if len(g.callouts) == maxCallouts || tried == maxCalloutTries {
			return
		}
		bx := g.boxes[widest[buf]]
		b := &s.Buffers[buf]
		short := b.Name
		if o := otherMembers(b); len(o) > 0 {
			short += fmt.Sprintf(" +%d", len(o))
		}
	try:
		// Clear of other rectangles if it can be, else over them (with
		// its halo) but never over another label.
		for _, clear := range []bool{true, false} {
			for _, text := range []string{short, strconv.Itoa(buf + 1)} {
				if c, ok := g.findCallout(bx, text, spots, plotTop, plotBot, clear); ok {
					c.buf = buf
					g.callouts = append(g.callouts, c)
					spots = append(spots, c.spot)
					break try
				}
			}
		}
	}
}

// overBoxes reports whether spot covers part of any rectangle but those
// of buffer own.
func (g *geometry) overBoxes(spot [4]float64, own int) bool {
	for _, bx := range g.boxes {
		if bx.buf != own && spot[0] < bx.x+bx.w && bx.x < spot[2] && spot[1] < bx.y+bx.h && bx.y < spot[3] {
			return true
		}
	}
	return false
}

// findCallout looks for room for text near box bx: above it, then below
// it, at the box's centre, then shifted sideways step by step; clear
// asks for room over no other buffer's rectangle.
func (g *geometry) findCallout(bx box, text string, spots [][4]float64, plotTop, plotBot float64, clear bool) (callout, bool) {
	tw := textWidth(text) * 0.9
	cx := bx.x + bx.w/2
	for _, shift := range []float64{0, 1, -1, 2, -2, 3, -3, 4, -4} {
		x := cx + shift*(tw+6)
		x = math.Max(marginL+tw/2+2, math.Min(marginL+plotW-tw/2-2, x))
		for _, above := range []bool{true, false} {
			var y, edge float64
			if above {
				y, edge = bx.y-8, bx.y
				if y-10 < plotTop {
					continue
				}
			} else {
				y, edge = bx.y+bx.h+16, bx.y+bx.h
				if y+2 > plotBot {
					continue
				}
			}
			spot := [4]float64{x - tw/2 - 1, y - 10, x + tw/2 + 1, y + 2}
			if clashes(spot, spots) || clear && g.overBoxes(spot, bx.buf) {
				continue
			}
			ly := spot[3]
			if !above {
				ly = spot[1]
			}
			return callout{text: text, x: x, y: y, lx0: x, ly0: ly, lx1: math.Max(bx.x, math.Min(bx.x+bx.w, x)), ly1: edge, spot: spot}, true
		}
	}
	return callout{}, false
}

// writeCallouts writes the names placed beside their rectangles: the
// white halo that keeps them legible is the group's, which each leader
// overrides.
func (g *geometry) writeCallouts(w io.Writer, s *Space) {
	if len(g.callouts) == 0 {
		return
	}
	io.WriteString(w, `<g class="callouts" font-size="9" text-anchor="middle"`+halo+">\n")
	for _, c := range g.callouts {
		fmt.Fprintf(w, `<g class="callout" data-buffer="%s"><path d="M%s %sL%s %s" stroke="#555" stroke-width="0.8"/><text x="%s" y="%s">%s</text></g>`+"\n",
			esc(s.Buffers[c.buf].Name), num(c.lx0), num(c.ly0), num(c.lx1), num(c.ly1), num(c.x), num(c.y), esc(c.text))
	}
	io.WriteString(w, "</g>\n")
}

// layoutKey makes room under the axis for the key: a legend of the lines
// and marks, then every buffer (up to maxKeyRows) with its number, colour,
// name, size and the tiles it holds, in up to keyCols columns, as many as
// the longest entry leaves room for.
func (g *geometry) layoutKey(s *Space) {
	n := min(len(s.Buffers), maxSVGKeyRows)
	longest := 0.0
	for k := range n {
		longest = max(longest, textWidth(keyText(&s.Buffers[k])))
	}
	cols := max(1, min(keyCols, int(keyWidth/(longest+keyIndent+12))))
	g.key = keyLayout{on: true, top: g.panelTop + g.height, cols: cols, rows: (n + cols - 1) / cols, more: len(s.Buffers) - n}
	h := keyLegendH + float64(g.key.rows)*keyRowH + 12
	if g.key.more > 0 {
		h += keyRowH
	}
	g.height += h
}

// keyText is a buffer's entry in the key: name, size, the tiles it
// holds, and ↻ when it lives across a loop's iterations.
func keyText(b *Buffer) string {
	text := b.Name + " · " + human(b.Size)
	if len(otherMembers(b)) > 0 {
		text += " · holds " + strings.Join(b.Members, ", ")
	}
	if len(b.AcrossLoops) > 0 {
		text += " · ↻ lives across iterations"
	}
	return text
}

// writeKey writes the key laid out by layoutKey.
func (g *geometry) writeKey(w io.Writer, f *Function, s *Space) {
	if !g.key.on {
		return
	}
	y := g.key.top + 12
	x := marginL
	io.WriteString(w, `<g class="key">`+"\n")
	legend := func(mark, text string) {
		fmt.Fprintf(w, `%s<text x="%s" y="%s" fill="#333">%s</text>`+"\n", mark, num(x+26), num(y+4), esc(text))
		x += 26 + textWidth(text) + 18
	}
	if s.Capacity > 0 {
		legend(fmt.Sprintf(`<line x1="%s" x2="%s" y1="%s" y2="%s" stroke="#d00" stroke-width="1.5" stroke-dasharray="6 3"/>`, num(x), num(x+22), num(y), num(y)), "capacity")
	}
	legend(fmt.Sprintf(`<line x1="%s" x2="%s" y1="%s" y2="%s" stroke="#00a" stroke-width="1.5" stroke-dasharray="2 3"/>`, num(x), num(x+22), num(y), num(y)), "lower bound (no placement peaks lower)")
	if len(f.Loops) > 0 {
		legend(fmt.Sprintf(`<rect x="%s" y="%s" width="22" height="10" fill="`+loopColor+`" fill-opacity="0.15"/>`, num(x), num(y-5)), "loop (↻ under the axis)")
		legend(fmt.Sprintf(`<rect x="%s" y="%s" width="22" height="10" fill="none" stroke="`+loopColor+`" stroke-width="2" stroke-dasharray="6 3"/>`, num(x), num(y-5)), "lives across iterations")
	}
	legend(fmt.Sprintf(`<text x="%s" y="%s" font-size="9">3</text>`, num(x+8), num(y+3)), "buffer number, as below")
	fmt.Fprintln(w, `<g class="key-entries" font-size="10" stroke-width="0.5">`)
	colW := keyWidth / float64(g.key.cols)
	maxChars := int((colW - keyIndent - 4) / 6)
	for k := range s.Buffers {
		if k == maxSVGKeyRows {
			break
		}
		b := &s.Buffers[k]
		cx := marginL + float64(k%g.key.cols)*colW
		cy := g.key.top + keyLegendH + float64(k/g.key.cols)*keyRowH + 12
		text, title := keyText(b), ""
		if r := []rune(text); len(r) > maxChars {
			// Cut short: the whole entry is its title.
			title = "<title>" + esc(text) + "</title>"
			text = string(r[:max(maxChars-1, 1)]) + "…"
		}
		fmt.Fprintf(w, `<g class="key-entry">%s<text x="%s" y="%s" text-anchor="end" fill="#555">%d</text><rect x="%s" y="%s" width="10" height="10" fill="%s" stroke="#555"/><text class="key-text" x="%s" y="%s">%s</text></g>`+"\n",
			title, num(cx+16), num(cy), k+1, num(cx+20), num(cy-9), palette[g.colors[k]], num(cx+keyIndent), num(cy), esc(text))
	}
	io.WriteString(w, "</g>\n")
	if g.key.more > 0 {
		fmt.Fprintf(w, `<text x="%s" y="%s" fill="#555">... %d more buffers (the .txt, .json and .html reports list them)</text>`+"\n",
			num(marginL), num(g.key.top+keyLegendH+float64(g.key.rows)*keyRowH+12), g.key.more)
	}
	io.WriteString(w, "</g>\n")
}
