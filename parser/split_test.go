package parser

import (
	"testing"

	"pto-opt/internal/gen"
)

func TestSplitModuleCutsBetweenFunctions(t *testing.T) {
	src := gen.MemrefProgram(512 << 10)
	lay, ok := splitModule(src)
	if !ok {
		t.Fatal("module layout not recognised")
	}
	if len(lay.chunks) < 4 {
		t.Fatalf("expected several chunks, got %d", len(lay.chunks))
	}
	for i, c := range lay.chunks {
		if i > 0 && c.from != lay.chunks[i-1].to {
			t.Fatalf("chunks %d and %d are not contiguous", i-1, i)
		}
		if i > 0 && string(src[c.from:c.from+13]) != "  func.func @" {
			t.Fatalf("chunk %d starts mid-op: %q", i, src[c.from:c.from+20])
		}
	}
}
