package lit

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/test/internal/filecheck"
)

// testdata/shell/*.test exercise the internal-shell semantics (quoting,
// redirections, pipefail, not, features, ...).  Each is run by this package
// and, when available, by LLVM's lit; the verdicts must agree.
// testdata/shell/verdicts.txt records lit's verdicts for machines without
// lit (regenerate with -update).

var updateVerdicts = flag.Bool("update", false, "rewrite testdata/shell/verdicts.txt from the real lit")

const llvmBin = "/usr/lib/llvm-22/bin"

// realLit finds LLVM's lit: $PTO_LIT ("none" pretends there is none), PATH,
// or the LLVM 22 install.
func realLit() string {
	if p := os.Getenv("PTO_LIT"); p != "" {
		if p == "none" {
			return ""
		}
		return p
	}
	if p, err := exec.LookPath("lit"); err == nil {
		return p
	}
	if p := filepath.Join(llvmBin, "lit"); fileExists(p) {
		return p
	}
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

const litCfg = `import lit.formats, os
config.name = "shell"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(os.path.dirname(__file__), "Output")
config.available_features.add("linux")
config.environment["PATH"] = %q + os.pathsep + os.environ["PATH"]
`

var litResultRE = regexp.MustCompile(`(?m)^(PASS|FAIL|XFAIL|XPASS|UNSUPPORTED|UNRESOLVED): shell :: (\S+) \(`)

// runRealLit runs lit over copies of the tests and returns name -> verdict.
func runRealLit(t *testing.T, lit string, tests []string) map[string]string {
	dir := t.TempDir()
	fcDir := llvmBin
	if p, err := exec.LookPath("FileCheck"); err == nil {
		fcDir = filepath.Dir(p)
	}
	if err := os.WriteFile(filepath.Join(dir, "lit.cfg.py"), []byte(fmt.Sprintf(litCfg, fcDir)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range tests {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(p)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(lit, "-v", dir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Run() // lit exits non-zero when tests fail, which some do on purpose
	verdicts := map[string]string{}
	for _, m := range litResultRE.FindAllStringSubmatch(out.String(), -1) {
		v := m[1]
		if v == "UNRESOLVED" {
			v = "FAIL"
		}
		verdicts[strings.TrimSuffix(m[2], ".test")] = v
	}
	if len(verdicts) != len(tests) {
		t.Fatalf("lit reported %d of %d tests:\n%s", len(verdicts), len(tests), out.String())
	}
	return verdicts
}

func verdictOf(r Result) string {
	switch {
	case r.Unsupported:
		return "UNSUPPORTED"
	case r.Passed && strings.Contains(r.Output, "\nXFAIL: "):
		return "XFAIL"
	case r.Passed:
		return "PASS"
	case strings.Contains(r.Output, "\nXPASS: "):
		return "XPASS"
	}
	return "FAIL"
}

func readVerdicts(t *testing.T, path string) map[string]string {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no recorded verdicts (run with lit available and -update): %v", err)
	}
	v := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		name, verdict, _ := strings.Cut(line, " ")
		v[name] = verdict
	}
	return v
}

func TestShellAgainstLit(t *testing.T) {
	tests, err := filepath.Glob("testdata/shell/*.test")
	if err != nil || len(tests) == 0 {
		t.Fatalf("no shell tests: %v", err)
	}
	slices.Sort(tests)
	verdictsFile := "testdata/shell/verdicts.txt"
	var want map[string]string
	if lit := realLit(); lit != "" {
		want = runRealLit(t, lit, tests)
		var rec strings.Builder
		for _, p := range tests {
			name := strings.TrimSuffix(filepath.Base(p), ".test")
			fmt.Fprintf(&rec, "%s %s\n", name, want[name])
		}
		if *updateVerdicts {
			if err := os.WriteFile(verdictsFile, []byte(rec.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		} else if old, _ := os.ReadFile(verdictsFile); string(old) != rec.String() {
			t.Errorf("%s is stale; run go test -run TestShellAgainstLit -update", verdictsFile)
		}
	} else {
		testtool.Without(t, "PTO_REQUIRE_LLVM", "LLVM's lit not found: the Go lit shell compared with the recorded verdicts only, not with lit")
		want = readVerdicts(t, verdictsFile)
	}

	cfg := Config{
		Tools: map[string]Tool{"FileCheck": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return filecheck.Main(args, stdin, stderr)
		}},
		TempDir:  t.TempDir(),
		Features: []string{"linux"},
	}
	agree := 0
	for _, p := range tests {
		name := strings.TrimSuffix(filepath.Base(p), ".test")
		r := RunFile(p, cfg)
		if got := verdictOf(r); got != want[name] {
			t.Errorf("%s: %s here, %s with lit\n%s", name, got, want[name], r.Output)
		} else {
			agree++
		}
	}
	t.Logf("shell corpus: %d tests, %d verdicts agree with lit", len(tests), agree)
}
