package ir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Constraints as ODS declares them: each one is a predicate and the
// summary mlir-opt words its failure with, declared once here or in the
// dialect that owns it, and named from the op declarations (an Arg's
// Constraint, an OpDef's Preds and Checks). The verifier words every
// failure from the summary, the way ODS's generated verifiers do:
//
//	'arith.addf' op operand #0 must be floating-point-like, but got 'i32'
//	'arith.constant' op failed to verify that all of {value, result} have same type
//	'arith.fptoui' op requires the same shape for all operands and results

// TypeConstraint is an ODS type constraint: what a value's type must be.
type TypeConstraint struct {
	// Summary is ODS's summary of the constraint ("floating-point-like").
	Summary string
	Holds   func(Type) bool
}

// NewTypeConstraint declares a constraint.
func NewTypeConstraint(summary string, holds func(Type) bool) *TypeConstraint {
	return &TypeConstraint{Summary: summary, Holds: holds}
}

// Exactly is the constraint of a buildable type (index, i64): that type
// only, summarised as ODS summarises it ("64-bit signless integer").
func Exactly(t Type) *TypeConstraint {
	return &TypeConstraint{Summary: typeSummary(t, Single), Holds: func(u Type) bool { return u == t }}
}

// AnyOf holds when one of cs does; its summary is theirs joined by "or"
// (ODS's AnyTypeOf).
func AnyOf(cs ...*TypeConstraint) *TypeConstraint {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Summary
	}
	return &TypeConstraint{Summary: strings.Join(names, " or "), Holds: func(t Type) bool {
		for _, c := range cs {
			if c.Holds(t) {
				return true
			}
		}
		return false
	}}
}

// Named is c under another summary (ODS's AnyTypeOf<..., "summary">).
func Named(summary string, c *TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: summary, Holds: c.Holds}
}

// elemsSummary words the element constraints of a container as ODS does.
func elemsSummary(elems []*TypeConstraint) string {
	if len(elems) == 0 {
		return "any type"
	}
	return AnyOf(elems...).Summary
}

func elemsHold(elems []*TypeConstraint, t Type) bool {
	if len(elems) == 0 {
		return true
	}
	for _, c := range elems {
		if c.Holds(t) {
			return true
		}
	}
	return false
}

// containerOf is ODS's ShapedContainerType: a type that kind accepts,
// giving its element type, whose element satisfies one of elems (any, when
// none is given), summarised "<what> of X values".
func containerOf(what string, kind func(Type) (Type, bool), elems []*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: what + " of " + elemsSummary(elems) + " values", Holds: func(t Type) bool {
		elem, ok := kind(t)
		return ok && elemsHold(elems, elem)
	}}
}

// The kinds of containers, each giving its element type.
func rankedMemRef(t Type) (Type, bool) {
	if m, ok := t.(*MemRefType); ok && m.Ranked {
		return m.Elem, true
	}
	return nil, false
}

func unrankedMemRef(t Type) (Type, bool) {
	if m, ok := t.(*MemRefType); ok && !m.Ranked {
		return m.Elem, true
	}
	return nil, false
}

func anyTensor(t Type) (Type, bool) {
	if m, ok := t.(*TensorType); ok {
		return m.Elem, true
	}
	return nil, false
}

func rankedTensor(t Type) (Type, bool) {
	if m, ok := t.(*TensorType); ok && m.Ranked {
		return m.Elem, true
	}
	return nil, false
}

func anyVector(t Type) (Type, bool) {
	if m, ok := t.(*VectorType); ok {
		return m.Elem, true
	}
	return nil, false
}

// MemRefOf: a ranked memref (ODS's MemRefOf holds for MLIR's MemRefType,
// which is ranked; UnrankedMemRefOf is the other): "memref of X values".
func MemRefOf(elems ...*TypeConstraint) *TypeConstraint {
	return containerOf("memref", rankedMemRef, elems)
}

// RankedMemRefOf: a ranked memref: "ranked memref of X values".
func RankedMemRefOf(elems ...*TypeConstraint) *TypeConstraint {
	return containerOf("ranked memref", rankedMemRef, elems)
}

