// Package all is the table of pto-opt's passes: Passes lists every pass,
// in the order --help and docs/passes.md show them, and importing this
// package registers them with the pass manager (nothing else registers a
// pass, so a pass missing here is unknown to --help, the flags and
// --pass-pipeline). It registers every dialect too (dialect/all), since a
// pipeline of passes may read IR of any of them.
package all

import (
	_ "github.com/pto-opt/pto-opt/dialect/all"
	"github.com/pto-opt/pto-opt/transforms/memrefplan"
	"github.com/pto-opt/pto-opt/transforms/pass"
	"github.com/pto-opt/pto-opt/transforms/testpasses"
	"github.com/pto-opt/pto-opt/transforms/tile"
	"github.com/pto-opt/pto-opt/transforms/tiletopto"
)

// Passes are the passes and named pipelines of pto-opt, sorted by name.
var Passes = []*pass.Pass{
	tile.AllocateAddr,
	tile.CheckPTOASPlan,
	tile.CheckTilePlacement,
	tiletopto.ConvertTileToPTO,
	tile.InitMemRef,
	tile.MaterializeScratch,
	tile.MaterializeSemanticAliases,
	tile.MemoryReuse,
	tile.PTOMemoryPlan,
	memrefplan.StaticMemoryPlannerAnalysis,
	testpasses.PrintAliases,
	testpasses.PrintLiveness,
}

func init() { pass.Register(Passes...) }
