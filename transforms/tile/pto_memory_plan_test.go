package tile

import (
	"slices"
	"testing"

	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// TestEveryPlannerHasAPipeline: pto-memory-plan's planner option and the
// pipelines it expands to list the same planners, and every pipeline's
// steps take their options (a bad step value would only fail when a user
// picks that planner).
func TestEveryPlannerHasAPipeline(t *testing.T) {
	if len(planPipelines) != len(pipelinePlanners) {
		t.Errorf("%d pipelines for %d planners", len(planPipelines), len(pipelinePlanners))
	}
	for _, name := range pipelinePlanners {
		if len(planPipelines[name]) == 0 {
			t.Errorf("planner %s has no pipeline", name)
			continue
		}
		in, err := pass.NewInstance(PTOMemoryPlan, map[string]string{"planner": name})
		if err != nil {
			t.Fatal(err)
		}
		pl := pass.NewModulePipeline()
		if err := pl.Add(in); err != nil {
			t.Errorf("planner %s: %v", name, err)
			continue
		}
		if got := len(pl.Flatten()); got != len(planPipelines[name]) {
			t.Errorf("planner %s: %d passes, want %d", name, got, len(planPipelines[name]))
		}
	}
}

// TestAllocateAddrOffersEveryPlannerAlgorithm: a new planner algorithm is
// an allocate-addr planner without touching the pass; dsa-rp within best
// fit is dsa-rp's within-best-fit= option, and the model of ptoas's
// planner is no planner to give addresses with.
func TestAllocateAddrOffersEveryPlannerAlgorithm(t *testing.T) {
	var values []string
	for _, s := range AllocateAddr.Options {
		if s.Name == "planner" {
			values = s.Values
		}
	}
	all := planner.Planners()
	if len(values) != len(all)-1 || values[0] != "sequential" {
		t.Fatalf("planner values %v, planners %v", values, all)
	}
	for _, a := range all {
		if !slices.Contains(values, a) && a != planner.WithinBestFit {
			t.Errorf("allocate-addr does not offer %s", a)
		}
	}
	if slices.Contains(values, "ptoas") || slices.Contains(values, planner.WithinBestFit) {
		t.Errorf("allocate-addr offers %v", values)
	}
}
