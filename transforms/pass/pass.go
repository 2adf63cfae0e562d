package pass

import (
	"cmp"
	"fmt"
	"slices"
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
	return p
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
// passes of its named pipeline (recursively).
func expand(in *Instance) ([]*Instance, error) {
	if in.Pass.expand == nil {
		return []*Instance{in}, nil
	}
	var out []*Instance
	for _, st := range in.Pass.expand(in.value) {
		sub, err := NewInstance(st.Pass, st.Opts)
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
}

// NewInstance checks raw key=value options against the pass's options
// and binds them to a fresh options struct.
func NewInstance(p *Pass, raw map[string]string) (*Instance, error) {
	in := &Instance{Pass: p, opts: &OptionSet{}}
	if p.newOptions != nil {
		in.value, in.opts = p.newOptions()
	}
	if err := in.opts.set(p.Name, raw); err != nil {
		return nil, err
	}
	return in, nil
}

// OptionString renders the instance's full option set as MLIR prints it in
// pipelines: {a=1 b=x}, every option with its current value.
func (in *Instance) OptionString() string { return in.opts.String() }
