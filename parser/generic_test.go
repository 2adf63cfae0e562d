package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/printer"
)

// TestGenericReaders checks the fast generic-op reader against participle's
// grammar, which defines the generic form (generic.go): on every split of
// the lit corpus and of the benchmark shapes, in its own form and in the
// generic form pto-opt prints for it, a parse with the fast reader and one
// with participle alone must both fail, or both succeed and print the
// same IR (generic form, with locations). Where the fast reader gives up
// on a valid input, the whole input is read twice: that is reported too.
func TestGenericReaders(t *testing.T) {
	var inputs []string
	files, _ := filepath.Glob("../test/*/*.mlir")
	more, _ := filepath.Glob("../test/*/*/*.mlir")
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no lit corpus under ../test")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, strings.Split(string(data), "// -----")...)
	}
	for _, sh := range gen.Shapes {
		inputs = append(inputs, sh.Gen(16<<10))
	}
	opts := Options{AllowUnregistered: true}
	checked, generic := 0, 0
	for _, src := range inputs {
		for form := 0; form < 2 && src != ""; form++ {
			fastP, exactP := New(opts), New(opts)
			exactP.exactOnly = true
			exactM, exactErr := exactP.Parse("in.mlir", []byte(src))
			fastP.st.exact = false
			fastM, fastErr := fastP.parseWholeOnce("in.mlir", src)
			if fastErr == nil {
				fastErr = fastP.applyLocations(fastM, len(src))
			}
			fastP.st.recycleStates(false)
			switch {
			case exactErr != nil && fastErr == nil:
				t.Fatalf("participle refuses what the fast reader reads (%v):\n%s", exactErr, src)
			case exactErr == nil && fastErr != nil:
				t.Errorf("the fast reader gives up on valid input (%v):\n%s", fastErr, src)
			}
			next := ""
			if exactErr == nil && fastErr == nil {
				po := printer.Options{Generic: true, DebugInfo: true}
				a, b := printer.String(exactM, po), printer.String(fastM, po)
				if a != b {
					t.Fatalf("the readers disagree on\n%s\nparticiple:\n%s\nfast:\n%s", src, a, b)
				}
				checked++
				if form == 0 {
					next = printer.String(exactM, printer.Options{Generic: true})
					generic++
				}
			}
			src = next
		}
	}
	if checked < 100 || generic < 50 {
		t.Fatalf("only %d inputs (%d generic) compared", checked, generic)
	}
}
