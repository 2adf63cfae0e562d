package filecheck

import (
	"math/big"
	"strconv"
	"strings"
)

// sref is a piece of a buffer (like llvm::StringRef into a SourceMgr buffer):
// it knows where it came from, so any parse error can point at it.
type sref struct {
	buf *srcBuf
	off int
	s   string
}

func (r sref) loc() loc                 { return loc{r.buf, r.off} }
func (r sref) empty() bool              { return r.s == "" }
func (r sref) drop(n int) sref          { return sref{r.buf, r.off + n, r.s[n:]} }
func (r sref) take(n int) sref          { return sref{r.buf, r.off, r.s[:n]} }
func (r sref) startsWith(p string) bool { return strings.HasPrefix(r.s, p) }

func (r *sref) consume(p string) bool {
	if r.startsWith(p) {
		*r = r.drop(len(p))
		return true
	}
	return false
}

func (r sref) ltrim() sref {
	n := 0
	for n < len(r.s) && (r.s[n] == ' ' || r.s[n] == '\t') {
		n++
	}
	return r.drop(n)
}

func (r sref) rtrim() sref {
	n := len(r.s)
	for n > 0 && (r.s[n-1] == ' ' || r.s[n-1] == '\t') {
		n--
	}
	return r.take(n)
}

// diagError is an error with a location (llvm's ErrorDiagnostic).
type diagError struct {
	at  loc
	msg string
}

func (e *diagError) Error() string { return e.msg }

func errAt(r sref, msg string) *diagError { return &diagError{r.loc(), msg} }

// undefVarError is FileCheck's UndefVarError: reported at the variable.
type undefVarError struct{ name sref }

// overflowError is FileCheck's OverflowError: the value does not fit the
// requested format (negative unsigned, division by zero).
type overflowError struct{}

// fmtKind is an ExpressionFormat kind.
type fmtKind int

const (
	fmtNone fmtKind = iota
	fmtUnsigned
	fmtSigned
	fmtHexUpper
	fmtHexLower
)

type exprFormat struct {
	kind      fmtKind
	precision int
	alternate bool
}

func (f exprFormat) String() string {
	switch f.kind {
	case fmtUnsigned:
		return "%u"
	case fmtSigned:
		return "%d"
	case fmtHexUpper:
		return "%X"
	case fmtHexLower:
		return "%x"
	}
	return "<none>"
}

// same is ExpressionFormat::operator==, which never holds for NoFormat.
func (f exprFormat) same(o exprFormat) bool {
	return f.kind != fmtNone && f == o
}

func (f exprFormat) prefix() string {
	if f.alternate {
		return "0x"
	}
	return ""
}

func (f exprFormat) wildcardRegex() string {
	prec := func(s string) string { return f.prefix() + s + "{" + strconv.Itoa(f.precision) + "}" }
	switch f.kind {
	case fmtUnsigned:
		if f.precision > 0 {
			return prec("([1-9][0-9]*)?[0-9]")
		}
		return "[0-9]+"
	case fmtSigned:
		if f.precision > 0 {
			return prec("-?([1-9][0-9]*)?[0-9]")
		}
		return "-?[0-9]+"
	case fmtHexUpper:
		if f.precision > 0 {
			return prec("([1-9A-F][0-9A-F]*)?[0-9A-F]")
		}
		return f.prefix() + "[0-9A-F]+"
	case fmtHexLower:
		if f.precision > 0 {
			return prec("([1-9a-f][0-9a-f]*)?[0-9a-f]")
		}
		return f.prefix() + "[0-9a-f]+"
	}
	return ""
}

func (f exprFormat) matchingString(v *big.Int) (string, any) {
	if f.kind != fmtSigned && v.Sign() < 0 {
		return "", overflowError{}
	}
	var digits string
	abs := new(big.Int).Abs(v)
	switch f.kind {
	case fmtUnsigned, fmtSigned:
		digits = abs.Text(10)
	case fmtHexUpper:
		digits = strings.ToUpper(abs.Text(16))
	case fmtHexLower:
		digits = abs.Text(16)
	}
	sign := ""
	if v.Sign() < 0 {
		sign = "-"
	}
	if f.precision > len(digits) {
		digits = strings.Repeat("0", f.precision-len(digits)) + digits
	}
	return sign + f.prefix() + digits, nil
}

