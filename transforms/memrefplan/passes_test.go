package memrefplan

import "github.com/pto-opt/pto-opt/transforms/pass"

// The benchmarks run the pass by name. The programs register it from the
// table of transforms/all, which imports this package and so cannot be
// imported by its tests.
func init() { pass.Register(StaticMemoryPlannerAnalysis) }
