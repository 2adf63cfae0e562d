package tilegen

import "fmt"

// The vector ops, one generator per op family of dialect/tile's op table.
// Each emits its op (and whatever operands it has to create) in s and
// returns the result, typed as the op requires: elementwise ops take equal
// types, row reductions give Rx1, row_expand* take (RxC, Rx1), col_expand*
// take (RxC, 1xC), sel takes (mask, x, y, tmp), sels (mask, x, scalar),
// prelu (x, slope, tmp).

type vecOp struct {
	weight int
	gen    func(g *gen, s *scope) *value
	// notPTO: left out of Options.PTO kernels (no ptoas form the
	// lowering gives without more facts, or a tile a pipe hands over,
	// which the executor cannot run).
	notPTO bool
}

var vecOps = []vecOp{
	{weight: 6, gen: (*gen).unary},
	{weight: 6, gen: (*gen).binary},
	{weight: 3, gen: (*gen).scalarOp},
	{weight: 2, gen: (*gen).remainder},
	{weight: 2, gen: (*gen).bitwise},
	{weight: 3, gen: (*gen).rowReduce},
	{weight: 3, gen: (*gen).rowExpand},
	{weight: 2, gen: (*gen).colExpand},
	{weight: 2, gen: (*gen).transpose},
	{weight: 1, gen: (*gen).topk, notPTO: true},
	{weight: 1, gen: (*gen).mrgsort, notPTO: true},
	{weight: 2, gen: (*gen).sel},
	{weight: 1, gen: (*gen).sels},
	{weight: 1, gen: (*gen).prelu},
	{weight: 3, gen: (*gen).cast},
	{weight: 1, gen: (*gen).fillpad},
	{weight: 1, gen: (*gen).fullOp},
	{weight: 1, gen: (*gen).tpop, notPTO: true},
}

// compute emits one vector op.
func (g *gen) compute(s *scope) *value {
	ws := make([]int, len(vecOps))
	for i, o := range vecOps {
		ws[i] = when(!g.opts.PTO || !o.notPTO, o.weight)
	}
	return vecOps[g.weighted(ws...)].gen(g, s)
}

var (
	inPlaceUnary  = []string{"exp", "log", "sqrt", "abs", "neg", "relu"}
	noAliasUnary  = []string{"recip", "rsqrt", "move"}
	allUnary      = append(append([]string(nil), inPlaceUnary...), noAliasUnary...)
	binaryOps     = []string{"add", "sub", "mul", "div", "max", "min"}
	scalarOps     = []string{"adds", "subs", "muls", "divs", "maxs", "mins"}
	rowReductions = []string{"row_sum", "row_max", "row_min"}
	rowExpands    = []string{"row_expand", "row_expand_mul", "row_expand_add", "row_expand_sub", "row_expand_div"}
	colExpands    = []string{"col_expand", "col_expand_mul", "col_expand_add", "col_expand_sub", "col_expand_div"}
)

func (g *gen) unary(s *scope) *value {
	x := g.floatOperand(s)
	name := oneOf(g, inPlaceUnary...)
	if g.chance(0.35) {
		name = oneOf(g, noAliasUnary...) // move: a vec -> vec copy
	}
	return g.op1(s, name, []operand{tileArg(x)}, "", x.t)
}

func (g *gen) binary(s *scope) *value {
	x := g.floatOperand(s)
	y := x
	if g.chance(0.85) {
		y = g.need(s, x.t)
	}
	return g.op1(s, oneOf(g, binaryOps...), []operand{tileArg(x), tileArg(y)}, "", x.t)
}

func (g *gen) scalarOp(s *scope) *value {
	x := g.floatOperand(s)
	return g.op1(s, oneOf(g, scalarOps...), []operand{tileArg(x), g.scalar(x.t.elem)}, "", x.t)
}

// remainder: rem/fmod (tile, tile) and rems/fmods (tile, scalar); none may
// write over its dividend.
func (g *gen) remainder(s *scope) *value {
	x := g.floatOperand(s)
	if g.chance(0.5) {
		return g.op1(s, oneOf(g, "rem", "fmod"), []operand{tileArg(x), tileArg(g.need(s, x.t))}, "", x.t)
	}
	return g.op1(s, oneOf(g, "rems", "fmods"), []operand{tileArg(x), g.scalar(x.t.elem)}, "", x.t)
}

// bitwise ops run on integer tiles (a cast or a reinterpret of a float
// tile, or a load of an integer tensor).
func (g *gen) bitwise(s *scope) *value {
	x := g.pick(s, func(v *value) bool { return v.vecOK() && !isFloat(v.t.elem) })
	if x == nil {
		x = g.make(s, g.base().of(oneOf(g, "i32", "i16")))
	}
	if g.chance(0.25) {
		return g.op1(s, "not", []operand{tileArg(x)}, "", x.t)
	}
	return g.op1(s, oneOf(g, "and", "or", "xor"), []operand{tileArg(x), tileArg(g.need(s, x.t))}, "", x.t)
}

