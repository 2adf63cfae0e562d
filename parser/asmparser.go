package parser

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// asmParser implements ir.AsmParser for the custom op parsers.
type asmParser struct {
	s       *state
	scratch []ir.OperandRef
	// op is the name of the op whose custom parser runs, which its own
	// errors name as MLIR's custom op parsers' errors do ("custom op
	// 'arith.cmpi' expected ...").
	op string
}

// prefixed is format after the custom op prefix of the errors the op's
// parser reports itself.
func (p *asmParser) prefixed(format string) string {
	if p.op == "" {
		return format
	}
	return "custom op '" + strings.ReplaceAll(p.op, "%", "%%") + "' " + format
}

var _ ir.AsmParser = (*asmParser)(nil)

func (p *asmParser) Loc() ir.Location { return locOf(p.s.peek().Pos) }

// Errorf reports at the next token, where it is (a custom parser's
// emitError); ParsePunct's errors are wrong-token errors (see errf).
func (p *asmParser) Errorf(format string, args ...any) error {
	return p.s.errAt(p.s.peek(), p.prefixed(format), args...)
}

func (p *asmParser) ErrorAt(loc ir.Location, format string, args ...any) error {
	return ir.NewError(loc, p.prefixed(format), args...)
}

func (p *asmParser) ParsePunct(v string) error { return p.s.expectPunct(v) }

func (p *asmParser) ParseOptionalPunct(v string) bool {
	if p.s.isPunct(v) {
		p.s.next()
		return true
	}
	return false
}

func (p *asmParser) PeekPunct(v string) bool { return p.s.isPunct(v) }

func (p *asmParser) ParseKeyword(kw string) error {
	if p.ParseOptionalKeyword(kw) {
		return nil
	}
	return p.Errorf("expected '%s'", kw)
}

func (p *asmParser) ParseOptionalKeyword(kw string) bool {
	t := p.s.peek()
	if t.Type == tIdent && t.Value == kw {
		p.s.next()
		return true
	}
	return false
}

func (p *asmParser) ParseOptionalBareId() (string, bool) {
	t := p.s.peek()
	if t.Type == tIdent {
		p.s.next()
		return t.Value, true
	}
	return "", false
}

func (p *asmParser) PeekBareId() (string, bool) {
	t := p.s.peek()
	return t.Value, t.Type == tIdent
}

func (p *asmParser) ParseInteger() (int64, error) {
	v, err := p.s.parseInteger()
	return v, p.own(err)
}

// own gives an error of the parser's own methods the custom op prefix, as
// MLIR's OpAsmParser words the errors its methods report themselves
// (parseInteger's, parseSymbolName's).
func (p *asmParser) own(err error) error {
	if d, ok := err.(*ir.Diagnostic); ok && p.op != "" {
		d.Msg = "custom op '" + p.op + "' " + d.Msg
	}
	return err
}

func (p *asmParser) ParseOptionalInteger() (int64, bool, error) {
	t := p.s.peek()
	if t.Type == tInt || t.Type == tPunct && t.Value == "-" {
		v, err := p.s.parseInteger()
		return v, err == nil, p.own(err)
	}
	return 0, false, nil
}

func (p *asmParser) ParseString() (string, error) {
	t := p.s.peek()
	if t.Type != tString {
		return "", p.own(p.s.errf("expected string"))
	}
	p.s.next()
	v, err := unquote(t.Value)
	if err != nil {
		return "", p.s.errAt(t, "%v", err)
	}
	return v, nil
}

func (p *asmParser) ParseOptionalString() (string, bool) {
	if p.s.peek().Type != tString {
		return "", false
	}
	v, err := p.ParseString()
	return v, err == nil
}

func (p *asmParser) ParseSymbolName() (string, error) {
	if name, ok := p.ParseOptionalSymbolName(); ok {
		return name, nil
	}
	return "", p.own(p.s.errf("expected valid '@'-identifier for symbol name"))
}

