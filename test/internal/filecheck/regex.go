package filecheck

import (
	"strings"
)

// FileCheck compiles its patterns with LLVM's copy of Henry Spencer's POSIX
// regex library (REG_EXTENDED, plus REG_NEWLINE when matching).  Its dialect
// differs from Go's in ways tests notice: "\d" is a literal 'd', a backslash
// inside brackets is literal, "\1".."\9" are back-references, "[[:<:]]" is a
// word start, "{" is literal unless a digit follows, and "()" is legal while an
// empty alternative is not.  Matching is byte-wise and leftmost-longest.  So
// this file parses that dialect itself, reporting the library's own error
// messages, and regexmatch.go executes the parsed tree.

// reOp is the kind of a parsed regular-expression node.
type reOp uint8

const (
	reSet     reOp = iota // one byte out of set
	reBOL                 // "^": start of input or after '\n'
	reEOL                 // "$": end of input or before '\n'
	reBOW                 // "[[:<:]]": a word starts here
	reEOW                 // "[[:>:]]": a word ends here
	reEmpty               // the empty string, e.g. the body of "()"
	reGroup               // capturing group n
	reConcat              // subs in sequence
	reAlt                 // one of subs
	reRepeat              // subs[0] repeated min..max times (max<0: unbounded)
	reBackref             // the text captured by group n
)

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(b byte)      { s[b>>6] |= 1 << (b & 63) }
func (s *byteSet) remove(b byte)   { s[b>>6] &^= 1 << (b & 63) }
func (s *byteSet) has(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }

func (s *byteSet) count() int {
	n := 0
	for i := 0; i < 256; i++ {
		if s.has(byte(i)) {
			n++
		}
	}
	return n
}

type reNode struct {
	op       reOp
	set      byteSet
	subs     []*reNode
	min, max int
	n        int
}

// reErr is a regcomp error code; the zero value means no error.
type reErr int

const (
	regOK reErr = iota
	regECollate
	regECType
	regEEscape
	regESubReg
	regEBrack
	regEParen
	regEBrace
	regBadBr
	regERange
	regBadRpt
	regEmpty
)

// The texts llvm_regerror returns, which FileCheck prints after
// "invalid regex: ".
var reErrText = map[reErr]string{
	regECollate: "invalid collating element",
	regECType:   "invalid character class",
	regEEscape:  "trailing backslash (\\)",
	regESubReg:  "invalid backreference number",
	regEBrack:   "brackets ([ ]) not balanced",
	regEParen:   "parentheses not balanced",
	regEBrace:   "braces not balanced",
	regBadBr:    "invalid repetition count(s)",
	regERange:   "invalid character range",
	regBadRpt:   "repetition-operator operand invalid",
	regEmpty:    "empty (sub)expression",
}

func (e reErr) Error() string { return reErrText[e] }

// dupMax is RE_DUP_MAX, the largest count allowed in "{m,n}".
const dupMax = 255

type reParser struct {
	src     string
	pos     int
	err     reErr
	nsub    int
	closed  [10]bool // which of the groups 1..9 have been closed (back-reference targets)
	icase   bool
	newline bool
	special bool // the tree uses back-references or word assertions
}

// parseRegex parses pattern as LLVM's regcomp does with REG_EXTENDED (and
// REG_ICASE / REG_NEWLINE as requested).  It returns the tree, the number of
// capturing groups, and the first error regcomp would report.
func parseRegex(pattern string, icase, newline bool) (*reNode, int, reErr) {
	p := &reParser{src: pattern, icase: icase, newline: newline}
	root := p.ere(-1)
	if p.err != regOK {
		return nil, 0, p.err
	}
	return root, p.nsub, regOK
}

// validateRegex reports what Regex::isValid would for pattern.
func validateRegex(pattern string) (nsub int, err reErr) {
	_, n, e := parseRegex(pattern, false, false)
	return n, e
}

// seterr keeps the earliest error and, like regcomp, stops the scanner.
func (p *reParser) seterr(e reErr) {
	if p.err == regOK {
		p.err = e
	}
	p.pos = len(p.src)
}

func (p *reParser) more() bool  { return p.pos < len(p.src) }
func (p *reParser) more2() bool { return p.pos+1 < len(p.src) }

// peek returns the next byte, or 0 past the end (regcomp reads a NUL there).
func (p *reParser) peek() byte {
	if p.more() {
		return p.src[p.pos]
	}
	return 0
}

