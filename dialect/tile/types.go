package tile

import (
	"fmt"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/checked"
)

// TensorType is !tile.tensor<shape x elem>: a tensor in global memory.
type TensorType struct {
	ir.DialectType
	Shape []int64
	Elem  ir.Type
	s     string
}

func (t *TensorType) String() string                   { return t.s }
func (t *TensorType) ShapeAndElem() ([]int64, ir.Type) { return t.Shape, t.Elem }

// Tensor returns the uniqued !tile.tensor type.
func Tensor(shape []int64, elem ir.Type) ir.Type {
	s := "!tile.tensor<" + ir.FormatShape(shape) + "x" + elem.String() + ">"
	if len(shape) == 0 {
		s = "!tile.tensor<" + elem.String() + ">"
	}
	return ir.Intern(s, func() *TensorType {
		return &TensorType{Shape: append([]int64(nil), shape...), Elem: elem, s: s}
	})
}

// Type is !tile.tile<shape x elem, space[, valid = RxC]>: a tile living
// in an on-chip memory space.
type Type struct {
	ir.DialectType
	Shape []int64
	Elem  ir.Type
	Space string
	Valid []int64 // nil when the whole tile is valid
	s     string
}

func (t *Type) String() string                   { return t.s }
func (t *Type) ShapeAndElem() ([]int64, ir.Type) { return t.Shape, t.Elem }

// HasStaticShape reports whether every dimension is known.
func (t *Type) HasStaticShape() bool {
	for _, d := range t.Shape {
		if d == ir.Dynamic {
			return false
		}
	}
	return true
}

// ByteSize is product(shape) * element bytes (for static shapes). The
// verifier refuses tile types whose size is not an int64 (SizeFits), so
// on verified IR it is exact.
func (t *Type) ByteSize() int64 {
	n, _ := t.byteSize()
	return n
}

// SizeFits reports whether the tile's byte size is an int64.
func (t *Type) SizeFits() bool {
	_, ok := t.byteSize()
	return ok
}

func (t *Type) byteSize() (int64, bool) {
	w := ir.ElementBitWidth(t.Elem)
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
func Tile(shape []int64, elem ir.Type, space string, valid []int64) ir.Type {
	s := "!tile.tile<" + ir.FormatShape(shape) + "x" + elem.String() + ", " + space
	if len(shape) == 0 {
		// A rank-0 tile is spelled as it is read: the element type alone.
		s = "!tile.tile<" + elem.String() + ", " + space
	}
	if valid != nil {
		s += ", valid = " + ir.FormatShape(valid)
	}
	s += ">"
	return ir.Intern(s, func() *Type {
		var v []int64
		if valid != nil {
			v = append([]int64(nil), valid...)
		}
		return &Type{Shape: append([]int64(nil), shape...), Elem: elem, Space: space, Valid: v, s: s}
	})
}

// BufType is !tile.buf<space>: an on-chip allocation root.
type BufType struct {
	ir.DialectType
	Space string
	s     string
}

func (t *BufType) String() string { return t.s }

// Buf returns the uniqued !tile.buf type.
func Buf(space string) ir.Type {
	s := "!tile.buf<" + space + ">"
	return ir.Intern(s, func() *BufType { return &BufType{Space: space, s: s} })
}

func parseType(name, body string) (ir.Type, error) {
	parts := ir.SplitTopLevel(body)
	switch name {
	case "tensor":
		if len(parts) != 1 {
			return nil, fmt.Errorf("expected !tile.tensor<shape x element type>")
		}
		shape, elem, ok := ir.ParseShapeElem(parts[0])
		if !ok {
			return nil, fmt.Errorf("invalid !tile.tensor shape %q", parts[0])
		}
		return Tensor(shape, elem), nil
	case "tile":
		if len(parts) < 2 || len(parts) > 3 {
			return nil, fmt.Errorf("expected !tile.tile<shape x element type, space[, valid = RxC]>")
		}
		shape, elem, ok := ir.ParseShapeElem(parts[0])
		if !ok {
			return nil, fmt.Errorf("invalid !tile.tile shape %q", parts[0])
		}
		space := strings.TrimSpace(parts[1])
		if !IsSpace(space) {
			return nil, fmt.Errorf("unknown memory space %q (expected one of %s)", space, strings.Join(Spaces, ", "))
		}
		var valid []int64
		if len(parts) == 3 {
			kv := strings.SplitN(parts[2], "=", 2)
			if len(kv) != 2 || strings.TrimSpace(kv[0]) != "valid" {
				return nil, fmt.Errorf("expected 'valid = RxC' in !tile.tile")
			}
			valid, ok = ir.ParseDims(kv[1])
			if !ok || len(valid) != len(shape) {
				return nil, fmt.Errorf("invalid valid region %q", strings.TrimSpace(kv[1]))
			}
		}
		return Tile(shape, elem, space, valid), nil
	case "buf":
		space := strings.TrimSpace(body)
		if !IsSpace(space) {
			return nil, fmt.Errorf("unknown memory space %q (expected one of %s)", space, strings.Join(Spaces, ", "))
		}
		return Buf(space), nil
	}
	return nil, fmt.Errorf("unknown tile type '!tile.%s'", name)
}

// SpaceOf returns the memory space of a tile or buffer type, or "".
func SpaceOf(t ir.Type) string {
	switch t := t.(type) {
	case *Type:
		return t.Space
	case *BufType:
		return t.Space
	case *TensorType:
		return "ddr"
	}
	return ""
}
