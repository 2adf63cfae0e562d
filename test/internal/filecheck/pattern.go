package filecheck

import (
	"bytes"
	"cmp"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// checkKind is the kind of a directive (Check::FileCheckKind).
type checkKind int

const (
	kindNone checkKind = iota
	kindPlain
	kindNext
	kindSame
	kindNot
	kindDAG
	kindLabel
	kindEmpty
	kindComment
	kindEOF
	kindMisspelled
	kindBadNot
	kindBadCount
)

type checkType struct {
	kind    checkKind
	count   int // CHECK-COUNT-n; 1 otherwise
	literal bool
}

// description is FileCheckType::getDescription, the directive name used in
// messages ("CHECK-NEXT", "CHECK-COUNT", "CHECK{LITERAL}", ...).
func (t checkType) description(prefix string) string {
	mods := ""
	if t.literal {
		mods = "{LITERAL}"
	}
	switch t.kind {
	case kindNone:
		return "invalid"
	case kindMisspelled:
		return "misspelled"
	case kindPlain:
		if t.count > 1 {
			return prefix + "-COUNT" + mods
		}
		return prefix + mods
	case kindNext:
		return prefix + "-NEXT" + mods
	case kindSame:
		return prefix + "-SAME" + mods
	case kindNot:
		return prefix + "-NOT" + mods
	case kindDAG:
		return prefix + "-DAG" + mods
	case kindLabel:
		return prefix + "-LABEL" + mods
	case kindEmpty:
		return prefix + "-EMPTY" + mods
	case kindComment:
		return prefix
	case kindEOF:
		return "implicit EOF"
	case kindBadNot:
		return "bad NOT"
	case kindBadCount:
		return "bad COUNT"
	}
	return "invalid"
}

// strValue is the value of a string variable and, when it was captured from
// the input, where.
type strValue struct {
	s    string
	from *span
}

// patternContext holds the variables shared by all patterns of a check file.
type patternContext struct {
	strVars        map[string]strValue
	definedStrings map[string]bool // string variables defined anywhere (for collision checks)
	numVars        map[string]*numVar
	lineVar        *numVar
}

func newPatternContext() *patternContext {
	return &patternContext{
		strVars:        map[string]strValue{},
		definedStrings: map[string]bool{},
		numVars:        map[string]*numVar{},
	}
}

// clearLocalVars implements --enable-var-scope at each CHECK-LABEL block:
// variables not starting with '$' are forgotten.
func (c *patternContext) clearLocalVars() {
	for name := range c.strVars {
		if name[0] != '$' {
			delete(c.strVars, name)
		}
	}
	for name, v := range c.numVars {
		if name[0] != '$' {
			v.value, v.strValue = nil, nil
			delete(c.numVars, name)
		}
	}
}

// substitution is a "[[VAR]]" or "[[#expr]]" whose text is spliced into the
// regex at index when matching.
type substitution struct {
	from  sref
	index int
	expr  *expression // nil for string variables
}

// result returns the regex text to insert, or the errors that prevent it.
func (s *substitution) result(ctx *patternContext) (string, []any) {
	if s.expr == nil {
		v, ok := ctx.strVars[s.from.s]
		if !ok {
			return "", []any{undefVarError{s.from}}
		}
		return regexEscape(v.s), nil
	}
	val, errs := s.expr.ast.eval()
	if errs != nil {
		return "", errs
	}
	str, err := s.expr.format.matchingString(val)
	if err != nil {
		return "", []any{err}
	}
	return str, nil
}

// diagnosticValue is the quoted value shown in "with X equal to ..." notes.
func (s *substitution) diagnosticValue(ctx *patternContext) (string, bool) {
	if s.expr != nil {
		v, errs := s.result(ctx)
		if errs != nil {
			return "", false
		}
		return `"` + v + `"`, true
	}
	v, ok := ctx.strVars[s.from.s]
	if !ok {
		return "", false
	}
	needs := false
	for i := 0; i < len(v.s); i++ {
		if c := v.s[i]; c < 0x20 || c > 0x7e || c == '"' {
			needs = true
		}
	}
	if !needs {
		return `"` + v.s + `"`, true
	}
	return `"` + writeEscaped(v.s) + `" (escaped value)`, true
}

// writeEscaped is raw_ostream::write_escaped.
func writeEscaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '"':
			b.WriteString(`\"`)
		case c >= 0x20 && c <= 0x7e:
			b.WriteByte(c)
		default:
			b.WriteByte('\\')
			b.WriteByte('0' + (c>>6)&7)
			b.WriteByte('0' + (c>>3)&7)
			b.WriteByte('0' + c&7)
		}
	}
	return b.String()
}

