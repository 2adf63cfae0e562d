// Package tiletopto is convert-tile-to-pto, the lowering of planned tile
// kernels to the pto dialect that the ptoas assembler reads.
package tiletopto

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/analysis"
	funcdialect "github.com/pto-opt/pto-opt/dialect/func"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	tiledialect "github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/transforms/pass"
	"github.com/pto-opt/pto-opt/transforms/tile"
	"github.com/pto-opt/pto-opt/transforms/tiletopto/lowering"
)

// convert-tile-to-pto: emits the input of the ptoas assembler (the pto
// dialect, destination-passing style) from a planned tile kernel.
//
//   - Every tile value becomes the pto.alloc_tile of the buffer it was
//     planned into: one `pto.alloc_tile` per (allocation, byte offset,
//     tile type), hoisted to the function entry. When the allocation has an
//     address ({addr = N} from allocate-addr, planner=pypto or dsa-rp) the
//     tile gets `addr = %c` with `%c = arith.constant <N + offset> : i64`;
//     without addresses (planner=ptoas) it gets none and ptoas plans. Tiles
//     that are one variable (loop carries, if results, in-place results)
//     share one allocation, so they share one pto.alloc_tile.
//   - Each tile op becomes `pto.t<op> ins(<inputs>) outs(<destination>)`
//     following the mapping (package lowering); loads and stores take a
//     `pto.partition_view` of the global tensor at the op's offsets.
//   - Every pto op emitted is checked with the pto dialect's rules (those
//     of the target's arch included): a kernel ptoas would reject is
//     refused at the tile op, with ptoas's reason.
//   - tile.alloc ops disappear. Loop-carried and if-yielded tiles and
//     tensors are no values any more (the buffer is the variable), so
//     scf.for iter_args and scf.if results of those types are dropped.
//   - `!tile.tensor` arguments become `!pto.tensor_view`; stores write the
//     arguments in place, so the function returns no tensor.
//
// Offsets of tile.load / tile.store (`offsets = [...]` plus index
// operands after the tensor): without index operands the offsets are the
// attribute; with one index operand per tensor dimension they are added to
// the attribute (zero when absent); with a single index operand %k on a
// tensor of rank > 1, the attribute is a per-step stride and the offset of
// dimension d is offsets[d] * %k (a K-loop walking a tensor tile by tile).
//
// The input must be planned: every tile producer has its `into`
// (init-memref) and every loop carry and if result lives in one allocation
// (materialize-semantic-aliases); either allocations all have an address or
// none has.

// loweringOfValue returns the lowering of the op defining v.
func loweringOfValue(v *ir.Value) (lowering.Lowering, bool) {
	if v.Op == nil {
		return lowering.Lowering{}, false
	}
	return lowering.OfOp(v.Op)
}

// ConvertTileToPTO is the convert-tile-to-pto pass.
var ConvertTileToPTO = &pass.Pass{
	Name:      "convert-tile-to-pto",
	ClassName: "ConvertTileToPTO",
	Summary:   "Emit the pto dialect for ptoas: pto.alloc_tile per planned tile buffer, ins/outs ops, no tile values",
	// The module, not each function: the pass records the target's arch
	// on it (pto.target_arch), which ptoas reads when no --pto-arch is
	// given.
	Anchor: "builtin.module",
	Lowers: "tile",
	// check-ptoas-plan: output without addresses is planned by ptoas
	// itself; unless pto-memory-plan{planner=ptoas} has checked that its
	// planner fits, the conversion does (pass.Pass.Requires).
	Requires: []*pass.Pass{tile.InitMemRef, tile.MaterializeSemanticAliases, tile.CheckPTOASPlan},
	Stats: map[string]string{
		"num-tiles": "pto.alloc_tile ops created",
		"num-ops":   "pto ops emitted for tile ops",
	},
	Run: runConvertModule,
}

func runConvertModule(ctx *pass.Context, m *ir.Operation) error {
	for _, fn := range funcdialect.Funcs(m) {
		if err := runConvertTileToPTO(ctx, fn); err != nil {
			return err
		}
	}
	if ctx.Target != nil && ctx.Target.PTOArch != nil {
		m.SetAttr("pto.target_arch", ir.Str(ctx.Target.PTOArch.Name))
	}
	return nil
}

// ptoConv is the state of one function's conversion.
type ptoConv struct {
	ctx      *pass.Context
	fn       *ir.Operation
	withAddr bool
	tiles    map[tileKey]*ir.Value   // the pto.alloc_tile of each buffer
	windows  map[*ir.Value]*ir.Value // the pto.subset or view op of each view tile
	views    map[*ir.Value]*ir.Value // the pto.make_tensor_view of each tensor argument
	viewOps  []*ir.Operation         // those, for the entry (after the index constants)
	order    []tileKey
	prologue []*ir.Operation // constants and alloc_tiles for the entry
	addrCst  map[int64]*ir.Value
	idxCst   map[int64]*ir.Value
	idxOps   []*ir.Operation
	// tensorArgs are the !tile.tensor arguments with their types (the
	// arguments become !pto.ptr at the end).
	tensorArgs map[*ir.Value]*tiledialect.TensorType
}