// UnrankedMemRefOf: an unranked memref: "unranked.memref of X values".
func UnrankedMemRefOf(elems ...*TypeConstraint) *TypeConstraint {
	return containerOf("unranked.memref", unrankedMemRef, elems)
}

// TensorOf: a tensor, ranked or not: "tensor of X values".
func TensorOf(elems ...*TypeConstraint) *TypeConstraint {
	return containerOf("tensor", anyTensor, elems)
}

// RankedTensorOf: a ranked tensor: "ranked tensor of X values".
func RankedTensorOf(elems ...*TypeConstraint) *TypeConstraint {
	return containerOf("ranked tensor", rankedTensor, elems)
}

// VectorOf: a vector: "vector of X values".
func VectorOf(elems ...*TypeConstraint) *TypeConstraint {
	return containerOf("vector", anyVector, elems)
}

// ValueSemanticsContainerOf holds for a value of c's type, or a vector or
// tensor (ranked or not) of it, under the summary given (ODS's
// TypeOrValueSemanticsContainer: "signless-integer-like").
func ValueSemanticsContainerOf(c *TypeConstraint, summary string) *TypeConstraint {
	return &TypeConstraint{Summary: summary, Holds: func(t Type) bool {
		switch t := t.(type) {
		case *VectorType:
			return c.Holds(t.Elem)
		case *TensorType:
			return c.Holds(t.Elem)
		}
		return c.Holds(t)
	}}
}

// ODS's common constraints (CommonTypeConstraints.td), by their ODS names.
var (
	AnyTypeC = NewTypeConstraint("any type", func(Type) bool { return true })
	IndexC   = NewTypeConstraint("index", func(t Type) bool { return t == Index })
	// AnyIntegerC: an integer of any signedness.
	AnyIntegerC = NewTypeConstraint("integer", func(t Type) bool {
		_, ok := t.(*IntegerType)
		return ok
	})
	AnySignlessIntegerC        = NewTypeConstraint("signless integer", isSignlessInt)
	AnySignlessIntegerOrIndexC = NewTypeConstraint("signless integer or index", IsSignlessIntOrIndex)
	AnyFloatC                  = NewTypeConstraint("floating-point", func(t Type) bool {
		_, ok := t.(*FloatType)
		return ok
	})
	I1C = Exactly(I1)
	// BoolLikeC: i1, or a vector or tensor of i1.
	BoolLikeC = ValueSemanticsContainerOf(I1C, "bool-like")
	// SignlessIntegerLikeC: a signless integer, or a vector or tensor of one.
	SignlessIntegerLikeC = ValueSemanticsContainerOf(AnySignlessIntegerC, "signless-integer-like")
	// FloatLikeC: a float, or a vector or tensor of floats.
	FloatLikeC = ValueSemanticsContainerOf(AnyFloatC, "floating-point-like")
	AnyMemRefC = MemRefOf()
)

func isSignlessInt(t Type) bool {
	it, ok := t.(*IntegerType)
	return ok && it.Signedness == 0
}

// Pred is one of ODS's PredOpTraits: a predicate on the whole op, whose
// failure reads "failed to verify that <Summary>".
type Pred struct {
	Summary string
	Holds   func(op *Operation) bool
	// Explain, when set instead of Holds, is a predicate that says itself
	// why it fails (a C++ predicate that emits errors as it tests): nil
	// when it holds, else its diagnostics, which come before the
	// "failed to verify" one.
	Explain func(op *Operation) error
}

// check is nil when p holds, else its failure: the predicate's own
// diagnostics, if any, then ODS's.
func (p *Pred) check(op *Operation) error {
	if p.Explain == nil {
		if p.Holds(op) {
			return nil
		}
		return Errorf(op, "failed to verify that %s", p.Summary)
	}
	why := p.Explain(op)
	if why == nil {
		return nil
	}
	return append(DiagnosticList(Diagnostics(why)), AsDiagnostic(Errorf(op, "failed to verify that %s", p.Summary)))
}

