package driver

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// -verify-diagnostics, with the semantics of MLIR's
// SourceMgrDiagnosticVerifierHandler:
//
//   - a line holding `expected-<severity>[-re] [@loc] {{message}}` (the
//     annotation must end the line) expects a diagnostic of that severity
//     whose message contains message (-re: `literal {{regex}} literal`);
//   - @+N and @-N are relative to the annotation's line, @above is the last
//     line above that is not itself an annotation, @below the next such line
//     below, and @unknown a diagnostic without a source location;
//   - one annotation matches every diagnostic that fits it;
//   - a diagnostic matching an annotation's line and message but not its
//     severity is reported as a near miss; any other unmatched diagnostic as
//     "unexpected"; an annotation that matched nothing as "not produced";
//   - with level only-expected, unmatched diagnostics are ignored.

// verifyLevel is the value of --verify-diagnostics.
type verifyLevel int

const (
	verifyOff verifyLevel = iota
	verifyAll
	verifyOnlyExpected
)

// expectation is one annotation.
type expectation struct {
	sev     ir.Severity
	substr  string         // the text between the outer {{ }}
	re      *regexp.Regexp // for -re annotations
	line    int            // the line the diagnostic is expected on
	unknown bool           // @unknown
	annLine int            // where `expected-` is written (1-based)
	annCol  int
	matched bool
}

var annotationRE = regexp.MustCompile(`expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$`)

// verifier holds the annotations of one input chunk.
type verifier struct {
	file  string
	level verifyLevel
	exps  []*expectation
	ok    bool
}

// newVerifier scans text (a chunk padded so that its line numbers are
// those of the file) for annotations. Malformed -re annotations are
// reported to w and make the verification fail.
func newVerifier(w io.Writer, sm *sourceMgr, file, text string, level verifyLevel) *verifier {
	v := &verifier{file: file, level: level, ok: true}
	lines := strings.Split(text, "\n")
	lastPlain := 0 // 0-based index of the last line without an annotation
	var pendingBelow []*expectation
	for i, raw := range lines {
		line := strings.TrimRight(raw, " \t\r\n\v\f")
		m := annotationRE.FindStringSubmatchIndex(line)
		if m == nil {
			for _, e := range pendingBelow {
				e.line = i + 1
			}
			pendingBelow = pendingBelow[:0]
			lastPlain = i
			continue
		}
		e := &expectation{
			substr:  line[m[10]:m[11]],
			line:    i + 1,
			annLine: i + 1,
			annCol:  m[0] + 1,
		}
		switch line[m[2]:m[3]] {
		case "error":
			e.sev = ir.SevError
		case "warning":
			e.sev = ir.SevWarning
		case "note":
			e.sev = ir.SevNote
		case "remark":
			e.sev = ir.SevRemark
		}
		if m[4] >= 0 {
			re, err := compileExpectationRE(e.substr)
			if err != nil {
				sm.renderRange(w, ir.At(file, e.annLine, e.annCol), "error", err.Error(), len(e.substr))
				v.ok = false
				continue
			}
			e.re = re
		}
		if m[8] >= 0 {
			switch where := line[m[8]:m[9]]; where {
			case "unknown":
				e.unknown = true
			case "above":
				e.line = lastPlain + 1
			case "below":
				// Dangling at the end of the input: the last line.
				e.line = len(lines)
				pendingBelow = append(pendingBelow, e)
			default:
				n, _ := strconv.Atoi(where[1:])
				if where[0] == '-' {
					n = -n
				}
				e.line += n
			}
		}
		v.exps = append(v.exps, e)
	}
	return v
}

// compileExpectationRE turns `literal {{regex}} literal` into a regexp.
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
			return nil, fmt.Errorf("found start of regex with no end '}}'")
		}
		if _, err := regexp.Compile(body[:j]); err != nil {
			return nil, fmt.Errorf("invalid regex: %v", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
		sb.WriteString("(" + body[:j] + ")")
		body = body[j+2:]
	}
	return regexp.Compile(sb.String())
}

func (e *expectation) match(msg string) bool {
	if e.re != nil {
		return e.re.MatchString(msg)
	}
	return strings.Contains(msg, e.substr)
}

// process checks one diagnostic (a note is checked on its own).
func (v *verifier) process(w io.Writer, sm *sourceMgr, sev ir.Severity, loc ir.Location, msg string) {
	var near *expectation
	for _, e := range v.exps {
		if loc.Known() {
			if e.unknown || loc.FileName() != v.file || int(loc.Line) != e.line {
				continue
			}
		} else if !e.unknown {
			continue
		}
		if !e.match(msg) {
			continue
		}
		if e.sev == sev {
			e.matched = true
			return
		}
		near = e
	}
	if v.level == verifyOnlyExpected {
		return
	}
	v.ok = false
	if near != nil {
		text := fmt.Sprintf("'%s' diagnostic emitted when expecting a '%s'", sev, near.sev)
		if near.unknown {
			sm.renderOne(w, ir.Location{}, "error", text, true)
		} else {
			sm.renderOne(w, ir.At(v.file, near.annLine, near.annCol), "error", text, true)
		}
		return
	}
	sm.renderOne(w, loc, "error", "unexpected "+sev.String()+": "+msg, true)
}

// check processes a diagnostic and its notes.
func (v *verifier) check(w io.Writer, sm *sourceMgr, d *ir.Diagnostic) {
	v.process(w, sm, d.Severity, d.Loc, d.Msg)
	for _, n := range d.Notes {
		loc := n.Loc
		if !loc.Known() {
			loc = d.Loc
		}
		v.process(w, sm, ir.SevNote, loc, n.Msg)
	}
}

// finish reports the annotations nothing matched; it returns whether the
// chunk verified.
func (v *verifier) finish(w io.Writer, sm *sourceMgr) bool {
	for _, e := range v.exps {
		if e.matched {
			continue
		}
		v.ok = false
		msg := fmt.Sprintf("expected %s \"%s\" was not produced", e.sev, e.substr)
		if e.unknown {
			sm.renderOne(w, ir.Location{}, "error", msg, true)
			continue
		}
		sm.renderRange(w, ir.At(v.file, e.annLine, e.annCol), "error", msg, len(e.substr))
	}
	return v.ok
}
