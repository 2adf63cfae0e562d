// Package printer writes pto-opt's IR as MLIR text, in the pretty (custom)
// form by default or the generic form. Output is accepted by mlir-opt 22
// for the dialects both know, and printing is idempotent: parsing printed
// text and printing it again gives the same text.
//
// Names follow mlir-opt's AsmPrinter: the values of a region are numbered
// before anything nested in it, each nested region starts from the counters
// its parent region ended with, names are unique along the chain of
// enclosing regions (sibling regions may reuse them), result groups print
// as %name:N with uses %name#i, and blocks are ^bbN per region with
// predecessor comments. Source names (Value.NameHint) are kept; values
// without one get the op's suggested name (arith.constant's %c0, alloc's
// %alloc) or a number, as mlir-opt does. Affine maps and sets and location
// attributes are printed through #map/#set/#loc aliases, as mlir-opt does.
package printer

import (
	"bufio"
	"cmp"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/pto-opt/pto-opt/dialect/ir"
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
	// Threads caps the goroutines printing functions in parallel (0: one
	// per CPU; 1: print serially, as --mlir-disable-threading asks).
	Threads int
}

// workers is the number of goroutines a parallel print may use.
func (o Options) workers() int {
	if o.Threads > 0 {
		return min(o.Threads, runtime.GOMAXPROCS(0))
	}
	return runtime.GOMAXPROCS(0)
}

// Print writes op (normally the top-level module) followed by a newline.
func Print(w io.Writer, op *ir.Operation, opts Options) error {
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriterSize(w, 1<<16)
	}
	scan := newAliasScan()
	if !scan.needsAliases(op) {
		p := newPrinter(bw, opts)
		p.printTop(op)
		p.w.WriteByte('\n')
		return bw.Flush()
	}
	return printAliased(bw, op, opts, scan)
}

// printAliased prints op with its aliases. They are named as the IR is
// printed and listed before it: a first printing, to nowhere, names them
// (rather than holding the text of a large module until the names are
// known), the second prints the IR after their definitions. With a
// scan (the one that found aliases are needed, its answers kept), the
// first printing passes over ops that name none; nil (only to test that
// this changes nothing) prints every op.
func printAliased(bw *bufio.Writer, op *ir.Operation, opts Options, scan *aliasScan) error {
	table := newAliasTable()
	first := newPrinter(bufio.NewWriterSize(io.Discard, 1<<16), opts)
	first.alias, first.naming, first.scan = table, true, scan
	first.printTop(op)
	table.writeHeader(bw)
	p := newPrinter(bw, opts)
	p.alias = table
	p.printTop(op)
	p.w.WriteByte('\n')
	return bw.Flush()
}

// String prints op to a string.
func String(op *ir.Operation, opts Options) string {
	var sb strings.Builder
	Print(&sb, op, opts)
	return sb.String()
}

// Names returns the names values get when op is printed with opts, so
// analysis dumps can refer to values the way the printed IR does.
func Names(op *ir.Operation, opts Options) map[*ir.Value]string {
	p := newPrinter(bufio.NewWriter(io.Discard), opts)
	p.keepNames = true
	p.printTop(op)
	out := make(map[*ir.Value]string, len(p.names))
	for v, n := range p.names {
		out[v] = string(p.appendName(nil, n))
	}
	return out
}

// scope is the naming state of one region (or of the top-level op): the
// names used in it and the counters mlir-opt keeps per naming context.
type scope struct {
	parent *scope
	// The names used in the scope: the first few in few (most regions
	// name a handful of values: no map for them), the others in used.
	few                                    [8]string
	nfew                                   int
	used                                   map[string]struct{}
	nextValueID, nextArgID, nextConflictID int
	// The counters after the region was numbered: where regions nested in
	// it start.
	endValueID, endArgID, endConflictID int
}

