package tilegen

import (
	"fmt"
	"strings"
)

// Control flow: scf.for with tile iter_args and scf.if with and without
// tile results, in the shapes that stress materialize-semantic-aliases
// and the planners: rotations and shift registers, swaps, duplicate
// yields, carries passed through, two carries from one init, inits read
// inside or after the loop, nested loops seeded from the outer carry, and
// if arms yielding a fresh tile, an outer tile or the loop carry.

// trip returns the upper bound of a loop from 0: 1..4 iterations, rarely 0.
func (g *gen) trip() string {
	if g.chance(0.07) {
		g.feat("trip0")
		return g.idx(0)
	}
	return g.idx(g.between(1, 4))
}

// cond returns an i1 for an scf.if: an argument, or a comparison of the
// induction variable or the index argument.
func (g *gen) cond(s *scope) string {
	var lhs, rhs string
	switch g.weighted(4, when(s.iv != "", 4), 2) {
	case 0:
		return g.flag()
	case 1:
		lhs, rhs = s.iv, g.idx(g.between(0, 3))
		if g.chance(0.3) {
			rhs = g.indexArg()
		}
	default:
		lhs, rhs = g.indexArg(), g.idx(g.between(0, 3))
	}
	b := g.name("b")
	g.line(s, "%s = arith.cmpi %s, %s, %s : index", b, oneOf(g, "slt", "eq", "ne", "sge", "ult"), lhs, rhs)
	g.ops++
	return b
}

// loopCtx is an scf.for whose body is being generated.
type loopCtx struct {
	name    string
	body    *scope
	carries []*value
}

// beginLoop emits the scf.for header carrying inits and opens its body.
func (g *gen) beginLoop(s *scope, inits []*value) *loopCtx {
	l := &loopCtx{name: g.name("r")}
	iv := g.name("i")
	l.body = s.child(iv)
	bounds := fmt.Sprintf("scf.for %s = %s to %s step %s", iv, g.idx(0), g.trip(), g.idx(1))
	g.ops++
	if len(inits) == 0 {
		g.line(s, "%s {", bounds)
		return l
	}
	args := make([]string, len(inits))
	for i, init := range inits {
		init.uses++
		c := &value{name: g.name("x"), t: init.t, carry: true}
		l.carries = append(l.carries, c)
		args[i] = c.name + " = " + init.name
	}
	l.body.vals = append(l.body.vals, l.carries...)
	l.body.carry = l.carries
	res := l.name
	if len(inits) > 1 {
		res = fmt.Sprintf("%s:%d", l.name, len(inits))
	}
	g.line(s, "%s = %s iter_args(%s) -> (%s) {", res, bounds, strings.Join(args, ", "), joinTypes(inits))
	return l
}

// endLoop yields ys, closes the body and returns the loop's results.
func (g *gen) endLoop(s *scope, l *loopCtx, ys []*value) []*value {
	for _, y := range ys {
		y.uses++
	}
	g.flush(l.body, ys)
	if len(ys) > 0 {
		g.line(l.body, "scf.yield %s : %s", joinNames(ys), joinTypes(ys))
	}
	g.line(s, "}")
	res := make([]*value, len(ys))
	for i, c := range l.carries {
		res[i] = &value{name: l.name, t: c.t}
		if len(ys) > 1 {
			res[i].name = fmt.Sprintf("%s#%d", l.name, i)
		}
	}
	s.vals = append(s.vals, res...)
	return res
}

// loop emits an scf.for over vector tiles with 0..3 carries.
func (g *gen) loop(s *scope) {
	inits := g.loopInits(s, g.weighted(1, 4, 3, 2))
	l := g.beginLoop(s, inits)
	for i, c := range l.carries {
		if !g.chance(0.25) {
			continue
		}
		// Read the init inside the loop too: its buffer cannot carry.
		g.feat("init-used-inside")
		g.op1(l.body, oneOf(g, binaryOps...), []operand{tileArg(c), tileArg(inits[i])}, "", c.t)
	}
	g.block(l.body, g.between(1, 5))
	ys := g.loopYields(l.body, l.carries)
	res := g.endLoop(s, l, ys)
	if len(inits) == 0 {
		g.feat("loop-no-carry")
	}
	for i, r := range res {
		if g.chance(0.3) && inits[i].flowOK() {
			g.feat("init-used-after")
			g.op1(s, oneOf(g, binaryOps...), []operand{tileArg(r), tileArg(inits[i])}, "", r.t)
		}
	}
}

