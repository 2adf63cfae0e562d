package parser_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/parser"
)

// TestLexingErrorsAreReported checks that text the lexer refuses is
// refused wherever it stands, at the place mlir-opt reports (mlir-opt
// words some of these messages otherwise). Each case was once accepted or
// reported elsewhere: after the last top-level op and inside a location
// that is complete before it (accepted); at the end of a generic op's
// type nested in another generic op (reported as the error of the type,
// which met the end of the text the lexer leaves); and after the '<' of a
// generic op's properties or the '(' or ',' of its regions (reported at
// the '<' or '(', where participle backtracked to).
func TestLexingErrorsAreReported(t *testing.T) {
	mlir := mlirOptPath(t)
	for _, tc := range []struct{ name, src, want string }{
		{"after the last op", "func.func @f() {\n  return\n}\n~\n", "4:1: error: unexpected character '~'"},
		{"in a complete location", "\"xd.a\"() : () -> () loc(\"a\":1:2 ~)\n", "1:33: error: unexpected character '~'"},
		{"in a generic op's type", "\"xd.inner\"() : (i32, ~\n", "1:22: error: unexpected character '~'"},
		{"in a nested generic op's type", "\"xd.outer\"() ({ \"xd.inner\"() : (i32, ~ }) : () -> ()\n", "1:38: error: unexpected character '~'"},
		{"after the '<' of properties", "\"xd.op\"() <!{p = 1}> : () -> ()\n", "1:12: error: invalid identifier after '!'"},
		{"after the '(' of regions", "\"xd.op\"() (%{\n}) : () -> ()\n", "1:12: error: invalid identifier after '%'"},
		{"after a ',' of regions", "\"xd.op\"() ({\n}, ^{\n}) : () -> ()\n", "2:4: error: invalid identifier after '^'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parser.New(parser.Options{AllowUnregistered: true}).Parse("lex.mlir", []byte(tc.src))
			if want := "lex.mlir:" + tc.want; err == nil || !strings.HasPrefix(err.Error(), want) {
				t.Fatalf("got %v, want %s", err, want)
			}
			if mlir == "" {
				return
			}
			file := filepath.Join(t.TempDir(), "lex.mlir")
			if err := os.WriteFile(file, []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(mlir, "--allow-unregistered-dialect", file)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if cmd.Run() == nil {
				t.Fatalf("mlir-opt accepts the text")
			}
			if want := file + ":" + tc.want[:strings.Index(tc.want, " error:")] + " error:"; !strings.HasPrefix(out.String(), want) {
				t.Fatalf("mlir-opt says %q, want the place %q", out.String(), want)
			}
		})
	}
}

// TestMultiLineTokenErrorsAreAtTheirStart checks that a token kept whole
// (a shaped type, a location, a dialect attribute) that is not closed
// before the end of the text is reported where it starts, although
// looking for its end went over lines. The column was once counted from
// the last line seen, and came out negative. A shaped type that is not
// closed is read token by token instead: its error is where its grammar
// breaks (after the last text, as mlir-opt places it), its lines counted
// right.
func TestMultiLineTokenErrorsAreAtTheirStart(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"func.func private @f(memref<4x\nf32\n", "lex.mlir:2:4: error: expected ',' or '>' in memref type"},
		{"\"xd.y\"() : () -> () loc(\n\"a\":1:2\n", "lex.mlir:1:21: error: unbalanced '(' in loc"},
		{"#a = #xd.y<\n1\n", "lex.mlir:1:6: error: unbalanced '<' in #xd.y"},
	} {
		_, err := parser.New(parser.Options{AllowUnregistered: true}).Parse("lex.mlir", []byte(tc.src))
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %s", tc.src, err, tc.want)
		}
	}
}

// TestNulIsWhitespace checks that a NUL byte in the text is skipped as
// whitespace, as mlir-opt's lexer skips it.
func TestNulIsWhitespace(t *testing.T) {
	src := "func.func @f() {\n  \x00 return\n}\n"
	if _, err := parser.New(parser.Options{}).Parse("nul.mlir", []byte(src)); err != nil {
		t.Fatal(err)
	}
}

// TestNULIsSpace checks NUL bytes in more places, against mlir-opt too:
// inside a generic op, after the last op, and between the top-level ops
// of a module large enough to be cut into chunks.
func TestNULIsSpace(t *testing.T) {
	mlir := mlirOptPath(t)
	big := strings.Repeat("func.func @f() {\n  return\n}\n\x00\n", 600)
	big = strings.Replace(big, "@f()", "@g()", 1)
	for i := 0; strings.Contains(big, "@f()"); i++ {
		big = strings.Replace(big, "@f()", fmt.Sprintf("@f%d()", i), 1)
	}
	for _, src := range []string{
		"func.func @f(%a: i32) {\n  %0 = \"arith.addi\"(%a,\x00 %a) : (i32, i32) -> i32\n\x00return\n}\x00\n",
		"\x00func.func @f() {\n  return\n}\n\x00\nfunc.func @g() {\n  return\n}\n",
		big,
	} {
		if _, err := parser.New(parser.Options{}).Parse("nul.mlir", []byte(src)); err != nil {
			t.Errorf("%.60q: %v", src, err)
		}
		if mlir == "" {
			continue
		}
		file := filepath.Join(t.TempDir(), "nul.mlir")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(mlir, file).CombinedOutput(); err != nil {
			t.Errorf("%.60q: mlir-opt refuses it: %s", src, out)
		}
	}
}
