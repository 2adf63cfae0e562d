package parser

import (
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Types: builtin types, read by recursive descent; the parameters of a
// shaped type are read once per distinct spelling (shapedType).

func (s *state) canStartType() bool {
	t := s.peek()
	switch t.Type {
	case tIdent:
		return ir.ScalarType(t.Value) != nil
	case tDialectType, tBang, tShapedType:
		return true
	case tPunct:
		return t.Value == "("
	}
	return false
}

// parseType reads a type. Each type that contains types (shaped types,
// complex, tuple, function types) is one level of nesting.
func (s *state) parseType() (ir.Type, error) {
	t := s.peek()
	switch t.Type {
	case tIdent:
		s.next()
		return s.typeFromWord(t.Value, t)
	case tShapedType:
		s.next()
		return s.shapedType(t)
	case tDialectType:
		s.next()
		dt, err := ir.ParseDialectType(t.Value)
		if err != nil {
			return nil, s.errAt(t, "%v", err)
		}
		return dt, nil
	case tBang:
		s.next()
		if at, ok := s.typeAlias[t.Value]; ok {
			return at, nil
		}
		if strings.Contains(t.Value, ".") {
			dt, err := ir.ParseDialectType(t.Value)
			if err != nil {
				return nil, s.errAt(t, "%v", err)
			}
			return dt, nil
		}
		return nil, s.errAt(t, "undefined symbol alias id '%s'", t.Value[1:])
	case tPunct:
		if t.Value == "(" {
			return s.parseFunctionType()
		}
	}
	return nil, s.errf("expected non-function type")
}

// shapedType parses a memref/tensor/vector/tuple/complex token, once per
// distinct spelling in a parse (the cache is reset with the alias tables,
// which the text may refer to).
func (s *state) shapedType(t *lexer.Token) (ir.Type, error) {
	if ty, ok := s.typeCache[t.Value]; ok {
		return ty, nil
	}
	// Read the text after the keyword as the keyword's parameter list, from
	// a stream over it in which nested builtin types are not kept whole:
	// they are read from the same stream, so the text is lexed once
	// however deep the types nest.
	kw := t.Value[:strings.IndexByte(t.Value, '<')]
	var ty ir.Type
	err := s.read(tokenSpan(t, len(kw), len(t.Value)), true, func() (err error) {
		if ty, err = s.typeFromWord(kw, t); err != nil {
			return err
		}
		return s.atEnd("type")
	})
	if err != nil {
		return nil, err
	}
	s.typeCache[t.Value] = ty
	return ty, nil
}

// maxIntWidth is MLIR's limit on the width of integer types.
const maxIntWidth = ir.MaxIntWidth

// badIntWidth returns the error for a word that spells an integer type
// (iN, siN, uiN) of a width MLIR does not accept, or nil.
func (s *state) badIntWidth(w string, at *lexer.Token) error {
	switch {
	case strings.HasPrefix(w, "si"), strings.HasPrefix(w, "ui"):
		w = w[2:]
	case strings.HasPrefix(w, "i"):
		w = w[1:]
	default:
		return nil
	}
	if w == "" {
		return nil
	}
	for i := 0; i < len(w); i++ {
		if !isDigit(w[i]) {
			return nil
		}
	}
	n, err := strconv.ParseUint(w, 10, 32)
	if err != nil {
		return s.errAt(at, "invalid integer width")
	}
	if n > maxIntWidth {
		return s.errAt(at, "integer bitwidth is limited to %d bits", maxIntWidth)
	}
	return nil
}

// typeFromWord finishes a type whose leading identifier was consumed (at
// is where the type starts).
func (s *state) typeFromWord(w string, at *lexer.Token) (ir.Type, error) {
	if st := ir.ScalarType(w); st != nil {
		return st, nil
	}
	switch w {
	case "memref", "tensor", "vector", "complex", "tuple":
	default:
		if err := s.badIntWidth(w, at); err != nil {
			return nil, err
		}
		return nil, ir.NewError(s.wrongTokenLoc(at), "expected non-function type")
	}
	if err := s.enterAt(at); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	switch w {
	case "complex":
		if err := s.expectPunctIn("<", "complex"); err != nil {
			return nil, err
		}
		elemAt := s.peek().Pos
		el, err := s.parseType()
		if err != nil {
			return nil, err
		}
		if err := s.expectPunctIn(">", "complex"); err != nil {
			return nil, err
		}
		switch el.(type) {
		case *ir.IntegerType, *ir.FloatType:
		default:
			return nil, ir.NewError(locOf(elemAt), "invalid element type for complex")
		}
		return ir.Complex(el), nil
	case "tuple":
		if err := s.expectPunctIn("<", "tuple"); err != nil {
			return nil, err
		}
		var elems []ir.Type
		if !s.isPunct(">") {
			for {
				el, err := s.parseType()
				if err != nil {
					return nil, err
				}
				elems = append(elems, el)
				if !s.isPunct(",") {
					break
				}
				s.next()
			}
		}
		return ir.Tuple(elems), s.expectPunctIn(">", "tuple")
	}
	return s.parseShapedBody(w, at)
}

// expectPunctIn reads punctuation v of a kind of type, or reports it
// missing in mlir-opt's words ("expected '<' in complex type").
func (s *state) expectPunctIn(v, kind string) error {
	if s.isPunct(v) {
		s.next()
		return nil
	}
	return s.errf("expected '%s' in %s type", v, kind)
}

func (s *state) parseFunctionType() (ir.Type, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	if err := s.expectPunct("("); err != nil {
		return nil, err
	}
	// Every generic op has a function type, most of them one seen before:
	// the types are read into a buffer on the stack, and a function type
	// of few types is looked up by them before it is made (ir.Function
	// interns it by a key spelled out for every call).
	var buf [fnKeyTypes]ir.Type
	all := buf[:0]
	if !s.isPunct(")") {
		for {
			t, err := s.parseType()
			if err != nil {
				return nil, err
			}
			all = append(all, t)
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
	}
	if err := s.expectPunct(")"); err != nil {
		return nil, err
	}
	if err := s.expectPunct("->"); err != nil {
		return nil, err
	}
	ins := len(all)
	// The results, as parseResultTypes reads them (here, so that buf stays
	// on the stack).
	if s.isPunct("(") {
		s.next()
		if !s.isPunct(")") {
			for {
				t, err := s.parseType()
				if err != nil {
					return nil, err
				}
				all = append(all, t)
				if !s.isPunct(",") {
					break
				}
				s.next()
			}
		}
		if err := s.expectPunct(")"); err != nil {
			return nil, err
		}
	} else {
		t, err := s.parseType()
		if err != nil {
			return nil, err
		}
		all = append(all, t)
	}
	if len(all) > fnKeyTypes {
		return ir.Function(slices.Clone(all[:ins]), slices.Clone(all[ins:])), nil
	}
	k := fnKey{ins: uint8(ins), outs: uint8(len(all) - ins)}
	copy(k.types[:], all)
	if ft, ok := s.fnCache[k]; ok {
		return ft, nil
	}
	ft := ir.Function(slices.Clone(all[:ins]), slices.Clone(all[ins:]))
	if s.fnCache == nil {
		s.fnCache = map[fnKey]ir.Type{}
	}
	s.fnCache[k] = ft
	return ft, nil
}

// fnKey is a function type of at most fnKeyTypes inputs and results, by
// its (interned, so comparable) types.
type fnKey struct {
	ins, outs uint8
	types     [fnKeyTypes]ir.Type
}

const fnKeyTypes = 8

// parseResultTypes reads `T` or `(T, U)` (a function type is parenthesised).
func (s *state) parseResultTypes() ([]ir.Type, error) {
	if s.isPunct("(") {
		// Either a parenthesised list or a function type result: a function
		// type would be `(...) -> ...`, which MLIR requires to be wrapped.
		s.next()
		var outs []ir.Type
		if !s.isPunct(")") {
			for {
				t, err := s.parseType()
				if err != nil {
					return nil, err
				}
				outs = append(outs, t)
				if !s.isPunct(",") {
					break
				}
				s.next()
			}
		}
		return outs, s.expectPunct(")")
	}
	t, err := s.parseType()
	if err != nil {
		return nil, err
	}
	return []ir.Type{t}, nil
}

// expectX consumes an identifier starting with 'x' (the dimension
// separator, which the lexer glues to what follows) and returns the rest.
func (s *state) expectX() (string, error) {
	t := s.peek()
	if t.Type != tIdent || t.Value[0] != 'x' {
		return "", s.errf("expected 'x' in dimension list")
	}
	s.next()
	return t.Value[1:], nil
}

// shapedDims is what parseDims reads: `4x?x[8]xf32`.
type shapedDims struct {
	shape    []int64
	scalable []bool
	elem     ir.Type
	elemAt   lexer.Position // where the element type starts
	unranked bool
}

// parseDims reads `4x?x[8]xf32`: dimensions then the element type. The
// lexer splits this into Int(4) Ident(x) Punct(?) Ident(x) ... and glues
// digits after an 'x' into identifiers (x4xf32), and lexes 0x... as a hex
// number, which is untangled here. Vectors have neither dynamic nor
// unranked shapes ('?' is then taken for the element type, which it is
// not, as in MLIR).
func (s *state) parseDims(kind string) (d shapedDims, err error) {
	vector := kind == "vector"
	first := true
	add := func(n int64, scalable bool) {
		d.shape = append(d.shape, n)
		d.scalable = append(d.scalable, scalable)
	}
	for {
		t := s.peek()
		var pending string
		pendingAt := t.Pos // where pending starts
		switch {
		case t.Type == tInt:
			s.next()
			if strings.HasPrefix(t.Value, "0x") {
				// "0xf32": a zero dimension followed by xf32
				add(0, false)
				pending = t.Value[2:]
				pendingAt.Offset += 2
				pendingAt.Column += 2
				goto untangle
			}
			n, perr := strconv.ParseInt(t.Value, 10, 64)
			if perr != nil || n < 0 {
				return d, s.errAt(t, "invalid dimension")
			}
			add(n, false)
		case t.Type == tPunct && t.Value == "?" && !vector:
			s.next()
			add(ir.Dynamic, false)
		case t.Type == tPunct && t.Value == "*" && first && !vector:
			s.next()
			d.unranked = true
		case t.Type == tPunct && t.Value == "[" && vector:
			s.next()
			v, err := s.scalableDim()
			if err != nil {
				return d, err
			}
			add(v, true)
		default:
			d.elemAt = t.Pos
			d.elem, err = s.parseType()
			return d, err
		}
		first = false
		pendingAt = s.peek().Pos
		pendingAt.Offset++
		pendingAt.Column++
		pending, err = s.expectX()
		if err != nil {
			return d, err
		}
	untangle:
		for pending != "" {
			if !isDigit(pending[0]) {
				d.elemAt = pendingAt
				d.elem, err = s.typeFromWord(pending, &lexer.Token{Type: tIdent, Value: pending, Pos: pendingAt})
				return d, err
			}
			j := 0
			for j < len(pending) && isDigit(pending[j]) {
				j++
			}
			n, perr := strconv.ParseInt(pending[:j], 10, 64)
			if perr != nil {
				return d, ir.NewError(locOf(pendingAt), "invalid dimension")
			}
			add(n, false)
			if j == len(pending) {
				// The dimension ended the token (the hex form 0x4 did);
				// the 'x' after it starts the next one.
				pendingAt = s.peek().Pos
				pendingAt.Offset++
				pendingAt.Column++
				if pending, err = s.expectX(); err != nil {
					return d, err
				}
				continue
			}
			if pending[j] != 'x' {
				pendingAt.Offset += j
				pendingAt.Column += j
				return d, ir.NewError(locOf(pendingAt), "expected 'x' in dimension list")
			}
			pending = pending[j+1:]
			pendingAt.Offset += j + 1
			pendingAt.Column += j + 1
		}
		if pending == "" {
			// "4x" then the element type as its own token (a '!' type, say)
			continue
		}
	}
}

// scalableDim finishes a vector's scalable dimension `[N]` after its '['.
func (s *state) scalableDim() (int64, error) {
	n := s.peek()
	if n.Type != tInt {
		return 0, s.errf("invalid dimension")
	}
	s.next()
	if strings.HasPrefix(n.Value, "0x") {
		pos := n.Pos
		pos.Column++
		return 0, ir.NewError(locOf(pos), "missing ']' closing scalable dimension")
	}
	v, err := strconv.ParseInt(n.Value, 10, 64)
	if err != nil {
		return 0, s.errAt(n, "invalid dimension")
	}
	if !s.isPunct("]") {
		return 0, s.errf("missing ']' closing scalable dimension")
	}
	s.next()
	return v, nil
}

func (s *state) parseShapedBody(kind string, at *lexer.Token) (ir.Type, error) {
	if err := s.expectPunct("<"); err != nil {
		return nil, err
	}
	d, err := s.parseDims(kind)
	if err != nil {
		return nil, err
	}
	elemAt := d.elemAt
	if kind == "vector" {
		elemAt = at.Pos // MLIR reports a vector's element type at the vector
	}
	if err := checkElementType(kind, d.elem, elemAt); err != nil {
		return nil, err
	}
	shape, scalable, elem := d.shape, d.scalable, d.elem
	var extras []ir.Attribute
	if !s.isPunct(",") && !s.isPunct(">") {
		if kind == "memref" {
			return nil, s.errf("expected ',' or '>' in memref type")
		}
		if kind == "tensor" || kind == "vector" {
			return nil, s.errf("expected '>' in %s type", kind)
		}
	}
	if kind == "memref" {
		return s.memRefParams(shape, elem, d.unranked, at)
	}
	for s.isPunct(",") {
		s.next()
		a, err := s.parseAttribute()
		if err != nil {
			return nil, err
		}
		extras = append(extras, a)
	}
	if err := s.expectPunct(">"); err != nil {
		return nil, err
	}
	switch kind {
	case "vector":
		if len(extras) > 0 {
			return nil, s.errAt(at, "unexpected parameters in vector type")
		}
		for _, n := range shape {
			if n <= 0 {
				dims := make([]string, len(shape))
				for i, n := range shape {
					dims[i] = strconv.FormatInt(n, 10)
				}
				return nil, s.errAt(at, "vector types must have positive constant sizes but got %s", strings.Join(dims, ", "))
			}
		}
		return ir.Vector(shape, scalable, elem), nil
	case "tensor":
		if d.unranked {
			return ir.UnrankedTensor(elem), nil
		}
		var enc ir.Attribute
		if len(extras) > 1 {
			return nil, s.errAt(at, "too many parameters in tensor type")
		} else if len(extras) == 1 {
			enc = extras[0]
		}
		return ir.Tensor(shape, elem, enc), nil
	}
	return nil, s.errAt(at, "unknown shaped type %s", kind)
}

// memRefParams reads the rest of a memref type after its element type, as
// mlir-opt does: `>`, or a list of layouts (the last one counts) and one
// memory space, last; then checks what MemRefType's verifier checks.
func (s *state) memRefParams(shape []int64, elem ir.Type, unranked bool, at *lexer.Token) (ir.Type, error) {
	var layout, space ir.Attribute
	if s.isPunct(",") {
		s.next()
		if s.isPunct(">") {
			return nil, s.errf("expected list element")
		}
		for {
			a, err := s.parseAttribute()
			if err != nil {
				return nil, err
			}
			switch {
			case isLayout(a):
				layout = a
				if unranked {
					return nil, s.errf("cannot have affine map for unranked memref type")
				}
				if space != nil {
					return nil, s.errf("expected memory space to be last in memref type")
				}
			case space != nil:
				return nil, s.errf("multiple memory spaces specified in memref type")
			default:
				space = a
			}
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
	}
	if err := s.expectPunct(">"); err != nil {
		return nil, err
	}
	if unranked {
		if !supportedMemorySpace(space) {
			return nil, s.errAt(at, "unsupported memory space Attribute")
		}
		return ir.UnrankedMemRef(elem, space), nil
	}
	switch l := layout.(type) {
	case *ir.StridedLayoutAttr:
		if len(l.Strides) != len(shape) {
			return nil, s.errAt(at, "expected the number of strides to match the rank")
		}
	case *ir.RawAttr:
		if n := affineMapNumDims(l.Text); n >= 0 && n != len(shape) {
			return nil, s.errAt(at, "memref layout mismatch between rank and affine map: %d != %d", len(shape), n)
		}
	}
	if !supportedMemorySpace(space) {
		return nil, s.errAt(at, "unsupported memory space Attribute")
	}
	return ir.MemRef(shape, elem, layout, space), nil
}

// supportedMemorySpace is MLIR's rule for a memref's memory space: none,
// an integer, a string or a dictionary, or any attribute of a dialect
// other than builtin.
func supportedMemorySpace(a ir.Attribute) bool {
	switch a := a.(type) {
	case nil, *ir.IntegerAttr, *ir.StringAttr, *ir.DictAttr:
		return true
	case *ir.FloatAttr, *ir.UnitAttr, *ir.ArrayAttr, *ir.DenseElementsAttr, *ir.DenseArrayAttr,
		*ir.TypeAttr, *ir.SymbolRefAttr, *ir.StridedLayoutAttr:
		return false
	case *ir.RawAttr:
		return strings.HasPrefix(a.Text, "#") // #dialect.name<...>
	}
	return true
}

// checkElementType applies MLIR's rules for the element types of builtin
// shaped types. Types of dialects pto-opt keeps opaque are let through:
// only their dialect knows whether they may be elements.
func checkElementType(kind string, elem ir.Type, at lexer.Position) error {
	if _, opaque := elem.(*ir.OpaqueType); opaque {
		if kind == "tensor" || kind == "memref" || kind == "vector" {
			return nil
		}
	}
	ok := false
	switch elem.(type) {
	case *ir.IntegerType, *ir.IndexType, *ir.FloatType:
		ok = true
	case *ir.ComplexType, *ir.VectorType:
		ok = kind != "vector"
	case *ir.MemRefType:
		ok = kind == "memref"
	case *ir.NoneType, *ir.TensorType, *ir.TupleType, *ir.FunctionType:
	default:
		// pto-opt's own dialect types (tile, pto): tensors accept any
		// non-builtin type; memrefs and vectors need an element interface
		// these types do not have.
		ok = kind == "tensor"
	}
	if ok {
		return nil
	}
	switch kind {
	case "vector":
		return ir.NewError(locOf(at), "failed to verify 'elementType': VectorElementTypeInterface instance")
	case "tensor":
		return ir.NewError(locOf(at), "invalid tensor element type")
	}
	return ir.NewError(locOf(at), "invalid memref element type")
}

// affineMapNumDims counts the dimensions of affine_map<(d0, ...)...>, or
// returns -1 when the text does not start that way.
func affineMapNumDims(text string) int {
	rest := strings.TrimSpace(strings.TrimPrefix(text, "affine_map<"))
	if !strings.HasPrefix(rest, "(") {
		return -1
	}
	end := strings.IndexByte(rest, ')')
	if end < 0 {
		return -1
	}
	inner := strings.TrimSpace(rest[1:end])
	if inner == "" {
		return 0
	}
	return strings.Count(inner, ",") + 1
}

func isLayout(a ir.Attribute) bool {
	switch a := a.(type) {
	case *ir.StridedLayoutAttr:
		return true
	case *ir.RawAttr:
		return a.IsAffineMap()
	}
	return false
}
