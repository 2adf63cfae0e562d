package parser

import (
	"math/rand"
	"strings"
	"testing"
)

// TestPlainFileLocAgrees checks the lexer-free reading of loc("f":l:c)
// against the lexer's (innerLoc): wherever the fast path answers, both
// give the same position; on texts it declines, it must decline.
func TestPlainFileLocAgrees(t *testing.T) {
	texts := []string{
		`loc("a.mlir":1:2)`, `loc("model.py":12:0)`, `loc("":1:1)`, `loc("x":4294967295:4294967295)`,
		`loc("x":4294967296:1)`, `loc("x":0:1)`, `loc("x":01:1)`, `loc("x":1)`, `loc("x":1:2 to 3:4)`,
		`loc("a\"b":1:2)`, `loc("a\\b":1:2)`, `loc( "x":1:2)`, `loc("x":1:2) `, `loc("x" :1:2)`,
		`loc("x":0x10:2)`, `loc("x":1:99999999999)`, `loc(unknown)`, `loc("n"("f":1:2))`, `loc("x":1:2:3)`,
	}
	r := rand.New(rand.NewSource(7))
	for range 300 {
		var sb strings.Builder
		sb.WriteString(`loc("`)
		for range r.Intn(4) {
			sb.WriteByte("ab.\\\" "[r.Intn(6)])
		}
		sb.WriteString(`"`)
		for range r.Intn(4) {
			sb.WriteString([]string{":", "1", "0", "12", "x", " ", ")"}[r.Intn(7)])
		}
		sb.WriteString(")")
		texts = append(texts, sb.String())
	}
	for _, raw := range texts {
		fast, ok := plainFileLoc(raw)
		body, cut := strings.CutPrefix(raw, "loc(")
		var slow filePos
		kind := locNone
		if cut && strings.HasSuffix(body, ")") {
			ts := &stream{sc: scanner{src: body[:len(body)-1], line: 1}}
			slow, kind = innerLoc(ts, 0)
		}
		if ok && (kind != locFile || fast != slow) {
			t.Errorf("%s: fast %+v, lexer %+v (kind %d)", raw, fast, slow, kind)
		}
	}
	if _, ok := plainFileLoc(`loc("a.mlir":3:4)`); !ok {
		t.Error("the plain form must take the fast path")
	}
}

// TestPlainFileLocIsWellFormed checks that every location text the fast
// path accepts is one the lexer's reading (readLoc's check) accepts, in
// an op's trailing location and in an argument's.
func TestPlainFileLocIsWellFormed(t *testing.T) {
	texts := []string{`loc("a.mlir":1:2)`, `loc("x y.py":4294967295:0)`, `loc("":7:7)`}
	r := rand.New(rand.NewSource(11))
	for range 200 {
		name := make([]byte, r.Intn(5))
		for i := range name {
			name[i] = byte(0x20 + r.Intn(0x5f))
		}
		texts = append(texts, `loc("`+string(name)+`":`+strings.Repeat("9", 1+r.Intn(10))+":"+strings.Repeat("1", 1+r.Intn(10))+")")
	}
	defer func() { slowLocs = false }()
	accepted := 0
	for _, raw := range texts {
		if _, ok := plainFileLoc(raw); !ok {
			continue
		}
		accepted++
		src := "func.func @f(%a: i32 " + raw + ") {\n  return " + raw + "\n} " + raw + "\n"
		slowLocs = true
		_, err := New(Options{}).Parse("in.mlir", []byte(src))
		slowLocs = false
		if err != nil {
			t.Errorf("the fast path accepts %s, the lexer refuses it: %v", raw, err)
		}
	}
	if accepted < 50 {
		t.Fatalf("only %d texts took the fast path", accepted)
	}
}