type numVarDef struct {
	v     *numVar
	group int
}

// pattern is one directive's compiled pattern.
type pattern struct {
	ctx        *patternContext
	ty         checkType
	at         loc // where the pattern text starts
	line       int // directive line, 0 for implicit patterns
	fixed      string
	regex      string // FileCheck's RegExStr, in POSIX syntax
	substs     []*substitution
	varDefs    map[string]int
	numDefs    map[string]numVarDef
	ignoreCase bool

	cachedSrc string
	cached    *compiledRegex
}

func (p *pattern) count() int {
	if p.ty.count > 1 {
		return p.ty.count
	}
	return 1
}

func (p *pattern) hasVariable() bool { return len(p.substs) > 0 || len(p.varDefs) > 0 }

// parseError is a check-file error; logged marks errors FileCheck prints
// through logAllUnhandledErrors, which adds a blank line after them.
type parseError struct {
	at     loc
	msg    string
	logged bool
	exit1  bool // FileCheck exits with 1 instead of 2 for this one
}

// backrefLimit is the most capture groups a same-line variable reuse can
// refer to ("\1".."\9").
const backrefLimit = 9

// parse is Pattern::parsePattern.
func (p *pattern) parse(str sref, prefix string, req *request) *parseError {
	matchFullLines := req.matchFullLines && p.ty.kind != kindNot
	p.ignoreCase = req.ignoreCase
	p.at = str.loc()
	if !(req.strictWhitespace && req.matchFullLines) {
		str = str.rtrim()
	}
	if str.empty() && p.ty.kind != kindEmpty {
		return &parseError{at: p.at, msg: "found empty check string with prefix '" + prefix + ":'"}
	}
	if !str.empty() && p.ty.kind == kindEmpty {
		return &parseError{at: p.at, msg: "found non-empty check string for empty check with prefix '" + prefix + ":'"}
	}
	if p.ty.kind == kindEmpty {
		p.regex = "(\n$)"
		return nil
	}
	if p.ty.literal {
		p.fixed = str.s
		return nil
	}
	if !matchFullLines && (len(str.s) < 2 || (!strings.Contains(str.s, "{{") && !strings.Contains(str.s, "[["))) {
		p.fixed = str.s
		return nil
	}

	var re strings.Builder
	if matchFullLines {
		re.WriteByte('^')
		if !req.strictWhitespace {
			re.WriteString(" *")
		}
	}
	curParen := 1
	addRegex := func(rs sref) *parseError {
		nsub, err := validateRegex(rs.s)
		if err != regOK {
			return &parseError{at: rs.loc(), msg: "invalid regex: " + err.Error()}
		}
		re.WriteString(rs.s)
		curParen += nsub
		return nil
	}
	ep := &exprParser{ctx: p.ctx, line: p.line}

	for !str.empty() {
		if str.startsWith("{{") {
			end := strings.Index(str.s, "}}")
			if end < 0 {
				return &parseError{at: str.loc(), msg: "found start of regex string with no end '}}'"}
			}
			// Parenthesize alternations so that "a{{x|y}}b" stays one
			// sequence.  FileCheck 22 looks for '|' in the rest of the line,
			// not just in this block, which shifts group numbers; mirror it.
			alt := strings.Contains(str.s, "|")
			if alt {
				re.WriteByte('(')
				curParen++
			}
			if err := addRegex(str.drop(2).take(end - 2)); err != nil {
				return err
			}
			if alt {
				re.WriteByte(')')
			}
			str = str.drop(end + 2)
			continue
		}

		if str.startsWith("[[") && !str.startsWith("[[[") {
			unparsed := str.drop(2)
			end, perr := findRegexVarEnd(unparsed)
			if perr != nil {
				return perr
			}
			if end < 0 {
				return &parseError{at: str.loc(), msg: "Invalid substitution block, no ]] found"}
			}
			matchStr := unparsed.take(end)
			isNum := matchStr.consume("#")
			str = unparsed.drop(end + 2)

			isDef, substNeeded, legacy := false, false, false
			var defName string
			var substStr sref
			var matchRegex sref
			hasMatchRegex := false
			insertIdx := re.Len()

			if !isNum {
				varEnd := strings.IndexByte(matchStr.s, ':')
				namePart := matchStr.s
				if varEnd >= 0 {
					namePart = namePart[:varEnd]
				}
				if sp := strings.IndexAny(namePart, " \t"); sp >= 0 {
					return &parseError{at: matchStr.drop(sp).loc(), msg: "unexpected whitespace"}
				}
				orig := matchStr
				name, pseudo, err := parseVariable(&matchStr)
				if err != nil {
					return &parseError{at: err.at, msg: err.msg, logged: true}
				}
				isDef = varEnd >= 0
				substNeeded = !isDef
				if isDef {
					if pseudo || !matchStr.consume(":") {
						return &parseError{at: name.loc(), msg: "invalid name in string variable definition"}
					}
					if _, ok := p.ctx.numVars[name.s]; ok {
						return &parseError{at: name.loc(), msg: "numeric variable with name '" + name.s + "' already exists"}
					}
					defName = name.s
					matchRegex, hasMatchRegex = matchStr, true
				} else if pseudo {
					matchStr = orig
					legacy, isNum = true, true
				} else {
					if !matchStr.empty() {
						return &parseError{at: name.loc(), msg: "invalid name in string variable use"}
					}
					substStr = name
				}
			}

			var expr *expression
			var defVar *numVar
			if isNum {
				var err *diagError
				expr, defVar, err = ep.numericBlock(matchStr, legacy)
				if err != nil {
					return &parseError{at: err.at, msg: err.msg, logged: true}
				}
				substNeeded = expr.ast != nil
				if defVar != nil {
					isDef = true
					defName = defVar.name
				}
				if substNeeded {
					substStr = matchStr
				} else {
					matchRegex = sref{s: expr.format.wildcardRegex()}
					hasMatchRegex = true
				}
			}

			if isDef {
				re.WriteByte('(')
				insertIdx++
				if isNum {
					if p.numDefs == nil {
						p.numDefs = map[string]numVarDef{}
					}
					p.numDefs[defName] = numVarDef{defVar, curParen}
					p.ctx.numVars[defName] = defVar
				} else {
					if p.varDefs == nil {
						p.varDefs = map[string]int{}
					}
					p.varDefs[defName] = curParen
					p.ctx.definedStrings[defName] = true
				}
				curParen++
			}
			if hasMatchRegex && !matchRegex.empty() {
				if matchRegex.buf == nil {
					// A generated numeric wildcard: always valid.
					nsub, _ := validateRegex(matchRegex.s)
					re.WriteString(matchRegex.s)
					curParen += nsub
				} else if err := addRegex(matchRegex); err != nil {
					return err
				}
			}
			if isDef {
				re.WriteByte(')')
			}

			if substNeeded {
				if group, ok := p.varDefs[substStr.s]; !isNum && ok {
					if group < 1 || group > backrefLimit {
						return &parseError{at: substStr.loc(), msg: "Can't back-reference more than " + strconv.Itoa(backrefLimit) + " variables"}
					}
					re.WriteString("\\" + strconv.Itoa(group))
				} else {
					s := &substitution{from: substStr, index: insertIdx}
					if isNum {
						s.expr = expr
					}
					p.substs = append(p.substs, s)
				}
			}
			continue
		}

		end := len(str.s)
		if i := strings.Index(str.s[1:], "{{"); i >= 0 {
			end = i + 1
		}
		if i := strings.Index(str.s[1:], "[["); i >= 0 && i+1 < end {
			end = i + 1
		}
		re.WriteString(regexEscape(str.s[:end]))
		str = str.drop(end)
	}

	if matchFullLines {
		if !req.strictWhitespace {
			re.WriteString(" *")
		}
		re.WriteByte('$')
	}
	p.regex = re.String()
	return nil
}

