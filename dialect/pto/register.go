package pto

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// row is a table row with its declarations read.
type row struct {
	*Op
	args       []argSpec
	attrs      []attrSpec
	results    []argSpec
	ins, outs  []string
	effects    []effectSpec
	pure       bool
	anyEffects bool // "any" or "unknown": may touch any memory
	format     string
	infer      func(op *ir.Operation)
	custom     *customSyntax
}

// effectSpec is one declared effect: Kind on operand Name, or on result
// Result (>= 0).
type effectSpec struct {
	kind   ir.EffectKind
	name   string
	result int
}

// rows are the table's rows by full op name.
var rows = map[string]*row{}

// Row returns the table row of a pto op by full name ("pto.tadd").
func Row(name string) (*Op, bool) {
	r, ok := rows[name]
	if !ok {
		return nil, false
	}
	return r.Op, true
}

func newRow(op *Op) *row {
	r := &row{Op: op, results: parseArgs(op.Name, op.Results), args: parseArgs(op.Name, op.Args), attrs: parseAttrs(op.Name, op.Attrs)}
	r.ins, r.outs = strings.Fields(op.Ins), strings.Fields(op.Outs)
	for _, n := range append(slices.Clone(r.ins), r.outs...) {
		if r.arg(n) == nil {
			panic(fmt.Sprintf("pto.%s: ins/outs name %s, which is not an operand", op.Name, n))
		}
	}
	r.custom = customSyntaxes[op.Name]
	switch {
	case op.Custom:
		if r.custom == nil {
			panic("pto." + op.Name + ": custom syntax not written")
		}
	case op.Format != "":
		r.format = op.Format
	default:
		r.format = r.insOutsFormat()
	}
	r.readEffects()
	return r
}

// arg is the operand declaration of that name, or nil.
func (r *row) arg(name string) *argSpec {
	for i := range r.args {
		if r.args[i].name == name {
			return &r.args[i]
		}
	}
	return nil
}

// readEffects reads Effects, or derives them from the roles: ins are
// read, outs and operands named tmp written.
func (r *row) readEffects() {
	switch r.Effects {
	case "pure", "alloc":
		r.pure = r.Effects == "pure"
		return
	case "any", "unknown":
		r.anyEffects = true
		return
	case "":
		for _, n := range r.ins {
			k := ir.Read
			if n == "tmp" {
				k = ir.Write
			}
			r.effects = append(r.effects, effectSpec{kind: k, name: n, result: -1})
		}
		for _, n := range r.outs {
			r.effects = append(r.effects, effectSpec{kind: ir.Write, name: n, result: -1})
		}
		return
	}
	for _, f := range strings.Fields(r.Effects) {
		k, n, ok := strings.Cut(f, ":")
		e := effectSpec{kind: ir.Read, name: strings.TrimRight(n, "?*"), result: -1}
		switch {
		case !ok:
			panic("pto." + r.Name + ": bad effect " + f)
		case k == "W":
			e.kind = ir.Write
		case k != "R":
			panic("pto." + r.Name + ": bad effect " + f)
		}
		if i, isRes := strings.CutPrefix(e.name, "$"); isRes {
			e.result, _ = strconv.Atoi(i)
			e.name = ""
		} else if r.arg(e.name) == nil {
			panic("pto." + r.Name + ": effect on unknown operand " + e.name)
		}
		r.effects = append(r.effects, e)
	}
}

// writes reports whether the row declares a write.
func (r *row) writes() bool {
	for _, e := range r.effects {
		if e.kind == ir.Write {
			return true
		}
	}
	return r.anyEffects
}

