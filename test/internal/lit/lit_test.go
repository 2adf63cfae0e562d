package lit

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/pto-opt/pto-opt/test/internal/filecheck"
)

// recorder collects the argument lists "record" was called with.
type recorder struct {
	mu    sync.Mutex
	calls [][]string
}

func (r *recorder) tool(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, append([]string(nil), args...))
	return 0
}

func testConfig(t *testing.T, rec *recorder) Config {
	tools := map[string]Tool{
		"echo-tool": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			fmt.Fprintln(stdout, strings.Join(args, " "))
			return 0
		},
		"fail-tool": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			fmt.Fprintln(stderr, "fail-tool: boom", strings.Join(args, " "))
			return 3
		},
		"cat-tool": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			io.Copy(stdout, stdin)
			return 0
		},
		"panic-tool": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			panic("deliberate")
		},
		"flood-tool": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			chunk := bytes.Repeat([]byte("x"), 1<<16)
			for i := 0; i < 64; i++ {
				if _, err := stdout.Write(chunk); err != nil {
					return 0 // the reader went away, like SIGPIPE
				}
			}
			return 0
		},
		"ignore-tool": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int { return 0 },
		"FileCheck": func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
			return filecheck.Main(args, stdin, stderr)
		},
	}
	if rec != nil {
		tools["record"] = rec.tool
	}
	return Config{Tools: tools, TempDir: t.TempDir(), Features: []string{"linux", "asserts"}}
}

