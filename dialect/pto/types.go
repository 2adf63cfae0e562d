package pto

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// The types of ptoas's dialect (PTOTypeDefs.td): tile buffers, global
// pointers and tensor views, pipes, event id arrays, async sessions and
// events. Each is uniqued by its canonical text, the form pto-opt prints.

// Locs are the memory spaces a !pto.tile_buf may live in (ptoas's loc).
var Locs = []string{"mat", "left", "right", "acc", "vec", "bias", "scaling"}

// TileBufType is !pto.tile_buf: a rows x cols tile buffer in one memory
// space, with its valid region (Valid; nil: the whole tile; ir.Dynamic
// for a `?` extent) and its element layout. ptoas reads two spellings,
// the long one people write
//
//	!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64,
//	              blayout=row_major, slayout=none_box, fractal=512, pad=0>
//
// and the compact one its own printer writes, which pto-opt prints too:
//
//	!pto.tile_buf<vec, 16x64xf32>
//
// (keys that differ from the defaults follow: valid=, blayout=, slayout=,
// fractal=, pad=, compact=). Both spellings of one tile are one type.
type TileBufType struct {
	ir.DialectType
	Space  string
	Shape  []int64
	Elem   ir.Type
	Valid  []int64 // nil: the whole tile
	Layout TileLayout
	s      string
}

// TileLayout is how a tile buffer's elements are arranged in memory
// (ptoas's tile_buf_config). Zero fields are ptoas's defaults: blayout
// row_major, slayout none_box, 512-byte fractals, pad null, compact null;
// the constructors normalise a default written out to the zero value, so
// one layout has one representation.
type TileLayout struct {
	BLayout string // "" (row_major) or col_major
	SLayout string // "" (none_box), row_major or col_major
	Fractal int64  // 0: 512
	// Pad is the value ptoas's tfillpad writes outside the valid region
	// (PadZero, PadMax, PadMin); 0 is none.
	Pad int64
	// Compact is ptoas's compact mode (1 normal, 2 row_plus_one); 0 none.
	Compact int64
}

// ptoas's pad values (its PadValue enum).
const (
	PadZero int64 = 1
	PadMax  int64 = 2
	PadMin  int64 = 3
)

// PadValues names the pad values (tile.fillpad's `pad` attribute).
var PadValues = map[string]int64{"zero": PadZero, "max": PadMax, "min": PadMin}

// DefaultFractal is the fractal size of a tile that names none.
const DefaultFractal = 512

func (t *TileBufType) String() string                   { return t.s }
func (t *TileBufType) ShapeAndElem() ([]int64, ir.Type) { return t.Shape, t.Elem }

// ValidShape is the valid region's shape: Valid, or the whole shape.
func (t *TileBufType) ValidShape() []int64 {
	if t.Valid != nil {
		return t.Valid
	}
	return t.Shape
}

// BLayoutName is the tile's blayout as ptoas names it.
func (l TileLayout) BLayoutName() string {
	if l.BLayout == "" {
		return "row_major"
	}
	return l.BLayout
}

// SLayoutName is the tile's slayout as ptoas names it.
func (l TileLayout) SLayoutName() string {
	if l.SLayout == "" {
		return "none_box"
	}
	return l.SLayout
}

// FractalSize is the tile's fractal size in bytes.
func (l TileLayout) FractalSize() int64 {
	if l.Fractal == 0 {
		return DefaultFractal
	}
	return l.Fractal
}

// normalized maps written-out defaults to the zero values.
func (l TileLayout) normalized() TileLayout {
	if l.BLayout == "row_major" {
		l.BLayout = ""
	}
	if l.SLayout == "none_box" {
		l.SLayout = ""
	}
	if l.Fractal == DefaultFractal {
		l.Fractal = 0
	}
	return l
}

// TileBuf returns the uniqued !pto.tile_buf type with default layout.
func TileBuf(space string, shape []int64, elem ir.Type) ir.Type {
	return TileBufOf(space, shape, elem, nil, TileLayout{})
}

