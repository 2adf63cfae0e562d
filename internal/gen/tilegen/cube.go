package tilegen

import "fmt"

// Cube chains: operands staged in L1 (mat), moved to L0A (left) and L0B
// (right), multiplied into L0C (acc), accumulated in place with
// matmul_acc, and moved to UB (vec) at the end. Accumulators are linear:
// matmul_acc consumes its operand 0, and an acc tile only flows through a
// loop or an if in the shapes the hardware can honour without an
// acc-to-acc copy (there is none): the carry updated in place or passed
// through, an if whose arms accumulate into the same outer tile or seed it
// with a fresh matmul.

// cube emits a matmul chain and moves its result to vec.
func (g *gen) cube(s *scope) {
	m, k, n := g.cubeDim(), g.cubeDim(), g.cubeDim()
	elem := oneOf(g, "f16", "f16", "f16", "f32")
	nest := s.depth < g.opts.MaxDepth
	var acc *value
	// reread is rare: init-memref refuses it (no acc-to-acc copy exists),
	// and a refused kernel tests nothing else.
	switch g.weighted(8, 1, when(nest, 8), when(nest, 6), 2, 4) {
	case 0:
		acc = g.chain(s, m, k, n, elem)
	case 1:
		acc = g.reread(s, m, k, n, elem)
	case 2:
		acc = g.kLoop(s, m, k, n, elem)
	case 3:
		acc = g.accIf(s, m, k, n, elem)
	case 4:
		acc = g.gemv(s, k, n, elem)
	default:
		acc = g.preloaded(s, m, k, n, elem)
	}
	v := g.moveAcc(s, acc)
	if g.chance(0.4) {
		g.store(s, v)
	}
}

func (g *gen) cubeDim() int {
	if g.opts.BigTiles {
		return oneOf(g, 32, 64, 64)
	}
	return oneOf(g, 8, 16)
}

// moveAcc copies an accumulator to UB (the FIX pipe).
func (g *gen) moveAcc(s *scope, acc *value) *value {
	g.feat("move:acc-vec")
	return g.op1(s, "move", []operand{tileArg(acc)}, "", acc.t.in("vec"))
}

// cubeOperand returns a visible (not consumed) tile of type t in a cube space.
func (g *gen) cubeOperand(s *scope, t tileT) *value {
	return g.pick(s, func(v *value) bool { return !v.dead && v.t == t })
}

// left returns an MxK tile in L0A: reused, or staged through mat from a
// load (sometimes a slice view of a taller mat tile), or from UB (vec ->
// mat -> left, as flash attention sends P back to the cube). cols makes
// the load walk K along the tensor's columns (the K loop of A).
func (g *gen) left(s *scope, m, k int, elem string, cols bool) *value {
	t := tileT{r: m, c: k, elem: elem, space: "left"}
	if v := g.cubeOperand(s, t); v != nil && g.chance(0.25) {
		return v
	}
	return g.op1(s, "move", []operand{tileArg(g.staged(s, t, cols))}, "", t)
}

// right returns a KxN tile in L0B, staged like left (K walks the rows).
func (g *gen) right(s *scope, k, n int, elem string) *value {
	t := tileT{r: k, c: n, elem: elem, space: "right"}
	if v := g.cubeOperand(s, t); v != nil && g.chance(0.25) {
		return v
	}
	return g.op1(s, "move", []operand{tileArg(g.staged(s, t, false))}, "", t)
}

// staged returns the mat tile a left/right tile of type t is moved from.
func (g *gen) staged(s *scope, t tileT, cols bool) *value {
	mt := t.in("mat")
	switch g.weighted(6, 2, 1) {
	case 1:
		g.feat("view:slice-mat")
		tall := g.load(s, mt.shaped(2*t.r, t.c), false, "")
		attrs := fmt.Sprintf("{offsets = [%d, 0], sizes = [%d, %d]}", t.r*g.between(0, 1), t.r, t.c)
		return g.op1(s, "slice", []operand{tileArg(tall)}, attrs, mt)
	case 2:
		g.feat("move:vec-mat")
		src := g.need(s, tileT{r: t.r, c: t.c, elem: "f32", space: "vec"})
		if t.elem != "f32" {
			src = g.op1(s, "cast", []operand{tileArg(src)}, "", src.t.of(t.elem))
		}
		return g.op1(s, "move", []operand{tileArg(src)}, "", mt)
	}
	return g.load(s, mt, cols, "")
}

