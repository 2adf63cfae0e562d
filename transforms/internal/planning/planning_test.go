package planning

import (
	"slices"
	"testing"

	"github.com/pto-opt/pto-opt/planner"
)

func TestAllAlgorithmsLeadsWithFirstAndOffersEvery(t *testing.T) {
	got := AllAlgorithms("sequential", "dsa-rp")
	all := planner.Algorithms()
	if len(got) != len(all) || got[0] != "sequential" || got[1] != "dsa-rp" {
		t.Fatalf("AllAlgorithms = %v, planner has %v", got, all)
	}
	for _, a := range all {
		if !slices.Contains(got, a) {
			t.Errorf("%s missing from %v", a, got)
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
