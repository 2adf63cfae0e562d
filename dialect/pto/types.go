package pto

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TileBufType is !pto.tile_buf<space, RxCxT[, valid=RxC][, blayout=..]
// [, slayout=..][, fractal=N][, pad=N]>, ptoas's compact syntax: a tile buffer with
// its valid region and element layout when they differ from the defaults.
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
// (ptoas's blayout, slayout and fractal size). Empty fields are ptoas's
// defaults: row_major boxes, none_box, 512-byte fractals.
type TileLayout struct {
	BLayout string
	SLayout string
	Fractal int64
	// Pad is the value ptoas's tfillpad writes outside the valid region
	// (PadZero, PadMax, PadMin); 0 is none.
	Pad int64
}

// ptoas's pad values (its PadValue enum).
const (
	PadZero int64 = 1
	PadMax  int64 = 2
	PadMin  int64 = 3
)

// PadValues names the pad values (tile.fillpad's `pad` attribute).
var PadValues = map[string]int64{"zero": PadZero, "max": PadMax, "min": PadMin}

func (t *TileBufType) String() string                   { return t.s }
func (t *TileBufType) ShapeAndElem() ([]int64, ir.Type) { return t.Shape, t.Elem }

// ValidShape is the valid region's shape: Valid, or the whole shape.
func (t *TileBufType) ValidShape() []int64 {
	if t.Valid != nil {
		return t.Valid
	}
	return t.Shape
}

// TileBuf returns the uniqued !pto.tile_buf type with default layout.
func TileBuf(space string, shape []int64, elem ir.Type) ir.Type {
	return TileBufOf(space, shape, elem, nil, TileLayout{})
}

// TileBufOf returns the uniqued !pto.tile_buf type with a valid region
// (nil: all of it) and a layout.
func TileBufOf(space string, shape []int64, elem ir.Type, valid []int64, l TileLayout) ir.Type {
	s := "!pto.tile_buf<" + space + ", " + ir.FormatShape(shape) + "x" + elem.String()
	if valid != nil {
		s += ", valid=" + ir.FormatShape(valid)
	}
	if l.BLayout != "" {
		s += ", blayout=" + l.BLayout
	}
	if l.SLayout != "" {
		s += ", slayout=" + l.SLayout
	}
	if l.Fractal != 0 {
		s += ", fractal=" + strconv.FormatInt(l.Fractal, 10)
	}
	if l.Pad != 0 {
		s += ", pad=" + strconv.FormatInt(l.Pad, 10)
	}
	s += ">"
	return ir.Intern(s, func() *TileBufType {
		t := &TileBufType{Space: space, Shape: append([]int64(nil), shape...), Elem: elem, Layout: l, s: s}
		if valid != nil {
			t.Valid = append([]int64(nil), valid...)
		}
		return t
	})
}

// parseTileBuf reads the body of a compact !pto.tile_buf.
func parseTileBuf(body string) (ir.Type, error) {
	parts := ir.SplitTopLevel(body)
	if len(parts) < 2 {
		return nil, fmt.Errorf("expected !pto.tile_buf<space, shape x element type>")
	}
	shape, elem, ok := ir.ParseShapeElem(parts[1])
	if !ok {
		return nil, fmt.Errorf("invalid !pto.tile_buf shape %q", parts[1])
	}
	var valid []int64
	var l TileLayout
	for _, kv := range parts[2:] {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok {
			return nil, fmt.Errorf("expected key=value in !pto.tile_buf, got %q", kv)
		}
		switch k {
		case "valid":
			vs, _, ok := ir.ParseShapeElem(v + "xi8")
			if !ok || len(vs) != len(shape) {
				return nil, fmt.Errorf("invalid !pto.tile_buf valid shape %q", v)
			}
			valid = vs
		case "blayout":
			l.BLayout = v
		case "slayout":
			l.SLayout = v
		case "fractal":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("invalid !pto.tile_buf fractal %q", v)
			}
			l.Fractal = n
		case "pad":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > PadMin {
				return nil, fmt.Errorf("invalid !pto.tile_buf pad %q (0 to 3)", v)
			}
			l.Pad = n
		default:
			return nil, fmt.Errorf("unknown key %q in !pto.tile_buf", k)
		}
	}
	return TileBufOf(strings.TrimSpace(parts[0]), shape, elem, valid, l), nil
}

// ViewType is !pto.tensor_view<shape x elem> or
// !pto.partition_tensor_view<shape x elem>: global-memory operands.
type ViewType struct {
	ir.DialectType
	Kind  string // tensor_view or partition_tensor_view
	Shape []int64
	Elem  ir.Type
	s     string
}

func (t *ViewType) String() string                   { return t.s }
func (t *ViewType) ShapeAndElem() ([]int64, ir.Type) { return t.Shape, t.Elem }

// View returns the uniqued view type.
func View(kind string, shape []int64, elem ir.Type) ir.Type {
	s := "!pto." + kind + "<" + ir.FormatShape(shape) + "x" + elem.String() + ">"
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

func parseType(name, body string) (ir.Type, error) {
	switch name {
	case "ptr":
		elem := ir.ScalarType(strings.TrimSpace(body))
		if elem == nil {
			return nil, fmt.Errorf("invalid !pto.ptr element type %q", body)
		}
		return Ptr(elem), nil
	case "tile_buf":
		return parseTileBuf(body)
	case "tensor_view", "partition_tensor_view":
		shape, elem, ok := ir.ParseShapeElem(body)
		if !ok {
			return nil, fmt.Errorf("invalid !pto.%s shape %q", name, body)
		}
		return View(name, shape, elem), nil
	}
	text := "!pto." + name
	if body != "" {
		text += "<" + body + ">"
	}
	return ir.Opaque(text), nil
}
