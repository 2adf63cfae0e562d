package tile

import (
	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect"
	"github.com/pto-opt/pto-opt/transforms/tile/ptoasplan"
)

// The lifetimes ptoas's PlanMemory gives a kernel's tiles, computed on the
// tile IR after init-memref (whose allocations, hoisted to the entry, are
// the pto.alloc_tile ops convert-tile-to-pto emits, in the same order,
// each op becoming the pto op that names the same buffers). ptoas's
// liveness is much coarser than pto-opt's:
//
//   - it numbers the ops in a pre-order walk, giving scf.for a position at
//     its start and one at its end, and scf.if one at the start of each
//     branch and one at its end (the else's start when it has no else);
//   - a buffer is born ("gen") at the first op that writes it (a
//     destination, or an instruction's scratch tile) or, earlier, at the
//     start of any scf.for it is live across in the for's block: with the
//     allocations at the function entry, every tile a loop uses, and every
//     tile used after a loop, is born at the start of the first loop;
//   - a buffer dies ("kill") only at an op of the block that allocates it
//     (the entry): at its last use there when that is an instruction, at
//     the end of the scf.for or scf.if holding its last use; a last use
//     inside a loop or a branch keeps it alive to the end of the top-level
//     op around it, and a last use by a view never kills it at all.
//
// Storage entries are made in birth order (buffers born together at a
// loop's start in allocation order, as ptoas's live-value set yields them
// for small kernels) and placed by ptoasplan.

// ptoasRegionOps are the two region ops ptoas's liveness special-cases
// by name (it walks into any other region op like a plain op).
var ptoasRegionOps = map[string]bool{"scf.for": true, "scf.if": true}

// ptoasBuffer is one allocation as ptoas's planner sees it.
type ptoasBuffer struct {
	alloc     *dialect.Operation
	gen, kill int64
	born      bool
}

type ptoasLiveness struct {
	aliases *analysis.Aliases
	roots   map[*dialect.Value][]*dialect.Operation
	bufs    map[*dialect.Operation]*ptoasBuffer
	allocs  []*dialect.Operation
	// reach[alloc][block] is the highest position in block of an op
	// there that is or holds a use of the allocation.
	reach map[*dialect.Operation]map[*dialect.Block]int
	pos   map[*dialect.Operation]int
	// order is the birth order of the buffers.
	order []*ptoasBuffer
	// conflicts are ptoas's semantic pairs: scratch and destination.
	conflicts [][2]*dialect.Operation
	t         int64
}

// ptoasUses says which allocations op names in its pto form: reads,
// writes (destinations and results, in order), its scratch, and whether
// it is an instruction (a destination-style pto op, at which ptoas
// checks for dead buffers) rather than a view or nothing.
func (l *ptoasLiveness) ptoasUses(op *dialect.Operation) (reads, writes, scratch []*dialect.Operation, instr bool) {
	row, ok := dialect.TileOpOf(op.Name)
	if !ok {
		if ptoasRegionOps[op.Name] || op.Has(dialect.Terminator) {
			// Loop-carried and yielded tiles are not operands in pto.
			return nil, nil, nil, false
		}
		for _, v := range op.Operands {
			reads = append(reads, l.rootsOf(v)...)
		}
		return reads, nil, nil, false
	}
	inputs := dialect.TileInputs(op)
	switch row.PTOForm {
	case dialect.PTONoOp:
		return nil, nil, nil, false
	case dialect.PTOSubset, dialect.PTOSSAView:
		if len(inputs) > 0 {
			reads = l.rootsOf(inputs[0])
		}
		return reads, nil, nil, false
	case dialect.PTOStore:
		if len(inputs) > 0 {
			reads = l.rootsOf(inputs[0])
		}
		return reads, nil, nil, true
	case dialect.PTOLoad:
		if len(op.Results) > 0 {
			writes = l.rootsOf(op.Results[0])
		}
		return nil, writes, nil, true
	}
	picked := inputs
	if row.PTOIns != nil {
		picked = nil
		for _, i := range row.PTOIns {
			if k := dialect.InputIndex(op, i); k < len(inputs) {
				picked = append(picked, inputs[k])
			}
		}
	}
	sk := dialect.ScratchOperand(op)
	for k, v := range picked {
		if row.PTOIns == nil && k == sk {
			scratch = l.rootsOf(v)
			continue
		}
		reads = append(reads, l.rootsOf(v)...)
	}
	for _, r := range op.Results {
		writes = append(writes, l.rootsOf(r)...)
	}
	return reads, writes, scratch, true
}

