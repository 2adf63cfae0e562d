package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/planner"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets a test run the real main() in a child process (the
// standard-output handling there is the process's own), and the driver
// scripts run it as the command pto-plan.
func TestMain(m *testing.M) {
	if os.Getenv("PTO_PLAN_TEST_MAIN") == "1" {
		main()
	}
	testscript.Main(m, map[string]func(){"pto-plan": main})
}

// Sizes whose offsets wrap past int64 used to be placed overlapping, with
// exit 0 and even "proven-optimal true". They are bad input now, located
// at their row.
func TestSizesBeyondInt64AreBadInput(t *testing.T) {
	dir := t.TempDir()
	rows := func(n int, size string) string {
		s := "id,lower,upper,size\n"
		for i := range n {
			s += string(rune('a'+i)) + ",0,4," + size + "\n"
		}
		return s
	}
	cases := []struct {
		name, content string
		algorithms    []string
		want          string
	}{
		{"four 2^62", rows(4, "4611686018427387904"), []string{"dsa-rp"}, "p.csv:2:1: buffer 0 (a): size 4611686018427387904 is above the planner's limit 4611686018427387903"},
		{"two 2^63-1", rows(2, "9223372036854775807"), []string{"best-fit", "ffd", "trivial"}, "p.csv:2:1: buffer 0 (a): size 9223372036854775807 is above the planner's limit"},
		{"four 2^60", rows(4, "1152921504606846976"), planner.Algorithms(), "p.csv:5:1: buffer 3 (d): with it, pool p could need more than the planner's limit"},
	}
	for _, tc := range cases {
		in := write(t, dir, "p.csv", tc.content)
		for _, alg := range tc.algorithms {
			t.Run(tc.name+"/"+alg, func(t *testing.T) {
				code, stdout, stderr := runCLI("--stats", "--algorithm="+alg, in)
				if code != 1 || !strings.Contains(stderr, tc.want) || stdout != "" {
					t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, tc.want)
				}
				if strings.Contains(stderr, "proven-optimal") {
					t.Errorf("stats for a rejected problem:\n%s", stderr)
				}
			})
		}
	}
	code, _, stderr := runCLI("--capacity=9223372036854775807", write(t, dir, "q.csv", goodCSV))
	if code != 2 || !strings.Contains(stderr, "--capacity=9223372036854775807: want a byte count from 0 to 4611686018427387903") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// --stats validates first: its feasible and proven-optimal are never
