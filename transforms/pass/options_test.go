package pass

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

// probeOptions has one option of every kind.
type probeOptions struct {
	Mode  string
	Limit time.Duration
	Steps int64
	Size  int64
	Flag  bool
}

func (o *probeOptions) Bind(s *OptionSet) {
	s.Enum(&o.Mode, "mode", "fast", []string{"fast", "slow"}, "Mode")
	s.Duration(&o.Limit, "limit", 0, "Limit")
	s.Int(&o.Steps, "steps", 7, "Steps").AtLeast(1)
	s.Int(&o.Size, "size", 0, "Size")
	s.Bool(&o.Flag, "flag", true, "Flag")
}

// probe records the options its body received.
func probe(got **probeOptions) *Pass {
	return WithOptions(&Pass{Name: "probe", ClassName: "Probe", Anchor: "builtin.module"},
		func(ctx *Context, op *ir.Operation, o *probeOptions) error {
			*got = o
			return nil
		})
}

func TestOptionsBindDefaultsAndValues(t *testing.T) {
	var got *probeOptions
	p := probe(&got)
	specs := map[string]string{}
	for _, s := range p.Options {
		specs[s.Name] = s.Default
	}
	want := map[string]string{"mode": "fast", "limit": "0", "steps": "7", "size": "0", "flag": "true"}
	for k, v := range want {
		if specs[k] != v {
			t.Errorf("default of %s: %q, want %q", k, specs[k], v)
		}
	}
	in, err := NewInstance(p, map[string]string{"mode": "slow", "limit": "1m30s", "steps": "0x10", "size": "-3", "flag": "0"})
	if err != nil {
		t.Fatal(err)
	}
	// Printed as given, in declaration order.
	if s := in.OptionString(); s != "{mode=slow limit=1m30s steps=0x10 size=-3 flag=0}" {
		t.Errorf("OptionString = %s", s)
	}
	o := in.value.(*probeOptions)
	if *o != (probeOptions{Mode: "slow", Limit: 90 * time.Second, Steps: 16, Size: -3, Flag: false}) {
		t.Errorf("bound values %+v", *o)
	}
	// Each instance has its own struct: the defaults are intact elsewhere.
	def, err := NewInstance(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := def.value.(*probeOptions); *d != (probeOptions{Mode: "fast", Steps: 7, Flag: true}) {
		t.Errorf("default instance %+v", *d)
	}
	if s := def.OptionString(); s != "{mode=fast limit=0 steps=7 size=0 flag=true}" {
		t.Errorf("default OptionString = %s", s)
	}
}

func TestOptionsRejectBadValuesAtParseTime(t *testing.T) {
	var got *probeOptions
	p := probe(&got)
	for _, tc := range []struct{ raw, want string }{
		{"mode=medium", "pass 'probe': for the --mode option: Cannot find option named 'medium'! (expected one of: fast, slow)"},
		{"limit=soon", "pass 'probe': for the --limit option: 'soon' value invalid for duration argument! Try a duration such as 500ms or 2s, 0 for none"},
		{"limit=-1s", "pass 'probe': for the --limit option: '-1s' value invalid for duration argument! Try a duration such as 500ms or 2s, 0 for none"},
		{"limit=5", "pass 'probe': for the --limit option: '5' value invalid for duration argument! Try a duration such as 500ms or 2s, 0 for none"},
		{"steps=0", "pass 'probe': for the --steps option: '0' value invalid for integer argument! Try 1 or more"},
		{"steps=many", "pass 'probe': for the --steps option: 'many' value invalid for integer argument!"},
		{"flag=sometimes", "pass 'probe': for the --flag option: 'sometimes' is invalid value for boolean argument! Try 0 or 1"},
		{"colour=red", "pass 'probe' has no option 'colour' (options: mode, limit, steps, size, flag)"},
		// Names and enum values are case-sensitive; booleans and integers
		// are what mlir-opt's command line takes (not t, f, +5 or 1_000).
		{"Mode=slow", "pass 'probe' has no option 'Mode' (option names are case-sensitive: 'mode' is one)"},
		{"mode=SLOW", "pass 'probe': for the --mode option: Cannot find option named 'SLOW'! (expected one of: fast, slow)"},
		{"flag=t", "pass 'probe': for the --flag option: 't' is invalid value for boolean argument! Try 0 or 1"},
		{"flag=F", "pass 'probe': for the --flag option: 'F' is invalid value for boolean argument! Try 0 or 1"},
		{"flag=tRUE", "pass 'probe': for the --flag option: 'tRUE' is invalid value for boolean argument! Try 0 or 1"},
		{"steps=+5", "pass 'probe': for the --steps option: '+5' value invalid for integer argument!"},
		{"steps=1_000", "pass 'probe': for the --steps option: '1_000' value invalid for integer argument!"},
		{"size=9223372036854775808", "pass 'probe': for the --size option: '9223372036854775808' value invalid for integer argument!"},
	} {
		raw, err := ParseOptionString(tc.raw)
		if err != nil {
			t.Fatal(err)
		}
		_, err = NewInstance(p, raw)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: error %v, want %s", tc.raw, err, tc.want)
		}
	}
	plain := &Pass{Name: "plain", Run: func(*Context, *ir.Operation) error { return nil }}
	if _, err := NewInstance(plain, map[string]string{"x": "1"}); err == nil || err.Error() != "pass 'plain' takes no options, but 'x' was given" {
		t.Errorf("option of an option-less pass: %v", err)
	}
}