// rootsOf is the tile allocations v's bytes come from.
func (l *ptoasLiveness) rootsOf(v *dialect.Value) []*dialect.Operation {
	if v == nil {
		return nil
	}
	if _, ok := v.Type.(*dialect.TileType); !ok {
		if _, ok := v.Type.(*dialect.TileBufType); !ok {
			return nil
		}
	}
	if r, ok := l.roots[v]; ok {
		return r
	}
	var out []*dialect.Operation
	for _, w := range l.aliases.Roots(v) {
		if w.Op != nil && IsAlloc(w.Op) {
			out = append(out, w.Op)
		}
	}
	l.roots[v] = out
	return out
}

// computePTOASLiveness runs ptoas's liveness over fn.
func computePTOASLiveness(fn *dialect.Operation) *ptoasLiveness {
	l := &ptoasLiveness{
		aliases: analysis.NewAliases(fn),
		roots:   map[*dialect.Value][]*dialect.Operation{},
		bufs:    map[*dialect.Operation]*ptoasBuffer{},
		reach:   map[*dialect.Operation]map[*dialect.Block]int{},
		pos:     map[*dialect.Operation]int{},
	}
	fn.Walk(func(op *dialect.Operation) bool {
		for _, r := range op.Regions {
			for _, b := range r.Blocks {
				for i, o := range b.Ops {
					l.pos[o] = i
				}
			}
		}
		if IsAlloc(op) {
			l.allocs = append(l.allocs, op)
			l.bufs[op] = &ptoasBuffer{alloc: op, kill: -1}
			l.reach[op] = map[*dialect.Block]int{}
		}
		return true
	})
	// Every op naming an allocation, and every op around it, reaches it
	// in its block.
	fn.Walk(func(op *dialect.Operation) bool {
		if op == fn {
			return true
		}
		reads, writes, scratch, _ := l.ptoasUses(op)
		for _, list := range [][]*dialect.Operation{reads, writes, scratch} {
			for _, a := range list {
				for o := op; o != nil && o != fn; o = o.ParentOp() {
					if p, ok := l.reach[a][o.Block]; !ok || l.pos[o] > p {
						l.reach[a][o.Block] = l.pos[o]
					}
				}
			}
		}
		return true
	})
	for _, r := range fn.Regions {
		for _, b := range r.Blocks {
			l.visit(b)
		}
	}
	return l
}

// liveAcross reports whether allocation a is live at op in op's block, as
// MLIR's Liveness tells ptoas: used at or after op there (and, in the
// allocation's own block, allocated before it).
func (l *ptoasLiveness) liveAcross(a, op *dialect.Operation) bool {
	p, ok := l.reach[a][op.Block]
	if !ok || p < l.pos[op] {
		return false
	}
	return a.Block != op.Block || l.pos[a] < l.pos[op]
}

func (l *ptoasLiveness) tick() int64 { t := l.t; l.t++; return t }

func (l *ptoasLiveness) gen(a *dialect.Operation, at int64) {
	b := l.bufs[a]
	if b == nil || b.born {
		return
	}
	b.born, b.gen = true, at
	l.order = append(l.order, b)
}

