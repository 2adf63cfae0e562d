package atomicfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// Some behaviours need a process of their own: another user, a filesystem
// that fills up, a signal. The test binary re-runs itself as one of these
// helpers when ATOMICFILE_HELPER names it; the helper works in
// ATOMICFILE_DIR and prints what happened, one line per step.
var helpers = map[string]func(dir string, out io.Writer){
	"read-only-dir": readOnlyDirHelper,
	"disk-full":     diskFullHelper,
	"signal":        signalHelper,
}

func TestMain(m *testing.M) {
	if name := os.Getenv("ATOMICFILE_HELPER"); name != "" {
		helpers[name](os.Getenv("ATOMICFILE_DIR"), os.Stdout)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// helper is the command that runs the named helper on dir.
func helper(t *testing.T, exe, name, dir string, wrap ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(exe)
	if len(wrap) > 0 {
		cmd = exec.Command(wrap[0], append(wrap[1:], exe)...)
	}
	cmd.Env = append(os.Environ(), "ATOMICFILE_HELPER="+name, "ATOMICFILE_DIR="+dir)
	return cmd
}

// report prints the outcome of one step.
func report(out io.Writer, step string, err error) {
	if err == nil {
		fmt.Fprintf(out, "%s: ok\n", step)
		return
	}
	// The path is the helper's; the reason is what the step shows.
	fmt.Fprintf(out, "%s: %v\n", step, underlying(err))
}

func readOnlyDirHelper(dir string, out io.Writer) {
	report(out, "write the file", Write(filepath.Join(dir, "res"), []byte("new")))
	report(out, "stream into the file", writeOne(filepath.Join(dir, "res2"), "new", true))
	report(out, "make a new file", Write(filepath.Join(dir, "new"), []byte("new")))
	report(out, "stream into a new file", writeOne(filepath.Join(dir, "new"), "new", true))
}

// A writable file in a read-only directory is written (in place; its
// stream waits in memory, having no room beside the file); a new file
// cannot be made there. As root the permission bits bind no one, so the
// helper runs as nobody.
func TestReadOnlyDirectory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("runs the helper as another user the Linux way")
	}
	exe, dir := os.Args[0], t.TempDir()
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		// nobody must reach the directory and run a copy of the test
		// binary (the build directory is root's alone).
		for d := dir; d != filepath.Dir(os.TempDir()) && d != "/"; d = filepath.Dir(d) {
			if strings.HasPrefix(d, os.TempDir()+"/") {
				os.Chmod(d, 0o755)
			}
		}
		exe = filepath.Join(dir, "helper")
		data, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(exe, data, 0o755); err != nil {
			t.Fatal(err)
		}
		cred = &syscall.Credential{Uid: 65534, Gid: 65534}
	}
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"res", "res2"} {
		if err := os.WriteFile(filepath.Join(ro, name), []byte("the old text"), 0o666); err != nil {
			t.Fatal(err)
		}
		os.Chmod(filepath.Join(ro, name), 0o666) // past the umask
	}
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(ro, 0o755)
	cmd := helper(t, exe, "read-only-dir", ro)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Skipf("cannot run the helper as another user: %v %s", err, got)
	}
	want := "write the file: ok\nstream into the file: ok\nmake a new file: permission denied\nstream into a new file: permission denied\n"
	if string(got) != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
	for _, name := range []string{"res", "res2"} {
		if b, _ := os.ReadFile(filepath.Join(ro, name)); string(b) != "new" {
			t.Errorf("%s holds %q", name, b)
		}
	}
	assertEntries(t, ro, "res", "res2")
}

func diskFullHelper(dir string, out io.Writer) {
	old := filepath.Join(dir, "old")
	os.WriteFile(old, bytes.Repeat([]byte("o"), 8192), 0o644)
	filler, _ := os.Create(filepath.Join(dir, "filler"))
	for {
		if _, err := filler.Write(make([]byte, 4096)); err != nil {
			report(out, "fill the disk", err)
			break
		}
	}
	filler.Close()
	long := bytes.Repeat([]byte("n"), 64<<10)
	report(out, "write more over the file", Write(old, long))
	report(out, "stream over the file", writeOne(old, string(long), true))
	report(out, "make a new file", Write(filepath.Join(dir, "new"), long))
	// No more room is needed for a text no longer than the old one (a
	// stream's spool moves to memory).
	report(out, "write as much over the file", Write(old, bytes.Repeat([]byte("s"), 8192)))
	b, _ := os.ReadFile(old)
	fmt.Fprintf(out, "the file holds %d bytes %q...\n", len(b), b[:1])
	report(out, "stream as much over the file", writeOne(old, strings.Repeat("t", 8000), true))
	b, _ = os.ReadFile(old)
	fmt.Fprintf(out, "the file holds %d bytes %q...\n", len(b), b[:1])
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		fmt.Fprintln(out, e.Name())
	}
}

// On a full disk (a small tmpfs, mounted in a mount namespace of the
// helper's own, which vanishes with it): writing more over an existing
// file fails before the file changes (its blocks are reserved first), and
// nothing is made; a text no longer than the old one is written in place,
// where a file renamed into place would have needed room for both.
func TestDiskFull(t *testing.T) {
	if _, err := exec.LookPath("unshare"); err != nil || os.Geteuid() != 0 {
		t.Skip("needs unshare and root to mount a small filesystem")
	}
	dir := t.TempDir()
	cmd := helper(t, os.Args[0], "disk-full", dir, "unshare", "--mount", "--propagation", "private", "sh", "-c",
		`mount -t tmpfs -o size=64k tmpfs "$ATOMICFILE_DIR" && exec "$0"`)
	got, err := cmd.CombinedOutput()
	if err != nil {
		t.Skipf("cannot mount a small filesystem: %v %s", err, got)
	}
	want := `fill the disk: no space left on device
write more over the file: no space left on device
stream over the file: no space left on device
make a new file: no space left on device
write as much over the file: ok
the file holds 8192 bytes "s"...
stream as much over the file: ok
the file holds 8000 bytes "t"...
filler
old
`
	if string(got) != want {
		t.Errorf("got\n%swant\n%s", got, want)
	}
}

func signalHelper(dir string, out io.Writer) {
	CleanUpOnSignal()
	var b Batch
	w, err := b.Create(filepath.Join(dir, "new"))
	if err != nil {
		report(out, "create", err)
		return
	}
	w.Write([]byte("part of the output"))
	fmt.Fprintln(out, "writing")
	select {} // until the signal
}

// SIGINT, SIGTERM and SIGHUP remove the temporary file of an output
// being written, and the process dies of the signal.
func TestSignalRemovesTemporaryFiles(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("signals the Unix way")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := helper(t, os.Args[0], "signal", dir)
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			line, _ := bufio.NewReader(stdout).ReadString('\n')
			if line != "writing\n" {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("the helper said %q", line)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 || !strings.HasSuffix(entries[0].Name(), ".tmp") {
				t.Errorf("while writing, the directory holds %v, want one temporary file", entries)
			}
			cmd.Process.Signal(sig)
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Fatalf("the helper ended with %v", err)
			}
			if ws := ee.Sys().(syscall.WaitStatus); !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("the helper ended with %v, want death by %v", ee, sig)
			}
			assertEntries(t, dir)
		})
	}
}
