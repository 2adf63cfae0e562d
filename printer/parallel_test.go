package printer

import (
	"bufio"
	"bytes"
	"testing"

	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
)

// TestParallelPrintingMatchesSerial prints a module of many functions with
// the parallel workers and with one printer: the texts must be the same.
func TestParallelPrintingMatchesSerial(t *testing.T) {
	src := gen.MemrefProgram(800 << 10)
	m, err := parser.New(parser.Options{}).Parse("big.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	body := m.Regions()[0].Blocks[0]
	p := newPrinter(bufio.NewWriter(&bytes.Buffer{}), Options{})
	p.cur = &scope{}
	if !p.parallelOK(body) {
		t.Fatalf("a module of %d functions is not printed in parallel", len(body.Ops))
	}
	for _, opts := range []Options{{}, {Generic: true}} {
		parallel := String(m, opts)
		var serial bytes.Buffer
		w := bufio.NewWriter(&serial)
		sp := newPrinter(w, opts)
		sp.serial = true
		sp.printTop(m)
		w.WriteByte('\n')
		w.Flush()
		if parallel != serial.String() {
			t.Fatalf("parallel and serial printing differ (generic=%v): %d vs %d bytes", opts.Generic, len(parallel), serial.Len())
		}
	}
}
