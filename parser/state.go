package parser

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"pto-opt/dialect"
)

// state carries what the hand-written productions need across one parse:
// the current token stream and the alias tables. One state (and one
// participle parser bound to it) exists per Parser.
type state struct {
	lex tokenSource
	// defaultDialect is the dialect whose ops may drop their prefix here:
	// the DefaultDialect of the custom op whose regions are being read
	// (builtin at the top level, func in a function, none in scf's
	// regions), as MLIR's OpAsmOpInterface::getDefaultDialect gives it.
	defaultDialect string
	filename       string
	src            string // the text being parsed (token offsets index it)
	typeCache      map[string]dialect.Type
	typeAlias      map[string]dialect.Type
	attrAlias      map[string]dialect.Attribute
	genericP       *participle.Parser[genericOp]
	allowUnreg     bool
	asm            asmParser
	streams        []*stream                  // free streams for reuse
	braces         braceIndex                 // see genericLexer
	deferred       []deferredLoc              // see readLoc
	nesting        int                        // see enter
	stateSlab      []dialect.OperationState   // the rest of the current slab
	usedSlabs      [][]dialect.OperationState // slabs handed out since recycleStates
	freeSlabs      [][]dialect.OperationState
	// dense literals waiting for their type (see finishDense)
	pendingDense []pendingDense
	// err is the parse's first error (see errors.go).
	err error
}

func locOf(p lexer.Position) dialect.Location {
	return dialect.Location{File: p.Filename, Line: p.Line, Col: p.Column}
}

func (s *state) isPunct(v string) bool {
	t := s.peek()
	return t.Type == tPunct && t.Value == v
}

func (s *state) expectPunct(v string) error {
	if s.isPunct(v) {
		s.next()
		return nil
	}
	return s.errf("expected '%s', found %s", v, describe(s.peek()))
}

// ---- types ----

func (s *state) canStartType() bool {
	t := s.peek()
	switch t.Type {
	case tIdent:
		return dialect.ScalarType(t.Value) != nil
	case tDialectType, tBang, tShapedType:
		return true
	case tPunct:
		return t.Value == "("
	}
	return false
}

// maxNesting bounds the nesting of attributes, types and regions, so that
// no input can exhaust the stack.
const maxNesting = 4096

// enter counts one level of nesting at the next token; leave must follow.
func (s *state) enter() error { return s.enterAt(s.peek()) }

// enterAt counts one level of nesting that begins at token t.
func (s *state) enterAt(t *lexer.Token) error {
	s.nesting++
	if s.nesting > maxNesting {
		return s.errAt(t, "nesting too deep (more than %d levels)", maxNesting)
	}
	return nil
}

func (s *state) leave() { s.nesting-- }

