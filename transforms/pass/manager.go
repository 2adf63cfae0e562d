package pass

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/targets"
)

// Manager runs a pipeline with instrumentation.
type Manager struct {
	Pipeline *Pipeline
	Target   *targets.Target

	VerifyEach  bool
	PrintBefore bool
	PrintAfter  bool
	PrintOut    io.Writer
	PrintOpts   printer.Options
	// PassOut receives the output of analysis-printing passes.
	PassOut io.Writer
	// Collect lists the artifacts the passes are asked for (the memory
	// plans of --memory-report); building them costs time and memory, so
	// a run that reads none asks for none.
	Collect []AnyArtifact
	// Artifacts holds the values of the collected artifacts the passes
	// put (Values reads them), over all Run calls.
	Artifacts Artifacts
	// BeforePass, when set, is called before each pass that runs on the
	// whole module, with the pass and the module (--verify-plan takes
	// the planned module there, before a pass that Lowers its dialect).
	BeforePass func(p *Pass, module *ir.Operation)
	// Threads > 1 lets parallel function passes run on several functions
	// at once (disabled while printing IR, as mlir-opt does).
	Threads int
	// VerifyAnalyses checks every cached analysis a pass is given or
	// preserves against one computed again (analysis.go); so does
	// PTO_VERIFY_ANALYSES=1.
	VerifyAnalyses bool

	// Timings and statistics accumulate over Run calls (one per
	// -split-input-file chunk). Timings mirrors the pipeline: a nested
	// pipeline is an entry "'func.func' Pipeline" whose children are its
	// passes.
	Timings []*Timing
	stats   []*passStats
	mu      sync.Mutex // guards Timings and stats
}

// Timing is the accumulated wall time of one pass or nested pipeline.
type Timing struct {
	Name     string
	Duration time.Duration
	Children []*Timing
	key      any // the pass instance, or the index of a nested pipeline
}

// child returns the child timer with the given key, creating it at the
// end. Like MLIR's tree display, every pass instance has its own timer.
func child(list *[]*Timing, name string, key any) *Timing {
	for _, t := range *list {
		if t.key == key {
			return t
		}
	}
	t := &Timing{Name: name, key: key}
	*list = append(*list, t)
	return t
}

type passStats struct {
	anchor string
	class  string
	pass   *Pass
	inst   *Instance
	values map[string]int64
}

// Failure is returned when a pass fails; the diagnostics explain why.
type Failure struct {
	Pass string
}

func (f *Failure) Error() string { return fmt.Sprintf("pass '%s' failed", f.Pass) }

// Run executes the pipeline on a module. It returns every diagnostic
// emitted (remarks and warnings included) and a non-nil error when a pass
// or the verifier failed.
func (m *Manager) Run(module *ir.Operation) ([]*ir.Diagnostic, error) {
	var diags []*ir.Diagnostic
	m.Artifacts.collect = m.Collect
	r := &run{m: m, diags: &diags, ran: nil, mu: &sync.Mutex{}, timers: &m.Timings, cache: m.newCache()}
	err := r.pipeline(m.Pipeline.Coalesced(), module)
	return diags, err
}

type run struct {
	m     *Manager
	mu    *sync.Mutex // shared by the runs of one Manager.Run
	diags *[]*ir.Diagnostic
	ran   []*Pass // the passes run so far, for prerequisites
	// timers is the list the passes of the current pipeline record into.
	timers *[]*Timing
	// artifacts is where artifacts go (nil: the manager's).
	artifacts *Artifacts
	// cache holds the analyses of the op the pipeline runs on.
	cache *analysisCache
}

// newCache is an empty analysis cache.
func (m *Manager) newCache() *analysisCache {
	c := newAnalysisCache()
	c.verify = m.VerifyAnalyses || verifyAnalysesFromEnv()
	return c
}

func (r *run) artifactList() *Artifacts {
	if r.artifacts != nil {
		return r.artifacts
	}
	return &r.m.Artifacts
}

func (r *run) pipeline(p *Pipeline, op *ir.Operation) error {
	for i, it := range p.Items {
		if it.Pass != nil {
			if err := r.pass(it.Pass, op, p.Anchor); err != nil {
				return err
			}
			r.ran = append(r.ran, it.Pass.Pass)
			continue
		}
		r.m.mu.Lock()
		node := child(r.timers, fmt.Sprintf("'%s' Pipeline", it.Nested.Anchor), i)
		r.m.mu.Unlock()
		start := time.Now()
		err := r.nested(it.Nested, op, &node.Children)
		r.m.mu.Lock()
		node.Duration += time.Since(start)
		r.m.mu.Unlock()
		if err != nil {
			return err
		}
	}
	return nil
}

