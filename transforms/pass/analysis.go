package pass

import (
	"cmp"
	"os"
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The analysis manager (MLIR's AnalysisManager and PreservedAnalyses):
// passes ask for an analysis of the op they run on with GetAnalysis, and
// get the result an earlier pass computed when the IR has not changed
// since in a way that matters to it. After each pass, the results it does
// not preserve are dropped: every one, unless the pass declares
// otherwise (Pass.ReadOnly, Pass.Preserves, or, for this run,
// Context.Preserve and Context.PreserveAll). A result that others were
// computed from takes them with it when it is dropped.
//
// A stale result is a miscompile, so the manager can check: with
// Manager.VerifyAnalyses (or PTO_VERIFY_ANALYSES=1 in the environment)
// every cached result a pass is given, and every one that survives a
// pass, is computed again from the IR and compared; a difference fails
// the pass with an internal error naming the analysis and the pass.
//
// The cache of a function lives while the passes of one nested pipeline
// run on it (each function its own: function passes run in parallel
// touch only their own); the module's lives for the whole run, and loses
// what depends on the IR when a nested pipeline changed a function.
// Results are shared: a pass must not change one it was given.

// AnalysisID names an analysis in Pass.Preserves and Context.Preserve:
// an *Analysis of any result type.
type AnalysisID interface {
	analysisName() string
	invariant() bool
	// verify computes the analysis of op again and says how cached
	// differs from it ("" when it does not).
	verify(ctx *Context, op *ir.Operation, cached any) string
}

// Analysis is a cached analysis: the key GetAnalysis finds its results
// under. Declare one per analysis, as a package variable.
type Analysis[T any] struct {
	Name string
	// Compute builds the analysis of op. It may ask for other analyses
	// of op with GetAnalysis: the result is then dropped whenever one of
	// those is.
	Compute func(ctx *Context, op *ir.Operation) T
	// Invariant: the result depends on the pass context (the target)
	// alone, not on the IR, so no pass invalidates it.
	Invariant bool
	// Diff says how two results of op differ, "" when they are the same
	// analysis: the check of Manager.VerifyAnalyses compares a cached
	// result with one computed again. Required unless Invariant.
	Diff func(op *ir.Operation, cached, fresh T) string
}

func (a *Analysis[T]) analysisName() string { return a.Name }
func (a *Analysis[T]) invariant() bool      { return a.Invariant }

func (a *Analysis[T]) verify(ctx *Context, op *ir.Operation, cached any) string {
	if a.Invariant {
		return ""
	}
	// From scratch: what it was computed from is computed again too,
	// in a cache of its own (and recording no plan).
	fresh := *ctx
	fresh.artifacts = nil
	fresh.analyses = &passAnalyses{op: op, pass: ctx.analyses.pass, cache: newAnalysisCache()}
	return a.Diff(op, cached.(T), a.Compute(&fresh, op))
}

// GetAnalysis returns analysis a of op, the op the pass of ctx runs on:
// the cached result if there is one, else a new one, which is cached.
// For another op (or a Context no Manager made) it computes a result
// that is not cached, unless a is invariant (the same for every op).
func GetAnalysis[T any](ctx *Context, a *Analysis[T], op *ir.Operation) T {
	pa := ctx.analyses
	if pa == nil || op != pa.op && !a.Invariant {
		return a.Compute(ctx, op)
	}
	pa.dependsOn(a)
	if e, ok := pa.cache.entries[a]; ok {
		if pa.cache.verify {
			if diff := a.verify(ctx, op, e.value); diff != "" {
				ctx.Emit(ir.NewError(op.Loc, "internal error: the cached analysis '%s' is stale in pass '%s': %s (a pass before declared it preserved, or this one changed the IR before asking for it without InvalidateAnalyses)",
					a.Name, pa.pass, diff))
				delete(pa.cache.entries, a)
				return GetAnalysis(ctx, a, op)
			}
		}
		return e.value.(T)
	}
	if !a.Invariant && a.Diff == nil {
		panic("pass: analysis " + a.Name + " has no Diff: its cached results could not be checked")
	}
	pa.computing = append(pa.computing, nil)
	v := a.Compute(ctx, op)
	deps := pa.computing[len(pa.computing)-1]
	pa.computing = pa.computing[:len(pa.computing)-1]
	if pa.cache.entries == nil {
		pa.cache.entries = map[AnalysisID]*cachedAnalysis{}
	}
	pa.cache.entries[a] = &cachedAnalysis{value: v, deps: deps}
	return v
}

// Preserve declares that this run of the pass leaves analyses as they
// are (it changed nothing they depend on): they stay cached for the
// passes after it.
func (c *Context) Preserve(ids ...AnalysisID) {
	if pa := c.analyses; pa != nil {
		pa.preserved = append(pa.preserved, ids...)
	}
}

// PreserveAll declares that this run of the pass changed nothing any
// analysis depends on (MLIR's markAllAnalysesPreserved).
func (c *Context) PreserveAll() {
	if pa := c.analyses; pa != nil {
		pa.all = true
	}
}

// InvalidateAnalyses drops the cached analyses of the op the pass runs
// on (all but the invariant ones): a pass that changed the IR and asks
// for an analysis again then gets one of the changed IR.
func (c *Context) InvalidateAnalyses() {
	if pa := c.analyses; pa != nil {
		pa.cache.invalidate(nil)
	}
}

// passAnalyses is what one run of a pass on op knows of analyses.
type passAnalyses struct {
	op    *ir.Operation
	pass  string
	cache *analysisCache
	// preserved and all are what the run declared (Preserve, PreserveAll).
	preserved []AnalysisID
	all       bool
	// computing has, for each analysis being computed (innermost last),
	// the analyses it asked for.
	computing [][]AnalysisID
}

// dependsOn records that the analysis being computed, if any, asks for a.
func (pa *passAnalyses) dependsOn(a AnalysisID) {
	if n := len(pa.computing); n > 0 && !slices.Contains(pa.computing[n-1], a) {
		pa.computing[n-1] = append(pa.computing[n-1], a)
	}
}

// analysisCache holds the analyses of one op.
type analysisCache struct {
	entries map[AnalysisID]*cachedAnalysis
	// verify: check cached results against new ones (VerifyAnalyses).
	verify bool
	// changed: a pass ran on the op and did not preserve every analysis
	// (the op's parent loses its own).
	changed bool
}

type cachedAnalysis struct {
	value any
	deps  []AnalysisID // the analyses of the same op it was computed from
}

// newAnalysisCache is an empty cache; its map is made when a first
// analysis is cached (most functions of most pipelines ask for none).
func newAnalysisCache() *analysisCache { return &analysisCache{} }

// invalidate drops every entry but the invariant ones and those keep
// says to keep, then every entry computed from one dropped.
func (c *analysisCache) invalidate(keep func(AnalysisID) bool) {
	for id := range c.entries {
		if !id.invariant() && (keep == nil || !keep(id)) {
			delete(c.entries, id)
		}
	}
	for dropped := true; dropped; {
		dropped = false
		for id, e := range c.entries {
			for _, d := range e.deps {
				if _, ok := c.entries[d]; !ok {
					delete(c.entries, id)
					dropped = true
					break
				}
			}
		}
	}
}

// afterPass drops what the pass p did not preserve. With verify on, it
// then checks every analysis left against one computed again; a
// difference is the error returned.
func (pa *passAnalyses) afterPass(ctx *Context, p *Pass) error {
	c := pa.cache
	if !p.ReadOnly && !pa.all {
		c.changed = true
		c.invalidate(func(id AnalysisID) bool {
			return slices.Contains(p.Preserves, id) || slices.Contains(pa.preserved, id)
		})
	}
	if !c.verify {
		return nil
	}
	ids := make([]AnalysisID, 0, len(c.entries))
	for id := range c.entries {
		ids = append(ids, id)
	}
	// In name order, so the first stale one reported does not depend on
	// the map's.
	slices.SortFunc(ids, func(x, y AnalysisID) int { return cmp.Compare(x.analysisName(), y.analysisName()) })
	for _, id := range ids {
		if diff := id.verify(ctx, pa.op, c.entries[id].value); diff != "" {
			return ir.NewError(pa.op.Loc, "internal error: pass '%s' preserves the analysis '%s', which its changes made stale: %s", p.Name, id.analysisName(), diff)
		}
	}
	return nil
}

// verifyAnalysesFromEnv: PTO_VERIFY_ANALYSES=1 turns the check on for
// every Manager (a whole test suite run once with it).
func verifyAnalysesFromEnv() bool { return os.Getenv("PTO_VERIFY_ANALYSES") == "1" }
