// Package printer writes pto-opt's IR as MLIR text, in the pretty (custom)
// form by default or the generic form. Output is accepted by mlir-opt 22
// for the dialects both know, and printing is idempotent: parsing printed
// text and printing it again gives the same text.
package printer

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"pto-opt/dialect"
)

// Options select the printed form.
type Options struct {
	// Generic prints every op in generic form (--mlir-print-op-generic).
	Generic bool
	// DebugInfo appends loc(...) to every op (--mlir-print-debuginfo).
	DebugInfo bool
	// AllocAlignmentProperty prints memref.alloc's alignment as
	// `alignment = N` (LLVM main) instead of `{alignment = N : i64}`.
	AllocAlignmentProperty bool
}

// Print writes op (normally the top-level module) followed by a newline.
func Print(w io.Writer, op *dialect.Operation, opts Options) error {
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriterSize(w, 1<<16)
	}
	p := newPrinter(bw, opts)
	p.scope = p.newScope()
	p.printOp(op)
	p.w.WriteByte('\n')
	return bw.Flush()
}

// String prints op to a string.
func String(op *dialect.Operation, opts Options) string {
	var sb strings.Builder
	Print(&sb, op, opts)
	return sb.String()
}

type nameScope struct {
	used     map[string]bool
	nextID   int
	nextArg  int
	conflict int
}

type printer struct {
	w      *bufio.Writer
	opts   Options
	indent int
	names  map[*dialect.Value]string
	blocks map[*dialect.Block]string
	scope  *nameScope
	// groups records results printed as %N:k, used as %N#i.
	groups map[*dialect.Value]string
}

func newPrinter(w *bufio.Writer, opts Options) *printer {
	return &printer{
		w:      w,
		opts:   opts,
		names:  make(map[*dialect.Value]string, 1024),
		blocks: map[*dialect.Block]string{},
		groups: map[*dialect.Value]string{},
	}
}

func (p *printer) newScope() *nameScope { return &nameScope{used: map[string]bool{}} }

// ---- naming ----

// sanitize turns a hint into a valid SSA suffix-id, or "" when unusable.
func sanitize(h string) string {
	if h == "" {
		return ""
	}
	allDigits := true
	for i := 0; i < len(h); i++ {
		if h[i] < '0' || h[i] > '9' {
			allDigits = false
			break
		}
	}
	if allDigits || h[0] >= '0' && h[0] <= '9' {
		return ""
	}
	b := []byte(h)
	for i, c := range b {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '.' || c == '-'
		if !ok {
			b[i] = '_'
		}
	}
	return string(b)
}

func (p *printer) unique(base string) string {
	s := p.scope
	if !s.used[base] {
		s.used[base] = true
		return base
	}
	for {
		cand := base + "_" + strconv.Itoa(s.conflict)
		s.conflict++
		if !s.used[cand] {
			s.used[cand] = true
			return cand
		}
	}
}

func (p *printer) numbered() string {
	for {
		n := strconv.Itoa(p.scope.nextID)
		p.scope.nextID++
		if !p.scope.used[n] {
			p.scope.used[n] = true
			return n
		}
	}
}

func (p *printer) nameArg(v *dialect.Value, entry bool) {
	if h := sanitize(v.NameHint); h != "" {
		p.names[v] = "%" + p.unique(h)
		return
	}
	if entry {
		for {
			n := "arg" + strconv.Itoa(p.scope.nextArg)
			p.scope.nextArg++
			if !p.scope.used[n] {
				p.scope.used[n] = true
				p.names[v] = "%" + n
				return
			}
		}
	}
	p.names[v] = "%" + p.numbered()
}

// nameResults assigns names to op's results and returns the text before
// " = " (empty when the op has no results).
func (p *printer) nameResults(op *dialect.Operation) string {
	if len(op.Results) == 0 {
		return ""
	}
	var hints []string
	if op.Def != nil && op.Def.NameHint != nil && !p.opts.Generic {
		hints = op.Def.NameHint(op)
	}
	anyHint := false
	for i, r := range op.Results {
		if sanitize(r.NameHint) != "" || i < len(hints) && hints[i] != "" {
			anyHint = true
		}
	}
	if !anyHint && len(op.Results) > 1 {
		base := "%" + p.numbered()
		for i, r := range op.Results {
			p.names[r] = base + "#" + strconv.Itoa(i)
		}
		return base + ":" + strconv.Itoa(len(op.Results))
	}
	var sb strings.Builder
	for i, r := range op.Results {
		var name string
		if h := sanitize(r.NameHint); h != "" {
			name = p.unique(h)
		} else if i < len(hints) && sanitize(hints[i]) != "" {
			name = p.unique(sanitize(hints[i]))
		} else {
			name = p.numbered()
		}
		p.names[r] = "%" + name
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("%" + name)
	}
	return sb.String()
}

