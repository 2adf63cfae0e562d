package tile

import (
	"maps"
	"slices"

	"github.com/pto-opt/pto-opt/transforms/pass"
)

// PTOMemoryPlan is pto-memory-plan, the whole PyPTO memory pipeline: a
// named pipeline that expands, by planner, into
//
//	pypto   materialize-scratch, init-memref, materialize-semantic-aliases, memory-reuse, allocate-addr{planner=sequential}
//	dsa-rp  materialize-scratch, init-memref, materialize-semantic-aliases, allocate-addr{planner=dsa-rp} (no memory-reuse)
//	ptoas   materialize-scratch, init-memref, materialize-semantic-aliases, check-ptoas-plan (ptoas plans reuse and addresses)
//
// (materialize-scratch first, so the scratch tiles ptoas's instructions
// need are planned with the rest)
// so each step is timed, verified, printed and counted as a pass. The
// steps' own options (work=, penalties=, subranges=, remarks=, refuse=,
// ...) are options of the pipeline too, each handed to the steps that
// take it; one the chosen planner's steps do not take is an error.
var PTOMemoryPlan = pass.NamedPipeline(&pass.Pass{
	Name:      "pto-memory-plan",
	ClassName: "PTOMemoryPlan",
	Summary:   "The PyPTO memory pipeline: init-memref, semantic aliases, then reuse and addresses by planner",
	Anchor:    "func.func",
	Forwards:  []*pass.Pass{MaterializeScratch, InitMemRef, MaterializeSemanticAliases, MemoryReuse, AllocateAddr, CheckPTOASPlan},
}, func(o *ptoMemoryPlanOptions) []pass.Step { return withInPlace(planPipelines[o.Planner], o.InPlace) })

// withInPlace passes inplace=false on to allocate-addr and memory-reuse.
func withInPlace(steps []pass.Step, inPlace bool) []pass.Step {
	if inPlace {
		return steps
	}
	out := slices.Clone(steps)
	for i, st := range out {
		if st.Pass == AllocateAddr || st.Pass == MemoryReuse {
			opts := maps.Clone(st.Opts)
			if opts == nil {
				opts = map[string]string{}
			}
			opts["inplace"] = "false"
			out[i].Opts = opts
		}
	}
	return out
}

// pipelinePlanners are the planners of pto-memory-plan, in the order
// --help lists them; init-memref's planner option takes the same names.
var pipelinePlanners = []string{"pypto", "dsa-rp", "ptoas"}

// planPipelines gives each of pipelinePlanners its steps.
var planPipelines = map[string][]pass.Step{
	"pypto": {
		{Pass: MaterializeScratch},
		{Pass: InitMemRef, Opts: map[string]string{"planner": "pypto"}},
		{Pass: MaterializeSemanticAliases},
		{Pass: MemoryReuse},
		{Pass: AllocateAddr, Opts: map[string]string{"planner": "sequential"}},
	},
	"dsa-rp": {
		{Pass: MaterializeScratch},
		{Pass: InitMemRef, Opts: map[string]string{"planner": "dsa-rp"}},
		{Pass: MaterializeSemanticAliases},
		{Pass: AllocateAddr, Opts: map[string]string{"planner": "dsa-rp"}},
	},
	"ptoas": {
		{Pass: MaterializeScratch},
		{Pass: InitMemRef, Opts: map[string]string{"planner": "ptoas"}},
		{Pass: MaterializeSemanticAliases},
		{Pass: CheckPTOASPlan},
	},
}

type ptoMemoryPlanOptions struct {
	Planner string
	InPlace bool
}

func (o *ptoMemoryPlanOptions) Bind(s *pass.OptionSet) {
	s.Enum(&o.Planner, "planner", "pypto", pipelinePlanners, "Memory planner")
	s.Bool(&o.InPlace, "inplace", true, "pto kernels: an op's output may take the bytes of an input that dies at it")
}
