package tile

import (
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// CheckTargetOp refuses, at the op, a tile.load into or a tile.store from a
// space the target cannot load or store (its "loads" and "stores"), and a
// tile.move between two memory spaces the target cannot copy between (the target file's "moves": ptoas's tmov
// pairs; vec -> mat exists on ascend950 only). The kernel cannot run as
// written, so planning it would only hand ptoas something it rejects.
func CheckTargetOp(ctx *pass.Context, op *ir.Operation) error {
	if ctx.Target == nil {
		return nil
	}
	if isGlobalLoad(op) && len(op.Results) > 0 {
		if sp := tile.SpaceOf(op.Results[0].Type); sp != "" && !ctx.Target.CanLoad(sp) {
			return ir.NewError(op.Loc, "'%s' into %s: target '%s' loads from global memory only into %s", op.Name, sp, ctx.Target.Name, strings.Join(ctx.Target.Loads, ", "))
		}
	}
	if tile.StoresToTensor(op) && len(op.Operands) > 0 {
		if sp := tile.SpaceOf(op.Operands[0].Type); sp != "" && !ctx.Target.CanStore(sp) {
			return ir.NewError(op.Loc, "'%s' from %s: target '%s' stores to global memory only from %s", op.Name, sp, ctx.Target.Name, strings.Join(ctx.Target.Stores, ", "))
		}
	}
	if !tile.CopiesTile(op) || len(op.Operands) == 0 || len(op.Results) == 0 {
		return nil
	}
	from, to := tile.SpaceOf(op.Operands[0].Type), tile.SpaceOf(op.Results[0].Type)
	if from == "" || to == "" || from == "ddr" || ctx.Target.CanMove(from, to) {
		return nil
	}
	return ir.NewError(op.Loc, "'%s' from %s to %s is not a copy target '%s' has (its moves: %s)", op.Name, from, to, ctx.Target.Name, moveList(ctx))
}

func moveList(ctx *pass.Context) string {
	s := ""
	for i, m := range ctx.Target.Moves {
		if i > 0 {
			s += ", "
		}
		s += m[0] + "->" + m[1]
	}
	return s
}

// checkTargetOps applies CheckTargetOp to every op of fn.
func checkTargetOps(ctx *pass.Context, fn *ir.Operation) error {
	var err error
	fn.Walk(func(op *ir.Operation) bool {
		if err == nil {
			err = CheckTargetOp(ctx, op)
		}
		return err == nil
	})
	return err
}
