package parser_test

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// TestMain ends the run with what was left out and why, so a run without
// the LLVM tools or without PTO_EXHAUSTIVE=1 says so (go test shows it
// with -v, or when the package fails).
func TestMain(m *testing.M) {
	code := m.Run()
	if _, err := exec.LookPath("mlir-opt"); err != nil && os.Getenv("MLIR_OPT") == "" {
		if _, err := os.Stat("/usr/lib/llvm-22/bin/mlir-opt"); err != nil {
			fmt.Println("parser: skipped the mlir-opt comparisons (round trip, diagnostics, locations, lexing errors): mlir-opt 22 not found on PATH, in $MLIR_OPT or /usr/lib/llvm-22/bin; PTO_REQUIRE_LLVM=1 makes that a failure")
		}
	}
	if !exhaustive() {
		fmt.Printf("parser: TestGenericFormOfEveryOp tried every %dth op form; PTO_EXHAUSTIVE=1 tries all\n", everyOpStride)
	}
	os.Exit(code)
}