// nested runs a func.func pipeline on every function directly inside op;
// its passes record their timings in timers.
func (r *run) nested(p *Pipeline, op *ir.Operation, timers *[]*Timing) error {
	outer := r.timers
	r.timers = timers
	defer func() { r.timers = outer }()
	var targetsOps []*ir.Operation
	for _, reg := range op.Regions() {
		for _, b := range reg.Blocks {
			for _, o := range b.Ops {
				if o.Name == p.Anchor {
					targetsOps = append(targetsOps, o)
				}
			}
		}
	}
	parallel := r.m.Threads > 1 && !r.m.PrintBefore && !r.m.PrintAfter && len(targetsOps) > 1
	for _, it := range p.Items {
		if it.Pass == nil || !it.Pass.Pass.Parallel {
			parallel = false
		}
	}
	ranBefore := append([]*Pass(nil), r.ran...)
	// Each function has its cache while the pipeline runs on it; the
	// analyses of op are dropped when a pass changed a function.
	caches := make([]*analysisCache, len(targetsOps))
	for i := range caches {
		caches[i] = r.m.newCache()
	}
	defer func() {
		if slices.ContainsFunc(caches, func(c *analysisCache) bool { return c.changed }) {
			r.cache.changed = true
			r.cache.invalidate(nil)
		}
	}()
	if !parallel {
		outerCache := r.cache
		defer func() { r.cache = outerCache }()
		for i, fn := range targetsOps {
			r.ran = append(r.ran[:0:0], ranBefore...)
			r.cache = caches[i]
			if err := r.pipeline(p, fn); err != nil {
				return err
			}
		}
		r.ran = append(ranBefore, p.Flatten()...)
		return nil
	}
	// Each function gets its own diagnostics list so the output order does
	// not depend on scheduling.
	errs := make([]error, len(targetsOps))
	lists := make([][]*ir.Diagnostic, len(targetsOps))
	arts := make([]Artifacts, len(targetsOps))
	for i := range arts {
		arts[i].collect = r.m.Collect
	}
	sem := make(chan struct{}, r.m.Threads)
	var wg sync.WaitGroup
	for i, fn := range targetsOps {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			sub := &run{m: r.m, mu: r.mu, diags: &lists[i], ran: append([]*Pass(nil), ranBefore...), timers: timers, artifacts: &arts[i], cache: caches[i]}
			errs[i] = sub.pipeline(p, fn)
		}()
	}
	wg.Wait()
	for i := range targetsOps {
		*r.diags = append(*r.diags, lists[i]...)
		r.artifactList().take(&arts[i])
		if errs[i] != nil {
			return errs[i]
		}
	}
	r.ran = append(ranBefore, p.Flatten()...)
	return nil
}

// header is the line mlir-opt 22 prints before an IR dump (it no longer
// names the operation the pass ran on).
func (r *run) header(when string, in *Instance) string {
	return fmt.Sprintf("// -----// IR Dump %s %s (%s) //----- //\n", when, in.Pass.ClassName, in.Pass.Name)
}

func (r *run) pass(in *Instance, op *ir.Operation, anchor string) error {
	p := in.Pass
	var local []*ir.Diagnostic
	ctx := &Context{
		Target: r.m.Target,
		Out:    r.m.PassOut,
		mu:     &sync.Mutex{},
		diags:  &local,
		stats:  map[string]int64{},
		ran:    r.ran,
	}
	if len(r.m.Collect) > 0 {
		// A prerequisite's Postcondition may hand values too (the plan
		// check-ptoas-plan predicts when convert-tile-to-pto runs it).
		ctx.artifacts = r.artifactList()
	}
	ctx.analyses = &passAnalyses{op: op, pass: p.Name, cache: r.cache}
	for _, req := range p.Requires {
		if slices.Contains(r.ran, req) {
			continue
		}
		if req.Postcondition != nil {
			if err := req.Postcondition(ctx, op); err != nil {
				for _, d := range local {
					r.emit(d)
				}
				d := ir.AsDiagnostic(err)
				d.Msg = fmt.Sprintf("'%s' requires '%s' to have run first: %s", p.Name, req.Name, d.Msg)
				if !d.Loc.Known() {
					d.Loc = op.Loc
				}
				r.emit(d)
				return &Failure{Pass: p.Name}
			}
		}
	}
	if r.m.PrintBefore {
		r.dump(r.header("Before", in), op)
	}
	if r.m.BeforePass != nil && op.Block == nil {
		r.m.BeforePass(p, op)
	}
	start := time.Now()
	err := p.call(ctx, op, in.value)
	r.record(in, anchor, time.Since(start), ctx.stats)
	failed := err != nil
	for _, d := range local {
		if d.Severity == ir.SevError {
			failed = true
		}
		r.emit(d)
	}
	if err != nil {
		// A plain error (not a diagnostic already emitted) is reported at
		// the op the pass ran on.
		if d, ok := err.(*ir.Diagnostic); ok {
			if !slices.Contains(local, d) {
				r.emit(d)
			}
		} else if _, isFailure := err.(*Failure); !isFailure {
			r.emit(ir.NewError(op.Loc, "%s", err.Error()))
		}
	}
	if failed {
		return &Failure{Pass: p.Name}
	}
	if r.m.VerifyEach {
		if verr := ir.Verify(op); verr != nil {
			for _, d := range ir.Diagnostics(verr) {
				d.Notes = append(d.Notes, ir.Note{Loc: d.Loc, Msg: fmt.Sprintf("the IR failed verification after pass '%s'", p.Name)})
				r.emit(d)
			}
			return &Failure{Pass: p.Name}
		}
	}
	if err := ctx.analyses.afterPass(ctx, p); err != nil {
		r.emit(ir.AsDiagnostic(err))
		return &Failure{Pass: p.Name}
	}
	if r.m.PrintAfter {
		r.dump(r.header("After", in), op)
	}
	return nil
}

