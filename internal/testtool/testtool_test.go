package testtool

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// PTO_LLVM_BIN, when set, is the only place an LLVM tool is looked for:
// a tool missing there is missing, whatever PATH has.
func TestFindLLVMOnlyInGivenDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PTO_LLVM_BIN", dir)
	if p, err := FindLLVM("FileCheck"); err == nil {
		t.Fatalf("found %s outside $PTO_LLVM_BIN", p)
	} else if !strings.Contains(err.Error(), dir) {
		t.Errorf("the error does not name the directory: %v", err)
	}
	tool := filepath.Join(dir, "FileCheck")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := FindLLVM("FileCheck"); err != nil || p != tool {
		t.Errorf("got %q, %v; want %s", p, err, tool)
	}
}

// ptoas is found on PATH when $PTOAS is not set, and must run.
func TestFindPTOASOnPath(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PTOAS", "")
	t.Setenv("PATH", dir)
	tool := filepath.Join(dir, "ptoas")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\necho ptoas 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, err := FindPTOAS(); err != nil || p != tool {
		t.Errorf("got %q, %v; want %s", p, err, tool)
	}
	// One that does not run is not a ptoas to test with.
	if err := os.WriteFile(tool, []byte("#!/bin/sh\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := FindPTOAS(); err == nil || !strings.Contains(err.Error(), "does not run") {
		t.Errorf("a ptoas that fails --version: %v", err)
	}
}

// A skip for a missing tool is noted, once per reason with the count of
// tests, for Main to print.
func TestMissingToolIsNoted(t *testing.T) {
	t.Setenv("PTO_LLVM_BIN", t.TempDir())
	t.Setenv("PTO_REQUIRE_LLVM", "")
	for range 2 {
		t.Run("sub", func(t *testing.T) { LLVM(t, "mlir-opt", "the comparison") })
	}
	notesMu.Lock()
	got := notes
	notes = map[string]int{}
	notesMu.Unlock()
	if len(got) != 1 {
		t.Fatalf("notes %v; want one reason", got)
	}
	for reason, n := range got {
		if n != 2 || !strings.Contains(reason, "mlir-opt not found") || !strings.Contains(reason, "the comparison not checked") {
			t.Errorf("note %q x%d", reason, n)
		}
	}
}
