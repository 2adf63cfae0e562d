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
}

func (sm *sourceMgr) line(file string, n int) (string, bool) {
	src, ok := sm.files[file]
	if !ok || n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimRight(src, "\r"), true
}

// render writes a diagnostic the way mlir-opt does:
//
//	file:line:col: error: message
//	<source line>
//	    ^
//
// followed by its notes in the same form.
func (sm *sourceMgr) render(w io.Writer, d *dialect.Diagnostic) {
	sm.renderOne(w, d.Loc, d.Severity.String(), d.Msg, 0)
	for _, n := range d.Notes {
		loc := n.Loc
		if !loc.Known() {
			loc = d.Loc
		}
		sm.renderOne(w, loc, "note", n.Msg, 0)
	}
}

func (sm *sourceMgr) renderOne(w io.Writer, loc dialect.Location, sev, msg string, underline int) {
	if !loc.Known() {
		name := loc.File
		if name == "" {
			name = "<unknown>"
		}
		fmt.Fprintf(w, "%s:0: %s: %s\n", name, sev, msg)
		return
	}
	fmt.Fprintf(w, "%s:%d:%d: %s: %s\n", loc.File, loc.Line, loc.Col, sev, msg)
	if text, ok := sm.line(loc.File, loc.Line); ok {
		fmt.Fprintln(w, text)
		pad := make([]byte, 0, loc.Col)
		for i := 0; i < loc.Col-1 && i < len(text); i++ {
			if text[i] == '\t' {
				pad = append(pad, '\t')
			} else {
				pad = append(pad, ' ')
			}
		}
		mark := "^"
		if underline > 1 {
			mark += strings.Repeat("~", underline-1)
		}
		fmt.Fprintf(w, "%s%s\n", pad, mark)
	}
}
