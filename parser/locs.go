package parser

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
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
	if _, ok := plainFileLoc(tok.Value); ok && !slowLocs {
		return nil // well formed: nothing to read again
	}
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
func isLocation(a ir.Attribute) bool {
	r, ok := a.(*ir.RawAttr)
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
		if n, ok := uint64Literal(t.Value); !ok || n > math.MaxUint32 {
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
			return ir.NewError(locOf(d.pos), "operation location alias was never defined")
		}
		if !isLocation(a) {
			return ir.NewError(locOf(d.pos), "expected location, but found '%s'", a)
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
func (p *Parser) applyLocations(m *ir.Operation, srcLen int) error {
	r := &locResolver{aliases: p.st.attrAlias, expanded: map[string]string{}, budget: locBudget(srcLen)}
	var err error
	fix := func(l *ir.Location) {
		if l.RawText() == "" || err != nil {
			return
		}
		if pos, ok := plainFileLoc(l.RawText()); ok && l.FileName() == pos.file && int(l.Line) == pos.line && int(l.Col) == pos.col {
			return // resolved when read (see rawLoc)
		}
		raw, ok := r.expand(l.RawText())
		if !ok {
			err = ir.NewError(*l, "location is too long with its aliases written out (more than %d bytes of locations in all)", locBudget(srcLen))
			return
		}
		// The record made for raw text is the location's own: the file
		// it names is not interned (see ir.Location).
		if pos, ok := r.resolve(raw); ok {
			*l = ir.AtRaw(pos.file, pos.line, pos.col, raw)
		} else {
			*l = l.WithRaw(raw)
		}
	}
	m.Walk(func(op *ir.Operation) bool {
		fix(&op.Loc)
		for _, reg := range op.Regions() {
			for _, b := range reg.Blocks {
				for _, a := range b.Args {
					l := a.Loc()
					fix(&l)
					a.SetLoc(l)
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
// alias is made once; ok is false when the budget runs out. The text is
// read with the parser's lexer: it was read so when parsed (readLoc).
func (r *locResolver) expand(raw string) (string, bool) {
	if strings.IndexByte(raw, '#') < 0 {
		return raw, true
	}
	var sb strings.Builder
	sc := scanner{src: raw, line: 1}
	if strings.HasPrefix(raw, "loc(") {
		sc.i = len("loc(") // whose text the lexer would keep whole
	}
	done := 0 // raw[:done] is in sb
	for t := sc.next(); t.Type != tEOF && t.Type != tError; t = sc.next() {
		if t.Type != tHash {
			continue
		}
		inner, ok := r.alias(t.Value)
		if !ok {
			return "", false
		}
		sb.WriteString(raw[done:t.Pos.Offset])
		sb.WriteString(inner)
		done = t.Pos.Offset + len(t.Value)
		if sb.Len() > r.budget {
			return "", false
		}
	}
	sb.WriteString(raw[done:])
	if sb.Len() > r.budget {
		return "", false
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
	a, ok := r.aliases[name].(*ir.RawAttr)
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
	aliases  map[string]ir.Attribute
	expanded map[string]string // memo of alias
	budget   int               // bytes of location text still allowed
	ts       stream            // reads the location resolve is given
}

// maxLocDepth bounds the nesting resolve follows (a deeper location
// keeps the parse position instead).
const maxLocDepth = 64

// resolve reads `loc(...)` text whose aliases are expanded. It reports
// ok with the location to show: a file position, or the unknown location
// for loc(unknown). Locations that name no file (a bare name, an opaque
// location, an unknown alias) report !ok, and the op keeps the place it
// was parsed at.
func (r *locResolver) resolve(raw string) (filePos, bool) {
	if pos, ok := plainFileLoc(raw); ok {
		return pos, true
	}
	body, ok := strings.CutPrefix(strings.TrimSpace(raw), "loc(")
	if !ok || !strings.HasSuffix(body, ")") {
		return filePos{}, false
	}
	r.ts.sc = scanner{src: body[:len(body)-1], line: 1}
	r.ts.n, r.ts.peeked = 0, false
	loc, kind := innerLoc(&r.ts, 0)
	return loc, kind != locNone
}

// slowLocs makes readLoc read every location with the lexer (a test
// compares the two ways).
var slowLocs = false

// plainFileLoc reads the commonest location, loc("file":line:col) with
// a file name without escapes and decimal numbers, without the lexer; ok
// is false for anything else, which innerLoc then reads. It gives what
// innerLoc gives for such text, and accepts only text readLoc's lexer
// accepts: readLoc takes its answer as the text's check.
func plainFileLoc(raw string) (filePos, bool) {
	rest, ok := strings.CutPrefix(raw, `loc("`)
	if !ok {
		return filePos{}, false
	}
	q := strings.IndexByte(rest, '"')
	if q < 0 {
		return filePos{}, false
	}
	for i := 0; i < q; i++ {
		if c := rest[i]; c < 0x20 || c > 0x7e || c == '\\' {
			return filePos{}, false // an escape or a byte the lexer must judge
		}
	}
	file := rest[:q]
	rest = rest[q+1:]
	number := func() (int, bool) {
		if len(rest) == 0 || rest[0] != ':' {
			return 0, false
		}
		rest = rest[1:]
		n, i := 0, 0
		for ; i < len(rest) && i < 10 && rest[i] >= '0' && rest[i] <= '9'; i++ {
			n = n*10 + int(rest[i]-'0')
		}
		if i == 0 || i == 10 || n > math.MaxUint32 || i > 1 && rest[0] == '0' {
			return 0, false // none, too long, too large, or octal-looking: the lexer decides
		}
		rest = rest[i:]
		return n, true
	}
	line, ok1 := number()
	col, ok2 := number()
	if !ok1 || !ok2 || line <= 0 || rest != ")" {
		return filePos{}, false
	}
	return filePos{file, line, col}, true
}

// rawLoc is an argument's location l with its location text raw: for
// the plain form, the position it names at once (applyLocations then has
// nothing to do for it), else raw kept for applyLocations to resolve once
// the aliases are known. (An op's location keeps its source position until
// then: the errors of building the op are reported there, as mlir-opt
// reports them.)
func rawLoc(l ir.Location, raw string) ir.Location {
	if pos, ok := plainFileLoc(raw); ok {
		return ir.AtRaw(pos.file, pos.line, pos.col, raw)
	}
	return l.WithRaw(raw)
}

type locKind int

// filePos is a position a loc(...) text names (the zero filePos for
// loc(unknown)).
type filePos struct {
	file      string
	line, col int
}

const (
	locNone    locKind = iota // no file position inside
	locFile                   // "file":line:col
	locUnknown                // loc(unknown)
)

// innerLoc reads one location (the text inside loc(...)), returning the
// position MLIR's diagnostic handler would show: the first file position
// found through names, call sites (the callee) and fused lists. It never
// fails; it stops at what it does not expect.
func innerLoc(ts *stream, depth int) (filePos, locKind) {
	none := func() (filePos, locKind) { return filePos{}, locNone }
	if depth > maxLocDepth {
		return none()
	}
	t := ts.Peek()
	switch {
	case t.Type == tIdent && t.Value == "unknown":
		ts.Next()
		return filePos{}, locUnknown
	case t.Type == tIdent && t.Value == "callsite":
		ts.Next()
		if !skipPunct(ts, "(") {
			return none()
		}
		return innerLoc(ts, depth+1) // the callee; the caller follows "at"
	case t.Type == tIdent && t.Value == "fused":
		ts.Next()
		if skipPunct(ts, "<") {
			skipTo(ts, ">")
			ts.Next()
		}
		if !skipPunct(ts, "[") {
			return none()
		}
		for {
			loc, kind := innerLoc(ts, depth+1)
			if kind == locFile {
				return loc, kind
			}
			skipTo(ts, ",", "]")
			if !skipPunct(ts, ",") {
				return none()
			}
		}
	case t.Type == tString:
		ts.Next()
		file, err := unquote(t.Value)
		if err != nil {
			return none()
		}
		if skipPunct(ts, ":") {
			line, ok1 := locNumber(ts)
			if !skipPunct(ts, ":") {
				return none()
			}
			col, ok2 := locNumber(ts)
			if !ok1 || !ok2 || line <= 0 {
				return none()
			}
			return filePos{file, line, col}, locFile
		}
		if skipPunct(ts, "(") { // a name wrapping a child location
			return innerLoc(ts, depth+1)
		}
	}
	return none()
}

// skipPunct consumes the punctuation v if it comes next.
func skipPunct(ts *stream, v string) bool {
	if t := ts.Peek(); t.Type == tPunct && t.Value == v {
		ts.Next()
		return true
	}
	return false
}

// locNumber consumes a line or column number, decimal or hexadecimal as
// fileLineCol reads them, if one comes next. Like MLIR's, they are 32-bit
// unsigned (readLoc refuses larger ones; here one names no position).
func locNumber(ts *stream) (int, bool) {
	t := ts.Peek()
	if t.Type != tInt {
		return 0, false
	}
	ts.Next()
	n, ok := uint64Literal(t.Value)
	if !ok || n > math.MaxUint32 {
		return 0, false
	}
	return int(n), true
}

// skipTo moves to the next of stops outside brackets opened after the
// current token (a close without its open is passed over).
func skipTo(ts *stream, stops ...string) {
	depth := 0
	for t := ts.Peek(); t.Type != tEOF && t.Type != tError; t = ts.Peek() {
		if t.Type == tPunct {
			switch t.Value {
			case "(", "[", "<":
				depth++
			case ")", "]", ">":
				if depth > 0 {
					depth--
				} else if slices.Contains(stops, t.Value) {
					return
				}
			default:
				if depth == 0 && slices.Contains(stops, t.Value) {
					return
				}
			}
		}
		ts.Next()
	}
}
