package tile

import (
	"fmt"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// TestAllocNamesMatchPrinter: allocNames gives every allocation the name
// the printer gives it, whether it knows the names without printing (the
// generated kernels after init-memref and memory-reuse) or has to print
// (an allocation whose source name an argument already took).
func TestAllocNamesMatchPrinter(t *testing.T) {
	tgt, err := targets.Load("ascend910b")
	if err != nil {
		t.Fatal(err)
	}
	funcs := func(t *testing.T, src, pipeline string) []*ir.Operation {
		m, err := parser.ParseString(src, parser.Options{})
		if err == nil {
			err = ir.Verify(m)
		}
		if err != nil {
			t.Fatal(err)
		}
		pl, err := pass.ParsePipeline(pipeline)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (&pass.Manager{Pipeline: pl, Target: tgt, Threads: 1}).Run(m); err != nil {
			t.Fatal(err)
		}
		var fns []*ir.Operation
		m.Walk(func(op *ir.Operation) bool {
			if op.Name == "func.func" {
				fns = append(fns, op)
			}
			return true
		})
		return fns
	}
	same := func(t *testing.T, fn *ir.Operation) {
		t.Helper()
		want := printer.Names(fn, printer.Options{})
		got := allocNames(fn)
		for _, a := range Allocs(fn) {
			if g, w := got[a.Results[0]], want[a.Results[0]]; g != w {
				t.Errorf("%s: allocNames %q, printer %q", a.Loc, g, w)
			}
		}
	}
	for _, pipeline := range []string{
		"builtin.module(func.func(init-memref,materialize-semantic-aliases))",
		"builtin.module(func.func(init-memref,materialize-semantic-aliases,memory-reuse))",
	} {
		for _, k := range []struct {
			name string
			src  string
		}{{"TileKernel", gen.TileKernel(300)}, {"TileChain", gen.TileChain(300)}} {
			t.Run(fmt.Sprintf("%s/%s", k.name, pipeline), func(t *testing.T) {
				for _, fn := range funcs(t, k.src, pipeline) {
					if _, ok := allocNamesFast(fn); !ok {
						t.Errorf("@%s: the names were not known without printing", ir.SymbolName(fn))
					}
					same(t, fn)
				}
			})
		}
	}
	t.Run("taken by an argument", func(t *testing.T) {
		for _, fn := range funcs(t, gen.TileChain(40), "builtin.module(func.func(init-memref))") {
			allocs := Allocs(fn)
			allocs[1].Results[0].NameHint = fn.Body(0).Args[0].NameHint
			allocs[2].Results[0].NameHint = "7up"
			if _, ok := allocNamesFast(fn); ok {
				t.Error("names known without printing although an argument took one")
			}
			same(t, fn)
		}
	})
}
