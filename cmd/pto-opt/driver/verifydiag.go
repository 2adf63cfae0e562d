package driver

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"pto-opt/dialect"
)

// expectation is one `expected-<severity>[-re] [@loc] {{message}}`
// annotation of -verify-diagnostics.
type expectation struct {
	sev      dialect.Severity
	msg      string
	re       *regexp.Regexp // for -re annotations
	line     int            // expected line; 0 with unknown
	unknown  bool
	annLine  int // where the annotation is written
	annCol   int
	annWidth int
	matched  bool
}

var annotationRE = regexp.MustCompile(`expected-(error|warning|note|remark)(-re)?\s*(@([+-][0-9]+|above|below|unknown))?\s*\{\{(.*)\}\}`)

// parseExpectations scans the annotations of one input chunk; lineOffset
// is the number of lines before the chunk in its file.
func parseExpectations(chunk string, lineOffset int) ([]*expectation, error) {
	var out []*expectation
	lines := strings.Split(chunk, "\n")
	// @below applies to the next line that is not itself an annotation.
	for i, text := range lines {
		for _, m := range annotationRE.FindAllStringSubmatchIndex(text, -1) {
			kind := text[m[2]:m[3]]
			isRE := m[4] >= 0
			where := ""
			if m[8] >= 0 {
				where = text[m[8]:m[9]]
			}
			body := text[m[10]:m[11]]
			e := &expectation{
				msg:      body,
				annLine:  lineOffset + i + 1,
				annCol:   m[0] + 1,
				annWidth: len("expected-" + kind),
			}
			switch kind {
			case "error":
				e.sev = dialect.SevError
			case "warning":
				e.sev = dialect.SevWarning
			case "note":
				e.sev = dialect.SevNote
			case "remark":
				e.sev = dialect.SevRemark
			}
			if isRE {
				re, err := compileExpectationRE(body)
				if err != nil {
					return nil, fmt.Errorf("line %d: invalid regex in expected-%s-re: %v", e.annLine, kind, err)
				}
				e.re = re
			}
			switch {
			case where == "":
				e.line = lineOffset + i + 1
			case where == "unknown":
				e.unknown = true
			case where == "above":
				e.line = lineOffset + i
			case where == "below":
				e.line = lineOffset + i + 2
				for j := i + 1; j < len(lines) && annotationRE.MatchString(lines[j]); j++ {
					e.line++
				}
			default:
				n, _ := strconv.Atoi(where)
				e.line = lineOffset + i + 1 + n
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// compileExpectationRE turns `literal {{regex}} literal` into a regexp,
// as MLIR does for expected-*-re.
func compileExpectationRE(body string) (*regexp.Regexp, error) {
	var sb strings.Builder
	for body != "" {
		i := strings.Index(body, "{{")
		if i < 0 {
			sb.WriteString(regexp.QuoteMeta(body))
			break
		}
		sb.WriteString(regexp.QuoteMeta(body[:i]))
		body = body[i+2:]
		j := strings.Index(body, "}}")
		if j < 0 {
			return nil, fmt.Errorf("unterminated '{{'")
		}
		sb.WriteString("(?:" + body[:j] + ")")
		body = body[j+2:]
	}
	return regexp.Compile(sb.String())
}

func (e *expectation) matches(sev dialect.Severity, loc dialect.Location, msg string, file string) bool {
	if e.matched || e.sev != sev {
		return false
	}
	if e.unknown {
		if loc.Known() {
			return false
		}
	} else if !loc.Known() || loc.Line != e.line || loc.File != file {
		return false
	}
	if e.re != nil {
		return e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.msg)
}

// checkDiagnostics matches produced diagnostics (with their notes) against
// the expectations, reporting mismatches to w. It returns true when every
// diagnostic was expected and every expectation produced.
func checkDiagnostics(w io.Writer, sm *sourceMgr, file string, exps []*expectation, diags []*dialect.Diagnostic) bool {
	ok := true
	check := func(sev dialect.Severity, loc dialect.Location, msg string) {
		for _, e := range exps {
			if e.matches(sev, loc, msg, file) {
				e.matched = true
				return
			}
		}
		ok = false
		sm.renderOne(w, loc, "error", "unexpected "+sev.String()+": "+msg, 0)
	}
	for _, d := range diags {
		check(d.Severity, d.Loc, d.Msg)
		for _, n := range d.Notes {
			loc := n.Loc
			if !loc.Known() {
				loc = d.Loc
			}
			check(dialect.SevNote, loc, n.Msg)
		}
	}
	for _, e := range exps {
		if e.matched {
			continue
		}
		ok = false
		msg := fmt.Sprintf("expected %s \"%s\" was not produced", e.sev, e.msg)
		if e.unknown {
			fmt.Fprintf(w, "<unknown>:0: error: %s\n", msg)
			continue
		}
		sm.renderOne(w, dialect.Location{File: file, Line: e.annLine, Col: e.annCol}, "error", msg, e.annWidth)
	}
	return ok
}
