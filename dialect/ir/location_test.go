package ir_test

import (
	"testing"
	"unsafe"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestLocationEquality checks that locations built separately at the same
// place are equal, as the diagnostics renderer and any map keyed by a
// location rely on, and that the file and raw text read back as given.
func TestLocationEquality(t *testing.T) {
	a, b := ir.At("f.mlir", 3, 4), ir.At("f"+string([]byte(".mlir")), 3, 4)
	if a != b || !a.Same(b) {
		t.Errorf("At(f.mlir, 3, 4) made twice: %v and %v are not equal", a, b)
	}
	for _, o := range []ir.Location{ir.At("g.mlir", 3, 4), ir.At("f.mlir", 3, 5), ir.At("f.mlir", 2, 4), a.WithRaw("loc(x)"), {}} {
		if a == o || a.Same(o) {
			t.Errorf("%v (raw %q) equals %v", o, o.RawText(), a)
		}
	}
	r1, r2 := a.WithRaw(`loc("p.py":1:2)`), ir.AtRaw("f.mlir", 3, 4, `loc("p.py":1:2)`)
	if !r1.Same(r2) {
		t.Errorf("locations with the same raw text differ: %q and %q", r1.RawText(), r2.RawText())
	}
	if got := r1.WithRaw(""); got != a {
		t.Errorf("dropping the raw text gives %v (raw %q), want %v", got, got.RawText(), a)
	}
	if a.FileName() != "f.mlir" || a.RawText() != "" || r1.FileName() != "f.mlir" || r1.RawText() != `loc("p.py":1:2)` {
		t.Errorf("read back: %q %q %q %q", a.FileName(), a.RawText(), r1.FileName(), r1.RawText())
	}
	if got := a.String(); got != "f.mlir:3:4" {
		t.Errorf("String() = %q", got)
	}
	var z ir.Location
	if z.Known() || z.FileName() != "" || z.String() != "<unknown>" || ir.At("", 0, 0) != z {
		t.Errorf("the zero location is not unknown: %v", z)
	}
}

// TestLocationLimits checks that lines and columns hold MLIR's full
// 32-bit unsigned range and that ones beyond it are kept at the bound
// rather than wrapped to another place.
func TestLocationLimits(t *testing.T) {
	if got := ir.At("f", 1<<32-1, 1<<32-1).String(); got != "f:4294967295:4294967295" {
		t.Errorf("largest line and column: %s", got)
	}
	if got := ir.At("f", 1<<40, 7).String(); got != "f:4294967295:7" {
		t.Errorf("line beyond 32 bits: %s", got)
	}
}

// TestLocationSize checks that a location stays 16 bytes: every op, value
// and operand reference holds one, and they are most of the heap of a
// parsed file (issue 17).
func TestLocationSize(t *testing.T) {
	if n := unsafe.Sizeof(ir.Location{}); n > 16 {
		t.Errorf("Location is %d bytes, want at most 16", n)
	}
}