func writeTest(t *testing.T, name, content string) string {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func mustPass(t *testing.T, r Result) {
	t.Helper()
	if !r.Passed || r.Unsupported {
		t.Fatalf("expected a pass, got passed=%v unsupported=%v:\n%s", r.Passed, r.Unsupported, r.Output)
	}
}

func mustFail(t *testing.T, r Result, wants ...string) {
	t.Helper()
	if r.Passed || r.Unsupported {
		t.Fatalf("expected a failure, got passed=%v unsupported=%v:\n%s", r.Passed, r.Unsupported, r.Output)
	}
	for _, w := range wants {
		if !strings.Contains(r.Output, w) {
			t.Errorf("output lacks %q:\n%s", w, r.Output)
		}
	}
}

func TestPipeIntoFileCheck(t *testing.T) {
	p := writeTest(t, "ok.mlir", "// RUN: echo-tool hello world | FileCheck %s\n// CHECK: hello\n// CHECK-SAME: world\n")
	mustPass(t, RunFile(p, testConfig(t, nil)))
}

func TestFailureReport(t *testing.T) {
	p := writeTest(t, "bad.mlir", "// RUN: echo-tool hello | FileCheck %s\n// CHECK: goodbye\n")
	r := RunFile(p, testConfig(t, nil))
	mustFail(t, r,
		"# RUN: at line 1\n",
		"echo-tool hello | FileCheck "+p+"\n", // the expanded RUN line
		"# executed command: FileCheck "+p+"\n",
		p+":2:11: error: CHECK: expected string not found in input",
		"# | <stdin>:1:1: note: scanning from here",
		"# error: command failed with exit status: 1",
		"Exit Code: 1",
	)
	if !strings.Contains(r.Output, "# executed command: echo-tool hello\n# executed command: FileCheck") {
		t.Errorf("the first command of the pipeline is not reported:\n%s", r.Output)
	}
}

func TestRunLinesContinuationsAndOrder(t *testing.T) {
	rec := &recorder{}
	p := writeTest(t, "seq.test", strings.Join([]string{
		"# RUN: record first \\",
		"# RUN:   continued",
		"; RUN: record second %(line) %(line+2) %(line - 1)",
		"// RUN: fail-tool",
		"// RUN: record never",
		"",
	}, "\n"))
	r := RunFile(p, testConfig(t, rec))
	mustFail(t, r, "fail-tool: boom", "# error: command failed with exit status: 3")
	want := [][]string{{"first", "continued"}, {"second", "3", "5", "2"}}
	if !reflect.DeepEqual(rec.calls, want) {
		t.Errorf("calls = %q, want %q", rec.calls, want)
	}
}

func TestSubstitutions(t *testing.T) {
	rec := &recorder{}
	p := writeTest(t, "subst.mlir", "// RUN: record %s %S %p %t %T %% %%s %{pathsep} %my-tool\n")
	cfg := testConfig(t, rec)
	cfg.Substitutions = [][2]string{{"%my-tool", "/opt/bin/my-tool"}}
	mustPass(t, RunFile(p, cfg))
	got := rec.calls[0]
	dir := filepath.Dir(p)
	if got[0] != p || got[1] != dir || got[2] != dir {
		t.Errorf("%%s/%%S/%%p = %q", got[:3])
	}
	if !strings.HasPrefix(got[3], cfg.TempDir) || !strings.HasSuffix(got[3], "subst.mlir.tmp") || filepath.Dir(got[3]) != got[4] {
		t.Errorf("%%t=%q %%T=%q (TempDir %q)", got[3], got[4], cfg.TempDir)
	}
	if fi, err := os.Stat(got[4]); err != nil || !fi.IsDir() {
		t.Errorf("%%T does not exist: %v", err)
	}
	if got[5] != "%" || got[6] != "%s" || got[7] != ":" || got[8] != "/opt/bin/my-tool" {
		t.Errorf("%%%%, %%%%s, %%{pathsep}, config substitution = %q", got[5:])
	}
}

func TestTempPathsDifferPerDirectory(t *testing.T) {
	rec := &recorder{}
	cfg := testConfig(t, rec)
	a := writeTest(t, "same.mlir", "// RUN: record %t\n")
	b := writeTest(t, "same.mlir", "// RUN: record %t\n")
	mustPass(t, RunFile(a, cfg))
	mustPass(t, RunFile(b, cfg))
	if rec.calls[0][0] == rec.calls[1][0] {
		t.Errorf("two tests named same.mlir share %%t = %s", rec.calls[0][0])
	}
}

func TestQuoting(t *testing.T) {
	rec := &recorder{}
	p := writeTest(t, "q.test", `# RUN: record 'a  b' "c\"d" e\ f "g\h" 'it'"'"'s' x"y"z ""`+"\n")
	mustPass(t, RunFile(p, testConfig(t, rec)))
	want := []string{"a  b", `c"d`, "e f", `g\h`, "it's", "xyz", ""}
	if !reflect.DeepEqual(rec.calls[0], want) {
		t.Errorf("got %q, want %q", rec.calls[0], want)
	}
}

func TestNot(t *testing.T) {
	cfg := testConfig(t, nil)
	for _, tc := range []struct {
		run  string
		pass bool
	}{
		{"not fail-tool", true},
		{"not echo-tool x", false},
		{"not not echo-tool x", true},
		{"not --crash panic-tool", true},
		{"not panic-tool", false},
		{"not --crash fail-tool", false},
		{"not false", true},
		{"not true", false},
		{"not sh -c 'kill -SEGV $$'", false},
		{"not --crash sh -c 'kill -SEGV $$'", true},
	} {
		r := RunFile(writeTest(t, "not.test", "# RUN: "+tc.run+"\n"), cfg)
		if r.Passed != tc.pass {
			t.Errorf("%s: passed=%v, want %v\n%s", tc.run, r.Passed, tc.pass, r.Output)
		}
	}
}

func TestPanicIsReported(t *testing.T) {
	r := RunFile(writeTest(t, "p.test", "# RUN: panic-tool\n"), testConfig(t, nil))
	mustFail(t, r, "panic: deliberate")
}

func TestRedirections(t *testing.T) {
	cfg := testConfig(t, nil)
	p := writeTest(t, "redir.test", strings.Join([]string{
		"# RUN: echo-tool first > %t",
		"# RUN: echo-tool second >> %t",
		"# RUN: cat-tool < %t | FileCheck %s --check-prefix=BOTH",
		"# RUN: not fail-tool oops 2>&1 | FileCheck %s --check-prefix=ERR",
		"# RUN: not fail-tool quiet 2> %t.err",
		"# RUN: FileCheck %s --check-prefix=FILE --input-file=%t.err",
		"# RUN: not fail-tool both &> %t.both",
		"# RUN: cat %t.both | FileCheck %s --check-prefix=AMP",
		"# BOTH: first",
		"# BOTH-NEXT: second",
		"# ERR: fail-tool: boom oops",
		"# FILE: boom quiet",
		"# AMP: boom both",
		"",
	}, "\n"))
	r := RunFile(p, cfg)
	mustPass(t, r)
	if strings.Contains(r.Output, "boom quiet\n# `") {
		t.Errorf("redirected stderr was also captured:\n%s", r.Output)
	}
}

func TestRedirectOrder(t *testing.T) {
	// "2>&1 > f" points stderr at the old stdout (the pipe), then moves
	// stdout to f.
	p := writeTest(t, "order.test", strings.Join([]string{
		"# RUN: fail-tool x 2>&1 > %t.out | FileCheck %s",
		"# RUN: true",
		"# CHECK: boom x",
		"",
	}, "\n"))
	r := RunFile(p, testConfig(t, nil))
	// fail-tool exits 3, so pipefail fails the line; the FileCheck part
	// must still have seen stderr.
	mustFail(t, r, "# error: command failed with exit status: 3")
	if strings.Contains(r.Output, "error: CHECK") {
		t.Errorf("FileCheck did not receive stderr through the pipe:\n%s", r.Output)
	}
}

func TestExternalCommands(t *testing.T) {
	for _, c := range []string{"echo", "cat", "mkdir", "rm", "diff", "sh"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("%s not on PATH", c)
		}
	}
	p := writeTest(t, "ext.test", strings.Join([]string{
		"# RUN: rm -rf %t.d && mkdir -p %t.d/sub",
		"# RUN: echo 'external text' > %t.d/sub/a.txt",
		"# RUN: cat %t.d/sub/a.txt | FileCheck %s",
		"# RUN: cd %t.d/sub && cat a.txt | FileCheck %s",
		"# RUN: echo-tool external text > %t.d/b.txt",
		"# RUN: diff %t.d/sub/a.txt %t.d/b.txt",
		"# RUN: env FOO=bar sh -c 'test \"$FOO\" = bar'",
		"# RUN: export BAZ=qux; sh -c 'test \"$BAZ\" = qux'",
		"# CHECK: external text",
		"",
	}, "\n"))
	mustPass(t, RunFile(p, testConfig(t, nil)))
}

