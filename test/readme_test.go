package test

import (
	"bytes"
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The documents a newcomer reads first must be right. Every shell command
// in their ```sh blocks that runs one of the project's programs (a line
// starting with pto-opt, pto-plan or `go run ./...`) is run as written,
// from a scratch directory that sees the repository's files, and must
// succeed. `go run ./X` runs X built once by the test; a command piped
// into ptoas runs only when ptoas is found (testtool.FindPTOAS: $PTOAS,
// PATH, ../shared/tools/ptoas), and is reported as skipped otherwise.

var docsWithCommands = []string{"README.md", "CONTRIBUTING.md", "docs/pto-plan.md", "docs/targets.md"}

var shBlockRE = regexp.MustCompile("(?ms)^```sh\n(.*?)^```")

// docCommands returns the commands of a document's sh blocks that run the
// project's programs, with continuation lines joined.
func docCommands(t *testing.T, doc string) []string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", doc))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range shBlockRE.FindAllSubmatch(text, -1) {
		block := strings.ReplaceAll(string(m[1]), "\\\n", " ")
		for _, line := range strings.Split(block, "\n") {
			line = strings.TrimSpace(line)
			for _, prefix := range []string{"pto-opt ", "pto-plan ", "go run ./"} {
				if strings.HasPrefix(line, prefix) {
					out = append(out, line)
					break
				}
			}
		}
	}
	return out
}

var goRunRE = regexp.MustCompile(`go run (\./[A-Za-z0-9_./-]+)`)

