package pto

import (
	"fmt"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// One verifier for every pto op, reading its row: the operands' and
// results' type constraints, the attributes' kinds, then the row's rules
// (rules.go). Rules that depend on the target's arch (element types per
// arch, the cube layouts of A5, ...) read facts the target file gives
// (Arch); they run once the target is known, in VerifyArch, which the
// driver calls after reading a file and convert-tile-to-pto on what it
// emits. The others run in the IR verifier, on any pto IR.

// Rule is one of ptoas's verifier rules, as the table's rows name them.
type Rule struct {
	// arch: the rule reads target facts, so it runs in VerifyArch.
	arch bool
	// always: the rule holds when an operand is a memref too (ptoas's
	// verifiers skip most of their checks then: the IR is lowered).
	always bool
	check  func(c *vctx) error
	// For the reference: the element list an element rule checks, or
	// the fact that gives it.
	elemList, elemFact string
}

// ElementRules are what the rules of op name (full name) say of element
// types: the lists that hold on every arch, and the names of the target
// facts (Arch.Lists) that give the others.
func ElementRules(name string) (lists, facts []string) {
	r := rows[name]
	if r == nil {
		return nil, nil
	}
	for _, rule := range r.Rules {
		if rule.elemList != "" {
			lists = append(lists, rule.elemList)
		}
		if rule.elemFact != "" {
			facts = append(facts, rule.elemFact)
		}
	}
	return lists, facts
}

// vctx is what a rule sees of the op it checks.
type vctx struct {
	op     *ir.Operation
	r      *row
	groups [][]*ir.Value
	arch   *Arch
}

// val is the operand of that name (the first of a variadic), nil when
// absent.
func (c *vctx) val(name string) *ir.Value {
	for i, a := range c.r.args {
		if a.name == name && len(c.groups[i]) > 0 {
			return c.groups[i][0]
		}
	}
	if len(c.op.Results) > 0 {
		for i, a := range c.r.results {
			if a.name == name && i < len(c.op.Results) {
				return c.op.Results[i]
			}
		}
	}
	return nil
}

// vals are the operands of that (variadic) declaration.
func (c *vctx) vals(name string) []*ir.Value {
	for i, a := range c.r.args {
		if a.name == name {
			return c.groups[i]
		}
	}
	return nil
}

// typ is the type of the operand or result of that name, nil when absent.
func (c *vctx) typ(name string) ir.Type {
	if v := c.val(name); v != nil {
		return v.Type
	}
	return nil
}

// tile is the !pto.tile_buf type of the named value, nil when it is
// absent or of another type.
func (c *vctx) tile(name string) *TileBufType {
	t, _ := c.typ(name).(*TileBufType)
	return t
}

func (c *vctx) errorf(format string, args ...any) error {
	return ir.Errorf(c.op, format, args...)
}

// label is how ptoas's messages name the target's arch ("A2/A3", "A5").
func (c *vctx) label() string {
	if c.arch == nil {
		return ""
	}
	return c.arch.Label
}

// verifyOp checks op against its row: without arch the constraints and
// the rules that hold on every arch, with arch the target's rules.
func verifyOp(r *row, op *ir.Operation, arch *Arch) error {
	groups := operandGroups(r, op)
	if groups == nil {
		// The counts are checked before (on entry, by Verify).
		return nil
	}
	c := &vctx{op: op, r: r, groups: groups, arch: arch}
	if arch == nil {
		if err := c.checkTypes(); err != nil {
			return err
		}
		if err := c.checkAttrs(); err != nil {
			return err
		}
	}
	bypass := lowered(op)
	for _, rule := range r.Rules {
		if rule.arch != (arch != nil) || bypass && !rule.always {
			continue
		}
		if err := rule.check(c); err != nil {
			return err
		}
	}
	return nil
}

// lowered reports ptoas's bypass: an op with a memref operand, or one a
// pto.bind_tile produced, is lowered IR, whose tile rules ptoas no longer
// checks.
func lowered(op *ir.Operation) bool {
	for _, v := range op.Operands {
		if ir.IsMemRef(v.Type) {
			return true
		}
		if v.Op != nil && v.Op.Name == "pto.bind_tile" {
			return true
		}
	}
	return false
}

// checkTypes applies the kinds of the operand and result declarations,
// worded as ODS's type constraints are.
func (c *vctx) checkTypes() error {
	k := 0
	for i, a := range c.r.args {
		kd := kinds[a.kind]
		for _, v := range c.groups[i] {
			if kd.fixed != nil && v.Type != kd.fixed {
				return c.errorf("operand #%d must be %s, but got '%s'", k, kd.fixed, v.Type)
			}
			if kd.ok != nil && !kd.ok(v.Type) {
				return c.errorf("operand #%d must be %s, but got '%s'", k, kd.desc, v.Type)
			}
			k++
		}
	}
	singles, open, optional := 0, false, false
	for _, a := range c.r.results {
		switch a.mode {
		case ir.Single:
			singles++
		case ir.OptionalArg:
			open, optional = true, true
		default:
			open = true
		}
	}
	n := len(c.op.Results)
	if !open && n != singles || open && n < singles || optional && n > singles+1 {
		return c.errorf("requires %d results, but found %d", singles, n)
	}
	for i, v := range c.op.Results {
		a := c.r.results[min(i, len(c.r.results)-1)]
		kd := kinds[a.kind]
		if kd.fixed != nil && v.Type != kd.fixed {
			return c.errorf("result #%d must be %s, but got '%s'", i, kd.fixed, v.Type)
		}
		if kd.ok != nil && !kd.ok(v.Type) {
			return c.errorf("result #%d must be %s, but got '%s'", i, kd.desc, v.Type)
		}
	}
	return nil
}

// checkAttrs applies the attribute declarations: required ones present,
// each of its kind.
func (c *vctx) checkAttrs() error {
	for _, a := range c.r.attrs {
		v := c.op.Attr(a.name)
		if v == nil {
			if !a.optional {
				return c.errorf("requires attribute '%s'", a.name)
			}
			continue
		}
		if err := checkAttrKind(a.kind, v); err != nil {
			return c.errorf("attribute '%s' %v", a.name, err)
		}
	}
	return nil
}

// checkAttrKind checks attribute v against an attribute kind.
func checkAttrKind(kind string, v ir.Attribute) error {
	if e := Enums[kind]; e != nil {
		return e.check(v)
	}
	ok := true
	switch kind {
	case "i8", "i32", "i64":
		n, isInt := v.(*ir.IntegerAttr)
		ok = isInt && n.Type.String() == kind
	case "bool":
		n, isInt := v.(*ir.IntegerAttr)
		ok = isInt && n.Type == ir.I1
	case "str":
		_, ok = v.(*ir.StringAttr)
	case "sym":
		s, isSym := v.(*ir.SymbolRefAttr)
		ok = isSym && len(s.Nested) == 0
	case "i64s":
		_, ok = I64s(v)
	case "config":
		return checkTileBufConfig(v)
	case "pipe_event":
		if Enums["pipe_event_type"].check(v) != nil && Enums["sync_op_type"].check(v) != nil {
			return fmt.Errorf("must be #pto.pipe_event_type<...> or #pto.sync_op_type<...> (%s)", strings.Join(Enums["sync_op_type"].Values, ", "))
		}
	}
	if !ok {
		return fmt.Errorf("failed to satisfy constraint: %s", attrKinds[kind])
	}
	return nil
}

// verifyCounts checks a hand-written op's operand counts against its
// declarations (the format kit does it for the others).
func (r *row) verifyCounts(op *ir.Operation) error {
	if r.Segmented {
		sizes := op.SegmentSizes("operandSegmentSizes")
		if sizes == nil {
			return ir.Errorf(op, "requires attribute 'operandSegmentSizes'")
		}
		if len(sizes) != len(r.args) {
			return ir.Errorf(op, "'operandSegmentSizes' attribute for specifying operand segments must have %d elements, but got %d", len(r.args), len(sizes))
		}
	}
	if operandGroups(r, op) == nil {
		return ir.Errorf(op, "has %d operands, which do not match its declaration (%s)", len(op.Operands), r.Args)
	}
	return nil
}

// VerifyArch checks the pto ops under root against the rules of the
// target arch a (nil: nothing to check). Like the IR verifier it reports
// the first failure of each function.
func VerifyArch(root *ir.Operation, a *Arch) error {
	if a == nil {
		return nil
	}
	var list ir.DiagnosticList
	var visit func(op *ir.Operation) error
	visit = func(op *ir.Operation) error {
		for _, rg := range op.Regions() {
			for _, b := range rg.Blocks {
				for _, o := range b.Ops {
					if err := visit(o); err != nil {
						if !o.Has(ir.IsolatedFromAbove) {
							return err
						}
						list = append(list, ir.Diagnostics(err)...)
					}
				}
			}
		}
		if r := rows[op.Name]; r != nil {
			return verifyOp(r, op, a)
		}
		return nil
	}
	if err := visit(root); err != nil {
		list = append(list, ir.Diagnostics(err)...)
	}
	if len(list) > 0 {
		return list
	}
	return nil
}

// VerifyOpArch checks one pto op against the target's rules (the
// conversion checks each op it emits).
func VerifyOpArch(op *ir.Operation, a *Arch) error {
	r := rows[op.Name]
	if r == nil || a == nil {
		return nil
	}
	return verifyOp(r, op, a)
}