func (s *scope) isUsed(name string) bool {
	for x := s; x != nil; x = x.parent {
		if slices.Contains(x.few[:x.nfew], name) {
			return true
		}
		if _, ok := x.used[name]; ok {
			return true
		}
	}
	return false
}

// unique returns name, or name_N with mlir-opt's conflict counter when it
// is taken in this scope or an enclosing one, and records it.
func (s *scope) unique(name string) string {
	if s.isUsed(name) {
		base := name
		for {
			name = base + "_" + strconv.Itoa(s.nextConflictID)
			s.nextConflictID++
			if !s.isUsed(name) {
				break
			}
		}
	}
	switch {
	case s.nfew < len(s.few):
		s.few[s.nfew] = name
		s.nfew++
	case s.used == nil:
		s.used = map[string]struct{}{name: {}}
	default:
		s.used[name] = struct{}{}
	}
	return name
}

func (s *scope) snapshot() {
	s.endValueID, s.endArgID, s.endConflictID = s.nextValueID, s.nextArgID, s.nextConflictID
}

type blockInfo struct {
	name  string
	order int
	preds []*ir.Block
}

type printer struct {
	w      *bufio.Writer
	opts   Options
	indent int
	// names maps values to their printed form (%x, %3, %0#1), packed
	// (vname): printing a number needs no string of its own.
	names  map[*ir.Value]vname
	hints  hintList // the names from hints, by vname index
	digits []byte   // scratch for writing numbers
	blocks map[*ir.Block]*blockInfo
	// regions holds the scopes of regions numbered but not yet finished.
	regions map[*ir.Region]*scope
	cur     *scope // the scope of the region being printed
	// keepNames keeps the names of finished regions (for Names).
	keepNames bool
	alias     *aliasTable // nil when the IR has nothing to alias
	// naming is set in the printing that only names aliases (see Print):
	// values are not named, their names not written.
	naming bool
	// scan, in the naming printing, skips ops whose own text names no
	// alias (most of a large module): only their nested ops are printed.
	scan *aliasScan
	// serial is set in the printers of parallel workers (see parallel.go).
	serial bool
	// attrScratch is mergedAttrs' list, reused from op to op.
	attrScratch []ir.NamedAttr
	// The scopes and block records of regions printed, reused for the
	// next regions (a module of many small functions would otherwise
	// allocate a few of each per function).
	freeScopes []*scope
	freeInfos  []*blockInfo
	namesPeak  int // the most names held when the tables were last emptied
}

func (p *printer) newScope() *scope {
	if n := len(p.freeScopes); n > 0 {
		s := p.freeScopes[n-1]
		p.freeScopes = p.freeScopes[:n-1]
		return s
	}
	return new(scope)
}

// newBlockInfo returns a record with no predecessors (a reused one keeps
// its list's storage).
func (p *printer) newBlockInfo() *blockInfo {
	if n := len(p.freeInfos); n > 0 {
		b := p.freeInfos[n-1]
		p.freeInfos = p.freeInfos[:n-1]
		clear(b.preds)
		b.preds = b.preds[:0]
		return b
	}
	return new(blockInfo)
}

func newPrinter(w *bufio.Writer, opts Options) *printer {
	return &printer{
		w:       w,
		opts:    opts,
		names:   make(map[*ir.Value]vname, 256),
		blocks:  map[*ir.Block]*blockInfo{},
		regions: map[*ir.Region]*scope{},
	}
}

// vname is a value's printed name, packed in a word: its kind (a number
// %N, an argument number %argN, or a name from hints, %x), the number or
// the index in hints, and its position in a result group plus one (%x#k),
// 0 outside a group.
type vname uint64

const (
	vnValue = iota
	vnArg
	vnHint
)

// maxNameNum bounds the numbers and hint indexes a vname holds (2^30: a
// function of a billion values is far beyond what fits in memory).
const maxNameNum = 1<<30 - 1

func packName(kind, num int) vname { return vname(kind)<<62 | vname(min(num, maxNameNum))<<32 }

