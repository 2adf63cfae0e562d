package test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestProgramsThatReadIRRegisterEveryDialect: the IR core, the parser and
// the printer know no dialect; each dialect registers itself when its
// package is linked in. A program that reads IR without importing
// dialect/all reads no op at all (as mlirgen -generic did once), so every
// command of the module that links the parser links dialect/all too.
func TestProgramsThatReadIRRegisterEveryDialect(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH: %v", err)
	}
	const mod = "github.com/pto-opt/pto-opt"
	list := exec.Command(goTool, "list", "-f", `{{if eq .Name "main"}}{{.ImportPath}} {{join .Deps " "}}{{end}}`, mod+"/...")
	list.Dir = ".."
	out, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	programs := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		programs++
		deps := f[1:]
		if slices.Contains(deps, mod+"/parser") && !slices.Contains(deps, mod+"/dialect/all") {
			t.Errorf("%s reads IR but does not import %s/dialect/all: it knows no op", f[0], mod)
		}
	}
	if programs == 0 {
		t.Fatal("go list found no command")
	}
}