// findRegexVarEnd finds the "]]" closing a substitution block, skipping
// bracket expressions and escapes.  A stray ']' is fatal in FileCheck (it
// exits with status 1 right away).
func findRegexVarEnd(str sref) (int, *parseError) {
	depth := 0
	s := str.s
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "]]") && depth == 0 {
			return i, nil
		}
		if s[i] == '\\' {
			i += 2
			continue
		}
		switch s[i] {
		case '[':
			depth++
		case ']':
			if depth == 0 {
				return 0, &parseError{at: str.drop(i).loc(), msg: `missing closing "]" for regex variable`, exit1: true}
			}
			depth--
		}
		i++
	}
	return -1, nil
}

// matchResult is the outcome of matching a pattern: a match, not found, or
// errors (undefined variables, overflow) that stopped the attempt.
type matchResult struct {
	found    bool
	pos, len int
	errs     []*diagError
}

// match is Pattern::match on buf, a window of the input starting at base.
func (p *pattern) match(buf []byte, base int) matchResult {
	if p.ty.kind == kindEOF {
		return matchResult{found: true, pos: len(buf)}
	}
	if p.fixed != "" {
		var pos int
		if p.ignoreCase {
			pos = indexFold(buf, p.fixed)
		} else {
			pos = bytes.Index(buf, []byte(p.fixed))
		}
		if pos < 0 {
			return matchResult{}
		}
		return matchResult{found: true, pos: pos, len: len(p.fixed)}
	}

	src := p.regex
	if len(p.substs) > 0 {
		if p.line > 0 {
			p.ctx.lineVar.value = big.NewInt(int64(p.line))
		}
		var b strings.Builder
		var errs []*diagError
		last := 0
		for _, s := range p.substs {
			v, serrs := s.result(p.ctx)
			for _, e := range serrs {
				switch e := e.(type) {
				case undefVarError:
					errs = append(errs, &diagError{e.name.loc(), "undefined variable: " + e.name.s})
				case overflowError:
					errs = append(errs, &diagError{s.from.loc(), "unable to substitute variable or numeric expression: overflow error"})
				}
			}
			b.WriteString(p.regex[last:s.index])
			b.WriteString(v)
			last = s.index
		}
		if errs != nil {
			return matchResult{errs: errs}
		}
		b.WriteString(p.regex[last:])
		src = b.String()
	}

	re := p.cached
	if re == nil || p.cachedSrc != src {
		var err reErr
		re, err = compileRegex(src, p.ignoreCase)
		if err != regOK {
			// regexec on an invalid pattern simply fails to match.
			return matchResult{}
		}
		p.cached, p.cachedSrc = re, src
	}
	m := re.find(buf)
	if m == nil {
		return matchResult{}
	}
	group := func(g int) (string, *span) {
		if g >= len(m)/2 || m[2*g] < 0 {
			return "", nil
		}
		return string(buf[m[2*g]:m[2*g+1]]), &span{base + m[2*g], base + m[2*g+1]}
	}
	for name, g := range p.varDefs {
		s, sp := group(g)
		p.ctx.strVars[name] = strValue{s, sp}
	}
	skip := 0
	if p.ty.kind == kindEmpty {
		// CHECK-EMPTY consumes the newline ending the previous line, but
		// like CHECK-NEXT its match starts after it.
		skip = 1
	}
	for name, d := range p.numDefs {
		s, sp := group(d.group)
		// clearLocalVars may have dropped the name; a new value brings it back.
		if _, ok := p.ctx.numVars[name]; !ok {
			p.ctx.numVars[name] = d.v
		}
		d.v.value = d.v.format.valueFromString(s)
		d.v.strValue = sp
	}
	return matchResult{found: true, pos: m[0] + skip, len: m[1] - m[0] - skip}
}

