package parser

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The regions of ops isolated from above (functions, modules) are built
// as they are read, op by op, so that the states of a large function die
// as its ops are built instead of living until the whole input has been
// read. Nothing outside such a region is visible in it, so the state's
// own builder, with a frame of its own, builds it completely; the op's
// state then carries the built region (RegionState.Built), which the
// builder of the op attaches.
//
// Only the fast parse streams. It reports any error by reading the input
// again with participle, without streaming (generic.go), so errors keep
// the order and places of the whole-region builder (buildRegion).

// parseRegionBuilt reads `{ ops (^label(args): ops)* }` and builds it,
// entryArgs (the op's named arguments) as the entry block's arguments.
func (s *state) parseRegionBuilt(entryArgs []ir.Argument) (*ir.RegionState, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	open := s.peek()
	if open.Type != tPunct || open.Value != "{" {
		return nil, s.errf("expected '{' to begin a region")
	}
	s.next()
	if s.builder == nil {
		s.builder = &builder{allowUnreg: s.allowUnreg}
	}
	b := s.builder
	r := &ir.Region{}
	rs := s.scratch.NewRegionState() // see ir.StateScratch
	rs.Loc, rs.EntryArgs, rs.Built = locOf(open.Pos), entryArgs, r
	b.push(true).streaming = true
	// A block's ops are gathered on the builder's op stack (nested
	// regions stack theirs above and take them off again) and copied out
	// when the block ends, so its list is allocated once, at its size.
	mark := len(b.opStack)
	defer func() {
		clear(b.opStack[mark:])
		b.opStack = b.opStack[:mark]
	}()
	var cur *ir.Block
	endBlock := func() {
		if cur == nil || len(b.opStack) == mark {
			return
		}
		ops := b.opStack[mark:]
		if len(cur.Ops) == 0 && len(ops) >= 1024 && cap(b.opStack) <= 3*len(ops) {
			// A long block takes the stack's space, at least a third its
			// own, rather than a copy (which would leave the stack's
			// space as large as the block's unused): the stack goes on
			// in new space.
			cur.Ops = ops[:len(ops):min(len(ops)+1, cap(ops))] // room for an implicit terminator
			b.opStack = b.opStack[:mark:mark]
			return
		}
		cur.Ops = append(make([]*ir.Operation, 0, len(cur.Ops)+len(ops)+1), cur.Ops...) // room for an implicit terminator
		cur.Ops = append(cur.Ops, ops...)
		clear(ops)
		b.opStack = b.opStack[:mark]
	}
	if len(entryArgs) > 0 {
		cur = r.AddBlock()
		if err := b.defineArgs(cur, entryArgs); err != nil {
			return nil, err
		}
	}
	for {
		t := s.peek()
		switch t.Type {
		case tPunct:
			if t.Value == "}" {
				s.next()
				endBlock()
				if err := b.pop(); err != nil {
					return nil, err
				}
				return rs, nil
			}
		case tCaret:
			endBlock()
			bs, err := s.blockHeader()
			if err != nil {
				return nil, err
			}
			if len(r.Blocks) == 1 && len(r.Blocks[0].Ops) == 0 && len(entryArgs) > 0 {
				return nil, ir.NewError(bs.Loc, "invalid block name in region with named arguments")
			}
			blk, err := b.labelBlock(bs.Label, bs.Loc)
			if err != nil {
				return nil, err
			}
			blk.Region = r
			r.Blocks = append(r.Blocks, blk)
			if err := b.defineArgs(blk, bs.Args); err != nil {
				return nil, err
			}
			cur = blk
			continue
		case tPercent, tString, tIdent:
			slab, smark := s.markStates(), s.scratch.Mark()
			st, err := s.parseOperation()
			if err != nil {
				return nil, err
			}
			if cur == nil {
				cur = r.AddBlock()
			}
			op, err := b.buildOp(st)
			if err != nil {
				return nil, err
			}
			op.Block = cur
			b.pushOp(op)
			s.reuseStates(slab)
			s.scratch.Release(smark) // the lists of the states since mark are read no more
			continue
		}
		return nil, s.errf("expected operation name in quotes, found %s", describe(t))
	}
}

// pushOp stacks op on the builder's op stack, which grows by doubling
// (append's slower growth past a few hundred pointers copies a long
// block's list many more times).
func (b *builder) pushOp(op *ir.Operation) {
	if len(b.opStack) == cap(b.opStack) {
		b.opStack = append(make([]*ir.Operation, 0, max(2*cap(b.opStack), 64)), b.opStack...)
	}
	b.opStack = append(b.opStack, op)
}

// labelBlock returns the block a streaming frame's header ^label begins:
// the one a successor read before made, or a new one.
func (b *builder) labelBlock(label string, loc ir.Location) (*ir.Block, error) {
	f := b.top()
	if blk, ok := f.labels[label]; ok {
		if _, waiting := f.pending[label]; !waiting {
			return nil, ir.NewError(loc, "redefinition of block '^%s'", label)
		}
		delete(f.pending, label)
		return blk, nil
	}
	blk := &ir.Block{Label: label}
	if f.labels == nil {
		f.labels = map[string]*ir.Block{}
	}
	f.labels[label] = blk
	return blk, nil
}

// forwardBlock makes the block a successor names before its header is
// read, in a streaming frame.
func (b *builder) forwardBlock(label string, loc ir.Location) *ir.Block {
	f := b.top()
	blk := &ir.Block{Label: label}
	if f.labels == nil {
		f.labels = map[string]*ir.Block{}
	}
	if f.pending == nil {
		f.pending = map[string]ir.Location{}
	}
	f.labels[label] = blk
	f.pending[label] = loc
	return blk
}

// stateMark is where newState stood: the rest of its slab and how many
// slabs had been begun.
type stateMark struct {
	rest []ir.OperationState
	n    int
}

func (s *state) markStates() stateMark { return stateMark{s.stateSlab, len(s.slabLog)} }

// reuseStates gives back the op states handed out since m, once the op
// they describe is built: nothing refers to them any more (the builder
// keeps only what their slices point to), so a long region's ops are read
// with a few states instead of one each. States that took the rest of m's
// slab and slabs begun since give those slabs back too (an op of many
// nested ops, a loop nest, takes several).
func (s *state) reuseStates(m stateMark) {
	if len(s.slabLog) > m.n {
		clear(m.rest)
		for _, slab := range s.slabLog[m.n:] {
			clear(slab)
			s.spareSlabs = append(s.spareSlabs, slab)
		}
		clear(s.slabLog[m.n:])
		s.slabLog = s.slabLog[:m.n]
		s.stateSlab = m.rest
		return
	}
	mark, rest := m.rest, s.stateSlab
	if len(rest) == 0 || len(mark) < len(rest) || &mark[len(mark)-1] != &rest[len(rest)-1] {
		return
	}
	clear(mark[:len(mark)-len(rest)])
	s.stateSlab = mark
}
