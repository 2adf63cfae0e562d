package driver

import (
	"errors"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/tilerun"
	"github.com/pto-opt/pto-opt/targets"
)

// planCheck is --verify-plan: a copy of the module taken before the
// passes, run with value semantics against the planned module.
type planCheck struct {
	clone *ir.Operation
	same  map[*ir.Operation]*ir.Operation
}

func snapshot(module *ir.Operation) *planCheck {
	clone := module.Clone(map[*ir.Value]*ir.Value{})
	return &planCheck{clone: clone, same: tilerun.SameOps(clone, module)}
}

// check compares every function that holds tile ops. Each runs on four
// inputs; i1 and index arguments differ between them, so both arms of
// ifs on arguments are taken. maxWork bounds each run (0: the
// executor's default); a run that reaches it fails, saying how to raise
// it.
func (c *planCheck) check(tgt *targets.Target, maxWork int64) error {
	opts := tilerun.Options{Seed: 1, MaxWork: maxWork}
	if tgt != nil {
		opts.Target = tgt.AliasRules()
	}
	var errs ir.DiagnosticList
	for _, fn := range topFunctions(c.clone) {
		planned := c.same[fn]
		if planned == nil || !hasTileOps(fn) {
			continue
		}
		if err := tilerun.Check(fn, planned, c.same, opts, 4); err != nil {
			d := ir.AsDiagnostic(err)
			var bound *tilerun.WorkBoundError
			if errors.As(err, &bound) {
				d = ir.NewError(d.Loc, "%s; raise the bound with --verify-plan-work=N", d.Msg)
			}
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

func topFunctions(module *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	if b := module.Body(0); b != nil {
		for _, op := range b.Ops {
			if op.Has(ir.FunctionLike) && op.Body(0) != nil {
				out = append(out, op)
			}
		}
	}
	return out
}

func hasTileOps(fn *ir.Operation) bool {
	found := false
	fn.Walk(func(op *ir.Operation) bool {
		found = found || op.Dialect() == "tile"
		return !found
	})
	return found
}
