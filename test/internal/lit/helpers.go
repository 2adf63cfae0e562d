package lit

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/pto-opt/pto-opt/test/internal/filecheck"
)

// FileCheck is a Tool running this repository's FileCheck in-process.
func FileCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return filecheck.Main(args, stdin, stderr)
}

// Run runs each test file matching the glob pattern as a subtest of t:
// unsupported tests are skipped, failures report the transcript.
func Run(t *testing.T, pattern string, cfg Config) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no test files match %s", pattern)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r := RunFile(f, cfg)
			switch {
			case r.Unsupported:
				t.Skip(r.Output)
			case !r.Passed:
				t.Errorf("%s failed:\n%s", f, r.Output)
			}
		})
	}
}
