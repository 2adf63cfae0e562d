package parser

import "strings"

// Large inputs are parsed in chunks: the body of the top-level module is cut
// between top-level ops that end with a region (function bodies), and the
// chunks are lexed and parsed concurrently, each with its own participle
// parser, while one builder links them in order. participle lexes a whole
// input into one token slice before parsing; per-chunk lexing keeps that
// slice small and short-lived. The cut is a cheap textual scan, so every
// chunk is still parsed by the real grammar, and any failure falls back to
// parsing the file in one piece (which then reports the error exactly).

// span is a byte range of the source with the position of its start.
type span struct {
	from, to        int
	line, lineStart int
}

// moduleLayout is the shape of an input that is one module op.
type moduleLayout struct {
	bodyOpen  int // index of the module body's '{'
	bodyClose int // index of its matching '}'
	chunks    []span
}

const minChunk = 4 << 10

// splitSpecial marks the bytes splitModule must look at; the rest is
// skipped in a tight loop.
var splitSpecial = func() (t [256]bool) {
	for _, c := range []byte("\"/{}()[]") {
		t[c] = true
	}
	return t
}()

// splitModule finds the module body and cuts it into chunks of whole
// top-level ops. ok is false when the input does not have that shape.
func splitModule(src string) (moduleLayout, bool) {
	var lay moduleLayout
	type group struct {
		open, close int
		cuts        []int
	}
	var groups []group // brace groups at depth 0
	depth, pdepth := 0, 0
	openAt := -1
	// Boundaries inside the current depth-0 group (brace depth 1): each is
	// the start of the line where a top-level op begins.
	var cuts []int
	pendingCut := false
	for i := 0; i < len(src); i++ {
		if !pendingCut {
			for i < len(src) && !splitSpecial[src[i]] {
				i++
			}
			if i == len(src) {
				break
			}
		}
		c := src[i]
		if c == '/' && i+1 < len(src) && src[i+1] == '/' {
			if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(src)
			}
			continue
		}
		if pendingCut {
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
				continue
			}
			pendingCut = false
			// A cut is taken when the next op starts on a later line with
			// a token that can only begin an op.
			ls := strings.LastIndexByte(src[:i], '\n') + 1
			if ls > cuts[len(cuts)-1] && startsOp(src, i) {
				cuts[len(cuts)-1] = ls
			} else {
				cuts = cuts[:len(cuts)-1]
			}
		}
		switch c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				if j < len(src) && src[j] == '\n' {
					return lay, false
				}
				j++
			}
			i = j
		case '{':
			if depth == 0 {
				openAt = i
			}
			depth++
		case '}':
			depth--
			if depth < 0 {
				return lay, false
			}
			if depth == 0 {
				groups = append(groups, group{openAt, i, cuts})
				cuts = nil
			} else if depth == 1 && pdepth == 0 {
				cuts = append(cuts, i+1)
				pendingCut = true
			}
		case '(', '[':
			pdepth++
		case ')', ']':
			pdepth--
		}
	}
	if depth != 0 || len(groups) == 0 {
		return lay, false
	}
	body := groups[len(groups)-1]
	if !moduleHeader(src[:body.open]) || !onlyTrivia(src[body.close+1:]) {
		return lay, false
	}
	lay.bodyOpen, lay.bodyClose = body.open, body.close
	// Positions of the chunk starts, counting lines as we go.
	line := 1 + strings.Count(src[:body.open], "\n")
	start := span{from: body.open + 1, line: line, lineStart: strings.LastIndexByte(src[:body.open+1], '\n') + 1}
	for _, at := range body.cuts {
		if at-start.from < minChunk || at >= body.close {
			continue
		}
		start.to = at
		lay.chunks = append(lay.chunks, start)
		line += strings.Count(src[start.from:at], "\n")
		start = span{from: at, line: line, lineStart: at}
	}
	start.to = body.close
	lay.chunks = append(lay.chunks, start)
	return lay, true
}

// startsOp reports whether an op can begin at src[i]: a result name, a
// generic op name, or a bare identifier that is not a continuation keyword.
func startsOp(src string, i int) bool {
	switch c := src[i]; {
	case c == '%' || c == '"':
		return true
	case isIdentStart(c):
		j := i
		for j < len(src) && isIdentChar(src[j]) {
			j++
		}
		switch src[i:j] {
		case "else", "do", "attributes", "loc", "to", "into":
			return false
		}
		return true
	}
	return false
}

// moduleHeader accepts alias definitions then `module [@name] [attributes
// {...}]` (or builtin.module) as the text before the body.
func moduleHeader(s string) bool {
	i := 0
	for i < len(s) {
		// skip whitespace and comments
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		if i+1 < len(s) && s[i] == '/' && s[i+1] == '/' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		if i < len(s) && (s[i] == '#' || s[i] == '!') {
			// alias definition: skip to the end of the line
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		break
	}
	rest := s[i:]
	for _, kw := range []string{"module", "builtin.module"} {
		if len(rest) > len(kw) && rest[:len(kw)] == kw && !isIdentChar(rest[len(kw)]) {
			return true
		}
	}
	return false
}

// onlyTrivia accepts whitespace, comments and location alias definitions.
func onlyTrivia(s string) bool {
	i := 0
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r':
			i++
		case i+1 < len(s) && s[i] == '/' && s[i+1] == '/', s[i] == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		default:
			return false
		}
	}
	return true
}
