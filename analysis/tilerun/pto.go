package tilerun

import (
	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
)

// The generic rule for pto ops (ptoas's language), where buffers are
// passed by reference and ops write their outs(...) in place. Nothing
// here knows an op by name: every fact comes from the registry (traits,
// effects) and the pto dialect's op interfaces.
//
//   - An allocation of a local buffer (AllocLike with a !pto.tile_buf or
//     local memref result) gets bytes of its own in Values mode; in
//     Placed mode, when it has an address (TileAddr: pto.alloc_tile's
//     addr, pto.pointer_cast's), its bytes are its space's at that
//     address, so buffers the plan overlaps share bytes.
//   - A view (ViewLike) shares its source's bytes from their start.
//   - A pure op that makes a buffer of no buffer operand (a tile a pipe
//     hands over, pto.declare_tile) gets bytes of its own filled from the
//     op: both runs see the same.
//   - Any other op touching buffers does what its memory effects say:
//     every byte it writes depends on every byte it reads (and on its
//     scalar operands and attributes), written over the whole buffer; a
//     write-only operand (a tmp scratch) is clobbered alike. An input
//     the op's InPlaceInputs do not allow its outs over is read again
//     after the write: if the write changed it, the outs are written
//     again from what the input now holds, so a plan that puts an out
//     over such an input computes other bytes.
//
// An op touching buffers whose effects are not declared (ptoas's
// "unknown", a call) is a located "cannot execute" error.

// addrFacts is an allocation's address operand.
type addrFacts interface {
	TileAddr(op *ir.Operation) (*ir.Value, bool)
}

// inPlaceFacts are the inputs an op's outs may be written over.
type inPlaceFacts interface {
	InPlaceInputs(op *ir.Operation, arch *pto.Arch) []*ir.Value
}

// genericArgBytes is the size given to a global buffer argument whose
// type has no static size (a !pto.ptr, a dynamic view): views share it
// whole, so its size only decides how many bytes each access hashes.
const genericArgBytes = 256

// isPtoBuffer: a value whose bytes the generic rule tracks.
func isPtoBuffer(t ir.Type) bool {
	switch t.(type) {
	case *pto.TileBufType, *pto.ViewType, *pto.PtrType, *ir.MemRefType:
		return true
	}
	return false
}

// localSpace is the local space a buffer type lives in ("" for global
// memory).
func localSpace(t ir.Type) string {
	switch t := t.(type) {
	case *pto.TileBufType:
		return t.Space
	case *ir.MemRefType:
		s := pto.EnumValue(t.MemSpace, "address_space")
		if s == "gm" || s == "zero" {
			return ""
		}
		return s
	}
	return ""
}

// bufferBytes is the static size of a buffer type (false: none).
func bufferBytes(t ir.Type) (int, bool) {
	var shape []int64
	var elem ir.Type
	switch t := t.(type) {
	case *pto.TileBufType:
		shape, elem = t.Shape, t.Elem
	case *pto.ViewType:
		shape, elem = t.Shape, t.Elem
	case *ir.MemRefType:
		shape, elem = t.Shape, t.Elem
	default:
		return 0, false
	}
	if ir.ElementBitWidth(elem) <= 0 {
		return 0, false
	}
	n, err := byteSize(shape, elem)
	return n, err == nil
}

// touchesPtoBuffers: op has an operand or a result the generic rule
// tracks.
func touchesPtoBuffers(op *ir.Operation) bool {
	for _, v := range op.Operands {
		if isPtoBuffer(v.Type) {
			return true
		}
	}
	for _, v := range op.Results {
		if isPtoBuffer(v.Type) {
			return true
		}
	}
	return false
}

// HasLocalBuffers reports whether fn makes a buffer of local memory
// (a tile or local memref, allocated, at a fixed address or a view): a
// pto kernel the generic rule runs.
func HasLocalBuffers(fn *ir.Operation) bool {
	found := false
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Results {
			found = found || localSpace(r.Type) != ""
		}
		return !found
	})
	return found
}