// printed for a placement that then fails validation. A faulty planner
// (every buffer at offset 0, claimed feasible and optimal) plays the bug.
func TestStatsNeverVouchForAnInvalidPlacement(t *testing.T) {
	defer func(s func(string, *planner.Problem, planner.Options) (*planner.Result, error)) { solve = s }(solve)
	solve = func(alg string, p *planner.Problem, opt planner.Options) (*planner.Result, error) {
		r, err := planner.Solve(alg, p, opt)
		if err != nil {
			return nil, err
		}
		clear(r.Solution.Offsets)
		r.Feasible, r.Optimal = true, true
		return r, nil
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out.csv")
	code, stdout, stderr := runCLI("--stats", "--algorithm=best-fit", "-o", out, write(t, dir, "p.8.csv", goodCSV))
	if code != 1 || stdout != "" {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	for _, want := range []string{"valid false", "feasible false", "proven-optimal false", "best-fit produced an invalid placement", `"a" [0, 4)`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	for _, bad := range []string{"feasible true", "proven-optimal true", "valid true"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("stderr says %q:\n%s", bad, stderr)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output written (%v)", err)
	}
	// A sound run says so.
	solve = planner.Solve
	code, _, stderr = runCLI("--stats", "-o", out, write(t, dir, "p.8.csv", goodCSV))
	if code != 0 || !strings.Contains(stderr, "valid true\nfeasible true\n") {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
}

// Flags go before or after PROBLEM, as with mlir-opt; "--" ends them.
func TestFlagsAnywhere(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write(t, dir, "p.8.csv", goodCSV)
	write(t, dir, "-dash.8.csv", goodCSV)
	cases := []struct {
		args  []string
		code  int
		out   string // file that must hold the plan ("" for stdout)
		wants []string
	}{
		{[]string{"p.8.csv", "-o", "o1.csv"}, 0, "o1.csv", nil},
		{[]string{"--stats", "p.8.csv", "--algorithm=best-fit", "-o", "o2.csv"}, 0, "o2.csv", []string{"algorithm best-fit"}},
		{[]string{"p.8.csv", "--stats", "--algorithm", "ffd"}, 0, "", []string{"algorithm ffd"}},
		{[]string{"-o", "o3.csv", "--", "-dash.8.csv"}, 0, "o3.csv", nil},
		{[]string{"p.8.csv", "-o"}, 2, "", []string{"flag needs an argument: -o"}},
		{[]string{"p.8.csv", "p.8.csv"}, 2, "", []string{"expected exactly one PROBLEM file"}},
		{[]string{"--", "p.8.csv", "--stats"}, 2, "", []string{"expected exactly one PROBLEM file"}},
		{[]string{"p.8.csv", "--frobnicate"}, 2, "", []string{"flag provided but not defined: -frobnicate"}},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s", code, tc.code, stderr)
			}
			for _, w := range tc.wants {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if code != 0 {
				return
			}
			plan := stdout
			if tc.out != "" {
				data, err := os.ReadFile(tc.out)
				if err != nil || stdout != "" {
					t.Fatalf("%v, stdout %q", err, stdout)
				}
				plan = string(data)
			}
			if !strings.HasPrefix(plan, "id,lower,upper,size,offset\n") {
				t.Fatalf("plan:\n%s", plan)
			}
		})
	}
}

// A failed write of standard output fails the run, with a message.
func TestStdoutWriteErrors(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "p.8.csv", goodCSV)
	closed, err := os.Create(filepath.Join(dir, "closed"))
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // nobody reads: EPIPE
	defer w.Close()
	stdouts := []struct {
		name string
		f    *os.File
		want string
	}{
		{"closed file", closed, "pto-plan: writing standard output: file already closed\n"},
	}
	if full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0); err == nil {
		defer full.Close()
		stdouts = append(stdouts, struct {
			name string
			f    *os.File
			want string
		}{"/dev/full", full, "pto-plan: writing standard output: no space left on device\n"})
	}
	for _, tc := range stdouts {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			if code := run([]string{in}, tc.f, &stderr); code != 1 || stderr.String() != tc.want {
				t.Fatalf("exit %d, stderr %q; want 1 and %q", code, stderr.String(), tc.want)
			}
		})
	}
	// A reader that went away (pto-plan ... | head) ends the run quietly
	// and the process by SIGPIPE, as mlir-opt ends.
	var quiet bytes.Buffer
	if code := run([]string{in}, w, &quiet); code != 128+int(syscall.SIGPIPE) || quiet.Len() != 0 {
		t.Errorf("closed pipe: exit %d, stderr %q", code, quiet.String())
	}
	// The process itself: the same pipe, killed by the signal.
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	pr.Close()
	cmd := exec.Command(os.Args[0], in)
	cmd.Env = append(os.Environ(), "PTO_PLAN_TEST_MAIN=1")
	cmd.Stdout = pw
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	pw.Close()
	var ee *exec.ExitError
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !errors.As(err, &ee) || !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE || stderr.Len() != 0 {
		t.Fatalf("process: %v, stderr %q; want death by SIGPIPE, quietly", err, stderr.String())
	}

	// Standard output closed when the process starts (pto-plan p.csv >&-):
	// Go's runtime puts /dev/null there, which must not pass for success.
	if runtime.GOOS == "linux" {
		er, ew, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		defer er.Close()
		p, err := os.StartProcess(os.Args[0], []string{os.Args[0], in}, &os.ProcAttr{
			Env:   append(os.Environ(), "PTO_PLAN_TEST_MAIN=1"),
			Files: []*os.File{nil, nil, ew},
		})
		ew.Close()
		if err != nil {
			t.Fatal(err)
		}
		msg, _ := io.ReadAll(er)
		st, err := p.Wait()
		if err != nil || st.ExitCode() != 1 || string(msg) != "pto-plan: writing standard output: standard output is closed\n" {
			t.Fatalf("closed stdout: %v, exit %d, stderr %q", err, st.ExitCode(), msg)
		}
	}
}

