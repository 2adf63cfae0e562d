package parser

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// parse reads text into a module: in chunks on parallel workers when it
// is a large module, else (or to report an error exactly) in one piece.
func (p *Parser) parse(filename string, text string) (*ir.Operation, error) {
	// The op states die once the module is built (or the parse fails);
	// their slabs serve the next parse.
	defer p.st.recycleStates(true)
	if len(text) >= 2*minChunk {
		if lay, ok := p.st.splitModule(text); ok && len(lay.chunks) > 1 {
			if m, err := p.parseChunked(filename, text, lay); err == nil {
				return m, nil
			}
			// Fall through: the whole-file parse reports the error
			// exactly where the grammar finds it.
		}
	}
	return p.parseWhole(filename, text)
}

// reset clears what belongs to a file: the alias tables (and the type
// cache, whose spellings may name aliases), the pending dense literals,
// the locations waiting for an alias.
func (p *Parser) reset() {
	p.st.defaultDialect = ""
	if top := ir.TopLevel(); top != nil {
		p.st.defaultDialect = top.DefaultDialect // the file's ops are in it
	}
	p.st.typeAlias = map[string]ir.Type{}
	p.st.typeCache = map[string]ir.Type{}
	p.st.dictCache = nil
	p.st.attrAlias = map[string]ir.Attribute{}
	p.st.allowUnreg = p.opts.AllowUnregistered
	p.st.pendingDense = p.st.pendingDense[:0]
	p.st.deferred = nil
	p.st.isolatedOp = false
}

// parseWhole reads src in one piece: its top-level items, then the
// module they make. Generic ops are read by the fast reader first; at an
// error, src is read again with participle, which reports it exactly
// (generic.go).
func (p *Parser) parseWhole(filename string, src string) (*ir.Operation, error) {
	p.st.exact = p.exactOnly
	m, err := p.parseWholeOnce(filename, src)
	if err != nil && !p.exactOnly {
		p.st.exact = true
		m, err = p.parseWholeOnce(filename, src)
		p.st.exact = false
	}
	return m, err
}

func (p *Parser) parseWholeOnce(filename string, src string) (*ir.Operation, error) {
	p.reset()
	p.st.startText(filename, src)
	ops, err := p.st.parseSpan(span{from: 0, to: len(src), line: p.st.baseLine, lineStart: p.st.lineStartAt(src, 0)}, true)
	if err == nil {
		err = p.st.finishLocations()
	}
	if err != nil {
		return nil, err
	}
	top := ir.TopLevel()
	if top == nil {
		return nil, ir.NewError(ir.At(filename, 1, 1), "no dialect registers the top-level op a file's ops are in (a program that reads IR imports dialect/all)")
	}
	b := &builder{allowUnreg: p.opts.AllowUnregistered}
	if len(ops) == 1 && ops[0].Name == top.Name && ops[0].NumResults() == 0 {
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
	m := ir.NewOperation(top.Name, ir.At(filename, 0, 0), nil, nil)
	body := m.AddRegion().AddBlock()
	b.push(true)
	for i, st := range ops {
		op, err := b.buildOp(st)
		if err != nil {
			return nil, err
		}
		ops[i] = nil // the state may die now (see newState)
		body.Append(op)
	}
	if err := b.pop(); err != nil {
		return nil, err
	}
	return m, nil
}

// startText points the state at the text to read, named filename in
// diagnostics, and clears what belongs to the text read before.
func (s *state) startText(filename, src string) {
	s.filename, s.src = filename, src
	s.err = nil
	s.nesting = 0
	s.braces = braceIndex{}
	if s.builder != nil {
		// A failed parse may leave frames open; the names tables it
		// made serve the next text (a large module's chunks are many).
		s.builder.reset()
		s.builder.allowUnreg = s.allowUnreg
	}
}

// parseSpan reads the top-level items of s.src in sp: alias definitions
// (when aliases is set) and operations. Its error is the parse's first.
func (s *state) parseSpan(sp span, aliases bool) ([]*ir.OperationState, error) {
	var ops []*ir.OperationState
	err := s.read(sp, false, func() (err error) {
		ops, err = s.parseItems(aliases)
		return err
	})
	return ops, s.fail(err)
}

func (s *state) parseItems(aliases bool) ([]*ir.OperationState, error) {
	var ops []*ir.OperationState
	for {
		switch t := s.peek(); {
		case t.Type == tEOF:
			return ops, nil
		case aliases && (t.Type == tHash || t.Type == tBang):
			if err := s.parseAliasDef(); err != nil {
				return nil, err
			}
		default:
			op, err := s.parseOperation()
			if err != nil {
				return nil, err
			}
			ops = append(ops, op)
		}
	}
}
