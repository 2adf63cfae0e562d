// Package tilegen generates random, valid tile kernels (the `tile` dialect
// of pto-opt, before memory planning) for differential and stress testing
// of the planners. A kernel is one func.func over global tensors: it loads
// tiles, computes with every op class of the dialect, runs cube (matmul)
// chains over mat/left/right/acc, carries tiles through scf.for loops and
// scf.if results in the patterns the planners find hard (rotations, swaps,
// duplicate yields, shared inits, nested loops, in-place accumulators), and
// stores the results to output tensors so that they matter.
//
// Generation is deterministic: the same seed and options give the same
// text. Every kernel parses and verifies; whether the planners accept it is
// what the kernels are for.
package tilegen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Options tune the shape of generated kernels; the zero value is usable (defaults).
type Options struct {
	MaxOps   int // approximate op budget of the function (default 24)
	MaxDepth int // maximum nesting of scf.for/scf.if (default 2; negative: no control flow)
	// PTO: kernels meant for lowering to the pto dialect
	// (convert-tile-to-pto) and running there: vector ops only, none the
	// lowering has no ptoas form for (no cube chains, whose layouts the
	// arches constrain, no merge sort or top-k, no tile a pipe hands
	// over).
	PTO      bool
	BigTiles bool // use larger tiles (e.g. 64x64xf32 = 16 KiB) so kernels approach the capacity of ascend910b's spaces; default tiles are small (8x8 .. 16x16) so a byte-level interpreter runs them fast
}

// pcgStream is the PCG stream constant: fixed so a seed means one kernel forever.
const pcgStream = 0x7469_6c65_6765_6e31 // "tilegen1"

// Generate returns the text of one MLIR module holding one func.func @k...,
// in the UNPLANNED form (tiles have no `into`, except writes into author-declared pinned allocations).
// Same seed and options give byte-identical text. It never panics.
func Generate(seed uint64, opts Options) (text string) {
	defer func() {
		// A generator bug must not take a fuzzing campaign down: fall back
		// to a fixed valid kernel. The tests run generate directly, so such
		// a bug still fails them.
		if recover() != nil {
			text = fallbackKernel(seed)
		}
	}()
	text, _ = generate(seed, opts)
	return text
}

// generate builds the kernel and also reports the generator features it
// used (for the coverage test).
func generate(seed uint64, opts Options) (string, map[string]bool) {
	g := newGen(seed, opts)
	return g.kernel(seed), g.feats
}

func fallbackKernel(seed uint64) string {
	return fmt.Sprintf(`module {
  func.func @k%d(%%in0: !tile.tensor<8x8xf32>, %%out0: !tile.tensor<8x8xf32>) {
    %%t0 = tile.load %%in0 {offsets = [0, 0]} : (!tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec>
    %%t1 = tile.exp %%t0 : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
    %%s2 = tile.store %%t1, %%out0 {offsets = [0, 0]} : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32>
    return
  }
}
`, seed)
}

// gen holds the state of one kernel being generated.
type gen struct {
	rng    *rand.Rand
	opts   Options
	maxOps int

	body     strings.Builder
	prologue []string          // constants, emitted at the function entry
	consts   map[string]string // constant key -> SSA name
	args     []string          // "%name: type" of the function arguments
	inputs   map[string]string // input tensor type -> argument name
	flags    []string          // i1 arguments
	idxArg   string            // the index argument, "" until used
	n        int               // name counter
	ops      int               // ops emitted so far

	shapes [][2]int // the kernel's base tile shapes
	elems  []string // the kernel's vector element types, by weight
	allocs []*pinnedAlloc
	held   []*value // BigTiles: tiles kept alive until the end
	feats  map[string]bool
}

func newGen(seed uint64, opts Options) *gen {
	if opts.MaxOps <= 0 {
		opts.MaxOps = 24
	}
	if opts.MaxDepth == 0 {
		opts.MaxDepth = 2
	}
	g := &gen{
		rng:    rand.New(rand.NewPCG(seed, pcgStream)),
		opts:   opts,
		consts: map[string]string{},
		inputs: map[string]string{},
		feats:  map[string]bool{},
	}
	g.pickShapes()
	return g
}

// ---- randomness ----

func (g *gen) chance(p float64) bool { return g.rng.Float64() < p }

