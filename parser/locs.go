package parser

import (
	"strconv"
	"strings"

	"pto-opt/dialect"
)

// applyLocations makes the trailing loc(...) of every op its diagnostic
// location, as MLIR does: an op printed with --mlir-print-debuginfo by an
// earlier tool reports errors at the place its producer recorded, not at
// the line of the intermediate file. Parse errors keep the position in the
// text being read (they happen before any op exists). The text is kept in
// Loc.Raw for --mlir-print-debuginfo, with its aliases (`loc(#loc3)`)
// replaced by their definitions from the file's alias table, which by then
// holds the ones mlir-opt prints after the module.
func (p *Parser) applyLocations(m *dialect.Operation) {
	r := locResolver{aliases: p.st.attrAlias}
	fix := func(l *dialect.Location) {
		if l.Raw == "" {
			return
		}
		raw := r.expand(l.Raw, 0)
		if loc, ok := resolveLoc(raw); ok {
			*l = loc
		}
		l.Raw = raw
	}
	m.Walk(func(op *dialect.Operation) bool {
		fix(&op.Loc)
		for _, reg := range op.Regions {
			for _, b := range reg.Blocks {
				for _, a := range b.Args {
					fix(&a.Loc)
				}
			}
		}
		return true
	})
}

// expand replaces alias references in location text by their definitions,
// so the text printed back under --mlir-print-debuginfo stands alone (the
// alias definitions themselves are not printed).
func (r locResolver) expand(raw string, depth int) string {
	if strings.IndexByte(raw, '#') < 0 || depth > maxLocDepth {
		return raw
	}
	var sb strings.Builder
	s := &locScanner{text: raw}
	for s.pos < len(raw) {
		switch c := raw[s.pos]; c {
		case '"':
			start := s.pos
			s.str()
			sb.WriteString(raw[start:s.pos])
		case '#':
			name := s.ident()
			a, ok := r.aliases[name].(*dialect.RawAttr)
			inner, isLoc := "", false
			if ok {
				inner, isLoc = strings.CutPrefix(a.Text, "loc(")
			}
			if !isLoc || !strings.HasSuffix(inner, ")") {
				sb.WriteString(name)
				continue
			}
			sb.WriteString(r.expand(inner[:len(inner)-1], depth+1))
		default:
			sb.WriteByte(c)
			s.pos++
		}
	}
	return sb.String()
}

type locResolver struct {
	aliases map[string]dialect.Attribute
}

// maxLocDepth bounds alias chains and nesting (a cyclic or absurdly deep
// location keeps the parse position instead).
const maxLocDepth = 64

// resolveLoc reads `loc(...)` text whose aliases are expanded. It reports
// ok with the location to show: a file position, or the unknown location
// for loc(unknown). Locations that name no file (a bare name, an opaque
// location, an unknown alias) report !ok, and the op keeps the place it
// was parsed at.
func resolveLoc(raw string) (dialect.Location, bool) {
	body, ok := strings.CutPrefix(strings.TrimSpace(raw), "loc(")
	if !ok || !strings.HasSuffix(body, ")") {
		return dialect.Location{}, false
	}
	s := &locScanner{text: body[:len(body)-1]}
	loc, kind := innerLoc(s, 0)
	return loc, kind != locNone
}

type locKind int

const (
	locNone    locKind = iota // no file position inside
	locFile                   // "file":line:col
	locUnknown                // loc(unknown)
)

