package report

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/internal/atomicfile"
)

// WriteJSON writes the report as JSON (see the package comment for the
// fields), indented down to the lists of a space, whose items (buffers,
// pairs) take one line each. Version is always the package's.
func (r *Report) WriteJSON(w io.Writer) error {
	c := *r
	c.Version = Version
	if c.Functions == nil {
		c.Functions = []Function{}
	}
	data, err := json.Marshal(&c)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	out.Grow(len(data) + len(data)/8)
	indentTo(&out, data, jsonIndentDepth)
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

// jsonIndentDepth is the nesting depth of the containers WriteJSON breaks
// over lines: the report, its functions, each function, its spaces, each
// space, and a space's lists; a list's items stay on one line.
const jsonIndentDepth = 6

// indentTo copies the compact JSON src to dst, putting the members of
// every object or array nested at most maxDepth deep on lines of their
// own, indented by two spaces a level.
func indentTo(dst *bytes.Buffer, src []byte, maxDepth int) {
	depth := 0
	inString, escaped := false, false
	newline := func(d int) {
		dst.WriteByte('\n')
		for range d {
			dst.WriteString("  ")
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		if inString {
			dst.WriteByte(c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			dst.WriteByte(c)
		case '{', '[':
			depth++
			dst.WriteByte(c)
			if depth <= maxDepth && i+1 < len(src) && src[i+1] != '}' && src[i+1] != ']' {
				newline(depth)
			}
		case '}', ']':
			if depth <= maxDepth && src[i-1] != '{' && src[i-1] != '[' {
				newline(depth - 1)
			}
			depth--
			dst.WriteByte(c)
		case ',':
			dst.WriteByte(c)
			if depth <= maxDepth {
				newline(depth)
			}
		case ':':
			dst.WriteByte(c)
			if depth <= maxDepth {
				dst.WriteByte(' ')
			}
		default:
			dst.WriteByte(c)
		}
	}
}

// MarshalJSON keeps the empty lists and counts of a space as [] and {}
// rather than null.
func (s Space) MarshalJSON() ([]byte, error) {
	type plain Space
	c := plain(s)
	if c.Buffers == nil {
		c.Buffers = []Buffer{}
	}
	if c.Refused == nil {
		c.Refused = []Pair{}
	}
	if c.RefusedCounts == nil {
		c.RefusedCounts = map[string]int64{}
	}
	return json.Marshal(c)
}

// MarshalJSON keeps an empty function's spaces as [].
func (f Function) MarshalJSON() ([]byte, error) {
	type plain Function
	c := plain(f)
	if c.Spaces == nil {
		c.Spaces = []Space{}
	}
	return json.Marshal(c)
}

// maxTextRules caps the rule pairs the text table lists per space.
const maxTextRules = 40

// WriteText writes a compact table per function and space: a summary
// line, one row per buffer in address order, the refused pairs by reason
// with the pairs refused by a rule, and the soft pairs.
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s memory report: %s", r.Tool, r.Input)
	if r.Target != "" {
		fmt.Fprintf(bw, " (target %s)", r.Target)
	}
	fmt.Fprintln(bw)
	if len(r.Functions) == 0 {
		fmt.Fprintln(bw, "no memory was planned")
	}
	for _, f := range r.Functions {
		fmt.Fprintf(bw, "\n@%s  %s%s\n", f.Name, f.Pass, algSuffix(f.Algorithm))
		if f.Failed != "" {
			fmt.Fprintf(bw, "  FAILED: %s\n", f.Failed)
		}
		for k, l := range f.Loops {
			fmt.Fprintf(bw, "  loop %d: %s, points %d to %d", k+1, l.Op, l.Span[0], l.Span[1]-1)
			if l.Loc != "" {
				fmt.Fprintf(bw, ", %s", l.Loc)
			}
			fmt.Fprintln(bw)
		}
		for _, s := range f.Spaces {
			writeSpaceText(bw, &s)
		}
	}
	return bw.Flush()
}

// loopNumbers names loops by their 1-based numbers in the function's
// list, as the text report's loop lines come: "loop 1, loop 2".
func loopNumbers(loops []int) string {
	parts := make([]string, len(loops))
	for i, k := range loops {
		parts[i] = fmt.Sprintf("loop %d", k+1)
	}
	return strings.Join(parts, ", ")
}

func writeSpaceText(w io.Writer, s *Space) {
	fmt.Fprintf(w, "  %s: %s\n", s.Name, summary(s))
	nameW, liveW := len("buffer"), len("lifetime")
	for _, b := range s.Buffers {
		nameW = max(nameW, min(len(b.Name), 32))
		liveW = max(liveW, min(len(formatLive(b.Live)), 24))
	}
	fmt.Fprintf(w, "    %-*s %10s %10s %10s %6s  %-*s  %s\n", nameW, "buffer", "offset", "end", "size", "align", liveW, "lifetime", "loc")
	for _, k := range byAddress(s.Buffers) {
		b := &s.Buffers[k]
		extra := b.Loc
		if b.Pinned {
			extra = strings.TrimSpace("pinned " + extra)
		}
		if len(b.Members) > 0 {
			extra = strings.TrimSpace(extra + "  holds " + strings.Join(b.Members, ", "))
		}
		if len(b.AcrossLoops) > 0 {
			extra = strings.TrimSpace(extra + "  lives across iterations of " + loopNumbers(b.AcrossLoops))
		}
		line := fmt.Sprintf("    %-*s %10d %10d %10d %6d  %-*s  %s", nameW, b.Name, b.Offset, b.End, b.Size, b.Align, liveW, formatLive(b.Live), extra)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if s.RefusedTotal > 0 {
		fmt.Fprintf(w, "    %s kept apart: %s\n", plural(int(s.RefusedTotal), "pair"), countsText(s.RefusedCounts))
		n := 0
		for _, p := range s.Refused {
			if len(p.Reasons) == 1 && p.Reasons[0] == ReasonLifetime {
				continue
			}
			if n == maxTextRules {
				n++
				break
			}
			n++
			detail := ""
			if p.Detail != "" {
				detail = " (" + p.Detail + ")"
			}
			at := ""
			if p.At != "" {
				at = "; " + p.At
			}
			fmt.Fprintf(w, "      %s / %s: %s%s%s\n", p.A, p.B, strings.Join(p.Reasons, ", "), detail, at)
		}
		if rules := ruleCount(s); n > maxTextRules {
			fmt.Fprintf(w, "      ... %d more pairs kept apart by a rule (the .json report lists them)\n", rules-maxTextRules)
		}
	}
	if len(s.Soft) > 0 {
		shared := 0
		for _, q := range s.Soft {
			if q.Shared {
				shared++
			}
		}
		fmt.Fprintf(w, "    %s (may share at a cost), %d share: reuse cost %d\n", plural(len(s.Soft), "soft pair"), shared, s.ReuseCost)
		for k, q := range s.Soft {
			if k == maxTextRules {
				fmt.Fprintf(w, "      ... %d more soft pairs (the .json report lists them)\n", len(s.Soft)-maxTextRules)
				break
			}
			how := "apart"
			if q.Shared {
				how = "shared"
			}
			fmt.Fprintf(w, "      %s / %s: cost %d, %s\n", q.A, q.B, q.Cost, how)
		}
	}
}

// ruleCount counts the listed pairs refused by a rule (not only their
// lifetimes).
func ruleCount(s *Space) int {
	n := 0
	for _, p := range s.Refused {
		if !(len(p.Reasons) == 1 && p.Reasons[0] == ReasonLifetime) {
			n++
		}
	}
	return n
}

// summary is a space's figures on one line.
func summary(s *Space) string {
	var b strings.Builder
	fmt.Fprintf(&b, "peak %s, lower bound %s, capacity ", bytesText(s.Peak), bytesText(s.LowerBound))
	if s.Capacity > 0 {
		fmt.Fprintf(&b, "%s, %s used", bytesText(s.Capacity), percent(s.Peak, s.Capacity))
	} else {
		b.WriteString("unbounded")
	}
	fmt.Fprintf(&b, ", no sharing %s, saved %s, %s", bytesText(s.NoSharing), bytesText(s.BytesSaved), plural(len(s.Buffers), "buffer"))
	return b.String()
}

// bytesText is an exact byte count, with the binary unit when it helps.
func bytesText(n int64) string {
	if h := human(n); h != fmt.Sprintf("%d B", n) {
		return fmt.Sprintf("%d B (%s)", n, h)
	}
	return fmt.Sprintf("%d B", n)
}

// human writes n bytes in the largest binary unit that leaves at least 1,
// with up to two decimals.
func human(n int64) string {
	neg := n < 0
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB"}
	u := 0
	v := math.Abs(float64(n)) // -n would wrap for math.MinInt64
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	s := strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64) + " " + units[u]
	if neg {
		return "-" + s
	}
	return s
}

func percent(a, b int64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// countsText lists the refusal counts in Reasons order.
func countsText(counts map[string]int64) string {
	var parts []string
	for _, r := range Reasons {
		if n := counts[r]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", r, n))
		}
	}
	return strings.Join(parts, ", ")
}

// byAddress orders buffers by offset, then first program point, then name.
func byAddress(bufs []Buffer) []int {
	order := make([]int, len(bufs))
	for i := range order {
		order[i] = i
	}
	first := func(b *Buffer) int64 {
		if len(b.Live) == 0 {
			return 0
		}
		return b.Live[0][0]
	}
	slices.SortStableFunc(order, func(x, y int) int {
		a, b := &bufs[x], &bufs[y]
		if c := cmp.Compare(a.Offset, b.Offset); c != 0 {
			return c
		}
		if c := cmp.Compare(first(a), first(b)); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	return order
}

func formatLive(live [][2]int64) string {
	parts := make([]string, len(live))
	for i, l := range live {
		parts[i] = fmt.Sprintf("[%d,%d)", l[0], l[1])
	}
	return strings.Join(parts, " ")
}

func algSuffix(a string) string {
	if a == "" {
		return ""
	}
	return " (" + a + ")"
}

// Formats lists the report file extensions Write accepts.
var Formats = []string{".json", ".txt", ".svg", ".html"}

// writerFor returns the writer of the format path's extension names.
func (r *Report) writerFor(path string) (func(io.Writer) error, error) {
	r = r.ordered()
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return r.WriteJSON, nil
	case ".txt":
		return r.WriteText, nil
	case ".svg":
		return r.WriteSVG, nil
	case ".html", ".htm":
		return r.WriteHTML, nil
	}
	return nil, fmt.Errorf("%s: unknown report format %q (use %s)", path, filepath.Ext(path), strings.Join(Formats, ", "))
}

// CheckPath reports whether Write knows path's format, so a tool can
// refuse a report file name before it does any work.
func CheckPath(path string) error {
	_, err := (&Report{}).writerFor(path)
	return err
}

// Render writes the report to w in the format path's extension names
// (.json, .txt, .svg, .html or .htm).
func Render(w io.Writer, path string, r *Report) error {
	write, err := r.writerFor(path)
	if err != nil {
		return err
	}
	return write(w)
}

// Write writes the report to path in the format its extension names, all
// or nothing (internal/atomicfile: a special file such as /dev/null is
// written in place, never replaced). An unknown extension is an error and
// writes nothing.
func Write(path string, r *Report) error {
	write, err := r.writerFor(path)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		return err
	}
	return atomicfile.Write(path, buf.Bytes())
}

// plural is "1 buffer", "2 buffers".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
