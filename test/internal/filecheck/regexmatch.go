package filecheck

import (
	"fmt"
	"regexp"
	"strings"
)

// compiledRegex executes a parsed POSIX pattern with REG_NEWLINE semantics:
// the match is the leftmost one and, among those, the longest.
//
// Most patterns translate to Go's RE2 syntax and run on Go's linear-time
// engine with Longest() set.  Go matches runes while regexec matches bytes,
// so the translation names every byte as a code point in U+0000..U+00FF and
// inputs holding bytes >= 0x80 are widened the same way (Latin-1 style)
// before matching.  Back-references and word-boundary assertions have no RE2
// form; those patterns use the backtracking matcher below.
type compiledRegex struct {
	nsub int
	root *reNode
	re   *regexp.Regexp // nil: use the backtracker
}

func compileRegex(pattern string, icase bool) (*compiledRegex, reErr) {
	p := &reParser{src: pattern, icase: icase, newline: true}
	root := p.ere(-1)
	if p.err != regOK {
		return nil, p.err
	}
	c := &compiledRegex{nsub: p.nsub, root: root}
	if !p.special {
		// RE2 rejects nested counts whose product exceeds 1000, which
		// regcomp accepts (up to 255 each).  Spelling the counts out
		// usually fits; only if that fails too does the pattern go to the
		// backtracker.
		for _, expand := range []bool{false, true} {
			var b strings.Builder
			writeGoSyntax(&b, root, expand)
			if re, err := regexp.Compile(b.String()); err == nil {
				re.Longest()
				c.re = re
				break
			}
		}
	}
	return c, regOK
}

func writeByteRune(b *strings.Builder, c byte) {
	fmt.Fprintf(b, `\x{%02x}`, c)
}

// writeGoSyntax writes n in RE2 syntax.  With expand, a counted repetition
// x{m,n} is written as m copies of x and n-m nested optional ones.
func writeGoSyntax(b *strings.Builder, n *reNode, expand bool) {
	switch n.op {
	case reSet:
		if n.set.count() == 1 {
			for i := 0; i < 256; i++ {
				if n.set.has(byte(i)) {
					writeByteRune(b, byte(i))
				}
			}
			return
		}
		if n.set.count() == 0 {
			// Only reachable through "[^\n]"-like sets emptied by REG_NEWLINE
			// removal; an empty class matches nothing.
			b.WriteString(`[^\x{00}-\x{10FFFF}]`)
			return
		}
		b.WriteByte('[')
		for i := 0; i < 256; {
			if !n.set.has(byte(i)) {
				i++
				continue
			}
			j := i
			for j+1 < 256 && n.set.has(byte(j+1)) {
				j++
			}
			writeByteRune(b, byte(i))
			if j > i {
				b.WriteByte('-')
				writeByteRune(b, byte(j))
			}
			i = j + 1
		}
		b.WriteByte(']')
	case reBOL:
		b.WriteString(`(?m:^)`)
	case reEOL:
		b.WriteString(`(?m:$)`)
	case reEmpty:
		b.WriteString(`(?:)`)
	case reGroup:
		b.WriteByte('(')
		writeGoSyntax(b, n.subs[0], expand)
		b.WriteByte(')')
	case reConcat:
		for _, s := range n.subs {
			writeGoSyntax(b, s, expand)
		}
	case reAlt:
		b.WriteString(`(?:`)
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			writeGoSyntax(b, s, expand)
		}
		b.WriteByte(')')
	case reRepeat:
		if expand && !(n.min <= 1 && (n.max < 0 || n.max == 1)) {
			for i := 0; i < n.min; i++ {
				b.WriteString(`(?:`)
				writeGoSyntax(b, n.subs[0], expand)
				b.WriteByte(')')
			}
			if n.max < 0 {
				b.WriteString(`(?:`)
				writeGoSyntax(b, n.subs[0], expand)
				b.WriteString(`)*`)
				return
			}
			for i := n.min; i < n.max; i++ {
				b.WriteString(`(?:`)
				writeGoSyntax(b, n.subs[0], expand)
			}
			for i := n.min; i < n.max; i++ {
				b.WriteString(`)?`)
			}
			return
		}
		b.WriteString(`(?:`)
		writeGoSyntax(b, n.subs[0], expand)
		b.WriteByte(')')
		switch {
		case n.min == 0 && n.max < 0:
			b.WriteByte('*')
		case n.min == 1 && n.max < 0:
			b.WriteByte('+')
		case n.min == 0 && n.max == 1:
			b.WriteByte('?')
		case n.max < 0:
			fmt.Fprintf(b, "{%d,}", n.min)
		case n.min == n.max:
			fmt.Fprintf(b, "{%d}", n.min)
		default:
			fmt.Fprintf(b, "{%d,%d}", n.min, n.max)
		}
	default:
		panic(fmt.Sprintf("filecheck: regex node %d has no RE2 form", n.op))
	}
}