// TraitCheck is a native trait's verifier (OpTrait::SameOperandsAndResultShape
// and the like): its own wording, run in the order the op declares its
// traits, after the ODS constraints and before the op's own verifier.
//
// Structural traits (ODS's StructuralOpTrait: SingleBlock, HasParent,
// NoRegionArguments, ...) run before the ODS constraints, right after
// the op's counts; VerifyRegions, when set, is the trait's check of the
// regions (MLIR's verifyRegionTrait), run on leaving the op once the ops
// nested in it verified, before the op's own VerifyRegions.
type TraitCheck struct {
	Name          string
	Structural    bool
	Verify        func(op *Operation) error
	VerifyRegions func(op *Operation) error
}

// AllTypesMatch is ODS's AllTypesMatch<[names...]>: the named operands,
// results or typed attributes of the op's declaration have one type.
func AllTypesMatch(names ...string) Pred {
	return Pred{
		Summary: "all of {" + strings.Join(names, ", ") + "} have same type",
		Holds: func(op *Operation) bool {
			var first Type
			for _, n := range names {
				for _, t := range DeclaredTypes(op, n) {
					if first == nil {
						first = t
					} else if t != first {
						return false
					}
				}
			}
			return true
		},
	}
}

// DeclaredTypes gives the types of the operands, results or typed
// attribute named n in op's declaration (nil when there is none).
func DeclaredTypes(op *Operation, n string) []Type {
	if op.Def == nil || op.Def.declared == nil {
		return nil
	}
	return op.Def.declared.typesOf(op, n)
}

// The native traits' checks, in MLIR's words (OpDefinition.cpp).
var (
	SameOperandsAndResultShape = TraitCheck{Name: "SameOperandsAndResultShape", Verify: func(op *Operation) error {
		if len(op.Operands) == 0 || len(op.Results) == 0 {
			return nil
		}
		var buf [8]Type // on the stack for the usual few values
		all := buf[:0]
		for _, v := range op.Operands {
			all = append(all, v.Type)
		}
		for _, v := range op.Results {
			all = append(all, v.Type)
		}
		if !CompatibleShapesAll(all) {
			return Errorf(op, "requires the same shape for all operands and results")
		}
		return nil
	}}
	// SameOperandsAndResultType: one element type and compatible shapes
	// (a dynamic size matches a static one), and a ranked tensor result's
	// encoding on every ranked tensor, as MLIR's trait checks it.
	SameOperandsAndResultType = TraitCheck{Name: "SameOperandsAndResultType", Verify: func(op *Operation) error {
		if len(op.Operands) == 0 || len(op.Results) == 0 {
			return nil
		}
		ref := op.Results[0].Type
		elem := ElementTypeOrSelf(ref)
		enc, hasEnc := rankedEncoding(ref)
		same := func(v *Value) error {
			if ElementTypeOrSelf(v.Type) != elem || !CompatibleShapes(v.Type, ref) {
				return Errorf(op, "requires the same type for all operands and results")
			}
			if e, _ := rankedEncoding(v.Type); hasEnc && e != enc {
				return Errorf(op, "requires the same encoding for all operands and results")
			}
			return nil
		}
		for _, v := range op.Results[1:] {
			if err := same(v); err != nil {
				return err
			}
		}
		for _, v := range op.Operands {
			if err := same(v); err != nil {
				return err
			}
		}
		return nil
	}}
	SameTypeOperands = TraitCheck{Name: "SameTypeOperands", Verify: func(op *Operation) error {
		for _, v := range op.Operands {
			if v.Type != op.Operands[0].Type {
				return Errorf(op, "requires all operands to have the same type")
			}
		}
		return nil
	}}
)

// CompatibleShapes reports whether two types have compatible shapes as
// MLIR's verifyCompatibleShape does: both unshaped, or shaped with equal
// ranks (an unranked one is compatible with any) and equal sizes where
// both are static.
func CompatibleShapes(a, b Type) bool {
	sa, _, ra := ShapeOf(a)
	sb, _, rb := ShapeOf(b)
	_, aShaped := shapedKind(a)
	_, bShaped := shapedKind(b)
	if !aShaped || !bShaped {
		return aShaped == bShaped
	}
	if !ra || !rb {
		return true
	}
	if len(sa) != len(sb) {
		return false
	}
	for i := range sa {
		if sa[i] != Dynamic && sb[i] != Dynamic && sa[i] != sb[i] {
			return false
		}
	}
	return true
}

