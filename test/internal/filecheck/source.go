package filecheck

import (
	"bytes"
	"fmt"
	"strings"
)

// srcBuf is one buffer diagnostics can point into: the check file, the input,
// or the synthetic buffers FileCheck makes for command-line patterns.
type srcBuf struct {
	name string
	text []byte
}

// loc is a position in a buffer; buf == nil means "no location".
type loc struct {
	buf *srcBuf
	off int
}

// span is a half-open byte range of a buffer.
type span struct{ start, end int }

type diagKind int

const (
	diagErrorKind diagKind = iota
	diagWarning
	diagRemark
	diagNote
)

var diagKindText = [...]string{"error: ", "warning: ", "remark: ", "note: "}

// canonicalize is FileCheck::CanonicalizeFile: CRLF becomes LF and, unless
// strict, every run of spaces and tabs becomes a single space.  Both the check
// file and the input go through it, and diagnostics show the result.
func canonicalize(in []byte, strict bool) []byte {
	out := make([]byte, 0, len(in))
	for i := 0; i < len(in); i++ {
		c := in[i]
		if c == '\r' && i+1 < len(in) && in[i+1] == '\n' {
			continue
		}
		if strict || (c != ' ' && c != '\t') {
			out = append(out, c)
			continue
		}
		out = append(out, ' ')
		for i+1 < len(in) && (in[i+1] == ' ' || in[i+1] == '\t') {
			i++
		}
	}
	return out
}

// lineCol mirrors SourceMgr::getLineAndColumn: lines are counted by '\n', the
// column restarts after either '\n' or '\r'.  Both are 1-based.
func (b *srcBuf) lineCol(off int) (int, int) {
	line := 1 + bytes.Count(b.text[:off], []byte{'\n'})
	nl := bytes.LastIndexAny(b.text[:off], "\n\r")
	return line, off - nl
}

// printMessage renders a diagnostic the way SMDiagnostic::print does without
// colors: "name:line:col: kind: msg", the source line with tabs expanded, and
// a caret line with '~' under ranges.
func printMessage(w *strings.Builder, l loc, kind diagKind, msg string, ranges ...span) {
	if l.buf == nil {
		w.WriteString(diagKindText[kind])
		w.WriteString(msg)
		w.WriteByte('\n')
		return
	}
	text := l.buf.text
	line, col := l.buf.lineCol(l.off)
	fmt.Fprintf(w, "%s:%d:%d: %s%s\n", l.buf.name, line, col, diagKindText[kind], msg)

	start := l.off
	for start > 0 && text[start-1] != '\n' && text[start-1] != '\r' {
		start--
	}
	end := l.off
	for end < len(text) && text[end] != '\n' && text[end] != '\r' {
		end++
	}
	content := text[start:end]
	column := l.off - start

	nonASCII := false
	for _, c := range content {
		if c >= 0x80 {
			nonASCII = true
			break
		}
	}
	writeSourceLine(w, content)
	if nonASCII {
		// SourceMgr cannot place carets under multi-byte text, so it stops
		// after the source line.
		return
	}

	caret := bytes.Repeat([]byte{' '}, len(content)+1)
	for _, r := range ranges {
		if r.start > end || r.end < start {
			continue
		}
		rs, re := max(r.start, start), min(r.end, end)
		for i := rs - start; i < min(re-start, len(caret)); i++ {
			caret[i] = '~'
		}
	}
	if column <= len(content) {
		caret[column] = '^'
	} else {
		caret[len(content)] = '^'
	}
	caret = bytes.TrimRight(caret, " ")
	outCol := 0
	for i, c := range caret {
		if i >= len(content) || content[i] != '\t' {
			w.WriteByte(c)
			outCol++
			continue
		}
		for {
			w.WriteByte(c)
			outCol++
			if outCol%8 == 0 {
				break
			}
		}
	}
	w.WriteByte('\n')
}

func writeSourceLine(w *strings.Builder, content []byte) {
	outCol := 0
	for _, c := range content {
		if c != '\t' {
			w.WriteByte(c)
			outCol++
			continue
		}
		for {
			w.WriteByte(' ')
			outCol++
			if outCol%8 == 0 {
				break
			}
		}
	}
	w.WriteByte('\n')
}
