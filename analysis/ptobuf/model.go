// Package ptobuf is the buffer model of pto IR (ptoas's language) that
// the memory planners place: which values own local storage, which
// values are views of it, when its bytes are live, and how many bytes
// the target lays it out in.
//
// Storage roots are the allocations of local memory: AllocLike ops whose
// result is a !pto.tile_buf (pto.alloc_tile; with an address operand, a
// level-3 tile whose address the input gives) or a memref in a local
// #pto.address_space (memref.alloc), and the ops that reserve a region
// of a space for the whole function (pto.reserve_buffer, found by its
// Reservation interface). Everything else that carries a tile is a view
// of a root (ViewLike ops, explicit flows, control-flow results and block
// arguments: the flow graph of package analysis, a may-alias set) or has
// no storage of its own to plan (a tile a pipe owns: pto.declare_tile,
// pto.tpop_from_aic).
//
// Liveness is read from the memory effects of the ops on their operands
// (pto ops answer through their MemoryEffects interface, others through
// their registered effects): a root is live from its first access to its
// last; an access inside a loop the root is defined outside of keeps it
// live for the whole loop, unless every iteration writes the whole root
// before it reads it (then each iteration's lifetime is its own). Nothing
// here switches on op names: every fact comes from the registry.
package ptobuf

import (
	"fmt"
	"slices"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/planner"
)

// Kind is what a root is.
type Kind int

const (
	// Tile is a pto.alloc_tile.
	Tile Kind = iota
	// MemRef is a memref.alloc in a local #pto.address_space.
	MemRef
	// Reserve is a region reserved for the whole function.
	Reserve
)

// Root is one storage root of a function.
type Root struct {
	Op    *ir.Operation
	Value *ir.Value // the root's result (nil for a reservation)
	Kind  Kind
	Space string
	Bytes int64 // rows x cols x element bytes (unaligned)
	// Given: the input gives the address (a level-3 tile's addr operand,
	// a reservation's base); Addr is it.
	Given bool
	Addr  int64
	// Group is the storage group the root belongs to.
	Group *Group
	// Accesses are the ops that read or write the root's bytes, in
	// program order.
	Accesses []Access
}

// Access is one op's effect on a root.
type Access struct {
	Op          *ir.Operation
	Point       int64
	Read, Write bool
	// Whole: the op writes every byte of the root and reads none of it
	// first (a full overwrite).
	Whole bool
}

// Group is one unit of storage: a root, or the roots a level-3 kernel
// puts on overlapping addresses where bytes written through one are read
// through another (PyPTO's same-address aliases: an 8x1 tile written and
// its 1x8 view read). Its members keep their distance: member i is at
// Offsets[i] from the group's address.
type Group struct {
	Members []*Root
	Offsets []int64
	Bytes   int64 // the span of the members
	Space   string
	// Live are the group's live intervals over the model's program points
	// (half-open); empty for a group nothing accesses.
	Live []planner.Interval
}

// Step is the distance between two program points.
const Step = 2

// Model is the buffer model of one function.
type Model struct {
	Fn     *ir.Operation
	Roots  []*Root
	Groups []*Group
	// End is one past the last program point.
	End int64

	// planned: buffers the input places itself (FixedAddrs) are roots
	// at their given addresses (BuildPlanned).
	planned bool
	aliases *analysis.Aliases
	rootOf  map[*ir.Value]*Root
	point   map[*ir.Operation]int64
	endOf   map[*ir.Operation]int64 // one past the last point of an op with regions
}

// outsFacts are a destination-passing op's destinations.
type outsFacts interface {
	Outs(op *ir.Operation) []*ir.Value
}

// partialFacts reports that an op writes only part of a destination.
type partialFacts interface {
	WritesPart(op *ir.Operation) bool
}

// addrFacts is an allocation's address operand.
type addrFacts interface {
	TileAddr(op *ir.Operation) (*ir.Value, bool)
}

// fixedFacts are the addresses of a buffer the input places itself.
type fixedFacts interface {
	FixedAddrs(op *ir.Operation) []*ir.Value
}

// reserveFacts is a reservation of a region of a local space.
type reserveFacts interface {
	Reservation(op *ir.Operation) (space string, size, base int64, hasBase, auto bool)
}

// HasRoots reports whether fn holds any storage root of the model: the
// planners take their pto path for it.
func HasRoots(fn *ir.Operation) bool { return hasRoots(fn, false) }

// HasPlannedRoots reports whether fn holds any storage root of the model
// BuildPlanned reads (a buffer the input places itself counts): a
// checker of plans takes its pto path for it.
func HasPlannedRoots(fn *ir.Operation) bool { return hasRoots(fn, true) }