// shapedKind reports whether t is a shaped type (and which kind).
func shapedKind(t Type) (string, bool) {
	switch t.(type) {
	case *MemRefType:
		return "memref", true
	case *TensorType:
		return "tensor", true
	case *VectorType:
		return "vector", true
	}
	if _, ok := t.(ShapedDialectType); ok {
		return "dialect", true
	}
	return "", false
}

// holds reports whether t meets the declaration's constraint (its own, or
// its fixed type), without building one: the verifier asks it of every
// value; constraintOf words a failure.
func (a *Arg) holds(t Type) bool {
	switch {
	case a.Constraint != nil:
		return a.Constraint.Holds(t)
	case a.Type != nil:
		return t == a.Type
	}
	return true
}

// constraintOf is the constraint a declaration puts on its values: its
// own, or the one of its fixed type.
func (a *Arg) constraintOf() *TypeConstraint {
	if a.Constraint != nil {
		return a.Constraint
	}
	if a.Type != nil {
		return Exactly(a.Type)
	}
	return nil
}

// valueSummary is how ODS words a declaration's constraint in a value's
// failure: "variadic of index" for a variadic one.
func valueSummary(c *TypeConstraint, mode ArgMode) string {
	if mode == Variadic {
		return "variadic of " + c.Summary
	}
	return c.Summary
}

func constraintError(op *Operation, what string, k int, c *TypeConstraint, mode ArgMode, t Type) error {
	return Errorf(op, "%s #%d must be %s, but got '%s'", what, k, valueSummary(c, mode), t)
}

// MemRefRankOf is ODS's MemRefRankOf<elems, ranks>: a memref of one of the
// ranks whose element type satisfies one of elems: "1D memref of 8-bit
// signless integer values" (ranks joined by "/").
func MemRefRankOf(elems []*TypeConstraint, ranks ...int) *TypeConstraint {
	names := make([]string, len(ranks))
	for i, r := range ranks {
		names[i] = strconv.Itoa(r) + "D"
	}
	return &TypeConstraint{Summary: strings.Join(names, "/") + " " + MemRefOf(elems...).Summary, Holds: func(t Type) bool {
		m, ok := t.(*MemRefType)
		return ok && m.Ranked && elemsHold(elems, m.Elem) && slices.Contains(ranks, len(m.Shape))
	}}
}

// AnyShapedC: a shaped type (tensor, memref, vector, or a dialect's
// shaped type): ODS's AnyShaped.
var AnyShapedC = NewTypeConstraint("shaped of any type values", func(t Type) bool {
	_, ok := shapedKind(t)
	return ok
})

// AnyRankedOrUnrankedMemRefC: a memref, ranked or not (ODS's
// AnyRankedOrUnrankedMemRef).
var AnyRankedOrUnrankedMemRefC = NewTypeConstraint("ranked or unranked memref of any type values", IsMemRef)

// ElementTypeOrSelf is a shaped type's element type, or the type itself
// (MLIR's getElementTypeOrSelf).
func ElementTypeOrSelf(t Type) Type {
	if _, ok := shapedKind(t); ok {
		if _, elem, _ := ShapeOf(t); elem != nil {
			return elem
		}
	}
	return t
}

// AllElementTypesMatch is ODS's AllElementTypesMatch<[names...]>: the
// named values' element types (a value's own type when it is not shaped)
// are one.
func AllElementTypesMatch(names ...string) Pred {
	return Pred{
		Summary: "all of {" + strings.Join(names, ", ") + "} have same element type",
		Holds: func(op *Operation) bool {
			var first Type
			for _, n := range names {
				for _, t := range DeclaredTypes(op, n) {
					if e := ElementTypeOrSelf(t); first == nil {
						first = e
					} else if e != first {
						return false
					}
				}
			}
			return true
		},
	}
}