type tileKey struct {
	alloc  *ir.Operation
	offset int64
	typ    ir.Type
}

func runConvertTileToPTO(ctx *pass.Context, fn *ir.Operation) error {
	entry := fn.Body(0)
	if entry == nil {
		return nil
	}
	c := &ptoConv{ctx: ctx, fn: fn, tiles: map[tileKey]*ir.Value{}, windows: map[*ir.Value]*ir.Value{}, views: map[*ir.Value]*ir.Value{}, addrCst: map[int64]*ir.Value{}, idxCst: map[int64]*ir.Value{}}
	allocs := tile.Allocs(fn)
	withAddr, without := 0, 0
	for _, a := range allocs {
		if _, ok := tiledialect.AllocAddr(a); ok {
			withAddr++
		} else {
			without++
		}
	}
	if withAddr > 0 && without > 0 {
		for _, a := range allocs {
			if _, ok := tiledialect.AllocAddr(a); !ok {
				return ir.NewError(a.Loc, "convert-tile-to-pto: %s has no address while other allocations have one; run allocate-addr on the whole function (or no addresses at all for ptoas)", tile.Describe(a.Results[0]))
			}
		}
	}
	c.withAddr = withAddr > 0
	if err := c.check(); err != nil {
		return err
	}
	if err := tile.CheckTileAddrs(ctx, fn); err != nil {
		d := ir.AsDiagnostic(err)
		d.Msg = "convert-tile-to-pto: " + strings.TrimPrefix(d.Msg, "placement: ")
		return d
	}
	pto.RewriteUpstream(fn)

	// Buffers: one pto.alloc_tile per (allocation, offset, type), in
	// program order (collected first: windows insert ops).
	var tileVals []*ir.Value
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				if op == fn {
					continue
				}
				for _, a := range b.Args {
					if _, ok := a.Type.(*tiledialect.Type); ok {
						tileVals = append(tileVals, a)
					}
				}
			}
		}
		for _, r := range op.Results {
			if _, ok := r.Type.(*tiledialect.Type); ok {
				tileVals = append(tileVals, r)
			}
		}
		return true
	})
	for _, v := range tileVals {
		if _, err := c.buffer(v); err != nil {
			return err
		}
	}
	var failure error

	// Arguments: global tensors become pointers (ptoas's kernel
	// arguments); operand() wraps each in a pto.make_tensor_view.
	tensorArgs := map[*ir.Value]*tiledialect.TensorType{}
	for _, a := range entry.Args {
		if t, ok := a.Type.(*tiledialect.TensorType); ok {
			tensorArgs[a] = t
		}
	}
	c.tensorArgs = tensorArgs

	// Ops: a pto op before each tile op.
	var tileOps, regionOps []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if op != fn && tiledialect.IsTileOp(op) && !op.Has(ir.AllocLike) {
			tileOps = append(tileOps, op)
		}
		return true
	})
	fn.WalkPost(func(op *ir.Operation) {
		if op != fn && op.Def != nil && op.Def.Branch != nil && carriesTileValues(op) {
			regionOps = append(regionOps, op)
		}
	})
	for _, op := range tileOps {
		if err := c.lower(op); err != nil {
			return err
		}
	}
	for i := len(tileOps) - 1; i >= 0; i-- {
		tileOps[i].Erase()
	}
	// Terminators forward no tile or tensor values any more.
	fn.Walk(func(op *ir.Operation) bool {
		if op.Has(ir.Terminator) && op.Has(ir.ReturnLike) {
			p := op.ParentOp()
			if p == fn || p != nil && slices.Contains(regionOps, p) {
				op.SetOperands(dropTileValues(op.Operands))
			}
		}
		return true
	})
	for _, op := range regionOps {
		if err := rebuildWithoutTiles(op); err != nil {
			return err
		}
	}
	for _, a := range allocs {
		a.Erase()
	}
	failure = nil
	fn.Walk(func(op *ir.Operation) bool {
		for _, v := range op.Operands {
			if isTileValueType(v.Type) || tiledialect.SpaceOf(v.Type) != "" {
				failure = ir.NewError(op.Loc, "convert-tile-to-pto: internal error: '%s' still uses a tile value", op.Name)
			}
		}
		return failure == nil
	})
	if failure != nil {
		return failure
	}
	// The prologue: address constants, buffers, index constants.
	for a, t := range tensorArgs {
		a.Type = pto.Ptr(t.Elem)
	}
	entry.InsertAt(0, append(append(c.prologue, c.idxOps...), c.viewOps...)...)
	if ft := funcdialect.FunctionType(fn); ft != nil {
		var results []ir.Type
		for _, r := range ft.Results {
			if !isTileValueType(r) {
				results = append(results, r)
			}
		}
		fn.SetAttr("function_type", &ir.TypeAttr{Type: ir.Function(ir.ValueTypes(entry.Args), results)})
		if len(results) != len(ft.Results) {
			fn.RemoveAttr("res_attrs")
		}
	}
	ctx.Stat("num-tiles", int64(len(c.order)))
	ctx.Stat("num-ops", int64(len(tileOps)))
	return nil
}

