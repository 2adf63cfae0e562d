package parser

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"pto-opt/dialect"
)

// ---- reading locations ----

// A location is lexed as one token, `loc(...)`, and read here with MLIR's
// location grammar. Aliases inside a location must be defined before it;
// only the whole trailing location of an op or argument, `loc(#name)`,
// may name an alias defined later in the file (mlir-opt prints the
// definitions after the module), which is checked when the file has been
// read (finishLocations).

// deferredLoc is a trailing location naming an alias not defined yet.
type deferredLoc struct {
	name string
	pos  lexer.Position
}

// readLoc checks the loc(...) token tok. trailing is set for the location
// of an op or argument.
func (s *state) readLoc(tok *lexer.Token, trailing bool) error {
	return s.read(tokenSpan(tok, len("loc("), len(tok.Value)-1), false, func() error {
		if t := s.peek(); trailing && t.Type == tHash && !strings.Contains(t.Value, ".") {
			s.next()
			if a, ok := s.attrAlias[t.Value]; ok {
				if !isLocation(a) {
					return s.errAt(t, "expected location, but found '%s'", a)
				}
			} else {
				s.deferred = append(s.deferred, deferredLoc{t.Value, t.Pos})
			}
		} else if err := s.locInstance(); err != nil {
			return err
		}
		if s.peek().Type != tEOF {
			return s.errf("expected ')' in location")
		}
		return nil
	})
}

// isLocation reports whether an alias stands for a location.
func isLocation(a dialect.Attribute) bool {
	r, ok := a.(*dialect.RawAttr)
	return ok && strings.HasPrefix(r.Text, "loc(")
}

// locInstance reads one location: unknown, "file":line[:col[ to
// [line]:col]], "name"[(loc)], callsite(loc at loc), fused[<attr>][locs]
// or an alias.
func (s *state) locInstance() error {
	if err := s.enter(); err != nil {
		s.leave()
		return err
	}
	defer s.leave()
	t := s.peek()
	switch t.Type {
	case tHash, tDialectAttr:
		s.next()
		a, ok := s.attrAlias[t.Value]
		if !ok && t.Type == tHash && !strings.Contains(t.Value, ".") {
			return s.errAt(t, "undefined symbol alias id '%s'", t.Value[1:])
		}
		if !ok || !isLocation(a) {
			what := t.Value
			if ok {
				what = a.String()
			}
			return s.errf("expected location attribute, but got %s", what)
		}
		return nil
	case tString:
		s.next()
		if s.isPunct(":") {
			return s.fileLineCol()
		}
		if s.isPunct("(") {
			s.next()
			if err := s.locInstance(); err != nil {
				return err
			}
			if !s.isPunct(")") {
				return s.errf("expected ')' after child location of NameLoc")
			}
			s.next()
		}
		return nil
	case tIdent:
		switch t.Value {
		case "unknown":
			s.next()
			return nil
		case "callsite":
			s.next()
			return s.callSiteLoc()
		case "fused":
			s.next()
			return s.fusedLoc()
		}
	}
	return s.errf("expected location instance")
}

// callSiteLoc reads `(callee at caller)` after callsite.
func (s *state) callSiteLoc() error {
	if !s.isPunct("(") {
		return s.errf("expected '(' in callsite location")
	}
	s.next()
	if err := s.locInstance(); err != nil {
		return err
	}
	if a := s.peek(); a.Type != tIdent || a.Value != "at" {
		return s.errf("expected 'at' in callsite location")
	}
	s.next()
	if err := s.locInstance(); err != nil {
		return err
	}
	if !s.isPunct(")") {
		return s.errf("expected ')' in callsite location")
	}
	s.next()
	return nil
}

// fusedLoc reads `[<metadata>][locs]` after fused.
func (s *state) fusedLoc() error {
	if s.isPunct("<") {
		s.next()
		if _, err := s.parseAttribute(); err != nil {
			return err
		}
		if !s.isPunct(">") {
			return s.errf("expected '>' after fused location metadata")
		}
		s.next()
	}
	if !s.isPunct("[") {
		return s.errf("expected '[' in fused location")
	}
	s.next()
	if s.isPunct("]") {
		s.next()
		return nil
	}
	for {
		if err := s.locInstance(); err != nil {
			return err
		}
		if s.isPunct(",") {
			s.next()
			continue
		}
		if !s.isPunct("]") {
			return s.errf("expected ']' in fused location")
		}
		s.next()
		return nil
	}
}

