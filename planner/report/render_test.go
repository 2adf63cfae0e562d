package report

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// The pictures as a user sees them: headless Chromium (Debian's chromium
// package) renders the SVG and the HTML page to PNG, and runs the page's
// hover script against a pointer on a buffer. Skipped when no chromium is
// on PATH.

func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testtool.Skip(t, "", "no chromium or chromium-browser on PATH: the pictures as a browser renders them not checked")
	return ""
}

// runChromium runs headless Chromium with flags that keep it off the
// network and out of the user's profile; it returns stdout and fails the
// test on a script error logged to the console.
func runChromium(t *testing.T, args ...string) string {
	t.Helper()
	bin := chromiumPath(t)
	// The deadline only stops a hung browser; no result depends on time.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
		"--force-device-scale-factor=1", "--enable-logging=stderr", "--v=0",
		"--user-data-dir=" + t.TempDir()}
	cmd := exec.CommandContext(ctx, bin, append(base, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.Contains(l, ":CONSOLE") && strings.Contains(l, "Uncaught") {
			t.Errorf("script error: %s", l)
		}
	}
	return stdout.String()
}

// screenshot renders file at w x h and decodes the PNG.
func screenshot(t *testing.T, file string, w, h int) image.Image {
	t.Helper()
	out := filepath.Join(t.TempDir(), "shot.png")
	runChromium(t, "--screenshot="+out, fmt.Sprintf("--window-size=%d,%d", w, h), "file://"+file)
	f, err := os.Open(out)
	if err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), w, h)
	}
	return img
}

func hexColor(s string) color.RGBA {
	var c color.RGBA
	fmt.Sscanf(s, "#%02x%02x%02x", &c.R, &c.G, &c.B)
	c.A = 255
	return c
}

// colorCounts counts the pixels of each colour.
func colorCounts(img image.Image) map[color.RGBA]int {
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			counts[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), uint8(a >> 8)}]++
		}
	}
	return counts
}

// checkRendered: the picture is not blank, and the buffers show in their
// colours over the areas their rectangles cover.
func checkRendered(t *testing.T, img image.Image, s *Space, minArea int) {
	t.Helper()
	counts := colorCounts(img)
	if len(counts) < 8 {
		t.Fatalf("screenshot has %d colours: blank or nearly", len(counts))
	}
	white := counts[color.RGBA{255, 255, 255, 255}]
	if b := img.Bounds(); white > b.Dx()*b.Dy()*95/100 {
		t.Fatalf("screenshot is %d%% white", 100*white/(b.Dx()*b.Dy()))
	}
	seen := 0
	colors := spaceColors(s)
	for k := range s.Buffers {
		if counts[hexColor(palette[colors[k]])] >= minArea {
			seen++
		}
	}
	if seen == 0 {
		t.Fatalf("no buffer colour covers %d pixels", minArea)
	}
}

func TestRenderInChromium(t *testing.T) {
	chromiumPath(t)
	dir := t.TempDir()
	cases := []struct {
		name string
		r    *Report
	}{
		{"zoom", goldenReportFile(t, "testdata/zoom.txtar")},
		{"large", largeReport(t, 1500, 5)},
		// A kernel with a loop and twenty tiles (pictures_test.go).
		{"flash_attention", flashAttention(t)},
	}
	for _, c := range cases {
		s := &c.r.Functions[0].Spaces[0]
		for _, ext := range []string{".svg", ".html"} {
			t.Run(c.name+ext, func(t *testing.T) {
				path := filepath.Join(dir, c.name+ext)
				if err := Write(path, c.r); err != nil {
					t.Fatal(err)
				}
				img := screenshot(t, path, 1200, 900)
				checkRendered(t, img, s, 400)
				if ext == ".svg" {
					checkRectangles(t, img, &c.r.Functions[0], s)
				}
				if len(c.r.Functions[0].Loops) > 0 {
					checkLoopDrawn(t, img)
				}
				if dir := os.Getenv("PTO_KEEP_SCREENSHOTS"); dir != "" {
					keepScreenshot(t, img, filepath.Join(dir, c.name+ext+".png"))
				}
			})
		}
	}
}

// TestHoverInChromium points at buffers on the HTML page (a synthetic
// mousemove at a rectangle's centre, the way the script receives a real
// one) and reads the tooltip from the DOM Chromium dumps.
func TestHoverInChromium(t *testing.T) {
	chromiumPath(t)
	r := goldenReportFile(t, "testdata/rules.txtar")
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	s := &r.Functions[0].Spaces[0]
	g := layout(&r.Functions[0], s, 0)
	for _, target := range []int{1, 2} { // %b, and %c's second interval
		k := -1
		for i, bx := range g.boxes {
			if bx.buf == target {
				k = i
			}
		}
		if k < 0 {
			t.Fatalf("buffer %d has no rectangle", target)
		}
		tip, dom := hoverTip(t, page.String(), k)
		b := &s.Buffers[target]
		if !strings.Contains(tip, "display: block") {
			t.Fatalf("tooltip not shown for %s: %s", b.Name, tip)
		}
		for _, want := range []string{b.Name, fmt.Sprintf("at [%d, %d)", b.Offset, b.End), formatLive(b.Live), b.Loc} {
			if !strings.Contains(tip, want) {
				t.Errorf("tooltip for %s lacks %q: %s", b.Name, want, tip)
			}
		}
		if !strings.Contains(dom, `<path class="hl" d="M`) {
			t.Errorf("hovered buffer %s not outlined", b.Name)
		}
	}
}

