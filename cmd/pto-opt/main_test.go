package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// These tests run pto-opt as a real process, because what they check
// depends on the process's own descriptors: a standard stream closed at
// start (Go's runtime puts /dev/null there) or a stdout on /dev/full. The
// test binary re-runs itself as pto-opt when PTO_OPT_TEST_MAIN is set.
func TestMain(m *testing.M) {
	if os.Getenv("PTO_OPT_TEST_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

const module = "func.func @f() {\n  return\n}\n"

// runWith runs pto-opt with args and the given stdin and stdout (nil:
// closed); it returns the exit status (128 + the signal for a process
// killed by one, as a shell says) and what it wrote to stderr.
func runWith(t *testing.T, args []string, stdin, stdout *os.File) (int, string) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("closed-stream detection is Linux only")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	p, err := os.StartProcess(exe, append([]string{"pto-opt"}, args...), &os.ProcAttr{
		Env:   append(os.Environ(), "PTO_OPT_TEST_MAIN=1"),
		Files: []*os.File{stdin, stdout, w},
	})
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	errText, _ := io.ReadAll(r)
	st, err := p.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()), string(errText) // as a shell reports it
	}
	return st.ExitCode(), string(errText)
}

func inputFile(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "in.mlir")
	if err := os.WriteFile(p, []byte(module), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A closed stdin is an input that cannot be opened, as in mlir-opt, not an
// empty module.
func TestClosedStdin(t *testing.T) {
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	code, stderr := runWith(t, nil, nil, out)
	if code != 1 || stderr != "pto-opt: cannot open input file '-': standard input is closed\n" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if b, _ := os.ReadFile(out.Name()); len(b) != 0 {
		t.Errorf("wrote %q", b)
	}
}

// Stdin redirected from /dev/null is an empty module: valid input.
func TestStdinFromDevNull(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	code, stderr := runWith(t, nil, null, out)
	if b, _ := os.ReadFile(out.Name()); code != 0 || stderr != "" || string(b) != "module {\n}\n\n" {
		t.Errorf("exit %d, stderr %q, stdout %q", code, stderr, b)
	}
}

// Output that cannot be written fails the run: a closed stdout, a full
// device, a pipe nobody reads.
func TestStdoutWriteErrors(t *testing.T) {
	in := inputFile(t)
	code, stderr := runWith(t, []string{in}, nil, nil)
	if code != 1 || stderr != "pto-opt: cannot write standard output: standard output is closed\n" {
		t.Errorf("closed stdout: exit %d, stderr %q", code, stderr)
	}

	if fi, err := os.Stat("/dev/full"); err == nil && !fi.Mode().IsRegular() {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer full.Close()
		code, stderr = runWith(t, []string{in}, nil, full)
		if code != 1 || stderr != "pto-opt: cannot write standard output: no space left on device\n" {
			t.Errorf("/dev/full: exit %d, stderr %q", code, stderr)
		}
		// -o names the device: the same error, naming it.
		code, stderr = runWith(t, []string{in, "-o", "/dev/full"}, nil, nil)
		if code != 1 || stderr != "pto-opt: cannot write output file '/dev/full': no space left on device\n" {
			t.Errorf("-o /dev/full: exit %d, stderr %q", code, stderr)
		}
	}

	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r.Close() // nobody reads: the write gets EPIPE
	defer w.Close()
	big := filepath.Join(t.TempDir(), "big.mlir")
	var text bytes.Buffer
	for i := range 5000 {
		fmt.Fprintf(&text, "func.func @f%d() {\n  return\n}\n", i)
	}
	if err := os.WriteFile(big, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// A reader that went away (pto-opt ... | head) ends the run as it
	// ends mlir-opt's: killed by SIGPIPE, with nothing on stderr.
	if code, stderr = runWith(t, []string{big}, nil, w); code != 128+int(syscall.SIGPIPE) || stderr != "" {
		t.Errorf("closed pipe: exit %d, stderr %q; want death by SIGPIPE, quietly", code, stderr)
	}
	// With -o - and a memory report: the report is not written either
	// (all outputs or none).
	rep := filepath.Join(t.TempDir(), "plan.json")
	if code, stderr = runWith(t, []string{big, "-o", "-", "--memory-report=" + rep}, nil, w); code != 128+int(syscall.SIGPIPE) || stderr != "" {
		t.Errorf("closed pipe with a report: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(rep); !os.IsNotExist(err) {
		t.Errorf("the memory report was written although the output was not (%v)", err)
	}
}
