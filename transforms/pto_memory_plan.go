package transforms

import (
	"fmt"

	"pto-opt/dialect"
)

// pto-memory-plan: the whole PyPTO memory pipeline in one pass, by planner:
//
//	pypto   init-memref, materialize-semantic-aliases, memory-reuse, allocate-addr{planner=sequential}
//	dsa-rp  init-memref, materialize-semantic-aliases, allocate-addr{planner=dsa-rp} (no memory-reuse)
//	ptoas   init-memref, materialize-semantic-aliases (ptoas plans reuse and addresses)
var planPipelines = map[string][]struct {
	pass string
	opts map[string]string
}{
	"pypto": {
		{"init-memref", map[string]string{"planner": "pypto"}},
		{"materialize-semantic-aliases", nil},
		{"memory-reuse", nil},
		{"allocate-addr", map[string]string{"planner": "sequential"}},
	},
	"dsa-rp": {
		{"init-memref", map[string]string{"planner": "dsa-rp"}},
		{"materialize-semantic-aliases", nil},
		{"allocate-addr", map[string]string{"planner": "dsa-rp"}},
	},
	"ptoas": {
		{"init-memref", map[string]string{"planner": "ptoas"}},
		{"materialize-semantic-aliases", nil},
	},
}

func init() {
	Register(&Pass{
		Name:      "pto-memory-plan",
		ClassName: "PTOMemoryPlan",
		Summary:   "The PyPTO memory pipeline: init-memref, semantic aliases, then reuse and addresses by planner",
		Anchor:    "func.func",
		Options: []OptionSpec{
			{Name: "planner", Kind: EnumOpt, Default: "pypto", Values: []string{"pypto", "dsa-rp", "ptoas"}, Help: "Memory planner"},
		},
		Run: runPTOMemoryPlan,
	})
}

func runPTOMemoryPlan(ctx *Context, fn *dialect.Operation) error {
	for _, step := range planPipelines[ctx.Opts.String("planner")] {
		p := Lookup(step.pass)
		if p == nil {
			return fmt.Errorf("pto-memory-plan: pass %s is not registered", step.pass)
		}
		in, err := NewInstance(p, step.opts)
		if err != nil {
			return err
		}
		sub := *ctx
		sub.Opts = in.Opts
		if err := p.Run(&sub, fn); err != nil {
			return err
		}
		if err := dialect.Verify(fn); err != nil {
			return err
		}
		ctx.Pipeline = append(ctx.Pipeline, step.pass)
	}
	return nil
}
