package parser_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

// TestLocationsAreReadAsParsed checks that an op's location, read again
// after the parse to find the position its diagnostics show, is read as
// the parser and mlir-opt read it: fused metadata holding `->` (an affine
// map) is skipped whole, and hexadecimal lines and columns are numbers.
// The metadata was once skipped by counting '<' and '>', which took the
// '>' of "->" for a close, and a hexadecimal number was read as its first
// digit; either way the op kept the place it was parsed at.
func TestLocationsAreReadAsParsed(t *testing.T) {
	mlir := mlirOptPath(t)
	for _, loc := range []string{
		`fused<affine_map<(d0) -> (d0)>>["a.mlir":3:4]`,
		`"a.mlir":0x3:0x4`,
	} {
		src := "func.func @f() {\n  %0 = arith.constant 1 : i32\n  func.return %0 : i32 loc(" + loc + ")\n}\n"
		const want = "a.mlir:3:4: error: 'func.return' op has 1 operands, but enclosing function (@f) returns 0"
		m, err := parser.New(parser.Options{}).Parse("loc.mlir", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.Verify(m); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %s", loc, err, want)
		}
		if mlir == "" {
			continue
		}
		file := filepath.Join(t.TempDir(), "loc.mlir")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		cmd := exec.Command(mlir, file)
		cmd.Stdout, cmd.Stderr = &out, &out
		if cmd.Run() == nil || !strings.HasPrefix(out.String(), want) {
			t.Errorf("%s: mlir-opt says %q, want %s", loc, out.String(), want)
		}
	}
}
