package test

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/test/internal/filecheck"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The driver's behaviour is specified by the scripts in testdata/driver,
// one per behaviour. They run the commands
//
//	pto-opt    the driver (driver.Main in the test binary)
//	filecheck  the Go FileCheck (filecheck.Main)
//
// plus listdir, hardlink, fileinfo, chown and mkfifo (see TestDriver's
// Cmds) for the files the driver writes, and, under the [mlir-opt]
// condition, real mlir-opt (as $MLIR_OPT) to check that pto-opt behaves
// like it. The [root] condition holds when the tests run as root, who may
// write what the permission bits forbid.

var updateScripts = flag.Bool("update-scripts", false, "update the cmp expectations of testdata/driver scripts")

func TestMain(m *testing.M) {
	testscript.Main(testtool.Noting(m), map[string]func(){
		"pto-opt": func() {
			os.Exit(driver.Main())
		},
		"filecheck": func() {
			os.Exit(filecheck.Main(os.Args[1:], os.Stdin, os.Stderr))
		},
	})
}

// testBreakIR is a pass for the verify-each script: it removes every
// function's terminator, which leaves IR the verifier rejects.
var testBreakIR = &pass.Pass{
	Name:      "test-driver-break-ir",
	ClassName: "TestDriverBreakIR",
	Summary:   "Test only: erase every function's terminator (invalid IR)",
	Anchor:    "func.func",
	Run: func(ctx *pass.Context, fn *ir.Operation) error {
		if b := fn.Body(0); b != nil {
			if t := b.Terminator(); t != nil {
				t.Erase()
			}
		}
		return nil
	},
}

// testDiagnostics is a pass for the diagnostics scripts: every op with an
// attribute test.emit_<severity> = "message" gets that diagnostic at its
// location (test.emit_unknown: an error without a location), with a note
// at its parent op's location when it also has test.note = "message".
var testDiagnostics = &pass.Pass{
	Name:      "test-driver-diagnostics",
	ClassName: "TestDriverDiagnostics",
	Summary:   "Test only: emit the diagnostics that test.emit_* attributes ask for",
	Anchor:    "builtin.module",
	Run: func(ctx *pass.Context, m *ir.Operation) error {
		m.Walk(func(op *ir.Operation) bool {
			for _, k := range []struct {
				attr string
				sev  ir.Severity
			}{
				{"test.emit_error", ir.SevError},
				{"test.emit_warning", ir.SevWarning},
				{"test.emit_remark", ir.SevRemark},
				{"test.emit_unknown", ir.SevError},
			} {
				msg, ok := op.StrAttrValue(k.attr)
				if !ok {
					continue
				}
				d := &ir.Diagnostic{Severity: k.sev, Loc: op.Loc, Msg: msg}
				if k.attr == "test.emit_unknown" {
					d.Loc = ir.Location{}
				}
				if note, ok := op.StrAttrValue("test.note"); ok && op.ParentOp() != nil {
					d.WithNote(op.ParentOp().Loc, "%s", note)
				}
				ctx.Emit(d)
			}
			return true
		})
		return nil
	},
}

func init() { pass.Register(testBreakIR, testDiagnostics) }

func TestDriver(t *testing.T) {
	mlirOpt := testtool.OptionalLLVM(t, "mlir-opt", "the driver scripts' [mlir-opt] comparisons")
	haveMLIR := mlirOpt != ""
	testscript.Run(t, testscript.Params{
		Dir:                "testdata/driver",
		UpdateScripts:      *updateScripts,
		RequireUniqueNames: true,
		// testscript removes each script's directory but not the one it
		// makes to hold them; in the test's own, nothing stays behind.
		WorkdirRoot: t.TempDir(),
		Setup: func(env *testscript.Env) error {
			env.Setenv("MLIR_OPT", mlirOpt)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "mlir-opt":
				return haveMLIR, nil
			case "root":
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// listdir DIR prints the names in DIR, one a line, sorted.
			"listdir": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: listdir dir")
				}
				entries, err := os.ReadDir(ts.MkAbs(args[0]))
				ts.Check(err)
				names := make([]string, len(entries))
				for i, e := range entries {
					names[i] = e.Name()
				}
				slices.Sort(names)
				for _, n := range names {
					fmt.Fprintln(ts.Stdout(), n)
				}
			},
			// hardlink NEW OLD makes NEW another name of the file OLD.
			"hardlink": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: hardlink new old")
				}
				ts.Check(os.Link(ts.MkAbs(args[1]), ts.MkAbs(args[0])))
			},
			// fileinfo PATH prints what PATH is, without following a
			// link: "symlink -> TARGET", or the type, permissions, link
			// count and owner, as "regular 0640 links=2 uid=0".
			"fileinfo": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: fileinfo path")
				}
				fmt.Fprintln(ts.Stdout(), fileInfo(ts, ts.MkAbs(args[0])))
			},
			// chown UID PATH gives PATH to the user UID (as root).
			"chown": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: chown uid path")
				}
				uid, err := strconv.Atoi(args[0])
				ts.Check(err)
				ts.Check(os.Lchown(ts.MkAbs(args[1]), uid, -1))
			},
			// mkfifo PATH makes a named pipe.
			"mkfifo": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: mkfifo path")
				}
				ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
			},
		},
	})
}