// check rejects what the conversion cannot express, before anything
// changes.
func (c *ptoConv) check() error {
	var failure error
	for _, a := range ir.FuncArgs(c.fn) {
		if _, ok := a.Type.(*tiledialect.Type); ok {
			return ir.NewError(c.fn.Loc, "convert-tile-to-pto: argument #%d is an on-chip tile; kernels take global tensors (!tile.tensor) and load them", a.Index)
		}
	}
	// A ptoas kernel returns nothing (stores write the tensor arguments,
	// which is why returned tensors are dropped); any other result would
	// be an entry function ptoas rejects.
	if ft := funcdialect.FunctionType(c.fn); ft != nil {
		for i, r := range ft.Results {
			if !isTileValueType(r) {
				return ir.NewError(c.fn.Loc, "convert-tile-to-pto: result #%d is a %s; a ptoas kernel returns nothing (write results to a global tensor)", i, r)
			}
		}
	}
	c.fn.Walk(func(op *ir.Operation) bool {
		if failure != nil || op == c.fn {
			return failure == nil
		}
		if !tiledialect.IsTileOp(op) {
			if err := checkNonTileOp(op); err != nil {
				failure = err
				return false
			}
		}
		if tiledialect.IsTileOp(op) && !op.Has(ir.AllocLike) {
			lw, ok := lowering.OfOp(op)
			r, isRow := tiledialect.OpOf(op.Name)
			if !ok || !isRow {
				failure = ir.NewError(op.Loc, "convert-tile-to-pto: no pto lowering for '%s'", op.Name)
				return false
			}
			if lw.Form == lowering.Unsupported {
				failure = ir.NewError(op.Loc, "convert-tile-to-pto: no ptoas lowering for '%s' (%s)", op.Name, lw.Reason)
				return false
			}
			if r.Scratch && !tile.HasScratch(op) {
				failure = ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s needs a scratch (tmp) tile: run -materialize-scratch before planning (pto-memory-plan does)", lw.PTO)
				return false
			}
			if err := tile.CheckTargetOp(c.ctx, op); err != nil {
				failure = err
				return false
			}
		}
		if op.Def != nil && op.Def.Branch != nil && carriesTileValues(op) && !analysis.IsCountedLoop(op) && !analysis.IsIfElse(op) {
			failure = ir.NewError(op.Loc, "convert-tile-to-pto: '%s' carrying tiles or tensors is not supported (only scf.for and scf.if)", op.Name)
			return false
		}
		// ptoas's tiles are two-dimensional (rows x cols).
		for _, r := range op.Results {
			if t, ok := r.Type.(*tiledialect.Type); ok && len(t.Shape) != 2 {
				failure = ir.NewError(op.Loc, "convert-tile-to-pto: ptoas tiles have two dimensions; %s is rank %d", t, len(t.Shape))
				return false
			}
		}
		// Tile and tensor values may only flow through tile ops and
		// structured control flow: into a counted loop's inits, out of a
		// region by its terminator.
		for _, r := range op.Results {
			if !isTileValueType(r.Type) {
				continue
			}
			for u := range r.AllUses() {
				o := u.Op
				ok := tiledialect.IsTileOp(o) || o.Has(ir.ReturnLike) || analysis.IsCountedLoop(o)
				if !ok {
					failure = ir.NewError(o.Loc, "convert-tile-to-pto: '%s' uses the tile value %s and cannot be converted", o.Name, tile.Describe(r))
					return false
				}
			}
		}
		return true
	})
	if failure != nil {
		return failure
	}
	// Every tensor value must come from an argument.
	c.fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Results {
			if _, ok := r.Type.(*tiledialect.TensorType); ok && failure == nil {
				if _, err := tensorRoot(r); err != nil {
					failure = err
				}
			}
		}
		return failure == nil
	})
	return failure
}

func isTileValueType(t ir.Type) bool {
	switch t.(type) {
	case *tiledialect.Type, *tiledialect.TensorType:
		return true
	}
	return false
}

func carriesTileValues(op *ir.Operation) bool {
	for _, r := range op.Results {
		if isTileValueType(r.Type) {
			return true
		}
	}
	return false
}

func dropTileValues(vs []*ir.Value) []*ir.Value {
	var out []*ir.Value
	for _, v := range vs {
		if !isTileValueType(v.Type) {
			out = append(out, v)
		}
	}
	return out
}

