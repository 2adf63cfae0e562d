package filecheck

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// The differential corpus: testdata/NAME.txtar holds a check file
// ("check.txt"), the input fed on stdin ("input") and, in its comment,
// "args: ..." (the FileCheck arguments) plus flags:
//
//	check-noeol / input-noeol  the file has no final newline
//	compare: first-line        only the exit status and the first line of
//	                           stderr must agree (for messages llvm::cl
//	                           decorates with spelling suggestions)
//
// testdata/NAME.expected records what LLVM FileCheck 22 printed: a line
// "exit N" followed by its stderr.  With a real FileCheck available, both
// this package and the real tool run every case and must agree, and the
// recordings must be current (regenerate them with -update).  Without one,
// the recordings stand in for it, unless PTO_REQUIRE_LLVM=1 demands the
// real tool.

var update = flag.Bool("update", false, "rewrite testdata/*.expected from the real FileCheck")

type fcCase struct {
	name       string
	args       []string
	check      []byte // nil: no check file
	input      []byte
	firstLine  bool
	expectFile string
}

type fcOutcome struct {
	exit   int
	stderr string
}

func (o fcOutcome) String() string { return fmt.Sprintf("exit %d\n%s", o.exit, o.stderr) }

func loadCases(t *testing.T) []fcCase {
	paths, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var cases []fcCase
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ar := parseArchive(data)
		c := fcCase{name: strings.TrimSuffix(filepath.Base(p), ".txtar"), expectFile: strings.TrimSuffix(p, ".txtar") + ".expected"}
		var checkNoEOL, inputNoEOL bool
		for _, line := range strings.Split(string(ar.Comment), "\n") {
			switch {
			case strings.HasPrefix(line, "args:"):
				c.args = splitEnvOptions(strings.TrimPrefix(line, "args:"))
			case line == "check-noeol":
				checkNoEOL = true
			case line == "input-noeol":
				inputNoEOL = true
			case line == "compare: first-line":
				c.firstLine = true
			case line == "":
			default:
				t.Fatalf("%s: unknown comment line %q", p, line)
			}
		}
		c.input = []byte{}
		for _, f := range ar.Files {
			switch f.Name {
			case "check.txt":
				c.check = f.Data
				if checkNoEOL {
					c.check = bytes.TrimSuffix(c.check, []byte("\n"))
				}
			case "input":
				c.input = f.Data
				if inputNoEOL {
					c.input = bytes.TrimSuffix(c.input, []byte("\n"))
				}
			default:
				t.Fatalf("%s: unexpected file %q", p, f.Name)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

type archiveFile struct {
	Name string
	Data []byte
}

type archive struct {
	Comment []byte
	Files   []archiveFile
}

var fileMarker = regexp.MustCompile(`(?m)^-- (\S+) --$`)

// parseArchive reads the txtar format: a comment, then files introduced by
// "-- NAME --" lines.  (go-internal's txtar would pull in a module this
// repository does not vendor.)
func parseArchive(data []byte) archive {
	var a archive
	locs := fileMarker.FindAllSubmatchIndex(data, -1)
	if len(locs) == 0 {
		a.Comment = data
		return a
	}
	a.Comment = data[:locs[0][0]]
	for i, l := range locs {
		start := l[1] + 1
		end := len(data)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		start = min(start, end)
		a.Files = append(a.Files, archiveFile{string(data[l[2]:l[3]]), data[start:end]})
	}
	return a
}

// realFileCheck finds LLVM's FileCheck: $PTO_FILECHECK if set ("none"
// pretends there is none), else on PATH, else in the LLVM 22 install.
func realFileCheck() string {
	if p := os.Getenv("PTO_FILECHECK"); p != "" {
		if p == "none" {
			return ""
		}
		return p
	}
	if p, err := exec.LookPath("FileCheck"); err == nil {
		return p
	}
	if p := "/usr/lib/llvm-22/bin/FileCheck"; fileExists(p) {
		return p
	}
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// caseDir materializes a case: check.txt in a fresh directory, which is the
// working directory of both implementations, so file names in messages
// agree.
func caseDir(t *testing.T, c fcCase) string {
	dir := t.TempDir()
	if c.check != nil {
		if err := os.WriteFile(filepath.Join(dir, "check.txt"), c.check, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func runReal(t *testing.T, tool string, c fcCase) fcOutcome {
	cmd := exec.Command(tool, append([]string{"--dump-input=never"}, c.args...)...)
	cmd.Args[0] = "FileCheck" // it echoes argv[0] in one message
	cmd.Dir = caseDir(t, c)
	cmd.Env = append(os.Environ(), "FILECHECK_OPTS=")
	cmd.Stdin = bytes.NewReader(c.input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	exit := 0
	if ee, ok := err.(*exec.ExitError); ok {
		exit = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %s: %v", tool, err)
	}
	return fcOutcome{exit, stderr.String()}
}

// runOurs runs Main in the case directory.  Main resolves relative paths
// against the process working directory, so the cases run sequentially.
func runOurs(t *testing.T, c fcCase) fcOutcome {
	dir := caseDir(t, c)
	t.Chdir(dir)
	var stderr bytes.Buffer
	exit := Main(append([]string{"--dump-input=never"}, c.args...), bytes.NewReader(c.input), &stderr)
	return fcOutcome{exit, stderr.String()}
}

func parseExpected(t *testing.T, path string) fcOutcome {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no recorded expectation (run with a real FileCheck and -update): %v", err)
	}
	head, rest, _ := strings.Cut(string(data), "\n")
	n, err := strconv.Atoi(strings.TrimPrefix(head, "exit "))
	if err != nil {
		t.Fatalf("%s: bad first line %q", path, head)
	}
	return fcOutcome{n, rest}
}

var errorLine = regexp.MustCompile(`(?m)^.*error: .*$`)

func firstErrorLine(s string) string { return errorLine.FindString(s) }

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// agreement grades how closely two outcomes agree.
type agreement struct{ verdict, status, firstError, full bool }

func compareOutcomes(got, want fcOutcome) agreement {
	return agreement{
		verdict:    (got.exit == 0) == (want.exit == 0),
		status:     got.exit == want.exit,
		firstError: firstErrorLine(got.stderr) == firstErrorLine(want.stderr) && firstLine(got.stderr) == firstLine(want.stderr),
		full:       got.stderr == want.stderr,
	}
}

func TestDifferential(t *testing.T) {
	t.Setenv("FILECHECK_OPTS", "")
	tool := realFileCheck()
	if tool == "" {
		testtool.Without(t, "PTO_REQUIRE_LLVM", "LLVM FileCheck not found on PATH or in "+testtool.LLVMDir+": the Go FileCheck compared with the recorded expectations only, not with LLVM's")
	}
	if *update && tool == "" {
		t.Fatal("-update needs the real FileCheck")
	}
	cases := loadCases(t)
	var nVerdict, nStatus, nFirst, nFull, nFullCases int
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var want fcOutcome
			if tool != "" {
				want = runReal(t, tool, c)
				if *update {
					if err := os.WriteFile(c.expectFile, []byte(want.String()), 0o644); err != nil {
						t.Fatal(err)
					}
				} else if rec := parseExpected(t, c.expectFile); rec != want {
					t.Errorf("%s is stale; real FileCheck now gives:\n%s", c.expectFile, want)
				}
			} else {
				want = parseExpected(t, c.expectFile)
			}
			got := runOurs(t, c)
			a := compareOutcomes(got, want)
			if a.verdict {
				nVerdict++
			}
			if a.status {
				nStatus++
			}
			if a.firstError {
				nFirst++
			}
			if !c.firstLine {
				nFullCases++
				if a.full {
					nFull++
				}
			}
			if !a.verdict || !a.status || !a.firstError || (!c.firstLine && !a.full) {
				t.Errorf("disagreement with FileCheck\n--- ours:\n%s\n--- FileCheck:\n%s", got, want)
			}
		})
	}
	t.Logf("corpus: %d cases; same verdict %d, same exit status %d, same first error line %d, identical stderr %d/%d",
		len(cases), nVerdict, nStatus, nFirst, nFull, nFullCases)
}
