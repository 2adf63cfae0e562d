package lit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
)

// shell executes parsed RUN lines and keeps a transcript in out.
type shell struct {
	cfg *Config
	cwd string
	env []string
	out strings.Builder
	// aborted is set by a shell error (command not found, unsupported
	// redirect, ...).  Like lit's InternalShellError it ends the whole
	// script with status 127, whatever operators follow.
	aborted bool
}

// abortStatus is the status lit gives a script ended by a shell error.
const abortStatus = 127

func (sh *shell) run(n node) int {
	switch n := n.(type) {
	case *sequence:
		if n.op == "&" {
			fmt.Fprintf(&sh.out, "# error: unsupported shell operator: '&'\n")
			sh.aborted = true
			return abortStatus
		}
		st := sh.run(n.lhs)
		if sh.aborted {
			return abortStatus
		}
		switch {
		case n.op == ";", n.op == "&&" && st == 0, n.op == "||" && st != 0:
			return sh.run(n.rhs)
		}
		return st
	case *pipeline:
		return sh.runPipeline(n)
	}
	panic("lit: unknown shell node")
}

func setenv(env []string, name, value string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); k != name {
			out = append(out, kv)
		}
	}
	return append(out, name+"="+value)
}

func unsetenv(env []string, name string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); k != name {
			out = append(out, kv)
		}
	}
	return out
}

// expandArgs resolves globs: an unquoted pattern expands to its sorted
// matches (relative patterns relative to the shell's directory), or stays
// as written when nothing matches.
func (sh *shell) expandArgs(words []word) []string {
	var out []string
	for _, w := range words {
		if !w.glob {
			out = append(out, w.text)
			continue
		}
		pat := w.text
		if !filepath.IsAbs(pat) {
			pat = filepath.Join(sh.cwd, pat)
		}
		m, _ := filepath.Glob(pat)
		if len(m) == 0 {
			out = append(out, w.text)
			continue
		}
		slices.Sort(m)
		out = append(out, m...)
	}
	return out
}

// stage is one command of a pipeline, resolved and ready to start.
type stage struct {
	args    []string // after not/env are taken off
	display []string // as shown in the transcript
	env     []string
	nots    []bool     // one entry per `not` prefix, outermost first: has --crash
	builtin func() int // cd, export, :
	tool    Tool
	path    string // external program
	stdin   io.Reader
	stdout  io.Writer
	stderr  io.Writer
	outBuf  *bytes.Buffer // captured stdout, if not piped or redirected
	errBuf  *bytes.Buffer // captured stderr, if not redirected
	status  int
	crashed bool
	failure string // an error of the shell itself (command not found, ...)
	closers []io.Closer
	pipeOut *io.PipeWriter // the pipe to the next stage
	pipeIn  *io.PipeReader // the pipe from the previous stage
}

var errBrokenPipe = errors.New("broken pipe")

func (sh *shell) runPipeline(pl *pipeline) int {
	stages := make([]*stage, len(pl.cmds))
	for i := range pl.cmds {
		stages[i] = &stage{outBuf: &bytes.Buffer{}, errBuf: &bytes.Buffer{}}
		stages[i].stdin = strings.NewReader("")
		stages[i].stdout = stages[i].outBuf
		stages[i].stderr = stages[i].errBuf
		if i > 0 {
			pr, pw := io.Pipe()
			stages[i-1].pipeOut, stages[i].pipeIn = pw, pr
			stages[i-1].stdout = pw
			stages[i].stdin = pr
		}
	}
	// Redirections see the pipes, so prepare only once all are in place.
	for i, c := range pl.cmds {
		sh.prepare(stages[i], c, len(pl.cmds) == 1)
	}
	defer func() {
		for _, st := range stages {
			for _, c := range st.closers {
				c.Close()
			}
		}
	}()

	var wg sync.WaitGroup
	for _, st := range stages {
		wg.Add(1)
		go func(st *stage) {
			defer wg.Done()
			sh.execute(st)
			// Let the next stage see end of input, and make the previous
			// one's writes fail instead of blocking forever (SIGPIPE).
			if st.pipeOut != nil {
				st.pipeOut.Close()
			}
			if st.pipeIn != nil {
				st.pipeIn.CloseWithError(errBrokenPipe)
			}
		}(st)
	}
	wg.Wait()

	status := 0
	for _, st := range stages {
		sh.report(st)
		if st.failure != "" {
			// lit stops reporting at the command that raised the error.
			sh.aborted = true
			return abortStatus
		}
		if st.status != 0 {
			status = st.status // pipefail: the last failure wins
		}
	}
	return status
}

