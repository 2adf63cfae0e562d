package pass

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Pass is a registry entry: a pass, or a named pipeline.
//
// A pass without options sets Run. A pass with options is made by
// WithOptions, a named pipeline by NamedPipeline: both bind an options
// struct, so the body receives its options typed and a bad value is an
// error when the pipeline is parsed.
type Pass struct {
	Name      string // command-line name
	ClassName string // MLIR-style class name used in IR dumps and reports
	Summary   string
	Anchor    string // "builtin.module" or "func.func"
	// Requires lists passes that must have run before this one. When one
	// is not earlier in the pipeline, its Postcondition inspects the IR
	// (the input may have been prepared elsewhere); an error means the
	// input is not ready, and this pass fails naming the missing one.
	Requires []*Pass
	// Postcondition, when set, checks that op is in the state this pass
	// leaves it in: nil, or why not. ctx is the requiring pass's context
	// (the target; warnings it emits are reported with that pass's).
	Postcondition func(ctx *Context, op *ir.Operation) error
	// Parallel marks function passes that only touch the function they run
	// on, so functions may be processed concurrently.
	Parallel bool
	// Lowers names the dialect whose ops this pass replaces by another
	// dialect's (convert-tile-to-pto: "tile"). What was planned in that
	// dialect is checked before the pass runs (--verify-plan), because
	// the reference executor runs that dialect, not the one it becomes.
	Lowers string
	// Forwards, on a named pipeline, lists the passes its steps may be
	// (under any of its options): every option of theirs the pipeline does
	// not bind itself is an option of the pipeline too, handed to the steps
	// of the expansion that have it, so a step's option can be given
	// without spelling out the pipeline (pto-memory-plan="planner=dsa-rp
	// work=1000"). A forwarded value replaces what the pipeline gives the
	// step; one no step of the expansion takes is an error.
	Forwards []*Pass
	// Stats declares the statistics the pass reports, name -> description.
	Stats map[string]string
	// ReadOnly: the pass never changes the IR (a check, a dump), so every
	// cached analysis survives it. Preserves names the analyses a pass
	// that changes the IR always leaves as they were; the rest are
	// dropped after it (see GetAnalysis).
	ReadOnly  bool
	Preserves []AnalysisID
	// Run is the body of a pass without options.
	Run func(ctx *Context, op *ir.Operation) error

	// Options are the specs of the pass's options, derived from its
	// options struct (set by WithOptions and NamedPipeline).
	Options []OptionSpec

	// newOptions makes a fresh options struct with its bound set.
	newOptions func() (any, *OptionSet)
	// run is the typed body of WithOptions (without options: Run).
	run func(ctx *Context, op *ir.Operation, opts any) error
	// expand, set for a named pipeline (MLIR's PassPipelineRegistration):
	// wherever the entry is added, on the command line or in a textual
	// pipeline, it is replaced by the pass instances expand returns for
	// its options. They run, time, report statistics, print IR and check
	// prerequisites as passes of their own.
	expand func(opts any) []Step
	// forwarded maps each forwarded option to the passes of Forwards that
	// have it.
	forwarded map[string][]string
}

// optionsPtr is the pointer to an options struct O that binds itself.
type optionsPtr[O any] interface {
	*O
	Binder
}

// bindOptions sets up p's options from the struct type O.
func bindOptions[O any, P optionsPtr[O]](p *Pass) {
	p.newOptions = func() (any, *OptionSet) {
		o := P(new(O))
		s := &OptionSet{}
		o.Bind(s)
		return o, s
	}
	_, s := p.newOptions()
	p.Options = s.specs()
}

// WithOptions completes p with its options struct and its body, which
// receives the options typed:
//
//	type fooOptions struct{ Limit int64 }
//	func (o *fooOptions) Bind(s *OptionSet) { s.Int(&o.Limit, "limit", 8, "...") }
//	var Foo = WithOptions(&Pass{Name: "foo", ...}, func(ctx *Context, op *ir.Operation, o *fooOptions) error { ... })
func WithOptions[O any, P optionsPtr[O]](p *Pass, run func(ctx *Context, op *ir.Operation, o P) error) *Pass {
	if p.Run != nil {
		panic("pass: pass " + p.Name + " has both Run and typed options")
	}
	bindOptions[O, P](p)
	p.run = func(ctx *Context, op *ir.Operation, opts any) error { return run(ctx, op, opts.(P)) }
	return p
}

// NamedPipeline completes p as a named pipeline: expand returns, for the
// entry's options, the passes it stands for.
func NamedPipeline[O any, P optionsPtr[O]](p *Pass, expand func(o P) []Step) *Pass {
	if p.Run != nil {
		panic("pass: named pipeline " + p.Name + " has a Run")
	}
	bindOptions[O, P](p)
	p.expand = func(opts any) []Step { return expand(opts.(P)) }
	p.bindForwarded()
	return p
}