// loopInits picks n carried tiles: mostly one type (so rotations and
// swaps are possible), inside a loop often the enclosing loop's carry
// (a nested loop seeded from the outer carry), sometimes the previous
// init again (two carries from one tile).
func (g *gen) loopInits(s *scope, n int) []*value {
	var inits []*value
	for i := 0; i < n; i++ {
		if i > 0 && g.chance(0.06) {
			g.feat("dup-init")
			inits = append(inits, inits[i-1])
			continue
		}
		if len(s.carry) > 0 && g.chance(0.5) {
			if c := oneOf(g, s.carry...); c.flowOK() {
				g.feat("nested-from-carry")
				inits = append(inits, c)
				continue
			}
		}
		t := g.base()
		if i > 0 && g.chance(0.75) {
			t = inits[0].t
		} else if v := g.pick(s, (*value).flowOK); v != nil && g.chance(0.5) {
			t = v.t
		}
		inits = append(inits, g.needFlow(s, t))
	}
	return inits
}

// loopYields chooses what the body yields for each carry.
func (g *gen) loopYields(body *scope, cs []*value) []*value {
	k := len(cs)
	if k == 0 {
		return nil
	}
	same := true
	for _, c := range cs {
		same = same && c.t == cs[0].t
	}
	pair := k >= 2 && cs[0].t == cs[1].t
	ys := make([]*value, k)
	switch g.weighted(5, 4, when(same && k >= 2, 2), when(same && k >= 2, 2), when(pair, 2), when(pair, 2)) {
	case 0:
		for i, c := range cs {
			ys[i] = g.fresh(body, c)
		}
	case 1:
		g.mixedYields(body, cs, ys)
	case 2:
		g.feat("yield-rotate")
		copy(ys, cs[1:])
		ys[k-1] = cs[0]
	case 3:
		g.feat("yield-shift")
		copy(ys, cs[1:])
		ys[k-1] = g.fresh(body, cs[k-1])
	case 4:
		g.feat("yield-swap")
		ys[0], ys[1] = cs[1], cs[0]
		for i := 2; i < k; i++ {
			ys[i] = g.fresh(body, cs[i])
		}
	default:
		g.feat("yield-dup")
		ys[0] = g.fresh(body, cs[0])
		ys[1] = ys[0]
		for i := 2; i < k; i++ {
			ys[i] = g.fresh(body, cs[i])
		}
	}
	return ys
}

// mixedYields picks per carry: a fresh tile, the carry itself, another
// carry of its type, a tile from before the loop, or the previous yield.
func (g *gen) mixedYields(body *scope, cs, ys []*value) {
	for i, c := range cs {
		var others []*value
		for _, o := range cs {
			if o != c && o.t == c.t {
				others = append(others, o)
			}
		}
		dup := i > 0 && ys[i-1].t == c.t
		outer := g.pick(body, func(v *value) bool { return v.flowOK() && v.t == c.t && body.outer(v) && !v.carry })
		switch g.weighted(4, 2, when(len(others) > 0, 2), when(outer != nil, 2), when(dup, 1)) {
		case 0:
			ys[i] = g.fresh(body, c)
		case 1:
			g.feat("yield-unchanged")
			ys[i] = c
		case 2:
			g.feat("yield-other-carry")
			ys[i] = oneOf(g, others...)
		case 3:
			g.feat("yield-outer")
			ys[i] = outer
		default:
			g.feat("yield-dup")
			ys[i] = ys[i-1]
		}
	}
}

// fresh returns a tile of c's type computed in s: derived from c, or an
// unread tile s already computed.
func (g *gen) fresh(s *scope, c *value) *value {
	if g.chance(0.4) {
		for i := len(s.vals) - 1; i >= 0; i-- {
			v := s.vals[i]
			if v.flowOK() && !v.carry && v.uses == 0 && v.t == c.t {
				return v
			}
		}
	}
	return g.derive(s, c)
}

