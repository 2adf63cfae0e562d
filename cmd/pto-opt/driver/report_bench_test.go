package driver

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/internal/gen"
)

// BenchmarkMemoryReport runs `pto-opt -pto-memory-plan --memory-report
// --summary` on a module of 200 tile kernels (100 tiles each), with and
// without the report: the plans the passes record travel from the passes
// to the report through the pass manager, once per function and pass.
//
//	go test ./cmd/pto-opt/driver -run '^$' -bench MemoryReport -count 5
func BenchmarkMemoryReport(b *testing.B) {
	var sb strings.Builder
	kernel := gen.TileKernel(100)
	for i := range 200 {
		sb.WriteString(strings.Replace(kernel, "@tiles(", fmt.Sprintf("@tiles%d(", i), 1))
	}
	dir := b.TempDir()
	file := filepath.Join(dir, "kernels.mlir")
	if err := os.WriteFile(file, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, report := range []bool{false, true} {
		args := []string{"-pto-memory-plan", "--target=ascend910b", file}
		if report {
			args = append(args, "--memory-report="+filepath.Join(dir, "r.json"), "--summary")
		}
		b.Run(fmt.Sprintf("report=%v", report), func(b *testing.B) {
			for b.Loop() {
				if rc := Run(args, strings.NewReader(""), io.Discard, io.Discard); rc != 0 {
					b.Fatalf("exit status %d", rc)
				}
			}
		})
	}
}