func (g *gen) rowReduce(s *scope) *value {
	x := g.pick(s, func(v *value) bool { return floatVec(v) && v.t.c > 1 })
	if x == nil {
		x = g.make(s, g.base())
	}
	return g.op1(s, oneOf(g, rowReductions...), []operand{tileArg(x)}, "", x.t.shaped(x.t.r, 1))
}

// rowExpand broadcasts an Rx1 column over an RxC tile.
func (g *gen) rowExpand(s *scope) *value {
	x := g.pick(s, func(v *value) bool { return floatVec(v) && v.t.c > 1 })
	if x == nil {
		x = g.make(s, g.base())
	}
	col := g.pick(s, ofType(x.t.shaped(x.t.r, 1)))
	if col == nil || g.chance(0.3) {
		if g.chance(0.6) {
			col = g.op1(s, oneOf(g, rowReductions...), []operand{tileArg(x)}, "", x.t.shaped(x.t.r, 1))
		} else {
			col = g.make(s, x.t.shaped(x.t.r, 1))
		}
	}
	return g.op1(s, oneOf(g, rowExpands...), []operand{tileArg(x), tileArg(col)}, "", x.t)
}

// colExpand broadcasts a 1xC row over an RxC tile; the row is sometimes a
// slice (a view) of the first row of another tile.
func (g *gen) colExpand(s *scope) *value {
	x := g.pick(s, func(v *value) bool { return floatVec(v) && v.t.r > 1 })
	if x == nil {
		x = g.make(s, g.base())
	}
	rowT := x.t.shaped(1, x.t.c)
	row := g.pick(s, ofType(rowT))
	if row == nil || g.chance(0.3) {
		if src := g.pick(s, func(v *value) bool { return v.flowOK() && v.t == x.t }); src != nil && g.chance(0.5) {
			row = g.op1(s, "slice", []operand{tileArg(src)}, fmt.Sprintf("{offsets = [%d, 0], sizes = [1, %d]}", g.between(0, src.t.r-1), src.t.c), rowT)
			g.feat("view:slice-row")
		} else {
			row = g.make(s, rowT)
		}
	}
	return g.op1(s, oneOf(g, colExpands...), []operand{tileArg(x), tileArg(row)}, "", x.t)
}

func (g *gen) transpose(s *scope) *value {
	x := g.floatOperand(s)
	return g.op1(s, "transpose", []operand{tileArg(x)}, "", x.t.shaped(x.t.c, x.t.r))
}

// topk has two results: the values and their i16 indices.
func (g *gen) topk(s *scope) *value {
	x := g.floatOperand(s)
	rs := g.op(s, "topk", []operand{tileArg(x)}, "", "", x.t, x.t.of("i16"))
	return rs[0]
}

func (g *gen) mrgsort(s *scope) *value {
	x := g.floatOperand(s)
	return g.op1(s, "mrgsort_format1", []operand{tileArg(x)}, "", x.t)
}

// tmp returns a scratch tile for sel/prelu: usually a tile.create (its
// contents never matter), sometimes a live tile.
func (g *gen) tmp(s *scope, t tileT) *value {
	if g.chance(0.7) {
		v := g.op1(s, "create", nil, "", t)
		v.scratch = true
		return v
	}
	return g.need(s, t)
}

func (g *gen) sel(s *scope) *value {
	x := g.floatOperand(s)
	mask, y := g.need(s, x.t), g.need(s, x.t)
	ins := []operand{tileArg(mask), tileArg(x), tileArg(y), tileArg(g.tmp(s, x.t))}
	return g.op1(s, "sel", ins, "", x.t)
}

func (g *gen) sels(s *scope) *value {
	x := g.floatOperand(s)
	mask := g.need(s, x.t)
	return g.op1(s, "sels", []operand{tileArg(mask), tileArg(x), g.scalar(x.t.elem)}, "", x.t)
}

func (g *gen) prelu(s *scope) *value {
	x := g.floatOperand(s)
	slope := g.need(s, x.t)
	return g.op1(s, "prelu", []operand{tileArg(x), tileArg(slope), tileArg(g.tmp(s, x.t))}, "", x.t)
}

// cast converts element types: f16 -> f32 widens (the output may not
// alias the input), the others narrow or keep the width.
func (g *gen) cast(s *scope) *value {
	x := g.floatOperand(s)
	var to string
	switch x.t.elem {
	case "f16":
		to = oneOf(g, "f32", "f32", "i16")
	default:
		to = oneOf(g, "f16", "bf16", "i32", "i8")
	}
	if to == "f32" {
		g.feat("cast-widen")
	} else {
		g.feat("cast-narrow")
	}
	return g.op1(s, "cast", []operand{tileArg(x)}, "", x.t.of(to))
}