// inGroup is n as result k of its group.
func (n vname) inGroup(k int) vname { return n&^0xffffffff | vname(uint32(k+1)) }

// base is n without its group position.
func (n vname) base() vname { return n &^ 0xffffffff }

func (n vname) group() (int, bool) { g := int(uint32(n)); return g - 1, g > 0 }

// hintName packs the name %h (h without its %).
func (p *printer) hintName(h string) vname {
	return packName(vnHint, p.hints.add(h))
}

// hintList holds the names from hints in pages of a fixed size: a large
// function's hundreds of thousands of names fill pages instead of
// copying a list each time it doubles (the copies were garbage).
type hintList struct {
	pages [][]string
	n     int
}

const hintPage = 1024

func (l *hintList) add(h string) int {
	i := l.n
	if i/hintPage == len(l.pages) {
		l.pages = append(l.pages, make([]string, hintPage))
	}
	l.pages[i/hintPage][i%hintPage] = h
	l.n++
	return i
}

func (l *hintList) at(i int) string { return l.pages[i/hintPage][i%hintPage] }

// reset forgets the names, keeping the pages.
func (l *hintList) reset() {
	for _, pg := range l.pages[:(l.n+hintPage-1)/hintPage] {
		clear(pg)
	}
	l.n = 0
}

// writeName writes n's text.
func (p *printer) writeName(n vname) {
	if p.naming {
		return
	}
	p.digits = p.appendName(p.digits[:0], n)
	p.w.Write(p.digits)
}

// writeInt writes v in decimal. (Its digits are made in p.digits: a
// buffer on the stack would escape through the Writer, one allocation
// per number.)
func (p *printer) writeInt(v int64) {
	p.digits = strconv.AppendInt(p.digits[:0], v, 10)
	p.w.Write(p.digits)
}

// appendName appends n's text to dst, making no string: a generated name
// past the cached ones is its prefix and its digits.
func (p *printer) appendName(dst []byte, n vname) []byte {
	num := int(n >> 32 & maxNameNum)
	switch kind := int(n >> 62); kind {
	case vnValue, vnArg:
		gen := genValue
		if kind == vnArg {
			gen = genArg
		}
		if uint(num) < genCached {
			dst = append(dst, genNames()[gen][num]...)
		} else {
			dst = strconv.AppendInt(append(dst, genPrefix[gen]...), int64(num), 10)
		}
	default:
		dst = append(append(dst, '%'), p.hints.at(num)...)
	}
	if k, ok := n.group(); ok {
		dst = strconv.AppendInt(append(dst, '#'), int64(k), 10)
	}
	return dst
}

// ---- naming ----

// The names the printer generates, %N, %argN and ^bbN, restart at zero in
// every function (isolated region), so the first few of each are made
// once, for every printer and worker, instead of once per function.
const (
	genValue = iota
	genArg
	genBlock
	genKinds
)

var genPrefix = [genKinds]string{"%", "%arg", "^bb"}

// genNames holds the first genCached names of each kind.
const genCached = 1024

var genNames = sync.OnceValue(func() *[genKinds][genCached]string {
	var t [genKinds][genCached]string
	for k := range t {
		for i := range t[k] {
			t[k][i] = genPrefix[k] + strconv.Itoa(i)
		}
	}
	return &t
})

// genName returns the generated name of kind k and number i: "%" + i,
// "%arg" + i or "^bb" + i.
func genName(k, i int) string {
	if uint(i) < genCached {
		return genNames()[k][i]
	}
	return genPrefix[k] + strconv.Itoa(i)
}

// sanitize turns a hint into a valid SSA suffix-id, or "" when unusable:
// empty, numeric, or argN (the names mlir-opt generates are generated
// afresh, so that printing mlir-opt's output, pretty or generic, gives
// mlir-opt's names).
func sanitize(h string) string {
	if h == "" || h[0] >= '0' && h[0] <= '9' || isArgN(h) {
		return ""
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '.' || c == '-') {
			b := []byte(h)
			for j := i; j < len(b); j++ {
				c := b[j]
				if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '.' || c == '-') {
					b[j] = '_'
				}
			}
			return string(b)
		}
	}
	return h
}

