package parser_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/dialect"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// The syntax corpus is test/Syntax/*.mlir: every op and syntax form pto-opt
// reads, one behaviour per `// -----` split. Besides its own RUN lines
// (checked by lit), every split of the valid files is checked here:
//
//   - pto-opt's pretty and generic output parse back and print the same
//     text again (idempotence), and mean the same as each other;
//   - with mlir-opt 22: mlir-opt accepts both outputs, and its generic form
//     of each equals its generic form of the input (same meaning); pto-opt
//     prints mlir-opt's pretty output of the input unchanged (the pretty
//     form is exactly mlir-opt's); and mlir-opt's generic output of the
//     input, read by pto-opt, prints as mlir-opt's pretty output does.
//
// Files of pto-opt's own dialects (tile*, pto*) are checked with mlir-opt
// through pto-opt's generic output and --allow-unregistered-dialect only:
// mlir-opt accepts it, and its generic output, read and printed by
// pto-opt, is the same IR for mlir-opt.

const corpusGlob = "../test/Syntax/*.mlir"

type split struct {
	name       string // file#index
	text       string // padded with newlines so lines match the file
	allowUnreg bool
	local      bool // tile/pto: mlir-opt sees only pto-opt's generic output
	newer      bool // the input uses syntax newer than mlir-opt 22 (marked "ROUNDTRIP: newer-than-mlir-opt-22")
}

func loadCorpus(t testing.TB) []split {
	glob := corpusGlob
	if g := os.Getenv("PTO_CORPUS"); g != "" {
		glob = g // another corpus, e.g. while writing one
	}
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no corpus files match %s", glob)
	}
	var out []split
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		var run []string
		for _, l := range strings.Split(text, "\n") {
			if i := strings.Index(l, "RUN:"); i >= 0 {
				run = append(run, l[i:])
			}
		}
		runs := strings.Join(run, "\n")
		if strings.Contains(runs, "-verify-diagnostics") {
			continue // error cases
		}
		base := filepath.Base(f)
		local := strings.HasPrefix(base, "tile") || strings.HasPrefix(base, "pto")
		allow := strings.Contains(runs, "allow-unregistered-dialect")
		newer := strings.Contains(text, "ROUNDTRIP: newer-than-mlir-opt-22")
		for i, c := range splitInput(text) {
			out = append(out, split{name: base + "#" + strconv.Itoa(i), text: c, allowUnreg: allow, local: local, newer: newer})
		}
	}
	return out
}

// splitInput cuts at `// -----` lines, padding each piece with the lines
// before it so diagnostics keep the file's line numbers.
func splitInput(text string) []string {
	lines := strings.SplitAfter(text, "\n")
	var out []string
	var cur strings.Builder
	start := 0
	for i, l := range lines {
		if strings.TrimSpace(l) == "// -----" {
			out = append(out, strings.Repeat("\n", start)+cur.String())
			cur.Reset()
			start = i + 1
			continue
		}
		cur.WriteString(l)
	}
	return append(out, strings.Repeat("\n", start)+cur.String())
}

func parseVerify(name, text string, allowUnreg bool) (*dialect.Operation, error) {
	m, err := parser.New(parser.Options{AllowUnregistered: allowUnreg}).Parse(name, []byte(text))
	if err != nil {
		return nil, err
	}
	if err := dialect.Verify(m); err != nil {
		return nil, err
	}
	return m, nil
}

// ptoPrint parses, verifies and prints text.
func ptoPrint(t *testing.T, what, text string, allowUnreg, generic bool) string {
	t.Helper()
	m, err := parseVerify(what, text, allowUnreg)
	if err != nil {
		t.Fatalf("pto-opt rejects %s: %v\n--- text:\n%s", what, err, text)
	}
	return printer.String(m, printer.Options{Generic: generic})
}

func mlirOptPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("MLIR_OPT"); p != "" {
		return p
	}
	if p, err := exec.LookPath("mlir-opt"); err == nil {
		return p
	}
	if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-opt"); err == nil {
		return "/usr/lib/llvm-22/bin/mlir-opt"
	}
	if os.Getenv("PTO_REQUIRE_LLVM") == "1" {
		t.Fatal("mlir-opt not found and PTO_REQUIRE_LLVM=1")
	}
	return ""
}

