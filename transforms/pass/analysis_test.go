package pass

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

// Tests of the analysis cache: what survives a pass, what is computed
// again, and the check that a preserved analysis is still the IR's.

// opCount is a test analysis: the number of ops under op, counting
// every computation in computed.
type opCount struct {
	n  int
	of *ir.Operation
}

func countAnalysis(name string, computed *atomic.Int64) *Analysis[opCount] {
	return &Analysis[opCount]{
		Name: name,
		Compute: func(_ *Context, op *ir.Operation) opCount {
			computed.Add(1)
			n := 0
			op.Walk(func(*ir.Operation) bool { n++; return true })
			return opCount{n: n, of: op}
		},
		Diff: func(_ *ir.Operation, cached, fresh opCount) string {
			if cached != fresh {
				return fmt.Sprintf("%d ops, not %d", cached.n, fresh.n)
			}
			return ""
		},
	}
}

const twoFuncs = `func.func @f() {
  return
}
func.func @g() {
  return
}`

func parseModule(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// funcPass is a function pass running body.
func funcPass(name string, body func(ctx *Context, fn *ir.Operation) error) *Pass {
	return &Pass{Name: name, ClassName: name, Anchor: "func.func", Parallel: true, Run: body}
}

// asker asks for a, recording what it got per function; it changes
// nothing.
func asker(name string, a *Analysis[opCount], got map[string][]int) *Pass {
	p := funcPass(name, func(ctx *Context, fn *ir.Operation) error {
		c := GetAnalysis(ctx, a, fn)
		got[ir.SymbolName(fn)] = append(got[ir.SymbolName(fn)], c.n)
		return nil
	})
	p.ReadOnly = true
	return p
}

// addConstant changes the IR: a new op before the terminator.
func addConstant(fn *ir.Operation) {
	b := fn.Body(0)
	k := ir.NewOperation("arith.constant", fn.Loc, nil, []ir.Type{ir.Index})
	k.SetAttr("value", ir.Int(7, ir.Index))
	b.InsertBefore(b.Terminator(), k)
}

// runOn runs passes on m, with the check of cached analyses when verify
// (whatever PTO_VERIFY_ANALYSES says: the counts here are of the
// computations the passes ask for).
func runOn(t *testing.T, m *ir.Operation, verify bool, threads int, ps ...*Pass) ([]*ir.Diagnostic, error) {
	t.Helper()
	t.Setenv("PTO_VERIFY_ANALYSES", "")
	pl := NewModulePipeline()
	for _, p := range ps {
		in, err := NewInstance(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	mgr := &Manager{Pipeline: pl, VerifyAnalyses: verify, Threads: threads}
	return mgr.Run(m)
}

func TestAnalysisCachedAcrossPassesThatKeepIt(t *testing.T) {
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	readOnly := funcPass("read-only", func(*Context, *ir.Operation) error { return nil })
	readOnly.ReadOnly = true
	preserving := funcPass("preserving", func(ctx *Context, fn *ir.Operation) error {
		fn.SetAttr("test.mark", ir.Unit) // not what the count depends on
		return nil
	})
	preserving.Preserves = []AnalysisID{a}
	dynamic := funcPass("dynamic", func(ctx *Context, fn *ir.Operation) error {
		ctx.Preserve(a)
		return nil
	})
	all := funcPass("all", func(ctx *Context, fn *ir.Operation) error {
		ctx.PreserveAll()
		return nil
	})
	passes := func(got map[string][]int) []*Pass {
		return []*Pass{asker("ask1", a, got), readOnly, asker("ask2", a, got), preserving,
			asker("ask3", a, got), dynamic, asker("ask4", a, got), all, asker("ask5", a, got)}
	}
	got := map[string][]int{}
	m := parseModule(t, twoFuncs)
	if _, err := runOn(t, m, false, 1, passes(got)...); err != nil {
		t.Fatal(err)
	}
	// Once per function, however many passes ask: each pass between
	// them kept it.
	if n := computed.Load(); n != 2 {
		t.Errorf("computed %d times for two functions, want 2 (once each)", n)
	}
	for _, fn := range []string{"f", "g"} {
		if c := got[fn]; len(c) != 5 || c[0] != 2 || c[4] != 2 {
			t.Errorf("counts of @%s: %v, want 5 times 2", fn, c)
		}
	}
	// And every one was still right (the check computes it again).
	if diags, err := runOn(t, parseModule(t, twoFuncs), true, 1, passes(map[string][]int{})...); err != nil {
		t.Errorf("%v %s", err, diagText(diags))
	}
}

func TestAnalysisComputedAgainAfterAPassThatChangesTheIR(t *testing.T) {
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	changing := funcPass("changing", func(ctx *Context, fn *ir.Operation) error {
		addConstant(fn)
		return nil
	})
	got := map[string][]int{}
	m := parseModule(t, twoFuncs)
	if _, err := runOn(t, m, false, 1, asker("ask1", a, got), changing, asker("ask2", a, got)); err != nil {
		t.Fatal(err)
	}
	if n := computed.Load(); n != 4 {
		t.Errorf("computed %d times, want 4 (twice per function)", n)
	}
	if f := got["f"]; len(f) != 2 || f[1] != f[0]+1 {
		t.Errorf("counts of @f before and after the change: %v, want one more op after", f)
	}
}

func TestAnalysisComputedFromAnotherIsDroppedWithIt(t *testing.T) {
	var base, derived atomic.Int64
	a := countAnalysis("base", &base)
	b := &Analysis[opCount]{
		Name: "derived",
		Compute: func(ctx *Context, op *ir.Operation) opCount {
			derived.Add(1)
			c := GetAnalysis(ctx, a, op)
			c.n *= 10
			return c
		},
		Diff: a.Diff,
	}
	ask := funcPass("ask", func(ctx *Context, fn *ir.Operation) error {
		GetAnalysis(ctx, b, fn)
		return nil
	})
	ask.ReadOnly = true
	for _, c := range []struct {
		keeps []AnalysisID
		want  int64 // computations of each
	}{
		{[]AnalysisID{a, b}, 1},
		// Claims to keep derived, not base: derived was computed from
		// base, so it goes too.
		{[]AnalysisID{b}, 2},
	} {
		base.Store(0)
		derived.Store(0)
		p := funcPass("keeps", func(ctx *Context, fn *ir.Operation) error { return nil })
		p.Preserves = c.keeps
		m := parseModule(t, `func.func @f() {
  return
}`)
		if _, err := runOn(t, m, false, 1, ask, p, ask); err != nil {
			t.Fatal(err)
		}
		if base.Load() != c.want || derived.Load() != c.want {
			t.Errorf("keeping %d analyses: base computed %d times, derived %d, want %d each", len(c.keeps), base.Load(), derived.Load(), c.want)
		}
	}
}

func TestInvariantAnalysisSurvivesChanges(t *testing.T) {
	var computed atomic.Int64
	a := &Analysis[string]{
		Name:      "target-facts",
		Invariant: true,
		Compute:   func(*Context, *ir.Operation) string { computed.Add(1); return "facts" },
	}
	ask := funcPass("ask", func(ctx *Context, fn *ir.Operation) error {
		GetAnalysis(ctx, a, fn)
		addConstant(fn)
		return nil
	})
	m := parseModule(t, `func.func @f() {
  return
}`)
	if _, err := runOn(t, m, true, 1, ask, ask, ask); err != nil {
		t.Fatal(err)
	}
	if n := computed.Load(); n != 1 {
		t.Errorf("computed %d times, want 1", n)
	}
}

func TestAnalysisOfAnotherOpIsNotCached(t *testing.T) {
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	// A module pass asking about each function: nothing to cache them
	// in (a function's cache lives while its own passes run).
	mp := &Pass{Name: "module-ask", ClassName: "ModuleAsk", Anchor: "builtin.module", ReadOnly: true,
		Run: func(ctx *Context, m *ir.Operation) error {
			for _, op := range m.Body(0).Ops {
				GetAnalysis(ctx, a, op)
				GetAnalysis(ctx, a, op)
			}
			return nil
		}}
	m := parseModule(t, twoFuncs)
	if _, err := runOn(t, m, false, 1, mp); err != nil {
		t.Fatal(err)
	}
	if n := computed.Load(); n != 4 {
		t.Errorf("computed %d times, want 4 (never cached)", n)
	}
}

func TestModuleAnalysisDroppedWhenAFunctionChanged(t *testing.T) {
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	var counts []int
	ask := &Pass{Name: "module-ask", ClassName: "ModuleAsk", Anchor: "builtin.module", ReadOnly: true,
		Run: func(ctx *Context, m *ir.Operation) error {
			counts = append(counts, GetAnalysis(ctx, a, m).n)
			return nil
		}}
	readOnly := funcPass("read-only", func(*Context, *ir.Operation) error { return nil })
	readOnly.ReadOnly = true
	changing := funcPass("changing", func(ctx *Context, fn *ir.Operation) error {
		addConstant(fn)
		return nil
	})
	m := parseModule(t, twoFuncs)
	if _, err := runOn(t, m, false, 1, ask, readOnly, ask, changing, ask); err != nil {
		t.Fatal(err)
	}
	if n := computed.Load(); n != 2 || len(counts) != 3 || counts[1] != counts[0] || counts[2] != counts[0]+2 {
		t.Errorf("computed %d times, counts %v: want 2, the last with the two new ops", n, counts)
	}
	if diags, err := runOn(t, parseModule(t, twoFuncs), true, 1, ask, readOnly, ask, changing, ask); err != nil {
		t.Errorf("%v %s", err, diagText(diags))
	}
}

// The check of VerifyAnalyses: a pass that changes the IR but says it
// keeps an analysis is caught after it.
func TestVerifyAnalysesCatchesAFalsePreserve(t *testing.T) {
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	liar := funcPass("liar", func(ctx *Context, fn *ir.Operation) error {
		addConstant(fn)
		ctx.Preserve(a)
		return nil
	})
	got := map[string][]int{}
	m := parseModule(t, twoFuncs)
	diags, err := runOn(t, m, true, 1, asker("ask", a, got), liar)
	if err == nil {
		t.Fatal("a false Preserve passed the check")
	}
	msg := diagText(diags)
	if !strings.Contains(msg, "internal error: pass 'liar' preserves the analysis 'count', which its changes made stale: 2 ops, not 3") {
		t.Errorf("message: %s", msg)
	}
	// Without the check the lie is served: the next pass gets the old count.
	got = map[string][]int{}
	m = parseModule(t, twoFuncs)
	if _, err := runOn(t, m, false, 1, asker("ask", a, got), liar, asker("ask2", a, got)); err != nil {
		t.Fatal(err)
	}
	if f := got["f"]; len(f) != 2 || f[1] != f[0] {
		t.Errorf("counts %v: without the check the stale count is what the cache holds", f)
	}
}

// A pass that changes the IR and then asks for an analysis it was given
// before must drop the cache first (InvalidateAnalyses): the check
// catches one that does not.
func TestVerifyAnalysesCatchesAStaleAnalysisAskedForAgain(t *testing.T) {
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	asksAgain := func(invalidate bool) *Pass {
		return funcPass("asks-again", func(ctx *Context, fn *ir.Operation) error {
			GetAnalysis(ctx, a, fn)
			addConstant(fn)
			if invalidate {
				ctx.InvalidateAnalyses()
			}
			if c := GetAnalysis(ctx, a, fn); c.n != 3 {
				return fmt.Errorf("count %d after the change", c.n)
			}
			return nil
		})
	}
	m := parseModule(t, twoFuncs)
	diags, err := runOn(t, m, true, 1, asksAgain(false))
	if err == nil || !strings.Contains(diagText(diags), "internal error: the cached analysis 'count' is stale in pass 'asks-again': 2 ops, not 3") {
		t.Errorf("err %v, diagnostics: %s", err, diagText(diags))
	}
	m = parseModule(t, twoFuncs)
	if diags, err := runOn(t, m, true, 1, asksAgain(true)); err != nil {
		t.Errorf("with InvalidateAnalyses: %v %s", err, diagText(diags))
	}
}

// Function passes run in parallel each have their function's cache: every
// function gets its own count (run with -race: no shared state).
func TestAnalysesOfParallelFunctionsAreTheirOwn(t *testing.T) {
	var src strings.Builder
	for i := range 64 {
		fmt.Fprintf(&src, "func.func @f%d() {\n", i)
		for k := range i {
			fmt.Fprintf(&src, "  %%c%d = arith.constant 1 : index\n", k)
		}
		src.WriteString("  return\n}\n")
	}
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	var wrong atomic.Int64
	check := func(name string, change bool) *Pass {
		p := funcPass(name, func(ctx *Context, fn *ir.Operation) error {
			c := GetAnalysis(ctx, a, fn)
			if c.of != fn {
				wrong.Add(1)
			}
			if change {
				addConstant(fn)
			}
			return nil
		})
		p.ReadOnly = !change
		return p
	}
	m := parseModule(t, src.String())
	if _, err := runOn(t, m, true, 4, check("a", false), check("b", true), check("c", false)); err != nil {
		t.Fatal(err)
	}
	if wrong.Load() != 0 {
		t.Errorf("%d passes were given another function's analysis", wrong.Load())
	}
	// Kept from a to b, computed again for c (b changed the IR); the
	// check of the verify mode computes more, without counting here:
	// run again without it.
	computed.Store(0)
	m = parseModule(t, src.String())
	if _, err := runOn(t, m, false, 4, check("a", false), check("b", true), check("c", false)); err != nil {
		t.Fatal(err)
	}
	if n := computed.Load(); n != 2*64 {
		t.Errorf("computed %d times, want %d", n, 2*64)
	}
}

func diagText(diags []*ir.Diagnostic) string {
	var parts []string
	for _, d := range diags {
		parts = append(parts, d.Error())
	}
	return strings.Join(parts, "\n")
}

// PTO_VERIFY_ANALYSES=1 turns the check on for a Manager that does not
// ask for it (how the whole suite is run with it once).
func TestVerifyAnalysesFromTheEnvironment(t *testing.T) {
	var computed atomic.Int64
	a := countAnalysis("count", &computed)
	liar := funcPass("liar", func(ctx *Context, fn *ir.Operation) error {
		addConstant(fn)
		ctx.Preserve(a)
		return nil
	})
	pl := NewModulePipeline()
	for _, p := range []*Pass{asker("ask", a, map[string][]int{}), liar} {
		in, err := NewInstance(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	for _, env := range []string{"", "1"} {
		t.Setenv("PTO_VERIFY_ANALYSES", env)
		_, err := (&Manager{Pipeline: pl, Threads: 1}).Run(parseModule(t, twoFuncs))
		if caught := err != nil; caught != (env == "1") {
			t.Errorf("PTO_VERIFY_ANALYSES=%q: the false Preserve caught: %v, want %v", env, caught, env == "1")
		}
	}
}
