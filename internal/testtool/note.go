package testtool

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var (
	notesMu sync.Mutex
	notes   = map[string]int{} // reason -> tests skipped for it
)

// Note records what a run leaves out (a comparison without its tool, a
// sample instead of the whole), to be said when the package's tests end
// (Main); the same reason from several tests is said once, with their
// count.
func Note(reason string) {
	notesMu.Lock()
	notes[reason]++
	notesMu.Unlock()
}

// Main runs a package's tests (from its TestMain) and then says, a line
// per reason, what was skipped and why, naming the package's directory.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main for a TestMain that exits by itself (testscript.Main takes
// a value with a Run method: Noting(m)). It returns m's status.
func Run(m interface{ Run() int }) int {
	code := m.Run()
	printNotes()
	return code
}

// Noting wraps m so that its Run says what was skipped when it ends.
func Noting(m interface{ Run() int }) interface{ Run() int } { return noting{m} }

type noting struct{ m interface{ Run() int } }

func (n noting) Run() int { return Run(n.m) }

func printNotes() {
	notesMu.Lock()
	lines := make([]string, 0, len(notes))
	for reason, n := range notes {
		if n > 1 {
			reason += " (" + strconv.Itoa(n) + " tests)"
		}
		lines = append(lines, reason)
	}
	notesMu.Unlock()
	if len(lines) == 0 {
		return
	}
	sort.Strings(lines)
	pkg := "."
	if wd, err := os.Getwd(); err == nil {
		if root, err := ModuleRoot(); err == nil {
			if rel, err := filepath.Rel(root, wd); err == nil {
				pkg = rel
			}
		}
	}
	w, closeW := noteWriter()
	defer closeW()
	for _, l := range lines {
		fmt.Fprintf(w, "note: %s: %s\n", pkg, l)
	}
}

// noteWriter is where the notes are seen. `go test` in package-list mode
// (`go test ./...`) shows a passing package's output only with -v: what
// the test binary writes is thrown away. So, without -v, when the test
// binary runs under the go command, the notes go to the go command's own
// standard error (through /proc), provided that is a terminal or a pipe:
// opening a regular file there anew would write over its start. Otherwise
// they go to standard output, which -v and a failing package show.
func noteWriter() (io.Writer, func()) {
	if testing.Verbose() {
		return os.Stdout, func() {}
	}
	ppid := strconv.Itoa(os.Getppid())
	comm, err := os.ReadFile("/proc/" + ppid + "/comm")
	if err != nil || strings.TrimSpace(string(comm)) != "go" {
		return os.Stdout, func() {}
	}
	path := "/proc/" + ppid + "/fd/2"
	fi, err := os.Stat(path)
	if err != nil || fi.Mode()&(os.ModeCharDevice|os.ModeNamedPipe|os.ModeSocket) == 0 {
		return os.Stdout, func() {}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return os.Stdout, func() {}
	}
	return f, func() { f.Close() }
}
