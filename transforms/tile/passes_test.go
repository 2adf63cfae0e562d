package tile

import "github.com/pto-opt/pto-opt/transforms/pass"

// The tests run pipelines by pass name. The programs register the passes
// from the table of transforms/all, which imports this package and so
// cannot be imported by its tests: they register this package's passes.
func init() {
	pass.Register(AllocateAddr, CheckPTOASPlan, CheckTilePlacement, InitMemRef,
		MaterializeScratch, MaterializeSemanticAliases, MemoryReuse, PTOMemoryPlan)
}