// killAt kills, at position at, the buffers allocated in op's block whose
// last use there is op.
func (l *ptoasLiveness) killAt(op *dialect.Operation, at int64) {
	for _, a := range l.allocs {
		b := l.bufs[a]
		if a.Block != op.Block || !b.born || b.kill >= 0 {
			continue
		}
		if p, ok := l.reach[a][op.Block]; ok && p == l.pos[op] {
			b.kill = at
		}
	}
}

func (l *ptoasLiveness) visit(block *dialect.Block) {
	for _, op := range block.Ops {
		switch {
		case op.Name == "scf.for":
			start := l.tick()
			for _, a := range l.allocs {
				if l.liveAcross(a, op) {
					l.gen(a, start)
				}
			}
			for _, r := range op.Regions {
				for _, b := range r.Blocks {
					l.visit(b)
				}
			}
			l.killAt(op, l.tick())
		case op.Name == "scf.if":
			l.tick()
			end := int64(0)
			for i, r := range op.Regions {
				if i > 0 && (len(r.Blocks) == 0 || len(r.Blocks[0].Ops) == 0) {
					break
				}
				for _, b := range r.Blocks {
					l.visit(b)
				}
				end = l.tick()
			}
			l.killAt(op, end)
		default:
			at := l.tick()
			_, writes, scratch, instr := l.ptoasUses(op)
			for _, a := range writes {
				l.gen(a, at)
			}
			for _, s := range scratch {
				l.gen(s, at)
				for _, w := range writes {
					l.conflicts = append(l.conflicts, [2]*dialect.Operation{s, w})
				}
			}
			if instr {
				l.killAt(op, at)
			}
			for _, r := range op.Regions {
				for _, b := range r.Blocks {
					l.visit(b)
				}
			}
		}
	}
}

// ptoasSpacePlan is ptoas's planner's outcome for one space.
type ptoasSpacePlan struct {
	space               string
	needBytes, capBytes int64
	result              ptoasplan.Result
	// offsets of the planned allocations (bytes) when it fits.
	offsets map[*dialect.Operation]int64
}

// planLikePTOAS runs ptoas's planner over fn's allocations, per space in
// order of first birth, for the spaces the target describes ptoas's
// planner for. capacity gives, per space, ptoas's capacity and alignment
// in bytes (ok false: not modelled).
func planLikePTOAS(fn *dialect.Operation, capacity func(space string) (capBytes, align int64, ok bool)) []ptoasSpacePlan {
	l := computePTOASLiveness(fn)
	var spaces []string
	bySpace := map[string][]*ptoasBuffer{}
	for _, b := range l.order {
		sp := dialect.TileSpaceOf(b.alloc.Results[0].Type)
		if _, seen := bySpace[sp]; !seen {
			spaces = append(spaces, sp)
		}
		bySpace[sp] = append(bySpace[sp], b)
	}
	ids := map[*dialect.Operation]int{}
	for i, a := range l.allocs {
		ids[a] = i
	}
	var conflicts [][2]int
	for _, c := range l.conflicts {
		conflicts = append(conflicts, [2]int{ids[c[0]], ids[c[1]]})
	}
	var out []ptoasSpacePlan
	for _, sp := range spaces {
		capBytes, align, ok := capacity(sp)
		if !ok {
			continue
		}
		var in []ptoasplan.Buffer
		for _, b := range bySpace[sp] {
			bits := uint64(max(allocSize(b.alloc), 0)) * 8
			in = append(in, ptoasplan.Buffer{Bits: bits, Gen: b.gen, Kill: b.kill, ID: ids[b.alloc]})
		}
		res := ptoasplan.Plan(in, uint64(capBytes)*8, uint64(align)*8, conflicts)
		p := ptoasSpacePlan{space: sp, capBytes: capBytes, result: res, needBytes: int64((res.RequiredBits + 7) / 8)}
		if res.Fits {
			p.offsets = map[*dialect.Operation]int64{}
			for i, b := range bySpace[sp] {
				p.offsets[b.alloc] = int64(res.Offsets[i] / 8)
			}
		}
		out = append(out, p)
	}
	return out
}