// Kinds of types a format's type($x) reads where ODS's C++ class is a
// base class of several builtin types: a mismatch reads "invalid kind of
// type specified" with no class named.
var (
	// AnyMemRefKind: a memref, ranked or not (BaseMemRefType).
	AnyMemRefKind = &TypeKind{Is: IsMemRef}
	// TensorKind: a tensor, ranked or not (TensorType).
	TensorKind = &TypeKind{Is: func(t Type) bool {
		_, ok := t.(*TensorType)
		return ok
	}}
)

// SameOperandsElementType and SameOperandsShape are the native traits of
// those names: the operands' element types (a non-shaped type is its own)
// are one; their shapes are compatible (CompatibleShapes).
var (
	SameOperandsElementType = TraitCheck{Name: "SameOperandsElementType", Verify: func(op *Operation) error {
		for _, v := range op.Operands {
			if ElementTypeOrSelf(v.Type) != ElementTypeOrSelf(op.Operands[0].Type) {
				return Errorf(op, "requires the same element type for all operands")
			}
		}
		return nil
	}}
	SameOperandsShape = TraitCheck{Name: "SameOperandsShape", Verify: func(op *Operation) error {
		for _, v := range op.Operands {
			if !CompatibleShapes(op.Operands[0].Type, v.Type) {
				return Errorf(op, "requires the same shape for all operands")
			}
		}
		return nil
	}}
)

// StaticShapeMemRefOf is ODS's StaticShapeMemRefOf: a ranked memref of
// static shape whose element type satisfies one of elems.
func StaticShapeMemRefOf(elems ...*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: "statically shaped " + MemRefOf(elems...).Summary, Holds: func(t Type) bool {
		m, ok := t.(*MemRefType)
		return ok && m.Ranked && m.HasStaticShape() && elemsHold(elems, m.Elem)
	}}
}

// AnyStridedMemRefC is ODS's AnyStridedMemRef: a ranked memref whose
// layout is strided (StridesAndOffset reads it).
var AnyStridedMemRefC = NewTypeConstraint("strided memref of any type values", func(t Type) bool {
	m, ok := t.(*MemRefType)
	if !ok || !m.Ranked {
		return false
	}
	_, _, strided := StridesAndOffset(m)
	return strided
})

// AttrConstraint is an ODS attribute constraint beyond the kind of
// attribute an AttrArg reads: what the value must be, and the summary
// its failure is worded with ("attribute 'x' failed to satisfy
// constraint: type attribute of function type").
type AttrConstraint struct {
	Summary string
	Holds   func(Attribute) bool
}

// TypeAttrOf is ODS's TypeAttrOf<c>: a type attribute whose type meets c.
func TypeAttrOf(c *TypeConstraint) *AttrConstraint {
	return &AttrConstraint{Summary: "type attribute of " + c.Summary, Holds: func(a Attribute) bool {
		t, ok := a.(*TypeAttr)
		return ok && c.Holds(t.Type)
	}}
}

// DictArrayAttrC is ODS's DictArrayAttr: an array of dictionaries.
var DictArrayAttrC = &AttrConstraint{Summary: "Array of dictionary attributes", Holds: func(a Attribute) bool {
	arr, ok := a.(*ArrayAttr)
	if !ok {
		return false
	}
	for _, e := range arr.Elems {
		if _, ok := e.(*DictAttr); !ok {
			return false
		}
	}
	return true
}}

