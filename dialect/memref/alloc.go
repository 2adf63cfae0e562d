package memref

import (
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ---- alloc / alloca / dealloc ----

func init() {
	ir.Register(
		allocLike(&ir.OpDef{
			Name: "memref.alloc", Summary: "heap allocation of a buffer",
			Traits:  ir.AllocLike | ir.HeapAllocation,
			Effects: []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}},
			Verify:  verifyAllocOp, NameHint: hint("alloc"),
		}),
		allocLike(&ir.OpDef{
			Name: "memref.alloca", Summary: "stack allocation of a buffer",
			Traits:  ir.AllocLike,
			Effects: []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}},
			Verify:  verifyAllocOp, NameHint: hint("alloca"),
		}),
		ir.WithFormat(&ir.OpDef{
			Name: "memref.dealloc", Summary: "free a heap buffer",
			Traits:  ir.FreeLike,
			Effects: []ir.Effect{{Kind: ir.Free, Operand: 0, Result: -1}},
		}, ir.OpSyntax{
			Operands: []ir.Arg{{Name: "memref", Constraint: ir.AnyRankedOrUnrankedMemRefC}},
			Format:   "$memref attr-dict `:` type($memref)",
		}),
	)
}

// allocSyntax is memref.alloc's and alloca's format. LLVM main spells the
// alignment with a keyword (the printer's AllocAlignmentProperty option);
// mlir-opt 22 leaves it to the attribute dictionary. Both are read.
func allocSyntax(alignmentKeyword bool) ir.OpSyntax {
	s := ir.OpSyntax{
		Operands:          []ir.Arg{{Name: "dynamicSizes", Mode: ir.Variadic, Type: ir.Index}, {Name: "symbolOperands", Mode: ir.Variadic, Type: ir.Index}},
		Results:           []ir.Arg{{Name: "memref", Kind: ir.MemRefKind, Constraint: ir.AnyMemRefC}},
		SegmentedOperands: true,
		Format:            "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)",
	}
	if alignmentKeyword {
		s.Attrs = []ir.AttrArg{{Name: "alignment", Kind: ir.AttrInt, Type: ir.I64, Optional: true}}
		s.Format = "`(`$dynamicSizes`)` (`` `[` $symbolOperands^ `]`)? (`alignment` `=` $alignment^)? attr-dict `:` type($memref)"
	}
	return s
}

var alloc22 = ir.MustFormat("memref.alloc", allocSyntax(false))

// allocLike gives alloc or alloca both formats: the newer reads either
// spelling; the printer's option picks one to print.
func allocLike(def *ir.OpDef) *ir.OpDef {
	newer := ir.WithFormat(def, allocSyntax(true)).Print
	def.Print = func(p ir.AsmPrinter, op *ir.Operation) {
		if p.AllocAlignmentProperty() {
			newer(p, op)
			return
		}
		alloc22.Print(p, op)
	}
	return def
}

// layoutSymbols counts the symbols of a layout's affine map: the `?`
// offset and strides of a strided layout, the `[s0, ...]` of an
// affine_map; -1 when the map's text cannot be read.
func layoutSymbols(layout ir.Attribute) int {
	switch l := layout.(type) {
	case nil:
		return 0
	case *ir.StridedLayoutAttr:
		n := 0
		if l.Offset == ir.Dynamic {
			n++
		}
		for _, s := range l.Strides {
			if s == ir.Dynamic {
				n++
			}
		}
		return n
	case *ir.RawAttr:
		if !l.IsAffineMap() {
			return 0
		}
		body := strings.TrimPrefix(l.Text, "affine_map<")
		dims, _, ok := strings.Cut(body, "->")
		if !ok {
			return -1
		}
		open := strings.Index(dims, "[")
		if open < 0 {
			return 0
		}
		syms := strings.TrimSpace(strings.Trim(dims[open:], "[] "))
		if syms == "" {
			return 0
		}
		return strings.Count(syms, ",") + 1
	}
	return 0
}

