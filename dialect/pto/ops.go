package pto

import "github.com/pto-opt/pto-opt/dialect/ir"

// ComputeOps are the destination-passing ptoas instructions the pto
// dialect registers (ins(...) outs(...)): the ones convert-tile-to-pto
// emits and textract, which pto-opt only accepts. The tile dialect's test
// checks that every instruction its op table lowers to is here.
var ComputeOps = []string{
	"tload", "tstore", "tmov", "texpands", "tmatmul", "tmatmul.acc", "tgemv", "tgemv.acc",
	"tadd", "tsub", "tmul", "tdiv", "tmax", "tmin", "tand", "tor", "txor",
	"tadds", "tsubs", "tmuls", "tdivs", "tmaxs", "tmins",
	"texp", "tlog", "tsqrt", "tabs", "tneg", "trelu", "tnot", "tfillpad", "trecip", "trsqrt",
	"trem", "trems", "tfmod", "tfmods", "ttrans",
	"trowsum", "trowmax", "trowmin",
	"trowexpand", "trowexpandmul", "trowexpandadd", "trowexpandsub", "trowexpanddiv",
	"tcolexpand", "tcolexpandmul", "tcolexpandadd", "tcolexpandsub", "tcolexpanddiv",
	"tsel", "tsels", "tprelu", "tcvt", "textract",
}

func init() {
	ir.Register(
		&ir.OpDef{
			Name: "pto.alloc_tile", Summary: "a tile buffer, at a fixed address when addr is given",
			Traits:   ir.AllocLike,
			Effects:  []ir.Effect{{Kind: ir.Allocate, Operand: -1, Result: 0}},
			Parse:    parseAllocTile,
			Print:    printAllocTile,
			NameHint: func(*ir.Operation) []string { return []string{"tile"} },
			Verify: func(op *ir.Operation) error {
				if len(op.Operands) > 1 || len(op.Results) != 1 {
					return ir.Errorf(op, "takes at most one address operand and returns one tile buffer")
				}
				if _, ok := op.Results[0].Type.(*TileBufType); !ok {
					return ir.Errorf(op, "result must be a !pto.tile_buf")
				}
				return nil
			},
		},
	)
}

func init() {
	for _, n := range ComputeOps {
		ir.Register(&ir.OpDef{
			Name: "pto." + n, Summary: "ptoas instruction " + n,
			Traits:   ir.HasSideEffects,
			Inherent: []string{"operandSegmentSizes"},
			Effects:  []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands, Result: -1}},
			Parse:    parseInsOuts,
			Print:    printInsOuts,
			Verify: func(op *ir.Operation) error {
				seg := op.SegmentSizes("operandSegmentSizes")
				if len(seg) != 2 || seg[0] < 0 || seg[1] < 0 || seg[0]+seg[1] != len(op.Operands) {
					return ir.Errorf(op, "operandSegmentSizes must be [ins, outs]")
				}
				return ir.VerifyCounts(op, -1, 0)
			},
		})
	}
}

func parseAllocTile(p ir.AsmParser, st *ir.OperationState) error {
	if p.ParseOptionalKeyword("addr") {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		a, err := p.ParseOperand()
		if err != nil {
			return err
		}
		st.Operands = []ir.OperandRef{a}
		st.OperandTypes = []ir.Type{ir.I64}
	}
	t, err := ir.ParseColonType(p, st)
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{t}
	return nil
}

func printAllocTile(p ir.AsmPrinter, op *ir.Operation) {
	if len(op.Operands) == 1 {
		p.Write(" addr = ")
		p.Operand(op.Operands[0])
	}
	p.AttrDict(op)
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

func parseInsOuts(p ir.AsmParser, st *ir.OperationState) error {
	var counts [2]int64
	for i, kw := range []string{"ins", "outs"} {
		if !p.ParseOptionalKeyword(kw) {
			continue
		}
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		n, err := ir.ParseTypedOperands(p, st, "in "+kw+"(...)")
		if err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		counts[i] = int64(n)
	}
	st.AddAttr("operandSegmentSizes", ir.I32Array(counts[0], counts[1]))
	return ir.ParseTrailingAttrDict(p, st)
}

func printInsOuts(p ir.AsmPrinter, op *ir.Operation) {
	for i, kw := range []string{"ins", "outs"} {
		vs := op.OperandSegment(i)
		if len(vs) == 0 {
			continue
		}
		p.Write(" " + kw + "(")
		p.Operands(vs)
		p.Write(" : ")
		p.Types(ir.ValueTypes(vs))
		p.Write(")")
	}
	p.AttrDict(op, "operandSegmentSizes")
}
