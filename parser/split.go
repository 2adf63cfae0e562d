package parser

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"pto-opt/dialect"
)

// Large inputs are parsed in chunks: the body of the top-level module is cut
// between top-level ops that end with a region (function bodies), and the
// chunks are lexed and parsed concurrently, each with its own participle
// parser, while one builder links them in order. participle lexes a whole
// input into one token slice before parsing; per-chunk lexing keeps that
// slice small and short-lived. The cut is a cheap textual scan, so every
// chunk is still parsed by the real grammar, and any failure falls back to
// parsing the file in one piece (which then reports the error exactly).

// moduleLayout is the shape of an input that is one module op.
type moduleLayout struct {
	bodyOpen  int // index of the module body's '{'
	bodyClose int // index of its matching '}'
	chunks    []span
}

const minChunk = 4 << 10

// splitSpecial marks the bytes splitModule must look at; the rest is
// skipped in a tight loop.
var splitSpecial = func() (t [256]bool) {
	for _, c := range []byte("\"/{}()[]") {
		t[c] = true
	}
	return t
}()

// splitModule finds the module body and cuts it into chunks of whole
// top-level ops. ok is false when the input does not have that shape.
func splitModule(src string) (moduleLayout, bool) {
	var lay moduleLayout
	type group struct {
		open, close int
		cuts        []int
	}
	var groups []group // brace groups at depth 0
	depth, pdepth := 0, 0
	openAt := -1
	// Boundaries inside the current depth-0 group (brace depth 1): each is
	// the start of the line where a top-level op begins.
	var cuts []int
	pendingCut := false
	for i := 0; i < len(src); i++ {
		if !pendingCut {
			for i < len(src) && !splitSpecial[src[i]] {
				i++
			}
			if i == len(src) {
				break
			}
		}
		c := src[i]
		if c == '/' && i+1 < len(src) && src[i+1] == '/' {
			if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(src)
			}
			continue
		}
		if pendingCut {
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
				continue
			}
			pendingCut = false
			// A cut is taken when the next op starts on a later line with
			// a token that can only begin an op.
			ls := strings.LastIndexByte(src[:i], '\n') + 1
			if ls > cuts[len(cuts)-1] && startsOp(src, i) {
				cuts[len(cuts)-1] = ls
			} else {
				cuts = cuts[:len(cuts)-1]
			}
		}
		switch c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				if j < len(src) && src[j] == '\n' {
					return lay, false
				}
				j++
			}
			i = j
		case '{':
			if depth == 0 {
				openAt = i
			}
			depth++
		case '}':
			depth--
			if depth < 0 {
				return lay, false
			}
			if depth == 0 {
				groups = append(groups, group{openAt, i, cuts})
				cuts = nil
			} else if depth == 1 && pdepth == 0 {
				cuts = append(cuts, i+1)
				pendingCut = true
			}
		case '(', '[':
			pdepth++
		case ')', ']':
			pdepth--
		}
	}
	if depth != 0 || len(groups) == 0 {
		return lay, false
	}
	body := groups[len(groups)-1]
	if !moduleHeader(src[:body.open]) || !onlyTrivia(src[body.close+1:]) {
		return lay, false
	}
	lay.bodyOpen, lay.bodyClose = body.open, body.close
	// Positions of the chunk starts, counting lines as we go.
	line := 1 + strings.Count(src[:body.open], "\n")
	start := span{from: body.open + 1, line: line, lineStart: strings.LastIndexByte(src[:body.open+1], '\n') + 1}
	for _, at := range body.cuts {
		if at-start.from < minChunk || at >= body.close {
			continue
		}
		start.to = at
		lay.chunks = append(lay.chunks, start)
		line += strings.Count(src[start.from:at], "\n")
		start = span{from: at, line: line, lineStart: at}
	}
	start.to = body.close
	lay.chunks = append(lay.chunks, start)
	return lay, true
}

// startsOp reports whether an op can begin at src[i]: a result name, a
// generic op name, or a bare identifier that is not a continuation keyword.
func startsOp(src string, i int) bool {
	switch c := src[i]; {
	case c == '%' || c == '"':
		return true
	case isIdentStart(c):
		j := i
		for j < len(src) && isIdentChar(src[j]) {
			j++
		}
		switch src[i:j] {
		case "else", "do", "attributes", "loc", "to", "into":
			return false
		}
		return true
	}
	return false
}

// moduleHeader accepts alias definitions then `module [@name] [attributes
// {...}]` (or builtin.module) as the text before the body.
func moduleHeader(s string) bool {
	i := 0
	for i < len(s) {
		// skip whitespace and comments
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		if i+1 < len(s) && s[i] == '/' && s[i+1] == '/' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		if i < len(s) && (s[i] == '#' || s[i] == '!') {
			// alias definition: skip to the end of the line
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		break
	}
	rest := s[i:]
	for _, kw := range []string{"module", "builtin.module"} {
		if len(rest) > len(kw) && rest[:len(kw)] == kw && !isIdentChar(rest[len(kw)]) {
			return true
		}
	}
	return false
}

// onlyTrivia accepts whitespace, comments and location alias definitions.
func onlyTrivia(s string) bool {
	i := 0
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r':
			i++
		case i+1 < len(s) && s[i] == '/' && s[i+1] == '/', s[i] == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		default:
			return false
		}
	}
	return true
}

// parseChunk parses the ops of one chunk of a module body (positions
// absolute in src).
func (p *Parser) parseChunk(filename string, src string, sp span) ([]*dialect.OperationState, error) {
	p.st.startText(filename, src)
	return p.st.parseSpan(sp, false)
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
	p.st.startText(filename, src)
	after := lay.bodyClose + 1
	trailer := span{from: after, to: len(src), line: 1 + strings.Count(src[:after], "\n"), lineStart: strings.LastIndexByte(src[:after], '\n') + 1}
	if _, err := p.st.parseSpan(trailer, true); err != nil {
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
