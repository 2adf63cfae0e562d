package ir

// StateScratch lends the op states of a parse the lists that die with
// them once their ops are built (the operands and operand types a format
// puts in declaration order, the arguments of a block or a signature,
// the result groups, the attributes added one by one):
// they are carved from chunks that the parser
// gives back when it recycles the states (Release, Recycle), so reading
// a large input makes them once instead of once per op. Nothing built
// may keep such a list: NewOperation copies the values it is given, and
// the builder resolves names from the refs. Each list has its length as
// capacity, so that appending to it copies it out of the chunk.
type StateScratch struct {
	refs  scratchPool[OperandRef]
	types scratchPool[Type]
	args  scratchPool[Argument]
	res   scratchPool[ResultGroup]
	attrs scratchPool[NamedAttr]
	// the regions and blocks read (not those built: see RegionState.Built)
	regions scratchPool[RegionState]
	blocks  scratchPool[BlockState]
	// the lists of those and of successors
	regionLists scratchPool[*RegionState]
	blockLists  scratchPool[*BlockState]
	opLists     scratchPool[*OperationState]
	succs       scratchPool[SuccessorRef]
}

// ScratchMark is how much of a StateScratch was lent at some point.
type ScratchMark struct {
	refs, types, args, res, attrs, regions, blocks, regionLists, blockLists, opLists, succs scratchMark
}

// Mark is what has been lent so far.
func (s *StateScratch) Mark() ScratchMark {
	return ScratchMark{s.refs.mark(), s.types.mark(), s.args.mark(), s.res.mark(), s.attrs.mark(),
		s.regions.mark(), s.blocks.mark(), s.regionLists.mark(), s.blockLists.mark(), s.opLists.mark(), s.succs.mark()}
}

// Release gives back what was lent since m: no state made since then is
// read any more.
func (s *StateScratch) Release(m ScratchMark) {
	s.refs.release(m.refs)
	s.types.release(m.types)
	s.args.release(m.args)
	s.res.release(m.res)
	s.attrs.release(m.attrs)
	s.regions.release(m.regions)
	s.blocks.release(m.blocks)
	s.regionLists.release(m.regionLists)
	s.blockLists.release(m.blockLists)
	s.opLists.release(m.opLists)
	s.succs.release(m.succs)
}

// Recycle ends the lending: with reuse, everything lent is given back;
// otherwise it stays with the states still in use (and dies with them),
// and the next lists come from other chunks.
func (s *StateScratch) Recycle(reuse bool) {
	if reuse {
		s.Release(ScratchMark{})
		return
	}
	s.refs.abandon()
	s.types.abandon()
	s.args.abandon()
	s.res.abandon()
	s.attrs.abandon()
	s.regions.abandon()
	s.blocks.abandon()
	s.regionLists.abandon()
	s.blockLists.abandon()
	s.opLists.abandon()
	s.succs.abandon()
}

// AppendBlockState appends b to list, a list s lent (or nil), in space s
// lends: a region state's blocks. A nil s appends as append does.
func (s *StateScratch) AppendBlockState(list []*BlockState, b *BlockState) []*BlockState {
	if s == nil {
		return append(list, b)
	}
	return scratchAppend(&s.blockLists, list, b)
}

// CopyStates returns a copy of list in space s lends: a block state's
// ops. A nil s allocates it.
func (s *StateScratch) CopyStates(list []*OperationState) []*OperationState {
	if s == nil || len(list) == 0 {
		return append([]*OperationState(nil), list...)
	}
	out := s.opLists.take(len(list))
	copy(out, list)
	return out
}

// AddRegion appends a region read for the op.
func (st *OperationState) AddRegion(rs *RegionState) {
	if st.Scratch == nil {
		st.Regions = append(st.Regions, rs)
		return
	}
	st.Regions = scratchAppend(&st.Scratch.regionLists, st.Regions, rs)
}

// AddOperand appends an operand read for the op (a hand-written
// parser's; its type goes to OperandTypes, AddOperandType).
func (st *OperationState) AddOperand(r OperandRef) {
	if st.Scratch == nil {
		st.Operands = append(st.Operands, r)
		return
	}
	st.Operands = scratchAppend(&st.Scratch.refs, st.Operands, r)
}

// AddOperandType appends the type of an operand read for the op.
func (st *OperationState) AddOperandType(t Type) {
	st.OperandTypes = st.Scratch.AppendType(st.OperandTypes, t)
}

// AddSuccessor appends a successor read for the op.
func (st *OperationState) AddSuccessor(s SuccessorRef) {
	if st.Scratch == nil {
		st.Successors = append(st.Successors, s)
		return
	}
	st.Successors = scratchAppend(&st.Scratch.succs, st.Successors, s)
}

// NewRegionState returns a zero RegionState that dies with the op state
// it is read for. A nil s allocates it.
func (s *StateScratch) NewRegionState() *RegionState {
	if s == nil {
		return new(RegionState)
	}
	return &s.regions.take(1)[0]
}

// NewBlockState returns a zero BlockState that dies with the op state it
// is read for. A nil s allocates it.
func (s *StateScratch) NewBlockState() *BlockState {
	if s == nil {
		return new(BlockState)
	}
	return &s.blocks.take(1)[0]
}