// hoverTip loads page in Chromium, moves the pointer to the centre of the
// first panel's rectangle k, and returns the tooltip element and the DOM.
func hoverTip(t *testing.T, page string, k int) (tip, dom string) {
	t.Helper()
	probe := fmt.Sprintf(`<script>
window.addEventListener("load", function () {
  var svg = document.querySelector("svg.panel");
  var d = JSON.parse(document.getElementById(svg.dataset.hover).textContent);
  var b = d.r[%d], pt = svg.createSVGPoint();
  pt.x = b[0] + b[2] / 2; pt.y = b[1] + b[3] / 2;
  var c = pt.matrixTransform(svg.getScreenCTM());
  svg.dispatchEvent(new MouseEvent("mousemove", {clientX: c.x, clientY: c.y, bubbles: true}));
});
</script>
`, k)
	html := strings.Replace(page, "</body>", probe+"</body>", 1)
	path := filepath.Join(t.TempDir(), "hover.html")
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	dom = runChromium(t, "--virtual-time-budget=5000", "--window-size=1200,900", "--dump-dom", "file://"+path)
	i := strings.Index(dom, `<div id="tip"`)
	if i < 0 {
		t.Fatalf("no tooltip element in the DOM:\n%s", dom[:min(len(dom), 500)])
	}
	tip = dom[i:]
	return tip[:strings.Index(tip, "</div>")], dom
}

// TestHoverNamesTheOpInChromium: on a kernel whose report has the op at
// each point, the tooltip also says which op the pointer is at, whatever
// the number of points.
func TestHoverNamesTheOpInChromium(t *testing.T) {
	chromiumPath(t)
	r := flashAttention(t)
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	f := &r.Functions[0]
	g := layout(f, &f.Spaces[0], 0)
	bx := g.boxes[0]
	q := g.lo + int64((bx.x+bx.w/2-marginL)/plotW*float64(g.hi-g.lo))
	tip, _ := hoverTip(t, page.String(), 0)
	if want := "pointer at " + pointTitle(f, q); !strings.Contains(tip, want) {
		t.Errorf("tooltip lacks %q: %s", want, tip)
	}
}

// checkRectangles: in the SVG, drawn at scale 1 from the page's corner,
// the pixels just inside each rectangle of the first panel (under the
// document's heading) large enough to sample have its buffer's colour.
func checkRectangles(t *testing.T, img image.Image, f *Function, s *Space) {
	t.Helper()
	g := layout(f, s, headerH)
	labelled := map[int]bool{}
	for _, i := range g.labelBoxes {
		labelled[i] = true
	}
	for _, i := range g.keyBoxes {
		labelled[i] = true // its number is in the centre
	}
	sampled, right := 0, 0
	for i, bx := range g.boxes {
		if bx.w < 5 || bx.h < 5 || bx.y+bx.h > float64(img.Bounds().Dy()) {
			continue
		}
		// The centre, or near the corner when a label is in the centre.
		x, y := int(bx.x+bx.w/2), int(bx.y+bx.h/2)
		if labelled[i] {
			x, y = int(bx.x+3), int(bx.y+3)
		}
		if underCallout(g, float64(x), float64(y)) {
			continue // a thin buffer's name, placed over this one
		}
		sampled++
		r, gr, b, _ := img.At(x, y).RGBA()
		got := color.RGBA{uint8(r >> 8), uint8(gr >> 8), uint8(b >> 8), 255}
		if got == hexColor(palette[g.colors[bx.buf]]) {
			right++
		}
	}
	// A few corners may sit under a bound line or a label.
	if sampled < 3 || right*10 < sampled*9 {
		t.Fatalf("%d of %d sampled rectangles show their buffer's colour", right, sampled)
	}
}

// underCallout reports whether (x, y) is under the name of a thin buffer
// placed beside it, or near its leader.
func underCallout(g *geometry, x, y float64) bool {
	for _, c := range g.callouts {
		sp := c.spot
		lx0, lx1 := min(c.lx0, c.lx1)-2, max(c.lx0, c.lx1)+2
		ly0, ly1 := min(c.ly0, c.ly1)-2, max(c.ly0, c.ly1)+2
		if x >= sp[0]-3 && x <= sp[2]+3 && y >= sp[1]-3 && y <= sp[3]+3 || x >= lx0 && x <= lx1 && y >= ly0 && y <= ly1 {
			return true
		}
	}
	return false
}

// checkLoopDrawn: the loop's bracket and the outline of the buffers
// living across it show in the loop colour.
func checkLoopDrawn(t *testing.T, img image.Image) {
	t.Helper()
	if n := colorCounts(img)[hexColor(loopColor)]; n < 300 {
		t.Fatalf("%d pixels of the loop colour %s: the loop is not drawn", n, loopColor)
	}
}

// keepScreenshot writes img to path, for a person to look at
// (PTO_KEEP_SCREENSHOTS=DIR).
func keepScreenshot(t *testing.T, img image.Image, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
