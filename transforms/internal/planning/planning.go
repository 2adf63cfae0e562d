// Package planning is what the planning passes (the tile passes'
// allocate-addr and memory-reuse, the memref static planner) share about
// the planner library: the dsa-rp budget of a pass, the algorithms an
// option offers, planner errors as diagnostics, memory reports.
package planning

import (
	"slices"

	"github.com/pto-opt/pto-opt/planner"
)

// DefaultWork is the passes' default dsa-rp work budget: kernels' pools
// are small, and a function pass runs once per function, so it is a tenth
// of the standalone planner's.
const DefaultWork = planner.DefaultWork / 10

// AllAlgorithms lists the planner's planners for an enum option: first,
// in that order, then every other one, so an algorithm added to the
// planner is offered without touching the pass. A name the planner does
// not know is a bug, caught when the pass is declared (at start-up).
// Offered are planner.Planners (not the model of ptoas's planner, which
// takes problems in ptoas's terms) but dsa-rp-within-best-fit, which a
// pass offers as dsa-rp's within-best-fit= option.
func AllAlgorithms(first ...string) []string {
	out := Algorithms(first...)
	for _, n := range planner.Planners() {
		if !slices.Contains(first, n) && n != planner.WithinBestFit {
			out = append(out, n)
		}
	}
	return out
}

// Algorithms lists some of the planner's algorithms for an enum option,
// each checked as AllAlgorithms does.
func Algorithms(names ...string) []string {
	all := planner.Algorithms()
	for _, n := range names {
		if !slices.Contains(all, n) {
			panic("planning: the planner has no algorithm " + n)
		}
	}
	return append([]string(nil), names...)
}