// Output files: devices are written in place and stay devices; a failed
// write of either -o or --report leaves both untouched and names the
// user's path, never a temporary file's.
func TestOutputFiles(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "p.8.csv", goodCSV)
	before, err := os.Stat(os.DevNull)
	if err != nil || before.Mode()&os.ModeCharDevice == 0 {
		t.Skipf("%s is not a character device here", os.DevNull)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	// --report needs a known extension: the devices are reached through
	// links that have one (the link is followed and stays a link).
	for name, dev := range map[string]string{"null.json": os.DevNull, "full.html": "/dev/full"} {
		if err := os.Symlink(dev, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runCLI("-o", os.DevNull, "--report="+filepath.Join(dir, "null.json"), in); code != 0 {
		t.Fatalf("-o and --report to %s: exit %d: %s", os.DevNull, code, stderr)
	}
	if after, err := os.Stat(os.DevNull); err != nil || after.Mode() != before.Mode() {
		t.Fatalf("%s changed from %v to %v", os.DevNull, before.Mode(), after.Mode())
	}
	if fi, err := os.Lstat(filepath.Join(dir, "null.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link to the device was replaced")
	}
	if err := os.Mkdir(filepath.Join(dir, "sub.json"), 0o755); err != nil {
		t.Fatal(err)
	}

	old := []byte("the previous output\n")
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	cases := []struct {
		name, out, report string
		kept              []string // files that must keep their old content
		missing           []string // files that must not appear
		want              string
	}{
		{"report into a missing directory", "out.csv", "/missing/dir/r.html", []string{"out.csv"}, nil,
			"pto-plan: --report: /missing/dir/r.html: no such file or directory\n"},
		{"output into a missing directory", "missing/out.csv", "r.html", []string{"r.html"}, nil,
			"pto-plan: " + abs("missing/out.csv") + ": no such file or directory\n"},
		{"report on a full device", "new.csv", "full.html", nil, []string{"new.csv"},
			"pto-plan: --report: " + abs("full.html") + ": no space left on device\n"},
		{"output on a full device", "/dev/full", "new.html", nil, []string{"new.html"},
			"pto-plan: /dev/full: no space left on device\n"},
		{"report is a directory", "out.csv", "sub.json", []string{"out.csv"}, nil,
			"pto-plan: --report: " + abs("sub.json") + ": is a directory\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, f := range tc.kept {
				if err := os.WriteFile(abs(f), old, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, stdout, stderr := runCLI("-o", abs(tc.out), "--report="+abs(tc.report), in)
			if code != 1 || stdout != "" || stderr != tc.want {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, tc.want)
			}
			for _, f := range tc.kept {
				if data, err := os.ReadFile(abs(f)); err != nil || !bytes.Equal(data, old) {
					t.Errorf("%s changed: %q, %v", f, data, err)
				}
			}
			for _, f := range tc.missing {
				if _, err := os.Stat(abs(f)); !os.IsNotExist(err) {
					t.Errorf("%s written (%v)", f, err)
				}
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".") {
					t.Errorf("temporary file left: %s", e.Name())
				}
			}
		})
	}
}

// Both outputs are written when both can be: -o and the report appear
// together, the report with the mode a report gets.
func TestOutputAndReportTogether(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "p.8.csv", goodCSV)
	out, rep := filepath.Join(dir, "out.csv"), filepath.Join(dir, "r.txt")
	start := time.Now()
	if code, _, stderr := runCLI(in, "-o", out, "--report="+rep); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, f := range []string{out, rep} {
		fi, err := os.Stat(f)
		if err != nil || fi.Size() == 0 || fi.ModTime().Before(start.Add(-time.Second)) {
			t.Fatalf("%s: %v", f, err)
		}
	}
}

