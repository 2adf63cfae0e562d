package test

// Upstream conformance of static-memory-planner-analysis: the four test
// files of the upstream MLIR pass, kept outside this repository as
// reference data (../shared/reference/mlir-upstream next to the repository
// root, or $PTO_SHARED/reference/mlir-upstream), are split into their
// cases and each case is run as a lit test with pto-opt in place of
// mlir-opt. The files are read where they are and the cases written to a
// temporary directory; nothing of them is copied into the repository, and
// the project's own tests do not depend on them: without the data this
// test is skipped.
//
// The only adaptation: mlir-opt in RUN lines becomes
// `pto-opt --mlir-print-alloc-alignment-property`, because the newer
// upstream tests expect `memref.alloc() alignment = N` while pto-opt, like
// mlir-opt 22, prints `{alignment = N : i64}` by default.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/test/internal/lit"
)

func upstreamDir(t *testing.T) string {
	t.Helper()
	if shared := os.Getenv("PTO_SHARED"); shared != "" {
		return filepath.Join(shared, "reference", "mlir-upstream")
	}
	wd, err := os.Getwd() // the test package directory, <root>/test
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(filepath.Dir(wd), "..", "shared", "reference", "mlir-upstream")
}

var (
	splitMarker = regexp.MustCompile(`^\s*// -----`)
	mlirOptWord = regexp.MustCompile(`(^|[\s|;&(])mlir-opt(\s|$)`)
	caseFunc    = regexp.MustCompile(`func\.func @([\w.$-]+)`)
)

// upstreamCase is one `// -----` chunk of an upstream file as a runnable
// lit test: the file's RUN lines (rewritten), the marker, the chunk.
type upstreamCase struct {
	name string
	text string
}

// splitUpstream cuts an upstream test file into cases. The chunk before the
// first marker holds the RUN lines; it is a case of its own only if it has
// IR in it.
func splitUpstream(base, src string) ([]upstreamCase, error) {
	var chunks [][]string
	cur := []string{}
	for _, line := range strings.Split(src, "\n") {
		if splitMarker.MatchString(line) {
			chunks = append(chunks, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, line)
	}
	chunks = append(chunks, cur)
	var run []string
	for _, line := range chunks[0] {
		if strings.Contains(line, "RUN:") {
			run = append(run, mlirOptWord.ReplaceAllString(line, "${1}pto-opt --mlir-print-alloc-alignment-property${2}"))
		}
	}
	if len(run) == 0 {
		return nil, fmt.Errorf("%s: no RUN lines before the first `// -----`", base)
	}
	hasIR := func(lines []string) bool {
		for _, l := range lines {
			l = strings.TrimSpace(l)
			if l != "" && !strings.HasPrefix(l, "//") {
				return true
			}
		}
		return false
	}
	header := strings.Join(run, "\n") + "\n"
	var cases []upstreamCase
	for i, chunk := range chunks {
		if !hasIR(chunk) {
			continue
		}
		var kept []string
		for _, l := range chunk {
			if i == 0 && strings.Contains(l, "RUN:") {
				continue // the header carries them, rewritten
			}
			kept = append(kept, l)
		}
		body := strings.Join(kept, "\n")
		name := fmt.Sprintf("%02d", i)
		if m := caseFunc.FindStringSubmatch(body); m != nil {
			name += "_" + m[1]
		}
		cases = append(cases, upstreamCase{name: name, text: header + "\n// -----\n" + body + "\n"})
	}
	return cases, nil
}

func TestUpstreamConformance(t *testing.T) {
	dir := upstreamDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.mlir"))
	if len(files) == 0 {
		testtool.Skip(t, "", fmt.Sprintf("no upstream reference tests in %s (set PTO_SHARED): the upstream conformance not checked", dir))
	}
	slices.Sort(files)
	tmp := t.TempDir()
	cfg := lit.Config{Tools: tools(), TempDir: t.TempDir()}
	var total, passed atomic.Int64
	perFile := map[string]int{}
	var firstCheck, firstVerify *upstreamCase
	t.Run("cases", func(t *testing.T) {
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			base := strings.TrimSuffix(filepath.Base(f), ".mlir")
			cases, err := splitUpstream(base, string(src))
			if err != nil {
				t.Fatal(err)
			}
			if len(cases) == 0 {
				t.Fatalf("%s: no cases", base)
			}
			perFile[base] = len(cases)
			for i := range cases {
				c := cases[i]
				if firstCheck == nil && strings.Contains(c.text, "FileCheck") && strings.Contains(c.text, "CHECK") {
					firstCheck = &cases[i]
				}
				if firstVerify == nil && strings.Contains(c.text, "-verify-diagnostics") && strings.Contains(c.text, "expected-error") {
					firstVerify = &cases[i]
				}
				path := filepath.Join(tmp, base+"."+c.name+".mlir")
				if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
					t.Fatal(err)
				}
				total.Add(1)
				t.Run(base+"/"+c.name, func(t *testing.T) {
					t.Parallel()
					res := lit.RunFile(path, cfg)
					if !res.Passed || res.Unsupported {
						t.Errorf("upstream case failed:\n%s", res.Output)
						return
					}
					passed.Add(1)
				})
			}
		}
	})
	var counts []string
	for f, n := range perFile {
		counts = append(counts, fmt.Sprintf("%s: %d", f, n))
	}
	slices.Sort(counts)
	t.Logf("upstream conformance: %d/%d cases (%s)", passed.Load(), total.Load(), strings.Join(counts, ", "))
	if passed.Load() != total.Load() {
		t.Errorf("upstream conformance: %d of %d cases fail", total.Load()-passed.Load(), total.Load())
	}

	// Negative controls: the same runner must reject a case whose
	// expectations the output cannot meet, or the figure above means nothing.
	t.Run("negative-controls", func(t *testing.T) {
		if firstCheck == nil || firstVerify == nil {
			t.Fatal("no FileCheck case or no -verify-diagnostics case to mutate")
		}
		for name, text := range map[string]string{
			"check":  firstCheck.text + "// CHECK: pto-opt-conformance-negative-control\n",
			"verify": firstVerify.text + "// expected-remark {{pto-opt-conformance-negative-control}}\n",
		} {
			path := filepath.Join(tmp, "negative-control-"+name+".mlir")
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			if res := lit.RunFile(path, cfg); res.Passed {
				t.Errorf("negative control %s passed:\n%s", name, res.Output)
			}
		}
	})
}
