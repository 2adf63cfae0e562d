// Package transforms holds the pass manager (registry, typed options,
// textual pipelines, instrumentation) and pto-opt's passes, one per file.
//
// Passes are registered in a table, like cmd/compile's SSA passes: each
// entry names the pass, says what it does, which op it anchors on, which
// options it takes and what must have happened before it. The manager runs
// the verifier between passes.
package transforms

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"pto-opt/dialect"
	"pto-opt/planner/report"
	"pto-opt/targets"
)

// OptionKind is the type of a pass option.
type OptionKind int

const (
	StringOpt OptionKind = iota
	IntOpt
	BoolOpt
	EnumOpt
)

// OptionSpec declares one pass option.
type OptionSpec struct {
	Name    string
	Kind    OptionKind
	Default string
	Values  []string // allowed values of an EnumOpt
	Help    string
}

// Prerequisite is something a pass needs from an earlier one. When the
// named pass is not earlier in the pipeline, Check inspects the IR; a
// non-nil error means the input is not ready and the pass fails naming it.
type Prerequisite struct {
	Pass  string
	Check func(op *dialect.Operation) error
}

// Pass is a registry entry.
type Pass struct {
	Name      string // command-line name
	ClassName string // MLIR-style class name used in IR dumps and reports
	Summary   string
	Anchor    string // "builtin.module" or "func.func"
	Options   []OptionSpec
	Requires  []Prerequisite
	// Parallel marks function passes that only touch the function they run
	// on, so functions may be processed concurrently.
	Parallel bool
	// Stats declares the statistics the pass reports, name -> description.
	Stats map[string]string
	Run   func(ctx *Context, op *dialect.Operation) error
	// Expand, when set, makes the entry a named pipeline (MLIR's
	// PassPipelineRegistration): wherever it is added, on the command
	// line or in a textual pipeline, it is replaced by the pass instances
	// Expand returns for its options. They run, time, report statistics,
	// print IR and check prerequisites as passes of their own. Run is
	// unused.
	Expand func(opts Options) []Step
}

// Step is one pass of a named pipeline, with its option values.
type Step struct {
	Pass string
	Opts map[string]string
}