func accType(m, n int) tileT { return tileT{r: m, c: n, elem: "f32", space: "acc"} }

// matmul starts an accumulator.
func (g *gen) matmul(s *scope, l, r *value) *value {
	acc := g.op1(s, "matmul", []operand{tileArg(l), tileArg(r)}, "", accType(l.t.r, r.t.c))
	acc.linear = true
	return acc
}

// matmulAcc accumulates into acc in place, consuming it.
func (g *gen) matmulAcc(s *scope, acc, l, r *value) *value {
	next := g.op1(s, "matmul_acc", []operand{tileArg(acc), tileArg(l), tileArg(r)}, "", acc.t)
	acc.dead = true
	next.linear = true
	return next
}

// chain: matmul then up to two matmul_acc steps.
func (g *gen) chain(s *scope, m, k, n int, elem string) *value {
	acc := g.matmul(s, g.left(s, m, k, elem, true), g.right(s, k, n, elem))
	for i := g.between(0, 2); i > 0; i-- {
		acc = g.matmulAcc(s, acc, g.left(s, m, k, elem, true), g.right(s, k, n, elem))
	}
	return acc
}

// reread: the tile before a matmul_acc is read again after it (moved to
// vec). Valid input: SSA keeps %c0's value, and the planner has to keep
// it apart from the in-place update.
func (g *gen) reread(s *scope, m, k, n int, elem string) *value {
	c0 := g.matmul(s, g.left(s, m, k, elem, true), g.right(s, k, n, elem))
	c1 := g.matmulAcc(s, c0, g.left(s, m, k, elem, true), g.right(s, k, n, elem))
	g.feat("acc-reread")
	old := g.moveAcc(s, c0)
	if g.chance(0.7) {
		g.store(s, old)
	}
	return c1
}

// preloaded loads every step's operands before the first matmul, so all
// of them are live at once (capacity pressure on L0A/L0B with BigTiles).
func (g *gen) preloaded(s *scope, m, k, n int, elem string) *value {
	steps := g.between(2, 4)
	if g.opts.BigTiles {
		steps = g.between(2, 9)
	}
	ls, rs := make([]*value, steps), make([]*value, steps)
	for i := range steps {
		ls[i], rs[i] = g.left(s, m, k, elem, true), g.right(s, k, n, elem)
	}
	acc := g.matmul(s, ls[0], rs[0])
	for i := 1; i < steps; i++ {
		acc = g.matmulAcc(s, acc, ls[i], rs[i])
	}
	g.feat("cube-preloaded")
	return acc
}

// gemv: a 1xK row times a KxN matrix, sometimes accumulated once more.
func (g *gen) gemv(s *scope, k, n int, elem string) *value {
	acc := g.op1(s, "gemv", []operand{tileArg(g.left(s, 1, k, elem, true)), tileArg(g.right(s, k, n, elem))}, "", accType(1, n))
	acc.linear = true
	if g.chance(0.5) {
		next := g.op1(s, "gemv_acc", []operand{tileArg(acc), tileArg(g.left(s, 1, k, elem, true)), tileArg(g.right(s, k, n, elem))}, "", acc.t)
		acc.dead = true
		next.linear = true
		acc = next
	}
	return acc
}

