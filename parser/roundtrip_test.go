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

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/testtool"
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

func parseVerify(name, text string, allowUnreg bool) (*ir.Operation, error) {
	m, err := parser.New(parser.Options{AllowUnregistered: allowUnreg}).Parse(name, []byte(text))
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(m); err != nil {
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
	return testtool.OptionalLLVM(t, "mlir-opt", "the comparisons with mlir-opt (round trip, diagnostics, locations, lexing errors)")
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

// outputMarker joins mlir-opt's outputs of a batch (--output-split-marker):
// a line no printed module contains.
const outputMarker = "// ==== pto-opt round-trip chunk ===="

// mlirOptBatch runs one mlir-opt process with -split-input-file over
// texts and returns its output for each, as mlirOpt would for each text
// alone. When the batch fails (or its outputs do not come apart into as
// many pieces), each text is run on its own, so the failure names the text
// that mlir-opt rejects.
func mlirOptBatch(t *testing.T, bin, what string, texts []string, args ...string) []string {
	t.Helper()
	if len(texts) == 0 {
		return nil
	}
	batchArgs := append([]string{"-split-input-file", "--output-split-marker=" + outputMarker}, args...)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, append(batchArgs, "-")...)
	cmd.Stdin = strings.NewReader(strings.Join(texts, "\n// -----\n"))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err == nil {
		outs := strings.Split(stdout.String(), outputMarker+"\n")
		if len(outs) == len(texts) {
			return outs
		}
	}
	outs := make([]string, len(texts))
	for i, text := range texts {
		outs[i] = mlirOpt(t, bin, what, text, args...)
	}
	return outs
}

// TestCorpusRoundTrip checks every split of every valid corpus file: the
// pto-opt checks per split, then the mlir-opt ones with one mlir-opt
// process per file and check (-split-input-file), not one per split.
func TestCorpusRoundTrip(t *testing.T) {
	mlir := mlirOptPath(t)
	if mlir == "" {
		t.Log("mlir-opt not found: checked pto-opt only")
	}
	var files [][]split
	for _, sp := range loadCorpus(t) {
		base := sp.name[:strings.LastIndexByte(sp.name, '#')]
		if n := len(files); n > 0 && strings.HasPrefix(files[n-1][0].name, base+"#") {
			files[n-1] = append(files[n-1], sp)
			continue
		}
		files = append(files, []split{sp})
	}
	for _, splits := range files {
		first := splits[0]
		base := first.name[:strings.LastIndexByte(first.name, '#')]
		t.Run(base, func(t *testing.T) {
			t.Parallel()
			var ok []split
			var pretty, generic []string
			for _, sp := range splits {
				t.Run(sp.name[len(base):], func(t *testing.T) {
					p := ptoPrint(t, "the input", sp.text, sp.allowUnreg, false)
					g := ptoPrint(t, "the input", sp.text, sp.allowUnreg, true)
					sameText(t, "pretty output printed twice", ptoPrint(t, "pto-opt's pretty output", p, sp.allowUnreg, false), p)
					sameText(t, "generic output printed twice", ptoPrint(t, "pto-opt's generic output", g, sp.allowUnreg, true), g)
					sameText(t, "pretty output of the generic output and of the input", ptoPrint(t, "pto-opt's generic output", g, sp.allowUnreg, false), p)
					ok, pretty, generic = append(ok, sp), append(pretty, p), append(generic, g)
				})
			}
			if mlir == "" || len(ok) == 0 {
				return
			}
			if first.local {
				// mlir-opt does not know tile/pto: it reads pto-opt's generic
				// output as unregistered ops, and its generic output of that
				// must read back in pto-opt as the same IR.
				args := []string{"--allow-unregistered-dialect", "--mlir-print-op-generic"}
				gs := mlirOptBatch(t, mlir, "pto-opt's generic output", generic, args...)
				again := make([]string, len(ok))
				for i, sp := range ok {
					again[i] = ptoPrint(t, sp.name+": mlir-opt's generic output", gs[i], sp.allowUnreg, true)
				}
				gs2 := mlirOptBatch(t, mlir, "pto-opt's generic output of mlir-opt's", again, args...)
				for i, sp := range ok {
					sameText(t, sp.name+": mlir-opt's generic form of pto-opt's generic output, read and written by pto-opt,", gs2[i], gs[i])
				}
				return
			}
			var args []string
			if first.allowUnreg {
				args = append(args, "--allow-unregistered-dialect")
			}
			gen := append(append([]string(nil), args...), "--mlir-print-op-generic")
			refs := make([]string, len(ok))
			for i, sp := range ok {
				refs[i] = sp.text
				if sp.newer {
					refs[i] = pretty[i] // the input itself is not mlir-opt 22 syntax
				}
			}
			want := mlirOptBatch(t, mlir, "the input", refs, gen...)
			ofPretty := mlirOptBatch(t, mlir, "pto-opt's pretty output", pretty, gen...)
			ofGeneric := mlirOptBatch(t, mlir, "pto-opt's generic output", generic, gen...)
			mlirPretty := mlirOptBatch(t, mlir, "the input", refs, args...)
			for i, sp := range ok {
				sameText(t, sp.name+": mlir-opt's generic form of pto-opt's pretty output and of the input", ofPretty[i], want[i])
				sameText(t, sp.name+": mlir-opt's generic form of pto-opt's generic output and of the input", ofGeneric[i], want[i])
				sameText(t, sp.name+": pto-opt's and mlir-opt's printing of mlir-opt's pretty output", ptoPrint(t, sp.name+": mlir-opt's pretty output", mlirPretty[i], sp.allowUnreg, false), mlirPretty[i])
				sameText(t, sp.name+": pto-opt's printing of mlir-opt's generic output and mlir-opt's pretty output", ptoPrint(t, sp.name+": mlir-opt's generic output", want[i], sp.allowUnreg, false), mlirPretty[i])
			}
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