// tensorRoot is the function argument a !tile.tensor value stands for:
// stores return their output tensor, loops and ifs forward it.
func tensorRoot(v *ir.Value) (*ir.Value, error) {
	for depth := 0; depth < 1000; depth++ {
		if v.Op == nil {
			p := v.Block.ParentOp()
			if p == nil || p.Has(ir.FunctionLike) {
				return v, nil
			}
			next := (*ir.Value)(nil)
			if p.Def != nil && p.Def.Branch != nil {
				for _, e := range p.Def.Branch.EntryEdges(p) {
					if e.To == v {
						next = e.From
					}
				}
			}
			if next == nil {
				return nil, ir.NewError(p.Loc, "convert-tile-to-pto: cannot tell which argument the tensor carried by %s is", ir.Describe(p))
			}
			v = next
			continue
		}
		op := v.Op
		switch {
		case op.Def != nil && len(op.Def.Flows) > 0:
			v = op.Operands[op.Def.Flows[0].Operand]
		case op.Def != nil && op.Def.Branch != nil:
			var roots []*ir.Value
			for _, e := range op.Def.Branch.EntryEdges(op) {
				if e.To == v {
					roots = append(roots, e.From)
				}
			}
			for ri := range op.Regions() {
				if b := op.Body(ri); b != nil && b.Terminator() != nil {
					for _, e := range op.Def.Branch.TerminatorEdges(op, ri, b.Terminator()) {
						if e.To == v {
							roots = append(roots, e.From)
						}
					}
				}
			}
			var root *ir.Value
			for _, r := range roots {
				x, err := tensorRoot(r)
				if err != nil {
					return nil, err
				}
				if root != nil && x != root {
					return nil, ir.NewError(op.Loc, "convert-tile-to-pto: result #%d of %s is a different global tensor on different paths", v.Index, ir.Describe(op))
				}
				root = x
			}
			if root == nil {
				return nil, ir.NewError(op.Loc, "convert-tile-to-pto: result #%d of %s is not a global tensor argument", v.Index, ir.Describe(op))
			}
			return root, nil
		default:
			return nil, ir.NewError(op.Loc, "convert-tile-to-pto: the tensor produced by %s is not a function argument; kernels write global tensors in place", ir.Describe(op))
		}
	}
	return nil, fmt.Errorf("convert-tile-to-pto: tensor flow too deep")
}

// buffer returns the pto.alloc_tile for tile v, creating it on first use
// (for the window of a tile.slice, the pto.subview of its source's).
func (c *ptoConv) buffer(v *ir.Value) (*ir.Value, error) {
	t := v.Type.(*tiledialect.Type)
	if lw, ok := loweringOfValue(v); ok {
		switch lw.Form {
		case lowering.Subset:
			return c.window(v)
		case lowering.SSAView:
			return c.viewCast(v, lw)
		}
	}
	loc, ok := analysis.TileLocation(v)
	if !ok || loc.Buf.Op == nil || !tile.IsAlloc(loc.Buf.Op) {
		where := c.fn.Loc
		if v.Op != nil {
			where = v.Op.Loc
		}
		return nil, ir.NewError(where, "convert-tile-to-pto: the buffer of tile %s cannot be named: it does not live in a tile.alloc", tile.Describe(v))
	}
	if !t.HasStaticShape() {
		return nil, ir.NewError(loc.Buf.Op.Loc, "convert-tile-to-pto: tile %s has a dynamic shape", tile.Describe(v))
	}
	typ := c.tileBufType(t)
	if v.Op != nil {
		if pad := tiledialect.PadOf(v.Op); pad != 0 {
			// tfillpad writes the pad its destination's type names.
			bt := typ.(*pto.TileBufType)
			l := bt.Layout
			l.Pad = pad
			typ = pto.TileBufOf(bt.Space, bt.Shape, bt.Elem, bt.Valid, l)
		}
	}
	k := tileKey{alloc: loc.Buf.Op, offset: loc.Offset, typ: typ}
	if b, ok := c.tiles[k]; ok {
		return b, nil
	}
	if err := c.checkSharedWithoutAddr(v, k); err != nil {
		return nil, err
	}
	operands := map[string]*ir.Value{}
	if c.withAddr {
		addr, _ := tiledialect.AllocAddr(loc.Buf.Op)
		operands["addr"] = c.addrConst(addr+loc.Offset, loc.Buf.Op.Loc)
	}
	at, err := pto.BuildNamed("pto.alloc_tile", loc.Buf.Op.Loc, operands, []ir.Type{k.typ})
	if err != nil {
		return nil, ir.NewError(loc.Buf.Op.Loc, "convert-tile-to-pto: internal error: %v", err)
	}
	if err := c.checkEmitted(at); err != nil {
		return nil, err
	}
	if tile.IsPinned(loc.Buf.Op) {
		at.SetAttr("pinned", ir.Unit)
	}
	at.Results[0].NameHint = v.NameHint
	c.prologue = append(c.prologue, at)
	c.tiles[k] = at.Results[0]
	c.order = append(c.order, k)
	return at.Results[0], nil
}

