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