// CompatibleShapesAll reports whether types have compatible shapes as
// MLIR's verifyCompatibleShapes of a list does: all unshaped, or all
// shaped with scalable vectors all or none of them, the ranked ones of
// one rank, and each dimension of one size where some give it statically.
// (Unlike CompatibleShapes of two types, which MLIR's
// SameOperandsAndResultType uses, it tells a scalable vector from another
// shaped type.)
func CompatibleShapesAll(types []Type) bool {
	shaped, scalable := 0, 0
	for _, t := range types {
		if _, ok := shapedKind(t); ok {
			shaped++
		}
		if v, ok := t.(*VectorType); ok && slices.Contains(v.Scalable, true) {
			scalable++
		}
	}
	if shaped == 0 {
		return true
	}
	if shaped != len(types) || scalable != 0 && scalable != len(types) {
		return false
	}
	var ranked [][]int64
	for _, t := range types {
		if s, _, ok := ShapeOf(t); ok {
			ranked = append(ranked, s)
		}
	}
	for _, s := range ranked {
		if len(s) != len(ranked[0]) {
			return false
		}
	}
	for i := 0; len(ranked) > 0 && i < len(ranked[0]); i++ {
		static := Dynamic
		for _, s := range ranked {
			if s[i] != Dynamic {
				if static != Dynamic && s[i] != static {
					return false
				}
				static = s[i]
			}
		}
	}
	return true
}

// SignlessIntegerOrIndexLikeC: a signless integer or index, or a vector or
// tensor of one (ODS's SignlessIntegerOrIndexLike).
var SignlessIntegerOrIndexLikeC = ValueSemanticsContainerOf(AnySignlessIntegerOrIndexC, "signless-integer-like")

// rankedEncoding is the text of a ranked tensor's encoding, ok when t is a
// ranked tensor that has one.
func rankedEncoding(t Type) (string, bool) {
	if tt, ok := t.(*TensorType); ok && tt.Ranked && tt.Encoding != nil {
		return tt.Encoding.String(), true
	}
	return "", false
}

// ---- region constraints and the traits of regions ----

// RegionConstraint is an ODS region constraint (SizedRegion<1>): what a
// region must be, summarised as ODS words its failure.
type RegionConstraint struct {
	Summary string
	Holds   func(*Region) bool
}

// SizedRegion is ODS's SizedRegion<n>: a region of exactly n blocks.
func SizedRegion(n int) *RegionConstraint {
	return &RegionConstraint{Summary: fmt.Sprintf("region with %d blocks", n),
		Holds: func(r *Region) bool { return len(r.Blocks) == n }}
}

// MaxSizedRegion is ODS's MaxSizedRegion<n>: a region of at most n blocks.
func MaxSizedRegion(n int) *RegionConstraint {
	return &RegionConstraint{Summary: fmt.Sprintf("region with at most %d blocks", n),
		Holds: func(r *Region) bool { return len(r.Blocks) <= n }}
}

func regionConstraintError(op *Operation, i int, name string, c *RegionConstraint) error {
	if name != "" {
		return Errorf(op, "region #%d ('%s') failed to verify constraint: %s", i, name, c.Summary)
	}
	return Errorf(op, "region #%d failed to verify constraint: %s", i, c.Summary)
}

// SingleBlock is MLIR's SingleBlock trait: each region has at most one
// block, which is not empty unless the op has no terminator.
var SingleBlock = TraitCheck{Name: "SingleBlock", Structural: true, Verify: verifySingleBlock}

func verifySingleBlock(op *Operation) error {
	for i, r := range op.Regions() {
		switch {
		case len(r.Blocks) == 0:
		case len(r.Blocks) > 1:
			return Errorf(op, "expects region #%d to have 0 or 1 blocks", i)
		case len(r.Blocks[0].Ops) == 0 && !op.Has(NoTerminator):
			return Errorf(op, "expects a non-empty block")
		}
	}
	return nil
}

// SingleBlockImplicitTerminator is MLIR's trait of that name: SingleBlock,
// and, once the regions verified, each non-empty region ends with the
// terminator named (which the custom form may leave out).
func SingleBlockImplicitTerminator(name string) TraitCheck {
	return TraitCheck{Name: "SingleBlockImplicitTerminator", Structural: true, Verify: verifySingleBlock,
		VerifyRegions: func(op *Operation) error {
			for _, r := range op.Regions() {
				if len(r.Blocks) == 0 || len(r.Blocks[0].Ops) == 0 {
					continue
				}
				b := r.Blocks[0]
				if last := b.Ops[len(b.Ops)-1]; last.Name != name {
					d := Errorf(op, "expects regions to end with '%s', found '%s'", name, last.Name).(*Diagnostic)
					return d.WithNote(op.Loc, "in custom textual format, the absence of terminator implies '%s'", name)
				}
			}
			return nil
		}}
}

