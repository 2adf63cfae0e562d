package transforms

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"pto-opt/dialect"
	"pto-opt/printer"
	"pto-opt/targets"
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
	// Threads > 1 lets parallel function passes run on several functions
	// at once (disabled while printing IR, as mlir-opt does).
	Threads int

	// Timings and statistics accumulate over Run calls (one per
	// -split-input-file chunk).
	Timings []Timing
	stats   []*passStats
}

// Timing is the accumulated wall time of one pass.
type Timing struct {
	Name     string
	Duration time.Duration
}

type passStats struct {
	anchor string
	class  string
	pass   *Pass
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
func (m *Manager) Run(module *dialect.Operation) ([]*dialect.Diagnostic, error) {
	var diags []*dialect.Diagnostic
	r := &run{m: m, diags: &diags, ran: nil}
	err := r.pipeline(m.Pipeline, module)
	return diags, err
}

type run struct {
	m     *Manager
	mu    sync.Mutex
	diags *[]*dialect.Diagnostic
	ran   []string
}

func (r *run) pipeline(p *Pipeline, op *dialect.Operation) error {
	for _, it := range p.Items {
		if it.Pass != nil {
			if err := r.pass(it.Pass, op, p.Anchor); err != nil {
				return err
			}
			r.ran = append(r.ran, it.Pass.Pass.Name)
			continue
		}
		if err := r.nested(it.Nested, op); err != nil {
			return err
		}
	}
	return nil
}

// nested runs a func.func pipeline on every function directly inside op.
func (r *run) nested(p *Pipeline, op *dialect.Operation) error {
	var targetsOps []*dialect.Operation
	for _, reg := range op.Regions {
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
	ranBefore := append([]string(nil), r.ran...)
	if !parallel {
		for _, fn := range targetsOps {
			r.ran = append(r.ran[:0:0], ranBefore...)
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
	lists := make([][]*dialect.Diagnostic, len(targetsOps))
	sem := make(chan struct{}, r.m.Threads)
	var wg sync.WaitGroup
	for i, fn := range targetsOps {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			sub := &run{m: r.m, diags: &lists[i], ran: append([]string(nil), ranBefore...)}
			errs[i] = sub.pipeline(p, fn)
		}()
	}
	wg.Wait()
	for i := range targetsOps {
		*r.diags = append(*r.diags, lists[i]...)
		if errs[i] != nil {
			return errs[i]
		}
	}
	r.ran = append(ranBefore, p.Flatten()...)
	return nil
}

func (r *run) header(when string, in *Instance, op *dialect.Operation) string {
	h := fmt.Sprintf("// -----// IR Dump %s %s (%s)", when, in.Pass.ClassName, in.Pass.Name)
	if op.Name != "builtin.module" {
		h += fmt.Sprintf(" ('%s' operation", op.Name)
		if s := dialect.SymbolName(op); s != "" {
			h += ": @" + s
		}
		h += ")"
	}
	return h + " //----- //\n"
}

func (r *run) pass(in *Instance, op *dialect.Operation, anchor string) error {
	p := in.Pass
	for _, req := range p.Requires {
		if r.hasRun(req.Pass) {
			continue
		}
		if req.Check != nil {
			if err := req.Check(op); err != nil {
				d := dialect.AsDiagnostic(err)
				d.Msg = fmt.Sprintf("'%s' requires '%s' to have run first: %s", p.Name, req.Pass, d.Msg)
				if !d.Loc.Known() {
					d.Loc = op.Loc
				}
				r.emit(d)
				return &Failure{Pass: p.Name}
			}
		}
	}
	if r.m.PrintBefore {
		r.dump(r.header("Before", in, op), op)
	}
	var local []*dialect.Diagnostic
	ctx := &Context{
		Target:   r.m.Target,
		Opts:     in.Opts,
		Pipeline: append([]string(nil), r.ran...),
		Out:      r.m.PassOut,
		mu:       &sync.Mutex{},
		diags:    &local,
		stats:    map[string]int64{},
	}
	start := time.Now()
	err := p.Run(ctx, op)
	r.record(p, anchor, time.Since(start), ctx.stats)
	failed := err != nil
	for _, d := range local {
		if d.Severity == dialect.SevError {
			failed = true
		}
		r.emit(d)
	}
	if err != nil {
		// A plain error (not a diagnostic already emitted) is reported at
		// the op the pass ran on.
		if d, ok := err.(*dialect.Diagnostic); ok {
			if !containsDiag(local, d) {
				r.emit(d)
			}
		} else if _, isFailure := err.(*Failure); !isFailure {
			r.emit(dialect.NewError(op.Loc, "%s", err.Error()))
		}
	}
	if failed {
		return &Failure{Pass: p.Name}
	}
	if r.m.VerifyEach {
		if verr := dialect.Verify(op); verr != nil {
			d := dialect.AsDiagnostic(verr)
			d.Notes = append(d.Notes, dialect.Note{Loc: d.Loc, Msg: fmt.Sprintf("the IR failed verification after pass '%s'", p.Name)})
			r.emit(d)
			return &Failure{Pass: p.Name}
		}
	}
	if r.m.PrintAfter {
		r.dump(r.header("After", in, op), op)
	}
	return nil
}

func containsDiag(list []*dialect.Diagnostic, d *dialect.Diagnostic) bool {
	for _, x := range list {
		if x == d {
			return true
		}
	}
	return false
}

func (r *run) hasRun(name string) bool {
	for _, n := range r.ran {
		if n == name {
			return true
		}
	}
	return false
}

func (r *run) emit(d *dialect.Diagnostic) {
	r.mu.Lock()
	*r.diags = append(*r.diags, d)
	r.mu.Unlock()
}

func (r *run) dump(header string, op *dialect.Operation) {
	if r.m.PrintOut == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	io.WriteString(r.m.PrintOut, header)
	printer.Print(r.m.PrintOut, op, r.m.PrintOpts)
	io.WriteString(r.m.PrintOut, "\n")
}

var statsMu sync.Mutex

func (r *run) record(p *Pass, anchor string, d time.Duration, stats map[string]int64) {
	statsMu.Lock()
	defer statsMu.Unlock()
	m := r.m
	found := false
	for i := range m.Timings {
		if m.Timings[i].Name == p.ClassName {
			m.Timings[i].Duration += d
			found = true
		}
	}
	if !found {
		m.Timings = append(m.Timings, Timing{Name: p.ClassName, Duration: d})
	}
	var ps *passStats
	for _, s := range m.stats {
		if s.pass == p && s.anchor == anchor {
			ps = s
		}
	}
	if ps == nil {
		ps = &passStats{anchor: anchor, class: p.ClassName, pass: p, values: map[string]int64{}}
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
		if s.anchor != "builtin.module" {
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
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintf(&sb, "%s  (S) %d %s - %s\n", indent, s.values[n], n, s.pass.Stats[n])
		}
	}
	return sb.String()
}

// TimingReport formats --mlir-timing output; extra holds the driver's own
// phases (Parser, Output) and total is the whole run's wall time.
func TimingReport(phases []Timing, total time.Duration) string {
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
	for _, t := range phases {
		sum += t.Duration
		fmt.Fprintf(&sb, "    %.4f (%5.1f%%)  %s\n", t.Duration.Seconds(), pct(t.Duration), t.Name)
	}
	rest := total - sum
	if rest < 0 {
		rest = 0
	}
	fmt.Fprintf(&sb, "    %.4f (%5.1f%%)  Rest\n", rest.Seconds(), pct(rest))
	fmt.Fprintf(&sb, "    %.4f (100.0%%)  Total\n", total.Seconds())
	return sb.String()
}