// opDef derives the registry entry of the row.
func (r *row) opDef() *ir.OpDef {
	d := &ir.OpDef{
		Name:          "pto." + r.Name,
		Summary:       r.Doc,
		VerifyRegions: func(op *ir.Operation) error { return verifyOp(r, op, nil) },
		Interfaces:    []any{opFacts{r}},
	}
	for _, a := range r.attrs {
		d.Inherent = append(d.Inherent, a.name)
	}
	switch {
	case r.Effects == "alloc":
		d.Traits = ir.AllocLike
		d.Effects = []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}}
	case r.pure:
		d.Traits = ir.Pure
	case r.writes():
		d.Traits = ir.HasSideEffects
	}
	if r.View != "" {
		d.Traits |= ir.ViewLike
		d.ViewSource = slices.IndexFunc(r.args, func(a argSpec) bool { return a.name == r.View })
	}
	if noTerminator[r.Name] {
		d.Traits |= ir.NoTerminator
	}
	d.Effects = append(d.Effects, r.staticEffects()...)
	if h := nameHints[r.Name]; h != "" {
		d.NameHint = func(*ir.Operation) []string { return []string{h} }
	}
	if r.infer != nil {
		d.InferResults = r.infer
	}
	if g := genericOnly[r.Name]; g != nil {
		d.GenericOnly = func(op *ir.Operation) bool { return g(r, op) }
	}
	if r.custom != nil && r.custom.parse != nil {
		d.Parse, d.Print = r.custom.parse, r.custom.print
		if r.Segmented {
			d.Inherent = append(d.Inherent, "operandSegmentSizes")
		}
		d.Verify = func(op *ir.Operation) error { return r.verifyCounts(op) }
		return d
	}
	d = ir.WithFormat(d, r.syntax(r.format))
	if r.infer != nil {
		// The format spells no result type: give the one result a
		// placeholder, which InferResults replaces once the operands
		// are known.
		parse := d.Parse
		d.Parse = func(p ir.AsmParser, st *ir.OperationState) error {
			if err := parse(p, st); err != nil {
				return err
			}
			if len(st.ResultTypes) == 0 && len(st.OperandTypes) > 0 {
				st.ResultTypes = []ir.Type{st.OperandTypes[0]}
			}
			return nil
		}
	}
	return d
}

// staticEffects are the row's effects as operand indices, when no
// optional or variadic operand makes them depend on the op (opFacts
// answers for every op).
func (r *row) staticEffects() []ir.Effect {
	for _, a := range r.args {
		if a.mode != ir.Single {
			return nil
		}
	}
	var out []ir.Effect
	for _, e := range r.effects {
		if e.result >= 0 {
			out = append(out, ir.Effect{Kind: e.kind, Operand: -1, Result: e.result})
			continue
		}
		i := slices.IndexFunc(r.args, func(a argSpec) bool { return a.name == e.name })
		if kinds[r.args[i].kind].memory {
			out = append(out, ir.Effect{Kind: e.kind, Operand: i, Result: -1})
		}
	}
	return out
}

// genericOnly are the ops some of whose instances their custom syntax
// cannot print so that they read back the same: those print in generic
// form.
var genericOnly = map[string]func(r *row, op *ir.Operation) bool{
	// ins(%src : T, %q : i64) reads %q as the fp tile: a pre-quant
	// scalar without fp exists only in generic form (ptoas's own printer
	// would write the unreadable text).
	"tmov": func(r *row, op *ir.Operation) bool {
		g := operandGroups(r, op)
		return g != nil && len(g[2]) == 0 && len(g[3]) == 1
	},
	// Neither of tmrgsort's two forms.
	"tmrgsort": func(_ *row, op *ir.Operation) bool { return tmrgsortForm(op) == 0 },
	// A sync.set/wait names its event by a literal or a value, not both.
	"sync.set":  syncNeitherForm,
	"sync.wait": syncNeitherForm,
	// A tgather that is none of the three forms.
	"tgather": func(r *row, op *ir.Operation) bool { return tgatherForm(r, op) == "" },
}

func syncNeitherForm(_ *row, op *ir.Operation) bool {
	return (len(op.Operands) == 1) == (op.Attr("event_id") != nil)
}

// nameHints are the names printed for the results of some ops.
var nameHints = map[string]string{
	"alloc_tile": "tile", "make_tensor_view": "view", "partition_view": "part", "subset": "sub",
}

func init() {
	ir.RegisterDialect("pto")
	// A kernel with an op of a newer ptoas still reads: the op, in
	// generic form, is kept and printed as it came.
	ir.AllowUnknownOperations("pto")
	ir.RegisterTypeParser("pto", parseType)
	ir.RegisterDialectAttrVerifier("pto", verifyDialectAttr)
	for i := range Ops {
		r := newRow(&Ops[i])
		if r.Name == "subset" {
			r.infer = inferSubset
		}
		rows["pto."+r.Name] = r
		ir.Register(r.opDef())
	}
}