// HasParent is MLIR's HasParent<...> (ParentOneOf): the op's parent is
// one of the ops named.
func HasParent(names ...string) TraitCheck {
	want := "'" + names[0] + "'"
	if len(names) > 1 {
		want = "to be one of '" + strings.Join(names, ", ") + "'"
	}
	return TraitCheck{Name: "HasParent", Structural: true, Verify: func(op *Operation) error {
		if p := op.ParentOp(); p != nil {
			for _, n := range names {
				if p.Name == n {
					return nil
				}
			}
		}
		return Errorf(op, "expects parent op %s", want)
	}}
}

// NoRegionArguments is MLIR's trait of that name: no region's entry block
// has arguments.
var NoRegionArguments = TraitCheck{Name: "NoRegionArguments", Structural: true, Verify: func(op *Operation) error {
	for i, r := range op.Regions() {
		if len(r.Blocks) == 0 || len(r.Blocks[0].Args) == 0 {
			continue
		}
		if len(op.Regions()) > 1 {
			return Errorf(op, "region #%d should have no arguments", i)
		}
		return Errorf(op, "region should have no arguments")
	}
	return nil
}}

// RegionSuccessor is where control goes from a point of an op with
// region control flow (MLIR's RegionSuccessor): region Region of the op,
// or the op's results (ToParent); the point hands Operands on to Inputs.
type RegionSuccessor struct {
	Region   int
	Operands []*Value
	Inputs   []*Value
}

// ToParent as RegionSuccessor.Region: control leaves for the op's results.
const ToParent = -1

// RegionSuccessors is what MLIR's RegionBranchOpInterface verifier asks
// of an op's RegionBranch (OpDef.Branch), which implements it besides:
// where control may go from a branch point (from nil: entering the op;
// else a terminator of one of its regions, which hands on nothing when
// it is not one of the op's branching terminators), appended to dst (the
// verifier asks for every op with regions: a list it reuses makes no
// garbage).
type RegionSuccessors interface {
	AppendSuccessors(dst []RegionSuccessor, op *Operation, from *Operation) []RegionSuccessor
}

// succLists lends RegionBranchTypes its successor lists (ops verify in
// parallel).
var succLists = sync.Pool{New: func() any { return new([]RegionSuccessor) }}

// RegionBranchTypes is RegionBranchOpInterface's check of the types along
// the op's region control flow edges, once its regions verified: from the
// op, then from each region's terminators, each successor in turn, what
// is handed on matches what receives it in number and types. The op's
// Branch gives the edges (RegionSuccessors).
var RegionBranchTypes = TraitCheck{Name: "RegionBranchOpInterface", VerifyRegions: func(op *Operation) error {
	rs, ok := op.Def.Branch.(RegionSuccessors)
	if !ok {
		return nil
	}
	lp := succLists.Get().(*[]RegionSuccessor)
	defer func() {
		clear((*lp)[:cap(*lp)]) // the pooled list keeps no IR alive
		*lp = (*lp)[:0]
		succLists.Put(lp)
	}()
	*lp = rs.AppendSuccessors((*lp)[:0], op, nil)
	if err := verifyRegionEdges(op, nil, *lp); err != nil {
		return err
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			if len(b.Ops) == 0 {
				continue
			}
			term := b.Ops[len(b.Ops)-1]
			*lp = rs.AppendSuccessors((*lp)[:0], op, term)
			if err := verifyRegionEdges(op, term, *lp); err != nil {
				return err
			}
		}
	}
	return nil
}}

