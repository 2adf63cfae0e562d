package parser_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
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
	// Hostile input (issue 13): text wrong early in a long line or an open
	// operand list, deep nesting of each type that contains types, symbol
	// tables, self-referring aliases and locations. (The syntax corpus's
	// invalid_input.mlir and symbols.mlir add the rest.)
	for _, s := range hostileSeeds() {
		f.Add(s)
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
			if err := ir.Verify(m); err != nil {
				continue
			}
			for _, generic := range []bool{false, true} {
				opts := printer.Options{Generic: generic}
				first := printer.String(m, opts)
				m2, err := p.Parse("printed.mlir", []byte(first))
				if err != nil {
					t.Fatalf("printed text does not parse (generic=%v, unregistered=%v): %v\n--- input:\n%s\n--- printed:\n%s", generic, unreg, err, src, first)
				}
				if err := ir.Verify(m2); err != nil {
					t.Fatalf("printed text does not verify (generic=%v, unregistered=%v): %v\n--- input:\n%s\n--- printed:\n%s", generic, unreg, err, src, first)
				}
				if second := printer.String(m2, opts); second != first {
					t.Fatalf("printing is not idempotent (generic=%v, unregistered=%v)\n--- input:\n%s\n--- first:\n%s\n--- second:\n%s", generic, unreg, src, first, second)
				}
			}
		}
	})
}

func hostileSeeds() []string {
	seeds := []string{
		"func.func @f() { " + strings.Repeat("%a = ", 50),
		strings.Repeat("%a = ", 50),
		`"xd.op"(` + strings.Repeat("%a = ", 20),
		`"xd.op"() ({ ` + strings.Repeat("%a = ", 20),
		"func.func private @f(i16777216, i0, si0)",
		"func.func private @f(memref<0x0xi0>, vector<1x[0x2]xf32>, vector<?xf32>)",
		"func.func @f() {\n  func.func @g() {\n    return\n  }\n  return\n}\n",
		"func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n",
		"memref.global \"private\" @g : memref<2xf32>\nfunc.func @f() {\n  %0 = memref.get_global @g : memref<3xf32>\n  return\n}\n",
		"#loc = loc(#loc)\n",
		"#a = #a\n!t = !t\n",
		"func.func @f() {\n  return loc(#later)\n}\n#later = loc(callsite(\"a\":1:2 at fused<\"m\">[\"b\":3:4 to 5:6, unknown]))\n",
		"#l0 = loc(\"a\":1:2)\n#l1 = loc(fused[#l0, #l0])\n#l2 = loc(fused[#l1, #l1])\nfunc.func @f() {\n  return loc(#l2)\n}\n",
	}
	for _, k := range [][2]string{{"memref<", ">"}, {"vector<1x", ">"}, {"tuple<", ">"}, {"complex<", ">"}, {"(", ") -> i1"}, {"tensor<", ">"}} {
		seeds = append(seeds, "func.func private @f("+strings.Repeat(k[0], 40)+"f32"+strings.Repeat(k[1], 40)+")")
	}
	return seeds
}
