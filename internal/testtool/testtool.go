// Package testtool finds the reference tools the tests compare with (LLVM
// 22's mlir-opt, mlir-runner, FileCheck, lit; ptoas) and makes a test run
// say what it left out when one is missing, also in a plain
// `go test ./...`.
//
// A test that needs a tool asks for it with LLVM or PTOAS. When the tool
// is there, it gets its path. When it is not, the test is skipped with the
// reason, and the reason is noted; under PTO_REQUIRE_LLVM=1 or
// PTO_REQUIRE_PTOAS=1 (as CI runs) the test fails instead. A package whose
// tests ask for tools runs them through Main, which prints the notes once
// the package's tests are done.
package testtool

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// LLVMDir is where Debian's LLVM 22 packages put their tools.
const LLVMDir = "/usr/lib/llvm-22/bin"

// FindLLVM returns the path of an LLVM 22 tool: in $PTO_LLVM_BIN when that
// is set (and only there), else on PATH (name, then name-22), else in
// LLVMDir.
func FindLLVM(name string) (string, error) {
	if dir := os.Getenv("PTO_LLVM_BIN"); dir != "" {
		p := filepath.Join(dir, name)
		if isFile(p) {
			return p, nil
		}
		return "", fmt.Errorf("%s not found in $PTO_LLVM_BIN (%s)", name, dir)
	}
	for _, n := range []string{name, name + "-22"} {
		if p, err := exec.LookPath(n); err == nil {
			return p, nil
		}
	}
	if p := filepath.Join(LLVMDir, name); isFile(p) {
		return p, nil
	}
	return "", fmt.Errorf("%s not found on PATH or in %s (set PTO_LLVM_BIN)", name, LLVMDir)
}

// FindPTOAS returns the path of a ptoas that runs here: $PTOAS when set
// (and only that), else ptoas on PATH, else ../shared/tools/ptoas/ptoas
// beside the checkout (the workplace's copy).
func FindPTOAS() (string, error) {
	var p string
	switch env := os.Getenv("PTOAS"); {
	case env != "":
		p = env
	default:
		if found, err := exec.LookPath("ptoas"); err == nil {
			p = found
		} else if root, err := ModuleRoot(); err == nil {
			p = filepath.Join(root, "..", "shared", "tools", "ptoas", "ptoas")
		}
	}
	if p == "" || !isFile(p) {
		return "", errors.New("ptoas not found in $PTOAS, on PATH or in ../shared/tools/ptoas (set PTOAS)")
	}
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if out, err := exec.Command(p, "--version").CombinedOutput(); err != nil {
		return "", fmt.Errorf("ptoas at %s does not run (%v: %s)", p, err, strings.TrimSpace(string(out)))
	}
	return p, nil
}

// ModuleRoot is the directory of the go.mod above the working directory
// (a test runs in its package's directory).
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if isFile(filepath.Join(dir, "go.mod")) {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = up
	}
}

// LLVM returns the path of an LLVM tool for t, or skips t saying what is
// not checked without it (what: "the round trip through mlir-opt");
// under PTO_REQUIRE_LLVM=1 a missing tool fails t.
func LLVM(t testing.TB, name, what string) string {
	t.Helper()
	p, err := FindLLVM(name)
	if err != nil {
		missing(t, "PTO_REQUIRE_LLVM", err, what)
	}
	return p
}

// PTOAS is LLVM for ptoas, under PTO_REQUIRE_PTOAS=1.
func PTOAS(t testing.TB, what string) string {
	t.Helper()
	p, err := FindPTOAS()
	if err != nil {
		missing(t, "PTO_REQUIRE_PTOAS", err, what)
	}
	return p
}

// OptionalPTOAS is PTOAS for a test that does more than run ptoas: when
// ptoas is missing it returns "" and the test goes on without it (the
// part left out is noted, or t fails under PTO_REQUIRE_PTOAS=1).
func OptionalPTOAS(t testing.TB, what string) string {
	t.Helper()
	p, err := FindPTOAS()
	if err != nil {
		lacking(t, "PTO_REQUIRE_PTOAS", err, what)
	}
	return p
}

// OptionalLLVM is OptionalPTOAS for an LLVM tool.
func OptionalLLVM(t testing.TB, name, what string) string {
	t.Helper()
	p, err := FindLLVM(name)
	if err != nil {
		lacking(t, "PTO_REQUIRE_LLVM", err, what)
	}
	return p
}

// Skip skips t for a reason other than a missing tool (reference data
// absent, say) and notes it like a missing tool; require names the
// environment variable that makes it a failure instead ("" for none).
func Skip(t testing.TB, require, reason string) {
	t.Helper()
	Without(t, require, reason)
	t.SkipNow()
}

func missing(t testing.TB, require string, err error, what string) {
	t.Helper()
	lacking(t, require, err, what)
	t.SkipNow()
}

// lacking is Without for a tool that was not found.
func lacking(t testing.TB, require string, err error, what string) {
	t.Helper()
	Without(t, require, fmt.Sprintf("%v: %s not checked", err, what))
}

// Without is for a test that goes on without something it could check
// against (a tool, reference data): it fails t when the environment
// variable require is 1 ("" for none), else notes the reason and logs it.
func Without(t testing.TB, require, reason string) {
	t.Helper()
	if require != "" && os.Getenv(require) == "1" {
		t.Fatalf("%s=1 but %s", require, reason)
	}
	Note(reason)
	t.Log(reason)
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
