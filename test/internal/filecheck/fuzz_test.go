package filecheck

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzCheck feeds arbitrary check files and inputs to Check.  Whatever the
// text, Check must return (no panic, no hang) and report a FileCheck exit
// status.  The corpus cases seed it; `go test -fuzz FuzzCheck` explores.
func FuzzCheck(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.txtar")
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		ar := parseArchive(data)
		var check, input []byte
		for _, file := range ar.Files {
			switch file.Name {
			case "check.txt":
				check = file.Data
			case "input":
				input = file.Data
			}
		}
		f.Add(check, input, false, false)
	}
	f.Fuzz(func(t *testing.T, check, input []byte, fullLines, strict bool) {
		err := Check(check, input, Options{
			CheckFileName:    "check.txt",
			MatchFullLines:   fullLines,
			StrictWhitespace: strict,
			ImplicitCheckNot: []string{"never-seen-[[X]]"},
		})
		if err == nil {
			return
		}
		e, ok := err.(*Error)
		if !ok || (e.Status != 1 && e.Status != 2) || e.Message == "" {
			t.Fatalf("Check returned %#v", err)
		}
	})
}
