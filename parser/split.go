package parser

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

// splitModule finds the module body and cuts it into chunks of whole
// top-level ops. ok is false when the input does not have that shape.
func splitModule(src string) (moduleLayout, bool) {
	var lay moduleLayout
	type cut struct{ at, line, lineStart int }
	type group struct {
		open, close int
		cuts        []cut
	}
	var groups []group // brace groups at depth 0
	depth, pdepth := 0, 0
	line, lineStart := 1, 0
	openAt := -1
	// Boundaries inside the current depth-0 group (brace depth 1).
	var cuts []cut
	pendingCut := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '\n':
			line++
			lineStart = i + 1
			continue
		case ' ', '\t', '\r':
			continue
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				i--
				continue
			}
		}
		if pendingCut {
			pendingCut = false
			// A cut is taken when the next op starts on a later line with
			// a token that can only begin an op.
			if lineStart > cuts[len(cuts)-1].at && startsOp(src, i) {
				cuts[len(cuts)-1] = cut{at: lineStart, line: line, lineStart: lineStart}
			} else {
				cuts = cuts[:len(cuts)-1]
			}
		}
		if c == '"' {
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
			continue
		}
		switch c {
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
				cuts = append(cuts, cut{at: i + 1})
				pendingCut = true
			}
		case '(', '[':
			pdepth++
		case ')', ']':
			pdepth--
		}
	}
	if pendingCut {
		cuts = cuts[:len(cuts)-1]
	}
	if depth != 0 || len(groups) == 0 {
		return lay, false
	}
	body := groups[len(groups)-1]
	if !moduleHeader(src[:body.open]) || !onlyTrivia(src[body.close+1:]) {
		return lay, false
	}
	lay.bodyOpen, lay.bodyClose = body.open, body.close
	// Recompute the body's starting position.
	bl, bls := 1, 0
	for i := 0; i <= body.open; i++ {
		if src[i] == '\n' {
			bl++
			bls = i + 1
		}
	}
	start := span{from: body.open + 1, line: bl, lineStart: bls}
	for _, c := range body.cuts {
		if c.at-start.from < minChunk || c.at >= body.close {
			continue
		}
		start.to = c.at
		lay.chunks = append(lay.chunks, start)
		start = span{from: c.at, line: c.line, lineStart: c.lineStart}
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