// TestOptionStringRefusesDuplicates: an option given twice, with a value
// or bare (which means true), is an error naming it, whichever comes
// first.
func TestOptionStringRefusesDuplicates(t *testing.T) {
	for _, raw := range []string{"flag=1 flag=0", "flag flag=false", "flag=false flag", "flag flag", "flag=1  flag"} {
		_, err := ParseOptionString(raw)
		want := "option 'flag' given twice"
		if err == nil || err.Error() != want {
			t.Errorf("%s: error %v, want %s", raw, err, want)
		}
	}
	// The booleans mlir-opt takes, in each of its spellings.
	var got *probeOptions
	p := probe(&got)
	for v, want := range map[string]bool{"true": true, "TRUE": true, "True": true, "1": true, "false": false, "FALSE": false, "False": false, "0": false} {
		in, err := NewInstance(p, map[string]string{"flag": v})
		if err != nil || in.value.(*probeOptions).Flag != want {
			t.Errorf("flag=%s: %v", v, err)
		}
	}
}

// FuzzOptionString: any option text is an error or options that print
// back (OptionString) as text that reads as the same options; nothing
// panics.
func FuzzOptionString(f *testing.F) {
	for _, s := range []string{"mode=slow limit=1m30s steps=0x10 size=-3 flag=0", "flag flag", "mode=fast mode=slow", `mode="slow"`, "steps={1}", "size=1_0", "Mode=fast", "flag=T", "limit=+5s", "size=0o17 steps=010", ",,flag,", "mode='a b'", "x={a {b} c}"} {
		f.Add(s)
	}
	var got *probeOptions
	p := probe(&got)
	f.Fuzz(func(t *testing.T, text string) {
		raw, err := ParseOptionString(text)
		if err != nil {
			return
		}
		in, err := NewInstance(p, raw)
		if err != nil {
			return
		}
		printed := in.OptionString()
		again, err := ParseOptionString(printed[1 : len(printed)-1])
		if err != nil {
			t.Fatalf("%q prints as %s, which does not parse: %v", text, printed, err)
		}
		in2, err := NewInstance(p, again)
		if err != nil || in2.OptionString() != printed || *in2.value.(*probeOptions) != *in.value.(*probeOptions) {
			t.Fatalf("%q prints as %s, which reads as %v (%v)", text, printed, in2, err)
		}
	})
}

// TestOptionDeclarationBugsPanic: a declaration the pass author got wrong
// fails when the pass is declared (at start-up), not when it runs.
func TestOptionDeclarationBugsPanic(t *testing.T) {
	for name, bind := range map[string]func(s *OptionSet){
		"twice":        func(s *OptionSet) { var a, b bool; s.Bool(&a, "x", false, ""); s.Bool(&b, "x", false, "") },
		"enum default": func(s *OptionSet) { var m string; s.Enum(&m, "m", "c", []string{"a", "b"}, "") },
		"below min":    func(s *OptionSet) { var n int64; s.Int(&n, "n", 0, "").AtLeast(1) },
		"negative dur": func(s *OptionSet) { var d time.Duration; s.Duration(&d, "d", -time.Second, "") },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			bind(&OptionSet{})
		}()
	}
}

// requiredPair returns a pass with a postcondition (that holds when ready),
// a pass that requires it, and the count of the second one's runs.
func requiredPair(ready bool) (*Pass, *Pass, *int) {
	runs := new(int)
	first := &Pass{
		Name: "test-first", ClassName: "TestFirst", Anchor: "builtin.module",
		Postcondition: func(_ *Context, op *ir.Operation) error {
			if ready {
				return nil
			}
			return errors.New("the input is not prepared")
		},
		Run: func(*Context, *ir.Operation) error { return nil },
	}
	second := &Pass{
		Name: "test-second", ClassName: "TestSecond", Anchor: "builtin.module",
		Requires: []*Pass{first},
		Run:      func(*Context, *ir.Operation) error { *runs++; return nil },
	}
	return first, second, runs
}

