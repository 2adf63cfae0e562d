package parser

import (
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect"
)

// dense<...> element literals are read into a tree and, once the type is
// known, checked against it (shape, element kinds, ranges) and rewritten
// in the canonical text mlir-opt prints: a splat as one element, empty as
// dense<>, more than 100 elements as a hex string, floats in mlir-opt's
// format, integers normalised to their width, complex as (re,im).

// denseNode is a scalar, a [list] or a (re, im) pair.
type denseNode struct {
	pos     lexer.Position
	isList  bool
	list    []*denseNode
	tok     lexer.Token // scalar: Int, Float, String, or Ident true/false (a copy: stream tokens are reused)
	neg     bool
	complex [2]*denseNode
}

func (s *state) parseDenseNode() (*denseNode, error) {
	if err := s.enter(); err != nil {
		s.leave()
		return nil, err
	}
	defer s.leave()
	t := s.peek()
	n := &denseNode{pos: t.Pos}
	switch {
	case t.Type == tPunct && t.Value == "[":
		s.next()
		n.isList = true
		if s.isPunct("]") {
			s.next()
			return n, nil
		}
		for {
			e, err := s.parseDenseNode()
			if err != nil {
				return nil, err
			}
			n.list = append(n.list, e)
			if !s.isPunct(",") {
				break
			}
			s.next()
		}
		return n, s.expectPunct("]")
	case t.Type == tPunct && t.Value == "(":
		s.next()
		for i := 0; i < 2; i++ {
			if i == 1 {
				if err := s.expectPunct(","); err != nil {
					return nil, err
				}
			}
			e, err := s.parseDenseNode()
			if err != nil {
				return nil, err
			}
			if e.isList || e.complex[0] != nil {
				return nil, dialect.NewError(locOf(e.pos), "expected element literal of primitive type")
			}
			n.complex[i] = e
		}
		return n, s.expectPunct(")")
	case t.Type == tPunct && t.Value == "-":
		s.next()
		v := s.peek()
		if v.Type != tInt && v.Type != tFloat {
			return nil, s.errf("expected a number after '-'")
		}
		s.next()
		n.tok, n.neg = *v, true
		return n, nil
	case t.Type == tInt, t.Type == tFloat, t.Type == tString,
		t.Type == tIdent && (t.Value == "true" || t.Value == "false"):
		s.next()
		n.tok = *t
		return n, nil
	}
	return nil, s.errf("expected element literal of primitive type")
}

// rawText is the literal as written (whitespace normalised), used until a
// type is known.
func (n *denseNode) rawText(sb *strings.Builder) {
	switch {
	case n.isList:
		sb.WriteByte('[')
		for i, e := range n.list {
			if i > 0 {
				sb.WriteString(", ")
			}
			e.rawText(sb)
		}
		sb.WriteByte(']')
	case n.complex[0] != nil:
		sb.WriteByte('(')
		n.complex[0].rawText(sb)
		sb.WriteString(", ")
		n.complex[1].rawText(sb)
		sb.WriteByte(')')
	default:
		if n.neg {
			sb.WriteByte('-')
		}
		sb.WriteString(n.tok.Value)
	}
}

// denseElem is one checked element: its printed text and, for hex
// output, its bits (two words for complex elements).
type denseElem struct {
	text string
	bits [2]uint64
	big  bool // wider than 64 bits: no hex form
}

const denseHexThreshold = 100