func hasRoots(fn *ir.Operation, planned bool) bool {
	found := false
	fn.Walk(func(op *ir.Operation) bool {
		if found {
			return false
		}
		if _, ok := rootKind(op, planned); ok {
			found = true
		}
		return !found
	})
	return found
}

// rootKind says whether op is a storage root, and of what kind; with
// planned, a buffer the input places itself is one too.
func rootKind(op *ir.Operation, planned bool) (Kind, bool) {
	if _, ok := ir.InterfaceOf[reserveFacts](op); ok {
		return Reserve, true
	}
	if _, ok := ir.InterfaceOf[fixedFacts](op); ok && planned && len(op.Results) == 1 {
		if t, ok := op.Results[0].Type.(*ir.MemRefType); ok && localSpace(t) != "" {
			return MemRef, true
		}
	}
	if !op.Has(ir.AllocLike) || len(op.Results) == 0 {
		return 0, false
	}
	switch t := op.Results[0].Type.(type) {
	case *pto.TileBufType:
		return Tile, true
	case *ir.MemRefType:
		if localSpace(t) != "" {
			return MemRef, true
		}
	}
	return 0, false
}

// localSpace is the local #pto.address_space of a memref ("" for global
// memory or another space).
func localSpace(t *ir.MemRefType) string {
	s := pto.EnumValue(t.MemSpace, "address_space")
	if s == "gm" || s == "zero" {
		return ""
	}
	return s
}

// Build reads the model of fn. An op the model cannot account for (one
// not registered, or one whose effects on a root's bytes it cannot tell)
// that touches a root is an error located at that op, naming it.
func Build(fn *ir.Operation) (*Model, error) { return build(fn, false) }

// BuildPlanned reads the model of a planned (level-3) function, whose
// buffers the input may also place itself (pto.pointer_cast, found by its
// FixedAddrs interface): those are roots at their given addresses, for a
// checker of the plan. A planner uses Build, which refuses them.
func BuildPlanned(fn *ir.Operation) (*Model, error) { return build(fn, true) }

func build(fn *ir.Operation, planned bool) (*Model, error) {
	m := &Model{Fn: fn, planned: planned, rootOf: map[*ir.Value]*Root{}, point: map[*ir.Operation]int64{}, endOf: map[*ir.Operation]int64{}}
	m.aliases = analysis.NewAliases(fn)
	if err := m.number(); err != nil {
		return nil, err
	}
	if err := m.collectRoots(); err != nil {
		return nil, err
	}
	if err := m.checkFixed(); err != nil {
		return nil, err
	}
	if err := m.collectAccesses(); err != nil {
		return nil, err
	}
	m.group()
	m.computeLiveness()
	return m, nil
}

// number gives every op a program point in pre-order, and every op with
// regions a second point after its regions. Points are even: an access
// at point p holds the bytes over [p, p+2), and the odd point p+1 between
// is where an input that dies at the op hands its bytes to the op's
// output (InPlace).
func (m *Model) number() error {
	var n int64
	var walk func(op *ir.Operation)
	walk = func(op *ir.Operation) {
		m.point[op] = n
		n += Step
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				for _, o := range b.Ops {
					walk(o)
				}
			}
		}
		if len(op.Regions()) > 0 {
			m.endOf[op] = n
			n += Step
		}
	}
	walk(m.Fn)
	m.End = n
	return nil
}

func (m *Model) collectRoots() error {
	var err error
	m.Fn.Walk(func(op *ir.Operation) bool {
		if err != nil {
			return false
		}
		k, ok := rootKind(op, m.planned)
		if !ok {
			return true
		}
		r, e := newRoot(op, k)
		if e != nil {
			err = e
			return false
		}
		m.Roots = append(m.Roots, r)
		if r.Value != nil {
			m.rootOf[r.Value] = r
		}
		return true
	})
	return err
}

