package parser_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// TestParseTextAtIsPadding checks that a piece of a file read with
// ParseTextAt has the positions it has in the file: its ops' locations
// and its errors are those of the piece padded with the text before it
// (which is how -split-input-file read its chunks before; the padding
// made reading n chunks quadratic). The pieces start inside a line and
// after several, are small or large enough to be read in parallel, and
// fail on their first line or later.
func TestParseTextAtIsPadding(t *testing.T) {
	var big strings.Builder
	for i := 0; i < 400; i++ {
		fmt.Fprintf(&big, "  func.func @f%d(%%a: i32) -> i32 {\n    %%0 = arith.addi %%a, %%a : i32\n    return %%0 : i32\n  }\n", i)
	}
	pieces := []string{
		" func.func @ok() {\n  return\n}\n",
		" func.func @f() { %a = }\n",                                      // error on the first line, after a space
		"func.func @f() {\n  %0 = arith.addi %x, %x : i32\n  return\n}\n", // undeclared, later
		"\n\nfunc.func @f() {\n  return\n",                                // unterminated region at the end
		"module {\n" + big.String() + "}\n",
		"module {\n" + big.String() + "  func.func @bad() {\n    %0 = arith.addi %nope, %nope : i32\n  }\n}\n",
		"  %0 = \"test.op\"() : () -> i32 loc(#l)\n#l = loc(\"k.py\":3:4)\n",
	}
	for _, at := range []struct{ line, col int }{{1, 1}, {1, 9}, {7, 1}, {12, 30}} {
		for i, piece := range pieces {
			pad := strings.Repeat("\n", at.line-1) + strings.Repeat(" ", at.col-1)
			want, wantErr := parsePrintLocs(parser.New(parser.Options{AllowUnregistered: true}).ParseText("f.mlir", pad+piece))
			got, gotErr := parsePrintLocs(parser.New(parser.Options{AllowUnregistered: true}).ParseTextAt("f.mlir", piece, at.line, at.col))
			if gotErr != wantErr || got != want {
				t.Errorf("piece %d at %d:%d:\ngot  %q %q\nwant %q %q", i, at.line, at.col, gotErr, got[:min(len(got), 300)], wantErr, want[:min(len(want), 300)])
			}
		}
	}
}

func parsePrintLocs(m *ir.Operation, err error) (string, string) {
	if err != nil {
		return "", err.Error()
	}
	return printer.String(m, printer.Options{Generic: true, DebugInfo: true}), ""
}