// fileInfo describes path for the fileinfo command.
func fileInfo(ts *testscript.TestScript, path string) string {
	fi, err := os.Lstat(path)
	ts.Check(err)
	m := fi.Mode()
	if m&fs.ModeSymlink != 0 {
		target, err := os.Readlink(path)
		ts.Check(err)
		return "symlink -> " + target
	}
	kind := "regular"
	switch {
	case m.IsDir():
		kind = "directory"
	case m&fs.ModeNamedPipe != 0:
		kind = "fifo"
	case m&fs.ModeCharDevice != 0:
		kind = "chardevice"
	case m&fs.ModeDevice != 0:
		kind = "device"
	case !m.IsRegular():
		kind = "other"
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		ts.Fatalf("fileinfo: no stat data for %s", path)
	}
	return fmt.Sprintf("%s %04o links=%d uid=%d", kind, m.Perm(), st.Nlink, st.Uid)
}

// TestHelpListsEveryPass checks --help against the registry, which other
// passes join over time: every pass with its summary, and every option.
func TestHelpListsEveryPass(t *testing.T) {
	var out, errb bytes.Buffer
	if st := driver.Run([]string{"--help"}, strings.NewReader(""), &out, &errb); st != 0 {
		t.Fatalf("--help exited %d: %s", st, errb.String())
	}
	help := out.String()
	passes := pass.Passes()
	if len(passes) < 2 {
		t.Fatalf("only %d passes registered", len(passes))
	}
	for _, p := range passes {
		line := ""
		for _, l := range strings.Split(help, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == "--"+p.Name {
				line = l
			}
		}
		if line == "" {
			t.Errorf("--help does not list --%s", p.Name)
			continue
		}
		if !strings.Contains(line, p.Summary) {
			t.Errorf("--help line of --%s lacks its summary %q:\n%s", p.Name, p.Summary, line)
		}
		for _, o := range p.Options {
			if !strings.Contains(help, "      "+o.Name+"=<value>") {
				t.Errorf("--help does not show option %s of --%s", o.Name, p.Name)
			}
		}
	}
}

// kernels generates a module of n tile functions of varied shapes and
// lengths; the functions listed in bad get a dynamically shaped tile, which
// init-memref rejects.
func kernels(n int, bad map[int]bool) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		w := 16 * (1 + i%5)
		tensor := fmt.Sprintf("!tile.tensor<16x%dxf32>", w)
		ty := fmt.Sprintf("!tile.tile<16x%dxf32, vec>", w)
		fmt.Fprintf(&sb, "func.func @k%d(%%in: %s) {\n", i, tensor)
		fmt.Fprintf(&sb, "  %%a = tile.load %%in : (%s) -> %s\n", tensor, ty)
		prev := "%a"
		for j := 0; j < i%7; j++ {
			fmt.Fprintf(&sb, "  %%t%d = tile.mul %s, %s : (%s, %s) -> %s\n", j, prev, prev, ty, ty, ty)
			prev = fmt.Sprintf("%%t%d", j)
		}
		if bad[i] {
			fmt.Fprintf(&sb, "  %%d = tile.load %%in : (%s) -> !tile.tile<?x16xf32, vec>\n", tensor)
		}
		sb.WriteString("  return\n}\n")
	}
	return sb.String()
}

// TestThreadingDeterministic runs parallel function passes over modules
// with many functions, with and without --mlir-disable-threading: output,
// diagnostics and status must be identical.
func TestThreadingDeterministic(t *testing.T) {
	const n = 150
	passes := []string{"-init-memref", "-allocate-addr", "-check-tile-placement"}
	for _, name := range passes {
		if p := pass.Lookup(name[1:]); p == nil || !p.Parallel {
			t.Fatalf("pass %s is not a parallel function pass; the test would not exercise threading", name)
		}
	}
	run := func(src string, extra ...string) (string, string, int) {
		var out, errb bytes.Buffer
		args := append(append([]string{"--target=generic"}, passes...), extra...)
		st := driver.Run(args, strings.NewReader(src), &out, &errb)
		return out.String(), errb.String(), st
	}
	for _, tc := range []struct {
		name string
		bad  map[int]bool
	}{
		{"clean", nil},
		{"failing", map[int]bool{37: true, 38: true, 101: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := kernels(n, tc.bad)
			out, errs, st := run(src)
			if tc.bad == nil {
				if st != 0 || errs != "" {
					t.Fatalf("status %d:\n%s", st, errs)
				}
				if got := strings.Count(out, "func.func @k"); got != n {
					t.Fatalf("%d functions in the output, want %d", got, n)
				}
			} else if st != 1 || !strings.Contains(errs, "dynamic shape") || !strings.Contains(errs, "<stdin>:") {
				t.Fatalf("status %d, want an init-memref error:\n%s", st, errs)
			}
			for i := 0; i < 3; i++ {
				out2, errs2, st2 := run(src, "--mlir-disable-threading")
				if out2 != out || errs2 != errs || st2 != st {
					t.Fatalf("threaded and unthreaded runs differ:\nthreaded (status %d):\n%s\nunthreaded (status %d):\n%s", st, errs, st2, errs2)
				}
				out3, errs3, st3 := run(src)
				if out3 != out || errs3 != errs || st3 != st {
					t.Fatalf("two threaded runs differ")
				}
			}
		})
	}
}