// ifResults emits an scf.if with one or two tile results.
func (g *gen) ifResults(s *scope) {
	cond := g.cond(s)
	types := []tileT{g.ifType(s)}
	if g.chance(0.3) {
		types = append(types, g.ifType(s))
	}
	res := g.name("r")
	rt := make([]string, len(types))
	for i, t := range types {
		rt[i] = t.String()
	}
	head := res
	if len(types) > 1 {
		head = fmt.Sprintf("%s:%d", res, len(types))
	}
	g.line(s, "%s = scf.if %s -> (%s) {", head, cond, strings.Join(rt, ", "))
	g.ops++
	for arm := 0; arm < 2; arm++ {
		if arm == 1 {
			g.line(s, "} else {")
		}
		a := s.child("")
		g.block(a, g.between(0, 3))
		ys := g.armYields(a, types)
		for _, y := range ys {
			y.uses++
		}
		g.flush(a, ys)
		g.line(a, "scf.yield %s : %s", joinNames(ys), joinTypes(ys))
	}
	g.line(s, "}")
	for i, t := range types {
		v := &value{name: res, t: t}
		if len(types) > 1 {
			v.name = fmt.Sprintf("%s#%d", res, i)
		}
		s.vals = append(s.vals, v)
	}
}

// ifType picks the type of an if result: a visible tile's, or a base type.
func (g *gen) ifType(s *scope) tileT {
	if v := g.pick(s, (*value).flowOK); v != nil && g.chance(0.7) {
		return v.t
	}
	return g.base()
}

// armYields picks what an arm yields per result: a tile computed in the
// arm, a tile from before the if, or the enclosing loop's carry.
func (g *gen) armYields(a *scope, types []tileT) []*value {
	ys := make([]*value, len(types))
	for i, t := range types {
		outer := g.pick(a, func(v *value) bool { return v.flowOK() && v.t == t && !v.carry && a.outer(v) })
		carry := g.pick(a, func(v *value) bool { return v.flowOK() && v.t == t && v.carry })
		dup := i > 0 && ys[i-1].t == t
		switch g.weighted(5, when(outer != nil, 3), when(carry != nil, 3), when(dup, 1)) {
		case 0:
			g.feat("if-fresh")
			ys[i] = g.derive(a, g.needFlow(a, t))
		case 1:
			g.feat("if-outer")
			ys[i] = outer
		case 2:
			g.feat("if-carry")
			ys[i] = carry
		default:
			g.feat("if-dup")
			ys[i] = ys[i-1]
		}
	}
	return ys
}

// ifPlain emits an scf.if without results whose arms store what they compute.
func (g *gen) ifPlain(s *scope) {
	cond := g.cond(s)
	g.line(s, "scf.if %s {", cond)
	g.ops++
	arms := 1
	if g.chance(0.5) {
		arms = 2
	}
	for arm := 0; arm < arms; arm++ {
		if arm == 1 {
			g.line(s, "} else {")
		}
		a := s.child("")
		g.block(a, g.between(1, 3))
		if len(a.vals) == 0 {
			g.store(a, g.floatOperand(a))
		}
		g.flush(a, nil)
	}
	g.line(s, "}")
	g.feat("if-plain")
}

// ---- BigTiles capacity pressure ----

// hold loads tiles at the start that only the end of the function reads,
// so they are live across the whole kernel: n vector tiles, and sometimes
// accumulators too.
func (g *gen) hold(s *scope) {
	if !g.opts.BigTiles {
		return
	}
	if g.chance(0.8) {
		t := g.base().of("f32")
		for i := g.between(2, 9); i > 0; i-- {
			v := g.load(s, t, false, "")
			v.held = true
			g.held = append(g.held, v)
		}
	}
	if g.chance(0.35) {
		m, k, n := g.cubeDim(), g.cubeDim(), g.cubeDim()
		for i := g.between(2, 7); i > 0; i-- {
			acc := g.matmul(s, g.left(s, m, k, "f16", true), g.right(s, k, n, "f16"))
			acc.held = true
			g.held = append(g.held, acc)
		}
	}
	if len(g.held) > 0 {
		g.feat("hold")
	}
}

// release reads the held tiles at the end: vector tiles summed into one
// store, accumulators moved to vec and stored.
func (g *gen) release(s *scope) {
	var sum *value
	for _, v := range g.held {
		v.held = false
		if v.linear {
			g.store(s, g.moveAcc(s, v))
			continue
		}
		if sum == nil {
			sum = v
			continue
		}
		sum = g.op1(s, "add", []operand{tileArg(sum), tileArg(v)}, "", v.t)
	}
	if sum != nil {
		g.store(s, sum)
	}
}
