package filecheck

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// The RE2 translation and the backtracker must find the same leftmost-
// longest span (the span is unique; group contents may legitimately differ
// for ambiguous patterns).  Random patterns over a tiny alphabet exercise
// both.
func TestRegexEnginesAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	atoms := []string{"a", "b", ".", "[ab]", "[^a]", "^", "$", "(a|b)", "(ab|a)", "()", "(a*)", "x"}
	reps := []string{"", "", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "{0,2}", "{2,}", "{0}"}
	inputs := []string{"", "a", "ab", "ba\nab", "aab\nb", "bbb", "a\n\nb", "x\xe9a", "abab\nxa"}
	checked := 0
	for i := 0; i < 3000; i++ {
		n := 1 + rng.Intn(4)
		pat := ""
		for j := 0; j < n; j++ {
			a := atoms[rng.Intn(len(atoms))]
			if a != "^" && a != "$" {
				a += reps[rng.Intn(len(reps))]
			}
			pat += a
			if rng.Intn(6) == 0 {
				pat += "|"
			}
		}
		if pat[len(pat)-1] == '|' {
			pat += "b"
		}
		re, err := compileRegex(pat, false)
		if err != regOK {
			continue
		}
		if re.re == nil {
			t.Fatalf("%q: expected an RE2 translation", pat)
		}
		bt := &compiledRegex{nsub: re.nsub, root: re.root}
		var b strings.Builder
		writeGoSyntax(&b, re.root, true)
		expanded := &compiledRegex{nsub: re.nsub, root: re.root, re: regexp.MustCompile(b.String())}
		expanded.re.Longest()
		for _, in := range inputs {
			want := bt.find([]byte(in))
			for _, c := range []*compiledRegex{re, expanded} {
				got := c.find([]byte(in))
				if (got == nil) != (want == nil) || (got != nil && (got[0] != want[0] || got[1] != want[1])) {
					t.Fatalf("pattern %q on %q: RE2 path %v, backtracker %v", pat, in, got, want)
				}
			}
			checked++
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d comparisons ran; the generator produces too many invalid patterns", checked)
	}
}

func TestRegexDialect(t *testing.T) {
	tests := []struct {
		pat, in string
		span    []int // nil: no match
	}{
		{`a\db`, "a5b adb", []int{4, 7}},    // \d is a literal d
		{`[\d]`, `x\`, []int{1, 2}},         // backslash is literal in brackets
		{`a.b`, "a\nb a-b", []int{4, 7}},    // '.' stops at newlines
		{`a[^x]b`, "a\nb ayb", []int{4, 7}}, // so do negated sets
		{`a.b`, "a\xc3\xa9b", nil},          // byte-wise: é is two bytes
		{`a..b`, "a\xc3\xa9b", []int{0, 4}},
		{`x{`, "x{", []int{0, 2}}, // '{' without a digit is literal
		{`(a|ab)(c|bcd)`, "abcd", []int{0, 4}},
		{`(a)\1`, "aa", []int{0, 2}},
		{`[[:<:]]b`, "ab b", []int{3, 4}},
		{`b[[:>:]]`, "ba b", []int{3, 4}},
		{`^b`, "a\nb", []int{2, 3}},
		{`a$`, "ab\na", []int{3, 4}},
	}
	for _, tc := range tests {
		re, err := compileRegex(tc.pat, false)
		if err != regOK {
			t.Errorf("%q: %v", tc.pat, err)
			continue
		}
		m := re.find([]byte(tc.in))
		if tc.span == nil {
			if m != nil {
				t.Errorf("%q on %q: matched %v, want no match", tc.pat, tc.in, m[:2])
			}
			continue
		}
		if m == nil || m[0] != tc.span[0] || m[1] != tc.span[1] {
			t.Errorf("%q on %q: got %v, want %v", tc.pat, tc.in, m, tc.span)
		}
	}
}

func TestRegexErrors(t *testing.T) {
	tests := map[string]reErr{
		"":          regEmpty,
		"a|":        regEmpty,
		"(|a)":      regEmpty,
		"*a":        regBadRpt,
		"a**":       regBadRpt,
		"^*":        regBadRpt,
		"a{1":       regEBrace,
		"a{2,1}":    regBadBr,
		"a{256}":    regBadBr,
		"[a":        regEBrack,
		"[[:foo:]]": regECType,
		"[z-a]":     regERange,
		"(a":        regEParen,
		"a)":        regEParen,
		`\1`:        regESubReg,
		`(a\1)`:     regESubReg,
		`a\`:        regEEscape,
		"[[.foo.]]": regECollate,
		"{1}":       regBadRpt,
		"a{0}":      regEmpty,
	}
	for pat, want := range tests {
		if _, err := validateRegex(pat); err != want {
			t.Errorf("%q: got %q, want %q", pat, err.Error(), want.Error())
		}
	}
	for _, ok := range []string{"()", "a{0}b", "[]a]", "[^]a]", "[a-]", "x{", "[[.space.]]", "[[=a=]]", `\{`} {
		if _, err := validateRegex(ok); err != regOK {
			t.Errorf("%q: unexpected error %q", ok, err.Error())
		}
	}
}

// Nested counts beyond RE2's limit must still take the linear-time path.
func TestRegexLargeNestedCounts(t *testing.T) {
	re, err := compileRegex("(a{1,40}){1,40}b", false)
	if err != regOK {
		t.Fatal(err)
	}
	if re.re == nil {
		t.Fatal("pattern fell back to the backtracker")
	}
	in := []byte(strings.Repeat("a", 300) + "b")
	if m := re.find(in); m == nil || m[0] != 0 || m[1] != len(in) {
		t.Fatalf("got %v", m)
	}
}
