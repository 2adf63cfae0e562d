package parser

import (
	"errors"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The generic form of an op is defined by participle's genericOp grammar
// (grammar.go), and participle reads it whenever the parse must be exact
// about errors. A parse first reads generic ops with readGeneric, a
// hand-written reader that follows the grammar token for token straight
// from the stream (no token slice, no reflection, no brace groups read
// twice) and accepts exactly what the grammar accepts. It reports no
// errors of its own: at any error of the parse (its own, where the text
// leaves the grammar, or a production's), the input is read again with
// participle (Parser.parseWhole), which reports the first error exactly
// where it always has. TestGenericReaders checks that both readers build
// the same states on every test input.

// errInexact stops a fast parse: the input is read again exactly.
var errInexact = errors.New("generic op outside the fast reader's path")

// readGeneric reads `"name"(operands)[successors] <{props}> (regions)
// {attrs} : (types) -> types` from the current stream.
func (s *state) readGeneric() (*ir.OperationState, error) {
	t := s.next()
	name, err := unquote(t.Value)
	if err != nil {
		return nil, errInexact
	}
	st := s.newState()
	st.Name, st.Loc, st.Generic = name, locOf(t.Pos), true
	if !s.takePunct("(") {
		return nil, errInexact
	}
	if !s.takePunct(")") {
		refs := s.refBuf[:0] // gathered here, lent to the state from the scratch
		defer func() { s.refBuf = refs[:0] }()
		for {
			u := s.peek()
			if u.Type != tPercent {
				return nil, errInexact
			}
			s.next()
			name, loc := u.Value, locOf(u.Pos)
			hash := ""
			if h := s.peek(); h.Type == tHash {
				s.next()
				hash = h.Value
			}
			r, err := operandRef(name, hash, loc)
			if err != nil {
				return nil, errInexact
			}
			refs = append(refs, r)
			if !s.takePunct(",") {
				break
			}
		}
		if !s.takePunct(")") {
			return nil, errInexact
		}
		st.Operands = s.scratch.CopyOperands(refs)
	}
	if s.takePunct("[") {
		for {
			c := s.peek()
			if c.Type != tCaret {
				return nil, errInexact
			}
			s.next()
			st.AddSuccessor(ir.SuccessorRef{Label: c.Value[1:], Loc: locOf(c.Pos)})
			if !s.takePunct(",") {
				break
			}
		}
		if !s.takePunct("]") {
			return nil, errInexact
		}
	}
	if s.takePunct("<") {
		if !s.isPunct("{") {
			return nil, errInexact
		}
		if st.Props, err = s.parseAttrDict(); err != nil {
			return nil, err
		}
		if !s.takePunct(">") {
			return nil, errInexact
		}
	}
	if s.takePunct("(") {
		def := ir.Lookup(name)
		isolated := def != nil && def.Traits.Has(ir.IsolatedFromAbove)
		for {
			if !s.isPunct("{") {
				return nil, errInexact
			}
			var rs *ir.RegionState
			if isolated {
				rs, err = s.parseRegionBuilt(nil) // stream.go
			} else {
				rs, err = s.parseRegion()
			}
			if err != nil {
				return nil, err
			}
			st.AddRegion(rs)
			if !s.takePunct(",") {
				break
			}
		}
		if !s.takePunct(")") {
			return nil, errInexact
		}
	}
	if s.isPunct("{") {
		if st.Attrs, err = s.parseAttrDict(); err != nil {
			return nil, err
		}
	}
	if !s.takePunct(":") || !s.isPunct("(") {
		return nil, errInexact
	}
	ty, err := s.parseType()
	if err != nil {
		return nil, err
	}
	ft, ok := ty.(*ir.FunctionType)
	if !ok || len(ft.Inputs) != len(st.Operands) {
		return nil, errInexact
	}
	st.OperandTypes, st.ResultTypes = ft.Inputs, ft.Results
	return st, nil
}

// takePunct consumes the next token when it is the punctuation v.
func (s *state) takePunct(v string) bool {
	if s.isPunct(v) {
		s.next()
		return true
	}
	return false
}
