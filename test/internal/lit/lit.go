// Package lit runs lit-style tests (LLVM's lit with its internal shell):
// a test file's RUN: lines are substituted, parsed as shell pipelines and
// executed, with named tools running in-process and anything else run
// from PATH.
//
// Supported: RUN: lines after any comment syntax, "\" continuations,
// %(line) and %(line+-N), the substitutions %s %S %p %t %T %basename_t
// %{pathsep} %{fs-sep} %/s %/S %/p %/t %/T and %%, config substitutions
// (applied first, literally); quoting '...' "..." and backslash as lit's
// internal shell does; pipes (pipefail), && || ; ; redirections > >> < 2>
// 2>> &> and N>&M; unquoted * and ? globs; the builtins cd, export, env,
// ":" and not (with --crash: a panicking Tool or a signal-killed process);
// REQUIRES:/UNSUPPORTED:/XFAIL: boolean feature expressions and XFAIL: *;
// END.  Not supported: DEFINE:/REDEFINE: (the test fails with a message),
// background jobs (&), ALLOW_RETRIES (accepted, the test runs once).
//
// Typical use from a Go test:
//
//	lit.Run(t, "testdata/*.mlir", lit.Config{Tools: map[string]lit.Tool{
//		"FileCheck": lit.FileCheck,
//		"pto-opt":   ptoOptMain,
//	}})
//
// In-process tools share the test process: they see its working directory
// and environment (cd, export and env affect external commands only).
package lit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Tool is a command run in-process.  args excludes the command name.
type Tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Config says how to run tests.
type Config struct {
	// Tools are commands run in-process instead of from PATH, by name
	// (for example "FileCheck" or "pto-opt").
	Tools map[string]Tool
	// Substitutions are applied to RUN lines before the built-in ones
	// (%s, %t, ...), in order, as literal text replacements.
	Substitutions [][2]string
	// TempDir holds %T (one directory per test directory) and %t.  When
	// empty, a temporary directory is created for the run and removed
	// afterwards.
	TempDir string
	// Features are the names REQUIRES:, UNSUPPORTED: and XFAIL: test.
	Features []string
	// Env is added to the environment of external commands.
	Env []string
}

// Result is the outcome of one test file.  An XFAIL test that fails is
// Passed; one that passes is not (XPASS).  Output is the transcript of what
// ran: each RUN line as written and expanded, each command with its exit
// status and output, and a verdict.
type Result struct {
	Path        string
	Passed      bool
	Unsupported bool
	Output      string
}