// checkSharedWithoutAddr refuses, without addresses, a second pto type
// over bytes of one allocation that another already has (an if result
// that is the filled-pad tile in one arm and a plain one in the other):
// each type is a pto.alloc_tile of its own, which ptoas plans apart, so
// the bytes one writes would not be the ones the other reads. With
// addresses the two share them.
func (c *ptoConv) checkSharedWithoutAddr(v *ir.Value, k tileKey) error {
	if c.withAddr {
		return nil
	}
	n := c.tileBytes(k.typ)
	for _, o := range c.order {
		if o.alloc != k.alloc || o.typ == k.typ {
			continue
		}
		if m := c.tileBytes(o.typ); k.offset < o.offset+m && o.offset < k.offset+n {
			where := k.alloc.Loc
			if v.Op != nil {
				where = v.Op.Loc
			}
			return ir.NewError(where, "convert-tile-to-pto: tile %s (%s) shares the bytes of its allocation with a tile of type %s; without addresses ptoas would plan the two apart: assign addresses before lowering (-allocate-addr, or -pto-memory-plan with planner=pypto or dsa-rp)", tile.Describe(v), k.typ, o.typ)
		}
	}
	return nil
}

// tileBytes is the bytes of a pto tile type (its rows x cols x element).
func (c *ptoConv) tileBytes(t ir.Type) int64 {
	bt, ok := t.(*pto.TileBufType)
	if !ok {
		return 0
	}
	n := (ir.ElementBitWidth(bt.Elem) + 7) / 8
	for _, d := range bt.Shape {
		var ok bool
		if n, ok = checked.Mul(n, d); !ok {
			return 1 << 62
		}
	}
	return n
}

// window emits, right before a tile.slice, the pto.subview of its
// source's buffer at the slice's offsets (the same offset rules as loads:
// the `offsets` attribute plus index operands).
func (c *ptoConv) window(v *ir.Value) (*ir.Value, error) {
	if w, ok := c.windows[v]; ok {
		return w, nil
	}
	op := v.Op
	inputs := tiledialect.Inputs(op)
	if len(inputs) == 0 {
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s has no source tile", ir.Describe(op))
	}
	src, err := c.operand(inputs[0])
	if err != nil {
		return nil, err
	}
	st, ok := inputs[0].Type.(*tiledialect.Type)
	t := v.Type.(*tiledialect.Type)
	if !ok || st.Space != t.Space || st.Elem != t.Elem || len(st.Shape) != len(t.Shape) {
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s: a window keeps its source's space, element type and rank", ir.Describe(op))
	}
	offs, err := c.offsets(op, inputs[1:], len(st.Shape))
	if err != nil {
		return nil, err
	}
	// ptoas lowers a subset by offsetting its source's allocation: the
	// source must be one (a pto.alloc_tile or another subset), not an
	// SSA view (pto.bitcast, pto.treshape).
	if lw, ok := loweringOfValue(inputs[0]); ok && lw.Form == lowering.SSAView {
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: ptoas takes windows (pto.subset) of allocated tiles only, not of the pto.%s view %s", lw.PTO, tile.Describe(inputs[0]))
	}
	srcType, ok := src.Type.(*pto.TileBufType)
	if !ok {
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: the source of %s is a %s, not a tile buffer", ir.Describe(op), src.Type)
	}
	typ, err := subsetType(op, srcType, offs, t)
	if err != nil {
		return nil, err
	}
	sub := ir.NewOperation("pto.subset", op.Loc, append([]*ir.Value{src}, offs...), []ir.Type{typ})
	sub.SetAttr("sizes", pto.I64sAttr(t.Shape))
	if err := c.checkEmitted(sub); err != nil {
		return nil, err
	}
	sub.Results[0].NameHint = v.NameHint
	op.Block.InsertBefore(op, sub)
	c.windows[v] = sub.Results[0]
	return sub.Results[0], nil
}

