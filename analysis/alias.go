// Package analysis holds the analyses both memory passes stand on: buffer
// view-flow alias analysis (MLIR's BufferViewFlowAnalysis model), liveness
// with lifetime intervals, and interference between allocations. Every rule
// comes from op traits in the registry; nothing here switches on op names.
package analysis

import (
	"slices"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// Aliases is the "may flow into" graph of buffer values under an op.
//
// Each value in an edge has a node holding both its edge lists, found by
// one map lookup: building the graph of a large kernel is mostly map
// work, and a map per list took two lookups and an update per edge end.
type Aliases struct {
	index map[*ir.Value]int // a value's node in nodes
	nodes []aliasNode
	// spare is where first edges of a list are cut from: most lists
	// hold one value, and one allocation for a thousand of them spares
	// the allocator (and the collector) a thousand small ones.
	spare []*ir.Value
}

// aliasNode is a value's edges: the values it flows into (succ) and
// those flowing into it (pred).
type aliasNode struct{ succ, pred []*ir.Value }

// id is v's node, made if v has none yet.
func (a *Aliases) id(v *ir.Value) int {
	if i, ok := a.index[v]; ok {
		return i
	}
	i := len(a.nodes)
	a.index[v] = i
	a.nodes = append(a.nodes, aliasNode{})
	return i
}

// push appends v to list, the first value in a slice of spare.
func (a *Aliases) push(list []*ir.Value, v *ir.Value) []*ir.Value {
	if cap(list) > 0 {
		return append(list, v)
	}
	if len(a.spare) == 0 {
		a.spare = make([]*ir.Value, 1024)
	}
	list = a.spare[:1:1]
	a.spare = a.spare[1:]
	list[0] = v
	return list
}

// succ lists the values v flows into directly.
func (a *Aliases) succ(v *ir.Value) []*ir.Value {
	if i, ok := a.index[v]; ok {
		return a.nodes[i].succ
	}
	return nil
}

// pred lists the values flowing into v directly.
func (a *Aliases) pred(v *ir.Value) []*ir.Value {
	if i, ok := a.index[v]; ok {
		return a.nodes[i].pred
	}
	return nil
}

// isScalar reports types that never carry a buffer.
func isScalar(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType, *ir.NoneType, *ir.ComplexType:
		return true
	}
	return false
}

// NewAliases builds the flow graph of every op nested in root.
func NewAliases(root *ir.Operation) *Aliases {
	_, values := irSize(root)
	return newAliasesSized(root, values)
}

// newAliasesSized is NewAliases with the number of values under root
// known (see irSize).
func newAliasesSized(root *ir.Operation, values int) *Aliases {
	a := &Aliases{index: make(map[*ir.Value]int, values), nodes: make([]aliasNode, 0, values)}
	root.Walk(func(op *ir.Operation) bool {
		a.addOp(op)
		return true
	})
	return a
}

func (a *Aliases) edge(from, to *ir.Value) {
	if from == nil || to == nil || from == to || isScalar(from.Type) || isScalar(to.Type) {
		return
	}
	// Scan the predecessors of to, not the successors of from: an
	// allocation has an edge to every tile written into it, while a value
	// has few predecessors (its op's operands, the yields of its region).
	t := a.id(to)
	if slices.Contains(a.nodes[t].pred, from) {
		return
	}
	f := a.id(from) // may grow nodes: index it only now
	a.nodes[f].succ = a.push(a.nodes[f].succ, to)
	a.nodes[t].pred = a.push(a.nodes[t].pred, from)
}

func (a *Aliases) addOp(op *ir.Operation) {
	def := op.Def
	if def == nil {
		return // unknown ops: results are terminal
	}
	for _, f := range def.Flows {
		if f.Operand < len(op.Operands) && f.Result < len(op.Results) {
			a.edge(op.Operands[f.Operand], op.Results[f.Result])
		}
	}
	if def.Traits.Has(ir.ViewLike) && def.ViewSource < len(op.Operands) && len(op.Results) > 0 {
		a.edge(op.Operands[def.ViewSource], op.Results[0])
	}
	if def.Traits.Has(ir.ResultReusesInput) && def.ReusedInput < len(op.Operands) && len(op.Results) > 0 {
		a.edge(op.Operands[def.ReusedInput], op.Results[0])
	}
	if def.Traits.Has(ir.DestinationStyle) {
		for i, d := range tile.Dests(op) {
			if i < len(op.Results) {
				a.edge(d, op.Results[i])
			}
		}
	}
	if def.Traits.Has(ir.CallLike) {
		for _, x := range op.Operands {
			for _, r := range op.Results {
				a.edge(x, r)
			}
		}
	}
	if def.SuccessorOperands != nil {
		succ := op.Successors()
		for i, r := range def.SuccessorOperands(op) {
			for k := 0; i < len(succ) && k < r.N && k < len(succ[i].Args) && r.Start+k < len(op.Operands); k++ {
				a.edge(op.Operands[r.Start+k], succ[i].Args[k])
			}
		}
	}
	if def.Branch != nil {
		for _, e := range def.Branch.EntryEdges(op) {
			a.edge(e.From, e.To)
		}
		for ri, r := range op.Regions() {
			for _, b := range r.Blocks {
				term := b.Terminator()
				if term == nil || len(term.Successors()) > 0 {
					continue
				}
				for _, e := range def.Branch.TerminatorEdges(op, ri, term) {
					a.edge(e.From, e.To)
				}
			}
		}
	}
}