func isArgN(h string) bool {
	if len(h) < 4 || h[:3] != "arg" {
		return false
	}
	for i := 3; i < len(h); i++ {
		if h[i] < '0' || h[i] > '9' {
			return false
		}
	}
	return true
}

// printTop prints the top-level op: its regions are numbered from zero
// counters, like mlir-opt's naming of the op it is asked to print.
func (p *printer) printTop(op *ir.Operation) {
	root := &scope{}
	root.snapshot()
	p.cur = root
	p.numberResults(op, root)
	p.printOp(op)
}

// numberRegion names r's blocks, block arguments and the results of the
// ops directly in it.
func (p *printer) numberRegion(r *ir.Region, s *scope) {
	for i, b := range r.Blocks {
		info := p.newBlockInfo()
		info.name, info.order = genName(genBlock, i), i
		p.blocks[b] = info
	}
	if len(r.Blocks) > 1 {
		for _, b := range r.Blocks {
			for _, succ := range b.Successors() {
				if info, ok := p.blocks[succ]; ok && succ.Region == r {
					info.preds = append(info.preds, b)
				}
			}
		}
	}
	for i, b := range r.Blocks {
		if p.naming {
			continue // the aliases' first printing names no value
		}
		for _, a := range b.Args {
			switch h := sanitize(a.NameHint); {
			case h != "":
				p.names[a] = p.hintName(s.unique(h))
			case i == 0:
				arg := genName(genArg, s.nextArgID)
				if u := s.unique(arg[1:]); u == arg[1:] {
					p.names[a] = packName(vnArg, s.nextArgID)
				} else {
					p.names[a] = p.hintName(u)
				}
				s.nextArgID++
			default:
				p.names[a] = packName(vnValue, s.nextValueID)
				s.nextValueID++
			}
		}
		for _, op := range b.Ops {
			p.numberResults(op, s)
		}
	}
	s.snapshot()
}

// numberResults names op's results. A result with a name starts a result
// group that extends over the following unnamed results; an unnamed first
// result gets a number.
func (p *printer) numberResults(op *ir.Operation, s *scope) {
	res := op.Results
	if len(res) == 0 {
		return
	}
	// Source names (the usable ones) win over the op's suggestions.
	source := false
	for _, r := range res {
		if sanitize(r.NameHint) != "" {
			source = true
			break
		}
	}
	var defHints []string
	if !source && !p.opts.Generic && op.Def != nil && op.Def.NameHint != nil {
		defHints = op.Def.NameHint(op)
	}
	hint := func(i int) string {
		if source {
			return sanitize(res[i].NameHint)
		}
		if i < len(defHints) {
			return sanitize(defHints[i])
		}
		return ""
	}
	for i := 0; i < len(res); {
		var base vname
		if h := hint(i); h != "" {
			base = p.hintName(s.unique(h))
		} else {
			base = packName(vnValue, s.nextValueID)
			s.nextValueID++
		}
		j := i + 1
		for j < len(res) && hint(j) == "" {
			j++
		}
		if j-i == 1 {
			p.names[res[i]] = base
		} else {
			for k := i; k < j; k++ {
				p.names[res[k]] = base.inGroup(k - i)
			}
		}
		i = j
	}
}

func (p *printer) valueName(v *ir.Value) vname {
	if p.naming {
		return 0
	}
	if n, ok := p.names[v]; ok {
		return n
	}
	// A value the printed IR does not define (printing a nested op on its
	// own, or IR that does not verify): give it a number.
	n := packName(vnValue, p.cur.nextValueID)
	p.cur.nextValueID++
	p.names[v] = n
	return n
}

