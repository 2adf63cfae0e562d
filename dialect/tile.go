package dialect

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/internal/checked"
)

// The tile dialect: tile kernels for scratchpad accelerators (PyPTO's model).
// Every op but tile.alloc shares one pretty form:
//
//	%r = tile.<op> <operands> [into %buf[ + <byte offset>]] [{attrs}] : (<operand types>) -> <result type>
//
// `into %buf` is the destination allocation (the last operand; generic form
// marks it with operandSegmentSizes = array<i32: N, 1>). The aliasing rules
// of the ops (the table in PyPTO's MemoryReuse pass documentation) are
// declared here as traits.

// Memory spaces of the tile dialect, in the order targets list them.
var TileSpaces = []string{"ddr", "vec", "mat", "left", "right", "acc", "bias", "left_scale", "right_scale"}

// IsTileSpace reports whether s names a tile memory space.
func IsTileSpace(s string) bool {
	for _, t := range TileSpaces {
		if t == s {
			return true
		}
	}
	return false
}

// TileTensorType is !tile.tensor<shape x elem>: a tensor in global memory.
type TileTensorType struct {
	DialectType
	Shape []int64
	Elem  Type
	s     string
}

func (t *TileTensorType) String() string                { return t.s }
func (t *TileTensorType) ShapeAndElem() ([]int64, Type) { return t.Shape, t.Elem }

// TileTensor returns the uniqued !tile.tensor type.
func TileTensor(shape []int64, elem Type) Type {
	s := "!tile.tensor<" + FormatShape(shape) + "x" + elem.String() + ">"
	if len(shape) == 0 {
		s = "!tile.tensor<" + elem.String() + ">"
	}
	return intern(s, func() *TileTensorType {
		return &TileTensorType{Shape: append([]int64(nil), shape...), Elem: elem, s: s}
	})
}

// TileType is !tile.tile<shape x elem, space[, valid = RxC]>: a tile living
// in an on-chip memory space.
type TileType struct {
	DialectType
	Shape []int64
	Elem  Type
	Space string
	Valid []int64 // nil when the whole tile is valid
	s     string
}

func (t *TileType) String() string                { return t.s }
func (t *TileType) ShapeAndElem() ([]int64, Type) { return t.Shape, t.Elem }

// HasStaticShape reports whether every dimension is known.
func (t *TileType) HasStaticShape() bool {
	for _, d := range t.Shape {
		if d == Dynamic {
			return false
		}
	}
	return true
}

// ByteSize is product(shape) * element bytes (for static shapes). The
// verifier refuses tile types whose size is not an int64 (SizeFits), so
// on verified IR it is exact.
func (t *TileType) ByteSize() int64 {
	n, _ := t.byteSize()
	return n
}

// SizeFits reports whether the tile's byte size is an int64.
func (t *TileType) SizeFits() bool {
	_, ok := t.byteSize()
	return ok
}

func (t *TileType) byteSize() (int64, bool) {
	w := ElementBitWidth(t.Elem)
	bits, ok := scaledProduct(w, t.Shape)
	if !ok {
		// The element count may still fit once divided: count bytes
		// per element instead when the width is whole bytes.
		if w%8 == 0 {
			return scaledProduct(w/8, t.Shape)
		}
		return 0, false
	}
	return (bits + 7) / 8, true
}

// scaledProduct is checked.Product(k, shape...) without building the
// argument list (the planning passes ask every tile's size, often).
func scaledProduct(k int64, shape []int64) (int64, bool) {
	p := k
	for _, d := range shape {
		var ok bool
		if p, ok = checked.Mul(p, d); !ok {
			return 0, false
		}
	}
	return p, true
}

