package transforms

// pto-memory-plan: the whole PyPTO memory pipeline, a named pipeline that
// expands, by planner, into
//
//	pypto   init-memref, materialize-semantic-aliases, memory-reuse, allocate-addr{planner=sequential}
//	dsa-rp  init-memref, materialize-semantic-aliases, allocate-addr{planner=dsa-rp} (no memory-reuse)
//	ptoas   init-memref, materialize-semantic-aliases (ptoas plans reuse and addresses)
//
// so each step is timed, verified, printed and counted as a pass.
var PTOMemoryPlan = NamedPipeline(&Pass{
	Name:      "pto-memory-plan",
	ClassName: "PTOMemoryPlan",
	Summary:   "The PyPTO memory pipeline: init-memref, semantic aliases, then reuse and addresses by planner",
	Anchor:    "func.func",
}, func(o *ptoMemoryPlanOptions) []Step { return planPipelines[o.Planner] })

func init() { Register(PTOMemoryPlan) }

// pipelinePlanners are the planners of pto-memory-plan, in the order
// --help lists them; init-memref's planner option takes the same names.
var pipelinePlanners = []string{"pypto", "dsa-rp", "ptoas"}

// planPipelines gives each of pipelinePlanners its steps.
var planPipelines = map[string][]Step{
	"pypto": {
		{InitMemRef, map[string]string{"planner": "pypto"}},
		{MaterializeSemanticAliases, nil},
		{MemoryReuse, nil},
		{AllocateAddr, map[string]string{"planner": "sequential"}},
	},
	"dsa-rp": {
		{InitMemRef, map[string]string{"planner": "dsa-rp"}},
		{MaterializeSemanticAliases, nil},
		{AllocateAddr, map[string]string{"planner": "dsa-rp"}},
	},
	"ptoas": {
		{InitMemRef, map[string]string{"planner": "ptoas"}},
		{MaterializeSemanticAliases, nil},
	},
}

type ptoMemoryPlanOptions struct {
	Planner string
}

func (o *ptoMemoryPlanOptions) Bind(s *OptionSet) {
	s.Enum(&o.Planner, "planner", "pypto", pipelinePlanners, "Memory planner")
}
