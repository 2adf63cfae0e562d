package tile

import (
	"slices"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The independent validator takes no analysis from the cache: a pass that
// leaves a stale alias graph cached (it changed the IR and says it did
// not) cannot hide a wrong plan from check-tile-placement.

// viewPlan is a plan the validator accepts: the row_sum writes %m0 while
// it reads %v, a view of %b in %m1.
const viewPlan = `func.func @f(%in: !tile.tensor<16x16xf32>) {
  %m0 = tile.alloc vec, 1024 : !tile.buf<vec>
  %m1 = tile.alloc vec, 1024 : !tile.buf<vec>
  %a = tile.load %in into %m0 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %b = tile.load %in into %m1 : (!tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec>
  %v = tile.reshape %b : (!tile.tile<16x16xf32, vec>) -> !tile.tile<256x1xf32, vec>
  %s = tile.row_sum %v into %m0 : (!tile.tile<256x1xf32, vec>) -> !tile.tile<256x1xf32, vec>
  return
}`

func namedValue(fn *ir.Operation, name string) *ir.Value {
	var found *ir.Value
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Results {
			if r.NameHint == name {
				found = r
			}
		}
		return found == nil
	})
	return found
}

// staleGraphPipeline: a pass that caches fn's alias graph, makes %v a
// view of %a (so the row_sum writes over its own input) and claims the
// graph is unchanged; a probe that reports what the cache then gives
// (stale: whether %a's forward set lacks %v); the validator.
func staleGraphPipeline(t *testing.T, stale *bool) *pass.Pipeline {
	liar := &pass.Pass{Name: "test-rebind-view", ClassName: "TestRebindView", Anchor: "func.func",
		Run: func(ctx *pass.Context, fn *ir.Operation) error {
			pass.GetAnalysis(ctx, pass.AliasGraph, fn)
			namedValue(fn, "v").Op.SetOperand(0, namedValue(fn, "a"))
			ctx.Preserve(pass.AliasGraph) // false
			return nil
		}}
	probe := &pass.Pass{Name: "test-probe-aliases", ClassName: "TestProbeAliases", Anchor: "func.func", ReadOnly: true,
		Run: func(ctx *pass.Context, fn *ir.Operation) error {
			aa := pass.GetAnalysis(ctx, pass.AliasGraph, fn)
			*stale = !slices.Contains(aa.Resolve(namedValue(fn, "a")), namedValue(fn, "v"))
			return nil
		}}
	pl := pass.NewModulePipeline()
	for _, p := range []*pass.Pass{liar, probe, CheckTilePlacement} {
		in, err := pass.NewInstance(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	return pl
}

func TestValidatorBuildsItsOwnAliasGraph(t *testing.T) {
	t.Setenv("PTO_VERIFY_ANALYSES", "") // the lie must reach the validator
	m, err := parser.ParseString(viewPlan, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var stale bool
	diags, err := (&pass.Manager{Pipeline: staleGraphPipeline(t, &stale), Threads: 1}).Run(m)
	if !stale {
		t.Fatal("the probe was given a current graph: the test no longer leaves a stale one cached")
	}
	if err == nil {
		t.Fatal("check-tile-placement accepted a row_sum writing over its input: it took the stale cached alias graph")
	}
	var msgs []string
	for _, d := range diags {
		msgs = append(msgs, d.Error())
	}
	if msg := strings.Join(msgs, "\n"); !strings.Contains(msg, "'tile.row_sum'") || !strings.Contains(msg, "writes its output over its input #0") {
		t.Errorf("check-tile-placement failed for another reason: %s", msg)
	}
}

// With the check of cached analyses on, the false claim itself fails,
// at the pass that made it.
func TestVerifyAnalysesCatchesAStaleAliasGraph(t *testing.T) {
	m, err := parser.ParseString(viewPlan, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var stale bool
	diags, err := (&pass.Manager{Pipeline: staleGraphPipeline(t, &stale), Threads: 1, VerifyAnalyses: true}).Run(m)
	if err == nil || len(diags) == 0 || !strings.Contains(diags[0].Error(), "internal error: pass 'test-rebind-view' preserves the analysis 'alias-graph', which its changes made stale: %a flows into 0 values, not 1") {
		t.Errorf("err %v, diagnostics %v", err, diags)
	}
}
