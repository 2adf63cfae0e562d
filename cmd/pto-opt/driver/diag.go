package driver

import (
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// sourceMgr keeps the input text so diagnostics can quote the line.
type sourceMgr struct {
	files map[string]string
	// lineStarts caches the byte offset of each line, per file.
	lineStarts map[string][]int
}

func newSourceMgr() *sourceMgr {
	return &sourceMgr{files: map[string]string{}, lineStarts: map[string][]int{}}
}

func (sm *sourceMgr) add(name, text string) {
	sm.files[name] = text
	delete(sm.lineStarts, name)
}

func (sm *sourceMgr) line(file string, n int) (string, bool) {
	src, ok := sm.files[file]
	if !ok || n < 1 {
		return "", false
	}
	starts, ok := sm.lineStarts[file]
	if !ok {
		starts = []int{0}
		for i := 0; i < len(src); i++ {
			if src[i] == '\n' {
				starts = append(starts, i+1)
			}
		}
		sm.lineStarts[file] = starts
	}
	if n > len(starts) {
		return "", false
	}
	text := src[starts[n-1]:]
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimRight(text, "\r"), true
}

// render writes a diagnostic the way mlir-opt does:
//
//	file:line:col: error: message
//	<source line>
//	    ^
//
// followed by its notes in the same form; like MLIR, a note repeats the
// source line only when its location differs from the previous one.
func (sm *sourceMgr) render(w io.Writer, d *ir.Diagnostic) {
	sm.renderOne(w, d.Loc, d.Severity.String(), tidyLocations(d.Msg, d.Loc), true)
	prev := d.Loc
	for _, n := range d.Notes {
		loc := n.Loc
		if !loc.Known() {
			loc = d.Loc
		}
		sm.renderOne(w, loc, "note", n.Msg, !loc.Same(prev))
		prev = loc
	}
}

func (sm *sourceMgr) renderOne(w io.Writer, loc ir.Location, sev, msg string, showSource bool) {
	if !showSource {
		sm.renderRange(w, loc, sev, msg, -1)
		return
	}
	sm.renderRange(w, loc, sev, msg, 0)
}

// renderRange prints a diagnostic whose caret is followed by a range of
// width characters underlined with '~' (0 or 1: the caret alone; negative:
// no source line at all), as LLVM's SourceMgr does: tabs in the source
// line are expanded to 8-column stops and the caret line follows them.
func (sm *sourceMgr) renderRange(w io.Writer, loc ir.Location, sev, msg string, width int) {
	if !loc.Known() {
		name := loc.FileName()
		if name == "" {
			name = "<unknown>"
		}
		fmt.Fprintf(w, "%s:0: %s: %s\n", name, sev, msg)
		return
	}
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", loc.FileName(), loc.Line, loc.Col, sev, msg)
	if width < 0 {
		return
	}
	text, ok := sm.line(loc.FileName(), int(loc.Line))
	if !ok {
		return
	}
	// The source line, tabs expanded; then '^' at the location and '~'
	// over the rest of the range, clipped to the line. The caret line
	// ends at the last mark, so a diagnostic on a long line costs the
	// line once, not a copy of it per mark.
	col := max(int(loc.Col)-1, 0)
	if !strings.ContainsRune(text, '\t') {
		fmt.Fprintln(w, text)
	} else {
		fmt.Fprintln(w, expandTabs(text))
	}
	end := col + 1
	if width > 1 {
		end = max(end, min(col+width, len(text)))
	}
	var caret strings.Builder
	out := 0
	for i := 0; i < end; i++ {
		mark := byte(' ')
		switch {
		case i == col:
			mark = '^'
		case i > col:
			mark = '~'
		}
		n := 1
		if i < len(text) && text[i] == '\t' {
			n = 8 - out%8
		}
		for range n {
			caret.WriteByte(mark)
		}
		out += n
	}
	fmt.Fprintln(w, caret.String())
}

// expandTabs replaces tabs by spaces up to the next 8-column stop.
func expandTabs(text string) string {
	var b strings.Builder
	out := 0
	for i := 0; i < len(text); i++ {
		if text[i] == '\t' {
			n := 8 - out%8
			b.WriteString(strings.Repeat(" ", n))
			out += n
			continue
		}
		b.WriteByte(text[i])
		out++
	}
	return b.String()
}

// tidyLocations drops what the message repeats of where it is: " at LOC"
// where LOC is the diagnostic's own location (printed in front already),
// and a location said twice in a row (" at f.mlir:3:4 at f.mlir:3:4"),
// which composed messages (an op described inside another's message)
// produce.
func tidyLocations(msg string, loc ir.Location) string {
	if loc.Known() {
		self := " at " + loc.String()
		for {
			i := strings.Index(msg, self)
			if i < 0 {
				break
			}
			// Only a whole location: not a prefix of f.mlir:3:45.
			end := i + len(self)
			if end < len(msg) && msg[end] >= '0' && msg[end] <= '9' {
				break
			}
			msg = msg[:i] + msg[end:]
		}
	}
	return dropRepeats(msg)
}

var atLocRE = regexp.MustCompile(` at [^ :]+:\d+:\d+`)

// dropRepeats removes a " at LOC" that directly follows the same one.
func dropRepeats(msg string) string {
	var out strings.Builder
	last, prevEnd, prev := 0, -1, ""
	for _, m := range atLocRE.FindAllStringIndex(msg, -1) {
		cur := msg[m[0]:m[1]]
		if m[0] == prevEnd && cur == prev {
			out.WriteString(msg[last:m[0]])
			last = m[1]
		}
		prevEnd, prev = m[1], cur
	}
	out.WriteString(msg[last:])
	return out.String()
}
