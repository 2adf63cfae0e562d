// Package test runs pto-opt's regression suite: every .mlir file under
// test/ is a lit test (RUN: lines with pto-opt and FileCheck), executed here
// with the Go lit runner and the Go FileCheck, and by real LLVM lit through
// lit.cfg in CI. Driver behaviour is tested with testscript (.txtar).
package test

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/test/internal/filecheck"
	"github.com/pto-opt/pto-opt/test/internal/lit"
)

// tools are the commands RUN lines may use, run in-process.
func tools() map[string]lit.Tool {
	return map[string]lit.Tool{
		"pto-opt": driver.Run,
		"FileCheck": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return filecheck.Main(args, stdin, stderr)
		},
	}
}

func mlirTests(t *testing.T) []string {
	var files []string
	err := filepath.WalkDir(".", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), "Output")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".mlir") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// TestLit runs every .mlir test under test/.
func TestLit(t *testing.T) {
	files := mlirTests(t)
	if len(files) == 0 {
		t.Fatal("no .mlir tests found")
	}
	cfg := lit.Config{Tools: tools(), TempDir: t.TempDir()}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			res := lit.RunFile(f, cfg)
			if res.Unsupported {
				t.Skip("unsupported")
			}
			if !res.Passed {
				t.Fatalf("lit test failed:\n%s", res.Output)
			}
		})
	}
}
