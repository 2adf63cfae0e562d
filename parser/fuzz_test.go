package parser_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pto-opt/dialect"
	"pto-opt/parser"
	"pto-opt/printer"
)

// FuzzParse feeds arbitrary text to the parser. Whatever the input, pto-opt
// must not panic; and when the input parses and verifies, both printed
// forms must parse and verify again and print the same text again. The
// seeds are the splits of the syntax corpus (errors included); crashers
// found by `go test -fuzz FuzzParse` are kept in testdata/fuzz/FuzzParse
// and replayed by plain `go test`.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(corpusGlob)
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range splitInput(string(src)) {
			f.Add(strings.TrimLeft(s, "\n"))
		}
	}
	// One parser per mode for the whole run: building one compiles the
	// grammar, and a parser resets its state at every Parse.
	parsers := map[bool]*parser.Parser{
		false: parser.New(parser.Options{}),
		true:  parser.New(parser.Options{AllowUnregistered: true}),
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, unreg := range []bool{false, true} {
			p := parsers[unreg]
			m, err := p.Parse("fuzz.mlir", []byte(src))
			if err != nil {
				continue
			}
			if err := dialect.Verify(m); err != nil {
				continue
			}
			for _, generic := range []bool{false, true} {
				opts := printer.Options{Generic: generic}
				first := printer.String(m, opts)
				m2, err := p.Parse("printed.mlir", []byte(first))
				if err != nil {
					t.Fatalf("printed text does not parse (generic=%v, unregistered=%v): %v\n--- input:\n%s\n--- printed:\n%s", generic, unreg, err, src, first)
				}
				if err := dialect.Verify(m2); err != nil {
					t.Fatalf("printed text does not verify (generic=%v, unregistered=%v): %v\n--- input:\n%s\n--- printed:\n%s", generic, unreg, err, src, first)
				}
				if second := printer.String(m2, opts); second != first {
					t.Fatalf("printing is not idempotent (generic=%v, unregistered=%v)\n--- input:\n%s\n--- first:\n%s\n--- second:\n%s", generic, unreg, src, first, second)
				}
			}
		}
	})
}