func indexFold(buf []byte, s string) int {
	lower := func(c byte) byte {
		if c >= 'A' && c <= 'Z' {
			return c - 'A' + 'a'
		}
		return c
	}
	for i := 0; i+len(s) <= len(buf); i++ {
		j := 0
		for j < len(s) && lower(buf[i+j]) == lower(s[j]) {
			j++
		}
		if j == len(s) {
			return i
		}
	}
	return -1
}

// printSubstitutions notes the value of each substitution at r.
func (p *pattern) printSubstitutions(w *strings.Builder, at loc) {
	for _, s := range p.substs {
		v, ok := s.diagnosticValue(p.ctx)
		if !ok {
			continue
		}
		printMessage(w, at, diagNote, `with "`+writeEscaped(s.from.s)+`" equal to `+v)
	}
}

// printVariableDefs notes where each variable this pattern defines was
// captured, in input order.
func (p *pattern) printVariableDefs(w *strings.Builder, in *srcBuf) {
	type capture struct {
		name string
		r    span
	}
	var caps []capture
	for name := range p.varDefs {
		v := p.ctx.strVars[name]
		r := span{}
		if v.from != nil {
			r = *v.from
		}
		caps = append(caps, capture{name, r})
	}
	for name, d := range p.numDefs {
		if d.v.strValue == nil {
			continue
		}
		caps = append(caps, capture{name, *d.v.strValue})
	}
	slices.SortFunc(caps, func(a, b capture) int { return cmp.Compare(a.r.start, b.r.start) })
	for _, c := range caps {
		printMessage(w, loc{in, c.r.start}, diagNote, `captured var "`+c.name+`"`, c.r)
	}
}

