// Package tilerun is a reference executor for the tile dialect: the tile
// analogue of mlir-runner, made to check memory plans. It runs one
// function over byte-addressed memories. Each tile op reads the current
// bytes of its operands and writes a deterministic function of them: no
// real arithmetic, but every output depends on every input byte, and for
// the inputs an op must not overwrite (the no-alias table) the output is
// written while the input is still being read, so an output placed over
// such an input computes different bytes.
//
// Two modes give the two meanings of one kernel:
//
//   - Values: SSA value semantics, the meaning of the unplanned program.
//     Every tile result gets bytes of its own; `into` is ignored.
//   - Placed: the meaning of the planned program, as the ptoas lowering
//     gives it: results are written into their `into` allocation (at its
//     address once allocate-addr ran, so allocations of one space share
//     one memory), in-place ops write their accumulator's bytes, and a
//     loop carry or an if result lives where analysis.TileLocation says,
//     whatever was yielded.
//
// Check runs the reference and the planned function on the same inputs
// and reports the first read that sees different bytes, with the op that
// clobbered them.
//
// A run executes every iteration of every loop. A load, store or slice
// whose window leaves its tensor or source tile at the offsets it has as
// it runs is the kernel's fault (*FaultError, at the op): the executor
// never wraps or clips an access. The run's work (each op executed and
// each byte computed) is bounded; a run that reaches the bound stops with
// a *WorkBoundError, which verifies nothing.
package tilerun