// fileLineCol reads `:line[:col[ to [line]:col]]` after a file name.
func (s *state) fileLineCol() error {
	number := func(what string) error {
		t := s.peek()
		if t.Type != tInt {
			return s.errf("expected integer %s number in FileLineColRange", what)
		}
		if n, ok := parseIntLiteral(t.Value); !ok || !n.IsUint64() || n.Uint64() > math.MaxUint32 {
			return s.errf("expected integer %s number in FileLineColRange", what)
		}
		s.next()
		return nil
	}
	s.next() // ':'
	if err := number("line"); err != nil {
		return err
	}
	if !s.isPunct(":") {
		return nil
	}
	s.next()
	if err := number("column"); err != nil {
		return err
	}
	if t := s.peek(); t.Type != tIdent || t.Value != "to" {
		return nil
	}
	s.next()
	if s.peek().Type == tInt {
		if err := number("line"); err != nil {
			return err
		}
	}
	if !s.isPunct(":") {
		return s.errf("expected either integer or `:` post `to` in FileLineColRange")
	}
	s.next()
	return number("column")
}

// finishLocations checks the trailing locations that named an alias not
// defined where they were read, in the order of the text.
func (s *state) finishLocations() error {
	sort.SliceStable(s.deferred, func(i, j int) bool {
		a, b := s.deferred[i].pos, s.deferred[j].pos
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	for _, d := range s.deferred {
		a, ok := s.attrAlias[d.name]
		if !ok {
			return dialect.NewError(locOf(d.pos), "operation location alias was never defined")
		}
		if !isLocation(a) {
			return dialect.NewError(locOf(d.pos), "expected location, but found '%s'", a)
		}
	}
	return nil
}

// ---- applying locations ----

// applyLocations makes the trailing loc(...) of every op its diagnostic
// location, as MLIR does: an op printed with --mlir-print-debuginfo by an
// earlier tool reports errors at the place its producer recorded, not at
// the line of the intermediate file. Parse errors keep the position in the
// text being read (they happen before any op exists). The text is kept in
// Loc.Raw for --mlir-print-debuginfo, with its aliases (`loc(#loc3)`)
// replaced by their definitions from the file's alias table, which by then
// holds the ones mlir-opt prints after the module.
//
// The printer writes locations without aliases, so a location that uses
// an alias many times is written out in full each time. Aliases nest, so
// that text can grow exponentially with the length of the text read: the
// text made is limited (locBudget), and an input that needs more is
// refused at the op whose location exceeds the limit.
func (p *Parser) applyLocations(m *dialect.Operation, srcLen int) error {
	r := &locResolver{aliases: p.st.attrAlias, expanded: map[string]string{}, budget: locBudget(srcLen)}
	var err error
	fix := func(l *dialect.Location) {
		if l.Raw == "" || err != nil {
			return
		}
		raw, ok := r.expand(l.Raw)
		if !ok {
			err = dialect.NewError(*l, "location is too long with its aliases written out (more than %d bytes of locations in all)", locBudget(srcLen))
			return
		}
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
		return err == nil
	})
	return err
}

// locBudget is how many bytes of location text applyLocations may make for
// an input of n bytes: far more than any real file needs (mlir-opt writes
// a location alias per distinct location, and an op refers to one).
func locBudget(n int) int { return 16*n + 1<<20 }

// expand replaces alias references in location text by their definitions,
// so the text printed back under --mlir-print-debuginfo stands alone (the
// alias definitions themselves are not printed). The expansion of each
// alias is made once; ok is false when the budget runs out.
func (r *locResolver) expand(raw string) (string, bool) {
	if strings.IndexByte(raw, '#') < 0 {
		return raw, true
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
			inner, ok := r.alias(name)
			if !ok {
				return "", false
			}
			sb.WriteString(inner)
		default:
			sb.WriteByte(c)
			s.pos++
		}
		if sb.Len() > r.budget {
			return "", false
		}
	}
	r.budget -= sb.Len()
	return sb.String(), true
}

// alias returns the text that stands for #name in a location: the
// expanded body of a location alias, or the name itself.
func (r *locResolver) alias(name string) (string, bool) {
	if e, ok := r.expanded[name]; ok {
		return e, true
	}
	a, ok := r.aliases[name].(*dialect.RawAttr)
	inner, isLoc := "", false
	if ok {
		inner, isLoc = strings.CutPrefix(a.Text, "loc(")
	}
	if !isLoc || !strings.HasSuffix(inner, ")") {
		return name, true
	}
	// Aliases inside a location alias were defined before it (readLoc),
	// so this recursion ends, and the memo makes it linear in the number
	// of aliases.
	e, ok := r.expand(inner[:len(inner)-1])
	if !ok {
		return "", false
	}
	r.expanded[name] = e
	return e, true
}

type locResolver struct {
	aliases  map[string]dialect.Attribute
	expanded map[string]string // memo of alias
	budget   int               // bytes of location text still allowed
}

// maxLocDepth bounds the nesting resolveLoc follows (a deeper location
// keeps the parse position instead).
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
