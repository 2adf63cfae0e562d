package report

import (
	"io"
	"testing"
)

// BenchmarkWriteSVGLarge draws the picture of 4000 buffers: labels,
// numbers, names beside thin rectangles and the key are placed within
// bounded work however crowded the plot.
func BenchmarkWriteSVGLarge(b *testing.B) {
	r := largeReport(b, 4000, 3)
	for b.Loop() {
		if err := r.WriteSVG(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteSVGKernel draws flash_attention's report (pictures_test.go).
func BenchmarkWriteSVGKernel(b *testing.B) {
	r := flashAttention(b)
	for b.Loop() {
		if err := r.WriteSVG(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}