func runPasses(t *testing.T, passes ...*Pass) ([]*ir.Diagnostic, error) {
	t.Helper()
	m, err := parser.ParseString("module {}", parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pl := NewModulePipeline()
	for _, p := range passes {
		in, err := NewInstance(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	return (&Manager{Pipeline: pl}).Run(m)
}

func TestRequiresChecksThePostconditionOnlyWhenNotRun(t *testing.T) {
	first, second, runs := requiredPair(false)
	// Not run, and the IR is not ready: the pass fails naming the missing one.
	diags, err := runPasses(t, second)
	var f *Failure
	if !errors.As(err, &f) || f.Pass != "test-second" || *runs != 0 {
		t.Fatalf("err %v, %d runs", err, *runs)
	}
	if len(diags) != 1 || diags[0].Msg != "'test-second' requires 'test-first' to have run first: the input is not prepared" {
		t.Fatalf("diagnostics %v", diags)
	}
	// Run earlier: its postcondition is not asked.
	if _, err := runPasses(t, first, second); err != nil || *runs != 1 {
		t.Fatalf("err %v, %d runs", err, *runs)
	}
	// Not run, but the IR is ready.
	_, second, runs = requiredPair(true)
	if _, err := runPasses(t, second); err != nil || *runs != 1 {
		t.Fatalf("err %v, %d runs", err, *runs)
	}
}

type stepsOptions struct{ Twice bool }

func (o *stepsOptions) Bind(s *OptionSet) { s.Bool(&o.Twice, "twice", false, "Run the probe twice") }

func TestNamedPipelineExpandsByOptions(t *testing.T) {
	var got *probeOptions
	p := probe(&got)
	np := NamedPipeline(&Pass{Name: "test-steps", Anchor: "builtin.module"}, func(o *stepsOptions) []Step {
		steps := []Step{{p, map[string]string{"mode": "slow"}}}
		if o.Twice {
			steps = append(steps, Step{p, nil})
		}
		return steps
	})
	for raw, want := range map[string]string{
		"":           "builtin.module(probe{mode=slow limit=0 steps=7 size=0 flag=true})",
		"twice=true": "builtin.module(probe{mode=slow limit=0 steps=7 size=0 flag=true},probe{mode=fast limit=0 steps=7 size=0 flag=true})",
	} {
		opts, err := ParseOptionString(raw)
		if err != nil {
			t.Fatal(err)
		}
		in, err := NewInstance(np, opts)
		if err != nil {
			t.Fatal(err)
		}
		pl := NewModulePipeline()
		if err := pl.Add(in); err != nil {
			t.Fatal(err)
		}
		if s := pl.String(); s != want {
			t.Errorf("%q: %s, want %s", raw, s, want)
		}
	}
	// A step with a bad option value is the named pipeline's bug, named.
	bad := NamedPipeline(&Pass{Name: "test-bad-steps", Anchor: "builtin.module"}, func(o *stepsOptions) []Step {
		return []Step{{p, map[string]string{"mode": "warp"}}}
	})
	in, err := NewInstance(bad, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := NewModulePipeline().Add(in); err == nil || !strings.HasPrefix(err.Error(), "pipeline 'test-bad-steps': pass 'probe': for the --mode option") {
		t.Errorf("bad step: %v", err)
	}
}

type twiceOptions struct {
	Twice bool
	Steps int64
}

func (o *twiceOptions) Bind(s *OptionSet) {
	s.Bool(&o.Twice, "twice", true, "Run twice")
	s.Int(&o.Steps, "steps", 3, "Steps")
}

// A named pipeline's Forwards make their options its own: each is listed
// once, saying where it goes, with no default where the passes disagree;
// a given value reaches every step that has it and overrides what the
// pipeline gives the step.
func TestNamedPipelineForwardsStepOptions(t *testing.T) {
	var got *probeOptions
	p := probe(&got)
	other := WithOptions(&Pass{Name: "other", Anchor: "builtin.module"}, func(*Context, *ir.Operation, *twiceOptions) error { return nil })
	np := NamedPipeline(&Pass{Name: "test-forward", Anchor: "builtin.module", Forwards: []*Pass{p, other}}, func(o *stepsOptions) []Step {
		return []Step{{p, map[string]string{"mode": "slow"}}, {other, nil}}
	})
	specs := map[string]OptionSpec{}
	for _, s := range np.Options {
		if _, dup := specs[s.Name]; dup {
			t.Errorf("option %s listed twice", s.Name)
		}
		specs[s.Name] = s
	}
	if s := specs["twice"]; s.Default != "false" || s.Help != "Run the probe twice" {
		t.Errorf("the pipeline's own option: %+v", s)
	}
	if s := specs["mode"]; s.Default != "fast" || !strings.HasSuffix(s.Help, "(forwarded to probe)") {
		t.Errorf("forwarded mode: %+v", s)
	}
	if s := specs["steps"]; s.Default != "" || !strings.HasSuffix(s.Help, "(forwarded to probe, other)") {
		t.Errorf("forwarded steps, defaults 7 and 3: %+v", s)
	}
	in, err := NewInstance(np, map[string]string{"mode": "warp", "steps": "5"})
	if err != nil {
		t.Fatal(err)
	}
	pl := NewModulePipeline()
	if err := pl.Add(in); err == nil || !strings.Contains(err.Error(), "pass 'probe': for the --mode option") {
		t.Errorf("a bad forwarded value: %v", err)
	}
	in, err = NewInstance(np, map[string]string{"mode": "fast", "steps": "5"})
	if err != nil {
		t.Fatal(err)
	}
	pl = NewModulePipeline()
	if err := pl.Add(in); err != nil {
		t.Fatal(err)
	}
	if s, want := pl.String(), "builtin.module(probe{mode=fast limit=0 steps=5 size=0 flag=true},other{twice=true steps=5})"; s != want {
		t.Errorf("forwarded: %s, want %s", s, want)
	}
}
