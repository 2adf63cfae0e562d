package report

import (
	"fmt"
	"hash/fnv"
	"html"
	"io"
	"strings"
)

// The layout picture: one panel per function and memory space, x = program
// point, y = address (growing upwards), one rectangle per buffer and live
// interval, labelled when it is large enough to hold its name, a dashed
// line at the capacity and one at the lower bound. Every rectangle carries
// a <title> (hover text: name, bytes, offset, lifetime, source location),
// so pictures stay readable with thousands of buffers.

const (
	panelW  = 1000.0 // plot width in px
	panelH  = 360.0  // plot height in px
	marginL = 90.0
	marginR = 20.0
	marginT = 40.0
	marginB = 40.0
)

func colorOf(name string) string {
	h := fnv.New32a()
	h.Write([]byte(name))
	hue := h.Sum32() % 360
	return fmt.Sprintf("hsl(%d,60%%,70%%)", hue)
}

// panels counts the function/space pairs.
func (r *Report) panels() int {
	n := 0
	for _, f := range r.Functions {
		n += len(f.Spaces)
	}
	return n
}

// WriteSVG writes a standalone SVG document.
func (r *Report) WriteSVG(w io.Writer) error {
	totalH := float64(r.panels())*(panelH+marginT+marginB) + 10
	if totalH < 60 {
		totalH = 60
	}
	width := panelW + marginL + marginR
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="11">`+"\n", width, totalH, width, totalH)
	fmt.Fprintf(w, `<rect x="0" y="0" width="%.0f" height="%.0f" fill="white"/>`+"\n", width, totalH)
	if r.panels() == 0 {
		fmt.Fprintf(w, `<text x="10" y="30">%s: no memory was planned</text>`+"\n", html.EscapeString(r.Input))
	}
	y := 0.0
	for _, f := range r.Functions {
		for _, s := range f.Spaces {
			writePanel(w, f, s, y)
			y += panelH + marginT + marginB
		}
	}
	_, err := io.WriteString(w, "</svg>\n")
	return err
}

func writePanel(w io.Writer, f Function, s Space, top float64) {
	maxPoint := int64(1)
	for _, b := range s.Buffers {
		for _, l := range b.Live {
			maxPoint = max(maxPoint, l[1])
		}
	}
	maxAddr := max(s.Peak, s.LowerBound, s.Capacity, 1)
	maxAddr += maxAddr / 20
	x := func(p int64) float64 { return marginL + float64(p)/float64(maxPoint)*panelW }
	yAt := func(a int64) float64 { return top + marginT + panelH - float64(a)/float64(maxAddr)*panelH }
	capText := "unbounded"
	if s.Capacity > 0 {
		capText = fmt.Sprintf("%d", s.Capacity)
	}
	title := fmt.Sprintf("@%s · %s · %s%s — peak %d, lower bound %d, capacity %s, saved %d",
		f.Name, s.Name, f.Pass, algSuffix(f.Algorithm), s.Peak, s.LowerBound, capText, s.BytesSaved)
	fmt.Fprintf(w, `<g class="panel" data-function="%s" data-space="%s">`+"\n", html.EscapeString(f.Name), html.EscapeString(s.Name))
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" font-size="13" font-weight="bold">%s</text>`+"\n", marginL, top+marginT-14, html.EscapeString(title))
	// axes
	fmt.Fprintf(w, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#fafafa" stroke="#999"/>`+"\n", marginL, top+marginT, panelW, panelH)
	for i := 0; i <= 4; i++ {
		a := maxAddr * int64(i) / 4
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="end" fill="#555">%d</text>`+"\n", marginL-6, yAt(a)+4, a)
		p := maxPoint * int64(i) / 4
		fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#555">%d</text>`+"\n", x(p), top+marginT+panelH+16, p)
	}
	fmt.Fprintf(w, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#555">program point</text>`+"\n", marginL+panelW/2, top+marginT+panelH+32)
	// buffers
	for _, b := range s.Buffers {
		hover := fmt.Sprintf("%s: %d bytes at [%d, %d), live %s", b.Name, b.Size, b.Offset, b.Offset+b.Size, formatLive(b.Live))
		if b.Loc != "" {
			hover += "\n" + b.Loc
		}
		if len(b.Members) > 0 {
			hover += "\nholds " + strings.Join(b.Members, ", ")
		}
		for _, l := range b.Live {
			x0, x1 := x(l[0]), x(l[1])
			y0, y1 := yAt(b.Offset+b.Size), yAt(b.Offset)
			wd, ht := max(x1-x0, 1), max(y1-y0, 1)
			fmt.Fprintf(w, `<rect class="buffer" x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="#333" stroke-width="0.5"><title>%s</title></rect>`+"\n",
				x0, y0, wd, ht, colorOf(b.Name), html.EscapeString(hover))
			if wd > float64(len(b.Name))*6+4 && ht > 12 {
				fmt.Fprintf(w, `<text x="%.2f" y="%.2f" text-anchor="middle" pointer-events="none">%s</text>`+"\n", x0+wd/2, y0+ht/2+4, html.EscapeString(b.Name))
			}
		}
	}
	// capacity and lower bound
	if s.Capacity > 0 {
		fmt.Fprintf(w, `<line class="capacity" x1="%.1f" x2="%.1f" y1="%.2f" y2="%.2f" stroke="#d00" stroke-dasharray="6 3"/>`+"\n", marginL, marginL+panelW, yAt(s.Capacity), yAt(s.Capacity))
		fmt.Fprintf(w, `<text x="%.1f" y="%.2f" fill="#d00" text-anchor="end">capacity %d</text>`+"\n", marginL+panelW-4, yAt(s.Capacity)-4, s.Capacity)
	}
	fmt.Fprintf(w, `<line class="lower-bound" x1="%.1f" x2="%.1f" y1="%.2f" y2="%.2f" stroke="#00a" stroke-dasharray="2 3"/>`+"\n", marginL, marginL+panelW, yAt(s.LowerBound), yAt(s.LowerBound))
	fmt.Fprintf(w, `<text x="%.1f" y="%.2f" fill="#00a">lower bound %d</text>`+"\n", marginL+4, yAt(s.LowerBound)-4, s.LowerBound)
	fmt.Fprintln(w, "</g>")
}

func algSuffix(a string) string {
	if a == "" {
		return ""
	}
	return " " + a
}

// WriteHTML writes a self-contained page: the pictures inline (hover text
// on every buffer) and the text table, no external resources.
func (r *Report) WriteHTML(w io.Writer) error {
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s memory report: %s</title>\n", html.EscapeString(r.Tool), html.EscapeString(r.Input))
	io.WriteString(w, `<style>body{font-family:sans-serif;margin:16px}svg{display:block;margin-bottom:12px}rect.buffer:hover{stroke:#000;stroke-width:2}pre{background:#f4f4f4;padding:8px}</style>`+"\n</head><body>\n")
	fmt.Fprintf(w, "<h1>%s memory report</h1>\n<p>%s", html.EscapeString(r.Tool), html.EscapeString(r.Input))
	if r.Target != "" {
		fmt.Fprintf(w, " &middot; target %s", html.EscapeString(r.Target))
	}
	io.WriteString(w, "</p>\n")
	if err := r.WriteSVG(w); err != nil {
		return err
	}
	io.WriteString(w, "<h2>Table</h2>\n<pre>")
	var sb strings.Builder
	r.WriteText(&sb)
	io.WriteString(w, html.EscapeString(sb.String()))
	_, err := io.WriteString(w, "</pre>\n</body></html>\n")
	return err
}
