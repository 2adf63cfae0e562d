package planning

import (
	"slices"
	"testing"

	"github.com/pto-opt/pto-opt/planner"
)

// A pass's planner= option offers every planner the library has, but
// not the model of ptoas's planner (planner=ptoas means ptoas plans) or
// dsa-rp-within-best-fit (dsa-rp's within-best-fit= option).
func TestAllAlgorithmsLeadsWithFirstAndOffersEvery(t *testing.T) {
	got := AllAlgorithms("sequential", "dsa-rp")
	if got[0] != "sequential" || got[1] != "dsa-rp" {
		t.Fatalf("AllAlgorithms = %v", got)
	}
	for _, a := range planner.Planners() {
		if !slices.Contains(got, a) && a != planner.WithinBestFit {
			t.Errorf("%s missing from %v", a, got)
		}
	}
	for _, a := range []string{"ptoas", planner.WithinBestFit} {
		if slices.Contains(got, a) || !slices.Contains(planner.Algorithms(), a) {
			t.Errorf("%s offered in %v (the planner has %v)", a, got, planner.Algorithms())
		}
	}
}

func TestUnknownAlgorithmPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for an algorithm the planner does not have")
		}
	}()
	Algorithms("trivial", "first-fit")
}