// matchDistance is Pattern::computeMatchDistance: the edit distance between
// the start of buf's first line and the pattern text (the raw regex for
// regex patterns).
func (p *pattern) matchDistance(buf []byte) int {
	example := p.fixed
	if example == "" {
		example = p.regex
	}
	prefix := buf[:min(len(example), len(buf))]
	if i := bytes.IndexByte(prefix, '\n'); i >= 0 {
		prefix = prefix[:i]
	}
	return editDistance(prefix, example)
}

func editDistance(a []byte, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			old := row[j]
			cost := prev
			if a[i-1] != b[j-1] {
				cost++
			}
			row[j] = min(cost, row[j-1]+1, old+1)
			prev = old
		}
	}
	return row[len(b)]
}

// printFuzzyMatch points at the most similar text when a pattern is not
// found, using FileCheck's heuristic (edit distance plus a small penalty per
// line skipped, over the first 4096 bytes).
func (p *pattern) printFuzzyMatch(w *strings.Builder, in *srcBuf, buf []byte, base int) {
	if 4096*2048 < min(4096, len(buf))*max(len(p.fixed), len(p.regex)) {
		return
	}
	lines := 0
	best := -1
	bestQuality := 0.0
	for i := 0; i < min(4096, len(buf)); i++ {
		if buf[i] == '\n' {
			lines++
		}
		if buf[i] == ' ' || buf[i] == '\t' {
			continue
		}
		q := float64(p.matchDistance(buf[i:])) + float64(lines)/100.
		if q < bestQuality || best < 0 {
			best, bestQuality = i, q
		}
	}
	if best > 0 && bestQuality < 50 {
		printMessage(w, loc{in, base + best}, diagNote, "possible intended match here")
	}
}