// inner parses one location (the text inside loc(...)), returning the
// position MLIR's diagnostic handler would show: the first file position
// found through names, call sites (the callee) and fused lists.
func innerLoc(s *locScanner, depth int) (dialect.Location, locKind) {
	if depth > maxLocDepth {
		return dialect.Location{}, locNone
	}
	s.space()
	switch {
	case s.word("unknown"):
		return dialect.Location{}, locUnknown
	case s.word("callsite"):
		if !s.punct('(') {
			return dialect.Location{}, locNone
		}
		return innerLoc(s, depth+1) // the callee; the caller follows "at"
	case s.word("fused"):
		if s.punct('<') {
			s.skipBalanced('<', '>')
		}
		if !s.punct('[') {
			return dialect.Location{}, locNone
		}
		for {
			loc, kind := innerLoc(s, depth+1)
			if kind == locFile {
				return loc, kind
			}
			s.skipTo(',', ']')
			if !s.punct(',') {
				return dialect.Location{}, locNone
			}
		}
	case s.peek('"'):
		str, ok := s.str()
		if !ok {
			return dialect.Location{}, locNone
		}
		s.space()
		if s.punct(':') {
			line, ok1 := s.number()
			if !s.punct(':') {
				return dialect.Location{}, locNone
			}
			col, ok2 := s.number()
			if !ok1 || !ok2 || line <= 0 {
				return dialect.Location{}, locNone
			}
			return dialect.Location{File: str, Line: line, Col: col}, locFile
		}
		if s.punct('(') { // a name wrapping a child location
			return innerLoc(s, depth+1)
		}
		return dialect.Location{}, locNone
	}
	return dialect.Location{}, locNone
}

// locScanner walks location text; it never fails, it just stops matching.
type locScanner struct {
	text string
	pos  int
}

func (s *locScanner) space() {
	for s.pos < len(s.text) && strings.IndexByte(" \t\r\n", s.text[s.pos]) >= 0 {
		s.pos++
	}
}

func (s *locScanner) peek(c byte) bool { return s.pos < len(s.text) && s.text[s.pos] == c }

func (s *locScanner) punct(c byte) bool {
	s.space()
	if s.peek(c) {
		s.pos++
		return true
	}
	return false
}

func isLocIdent(c byte) bool {
	return c == '_' || c == '$' || c == '.' || c == '-' || c == '#' ||
		'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func (s *locScanner) ident() string {
	start := s.pos
	for s.pos < len(s.text) && isLocIdent(s.text[s.pos]) {
		s.pos++
	}
	return s.text[start:s.pos]
}

// word consumes w when it is a whole identifier at the cursor.
func (s *locScanner) word(w string) bool {
	if !strings.HasPrefix(s.text[s.pos:], w) {
		return false
	}
	end := s.pos + len(w)
	if end < len(s.text) && isLocIdent(s.text[end]) {
		return false
	}
	s.pos = end
	return true
}

func (s *locScanner) number() (int, bool) {
	s.space()
	start := s.pos
	for s.pos < len(s.text) && '0' <= s.text[s.pos] && s.text[s.pos] <= '9' {
		s.pos++
	}
	n, err := strconv.Atoi(s.text[start:s.pos])
	return n, err == nil
}

// str reads a quoted string with MLIR's escapes.
func (s *locScanner) str() (string, bool) {
	start := s.pos
	s.pos++
	for s.pos < len(s.text) {
		switch s.text[s.pos] {
		case '\\':
			s.pos += 2
			continue
		case '"':
			s.pos++
			v, err := unquote(s.text[start:s.pos])
			return v, err == nil
		}
		s.pos++
	}
	return "", false
}

// skipBalanced skips to just after the close matching an open already read.
func (s *locScanner) skipBalanced(open, close byte) {
	depth := 1
	for s.pos < len(s.text) && depth > 0 {
		switch c := s.text[s.pos]; {
		case c == '"':
			s.str()
			continue
		case c == open:
			depth++
		case c == close:
			depth--
		}
		s.pos++
	}
}

// skipTo moves to the next top-level stop character of a list.
func (s *locScanner) skipTo(stops ...byte) {
	depth := 0
	for s.pos < len(s.text) {
		c := s.text[s.pos]
		switch {
		case c == '"':
			s.str()
			continue
		case c == '(' || c == '[' || c == '<':
			depth++
		case c == ')' || c == ']' || c == '>':
			if depth == 0 {
				if c == ']' {
					return
				}
			} else {
				depth--
			}
		case depth == 0 && (c == stops[0] || c == stops[1]):
			return
		}
		s.pos++
	}
}