// bindForwarded adds the options of p.Forwards that p does not bind to
// p.Options, each once, its help saying which passes it goes to. A
// default the passes disagree on is shown as none (each keeps its own).
func (p *Pass) bindForwarded() {
	own := map[string]bool{}
	for _, o := range p.Options {
		own[o.Name] = true
	}
	p.forwarded = map[string][]string{}
	var specs []OptionSpec
	for _, f := range p.Forwards {
		for _, o := range f.Options {
			if own[o.Name] {
				continue
			}
			at := slices.IndexFunc(specs, func(s OptionSpec) bool { return s.Name == o.Name })
			if at < 0 {
				specs = append(specs, o)
			} else if specs[at].Default != o.Default {
				specs[at].Default = ""
			}
			p.forwarded[o.Name] = append(p.forwarded[o.Name], f.Name)
		}
	}
	for _, s := range specs {
		s.Help = fmt.Sprintf("%s (forwarded to %s)", s.Help, strings.Join(p.forwarded[s.Name], ", "))
		p.Options = append(p.Options, s)
	}
}

// call runs the body of the pass with the instance's options.
func (p *Pass) call(ctx *Context, op *ir.Operation, opts any) error {
	if p.run != nil {
		return p.run(ctx, op, opts)
	}
	return p.Run(ctx, op)
}

// Step is one pass of a named pipeline, with its option values (checked
// as if given on the command line).
type Step struct {
	Pass *Pass
	Opts map[string]string
}

// expand returns the instances an instance stands for: itself, or the
// passes of its named pipeline (recursively), each step given the
// forwarded options it has.
func expand(in *Instance) ([]*Instance, error) {
	if in.Pass.expand == nil {
		return []*Instance{in}, nil
	}
	var out []*Instance
	taken := map[string]bool{}
	steps := in.Pass.expand(in.value)
	for _, st := range steps {
		opts := maps.Clone(st.Opts)
		for k, v := range in.forward {
			if hasOption(st.Pass, k) {
				if opts == nil {
					opts = map[string]string{}
				}
				opts[k] = v
				taken[k] = true
			}
		}
		sub, err := NewInstance(st.Pass, opts)
		if err != nil {
			return nil, fmt.Errorf("pipeline '%s': %v", in.Pass.Name, err)
		}
		more, err := expand(sub)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	for _, k := range slices.Sorted(maps.Keys(in.forward)) {
		if !taken[k] {
			names := make([]string, len(steps))
			for i, st := range steps {
				names[i] = st.Pass.Name
			}
			return nil, fmt.Errorf("pipeline '%s%s': none of its steps (%s) takes option '%s' (%s does)",
				in.Pass.Name, in.opts.String(), strings.Join(names, ", "), k, strings.Join(in.Pass.forwarded[k], ", "))
		}
	}
	return out, nil
}

// hasOption reports whether pass p takes option name.
func hasOption(p *Pass, name string) bool {
	return slices.ContainsFunc(p.Options, func(o OptionSpec) bool { return o.Name == name })
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
			panic("pass: duplicate pass " + p.Name)
		}
		if p.Anchor == "" {
			p.Anchor = "func.func"
		}
		if p.run == nil && p.expand == nil && p.Run == nil {
			panic("pass: pass " + p.Name + " has no body")
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
	slices.SortFunc(out, func(a, b *Pass) int { return cmp.Compare(a.Name, b.Name) })
	return out
}

// Instance is a pass with its option values, as it appears in a pipeline.
type Instance struct {
	Pass  *Pass
	opts  *OptionSet
	value any // the options struct the body receives
	// forward are a named pipeline's options for its steps (Forwards).
	forward map[string]string
}

// NewInstance checks raw key=value options against the pass's options
// and binds them to a fresh options struct.
func NewInstance(p *Pass, raw map[string]string) (*Instance, error) {
	in := &Instance{Pass: p, opts: &OptionSet{}}
	if p.newOptions != nil {
		in.value, in.opts = p.newOptions()
	}
	if len(p.forwarded) > 0 {
		own := map[string]string{}
		for k, v := range raw {
			if in.opts.lookup(k) == nil && p.forwarded[k] != nil {
				if in.forward == nil {
					in.forward = map[string]string{}
				}
				in.forward[k] = v
				continue
			}
			own[k] = v
		}
		raw = own
	}
	if err := in.opts.set(p.Name, raw, p.Options); err != nil {
		return nil, err
	}
	return in, nil
}

// OptionString renders the instance's full option set as MLIR prints it in
// pipelines: {a=1 b=x}, every option with its current value.
func (in *Instance) OptionString() string { return in.opts.String() }
