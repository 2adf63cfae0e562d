package tilerun

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/checked"
)

// The semantics of the ops, as this executor gives them. Tile ops are
// driven by their traits (views, in-place results, destinations, the
// no-alias table) and their rows: an op whose row says it copies its
// input (tile.move) copies it, because a copy is what the planner relies
// on when it inserts one.

func (m *machine) tileOp(op *ir.Operation) error {
	switch {
	case op.Has(ir.AllocLike):
		return m.alloc(op)
	case op.Has(ir.ViewLike):
		return m.view(op)
	case op.Def != nil && len(op.Def.Flows) > 0:
		return m.store(op)
	}
	return m.compute(op)
}

// alloc makes the memory of a tile.alloc (Placed mode only: in Values
// mode tiles ignore their destinations). Allocations with an address
// share their space's memory.
func (m *machine) alloc(op *ir.Operation) error {
	if m.opts.Mode != Placed {
		return nil
	}
	size, _ := op.IntAttrValue("size")
	if size <= 0 || size > 1<<30 {
		return ir.NewError(op.Loc, "tilerun: %s has size %d, which cannot be executed", ir.Describe(op), size)
	}
	if addr, ok := tile.AllocAddr(op); ok {
		if addr < 0 || addr > 1<<30 {
			return ir.NewError(op.Loc, "tilerun: %s has address %d, which cannot be executed", ir.Describe(op), addr)
		}
		space := tile.SpaceOf(op.Results[0].Type)
		o := m.spaces[space]
		if o == nil {
			o = m.newObject(0)
			m.spaces[space] = o
		}
		r := ref{obj: o, base: int(addr), n: int(size)}
		m.grow(r)
		m.refs[op.Results[0]] = r
		return nil
	}
	m.refs[op.Results[0]] = ref{obj: m.newObject(int(size)), n: int(size)}
	return nil
}

// view gives a view its source's bytes: a tile.slice the window at its
// offsets, reshape and reinterpret the source's first bytes.
func (m *machine) view(op *ir.Operation) error {
	srcV := op.Operands[op.Def.ViewSource]
	src, ok := m.refs[srcV]
	if !ok {
		return ir.NewError(op.Loc, "tilerun: the source of %s has not been computed", ir.Describe(op))
	}
	t, ok := op.Results[0].Type.(*tile.Type)
	if !ok {
		return ir.NewError(op.Loc, "tilerun: %s does not produce a tile", ir.Describe(op))
	}
	n, err := byteSize(t.Shape, t.Elem)
	if err != nil {
		return ir.NewError(op.Loc, "tilerun: %s: %v", ir.Describe(op), err)
	}
	if tile.ViewsWindow(op) {
		st, ok := srcV.Type.(*tile.Type)
		if !ok {
			return ir.NewError(op.Loc, "tilerun: %s slices a non-tile", ir.Describe(op))
		}
		offs, err := m.offsets(op, tile.Inputs(op)[1:], len(st.Shape))
		if err != nil {
			return err
		}
		at, err := window(op, "views", st.Shape, t.Shape, st.Elem, offs, "source tile")
		if err != nil {
			return err
		}
		addr := make([]int32, n)
		for i := range addr {
			addr[i] = int32(src.at(at(i)))
		}
		m.refs[op.Results[0]] = ref{obj: src.obj, n: n, addr: addr}
		return nil
	}
	if n > src.n {
		return &FaultError{Diag: ir.NewError(op.Loc, "'%s' views %d bytes of a %d-byte source tile", op.Name, n, src.n)}
	}
	r := ref{obj: src.obj, base: src.base, n: n}
	if src.addr != nil {
		r.addr = src.addr[:n]
	}
	m.refs[op.Results[0]] = r
	return nil
}

// store copies its tile inputs into the window of the tensor its result
// flows from.
func (m *machine) store(op *ir.Operation) error {
	k := op.Def.Flows[0].Operand
	dst, ok := m.refs[op.Operands[k]]
	if !ok {
		return ir.NewError(op.Loc, "tilerun: the tensor of %s has not been computed", ir.Describe(op))
	}
	tt, ok := op.Operands[k].Type.(*tile.TensorType)
	if !ok {
		return ir.NewError(op.Loc, "tilerun: %s does not write a !tile.tensor", ir.Describe(op))
	}
	var idx []*ir.Value
	var tiles []int
	for j, v := range tile.Inputs(op) {
		switch v.Type.(type) {
		case *tile.Type:
			tiles = append(tiles, j)
		case *tile.TensorType:
		default:
			idx = append(idx, v)
		}
	}
	offs, err := m.offsets(op, idx, len(tt.Shape))
	if err != nil {
		return err
	}
	for _, j := range tiles {
		t := op.Operands[j].Type.(*tile.Type)
		at, err := window(op, "writes", tt.Shape, t.Shape, tt.Elem, offs, "tensor")
		if err != nil {
			return err
		}
		src, err := m.read(op, j)
		if err != nil {
			return err
		}
		if err := m.charge(op, src.n); err != nil {
			return err
		}
		id := m.id(op)
		for i := 0; i < src.n; i++ {
			m.write(dst, at(i), src.obj.data[src.at(i)], id)
		}
	}
	for _, f := range op.Def.Flows {
		m.refs[op.Results[f.Result]] = m.refs[op.Operands[f.Operand]]
	}
	return nil
}