// Tile returns the uniqued !tile.tile type.
func Tile(shape []int64, elem Type, space string, valid []int64) Type {
	s := "!tile.tile<" + FormatShape(shape) + "x" + elem.String() + ", " + space
	if len(shape) == 0 {
		// A rank-0 tile is spelled as it is read: the element type alone.
		s = "!tile.tile<" + elem.String() + ", " + space
	}
	if valid != nil {
		s += ", valid = " + FormatShape(valid)
	}
	s += ">"
	return intern(s, func() *TileType {
		var v []int64
		if valid != nil {
			v = append([]int64(nil), valid...)
		}
		return &TileType{Shape: append([]int64(nil), shape...), Elem: elem, Space: space, Valid: v, s: s}
	})
}

// TileBufType is !tile.buf<space>: an on-chip allocation root.
type TileBufType struct {
	DialectType
	Space string
	s     string
}

func (t *TileBufType) String() string { return t.s }

// TileBuf returns the uniqued !tile.buf type.
func TileBuf(space string) Type {
	s := "!tile.buf<" + space + ">"
	return intern(s, func() *TileBufType { return &TileBufType{Space: space, s: s} })
}

func parseTileType(name, body string) (Type, error) {
	parts := splitTopLevel(body)
	switch name {
	case "tensor":
		if len(parts) != 1 {
			return nil, fmt.Errorf("expected !tile.tensor<shape x element type>")
		}
		shape, elem, ok := ParseShapeElem(parts[0])
		if !ok {
			return nil, fmt.Errorf("invalid !tile.tensor shape %q", parts[0])
		}
		return TileTensor(shape, elem), nil
	case "tile":
		if len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("expected !tile.tile<shape x element type, space[, valid = RxC]>")
		}
		shape, elem, ok := ParseShapeElem(parts[0])
		if !ok {
			return nil, fmt.Errorf("invalid !tile.tile shape %q", parts[0])
		}
		space := strings.TrimSpace(parts[1])
		if !IsTileSpace(space) {
			return nil, fmt.Errorf("unknown memory space %q (expected one of %s)", space, strings.Join(TileSpaces, ", "))
		}
		var valid []int64
		if len(parts) == 3 {
			kv := strings.SplitN(parts[2], "=", 2)
			if len(kv) != 2 || strings.TrimSpace(kv[0]) != "valid" {
				return nil, fmt.Errorf("expected 'valid = RxC' in !tile.tile")
			}
			valid, ok = ParseDims(kv[1])
			if !ok || len(valid) != len(shape) {
				return nil, fmt.Errorf("invalid valid region %q", strings.TrimSpace(kv[1]))
			}
		}
		return Tile(shape, elem, space, valid), nil
	case "buf":
		space := strings.TrimSpace(body)
		if !IsTileSpace(space) {
			return nil, fmt.Errorf("unknown memory space %q (expected one of %s)", space, strings.Join(TileSpaces, ", "))
		}
		return TileBuf(space), nil
	}
	return nil, fmt.Errorf("unknown tile type '!tile.%s'", name)
}

// splitTopLevel splits on commas not nested in brackets.
func splitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '<', '(', '[', '{':
			depth++
		case '>', ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

// TileSpaceOf returns the memory space of a tile or buffer type, or "".
func TileSpaceOf(t Type) string {
	switch t := t.(type) {
	case *TileType:
		return t.Space
	case *TileBufType:
		return t.Space
	case *TileTensorType:
		return "ddr"
	}
	return ""
}

// ---- op table ----

// movePipe: L1 -> L0A/L0B copies run on MTE1, L0C -> UB on FIX, others on V.
func movePipe(op *Operation) string {
	if len(op.Operands) == 0 || len(op.Results) == 0 {
		return "V"
	}
	from, to := TileSpaceOf(op.Operands[0].Type), TileSpaceOf(op.Results[0].Type)
	switch {
	case from == "mat" && (to == "left" || to == "right" || to == "bias"):
		return "MTE1"
	case from == "acc":
		return "FIX"
	case from == "ddr":
		return "MTE2"
	}
	return "V"
}

// In-place variant targets: on these, sels may reuse src/tmp and prelu may
// reuse only its unread tmp (PyPTO's MemoryReuse pass documentation).
func selsForbidden(*Operation, string) (bool, []int) {
	// dst never aliases the predicate mask (operand 0). On Ascend910B the
	// tmp may alias dst but must stay clear of mask and src, which is a
	// constraint between inputs, not on the output.
	return false, []int{0}
}

