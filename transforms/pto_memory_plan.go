package transforms

// pto-memory-plan: the whole PyPTO memory pipeline, a named pipeline that
// expands, by planner, into
//
//	pypto   init-memref, materialize-semantic-aliases, memory-reuse, allocate-addr{planner=sequential}
//	dsa-rp  init-memref, materialize-semantic-aliases, allocate-addr{planner=dsa-rp} (no memory-reuse)
//	ptoas   init-memref, materialize-semantic-aliases (ptoas plans reuse and addresses)
//
// so each step is timed, verified, printed and counted as a pass.
var planPipelines = map[string][]Step{
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
		Expand: func(opts Options) []Step { return planPipelines[opts.String("planner")] },
	})
}