// mlirOpt runs mlir-opt on text and returns its output.
func mlirOpt(t *testing.T, bin, what, text string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(args, "-")...)
	cmd.Stdin = strings.NewReader(text)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mlir-opt %s rejects %s: %v\n%s\n--- text:\n%s", strings.Join(args, " "), what, err, stderr.String(), text)
	}
	return stdout.String()
}

func sameText(t *testing.T, what, got, want string) {
	t.Helper()
	got, want = strings.TrimRight(got, "\n"), strings.TrimRight(want, "\n")
	if got != want {
		t.Errorf("%s differ\n--- got:\n%s\n--- want:\n%s", what, got, want)
	}
}

func TestCorpusRoundTrip(t *testing.T) {
	mlir := mlirOptPath(t)
	for _, sp := range loadCorpus(t) {
		t.Run(sp.name, func(t *testing.T) {
			t.Parallel()
			pretty := ptoPrint(t, "the input", sp.text, sp.allowUnreg, false)
			generic := ptoPrint(t, "the input", sp.text, sp.allowUnreg, true)
			sameText(t, "pretty output printed twice", ptoPrint(t, "pto-opt's pretty output", pretty, sp.allowUnreg, false), pretty)
			sameText(t, "generic output printed twice", ptoPrint(t, "pto-opt's generic output", generic, sp.allowUnreg, true), generic)
			sameText(t, "pretty output of the generic output and of the input", ptoPrint(t, "pto-opt's generic output", generic, sp.allowUnreg, false), pretty)
			if mlir == "" {
				t.Log("mlir-opt not found: checked pto-opt only")
				return
			}
			if sp.local {
				// mlir-opt does not know tile/pto: it reads pto-opt's generic
				// output as unregistered ops, and its generic output of that
				// must read back in pto-opt as the same IR.
				args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
				g := mlirOpt(t, mlir, "pto-opt's generic output", generic, args...)
				again := ptoPrint(t, "mlir-opt's generic output", g, sp.allowUnreg, true)
				sameText(t, "mlir-opt's generic form of pto-opt's generic output, read and written by pto-opt,", mlirOpt(t, mlir, "pto-opt's generic output of mlir-opt's", again, args...), g)
				return
			}
			var args []string
			if sp.allowUnreg {
				args = append(args, "--allow-unregistered-dialect")
			}
			gen := append(append([]string(nil), args...), "--mlir-print-op-generic")
			ref := sp.text
			if sp.newer {
				ref = pretty // the input itself is not mlir-opt 22 syntax
			}
			want := mlirOpt(t, mlir, "the input", ref, gen...)
			sameText(t, "mlir-opt's generic form of pto-opt's pretty output and of the input", mlirOpt(t, mlir, "pto-opt's pretty output", pretty, gen...), want)
			sameText(t, "mlir-opt's generic form of pto-opt's generic output and of the input", mlirOpt(t, mlir, "pto-opt's generic output", generic, gen...), want)
			mlirPretty := mlirOpt(t, mlir, "the input", ref, args...)
			sameText(t, "pto-opt's and mlir-opt's printing of mlir-opt's pretty output", ptoPrint(t, "mlir-opt's pretty output", mlirPretty, sp.allowUnreg, false), mlirPretty)
			sameText(t, "pto-opt's printing of mlir-opt's generic output and mlir-opt's pretty output", ptoPrint(t, "mlir-opt's generic output", want, sp.allowUnreg, false), mlirPretty)
		})
	}
}

// TestCorpusDiagnosticsMatchMLIR runs mlir-opt -verify-diagnostics on the
// corpus's error files of the dialects it knows: pto-opt's messages and
// locations are mlir-opt's, so the same annotations hold for both.
func TestCorpusDiagnosticsMatchMLIR(t *testing.T) {
	mlir := mlirOptPath(t)
	if mlir == "" {
		t.Skip("mlir-opt not found")
	}
	files, err := filepath.Glob(corpusGlob)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(f)
		if !strings.Contains(string(src), "-verify-diagnostics") || strings.HasPrefix(base, "tile") || strings.HasPrefix(base, "pto") {
			continue
		}
		n++
		t.Run(base, func(t *testing.T) {
			cmd := exec.Command(mlir, "-split-input-file", "-verify-diagnostics", f)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("mlir-opt -verify-diagnostics %s: %v\n%s", f, err, out.String())
			}
		})
	}
	if n == 0 {
		t.Fatal("no error files in the corpus")
	}
}