func (p *reParser) peek2() byte {
	if p.more2() {
		return p.src[p.pos+1]
	}
	return 0
}

func (p *reParser) getnext() byte {
	c := p.peek()
	if p.more() {
		p.pos++
	}
	return c
}

func (p *reParser) see(c byte) bool       { return p.more() && p.peek() == c }
func (p *reParser) seeTwo(a, b byte) bool { return p.more2() && p.peek() == a && p.peek2() == b }

func (p *reParser) eat(c byte) bool {
	if p.see(c) {
		p.pos++
		return true
	}
	return false
}

func (p *reParser) eatTwo(a, b byte) bool {
	if p.seeTwo(a, b) {
		p.pos += 2
		return true
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || isDigit(c) }

func otherCase(c byte) byte {
	switch {
	case c >= 'a' && c <= 'z':
		return c - 'a' + 'A'
	case c >= 'A' && c <= 'Z':
		return c - 'A' + 'a'
	}
	return c
}

// ere parses alternatives up to stop (a byte, or -1 for the end).
func (p *reParser) ere(stop int) *reNode {
	var branches []*reNode
	for {
		var items []*reNode
		emitted := false
		for p.more() && p.peek() != '|' && int(p.peek()) != stop {
			n, e := p.ereExp()
			if n != nil {
				items = append(items, n)
			}
			emitted = emitted || e
		}
		if !emitted {
			p.seterr(regEmpty)
		}
		branches = append(branches, concatOf(items))
		if !p.eat('|') {
			break
		}
	}
	if len(branches) == 1 {
		return branches[0]
	}
	return &reNode{op: reAlt, subs: branches}
}

func concatOf(items []*reNode) *reNode {
	switch len(items) {
	case 0:
		return &reNode{op: reEmpty}
	case 1:
		return items[0]
	}
	return &reNode{op: reConcat, subs: items}
}

func isRepeatStart(p *reParser) bool {
	c := p.peek()
	return c == '*' || c == '+' || c == '?' || (c == '{' && p.more2() && isDigit(p.peek2()))
}

// ereExp parses one atom and an optional repetition.  The boolean reports
// whether regcomp would have emitted anything (x{0} emits nothing, which
// matters for the "empty (sub)expression" check).
func (p *reParser) ereExp() (*reNode, bool) {
	c := p.getnext()
	var atom *reNode
	wasCaret := false
	switch c {
	case '(':
		if !p.more() {
			p.seterr(regEParen)
		}
		p.nsub++
		subno := p.nsub
		var body *reNode
		if !p.see(')') {
			body = p.ere(')')
		} else {
			body = &reNode{op: reEmpty}
		}
		if subno < len(p.closed) {
			p.closed[subno] = true
		}
		atom = &reNode{op: reGroup, n: subno, subs: []*reNode{body}}
		if !(p.more() && p.getnext() == ')') {
			p.seterr(regEParen)
		}
	case ')':
		p.seterr(regEParen)
	case '^':
		atom = &reNode{op: reBOL}
		wasCaret = true
	case '$':
		atom = &reNode{op: reEOL}
	case '|':
		p.seterr(regEmpty)
	case '*', '+', '?':
		p.seterr(regBadRpt)
	case '.':
		atom = &reNode{op: reSet}
		for i := 0; i < 256; i++ {
			atom.set.add(byte(i))
		}
		if p.newline {
			atom.set.remove('\n')
		}
	case '[':
		atom = p.bracket()
	case '\\':
		if !p.more() {
			p.seterr(regEEscape)
			break
		}
		c = p.getnext()
		if c >= '1' && c <= '9' {
			n := int(c - '0')
			if !p.closed[n] {
				p.seterr(regESubReg)
				break
			}
			atom = &reNode{op: reBackref, n: n}
			p.special = true
		} else {
			atom = p.ordinary(c)
		}
	case '{':
		if p.more() && isDigit(p.peek()) {
			p.seterr(regBadRpt)
		}
		atom = p.ordinary(c)
	default:
		atom = p.ordinary(c)
	}
	if p.err != regOK {
		return nil, false
	}
	if !p.more() || !isRepeatStart(p) {
		return atom, true
	}
	c = p.getnext()
	if wasCaret {
		p.seterr(regBadRpt)
	}
	rep := &reNode{op: reRepeat, subs: []*reNode{atom}}
	emitted := true
	switch c {
	case '*':
		rep.min, rep.max = 0, -1
	case '+':
		rep.min, rep.max = 1, -1
	case '?':
		rep.min, rep.max = 0, 1
	case '{':
		count := p.count()
		count2 := count
		if p.eat(',') {
			if isDigit(p.peek()) {
				count2 = p.count()
				if count > count2 {
					p.seterr(regBadBr)
				}
			} else {
				count2 = -1
			}
		}
		rep.min, rep.max = count, count2
		emitted = !(count == 0 && count2 == 0)
		if !p.eat('}') {
			for p.more() && p.peek() != '}' {
				p.pos++
			}
			if !p.more() {
				p.seterr(regEBrace)
			}
			p.seterr(regBadBr)
		}
	}
	if p.more() && isRepeatStart(p) {
		p.seterr(regBadRpt)
	}
	if p.err != regOK {
		return nil, false
	}
	return rep, emitted
}

func (p *reParser) count() int {
	count, ndigits := 0, 0
	for p.more() && isDigit(p.peek()) && count <= dupMax {
		count = count*10 + int(p.getnext()-'0')
		ndigits++
	}
	if !(ndigits > 0 && count <= dupMax) {
		p.seterr(regBadBr)
	}
	return count
}

func (p *reParser) ordinary(c byte) *reNode {
	n := &reNode{op: reSet}
	n.set.add(c)
	if p.icase && isAlpha(c) {
		n.set.add(otherCase(c))
	}
	return n
}

func (p *reParser) bracket() *reNode {
	if len(p.src)-p.pos > 5 {
		if strings.HasPrefix(p.src[p.pos:], "[:<:]]") {
			p.pos += 6
			p.special = true
			return &reNode{op: reBOW}
		}
		if strings.HasPrefix(p.src[p.pos:], "[:>:]]") {
			p.pos += 6
			p.special = true
			return &reNode{op: reEOW}
		}
	}
	n := &reNode{op: reSet}
	cs := &n.set
	invert := p.eat('^')
	if p.eat(']') {
		cs.add(']')
	} else if p.eat('-') {
		cs.add('-')
	}
	for p.more() && p.peek() != ']' && !p.seeTwo('-', ']') {
		p.bracketTerm(cs)
	}
	if p.eat('-') {
		cs.add('-')
	}
	if !(p.more() && p.getnext() == ']') {
		p.seterr(regEBrack)
	}
	if p.err != regOK {
		return nil
	}
	if p.icase {
		for i := 255; i >= 0; i-- {
			if cs.has(byte(i)) && isAlpha(byte(i)) {
				cs.add(otherCase(byte(i)))
			}
		}
	}
	if invert {
		for i := range cs {
			cs[i] = ^cs[i]
		}
		if p.newline {
			cs.remove('\n')
		}
	}
	return n
}

func (p *reParser) bracketTerm(cs *byteSet) {
	var c byte
	switch p.peek() {
	case '[':
		c = p.peek2()
	case '-':
		p.seterr(regERange)
		return
	}
	switch c {
	case ':':
		p.pos += 2
		if !p.more() {
			p.seterr(regEBrack)
		}
		c = p.peek()
		if c == '-' || c == ']' {
			p.seterr(regECType)
		}
		p.charClass(cs)
		if !p.more() {
			p.seterr(regEBrack)
		}
		if !p.eatTwo(':', ']') {
			p.seterr(regECType)
		}
	case '=':
		p.pos += 2
		if !p.more() {
			p.seterr(regEBrack)
		}
		c = p.peek()
		if c == '-' || c == ']' {
			p.seterr(regECollate)
		}
		cs.add(p.collatingElement('='))
		if !p.more() {
			p.seterr(regEBrack)
		}
		if !p.eatTwo('=', ']') {
			p.seterr(regECollate)
		}
	default:
		start := p.bracketSymbol()
		finish := start
		if p.see('-') && p.more2() && p.peek2() != ']' {
			p.pos++
			if p.eat('-') {
				finish = '-'
			} else {
				finish = p.bracketSymbol()
			}
		}
		// regcomp compares plain (signed) chars here, so a range that
		// crosses from ASCII into bytes >= 0x80 is "invalid".
		if int8(start) > int8(finish) {
			p.seterr(regERange)
			return
		}
		for i := int(int8(start)); i <= int(int8(finish)); i++ {
			cs.add(byte(i))
		}
	}
}

func (p *reParser) bracketSymbol() byte {
	if !p.more() {
		p.seterr(regEBrack)
		return 0
	}
	if !p.eatTwo('[', '.') {
		return p.getnext()
	}
	v := p.collatingElement('.')
	if !p.eatTwo('.', ']') {
		p.seterr(regECollate)
	}
	return v
}

func (p *reParser) collatingElement(endc byte) byte {
	sp := p.pos
	for p.more() && !p.seeTwo(endc, ']') {
		p.pos++
	}
	if !p.more() {
		p.seterr(regEBrack)
		return 0
	}
	name := p.src[sp:p.pos]
	if c, ok := collatingNames[name]; ok {
		return c
	}
	if len(name) == 1 {
		return name[0]
	}
	p.seterr(regECollate)
	return 0
}

func (p *reParser) charClass(cs *byteSet) {
	sp := p.pos
	for p.more() && isAlpha(p.peek()) {
		p.pos++
	}
	chars, ok := charClasses[p.src[sp:p.pos]]
	if !ok {
		p.seterr(regECType)
		return
	}
	for i := 0; i < len(chars); i++ {
		cs.add(chars[i])
	}
}

const (
	upperChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	lowerChars = "abcdefghijklmnopqrstuvwxyz"
	digitChars = "0123456789"
	punctChars = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
)

// charClasses are the C-locale classes regcomp knows.
var charClasses = map[string]string{
	"alnum":  upperChars + lowerChars + digitChars,
	"alpha":  upperChars + lowerChars,
	"blank":  " \t",
	"cntrl":  "\007\b\t\n\v\f\r\001\002\003\004\005\006\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177",
	"digit":  digitChars,
	"graph":  upperChars + lowerChars + digitChars + punctChars,
	"lower":  lowerChars,
	"print":  upperChars + lowerChars + digitChars + punctChars + " ",
	"punct":  punctChars,
	"space":  "\t\n\v\f\r ",
	"upper":  upperChars,
	"xdigit": "0123456789ABCDEFabcdef",
}

// collatingNames are the names accepted in "[[.name.]]" and "[[=name=]]".
var collatingNames = map[string]byte{
	"NUL": 0, "SOH": 1, "STX": 2, "ETX": 3, "EOT": 4, "ENQ": 5, "ACK": 6,
	"BEL": 7, "alert": 7, "BS": 8, "backspace": 8, "HT": 9, "tab": 9,
	"LF": 10, "newline": 10, "VT": 11, "vertical-tab": 11, "FF": 12,
	"form-feed": 12, "CR": 13, "carriage-return": 13, "SO": 14, "SI": 15,
	"DLE": 16, "DC1": 17, "DC2": 18, "DC3": 19, "DC4": 20, "NAK": 21,
	"SYN": 22, "ETB": 23, "CAN": 24, "EM": 25, "SUB": 26, "ESC": 27,
	"IS4": 28, "FS": 28, "IS3": 29, "GS": 29, "IS2": 30, "RS": 30,
	"IS1": 31, "US": 31, "space": ' ', "exclamation-mark": '!',
	"quotation-mark": '"', "number-sign": '#', "dollar-sign": '$',
	"percent-sign": '%', "ampersand": '&', "apostrophe": '\'',
	"left-parenthesis": '(', "right-parenthesis": ')', "asterisk": '*',
	"plus-sign": '+', "comma": ',', "hyphen": '-', "hyphen-minus": '-',
	"period": '.', "full-stop": '.', "slash": '/', "solidus": '/',
	"zero": '0', "one": '1', "two": '2', "three": '3', "four": '4',
	"five": '5', "six": '6', "seven": '7', "eight": '8', "nine": '9',
	"colon": ':', "semicolon": ';', "less-than-sign": '<',
	"equals-sign": '=', "greater-than-sign": '>', "question-mark": '?',
	"commercial-at": '@', "left-square-bracket": '[', "backslash": '\\',
	"reverse-solidus": '\\', "right-square-bracket": ']',
	"circumflex": '^', "circumflex-accent": '^', "underscore": '_',
	"low-line": '_', "grave-accent": '`', "left-brace": '{',
	"left-curly-bracket": '{', "vertical-line": '|', "right-brace": '}',
	"right-curly-bracket": '}', "tilde": '~', "DEL": 127,
}

// regexEscape is llvm::Regex::escape: it backslashes the metacharacters so
// that the result matches s literally.
func regexEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("()^$|*+?.[]\\{}", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
