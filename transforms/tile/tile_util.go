package tile

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// Helpers shared by the tile memory passes (init-memref, semantic aliases,
// memory-reuse, allocate-addr; the exported ones by convert-tile-to-pto
// too). They answer "which allocation holds this
// tile" from the op traits: destination-style ops write their `into`
// buffer, in-place ops write their reused operand's, views and region
// results inherit.

// allocationOf returns the allocation tile v lives in, looking through
// tile.slice windows to their source (whose byte offset TileLocation cannot
// name). No-alias and hazard rules apply to the whole allocation, so a
// window counts as its source.
func allocationOf(v *ir.Value) (*ir.Value, bool) {
	for depth := 0; depth < 1000; depth++ {
		if l, ok := analysis.TileLocation(v); ok {
			return l.Buf, true
		}
		// TileLocation stopped at a slice somewhere up the chain: find it.
		w := v
		for w.Op != nil && !tile.ViewsWindow(w.Op) {
			switch {
			case w.Op.Has(ir.ResultReusesInput):
				w = w.Op.Operands[w.Op.Def.ReusedInput]
			case w.Op.Has(ir.ViewLike):
				w = w.Op.Operands[w.Op.Def.ViewSource]
			default:
				return nil, false
			}
		}
		if w.Op == nil {
			return nil, false
		}
		v = w.Op.Operands[w.Op.Def.ViewSource]
	}
	return nil, false
}

// tileSpace is the memory space of a tile value ("" if not a tile).
func tileSpace(v *ir.Value) string {
	if t, ok := v.Type.(*tile.Type); ok {
		return t.Space
	}
	return ""
}

// needsBuffer reports whether op produces a tile that needs an allocation
// of its own (a destination-style producer of an on-chip tile).
func needsBuffer(op *ir.Operation) bool {
	if !op.Has(ir.DestinationStyle) || len(op.Results) == 0 {
		return false
	}
	for _, r := range op.Results {
		if t, ok := r.Type.(*tile.Type); !ok || t.Space == "ddr" {
			return false
		}
	}
	return true
}

// newTileAlloc builds `tile.alloc space, size : !tile.buf<space>`.
func newTileAlloc(space string, size int64, loc ir.Location, name string) *ir.Operation {
	op := ir.NewOperation("tile.alloc", loc, nil, []ir.Type{tile.Buf(space)})
	op.SetAttr("size", ir.Int(size, ir.I64))
	op.Results[0].NameHint = name
	return op
}

// allocNamer hands out mem_<space>_<n> names not used in a function yet.
// It looks at the function's names when the first is asked for (a pass
// may create none), and keeps only those that could collide: the ones
// starting with mem_.
type allocNamer struct {
	fn   *ir.Operation
	used map[string]bool
	next map[string]int
}

func newAllocNamer(fn *ir.Operation) *allocNamer {
	return &allocNamer{fn: fn, next: map[string]int{}}
}

func (n *allocNamer) name(space string) string {
	if n.used == nil {
		n.used = map[string]bool{}
		n.fn.Walk(func(op *ir.Operation) bool {
			for _, r := range op.Results {
				if strings.HasPrefix(r.NameHint, "mem_") {
					n.used[r.NameHint] = true
				}
			}
			return true
		})
	}
	for {
		k := n.next[space]
		n.next[space]++
		name := "mem_" + space + "_" + strconv.Itoa(k)
		if !n.used[name] {
			n.used[name] = true
			return name
		}
	}
}

// Allocs lists the tile.alloc ops of a function in program order.
func Allocs(fn *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if IsAlloc(op) {
			out = append(out, op)
		}
		return true
	})
	return out
}

// hoistToEntry moves ops to the front of the function's entry block,
// keeping their relative order, after any allocations already there (up
// to the first of ops). The block is rebuilt once: moving ops one at a
// time would cost a scan of the block each.
func hoistToEntry(fn *ir.Operation, ops []*ir.Operation) {
	entry := fn.Body(0)
	moving := make(map[*ir.Operation]bool, len(ops))
	for _, op := range ops {
		moving[op] = true
	}
	for _, op := range ops {
		if op.Block != nil && op.Block != entry {
			op.Detach()
		}
	}
	at := 0
	for at < len(entry.Ops) && IsAlloc(entry.Ops[at]) && !moving[entry.Ops[at]] {
		at++
	}
	out := make([]*ir.Operation, 0, len(entry.Ops)+len(ops))
	out = append(out, entry.Ops[:at]...)
	for _, op := range ops {
		op.Block = entry
		out = append(out, op)
	}
	for _, op := range entry.Ops[at:] {
		if !moving[op] {
			out = append(out, op)
		}
	}
	entry.Ops = out
}

// eraseOps erases ops (whose results have no uses), one pass over each
// block they are in rather than one per op.
func eraseOps(ops []*ir.Operation) {
	byBlock := map[*ir.Block]map[*ir.Operation]bool{}
	var blocks []*ir.Block
	for _, op := range ops {
		b := op.Block
		if b == nil {
			op.Erase()
			continue
		}
		if byBlock[b] == nil {
			byBlock[b] = map[*ir.Operation]bool{}
			blocks = append(blocks, b)
		}
		byBlock[b][op] = true
	}
	for _, b := range blocks {
		set := byBlock[b]
		b.RemoveOps(func(op *ir.Operation) bool { return set[op] })
	}
}