// ptoArg gives a global buffer argument its seeded bytes.
func (m *machine) ptoArg(fn *ir.Operation, i int, a *ir.Value, t ir.Type) (*object, error) {
	if localSpace(t) != "" {
		return nil, ir.NewError(fn.Loc, "tilerun: local buffer arguments cannot be executed (argument #%d)", i)
	}
	n, ok := bufferBytes(t)
	if !ok {
		n = genericArgBytes
	}
	o := m.newObject(n)
	for k := range o.data {
		o.data[k] = byte(mix(m.opts.Seed, uint64(i)+1, uint64(k)))
	}
	m.refs[a] = ref{obj: o, n: n}
	return o, nil
}

// ptoOp runs one op that touches buffers by the generic rule.
func (m *machine) ptoOp(op *ir.Operation) error {
	if op.Def == nil {
		return ir.NewError(op.Loc, "tilerun: cannot execute '%s': it is not an op pto-opt knows, and it uses buffers", op.Name)
	}
	switch {
	case op.Has(ir.AllocLike) && len(op.Results) == 1 && isPtoBuffer(op.Results[0].Type):
		return m.ptoAlloc(op)
	case op.Has(ir.ViewLike):
		return m.ptoView(op)
	case op.Has(ir.Pure):
		return m.ptoPure(op)
	}
	return m.ptoEffects(op)
}

// ptoAlloc makes a buffer's bytes: at its address in its space in
// Placed mode, its own otherwise.
func (m *machine) ptoAlloc(op *ir.Operation) error {
	t := op.Results[0].Type
	n, ok := bufferBytes(t)
	if !ok {
		return ir.NewError(op.Loc, "tilerun: cannot execute %s: its buffer has no static size", ir.Describe(op))
	}
	if m.opts.Mode == Placed {
		if r, placed, err := m.atAddress(op, n); placed || err != nil {
			m.refs[op.Results[0]] = r
			return err
		}
	}
	if g, ok := m.aliased[op]; ok {
		o := m.groups[g.group]
		if o == nil {
			o = m.freshObject(0)
			m.groups[g.group] = o
		}
		r := ref{obj: o, base: g.offset, n: n}
		m.grow(r)
		m.refs[op.Results[0]] = r
		return nil
	}
	m.refs[op.Results[0]] = ref{obj: m.freshObject(n), n: n}
	return nil
}

// freshObject is the memory of a buffer nothing has written yet: in
// Values mode its bytes are garbage until written (in Placed mode they
// are whatever the space holds).
func (m *machine) freshObject(n int) *object {
	o := m.newObject(n)
	if m.opts.Mode == Values {
		o.fresh = true
		o.undef = make([]bool, n)
		for i := range o.undef {
			o.undef[i] = true
		}
	}
	return o
}

// alias is where a root of a level-3 storage group lies in the group.
type alias struct {
	group  *ptobuf.Group
	offset int
}

// sameAddressAliases are the roots an input's addresses put in one
// storage group with others (PyPTO's same-address aliases: bytes written
// through one and read through another). They keep their distance in
// Values mode too: that sharing is the kernel's meaning, not a plan's.
// A function the buffer model cannot read has none (the planners refuse
// it).
func sameAddressAliases(fn *ir.Operation) map[*ir.Operation]alias {
	out := map[*ir.Operation]alias{}
	if !ptobuf.HasRoots(fn) {
		return out
	}
	model, err := ptobuf.Build(fn)
	if err != nil {
		return out
	}
	for _, g := range model.Groups {
		if len(g.Members) < 2 {
			continue
		}
		for i, r := range g.Members {
			if r.Op != nil && g.Offsets[i] >= 0 && g.Offsets[i] < 1<<30 {
				out[r.Op] = alias{group: g, offset: int(g.Offsets[i])}
			}
		}
	}
	return out
}