// find returns the leftmost-longest match in in as 2*(nsub+1) offsets, -1 for
// groups that did not participate, or nil when there is no match.
func (c *compiledRegex) find(in []byte) []int {
	if c.re == nil {
		return c.backtrack(in)
	}
	wide, back := widen(in)
	loc := c.re.FindSubmatchIndex(wide)
	if loc == nil || back == nil {
		return loc
	}
	for i, v := range loc {
		if v >= 0 {
			loc[i] = back[v]
		}
	}
	return loc
}

// widen re-encodes the bytes >= 0x80 of in as the UTF-8 of the code points
// U+0080..U+00FF so that RE2 steps over them one byte at a time.  back maps
// offsets in the result to offsets in in; it is nil when in is plain ASCII
// and was returned unchanged.
func widen(in []byte) (wide []byte, back []int) {
	high := 0
	for _, c := range in {
		if c >= 0x80 {
			high++
		}
	}
	if high == 0 {
		return in, nil
	}
	wide = make([]byte, 0, len(in)+high)
	back = make([]int, 0, len(in)+high+1)
	for i, c := range in {
		if c < 0x80 {
			wide = append(wide, c)
			back = append(back, i)
			continue
		}
		wide = append(wide, 0xC0|c>>6, 0x80|c&0x3F)
		back = append(back, i, i)
	}
	back = append(back, len(in))
	return wide, back
}

// backtrackBudget bounds the work of one backtracking search.  Patterns with
// back-references come from FileCheck's same-line variable reuse and are
// small, so the bound only guards against pathological nested repetitions;
// when it is exhausted the longest match found so far is used.
const backtrackBudget = 20_000_000

type backtracker struct {
	in    []byte
	caps  []int
	best  []int
	steps int
}

func (c *compiledRegex) backtrack(in []byte) []int {
	m := &backtracker{in: in, caps: make([]int, 2*(c.nsub+1))}
	for start := 0; start <= len(in); start++ {
		for i := range m.caps {
			m.caps[i] = -1
		}
		m.best = nil
		m.match(c.root, start, func(end int) bool {
			if m.best == nil || end > m.best[1] {
				m.best = append(m.best[:0], m.caps...)
				m.best[0], m.best[1] = start, end
			}
			// Nothing can be longer than a match reaching the end.
			return end == len(in)
		})
		if m.best != nil {
			return m.best
		}
		if m.steps > backtrackBudget {
			return nil
		}
	}
	return nil
}

func isWordByte(c byte) bool { return isAlnum(c) || c == '_' }

// match tries n at i and calls k with every end position it can reach, in
// greedy order, until k returns true.
func (m *backtracker) match(n *reNode, i int, k func(int) bool) bool {
	m.steps++
	if m.steps > backtrackBudget {
		return false
	}
	in := m.in
	switch n.op {
	case reSet:
		if i < len(in) && n.set.has(in[i]) {
			return k(i + 1)
		}
		return false
	case reBOL:
		if i == 0 || in[i-1] == '\n' {
			return k(i)
		}
		return false
	case reEOL:
		if i == len(in) || in[i] == '\n' {
			return k(i)
		}
		return false
	case reBOW:
		if i < len(in) && isWordByte(in[i]) && (i == 0 || !isWordByte(in[i-1])) {
			return k(i)
		}
		return false
	case reEOW:
		if i > 0 && isWordByte(in[i-1]) && (i == len(in) || !isWordByte(in[i])) {
			return k(i)
		}
		return false
	case reEmpty:
		return k(i)
	case reGroup:
		g := 2 * n.n
		return m.match(n.subs[0], i, func(j int) bool {
			s, e := m.caps[g], m.caps[g+1]
			m.caps[g], m.caps[g+1] = i, j
			if k(j) {
				return true
			}
			m.caps[g], m.caps[g+1] = s, e
			return false
		})
	case reConcat:
		return m.seq(n.subs, i, k)
	case reAlt:
		for _, s := range n.subs {
			if m.match(s, i, k) {
				return true
			}
		}
		return false
	case reRepeat:
		return m.repeat(n, 0, i, k)
	case reBackref:
		s, e := m.caps[2*n.n], m.caps[2*n.n+1]
		if s < 0 {
			return false
		}
		l := e - s
		if i+l > len(in) || string(in[s:e]) != string(in[i:i+l]) {
			return false
		}
		return k(i + l)
	}
	panic("filecheck: unknown regex node")
}

func (m *backtracker) seq(subs []*reNode, i int, k func(int) bool) bool {
	if len(subs) == 0 {
		return k(i)
	}
	return m.match(subs[0], i, func(j int) bool { return m.seq(subs[1:], j, k) })
}

func (m *backtracker) repeat(n *reNode, done, i int, k func(int) bool) bool {
	if n.max < 0 || done < n.max {
		if m.match(n.subs[0], i, func(j int) bool {
			// An empty iteration past the minimum cannot lead anywhere new.
			if j == i && done >= n.min {
				return false
			}
			return m.repeat(n, done+1, j, k)
		}) {
			return true
		}
	}
	return done >= n.min && k(i)
}
