package tile

import "github.com/pto-opt/pto-opt/dialect/ir"

// The op interfaces the tile passes ask ops for (ir.InterfaceOf); the
// tile dialect attaches them to its ops. The no-alias rule's is the
// analyses' (analysis.NoAliasRule).

// pipeOp is implemented by the ops that run on a hardware pipe.
type pipeOp interface {
	Pipe(op *ir.Operation) string
}

// pipeOf is the hardware pipe op runs on, "" when it names none.
func pipeOf(op *ir.Operation) string {
	if p, ok := ir.InterfaceOf[pipeOp](op); ok {
		return p.Pipe(op)
	}
	return ""
}

// globalLoadOp is implemented by the ops that read a tile from global
// memory, cubePopOp by those that receive a tile from the cube core: the
// two sides of the Ascend910B split-AIV load + tpop hazard.
type (
	globalLoadOp interface{ GlobalLoad() }
	cubePopOp    interface{ CubePop() }
)

func isGlobalLoad(op *ir.Operation) bool {
	_, ok := ir.InterfaceOf[globalLoadOp](op)
	return ok
}

func isCubePop(op *ir.Operation) bool {
	_, ok := ir.InterfaceOf[cubePopOp](op)
	return ok
}