func preluForbidden(_ *Operation, target string) (bool, []int) {
	if target == "ascend950" {
		// A5 keeps an unread tmp (operand 2): dst may reuse it, not src/slope.
		return false, []int{0, 1}
	}
	return true, nil
}

func castForbidden(op *Operation, _ string) (bool, []int) {
	if len(op.Operands) == 0 || len(op.Results) == 0 {
		return false, nil
	}
	_, inElem, ok1 := ShapeOf(op.Operands[0].Type)
	_, outElem, ok2 := ShapeOf(op.Results[0].Type)
	if ok1 && ok2 && ElementBitWidth(outElem) > ElementBitWidth(inElem) {
		return false, []int{0}
	}
	return false, nil
}

func init() {
	RegisterDialect("tile")
	RegisterTypeParser("tile", parseTileType)
}

func init() {
	Register(
		&OpDef{
			Name: "tile.alloc", Summary: "an on-chip allocation root (addr after allocate-addr; pinned when author-declared)",
			Traits:   AllocLike,
			Inherent: []string{"size"},
			Effects:  []Effect{{Kind: Allocate, Operand: -1, Result: 0}},
			Parse:    parseTileAlloc,
			Print:    printTileAlloc,
			Verify:   verifyTileAlloc,
			NameHint: func(op *Operation) []string {
				return []string{"mem_" + TileSpaceOf(op.Results[0].Type)}
			},
		},
	)
}

func init() {
	for i := range TileOps {
		Register(TileOps[i].opDef())
	}
}

// ForbiddenAliasOperands returns the operands whose buffers op's output must
// not share, under the named target. all reports "every input".
//
// A scratch input (materialize-scratch) is always forbidden: the
// instruction clobbers it, so an output placed on it would be destroyed.
func ForbiddenAliasOperands(op *Operation, target string) (all bool, operands []int) {
	if op.Def == nil {
		return false, nil
	}
	if op.Def.Traits.Has(NotInPlaceSafe) {
		return true, nil
	}
	if op.Def.ForbidAliasFor != nil {
		all, operands = op.Def.ForbidAliasFor(op, target)
	} else {
		operands = op.Def.ForbidOutputAlias
	}
	if k := ScratchOperand(op); k >= 0 && !all && !slices.Contains(operands, k) {
		operands = append(append([]int(nil), operands...), k)
	}
	return all, operands
}

// ---- tile.alloc ----

