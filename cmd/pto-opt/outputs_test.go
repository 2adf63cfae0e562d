package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// bigModule writes a module long enough that printing and writing it
// take a while, and returns its path.
func bigModule(t *testing.T) string {
	t.Helper()
	var text bytes.Buffer
	for i := range 40000 {
		fmt.Fprintf(&text, "func.func @f%d(%%a: i32) -> i32 {\n  %%b = arith.addi %%a, %%a : i32\n  return %%b : i32\n}\n", i)
	}
	path := filepath.Join(t.TempDir(), "big.mlir")
	if err := os.WriteFile(path, text.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// startPtoOpt starts pto-opt (this test binary, as its main) with args.
func startPtoOpt(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "PTO_OPT_TEST_MAIN=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// hiddenSpool reports whether process pid has a removed file of dir open:
// the spool an existing output's text waits in.
func hiddenSpool(pid int, dir string) bool {
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	for _, fd := range fds {
		target, _ := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if strings.HasPrefix(target, dir+"/.") && strings.HasSuffix(target, ".tmp (deleted)") {
			return true
		}
	}
	return false
}

// SIGINT or SIGTERM while pto-opt writes its output: no temporary file is
// left, and the output is as it was or complete, never in part. The signal
// comes at three moments: while a new file's text goes into its temporary
// file, while an existing file's text goes into its spool, and while the
// text is being written over the existing file (the signal then waits for
// the write to end). The process dies of the signal; but Go hands a signal
// to the program's handler some time after it arrives, and when the run
// has committed its output by then, it ends as it would have (exit 0, the
// output complete).
func TestSignalWhileWriting(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("watches the process through /proc")
	}
	in := bigModule(t)
	ref := filepath.Join(t.TempDir(), "ref.mlir")
	if err := startPtoOpt(t, in, "-o", ref).Wait(); err != nil {
		t.Fatal(err)
	}
	complete, err := os.ReadFile(ref)
	if err != nil {
		t.Fatal(err)
	}
	old := []byte("// the previous output\n")
	moments := []struct {
		name     string
		existing bool // the output exists before the run
		// now reports whether the run is at the moment to signal.
		now func(pid int, dir, out string) bool
	}{
		{"new file, temporary file written", false, func(pid int, dir, out string) bool {
			entries, _ := os.ReadDir(dir)
			return len(entries) > 0 && strings.HasSuffix(entries[0].Name(), ".tmp")
		}},
		{"existing file, spool written", true, func(pid int, dir, out string) bool {
			return hiddenSpool(pid, dir)
		}},
		{"existing file, overwritten", true, func(pid int, dir, out string) bool {
			// Part of the new text is in place, not all of it.
			fi, err := os.Stat(out)
			return err == nil && fi.Size() != int64(len(old)) && fi.Size() != int64(len(complete))
		}},
	}
	// Both signals are handled alike: each comes at two moments, and
	// both at the overwrite, the one that must wait.
	for _, c := range []struct {
		sig    syscall.Signal
		moment int
	}{{syscall.SIGINT, 0}, {syscall.SIGTERM, 1}, {syscall.SIGINT, 2}, {syscall.SIGTERM, 2}} {
		m := moments[c.moment]
		t.Run(c.sig.String()+"/"+m.name, func(t *testing.T) {
			// The watcher may miss a short moment: a run that ends
			// before it is seen does not count, and is tried again.
			for range 20 {
				if signalAt(t, in, c.sig, m.existing, old, complete, m.now) {
					return
				}
			}
			t.Fatal("pto-opt never was at the moment to signal it: the input is too small")
		})
	}
}

// signalAt runs pto-opt on in and sends it sig when now says the moment
// has come; it checks the outcome and reports whether the moment came.
func signalAt(t *testing.T, in string, sig syscall.Signal, existing bool, old, complete []byte, now func(pid int, dir, out string) bool) bool {
	t.Helper()
	dir := t.TempDir()
	out := filepath.Join(dir, "out.mlir")
	if existing {
		if err := os.WriteFile(out, old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := startPtoOpt(t, in, "-o", out)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for signalled := false; !signalled; {
		select {
		case <-exited:
			return false
		default:
		}
		if now(cmd.Process.Pid, dir, out) {
			signalled = cmd.Process.Signal(sig) == nil
		}
	}
	werr := <-exited
	var ee *exec.ExitError
	finished := werr == nil
	if !finished && (!errors.As(werr, &ee) || !ee.Sys().(syscall.WaitStatus).Signaled() || ee.Sys().(syscall.WaitStatus).Signal() != sig) {
		t.Errorf("pto-opt ended with %v, want death by %v", werr, sig)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := "[]"
	if existing || finished {
		want = "[out.mlir]"
	}
	if fmt.Sprint(names) != want {
		t.Errorf("the directory holds %v, want %s (pto-opt ended with %v)", names, want, werr)
	}
	got, err := os.ReadFile(out)
	switch {
	case finished && !bytes.Equal(got, complete):
		t.Errorf("pto-opt exited 0, but its output is not complete: %d bytes of %d (%v)", len(got), len(complete), err)
	case existing && !bytes.Equal(got, old) && !bytes.Equal(got, complete):
		t.Errorf("the output is neither as it was nor complete: %d bytes of %d (%v)", len(got), len(complete), err)
	}
	return true
}

// As a user whom permission bits bind (the tests run as root, who passes
// them: the run is then as nobody), a writable file in a read-only
// directory is written in place, a new file there cannot be made, and a
// read-only file is refused, as mlir-opt refuses it; none is changed by
// the refusals, and no temporary file is left.
func TestPermissionsBindOutputs(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("runs pto-opt as another user the Linux way")
	}
	exe, dir := os.Args[0], t.TempDir()
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		// nobody must reach the directory and run a copy of the test
		// binary (the build directory is root's alone).
		for d := dir; strings.HasPrefix(d, os.TempDir()+"/"); d = filepath.Dir(d) {
			os.Chmod(d, 0o755)
		}
		exe = filepath.Join(dir, "pto-opt")
		data, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(exe, data, 0o755); err != nil {
			t.Fatal(err)
		}
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
	}
	in := filepath.Join(dir, "in.mlir")
	ro := filepath.Join(dir, "ro")
	os.WriteFile(in, []byte(module), 0o644)
	os.Mkdir(ro, 0o755)
	old := []byte("// the previous output\n")
	for name, mode := range map[string]os.FileMode{"res.mlir": 0o666, "res2.mlir": 0o666, "readonly.mlir": 0o444} {
		p := filepath.Join(ro, name)
		os.WriteFile(p, old, mode)
		os.Chmod(p, mode)
	}
	os.Chmod(ro, 0o555)
	defer os.Chmod(ro, 0o755)
	run := func(args ...string) (int, string) {
		cmd := exec.Command(exe, args...)
		cmd.Env = append(os.Environ(), "PTO_OPT_TEST_MAIN=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if cmd.ProcessState == nil {
			t.Skipf("cannot run pto-opt as another user: %v", err)
		}
		return cmd.ProcessState.ExitCode(), stderr.String()
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{in, "-o", filepath.Join(ro, "res.mlir")}, 0, ""},
		{[]string{in, "-verify-diagnostics", "-o", filepath.Join(ro, "res2.mlir")}, 0, ""}, // held until the end
		{[]string{in, "-o", filepath.Join(ro, "new.mlir")}, 1, "pto-opt: cannot write output file '" + filepath.Join(ro, "new.mlir") + "': permission denied\n"},
		{[]string{in, "-o", filepath.Join(ro, "readonly.mlir")}, 1, "pto-opt: cannot write output file '" + filepath.Join(ro, "readonly.mlir") + "': permission denied\n"},
	} {
		if code, msg := run(c.args...); code != c.code || msg != c.msg {
			t.Errorf("pto-opt %s: exit %d, stderr %q; want %d, %q", strings.Join(c.args, " "), code, msg, c.code, c.msg)
		}
	}
	want := "module {\n  func.func @f() {\n    return\n  }\n}\n\n"
	for name, text := range map[string]string{"res.mlir": want, "res2.mlir": want, "readonly.mlir": string(old)} {
		if b, _ := os.ReadFile(filepath.Join(ro, name)); string(b) != text {
			t.Errorf("%s holds %q, want %q", name, b, text)
		}
	}
	entries, _ := os.ReadDir(ro)
	if len(entries) != 3 {
		t.Errorf("left in the directory: %v", entries)
	}
}
