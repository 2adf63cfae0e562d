package driver

import (
	"fmt"
	"io"
	"strings"

	"pto-opt/dialect"
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
func (sm *sourceMgr) render(w io.Writer, d *dialect.Diagnostic) {
	sm.renderOne(w, d.Loc, d.Severity.String(), d.Msg, true)
	prev := d.Loc
	for _, n := range d.Notes {
		loc := n.Loc
		if !loc.Known() {
			loc = d.Loc
		}
		sm.renderOne(w, loc, "note", n.Msg, loc != prev)
		prev = loc
	}
}

func (sm *sourceMgr) renderOne(w io.Writer, loc dialect.Location, sev, msg string, showSource bool) {
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
func (sm *sourceMgr) renderRange(w io.Writer, loc dialect.Location, sev, msg string, width int) {
	if !loc.Known() {
		name := loc.File
		if name == "" {
			name = "<unknown>"
		}
		fmt.Fprintf(w, "%s:0: %s: %s\n", name, sev, msg)
		return
	}
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", loc.File, loc.Line, loc.Col, sev, msg)
	if width < 0 {
		return
	}
	text, ok := sm.line(loc.File, loc.Line)
	if !ok {
		return
	}
	// Mark the columns: '^' at the location, '~' over the rest of the range,
	// clipped to the line.
	col := loc.Col - 1
	if col < 0 {
		col = 0
	}
	marks := make([]byte, max(len(text), col+1))
	for i := range marks {
		marks[i] = ' '
	}
	for i := col + 1; i < col+width && i < len(text); i++ {
		marks[i] = '~'
	}
	marks[col] = '^'
	var src, caret strings.Builder
	out := 0
	for i := 0; i < len(marks); i++ {
		if i < len(text) && text[i] == '\t' {
			n := 8 - out%8
			src.WriteString(strings.Repeat(" ", n))
			caret.WriteString(strings.Repeat(string(marks[i]), n))
			out += n
			continue
		}
		if i < len(text) {
			src.WriteByte(text[i])
		}
		caret.WriteByte(marks[i])
		out++
	}
	fmt.Fprintln(w, src.String())
	fmt.Fprintln(w, strings.TrimRight(caret.String(), " "))
}
