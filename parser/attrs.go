package parser

import (
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Attributes: builtin attributes and numbers, read by recursive descent;
// dialect attributes the lexer keeps whole are kept as text.

func (s *state) parseOptionalColonType() (ir.Type, error) {
	if !s.isPunct(":") {
		return nil, nil
	}
	s.next()
	return s.parseType()
}

// parseAttribute reads an attribute value; each is one level of nesting.
func (s *state) parseAttribute() (ir.Attribute, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	t := s.peek()
	switch t.Type {
	case tInt, tFloat:
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
			return s.dictAttr()
		}
	case tBraces:
		return s.dictAttr()
	case tString:
		s.next()
		return s.stringAttr(t)
	case tAt:
		s.next()
		return s.symbolRefAttr(t)
	case tLoc:
		s.next()
		if err := s.readLoc(t, false); err != nil {
			return nil, err
		}
		return &ir.RawAttr{Text: t.Value}, nil
	case tDialectAttr:
		s.next()
		return s.dialectAttr(t)
	case tHash:
		s.next()
		if a, ok := s.attrAlias[t.Value]; ok {
			return a, nil
		}
		if strings.Contains(t.Value, ".") {
			return &ir.RawAttr{Text: t.Value}, nil
		}
		return nil, s.errAt(t, "undefined symbol alias id '%s'", t.Value[1:])
	case tIdent:
		switch t.Value {
		case "true", "false":
			s.next()
			return ir.Bool(t.Value == "true"), nil
		case "unit":
			s.next()
			return ir.Unit, nil
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
		return &ir.TypeAttr{Type: ty}, nil
	}
	return nil, s.errf("expected attribute value")
}

// dictAttr reads a dictionary attribute.
func (s *state) dictAttr() (ir.Attribute, error) {
	list, err := s.parseAttrDict()
	if err != nil {
		return nil, err
	}
	return &ir.DictAttr{Entries: list}, nil
}

// stringAttr finishes `"text" [: type]`, whose string t was consumed.
func (s *state) stringAttr(t *lexer.Token) (ir.Attribute, error) {
	str, err := unquote(t.Value)
	if err != nil {
		return nil, s.errAt(t, "%v", err)
	}
	ty, err := s.parseOptionalColonType()
	if err != nil {
		return nil, err
	}
	return &ir.StringAttr{Value: str, Type: ty}, nil
}

// symbolRefAttr finishes `@root::@nested...`, whose root t was consumed.
func (s *state) symbolRefAttr(t *lexer.Token) (ir.Attribute, error) {
	root, err := symbolName(t.Value)
	if err != nil {
		return nil, s.errAt(t, "%v", err)
	}
	ref := &ir.SymbolRefAttr{Root: root}
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
}

// dialectAttr finishes an attribute the lexer kept whole (t, consumed):
// the flags of a registered bit enum (arith's fastmath and overflow) are
// put in canonical order, the bodies of dense_resource, sparse and opaque
// take their type; the rest is kept as written.
func (s *state) dialectAttr(t *lexer.Token) (ir.Attribute, error) {
	if i := strings.IndexByte(t.Value, '<'); i > 0 && ir.IsBitEnum(t.Value[:i]) {
		prefix := t.Value[:i]
		var flags []string
		for _, f := range strings.Split(t.Value[len(prefix)+1:len(t.Value)-1], ",") {
			flags = append(flags, strings.TrimSpace(f))
		}
		text, err := ir.CanonicalFlags(prefix, flags)
		if err != nil {
			return nil, s.errAt(t, "%v", err)
		}
		return &ir.RawAttr{Text: text}, nil
	}
	for _, kw := range [...]string{"affine_map", "affine_set"} {
		if strings.HasPrefix(t.Value, kw+"<") {
			if err := s.checkAffineHeader(t, kw); err != nil {
				return nil, err
			}
		}
	}
	a := &ir.RawAttr{Text: t.Value}
	if a.IsElements() {
		ty, err := s.parseOptionalColonType()
		if err != nil {
			return nil, err
		}
		if ty != nil {
			a.Text += " : " + ty.String()
			a.Type = ty
		}
	}
	return a, nil
}

// checkAffineHeader reads the head of an affine map or integer set kept
// whole, `<(dims)[symbols]` then `-> (` or `: (`, and reports what breaks
// there as mlir-opt does (the rest of the body pto-opt keeps as text).
// A head it cannot follow it leaves alone.
func (s *state) checkAffineHeader(t *lexer.Token, kw string) error {
	return s.read(tokenSpan(t, len(kw), len(t.Value)), true, func() error {
		ids := func(open, closing string) bool {
			if !s.isPunct(open) {
				return false
			}
			s.next()
			for !s.isPunct(closing) {
				if s.peek().Type != tIdent {
					return false
				}
				s.next()
				if s.isPunct(",") {
					s.next()
				} else if !s.isPunct(closing) {
					return false
				}
			}
			s.next()
			return true
		}
		if !s.isPunct("<") {
			return nil
		}
		s.next()
		if !ids("(", ")") || s.isPunct("[") && !ids("[", "]") {
			return nil
		}
		switch {
		case s.peek().Type == tError:
			return nil
		case s.isPunct("->"):
			s.next()
			if !s.isPunct("(") && s.peek().Type != tError {
				return s.errf("expected '(' in affine map range")
			}
		case s.isPunct(":"):
			s.next()
			if !s.isPunct("(") && s.peek().Type != tError {
				return s.errf("expected '(' in integer set constraint list")
			}
		default:
			return s.errf("expected '->' or ':'")
		}
		return nil
	})
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
func fitsWidthSmall(v int64, it *ir.IntegerType) bool {
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
// int64Literal reads an integer token that must fit in an int64, without
// allocating.
func int64Literal(text string) (int64, bool) {
	digits, base := literalDigits(text)
	v, err := strconv.ParseInt(digits, base, 64)
	return v, err == nil
}

// uint64Literal reads an integer token as a uint64, false when it does
// not fit.
func uint64Literal(text string) (uint64, bool) {
	digits, base := literalDigits(text)
	v, err := strconv.ParseUint(digits, base, 64)
	return v, err == nil
}

// parseIntLiteral reads an integer token of any size.
func parseIntLiteral(text string) (*big.Int, bool) {
	digits, base := literalDigits(text)
	return new(big.Int).SetString(digits, base)
}

// literalDigits splits an integer token into its digits and their base
// (0x... is hexadecimal).
func literalDigits(text string) (string, int) {
	if rest, ok := strings.CutPrefix(text, "0x"); ok {
		return rest, 16
	}
	return text, 10
}

func (s *state) finishNumber(t *lexer.Token, neg bool) (ir.Attribute, error) {
	ty, err := s.parseOptionalColonType()
	if err != nil {
		return nil, err
	}
	if t.Type == tFloat {
		if ty == nil {
			ty = ir.F64
		}
		if _, ok := ty.(*ir.FloatType); !ok {
			return nil, s.errAt(t, "floating point value not valid for specified type")
		}
	}
	if ty == nil {
		ty = ir.I64
	}
	if _, isFloat := ty.(*ir.FloatType); isFloat {
		bits, err := floatLiteral(t, neg, ty)
		if err != nil {
			return nil, err
		}
		return &ir.FloatAttr{Bits: bits, Type: ty}, nil
	}
	switch ty.(type) {
	case *ir.IntegerType, *ir.IndexType:
	default:
		return nil, s.errAt(t, "integer literal not valid for specified type")
	}
	if v, ok := smallDecimal(t.Value); ok {
		// The common case, without big integers: a short decimal
		// literal checked against a width up to 64 bits.
		if neg {
			v = -v
		}
		it, isInt := ty.(*ir.IntegerType)
		if !isInt || fitsWidthSmall(v, it) {
			return ir.Int(v, ty), nil
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
	if it, ok := ty.(*ir.IntegerType); ok {
		if !fitsWidth(n, it) {
			return nil, s.errAt(t, "integer constant out of range for attribute")
		}
	} else if !n.IsInt64() {
		// An index holds a signed 64-bit value, as MLIR reads it.
		return nil, s.errAt(t, "integer constant out of range for attribute")
	}
	if n.IsInt64() {
		return ir.Int(n.Int64(), ty), nil
	}
	return ir.IntegerFromBig(n, ty), nil
}

// floatLiteral reads a literal of float type ty as MLIR's parser does: a
// decimal one as the nearest double, then rounded to ty; an integer one
// must be hex and gives the bits.
func floatLiteral(t *lexer.Token, neg bool, ty ir.Type) ([2]uint64, error) {
	loc := locOf(t.Pos)
	if t.Type == tFloat {
		v, err := strconv.ParseFloat(t.Value, 64)
		if err != nil && !isRangeErr(err) {
			return [2]uint64{}, ir.NewError(loc, "invalid floating point literal")
		}
		if neg {
			v = -v
		}
		bits, err := ir.FloatFromDouble(v, ty)
		if err != nil {
			return [2]uint64{}, ir.NewError(loc, "%v", err)
		}
		return bits, nil
	}
	if !strings.HasPrefix(t.Value, "0x") {
		return [2]uint64{}, ir.NewError(loc, "unexpected decimal integer literal for a floating point value").
			WithNote(loc, "add a trailing dot to make the literal a float")
	}
	if neg {
		return [2]uint64{}, ir.NewError(loc, "hexadecimal float literal should not have a leading minus")
	}
	digits := strings.TrimLeft(t.Value[2:], "0")
	var bits [2]uint64
	ok := len(digits) <= 32
	for i := 0; ok && i < len(digits); i++ {
		d, isHex := hexDigit(digits[i])
		bits[1] = bits[1]<<4 | bits[0]>>60
		bits[0] = bits[0]<<4 | uint64(d)
		ok = isHex
	}
	if !ok || !ir.FloatBitsInRange(bits, ty) {
		return [2]uint64{}, ir.NewError(loc, "hexadecimal float constant out of range for type")
	}
	return bits, nil
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// fitsWidth mirrors MLIR's range check: a value fits an N-bit signless
// integer when it is representable as signed or unsigned N-bit.
func fitsWidth(n *big.Int, it *ir.IntegerType) bool {
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

func (s *state) parseArrayAttr() (ir.Attribute, error) {
	if err := s.expectPunct("["); err != nil {
		return nil, err
	}
	arr := &ir.ArrayAttr{}
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

// parseAttrDict reads `{name = value, flag, "quoted" = v}`.
func (s *state) parseAttrDict() ([]ir.NamedAttr, error) {
	list, shared, err := s.attrDict()
	if shared {
		list = slices.Clone(list) // the caller owns its list
	}
	return list, err
}

// attrDict reads an attribute dictionary. A shared list is dictCache's:
// the caller copies what it keeps of it and changes none of it.
func (s *state) attrDict() (list []ir.NamedAttr, shared bool, err error) {
	if s.peek().Type == tBraces {
		err := s.withBraces("attribute dictionary", func() error {
			var err error
			list, shared, err = s.attrDict()
			return err
		})
		return list, shared, err
	}
	// A dictionary read before in this parse, spelled the same, is the
	// same: its entries are shared, as mlir-opt's attributes are uniqued.
	key := s.dictKey()
	if key != "" {
		if list, ok := s.dictCache[key]; ok {
			s.lex.(*stream).skipPast(s.peek().Pos.Offset + len(key))
			return list, true, nil
		}
	}
	list, err = s.readAttrDict()
	if err == nil && key != "" {
		if s.dictCache == nil {
			s.dictCache = map[string][]ir.NamedAttr{}
		}
		s.dictCache[key] = list
		return list, true, nil
	}
	return list, false, err
}

// dictKey returns the text of the attribute dictionary at the next token
// when reading it again would give the same attributes and have no other
// effect, so that dictCache may stand for it: a short dictionary on one
// line of a stream, without dense literals (which may wait for their
// type, see finishDense), locations (which may wait for their alias, see
// readLoc) or comments, and not deep enough to reach maxNesting; else "".
func (s *state) dictKey() string {
	const maxKey = 256
	st, ok := s.lex.(*stream)
	if !ok {
		return ""
	}
	from := s.peek().Pos.Offset
	src := st.sc.src
	depth := 0
	for j := from; j < len(src) && j-from < maxKey; j++ {
		switch src[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				key := src[from : j+1]
				if s.nesting+len(key) >= maxNesting || strings.Contains(key, "dense") || strings.Contains(key, "loc") {
					return ""
				}
				return key
			}
		case '"':
			for j++; j < len(src) && src[j] != '"'; j++ {
				switch src[j] {
				case '\\':
					j++
				case '\n':
					return ""
				}
			}
		case '\n', '/':
			return ""
		}
	}
	return ""
}

// readAttrDict reads `{name = value, ...}` from a stream.
func (s *state) readAttrDict() ([]ir.NamedAttr, error) {
	if err := s.expectPunct("{"); err != nil {
		return nil, err
	}
	var list []ir.NamedAttr
	if s.isPunct("}") {
		s.next()
		return list, nil
	}
	var seen map[string]bool // the names, once the list is long
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
		if hasName(list, &seen, name) {
			return nil, s.errAt(t, "duplicate key '%s' in dictionary attribute", name)
		}
		var value ir.Attribute = ir.Unit
		if s.isPunct("=") {
			s.next()
			v, err := s.parseAttribute()
			if err != nil {
				return nil, err
			}
			value = v
		}
		list = append(list, ir.NamedAttr{Name: name, Value: value})
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

// hasName reports whether list has an attribute named name, by a scan
// while the list is short and through seen (built then kept up to date by
// the caller's appends, which hasName records) once it is long: a
// dictionary of many attributes is read in linear time.
func hasName(list []ir.NamedAttr, seen *map[string]bool, name string) bool {
	const scanUpTo = 16
	if *seen == nil {
		if len(list) < scanUpTo {
			return slices.ContainsFunc(list, func(a ir.NamedAttr) bool { return a.Name == name })
		}
		*seen = make(map[string]bool, 2*len(list))
		for _, a := range list {
			(*seen)[a.Name] = true
		}
	}
	if (*seen)[name] {
		return true
	}
	(*seen)[name] = true // the caller appends it next
	return false
}

// parseDense reads dense<literal> [: type]. With the type, the literal
// is checked and kept in canonical form; without, the op's parser must
// supply the type (finishDense checks it then).
func (s *state) parseDense() (ir.Attribute, error) {
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
		a := &ir.DenseElementsAttr{Literal: sb.String()}
		s.pendingDense = append(s.pendingDense, pendingDense{a, root.detach(), at})
		return a, nil
	}
	lit, err := canonicalDense(root, ty, at)
	if err != nil {
		return nil, err
	}
	return &ir.DenseElementsAttr{Literal: lit, Type: ty}, nil
}

// parseDenseArray reads array<T: v, ...> as mlir-opt does: elements of an
// integer or float type whose width is a whole number of bytes (or i1),
// each a bare literal checked against the type.
func (s *state) parseDenseArray() (ir.Attribute, error) {
	if err := s.expectPunct("<"); err != nil {
		return nil, err
	}
	typeTok := *s.peek()
	et, err := s.parseType()
	if err != nil {
		return nil, err
	}
	var width int
	switch t := et.(type) {
	case *ir.IntegerType:
		width = t.Width
	case *ir.FloatType:
		width = ir.FloatWidth(t)
	case *ir.IndexType:
		width = 64
	default:
		return nil, s.errAt(&typeTok, "expected integer or float type, got: '%s'", et)
	}
	if width%8 != 0 && width != 1 {
		return nil, s.errAt(&typeTok, "element type bitwidth must be a multiple of 8")
	}
	a := &ir.DenseArrayAttr{Elem: et}
	if s.isPunct(":") {
		s.next()
		for {
			neg := false
			if s.isPunct("-") {
				s.next()
				neg = true
			}
			t := s.peek()
			if _, isFloat := et.(*ir.FloatType); isFloat {
				if t.Type != tInt && t.Type != tFloat {
					return nil, s.errAt(t, "expected floating point literal")
				}
				bits, err := floatLiteral(t, neg, et)
				if err != nil {
					return nil, err
				}
				a.Floats = append(a.Floats, bits)
				s.next()
			} else {
				v, err := s.arrayInt(neg, et, width)
				if err != nil {
					return nil, err
				}
				a.Values = append(a.Values, v)
			}
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
	}
	if !s.isPunct(">") {
		return nil, s.errf("expected '>' to close an array attribute")
	}
	s.next()
	return a, nil
}

// arrayInt checks an integer element of array<T: ...> as MLIR's
// buildAttributeAPInt does: its bits must fit the width, a negative value
// must have the sign bit once negated (so -0 does not), a positive signed
// one must not. It returns the value sign-extended from the width (zero-
// extended for an unsigned type); values that do not fit 64 bits so are
// refused.
//
// It reads the element; as in MLIR, the errors about an integer literal's
// value are placed after it.
func (s *state) arrayInt(neg bool, et ir.Type, width int) (int64, error) {
	t := s.peek()
	it, _ := et.(*ir.IntegerType)
	isI1 := it != nil && it.Width == 1 && it.Signedness == 0
	switch {
	case t.Type == tIdent && (t.Value == "true" || t.Value == "false"):
		if !isI1 {
			return 0, s.errAt(t, "expected i1 type for 'true' or 'false' values")
		}
		s.next()
		if t.Value == "true" {
			return 1, nil
		}
		return 0, nil
	case t.Type != tInt:
		return 0, s.errAt(t, "expected integer literal")
	}
	text := t.Value
	s.next()
	if isI1 {
		return 0, s.errAt(s.peek(), "expected 'true' or 'false' values for i1 type")
	}
	n, msg := arrayIntValue(text, neg, width, it)
	if msg != "" {
		return 0, s.errAt(s.peek(), "%s", msg)
	}
	return n, nil
}

// arrayIntValue is the value of a dense array's integer element text
// (negated when neg) of the given width and type, or the message that
// refuses it: in int64 arithmetic for a short decimal and a width up to
// 62 bits (the common case), else with big integers (arrayIntBig).
func arrayIntValue(text string, neg bool, width int, it *ir.IntegerType) (int64, string) {
	v, small := smallDecimal(text)
	if !small || width < 1 || width > 62 {
		return arrayIntBig(text, neg, width, it)
	}
	if bits.Len64(uint64(v)) > width {
		return 0, "integer constant out of range"
	}
	signBit, mod := int64(1)<<(width-1), int64(1)<<width
	switch {
	case neg && (v == 0 || v > signBit):
		return 0, "integer constant out of range"
	case neg:
		v = mod - v
	case (it == nil || it.Signedness == 's') && v >= signBit:
		return 0, "integer constant out of range"
	}
	if it != nil && it.Signedness == 'u' {
		return v, ""
	}
	if v >= signBit {
		v -= mod
	}
	return v, ""
}

// arrayIntBig is arrayIntValue for any text and width.
func arrayIntBig(text string, neg bool, width int, it *ir.IntegerType) (int64, string) {
	v, ok := parseIntLiteral(text)
	if !ok || v.BitLen() > width {
		return 0, "integer constant out of range"
	}
	w := uint(width)
	signBit := new(big.Int).Lsh(big.NewInt(1), max(w, 1)-1)
	mod := new(big.Int).Lsh(big.NewInt(1), w)
	unsigned := it != nil && it.Signedness == 'u'
	switch {
	case neg && (width == 0 || v.Sign() == 0 || v.Cmp(signBit) > 0):
		return 0, "integer constant out of range"
	case neg:
		v.Sub(mod, v) // the bits of the negated value
	case (it == nil || it.Signedness == 's') && v.Cmp(signBit) >= 0:
		return 0, "integer constant out of range"
	}
	if unsigned {
		if !v.IsUint64() || width > 64 && !v.IsInt64() {
			return 0, "integer constant out of range for attribute"
		}
		return int64(v.Uint64()), "" // printed as the width's unsigned value
	}
	if width > 0 && v.Cmp(signBit) >= 0 {
		v.Sub(v, mod) // signless and signed values print signed
	}
	if !v.IsInt64() {
		return 0, "integer constant out of range for attribute"
	}
	return v.Int64(), ""
}

func (s *state) parseStrided() (ir.Attribute, error) {
	// mlir-opt's words for each token it expects.
	expect := func(v, msg string) error {
		if s.isPunct(v) {
			s.next()
			return nil
		}
		return s.errf("%s", msg)
	}
	if err := expect("<", "expected '<' after 'strided'"); err != nil {
		return nil, err
	}
	if err := expect("[", "expected '['"); err != nil {
		return nil, err
	}
	a := &ir.StridedLayoutAttr{}
	// A stride or the offset: '?' or a 64-bit integer, whose error is
	// where it starts, sign included.
	dim := func() (int64, error) {
		if s.isPunct("?") {
			s.next()
			return ir.Dynamic, nil
		}
		at := s.peek()
		neg := false
		if s.isPunct("-") {
			s.next()
			neg = true
		}
		t := s.peek()
		if t.Type != tInt {
			return 0, s.errAt(at, "expected a 64-bit signed integer or '?'")
		}
		v, err := strconv.ParseInt(t.Value, 10, 64)
		if err != nil {
			return 0, s.errAt(at, "expected a 64-bit signed integer or '?'")
		}
		s.next()
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
	if err := expect("]", "expected ']'"); err != nil {
		return nil, err
	}
	if s.isPunct(">") {
		s.next()
		return a, nil
	}
	if err := expect(",", "expected ','"); err != nil {
		return nil, err
	}
	if t := s.peek(); t.Type != tIdent || t.Value != "offset" {
		return nil, s.errf("expected 'offset' after comma")
	}
	s.next()
	if err := expect(":", "expected ':' after 'offset'"); err != nil {
		return nil, err
	}
	v, err := dim()
	if err != nil {
		return nil, err
	}
	a.Offset = v
	return a, expect(">", "expected '>'")
}

// parseInteger reads an optionally negative 64-bit integer (for the
// AsmParser).
func (s *state) parseInteger() (int64, error) {
	neg := false
	if s.isPunct("-") {
		s.next()
		neg = true
	}
	t := s.peek()
	if t.Type != tInt {
		return 0, s.errAt(t, "expected integer value")
	}
	s.next()
	v, ok := int64Literal(t.Value)
	if !ok {
		return 0, s.errAt(t, "integer value too large")
	}
	if neg {
		if v == math.MinInt64 {
			return 0, s.errAt(t, "integer value too large")
		}
		v = -v
	}
	return v, nil
}
