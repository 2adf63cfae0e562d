package parser

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"

	"pto-opt/dialect"
)

// ---- participle AST -> OperationState ----

func convertError(err error) error {
	var d *dialect.Diagnostic
	if errors.As(err, &d) {
		return d
	}
	var le *LexError
	if errors.As(err, &le) {
		return dialect.NewError(locOf(le.Pos), "%s", le.Msg)
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		pos := pe.Position()
		msg := pe.Message()
		if ut, ok := pe.(*participle.UnexpectedTokenError); ok {
			msg = "unexpected " + describe(&ut.Unexpected)
			if ut.Expect != "" {
				msg += ", expected " + ut.Expect
			}
		}
		return dialect.NewError(locOf(pos), "%s", msg)
	}
	return err
}

func convertGeneric(g *GenericOp) (*dialect.OperationState, error) {
	name, err := unquote(g.Name)
	if err != nil {
		return nil, dialect.NewError(locOf(g.Pos), "%v", err)
	}
	ft, ok := g.Type.typeNode().(*dialect.FunctionType)
	if !ok {
		return nil, dialect.NewError(locOf(g.Pos), "expected function type")
	}
	st := &dialect.OperationState{Name: name, Loc: locOf(g.Pos), Generic: true}
	if len(ft.Inputs) != len(g.Operands) {
		return nil, dialect.NewError(locOf(g.Pos), "expected %d operand type(s) but had %d", len(g.Operands), len(ft.Inputs))
	}
	for _, u := range g.Operands {
		r, err := operandRef(u.Name, u.Index, locOf(u.Pos))
		if err != nil {
			return nil, err
		}
		st.Operands = append(st.Operands, r)
	}
	st.OperandTypes = ft.Inputs
	st.ResultTypes = ft.Results
	for _, s := range g.Successors {
		st.Successors = append(st.Successors, dialect.SuccessorRef{Label: s.Label[1:], Loc: locOf(s.Pos)})
	}
	if g.Props != nil {
		st.Props = g.Props.attrs()
	}
	if g.Attrs != nil {
		st.Attrs = g.Attrs.attrs()
	}
	for _, r := range g.Regions {
		st.Regions = append(st.Regions, r.region())
	}
	return st, nil
}

// ---- OperationState -> IR ----

// builder turns parsed states into IR, resolving SSA names and block labels.
// Names are scoped by region; an isolated-from-above op starts a fresh
// scope chain. A use before its definition creates a placeholder value that
// the definition later replaces (MLIR's forward references).
//
// The names visible in the current chain live in one map; each region's
// frame remembers where its definitions start in the undo list and removes
// them when it closes, so sibling regions may reuse names. An isolated
// frame swaps in a fresh map (maps are recycled) and restores the outer one.
type builder struct {
	names      map[string]binding
	undo       []string
	frames     []frame
	spare      []map[string]binding
	allowUnreg bool
}

// binding is a defined name: its values (one, or a result group) and where
// it was defined.
type binding struct {
	vals []*dialect.Value
	loc  dialect.Location
}

type frame struct {
	mark     int // len(undo) when the frame opened
	isolated bool
	outer    map[string]binding // the names an isolated frame hides
	// forward references are kept on the isolated frame that owns them.
	forward map[string]*forwardRef
	labels  map[string]*dialect.Block
}

type forwardRef struct {
	vals []*dialect.Value // by result number
	loc  dialect.Location
}

func (b *builder) push(isolated bool) *frame {
	b.frames = append(b.frames, frame{mark: len(b.undo), isolated: isolated})
	f := &b.frames[len(b.frames)-1]
	if isolated || b.names == nil {
		f.isolated = true
		f.outer = b.names
		if n := len(b.spare); n > 0 {
			b.names, b.spare = b.spare[n-1], b.spare[:n-1]
		} else {
			b.names = make(map[string]binding, 64)
		}
	}
	return f
}

// pop closes a frame; closing an isolated frame reports unresolved names.
func (b *builder) pop() error {
	f := &b.frames[len(b.frames)-1]
	var err error
	if f.isolated {
		var first *forwardRef
		var firstName string
		for name, fr := range f.forward {
			if first == nil || fr.loc.Line < first.loc.Line || fr.loc.Line == first.loc.Line && fr.loc.Col < first.loc.Col {
				first, firstName = fr, name
			}
		}
		if first != nil {
			err = dialect.NewError(first.loc, "use of undeclared SSA value name '%%%s'", firstName)
		}
		clear(b.names)
		b.spare = append(b.spare, b.names)
		b.names = f.outer
	} else {
		for _, name := range b.undo[f.mark:] {
			delete(b.names, name)
		}
	}
	b.undo = b.undo[:f.mark]
	b.frames = b.frames[:len(b.frames)-1]
	return err
}