func verifyRegionEdges(op, from *Operation, succs []RegionSuccessor) error {
	for _, s := range succs {
		// Only a failure names the edge (naming it allocates).
		fail := func(format string, args ...any) error {
			src, at := "parent", op.Loc
			if from != nil {
				src, at = "Operation "+from.Name, from.Loc
			}
			dst := "parent"
			if s.Region != ToParent {
				dst = fmt.Sprintf("Region #%d", s.Region)
			}
			d := Errorf(op, "along control flow edge from %s to %s: "+format, append([]any{src, dst}, args...)...).(*Diagnostic)
			return d.WithNote(at, "region branch point")
		}
		if len(s.Operands) != len(s.Inputs) {
			return fail("region branch point has %d operands, but region successor needs %d inputs", len(s.Operands), len(s.Inputs))
		}
		for i, v := range s.Operands {
			if v.Type != s.Inputs[i].Type {
				return fail("successor operand type #%d '%s' should match successor input type #%d '%s'", i, v.Type, i, s.Inputs[i].Type)
			}
		}
	}
	return nil
}

// LoopLike is what MLIR's LoopLikeOpInterface verifier asks of a loop:
// its initial values, the region arguments that carry them (n of them,
// which MLIR counts as an unsigned size: a body without its induction
// variable has 2^64-1), the values its terminator yields for the next
// iteration (none when it has no such terminator) and its results (ok
// false when it declares none).
type LoopLike interface {
	LoopInits(op *Operation) []*Value
	RegionIterArgs(op *Operation) (args []*Value, n uint64)
	YieldedValues(op *Operation) []*Value
	LoopResults(op *Operation) (results []*Value, ok bool)
}

// LoopLikeOpInterface is that interface's verifier, once the regions
// verified: the inits, region iter_args, yielded values and loop results
// agree in number, then in type.
func LoopLikeOpInterface(l LoopLike) TraitCheck {
	return TraitCheck{Name: "LoopLikeOpInterface", VerifyRegions: func(op *Operation) error {
		inits := l.LoopInits(op)
		args, n := l.RegionIterArgs(op)
		yielded := l.YieldedValues(op)
		results, hasResults := l.LoopResults(op)
		switch {
		case uint64(len(inits)) != n:
			return Errorf(op, "different number of inits and region iter_args: %d != %d", len(inits), n)
		case len(yielded) > 0 && uint64(len(yielded)) != n:
			return Errorf(op, "different number of region iter_args and yielded values: %d != %d", n, len(yielded))
		case hasResults && uint64(len(results)) != n:
			return Errorf(op, "different number of loop results and region iter_args: %d != %d", len(results), n)
		}
		for i, init := range inits {
			if init.Type != args[i].Type {
				return Errorf(op, "%d-th init and %d-th region iter_arg have different type: '%s' != '%s'", i, i, init.Type, args[i].Type)
			}
			if len(yielded) > 0 && args[i].Type != yielded[i].Type {
				return Errorf(op, "%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'", i, i, args[i].Type, yielded[i].Type)
			}
		}
		// mlir-opt numbers every loop result mismatch 0 (its counter is
		// stepped once, after the loop); the types are the pair's.
		for i, r := range results {
			if args[i].Type != r.Type {
				return Errorf(op, "0-th region iter_arg and 0-th loop result have different type: '%s' != '%s'", args[i].Type, r.Type)
			}
		}
		return nil
	}}
}

// BranchOpInterface is that interface's verifier: each successor gets as
// many operands (OpDef.SuccessorOperands) as its block has arguments, of
// their types. mlir-opt reports these at the op without naming it.
var BranchOpInterface = TraitCheck{Name: "BranchOpInterface", Verify: func(op *Operation) error {
	if op.Def.SuccessorOperands == nil {
		return nil
	}
	ranges := op.Def.SuccessorOperands(op)
	for i, b := range op.Successors() {
		if i >= len(ranges) || ranges[i].Start+ranges[i].N > len(op.Operands) {
			return nil // the op's own verifier reports its malformed segments
		}
		vals := ranges[i].Of(op)
		if len(vals) != len(b.Args) {
			return NewError(op.Loc, "branch has %d operands for successor #%d, but target block has %d", len(vals), i, len(b.Args))
		}
		for k, v := range vals {
			if v.Type != b.Args[k].Type {
				return NewError(op.Loc, "type mismatch for bb argument #%d of successor #%d", k, i)
			}
		}
	}
	return nil
}}