// input is one operand of a computing op, as the output bytes read it.
type input struct {
	r      ref
	unsafe bool   // must not alias the output: read back to front, live
	sum    uint64 // hash of all its bytes, taken before any write
	tt     *tile.TensorType
	tensor func(i int) int // a tensor input: output byte -> tensor byte
}

// compute runs a tile op that writes its results: output byte i of
// result k is a hash of the op, k, i, the scalar operands and, per tile
// input, either the input bytes at the same relative position (inputs
// the op may overwrite in place: read just ahead of the write) or a byte
// read from the other end plus a hash of the whole input (inputs it must
// not overwrite: an aliased output changes what later bytes read). A
// tensor input (a load) is read through the window at the op's offsets.
func (m *machine) compute(op *ir.Operation) error {
	inputs := tile.Inputs(op)
	all, forbidden := analysis.ForbiddenAliasOperands(op, m.opts.Target)
	seed := m.seed(op)
	var ins []input
	var idx []*ir.Value
	scratch := tile.ScratchOperand(op)
	for j, v := range inputs {
		if j == scratch {
			continue // not read: clobbered below
		}
		switch t := v.Type.(type) {
		case *tile.Type:
			r, err := m.read(op, j)
			if err != nil {
				return err
			}
			in := input{r: r, sum: m.res.Reads[len(m.res.Reads)-1].Sum, unsafe: all}
			for _, f := range forbidden {
				in.unsafe = in.unsafe || f == j
			}
			ins = append(ins, in)
		case *tile.TensorType:
			r, ok := m.refs[v]
			if !ok {
				return ir.NewError(op.Loc, "tilerun: the tensor read by %s has not been computed", ir.Describe(op))
			}
			ins = append(ins, input{r: r, tt: t})
		default:
			s, ok := m.scal[v]
			if !ok {
				return ir.NewError(op.Loc, "tilerun: operand #%d of %s has not been computed", j, ir.Describe(op))
			}
			seed = mix(seed, uint64(s))
			if v.Type == ir.Index {
				idx = append(idx, v)
			}
		}
	}
	for ri, res := range op.Results {
		t, ok := res.Type.(*tile.Type)
		if !ok {
			return ir.NewError(op.Loc, "tilerun: result #%d of %s is not a tile", ri, ir.Describe(op))
		}
		n, err := byteSize(t.Shape, t.Elem)
		if err != nil {
			return ir.NewError(op.Loc, "tilerun: %s: %v", ir.Describe(op), err)
		}
		for k := range ins {
			if tt := ins[k].tt; tt != nil {
				offs, err := m.offsets(op, idx, len(tt.Shape))
				if err != nil {
					return err
				}
				if ins[k].tensor, err = window(op, "reads", tt.Shape, t.Shape, tt.Elem, offs, "tensor"); err != nil {
					return err
				}
			}
		}
		dst, err := m.dest(op, ri, n)
		if err != nil {
			return err
		}
		if err := m.charge(op, n*(len(ins)+1)); err != nil {
			return err
		}
		id := m.id(op)
		if tile.CopiesTile(op) && len(ins) == 1 && ins[0].tensor == nil {
			src := ins[0].r
			for i := 0; i < n; i++ {
				m.write(dst, dst.at(i), src.obj.data[src.at(i%src.n)], id)
			}
			m.refs[res] = dst
			continue
		}
		for i := 0; i < n; i++ {
			h := mix(seed, uint64(ri), uint64(i))
			for _, in := range ins {
				h = mix(h, in.byteFor(i, n))
			}
			m.write(dst, dst.at(i), byte(h), id)
		}
		m.refs[res] = dst
	}
	if scratch >= 0 {
		// The instruction uses its scratch tile as working space: its
		// bytes are garbage afterwards, so a plan that put anything still
		// live there is caught by the next read of it.
		r, ok := m.refs[inputs[scratch]]
		if !ok {
			return ir.NewError(op.Loc, "tilerun: the scratch tile of %s has not been computed", ir.Describe(op))
		}
		id := m.id(op)
		for i := 0; i < r.n; i++ {
			m.write(r, r.at(i), byte(mix(seed, 0x5c7a7c4, uint64(i))), id)
		}
	}
	return nil
}