// fillpad pads a tile: usually one loaded with a valid region (the pad
// fills the rest), sometimes a full tile.
func (g *gen) fillpad(s *scope) *value {
	if g.chance(0.6) {
		t := g.base()
		part := t
		part.vr, part.vc = t.r/2, t.c
		src := g.load(s, part, false, "")
		g.feat("valid-region")
		return g.op1(s, "fillpad", []operand{tileArg(src)}, "", t)
	}
	x := g.floatOperand(s)
	return g.op1(s, "fillpad", []operand{tileArg(x)}, "", x.t)
}

func (g *gen) fullOp(s *scope) *value { return g.full(s, g.base(), "") }

// tpop receives a tile from the cube core (rare: it is a cross-core hazard
// source on ascend910b).
func (g *gen) tpop(s *scope) *value {
	if !g.chance(0.3) {
		return g.unary(s)
	}
	return g.op1(s, "tpop_from_aic", nil, "", g.base().of("f32"))
}

// derive computes a new tile of src's type from src (for yields: a value
// that depends on the carry or arm input).
func (g *gen) derive(s *scope, src *value) *value {
	if !isFloat(src.t.elem) {
		return g.op1(s, "not", []operand{tileArg(src)}, "", src.t)
	}
	switch g.weighted(4, 4, 2) {
	case 0:
		name := oneOf(g, inPlaceUnary...)
		if g.chance(0.3) {
			name = oneOf(g, noAliasUnary...)
		}
		return g.op1(s, name, []operand{tileArg(src)}, "", src.t)
	case 1:
		return g.op1(s, oneOf(g, binaryOps...), []operand{tileArg(src), tileArg(g.need(s, src.t))}, "", src.t)
	}
	return g.op1(s, oneOf(g, scalarOps...), []operand{tileArg(src), g.scalar(src.t.elem)}, "", src.t)
}

// ---- views ----

// view emits a reshape, slice or reinterpret of a tile (never of a pinned
// one: a view would keep its slot busy).
func (g *gen) view(s *scope) *value {
	src := g.pick(s, (*value).flowOK)
	if src == nil {
		src = g.make(s, g.base())
	}
	t := src.t
	switch g.weighted(3, 3, 2, 2) {
	case 0:
		g.feat("view:reshape")
		if t.c%2 == 0 && (g.chance(0.5) || t.r == 1) {
			return g.op1(s, "reshape", []operand{tileArg(src)}, "", t.shaped(t.r*2, t.c/2))
		}
		if t.r%2 == 0 {
			return g.op1(s, "reshape", []operand{tileArg(src)}, "", t.shaped(t.r/2, t.c*2))
		}
		return g.op1(s, "reshape", []operand{tileArg(src)}, "", t.shaped(t.c, t.r))
	case 1:
		if s.iv != "" && t.r%4 == 0 {
			// A window at the induction variable: rows [r/4 * i, r/4 * (i+1)).
			g.feat("view:slice-indexed")
			iv := operand{name: s.iv, typ: "index"}
			return g.op1(s, "slice", []operand{tileArg(src), iv}, fmt.Sprintf("{offsets = [%d, 0]}", t.r/4), t.shaped(t.r/4, t.c))
		}
		fallthrough
	case 2:
		g.feat("view:slice")
		if t.r%2 == 0 && g.chance(0.5) {
			attrs := fmt.Sprintf("{offsets = [%d, 0], sizes = [%d, %d]}", t.r/2*g.between(0, 1), t.r/2, t.c)
			return g.op1(s, "slice", []operand{tileArg(src)}, attrs, t.shaped(t.r/2, t.c))
		}
		if t.c%2 == 0 {
			attrs := fmt.Sprintf("{offsets = [0, %d], sizes = [%d, %d]}", t.c/2*g.between(0, 1), t.r, t.c/2)
			return g.op1(s, "slice", []operand{tileArg(src)}, attrs, t.shaped(t.r, t.c/2))
		}
		return g.op1(s, "slice", []operand{tileArg(src)}, fmt.Sprintf("{offsets = [0, 0], sizes = [%d, %d]}", t.r, t.c), t)
	}
	g.feat("view:reinterpret")
	return g.op1(s, "reinterpret", []operand{tileArg(src)}, "", g.reinterpreted(t))
}

// reinterpreted gives a type of the same byte size for a reinterpret:
// the integer of the same width, or an f32 tile as twice as many f16.
func (g *gen) reinterpreted(t tileT) tileT {
	switch t.elem {
	case "f32":
		if g.chance(0.4) {
			return tileT{r: t.r, c: 2 * t.c, elem: "f16", space: t.space}
		}
		return t.of("i32")
	case "f16", "bf16":
		return t.of("i16")
	case "i32":
		return t.of("f32")
	case "i16":
		return t.of("f16")
	}
	return t
}