func (f exprFormat) valueFromString(s string) *big.Int {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if f.kind != fmtSigned && f.alternate {
		s = strings.TrimPrefix(s, "0x")
	}
	base := 10
	if f.kind == fmtHexUpper || f.kind == fmtHexLower {
		base = 16
	}
	v, ok := new(big.Int).SetString(s, base)
	if !ok {
		v = new(big.Int)
	}
	if neg {
		v.Neg(v)
	}
	return v
}

// numVar is a numeric variable; a nil value means undefined.
type numVar struct {
	name     string
	format   exprFormat
	defLine  int // line of the defining directive, 0 if none
	value    *big.Int
	strValue *span // where the value was captured in the input, if it was
}

// exprNode is a node of a numeric expression.
type exprNode interface {
	eval() (*big.Int, []any)
	implicitFormat() (exprFormat, *diagError)
	text() sref
}

type exprLiteral struct {
	str sref
	val *big.Int
}

func (e *exprLiteral) eval() (*big.Int, []any)                  { return e.val, nil }
func (e *exprLiteral) implicitFormat() (exprFormat, *diagError) { return exprFormat{}, nil }
func (e *exprLiteral) text() sref                               { return e.str }

type exprVarUse struct {
	name sref
	v    *numVar
}

func (e *exprVarUse) eval() (*big.Int, []any) {
	if e.v.value != nil {
		return e.v.value, nil
	}
	return nil, []any{undefVarError{e.name}}
}
func (e *exprVarUse) implicitFormat() (exprFormat, *diagError) { return e.v.format, nil }
func (e *exprVarUse) text() sref                               { return e.name }

type exprBinOp struct {
	str  sref
	op   string
	l, r exprNode
}

func (e *exprBinOp) text() sref { return e.str }

func (e *exprBinOp) eval() (*big.Int, []any) {
	l, lerr := e.l.eval()
	r, rerr := e.r.eval()
	if lerr != nil || rerr != nil {
		return nil, append(lerr, rerr...)
	}
	res := new(big.Int)
	switch e.op {
	case "add":
		res.Add(l, r)
	case "sub":
		res.Sub(l, r)
	case "mul":
		res.Mul(l, r)
	case "div":
		if r.Sign() == 0 {
			return nil, []any{overflowError{}}
		}
		res.Quo(l, r)
	case "max":
		if l.Cmp(r) < 0 {
			res.Set(r)
		} else {
			res.Set(l)
		}
	case "min":
		if l.Cmp(r) < 0 {
			res.Set(l)
		} else {
			res.Set(r)
		}
	}
	return res, nil
}

func (e *exprBinOp) implicitFormat() (exprFormat, *diagError) {
	lf, lerr := e.l.implicitFormat()
	rf, rerr := e.r.implicitFormat()
	if lerr != nil {
		return exprFormat{}, lerr
	}
	if rerr != nil {
		return exprFormat{}, rerr
	}
	if lf.kind != fmtNone && rf.kind != fmtNone && !lf.same(rf) {
		return exprFormat{}, errAt(e.str, "implicit format conflict between '"+e.l.text().s+"' ("+lf.String()+") and '"+e.r.text().s+"' ("+rf.String()+"), need an explicit format specifier")
	}
	if lf.kind != fmtNone {
		return lf, nil
	}
	return rf, nil
}

// expression is a parsed numeric substitution block: an optional expression
// and the format its value is printed and matched in.
type expression struct {
	ast    exprNode
	format exprFormat
}

type allowedOperand int

const (
	operandLineVar allowedOperand = iota
	operandLegacyLiteral
	operandAny
)