// viewCast emits, right before a view op (tile.reshape, tile.reinterpret),
// `%r = pto.<name> %src : T1 -> T2`: ptoas's SSA view of the source's
// bytes, which also holds without addresses (ptoas planning).
func (c *ptoConv) viewCast(v *ir.Value, lw lowering.Lowering) (*ir.Value, error) {
	name := lw.PTO
	if w, ok := c.windows[v]; ok {
		return w, nil
	}
	op := v.Op
	inputs := tiledialect.Inputs(op)
	if len(inputs) == 0 {
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s has no source tile", ir.Describe(op))
	}
	src, err := c.operand(inputs[0])
	if err != nil {
		return nil, err
	}
	t := v.Type.(*tiledialect.Type)
	typ := c.tileBufType(t)
	if st, ok := src.Type.(*pto.TileBufType); ok && samePTOView(st, typ) {
		// A view as the source's own type is the source: ptoas's view
		// ops change something (pto.bitcast refuses to keep the element
		// type), so none is emitted.
		c.windows[v] = src
		return src, nil
	}
	if lw.KeepsLayout {
		st, ok1 := src.Type.(*pto.TileBufType)
		rt, ok2 := typ.(*pto.TileBufType)
		if ok1 && ok2 && (!slices.Equal(st.Shape, rt.Shape) || !slices.Equal(st.ValidShape(), rt.ValidShape())) {
			return nil, ir.NewError(op.Loc, "convert-tile-to-pto: ptoas's pto.%s keeps the shape and valid region (%s to %s): reinterpret to an element type of the same width, or reshape as well", name, st, rt)
		}
		if ok1 && ok2 {
			// ...and the tile config, the pad value tfillpad wrote
			// included.
			typ = pto.TileBufOf(rt.Space, rt.Shape, rt.Elem, rt.Valid, st.Layout)
		}
	}
	vc := ir.NewOperation("pto."+name, op.Loc, []*ir.Value{src}, []ir.Type{typ})
	if err := c.checkEmitted(vc); err != nil {
		return nil, err
	}
	vc.Results[0].NameHint = v.NameHint
	op.Block.InsertBefore(op, vc)
	c.windows[v] = vc.Results[0]
	return vc.Results[0], nil
}

// samePTOView reports whether a view of a tile of type st as typ is st
// itself: the same type, but for the pad value tfillpad wrote (a type of
// the buffer's writer, not of its bytes).
func samePTOView(st *pto.TileBufType, typ ir.Type) bool {
	l := st.Layout
	l.Pad = 0
	return pto.TileBufOf(st.Space, st.Shape, st.Elem, st.Valid, l) == typ
}

// tileBufType is the !pto.tile_buf of a tile: its space, shape, element
// type and valid region, with the element layout the target requires of
// that space (targets' "layout": the cube spaces' fractal layouts).
func (c *ptoConv) tileBufType(t *tiledialect.Type) ir.Type {
	var l pto.TileLayout
	if tg := c.ctx.Target; tg != nil {
		if sp := tg.Space(t.Space); sp != nil && sp.Layout != nil {
			l = pto.TileLayout{BLayout: sp.Layout.BLayout, SLayout: sp.Layout.SLayout, Fractal: sp.Layout.Fractal}
		}
	}
	return pto.TileBufOf(t.Space, t.Shape, t.Elem, t.Valid, l)
}

// tensorView returns the pto.make_tensor_view of a tensor argument:
// its static shape and row-major strides as index values.
func (c *ptoConv) tensorView(arg *ir.Value) *ir.Value {
	if v, ok := c.views[arg]; ok {
		return v
	}
	t := c.tensorArgs[arg]
	operands := []*ir.Value{arg}
	for _, d := range t.Shape {
		operands = append(operands, c.indexConst(d))
	}
	strides := make([]int64, len(t.Shape))
	stride := int64(1)
	for d := len(t.Shape) - 1; d >= 0; d-- {
		strides[d] = stride
		stride *= t.Shape[d]
	}
	for _, st := range strides {
		operands = append(operands, c.indexConst(st))
	}
	dyn := make([]int64, len(t.Shape))
	for i := range dyn {
		dyn[i] = ir.Dynamic
	}
	op := ir.NewOperation("pto.make_tensor_view", c.fn.Loc, operands, []ir.Type{pto.View("tensor_view", dyn, t.Elem)})
	op.SetAttr("operandSegmentSizes", ir.I32Array(1, int64(len(t.Shape)), int64(len(t.Shape))))
	op.Results[0].NameHint = arg.NameHint + "_view"
	c.viewOps = append(c.viewOps, op)
	c.views[arg] = op.Results[0]
	return op.Results[0]
}

func (c *ptoConv) addrConst(n int64, loc ir.Location) *ir.Value {
	if v, ok := c.addrCst[n]; ok {
		return v
	}
	op := ir.NewOperation("arith.constant", loc, nil, []ir.Type{ir.I64})
	op.SetAttr("value", ir.Int(n, ir.I64))
	c.prologue = append(c.prologue, op)
	c.addrCst[n] = op.Results[0]
	return op.Results[0]
}

func (c *ptoConv) indexConst(n int64) *ir.Value {
	if v, ok := c.idxCst[n]; ok {
		return v
	}
	op := ir.NewOperation("arith.constant", c.fn.Loc, nil, []ir.Type{ir.Index})
	op.SetAttr("value", ir.Int(n, ir.Index))
	c.idxOps = append(c.idxOps, op)
	c.idxCst[n] = op.Results[0]
	return op.Results[0]
}

// operand maps a tile op operand to its pto value: the buffer of a tile,
// the argument of a tensor, anything else unchanged.
func (c *ptoConv) operand(v *ir.Value) (*ir.Value, error) {
	switch v.Type.(type) {
	case *tiledialect.Type:
		return c.buffer(v)
	case *tiledialect.TensorType:
		root, err := tensorRoot(v)
		if err != nil {
			return nil, err
		}
		if _, ok := c.tensorArgs[root]; !ok {
			return nil, ir.NewError(c.fn.Loc, "convert-tile-to-pto: a global tensor that is not an argument of the kernel")
		}
		return c.tensorView(root), nil
	}
	return v, nil
}

