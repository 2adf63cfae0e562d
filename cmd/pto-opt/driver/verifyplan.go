package driver

import (
	"errors"
	"fmt"
	"io"

	"github.com/pto-opt/pto-opt/analysis/tilerun"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// planCheck is --verify-plan: a copy of the module taken before the
// passes, run with value semantics against the planned module.
//
// The planned module is the module as the passes leave it or, when a
// pass lowers the tile dialect into another (convert-tile-to-pto), a
// copy taken right before that pass: the reference executor runs tile
// ops, and the plan is the same before and after the lowering.
type planCheck struct {
	clone   *ir.Operation
	same    map[*ir.Operation]*ir.Operation // clone's ops -> the live module's
	planned *ir.Operation                   // the copy before the lowering, if taken
}

func snapshot(module *ir.Operation) *planCheck {
	clone := module.Clone(map[*ir.Value]*ir.Value{})
	return &planCheck{clone: clone, same: tilerun.SameOps(clone, module)}
}

// beforePass is the pass manager's hook: before the first pass that
// lowers the tile dialect away, it copies the planned module and maps
// the clone's ops onto the copy.
func (c *planCheck) beforePass(p *pass.Pass, module *ir.Operation) {
	if c.planned != nil || p.Lowers != "tile" {
		return
	}
	c.planned = module.Clone(map[*ir.Value]*ir.Value{})
	inCopy := tilerun.SameOps(module, c.planned)
	for op, live := range c.same {
		c.same[op] = inCopy[live] // nil when the op is gone
	}
}

// check compares every function that holds tile ops or pto buffers
// (ptoas's language, run by the executor's generic rule for pto ops). Each runs on four
// inputs; i1 and index arguments differ between them, so both arms of
// ifs on arguments are taken. maxWork bounds each run (0: the
// executor's default); a run that reaches it fails, saying how to raise
// it. For each function that passes, a line on w says what was run.
func (c *planCheck) check(w io.Writer, tgt *targets.Target, maxWork int64) error {
	opts := tilerun.Options{Seed: 1, MaxWork: maxWork}
	if tgt != nil {
		opts.Target = tgt.AliasRules()
		opts.Arch = tgt.PTO()
	}
	var errs ir.DiagnosticList
	var passed []string
	for _, fn := range topFunctions(c.clone) {
		planned := c.same[fn]
		if planned == nil || !hasTileOps(fn) && !tilerun.HasLocalBuffers(fn) {
			continue
		}
		done, err := tilerun.Check(fn, planned, c.same, opts, 4)
		if err != nil {
			d := ir.AsDiagnostic(err)
			var bound *tilerun.WorkBoundError
			if errors.As(err, &bound) {
				d = ir.NewError(d.Loc, "%s; raise the bound with --verify-plan-work=N", d.Msg)
			}
			errs = append(errs, d)
			continue
		}
		passed = append(passed, fmt.Sprintf("pto-opt: verify-plan: @%s: the planned function computes what the unplanned one does on %d inputs (%d ops run)\n", funcName(fn), done.Inputs, done.Ops))
	}
	if len(errs) > 0 {
		return errs
	}
	for _, l := range passed {
		io.WriteString(w, l)
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
		found = found || tile.IsTileOp(op)
		return !found
	})
	return found
}