func TestDocumentedCommandsWork(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the documented commands build and run the programs")
	}
	repo, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []struct{ doc, line string }
	pkgs := map[string]bool{"./cmd/pto-opt": true, "./cmd/pto-plan": true}
	for _, doc := range docsWithCommands {
		for _, line := range docCommands(t, doc) {
			cmds = append(cmds, struct{ doc, line string }{doc, line})
			for _, m := range goRunRE.FindAllStringSubmatch(line, -1) {
				pkgs[strings.TrimSuffix(m[1], "/")] = true
			}
		}
	}
	if len(cmds) == 0 {
		t.Fatal("no documented commands found")
	}

	// Build every program the commands run, once.
	bin := t.TempDir()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH: %v", err)
	}
	args := append([]string{"build", "-o", bin + string(os.PathSeparator)}, slices.Sorted(maps.Keys(pkgs))...)
	build := exec.Command(goTool, args...)
	build.Dir = repo
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}

	// A scratch directory that sees the repository's files: what the
	// commands write lands there, and must not (a user runs them in a
	// clone). What they write to /tmp goes to a directory of the test's.
	work := t.TempDir()
	scratchTmp := t.TempDir()
	entries, err := os.ReadDir(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() == ".git" {
			continue
		}
		if err := os.Symlink(filepath.Join(repo, e.Name()), filepath.Join(work, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	ptoas := findPTOAS(t)
	if ptoas != "" {
		if err := os.Symlink(ptoas, filepath.Join(bin, "ptoas")); err != nil {
			t.Fatal(err)
		}
	}
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	skipped := 0
	for _, c := range cmds {
		t.Run(c.doc+": "+c.line, func(t *testing.T) {
			// Scratch files go to the scratch directory, not the shared /tmp.
			line := strings.ReplaceAll(c.line, "/tmp/", scratchTmp+"/")
			line = goRunRE.ReplaceAllStringFunc(line, func(s string) string {
				return filepath.Join(bin, filepath.Base(strings.TrimPrefix(s, "go run ")))
			})
			if strings.Contains(line, "| ptoas") && ptoas == "" {
				skipped++
				t.Skip("ptoas is not installed")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", line)
			cmd.Dir = work
			cmd.Env = env
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = nil, &stderr
			if err := cmd.Run(); err != nil {
				t.Errorf("%s: the documented command fails: %v\n%s", c.doc, err, stderr.String())
			}
		})
	}
	if skipped > 0 {
		t.Logf("skipped %d documented ptoas commands: ptoas is not installed ($PTOAS)", skipped)
	}
	// Nothing the commands wrote is left in the checkout.
	left, err := os.ReadDir(work)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		if e.Type()&os.ModeSymlink == 0 {
			t.Errorf("the documented commands leave %s in the checkout (write it under /tmp)", e.Name())
		}
	}
}

// The README's pass table lists every pass (but the test-only ones) and,
// in each pass's row, every option it takes as `name=`: the table is what
// --help says.
func TestReadmePassTableMatchesRegistry(t *testing.T) {
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]string{}
	for _, l := range strings.Split(string(text), "\n") {
		if !strings.HasPrefix(l, "| `") {
			continue
		}
		cells := strings.SplitN(l, "|", 3)
		for _, name := range regexp.MustCompile("`([a-z-]+)`").FindAllStringSubmatch(cells[1], -1) {
			rows[name[1]] = cells[2]
		}
	}
	for _, p := range pass.Passes() {
		if strings.HasPrefix(p.Name, "test-driver-") {
			continue // registered by this test binary only
		}
		row, ok := rows[p.Name]
		if !ok {
			t.Errorf("README's pass table lacks %s", p.Name)
			continue
		}
		for _, o := range p.Options {
			if !strings.Contains(row, "`"+o.Name+"=") && !strings.Contains(row, "`"+o.Name+"`") {
				t.Errorf("README's row of %s does not mention its option %s= (--help: %s)", p.Name, o.Name, o.Help)
			}
		}
	}
}

// An example file the documents show whole (a ```mlir block whose first
// line names it, "// examples/NAME.mlir: ...") is shown as it is: the
// block is the file, so the kernel a newcomer copies is the one the
// documented commands plan.
func TestDocumentedExamplesAreTheFiles(t *testing.T) {
	blockRE := regexp.MustCompile("(?ms)^```mlir\n(// (examples/[A-Za-z0-9_./-]+\\.mlir)\\b.*?)^```")
	shown := 0
	for _, doc := range docsWithCommands {
		text, err := os.ReadFile(filepath.Join("..", doc))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range blockRE.FindAllSubmatch(text, -1) {
			shown++
			file, err := os.ReadFile(filepath.Join("..", string(m[2])))
			if err != nil {
				t.Errorf("%s shows %s, which cannot be read: %v", doc, m[2], err)
				continue
			}
			if !bytes.Equal(m[1], file) {
				t.Errorf("%s shows %s other than it is: copy the file into the block", doc, m[2])
			}
		}
	}
	if shown == 0 {
		t.Error("the README shows no complete example kernel")
	}
}

// The README's step-by-step tile pipeline (a pto-opt command that runs
// init-memref and allocate-addr by their flags) is the pipeline
// -pto-memory-plan=planner=pypto runs, every step in order: a step left
// out (materialize-scratch, which row reductions need) fails on kernels
// the one-flag pipeline plans.
func TestReadmeStepByStepIsThePipeline(t *testing.T) {
	text, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	in, err := pass.NewInstance(pass.Lookup("pto-memory-plan"), map[string]string{"planner": "pypto"})
	if err != nil {
		t.Fatal(err)
	}
	pl := pass.NewModulePipeline()
	if err := pl.Add(in); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range pl.Flatten() {
		want = append(want, p.Name)
	}
	cmdRE := regexp.MustCompile(`pto-opt((?:\s+-{1,2}[a-z][a-z0-9-]*(?:=\S+)?)+)`)
	flagRE := regexp.MustCompile(`-{1,2}([a-z][a-z0-9-]*)`)
	found := 0
	for _, m := range cmdRE.FindAllStringSubmatch(string(text), -1) {
		var passes []string
		for _, f := range flagRE.FindAllStringSubmatch(m[1], -1) {
			if pass.Lookup(f[1]) != nil {
				passes = append(passes, f[1])
			}
		}
		if !slices.Contains(passes, "init-memref") || !slices.Contains(passes, "allocate-addr") {
			continue
		}
		found++
		if len(passes) < len(want) || !slices.Equal(passes[:len(want)], want) {
			t.Errorf("the README's step-by-step pipeline %q runs %v, not the steps of -pto-memory-plan=planner=pypto, %v", strings.TrimSpace(m[0]), passes, want)
		}
	}
	if found == 0 {
		t.Error("the README shows no step-by-step tile pipeline")
	}
}
