package pto

import "github.com/pto-opt/pto-opt/dialect/ir"

// The ops of other dialects ptoas reads in a kernel, beside its own: what
// its lowering takes (arith's scalar ops, structured and unstructured
// control flow) and what it takes only in another form.

// upstreamArith are the arith ops ptoas's EmitC lowering has a pattern
// for (it marks the whole arith dialect illegal, so any other arith op
// fails to legalize). arith.addf is not among them: RewriteUpstream
// replaces it.
var upstreamArith = map[string]bool{
	"arith.constant": true, "arith.addi": true, "arith.subi": true, "arith.muli": true,
	"arith.divsi": true, "arith.divui": true, "arith.ceildivsi": true, "arith.ceildivui": true,
	"arith.floordivsi": true, "arith.remsi": true, "arith.remui": true,
	"arith.maxsi": true, "arith.maxui": true, "arith.minsi": true, "arith.minui": true,
	"arith.andi": true, "arith.ori": true, "arith.xori": true,
	"arith.shli": true, "arith.shrsi": true, "arith.shrui": true,
	"arith.addui_extended": true, "arith.mulsi_extended": true, "arith.mului_extended": true,
	"arith.subf": true, "arith.mulf": true, "arith.divf": true, "arith.remf": true, "arith.negf": true,
	"arith.maximumf": true, "arith.minimumf": true, "arith.maxnumf": true, "arith.minnumf": true,
	"arith.cmpi": true, "arith.cmpf": true, "arith.select": true,
	"arith.extsi": true, "arith.extui": true, "arith.trunci": true, "arith.extf": true, "arith.truncf": true,
	"arith.sitofp": true, "arith.uitofp": true, "arith.fptosi": true, "arith.fptoui": true,
	"arith.index_cast": true, "arith.index_castui": true, "arith.bitcast": true,
}

// upstreamControl is the control flow ptoas lowers itself: scf to cf,
// cf's branches, func.return.
var upstreamControl = map[string]bool{
	"scf.for": true, "scf.if": true, "scf.yield": true, "scf.while": true, "scf.condition": true,
	"cf.br": true, "cf.cond_br": true, "func.return": true,
}

// LowersUpstream reports whether ptoas lowers op, an op of a dialect
// other than its own and tile, in a kernel (once RewriteUpstream has
// run); when it does not, why says so, to follow "ptoas cannot lower
// 'op'".
func LowersUpstream(op *ir.Operation) (ok bool, why string) {
	switch {
	case op.Name == "arith.addf":
		return true, "" // RewriteUpstream rewrites it
	case op.Dialect() == "arith":
		if !upstreamArith[op.Name] {
			return false, "(its EmitC lowering has no pattern for it)"
		}
	case !upstreamControl[op.Name]:
		return false, "in a kernel (only tile ops, arith, scf.for/if/while, cf branches and return)"
	}
	return true, ""
}

// RewriteUpstream rewrites the ops of fn that ptoas lowers only in
// another form into that form: each arith.addf a, b into arith.subf a,
// (arith.negf b). The two are the same IEEE 754 operation: subtraction
// is defined as the addition of the negated operand, and negation is
// exact (it only flips the sign bit), so every result, signed zeros and
// NaNs included, is unchanged.
func RewriteUpstream(fn *ir.Operation) {
	var adds []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if op.Name == "arith.addf" && len(op.Operands) == 2 && len(op.Results) == 1 {
			adds = append(adds, op)
		}
		return true
	})
	for _, op := range adds {
		a, b := op.Operands[0], op.Operands[1]
		neg := ir.NewOperation("arith.negf", op.Loc, []*ir.Value{b}, []ir.Type{b.Type})
		sub := ir.NewOperation("arith.subf", op.Loc, []*ir.Value{a, neg.Results[0]}, []ir.Type{op.Results[0].Type})
		if fm := op.Attr("fastmath"); fm != nil {
			neg.SetAttr("fastmath", fm)
			sub.SetAttr("fastmath", fm)
		}
		sub.Results[0].NameHint = op.Results[0].NameHint
		op.Block.InsertBefore(op, neg)
		op.Block.InsertBefore(op, sub)
		op.Results[0].ReplaceAllUsesWith(sub.Results[0])
		op.Erase()
	}
}
