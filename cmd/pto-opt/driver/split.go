package driver

import (
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// defaultSplitMarker separates the chunks of -split-input-file, in the
// input and in the output.
const defaultSplitMarker = "// -----"

// chunk is one piece of a split input: text starts at byte offset start
// of the file, at line line and column col (1-based).
type chunk struct {
	text      string
	line, col int
}

// splitInput cuts src the way mlir-opt's -split-input-file does. The input
// is cut at every occurrence of the marker without its last two characters
// (so "// ---"); a piece that goes on with those two characters (and, as
// in MLIR, not with '0' after them) starts a new chunk just after the
// marker, anything else is a near miss: a warning at the piece, which stays
// in the current chunk. Like MLIR, the marker need not be a whole line, a
// longer run of dashes still splits, and a piece following an empty one
// (the input starts with the marker) keeps the marker's end.
func splitInput(src, marker, name string) ([]chunk, []*ir.Diagnostic) {
	if marker == "" {
		return []chunk{{text: src, line: 1, col: 1}}, nil
	}
	const checkLen = 2
	prefix, suffix := marker, ""
	if len(marker) > checkLen {
		prefix, suffix = marker[:len(marker)-checkLen], marker[len(marker)-checkLen:]
	}
	// Byte ranges of the pieces between occurrences of prefix.
	type piece struct{ from, to int }
	var pieces []piece
	for at := 0; ; {
		i := strings.Index(src[at:], prefix)
		if i < 0 {
			pieces = append(pieces, piece{at, len(src)})
			break
		}
		pieces = append(pieces, piece{at, at + i})
		at += i + len(prefix)
	}
	pos := newPositions(src)
	var chunks []chunk
	var warns []*ir.Diagnostic
	cur := piece{-1, -1}
	for _, p := range pieces {
		text := src[p.from:p.to]
		if cur.from < 0 || cur.to == cur.from {
			cur = p
			continue
		}
		if strings.HasPrefix(text, suffix) && len(text) > checkLen && text[checkLen] != '0' {
			chunks = append(chunks, pos.chunk(src, cur.from, cur.to))
			cur = piece{p.from + checkLen, p.to}
			continue
		}
		line, col := pos.at(p.from)
		warns = append(warns, &ir.Diagnostic{Severity: ir.SevWarning,
			Loc: ir.At(name, line, col),
			Msg: "near miss with file split marker"})
		cur.to = p.to
	}
	if cur.to > cur.from {
		chunks = append(chunks, pos.chunk(src, cur.from, cur.to))
	}
	return chunks, warns
}

// positions converts byte offsets to lines and columns.
type positions struct{ lineStarts []int }

func newPositions(src string) positions {
	starts := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return positions{starts}
}

func (p positions) at(off int) (line, col int) {
	lo, hi := 0, len(p.lineStarts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if p.lineStarts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1, off - p.lineStarts[lo] + 1
}

func (p positions) chunk(src string, from, to int) chunk {
	line, col := p.at(from)
	return chunk{text: src[from:to], line: line, col: col}
}