// IsAlloc reports a tile allocation (an allocating op of a !tile.buf).
func IsAlloc(op *ir.Operation) bool {
	if !op.Has(ir.AllocLike) || len(op.Results) != 1 {
		return false
	}
	_, ok := op.Results[0].Type.(*tile.BufType)
	return ok
}

// IsPinned reports an author-declared allocation.
func IsPinned(alloc *ir.Operation) bool { return alloc.HasAttr("pinned") }

// allocSize returns tile.alloc's size.
func allocSize(alloc *ir.Operation) int64 {
	n, _ := alloc.IntAttrValue("size")
	return n
}

// Describe names a tile value for messages.
func Describe(v *ir.Value) string {
	if v.NameHint != "" {
		return "%" + v.NameHint
	}
	if v.Op != nil {
		return fmt.Sprintf("result #%d of %s", v.Index, ir.Describe(v.Op))
	}
	return "a region argument"
}

// viewClosure is v and every view of it, transitively.
func viewClosure(v *ir.Value) []*ir.Value {
	out := []*ir.Value{v}
	for i := 0; i < len(out); i++ {
		for u := range out[i].AllUses() {
			if u.Op.Has(ir.ViewLike) && u.Index == u.Op.Def.ViewSource {
				out = append(out, u.Op.Results...)
			}
		}
	}
	return out
}

// runsAfter reports whether op u may run after op w while value v (which
// w overwrites) is still the same value: later in a block that holds
// both, or in a later iteration of a loop around both that v outlives
// (where w itself reads v again).
func runsAfter(u, w *ir.Operation, v *ir.Value) bool {
	for x := w; u != w && x != nil && x.Block != nil; x = x.ParentOp() {
		a := x.Block.FindAncestorOpInBlock(u)
		if a == nil {
			continue
		}
		if a.IndexInBlock() > x.IndexInBlock() {
			return true
		}
		break
	}
	for p := w.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Def == nil || p.Def.Branch == nil || len(p.Regions()) == 0 || !p.Def.Branch.Loops(p, 0) || !p.IsAncestorOf(u) {
			continue
		}
		if !definedIn(v, p) {
			return true
		}
	}
	return false
}

// definedIn reports whether v is defined inside op p (an op in p's
// regions, or an argument of one of their blocks).
func definedIn(v *ir.Value, p *ir.Operation) bool {
	if v.Op != nil {
		return p.IsAncestorOf(v.Op)
	}
	o := v.Block.ParentOp()
	return o != nil && (o == p || p.IsAncestorOf(o))
}

// checkGivenAddrs refuses, at the allocation, addresses the input already
// carries that break the target's rules (misaligned, past the capacity,
// in a reserved window): they are the author's (or an earlier run's), and
// the validator run after the pass would otherwise blame the pass with an
// internal error at the function.
func checkGivenAddrs(ctx *pass.Context, fn *ir.Operation, passName string) error {
	if err := analysis.CheckAllocAddrs(fn, placementRules(ctx, fn)); err != nil {
		d := ir.AsDiagnostic(err)
		return ir.NewError(d.Loc, "%s: the input's %s", passName, d.Msg)
	}
	if err := checkTargetOps(ctx, fn); err != nil {
		d := ir.AsDiagnostic(err)
		return ir.NewError(d.Loc, "%s: %s", passName, d.Msg)
	}
	return nil
}

// planCheckers are the passes that leave a plan the validator accepts
// (init-memref: once it has checked what the input bound): input that one
// of them produced in this pipeline needs no check of its own.
var planCheckers []*pass.Pass

func init() {
	planCheckers = []*pass.Pass{InitMemRef, MaterializeSemanticAliases, MemoryReuse, AllocateAddr}
}

// checkInputPlan refuses, where the validator points, an input whose plan
// is already wrong (tiles the author bound where a later write clobbers
// them, addresses that collide), unless a pass before this one in the
// pipeline left it: the check after the pass covers what the pass did,
// and would report the input's mistake as the pass's internal error.
// Loop carries and if results not yet on one place are not checked.
func checkInputPlan(ctx *pass.Context, fn *ir.Operation, passName string) error {
	if slices.ContainsFunc(planCheckers, ctx.Ran) || len(Allocs(fn)) == 0 {
		return nil
	}
	rules := placementRules(ctx, fn)
	rules.Unmaterialized = checkSemanticAliases(fn) != nil
	if err := analysis.CheckTilePlacement(fn, rules); err != nil {
		d := ir.AsDiagnostic(err) // keeps the validator's notes
		d.Msg = fmt.Sprintf("%s: the input's plan is wrong: %s", passName, strings.TrimPrefix(d.Msg, "placement: "))
		return d
	}
	return nil
}