// writeResults prints the result list and " = " (nothing without results).
func (p *printer) writeResults(op *ir.Operation) {
	res := op.Results
	if len(res) == 0 {
		return
	}
	for i := 0; i < len(res); {
		if i > 0 {
			p.w.WriteString(", ")
		}
		n := p.valueName(res[i])
		if _, grouped := n.group(); !grouped {
			p.writeName(n)
			i++
			continue
		}
		j := i + 1
		for j < len(res) {
			m := p.valueName(res[j])
			if _, g := m.group(); !g || m.base() != n.base() {
				break
			}
			j++
		}
		p.writeName(n.base())
		p.w.WriteByte(':')
		p.w.WriteString(strconv.Itoa(j - i))
		i = j
	}
	p.w.WriteString(" = ")
}

// ---- ops ----

func (p *printer) writeIndent() {
	for i := 0; i < p.indent; i++ {
		p.w.WriteString("  ")
	}
}

func (p *printer) printOp(op *ir.Operation) {
	if p.scan != nil && !p.scan.opNeeds(op, true) {
		// Aliases are named in the order their first uses are printed:
		// the nested ops, in the order they are printed, are all that may
		// name one here.
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				for _, o := range b.Ops {
					p.printOp(o)
				}
			}
		}
		return
	}
	parent := p.cur
	// Nothing named before its regions (no result of op, no enclosing
	// value): every name its regions add dies with it, and the tables
	// are emptied at once instead of name by name.
	fresh := len(p.names) == 0 && len(p.blocks) == 0
	for _, r := range op.Regions() {
		s := p.newScope()
		*s = scope{parent: parent, nextValueID: parent.endValueID, nextArgID: parent.endArgID, nextConflictID: parent.endConflictID}
		p.numberRegion(r, s)
		p.regions[r] = s
	}
	p.writeResults(op)
	if op.Def != nil && op.Def.Print != nil && !p.opts.Generic && (op.Def.GenericOnly == nil || !op.Def.GenericOnly(op)) {
		// The dialect prefix is dropped where it is the default dialect of
		// the enclosing op, at the top level the top-level op's: builtin at
		// the top level and in a module, func in a function. A module in a
		// function stays builtin.module, as the parser requires.
		name := op.Name
		dd := ""
		if parentOp := op.ParentOp(); parentOp == nil {
			if top := ir.TopLevel(); top != nil {
				dd = top.DefaultDialect
			}
		} else if parentOp.Def != nil {
			dd = parentOp.Def.DefaultDialect
		}
		if dd != "" && strings.HasPrefix(name, dd+".") {
			name = name[len(dd)+1:]
		}
		p.w.WriteString(name)
		op.Def.Print(p, op)
	} else {
		p.printGeneric(op)
	}
	p.cur = parent
	if p.opts.DebugInfo {
		p.w.WriteByte(' ')
		p.w.WriteString(locText(op.Loc))
	}
	if fresh && !p.keepNames && len(op.Regions()) > 0 {
		p.forgetAll(op)
		return
	}
	for _, r := range op.Regions() {
		s := p.regions[r]
		delete(p.regions, r)
		if p.keepNames {
			continue
		}
		if s != nil {
			p.freeScopes = append(p.freeScopes, s)
		}
		for _, b := range r.Blocks {
			if info := p.blocks[b]; info != nil {
				p.freeInfos = append(p.freeInfos, info)
			}
			delete(p.blocks, b)
			for _, a := range b.Args {
				delete(p.names, a)
			}
			for _, o := range b.Ops {
				for _, v := range o.Results {
					delete(p.names, v)
				}
			}
		}
	}
}