// between returns an int in [lo, hi].
func (g *gen) between(lo, hi int) int { return lo + g.rng.IntN(hi-lo+1) }

func oneOf[T any](g *gen, xs ...T) T { return xs[g.rng.IntN(len(xs))] }

// weighted picks an index by weight; zero weights are never picked.
func (g *gen) weighted(ws ...int) int {
	total := 0
	for _, w := range ws {
		total += w
	}
	x := g.rng.IntN(total)
	for i, w := range ws {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ws) - 1
}

// when is n if ok, else 0 (a weight that disables an unavailable choice).
func when(ok bool, n int) int {
	if ok {
		return n
	}
	return 0
}

func (g *gen) feat(name string) { g.feats[name] = true }

// ---- kernel ----

// pickShapes fixes a few base shapes and element types for the kernel, so
// operands of equal type meet often (binary ops, carries, rotations).
func (g *gen) pickShapes() {
	dims := []int{8, 16}
	if g.opts.BigTiles {
		dims = []int{32, 64, 64}
	}
	for n := g.between(1, 3); len(g.shapes) < n; {
		g.shapes = append(g.shapes, [2]int{oneOf(g, dims...), oneOf(g, dims...)})
	}
	if g.opts.BigTiles && g.chance(0.6) {
		g.shapes[0] = [2]int{64, 64} // 16 KiB in f32
	}
	g.elems = []string{"f32", "f32", "f32"}
	if g.chance(0.4) {
		g.elems = append(g.elems, "f16")
	}
}

// base returns one of the kernel's base vector tile types.
func (g *gen) base() tileT {
	sh := oneOf(g, g.shapes...)
	return tileT{r: sh[0], c: sh[1], elem: oneOf(g, g.elems...), space: "vec"}
}

func (g *gen) kernel(seed uint64) string {
	top := &scope{top: true, indent: "    "}
	g.setupPinned()
	g.hold(top)
	g.maxOps = g.ops + g.opts.MaxOps // the held tiles come on top of the budget
	g.block(top, g.opts.MaxOps)
	g.release(top)
	g.flush(top, nil)
	g.line(top, "return")

	var sb strings.Builder
	sb.WriteString("module {\n")
	fmt.Fprintf(&sb, "  func.func @k%d(%s) {\n", seed, strings.Join(g.args, ", "))
	for _, l := range g.prologue {
		sb.WriteString("    " + l + "\n")
	}
	for _, a := range g.allocs {
		if !a.used {
			continue
		}
		// Several slots are declared (`slots = N`): tiles in different
		// slots may be live together, tiles in one slot may not.
		attrs := "{pinned}"
		if len(a.slots) > 1 {
			attrs = fmt.Sprintf("{pinned, slots = %d}", len(a.slots))
		}
		fmt.Fprintf(&sb, "    %s = tile.alloc vec, %d %s : !tile.buf<vec>\n", a.name, a.size, attrs)
	}
	sb.WriteString(g.body.String())
	sb.WriteString("  }\n}\n")
	return sb.String()
}

// block fills scope s with about budget ops (fewer when the function's
// budget runs out).
func (g *gen) block(s *scope, budget int) {
	start := g.ops
	for tries := 0; g.ops-start < budget && g.ops < g.maxOps && tries < 4*budget+8; tries++ {
		g.step(s)
	}
}

// step emits one feature: an op, a cube chain, a loop, a conditional...
func (g *gen) step(s *scope) {
	nest := s.depth < g.opts.MaxDepth
	switch g.weighted(
		12,                                  // vector op
		3,                                   // view
		when(!g.opts.PTO, 3),                // cube chain
		when(nest, 4),                       // scf.for
		when(nest, 3),                       // scf.if with results
		when(nest, 1),                       // scf.if without results
		2,                                   // store
		when(s.top && len(g.allocs) > 0, 4), // write into a pinned slot
	) {
	case 0:
		g.compute(s)
	case 1:
		g.view(s)
	case 2:
		g.cube(s)
	case 3:
		g.loop(s)
	case 4:
		g.ifResults(s)
	case 5:
		g.ifPlain(s)
	case 6:
		if v := g.pick(s, (*value).vecOK); v != nil {
			g.store(s, v)
		} else {
			g.compute(s)
		}
	case 7:
		g.writePinned(s)
	}
}

