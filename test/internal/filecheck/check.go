package filecheck

import (
	"bytes"
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// request is FileCheckRequest: the options the matching engine sees.
type request struct {
	checkPrefixes        []string
	commentPrefixes      []string
	implicitCheckNot     []string
	defines              []string
	isDefaultCheckPrefix bool
	allowUnusedPrefixes  bool
	matchFullLines       bool
	strictWhitespace     bool
	ignoreCase           bool
	enableVarScope       bool
	allowDagOverlap      bool
	// verbose (-v) and verboseVerbose (-vv) print remarks for successful
	// matches.  FileCheck prints them only with --dump-input=never; with
	// an input dump they become annotations of the dump instead.
	verbose        bool
	verboseVerbose bool
}

type dagNot struct {
	pat    *pattern
	prefix string
}

// checkString is a positive directive together with the CHECK-DAG and
// CHECK-NOT directives that precede it (FileCheckString).
type checkString struct {
	pat     *pattern
	prefix  string
	at      loc
	dagNots []dagNot
}

type checker struct {
	req    request
	ctx    *patternContext
	checks []*checkString
	in     *srcBuf
	out    strings.Builder
	exit   int // exit status for a failed readCheckFile
}

func isPartOfWord(c byte) bool { return isAlnum(c) || c == '-' || c == '_' }

// defineCmdlineVariables handles -D definitions, reporting errors against a
// synthetic "Global defines" buffer as FileCheck does.
func (fc *checker) defineCmdlineVariables() bool {
	if len(fc.req.defines) == 0 {
		return true
	}
	var diag strings.Builder
	type idx struct{ at, n int }
	var indices []idx
	for i, def := range fc.req.defines {
		prefix := "Global define #" + strconv.Itoa(i+1) + ": "
		eq := strings.IndexByte(def, '=')
		if eq < 0 {
			indices = append(indices, idx{diag.Len(), 0})
			continue
		}
		if def[0] == '#' {
			diag.WriteString(prefix + def + " (parsed as: [[")
			subst := def[:eq] + ":" + def[eq+1:]
			indices = append(indices, idx{diag.Len(), len(subst)})
			diag.WriteString(subst + "]])\n")
		} else {
			diag.WriteString(prefix)
			indices = append(indices, idx{diag.Len(), len(def)})
			diag.WriteString(def + "\n")
		}
	}
	buf := &srcBuf{name: "Global defines", text: []byte(diag.String())}
	// Parse errors point into the "Global defines" buffer; evaluation
	// errors are logged bare, as FileCheck logs UndefVarError and
	// OverflowError (raw).
	type defErr struct {
		d   *diagError
		raw string
	}
	var errs []defErr
	add := func(d *diagError) { errs = append(errs, defErr{d: d}) }
	ep := &exprParser{ctx: fc.ctx}
	for _, ix := range indices {
		def := sref{buf, ix.at, string(buf.text[ix.at : ix.at+ix.n])}
		if def.empty() {
			add(errAt(def, "missing equal sign in global definition"))
			continue
		}
		if def.s[0] == '#' {
			e, v, err := ep.numericBlock(def.drop(1), false)
			if err != nil {
				add(err)
				continue
			}
			if e.ast == nil || v == nil {
				add(errAt(def, "invalid numeric variable definition"))
				continue
			}
			val, verrs := e.ast.eval()
			if verrs != nil {
				for _, ve := range verrs {
					if u, ok := ve.(undefVarError); ok {
						errs = append(errs, defErr{raw: "undefined variable: " + u.name.s})
					} else {
						errs = append(errs, defErr{raw: "overflow error"})
					}
				}
				continue
			}
			v.value = val
			fc.ctx.numVars[v.name] = v
			continue
		}
		eq := strings.IndexByte(def.s, '=')
		name := def.take(eq)
		orig := name
		parsed, pseudo, err := parseVariable(&name)
		if err != nil {
			add(err)
			continue
		}
		if pseudo || !name.empty() {
			add(errAt(orig, "invalid name in string variable definition '"+orig.s+"'"))
			continue
		}
		if _, ok := fc.ctx.numVars[parsed.s]; ok {
			add(errAt(parsed, "numeric variable with name '"+parsed.s+"' already exists"))
			continue
		}
		if _, ok := fc.ctx.strVars[parsed.s]; !ok {
			fc.ctx.strVars[parsed.s] = strValue{s: def.s[eq+1:]}
		}
		fc.ctx.definedStrings[parsed.s] = true
	}
	for _, e := range errs {
		if e.d != nil {
			printMessage(&fc.out, e.d.at, diagErrorKind, e.d.msg)
		} else {
			fc.out.WriteString(e.raw)
		}
		fc.out.WriteByte('\n')
	}
	return len(errs) == 0
}

// findCheckType classifies the text after a prefix.  It returns the type
// and the offset (into text) just past the directive's suffix, or -1 when
// there is none.
func (fc *checker) findCheckType(text []byte, at int, prefix string) (checkType, int) {
	misspelled := false
	ty, after := fc.findCheckTypeRaw(text, at, prefix, &misspelled)
	if ty.kind != kindNone && misspelled {
		return checkType{kind: kindMisspelled}, after
	}
	return ty, after
}

func (fc *checker) findCheckTypeRaw(text []byte, at int, prefix string, misspelled *bool) (checkType, int) {
	if len(text)-at <= len(prefix) {
		return checkType{}, -1
	}
	rest := at + len(prefix)
	consume := func(s string) bool {
		if bytes.HasPrefix(text[rest:], []byte(s)) {
			rest += len(s)
			return true
		}
		return false
	}
	for _, c := range fc.req.commentPrefixes {
		if c == prefix {
			if consume(":") {
				return checkType{kind: kindComment}, rest
			}
			return checkType{}, -1
		}
	}
	ltrim := func() {
		for rest < len(text) && strings.IndexByte(" \t\n\v\f\r", text[rest]) >= 0 {
			rest++
		}
	}
	modifiers := func(ret checkType) (checkType, int) {
		if consume(":") {
			return ret, rest
		}
		if !consume("{") {
			return checkType{}, -1
		}
		for {
			ltrim()
			if !consume("LITERAL") {
				return checkType{}, rest
			}
			ret.literal = true
			ltrim()
			if !consume(",") {
				break
			}
		}
		if !consume("}:") {
			return checkType{}, rest
		}
		return ret, rest
	}
	if consume(":") {
		return checkType{kind: kindPlain, count: 1}, rest
	}
	if text[rest] == '{' {
		return modifiers(checkType{kind: kindPlain, count: 1})
	}
	if consume("_") {
		*misspelled = true
	} else if !consume("-") {
		return checkType{}, -1
	}
	if consume("COUNT-") {
		// StringRef::consumeInteger into an int64: optional '-', digits.
		j := rest
		if j < len(text) && text[j] == '-' {
			j++
		}
		k := j
		for k < len(text) && isDigit(text[k]) {
			k++
		}
		if k == j {
			return checkType{kind: kindBadCount}, rest
		}
		n, err := strconv.ParseInt(string(text[rest:k]), 10, 64)
		if err != nil {
			return checkType{kind: kindBadCount}, rest
		}
		rest = k
		if n <= 0 || n > 1<<31-1 {
			return checkType{kind: kindBadCount}, rest
		}
		if rest >= len(text) || (text[rest] != ':' && text[rest] != '{') {
			return checkType{kind: kindBadCount}, rest
		}
		return modifiers(checkType{kind: kindPlain, count: int(n)})
	}
	for _, bad := range []string{"DAG-NOT:", "NOT-DAG:", "NEXT-NOT:", "NOT-NEXT:", "SAME-NOT:", "NOT-SAME:", "EMPTY-NOT:", "NOT-EMPTY:"} {
		if bytes.HasPrefix(text[rest:], []byte(bad)) {
			return checkType{kind: kindBadNot}, rest
		}
	}
	for _, s := range []struct {
		name string
		kind checkKind
	}{{"NEXT", kindNext}, {"SAME", kindSame}, {"NOT", kindNot}, {"DAG", kindDAG}, {"LABEL", kindLabel}, {"EMPTY", kindEmpty}} {
		if consume(s.name) {
			return modifiers(checkType{kind: s.kind, count: 1})
		}
	}
	return checkType{}, rest
}

// readCheckFile is FileCheck::readCheckFile: it finds the directives in the
// (canonicalized) check file and compiles their patterns.
func (fc *checker) readCheckFile(cb *srcBuf) bool {
	fc.exit = 2
	if !fc.defineCmdlineVariables() {
		return false
	}
	fc.ctx.lineVar = &numVar{name: "@LINE", format: exprFormat{kind: fmtUnsigned}}
	fc.ctx.numVars["@LINE"] = fc.ctx.lineVar

	var implicit []dagNot
	for _, ps := range fc.req.implicitCheckNot {
		const pre = "-implicit-check-not='"
		buf := &srcBuf{name: "command line", text: []byte(pre + ps + "'")}
		p := &pattern{ctx: fc.ctx, ty: checkType{kind: kindNot, count: 1}}
		// FileCheck ignores the outcome here: an invalid implicit pattern is
		// reported but checking goes on.
		if err := p.parse(sref{buf, len(pre), ps}, "IMPLICIT-CHECK", &fc.req); err != nil {
			fc.printParseError(err)
		}
		implicit = append(implicit, dagNot{p, "IMPLICIT-CHECK"})
	}
	dagNots := append([]dagNot(nil), implicit...)

	if len(fc.req.checkPrefixes) == 0 {
		fc.req.checkPrefixes = []string{"CHECK"}
		fc.req.isDefaultCheckPrefix = true
	}
	if len(fc.req.commentPrefixes) == 0 {
		fc.req.commentPrefixes = []string{"COM", "RUN"}
	}
	type prefixPos struct {
		prefix string
		pos    int
	}
	var matcher []prefixPos
	for _, p := range append(append([]string(nil), fc.req.checkPrefixes...), fc.req.commentPrefixes...) {
		matcher = append(matcher, prefixPos{p, bytes.Index(cb.text, []byte(p))})
	}
	slices.SortStableFunc(matcher, func(a, b prefixPos) int { return cmp.Compare(len(b.prefix), len(a.prefix)) }) // longest first
	nextPrefix := func(from int) (string, int) {
		best, bestPos := "", -1
		for i := range matcher {
			m := &matcher[i]
			if m.pos >= 0 && m.pos < from {
				if j := bytes.Index(cb.text[from:], []byte(m.prefix)); j >= 0 {
					m.pos = from + j
				} else {
					m.pos = -1
				}
			}
			if m.pos >= 0 && (bestPos < 0 || m.pos < bestPos) {
				best, bestPos = m.prefix, m.pos
			}
		}
		return best, bestPos
	}

	notFound := map[string]bool{}
	for _, p := range fc.req.checkPrefixes {
		notFound[p] = true
	}
	distinct := len(notFound)
	text := cb.text
	bufStart := 0
	lineNumber := 1
	for {
		// FindFirstMatchingPrefix: the earliest prefix that starts a word
		// and is followed by a valid directive suffix.
		var used string
		var ty checkType
		after := -1
		for bufStart < len(text) {
			prefix, pos := nextPrefix(bufStart)
			if pos < 0 {
				break
			}
			skipped := text[bufStart:pos]
			bufStart = pos
			lineNumber += bytes.Count(skipped, []byte{'\n'})
			if len(skipped) == 0 || !isPartOfWord(skipped[len(skipped)-1]) {
				ty, after = fc.findCheckType(text, bufStart, prefix)
				if ty.kind != kindNone {
					used = prefix
					break
				}
			}
			end := bufStart + len(prefix)
			for end < len(text) && isPartOfWord(text[end]) {
				end++
			}
			bufStart = end
		}
		if used == "" {
			break
		}
		if ty.kind != kindComment {
			delete(notFound, used)
		}
		prefixStart := bufStart
		if after < 0 || after == len(text) {
			bufStart += len(used)
		} else {
			bufStart = after
		}
		switch ty.kind {
		case kindMisspelled:
			printMessage(&fc.out, loc{cb, prefixStart}, diagErrorKind, "misspelled directive '"+string(text[prefixStart:after])+"'")
			return false
		case kindBadNot:
			printMessage(&fc.out, loc{cb, bufStart}, diagErrorKind, "unsupported -NOT combo on prefix '"+used+"'")
			return false
		case kindBadCount:
			printMessage(&fc.out, loc{cb, bufStart}, diagErrorKind, "invalid count in -COUNT specification on prefix '"+used+"'")
			return false
		}
		if !(fc.req.strictWhitespace && fc.req.matchFullLines) {
			for bufStart < len(text) && (text[bufStart] == ' ' || text[bufStart] == '\t') {
				bufStart++
			}
		}
		eol := bufStart
		for eol < len(text) && text[eol] != '\n' && text[eol] != '\r' {
			eol++
		}
		patternLoc := loc{cb, bufStart}
		patText := sref{cb, bufStart, string(text[bufStart:eol])}
		bufStart = eol
		if ty.kind == kindComment {
			continue
		}
		p := &pattern{ctx: fc.ctx, ty: ty, line: lineNumber}
		if err := p.parse(patText, used, &fc.req); err != nil {
			fc.printParseError(err)
			return false
		}
		if ty.kind == kindLabel && p.hasVariable() {
			printMessage(&fc.out, loc{cb, prefixStart}, diagErrorKind, "found '"+used+"-LABEL:' with variable definition or use")
			return false
		}
		if (ty.kind == kindNext || ty.kind == kindSame || ty.kind == kindEmpty) && len(fc.checks) == 0 {
			name := map[checkKind]string{kindNext: "NEXT", kindSame: "SAME", kindEmpty: "EMPTY"}[ty.kind]
			printMessage(&fc.out, loc{cb, prefixStart}, diagErrorKind, "found '"+used+"-"+name+"' without previous '"+used+": line")
			return false
		}
		if ty.kind == kindDAG || ty.kind == kindNot {
			dagNots = append(dagNots, dagNot{p, used})
			continue
		}
		fc.checks = append(fc.checks, &checkString{pat: p, prefix: used, at: patternLoc, dagNots: dagNots})
		dagNots = append([]dagNot(nil), implicit...)
	}

	noneFound := len(notFound) == distinct
	someUnused := !fc.req.allowUnusedPrefixes && len(notFound) > 0
	if (noneFound || someUnused) && (len(implicit) == 0 || !fc.req.isDefaultCheckPrefix) {
		var missing []string
		for p := range notFound {
			missing = append(missing, "'"+p+":'")
		}
		slices.Sort(missing)
		word := "prefix "
		if len(missing) > 1 {
			word = "prefixes "
		}
		fc.out.WriteString("error: no check strings found with " + word + strings.Join(missing, ", ") + "\n")
		return false
	}
	if len(dagNots) > 0 {
		eof := &pattern{ctx: fc.ctx, ty: checkType{kind: kindEOF, count: 1}, line: lineNumber + 1}
		fc.checks = append(fc.checks, &checkString{pat: eof, prefix: fc.req.checkPrefixes[0], at: loc{cb, bufStart}, dagNots: dagNots})
	}
	return true
}

func (fc *checker) printParseError(err *parseError) {
	printMessage(&fc.out, err.at, diagErrorKind, err.msg)
	if err.logged {
		fc.out.WriteByte('\n')
	}
	if err.exit1 {
		fc.exit = 1
	}
}

// report prints the outcome of matching pat and says whether it is an error
// (FileCheck's reportMatchResult): a found CHECK-NOT, or a missing positive
// pattern, or a pattern that could not be evaluated.
func (fc *checker) report(expected bool, prefix string, at loc, pat *pattern, matched int, buf span, r matchResult) bool {
	countNote := ""
	if pat.count() > 1 {
		countNote = " (" + strconv.Itoa(matched) + " out of " + strconv.Itoa(pat.count()) + ")"
	}
	if r.found {
		kind := diagErrorKind
		verdict := ": excluded string found in input"
		if expected {
			if !fc.req.verbose || (!fc.req.verboseVerbose && pat.ty.kind == kindEOF) {
				return false
			}
			kind, verdict = diagRemark, ": expected string found in input"
		}
		printMessage(&fc.out, at, kind, pat.ty.description(prefix)+verdict+countNote)
		m := span{buf.start + r.pos, buf.start + r.pos + r.len}
		printMessage(&fc.out, loc{fc.in, m.start}, diagNote, "found here", m)
		pat.printSubstitutions(&fc.out, loc{fc.in, m.start})
		pat.printVariableDefs(&fc.out, fc.in)
		return !expected
	}
	hasError := expected
	for _, e := range r.errs {
		printMessage(&fc.out, e.at, diagErrorKind, e.msg)
		hasError = true
	}
	if !hasError && !fc.req.verboseVerbose {
		return false
	}
	start := loc{fc.in, buf.start}
	if len(r.errs) == 0 {
		if expected {
			printMessage(&fc.out, at, diagErrorKind, pat.ty.description(prefix)+": expected string not found in input"+countNote)
		} else {
			printMessage(&fc.out, at, diagRemark, pat.ty.description(prefix)+": excluded string not found in input"+countNote)
		}
		printMessage(&fc.out, start, diagNote, "scanning from here")
	}
	pat.printSubstitutions(&fc.out, start)
	if expected {
		pat.printFuzzyMatch(&fc.out, fc.in, fc.in.text[buf.start:buf.end], buf.start)
	}
	return hasError
}

func (fc *checker) window(s span) []byte { return fc.in.text[s.start:s.end] }

// check is FileCheckString::Check on buf.  It returns the match position
// relative to buf.start, its length, and whether it succeeded.
func (fc *checker) check(cs *checkString, buf span, labelScan bool) (int, int, bool) {
	lastPos := 0
	var nots []dagNot
	if !labelScan {
		var ok bool
		lastPos, nots, ok = fc.checkDag(cs, buf)
		if !ok {
			return 0, 0, false
		}
	}
	lastMatchEnd := lastPos
	firstMatchPos := 0
	for i := 1; i <= cs.pat.count(); i++ {
		mb := span{buf.start + lastMatchEnd, buf.end}
		r := cs.pat.match(fc.window(mb), mb.start)
		if fc.report(true, cs.prefix, cs.at, cs.pat, i, mb, r) {
			return 0, 0, false
		}
		if i == 1 {
			firstMatchPos = lastPos + r.pos
		}
		lastMatchEnd += r.pos + r.len
	}
	matchLen := lastMatchEnd - firstMatchPos
	if !labelScan {
		skipped := span{buf.start + lastPos, buf.start + firstMatchPos}
		if fc.checkNext(cs, skipped) || fc.checkSame(cs, skipped) || fc.checkNot(skipped, nots) {
			return 0, 0, false
		}
	}
	return firstMatchPos, matchLen, true
}

// countNewlines counts line breaks in r ("\r\n" and "\n\r" count once) and
// returns the position just after the first one.
func (fc *checker) countNewlines(r span) (int, int) {
	text := fc.in.text
	n, first := 0, -1
	i := r.start
	for {
		for i < r.end && text[i] != '\n' && text[i] != '\r' {
			i++
		}
		if i >= r.end {
			return n, first
		}
		n++
		if i+1 < r.end && (text[i+1] == '\n' || text[i+1] == '\r') && text[i] != text[i+1] {
			i++
		}
		i++
		if n == 1 {
			first = i
		}
	}
}

func (fc *checker) checkNext(cs *checkString, r span) bool {
	kind := cs.pat.ty.kind
	if kind != kindNext && kind != kindEmpty {
		return false
	}
	name := cs.prefix + "-NEXT"
	if kind == kindEmpty {
		name = cs.prefix + "-EMPTY"
	}
	n, first := fc.countNewlines(r)
	if n == 0 {
		printMessage(&fc.out, cs.at, diagErrorKind, name+": is on the same line as previous match")
		printMessage(&fc.out, loc{fc.in, r.end}, diagNote, "'next' match was here")
		printMessage(&fc.out, loc{fc.in, r.start}, diagNote, "previous match ended here")
		return true
	}
	if n != 1 {
		printMessage(&fc.out, cs.at, diagErrorKind, name+": is not on the line after the previous match")
		printMessage(&fc.out, loc{fc.in, r.end}, diagNote, "'next' match was here")
		printMessage(&fc.out, loc{fc.in, r.start}, diagNote, "previous match ended here")
		printMessage(&fc.out, loc{fc.in, first}, diagNote, "non-matching line after previous match is here")
		return true
	}
	return false
}

func (fc *checker) checkSame(cs *checkString, r span) bool {
	if cs.pat.ty.kind != kindSame {
		return false
	}
	if n, _ := fc.countNewlines(r); n != 0 {
		printMessage(&fc.out, cs.at, diagErrorKind, cs.prefix+"-SAME: is not on the same line as the previous match")
		printMessage(&fc.out, loc{fc.in, r.end}, diagNote, "'next' match was here")
		printMessage(&fc.out, loc{fc.in, r.start}, diagNote, "previous match ended here")
		return true
	}
	return false
}

// checkNot reports every CHECK-NOT of nots that matches in r.
func (fc *checker) checkNot(r span, nots []dagNot) bool {
	failed := false
	for _, n := range nots {
		res := n.pat.match(fc.window(r), r.start)
		if fc.report(false, n.prefix, n.pat.at, n.pat, 1, r, res) {
			failed = true
		}
	}
	return failed
}

// checkDag matches the CHECK-DAG groups before a directive, checking the
// CHECK-NOTs between groups.  It returns where the last group ended
// (relative to buf.start) and the CHECK-NOTs that follow the last group.
func (fc *checker) checkDag(cs *checkString, buf span) (int, []dagNot, bool) {
	if len(cs.dagNots) == 0 {
		return 0, nil, true
	}
	type rng struct{ pos, end int }
	var nots []dagNot
	start := 0
	var ranges []rng // sorted, non-overlapping matches of the current group
	for idx, dn := range cs.dagNots {
		pat := dn.pat
		if pat.ty.kind == kindNot {
			nots = append(nots, dn)
			continue
		}
		matchPos, matchLen := start, 0
		mi := 0
		for {
			mb := span{buf.start + matchPos, buf.end}
			r := pat.match(fc.window(mb), mb.start)
			if !r.found || fc.req.verboseVerbose {
				if fc.report(true, dn.prefix, pat.at, pat, 1, mb, r) {
					return 0, nil, false
				}
			}
			matchLen = r.len
			matchPos += r.pos
			m := rng{matchPos, matchPos + matchLen}
			if fc.req.allowDagOverlap {
				if len(ranges) == 0 {
					ranges = append(ranges, m)
				} else {
					ranges[0].pos = min(ranges[0].pos, m.pos)
					ranges[0].end = max(ranges[0].end, m.end)
				}
				break
			}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if m.pos < ranges[mi].end {
					overlap = ranges[mi].pos < m.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges, rng{})
				copy(ranges[mi+1:], ranges[mi:])
				ranges[mi] = m
				break
			}
			if fc.req.verboseVerbose {
				old := span{buf.start + ranges[mi].pos, buf.start + ranges[mi].end}
				printMessage(&fc.out, loc{fc.in, old.start}, diagNote, "match discarded, overlaps earlier DAG match here", old)
			}
			matchPos = ranges[mi].end
			mi++
		}
		if !fc.req.verboseVerbose {
			fc.report(true, dn.prefix, pat.at, pat, 1, buf, matchResult{found: true, pos: matchPos, len: matchLen})
		}
		if idx+1 == len(cs.dagNots) || cs.dagNots[idx+1].pat.ty.kind == kindNot {
			if len(nots) > 0 {
				skipped := span{buf.start + start, buf.start + ranges[0].pos}
				if fc.checkNot(skipped, nots) {
					return 0, nil, false
				}
				nots = nil
			}
			start = ranges[len(ranges)-1].end
			ranges = nil
		}
	}
	return start, nots, true
}

// checkInput is FileCheck::checkInput: it splits the input at CHECK-LABEL
// matches and checks each block; a failure ends its block only.
func (fc *checker) checkInput() bool {
	failed := false
	rest := span{0, len(fc.in.text)}
	i, j, e := 0, 0, len(fc.checks)
	for {
		var region span
		if j == e {
			region = rest
		} else {
			label := fc.checks[j]
			if label.pat.ty.kind != kindLabel {
				j++
				continue
			}
			pos, n, ok := fc.check(label, rest, true)
			if !ok {
				return false
			}
			region = span{rest.start, rest.start + pos + n}
			rest = span{rest.start + pos + n, rest.end}
			j++
		}
		if i != 0 && fc.req.enableVarScope {
			fc.ctx.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, n, ok := fc.check(fc.checks[i], region, false)
			if !ok {
				failed = true
				i = j
				break
			}
			region = span{region.start + pos + n, region.end}
		}
		if j == e {
			break
		}
	}
	return !failed
}