// TileBufOf returns the uniqued !pto.tile_buf type with a valid region
// (nil: all of it) and a layout.
func TileBufOf(space string, shape []int64, elem ir.Type, valid []int64, l TileLayout) ir.Type {
	l = l.normalized()
	if valid != nil && len(valid) == len(shape) {
		same := true
		for i := range valid {
			same = same && valid[i] == shape[i]
		}
		if same {
			valid = nil
		}
	}
	var b strings.Builder
	b.WriteString("!pto.tile_buf<")
	b.WriteString(space)
	b.WriteString(", ")
	writeShapeElem(&b, shape, elem)
	if valid != nil {
		b.WriteString(", valid=")
		b.WriteString(ir.FormatShape(valid))
	}
	if l.BLayout != "" {
		b.WriteString(", blayout=" + l.BLayout)
	}
	if l.SLayout != "" {
		b.WriteString(", slayout=" + l.SLayout)
	}
	if l.Fractal != 0 {
		b.WriteString(", fractal=" + strconv.FormatInt(l.Fractal, 10))
	}
	if l.Pad != 0 {
		b.WriteString(", pad=" + strconv.FormatInt(l.Pad, 10))
	}
	if l.Compact != 0 {
		b.WriteString(", compact=" + strconv.FormatInt(l.Compact, 10))
	}
	b.WriteString(">")
	s := b.String()
	return ir.Intern(s, func() *TileBufType {
		t := &TileBufType{Space: space, Shape: append([]int64(nil), shape...), Elem: elem, Layout: l, s: s}
		if valid != nil {
			t.Valid = append([]int64(nil), valid...)
		}
		return t
	})
}

// writeShapeElem writes "4x8xf32" ("f32" for rank 0).
func writeShapeElem(b *strings.Builder, shape []int64, elem ir.Type) {
	for _, d := range shape {
		if d == ir.Dynamic {
			b.WriteString("?x")
		} else {
			b.WriteString(strconv.FormatInt(d, 10))
			b.WriteByte('x')
		}
	}
	b.WriteString(elem.String())
}

// isLoc reports whether s names a tile_buf memory space.
func isLoc(s string) bool {
	for _, l := range Locs {
		if l == s {
			return true
		}
	}
	return false
}

// tileBufKeys are the keys of the long form, in the order ptoas requires
// them; compact may follow.
var tileBufKeys = []string{"loc", "dtype", "rows", "cols", "v_row", "v_col", "blayout", "slayout", "fractal", "pad"}

// parseTileBuf reads the body of a !pto.tile_buf in either spelling: the
// long one when it begins with the key loc.
func parseTileBuf(body string) (ir.Type, error) {
	parts := ir.SplitTopLevel(body)
	if k, _, ok := strings.Cut(parts[0], "="); ok && strings.TrimSpace(k) == "loc" {
		return parseLongTileBuf(parts)
	}
	return parseCompactTileBuf(parts)
}

// parseLongTileBuf reads loc=.., dtype=.., rows=.., cols=.., v_row=..,
// v_col=.., blayout=.., slayout=.., fractal=.., pad=..[, compact=..].
func parseLongTileBuf(parts []string) (ir.Type, error) {
	vals := map[string]string{}
	for i, key := range append(tileBufKeys, "compact") {
		if i >= len(parts) {
			if key == "compact" {
				break
			}
			return nil, fmt.Errorf("expected '%s' in !pto.tile_buf", key)
		}
		k, v, ok := strings.Cut(parts[i], "=")
		if !ok || strings.TrimSpace(k) != key {
			return nil, fmt.Errorf("expected '%s' in !pto.tile_buf, found '%s'", key, parts[i])
		}
		vals[key] = unquoteWord(strings.TrimSpace(v))
	}
	if len(parts) > len(tileBufKeys)+1 {
		return nil, fmt.Errorf("unexpected '%s' after the keys of !pto.tile_buf", parts[len(tileBufKeys)+1])
	}
	if !isLoc(vals["loc"]) {
		return nil, fmt.Errorf("unknown loc: %s", vals["loc"])
	}
	elem := ir.ScalarType(vals["dtype"])
	if elem == nil {
		return nil, fmt.Errorf("invalid !pto.tile_buf dtype '%s'", vals["dtype"])
	}
	var shape [2]int64
	for i, k := range []string{"rows", "cols"} {
		n, err := strconv.ParseInt(vals[k], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("expected an integer for %s, found '%s'", k, vals[k])
		}
		if n < 0 {
			return nil, fmt.Errorf("rows/cols must be non-negative")
		}
		shape[i] = n
	}
	var valid [2]int64
	for i, k := range []string{"v_row", "v_col"} {
		n, err := parseValidDim(vals[k])
		if err != nil {
			return nil, fmt.Errorf("%s must be '?', -1, or a non-negative integer", k)
		}
		valid[i] = n
	}
	var l TileLayout
	var err error
	if l.BLayout, err = parseBLayout(vals["blayout"]); err != nil {
		return nil, err
	}
	if l.SLayout, err = parseSLayout(vals["slayout"]); err != nil {
		return nil, err
	}
	if l.Fractal, err = parseFractal(vals["fractal"]); err != nil {
		return nil, err
	}
	if l.Pad, err = parsePad(vals["pad"]); err != nil {
		return nil, err
	}
	if c, ok := vals["compact"]; ok {
		if l.Compact, err = parseCompact(c); err != nil {
			return nil, err
		}
	}
	return TileBufOf(vals["loc"], shape[:], elem, valid[:], l), nil
}