func newRoot(op *ir.Operation, k Kind) (*Root, error) {
	r := &Root{Op: op, Kind: k}
	switch k {
	case Reserve:
		f, _ := ir.InterfaceOf[reserveFacts](op)
		space, size, base, hasBase, _ := f.Reservation(op)
		if space == "" {
			return nil, ir.NewError(op.Loc, "%s: the memory planner needs the local space the region is reserved in", op.Name)
		}
		if size <= 0 {
			return nil, ir.NewError(op.Loc, "%s: the memory planner needs a positive size, not %d", op.Name, size)
		}
		r.Space, r.Bytes, r.Given, r.Addr = space, size, hasBase, base
		return r, nil
	case Tile:
		t := op.Results[0].Type.(*pto.TileBufType)
		r.Value, r.Space = op.Results[0], t.Space
		b, err := shapeBytes(op, t.Shape, t.Elem)
		if err != nil {
			return nil, err
		}
		r.Bytes = b
		if f, ok := ir.InterfaceOf[addrFacts](op); ok {
			if a, ok := f.TileAddr(op); ok {
				v, ok := constInt(a)
				if !ok {
					return nil, ir.NewError(op.Loc, "%s: the memory planner needs the given address to be a constant", op.Name)
				}
				r.Given, r.Addr = true, v
			}
		}
	case MemRef:
		t := op.Results[0].Type.(*ir.MemRefType)
		r.Value, r.Space = op.Results[0], localSpace(t)
		b, err := shapeBytes(op, t.Shape, t.Elem)
		if err != nil {
			return nil, err
		}
		r.Bytes = b
		if f, ok := ir.InterfaceOf[fixedFacts](op); ok {
			addrs := f.FixedAddrs(op)
			if len(addrs) != 1 {
				// Each address of a multi-buffer is a copy the model
				// would have to track apart.
				return nil, ir.NewError(op.Loc, "%s: the memory model handles a buffer at one address, not %d", op.Name, len(addrs))
			}
			v, ok := constInt(addrs[0])
			if !ok {
				return nil, ir.NewError(op.Loc, "%s: the memory model needs the given address to be a constant", op.Name)
			}
			r.Given, r.Addr = true, v
		}
	}
	return r, nil
}

// constInt is the value of an integer constant (an op whose value
// attribute is an integer and that has no operands).
func constInt(v *ir.Value) (int64, bool) {
	if v.Op == nil || len(v.Op.Operands) != 0 || !v.Op.Has(ir.Pure) {
		return 0, false
	}
	a, ok := v.Op.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Value, true
}

// shapeBytes is the bytes of a static shape of elem.
func shapeBytes(op *ir.Operation, shape []int64, elem ir.Type) (int64, error) {
	bits := ir.ElementBitWidth(elem)
	if bits <= 0 {
		return 0, ir.NewError(op.Loc, "%s: the memory planner does not know the size of element type %s", op.Name, elem)
	}
	n := bits
	for _, d := range shape {
		if d < 0 {
			return 0, ir.NewError(op.Loc, "%s: the memory planner needs a static shape, not %s", op.Name, op.Results[0].Type)
		}
		var ok bool
		if n, ok = checked.Mul(n, d); !ok {
			return 0, ir.NewError(op.Loc, "%s: the size of %s overflows", op.Name, op.Results[0].Type)
		}
	}
	return (n + 7) / 8, nil
}

// checkFixed refuses a local buffer made at an address the input gives
// other than by a root (a pure op of scalar operands with a tile or local
// memref result: pto.pointer_cast): the planner would not know to keep
// its roots off those bytes. A buffer made of no operands at all
// (pto.declare_tile) has no storage of its own: a pipe gives it.
func (m *Model) checkFixed() error {
	if len(m.Roots) == 0 {
		return nil
	}
	var err error
	m.Fn.Walk(func(op *ir.Operation) bool {
		if err != nil || !op.Has(ir.Pure) || op.Has(ir.ViewLike) || len(op.Operands) == 0 || len(op.Results) != 1 || m.rootOf[op.Results[0]] != nil {
			return err == nil
		}
		for _, v := range op.Operands {
			if isBuffer(v.Type) {
				return true
			}
		}
		space := ""
		switch t := op.Results[0].Type.(type) {
		case *pto.TileBufType:
			space = t.Space
		case *ir.MemRefType:
			space = localSpace(t)
		}
		if space != "" {
			err = ir.NewError(op.Loc, "cannot plan memory: '%s' makes a buffer of '%s' at an address the input fixes, which the planned tiles would not be kept off", op.Name, space)
		}
		return err == nil
	})
	return err
}

// isBuffer: a value type whose bytes a root may hold.
func isBuffer(t ir.Type) bool {
	switch t.(type) {
	case *pto.TileBufType, *ir.MemRefType:
		return true
	}
	return false
}