// kLoop: the accumulator carried through an scf.for over K blocks,
// sometimes with a vector carry beside it; the update is matmul_acc on
// the carry, or an if that either accumulates or passes the carry through,
// or an if that seeds with a fresh matmul on the first step (the peeled
// pipeline's if-phi).
func (g *gen) kLoop(s *scope, m, k, n int, elem string) *value {
	// The first product seeds the accumulator: ptoas fills only vec and
	// mat tiles (texpands), so an acc tile starts as a matmul.
	acc0 := g.matmul(s, g.left(s, m, k, elem, true), g.right(s, k, n, elem))
	inits := []*value{acc0}
	if g.chance(0.35) {
		inits = append(inits, g.needFlow(s, g.base()))
	}
	l := g.beginLoop(s, inits)
	ca := l.carries[0]
	ca.linear = true
	var y *value
	innerIf := l.body.depth < g.opts.MaxDepth
	switch g.weighted(5, when(innerIf, 2), when(innerIf, 2), 1) {
	case 0:
		y = g.matmulAcc(l.body, ca, g.left(l.body, m, k, elem, true), g.right(l.body, k, n, elem))
	case 1:
		y = g.accOrPass(l.body, ca, m, k, n, elem)
	case 2:
		y = g.accOrSeed(l.body, ca, m, k, n, elem, true)
	default:
		g.feat("acc-carry-unchanged")
		y = ca
	}
	ys := []*value{y}
	if len(inits) > 1 {
		g.block(l.body, g.between(0, 3))
		ys = append(ys, g.derive(l.body, l.carries[1]))
	}
	res := g.endLoop(s, l, ys)
	acc0.dead = true
	res[0].linear = true
	g.feat("acc-kloop")
	return res[0]
}

// accOrPass: `scf.if -> acc { matmul_acc %x } else { yield %x }`, consuming x.
func (g *gen) accOrPass(s *scope, x *value, m, k, n int, elem string) *value {
	cond := g.cond(s)
	return g.accIfWith(s, cond, x.t, func(a *scope) *value {
		return g.matmulAcc(a, x, g.left(a, m, k, elem, true), g.right(a, k, n, elem))
	}, func(*scope) *value { return x })
}

// accOrSeed: one arm accumulates into x, the other seeds a fresh matmul
// (with first set, the condition is `iv == 0`: the peeled first K step).
func (g *gen) accOrSeed(s *scope, x *value, m, k, n int, elem string, first bool) *value {
	cond := ""
	if first && s.iv != "" {
		cond = g.name("b")
		g.line(s, "%s = arith.cmpi eq, %s, %s : index", cond, s.iv, g.idx(0))
		g.ops++
	} else {
		cond = g.cond(s)
	}
	g.feat("acc-if-seed")
	return g.accIfWith(s, cond, x.t, func(a *scope) *value {
		return g.matmul(a, g.left(a, m, k, elem, true), g.right(a, k, n, elem))
	}, func(a *scope) *value {
		return g.matmulAcc(a, x, g.left(a, m, k, elem, true), g.right(a, k, n, elem))
	})
}

// accIf: an if with an accumulator result outside loops: both arms fresh,
// accumulate-or-pass, or accumulate-or-seed on an outer accumulator.
func (g *gen) accIf(s *scope, m, k, n int, elem string) *value {
	switch g.weighted(3, 2, 2) {
	case 0:
		cond := g.cond(s)
		mk := func(a *scope) *value {
			return g.matmul(a, g.left(a, m, k, elem, true), g.right(a, k, n, elem))
		}
		return g.accIfWith(s, cond, accType(m, n), mk, mk)
	case 1:
		x := g.matmul(s, g.left(s, m, k, elem, true), g.right(s, k, n, elem))
		r := g.accOrPass(s, x, m, k, n, elem)
		x.dead = true
		return r
	}
	x := g.matmul(s, g.left(s, m, k, elem, true), g.right(s, k, n, elem))
	r := g.accOrSeed(s, x, m, k, n, elem, false)
	x.dead = true
	return r
}

// accIfWith emits `%r = scf.if cond -> (t)` whose arms are built by then
// and els (each returns the tile its arm yields).
func (g *gen) accIfWith(s *scope, cond string, t tileT, then, els func(*scope) *value) *value {
	res := &value{name: g.name("r"), t: t, linear: true}
	g.line(s, "%s = scf.if %s -> (%s) {", res.name, cond, t)
	g.ops++
	for i, arm := range []func(*scope) *value{then, els} {
		if i == 1 {
			g.line(s, "} else {")
		}
		a := s.child("")
		y := arm(a)
		y.uses++
		g.flush(a, []*value{y})
		g.line(a, "scf.yield %s : %s", y.name, t)
	}
	g.line(s, "}")
	s.vals = append(s.vals, res)
	g.feat("acc-if")
	return res
}