func (p *printer) valueName(v *dialect.Value) string {
	if n, ok := p.names[v]; ok {
		return n
	}
	// A value not printed yet: a region argument declared by its op's
	// custom syntax (scf.for's induction variable), a forward use in a graph
	// region, or a value from outside the printed op. Name it now.
	if v.IsBlockArg() {
		b := v.Block
		p.nameArg(v, b.Region != nil && len(b.Region.Blocks) > 0 && b.Region.Blocks[0] == b)
		return p.names[v]
	}
	n := "%" + p.numbered()
	p.names[v] = n
	return n
}

// ---- ops ----

func (p *printer) writeIndent() {
	for i := 0; i < p.indent; i++ {
		p.w.WriteString("  ")
	}
}

func (p *printer) printOp(op *dialect.Operation) {
	isolated := op.Has(dialect.IsolatedFromAbove)
	saved := p.scope
	if lhs := p.nameResults(op); lhs != "" {
		p.w.WriteString(lhs)
		p.w.WriteString(" = ")
	}
	if isolated {
		p.scope = p.newScope()
	}
	if op.Def != nil && op.Def.Print != nil && !p.opts.Generic {
		name := op.Name
		if parent := op.ParentOp(); parent != nil && parent.Def != nil && parent.Def.DefaultDialect != "" &&
			strings.HasPrefix(name, parent.Def.DefaultDialect+".") {
			name = name[len(parent.Def.DefaultDialect)+1:]
		} else if strings.HasPrefix(name, "builtin.") {
			name = name[len("builtin."):]
		}
		p.w.WriteString(name)
		op.Def.Print(p, op)
	} else {
		p.printGeneric(op)
	}
	p.scope = saved
	if p.opts.DebugInfo {
		p.w.WriteByte(' ')
		p.w.WriteString(locText(op.Loc))
	}
}

// locText renders a location for --mlir-print-debuginfo.
func locText(l dialect.Location) string {
	if l.Raw != "" {
		return l.Raw
	}
	if !l.Known() {
		return "loc(unknown)"
	}
	return "loc(" + dialect.Quote(l.File) + ":" + strconv.Itoa(l.Line) + ":" + strconv.Itoa(l.Col) + ")"
}

func (p *printer) printGeneric(op *dialect.Operation) {
	p.w.WriteString(dialect.Quote(op.Name))
	p.w.WriteByte('(')
	p.Operands(op.Operands)
	p.w.WriteByte(')')
	if len(op.Successors) > 0 {
		p.w.WriteByte('[')
		for i, s := range op.Successors {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.Successor(s)
		}
		p.w.WriteByte(']')
	}
	if len(op.Props) > 0 {
		p.w.WriteString(" <{")
		p.w.WriteString(dialect.FormatAttrList(op.Props))
		p.w.WriteString("}>")
	}
	if len(op.Regions) > 0 {
		p.w.WriteString(" (")
		for i, r := range op.Regions {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printRegion(r, true, true, true)
		}
		p.w.WriteByte(')')
	}
	if len(op.Attrs) > 0 {
		p.w.WriteString(" {")
		p.w.WriteString(dialect.FormatAttrList(op.Attrs))
		p.w.WriteByte('}')
	}
	p.w.WriteString(" : ")
	p.w.WriteString(dialect.Function(dialect.ValueTypes(op.Operands), dialect.ValueTypes(op.Results)).String())
}

// printRegion prints `{ ... }`. The entry block header is printed when
// asked and the block has arguments (or other blocks branch to it).
func (p *printer) printRegion(r *dialect.Region, printEntryArgs, printEmptyTerminator, generic bool) {
	p.w.WriteString("{\n")
	for i, b := range r.Blocks {
		p.blocks[b] = "^bb" + strconv.Itoa(i)
	}
	p.indent++
	for i, b := range r.Blocks {
		entry := i == 0
		for _, a := range b.Args {
			if _, named := p.names[a]; !named {
				p.nameArg(a, entry)
			}
		}
		header := !entry || (printEntryArgs && len(b.Args) > 0) || (entry && hasPredecessor(r, b))
		if header {
			p.indent--
			p.writeIndent()
			p.indent++
			p.w.WriteString(p.blocks[b])
			if len(b.Args) > 0 {
				p.w.WriteByte('(')
				for k, a := range b.Args {
					if k > 0 {
						p.w.WriteString(", ")
					}
					p.ArgDecl(a)
				}
				p.w.WriteByte(')')
			}
			p.w.WriteString(":\n")
		}
		for k, op := range b.Ops {
			if !generic && !printEmptyTerminator && k == len(b.Ops)-1 && isElidable(op) {
				continue
			}
			p.writeIndent()
			p.printOp(op)
			p.w.WriteByte('\n')
		}
	}
	p.indent--
	p.writeIndent()
	p.w.WriteByte('}')
}