// reset drops every frame.
func (b *builder) reset() {
	for len(b.frames) > 0 {
		b.pop()
	}
}

func (b *builder) top() *frame { return &b.frames[len(b.frames)-1] }

func (b *builder) isolatedFrame() *frame {
	for i := len(b.frames) - 1; i >= 0; i-- {
		if b.frames[i].isolated {
			return &b.frames[i]
		}
	}
	return &b.frames[0]
}

// resolve returns the value for a use, creating a forward reference when
// the name is not defined yet.
func (b *builder) resolve(ref dialect.OperandRef, t dialect.Type) (*dialect.Value, error) {
	if d, ok := b.names[ref.Name]; ok {
		if ref.Num >= len(d.vals) {
			return nil, dialect.NewError(ref.Loc, "reference to invalid result number")
		}
		v := d.vals[ref.Num]
		if v.Type != t {
			return nil, dialect.NewError(ref.Loc, "use of value '%s' expects different type than prior uses: '%s' vs '%s'", ref, t, v.Type).
				WithNote(d.loc, "prior use here")
		}
		return v, nil
	}
	iso := b.isolatedFrame()
	f, ok := iso.forward[ref.Name]
	if !ok {
		if iso.forward == nil {
			iso.forward = map[string]*forwardRef{}
		}
		f = &forwardRef{loc: ref.Loc}
		iso.forward[ref.Name] = f
	}
	for len(f.vals) <= ref.Num {
		f.vals = append(f.vals, nil)
	}
	if f.vals[ref.Num] == nil {
		f.vals[ref.Num] = &dialect.Value{Type: t, Loc: ref.Loc}
	} else if f.vals[ref.Num].Type != t {
		return nil, dialect.NewError(ref.Loc, "use of value '%s' expects different type than prior uses: '%s' vs '%s'", ref, t, f.vals[ref.Num].Type).
			WithNote(f.loc, "prior use here")
	}
	return f.vals[ref.Num], nil
}

// define binds a name in the innermost frame, settling forward references.
func (b *builder) define(name string, vals []*dialect.Value, loc dialect.Location) error {
	if prev, ok := b.names[name]; ok {
		return dialect.NewError(loc, "redefinition of SSA value '%%%s'", name).WithNote(prev.loc, "previously defined here")
	}
	b.names[name] = binding{vals, loc}
	b.undo = append(b.undo, name)
	if !isNumeric(name) && len(vals) > 0 {
		// A group %name:N keeps its name on its first result; the others
		// are printed as %name#i.
		vals[0].NameHint = name
	}
	iso := b.isolatedFrame()
	if f, ok := iso.forward[name]; ok {
		for i, ph := range f.vals {
			if ph == nil {
				continue
			}
			if i >= len(vals) {
				return dialect.NewError(f.loc, "reference to invalid result number")
			}
			if ph.Type != vals[i].Type {
				return dialect.NewError(f.loc, "definition of SSA value '%%%s#%d' has type %s", name, i, vals[i].Type).
					WithNote(f.loc, "previously used here with type %s", ph.Type)
			}
			ph.ReplaceAllUsesWith(vals[i])
		}
		delete(iso.forward, name)
	}
	return nil
}

// sortAttrs sorts a dictionary by name unless it is trivially sorted
// (dialect.SortAttrs boxes its argument).
func sortAttrs(list []dialect.NamedAttr) {
	if len(list) > 1 {
		dialect.SortAttrs(list)
	}
}

func isNumeric(name string) bool {
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}

