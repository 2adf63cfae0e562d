package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestDriverScripts runs pto-plan's driver scripts (exit codes, messages,
// the files it writes), which live with pto-opt's under
// test/testdata/driver/pto-plan.
func TestDriverScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                "../../test/testdata/driver/pto-plan",
		RequireUniqueNames: true,
		WorkdirRoot:        t.TempDir(),
	})
}