// forgetAll drops the names, block records and scopes of op's regions when
// the tables hold nothing else: the scopes and records go back to the free
// lists, and the tables are cleared, or made anew when they once grew far
// beyond what one op's regions name (clearing a table costs its capacity).
func (p *printer) forgetAll(op *ir.Operation) {
	for _, r := range op.Regions() {
		if s := p.regions[r]; s != nil {
			p.freeScopes = append(p.freeScopes, s)
		}
		delete(p.regions, r)
	}
	for _, info := range p.blocks {
		p.freeInfos = append(p.freeInfos, info)
	}
	p.hints.reset()
	p.namesPeak = max(p.namesPeak, len(p.names))
	if n := len(p.names); p.namesPeak > 4*n+1024 {
		p.names = make(map[*ir.Value]vname, max(n, 256))
		p.blocks = map[*ir.Block]*blockInfo{}
		p.namesPeak = n
		return
	}
	clear(p.names)
	clear(p.blocks)
}

// locText renders a location for --mlir-print-debuginfo.
func locText(l ir.Location) string {
	if raw := l.RawText(); raw != "" {
		return raw
	}
	if !l.Known() {
		return "loc(unknown)"
	}
	return "loc(" + ir.Quote(l.FileName()) + ":" + strconv.Itoa(int(l.Line)) + ":" + strconv.Itoa(int(l.Col)) + ")"
}

func (p *printer) printGeneric(op *ir.Operation) {
	p.w.WriteString(ir.Quote(op.Name))
	p.w.WriteByte('(')
	p.Operands(op.Operands)
	p.w.WriteByte(')')
	if len(op.Successors()) > 0 {
		p.w.WriteByte('[')
		for i, s := range op.Successors() {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.Successor(s)
		}
		p.w.WriteByte(']')
	}
	if len(op.Props) > 0 {
		p.w.WriteString(" <{")
		p.attrList(op.Props)
		p.w.WriteString("}>")
	}
	if len(op.Regions()) > 0 {
		p.w.WriteString(" (")
		for i, r := range op.Regions() {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.printRegion(r, true, true, true)
		}
		p.w.WriteByte(')')
	}
	if len(op.Attrs()) > 0 {
		p.w.WriteString(" {")
		p.attrList(op.Attrs())
		p.w.WriteByte('}')
	}
	p.w.WriteString(" : (")
	for i, v := range op.Operands {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.Type(v.Type)
	}
	p.w.WriteString(") -> ")
	switch len(op.Results) {
	case 1:
		if _, isFn := op.Results[0].Type.(*ir.FunctionType); !isFn {
			p.Type(op.Results[0].Type)
			break
		}
		fallthrough
	default:
		p.w.WriteByte('(')
		for i, v := range op.Results {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.Type(v.Type)
		}
		p.w.WriteByte(')')
	}
}

