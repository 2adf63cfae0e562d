package tile

import (
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// init-memref (PyPTO's InitMemRef): gives every on-chip tile its own
// allocation, `tile.alloc <space>, <bytes>`, hoisted to the function entry,
// and binds the producer to it with `into`. Tiles that share their source's
// allocation get none: views (reshape, slice, reinterpret), tile.store
// (its result is the output tensor), in-place ops (matmul_acc, gemv_acc),
// and loop/if results (they are the yielded tiles). Tiles the author bound
// to a declared (`pinned`) allocation keep it, and a declared allocation is
// sized by its largest bound tile.
//
// Rejected: an in-place op (matmul_acc) accumulating into a tile that is
// read again afterwards (the read would see the accumulated bytes, and no
// copy within acc exists to keep the old ones); a tile of dynamic shape (no static size to allocate), tiles
// bound independently to one declared allocation that are live at the same
// time, and, with planner=ptoas, declared allocations (ptoas plans memory
// itself and would not keep them isolated). Binding the result of a view or of an in-place
// op, or tiles of different spaces to one allocation, is already rejected
// by the op verifier.

// InitMemRef is the init-memref pass, which the other tile passes and
// convert-tile-to-pto require.
var InitMemRef = pass.WithOptions(&pass.Pass{
	Name:          "init-memref",
	ClassName:     "InitMemRef",
	Summary:       "Give every on-chip tile an allocation (tile.alloc hoisted to the entry, `into` on producers)",
	Anchor:        "func.func",
	Parallel:      true,
	Postcondition: func(_ *pass.Context, op *ir.Operation) error { return checkTilesBound(op) },
	Stats:         map[string]string{"num-allocs": "Number of tile.alloc ops created"},
}, runInitMemRef)

type initMemRefOptions struct {
	Planner string // the pipeline's planner (pto-memory-plan's)
}

func (o *initMemRefOptions) Bind(s *pass.OptionSet) {
	s.Enum(&o.Planner, "planner", "pypto", pipelinePlanners,
		"The memory planner the pipeline uses (ptoas rejects declared allocations)")
}

func runInitMemRef(ctx *pass.Context, fn *ir.Operation, o *initMemRefOptions) error {
	if err := checkGivenAddrs(ctx, fn, "init-memref"); err != nil {
		return err
	}
	if fn.Body(0) == nil {
		return nil
	}
	namer := newAllocNamer(fn)
	var created []*ir.Operation
	var failure error
	fn.Walk(func(op *ir.Operation) bool {
		if failure != nil {
			return false
		}
		if !needsBuffer(op) || len(tile.Dests(op)) > 0 {
			return true
		}
		// One allocation per result (a multi-result op gets one each).
		bufs := make([]*ir.Value, len(op.Results))
		for i, r := range op.Results {
			t := r.Type.(*tile.Type)
			if !t.HasStaticShape() {
				failure = ir.NewError(op.Loc, "init-memref: tile %s of %s has a dynamic shape and cannot be given a static allocation", t, ir.Describe(op))
				return false
			}
			alloc := newTileAlloc(t.Space, t.ByteSize(), op.Loc, namer.name(t.Space))
			created = append(created, alloc)
			bufs[i] = alloc.Results[0]
		}
		tile.SetDests(op, bufs, make([]int64, len(bufs)))
		return true
	})
	if failure != nil {
		return failure
	}
	if err := checkInPlaceReads(fn); err != nil {
		return err
	}

	// Declared allocations: hoisted too, sized by their largest bound tile.
	var declared []*ir.Operation
	for _, a := range Allocs(fn) {
		if slices.Contains(created, a) {
			continue
		}
		declared = append(declared, a)
		if IsPinned(a) && o.Planner == "ptoas" {
			return ir.NewError(a.Loc, "init-memref: declared (pinned) allocations are not supported with planner=ptoas: ptoas plans memory itself and would not keep them isolated")
		}
		if !IsPinned(a) {
			continue
		}
		largest := int64(0)
		for u := range a.Results[0].AllUses() {
			ri, ok := tile.DestResult(u.Op, u.Index)
			if !ok {
				continue
			}
			if t, ok := u.Op.Results[ri].Type.(*tile.Type); ok {
				if !t.HasStaticShape() {
					return ir.NewError(u.Op.Loc, "init-memref: tile %s bound to declared allocation has a dynamic shape", t)
				}
				largest = max(largest, tile.DestOffsetFor(u.Op, ri)+t.ByteSize())
			}
		}
		if largest > 0 {
			a.SetAttr("size", ir.Int(largest, ir.I64))
		}
	}
	hoistToEntry(fn, append(declared, created...))
	ctx.Stat("num-allocs", int64(len(created)))
	// Tiles the author bound to one allocation must not be live at the
	// same time (that is not reuse: the later write destroys data the
	// earlier tile still needs), nor break another rule. Checked here,
	// before any planner, by the independent validator: at this point only
	// allocations of the input hold more than one tile, so what it finds
	// is the input's mistake (the passes after would report it as theirs).
	what := ""
	for _, a := range declared {
		switch n := countBindings(a); {
		case n >= 2 && IsPinned(a):
			what = "tiles bound to a declared allocation conflict"
		case n >= 1 && what == "":
			what = "tiles the input binds to allocations clash"
		}
	}
	if what != "" {
		rules := placementRules(ctx, fn)
		rules.Unmaterialized = true
		if err := analysis.CheckTilePlacement(fn, rules); err != nil {
			d := ir.AsDiagnostic(err)
			d.Msg = "init-memref: " + what + ": " + strings.TrimPrefix(d.Msg, "placement: ")
			return d
		}
	}
	return nil
}

// countBindings counts the producers that write into alloc directly.
func countBindings(alloc *ir.Operation) int {
	n := 0
	for u := range alloc.Results[0].AllUses() {
		if _, ok := tile.DestResult(u.Op, u.Index); ok {
			n++
		}
	}
	return n
}

// checkInPlaceReads refuses in-place ops whose accumulator is read after
// them: in value semantics `tile.matmul_acc %c0, ...` leaves %c0 intact,
// but the op writes into %c0's bytes, so a later read of %c0 would see
// the accumulated result. Keeping %c0 needs a copy in its own space, and
// the in-place ops accumulate in acc, which has no acc-to-acc copy.
func checkInPlaceReads(fn *ir.Operation) error {
	var failure error
	fn.Walk(func(op *ir.Operation) bool {
		if failure != nil || !op.Has(ir.ResultReusesInput) {
			return failure == nil
		}
		acc := op.Operands[op.Def.ReusedInput]
		for _, v := range viewClosure(acc) {
			for u := range v.AllUses() {
				if !runsAfter(u.Op, op, acc) {
					continue
				}
				if u.Op == op {
					failure = ir.NewError(op.Loc, "init-memref: '%s' accumulates in place into %s, defined outside the enclosing loop, and reads it again in the next iteration, which would see the accumulated bytes; there is no copy within memory space '%s' to keep the old ones (carry the accumulator with iter_args instead)", op.Name, Describe(acc), tileSpace(acc))
					return false
				}
				failure = ir.NewError(op.Loc, "init-memref: '%s' accumulates in place into %s, which '%s' at %s reads afterwards; it would read the accumulated bytes, and there is no copy within memory space '%s' to keep the old ones", op.Name, Describe(acc), u.Op.Name, u.Op.Loc, tileSpace(acc)).
					WithNote(u.Op.Loc, "the later read")
				return false
			}
		}
		return true
	})
	return failure
}

// checkTilesBound is init-memref's postcondition: every on-chip tile is
// bound to an allocation.
func checkTilesBound(op *ir.Operation) error {
	var missing *ir.Operation
	op.Walk(func(o *ir.Operation) bool {
		if missing == nil && needsBuffer(o) && len(tile.Dests(o)) == 0 {
			missing = o
		}
		return missing == nil
	})
	if missing != nil {
		// Located at the op: the message names it without repeating where.
		return ir.NewError(missing.Loc, "'%s' has no 'into' allocation", missing.Name)
	}
	return nil
}
