package tile

import "github.com/pto-opt/pto-opt/dialect/ir"

// The op interfaces the tile dialect attaches to its ops
// (ir.OpDef.Interfaces): the hardware facts of the table's rows, for the
// analyses and passes, which declare the Go interface of what they ask and
// find it with ir.InterfaceOf. The IR core knows none of them. A tile op
// implements
//
//	Pipe(op *ir.Operation) string
//	    the hardware pipe it runs on (MTE1, MTE2, MTE3, V, M, FIX);
//	ForbiddenAliasOperands(op *ir.Operation, target string) (all bool, operands []int)
//	    the inputs its output must not share bytes with under the named
//	    target (all: every input), the no-alias rule the planners obey;
//
// and the ops of the Ascend910B split-AIV load + tpop hazard one of
//
//	GlobalLoad()    it reads a tile from global memory (tile.load);
//	CubePop()       it receives a tile from the cube core (tile.tpop_from_aic).

// interfaces are the op interfaces of a row's op.
func (r *Op) interfaces() []any {
	out := []any{rowFacts{r}}
	switch r.Hazard {
	case GlobalLoad:
		out = append(out, globalLoad{})
	case CubePop:
		out = append(out, cubePop{})
	}
	return out
}

// rowFacts answers for an op from its row.
type rowFacts struct{ r *Op }

// Pipe is the row's pipe: PipeFor's answer when it decides per op, else
// Pipe, the vector unit V when the row names none.
func (f rowFacts) Pipe(op *ir.Operation) string {
	switch {
	case f.r.PipeFor != nil:
		return f.r.PipeFor(op)
	case f.r.Pipe == "":
		return "V"
	}
	return f.r.Pipe
}

// ForbiddenAliasOperands is the row's alias rule for op under target.
func (f rowFacts) ForbiddenAliasOperands(op *ir.Operation, target string) (all bool, operands []int) {
	return f.r.forbiddenAliasOperands(op, target)
}

type globalLoad struct{}

func (globalLoad) GlobalLoad() {}

type cubePop struct{}

func (cubePop) CubePop() {}
