package tile

import (
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/checked"
)

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "tile.alloc", Summary: "an on-chip allocation root (addr after allocate-addr; pinned when author-declared)",
			Traits:        ir.AllocLike,
			Inherent:      []string{"size"},
			Effects:       []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}},
			Parse:         parseAlloc,
			Print:         printAlloc,
			VerifyRegions: verifyAlloc,
			NameHint: func(op *ir.Operation) []string {
				return []string{"mem_" + SpaceOf(op.Results[0].Type)}
			},
		},
	)
}

// ---- tile.alloc ----

func parseAlloc(p ir.AsmParser, st *ir.OperationState) error {
	loc := p.Loc()
	space, ok := p.ParseOptionalBareId()
	if !ok || !IsSpace(space) {
		return p.ErrorAt(loc, "expected memory space (one of %s)", strings.Join(Spaces, ", "))
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	size, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("size", ir.Int(size, ir.I64))
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	bt, ok := t.(*BufType)
	if !ok {
		return p.Errorf("expected !tile.buf<%s> result type", space)
	}
	if bt.Space != space {
		return p.ErrorAt(loc, "memory space '%s' does not match the result type %s", space, t)
	}
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printAlloc(p ir.AsmPrinter, op *ir.Operation) {
	size, _ := op.IntAttrValue("size")
	p.Write(" " + SpaceOf(op.Results[0].Type) + ", " + strconv.FormatInt(size, 10))
	printAttrDict(p, op, "size")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

func verifyAlloc(op *ir.Operation) error {
	if err := ir.VerifyCounts(op, 0, 1); err != nil {
		return err
	}
	if _, ok := op.Results[0].Type.(*BufType); !ok {
		return ir.Errorf(op, "result must be a !tile.buf type")
	}
	size, ok := op.IntAttrValue("size")
	if !ok || size <= 0 {
		return ir.Errorf(op, "requires a positive 'size'")
	}
	if a, ok := op.Attr("addr").(*ir.IntegerAttr); ok {
		if a.Value < 0 {
			return ir.Errorf(op, "'addr' must be non-negative")
		}
		if _, ok := checked.Add(a.Value, size); !ok {
			return ir.Errorf(op, "'addr' %d plus the size %d ends beyond the int64 range", a.Value, size)
		}
	}
	return nil
}

// AllocAddr returns the address written by allocate-addr, if any.
func AllocAddr(op *ir.Operation) (int64, bool) { return op.IntAttrValue("addr") }
