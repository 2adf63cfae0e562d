package ir

import (
	"slices"
	"strconv"
	"strings"
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

// MemRefOf: a ranked memref (ODS's MemRefOf holds for MLIR's MemRefType,
// which is ranked; UnrankedMemRefOf is the other) whose element type
// satisfies one of elems (any, when none is given): "memref of X values".
func MemRefOf(elems ...*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: "memref of " + elemsSummary(elems) + " values", Holds: func(t Type) bool {
		m, ok := t.(*MemRefType)
		return ok && m.Ranked && elemsHold(elems, m.Elem)
	}}
}

// RankedMemRefOf: a ranked memref: "ranked memref of X values".
func RankedMemRefOf(elems ...*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: "ranked memref of " + elemsSummary(elems) + " values", Holds: func(t Type) bool {
		m, ok := t.(*MemRefType)
		return ok && m.Ranked && elemsHold(elems, m.Elem)
	}}
}

// UnrankedMemRefOf: an unranked memref: "unranked.memref of X values".
func UnrankedMemRefOf(elems ...*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: "unranked.memref of " + elemsSummary(elems) + " values", Holds: func(t Type) bool {
		m, ok := t.(*MemRefType)
		return ok && !m.Ranked && elemsHold(elems, m.Elem)
	}}
}

// TensorOf: a tensor, ranked or not: "tensor of X values".
func TensorOf(elems ...*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: "tensor of " + elemsSummary(elems) + " values", Holds: func(t Type) bool {
		m, ok := t.(*TensorType)
		return ok && elemsHold(elems, m.Elem)
	}}
}

// RankedTensorOf: a ranked tensor: "ranked tensor of X values".
func RankedTensorOf(elems ...*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: "ranked tensor of " + elemsSummary(elems) + " values", Holds: func(t Type) bool {
		m, ok := t.(*TensorType)
		return ok && m.Ranked && elemsHold(elems, m.Elem)
	}}
}

// VectorOf: a vector: "vector of X values".
func VectorOf(elems ...*TypeConstraint) *TypeConstraint {
	return &TypeConstraint{Summary: "vector of " + elemsSummary(elems) + " values", Holds: func(t Type) bool {
		m, ok := t.(*VectorType)
		return ok && elemsHold(elems, m.Elem)
	}}
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
type TraitCheck struct {
	Name   string
	Verify func(op *Operation) error
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
		if len(op.Operands) == 0 {
			return nil
		}
		ref := op.Operands[0].Type
		for _, v := range append(append([]*Value{}, op.Results...), op.Operands...) {
			if !CompatibleShapes(ref, v.Type) {
				return Errorf(op, "requires the same shape for all operands and results")
			}
		}
		return nil
	}}
	SameOperandsAndResultType = TraitCheck{Name: "SameOperandsAndResultType", Verify: func(op *Operation) error {
		if len(op.Operands) == 0 {
			return nil
		}
		ref := op.Operands[0].Type
		if len(op.Results) > 0 {
			ref = op.Results[0].Type
		}
		for _, v := range append(append([]*Value{}, op.Results...), op.Operands...) {
			if v.Type != ref {
				return Errorf(op, "requires the same type for all operands and results")
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

// IntegerKind: an integer type of any signedness, the kind type($x) reads
// for a value of ODS's AnyInteger or I<n> (mlir-opt names it
// builtin.integer when another type is written).
var IntegerKind = &TypeKind{Name: "builtin.integer", Is: func(t Type) bool {
	_, ok := t.(*IntegerType)
	return ok
}}

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

// NoRegionArguments is MLIR's trait of that name: the op's regions take
// no arguments.
var NoRegionArguments = TraitCheck{Name: "NoRegionArguments", Verify: func(op *Operation) error {
	for i, r := range op.Regions {
		if len(r.Blocks) == 0 || len(r.Blocks[0].Args) == 0 {
			continue
		}
		if len(op.Regions) > 1 {
			return Errorf(op, "region #%d should have no arguments", i)
		}
		return Errorf(op, "region should have no arguments")
	}
	return nil
}}

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

// SingleBlockNoTerminator is MLIR's SingleBlock trait on an op with
// NoTerminator: each region has at most one block.
var SingleBlockNoTerminator = TraitCheck{Name: "SingleBlock", Verify: func(op *Operation) error {
	for i, r := range op.Regions {
		if len(r.Blocks) > 1 {
			return Errorf(op, "expects region #%d to have 0 or 1 blocks", i)
		}
	}
	return nil
}}

// SizedRegion is ODS's region constraint SizedRegion<n> on the op's
// region i, declared as name: it has n blocks. mlir-opt checks it after
// the region traits.
func SizedRegion(i int, name string, n int) TraitCheck {
	return TraitCheck{Name: "SizedRegion", Verify: func(op *Operation) error {
		if i < len(op.Regions) && len(op.Regions[i].Blocks) != n {
			return Errorf(op, "region #%d ('%s') failed to verify constraint: region with %d blocks", i, name, n)
		}
		return nil
	}}
}

// HasParent is MLIR's HasParent<...> trait: the op's parent is one of the
// ops named.
func HasParent(names ...string) TraitCheck {
	return TraitCheck{Name: "HasParent", Verify: func(op *Operation) error {
		if p := op.ParentOp(); p != nil && slices.Contains(names, p.Name) {
			return nil
		}
		if len(names) == 1 {
			return Errorf(op, "expects parent op '%s'", names[0])
		}
		return Errorf(op, "expects parent op to be one of '%s'", strings.Join(names, ", "))
	}}
}

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