func TestSequenceOperators(t *testing.T) {
	cfg := testConfig(t, nil)
	for _, tc := range []struct {
		run  string
		pass bool
	}{
		{"fail-tool || echo-tool recovered", true},
		{"echo-tool ok || fail-tool", true},
		{"fail-tool ; echo-tool last wins", true},
		{"echo-tool a ; fail-tool", false},
		{"fail-tool && echo-tool never", false},
		{"fail-tool | cat-tool", false}, // pipefail
		{"echo-tool x | fail-tool", false},
		{"echo-tool x &", false}, // background jobs are rejected
	} {
		r := RunFile(writeTest(t, "seq.test", "# RUN: "+tc.run+"\n"), cfg)
		if r.Passed != tc.pass {
			t.Errorf("%s: passed=%v, want %v\n%s", tc.run, r.Passed, tc.pass, r.Output)
		}
	}
}

func TestReaderExitsEarly(t *testing.T) {
	// A consumer that never reads must not leave the producer blocked.
	p := writeTest(t, "early.test", "# RUN: flood-tool | ignore-tool\n# RUN: flood-tool | head -c 10\n")
	mustPass(t, RunFile(p, testConfig(t, nil)))
}

func TestGlob(t *testing.T) {
	rec := &recorder{}
	cfg := testConfig(t, rec)
	p := writeTest(t, "glob.test", "# RUN: record %S/*.txt '%S/*.txt' %S/none*.x\n")
	dir := filepath.Dir(p)
	for _, n := range []string{"b.txt", "a.txt"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	mustPass(t, RunFile(p, cfg))
	want := []string{filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt"), dir + "/*.txt", dir + "/none*.x"}
	if !reflect.DeepEqual(rec.calls[0], want) {
		t.Errorf("got %q, want %q", rec.calls[0], want)
	}
}

func TestFeatures(t *testing.T) {
	cfg := testConfig(t, nil)
	for _, tc := range []struct {
		header      string
		pass, unsup bool
	}{
		{"REQUIRES: linux", true, false},
		{"REQUIRES: linux, asserts", true, false},
		{"REQUIRES: windows", false, true},
		{"REQUIRES: linux && !windows", true, false},
		{"REQUIRES: (windows || asserts) && true", true, false},
		{"REQUIRES: {{lin.*}}", true, false},
		{"UNSUPPORTED: asserts", false, true},
		{"UNSUPPORTED: windows || false", true, false},
	} {
		r := RunFile(writeTest(t, "f.test", "# "+tc.header+"\n# RUN: echo-tool ok\n"), cfg)
		if r.Passed != tc.pass || r.Unsupported != tc.unsup {
			t.Errorf("%s: passed=%v unsupported=%v, want %v %v\n%s", tc.header, r.Passed, r.Unsupported, tc.pass, tc.unsup, r.Output)
		}
	}
	r := RunFile(writeTest(t, "f.test", "# REQUIRES: linux &&\n# RUN: echo-tool ok\n"), cfg)
	mustFail(t, r, "Error in REQUIRES list")
}

func TestXFail(t *testing.T) {
	cfg := testConfig(t, nil)
	r := RunFile(writeTest(t, "x.test", "# XFAIL: *\n# RUN: fail-tool\n"), cfg)
	mustPass(t, r)
	if !strings.Contains(r.Output, "XFAIL") {
		t.Errorf("expected-failure note missing:\n%s", r.Output)
	}
	mustFail(t, RunFile(writeTest(t, "x.test", "# XFAIL: *\n# RUN: echo-tool fine\n"), cfg), "XPASS")
	mustPass(t, RunFile(writeTest(t, "x.test", "# XFAIL: asserts\n# RUN: fail-tool\n"), cfg))
	mustFail(t, RunFile(writeTest(t, "x.test", "# XFAIL: windows\n# RUN: fail-tool\n"), cfg), "fail-tool: boom")
}

func TestBadScripts(t *testing.T) {
	cfg := testConfig(t, nil)
	mustFail(t, RunFile(writeTest(t, "none.test", "// CHECK: nothing to run\n"), cfg), "Test has no 'RUN:' line")
	mustFail(t, RunFile(writeTest(t, "cont.test", "// RUN: echo-tool a \\\n"), cfg), "unterminated 'RUN:' lines")
	mustFail(t, RunFile(writeTest(t, "nf.test", "// RUN: no-such-command-anywhere x\n"), cfg), "'no-such-command-anywhere': command not found")
	mustFail(t, RunFile(writeTest(t, "syn.test", "// RUN: echo-tool a | | b\n"), cfg), "cannot parse the command")
	mustFail(t, RunFile(writeTest(t, "q.test", "// RUN: echo-tool 'open\n"), cfg), "missing quote")
	mustFail(t, RunFile(writeTest(t, "def.test", "// DEFINE: %{x} = y\n// RUN: echo-tool\n"), cfg), "not supported")
	mustFail(t, RunFile(filepath.Join(t.TempDir(), "missing.test"), cfg), "no such file")
}

func TestShellErrorsAbort(t *testing.T) {
	// As in lit, an error of the shell itself ends the script with status
	// 127 even where an operator would otherwise continue.
	cfg := testConfig(t, nil)
	for _, tc := range []struct{ run, msg string }{
		{"no-such-command-anywhere || echo-tool x", "'no-such-command-anywhere': command not found"},
		{"echo-tool x 1> %t", "Unsupported redirect: 1> "},
		{"echo-tool x 3> %t", "Unsupported redirect: 3> "},
		{"cd / | echo-tool x", "'cd' cannot be part of a pipeline"},
		{"export A=1 B=2", "'export' supports only one argument"},
		{"not", "'not' requires a subcommand"},
		{"cd %t.missing && false || echo-tool x", "Could not create process"},
	} {
		r := RunFile(writeTest(t, "abort.test", "# RUN: "+tc.run+"\n"), cfg)
		mustFail(t, r, tc.msg, "Exit Code: 127")
	}
}

func TestEndStopsParsing(t *testing.T) {
	rec := &recorder{}
	p := writeTest(t, "end.test", "# RUN: record one\n# END.\n# RUN: record two\n")
	mustPass(t, RunFile(p, testConfig(t, rec)))
	if len(rec.calls) != 1 {
		t.Errorf("calls after END.: %q", rec.calls)
	}
}

func TestRunHelper(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.test"), []byte("# RUN: echo-tool a | FileCheck %s\n# CHECK: a\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.test"), []byte("# REQUIRES: windows\n# RUN: fail-tool\n"), 0o644)
	cfg := testConfig(t, nil)
	cfg.Tools["FileCheck"] = FileCheck
	Run(t, filepath.Join(dir, "*.test"), cfg)
}