// lower emits the pto op of tile op op right before it.
func (c *ptoConv) lower(op *ir.Operation) error {
	lw, _ := lowering.OfOp(op)
	row, _ := tiledialect.OpOf(op.Name)
	var ins, outs []*ir.Value
	mapAll := func(vs []*ir.Value) ([]*ir.Value, error) {
		out := make([]*ir.Value, len(vs))
		for i, v := range vs {
			w, err := c.operand(v)
			if err != nil {
				return nil, err
			}
			out[i] = w
		}
		return out, nil
	}
	var err error
	dropped := map[string]bool{"operandSegmentSizes": true, "offset": true, "dest_offsets": true}
	switch lw.Form {
	case lowering.Subset, lowering.SSAView, lowering.NoOp:
		_, err := c.buffer(op.Results[0])
		return err
	case lowering.Unsupported:
		return ir.NewError(op.Loc, "convert-tile-to-pto: no ptoas lowering for '%s' (%s)", op.Name, lw.Reason)
	case lowering.Compute:
		inputs := tiledialect.Inputs(op)
		if lw.Ins != nil {
			var picked []*ir.Value
			for _, i := range lw.Ins {
				if k := tiledialect.InputIndex(op, i); k < len(inputs) {
					picked = append(picked, inputs[k])
				}
			}
			inputs = picked
		}
		if ins, err = mapAll(inputs); err != nil {
			return err
		}
		// An input given as an attribute (tile.full {value = ...}) is
		// ptoas's scalar operand, a constant where the input would be.
		for i, in := range row.Ins {
			v := op.Attr(in.Attr)
			if in.Attr == "" || v == nil || ir.AttrType(v) == nil || lw.Ins != nil {
				continue
			}
			cst := ir.NewOperation("arith.constant", op.Loc, nil, []ir.Type{ir.AttrType(v)})
			cst.SetAttr("value", v)
			op.Block.InsertBefore(op, cst)
			ins = slices.Insert(ins, min(i, len(ins)), cst.Results[0])
			dropped[in.Attr] = true
		}
		// Multi-result ops write every result.
		if outs, err = mapAll(op.Results); err != nil {
			return err
		}
	case lowering.Load:
		inputs := tiledialect.Inputs(op)
		if len(inputs) == 0 {
			return ir.NewError(op.Loc, "convert-tile-to-pto: %s has no tensor operand", ir.Describe(op))
		}
		t := op.Results[0].Type.(*tiledialect.Type)
		pv, err := c.partition(op, inputs[0], inputs[1:], t)
		if err != nil {
			return err
		}
		ins = []*ir.Value{pv}
		if outs, err = mapAll(op.Results[:1]); err != nil {
			return err
		}
		dropped["offsets"] = true
	case lowering.Store:
		inputs := tiledialect.Inputs(op)
		if len(inputs) < 2 {
			return ir.NewError(op.Loc, "convert-tile-to-pto: %s needs a tile and a tensor operand", ir.Describe(op))
		}
		t, ok := inputs[0].Type.(*tiledialect.Type)
		if !ok {
			return ir.NewError(op.Loc, "convert-tile-to-pto: %s stores a %s, not a tile", ir.Describe(op), inputs[0].Type)
		}
		if err := checkStoreValid(op, t); err != nil {
			return err
		}
		if ins, err = mapAll(inputs[:1]); err != nil {
			return err
		}
		pv, err := c.partition(op, inputs[1], inputs[2:], t)
		if err != nil {
			return err
		}
		outs = []*ir.Value{pv}
		dropped["offsets"] = true
	}
	p, err := pto.Build("pto."+lw.PTO, op.Loc, ins, outs, nil)
	if err != nil {
		return ir.NewError(op.Loc, "convert-tile-to-pto: internal error: %v", err)
	}
	for _, list := range [][]ir.NamedAttr{op.Props, op.Attrs()} {
		for _, a := range list {
			if !dropped[a.Name] {
				p.SetAttr(a.Name, a.Value)
			}
		}
	}
	if err := c.checkEmitted(p); err != nil {
		return err
	}
	op.Block.InsertBefore(op, p)
	return nil
}