// printRegion prints `{ ... }`. Block headers are printed for every block
// but the entry block, which gets one when its arguments are asked for or
// (generic form) when it is empty.
func (p *printer) printRegion(r *ir.Region, printEntryArgs, printEmptyTerminator, generic bool) {
	s, ok := p.regions[r]
	if !ok {
		// A region printed outside its op's printing: number it now.
		s = &scope{parent: p.cur, nextValueID: p.cur.nextValueID, nextArgID: p.cur.nextArgID, nextConflictID: p.cur.nextConflictID}
		p.numberRegion(r, s)
		p.regions[r] = s
	}
	saved := p.cur
	p.cur = s
	p.w.WriteString("{\n")
	p.indent++
	for i, b := range r.Blocks {
		entry := i == 0
		header := !entry || printEntryArgs && len(b.Args) > 0 || generic && len(b.Ops) == 0
		if header {
			p.indent--
			p.writeIndent()
			p.indent++
			p.printBlockHeader(b, entry)
		}
		if p.parallelOK(b) {
			p.printOpsParallel(b.Ops)
			continue
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
	p.cur = saved
}

func (p *printer) printBlockHeader(b *ir.Block, entry bool) {
	info := p.blockInfo(b)
	p.w.WriteString(info.name)
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
	p.w.WriteByte(':')
	// Predecessor comments, as mlir-opt prints them.
	preds := info.preds
	switch {
	case len(preds) == 0:
		if !entry {
			p.w.WriteString("  // no predecessors")
		}
	case len(preds) == 1:
		p.w.WriteString("  // pred: ")
		p.w.WriteString(p.blockInfo(preds[0]).name)
	default:
		sorted := append([]*ir.Block(nil), preds...)
		slices.SortStableFunc(sorted, func(a, b *ir.Block) int { return cmp.Compare(p.blockInfo(a).order, p.blockInfo(b).order) })
		p.w.WriteString("  // ")
		p.w.WriteString(strconv.Itoa(len(sorted)))
		p.w.WriteString(" preds: ")
		for i, x := range sorted {
			if i > 0 {
				p.w.WriteString(", ")
			}
			p.w.WriteString(p.blockInfo(x).name)
		}
	}
	p.w.WriteByte('\n')
}

func (p *printer) blockInfo(b *ir.Block) *blockInfo {
	if info, ok := p.blocks[b]; ok {
		return info
	}
	name := "^bb?"
	order := 0
	if b.Region != nil {
		for i, x := range b.Region.Blocks {
			if x == b {
				name, order = "^bb"+strconv.Itoa(i), i
				break
			}
		}
	}
	info := &blockInfo{name: name, order: order}
	p.blocks[b] = info
	return info
}

// isElidable reports whether op is an implicit terminator the pretty form
// may omit: its parent declares it and it carries nothing.
func isElidable(op *ir.Operation) bool {
	parent := op.ParentOp()
	if parent == nil || parent.Def == nil || parent.Def.ImplicitTerminator != op.Name {
		return false
	}
	for _, r := range op.Regions() {
		for _, b := range r.Blocks {
			if len(b.Ops) > 0 || len(b.Args) > 0 {
				return false
			}
		}
	}
	return len(op.Operands) == 0 && len(op.Attrs()) == 0 && len(op.Props) == 0
}

// ---- attributes and types ----

// text writes type or attribute text, through the alias table when the
// IR has aliases.
func (p *printer) text(s string) {
	if p.alias != nil {
		s = p.alias.subst(s)
	}
	p.w.WriteString(s)
}

// attrList writes `name = value, flag, ...`.
func (p *printer) attrList(list []ir.NamedAttr) {
	for i, e := range list {
		if i > 0 {
			p.w.WriteString(", ")
		}
		if ir.IsBareIdentifier(e.Name) {
			p.w.WriteString(e.Name)
		} else {
			p.w.WriteString(ir.Quote(e.Name))
		}
		if _, unit := e.Value.(*ir.UnitAttr); unit {
			continue
		}
		p.w.WriteString(" = ")
		p.attr(e.Value)
	}
}

// attr writes an attribute; the common kinds are written without building
// their text first.
func (p *printer) attr(a ir.Attribute) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		if it, ok := a.Type.(*ir.IntegerType); ok && it.Width == 1 && it.Signedness == 0 {
			break
		}
		if a.Big == "" && a.Type != nil {
			if it, ok := a.Type.(*ir.IntegerType); !ok || it.Signedness != 'u' || a.Value >= 0 {
				p.writeInt(a.Value)
				p.w.WriteString(" : ")
				p.Type(a.Type)
				return
			}
		}
	case *ir.DenseArrayAttr:
		if a.Floats == nil {
			if it, ok := a.Elem.(*ir.IntegerType); ok && it.Width > 1 && it.Signedness != 'u' {
				p.w.WriteString("array<")
				p.w.WriteString(it.String())
				for i, v := range a.Values {
					if i == 0 {
						p.w.WriteString(": ")
					} else {
						p.w.WriteString(", ")
					}
					p.writeInt(v)
				}
				p.w.WriteByte('>')
				return
			}
		}
	case *ir.DictAttr:
		p.w.WriteByte('{')
		p.attrList(a.Entries)
		p.w.WriteByte('}')
		return
	case *ir.ArrayAttr:
		// Elements as ir.ElidedString words them: i64 integers and f64
		// floats without their type.
		p.w.WriteByte('[')
		for i, e := range a.Elems {
			if i > 0 {
				p.w.WriteString(", ")
			}
			if n, ok := e.(*ir.IntegerAttr); ok && n.Type == ir.I64 && n.Big == "" {
				p.writeInt(n.Value)
				continue
			}
			switch e.(type) {
			case *ir.IntegerAttr, *ir.FloatAttr:
				p.text(ir.ElidedString(e))
			default:
				p.attr(e)
			}
		}
		p.w.WriteByte(']')
		return
	}
	p.text(a.String())
}