// atAddress is the bytes of op's buffer of n bytes at the address its
// TileAddr operand gives, in its space's memory (false: no address).
func (m *machine) atAddress(op *ir.Operation, n int) (ref, bool, error) {
	f, ok := ir.InterfaceOf[addrFacts](op)
	if !ok {
		return ref{}, false, nil
	}
	a, ok := f.TileAddr(op)
	if !ok {
		return ref{}, false, nil
	}
	space := localSpace(op.Results[0].Type)
	if space == "" {
		return ref{}, false, nil
	}
	addr, ok := m.scal[a]
	if !ok {
		return ref{}, true, ir.NewError(op.Loc, "tilerun: the address of %s has not been computed", ir.Describe(op))
	}
	if addr < 0 || addr > 1<<30 {
		return ref{}, true, ir.NewError(op.Loc, "tilerun: %s has address %d, which cannot be executed", ir.Describe(op), addr)
	}
	o := m.spaces[space]
	if o == nil {
		o = m.newObject(0)
		m.spaces[space] = o
	}
	r := ref{obj: o, base: int(addr), n: n}
	m.grow(r)
	return r, true, nil
}

// ptoView gives a view its source's bytes, from their start.
func (m *machine) ptoView(op *ir.Operation) error {
	k := op.Def.ViewSource
	if k < 0 || k >= len(op.Operands) || len(op.Results) == 0 {
		return ir.NewError(op.Loc, "tilerun: cannot execute %s: its view source is not an operand", ir.Describe(op))
	}
	src, ok := m.refs[op.Operands[k]]
	if !ok {
		return ir.NewError(op.Loc, "tilerun: the source of %s has not been computed", ir.Describe(op))
	}
	if n, ok := bufferBytes(op.Results[0].Type); ok && n < src.n {
		src.n = n
		if src.addr != nil {
			src.addr = src.addr[:n]
		}
	}
	m.refs[op.Results[0]] = src
	return m.charge(op, 0)
}

// ptoPure runs a pure op: a buffer made of no buffer operand (at the
// address it names in Placed mode, else bytes of its own filled from the
// op), or scalars computed from the op alone.
func (m *machine) ptoPure(op *ir.Operation) error {
	for _, v := range op.Operands {
		if isPtoBuffer(v.Type) {
			return ir.NewError(op.Loc, "tilerun: cannot execute %s: it makes a value of a buffer without being a view of it", ir.Describe(op))
		}
	}
	for i, res := range op.Results {
		if !isPtoBuffer(res.Type) {
			m.scal[res] = int64(mix(m.seed(op), uint64(i)))
			continue
		}
		n, ok := bufferBytes(res.Type)
		if !ok {
			return ir.NewError(op.Loc, "tilerun: cannot execute %s: its buffer has no static size", ir.Describe(op))
		}
		if m.opts.Mode == Placed && i == 0 {
			if r, placed, err := m.atAddress(op, n); placed || err != nil {
				m.refs[res] = r
				if err != nil {
					return err
				}
				continue
			}
		}
		r := ref{obj: m.newObject(n), n: n}
		id := m.id(op)
		for k := range n {
			m.write(r, k, byte(mix(m.seed(op), uint64(i), uint64(k))), id)
		}
		m.refs[res] = r
		if err := m.charge(op, n); err != nil {
			return err
		}
	}
	return nil
}