// RunFile runs the lit test at path.
func RunFile(path string, cfg Config) Result {
	res := Result{Path: path}
	abs, err := filepath.Abs(path)
	if err != nil {
		res.Output = err.Error() + "\n"
		return res
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		res.Output = err.Error() + "\n"
		return res
	}
	sc, err := parseScript(data)
	if err != nil {
		res.Output = err.Error() + "\n"
		return res
	}
	features := map[string]bool{}
	for _, f := range cfg.Features {
		features[f] = true
	}

	var missing []string
	for _, r := range sc.requires {
		ok, err := evalFeatureExpr(r, features)
		if err != nil {
			res.Output = fmt.Sprintf("Error in REQUIRES list:\n%v\n", err)
			return res
		}
		if !ok {
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 {
		res.Unsupported = true
		res.Output = "Test requires the following unavailable features: " + strings.Join(missing, ", ") + "\n"
		return res
	}
	var excluded []string
	for _, u := range sc.unsupported {
		ok, err := evalFeatureExpr(u, features)
		if err != nil {
			res.Output = fmt.Sprintf("Error in UNSUPPORTED list:\n%v\n", err)
			return res
		}
		if ok {
			excluded = append(excluded, u)
		}
	}
	if len(excluded) > 0 {
		res.Unsupported = true
		res.Output = "Test does not support the following features and/or targets: " + strings.Join(excluded, ", ") + "\n"
		return res
	}
	xfail := false
	for _, x := range sc.xfails {
		if x == "*" {
			xfail = true
			continue
		}
		ok, err := evalFeatureExpr(x, features)
		if err != nil {
			res.Output = fmt.Sprintf("Error in XFAIL list:\n%v\n", err)
			return res
		}
		xfail = xfail || ok
	}
	if len(sc.runs) == 0 {
		res.Output = "Test has no 'RUN:' line\n"
		return res
	}

	tempRoot := cfg.TempDir
	if tempRoot == "" {
		if tempRoot, err = os.MkdirTemp("", "pto-lit-"); err != nil {
			res.Output = err.Error() + "\n"
			return res
		}
		defer os.RemoveAll(tempRoot)
	}
	// Like lit's per-directory Output/ directories: tests in different
	// directories with the same file name get different %t.
	sum := sha256.Sum256([]byte(filepath.Dir(abs)))
	tmpDir := filepath.Join(tempRoot, filepath.Base(filepath.Dir(abs))+"-"+hex.EncodeToString(sum[:4]))
	if err := os.MkdirAll(tmpDir, 0o755); err != nil {
		res.Output = err.Error() + "\n"
		return res
	}
	tmpBase := filepath.Join(tmpDir, filepath.Base(abs))
	subst := append([][2]string(nil), cfg.Substitutions...)
	dir := filepath.Dir(abs)
	subst = append(subst,
		[2]string{"%{pathsep}", string(os.PathListSeparator)},
		[2]string{"%{fs-sep}", string(os.PathSeparator)},
		[2]string{"%basename_t", filepath.Base(tmpBase)},
		[2]string{"%/s", filepath.ToSlash(abs)},
		[2]string{"%/S", filepath.ToSlash(dir)},
		[2]string{"%/p", filepath.ToSlash(dir)},
		[2]string{"%/t", filepath.ToSlash(tmpBase) + ".tmp"},
		[2]string{"%/T", filepath.ToSlash(tmpDir)},
		[2]string{"%s", abs},
		[2]string{"%S", dir},
		[2]string{"%p", dir},
		[2]string{"%t", tmpBase + ".tmp"},
		[2]string{"%T", tmpDir},
	)

	sh := &shell{cfg: &cfg, cwd: dir, env: append(os.Environ(), cfg.Env...)}
	status := 0
	for _, r := range sc.runs {
		expanded := applySubstitutions(r.command, subst)
		fmt.Fprintf(&sh.out, "# RUN: at line %d\n%s\n", r.line, expanded)
		tree, err := parseShell(expanded)
		if err != nil {
			fmt.Fprintf(&sh.out, "# error: cannot parse the command: %v\n", err)
			status = 1
			break
		}
		if status = sh.run(tree); status != 0 {
			break
		}
	}

	var out strings.Builder
	fmt.Fprintf(&out, "Exit Code: %d\n\nCommand Output (stdout):\n--\n%s--\n", status, sh.out.String())
	switch {
	case xfail && status != 0:
		res.Passed = true
		out.WriteString("XFAIL: the test failed, as expected\n")
	case xfail:
		out.WriteString("XPASS: the test is marked XFAIL but passed\n")
	case status == 0:
		res.Passed = true
	default:
		out.WriteString("FAIL: " + path + "\n")
	}
	res.Output = out.String()
	return res
}

// applySubstitutions is lit's applySubstitutions with literal patterns: %%
// is protected first, each substitution is applied in order, then %%
// becomes %, and the line is trimmed.
func applySubstitutions(line string, subst [][2]string) string {
	const marker = "#_MARKER_#"
	line = strings.ReplaceAll(line, "%%", marker)
	for _, s := range subst {
		line = strings.ReplaceAll(line, s[0], s[1])
	}
	line = strings.ReplaceAll(line, marker, "%")
	return strings.TrimSpace(line)
}