// byteFor is what output byte i of n reads of this input.
func (in input) byteFor(i, n int) uint64 {
	r := in.r
	d := r.obj.data
	switch {
	case in.tensor != nil:
		return uint64(d[r.at(in.tensor(i))])
	case in.unsafe:
		return in.sum ^ uint64(d[r.at(r.n-1-i*r.n/n)])<<8
	}
	lo := i * r.n / n
	hi := max((i+1)*r.n/n, lo+1)
	h := uint64(0)
	for k := lo; k < hi && k < r.n; k++ {
		h = h<<8 | uint64(d[r.at(k)])
	}
	return h
}

// dest is where result ri of op is written.
func (m *machine) dest(op *ir.Operation, ri, n int) (ref, error) {
	if m.opts.Mode == Placed {
		if d := tile.DestFor(op, ri); d != nil {
			r, ok := m.placedRef(analysis.TileLoc{Buf: d, Offset: tile.DestOffsetFor(op, ri)}, op.Results[ri])
			if !ok {
				return ref{}, ir.NewError(op.Loc, "tilerun: the destination of %s has not been allocated", ir.Describe(op))
			}
			if r.obj != m.spaces[tile.SpaceOf(d.Type)] && r.base+r.n > len(r.obj.data) {
				return ref{}, ir.NewError(op.Loc, "tilerun: %s writes past the end of its %d-byte allocation", ir.Describe(op), len(r.obj.data))
			}
			return r, nil
		}
		if op.Has(ir.ResultReusesInput) && ri == 0 {
			acc, ok := m.refs[op.Operands[op.Def.ReusedInput]]
			if !ok || acc.n < n {
				return ref{}, ir.NewError(op.Loc, "tilerun: the accumulator of %s is missing or too small", ir.Describe(op))
			}
			acc.n = n
			if acc.addr != nil {
				acc.addr = acc.addr[:n]
			}
			return acc, nil
		}
	}
	return ref{obj: m.newObject(n), n: n}, nil
}

// read records a read of tile operand j of op and returns its bytes.
func (m *machine) read(op *ir.Operation, j int) (ref, error) {
	r, ok := m.refs[op.Operands[j]]
	if !ok {
		return ref{}, ir.NewError(op.Loc, "tilerun: operand #%d of %s has not been computed", j, ir.Describe(op))
	}
	h := uint64(r.n)
	var last uint32
	var writer int32
	undef := false
	for i := 0; i < r.n; i++ {
		a := r.at(i)
		h = mix(h, uint64(r.obj.data[a]))
		if s := r.obj.seq[a]; s > last {
			last, writer = s, r.obj.writer[a]
		}
		undef = undef || r.obj.undef != nil && r.obj.undef[a]
	}
	rd := Read{Op: op, Operand: j, Sum: h, Undefined: undef}
	if writer > 0 {
		rd.Writer = m.writers[writer-1]
	}
	m.res.Reads = append(m.res.Reads, rd)
	return r, m.charge(op, r.n)
}

func (m *machine) write(r ref, a int, b byte, id int32) {
	m.clock++
	o := r.obj
	o.data[a] = b
	o.seq[a] = m.clock
	o.writer[a] = id
	if o.undef != nil {
		o.undef[a] = false
	}
}

// taint marks byte a of o as garbage.
func taint(o *object, a int) {
	if o.undef == nil {
		o.undef = make([]bool, len(o.data))
	}
	o.undef[a] = true
}

func (m *machine) id(op *ir.Operation) int32 {
	if id, ok := m.ids[op]; ok {
		return id
	}
	m.writers = append(m.writers, op)
	id := int32(len(m.writers))
	m.ids[op] = id
	return id
}

// seed is the per-op part of every output byte: the op's name and where
// it is, so two ops of one kind compute different bytes.
func (m *machine) seed(op *ir.Operation) uint64 {
	if s, ok := m.seeds[op]; ok {
		return s
	}
	s := mix(hashString(op.Name), hashString(op.Loc.String()))
	if k, ok := m.opts.OpKeys[op]; ok {
		s = mix(hashString(op.Name), k)
	}
	m.seeds[op] = s
	return s
}

// offsets is the element origin of a load/store/slice window in a
// rank-rank source, by the rule the ptoas lowering uses: the `offsets`
// attribute alone; or plus one index operand per dimension; or, with
// one index operand, the attribute as a per-step stride.
func (m *machine) offsets(op *ir.Operation, idx []*ir.Value, rank int) ([]int64, error) {
	static, err := tile.StaticOffsets(op, rank)
	if err != nil {
		return nil, err
	}
	vals := make([]int64, len(idx))
	for i, v := range idx {
		s, ok := m.scal[v]
		if !ok {
			return nil, ir.NewError(op.Loc, "tilerun: an offset of %s has not been computed", ir.Describe(op))
		}
		vals[i] = s
	}
	offs := make([]int64, rank)
	for d := range offs {
		var ok bool
		switch len(vals) {
		case 0:
			offs[d], ok = static[d], true
		case rank:
			offs[d], ok = checked.Add(static[d], vals[d])
		case 1:
			offs[d], ok = checked.Mul(static[d], vals[0])
		default:
			return nil, ir.NewError(op.Loc, "tilerun: %s has %d offset operands for rank %d", ir.Describe(op), len(vals), rank)
		}
		if !ok {
			return nil, &FaultError{Diag: ir.NewError(op.Loc, "'%s': the offset of dimension %d overflows int64 (index operands %s)", op.Name, d, formatInts(vals))}
		}
	}
	return offs, nil
}