func (p *asmParser) ParseOptionalSymbolName() (string, bool) {
	t := p.s.peek()
	if t.Type != tAt {
		return "", false
	}
	p.s.next()
	name, err := symbolName(t.Value)
	return name, err == nil
}

func operandRef(name, hash string, loc ir.Location) (ir.OperandRef, error) {
	r := ir.OperandRef{Name: name[1:], Loc: loc}
	if hash != "" {
		n, err := strconv.Atoi(hash[1:])
		if err != nil {
			return r, ir.NewError(loc, "invalid SSA value result number")
		}
		r.Num = n
	}
	return r, nil
}

func (p *asmParser) PeekOperand() bool { return p.s.peek().Type == tPercent }

func (p *asmParser) ParseOperand() (ir.OperandRef, error) {
	t := p.s.peek()
	if t.Type != tPercent {
		return ir.OperandRef{}, p.s.errf("expected SSA operand")
	}
	p.s.next()
	hash := ""
	if h := p.s.peek(); h.Type == tHash {
		p.s.next()
		hash = h.Value
	}
	return operandRef(t.Value, hash, locOf(t.Pos))
}

func (p *asmParser) ParseOptionalOperand() (ir.OperandRef, bool, error) {
	if !p.PeekOperand() {
		return ir.OperandRef{}, false, nil
	}
	r, err := p.ParseOperand()
	return r, true, err
}

func closing(delim string) string {
	switch delim {
	case "(":
		return ")"
	case "[":
		return "]"
	case "<":
		return ">"
	}
	return ""
}