// -o and --report naming one file is bad usage, found before anything is
// written, however the file is spelled: the same name, ./name, a symbolic
// or hard link, a dangling link to a file not made yet, standard output
// redirected to the file. /dev/null may take both.
func TestOutputsShareNoFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	in := write(t, dir, "p.8.csv", goodCSV)
	old := "the previous output\n"
	write(t, dir, "r.json", old)
	for _, l := range [][2]string{{"link.json", "r.json"}, {"dangling.json", "new.json"}, {"null.json", os.DevNull}} {
		if err := os.Symlink(l[1], l[0]); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link("r.json", "hard.json"); err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]string{
		{"r.json", "r.json"}, {"r.json", "./r.json"}, {"link.json", "hard.json"},
		{"new.json", "./new.json"}, {"dangling.json", "new.json"},
	} {
		code, _, stderr := runCLI("-o", pair[0], "--report="+pair[1], in)
		want := "pto-plan: -o " + pair[0] + " and --report=" + pair[1] + " name the same file; give each output its own file\nRun 'pto-plan --help' for usage.\n"
		if code != 2 || stderr != want {
			t.Errorf("-o %s --report=%s: exit %d, stderr %q; want 2 and %q", pair[0], pair[1], code, stderr, want)
		}
	}
	// Standard output is the report's file (in the process: /dev/stdout
	// is the test's own).
	stdout, err := os.OpenFile("r.json", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	code := run([]string{"--report=link.json", in}, stdout, &stderr)
	stdout.Close()
	if want := "pto-plan: --report=link.json is the file standard output (-o -) goes to; give each output its own file\n"; code != 2 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stdout the report: exit %d, stderr %q", code, stderr.String())
	}
	// -o /dev/stdout, which is the report's file, in a process of its own.
	stdout, err = os.OpenFile("r.json", os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-o", "/dev/stdout", "--report=hard.json", in)
	cmd.Env = append(os.Environ(), "PTO_PLAN_TEST_MAIN=1")
	cmd.Stdout = stdout
	stderr.Reset()
	cmd.Stderr = &stderr
	err = cmd.Run()
	stdout.Close()
	if want := "pto-plan: -o /dev/stdout and --report=hard.json name the same file"; cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 2 || !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("-o /dev/stdout: %v, stderr %q", err, stderr.String())
	}
	if b, _ := os.ReadFile("r.json"); string(b) != old {
		t.Errorf("r.json holds %q", b)
	}
	if _, err := os.Stat("new.json"); !os.IsNotExist(err) {
		t.Errorf("new.json was made")
	}
	if code, _, stderr := runCLI("-o", os.DevNull, "--report=null.json", in); code != 0 {
		t.Errorf("-o /dev/null --report to /dev/null: exit %d: %s", code, stderr)
	}
}

// The outputs change what their files hold, never what their paths point
// to: an existing file is written in place (its hard links see the new
// text; its owner and mode stay), a dangling link gets the file it names
// and stays a link.
func TestOutputKeepsWhatThePathPointsTo(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "p.8.csv", goodCSV)
	out := write(t, dir, "out.csv", "the previous output\n")
	os.Chmod(out, 0o604)
	if err := os.Link(out, filepath.Join(dir, "alias.csv")); err != nil {
		t.Fatal(err)
	}
	owner := os.Getuid()
	if owner == 0 {
		owner = 65534 // as root, a file put in place by rename is root's
		if err := os.Chown(out, owner, -1); err != nil {
			t.Fatal(err)
		}
	}
	rep := filepath.Join(dir, "r.txt")
	if err := os.Symlink("r-target.txt", rep); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI("-o", out, "--report="+rep, in); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	alias, _ := os.ReadFile(filepath.Join(dir, "alias.csv"))
	if !strings.HasPrefix(string(alias), "id,lower,upper,size,offset\n") {
		t.Errorf("the hard link holds %q", alias)
	}
	fi, err := os.Stat(out)
	if err != nil || fi.Mode().Perm() != 0o604 || int(fi.Sys().(*syscall.Stat_t).Uid) != owner {
		t.Errorf("out.csv: %v, %v", fi.Mode(), err)
	}
	if li, err := os.Lstat(rep); err != nil || li.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the report's link was replaced")
	}
	if b, err := os.ReadFile(filepath.Join(dir, "r-target.txt")); err != nil || len(b) == 0 {
		t.Errorf("the report's target: %q, %v", b, err)
	}
}