func (b *builder) buildOp(st *dialect.OperationState) (*dialect.Operation, error) {
	def := dialect.Lookup(st.Name)
	if def == nil {
		d := dialect.DialectOf(st.Name)
		if dialect.IsRegisteredDialect(d) {
			return nil, dialect.NewError(st.Loc, "unregistered operation '%s' found in dialect ('%s') that does not allow unknown operations", st.Name, d)
		}
		if !b.allowUnreg {
			return nil, dialect.NewError(st.Loc, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
		}
	}
	if len(st.OperandTypes) != len(st.Operands) {
		return nil, dialect.NewError(st.Loc, "expected %d operand type(s) but had %d", len(st.Operands), len(st.OperandTypes))
	}
	operands := make([]*dialect.Value, len(st.Operands))
	for i, ref := range st.Operands {
		v, err := b.resolve(ref, st.OperandTypes[i])
		if err != nil {
			return nil, err
		}
		operands[i] = v
	}
	if n := st.NumResults(); n != 0 && n != len(st.ResultTypes) {
		return nil, dialect.NewError(st.Loc, "operation defines %d results but was provided %d to bind", len(st.ResultTypes), n)
	}
	op := dialect.NewOperation(st.Name, st.Loc, operands, st.ResultTypes)
	// Inherent attributes live in properties; pretty forms and old generic
	// text may carry them in the attribute dictionary.
	op.Props = st.Props
	for _, a := range st.Attrs {
		if def != nil && def.IsInherent(a.Name) {
			op.Props = append(op.Props, a)
		} else {
			op.Attrs = append(op.Attrs, a)
		}
	}
	sortAttrs(op.Props)
	sortAttrs(op.Attrs)

	// Successors refer to blocks of the enclosing region.
	for _, s := range st.Successors {
		blk, ok := b.top().labels[s.Label]
		if !ok {
			return nil, dialect.NewError(s.Loc, "reference to an undefined block")
		}
		op.Successors = append(op.Successors, blk)
	}

	// Results are visible to later ops (and, for graph regions, to nested
	// regions through forward references).
	k := 0
	for _, g := range st.Results {
		vals := op.Results[k : k+g.Count]
		k += g.Count
		if err := b.define(g.Name, vals, g.Loc); err != nil {
			return nil, err
		}
	}
	isolated := def != nil && def.Traits.Has(dialect.IsolatedFromAbove)
	for _, rs := range st.Regions {
		r := op.AddRegion()
		if err := b.buildRegion(r, rs, isolated); err != nil {
			return nil, err
		}
		if def != nil && rs.Parsed {
			ensureTerminator(r, def, st.Loc)
		}
	}
	if def != nil && def.Traits.Has(dialect.NoTerminator) {
		for _, r := range op.Regions {
			if len(r.Blocks) == 0 {
				r.AddBlock()
			}
		}
	}
	return op, nil
}

// ensureTerminator adds the op's implicit terminator where the pretty form
// elided it (MLIR's SingleBlockImplicitTerminator).
func ensureTerminator(r *dialect.Region, def *dialect.OpDef, loc dialect.Location) {
	if def.ImplicitTerminator == "" {
		return
	}
	if len(r.Blocks) == 0 {
		r.AddBlock()
	}
	last := r.Blocks[len(r.Blocks)-1]
	if last.Terminator() == nil {
		last.Append(dialect.NewOperation(def.ImplicitTerminator, loc, nil, nil))
	}
}

func (b *builder) buildRegion(r *dialect.Region, rs *dialect.RegionState, isolated bool) error {
	sc := b.push(isolated)
	blocks := make([]*dialect.Block, len(rs.Blocks))
	for i, bs := range rs.Blocks {
		blk := r.AddBlock()
		blk.Label = bs.Label
		blocks[i] = blk
		if bs.Label != "" {
			if _, dup := sc.labels[bs.Label]; dup {
				return dialect.NewError(bs.Loc, "redefinition of block '^%s'", bs.Label)
			}
			if sc.labels == nil {
				sc.labels = map[string]*dialect.Block{}
			}
			sc.labels[bs.Label] = blk
		}
	}
	if len(rs.EntryArgs) > 0 {
		if len(blocks) == 0 {
			blocks = append(blocks, r.AddBlock())
			rs.Blocks = append(rs.Blocks, &dialect.BlockState{})
		} else if rs.Blocks[0].Label != "" || len(rs.Blocks[0].Args) > 0 {
			return dialect.NewError(rs.Blocks[0].Loc, "invalid block name in region with named arguments")
		}
		if err := b.defineArgs(blocks[0], rs.EntryArgs); err != nil {
			return err
		}
	}
	for i, bs := range rs.Blocks {
		if err := b.defineArgs(blocks[i], bs.Args); err != nil {
			return err
		}
	}
	for i, bs := range rs.Blocks {
		for _, ost := range bs.Ops {
			op, err := b.buildOp(ost)
			if err != nil {
				return err
			}
			blocks[i].Append(op)
		}
	}
	return b.pop()
}

func (b *builder) defineArgs(blk *dialect.Block, args []dialect.Argument) error {
	for _, a := range args {
		if a.Ref.Num != 0 {
			return dialect.NewError(a.Ref.Loc, "invalid block argument name")
		}
		blk.AddArgument(a.Type, a.Loc)
		if err := b.define(a.Ref.Name, blk.Args[len(blk.Args)-1:], a.Ref.Loc); err != nil {
			return err
		}
	}
	return nil
}

// ---- public API ----

// Options control parsing.
type Options struct {
	// AllowUnregistered accepts ops of dialects pto-opt does not know (kept
	// in generic form), like mlir-opt's -allow-unregistered-dialect.
	AllowUnregistered bool
	// Threads caps the goroutines building the functions of a large module
	// in parallel (0: one per CPU; 1: serially, as --mlir-disable-threading
	// asks).
	Threads int
}

// Parser parses MLIR text. A Parser is not safe for concurrent use; create
// one per goroutine.
type Parser struct {
	st   *state
	opts Options
}

// New builds a parser (the participle grammar is compiled once per Parser).
func New(opts Options) *Parser {
	st := &state{}
	p := &Parser{st: st, opts: opts}
	// The custom productions are closures over st, so each Parser compiles
	// its own grammar.
	st.genericP = participle.MustBuild[GenericOp](
		participle.Lexer(mlirLexer{}),
		participle.ParseTypeWith(st.typeProduction),
		participle.ParseTypeWith(st.attrDictProduction),
		participle.ParseTypeWith(st.regionProduction),
		participle.UseLookahead(2),
	)
	return p
}

// Parse reads src and returns the top-level builtin.module. Top-level ops
// that are not a single module are wrapped in one, as mlir-opt does.
func (p *Parser) Parse(filename string, src []byte) (*dialect.Operation, error) {
	m, err := p.parse(filename, string(src))
	if err != nil {
		return nil, err
	}
	if err := p.applyLocations(m, len(src)); err != nil {
		return nil, err
	}
	return m, nil
}

func (p *Parser) parse(filename string, text string) (*dialect.Operation, error) {
	if len(text) >= 2*minChunk {
		if lay, ok := splitModule(text); ok && len(lay.chunks) > 1 {
			if m, err := p.parseChunked(filename, text, lay); err == nil {
				return m, nil
			}
			// Fall through: the whole-file parse reports the error
			// exactly where the grammar finds it.
		}
	}
	return p.parseWhole(filename, text)
}

func (p *Parser) reset() {
	p.st.defaultDialect = "builtin"
	p.st.typeAlias = map[string]dialect.Type{}
	p.st.typeCache = map[string]dialect.Type{}
	p.st.attrAlias = map[string]dialect.Attribute{}
	p.st.allowUnreg = p.opts.AllowUnregistered
	p.st.pendingDense = p.st.pendingDense[:0]
	p.st.fatal = nil
	p.st.src = ""
	p.st.nesting = 0
	p.st.braces = braceIndex{}
	p.st.deferred = nil
}

func (p *Parser) parseWhole(filename string, src string) (*dialect.Operation, error) {
	p.reset()
	p.st.src = src
	ops, err := p.st.parseSpan(filename, span{from: 0, to: len(src), line: 1}, true)
	if err == nil {
		err = p.st.finishLocations()
	}
	if err != nil {
		return nil, err
	}
	b := &builder{allowUnreg: p.opts.AllowUnregistered}
	if len(ops) == 1 && ops[0].Name == "builtin.module" && ops[0].NumResults() == 0 {
		b.push(true)
		m, err := b.buildOp(ops[0])
		if err != nil {
			return nil, err
		}
		if err := b.pop(); err != nil {
			return nil, err
		}
		return m, nil
	}
	m := dialect.NewOperation("builtin.module", dialect.Location{File: filename}, nil, nil)
	body := m.AddRegion().AddBlock()
	b.push(true)
	for _, st := range ops {
		op, err := b.buildOp(st)
		if err != nil {
			return nil, err
		}
		body.Append(op)
	}
	if err := b.pop(); err != nil {
		return nil, err
	}
	return m, nil
}

// parseChunk parses the ops of one chunk of a module body (positions
// absolute in src).
func (p *Parser) parseChunk(filename string, src string, sp span) ([]*dialect.OperationState, error) {
	p.st.fatal = nil
	p.st.nesting = 0
	p.st.src = src
	p.st.braces = braceIndex{}
	return p.st.parseSpan(filename, sp, false)
}

// parseChunked parses the module header, then the body's chunks on
// parallel workers, building them in order into the module body.
func (p *Parser) parseChunked(filename string, src string, lay moduleLayout) (*dialect.Operation, error) {
	header := src[:lay.bodyOpen+1] + "}"
	m, err := p.parseWhole(filename, header)
	if err != nil {
		return nil, err
	}
	if len(m.Regions) != 1 || len(m.Regions[0].Blocks) != 1 || len(m.Regions[0].Blocks[0].Ops) != 0 {
		return nil, errNotChunkable
	}
	body := m.Regions[0].Blocks[0]

	workers := runtime.GOMAXPROCS(0)
	if p.opts.Threads > 0 {
		workers = min(workers, p.opts.Threads)
	}
	if workers > len(lay.chunks) {
		workers = len(lay.chunks)
	}
	// A chunk's result lists its top-level ops in order: built by the
	// worker when isolated from above (they see nothing of the module, so
	// a builder of their own resolves them), else left to the main
	// builder. err stops the list.
	type item struct {
		op *dialect.Operation
		st *dialect.OperationState
	}
	type result struct {
		items []item
		err   error
	}
	results := make([]chan result, len(lay.chunks))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	// window bounds how far parsing may run ahead of building.
	window := make(chan struct{}, 2*workers)
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	wps := make([]*Parser, workers)
	for w := 0; w < workers; w++ {
		wp := New(p.opts)
		wps[w] = wp
		wp.reset()
		for k, v := range p.st.typeAlias {
			wp.st.typeAlias[k] = v
		}
		for k, v := range p.st.attrAlias {
			wp.st.attrAlias[k] = v
		}
		wb := &builder{allowUnreg: p.opts.AllowUnregistered}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				window <- struct{}{}
				i := int(next.Add(1) - 1)
				if i >= len(lay.chunks) {
					<-window
					return
				}
				if stop.Load() {
					results[i] <- result{err: errNotChunkable}
					continue
				}
				ops, err := wp.parseChunk(filename, src, lay.chunks[i])
				items := make([]item, 0, len(ops))
				allBuilt := err == nil
				for _, st := range ops {
					if err != nil || !isolatedLeaf(st) {
						items = append(items, item{st: st})
						allBuilt = false
						continue
					}
					wb.reset()
					wb.push(true)
					op, berr := wb.buildOp(st)
					if berr == nil {
						berr = wb.pop()
					}
					if berr != nil {
						err = berr
						break
					}
					items = append(items, item{op: op})
				}
				wp.st.recycleStates(allBuilt && err == nil)
				results[i] <- result{items, err}
			}
		}()
	}
	b := &builder{allowUnreg: p.opts.AllowUnregistered}
	b.push(true) // the module's scope
	var firstErr error
	for i := range lay.chunks {
		r := <-results[i]
		<-window
		if firstErr != nil {
			continue
		}
		for _, it := range r.items {
			op := it.op
			if op == nil {
				var err error
				if op, err = b.buildOp(it.st); err != nil {
					firstErr = err
					break
				}
			}
			body.Append(op)
		}
		if firstErr == nil {
			firstErr = r.err
		}
		if firstErr != nil {
			stop.Store(true)
		}
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := b.pop(); err != nil {
		return nil, err
	}
	// The text after the module holds alias definitions (splitModule
	// checked): mlir-opt prints location aliases there, which the chunks'
	// trailing locations may name.
	for _, wp := range wps {
		p.st.deferred = append(p.st.deferred, wp.st.deferred...)
	}
	p.st.src = src
	after := lay.bodyClose + 1
	trailer := span{from: after, to: len(src), line: 1 + strings.Count(src[:after], "\n"), lineStart: strings.LastIndexByte(src[:after], '\n') + 1}
	if _, err := p.st.parseSpan(filename, trailer, true); err != nil {
		return nil, err
	}
	if err := p.st.finishLocations(); err != nil {
		return nil, err
	}
	return m, nil
}

var errNotChunkable = errors.New("input cannot be parsed in chunks")

// isolatedLeaf reports whether a parsed top-level op can be built on its
// own: isolated from above, with no operands, results or successors (a
// function).
func isolatedLeaf(st *dialect.OperationState) bool {
	def := dialect.Lookup(st.Name)
	return def != nil && def.Traits.Has(dialect.IsolatedFromAbove) &&
		len(st.Operands) == 0 && len(st.Results) == 0 && len(st.Successors) == 0
}

// ParseString is a convenience for tests.
func ParseString(src string, opts Options) (*dialect.Operation, error) {
	return New(opts).Parse("<string>", []byte(src))
}