// parseCompactTileBuf reads LOC, RxCxT then key=value pairs in any order.
func parseCompactTileBuf(parts []string) (ir.Type, error) {
	loc := unquoteWord(parts[0])
	if !isLoc(loc) {
		if loc == "" || strings.ContainsAny(loc, " <#") {
			return nil, fmt.Errorf("expected valid keyword or string for the loc of !pto.tile_buf, found '%s'", parts[0])
		}
		return nil, fmt.Errorf("unknown loc: %s", loc)
	}
	if len(parts) < 2 {
		return nil, fmt.Errorf("expected ROWSxCOLSxTYPE after the loc of !pto.tile_buf")
	}
	shape, elem, ok := ir.ParseShapeElem(parts[1])
	if !ok {
		return nil, fmt.Errorf("invalid !pto.tile_buf shape '%s'", parts[1])
	}
	if len(shape) != 2 || shape[0] == ir.Dynamic || shape[1] == ir.Dynamic {
		return nil, fmt.Errorf("tile_buf compact syntax expects exactly two shape dims")
	}
	var valid []int64
	var l TileLayout
	seen := map[string]bool{}
	for _, kv := range parts[2:] {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), unquoteWord(strings.TrimSpace(v))
		if !ok {
			return nil, fmt.Errorf("expected key=value in !pto.tile_buf, found '%s'", kv)
		}
		if seen[k] {
			return nil, fmt.Errorf("duplicate %s in tile_buf compact syntax", k)
		}
		seen[k] = true
		var err error
		switch k {
		case "valid":
			valid, err = parseValidPair(v)
		case "blayout":
			l.BLayout, err = parseBLayout(v)
		case "slayout":
			l.SLayout, err = parseSLayout(v)
		case "fractal":
			l.Fractal, err = parseFractal(v)
		case "pad":
			l.Pad, err = parsePad(v)
		case "compact":
			l.Compact, err = parseCompact(v)
		default:
			return nil, fmt.Errorf("unknown key in tile_buf compact syntax: %s", k)
		}
		if err != nil {
			return nil, err
		}
	}
	return TileBufOf(loc, shape, elem, valid, l), nil
}

// unquoteWord drops the quotes of a value written as a string ("vec").
func unquoteWord(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// parseValidDim reads a valid extent: `?` or -1 (dynamic) or n >= 0.
func parseValidDim(s string) (int64, error) {
	if s == "?" {
		return ir.Dynamic, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err != nil || n < -1:
		return 0, fmt.Errorf("invalid valid extent '%s'", s)
	case n == -1:
		return ir.Dynamic, nil
	}
	return n, nil
}

// parseValidPair reads the compact form's valid=RxC.
func parseValidPair(s string) ([]int64, error) {
	dims := strings.Split(s, "x")
	if len(dims) != 2 {
		return nil, fmt.Errorf("tile_buf valid must have exactly two dims")
	}
	out := make([]int64, 2)
	for i, d := range dims {
		n, err := parseValidDim(strings.TrimSpace(d))
		if err != nil {
			return nil, fmt.Errorf("tile_buf valid must have exactly two dims (each '?' or a non-negative integer), found '%s'", s)
		}
		out[i] = n
	}
	return out, nil
}

func parseBLayout(s string) (string, error) {
	if s != "row_major" && s != "col_major" {
		return "", fmt.Errorf("unknown blayout: %s", s)
	}
	return s, nil
}

func parseSLayout(s string) (string, error) {
	if s != "none_box" && s != "row_major" && s != "col_major" {
		return "", fmt.Errorf("unknown slayout: %s", s)
	}
	return s, nil
}

// parseFractal reads a fractal size. ptoas keeps any integer; pto-opt
// needs a positive one, since 0 stands for the default.
func parseFractal(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("fractal must be a positive integer, found '%s'", s)
	}
	return n, nil
}

