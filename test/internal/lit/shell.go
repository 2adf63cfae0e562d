package lit

import (
	"fmt"
	"strings"
	"unicode"
)

// This file is the syntax of lit's internal shell (lit/ShUtil.py): words
// with '...' and "..." quoting and backslash escapes, redirections, pipes,
// and the sequencing operators ; && || (& is rejected).

// token is a lexed shell token: either a word or an operator.  An operator
// may carry a file descriptor, as in "2>" (fd 2) or "1>&" (fd 1).
type token struct {
	op   string // "" for a word
	fd   int    // for redirection operators; -1 when not given
	word string
	glob bool // an unquoted '*' or '?' appeared in the word
}

type lexer struct {
	data string
	pos  int
}

func (l *lexer) eof() bool { return l.pos >= len(l.data) }

func (l *lexer) eat() byte {
	c := l.data[l.pos]
	l.pos++
	return c
}

func (l *lexer) maybeEat(c byte) bool {
	if !l.eof() && l.data[l.pos] == c {
		l.pos++
		return true
	}
	return false
}

// quoted reads the rest of a quoted string.  Inside "...", a backslash only
// escapes '"' and '\'; elsewhere it is kept.
func (l *lexer) quoted(delim byte) (string, error) {
	var b strings.Builder
	for !l.eof() {
		c := l.eat()
		switch {
		case c == delim:
			return b.String(), nil
		case c == '\\' && delim == '"':
			if l.eof() {
				return "", fmt.Errorf("escape at end of quoted argument in: %q", l.data)
			}
			c = l.eat()
			if c != '"' && c != '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return "", fmt.Errorf("missing quote character in %q", l.data)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// arg lexes a word whose first character c has been consumed.  As in lit,
// a leading backslash is kept literally; later ones escape the next byte.
func (l *lexer) arg(c byte) (token, error) {
	var b strings.Builder
	glob := false
	if c == '\'' || c == '"' {
		s, err := l.quoted(c)
		if err != nil {
			return token{}, err
		}
		b.WriteString(s)
	} else {
		b.WriteByte(c)
		glob = c == '*' || c == '?'
	}
	for !l.eof() {
		c := l.data[l.pos]
		switch {
		case unicode.IsSpace(rune(c)) || strings.IndexByte("|&;", c) >= 0:
			return token{fd: -1, word: b.String(), glob: glob}, nil
		case c == '>' || c == '<':
			// "2>" is one token, so a number directly before a
			// redirection is its file descriptor.
			if !isDigits(b.String()) {
				return token{fd: -1, word: b.String(), glob: glob}, nil
			}
			fd := 0
			fmt.Sscan(b.String(), &fd)
			l.pos++
			t := l.operator(c)
			t.fd = fd
			return t, nil
		case c == '"' || c == '\'':
			l.pos++
			s, err := l.quoted(c)
			if err != nil {
				return token{}, err
			}
			b.WriteString(s)
		case c == '\\':
			l.pos++
			if l.eof() {
				return token{fd: -1, word: b.String(), glob: glob}, nil
			}
			b.WriteByte(l.eat())
		default:
			if c == '*' || c == '?' {
				glob = true
			}
			b.WriteByte(l.eat())
		}
	}
	return token{fd: -1, word: b.String(), glob: glob}, nil
}

// operator lexes the operator starting with c (already consumed).
func (l *lexer) operator(c byte) token {
	t := token{fd: -1}
	switch c {
	case ';':
		t.op = ";"
	case '|':
		t.op = "|"
		if l.maybeEat('|') {
			t.op = "||"
		}
	case '&':
		t.op = "&"
		if l.maybeEat('&') {
			t.op = "&&"
		} else if l.maybeEat('>') {
			t.op = "&>"
		}
	case '>':
		t.op = ">"
		if l.maybeEat('&') {
			t.op = ">&"
		} else if l.maybeEat('>') {
			t.op = ">>"
		}
	case '<':
		t.op = "<"
		if l.maybeEat('&') {
			t.op = "<&"
		} else if l.maybeEat('>') {
			t.op = "<>"
		}
	}
	return t
}

func lex(s string) ([]token, error) {
	l := &lexer{data: s}
	var toks []token
	for {
		for !l.eof() && unicode.IsSpace(rune(l.data[l.pos])) {
			l.pos++
		}
		if l.eof() {
			return toks, nil
		}
		c := l.eat()
		var t token
		var err error
		if strings.IndexByte(";|&><", c) >= 0 {
			t = l.operator(c)
		} else {
			t, err = l.arg(c)
			if err != nil {
				return nil, err
			}
		}
		toks = append(toks, t)
	}
}

// The parsed script.
type (
	word struct {
		text string
		glob bool
	}
	redirect struct {
		op     string
		fd     int
		target word
	}
	command struct {
		args      []word
		redirects []redirect
	}
	pipeline struct{ cmds []*command }
	sequence struct {
		lhs, rhs node
		op       string
	}
	node interface{}
)

type parser struct {
	toks []token
	pos  int
}

func (p *parser) look() *token {
	if p.pos < len(p.toks) {
		return &p.toks[p.pos]
	}
	return nil
}

func (p *parser) command() (*command, error) {
	t := p.look()
	if t == nil {
		//lint:ignore ST1005 real lit's wording
		return nil, fmt.Errorf("empty command!")
	}
	if t.op != "" {
		return nil, fmt.Errorf("syntax error near unexpected token %q", t.op)
	}
	p.pos++
	c := &command{args: []word{{t.word, t.glob}}}
	for {
		t := p.look()
		if t == nil {
			return c, nil
		}
		if t.op == "" {
			c.args = append(c.args, word{t.word, t.glob})
			p.pos++
			continue
		}
		switch t.op {
		case "|", ";", "&", "||", "&&":
			return c, nil
		}
		p.pos++
		arg := p.look()
		if arg == nil || arg.op != "" {
			return nil, fmt.Errorf("syntax error near token %q", t.op)
		}
		p.pos++
		c.redirects = append(c.redirects, redirect{op: t.op, fd: t.fd, target: word{arg.word, arg.glob}})
	}
}

func (p *parser) pipeline() (*pipeline, error) {
	c, err := p.command()
	if err != nil {
		return nil, err
	}
	pl := &pipeline{cmds: []*command{c}}
	for t := p.look(); t != nil && t.op == "|"; t = p.look() {
		p.pos++
		c, err := p.command()
		if err != nil {
			return nil, err
		}
		pl.cmds = append(pl.cmds, c)
	}
	return pl, nil
}

// parseShell parses one command line.  Like lit, operators associate to the
// left without precedence between && and ||.
func parseShell(s string) (node, error) {
	toks, err := lex(s)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	var lhs node
	if lhs, err = p.pipeline(); err != nil {
		return nil, err
	}
	for t := p.look(); t != nil; t = p.look() {
		op := t.op
		p.pos++
		if p.look() == nil {
			return nil, fmt.Errorf("missing argument to operator %q", op)
		}
		rhs, err := p.pipeline()
		if err != nil {
			return nil, err
		}
		lhs = &sequence{lhs: lhs, rhs: rhs, op: op}
	}
	return lhs, nil
}

// shellQuote renders an argument for the transcript.
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("@%+=:,./-_", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
}