import (
	"fmt"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// Mode selects the meaning of `into` and of region values.
type Mode int

const (
	// Values runs the program with value semantics (every tile its own bytes).
	Values Mode = iota
	// Placed runs the program in the memory its plan gives it.
	Placed
)

// Options configure one run.
type Options struct {
	Mode Mode
	// Seed chooses the contents of tensor arguments and the values of
	// scalar arguments (so i1 arguments pick if arms).
	Seed uint64
	// Target names the rules of target-aware no-alias ops (sels, prelu).
	Target string
	// Arch is the target's pto facts: which pto ops may write their outs
	// over an input (nil: the strictest arch's rule).
	Arch *pto.Arch
	// MaxWork bounds the work of one run (default DefaultMaxWork): every
	// op executed counts OpWork, every byte computed, copied or read
	// counts one. A run that reaches it stops with a *WorkBoundError
	// instead of taking long; loops run all their iterations.
	MaxWork int64
	// OpKeys give ops a stable identity for the bytes they compute, so an
	// op and its counterpart in a planned copy compute alike. Ops without
	// a key are identified by name and location.
	OpKeys map[*ir.Operation]uint64
}

// Read is one read of a tile operand.
type Read struct {
	Op      *ir.Operation
	Operand int
	Sum     uint64 // hash of the bytes read
	// Writer is the op that last wrote one of the bytes read (nil when
	// none did): in a diverging planned run, the one that clobbered them.
	Writer *ir.Operation
	// Undefined: some byte read was never written, or was computed from
	// such bytes (Values mode, pto buffers): what the read sees is the
	// kernel's garbage, which no plan is bound to keep.
	Undefined bool
}

// Result is what one run observed.
type Result struct {
	// Tensors holds the final bytes of each !tile.tensor argument, by
	// argument index.
	Tensors map[int][]byte
	// Undefined marks, per tensor argument (none: every byte is
	// defined), the bytes written from bytes nothing wrote: a pto kernel
	// that reads a buffer before writing it.
	Undefined map[int][]bool
	// Reads lists every tile operand read, in execution order.
	Reads []Read
	// Work is the work the run did, in the units of Options.MaxWork.
	Work int64
	// Ops counts the ops executed (each loop iteration's again).
	Ops int64
}

// DefaultMaxWork is the work bound of a run when Options gives none.
const DefaultMaxWork = 1 << 27

// OpWork is what executing one op costs against the work bound, in bytes:
// about what computing that many bytes takes (BenchmarkOpWork), so that
// the bound keeps a run of empty loops as short as one of big tiles.
const OpWork = 8

// WorkBoundError is a run stopped by its work bound: nothing was found
// wrong, but the function was not run to its end.
type WorkBoundError struct {
	Diag  *ir.Diagnostic
	Bound int64
}

func (e *WorkBoundError) Error() string { return e.Diag.Error() }
func (e *WorkBoundError) Unwrap() error { return e.Diag }

// FaultError is an access the kernel makes outside its tensor or its
// view's source: a defect of the kernel, not of the executor.
type FaultError struct{ Diag *ir.Diagnostic }

func (e *FaultError) Error() string { return e.Diag.Error() }
func (e *FaultError) Unwrap() error { return e.Diag }

// Run executes fn.
func Run(fn *ir.Operation, opts Options) (*Result, error) {
	if opts.MaxWork <= 0 {
		opts.MaxWork = DefaultMaxWork
	}
	body := fn.Body(0)
	if body == nil {
		return nil, ir.NewError(fn.Loc, "tilerun: %s has no body", ir.Describe(fn))
	}
	if len(fn.Regions()[0].Blocks) != 1 {
		return nil, ir.NewError(fn.Loc, "tilerun: only single-block functions (structured control flow) can be executed")
	}
	m := &machine{
		opts:   opts,
		refs:   map[*ir.Value]ref{},
		scal:   map[*ir.Value]int64{},
		spaces: map[string]*object{},
		res:    &Result{Tensors: map[int][]byte{}, Undefined: map[int][]bool{}},
		seeds:  map[*ir.Operation]uint64{},
		attrs:  map[*ir.Operation]uint64{},
		ids:    map[*ir.Operation]int32{},
		groups: map[*ptobuf.Group]*object{},
	}
	if opts.Mode == Values {
		m.aliased = sameAddressAliases(fn)
	}
	tensors := map[int]*object{}
	for i, a := range body.Args {
		switch t := a.Type.(type) {
		case *tile.TensorType:
			n, err := byteSize(t.Shape, t.Elem)
			if err != nil {
				return nil, ir.NewError(fn.Loc, "tilerun: argument #%d: %v", i, err)
			}
			o := m.newObject(n)
			for k := range o.data {
				o.data[k] = byte(mix(opts.Seed, uint64(i)+1, uint64(k)))
			}
			m.refs[a] = ref{obj: o, n: n}
			tensors[i] = o
		case *tile.Type:
			return nil, ir.NewError(fn.Loc, "tilerun: tile arguments cannot be executed (argument #%d)", i)
		case *pto.TileBufType, *pto.ViewType, *pto.PtrType, *ir.MemRefType:
			o, err := m.ptoArg(fn, i, a, t)
			if err != nil {
				return nil, err
			}
			tensors[i] = o
		default:
			v := int64(mix(opts.Seed, 0x5ca1a, uint64(i)))
			if t == ir.I1 {
				v &= 1
			} else {
				v = v & 3 // small, so loop bounds stay small
			}
			m.scal[a] = v
		}
	}
	if _, err := m.block(body); err != nil {
		return nil, err
	}
	for i, o := range tensors {
		m.res.Tensors[i] = o.data
		if o.undef != nil {
			m.res.Undefined[i] = o.undef
		}
	}
	m.res.Work = m.work
	m.res.Ops = m.ops
	return m.res, nil
}

// object is one byte-addressed memory: a tensor, a tile (Values mode), an
// allocation, or a whole memory space once addresses are assigned.
type object struct {
	data []byte
	// seq and writer record, per byte, the last write (a global counter)
	// and the op that made it (an index into machine.writers, 0 = none).
	seq    []uint32
	writer []int32
	// undef marks the bytes that are garbage (nil: none are): a pto
	// buffer's before anything writes it (fresh), and what is computed
	// from garbage.
	undef []bool
	fresh bool
}

// ref is the bytes of one tile or tensor value: logical byte i is
// obj.data[base+i], or obj.data[addr[i]] for a strided window.
type ref struct {
	obj  *object
	base int
	n    int
	addr []int32
}

func (r ref) at(i int) int {
	if r.addr != nil {
		return int(r.addr[i])
	}
	return r.base + i
}

type machine struct {
	opts    Options
	refs    map[*ir.Value]ref   // tiles, tensors and allocations
	scal    map[*ir.Value]int64 // index, integer and i1 values; others as hashes (see scalar)
	spaces  map[string]*object  // Placed: one memory per addressed space
	res     *Result
	seeds   map[*ir.Operation]uint64
	attrs   map[*ir.Operation]uint64 // see attrHash
	ids     map[*ir.Operation]int32
	writers []*ir.Operation
	aliased map[*ir.Operation]alias   // Values: roots of level-3 storage groups
	groups  map[*ptobuf.Group]*object // their bytes
	clock   uint32
	work    int64
	ops     int64
}

func (m *machine) newObject(n int) *object {
	return &object{data: make([]byte, n), seq: make([]uint32, n), writer: make([]int32, n)}
}

// charge counts n units of work done by op and stops the run at the
// bound.
func (m *machine) charge(op *ir.Operation, n int) error {
	m.work += int64(n)
	if m.work > m.opts.MaxWork {
		return &WorkBoundError{Bound: m.opts.MaxWork, Diag: ir.NewError(op.Loc, "the run reached its work bound of %d (%d per op executed plus one per byte computed) here, before the function's end", m.opts.MaxWork, OpWork)}
	}
	return nil
}

// block runs the ops of b and returns the operands of its terminator.
// Every op executed, the terminator included, counts against the bound.
func (m *machine) block(b *ir.Block) ([]*ir.Value, error) {
	for _, op := range b.Ops {
		if err := m.charge(op, OpWork); err != nil {
			return nil, err
		}
		m.ops++
		if op == b.Terminator() && op.Has(ir.Terminator) {
			return op.Operands, nil
		}
		var err error
		switch {
		case analysis.IsCountedLoop(op):
			err = m.forOp(op)
		case analysis.IsIfElse(op):
			err = m.ifOp(op)
		default:
			err = m.op(op)
		}
		if err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// placed is the bytes region value v (an iter_arg, a loop or if result)
// has when r flows into it. In Placed mode a tile lives where its plan
// puts it, whatever flowed: that is what the lowered code reads.
func (m *machine) placed(v *ir.Value, r ref) ref {
	if m.opts.Mode == Placed {
		if _, isTile := v.Type.(*tile.Type); isTile {
			if l, ok := analysis.TileLocation(v); ok {
				if pr, ok := m.placedRef(l, v); ok {
					return pr
				}
			}
		}
	}
	return r
}

// placedRef is the bytes of a tile of v's type at location l.
func (m *machine) placedRef(l analysis.TileLoc, v *ir.Value) (ref, bool) {
	root, ok := m.refs[l.Buf]
	if !ok {
		return ref{}, false
	}
	t, ok := v.Type.(*tile.Type)
	if !ok || !t.HasStaticShape() {
		return ref{}, false
	}
	n, err := byteSize(t.Shape, t.Elem)
	if err != nil {
		return ref{}, false
	}
	r := ref{obj: root.obj, base: root.base + int(l.Offset), n: n}
	m.grow(r)
	return r, true
}

// grow extends an addressed space's memory to hold r (a write past an
// allocation's end lands in the space, as on the device).
func (m *machine) grow(r ref) {
	need := r.base + r.n
	if r.addr != nil {
		return
	}
	if o := r.obj; need > len(o.data) {
		o.data = append(o.data, make([]byte, need-len(o.data))...)
		o.seq = append(o.seq, make([]uint32, need-len(o.seq))...)
		o.writer = append(o.writer, make([]int32, need-len(o.writer))...)
		if o.fresh {
			for len(o.undef) < need {
				o.undef = append(o.undef, true)
			}
		}
	}
}

// forOp runs a counted loop (analysis.CountedLoop) iteration by
// iteration.
func (m *machine) forOp(op *ir.Operation) error {
	lp, _ := analysis.AsCountedLoop(op)
	lbV, ubV, stepV := lp.LoopBounds(op)
	lb, ub, step := m.scal[lbV], m.scal[ubV], m.scal[stepV]
	if step <= 0 {
		return ir.NewError(op.Loc, "tilerun: %s has a non-positive step %d", ir.Describe(op), step)
	}
	body := op.Body(0)
	ivArg, iterArgs := lp.InductionVar(op), lp.IterArgs(op)
	cur := append([]*ir.Value(nil), lp.Inits(op).Of(op)...)
	for iv := lb; iv < ub; iv += step {
		m.scal[ivArg] = iv
		if err := m.bindAll(iterArgs, cur); err != nil {
			return ir.NewError(op.Loc, "%v", err)
		}
		ys, err := m.block(body)
		if err != nil {
			return err
		}
		cur = ys
	}
	if err := m.bindAll(op.Results, cur); err != nil {
		return ir.NewError(op.Loc, "%v", err)
	}
	return nil
}

// bindAll binds region values all at once, as a yield does: a swap
// (scf.yield %b, %a) reads both carries before either is rebound.
func (m *machine) bindAll(vs, from []*ir.Value) error {
	type slot struct {
		r    ref
		s    int64
		isR  bool
		have bool
	}
	snap := make([]slot, len(from))
	for j, f := range from {
		if r, ok := m.refs[f]; ok {
			snap[j] = slot{r: r, isR: true, have: true}
		} else if s, ok := m.scal[f]; ok {
			snap[j] = slot{s: s, have: true}
		}
	}
	for j, v := range vs {
		if !snap[j].have {
			return fmt.Errorf("tilerun: value flowing into a region has not been computed")
		}
		if !snap[j].isR {
			m.scal[v] = snap[j].s
			continue
		}
		m.refs[v] = m.placed(v, snap[j].r)
	}
	return nil
}

// ifOp runs the region of a two-way branch (analysis.IfElse) its
// condition selects.
func (m *machine) ifOp(op *ir.Operation) error {
	ie, _ := analysis.AsIfElse(op)
	b := op.Body(ie.Arm(op, m.scal[ie.Condition(op)]&1 != 0))
	if b == nil {
		if len(op.Results) > 0 {
			return ir.NewError(op.Loc, "tilerun: %s has results but no else region", ir.Describe(op))
		}
		return nil
	}
	ys, err := m.block(b)
	if err != nil {
		return err
	}
	if err := m.bindAll(op.Results, ys); err != nil {
		return ir.NewError(op.Loc, "%v", err)
	}
	return nil
}

// op runs one non-control-flow op.
func (m *machine) op(op *ir.Operation) error {
	if tile.IsTileOp(op) {
		return m.tileOp(op)
	}
	if touchesPtoBuffers(op) {
		return m.ptoOp(op)
	}
	for _, r := range op.Results {
		switch r.Type.(type) {
		case *tile.Type, *tile.TensorType, *tile.BufType:
			return ir.NewError(op.Loc, "tilerun: cannot execute %s: it produces tile values", ir.Describe(op))
		}
	}
	if len(op.Regions()) > 0 {
		return ir.NewError(op.Loc, "tilerun: cannot execute %s", ir.Describe(op))
	}
	return m.scalar(op)
}

// byteSize is product(shape) * element bytes, checked.
func byteSize(shape []int64, elem ir.Type) (int, error) {
	bits := ir.ElementBitWidth(elem)
	n := int64(1)
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("dynamic shape")
		}
		if d != 0 && n > (1<<31)/d {
			return 0, fmt.Errorf("too large to execute")
		}
		n *= d
	}
	if n > (1<<31)/max(bits, 1) {
		return 0, fmt.Errorf("too large to execute")
	}
	return int((n*bits + 7) / 8), nil
}

// mix is a 64-bit hash step (splitmix64 finaliser over a running state).
func mix(h uint64, vs ...uint64) uint64 {
	for _, v := range vs {
		h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
		h ^= h >> 30
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 27
		h *= 0x94d049bb133111eb
		h ^= h >> 31
	}
	return h
}

func hashString(s string) uint64 {
	h := uint64(1469598103934665603)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