// expand returns the instances an instance stands for: itself, or the
// passes of its named pipeline (recursively).
func expand(in *Instance) ([]*Instance, error) {
	if in.Pass.Expand == nil {
		return []*Instance{in}, nil
	}
	var out []*Instance
	for _, st := range in.Pass.Expand(in.Opts) {
		p := Lookup(st.Pass)
		if p == nil {
			return nil, fmt.Errorf("pipeline '%s': pass '%s' is not registered", in.Pass.Name, st.Pass)
		}
		sub, err := NewInstance(p, st.Opts)
		if err != nil {
			return nil, fmt.Errorf("pipeline '%s': %v", in.Pass.Name, err)
		}
		more, err := expand(sub)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

var (
	registryMu sync.Mutex
	registry   = map[string]*Pass{}
)

// Register adds passes to the registry.
func Register(ps ...*Pass) {
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, p := range ps {
		if _, dup := registry[p.Name]; dup {
			panic("transforms: duplicate pass " + p.Name)
		}
		if p.Anchor == "" {
			p.Anchor = "func.func"
		}
		registry[p.Name] = p
	}
}

// Lookup returns a registered pass or nil.
func Lookup(name string) *Pass {
	registryMu.Lock()
	defer registryMu.Unlock()
	return registry[name]
}

// Passes lists the registered passes sorted by name.
func Passes() []*Pass {
	registryMu.Lock()
	defer registryMu.Unlock()
	out := make([]*Pass, 0, len(registry))
	for _, p := range registry {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Options are a pass instance's option values, validated against its spec.
type Options struct {
	pass   *Pass
	values map[string]string
}

func (o Options) spec(name string) OptionSpec {
	for _, s := range o.pass.Options {
		if s.Name == name {
			return s
		}
	}
	panic(fmt.Sprintf("transforms: pass %s has no option %s", o.pass.Name, name))
}

// String returns a string or enum option.
func (o Options) String(name string) string {
	if v, ok := o.values[name]; ok {
		return v
	}
	return o.spec(name).Default
}

// Int returns an integer option.
func (o Options) Int(name string) int64 {
	n, _ := strconv.ParseInt(o.String(name), 0, 64)
	return n
}

// Bool returns a boolean option.
func (o Options) Bool(name string) bool {
	b, _ := strconv.ParseBool(o.String(name))
	return b
}

// IsSet reports whether the option was given explicitly.
func (o Options) IsSet(name string) bool {
	_, ok := o.values[name]
	return ok
}

// Instance is a pass with its option values, as it appears in a pipeline.
type Instance struct {
	Pass *Pass
	Opts Options
}

// NewInstance validates raw key=value options for a pass.
func NewInstance(p *Pass, raw map[string]string) (*Instance, error) {
	vals := map[string]string{}
	for k, v := range raw {
		var spec *OptionSpec
		for i := range p.Options {
			if p.Options[i].Name == k {
				spec = &p.Options[i]
			}
		}
		if spec == nil {
			names := make([]string, len(p.Options))
			for i, s := range p.Options {
				names[i] = s.Name
			}
			if len(names) == 0 {
				return nil, fmt.Errorf("pass '%s' takes no options, but '%s' was given", p.Name, k)
			}
			return nil, fmt.Errorf("pass '%s' has no option '%s' (options: %s)", p.Name, k, strings.Join(names, ", "))
		}
		if err := checkValue(*spec, v); err != nil {
			return nil, fmt.Errorf("pass '%s': %v", p.Name, err)
		}
		vals[k] = v
	}
	return &Instance{Pass: p, Opts: Options{pass: p, values: vals}}, nil
}

//lint:file-ignore ST1005 the option messages are mlir-opt's, word for word, '!' included

// checkValue checks an option value against its kind.
func checkValue(s OptionSpec, v string) error {
	switch s.Kind {
	case IntOpt:
		if _, err := strconv.ParseInt(v, 0, 64); err != nil {
			return fmt.Errorf("for the --%s option: '%s' value invalid for integer argument!", s.Name, v)
		}
	case BoolOpt:
		if _, err := strconv.ParseBool(v); err != nil {
			return fmt.Errorf("for the --%s option: '%s' is invalid value for boolean argument! Try 0 or 1", s.Name, v)
		}
	case EnumOpt:
		for _, a := range s.Values {
			if a == v {
				return nil
			}
		}
		return fmt.Errorf("for the --%s option: Cannot find option named '%s'! (expected one of: %s)", s.Name, v, strings.Join(s.Values, ", "))
	}
	return nil
}

// OptionString renders the instance's full option set as MLIR prints it in
// pipelines: {a=1 b=x}, every option with its current value.
func (in *Instance) OptionString() string {
	if len(in.Pass.Options) == 0 {
		return ""
	}
	parts := make([]string, 0, len(in.Pass.Options))
	for _, s := range in.Pass.Options {
		parts = append(parts, s.Name+"="+quoteOptionValue(in.Opts.String(s.Name)))
	}
	return "{" + strings.Join(parts, " ") + "}"
}

func quoteOptionValue(v string) string {
	if v == "" || strings.ContainsAny(v, " {}") {
		return "\"" + v + "\""
	}
	return v
}

// Context is what a running pass sees.
type Context struct {
	Target *targets.Target
	Opts   Options
	// Pipeline lists the passes that ran before this one.
	Pipeline []string
	// Out receives analysis dumps (test-print-* passes); mlir-opt writes
	// them to stderr.
	Out io.Writer

	mu    *sync.Mutex
	plans *[]report.Function
	diags *[]*dialect.Diagnostic
	stats map[string]int64
}

// Emit records a diagnostic (errors fail the pass after it returns).
func (c *Context) Emit(d *dialect.Diagnostic) {
	c.mu.Lock()
	*c.diags = append(*c.diags, d)
	c.mu.Unlock()
}

// Remark emits a remark at loc.
func (c *Context) Remark(loc dialect.Location, format string, args ...any) {
	c.Emit(&dialect.Diagnostic{Severity: dialect.SevRemark, Loc: loc, Msg: fmt.Sprintf(format, args...)})
}

// Warning emits a warning at loc.
func (c *Context) Warning(loc dialect.Location, format string, args ...any) {
	c.Emit(&dialect.Diagnostic{Severity: dialect.SevWarning, Loc: loc, Msg: fmt.Sprintf(format, args...)})
}

// WantsPlans says whether RecordPlan keeps anything: passes skip
// describing their plans when it does not.
func (c *Context) WantsPlans() bool { return c.plans != nil }

// RecordPlan keeps a pass's memory plan for --memory-report.
func (c *Context) RecordPlan(f report.Function) {
	if c.plans == nil {
		return
	}
	plansMu.Lock() // shared by the functions a parallel pass runs on
	*c.plans = append(*c.plans, f)
	plansMu.Unlock()
}

var plansMu sync.Mutex

// Stat adds delta to a statistic.
func (c *Context) Stat(name string, delta int64) {
	c.mu.Lock()
	c.stats[name] += delta
	c.mu.Unlock()
}

// Ran reports whether the named pass ran earlier in this pipeline.
func (c *Context) Ran(name string) bool {
	for _, p := range c.Pipeline {
		if p == name {
			return true
		}
	}
	return false
}
