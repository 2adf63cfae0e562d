package tilerun

import (
	"bytes"
	"errors"
	"maps"
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Checked is what a Check that found nothing ran: the inputs tried and
// the ops the planned function executed over all of them.
type Checked struct {
	Inputs int
	Ops    int64
}

// Check runs ref (the function before planning) with value semantics and
// plan (the same function after planning) in its planned memory, on runs
// different inputs (seeds opts.Seed, opts.Seed+1, ...), and reports the
// first difference: a read by an op both functions have that sees other
// bytes, or a tensor argument that ends differently. same maps the ops
// of ref to their counterparts in plan; ops the passes inserted (copies)
// are run but their reads are not compared, since ref has no such read.
// A function the executor cannot run is reported as such, not as a
// divergence.
func Check(ref, plan *ir.Operation, same map[*ir.Operation]*ir.Operation, opts Options, runs int) (Checked, error) {
	var done Checked
	kept := map[*ir.Operation]bool{}
	keys := map[*ir.Operation]uint64{}
	n := uint64(0)
	ref.Walk(func(op *ir.Operation) bool {
		n++
		keys[op] = n
		if p, ok := same[op]; ok {
			kept[p] = true
			keys[p] = n
		}
		return true
	})
	opts.OpKeys = keys
	for k := 0; k < max(runs, 1); k++ {
		o := opts
		o.Seed = opts.Seed + uint64(k)
		o.Mode = Values
		want, err := Run(ref, o)
		if err != nil {
			return done, runError(err, "the unplanned function", o.Seed)
		}
		o.Mode = Placed
		got, err := Run(plan, o)
		if err != nil {
			return done, runError(err, "the planned function", o.Seed)
		}
		if err := compareReads(want.Reads, got.Reads, same, kept, o.Seed); err != nil {
			return done, err
		}
		// In argument order: the first that differs is reported, the same
		// one on every run.
		for _, i := range slices.Sorted(maps.Keys(want.Tensors)) {
			if !sameDefined(want.Tensors[i], got.Tensors[i], want.Undefined[i]) {
				return done, ir.NewError(plan.Loc, "verify-plan: tensor argument #%d holds different bytes after the planned function than after the unplanned one (seed %d)", i, o.Seed)
			}
		}
		done.Inputs++
		done.Ops += got.Ops
	}
	return done, nil
}

// sameDefined: b holds a's bytes wherever a's are not garbage (undef;
// nil: none is).
func sameDefined(a, b []byte, undef []bool) bool {
	if undef == nil || len(a) != len(b) {
		return bytes.Equal(a, b)
	}
	for i := range a {
		if !undef[i] && a[i] != b[i] {
			return false
		}
	}
	return true
}

// runError words a run that failed: an access outside a tensor or a
// view's source is the kernel's fault; a run stopped by its work bound
// verified nothing (a *WorkBoundError still, so the caller can say how to
// raise the bound); anything else is what the executor cannot run.
func runError(err error, which string, seed uint64) error {
	var fault *FaultError
	var bound *WorkBoundError
	d := ir.AsDiagnostic(err)
	switch {
	case errors.As(err, &fault):
		return ir.NewError(d.Loc, "verify-plan: %s, out of bounds (seed %d)", d.Msg, seed)
	case errors.As(err, &bound):
		return &WorkBoundError{Bound: bound.Bound, Diag: ir.NewError(d.Loc, "verify-plan: stopped running %s: %s, so the plan is not verified", which, d.Msg)}
	}
	return ir.NewError(d.Loc, "verify-plan: cannot run %s: %s", which, d.Msg)
}

// compareReads walks the reads both runs made through ops they share, in
// order, and reports the first whose bytes differ.
func compareReads(want, got []Read, same map[*ir.Operation]*ir.Operation, kept map[*ir.Operation]bool, seed uint64) error {
	j := 0
	for _, w := range want {
		p, ok := same[w.Op]
		if !ok {
			continue
		}
		for j < len(got) && !kept[got[j].Op] {
			j++
		}
		if j == len(got) {
			return nil
		}
		g := got[j]
		j++
		if g.Op != p || g.Operand != w.Operand {
			return nil // the runs no longer line up; the tensors decide
		}
		if g.Sum == w.Sum || w.Undefined {
			continue // the unplanned kernel reads garbage there: nothing to keep
		}
		v := g.Op.Operands[g.Operand]
		d := ir.NewError(g.Op.Loc, "verify-plan: '%s' reads operand #%d (%s) with other bytes than in the unplanned program (seed %d)", g.Op.Name, g.Operand, valueName(v), seed)
		if g.Writer != nil && g.Writer != v.Op {
			d = d.WithNote(g.Writer.Loc, "the bytes were last written by '%s'", g.Writer.Name)
		}
		if v.Op != nil {
			d = d.WithNote(v.Op.Loc, "the value read is produced by '%s'", v.Op.Name)
		}
		return d
	}
	return nil
}

func valueName(v *ir.Value) string {
	if v.NameHint != "" {
		return "%" + v.NameHint
	}
	return "a tile"
}

// SameOps pairs the ops of a clone with those of its original, walking
// both in step (Operation.Clone keeps the structure).
func SameOps(clone, orig *ir.Operation) map[*ir.Operation]*ir.Operation {
	out := map[*ir.Operation]*ir.Operation{}
	var a, b []*ir.Operation
	clone.Walk(func(op *ir.Operation) bool { a = append(a, op); return true })
	orig.Walk(func(op *ir.Operation) bool { b = append(b, op); return true })
	for i := range min(len(a), len(b)) {
		if a[i].Name == b[i].Name {
			out[a[i]] = b[i]
		}
	}
	return out
}