// verifyAllocOp is AllocOp's and AllocaOp's verify() (the declaration has
// checked the result, a ranked memref, and the index operands).
func verifyAllocOp(op *ir.Operation) error {
	if op.Name == "memref.alloca" {
		scoped := false
		for p := op.ParentOp(); p != nil && !scoped; p = p.ParentOp() {
			scoped = p.Has(ir.AutomaticAllocationScope)
		}
		if !scoped {
			return ir.Errorf(op, "requires an ancestor op with AutomaticAllocationScope trait")
		}
	}
	mt := op.Results[0].Type.(*ir.MemRefType)
	seg, err := ir.VerifySegments(op, 2, false)
	if err != nil {
		return err
	}
	nDyn := len(op.Operands)
	if seg != nil {
		nDyn = seg[0]
	}
	if nDyn != mt.NumDynamicDims() {
		return ir.Errorf(op, "incorrect number of dynamic sizes, has %d, expected %d", nDyn, mt.NumDynamicDims())
	}
	if nSym := len(op.Operands) - nDyn; nSym != layoutSymbols(mt.Layout) {
		if raw, isMap := mt.Layout.(*ir.RawAttr); !isMap || !raw.IsAffineMap() || layoutSymbols(mt.Layout) >= 0 {
			return ir.Errorf(op, "symbol operand count does not equal memref symbol count")
		}
	}
	if a := op.Attr("alignment"); a != nil {
		n, ok := a.(*ir.IntegerAttr)
		if !ok || n.Value <= 0 || n.Value&(n.Value-1) != 0 {
			return ir.Errorf(op, "attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0")
		}
	}
	return nil
}

func init() {
	ir.Register(ir.WithFormat(&ir.OpDef{
		Name: "memref.realloc", Summary: "resize a heap buffer",
		Traits:   ir.AllocLike,
		Inherent: []string{"alignment"},
		Effects:  []ir.Effect{{Kind: ir.Free, Operand: 0, Result: -1}, {Kind: ir.Allocate, Operand: -1, Result: 0}},
		Verify:   verifyRealloc,
	}, ir.OpSyntax{
		Operands: []ir.Arg{{Name: "source", Kind: ir.MemRefKind, Constraint: oneD}, {Name: "dynamicResultSize", Mode: ir.OptionalArg, Type: ir.Index}},
		Results:  []ir.Arg{{Name: "result", Kind: ir.MemRefKind, Constraint: oneD}},
		Format:   "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)",
	}))
}

// oneD is memref.realloc's source and result: MemRefRankOf<[AnyType], [1]>.
var oneD = ir.MemRefRankOf(nil, 1)

// verifyRealloc is ReallocOp's verify(): the declaration has checked the
// 1-D source and result and the index size.
func verifyRealloc(op *ir.Operation) error {
	if err := verifyAlignmentAttr(op); err != nil {
		return err
	}
	src := op.Operands[0].Type.(*ir.MemRefType)
	dst := op.Results[0].Type.(*ir.MemRefType)
	if src.Elem != dst.Elem {
		return ir.NewError(op.Loc, "different element types specified for source memref type '%s' and result memref type '%s'", src, dst)
	}
	if !ir.IsIdentityLayout(src.Layout) || !ir.IsIdentityLayout(dst.Layout) {
		return ir.Errorf(op, "unsupported layout")
	}
	if attrText(src.MemSpace) != attrText(dst.MemSpace) {
		return ir.Errorf(op, "different memory spaces specified for source memref type %s and result memref type %s", src, dst)
	}
	dynamic := dst.Shape[0] == ir.Dynamic
	if dynamic && len(op.Operands) != 2 {
		return ir.Errorf(op, "missing dimension operand for result type %s", dst)
	}
	if !dynamic && len(op.Operands) == 2 {
		return ir.Errorf(op, "unnecessary dimension operand for result type %s", dst)
	}
	return nil
}
