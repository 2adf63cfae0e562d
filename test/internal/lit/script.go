package lit

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// directive is one RUN line (after continuations are joined).
type directive struct {
	line    int // where it starts
	command string
}

// script is what a test file declares.
type script struct {
	runs        []directive
	xfails      []string
	requires    []string
	unsupported []string
}

var keywordRE = regexp.MustCompile(`(RUN:|XFAIL:|REQUIRES:|UNSUPPORTED:|ALLOW_RETRIES:|DEFINE:|REDEFINE:|END\.)(.*)\n`)

var lineRE = regexp.MustCompile(`%\(line *([+-]) *(\d+)\)`)

// parseScript extracts lit's keywords the way lit does: anywhere on a line,
// whatever comment syntax precedes them.
func parseScript(data []byte) (*script, error) {
	if len(data) == 0 || data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	s := &script{}
	line, last := 1, 0
	for _, m := range keywordRE.FindAllSubmatchIndex(data, -1) {
		line += strings.Count(string(data[last:m[0]]), "\n")
		last = m[0]
		kw := string(data[m[2]:m[3]])
		text := strings.TrimRight(string(data[m[4]:m[5]]), "\r")
		switch kw {
		case "END.":
			if strings.TrimSpace(text) == "" {
				return s, s.finish()
			}
		case "RUN:":
			text = strings.TrimRight(text, " \t\r\n\v\f")
			text = strings.ReplaceAll(text, "%(line)", strconv.Itoa(line))
			text = lineRE.ReplaceAllStringFunc(text, func(m string) string {
				sm := lineRE.FindStringSubmatch(m)
				n, _ := strconv.Atoi(sm[2])
				if sm[1] == "+" {
					return strconv.Itoa(line + n)
				}
				return strconv.Itoa(line - n)
			})
			if k := len(s.runs); k > 0 && strings.HasSuffix(s.runs[k-1].command, `\`) {
				prev := &s.runs[k-1]
				prev.command = prev.command[:len(prev.command)-1] + text
			} else {
				s.runs = append(s.runs, directive{line: line, command: text})
			}
		case "XFAIL:":
			s.xfails = append(s.xfails, splitList(text)...)
		case "REQUIRES:":
			s.requires = append(s.requires, splitList(text)...)
		case "UNSUPPORTED:":
			s.unsupported = append(s.unsupported, splitList(text)...)
		case "ALLOW_RETRIES:":
			// Retrying flaky tests is not this runner's business; the
			// count is accepted and the test runs once.
		case "DEFINE:", "REDEFINE:":
			return nil, fmt.Errorf("line %d: %s substitutions are not supported by this runner", line, kw)
		}
	}
	return s, s.finish()
}

func (s *script) finish() error {
	if k := len(s.runs); k > 0 && strings.HasSuffix(s.runs[k-1].command, `\`) {
		//lint:ignore ST1005 real lit's wording, which users grep for
		return fmt.Errorf("Test has unterminated 'RUN:' lines (with '\\')")
	}
	return nil
}

func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// evalFeatureExpr evaluates lit's boolean feature expressions: identifiers
// (true if the feature is available), true/false, !, &&, ||, parentheses.
// An identifier may contain {{regex}} parts, matched against the features.
func evalFeatureExpr(expr string, features map[string]bool) (bool, error) {
	toks, err := featureTokens(expr)
	if err != nil {
		return false, err
	}
	p := &featureParser{toks: toks, features: features}
	v, err := p.or()
	if err != nil {
		return false, err
	}
	if p.pos != len(p.toks) {
		return false, fmt.Errorf("expected: <end of expression>\nhave: %s", p.toks[p.pos])
	}
	return v, nil
}

var featureTokenRE = regexp.MustCompile(`^(?:\s+|&&|\|\||!|\(|\)|(?:[-+=._a-zA-Z0-9]+|\{\{.+?\}\})+)`)

func featureTokens(s string) ([]string, error) {
	var toks []string
	for s != "" {
		m := featureTokenRE.FindString(s)
		if m == "" {
			return nil, fmt.Errorf("couldn't parse text: %q", s)
		}
		if strings.TrimSpace(m) != "" {
			toks = append(toks, m)
		}
		s = s[len(m):]
	}
	return toks, nil
}

type featureParser struct {
	toks     []string
	pos      int
	features map[string]bool
}

func (p *featureParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *featureParser) or() (bool, error) {
	v, err := p.and()
	for err == nil && p.peek() == "||" {
		p.pos++
		var r bool
		r, err = p.and()
		v = v || r
	}
	return v, err
}

func (p *featureParser) and() (bool, error) {
	v, err := p.not()
	for err == nil && p.peek() == "&&" {
		p.pos++
		var r bool
		r, err = p.not()
		v = v && r
	}
	return v, err
}

func (p *featureParser) not() (bool, error) {
	switch t := p.peek(); t {
	case "!":
		p.pos++
		v, err := p.not()
		return !v, err
	case "(":
		p.pos++
		v, err := p.or()
		if err != nil {
			return false, err
		}
		if p.peek() != ")" {
			return false, fmt.Errorf("expected: ')'")
		}
		p.pos++
		return v, nil
	case "", ")", "&&", "||":
		return false, fmt.Errorf("expected: '!', '(' or identifier, have: %q", t)
	default:
		p.pos++
		return p.identifier(t)
	}
}

func (p *featureParser) identifier(t string) (bool, error) {
	switch t {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	if !strings.Contains(t, "{{") {
		return p.features[t], nil
	}
	// Literal parts are quoted, {{...}} parts are regexes.
	var b strings.Builder
	b.WriteString("^(?:")
	rest := t
	for rest != "" {
		i := strings.Index(rest, "{{")
		if i < 0 {
			b.WriteString(regexp.QuoteMeta(rest))
			break
		}
		b.WriteString(regexp.QuoteMeta(rest[:i]))
		j := strings.Index(rest[i:], "}}")
		b.WriteString("(?:" + rest[i+2:i+j] + ")")
		rest = rest[i+j+2:]
	}
	b.WriteString(")$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return false, err
	}
	for f := range p.features {
		if re.MatchString(f) {
			return true, nil
		}
	}
	return false, nil
}
