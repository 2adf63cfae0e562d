package ptobuf

import "github.com/pto-opt/pto-opt/dialect/ir"

// branchSide is one arm of an exclusive region op (scf.if): its condition
// (operand 0) and the region.
type branchSide struct {
	cond   *ir.Value
	region int
}

// ExclusivePairs are the pairs of groups that no run touches both of:
// every access of one is inside an arm of exclusive region ops on some
// condition, and every access of the other inside another arm on the same
// condition, with no loop between the condition's definition and any of
// those accesses (so the condition has one value while both could be
// live). Their lifetimes may overlap as program ranges, but they can
// share bytes.
func (m *Model) ExclusivePairs() [][2]*Group {
	sides := make([][]branchSide, len(m.Groups))
	for i, g := range m.Groups {
		sides[i] = m.sides(g)
	}
	var out [][2]*Group
	for i := range m.Groups {
		for j := i + 1; j < len(m.Groups); j++ {
			if m.Groups[i].Space == m.Groups[j].Space && opposite(sides[i], sides[j]) {
				out = append(out, [2]*Group{m.Groups[i], m.Groups[j]})
			}
		}
	}
	return out
}

func opposite(a, b []branchSide) bool {
	for _, x := range a {
		for _, y := range b {
			if x.cond == y.cond && x.region != y.region {
				return true
			}
		}
	}
	return false
}

// sides are the arms every access of g is in (nil for a group of several
// roots, a reservation or one nothing accesses).
func (m *Model) sides(g *Group) []branchSide {
	if len(g.Members) != 1 || g.Members[0].Kind == Reserve {
		return nil
	}
	acc := g.Members[0].Accesses
	if len(acc) == 0 {
		return nil
	}
	var common []branchSide
	for k, a := range acc {
		s := m.armsOf(a.Op)
		if k == 0 {
			common = s
			continue
		}
		var keep []branchSide
		for _, x := range common {
			for _, y := range s {
				if x == y {
					keep = append(keep, x)
				}
			}
		}
		common = keep
		if len(common) == 0 {
			return nil
		}
	}
	return common
}

// armsOf are the arms of exclusive region ops op is nested in whose
// condition is defined outside every loop that holds op below it.
func (m *Model) armsOf(op *ir.Operation) []branchSide {
	var out []branchSide
	child := op
	for p := op.ParentOp(); p != nil && p != m.Fn; child, p = p, p.ParentOp() {
		if p.Def == nil || p.Def.Branch == nil || !p.Def.Branch.Exclusive(p) || len(p.Operands) == 0 {
			continue
		}
		c := p.Operands[0]
		if !definedOutsideLoopsBelow(c, op, m.Fn) {
			continue
		}
		for ri, r := range p.Regions() {
			for _, b := range r.Blocks {
				if b == child.Block {
					out = append(out, branchSide{cond: c, region: ri})
				}
			}
		}
	}
	return out
}

// definedOutsideLoopsBelow: no loop lies between c's definition and op
// (walking op's ancestors up to the block c is defined in).
func definedOutsideLoopsBelow(c *ir.Value, op *ir.Operation, fn *ir.Operation) bool {
	def := c.Block
	if c.Op != nil {
		def = c.Op.Block
	}
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		for _, r := range p.Regions() {
			for _, b := range r.Blocks {
				if b == def {
					return true
				}
			}
		}
		if isLoop(p) || p == fn {
			return false
		}
	}
	return false
}
