package parser

import (
	"encoding/hex"
	"math"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// dense<...> element literals are read into a flat list of items and,
// once the type is known, checked against it (shape, element kinds,
// ranges) and rewritten in the canonical text mlir-opt prints: a splat as
// one element, empty as dense<>, more than 100 elements as a hex string,
// floats in mlir-opt's format, integers normalised to their width,
// complex as (re,im). Elements are kept as their bits until the text is
// known to need them: a literal printed as hex never formats an element,
// and hex input printed as hex is copied (its own text when uppercase).

// denseNode is a literal read but not yet checked: its items in preorder,
// each list followed by its elements, each (re, im) pair by its two
// scalars. The items of the literal being read live in the state's
// scratch list (see detach).
type denseNode struct {
	items []denseItem
}

// denseItem is one node of a literal: a scalar, a [list] or a (re, im)
// pair.
type denseItem struct {
	kind uint8
	neg  bool
	n    int         // a list's length
	tok  lexer.Token // a scalar's Int, Float, String, or Ident true/false; Pos for all (a copy: stream tokens are reused)
}

const (
	dScalar = iota
	dList
	dComplex
)

// detach copies the literal out of the scratch list, for a literal kept
// past the next one (finishDense's).
func (n *denseNode) detach() *denseNode {
	if n == nil {
		return nil
	}
	return &denseNode{items: append([]denseItem(nil), n.items...)}
}

func (s *state) parseDenseNode() (*denseNode, error) {
	s.denseScratch = s.denseScratch[:0]
	if err := s.parseDenseItem(); err != nil {
		return nil, err
	}
	return &denseNode{items: s.denseScratch}, nil
}

func (s *state) parseDenseItem() error {
	if err := s.enter(); err != nil {
		s.leave()
		return err
	}
	defer s.leave()
	t := s.peek()
	at := len(s.denseScratch)
	s.denseScratch = append(s.denseScratch, denseItem{tok: lexer.Token{Pos: t.Pos}})
	switch {
	case t.Type == tPunct && t.Value == "[":
		s.next()
		s.denseScratch[at].kind = dList
		if s.isPunct("]") {
			s.next()
			return nil
		}
		n := 0
		for {
			if err := s.parseDenseItem(); err != nil {
				return err
			}
			n++
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
		s.denseScratch[at].n = n
		return s.expectPunct("]")
	case t.Type == tPunct && t.Value == "(":
		s.next()
		s.denseScratch[at].kind = dComplex
		for i := 0; i < 2; i++ {
			if i == 1 {
				if err := s.expectPunct(","); err != nil {
					return err
				}
			}
			e := len(s.denseScratch)
			if err := s.parseDenseItem(); err != nil {
				return err
			}
			if x := &s.denseScratch[e]; x.kind != dScalar {
				return ir.NewError(locOf(x.tok.Pos), "expected element literal of primitive type")
			}
		}
		return s.expectPunct(")")
	case t.Type == tPunct && t.Value == "-":
		s.next()
		v := s.peek()
		if v.Type != tInt && v.Type != tFloat {
			return s.errf("expected a number after '-'")
		}
		s.next()
		s.denseScratch[at].tok, s.denseScratch[at].neg = *v, true
		return nil
	case t.Type == tInt, t.Type == tFloat, t.Type == tString,
		t.Type == tIdent && (t.Value == "true" || t.Value == "false"):
		s.next()
		s.denseScratch[at].tok = *t
		return nil
	}
	return s.errf("expected element literal of primitive type")
}

// rawText is the literal as written (whitespace normalised), used until a
// type is known.
func (n *denseNode) rawText(sb *strings.Builder) {
	n.itemText(sb, 0)
}

// itemText writes the item at i and returns the index after its subtree.
func (n *denseNode) itemText(sb *strings.Builder, i int) int {
	x := &n.items[i]
	i++
	switch x.kind {
	case dList:
		sb.WriteByte('[')
		for k := 0; k < x.n; k++ {
			if k > 0 {
				sb.WriteString(", ")
			}
			i = n.itemText(sb, i)
		}
		sb.WriteByte(']')
	case dComplex:
		sb.WriteByte('(')
		i = n.itemText(sb, i)
		sb.WriteString(", ")
		i = n.itemText(sb, i)
		sb.WriteByte(')')
	default:
		if x.neg {
			sb.WriteByte('-')
		}
		sb.WriteString(x.tok.Value)
	}
	return i
}

// denseElem is one checked element: its bits when the element type has a
// raw-data form (elemBits), else its printed text. A scalar's bits are
// words 0 and 1, low word first; a complex element's real part is there
// and its imaginary part in words 2 and 3.
type denseElem struct {
	text string
	bits [4]uint64
	big  bool // wider than 64 bits: no hex form
}

// isText reports whether the element is kept as text rather than bits.
func (e *denseElem) isText() bool { return e.text != "" }

const denseHexThreshold = 100

// canonicalDense checks root against ty and returns the canonical literal.
func canonicalDense(root *denseNode, ty ir.Type, at lexer.Position) (string, error) {
	var shape []int64
	var elemT ir.Type
	switch t := ty.(type) {
	case *ir.TensorType:
		if !t.Ranked {
			return "", ir.NewError(locOf(at), "elements literal type must have static shape")
		}
		shape, elemT = t.Shape, t.Elem
	case *ir.VectorType:
		shape, elemT = t.Shape, t.Elem
	default:
		return "", ir.NewError(locOf(at), "elements literal must be a shaped type, got %s", ty)
	}
	n := int64(1)
	for _, d := range shape {
		if d == ir.Dynamic {
			return "", ir.NewError(locOf(at), "elements literal type must have static shape")
		}
		// Only the element count is computed from the shape: elements
		// are expanded from a literal or hex data, never from the shape.
		if d != 0 && n > (1<<62)/d {
			return "", ir.NewError(locOf(at), "elements literal type is too large")
		}
		n *= d
	}
	if root == nil || len(root.items) == 0 {
		if n != 0 {
			return "", ir.NewError(locOf(at), "parsed zero elements, but type ('%s') expected at least 1", ty)
		}
		return "", nil
	}
	items := root.items
	head := &items[0]
	// Raw data as a hex string.
	if head.kind == dScalar && head.tok.Type == tString && strings.HasPrefix(head.tok.Value, "\"0x") {
		if _, isStr := elemT.(*ir.OpaqueType); !isStr {
			if lit, ok, err := hexAsHex(head, elemT, n, ty); ok || err != nil {
				return lit, err
			}
			elems, err := denseFromHex(head, elemT, n, ty)
			if err != nil {
				return "", err
			}
			return formatDense(elems, shape, elemT, n), nil
		}
	}
	if head.kind != dList {
		e, _, err := denseElement(items, 0, elemT)
		if err != nil {
			return "", err
		}
		if n == 0 {
			return "", nil
		}
		return elemText(&e, elemT), nil
	}
	// Nested lists: the inferred shape must be the type's.
	var inferred []int64
	for i := 0; i < len(items) && items[i].kind == dList; i++ {
		inferred = append(inferred, int64(items[i].n))
		if items[i].n == 0 {
			break
		}
	}
	if !shapeEqual(inferred, shape) && !(n == 0 && len(inferred) > 0 && inferred[len(inferred)-1] == 0 && len(inferred) <= len(shape)) {
		return "", ir.NewError(locOf(head.tok.Pos), "inferred shape of elements literal ([%s]) does not match type ([%s])", joinDims(inferred), joinDims(shape))
	}
	elems := make([]denseElem, 0, n)
	var walk func(i, depth int) (int, error)
	walk = func(i, depth int) (int, error) {
		x := &items[i]
		if depth == len(inferred) {
			if x.kind == dList {
				return 0, ir.NewError(locOf(x.tok.Pos), "tensor literal is invalid; ranks are not consistent between elements")
			}
			e, next, err := denseElement(items, i, elemT)
			if err != nil {
				return 0, err
			}
			elems = append(elems, e)
			return next, nil
		}
		if x.kind != dList || int64(x.n) != inferred[depth] {
			return 0, ir.NewError(locOf(x.tok.Pos), "tensor literal is invalid; ranks are not consistent between elements")
		}
		i++
		for k := 0; k < x.n; k++ {
			var err error
			if i, err = walk(i, depth+1); err != nil {
				return 0, err
			}
		}
		return i, nil
	}
	if _, err := walk(0, 0); err != nil {
		return "", err
	}
	return formatDense(elems, shape, elemT, n), nil
}

func shapeEqual(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func joinDims(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = strconv.FormatInt(d, 10)
	}
	return strings.Join(parts, ", ")
}

// elemText is the printed text of a checked element.
func elemText(e *denseElem, elemT ir.Type) string {
	if e.isText() {
		return e.text
	}
	return formatBits(e.bits, elemT)
}

// formatDense prints checked elements: a splat as one element, a large
// literal as hex, else nested lists following the shape.
func formatDense(elems []denseElem, shape []int64, elemT ir.Type, n int64) string {
	if n == 0 || len(elems) == 0 {
		return ""
	}
	// Elements kept as text (strings, wide integers, float types without
	// a raw form) are compared and printed as text; a literal mixing the
	// two (strings for a numeric type) is made all text.
	text := false
	for i := range elems {
		if elems[i].isText() {
			text = true
			break
		}
	}
	if text {
		for i := range elems {
			if !elems[i].isText() {
				elems[i].text = formatBits(elems[i].bits, elemT)
			}
		}
	}
	splat := true
	for i := range elems[1:] {
		if e := &elems[i+1]; text && e.text != elems[0].text || !text && e.bits != elems[0].bits {
			splat = false
			break
		}
	}
	if splat {
		return elemText(&elems[0], elemT)
	}
	if n > denseHexThreshold && !text {
		if h, ok := denseHex(elems, elemT); ok {
			return h
		}
	}
	var sb strings.Builder
	k := 0
	var rec func(d int)
	rec = func(d int) {
		if d == len(shape) {
			sb.WriteString(elemText(&elems[k], elemT))
			k++
			return
		}
		sb.WriteByte('[')
		for i := int64(0); i < shape[d]; i++ {
			if i > 0 {
				sb.WriteString(", ")
			}
			rec(d + 1)
		}
		sb.WriteByte(']')
	}
	rec(0)
	return sb.String()
}

// elemBits is the storage width of a dense element type, or 0 when the
// type has no raw-data form here.
func elemBits(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		if t.Width > 64 {
			return 0
		}
		return t.Width
	case *ir.IndexType:
		return 64
	case *ir.FloatType:
		return ir.FloatWidth(t)
	case *ir.ComplexType:
		return elemBits(t.Elem)
	}
	return 0
}

func denseHex(elems []denseElem, elemT ir.Type) (string, bool) {
	bits := elemBits(elemT)
	if bits == 0 {
		return "", false
	}
	parts := 1
	if _, ok := elemT.(*ir.ComplexType); ok {
		parts = 2
	}
	const digits = "0123456789ABCDEF"
	if bits == 1 {
		data := make([]byte, (len(elems)+7)/8)
		for i, e := range elems {
			if e.bits[0] != 0 {
				data[i/8] |= 1 << (i % 8)
			}
		}
		return "\"0x" + strings.ToUpper(hex.EncodeToString(data)) + "\"", true
	}
	// The upper-case digits of the little-endian bytes, written once into
	// the literal's text.
	nb := (bits + 7) / 8
	out := make([]byte, 0, 4+2*nb*parts*len(elems))
	out = append(out, '"', '0', 'x')
	for _, e := range elems {
		if e.big {
			return "", false
		}
		for p := 0; p < parts; p++ {
			for b := 0; b < nb; b++ {
				c := byte(e.bits[2*p+b/8] >> (8 * (b % 8)))
				out = append(out, digits[c>>4], digits[c&15])
			}
		}
	}
	out = append(out, '"')
	return string(out), true
}

// hexAsHex handles hex data that is printed back as hex: more than
// denseHexThreshold elements of a byte-sized type, not all equal. The
// digits are checked and upper-cased, never decoded (the token's own
// text when it is upper case already). ok is false for every other hex
// literal, which denseFromHex reads.
func hexAsHex(x *denseItem, elemT ir.Type, n int64, ty ir.Type) (lit string, ok bool, err error) {
	bits := elemBits(elemT)
	if n <= denseHexThreshold || bits < 8 || strings.IndexByte(x.tok.Value, '\\') >= 0 {
		return "", false, nil
	}
	digits := x.tok.Value[3 : len(x.tok.Value)-1]
	var seen byte // the hexClass bits of the digits
	for i := 0; i < len(digits); i++ {
		seen |= hexClass[digits[i]]
	}
	if seen&hexBad != 0 {
		return "", false, ir.NewError(locOf(x.tok.Pos), "expected string containing hex digits starting with `0x`")
	}
	lower := seen&hexLower != 0
	if len(digits)%2 != 0 {
		return "", false, ir.NewError(locOf(x.tok.Pos), "expected string containing hex digits starting with `0x`")
	}
	parts := 1
	if _, ok := elemT.(*ir.ComplexType); ok {
		parts = 2
	}
	w := 2 * ((bits + 7) / 8) * parts // hex digits per element
	if int64(len(digits)) != int64(w)*n {
		return "", false, nil // a splat, or a size denseFromHex reports
	}
	first := digits[:w]
	splat := true
	for i := w; i < len(digits); i += w {
		if !strings.EqualFold(digits[i:i+w], first) {
			splat = false
			break
		}
	}
	if splat {
		return "", false, nil
	}
	if !lower {
		return x.tok.Value, true, nil
	}
	return "\"0x" + strings.ToUpper(digits) + "\"", true, nil
}

// hexClass sorts bytes for hexAsHex: upper-case hex digits are 0.
var hexClass = func() (t [256]byte) {
	for c := range t {
		switch {
		case isDigit(byte(c)) || c >= 'A' && c <= 'F':
		case c >= 'a' && c <= 'f':
			t[c] = hexLower
		default:
			t[c] = hexBad
		}
	}
	return
}()

const (
	hexLower = 1 << iota
	hexBad
)

// denseFromHex decodes "0x..." raw data (little-endian elements; i1
// packed as bits) into elements.
func denseFromHex(x *denseItem, elemT ir.Type, n int64, ty ir.Type) ([]denseElem, error) {
	pos := x.tok.Pos
	lit, err := unquote(x.tok.Value)
	if err != nil {
		return nil, ir.NewError(locOf(pos), "%v", err)
	}
	data, err := hex.DecodeString(lit[2:])
	if err != nil {
		return nil, ir.NewError(locOf(pos), "expected string containing hex digits starting with `0x`")
	}
	bits := elemBits(elemT)
	if bits == 0 {
		return nil, ir.NewError(locOf(pos), "hex data is not supported for element type %s", elemT)
	}
	parts := 1
	if _, ok := elemT.(*ir.ComplexType); ok {
		parts = 2
	}
	get := func(i int64) [4]uint64 {
		var w [4]uint64
		if bits == 1 {
			if len(data) == 1 && n > 8 {
				w[0] = uint64(data[0] & 1)
			} else {
				w[0] = uint64(data[i/8]>>(i%8)) & 1
			}
			return w
		}
		nb := (bits + 7) / 8
		for p := 0; p < parts; p++ {
			off := (int(i)*parts + p) * nb
			if len(data) == nb*parts {
				off = p * nb
			}
			for b := 0; b < nb; b++ {
				w[2*p+b/8] |= uint64(data[off+b]) << (8 * (b % 8))
			}
		}
		return w
	}
	size := int64((bits + 7) / 8 * parts)
	if bits == 1 && int64(len(data)) != (n+7)/8 && len(data) != 1 ||
		bits > 1 && int64(len(data)) != size*n && int64(len(data)) != size {
		return nil, ir.NewError(locOf(pos), "elements hex data size is invalid for provided type: '%s'", ty)
	}
	if bits == 1 && len(data) == 1 && n > 8 || bits > 1 && len(data) == (bits+7)/8*parts && n > 1 {
		// Splat data: one element, whatever the shape's size.
		return []denseElem{{bits: get(0)}}, nil
	}
	elems := make([]denseElem, n)
	for i := int64(0); i < n; i++ {
		elems[i] = denseElem{bits: get(i)}
	}
	return elems, nil
}

// formatBits prints an element given by its raw bits.
func formatBits(w [4]uint64, t ir.Type) string {
	switch t := t.(type) {
	case *ir.IntegerType:
		return intBitsText(int64(w[0]), t)
	case *ir.IndexType:
		return strconv.FormatInt(int64(w[0]), 10)
	case *ir.FloatType:
		return ir.FormatFloat([2]uint64{w[0], w[1]}, t)
	case *ir.ComplexType:
		return "(" + formatBits([4]uint64{w[0], w[1]}, t.Elem) + "," + formatBits([4]uint64{w[2], w[3]}, t.Elem) + ")"
	}
	return "0x" + strconv.FormatUint(w[0], 16)
}

// intBits normalises v to the width of it as MLIR stores it (ir.Int).
func intBits(v int64, it *ir.IntegerType) int64 {
	if it.Width < 64 {
		shift := 64 - uint(it.Width)
		if it.Signedness == 'u' {
			return int64(uint64(v) << shift >> shift)
		}
		return v << shift >> shift
	}
	return v
}

// intBitsText prints a normalised value of it as an element: i1 as
// true/false, signless and signed values signed.
func intBitsText(v int64, it *ir.IntegerType) string {
	v = intBits(v, it)
	switch {
	case it.Width == 1:
		if v != 0 {
			return "true"
		}
		return "false"
	case it.Signedness == 'u' && v < 0:
		return strconv.FormatUint(uint64(v), 10)
	}
	return strconv.FormatInt(v, 10)
}

// denseElement checks the scalar (or complex pair) at items[i] against the
// element type, and returns the index after it.
func denseElement(items []denseItem, i int, t ir.Type) (denseElem, int, error) {
	x := &items[i]
	if ct, ok := t.(*ir.ComplexType); ok {
		if x.kind != dComplex {
			return denseElem{}, 0, ir.NewError(locOf(x.tok.Pos), "expected complex element literal (re, im) for %s", t)
		}
		re, _, err := denseElement(items, i+1, ct.Elem)
		if err != nil {
			return denseElem{}, 0, err
		}
		im, _, err := denseElement(items, i+2, ct.Elem)
		if err != nil {
			return denseElem{}, 0, err
		}
		if re.isText() || im.isText() {
			return denseElem{text: "(" + elemText(&re, ct.Elem) + "," + elemText(&im, ct.Elem) + ")", big: re.big || im.big}, i + 3, nil
		}
		return denseElem{bits: [4]uint64{re.bits[0], re.bits[1], im.bits[0], im.bits[1]}}, i + 3, nil
	}
	if x.kind == dComplex {
		return denseElem{}, 0, ir.NewError(locOf(x.tok.Pos), "complex element literal for non-complex element type %s", t)
	}
	if x.kind == dList {
		return denseElem{}, 0, ir.NewError(locOf(x.tok.Pos), "tensor literal is invalid; ranks are not consistent between elements")
	}
	if x.tok.Type == tString {
		s, err := unquote(x.tok.Value)
		if err != nil {
			return denseElem{}, 0, ir.NewError(locOf(x.tok.Pos), "%v", err)
		}
		return denseElem{text: ir.Quote(s)}, i + 1, nil
	}
	var e denseElem
	var err error
	switch t := t.(type) {
	case *ir.IntegerType:
		e, err = intElement(x, t)
	case *ir.IndexType:
		e, err = intElement(x, nil)
	case *ir.FloatType:
		e, err = floatElement(x, t)
	default:
		err = ir.NewError(locOf(x.tok.Pos), "unsupported element type %s in dense elements literal", t)
	}
	return e, i + 1, err
}

// intElement checks a scalar against an integer type, or the index type
// when it is nil.
func intElement(x *denseItem, it *ir.IntegerType) (denseElem, error) {
	tok := &x.tok
	if tok.Type == tIdent {
		if it == nil || it.Width != 1 {
			return denseElem{}, ir.NewError(locOf(tok.Pos), "expected i1 type for 'true' or 'false' values")
		}
		if tok.Value == "true" {
			return denseElem{bits: [4]uint64{1}}, nil
		}
		return denseElem{}, nil
	}
	if tok.Type == tFloat {
		return denseElem{}, ir.NewError(locOf(tok.Pos), "expected integer elements, but parsed floating-point")
	}
	// The common case in 64 bits: a literal below 2^63.
	var u uint64
	var perr error
	if strings.HasPrefix(tok.Value, "0x") {
		u, perr = strconv.ParseUint(tok.Value[2:], 16, 64)
	} else {
		u, perr = strconv.ParseUint(tok.Value, 10, 64)
	}
	if perr == nil && u <= math.MaxInt64 && (it == nil || it.Width <= 64) && !(x.neg && it != nil && it.Signedness == 'u') {
		v := int64(u)
		if x.neg {
			v = -v
		}
		if it == nil {
			return denseElem{bits: [4]uint64{uint64(v)}}, nil
		}
		if !fitsWidthSmall(v, it) {
			return denseElem{}, ir.NewError(locOf(tok.Pos), "integer constant out of range for type")
		}
		return denseElem{bits: [4]uint64{uint64(intBits(v, it))}}, nil
	}
	v, ok := parseIntLiteral(tok.Value)
	if !ok {
		return denseElem{}, ir.NewError(locOf(tok.Pos), "invalid integer literal")
	}
	if x.neg {
		if it != nil && it.Signedness == 'u' {
			return denseElem{}, ir.NewError(locOf(tok.Pos), "expected unsigned integer elements, but parsed negative value")
		}
		v.Neg(v)
	}
	if it != nil {
		if !fitsWidth(v, it) {
			return denseElem{}, ir.NewError(locOf(tok.Pos), "integer constant out of range for type")
		}
		a := ir.IntegerFromBig(v, it)
		if a.Big != "" {
			return denseElem{text: a.Big, big: true}, nil
		}
		return denseElem{bits: [4]uint64{uint64(a.Value)}}, nil
	}
	if !v.IsInt64() {
		return denseElem{}, ir.NewError(locOf(tok.Pos), "integer constant out of range for type")
	}
	return denseElem{bits: [4]uint64{uint64(v.Int64())}}, nil
}

// floatElement checks a scalar against a float type: a float literal, or
// an integer literal giving the bits in hexadecimal.
func floatElement(x *denseItem, t *ir.FloatType) (denseElem, error) {
	if x.tok.Type == tIdent {
		return denseElem{}, ir.NewError(locOf(x.tok.Pos), "expected floating-point elements, but parsed boolean")
	}
	bits, err := floatLiteral(&x.tok, x.neg, t)
	if err != nil {
		return denseElem{}, err
	}
	return denseElem{bits: [4]uint64{bits[0], bits[1]}}, nil
}

// pendingDense is a dense literal whose type the op's parser supplies
// after reading it (memref.global's initial value).
type pendingDense struct {
	attr *ir.DenseElementsAttr
	root *denseNode
	pos  lexer.Position
}

// finishDense checks the dense literals read since pending index from:
// each must have a type by now.
func (s *state) finishDense(from int) error {
	defer func() { s.pendingDense = s.pendingDense[:from] }()
	for _, pd := range s.pendingDense[from:] {
		if pd.attr.Type == nil {
			return ir.NewError(locOf(pd.pos), "expected ':' and a shaped type after the dense elements literal")
		}
		lit, err := canonicalDense(pd.root, pd.attr.Type, pd.pos)
		if err != nil {
			return err
		}
		pd.attr.Literal = lit
	}
	return nil
}
