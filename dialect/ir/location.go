package ir

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
)

// Location is a source position used for diagnostics: a line and column
// (32-bit unsigned, as in MLIR) and the source they are in: FileName, and
// RawText, the textual location given by a trailing loc(...) in the input,
// printed back verbatim under --mlir-print-debuginfo. Every op, value and
// operand carries one, so it is kept to 16 bytes: the file name and raw
// text live in a shared, immutable record. Locations made by At share one
// record per file name, so two at the same file, line and column compare
// equal with ==; one with raw text (AtRaw, WithRaw) has a record of its
// own, and Same compares it by content. The zero Location is unknown.
type Location struct {
	src  *locSource
	Line uint32
	Col  uint32
}

// locSource is the part of a location shared by many: never modified once
// made.
type locSource struct {
	file string
	raw  string
}

// files interns the record of each file name (there are few), so that all
// locations in a file share it and compare equal. last is the record most
// recently asked for: a parser asks for the same file over and over.
var (
	files    sync.Map // string -> *locSource
	lastFile atomic.Pointer[locSource]
)

func fileSource(file string) *locSource {
	if file == "" {
		return nil
	}
	if s := lastFile.Load(); s != nil && s.file == file {
		return s
	}
	v, ok := files.Load(file)
	if !ok {
		v, _ = files.LoadOrStore(file, &locSource{file: file})
	}
	s := v.(*locSource)
	lastFile.Store(s)
	return s
}

// At is the location of line and col in file. Lines and columns are
// unsigned 32-bit numbers, as in MLIR; one out of range (no text this tool
// reads has one) is kept at the nearest bound.
func At(file string, line, col int) Location {
	return Location{src: fileSource(file), Line: clampLine(line), Col: clampLine(col)}
}

func clampLine(n int) uint32 {
	return uint32(min(max(n, 0), math.MaxUint32))
}

// FileName is the file the location is in ("" if none).
func (l Location) FileName() string {
	if l.src == nil {
		return ""
	}
	return l.src.file
}

// RawText is the loc(...) text the location was read from, if any.
func (l Location) RawText() string {
	if l.src == nil {
		return ""
	}
	return l.src.raw
}

// AtRaw is the location of line and col in file read from the loc(...)
// text raw. Its record is its own (file is not interned: loc texts can
// name any number of files).
func AtRaw(file string, line, col int, raw string) Location {
	if raw == "" {
		return At(file, line, col)
	}
	return Location{src: &locSource{file: file, raw: raw}, Line: clampLine(line), Col: clampLine(col)}
}

// WithRaw is l with raw as its loc(...) text ("" drops it).
func (l Location) WithRaw(raw string) Location {
	if raw == "" {
		l.src = fileSource(l.FileName())
	} else {
		l.src = &locSource{file: l.FileName(), raw: raw}
	}
	return l
}

// Same reports whether l and o have the same file, line, column and raw
// text. Unlike ==, it holds for locations with equal raw text read at
// different places.
func (l Location) Same(o Location) bool {
	return l.Line == o.Line && l.Col == o.Col && l.FileName() == o.FileName() && l.RawText() == o.RawText()
}

// Known reports whether the location points into a file.
func (l Location) Known() bool { return l.Line > 0 }

func (l Location) String() string {
	if !l.Known() {
		return "<unknown>"
	}
	return fmt.Sprintf("%s:%d:%d", l.FileName(), l.Line, l.Col)
}