// rootsOf are the roots v may refer to.
func (m *Model) rootsOf(v *ir.Value) []*Root {
	if !isBuffer(v.Type) {
		return nil
	}
	var out []*Root
	for _, w := range m.aliases.ResolveReverse(v) {
		if r := m.rootOf[w]; r != nil && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// collectAccesses records every op's effects on the roots.
func (m *Model) collectAccesses() error {
	var err error
	m.Fn.Walk(func(op *ir.Operation) bool {
		if err != nil {
			return false
		}
		if op == m.Fn {
			return true
		}
		err = m.opAccesses(op)
		return err == nil
	})
	if err != nil {
		return err
	}
	for _, r := range m.Roots {
		slices.SortStableFunc(r.Accesses, func(a, b Access) int { return int(a.Point - b.Point) })
	}
	return nil
}

// operandRoots are the roots op's operands refer to, per operand.
func (m *Model) operandRoots(op *ir.Operation) ([][]*Root, bool) {
	out := make([][]*Root, len(op.Operands))
	any := false
	for i, v := range op.Operands {
		out[i] = m.rootsOf(v)
		any = any || len(out[i]) > 0
	}
	return out, any
}

func (m *Model) opAccesses(op *ir.Operation) error {
	if _, ok := rootKind(op, m.planned); ok {
		return nil
	}
	roots, touches := m.operandRoots(op)
	if !touches {
		return nil
	}
	p := m.point[op]
	if op.Def == nil {
		return ir.NewError(op.Loc, "cannot plan memory: '%s' is not an op pto-opt knows, and it uses tile %s", op.Name, rootName(roots))
	}
	switch {
	case op.Has(ir.ViewLike), op.Has(ir.Terminator) && !op.Has(ir.ReturnLike):
		// A view's uses are its source's (the flow graph); a terminator
		// that passes values on to a region or a successor neither reads
		// nor writes them.
		return nil
	case op.Has(ir.Pure):
		for _, res := range op.Results {
			if isBuffer(res.Type) && len(m.rootsOf(res)) == 0 {
				return ir.NewError(op.Loc, "cannot plan memory: '%s' makes a buffer of tile %s whose bytes the memory planner cannot tell", op.Name, rootName(roots))
			}
		}
		return nil
	}
	effects, known := ir.OperandEffects(op)
	if !known || op.Has(ir.CallLike) || op.Has(ir.ReturnLike) {
		// What the op does to the bytes is not declared: it may read and
		// write them all.
		for i := range op.Operands {
			for _, r := range roots[i] {
				m.access(r, op, p, true, true, false)
			}
		}
		return nil
	}
	outs := map[int]bool{}
	if f, ok := ir.InterfaceOf[outsFacts](op); ok {
		for _, v := range f.Outs(op) {
			for i, w := range op.Operands {
				if w == v {
					outs[i] = true
				}
			}
		}
	}
	partial := false
	if f, ok := ir.InterfaceOf[partialFacts](op); ok {
		partial = f.WritesPart(op)
	}
	for _, e := range effects {
		if e.Operand < 0 || e.Operand >= len(op.Operands) {
			continue
		}
		read := e.Kind == ir.Read
		write := e.Kind == ir.Write
		for _, r := range roots[e.Operand] {
			whole := write && outs[e.Operand] && !partial && op.Operands[e.Operand] == r.Value && fullValid(r)
			m.access(r, op, p, read, write, whole)
		}
	}
	return nil
}

// fullValid: the root's valid region is all of it (a write of its valid
// region is then a write of every byte).
func fullValid(r *Root) bool {
	t, ok := r.Value.Type.(*pto.TileBufType)
	if !ok {
		return r.Kind == MemRef
	}
	v := t.ValidShape()
	return slices.Equal(v, t.Shape)
}

// access records (merging with an access of the same op).
func (m *Model) access(r *Root, op *ir.Operation, p int64, read, write, whole bool) {
	for i := range r.Accesses {
		a := &r.Accesses[i]
		if a.Op == op {
			a.Read = a.Read || read
			a.Write = a.Write || write
			a.Whole = (a.Whole || whole) && !a.Read
			return
		}
	}
	r.Accesses = append(r.Accesses, Access{Op: op, Point: p, Read: read, Write: write, Whole: whole && !read})
}

func rootName(roots [][]*Root) string {
	for _, rs := range roots {
		for _, r := range rs {
			return Name(r)
		}
	}
	return "?"
}

// Name is how diagnostics name a root: its result's name, or the op.
func Name(r *Root) string {
	if r.Value != nil && r.Value.NameHint != "" {
		return "%" + r.Value.NameHint
	}
	return fmt.Sprintf("%s at %d:%d", r.Op.Name, r.Op.Loc.Line, r.Op.Loc.Col)
}

// Point is op's program point.
func (m *Model) Point(op *ir.Operation) int64 { return m.point[op] }
