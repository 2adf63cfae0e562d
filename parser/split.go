package parser

import (
	"errors"
	"maps"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Large inputs are parsed in chunks: the body of the top-level module is
// cut between top-level ops that end with a region (function bodies), and
// the chunks are parsed concurrently, each by a Parser of its own, which
// also builds the functions (they are isolated from above), while one
// builder links everything in order. The cut is a cheap textual scan, so
// every chunk is still parsed by the real grammar, and any failure falls
// back to parsing the file in one piece (which then reports the error
// exactly).

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
func (s *state) splitModule(src string) (moduleLayout, bool) {
	groups, ok := topGroups(src)
	if !ok || len(groups) == 0 {
		return moduleLayout{}, false
	}
	body := groups[len(groups)-1]
	if !moduleHeader(src[:body.open]) || !onlyTrivia(src[body.close+1:]) {
		return moduleLayout{}, false
	}
	return moduleLayout{bodyOpen: body.open, bodyClose: body.close, chunks: s.chunkSpans(src, body)}, true
}

// braceGroup is a brace group at depth 0 of the text, with the places it
// may be cut at: the starts of the lines where a top-level op of the
// group begins after one that ended with a region.
type braceGroup struct {
	open, close int
	cuts        []int
}

// topGroups finds the brace groups at depth 0 and their cuts. ok is false
// when the braces do not balance or a string spans lines.
func topGroups(src string) (groups []braceGroup, ok bool) {
	depth, pdepth := 0, 0
	openAt := -1
	var cuts []int // of the current depth-0 group
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
			if c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == 0 {
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
			if q := strings.IndexByte(src[j:], '"'); q > 64 {
				// A long string (hex data): skip it in one search when it
				// holds no escape and no newline.
				if body := src[j : j+q]; strings.IndexByte(body, '\\') < 0 && strings.IndexByte(body, '\n') < 0 {
					i = j + q
					continue
				}
			}
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				if j < len(src) && src[j] == '\n' {
					return nil, false
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
				return nil, false
			}
			if depth == 0 {
				groups = append(groups, braceGroup{openAt, i, cuts})
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
	return groups, depth == 0
}

// chunkSpans cuts the module body into chunks of at least minChunk bytes
// at its cuts, with the position of each chunk's start.
func (s *state) chunkSpans(src string, body braceGroup) []span {
	var chunks []span
	line := s.baseLine + strings.Count(src[:body.open], "\n")
	start := span{from: body.open + 1, line: line, lineStart: s.lineStartAt(src, body.open+1)}
	for _, at := range body.cuts {
		if at-start.from < minChunk || at >= body.close {
			continue
		}
		start.to = at
		chunks = append(chunks, start)
		line += strings.Count(src[start.from:at], "\n")
		start = span{from: at, line: line, lineStart: at}
	}
	start.to = body.close
	return append(chunks, start)
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
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == 0) {
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
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == 0:
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

// parseChunked parses the module header, then the body's chunks on
// parallel workers, building them in order into the module body, then
// the text after the module.
func (p *Parser) parseChunked(filename string, src string, lay moduleLayout) (*ir.Operation, error) {
	header := src[:lay.bodyOpen+1] + "}"
	m, err := p.parseWhole(filename, header)
	if err != nil {
		return nil, err
	}
	if len(m.Regions()) != 1 || len(m.Regions()[0].Blocks) != 1 || len(m.Regions()[0].Blocks[0].Ops) != 0 {
		return nil, errNotChunkable
	}
	workers := runtime.GOMAXPROCS(0)
	if p.opts.Threads > 0 {
		workers = min(workers, p.opts.Threads)
	}
	workers = min(workers, len(lay.chunks))
	run := &chunkRun{filename: filename, src: src, chunks: lay.chunks,
		results: make([]chan chunkResult, len(lay.chunks)), window: make(chan struct{}, 2*workers)}
	for i := range run.results {
		run.results[i] = make(chan chunkResult, 1)
	}
	wps := make([]*Parser, workers)
	for w := range wps {
		// A worker reads with the aliases the header defined.
		wp := New(p.opts)
		wp.reset()
		maps.Copy(wp.st.typeAlias, p.st.typeAlias)
		maps.Copy(wp.st.attrAlias, p.st.attrAlias)
		wps[w] = wp
		run.wg.Add(1)
		go run.work(wp)
	}
	err = run.buildInOrder(&builder{allowUnreg: p.opts.AllowUnregistered}, m.Regions()[0].Blocks[0])
	run.wg.Wait()
	if err != nil {
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
	trailer := span{from: after, to: len(src), line: p.st.baseLine + strings.Count(src[:after], "\n"), lineStart: p.st.lineStartAt(src, after)}
	if _, err := p.st.parseSpan(trailer, true); err != nil {
		return nil, err
	}
	if err := p.st.finishLocations(); err != nil {
		return nil, err
	}
	return m, nil
}

// chunkRun is the parse of a module body's chunks by workers, each with
// a Parser of its own, and their building in order by one builder.
type chunkRun struct {
	filename, src string
	chunks        []span
	results       []chan chunkResult // one per chunk
	window        chan struct{}      // bounds how far parsing may run ahead of building
	next          atomic.Int64       // the next chunk to take
	stop          atomic.Bool        // set at the first error: the chunks after it are not parsed
	wg            sync.WaitGroup
}

// chunkResult lists the top-level ops of a chunk in order: each built by
// the worker when isolated from above (it sees nothing of the module, so
// a builder of the worker's own resolves it), else left to the main
// builder. err stops the list.
type chunkResult struct {
	items []chunkItem
	err   error
}

type chunkItem struct {
	op *ir.Operation      // built by the worker
	st *ir.OperationState // or to be built in order
}

// work parses chunks until none is left.
func (r *chunkRun) work(wp *Parser) {
	defer r.wg.Done()
	wb := &builder{allowUnreg: wp.opts.AllowUnregistered}
	for {
		r.window <- struct{}{}
		i := int(r.next.Add(1) - 1)
		if i >= len(r.chunks) {
			<-r.window
			return
		}
		if r.stop.Load() {
			r.results[i] <- chunkResult{err: errNotChunkable}
			continue
		}
		r.results[i] <- wp.parseChunk(r.filename, r.src, r.chunks[i], wb)
	}
}

// parseChunk parses the ops of one chunk of a module body (positions
// absolute in src) and builds those that are isolated leaves with wb.
func (p *Parser) parseChunk(filename string, src string, sp span, wb *builder) chunkResult {
	p.st.startText(filename, src)
	ops, err := p.st.parseSpan(sp, false)
	items := make([]chunkItem, 0, len(ops))
	allBuilt := err == nil
	for _, st := range ops {
		if err != nil || !isolatedLeaf(st) {
			items = append(items, chunkItem{st: st})
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
		items = append(items, chunkItem{op: op})
	}
	p.st.recycleStates(allBuilt && err == nil)
	return chunkResult{items, err}
}

// buildInOrder appends the chunks' ops to body in order, building those
// the workers left with b, in the module's scope. At the first error the
// workers stop; the results still come, and are dropped.
func (r *chunkRun) buildInOrder(b *builder, body *ir.Block) error {
	b.push(true)
	var firstErr error
	for i := range r.chunks {
		res := <-r.results[i]
		<-r.window
		if firstErr != nil {
			continue
		}
		for _, it := range res.items {
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
			firstErr = res.err
		}
		if firstErr != nil {
			r.stop.Store(true)
		}
	}
	if firstErr != nil {
		return firstErr
	}
	return b.pop()
}

var errNotChunkable = errors.New("input cannot be parsed in chunks")

// isolatedLeaf reports whether a parsed top-level op can be built on its
// own: isolated from above, with no operands, results or successors (a
// function).
func isolatedLeaf(st *ir.OperationState) bool {
	def := ir.Lookup(st.Name)
	return def != nil && def.Traits.Has(ir.IsolatedFromAbove) &&
		len(st.Operands) == 0 && len(st.Results) == 0 && len(st.Successors) == 0
}