// parseType reads a type. Each type that contains types (shaped types,
// complex, tuple, function types) is one level of nesting.
func (s *state) parseType() (dialect.Type, error) {
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
		dt, err := dialect.ParseDialectType(t.Value)
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
			dt, err := dialect.ParseDialectType(t.Value)
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
func (s *state) shapedType(t *lexer.Token) (dialect.Type, error) {
	if ty, ok := s.typeCache[t.Value]; ok {
		return ty, nil
	}
	// Read the text after the keyword as the keyword's parameter list, from
	// a stream over it in which nested builtin types are not kept whole:
	// they are read from the same stream, so the text is lexed once
	// however deep the types nest.
	kw := t.Value[:strings.IndexByte(t.Value, '<')]
	var ty dialect.Type
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
const maxIntWidth = dialect.MaxIntWidth

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
func (s *state) typeFromWord(w string, at *lexer.Token) (dialect.Type, error) {
	if st := dialect.ScalarType(w); st != nil {
		return st, nil
	}
	switch w {
	case "memref", "tensor", "vector", "complex", "tuple":
	default:
		if err := s.badIntWidth(w, at); err != nil {
			return nil, err
		}
		return nil, s.errAt(at, "expected non-function type")
	}
	if err := s.enterAt(at); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	switch w {
	case "complex":
		if err := s.expectPunct("<"); err != nil {
			return nil, err
		}
		elemAt := s.peek().Pos
		el, err := s.parseType()
		if err != nil {
			return nil, err
		}
		switch el.(type) {
		case *dialect.IntegerType, *dialect.FloatType:
		default:
			return nil, dialect.NewError(locOf(elemAt), "invalid element type for complex")
		}
		return dialect.Complex(el), s.expectPunct(">")
	case "tuple":
		if err := s.expectPunct("<"); err != nil {
			return nil, err
		}
		var elems []dialect.Type
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
		return dialect.Tuple(elems), s.expectPunct(">")
	}
	return s.parseShapedBody(w, at)
}

func (s *state) parseFunctionType() (dialect.Type, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	if err := s.expectPunct("("); err != nil {
		return nil, err
	}
	var ins []dialect.Type
	if !s.isPunct(")") {
		for {
			t, err := s.parseType()
			if err != nil {
				return nil, err
			}
			ins = append(ins, t)
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
	outs, err := s.parseResultTypes()
	if err != nil {
		return nil, err
	}
	return dialect.Function(ins, outs), nil
}

// parseResultTypes reads `T` or `(T, U)` (a function type is parenthesised).
func (s *state) parseResultTypes() ([]dialect.Type, error) {
	if s.isPunct("(") {
		// Either a parenthesised list or a function type result: a function
		// type would be `(...) -> ...`, which MLIR requires to be wrapped.
		s.next()
		var outs []dialect.Type
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
	return []dialect.Type{t}, nil
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
	elem     dialect.Type
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
			add(dialect.Dynamic, false)
		case t.Type == tPunct && t.Value == "*" && first && !vector:
			s.next()
			d.unranked = true
		case t.Type == tPunct && t.Value == "[" && vector:
			s.next()
			n := s.peek()
			if n.Type != tInt {
				return d, s.errf("invalid dimension")
			}
			s.next()
			if strings.HasPrefix(n.Value, "0x") {
				pos := n.Pos
				pos.Column++
				return d, dialect.NewError(locOf(pos), "missing ']' closing scalable dimension")
			}
			v, perr := strconv.ParseInt(n.Value, 10, 64)
			if perr != nil {
				return d, s.errAt(n, "invalid dimension")
			}
			if !s.isPunct("]") {
				return d, s.errf("missing ']' closing scalable dimension")
			}
			s.next()
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
				return d, dialect.NewError(locOf(pendingAt), "invalid dimension")
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
				return d, dialect.NewError(locOf(pendingAt), "expected 'x' in dimension list")
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

func (s *state) parseShapedBody(kind string, at *lexer.Token) (dialect.Type, error) {
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
	var extras []dialect.Attribute
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
		return dialect.Vector(shape, scalable, elem), nil
	case "tensor":
		if d.unranked {
			return dialect.UnrankedTensor(elem), nil
		}
		var enc dialect.Attribute
		if len(extras) > 1 {
			return nil, s.errAt(at, "too many parameters in tensor type")
		} else if len(extras) == 1 {
			enc = extras[0]
		}
		return dialect.Tensor(shape, elem, enc), nil
	}
	if d.unranked {
		var space dialect.Attribute
		if len(extras) == 1 {
			space = extras[0]
		} else if len(extras) > 1 {
			return nil, s.errAt(at, "too many parameters in unranked memref type")
		}
		return dialect.UnrankedMemRef(elem, space), nil
	}
	var layout, space dialect.Attribute
	for i, a := range extras {
		if i == 0 && isLayout(a) {
			layout = a
			continue
		}
		if space != nil {
			return nil, s.errAt(at, "too many parameters in memref type")
		}
		space = a
	}
	switch l := layout.(type) {
	case *dialect.StridedLayoutAttr:
		if len(l.Strides) != len(shape) {
			return nil, s.errAt(at, "expected the number of strides to match the rank")
		}
	case *dialect.RawAttr:
		if n := affineMapNumDims(l.Text); n >= 0 && n != len(shape) {
			return nil, s.errAt(at, "memref layout mismatch between rank and affine map: %d != %d", len(shape), n)
		}
	}
	return dialect.MemRef(shape, elem, layout, space), nil
}

// checkElementType applies MLIR's rules for the element types of builtin
// shaped types. Types of dialects pto-opt keeps opaque are let through:
// only their dialect knows whether they may be elements.
func checkElementType(kind string, elem dialect.Type, at lexer.Position) error {
	if _, opaque := elem.(*dialect.OpaqueType); opaque {
		if kind == "tensor" || kind == "memref" || kind == "vector" {
			return nil
		}
	}
	ok := false
	switch elem.(type) {
	case *dialect.IntegerType, *dialect.IndexType, *dialect.FloatType:
		ok = true
	case *dialect.ComplexType, *dialect.VectorType:
		ok = kind != "vector"
	case *dialect.MemRefType:
		ok = kind == "memref"
	case *dialect.NoneType, *dialect.TensorType, *dialect.TupleType, *dialect.FunctionType:
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
		return dialect.NewError(locOf(at), "failed to verify 'elementType': VectorElementTypeInterface instance")
	case "tensor":
		return dialect.NewError(locOf(at), "invalid tensor element type")
	}
	return dialect.NewError(locOf(at), "invalid memref element type")
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

func isLayout(a dialect.Attribute) bool {
	switch a := a.(type) {
	case *dialect.StridedLayoutAttr:
		return true
	case *dialect.RawAttr:
		return a.IsAffineMap()
	}
	return false
}

// ---- attributes ----

func (s *state) parseOptionalColonType() (dialect.Type, error) {
	if !s.isPunct(":") {
		return nil, nil
	}
	s.next()
	return s.parseType()
}

func (s *state) parseAttribute() (dialect.Attribute, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	t := s.peek()
	switch t.Type {
	case tInt:
		s.next()
		return s.finishNumber(t, false)
	case tFloat:
		s.next()
		return s.finishNumber(t, false)
	case tPunct:
		switch t.Value {
		case "-":
			s.next()
			n := s.peek()
			if n.Type != tInt && n.Type != tFloat {
				return nil, s.errf("expected a number after '-'")
			}
			s.next()
			return s.finishNumber(n, true)
		case "[":
			return s.parseArrayAttr()
		case "{":
			list, err := s.parseAttrDict()
			if err != nil {
				return nil, err
			}
			return &dialect.DictAttr{Entries: list}, nil
		case "(":
			ty, err := s.parseType()
			if err != nil {
				return nil, err
			}
			return &dialect.TypeAttr{Type: ty}, nil
		}
	case tBraces:
		list, err := s.parseAttrDict()
		if err != nil {
			return nil, err
		}
		return &dialect.DictAttr{Entries: list}, nil
	case tString:
		s.next()
		str, err := unquote(t.Value)
		if err != nil {
			return nil, s.errAt(t, "%v", err)
		}
		ty, err := s.parseOptionalColonType()
		if err != nil {
			return nil, err
		}
		return &dialect.StringAttr{Value: str, Type: ty}, nil
	case tAt:
		s.next()
		root, err := symbolName(t.Value)
		if err != nil {
			return nil, s.errAt(t, "%v", err)
		}
		ref := &dialect.SymbolRefAttr{Root: root}
		for s.isPunct("::") {
			s.next()
			n := s.peek()
			if n.Type != tAt {
				return nil, s.errf("expected nested symbol reference after '::'")
			}
			s.next()
			nested, err := symbolName(n.Value)
			if err != nil {
				return nil, s.errAt(n, "%v", err)
			}
			ref.Nested = append(ref.Nested, nested)
		}
		return ref, nil
	case tLoc:
		s.next()
		if err := s.readLoc(t, false); err != nil {
			return nil, err
		}
		return &dialect.RawAttr{Text: t.Value}, nil
	case tDialectAttr:
		s.next()
		for _, prefix := range []string{"#arith.fastmath", "#arith.overflow"} {
			if strings.HasPrefix(t.Value, prefix+"<") {
				var flags []string
				for _, f := range strings.Split(t.Value[len(prefix)+1:len(t.Value)-1], ",") {
					flags = append(flags, strings.TrimSpace(f))
				}
				text, err := dialect.CanonicalFlags(prefix, flags)
				if err != nil {
					return nil, s.errAt(t, "%v", err)
				}
				return &dialect.RawAttr{Text: text}, nil
			}
		}
		a := &dialect.RawAttr{Text: t.Value}
		if strings.HasPrefix(t.Value, "dense_resource<") || strings.HasPrefix(t.Value, "sparse<") || strings.HasPrefix(t.Value, "opaque<") {
			ty, err := s.parseOptionalColonType()
			if err != nil {
				return nil, err
			}
			if ty != nil {
				a.Text += " : " + ty.String()
			}
		}
		return a, nil
	case tHash:
		s.next()
		if a, ok := s.attrAlias[t.Value]; ok {
			return a, nil
		}
		if strings.Contains(t.Value, ".") {
			return &dialect.RawAttr{Text: t.Value}, nil
		}
		return nil, s.errAt(t, "undefined symbol alias id '%s'", t.Value[1:])
	case tIdent:
		switch t.Value {
		case "true", "false":
			s.next()
			return dialect.Bool(t.Value == "true"), nil
		case "unit":
			s.next()
			return dialect.Unit, nil
		case "dense":
			s.next()
			return s.parseDense()
		case "array":
			s.next()
			return s.parseDenseArray()
		case "strided":
			s.next()
			return s.parseStrided()
		}
	}
	if s.canStartType() {
		ty, err := s.parseType()
		if err != nil {
			return nil, err
		}
		return &dialect.TypeAttr{Type: ty}, nil
	}
	return nil, s.errf("expected attribute value")
}

func symbolName(v string) (string, error) {
	v = v[1:]
	if strings.HasPrefix(v, "\"") {
		return unquote(v)
	}
	return v, nil
}

// smallDecimal parses a decimal literal of at most 18 digits.
func smallDecimal(text string) (int64, bool) {
	if len(text) == 0 || len(text) > 18 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}

// fitsWidthSmall is fitsWidth for a value that fits in 63 bits.
func fitsWidthSmall(v int64, it *dialect.IntegerType) bool {
	w := uint(it.Width)
	if w == 0 {
		return v == 0
	}
	switch {
	case it.Signedness == 'u':
		return v >= 0 && (w >= 63 || v < 1<<w)
	case it.Signedness == 's':
		return w >= 64 || v >= -(1<<(w-1)) && v < 1<<(w-1)
	case v >= 0:
		return w >= 63 || v < 1<<w
	default:
		return w >= 64 || v >= -(1<<(w-1))
	}
}

// parseIntLiteral parses decimal or hex integer text into a big.Int.
func parseIntLiteral(text string) (*big.Int, bool) {
	n := new(big.Int)
	if strings.HasPrefix(text, "0x") {
		return n.SetString(text[2:], 16)
	}
	return n.SetString(text, 10)
}

func (s *state) finishNumber(t *lexer.Token, neg bool) (dialect.Attribute, error) {
	ty, err := s.parseOptionalColonType()
	if err != nil {
		return nil, err
	}
	if t.Type == tFloat {
		if ty == nil {
			ty = dialect.F64
		}
		if _, ok := ty.(*dialect.FloatType); !ok {
			return nil, s.errAt(t, "floating point value not valid for specified type")
		}
		v, err := strconv.ParseFloat(t.Value, 64)
		if err != nil && !isRangeErr(err) {
			return nil, s.errAt(t, "invalid floating point literal")
		}
		if neg {
			v = -v
		}
		return dialect.Float(v, ty), nil
	}
	if ty == nil {
		ty = dialect.I64
	}
	if ft, isFloat := ty.(*dialect.FloatType); isFloat {
		if !strings.HasPrefix(t.Value, "0x") {
			return nil, dialect.NewError(locOf(t.Pos), "unexpected decimal integer literal for a floating point value").
				WithNote(locOf(t.Pos), "add a trailing dot to make the literal a float")
		}
		if neg {
			return nil, s.errAt(t, "hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(t.Value[2:], 16, 64)
		if err != nil || ft.Width < 64 && bits>>uint(ft.Width) != 0 {
			return nil, s.errAt(t, "hexadecimal float constant out of range for type")
		}
		return &dialect.FloatAttr{Value: dialect.FloatFromBits(bits, ty), Type: ty}, nil
	}
	switch ty.(type) {
	case *dialect.IntegerType, *dialect.IndexType:
	default:
		return nil, s.errAt(t, "integer literal not valid for specified type")
	}
	if v, ok := smallDecimal(t.Value); ok {
		// The common case, without big integers: a short decimal
		// literal checked against a width up to 64 bits.
		if neg {
			v = -v
		}
		it, isInt := ty.(*dialect.IntegerType)
		if !isInt || fitsWidthSmall(v, it) {
			return dialect.Int(v, ty), nil
		}
		return nil, s.errAt(t, "integer constant out of range for attribute")
	}
	n, ok := parseIntLiteral(t.Value)
	if !ok {
		return nil, s.errAt(t, "invalid integer literal")
	}
	if neg {
		n.Neg(n)
	}
	if it, ok := ty.(*dialect.IntegerType); ok {
		if !fitsWidth(n, it) {
			return nil, s.errAt(t, "integer constant out of range for attribute")
		}
	}
	if n.IsInt64() {
		return dialect.Int(n.Int64(), ty), nil
	}
	return dialect.IntegerFromBig(n, ty), nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// fitsWidth mirrors MLIR's range check: a value fits an N-bit signless
// integer when it is representable as signed or unsigned N-bit.
func fitsWidth(n *big.Int, it *dialect.IntegerType) bool {
	w := uint(it.Width)
	if w == 0 {
		return n.Sign() == 0
	}
	if n.Sign() >= 0 {
		limit := new(big.Int).Lsh(big.NewInt(1), w)
		if it.Signedness == 's' {
			limit.Rsh(limit, 1)
		}
		return n.Cmp(limit) < 0
	}
	if it.Signedness == 'u' {
		return false
	}
	limit := new(big.Int).Lsh(big.NewInt(1), w-1)
	return new(big.Int).Neg(n).Cmp(limit) <= 0
}

func (s *state) parseArrayAttr() (dialect.Attribute, error) {
	if err := s.expectPunct("["); err != nil {
		return nil, err
	}
	arr := &dialect.ArrayAttr{}
	if s.isPunct("]") {
		s.next()
		return arr, nil
	}
	for {
		a, err := s.parseAttribute()
		if err != nil {
			return nil, err
		}
		arr.Elems = append(arr.Elems, a)
		if !s.isPunct(",") {
			break
		}
		s.next()
	}
	return arr, s.expectPunct("]")
}

// peekBraces reports whether the next token opens a brace group ('{' or
// a Braces token).
func (s *state) peekBraces() bool {
	t := s.peek()
	return t.Type == tBraces || t.Type == tPunct && t.Value == "{"
}

// parseAttrDict reads `{name = value, flag, "quoted" = v}`.
func (s *state) parseAttrDict() ([]dialect.NamedAttr, error) {
	if s.peek().Type == tBraces {
		var list []dialect.NamedAttr
		err := s.withBraces("attribute dictionary", func() error {
			var err error
			list, err = s.parseAttrDict()
			return err
		})
		return list, err
	}
	if err := s.expectPunct("{"); err != nil {
		return nil, err
	}
	var list []dialect.NamedAttr
	if s.isPunct("}") {
		s.next()
		return list, nil
	}
	seen := map[string]bool{}
	for {
		t := s.peek()
		var name string
		switch t.Type {
		case tIdent:
			name = t.Value
		case tString:
			n, err := unquote(t.Value)
			if err != nil {
				return nil, s.errAt(t, "%v", err)
			}
			if n == "" {
				return nil, s.errAt(t, "expected valid attribute name")
			}
			name = n
		default:
			return nil, s.errf("expected attribute name")
		}
		s.next()
		if seen[name] {
			return nil, s.errAt(t, "duplicate key '%s' in dictionary attribute", name)
		}
		seen[name] = true
		var value dialect.Attribute = dialect.Unit
		if s.isPunct("=") {
			s.next()
			v, err := s.parseAttribute()
			if err != nil {
				return nil, err
			}
			value = v
		}
		list = append(list, dialect.NamedAttr{Name: name, Value: value})
		if !s.isPunct(",") {
			break
		}
		s.next()
	}
	if err := s.expectPunct("}"); err != nil {
		return nil, err
	}
	sortAttrs(list)
	return list, nil
}

// parseDense reads dense<literal> [: type]. With the type, the literal
// is checked and kept in canonical form; without, the op's parser must
// supply the type (finishDense checks it then).
func (s *state) parseDense() (dialect.Attribute, error) {
	at := s.peek().Pos
	if err := s.expectPunct("<"); err != nil {
		return nil, err
	}
	var root *denseNode
	if !s.isPunct(">") {
		var err error
		if root, err = s.parseDenseNode(); err != nil {
			return nil, err
		}
	}
	if err := s.expectPunct(">"); err != nil {
		return nil, err
	}
	ty, err := s.parseOptionalColonType()
	if err != nil {
		return nil, err
	}
	if ty == nil {
		var sb strings.Builder
		if root != nil {
			root.rawText(&sb)
		}
		a := &dialect.DenseElementsAttr{Literal: sb.String()}
		s.pendingDense = append(s.pendingDense, pendingDense{a, root, at})
		return a, nil
	}
	lit, err := canonicalDense(root, ty, at)
	if err != nil {
		return nil, err
	}
	return &dialect.DenseElementsAttr{Literal: lit, Type: ty}, nil
}

func (s *state) parseDenseArray() (dialect.Attribute, error) {
	if err := s.expectPunct("<"); err != nil {
		return nil, err
	}
	et, err := s.parseType()
	if err != nil {
		return nil, err
	}
	a := &dialect.DenseArrayAttr{Elem: et}
	_, isFloat := et.(*dialect.FloatType)
	if s.isPunct(":") {
		s.next()
		for {
			v, err := s.parseAttribute()
			if err != nil {
				return nil, err
			}
			switch v := v.(type) {
			case *dialect.IntegerAttr:
				if isFloat {
					a.FValues = append(a.FValues, float64(v.Value))
				} else {
					a.Values = append(a.Values, v.Value)
				}
			case *dialect.FloatAttr:
				if !isFloat {
					return nil, s.errf("expected integer elements in array<%s>", et)
				}
				a.FValues = append(a.FValues, dialect.RoundToType(v.Value, et))
			default:
				return nil, s.errf("expected number in dense array")
			}
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
	}
	return a, s.expectPunct(">")
}

func (s *state) parseStrided() (dialect.Attribute, error) {
	if err := s.expectPunct("<"); err != nil {
		return nil, err
	}
	if err := s.expectPunct("["); err != nil {
		return nil, err
	}
	a := &dialect.StridedLayoutAttr{}
	dim := func() (int64, error) {
		if s.isPunct("?") {
			s.next()
			return dialect.Dynamic, nil
		}
		neg := false
		if s.isPunct("-") {
			s.next()
			neg = true
		}
		t := s.peek()
		if t.Type != tInt {
			return 0, s.errf("expected integer or '?'")
		}
		s.next()
		v, err := strconv.ParseInt(t.Value, 10, 64)
		if err != nil {
			return 0, s.errAt(t, "invalid integer")
		}
		if neg {
			v = -v
		}
		return v, nil
	}
	if !s.isPunct("]") {
		for {
			v, err := dim()
			if err != nil {
				return nil, err
			}
			a.Strides = append(a.Strides, v)
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
	}
	if err := s.expectPunct("]"); err != nil {
		return nil, err
	}
	if s.isPunct(",") {
		s.next()
		if t := s.peek(); t.Type != tIdent || t.Value != "offset" {
			return nil, s.errf("expected 'offset'")
		}
		s.next()
		if err := s.expectPunct(":"); err != nil {
			return nil, err
		}
		v, err := dim()
		if err != nil {
			return nil, err
		}
		a.Offset = v
	}
	return a, s.expectPunct(">")
}

// parseAliasDef reads `#name = attr` or `!name = type` at the top level.
func (s *state) parseAliasDef() error {
	t := s.next()
	pending := len(s.pendingDense)
	if !s.isPunct("=") {
		if t.Type == tBang {
			return s.errf("expected '=' in type alias definition")
		}
		return s.errf("expected '=' in attribute alias definition")
	}
	s.next()
	if t.Type == tBang {
		if _, dup := s.typeAlias[t.Value]; dup {
			return s.errAt(t, "redefinition of type alias id '%s'", t.Value[1:])
		}
		ty, err := s.parseType()
		if err != nil {
			return err
		}
		s.typeAlias[t.Value] = ty
		return nil
	}
	if _, dup := s.attrAlias[t.Value]; dup {
		return s.errAt(t, "redefinition of attribute alias id '%s'", t.Value[1:])
	}
	var a dialect.Attribute
	if n := s.peek(); n.Type == tLoc {
		s.next()
		if err := s.readLoc(n, false); err != nil {
			return err
		}
		a = &dialect.RawAttr{Text: n.Value}
	} else {
		var err error
		if a, err = s.parseAttribute(); err != nil {
			return err
		}
	}
	if err := s.finishDense(pending); err != nil {
		return err
	}
	s.attrAlias[t.Value] = a
	return nil
}

// resolveOpName maps a pretty-form op name to its registered name: a name
// without a dialect prefix belongs to the default dialect of the place it
// is written in.
func (s *state) resolveOpName(name string) string {
	if strings.Contains(name, ".") || s.defaultDialect == "" {
		return name
	}
	return s.defaultDialect + "." + name
}

// parseOperation reads `results = op loc?` from the current source.
func (s *state) parseOperation() (*dialect.OperationState, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	pending := len(s.pendingDense)
	var groups []dialect.ResultGroup
	if s.peek().Type == tPercent {
		for {
			r := s.peek()
			if r.Type != tPercent {
				return nil, s.errf("expected SSA value name")
			}
			s.next()
			g := dialect.ResultGroup{Name: r.Value[1:], Count: 1, Loc: locOf(r.Pos)}
			if s.isPunct(":") {
				s.next()
				n := s.peek()
				if n.Type != tInt {
					return nil, s.errf("expected integer number of results")
				}
				s.next()
				c, err := strconv.Atoi(n.Value)
				if err != nil || c < 1 {
					return nil, s.errAt(n, "expected named operation to have at least 1 result")
				}
				g.Count = c
			}
			groups = append(groups, g)
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
		if err := s.expectPunct("="); err != nil {
			return nil, err
		}
	}
	var st *dialect.OperationState
	switch t := s.peek(); t.Type {
	case tString:
		var err error
		if st, err = s.parseGenericOp(); err != nil {
			return nil, err
		}
	case tIdent:
		var err error
		if st, err = s.customOp(); err != nil {
			return nil, err
		}
	default:
		return nil, s.errf("expected operation name in quotes")
	}
	if l := s.peek(); l.Type == tLoc {
		s.next()
		if err := s.readLoc(l, true); err != nil {
			return nil, err
		}
		st.Loc.Raw = l.Value
	}
	st.Results = groups
	if err := s.finishDense(pending); err != nil {
		return nil, err
	}
	return st, nil
}

// newState returns a zero OperationState, allocated with others in a slab
// (parsing makes one per op; they die once their ops are built, and a
// chunk worker then recycles the slabs: see recycleStates).
func (s *state) newState() *dialect.OperationState {
	if len(s.stateSlab) == 0 {
		var slab []dialect.OperationState
		if n := len(s.freeSlabs); n > 0 {
			slab, s.freeSlabs = s.freeSlabs[n-1], s.freeSlabs[:n-1]
			clear(slab)
		} else {
			slab = make([]dialect.OperationState, 64)
		}
		s.usedSlabs = append(s.usedSlabs, slab)
		s.stateSlab = slab
	}
	st := &s.stateSlab[0]
	s.stateSlab = s.stateSlab[1:]
	return st
}

// recycleStates makes the slabs of the states handed out since the last
// call reusable; reuse is true only when nothing refers to those states
// any more (every op they describe has been built).
func (s *state) recycleStates(reuse bool) {
	if reuse {
		s.freeSlabs = append(s.freeSlabs, s.usedSlabs...)
	}
	clear(s.usedSlabs)
	s.usedSlabs = s.usedSlabs[:0]
	s.stateSlab = nil
}

func (s *state) customOp() (*dialect.OperationState, error) {
	t := s.peek()
	name := s.resolveOpName(t.Value)
	def := dialect.Lookup(name)
	if def == nil || def.Parse == nil {
		if !strings.Contains(t.Value, ".") {
			// mlir-opt 22's wording, which upstream tests match.
			if s.defaultDialect == "" {
				d := dialect.NewError(locOf(t.Pos), "Dialect `' not found for custom op '%s'  (tried '.%s' as well)", t.Value, t.Value)
				return nil, d.WithNote(d.Loc, "Available dialects: %s", strings.Join(dialect.Dialects(), ", "))
			}
			return nil, s.errAt(t, "custom op '%s' is unknown (tried '%s' as well)", t.Value, name)
		}
		return nil, s.errAt(t, "custom op '%s' is unknown", t.Value)
	}
	s.next()
	st := s.newState()
	st.Name, st.Loc = name, locOf(t.Pos)
	s.asm.s = s
	outer := s.defaultDialect
	s.defaultDialect = def.DefaultDialect
	if name == "builtin.module" {
		s.defaultDialect = "builtin" // ModuleOp's, kept out of the printer's table
	}
	err := def.Parse(&s.asm, st)
	s.defaultDialect = outer
	if err != nil {
		return nil, err
	}
	return st, nil
}

// ---- numeric helpers used by the AsmParser ----

func (s *state) parseInteger() (int64, error) {
	neg := false
	if s.isPunct("-") {
		s.next()
		neg = true
	}
	t := s.peek()
	if t.Type != tInt {
		return 0, s.errf("expected integer value")
	}
	s.next()
	n, ok := parseIntLiteral(t.Value)
	if !ok || !n.IsInt64() {
		return 0, s.errAt(t, "integer value too large")
	}
	v := n.Int64()
	if neg {
		if v == math.MinInt64 {
			return 0, s.errAt(t, "integer value too large")
		}
		v = -v
	}
	return v, nil
}
