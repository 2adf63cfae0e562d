package stdio

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// The test binary re-runs itself with STDIO_TEST_REPORT set: it then
// prints which of its standard streams WasClosed reports.
func TestMain(m *testing.M) {
	if os.Getenv("STDIO_TEST_REPORT") == "1" {
		var s []string
		for _, f := range []*os.File{os.Stdin, os.Stdout, os.Stderr} {
			if WasClosed(f) {
				s = append(s, f.Name())
			}
		}
		// fd 3 is a pipe the parent reads (stdout may be closed).
		out := os.NewFile(3, "report")
		out.WriteString(strings.Join(s, ",") + "\n")
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// closedIn runs the test binary with the given standard streams (nil:
// closed) and returns the names WasClosed reported.
func closedIn(t *testing.T, files [3]*os.File) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	p, err := os.StartProcess(exe, []string{exe}, &os.ProcAttr{
		Env:   append(os.Environ(), "STDIO_TEST_REPORT=1"),
		Files: []*os.File{files[0], files[1], files[2], w},
	})
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 256)
	n, _ := r.Read(buf)
	if _, err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(buf[:n]))
}

func TestWasClosed(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("detection is Linux only")
	}
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	nullW, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer nullW.Close()
	for _, c := range []struct {
		name  string
		files [3]*os.File
		want  string
	}{
		// </dev/null and >/dev/null as a shell opens them are not closed.
		{"redirected to the null device", [3]*os.File{null, nullW, nullW}, ""},
		{"stdin closed", [3]*os.File{nil, nullW, nullW}, "/dev/stdin"},
		{"stdout closed", [3]*os.File{null, nil, nullW}, "/dev/stdout"},
		{"all closed", [3]*os.File{nil, nil, nil}, "/dev/stdin,/dev/stdout,/dev/stderr"},
	} {
		if got := closedIn(t, c.files); got != c.want {
			t.Errorf("%s: WasClosed for %q, want %q", c.name, got, c.want)
		}
	}
}