func hasPredecessor(r *dialect.Region, target *dialect.Block) bool {
	for _, b := range r.Blocks {
		for _, s := range b.Successors() {
			if s == target {
				return true
			}
		}
	}
	return false
}

// isElidable reports whether op is an implicit terminator the pretty form
// may omit: its parent declares it and it carries nothing.
func isElidable(op *dialect.Operation) bool {
	parent := op.ParentOp()
	if parent == nil || parent.Def == nil || parent.Def.ImplicitTerminator != op.Name {
		return false
	}
	return len(op.Operands) == 0 && len(op.Attrs) == 0 && len(op.Props) == 0
}

// ---- dialect.AsmPrinter ----

func (p *printer) Write(s string) { p.w.WriteString(s) }

func (p *printer) Operand(v *dialect.Value) { p.w.WriteString(p.valueName(v)) }

func (p *printer) Operands(vs []*dialect.Value) {
	for i, v := range vs {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.w.WriteString(p.valueName(v))
	}
}

func (p *printer) Type(t dialect.Type) { p.w.WriteString(t.String()) }

func (p *printer) Types(ts []dialect.Type) {
	for i, t := range ts {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.w.WriteString(t.String())
	}
}

func (p *printer) Attr(a dialect.Attribute) { p.w.WriteString(a.String()) }

func mergedAttrs(op *dialect.Operation, elided []string) []dialect.NamedAttr {
	if len(op.Props) == 0 && len(elided) == 0 {
		return op.Attrs
	}
	var list []dialect.NamedAttr
	for _, src := range [][]dialect.NamedAttr{op.Props, op.Attrs} {
	next:
		for _, a := range src {
			for _, e := range elided {
				if a.Name == e {
					continue next
				}
			}
			list = append(list, a)
		}
	}
	dialect.SortAttrs(list)
	return list
}

func (p *printer) AttrDict(op *dialect.Operation, elided ...string) {
	list := mergedAttrs(op, elided)
	if len(list) == 0 {
		return
	}
	p.w.WriteString(" {")
	p.w.WriteString(dialect.FormatAttrList(list))
	p.w.WriteByte('}')
}

func (p *printer) AttrDictWithKeyword(op *dialect.Operation, elided ...string) {
	list := mergedAttrs(op, elided)
	if len(list) == 0 {
		return
	}
	p.w.WriteString(" attributes {")
	p.w.WriteString(dialect.FormatAttrList(list))
	p.w.WriteByte('}')
}

func (p *printer) Region(r *dialect.Region, printEntryArgs, printEmptyTerminator bool) {
	p.printRegion(r, printEntryArgs, printEmptyTerminator, false)
}

func (p *printer) Successor(b *dialect.Block) {
	if n, ok := p.blocks[b]; ok {
		p.w.WriteString(n)
		return
	}
	if b.Region != nil {
		for i, x := range b.Region.Blocks {
			if x == b {
				n := "^bb" + strconv.Itoa(i)
				p.blocks[b] = n
				p.w.WriteString(n)
				return
			}
		}
	}
	p.w.WriteString("^bb?")
}

func (p *printer) ArgDecl(v *dialect.Value) {
	if _, ok := p.names[v]; !ok {
		p.nameArg(v, v.Block != nil && v.Block.Region != nil && len(v.Block.Region.Blocks) > 0 && v.Block.Region.Blocks[0] == v.Block)
	}
	p.w.WriteString(p.names[v])
	p.w.WriteString(": ")
	p.w.WriteString(v.Type.String())
	if p.opts.DebugInfo && v.Loc.Known() {
		p.w.WriteByte(' ')
		p.w.WriteString(locText(v.Loc))
	}
}

func (p *printer) AllocAlignmentProperty() bool { return p.opts.AllocAlignmentProperty }

func (p *printer) OptionalLoc(loc dialect.Location) {
	if p.opts.DebugInfo {
		p.w.WriteByte(' ')
		p.w.WriteString(locText(loc))
	}
}

// Names returns the names values get when op is printed with opts, so
// analysis dumps can refer to values the way the printed IR does.
func Names(op *dialect.Operation, opts Options) map[*dialect.Value]string {
	p := newPrinter(bufio.NewWriter(io.Discard), opts)
	p.scope = p.newScope()
	p.printOp(op)
	return p.names
}