func (p *asmParser) ParseOperandList(delim string) ([]ir.OperandRef, error) {
	if delim != "" {
		if err := p.ParsePunct(delim); err != nil {
			return nil, err
		}
		if p.ParseOptionalPunct(closing(delim)) {
			return nil, nil
		}
	}
	// Collect into a scratch list, then allocate the result once.
	out := p.scratch[:0]
	for {
		r, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		out = append(out, r)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	p.scratch = out[:0]
	if delim != "" {
		if err := p.ParsePunct(closing(delim)); err != nil {
			return nil, err
		}
	}
	return p.s.scratch.CopyOperands(out), nil // see ir.AsmParser
}

func (p *asmParser) ParseArgument(withType bool) (ir.Argument, error) {
	loc := p.Loc()
	r, err := p.ParseOperand()
	if err != nil {
		return ir.Argument{}, err
	}
	a := ir.Argument{Ref: r, Loc: loc}
	if !withType {
		return a, nil
	}
	if err := p.ParsePunct(":"); err != nil {
		return a, err
	}
	if a.Type, err = p.s.parseType(); err != nil {
		return a, err
	}
	if p.s.isPunct("{") {
		if a.Attrs, err = p.s.parseAttrDict(); err != nil {
			return a, err
		}
	}
	if t := p.s.peek(); t.Type == tLoc {
		p.s.next()
		if err := p.s.readLoc(t, true); err != nil {
			return a, err
		}
		a.Loc = rawLoc(a.Loc, t.Value)
	}
	return a, nil
}

func (p *asmParser) ParseArgumentList(delim string, withType bool) ([]ir.Argument, error) {
	if err := p.ParsePunct(delim); err != nil {
		return nil, err
	}
	if p.ParseOptionalPunct(closing(delim)) {
		return nil, nil
	}
	var out []ir.Argument
	for {
		a, err := p.ParseArgument(withType)
		if err != nil {
			return nil, err
		}
		out = p.s.scratch.AppendArgument(out, a) // see ir.AsmParser
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return out, p.ParsePunct(closing(delim))
}

func (p *asmParser) ParseType() (ir.Type, error) { return p.s.parseType() }

func (p *asmParser) ParseOptionalType() (ir.Type, bool, error) {
	if !p.s.canStartType() {
		return nil, false, nil
	}
	t, err := p.s.parseType()
	return t, err == nil, err
}

func (p *asmParser) ParseTypeList() ([]ir.Type, error) {
	var out []ir.Type
	for {
		t, err := p.s.parseType()
		if err != nil {
			return nil, err
		}
		out = p.s.scratch.AppendType(out, t) // see ir.AsmParser
		if !p.ParseOptionalPunct(",") {
			return out, nil
		}
	}
}

func (p *asmParser) ParseColonTypeList() ([]ir.Type, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseTypeList()
}

func (p *asmParser) ParseArrowTypeList() ([]ir.Type, error) {
	if err := p.ParsePunct("->"); err != nil {
		return nil, err
	}
	return p.s.parseResultTypes()
}

func (p *asmParser) ParseAttribute() (ir.Attribute, error) { return p.s.parseAttribute() }

func (p *asmParser) ParseOptionalAttribute() (ir.Attribute, bool, error) {
	t := p.s.peek()
	switch t.Type {
	case tInt, tFloat, tString, tAt, tDialectAttr, tHash:
	case tPunct:
		if t.Value != "[" && t.Value != "{" && t.Value != "-" {
			return nil, false, nil
		}
	case tIdent:
		switch t.Value {
		case "true", "false", "unit", "dense", "array", "strided":
		default:
			if !p.s.canStartType() {
				return nil, false, nil
			}
		}
	default:
		return nil, false, nil
	}
	a, err := p.s.parseAttribute()
	return a, err == nil, err
}

func (p *asmParser) ParseOptionalAttrDict() ([]ir.NamedAttr, error) {
	if !p.s.peekBraces() {
		return nil, nil
	}
	return p.s.parseAttrDict()
}

func (p *asmParser) ParseOptionalAttrDictInto(st *ir.OperationState) error {
	if !p.s.peekBraces() {
		return nil
	}
	list, _, err := p.s.attrDict()
	st.AddAttrs(list)
	return err
}

func (p *asmParser) PeekRegion() bool { return p.s.peekBraces() }

// ParseRegion reads a region with the hand-written region production
// (parseRegion).
func (p *asmParser) ParseRegion(entryArgs []ir.Argument) (*ir.RegionState, error) {
	if p.s.isolatedOp && !p.s.exact {
		rs, err := p.s.parseRegionBuilt(entryArgs) // stream.go
		if err != nil {
			return nil, err
		}
		rs.Parsed = true
		return rs, nil
	}
	rs, err := p.s.parseRegion()
	if err != nil {
		return nil, err
	}
	rs.EntryArgs = entryArgs
	rs.Parsed = true
	return rs, nil
}

func (p *asmParser) ParseSuccessor() (ir.SuccessorRef, error) {
	t := p.s.peek()
	if t.Type != tCaret {
		return ir.SuccessorRef{}, p.s.errf("expected block name")
	}
	p.s.next()
	return ir.SuccessorRef{Label: t.Value[1:], Loc: locOf(t.Pos)}, nil
}

// ParseAngleBody reads the tokens of a balanced `<...>` group and returns
// the text they span: the stripped form of a dialect type or attribute
// (`<vec, 16x16xf32>` for a !pto.tile_buf), which the op's format turns
// into the full form.
func (p *asmParser) ParseAngleBody() (string, error) {
	open := p.s.peek()
	if open.Type != tPunct || open.Value != "<" {
		return "", p.s.errf("expected '<'")
	}
	depth := 0
	for {
		t := p.s.next()
		switch {
		case t.Type == tEOF || t.Type == tError:
			return "", p.s.errAt(open, "unbalanced '<'")
		case t.Type == tPunct && t.Value == "<":
			depth++
		case t.Type == tPunct && t.Value == ">":
			depth--
		}
		if depth == 0 {
			return p.s.src[open.Pos.Offset : t.Pos.Offset+len(t.Value)], nil
		}
	}
}