// AppendArgument appends a to list, a list s lent (or nil), in space s
// lends: a block's or a signature's arguments, which die with the op
// state (the builder's names for them go out of scope first). A nil s
// appends as append does.
func (s *StateScratch) AppendArgument(list []Argument, a Argument) []Argument {
	if s == nil {
		return append(list, a)
	}
	return scratchAppend(&s.args, list, a)
}

// AppendResultGroup appends g to list, a list s lent (or nil), in space
// s lends: an op's result groups. A nil s appends as append does.
func (s *StateScratch) AppendResultGroup(list []ResultGroup, g ResultGroup) []ResultGroup {
	if s == nil {
		return append(list, g)
	}
	return scratchAppend(&s.res, list, g)
}

// CopyOperands returns a copy of list in space s lends. A nil s
// allocates it.
func (s *StateScratch) CopyOperands(list []OperandRef) []OperandRef {
	if s == nil || len(list) == 0 {
		return append([]OperandRef(nil), list...)
	}
	out := s.refs.take(len(list))
	copy(out, list)
	return out
}

// AppendType appends t to list, a list s lent (or nil), in space s lends:
// for a list of types that dies with the op state (such as one given to
// Function, which copies it). A nil s appends as append does.
func (s *StateScratch) AppendType(list []Type, t Type) []Type {
	if s == nil {
		return append(list, t)
	}
	return scratchAppend(&s.types, list, t)
}

// scratchAppend appends v to list, moving a full list to twice the space
// in p (what it leaves is given back with the rest).
func scratchAppend[T any](p *scratchPool[T], list []T, v T) []T {
	if len(list) == cap(list) {
		grown := p.take(max(2*len(list), 4))
		copy(grown, list)
		list = grown[:len(list)]
	}
	return append(list, v)
}

// scratchAppendAll appends vs to list as scratchAppend does.
func scratchAppendAll[T any](p *scratchPool[T], list, vs []T) []T {
	if len(list)+len(vs) > cap(list) {
		grown := p.take(max(2*len(list), len(list)+len(vs), 4))
		copy(grown, list)
		list = grown[:len(list)]
	}
	return append(list, vs...)
}

// scratchRefs returns a list of n refs from st's scratch, or a new one.
func (st *OperationState) scratchRefs(n int) []OperandRef {
	if st.Scratch == nil || n == 0 {
		return make([]OperandRef, n)
	}
	return st.Scratch.refs.take(n)
}

// scratchTypes returns a list of n types from st's scratch, or a new one.
func (st *OperationState) scratchTypes(n int) []Type {
	if st.Scratch == nil || n == 0 {
		return make([]Type, n)
	}
	return st.Scratch.types.take(n)
}

// A pool's first chunk has firstChunk elements, each next one twice as
// many up to scratchChunk (a small text needs little); larger lists get
// a chunk of their own.
const (
	firstChunk   = 64
	scratchChunk = 4096
)

// maxFreeChunks bounds the chunks a pool keeps for reuse.
const maxFreeChunks = 8

// scratchPool lends slices of T from chunks: chunks[len-1] is the one
// being carved, off the part of it lent.
type scratchPool[T any] struct {
	chunks [][]T
	off    int
	free   [][]T
	size   int // the size of the next chunk made
}

type scratchMark struct{ chunks, off int }

func (p *scratchPool[T]) mark() scratchMark { return scratchMark{len(p.chunks), p.off} }

func (p *scratchPool[T]) take(n int) []T {
	if k := len(p.chunks); k == 0 || p.off+n > len(p.chunks[k-1]) {
		var c []T
		if f := len(p.free); f > 0 && len(p.free[f-1]) >= n {
			c, p.free = p.free[f-1], p.free[:f-1]
		} else {
			p.size = min(max(2*p.size, firstChunk), scratchChunk)
			c = make([]T, max(n, p.size))
		}
		p.chunks = append(p.chunks, c)
		p.off = 0
	}
	c := p.chunks[len(p.chunks)-1]
	s := c[p.off : p.off+n : p.off+n]
	p.off += n
	return s
}

// release gives back what was lent since m, cleared (a chunk holds
// nothing of the text read once it is given back).
func (p *scratchPool[T]) release(m scratchMark) {
	for len(p.chunks) > max(m.chunks, 1) {
		k := len(p.chunks) - 1
		c := p.chunks[k]
		clear(c[:p.off])
		p.chunks[k] = nil
		p.chunks = p.chunks[:k]
		p.off = len(p.chunks[k-1]) // the rest of the chunk before is cleared below
		if len(p.free) < maxFreeChunks && len(c) <= scratchChunk {
			p.free = append(p.free, c)
		}
	}
	if len(p.chunks) == 0 {
		return
	}
	from := m.off
	if m.chunks == 0 {
		from = 0
	}
	c := p.chunks[len(p.chunks)-1]
	clear(c[from:p.off])
	p.off = from
	if m.chunks == 0 {
		// Everything is given back: the one chunk left is free too.
		p.chunks[0] = nil
		p.chunks = p.chunks[:0]
		if len(p.free) < maxFreeChunks && len(c) <= scratchChunk {
			p.free = append(p.free, c)
		}
	}
}

// abandon leaves the chunks lent from to their borrowers.
func (p *scratchPool[T]) abandon() {
	clear(p.chunks)
	p.chunks = p.chunks[:0]
	p.off = 0
}