// ptoEffects runs an op by its memory effects.
func (m *machine) ptoEffects(op *ir.Operation) error {
	effects, known := ir.OperandEffects(op)
	if !known || op.Has(ir.CallLike) {
		return ir.NewError(op.Loc, "tilerun: cannot execute '%s': what it does to the bytes of its buffers is not declared", op.Name)
	}
	for _, res := range op.Results {
		if isPtoBuffer(res.Type) {
			return ir.NewError(op.Loc, "tilerun: cannot execute '%s': it returns a buffer", op.Name)
		}
	}
	var reads, writes []int
	for _, e := range effects {
		if e.Operand < 0 || e.Operand >= len(op.Operands) || !isPtoBuffer(op.Operands[e.Operand].Type) {
			continue
		}
		switch e.Kind {
		case ir.Read:
			reads = appendOnce(reads, e.Operand)
		case ir.Write:
			writes = appendOnce(writes, e.Operand)
		}
	}
	h := mix(m.seed(op), m.attrHash(op))
	for j, v := range op.Operands {
		if s, ok := m.scal[v]; ok {
			h = mix(h, uint64(j), uint64(s))
		}
	}
	garbage := false
	for _, j := range reads {
		if _, err := m.read(op, j); err != nil {
			return err
		}
		rd := m.res.Reads[len(m.res.Reads)-1]
		h = mix(h, uint64(j), rd.Sum)
		garbage = garbage || rd.Undefined
	}
	if err := m.writeAll(op, writes, h); err != nil {
		return err
	}
	if garbage {
		defer m.taintAll(op, writes)
	}
	// An input the outs may not share bytes with, changed by the write:
	// the outs were computed while it was being read.
	guarded := m.guardedInputs(op, reads, writes)
	h2 := h
	for _, j := range guarded {
		h2 = mix(h2, uint64(j), m.sum(m.refs[op.Operands[j]]))
	}
	if h2 != m.guardSum(op, h, guarded) {
		return m.writeAll(op, writes, h2)
	}
	return nil
}

// guardSum is what the guarded inputs would hash to had the write left
// them alone: their sums as the op read them.
func (m *machine) guardSum(op *ir.Operation, h uint64, guarded []int) uint64 {
	for _, j := range guarded {
		for k := len(m.res.Reads) - 1; k >= 0; k-- {
			rd := m.res.Reads[k]
			if rd.Op == op && rd.Operand == j {
				h = mix(h, uint64(j), rd.Sum)
				break
			}
		}
	}
	return h
}

// guardedInputs are the read operands the outs may not be written over:
// all but the ones the op's InPlaceInputs allow and the outs themselves.
func (m *machine) guardedInputs(op *ir.Operation, reads, writes []int) []int {
	var allowed []*ir.Value
	if f, ok := ir.InterfaceOf[inPlaceFacts](op); ok {
		allowed = f.InPlaceInputs(op, m.opts.Arch)
	}
	var out []int
	for _, j := range reads {
		v := op.Operands[j]
		same := false
		for _, w := range writes {
			same = same || op.Operands[w] == v
		}
		for _, a := range allowed {
			same = same || a == v
		}
		if !same {
			out = append(out, j)
		}
	}
	return out
}

// writeAll writes every byte of each written operand from h.
func (m *machine) writeAll(op *ir.Operation, writes []int, h uint64) error {
	id := m.id(op)
	for _, j := range writes {
		r, ok := m.refs[op.Operands[j]]
		if !ok {
			return ir.NewError(op.Loc, "tilerun: operand #%d of %s has not been computed", j, ir.Describe(op))
		}
		for k := range r.n {
			m.write(r, r.at(k), byte(mix(h, uint64(j), uint64(k))), id)
		}
		if err := m.charge(op, r.n); err != nil {
			return err
		}
	}
	return nil
}

// taintAll marks every byte op wrote as garbage (computed from garbage).
func (m *machine) taintAll(op *ir.Operation, writes []int) {
	for _, j := range writes {
		if r, ok := m.refs[op.Operands[j]]; ok {
			for k := range r.n {
				taint(r.obj, r.at(k))
			}
		}
	}
}

// sum hashes r's bytes as read records them, without recording a read.
func (m *machine) sum(r ref) uint64 {
	h := uint64(r.n)
	for i := 0; i < r.n; i++ {
		h = mix(h, uint64(r.obj.data[r.at(i)]))
	}
	return h
}

func appendOnce(xs []int, x int) []int {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}