// partition emits the pto.partition_view a load or store of tile type t
// reads or writes: the window of tensor at the op's offsets.
func (c *ptoConv) partition(op *ir.Operation, tensor *ir.Value, idx []*ir.Value, t *tiledialect.Type) (*ir.Value, error) {
	root, err := c.operand(tensor)
	if err != nil {
		return nil, err
	}
	tv, ok := root.Type.(*pto.ViewType)
	if !ok {
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s: operand is a %s, not a global tensor", ir.Describe(op), tensor.Type)
	}
	rank := len(tv.Shape)
	if len(t.Shape) != rank {
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s moves a rank-%d tile to or from a rank-%d tensor", ir.Describe(op), len(t.Shape), rank)
	}
	offs, err := c.offsets(op, idx, rank)
	if err != nil {
		return nil, err
	}
	operands := append([]*ir.Value{root}, offs...)
	for _, d := range t.Shape {
		operands = append(operands, c.indexConst(d))
	}
	pv := ir.NewOperation("pto.partition_view", op.Loc, operands, []ir.Type{pto.View("partition_tensor_view", t.Shape, t.Elem)})
	pv.SetAttr("operandSegmentSizes", ir.I32Array(1, int64(len(offs)), int64(len(t.Shape))))
	if err := c.checkEmitted(pv); err != nil {
		return nil, err
	}
	op.Block.InsertBefore(op, pv)
	return pv.Results[0], nil
}

// offsets builds the index values of op's window origin in a rank-rank
// source from its `offsets` attribute and index operands idx (see the
// file comment), inserting any arithmetic right before op.
func (c *ptoConv) offsets(op *ir.Operation, idx []*ir.Value, rank int) ([]*ir.Value, error) {
	static := make([]int64, rank)
	if a, ok := op.Attr("offsets").(*ir.ArrayAttr); ok {
		if len(a.Elems) != rank {
			return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s has %d offsets for a rank-%d tensor", ir.Describe(op), len(a.Elems), rank)
		}
		for i, e := range a.Elems {
			n, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s: offsets must be integers", ir.Describe(op))
			}
			static[i] = n.Value
		}
	}
	for _, v := range idx {
		if v.Type != ir.Index {
			return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s: offset operands must be of index type, got %s", ir.Describe(op), v.Type)
		}
	}
	arith := func(name string, a, b *ir.Value) *ir.Value {
		o := ir.NewOperation(name, op.Loc, []*ir.Value{a, b}, []ir.Type{ir.Index})
		op.Block.InsertBefore(op, o)
		return o.Results[0]
	}
	offs := make([]*ir.Value, rank)
	switch {
	case len(idx) == 0:
		for d := range offs {
			offs[d] = c.indexConst(static[d])
		}
	case len(idx) == rank:
		for d := range offs {
			offs[d] = idx[d]
			if static[d] != 0 {
				offs[d] = arith("arith.addi", idx[d], c.indexConst(static[d]))
			}
		}
	case len(idx) == 1:
		for d := range offs {
			switch static[d] {
			case 0:
				offs[d] = c.indexConst(0)
			case 1:
				offs[d] = idx[0]
			default:
				offs[d] = arith("arith.muli", idx[0], c.indexConst(static[d]))
			}
		}
	default:
		return nil, ir.NewError(op.Loc, "convert-tile-to-pto: %s has %d offset operands; expected none, one (a step index) or %d (one per dimension)", ir.Describe(op), len(idx), rank)
	}
	return offs, nil
}

// rebuildWithoutTiles replaces an scf.for or scf.if by one without its
// tile and tensor results (and, for a loop, iter_args): the buffers are
// the variables now. Its terminators were already stripped.
func rebuildWithoutTiles(op *ir.Operation) error {
	var operands []*ir.Value
	var keep []int
	for i, r := range op.Results {
		if !isTileValueType(r.Type) {
			keep = append(keep, i)
		}
	}
	var types []ir.Type
	for _, i := range keep {
		types = append(types, op.Results[i].Type)
	}
	operands = op.Operands
	if lp, ok := analysis.AsCountedLoop(op); ok {
		// The loop keeps the inits and iter_args of the results kept.
		inits, iterArgs := lp.Inits(op), lp.IterArgs(op)
		operands = slices.Clone(op.Operands[:inits.Start])
		for _, i := range keep {
			operands = append(operands, op.Operands[inits.Start+i])
		}
		operands = append(operands, op.Operands[inits.Start+inits.N:]...)
		dropped := map[*ir.Value]bool{}
		for i, a := range iterArgs {
			if slices.Contains(keep, i) {
				continue
			}
			if isTileValueType(a.Type) && a.HasUses() {
				return ir.NewError(op.Loc, "convert-tile-to-pto: internal error: a carried tile of %s is still used", ir.Describe(op))
			}
			dropped[a] = true
		}
		body := op.Body(0)
		var args []*ir.Value
		for _, a := range body.Args {
			if !dropped[a] {
				a.Index = len(args)
				args = append(args, a)
			}
		}
		body.Args = args
	}
	n := ir.NewOperation(op.Name, op.Loc, operands, types)
	n.Props = op.Props
	n.SetAttrs(op.Attrs())
	n.SetRegions(op.Regions())
	op.SetRegions(nil)
	for j, i := range keep {
		n.Results[j].NameHint = op.Results[i].NameHint
		op.Results[i].ReplaceAllUsesWith(n.Results[j])
	}
	op.Block.InsertBefore(op, n)
	op.Erase()
	return nil
}