func parsePad(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	switch {
	case err != nil || n < 0 || n > 1<<32-1:
		return 0, fmt.Errorf("pad must be a non-negative 32-bit integer")
	case n > PadMin:
		return 0, fmt.Errorf("unknown pad: %d", n)
	}
	return n, nil
}

func parseCompact(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > 2 {
		return 0, fmt.Errorf("unknown compact: %s", s)
	}
	return n, nil
}

// ViewType is a shaped type of global memory: !pto.tensor_view<shape x
// elem> (a tensor made from a pointer), !pto.partition_tensor_view
// (a window of one, what tload and tstore move) or the legacy
// !pto.tile<shape x elem>. Dimensions may be `?`; rank 0 is `<f32>`.
type ViewType struct {
	ir.DialectType
	Kind  string // tensor_view, partition_tensor_view or tile
	Shape []int64
	Elem  ir.Type
	s     string
}

func (t *ViewType) String() string                   { return t.s }
func (t *ViewType) ShapeAndElem() ([]int64, ir.Type) { return t.Shape, t.Elem }

// View returns the uniqued view type.
func View(kind string, shape []int64, elem ir.Type) ir.Type {
	var b strings.Builder
	b.WriteString("!pto." + kind + "<")
	writeShapeElem(&b, shape, elem)
	b.WriteString(">")
	s := b.String()
	return ir.Intern(s, func() *ViewType {
		return &ViewType{Kind: kind, Shape: append([]int64(nil), shape...), Elem: elem, s: s}
	})
}

// PtrType is !pto.ptr<T>: a global-memory pointer, the kernel
// argument ptoas expects (views are built from it with make_tensor_view).
type PtrType struct {
	ir.DialectType
	Elem ir.Type
	s    string
}

func (t *PtrType) String() string { return t.s }

// Ptr returns the uniqued !pto.ptr type.
func Ptr(elem ir.Type) ir.Type {
	s := "!pto.ptr<" + elem.String() + ">"
	return ir.Intern(s, func() *PtrType { return &PtrType{Elem: elem, s: s} })
}

// EventIDArrayType is !pto.eventid_array<N>: N event ids chosen at run
// time (declare_eventid_array, eventid_array_get/set).
type EventIDArrayType struct {
	ir.DialectType
	N int64
	s string
}

func (t *EventIDArrayType) String() string { return t.s }

// EventIDArray returns the uniqued !pto.eventid_array type.
func EventIDArray(n int64) ir.Type {
	s := "!pto.eventid_array<" + strconv.FormatInt(n, 10) + ">"
	return ir.Intern(s, func() *EventIDArrayType { return &EventIDArrayType{N: n, s: s} })
}

// HandleType is one of ptoas's parameterless types: !pto.pipe (a
// tpush/tpop pipe), !pto.async_session, !pto.async_event.
type HandleType struct {
	ir.DialectType
	Name string
}

func (t *HandleType) String() string { return "!pto." + t.Name }

// handleTypes are the parameterless types.
var handleTypes = []string{"pipe", "async_session", "async_event"}

// Handle returns the uniqued parameterless type of that name.
func Handle(name string) ir.Type {
	s := "!pto." + name
	return ir.Intern(s, func() *HandleType { return &HandleType{Name: name} })
}

func parseType(name, body string) (ir.Type, error) {
	switch name {
	case "ptr":
		elem := ir.ScalarType(strings.TrimSpace(body))
		if elem == nil {
			return nil, fmt.Errorf("invalid !pto.ptr element type '%s' (one scalar type)", body)
		}
		return Ptr(elem), nil
	case "tile_buf":
		return parseTileBuf(body)
	case "tensor_view", "partition_tensor_view", "tile":
		shape, elem, ok := ir.ParseShapeElem(body)
		if !ok {
			return nil, fmt.Errorf("invalid !pto.%s shape '%s'", name, body)
		}
		return View(name, shape, elem), nil
	case "eventid_array":
		n, err := strconv.ParseInt(strings.TrimSpace(body), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("invalid !pto.eventid_array size '%s'", body)
		}
		return EventIDArray(n), nil
	}
	for _, h := range handleTypes {
		if name == h {
			if body != "" {
				return nil, fmt.Errorf("!pto.%s takes no parameters", name)
			}
			return Handle(name), nil
		}
	}
	return nil, fmt.Errorf("unknown type '%s' in dialect 'pto'", name)
}