// parseVariable is Pattern::parseVariable: it takes a variable name off the
// front of str.
func parseVariable(str *sref) (name sref, pseudo bool, err *diagError) {
	if str.empty() {
		return sref{}, false, errAt(*str, "empty variable name")
	}
	i := 0
	pseudo = str.s[0] == '@'
	if str.s[0] == '$' || pseudo {
		i++
	}
	if i == len(str.s) {
		kind := "global "
		if pseudo {
			kind = "pseudo "
		}
		return sref{}, false, errAt(str.drop(i), "empty "+kind+"variable name")
	}
	if c := str.s[i]; c != '_' && !isAlpha(c) {
		return sref{}, false, errAt(*str, "invalid variable name")
	}
	i++
	for i < len(str.s) && (str.s[i] == '_' || isAlnum(str.s[i])) {
		i++
	}
	name = str.take(i)
	*str = str.drop(i)
	return name, pseudo, nil
}

// exprParser parses numeric expressions for one directive.
type exprParser struct {
	ctx  *patternContext
	line int // line of the directive, 0 for command-line definitions
}

func autoSenseRadix(s string) (int, string) {
	ls := strings.ToLower(s)
	switch {
	case s == "":
		return 10, s
	case strings.HasPrefix(ls, "0x"):
		return 16, s[2:]
	case strings.HasPrefix(ls, "0b"):
		return 2, s[2:]
	case strings.HasPrefix(s, "0o"):
		return 8, s[2:]
	case s[0] == '0' && len(s) > 1 && isDigit(s[1]):
		return 8, s[1:]
	}
	return 10, s
}

