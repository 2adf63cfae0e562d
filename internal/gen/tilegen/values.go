package tilegen

import "fmt"

// ---- choosing operands ----

// pick returns a visible value satisfying ok, or nil. It prefers values
// nothing reads yet, so that most computed tiles end up feeding a store,
// and recent ones, so that ops form chains rather than a flat fan-out.
func (g *gen) pick(s *scope, ok func(*value) bool) *value {
	cands := s.visible(ok)
	if len(cands) == 0 {
		return nil
	}
	if g.chance(0.6) {
		var unused []*value
		for _, v := range cands {
			if v.uses == 0 {
				unused = append(unused, v)
			}
		}
		if len(unused) > 0 {
			cands = unused
		}
	}
	if len(cands) > 3 && g.chance(0.5) {
		cands = cands[len(cands)-3:]
	}
	return oneOf(g, cands...)
}

// ofType returns a predicate for vector operands of type t.
func ofType(t tileT) func(*value) bool {
	return func(v *value) bool { return v.vecOK() && v.t == t }
}

func floatVec(v *value) bool { return v.vecOK() && isFloat(v.t.elem) }

// need returns a visible operand of type t, or makes one.
func (g *gen) need(s *scope, t tileT) *value {
	if g.chance(0.75) {
		if v := g.pick(s, ofType(t)); v != nil {
			return v
		}
	}
	return g.make(s, t)
}

// needFlow is need for values that will be aliased (loop inits, yields).
func (g *gen) needFlow(s *scope, t tileT) *value {
	if g.chance(0.7) {
		if v := g.pick(s, func(v *value) bool { return v.flowOK() && v.t == t }); v != nil {
			return v
		}
	}
	return g.make(s, t)
}

// floatOperand returns a float vector tile, loading one when none is visible.
func (g *gen) floatOperand(s *scope) *value {
	if v := g.pick(s, floatVec); v != nil && g.chance(0.85) {
		return v
	}
	return g.make(s, g.base())
}

// make produces a fresh vector tile of type t from scratch.
func (g *gen) make(s *scope, t tileT) *value {
	if !isFloat(t.elem) {
		if g.chance(0.5) {
			src := g.need(s, t.of("f32"))
			return g.op1(s, "cast", []operand{tileArg(src)}, "", t)
		}
		return g.load(s, t, false, "")
	}
	switch g.weighted(8, 2, 1) {
	case 1:
		return g.full(s, t, "")
	case 2:
		if t.c == 1 {
			// A row reduction of a wider tile of the same rows.
			src := g.need(s, t.shaped(t.r, g.shapes[0][1]))
			if src.t.c > 1 {
				return g.op1(s, oneOf(g, "row_sum", "row_max", "row_min"), []operand{tileArg(src)}, "", t)
			}
		}
	}
	return g.load(s, t, false, "")
}

// full emits tile.full with an operand or with the value attribute.
func (g *gen) full(s *scope, t tileT, into string) *value {
	if g.chance(0.5) {
		return g.op(s, "full", []operand{g.scalar(t.elem)}, into, "", t)[0]
	}
	lit := "0"
	if isFloat(t.elem) {
		lit = oneOf(g, "0.0", "1.0", "-2.5")
	}
	return g.op(s, "full", nil, into, fmt.Sprintf("{value = %s : %s}", lit, t.elem), t)[0]
}

// ---- global memory ----

// load emits a tile.load of a tile of type t. Input tensors hold four
// blocks of the tile along rows (along columns when cols is set, for the
// K walk of a matmul's left operand), so a load picks a static block or,
// inside a loop, the block of the induction variable (trip counts are at
// most 4, so every access stays in bounds).
func (g *gen) load(s *scope, t tileT, cols bool, into string) *value {
	tt := tensorT{r: 4 * t.r, c: t.c, elem: t.elem}
	step := fmt.Sprintf("[%d, 0]", t.r)
	static := fmt.Sprintf("[%d, 0]", t.r*g.between(0, 3))
	if cols {
		tt = tensorT{r: t.r, c: 4 * t.c, elem: t.elem}
		step = fmt.Sprintf("[0, %d]", t.c)
		static = fmt.Sprintf("[0, %d]", t.c*g.between(0, 3))
	}
	in := operand{name: g.input(tt), typ: tt.String()}
	if s.iv != "" && g.chance(0.6) {
		g.feat("load-indexed")
		iv := operand{name: s.iv, typ: "index"}
		return g.op(s, "load", []operand{in, iv}, into, "{offsets = "+step+"}", t)[0]
	}
	return g.op(s, "load", []operand{in}, into, "{offsets = "+static+"}", t)[0]
}

// store writes v to a new output tensor argument: the block of the
// innermost induction variable inside loops, the whole tensor otherwise.
func (g *gen) store(s *scope, v *value) {
	v.uses++
	g.ops++
	g.feat("op:store")
	res := g.name("s")
	if s.iv != "" && g.chance(0.6) {
		tt := tensorT{r: 4 * v.t.r, c: v.t.c, elem: v.t.elem}
		out := g.arg("out", tt.String())
		g.line(s, "%s = tile.store %s, %s, %s {offsets = [%d, 0]} : (%s, %s, index) -> %s",
			res, v.name, out, s.iv, v.t.r, v.t, tt, tt)
		return
	}
	tt := tensorT{r: v.t.r, c: v.t.c, elem: v.t.elem}
	out := g.arg("out", tt.String())
	g.line(s, "%s = tile.store %s, %s {offsets = [0, 0]} : (%s, %s) -> %s", res, v.name, out, v.t, tt, tt)
}

// flush stores what s computed and nothing reads (except the values in
// keep, about to be yielded), so every result reaches global memory.
// Accumulators are moved to vec first: stores read vector tiles.
func (g *gen) flush(s *scope, keep []*value) {
	kept := func(v *value) bool {
		for _, k := range keep {
			if k == v {
				return true
			}
		}
		return false
	}
	for _, v := range append([]*value(nil), s.vals...) {
		if v.dead || v.uses > 0 || v.carry || v.held || kept(v) {
			continue
		}
		switch {
		case v.vecOK():
			g.store(s, v)
		case v.linear:
			g.store(s, g.moveAcc(s, v))
		}
	}
}