// ---- ir.AsmPrinter ----

func (p *printer) Write(s string) { p.text(s) }

func (p *printer) Operand(v *ir.Value) { p.writeName(p.valueName(v)) }

func (p *printer) Operands(vs []*ir.Value) {
	for i, v := range vs {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.writeName(p.valueName(v))
	}
}

func (p *printer) Type(t ir.Type) {
	if p.alias != nil {
		p.w.WriteString(p.alias.typeText(t))
		return
	}
	p.w.WriteString(t.String())
}

func (p *printer) Types(ts []ir.Type) {
	for i, t := range ts {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.Type(t)
	}
}

func (p *printer) ValueTypes(vs []*ir.Value) {
	for i, v := range vs {
		if i > 0 {
			p.w.WriteString(", ")
		}
		p.Type(v.Type)
	}
}

func (p *printer) Attr(a ir.Attribute) { p.attr(a) }

// mergedAttrs lists op's properties and attributes without the elided
// names, sorted by name, in the printer's scratch list (valid until the
// next call: the callers print it at once).
func (p *printer) mergedAttrs(op *ir.Operation, elided []string) []ir.NamedAttr {
	if len(op.Props) == 0 && len(elided) == 0 {
		return op.Attrs()
	}
	list := p.attrScratch[:0]
	defer func() { p.attrScratch = list[:0] }()
	for _, src := range [][]ir.NamedAttr{op.Props, op.Attrs()} {
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
	if len(list) > 1 {
		ir.SortAttrs(list)
	}
	return list
}

func (p *printer) AttrDict(op *ir.Operation, elided ...string) {
	list := p.mergedAttrs(op, elided)
	if len(list) == 0 {
		return
	}
	p.w.WriteString(" {")
	p.attrList(list)
	p.w.WriteByte('}')
}

func (p *printer) AttrDictWithKeyword(op *ir.Operation, elided ...string) {
	list := p.mergedAttrs(op, elided)
	if len(list) == 0 {
		return
	}
	p.w.WriteString(" attributes {")
	p.attrList(list)
	p.w.WriteByte('}')
}

func (p *printer) Region(r *ir.Region, printEntryArgs, printEmptyTerminator bool) {
	p.printRegion(r, printEntryArgs, printEmptyTerminator, false)
}

func (p *printer) Successor(b *ir.Block) { p.w.WriteString(p.blockInfo(b).name) }

func (p *printer) ArgDecl(v *ir.Value) {
	p.writeName(p.valueName(v))
	p.w.WriteString(": ")
	p.Type(v.Type)
	if p.opts.DebugInfo && (v.Loc().Known() || v.Loc().RawText() != "") {
		p.w.WriteByte(' ')
		p.w.WriteString(locText(v.Loc()))
	}
}

func (p *printer) AllocAlignmentProperty() bool { return p.opts.AllocAlignmentProperty }

func (p *printer) Newline(extra int) {
	p.w.WriteByte('\n')
	p.writeIndent()
	for ; extra > 0; extra-- {
		p.w.WriteString("  ")
	}
}

func (p *printer) OptionalLoc(loc ir.Location) {
	if p.opts.DebugInfo {
		p.w.WriteByte(' ')
		p.w.WriteString(locText(loc))
	}
}
