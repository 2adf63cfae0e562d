package parser_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/pto-opt/pto-opt/dialect"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

func TestZZProf(t *testing.T) {
	src, _ := os.ReadFile(os.Getenv("ZZ"))
	m, err := parser.New(parser.Options{AllowUnregistered: true}).Parse("x.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	if err := dialect.Verify(m); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	printer.Print(&out, m, printer.Options{})
}