// consumeInteger is StringRef::consumeInteger for an APInt, quirks included
// (it succeeds on a lone radix prefix followed by junk).
func consumeInteger(r *sref, radix int) (*big.Int, bool) {
	orig := r.s
	str := orig
	if radix == 0 {
		radix, str = autoSenseRadix(str)
	}
	if str == "" {
		return nil, false
	}
	str = strings.TrimLeft(str, "0")
	if str == "" {
		*r = r.drop(len(orig))
		return new(big.Int), true
	}
	n := 0
	for n < len(str) {
		c := str[n]
		var d int
		switch {
		case isDigit(c):
			d = int(c - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int(c-'A') + 10
		default:
			d = 99
		}
		if d >= radix {
			break
		}
		n++
	}
	rest := str[n:]
	if len(rest) == len(orig) {
		return nil, false
	}
	v := new(big.Int)
	if n > 0 {
		v.SetString(str[:n], radix)
	}
	*r = r.drop(len(orig) - len(rest))
	return v, true
}

func (p *exprParser) operand(expr *sref, ao allowedOperand, maybeInvalidConstraint bool) (exprNode, *diagError) {
	if expr.startsWith("(") {
		if ao != operandAny {
			return nil, errAt(*expr, "parenthesized expression not permitted here")
		}
		return p.parenExpr(expr)
	}
	if ao == operandLineVar || ao == operandAny {
		save := *expr
		name, pseudo, err := parseVariable(expr)
		if err == nil {
			if expr.ltrim().startsWith("(") {
				if ao != operandAny {
					return nil, errAt(name, "unexpected function call")
				}
				return p.callExpr(expr, name)
			}
			return p.varUse(name, pseudo)
		}
		if ao == operandLineVar {
			return nil, err
		}
		*expr = save
	}
	save := *expr
	neg := expr.consume("-")
	radix := 0
	if ao == operandLegacyLiteral {
		radix = 10
	}
	if v, ok := consumeInteger(expr, radix); ok {
		if neg {
			v.Neg(v)
		}
		return &exprLiteral{str: save.take(len(save.s) - len(expr.s)), val: v}, nil
	}
	*expr = save
	msg := "invalid "
	if maybeInvalidConstraint {
		msg += "matching constraint or "
	}
	return nil, errAt(save, msg+"operand format")
}

func (p *exprParser) varUse(name sref, pseudo bool) (exprNode, *diagError) {
	if pseudo && name.s != "@LINE" {
		return nil, errAt(name, "invalid pseudo numeric variable '"+name.s+"'")
	}
	v, ok := p.ctx.numVars[name.s]
	if !ok {
		// Uses before any definition get a placeholder that stays
		// undefined; the failure is reported when matching.
		v = &numVar{name: name.s, format: exprFormat{kind: fmtUnsigned}}
		p.ctx.numVars[name.s] = v
	}
	if v.defLine != 0 && p.line != 0 && v.defLine == p.line {
		return nil, errAt(name, "numeric variable '"+name.s+"' defined earlier in the same CHECK directive")
	}
	return &exprVarUse{name: name, v: v}, nil
}

func (p *exprParser) parenExpr(expr *sref) (exprNode, *diagError) {
	*expr = expr.ltrim()
	expr.consume("(")
	*expr = expr.ltrim()
	if expr.empty() {
		return nil, errAt(*expr, "missing operand in expression")
	}
	sub, err := p.operand(expr, operandAny, false)
	*expr = expr.ltrim()
	for err == nil && !expr.empty() && !expr.startsWith(")") {
		orig := *expr
		sub, err = p.binop(orig, expr, sub, false)
		*expr = expr.ltrim()
	}
	if err != nil {
		return nil, err
	}
	if !expr.consume(")") {
		return nil, errAt(*expr, "missing ')' at end of nested expression")
	}
	return sub, nil
}

// binop parses "<op> <operand>" from rest; whole is the text the resulting
// node spans from its start (its end is wherever rest ends up).
func (p *exprParser) binop(whole sref, rest *sref, left exprNode, legacy bool) (exprNode, *diagError) {
	*rest = rest.ltrim()
	if rest.empty() {
		return left, nil
	}
	opAt := *rest
	var op string
	switch rest.s[0] {
	case '+':
		op = "add"
	case '-':
		op = "sub"
	default:
		return nil, errAt(opAt, "unsupported operation '"+rest.s[:1]+"'")
	}
	*rest = rest.drop(1).ltrim()
	if rest.empty() {
		return nil, errAt(*rest, "missing operand in expression")
	}
	ao := operandAny
	if legacy {
		ao = operandLegacyLiteral
	}
	right, err := p.operand(rest, ao, false)
	if err != nil {
		return nil, err
	}
	return &exprBinOp{str: whole.take(len(whole.s) - len(rest.s)), op: op, l: left, r: right}, nil
}

var exprFuncs = map[string]bool{"add": true, "div": true, "max": true, "min": true, "mul": true, "sub": true}

func (p *exprParser) callExpr(expr *sref, name sref) (exprNode, *diagError) {
	*expr = expr.ltrim()
	if !exprFuncs[name.s] {
		return nil, errAt(name, "call to undefined function '"+name.s+"'")
	}
	expr.consume("(")
	*expr = expr.ltrim()
	var args []exprNode
	for !expr.empty() && !expr.startsWith(")") {
		if expr.startsWith(",") {
			return nil, errAt(*expr, "missing argument")
		}
		outer := *expr
		arg, err := p.operand(expr, operandAny, false)
		for err == nil && !expr.empty() {
			*expr = expr.ltrim()
			if expr.startsWith(",") || expr.startsWith(")") {
				break
			}
			arg, err = p.binop(outer, expr, arg, false)
		}
		if err != nil {
			return nil, err
		}
		args = append(args, arg)
		*expr = expr.ltrim()
		if !expr.consume(",") {
			break
		}
		*expr = expr.ltrim()
		if expr.startsWith(")") {
			return nil, errAt(*expr, "missing argument")
		}
	}
	if !expr.consume(")") {
		return nil, errAt(*expr, "missing ')' at end of call expression")
	}
	if len(args) == 2 {
		return &exprBinOp{str: *expr, op: name.s, l: args[0], r: args[1]}, nil
	}
	return nil, errAt(name, "function '"+name.s+"' takes 2 arguments but "+strconv.Itoa(len(args))+" given")
}

// numericBlock is Pattern::parseNumericSubstitutionBlock: "[[#...]]" content
// (or a -D# definition) into an expression and the variable it defines.
func (p *exprParser) numericBlock(expr sref, legacy bool) (*expression, *numVar, *diagError) {
	var explicit exprFormat
	precision := 0
	formatEnd := strings.IndexByte(expr.s, ',')
	funcStart := strings.IndexByte(expr.s, '(')
	if formatEnd >= 0 && (funcStart < 0 || formatEnd < funcStart) {
		fe := expr.take(formatEnd)
		expr = expr.drop(formatEnd + 1)
		fe = fe.ltrim().rtrim()
		if !fe.consume("%") {
			return nil, nil, errAt(fe, "invalid matching format specification in expression")
		}
		altAt := fe
		alternate := fe.consume("#")
		if fe.consume(".") {
			v, ok := consumeInteger(&fe, 10)
			if !ok || !v.IsInt64() || v.Int64() > 1<<31 {
				return nil, nil, errAt(fe, "invalid precision in format specifier")
			}
			precision = int(v.Int64())
		}
		if !fe.empty() {
			fmtAt := fe
			c := fe.s[0]
			fe = fe.drop(1)
			switch c {
			case 'u':
				explicit = exprFormat{kind: fmtUnsigned, precision: precision}
			case 'd':
				explicit = exprFormat{kind: fmtSigned, precision: precision}
			case 'x':
				explicit = exprFormat{kind: fmtHexLower, precision: precision, alternate: alternate}
			case 'X':
				explicit = exprFormat{kind: fmtHexUpper, precision: precision, alternate: alternate}
			default:
				return nil, nil, errAt(fmtAt, "invalid format specifier in expression")
			}
		}
		if alternate && explicit.kind != fmtHexLower && explicit.kind != fmtHexUpper {
			return nil, nil, errAt(altAt, "alternate form only supported for hex values")
		}
		fe = fe.ltrim()
		if !fe.empty() {
			return nil, nil, errAt(fe, "invalid matching format specification in expression")
		}
	}

	var defExpr sref
	defEnd := strings.IndexByte(expr.s, ':')
	if defEnd >= 0 {
		defExpr = expr.take(defEnd)
		expr = expr.drop(defEnd + 1)
	}

	expr = expr.ltrim()
	constraint := expr.consume("==")
	expr = expr.ltrim()
	var ast exprNode
	if expr.empty() {
		if constraint {
			return nil, nil, errAt(expr, "empty numeric expression should not have a constraint")
		}
	} else {
		expr = expr.rtrim()
		outer := expr
		ao := operandAny
		if legacy {
			ao = operandLineVar
		}
		var err *diagError
		ast, err = p.operand(&expr, ao, !constraint)
		for err == nil && !expr.empty() {
			ast, err = p.binop(outer, &expr, ast, legacy)
			if err == nil && legacy && !expr.empty() {
				return nil, nil, errAt(expr, "unexpected characters at end of expression '"+expr.s+"'")
			}
		}
		if err != nil {
			return nil, nil, err
		}
	}

	var format exprFormat
	if explicit.kind != fmtNone {
		format = explicit
	} else if ast != nil {
		f, err := ast.implicitFormat()
		if err != nil {
			return nil, nil, err
		}
		format = f
	}
	if format.kind == fmtNone {
		format = exprFormat{kind: fmtUnsigned, precision: precision}
	}
	e := &expression{ast: ast, format: format}

	if defEnd < 0 {
		return e, nil, nil
	}
	defExpr = defExpr.ltrim()
	name, pseudo, err := parseVariable(&defExpr)
	if err != nil {
		return nil, nil, err
	}
	if pseudo {
		return nil, nil, errAt(name, "definition of pseudo numeric variable unsupported")
	}
	if p.ctx.definedStrings[name.s] {
		return nil, nil, errAt(name, "string variable with name '"+name.s+"' already exists")
	}
	defExpr = defExpr.ltrim()
	if !defExpr.empty() {
		return nil, nil, errAt(defExpr, "unexpected characters after numeric variable name")
	}
	v, ok := p.ctx.numVars[name.s]
	if ok {
		if v.format != format {
			return nil, nil, errAt(defExpr, "format different from previous variable definition")
		}
	} else {
		v = &numVar{name: name.s, format: format, defLine: p.line}
	}
	return e, v, nil
}