// canonicalDense checks root against ty and returns the canonical literal.
func canonicalDense(root *denseNode, ty dialect.Type, at lexer.Position) (string, error) {
	var shape []int64
	var elemT dialect.Type
	switch t := ty.(type) {
	case *dialect.TensorType:
		if !t.Ranked {
			return "", dialect.NewError(locOf(at), "elements literal type must have static shape")
		}
		shape, elemT = t.Shape, t.Elem
	case *dialect.VectorType:
		shape, elemT = t.Shape, t.Elem
	default:
		return "", dialect.NewError(locOf(at), "elements literal must be a shaped type, got %s", ty)
	}
	n := int64(1)
	for _, d := range shape {
		if d == dialect.Dynamic {
			return "", dialect.NewError(locOf(at), "elements literal type must have static shape")
		}
		// Only the element count is computed from the shape: elements
		// are expanded from a literal or hex data, never from the shape.
		if d != 0 && n > (1<<62)/d {
			return "", dialect.NewError(locOf(at), "elements literal type is too large")
		}
		n *= d
	}
	if root == nil {
		if n != 0 {
			return "", dialect.NewError(locOf(at), "parsed zero elements, but type ('%s') expected at least 1", ty)
		}
		return "", nil
	}
	// Raw data as a hex string.
	if !root.isList && root.complex[0] == nil && root.tok.Type == tString && strings.HasPrefix(root.tok.Value, "\"0x") {
		if _, isStr := elemT.(*dialect.OpaqueType); !isStr {
			elems, err := denseFromHex(root, elemT, n, ty)
			if err != nil {
				return "", err
			}
			return formatDense(elems, shape, elemT, n), nil
		}
	}
	if !root.isList {
		e, err := denseElement(root, elemT)
		if err != nil {
			return "", err
		}
		if n == 0 {
			return "", nil
		}
		return e.text, nil
	}
	// Nested lists: the inferred shape must be the type's.
	var inferred []int64
	for x := root; x.isList; {
		inferred = append(inferred, int64(len(x.list)))
		if len(x.list) == 0 {
			break
		}
		x = x.list[0]
	}
	if !shapeEqual(inferred, shape) && !(n == 0 && len(inferred) > 0 && inferred[len(inferred)-1] == 0 && len(inferred) <= len(shape)) {
		return "", dialect.NewError(locOf(root.pos), "inferred shape of elements literal ([%s]) does not match type ([%s])", joinDims(inferred), joinDims(shape))
	}
	elems := make([]denseElem, 0, n)
	var walk func(x *denseNode, depth int) error
	walk = func(x *denseNode, depth int) error {
		if depth == len(inferred) {
			if x.isList {
				return dialect.NewError(locOf(x.pos), "tensor literal is invalid; ranks are not consistent between elements")
			}
			e, err := denseElement(x, elemT)
			if err != nil {
				return err
			}
			elems = append(elems, e)
			return nil
		}
		if !x.isList || int64(len(x.list)) != inferred[depth] {
			return dialect.NewError(locOf(x.pos), "tensor literal is invalid; ranks are not consistent between elements")
		}
		for _, c := range x.list {
			if err := walk(c, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, 0); err != nil {
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

// formatDense prints checked elements: a splat as one element, a large
// literal as hex, else nested lists following the shape.
func formatDense(elems []denseElem, shape []int64, elemT dialect.Type, n int64) string {
	if n == 0 || len(elems) == 0 {
		return ""
	}
	splat := true
	for _, e := range elems[1:] {
		if e.text != elems[0].text {
			splat = false
			break
		}
	}
	if splat {
		return elems[0].text
	}
	if n > denseHexThreshold {
		if h, ok := denseHex(elems, elemT); ok {
			return h
		}
	}
	var sb strings.Builder
	k := 0
	var rec func(d int)
	rec = func(d int) {
		if d == len(shape) {
			sb.WriteString(elems[k].text)
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
func elemBits(t dialect.Type) int {
	switch t := t.(type) {
	case *dialect.IntegerType:
		if t.Width > 64 {
			return 0
		}
		return t.Width
	case *dialect.IndexType:
		return 64
	case *dialect.FloatType:
		switch t.Name {
		case "f16", "bf16", "f32", "f64":
			return t.Width
		}
	case *dialect.ComplexType:
		return elemBits(t.Elem)
	}
	return 0
}

func denseHex(elems []denseElem, elemT dialect.Type) (string, bool) {
	bits := elemBits(elemT)
	if bits == 0 {
		return "", false
	}
	parts := 1
	if _, ok := elemT.(*dialect.ComplexType); ok {
		parts = 2
	}
	var data []byte
	if bits == 1 {
		data = make([]byte, (len(elems)+7)/8)
		for i, e := range elems {
			if e.bits[0] != 0 {
				data[i/8] |= 1 << (i % 8)
			}
		}
	} else {
		nb := (bits + 7) / 8
		for _, e := range elems {
			if e.big {
				return "", false
			}
			for p := 0; p < parts; p++ {
				for b := 0; b < nb; b++ {
					data = append(data, byte(e.bits[p]>>(8*b)))
				}
			}
		}
	}
	return "\"0x" + strings.ToUpper(hex.EncodeToString(data)) + "\"", true
}

// denseFromHex decodes "0x..." raw data (little-endian elements; i1
// packed as bits) into elements.
func denseFromHex(root *denseNode, elemT dialect.Type, n int64, ty dialect.Type) ([]denseElem, error) {
	lit, err := unquote(root.tok.Value)
	if err != nil {
		return nil, dialect.NewError(locOf(root.pos), "%v", err)
	}
	data, err := hex.DecodeString(lit[2:])
	bad := dialect.NewError(locOf(root.pos), "elements hex data size is invalid for provided type: '%s'", ty)
	if err != nil {
		return nil, dialect.NewError(locOf(root.pos), "expected string containing hex digits starting with `0x`")
	}
	bits := elemBits(elemT)
	if bits == 0 {
		return nil, dialect.NewError(locOf(root.pos), "hex data is not supported for element type %s", elemT)
	}
	parts := 1
	if _, ok := elemT.(*dialect.ComplexType); ok {
		parts = 2
	}
	get := func(i int64) [2]uint64 {
		var w [2]uint64
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
				w[p] |= uint64(data[off+b]) << (8 * b)
			}
		}
		return w
	}
	switch {
	case bits == 1:
		if int64(len(data)) != (n+7)/8 && len(data) != 1 {
			return nil, bad
		}
	default:
		nb := int64((bits + 7) / 8 * parts)
		if int64(len(data)) != nb*n && int64(len(data)) != nb {
			return nil, bad
		}
	}
	if bits == 1 && len(data) == 1 && n > 8 || bits > 1 && len(data) == (bits+7)/8*parts && n > 1 {
		// Splat data: one element, whatever the shape's size.
		w := get(0)
		return []denseElem{{text: formatBits(w, elemT), bits: w}}, nil
	}
	elems := make([]denseElem, n)
	for i := int64(0); i < n; i++ {
		w := get(i)
		elems[i] = denseElem{text: formatBits(w, elemT), bits: w}
	}
	return elems, nil
}

// formatBits prints an element given by its raw bits.
func formatBits(w [2]uint64, t dialect.Type) string {
	switch t := t.(type) {
	case *dialect.IntegerType:
		return intElemText(dialect.Int(int64(w[0]), t))
	case *dialect.IndexType:
		return strconv.FormatInt(int64(w[0]), 10)
	case *dialect.FloatType:
		return dialect.FormatFloat(dialect.FloatFromBits(w[0], t), t)
	case *dialect.ComplexType:
		return "(" + formatBits([2]uint64{w[0]}, t.Elem) + "," + formatBits([2]uint64{w[1]}, t.Elem) + ")"
	}
	return "0x" + strconv.FormatUint(w[0], 16)
}

func intElemText(a *dialect.IntegerAttr) string {
	if it, ok := a.Type.(*dialect.IntegerType); ok && it.Width == 1 {
		if a.Value != 0 {
			return "true"
		}
		return "false"
	}
	return a.ValueString()
}

// denseElement checks one scalar (or complex pair) against the element type.
func denseElement(x *denseNode, t dialect.Type) (denseElem, error) {
	if ct, ok := t.(*dialect.ComplexType); ok {
		if x.complex[0] == nil {
			return denseElem{}, dialect.NewError(locOf(x.pos), "expected complex element literal (re, im) for %s", t)
		}
		re, err := denseElement(x.complex[0], ct.Elem)
		if err != nil {
			return denseElem{}, err
		}
		im, err := denseElement(x.complex[1], ct.Elem)
		if err != nil {
			return denseElem{}, err
		}
		return denseElem{text: "(" + re.text + "," + im.text + ")", bits: [2]uint64{re.bits[0], im.bits[0]}, big: re.big || im.big}, nil
	}
	if x.complex[0] != nil {
		return denseElem{}, dialect.NewError(locOf(x.pos), "complex element literal for non-complex element type %s", t)
	}
	if x.isList {
		return denseElem{}, dialect.NewError(locOf(x.pos), "tensor literal is invalid; ranks are not consistent between elements")
	}
	if x.tok.Type == tString {
		s, err := unquote(x.tok.Value)
		if err != nil {
			return denseElem{}, dialect.NewError(locOf(x.tok.Pos), "%v", err)
		}
		return denseElem{text: dialect.Quote(s)}, nil
	}
	switch t := t.(type) {
	case *dialect.IntegerType:
		return intElement(x, t)
	case *dialect.IndexType:
		return intElement(x, nil)
	case *dialect.FloatType:
		return floatElement(x, t)
	}
	return denseElem{}, dialect.NewError(locOf(x.tok.Pos), "unsupported element type %s in dense elements literal", t)
}

// intElement checks a scalar against an integer type, or the index type
// when it is nil.
func intElement(x *denseNode, it *dialect.IntegerType) (denseElem, error) {
	tok := &x.tok
	loc := locOf(tok.Pos)
	if tok.Type == tIdent {
		if it == nil || it.Width != 1 {
			return denseElem{}, dialect.NewError(loc, "expected i1 type for 'true' or 'false' values")
		}
		if tok.Value == "true" {
			return denseElem{text: "true", bits: [2]uint64{1}}, nil
		}
		return denseElem{text: "false"}, nil
	}
	if tok.Type == tFloat {
		return denseElem{}, dialect.NewError(loc, "expected integer elements, but parsed floating-point")
	}
	v, ok := parseIntLiteral(tok.Value)
	if !ok {
		return denseElem{}, dialect.NewError(loc, "invalid integer literal")
	}
	if x.neg {
		if it != nil && it.Signedness == 'u' {
			return denseElem{}, dialect.NewError(loc, "expected unsigned integer elements, but parsed negative value")
		}
		v.Neg(v)
	}
	if it != nil {
		if !fitsWidth(v, it) {
			return denseElem{}, dialect.NewError(loc, "integer constant out of range for type")
		}
		a := dialect.IntegerFromBig(v, it)
		return denseElem{text: intElemText(a), bits: [2]uint64{uint64(a.Value)}, big: a.Big != ""}, nil
	}
	if !v.IsInt64() {
		return denseElem{}, dialect.NewError(loc, "integer constant out of range for type")
	}
	return denseElem{text: v.String(), bits: [2]uint64{uint64(v.Int64())}}, nil
}

// floatElement checks a scalar against a float type: a float literal, or
// an integer literal giving the bits in hexadecimal.
func floatElement(x *denseNode, t *dialect.FloatType) (denseElem, error) {
	tok := &x.tok
	loc := locOf(tok.Pos)
	switch tok.Type {
	case tIdent:
		return denseElem{}, dialect.NewError(loc, "expected floating-point elements, but parsed boolean")
	case tInt:
		if !strings.HasPrefix(tok.Value, "0x") {
			return denseElem{}, dialect.NewError(loc, "unexpected decimal integer literal for a floating point value").
				WithNote(loc, "add a trailing dot to make the literal a float")
		}
		if x.neg {
			return denseElem{}, dialect.NewError(loc, "hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(tok.Value[2:], 16, 64)
		if err != nil || t.Width < 64 && bits>>uint(t.Width) != 0 {
			return denseElem{}, dialect.NewError(loc, "hexadecimal float constant out of range for type")
		}
		if elemBits(t) == 0 {
			return denseElem{text: tok.Value}, nil
		}
		v := dialect.FloatFromBits(bits, t)
		return denseElem{text: dialect.FormatFloat(v, t), bits: [2]uint64{bits}}, nil
	}
	if elemBits(t) == 0 {
		// A float type pto-opt does not compute with: keep the text.
		if x.neg {
			return denseElem{text: "-" + tok.Value}, nil
		}
		return denseElem{text: tok.Value}, nil
	}
	v, err := strconv.ParseFloat(tok.Value, 64)
	if err != nil && !isRangeErr(err) {
		return denseElem{}, dialect.NewError(loc, "invalid floating point literal")
	}
	if x.neg {
		v = -v
	}
	v = dialect.RoundToType(v, t)
	return denseElem{text: dialect.FormatFloat(v, t), bits: [2]uint64{dialect.FloatBits(v, t)}}, nil
}

// pendingDense is a dense literal whose type the op's parser supplies
// after reading it (memref.global's initial value).
type pendingDense struct {
	attr *dialect.DenseElementsAttr
	root *denseNode
	pos  lexer.Position
}

// finishDense checks the dense literals read since pending index from:
// each must have a type by now.
func (s *state) finishDense(from int) error {
	defer func() { s.pendingDense = s.pendingDense[:from] }()
	for _, pd := range s.pendingDense[from:] {
		if pd.attr.Type == nil {
			return dialect.NewError(locOf(pd.pos), "expected ':' and a shaped type after the dense elements literal")
		}
		lit, err := canonicalDense(pd.root, pd.attr.Type, pd.pos)
		if err != nil {
			return err
		}
		pd.attr.Literal = lit
	}
	return nil
}
