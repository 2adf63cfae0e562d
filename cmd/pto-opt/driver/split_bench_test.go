package driver

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkSplitInput runs `pto-opt -split-input-file` on 10k and 100k
// chunks, one function each, on separate lines and all on one line (where
// every chunk starts further along the line). Reading a chunk costs its
// own length: chunks were padded with the lines and columns before them,
// which made n chunks cost n^2 (mlir-opt 22 takes 235 s on the 100k-line
// file). Compare:
//
//	go test ./cmd/pto-opt/driver -run '^$' -bench SplitInput -benchtime 1x
//	/usr/bin/time -v mlir-opt -split-input-file FILE >/dev/null
func BenchmarkSplitInput(b *testing.B) {
	for _, oneLine := range []bool{false, true} {
		for _, n := range []int{10000, 100000} {
			name := fmt.Sprintf("lines/%d", n)
			sep := "\n// -----\n"
			if oneLine {
				name, sep = fmt.Sprintf("one-line/%d", n), "// -----"
			}
			b.Run(name, func(b *testing.B) {
				parts := make([]string, n)
				for i := range parts {
					parts[i] = fmt.Sprintf("func.func @f%d() { return }", i)
				}
				file := filepath.Join(b.TempDir(), "split.mlir")
				if err := os.WriteFile(file, []byte(strings.Join(parts, sep)), 0o644); err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if rc := Run([]string{"-split-input-file", file}, strings.NewReader(""), io.Discard, io.Discard); rc != 0 {
						b.Fatalf("exit status %d", rc)
					}
				}
			})
		}
	}
}