func parseTileAlloc(p AsmParser, st *OperationState) error {
	loc := p.Loc()
	space, ok := p.ParseOptionalBareId()
	if !ok || !IsTileSpace(space) {
		return p.ErrorAt(loc, "expected memory space (one of %s)", strings.Join(TileSpaces, ", "))
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	size, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("size", Int(size, I64))
	t, err := parseColonType(p, st)
	if err != nil {
		return err
	}
	bt, ok := t.(*TileBufType)
	if !ok {
		return p.Errorf("expected !tile.buf<%s> result type", space)
	}
	if bt.Space != space {
		return p.ErrorAt(loc, "memory space '%s' does not match the result type %s", space, t)
	}
	st.ResultTypes = []Type{t}
	return nil
}

func printTileAlloc(p AsmPrinter, op *Operation) {
	size, _ := op.IntAttrValue("size")
	p.Write(" " + TileSpaceOf(op.Results[0].Type) + ", " + strconv.FormatInt(size, 10))
	printTileAttrDict(p, op, "size")
	p.Write(" : ")
	p.Type(op.Results[0].Type)
}

func verifyTileAlloc(op *Operation) error {
	if err := verifyCounts(op, 0, 1); err != nil {
		return err
	}
	if _, ok := op.Results[0].Type.(*TileBufType); !ok {
		return Errorf(op, "result must be a !tile.buf type")
	}
	size, ok := op.IntAttrValue("size")
	if !ok || size <= 0 {
		return Errorf(op, "requires a positive 'size'")
	}
	if a, ok := op.Attr("addr").(*IntegerAttr); ok {
		if a.Value < 0 {
			return Errorf(op, "'addr' must be non-negative")
		}
		if _, ok := checked.Add(a.Value, size); !ok {
			return Errorf(op, "'addr' %d plus the size %d ends beyond the int64 range", a.Value, size)
		}
	}
	return nil
}

// AllocAddr returns the address written by allocate-addr, if any.
func AllocAddr(op *Operation) (int64, bool) { return op.IntAttrValue("addr") }

// printTileAttrDict prints the tile dialect's attribute dictionary, where
// i64 integers are written bare ({addr = 0}), as the dialect's syntax shows.
func printTileAttrDict(p AsmPrinter, op *Operation, elided ...string) {
	var list []NamedAttr
	for _, src := range [][]NamedAttr{op.Props, op.Attrs} {
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
	if len(list) == 0 {
		return
	}
	SortAttrs(list)
	var sb strings.Builder
	sb.WriteString(" {")
	for i, a := range list {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(FormatAttrName(a.Name))
		if _, unit := a.Value.(*UnitAttr); unit {
			continue
		}
		sb.WriteString(" = ")
		sb.WriteString(ElidedString(a.Value))
	}
	sb.WriteString("}")
	p.Write(sb.String())
}

// ---- the uniform op form ----

// TileDests returns the destination buffers (`into`) of a tile op, one
// per result, or nil when it has none.
func TileDests(op *Operation) []*Value {
	if !op.Has(DestinationStyle) {
		return nil
	}
	return op.OperandSegment(1)
}

// TileDest returns the destination of result 0 (most tile ops have one
// result), or nil.
func TileDest(op *Operation) *Value { return TileDestFor(op, 0) }

// TileDestFor returns the destination of result i, or nil.
func TileDestFor(op *Operation, i int) *Value {
	d := TileDests(op)
	if i >= len(d) {
		return nil
	}
	return d[i]
}

// TileInputs returns the non-destination operands.
func TileInputs(op *Operation) []*Value {
	if !op.Has(DestinationStyle) {
		return op.Operands
	}
	if _, ok := op.Attr("operandSegmentSizes").(*DenseArrayAttr); !ok {
		return op.Operands
	}
	return op.OperandSegment(0)
}

// TileDestOffset is the byte offset of result 0's destination (into %b + N).
func TileDestOffset(op *Operation) int64 { return TileDestOffsetFor(op, 0) }

// TileDestOffsetFor is the byte offset of result i's destination: `offset`
// for single-result ops, `dest_offsets` for several results.
func TileDestOffsetFor(op *Operation, i int) int64 {
	if a, ok := op.Attr("dest_offsets").(*DenseArrayAttr); ok {
		if i < len(a.Values) {
			return a.Values[i]
		}
		return 0
	}
	if i == 0 {
		n, _ := op.IntAttrValue("offset")
		return n
	}
	return 0
}

// SetTileDests sets the destinations of every result at once.
func SetTileDests(op *Operation, bufs []*Value, offsets []int64) {
	inputs := append([]*Value(nil), TileInputs(op)...)
	op.SetOperands(append(inputs, bufs...))
	op.SetAttr("operandSegmentSizes", I32Array(int64(len(inputs)), int64(len(bufs))))
	op.RemoveAttr("offset")
	op.RemoveAttr("dest_offsets")
	any := false
	for _, o := range offsets {
		any = any || o != 0
	}
	switch {
	case !any:
	case len(bufs) == 1:
		op.SetAttr("offset", Int(offsets[0], I64))
	default:
		op.SetAttr("dest_offsets", I64Array(offsets...))
	}
}

// SetTileDest sets (or replaces) the destination of a single-result op.
func SetTileDest(op *Operation, buf *Value, offset int64) {
	SetTileDests(op, []*Value{buf}, []int64{offset})
}

// SetTileDestFor replaces the destination of result i of an op that has
// its destinations already.
func SetTileDestFor(op *Operation, i int, buf *Value, offset int64) {
	if setOnlyTileDest(op, i, buf, offset) {
		return
	}
	bufs := append([]*Value(nil), TileDests(op)...)
	if len(bufs) != len(op.Results) {
		if len(op.Results) == 1 {
			SetTileDest(op, buf, offset)
		}
		return
	}
	offs := make([]int64, len(bufs))
	for k := range bufs {
		offs[k] = TileDestOffsetFor(op, k)
	}
	bufs[i], offs[i] = buf, offset
	SetTileDests(op, bufs, offs)
}

// setOnlyTileDest is SetTileDestFor on a single-result op whose
// destination is already written the way SetTileDests writes it: one
// operand and the offset to replace, instead of every operand, use and
// attribute (memory-reuse moves every tile of a kernel this way). It
// reports false, changing nothing, when the op is not in that form.
func setOnlyTileDest(op *Operation, i int, buf *Value, offset int64) bool {
	if i != 0 || len(op.Results) != 1 || op.HasAttr("dest_offsets") {
		return false
	}
	seg, ok := op.Attr("operandSegmentSizes").(*DenseArrayAttr)
	if !ok || seg.Elem != I32 || len(seg.Values) != 2 || seg.Values[1] != 1 || seg.Values[0] < 0 || int(seg.Values[0])+1 != len(op.Operands) {
		return false
	}
	cur := int64(0)
	if a := op.Attr("offset"); a != nil {
		ia, ok := a.(*IntegerAttr)
		if !ok || ia.Type != I64 || ia.Big != "" || ia.Value == 0 {
			return false
		}
		cur = ia.Value
	}
	op.SetOperand(len(op.Operands)-1, buf)
	switch {
	case offset == cur:
	case offset == 0:
		op.RemoveAttr("offset")
	default:
		op.SetAttr("offset", Int(offset, I64))
	}
	return true
}

func parseTileOp(p AsmParser, st *OperationState) error {
	var inputs []OperandRef
	if p.PeekOperand() {
		var err error
		if inputs, err = p.ParseOperandList(""); err != nil {
			return err
		}
	}
	var dests []OperandRef
	var offsets []int64
	if p.ParseOptionalKeyword("into") {
		for {
			d, err := p.ParseOperand()
			if err != nil {
				return err
			}
			off := int64(0)
			if p.ParseOptionalPunct("+") {
				if off, err = p.ParseInteger(); err != nil {
					return err
				}
			}
			dests = append(dests, d)
			offsets = append(offsets, off)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	if err := parseTrailingAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	typeLoc := p.Loc()
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(*FunctionType)
	if !ok {
		return p.ErrorAt(typeLoc, "expected (operand types) -> result type")
	}
	if len(ft.Inputs) != len(inputs) {
		return p.ErrorAt(typeLoc, "%d operands present, but expected %d", len(inputs), len(ft.Inputs))
	}
	st.Operands = inputs
	st.OperandTypes = append([]Type(nil), ft.Inputs...)
	st.ResultTypes = ft.Results
	if len(dests) > 0 {
		if len(dests) != len(ft.Results) {
			return p.ErrorAt(typeLoc, "'into' names %d destinations for %d results", len(dests), len(ft.Results))
		}
		anyOff := false
		for i, d := range dests {
			space := TileSpaceOf(ft.Results[i])
			if space == "" {
				return p.ErrorAt(typeLoc, "'into' needs tile result types")
			}
			st.Operands = append(st.Operands, d)
			st.OperandTypes = append(st.OperandTypes, TileBuf(space))
			anyOff = anyOff || offsets[i] != 0
		}
		st.AddAttr("operandSegmentSizes", I32Array(int64(len(inputs)), int64(len(dests))))
		switch {
		case !anyOff:
		case len(dests) == 1:
			st.AddAttr("offset", Int(offsets[0], I64))
		default:
			st.AddAttr("dest_offsets", I64Array(offsets...))
		}
	}
	return nil
}

func printTileOp(p AsmPrinter, op *Operation) {
	inputs := TileInputs(op)
	if len(inputs) > 0 {
		p.Write(" ")
		p.Operands(inputs)
	}
	if ds := TileDests(op); len(ds) > 0 {
		p.Write(" into ")
		for i, d := range ds {
			if i > 0 {
				p.Write(", ")
			}
			p.Operand(d)
			if off := TileDestOffsetFor(op, i); off != 0 {
				p.Write(" + " + strconv.FormatInt(off, 10))
			}
		}
	}
	printTileAttrDict(p, op, "operandSegmentSizes", "offset", "dest_offsets")
	p.Write(" : (")
	p.Types(ValueTypes(inputs))
	p.Write(") -> ")
	p.Write(FormatResultTypes(ValueTypes(op.Results)))
}

func verifyTileOp(op *Operation) error {
	if len(op.Results) == 0 {
		return Errorf(op, "requires at least one result")
	}
	if seg := op.SegmentSizes("operandSegmentSizes"); seg != nil {
		if !op.Has(DestinationStyle) {
			return Errorf(op, "does not take an 'into' destination")
		}
		if len(seg) != 2 || seg[1] != 0 && seg[1] != len(op.Results) || seg[0]+seg[1] != len(op.Operands) {
			return Errorf(op, "operandSegmentSizes must be [inputs, 0 or one destination per result]")
		}
	}
	for _, v := range op.Results {
		if t, ok := v.Type.(*TileType); ok && t.HasStaticShape() && !t.SizeFits() {
			return Errorf(op, "result type %s needs more than %d bytes", t, int64(math.MaxInt64))
		}
	}
	for i, d := range TileDests(op) {
		bt, ok := d.Type.(*TileBufType)
		if !ok {
			return Errorf(op, "destination must be a !tile.buf, got %s", d.Type)
		}
		if rs := TileSpaceOf(op.Results[i].Type); rs != bt.Space {
			return Errorf(op, "destination space '%s' does not match the result space '%s'", bt.Space, rs)
		}
		off := TileDestOffsetFor(op, i)
		if off < 0 {
			return Errorf(op, "destination offset must be non-negative")
		}
		t, ok := op.Results[i].Type.(*TileType)
		if !ok || !t.HasStaticShape() {
			continue
		}
		end, fits := checked.Add(off, t.ByteSize())
		if !fits {
			return Errorf(op, "result #%d of %d bytes at destination offset %d ends beyond the int64 range", i, t.ByteSize(), off)
		}
		// The destination's size is known when it is an allocation: a
		// tile that runs past its end would overwrite whatever the
		// planner puts next. A declared (pinned) allocation is exempt
		// until init-memref sizes it by its largest bound tile.
		if d.Op != nil && d.Op.Name == "tile.alloc" && !d.Op.HasAttr("pinned") {
			if size, ok := d.Op.IntAttrValue("size"); ok && end > size {
				return Errorf(op, "result #%d needs bytes [%d, %d) of its destination, a %d-byte tile.alloc", i, off, end, size)
			}
		}
	}
	if a := op.Attr("pad"); a != nil {
		if r, ok := TileOpOf(op.Name); !ok || !r.PadAttr {
			return Errorf(op, "takes no 'pad' attribute")
		}
		if s, ok := a.(*StringAttr); !ok || PadValues[s.Value] == 0 {
			return Errorf(op, "'pad' must be \"zero\", \"max\" or \"min\", got %s", a)
		}
	}
	if r, ok := TileOpOf(op.Name); ok {
		return verifyTileRow(op, r)
	}
	return nil
}

// DestResult maps an operand index of a destination-style op to the
// result it is the destination of.
func DestResult(op *Operation, operand int) (int, bool) {
	if !op.Has(DestinationStyle) {
		return 0, false
	}
	n := len(TileInputs(op))
	if operand < n || operand-n >= len(TileDests(op)) {
		return 0, false
	}
	return operand - n, true
}