// Update redoes the edges op adds after op's operands changed (a
// producer retargeted to another destination, a loop's init or a yielded
// value replaced: pass the loop or if), instead of rebuilding the whole
// graph: the edges into op's results and into the arguments of its
// regions' entry blocks. op must have no successors.
func (a *Aliases) Update(op *ir.Operation) {
	drop := func(r *ir.Value) {
		i, ok := a.index[r]
		if !ok {
			return
		}
		for _, from := range a.nodes[i].pred {
			n := &a.nodes[a.index[from]]
			if k := slices.Index(n.succ, r); k >= 0 {
				n.succ = slices.Delete(n.succ, k, k+1)
			}
		}
		a.nodes[i].pred = nil
	}
	for _, r := range op.Results {
		drop(r)
	}
	for _, r := range op.Regions() {
		if len(r.Blocks) > 0 {
			for _, arg := range r.Blocks[0].Args {
				drop(arg)
			}
		}
	}
	a.addOp(op)
}

// Resolve returns v and every value it may flow into, breadth-first.
func (a *Aliases) Resolve(v *ir.Value) []*ir.Value { return a.closure(v, true) }

// ResolveReverse returns v and every value that may flow into it.
func (a *Aliases) ResolveReverse(v *ir.Value) []*ir.Value { return a.closure(v, false) }

// closure is v and what it reaches, forward (succ) or backward (pred).
func (a *Aliases) closure(v *ir.Value, forward bool) []*ir.Value {
	out := []*ir.Value{v}
	// Most closures hold a handful of values (a tile and its views or
	// in-place results): out itself is the seen set until it grows, so
	// the common case builds no map.
	const small = 16
	var seen map[*ir.Value]bool
	for i := 0; i < len(out); i++ {
		var next []*ir.Value
		if n, ok := a.index[out[i]]; ok {
			next = a.nodes[n].succ
			if !forward {
				next = a.nodes[n].pred
			}
		}
		for _, w := range next {
			if seen == nil && len(out) < small {
				if !slices.Contains(out, w) {
					out = append(out, w)
				}
				continue
			}
			if seen == nil {
				seen = make(map[*ir.Value]bool, 2*len(out))
				for _, x := range out {
					seen[x] = true
				}
			}
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// IsAllocation reports whether v is the result of an allocating op.
func IsAllocation(v *ir.Value) bool {
	return v.Op != nil && v.Op.Has(ir.AllocLike) && v.Index == 0
}

// Roots returns the origins of v's buffer: allocations and values with no
// known producer (function arguments, results of unknown ops) found by
// walking the flow graph backwards.
func (a *Aliases) Roots(v *ir.Value) []*ir.Value {
	var out []*ir.Value
	for _, w := range a.ResolveReverse(v) {
		if IsAllocation(w) || len(a.pred(w)) == 0 {
			out = append(out, w)
		}
	}
	return out
}

// MayAlias reports whether two values may refer to the same buffer: they
// share a root, or either has a root pto-opt cannot see into (an argument
// or the result of an op it does not model).
func (a *Aliases) MayAlias(x, y *ir.Value) bool {
	if x == y {
		return true
	}
	rx := a.Roots(x)
	ry := a.Roots(y)
	opaque := func(rs []*ir.Value) bool {
		for _, r := range rs {
			if !IsAllocation(r) {
				return true
			}
		}
		return false
	}
	if opaque(rx) && opaque(ry) {
		return true
	}
	set := map[*ir.Value]bool{}
	for _, r := range rx {
		set[r] = true
	}
	for _, r := range ry {
		if set[r] {
			return true
		}
	}
	return false
}