func (r *run) emit(d *ir.Diagnostic) {
	r.mu.Lock()
	*r.diags = append(*r.diags, d)
	r.mu.Unlock()
}

func (r *run) dump(header string, op *ir.Operation) {
	if r.m.PrintOut == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	io.WriteString(r.m.PrintOut, header)
	printer.Print(r.m.PrintOut, op, r.m.PrintOpts)
	io.WriteString(r.m.PrintOut, "\n")
	if op.ParentOp() == nil {
		// mlir-opt prints a top-level op with a trailing newline of its
		// own, so the dump of the module a pass runs on is followed by two
		// empty lines (of a module nested in it, by one).
		io.WriteString(r.m.PrintOut, "\n")
	}
}

func (r *run) record(in *Instance, anchor string, d time.Duration, stats map[string]int64) {
	m := r.m
	p := in.Pass
	m.mu.Lock()
	defer m.mu.Unlock()
	child(r.timers, p.ClassName, in).Duration += d
	var ps *passStats
	for _, s := range m.stats {
		if s.inst == in {
			ps = s
		}
	}
	if ps == nil {
		ps = &passStats{anchor: anchor, class: p.ClassName, pass: p, inst: in, values: map[string]int64{}}
		m.stats = append(m.stats, ps)
	}
	for k, v := range stats {
		ps.values[k] += v
	}
}

// StatisticsReport formats --mlir-pass-statistics output.
func (m *Manager) StatisticsReport() string {
	var sb strings.Builder
	sb.WriteString("===-------------------------------------------------------------------------===\n")
	sb.WriteString("                         ... Pass statistics report ...\n")
	sb.WriteString("===-------------------------------------------------------------------------===\n")
	anchor := ""
	for _, s := range m.stats {
		indent := ""
		if s.anchor != rootAnchor() {
			if anchor != s.anchor {
				fmt.Fprintf(&sb, "'%s' Pipeline\n", s.anchor)
				anchor = s.anchor
			}
			indent = "  "
		}
		fmt.Fprintf(&sb, "%s%s\n", indent, s.class)
		names := make([]string, 0, len(s.pass.Stats))
		for n := range s.pass.Stats {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			fmt.Fprintf(&sb, "%s  (S) %d %s - %s\n", indent, s.values[n], n, s.pass.Stats[n])
		}
	}
	return sb.String()
}

// TimingReport formats --mlir-timing output as mlir-opt's tree display:
// phases are the top-level timers (the driver's Parser and Output around
// the manager's Timings), nested pipelines indented with their passes, and
// total is the whole run's wall time.
func TimingReport(phases []*Timing, total time.Duration) string {
	var sb strings.Builder
	sb.WriteString("===-------------------------------------------------------------------------===\n")
	sb.WriteString("                         ... Execution time report ...\n")
	sb.WriteString("===-------------------------------------------------------------------------===\n")
	fmt.Fprintf(&sb, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	sb.WriteString("  ----Wall Time----  ----Name----\n")
	var sum time.Duration
	pct := func(d time.Duration) float64 {
		if total <= 0 {
			return 0
		}
		return 100 * d.Seconds() / total.Seconds()
	}
	var print func(list []*Timing, indent string)
	print = func(list []*Timing, indent string) {
		for _, t := range list {
			fmt.Fprintf(&sb, "    %.4f (%5.1f%%)  %s%s\n", t.Duration.Seconds(), pct(t.Duration), indent, t.Name)
			print(t.Children, indent+"  ")
		}
	}
	for _, t := range phases {
		sum += t.Duration
	}
	print(phases, "")
	rest := total - sum
	if rest < 0 {
		rest = 0
	}
	fmt.Fprintf(&sb, "    %.4f (%5.1f%%)  Rest\n", rest.Seconds(), pct(rest))
	fmt.Fprintf(&sb, "    %.4f (100.0%%)  Total\n", total.Seconds())
	return sb.String()
}