// window maps logical byte i of a window (shape win) at element origin
// offs of a row-major outer array (a tensor or a source tile: shape
// outer, element type elem) to its byte in the outer array. A window
// that leaves the array is the kernel's fault, reported at op: what the
// op does (verb) to which elements of which dimension.
func window(op *ir.Operation, verb string, outer, win []int64, elem ir.Type, offs []int64, what string) (func(int) int, error) {
	if len(outer) != len(win) || len(offs) != len(win) {
		return nil, ir.NewError(op.Loc, "tilerun: %s: a rank-%d window of a rank-%d %s", ir.Describe(op), len(win), len(outer), what)
	}
	if w := ir.ElementBitWidth(elem); w <= 0 || w%8 != 0 {
		return nil, ir.NewError(op.Loc, "tilerun: %s: windows of %s elements, which are not whole bytes, cannot be executed", ir.Describe(op), elem)
	}
	for d := range win {
		if offs[d] < 0 || offs[d] > outer[d]-win[d] {
			return nil, &FaultError{Diag: ir.NewError(op.Loc, "'%s' %s elements %s of dimension %d of its %s %s, which has %d (offsets %s)", op.Name, verb, tile.ElementRange(offs[d], win[d]), d, ir.FormatShape(outer), what, outer[d], formatInts(offs))}
		}
	}
	eb := int(ir.ElementBitWidth(elem) / 8)
	return func(i int) int {
		e, b := i/eb, i%eb
		lin := 0
		for d := len(win) - 1; d >= 0; d-- {
			w := int(win[d])
			lin += (e%w + int(offs[d])) * strideOf(outer, d)
			e /= w
		}
		return lin*eb + b
	}, nil
}

func strideOf(shape []int64, d int) int {
	s := 1
	for k := d + 1; k < len(shape); k++ {
		s *= int(shape[k])
	}
	return s
}

func formatInts(xs []int64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// intEvaluator is what an op with integer semantics says of its result
// on known operands, each an integer's bits sign-extended to 64 (arith's
// integer ops, dialect/arith/eval.go); ok is false when it has none.
type intEvaluator interface {
	EvalInt(op *ir.Operation, operands []int64) (result int64, ok bool)
}

// scalar evaluates an op on index, integer and float scalars. Integer
// arithmetic and comparisons are exact, as the ops' integer semantics
// give them (they decide loop bounds and if arms); anything else is a
// hash of its operands (of its attributes, without operands), the same in
// every run.
func (m *machine) scalar(op *ir.Operation) error {
	args := make([]int64, len(op.Operands))
	for i, v := range op.Operands {
		s, ok := m.scal[v]
		if !ok {
			if _, isRef := m.refs[v]; isRef {
				return ir.NewError(op.Loc, "tilerun: cannot execute %s on tile values", ir.Describe(op))
			}
			return ir.NewError(op.Loc, "tilerun: operand #%d of %s has not been computed", i, ir.Describe(op))
		}
		args[i] = s
	}
	var r int64
	known := false
	if ev, ok := ir.InterfaceOf[intEvaluator](op); ok {
		r, known = ev.EvalInt(op, args)
	}
	if !known {
		h := hashString(op.Name)
		if len(args) == 0 {
			h = mix(h, m.attrHash(op)) // a constant of another kind
		}
		for _, a := range args {
			h = mix(h, uint64(a))
		}
		r = int64(h)
	}
	for i, res := range op.Results {
		v := r
		if i > 0 {
			v = int64(mix(uint64(r), uint64(i)))
		}
		if res.Type == ir.I1 {
			v &= 1
		}
		m.scal[res] = v
	}
	return nil
}

// attrHash is a hash of op's attributes, the same for the same values.
func (m *machine) attrHash(op *ir.Operation) uint64 {
	if h, ok := m.attrs[op]; ok {
		return h
	}
	var h uint64
	for _, list := range [][]ir.NamedAttr{op.Props, op.Attrs()} {
		for _, a := range list {
			h = mix(h, hashString(a.Name), hashString(ir.ElidedString(a.Value)))
		}
	}
	m.attrs[op] = h
	return h
}
