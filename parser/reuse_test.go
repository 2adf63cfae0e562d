package parser_test

import (
	"testing"

	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// TestReuseKeepsIR parses every shape with one Parser, the next shape
// after each: a module must print the same after the Parser has read
// more, so nothing built keeps the states' recycled lists (slabs and
// scratch, see newState). Each shape is read in its pretty form and in
// its generic form, whose loop nests give back several slabs of states at
// once (reuseStates); what a parse reads must print as a fresh parser's.
func TestReuseKeepsIR(t *testing.T) {
	p := parser.New(parser.Options{})
	for i, sh := range gen.Shapes {
		src := []byte(sh.Gen(64 << 10))
		fresh, err := parser.New(parser.Options{}).Parse(sh.Name+".mlir", src)
		if err != nil {
			t.Fatal(err)
		}
		generic := []byte(printer.String(fresh, printer.Options{Generic: true}))
		mg, err := p.Parse(sh.Name+".mlir", generic)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := printer.String(mg, printer.Options{}), printer.String(fresh, printer.Options{}); got != want {
			t.Errorf("%s: its generic form read with a reused parser prints differently", sh.Name)
		}
		m, err := p.Parse(sh.Name+".mlir", src)
		if err != nil {
			t.Fatal(err)
		}
		want := printer.String(m, printer.Options{})
		next := gen.Shapes[(i+1)%len(gen.Shapes)]
		if _, err := p.Parse(next.Name+".mlir", []byte(next.Gen(64<<10))); err != nil {
			t.Fatal(err)
		}
		if got := printer.String(m, printer.Options{}); got != want {
			t.Errorf("%s: the module printed differently after the parser read %s", sh.Name, next.Name)
		}
	}
}