// ---- emission ----

// line writes one line of the body at s's indentation.
func (g *gen) line(s *scope, format string, args ...any) {
	g.body.WriteString(s.indent)
	fmt.Fprintf(&g.body, format, args...)
	g.body.WriteByte('\n')
}

func (g *gen) name(prefix string) string {
	g.n++
	return fmt.Sprintf("%%%s%d", prefix, g.n)
}

// operand is one input of a tile op: a tile value, or a tensor, scalar or
// index (v nil) with its type.
type operand struct {
	name, typ string
	v         *value
}

func tileArg(v *value) operand { return operand{name: v.name, typ: v.t.String(), v: v} }

// op emits `%r = tile.<name> <ins> [into <into>] [attrs] : (types) -> res`
// and returns the new result tiles, defined in s.
func (g *gen) op(s *scope, name string, ins []operand, into, attrs string, res ...tileT) []*value {
	names := make([]string, len(ins))
	types := make([]string, len(ins))
	for i, in := range ins {
		names[i], types[i] = in.name, in.typ
		if in.v != nil {
			in.v.uses++
		}
	}
	out := make([]*value, len(res))
	rnames := make([]string, len(res))
	rtypes := make([]string, len(res))
	for i, t := range res {
		out[i] = &value{name: g.name("t"), t: t}
		rnames[i], rtypes[i] = out[i].name, t.String()
		s.vals = append(s.vals, out[i])
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s = tile.%s", strings.Join(rnames, ", "), name)
	if len(ins) > 0 {
		sb.WriteString(" " + strings.Join(names, ", "))
	}
	if into != "" {
		sb.WriteString(" into " + into)
	}
	if attrs != "" {
		sb.WriteString(" " + attrs)
	}
	rt := rtypes[0]
	if len(rtypes) > 1 {
		rt = "(" + strings.Join(rtypes, ", ") + ")"
	}
	fmt.Fprintf(&sb, " : (%s) -> %s", strings.Join(types, ", "), rt)
	g.line(s, "%s", sb.String())
	g.ops++
	g.feat("op:" + name)
	return out
}

// op1 is op for single-result ops.
func (g *gen) op1(s *scope, name string, ins []operand, attrs string, res tileT) *value {
	return g.op(s, name, ins, "", attrs, res)[0]
}

// ---- arguments and constants ----

func (g *gen) arg(prefix, typ string) string {
	n := fmt.Sprintf("%%%s%d", prefix, len(g.args))
	g.args = append(g.args, n+": "+typ)
	return n
}

// input returns the input tensor argument of type tt (one per type).
func (g *gen) input(tt tensorT) string {
	key := tt.String()
	if n, ok := g.inputs[key]; ok {
		return n
	}
	n := g.arg("in", key)
	g.inputs[key] = n
	return n
}

// flag returns an i1 argument, sometimes a new one.
func (g *gen) flag() string {
	if len(g.flags) == 0 || len(g.flags) < 3 && g.chance(0.3) {
		g.flags = append(g.flags, g.arg("flag", "i1"))
	}
	return oneOf(g, g.flags...)
}

func (g *gen) indexArg() string {
	if g.idxArg == "" {
		g.idxArg = g.arg("n", "index")
	}
	return g.idxArg
}

// constant returns the SSA name of `arith.constant lit : typ`, emitted once
// at the function entry so it dominates every use.
func (g *gen) constant(name, lit, typ string) string {
	key := lit + ":" + typ
	if n, ok := g.consts[key]; ok {
		return n
	}
	n := name
	if n == "" {
		n = fmt.Sprintf("%%cst%d", len(g.prologue))
	}
	g.prologue = append(g.prologue, fmt.Sprintf("%s = arith.constant %s : %s", n, lit, typ))
	g.consts[key] = n
	return n
}

func (g *gen) idx(n int) string { return g.constant(fmt.Sprintf("%%c%d", n), fmt.Sprint(n), "index") }

// scalar returns a scalar constant of element type elem.
func (g *gen) scalar(elem string) operand {
	lit := oneOf(g, "3", "-2", "1", "7")
	if isFloat(elem) {
		lit = oneOf(g, "0.5", "2.0", "-1.0", "1.5", "0.25")
	}
	return operand{name: g.constant("", lit, elem), typ: elem}
}