// prepare resolves a command: builtins, not/env prefixes, the program, and
// redirections.  Problems are recorded in st.failure.
func (sh *shell) prepare(st *stage, c *command, alone bool) {
	args := sh.expandArgs(c.args)
	st.display = args
	st.env = sh.env
	for len(args) > 0 {
		switch args[0] {
		case "not":
			args = args[1:]
			crash := len(args) > 0 && args[0] == "--crash"
			if crash {
				args = args[1:]
			}
			st.nots = append(st.nots, crash)
			if len(args) == 0 {
				st.failure = "Error: 'not' requires a subcommand"
				return
			}
			continue
		case "env":
			args = args[1:]
			env := append([]string(nil), st.env...)
			for len(args) > 0 {
				if args[0] == "-u" && len(args) > 1 {
					env = unsetenv(env, args[1])
					args = args[2:]
				} else if k, v, ok := strings.Cut(args[0], "="); ok && k != "" {
					env = setenv(env, k, v)
					args = args[1:]
				} else {
					break
				}
			}
			st.env = env
			if len(args) == 0 {
				st.failure = "Error: 'env' requires a subcommand"
				return
			}
			continue
		}
		break
	}
	st.args = args
	if err := sh.redirect(st, c.redirects); err != "" {
		st.failure = err
		return
	}
	name := args[0]
	switch name {
	case "cd", "export":
		// These change the shell itself, so lit allows them only alone.
		if !alone {
			st.failure = "Unsupported: '" + name + "' cannot be part of a pipeline"
			return
		}
		if len(args) != 2 {
			st.failure = "'" + name + "' supports only one argument"
			return
		}
		if name == "cd" {
			// Like lit, cd itself always succeeds; commands run in a
			// missing directory fail to start.
			st.builtin = func() int {
				d := args[1]
				if !filepath.IsAbs(d) {
					d = filepath.Join(sh.cwd, d)
				}
				sh.cwd = d
				return 0
			}
			return
		}
		st.builtin = func() int {
			if k, v, ok := strings.Cut(args[1], "="); ok {
				sh.env = setenv(sh.env, k, v)
			}
			return 0
		}
		return
	case ":":
		st.builtin = func() int { return 0 }
		return
	}
	if t, ok := sh.cfg.Tools[name]; ok {
		st.tool = t
		return
	}
	path, err := sh.lookPath(name, st.env)
	if err != nil {
		st.failure = fmt.Sprintf("'%s': command not found", name)
		return
	}
	st.path = path
}

func (sh *shell) lookPath(name string, env []string) (string, error) {
	if strings.ContainsRune(name, '/') {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(sh.cwd, p)
		}
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
		return "", os.ErrNotExist
	}
	pathVar := ""
	for _, kv := range env {
		if k, v, _ := strings.Cut(kv, "="); k == "PATH" {
			pathVar = v
		}
	}
	for _, d := range filepath.SplitList(pathVar) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(sh.cwd, p)
		}
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", os.ErrNotExist
}

// redirect applies redirections in order with lit's table: "2>", "2>>",
// "2>&N" (N in 0-2), ">", ">>", "<", and "&>" or ">&" (both streams to a
// file).  Anything else (explicit "1>", other descriptors) is an error in
// lit too.  "2>&1" points stderr at stdout's destination as of that point.
func (sh *shell) redirect(st *stage, rs []redirect) string {
	open := func(name string, flag int) (*os.File, string) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(sh.cwd, name)
		}
		f, err := os.OpenFile(name, flag, 0o666)
		if err != nil {
			return nil, err.Error()
		}
		st.closers = append(st.closers, f)
		return f, ""
	}
	const (
		write      = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		appendMode = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	)
	for _, r := range rs {
		target := r.target.text
		var err string
		var f *os.File
		switch {
		case r.op == ">" && r.fd == 2:
			f, err = open(target, write)
			st.stderr = f
		case r.op == ">>" && r.fd == 2:
			f, err = open(target, appendMode)
			st.stderr = f
		case r.op == ">&" && r.fd == 2 && (target == "0" || target == "1" || target == "2"):
			switch target {
			case "0":
				// lit wires this to the stdin source; nothing useful can
				// be written there.
				st.stderr = io.Discard
			case "1":
				st.stderr = st.stdout
			}
		case (r.op == ">&" || r.op == "&>") && r.fd < 0:
			f, err = open(target, write)
			st.stdout, st.stderr = f, f
		case r.op == ">" && r.fd < 0:
			f, err = open(target, write)
			st.stdout = f
		case r.op == ">>" && r.fd < 0:
			f, err = open(target, appendMode)
			st.stdout = f
		case r.op == "<" && r.fd < 0:
			f, err = open(target, os.O_RDONLY)
			st.stdin = f
		default:
			op := r.op
			if r.fd >= 0 {
				op = fmt.Sprint(r.fd) + op
			}
			return fmt.Sprintf("Unsupported redirect: %s %s", op, target)
		}
		if err != "" {
			return err
		}
	}
	return ""
}

