// Package plans names the artifact through which the planning passes
// hand their memory plans to the driver (--memory-report, --summary): a
// report.Function per function and pass that planned memory, in the
// order the passes ran (transforms/internal/planning records them). It
// is a package of its own because the passes and the driver both import
// it, and transforms/pass, which carries the plans, imports no planner
// package.
package plans

import (
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// Key is the artifact of memory plans.
var Key = pass.NewArtifact[report.Function]("memory plans")

// Problem is one planning problem a pass solved, as a pto-plan document
// (--dump-planning-problem): the function and pass it came from, and the
// schema-v1 JSON, whose metadata says how pto-plan solves it the same way.
type Problem struct {
	Function, Pass string
	// Part names the memory space when the pass plans each on its own.
	Part string
	JSON []byte
	// Failed: the problem had no placement within capacity (the dump is
	// written even though the run fails, as the report of a failed plan).
	Failed bool
}

// ProblemKey is the artifact of planning problems.
var ProblemKey = pass.NewArtifact[Problem]("planning problems")