// execute runs a prepared stage to completion and sets its status.
func (sh *shell) execute(st *stage) {
	if st.failure != "" {
		st.status = abortStatus
		return
	}
	switch {
	case st.builtin != nil:
		st.status = st.builtin()
	case st.tool != nil:
		st.status, st.crashed = runTool(st.tool, st.args[1:], st.stdin, st.stdout, st.stderr)
	default:
		cmd := exec.Command(st.path, st.args[1:]...)
		cmd.Args[0] = st.args[0]
		cmd.Dir = sh.cwd
		cmd.Env = st.env
		cmd.Stdin, cmd.Stdout, cmd.Stderr = st.stdin, st.stdout, st.stderr
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case err == nil:
		case errors.As(err, &ee) && ee.ExitCode() >= 0:
			st.status = ee.ExitCode()
		case errors.As(err, &ee):
			// Killed by a signal.
			st.crashed = true
			st.status = 1
			fmt.Fprintf(st.stderr, "%s: terminated: %v\n", st.args[0], ee.ProcessState)
		default:
			st.failure = fmt.Sprintf("Could not create process (%s) due to %v", st.path, err)
			st.status = abortStatus
			return
		}
	}
	// LLVM's `not`, innermost first: success exactly when the command
	// failed without crashing, or with --crash, when it crashed.  A `not`
	// itself never crashes.
	for i := len(st.nots) - 1; i >= 0; i-- {
		switch {
		case st.nots[i]:
			if st.crashed {
				st.status = 0
			} else {
				st.status = 1
			}
		case st.crashed || st.status == 0:
			st.status = 1
		default:
			st.status = 0
		}
		st.crashed = false
	}
}

// runTool runs an in-process tool; a panic counts as a crash.
func runTool(t Tool, args []string, stdin io.Reader, stdout, stderr io.Writer) (status int, crashed bool) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "panic: %v\n\n%s", r, debug.Stack())
			status, crashed = 1, true
		}
	}()
	return t(args, stdin, stdout, stderr), false
}

// report writes a stage to the transcript in the style of lit's internal
// shell.
func (sh *shell) report(st *stage) {
	quoted := make([]string, len(st.display))
	for i, a := range st.display {
		quoted[i] = shellQuote(a)
	}
	fmt.Fprintf(&sh.out, "# executed command: %s\n", strings.Join(quoted, " "))
	block := func(what string, b []byte) {
		if len(b) == 0 {
			return
		}
		fmt.Fprintf(&sh.out, "# .---command %s------------\n", what)
		text := strings.TrimSuffix(string(b), "\n")
		for _, l := range strings.Split(text, "\n") {
			fmt.Fprintf(&sh.out, "# | %s\n", l)
		}
		if !bytes.HasSuffix(b, []byte("\n")) {
			sh.out.WriteString("# `---data was not newline-terminated---\n")
		}
		sh.out.WriteString("# `-----------------------------\n")
	}
	block("stdout", st.outBuf.Bytes())
	errText := st.errBuf.Bytes()
	if st.failure != "" {
		// lit shows a shell error as the command's stderr.
		errText = append(append([]byte(nil), errText...), st.failure+"\n"...)
	}
	block("stderr", errText)
	if st.status != 0 {
		if st.outBuf.Len() == 0 && len(errText) == 0 {
			sh.out.WriteString("# note: command had no output on stdout or stderr\n")
		}
		fmt.Fprintf(&sh.out, "# error: command failed with exit status: %d\n", st.status)
	}
}
