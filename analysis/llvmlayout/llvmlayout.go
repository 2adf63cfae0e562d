// Package llvmlayout gives the bytes and the alignment a memref element
// takes once mlir-opt has lowered it to LLVM: MLIR's LLVM type converter
// turns the element type into an LLVM type (index into i64, complex<T>
// into the struct {T, T}, an n-D vector into nested arrays of 1-D vectors,
// the small float formats f8*, f6*, f4* into integers of their width), and
// LLVM's data layout rules give that type its allocation size (the stride
// between two elements) and its ABI alignment (what every load and store
// of it assumes).
//
// Two layouts decide where a lowered program's elements are.
// mlir-translate folds the lowering's constant sizes with the module's
// llvm.data_layout, LLVM's default when it names none (MLIR's own default
// agrees with it): memref<3xi65> is malloc(36). The code generator strides
// element addresses with the target's layout, and mlir-runner's JIT uses
// its host's whatever the module names: it strides memref<3xi65> by
// x86-64's 16 bytes. So a buffer takes the largest size and alignment of
// the module's layout and the x86-64 and AArch64 ones (For).
package llvmlayout

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/checked"
)

// Layout is what an element takes in memory: Size bytes from one element
// to the next, starting at a multiple of Align (a power of two).
type Layout struct {
	Size, Align int64
}

// ErrTooLarge says a type's size does not fit in int64 bytes.
var ErrTooLarge = errors.New("the size does not fit in int64 bytes")

// NoLayoutError says a type has no static size in the lowered program: it
// has no LLVM type, or its size is only known at run time.
type NoLayoutError struct {
	Type ir.Type
	Why  string
}

func (e *NoLayoutError) Error() string { return fmt.Sprintf("%s %s", e.Type, e.Why) }

// spec is the ABI alignment in bytes LLVM gives the types of one bit width
// (a data layout entry such as i64:32:64, the 32).
type spec struct {
	bits  int64
	align int64
}

// DataLayout holds the entries of an LLVM data layout that decide the
// sizes and alignments of the types memref elements lower to.
type DataLayout struct {
	ints, floats, vectors []spec // sorted by bits
	aggregate             int64  // the a: entry's ABI alignment in bytes, 0 for none
}

// Default is LLVM's default data layout (an empty layout string): i1:8,
// i8:8, i16:16, i32:32, i64:32:64, f16:16, f32:32, f64:64, f128:128,
// v64:64, v128:128, a:0:64.
func Default() *DataLayout {
	return &DataLayout{
		ints:    []spec{{1, 1}, {8, 1}, {16, 2}, {32, 4}, {64, 4}},
		floats:  []spec{{16, 2}, {32, 4}, {64, 8}, {128, 16}},
		vectors: []spec{{64, 8}, {128, 16}},
	}
}

// Layouts holds under each of several data layouts: an element takes the
// largest size and the largest alignment any of them gives it.
type Layouts []*DataLayout

// The data layout strings of the 64-bit x86 and AArch64 targets, which
// the JIT compiles with on those hosts.
const (
	X86_64  = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
	AArch64 = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
)

// For is what a module's elements are sized with: its own layout (nil for
// none: LLVM's default) and the x86-64 and AArch64 ones.
func For(own *DataLayout) Layouts {
	if own == nil {
		own = Default()
	}
	x86, err := Parse(X86_64)
	if err != nil {
		panic(err) // a constant above
	}
	arm, err := Parse(AArch64)
	if err != nil {
		panic(err)
	}
	return Layouts{own, x86, arm}
}

// Of is the largest layout of t under ls; an error of any is the error.
func (ls Layouts) Of(t ir.Type) (Layout, error) {
	var out Layout
	for _, dl := range ls {
		l, err := dl.Of(t)
		if err != nil {
			return Layout{}, err
		}
		out.Size, out.Align = max(out.Size, l.Size), max(out.Align, l.Align)
	}
	return out, nil
}

// Parse reads an LLVM data layout string (the value of a module's
// llvm.data_layout attribute) over the defaults. Only the integer, float,
// vector and aggregate entries change what this package computes; the
// others (endianness, mangling, pointers, native widths, stack and
// address-space entries) are skipped unread.
func Parse(text string) (*DataLayout, error) {
	dl := Default()
	if text == "" {
		return dl, nil
	}
	for _, entry := range strings.Split(text, "-") {
		if entry == "" {
			return nil, fmt.Errorf("empty entry in data layout %q", text)
		}
		kind := entry[0]
		if kind != 'i' && kind != 'f' && kind != 'v' && kind != 'a' {
			continue
		}
		fields := strings.Split(entry[1:], ":")
		if kind == 'a' {
			// a[0]:abi[:pref]: the ABI alignment of aggregates, 0 for none.
			if (fields[0] != "" && fields[0] != "0") || len(fields) < 2 || len(fields) > 3 {
				return nil, fmt.Errorf("malformed aggregate entry %q", entry)
			}
			align, err := alignBits(fields[1], true)
			if err != nil {
				return nil, fmt.Errorf("entry %q: %v", entry, err)
			}
			dl.aggregate = align
			continue
		}
		if len(fields) < 2 || len(fields) > 3 {
			return nil, fmt.Errorf("malformed entry %q: want %c<size>:<abi>[:<pref>]", entry, kind)
		}
		size, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil || size <= 0 || size >= 1<<24 {
			return nil, fmt.Errorf("entry %q: the size must be a bit width from 1 to 2^24-1", entry)
		}
		align, err := alignBits(fields[1], false)
		if err != nil {
			return nil, fmt.Errorf("entry %q: %v", entry, err)
		}
		if kind == 'i' && size == 8 && align != 1 {
			return nil, fmt.Errorf("entry %q: i8 must be aligned to 8 bits", entry)
		}
		switch kind {
		case 'i':
			dl.ints = setSpec(dl.ints, size, align)
		case 'f':
			dl.floats = setSpec(dl.floats, size, align)
		case 'v':
			dl.vectors = setSpec(dl.vectors, size, align)
		}
	}
	return dl, nil
}

// alignBits reads an alignment in bits: a power-of-two number of bytes
// (zero only where allowed, for aggregates).
func alignBits(text string, zeroOK bool) (int64, error) {
	b, err := strconv.ParseInt(text, 10, 64)
	switch {
	case err != nil || b < 0 || b > 1<<32:
		return 0, fmt.Errorf("alignment %q is not a number of bits up to 2^32", text)
	case b == 0 && zeroOK:
		return 0, nil
	case b == 0 || b%8 != 0 || bits.OnesCount64(uint64(b/8)) != 1:
		return 0, fmt.Errorf("alignment %s is not a power-of-two number of bytes", text)
	}
	return b / 8, nil
}

func setSpec(specs []spec, size, align int64) []spec {
	i, found := slices.BinarySearchFunc(specs, size, func(s spec, b int64) int { return int(s.bits - b) })
	if found {
		specs[i].align = align
		return specs
	}
	return slices.Insert(specs, i, spec{size, align})
}

// exact is the entry for exactly this width, 0 when there is none.
func exact(specs []spec, width int64) int64 {
	if i, found := slices.BinarySearchFunc(specs, width, func(s spec, b int64) int { return int(s.bits - b) }); found {
		return specs[i].align
	}
	return 0
}

// intAlign is LLVM's integer rule: the entry of the width, else of the
// next wider integer entry, else of the widest one (so i65 takes i64's).
func (dl *DataLayout) intAlign(width int64) int64 {
	i, _ := slices.BinarySearchFunc(dl.ints, width, func(s spec, b int64) int { return int(s.bits - b) })
	if i == len(dl.ints) {
		i--
	}
	return dl.ints[i].align
}

// naturalAlign is LLVM's fallback for a float or vector width without an
// entry: the store size rounded up to a power of two.
func naturalAlign(store int64) (int64, bool) {
	if store <= 1 {
		return 1, true
	}
	if store > 1<<62 {
		return 0, false
	}
	return int64(1) << bits.Len64(uint64(store-1)), true
}

// storeBytes is the bytes holding bits bits.
func storeBytes(bits int64) int64 { return bits/8 + min(bits%8, 1) }

// sized rounds a store size up to its alignment: the allocation size.
func sized(store, align int64) (Layout, error) {
	size, ok := checked.AlignUp(store, align)
	if !ok {
		return Layout{}, ErrTooLarge
	}
	return Layout{Size: size, Align: align}, nil
}

// Of is the layout of one element of type t in the lowered program. The
// error is ErrTooLarge, or a *NoLayoutError for a type without a static
// LLVM size (a scalable vector, tf32, a type of another dialect).
func (dl *DataLayout) Of(t ir.Type) (Layout, error) {
	switch t := t.(type) {
	case *ir.IndexType:
		return dl.integer(64), nil // the lowering's default index width
	case *ir.IntegerType:
		if t.Width == 0 {
			return Layout{}, &NoLayoutError{t, "has no LLVM type (LLVM integers have at least one bit)"}
		}
		return dl.integer(int64(t.Width)), nil
	case *ir.FloatType:
		return dl.float(t)
	case *ir.ComplexType:
		return dl.complex(t)
	case *ir.VectorType:
		return dl.vector(t)
	}
	return Layout{}, &NoLayoutError{t, "has no size pto-opt knows in the LLVM lowering"}
}

func (dl *DataLayout) integer(width int64) Layout {
	align := dl.intAlign(width)
	l, _ := sized(storeBytes(width), align) // widths are below 2^24
	return l
}

// scalarBits is the width of the LLVM type a scalar element converts to,
// and whether that type is an LLVM float (else an integer): f16, bf16,
// f32, f64, f80, f128 stay floats; f8*, f6*, f4* become integers of their
// width; tf32 has no LLVM type.
func scalarBits(t ir.Type) (width int64, isFloat bool, err error) {
	switch t := t.(type) {
	case *ir.IndexType:
		return 64, false, nil
	case *ir.IntegerType:
		if t.Width == 0 {
			return 0, false, &NoLayoutError{t, "has no LLVM type (LLVM integers have at least one bit)"}
		}
		return int64(t.Width), false, nil
	case *ir.FloatType:
		switch t.Name {
		case "f16", "bf16", "f32", "f64", "f80", "f128":
			return int64(t.Width), true, nil
		case "tf32":
			return 0, false, &NoLayoutError{t, "has no LLVM type (the LLVM lowering does not convert it)"}
		}
		return int64(t.Width), false, nil
	}
	return 0, false, &NoLayoutError{t, "has no size pto-opt knows in the LLVM lowering"}
}

func (dl *DataLayout) float(t *ir.FloatType) (Layout, error) {
	width, isFloat, err := scalarBits(t)
	if err != nil {
		return Layout{}, err
	}
	if !isFloat {
		return dl.integer(width), nil
	}
	store := storeBytes(width)
	align := exact(dl.floats, width)
	if align == 0 {
		align, _ = naturalAlign(store) // x86_fp80: 10 bytes, 16-aligned
	}
	return sized(store, align)
}

// complex<T> lowers to the struct {T, T}: the second field at T's size
// (already a multiple of its alignment), the whole rounded up to the
// struct's alignment, T's or the aggregate entry's if larger.
func (dl *DataLayout) complex(t *ir.ComplexType) (Layout, error) {
	if _, _, err := scalarBits(t.Elem); err != nil {
		return Layout{}, err
	}
	field, err := dl.Of(t.Elem)
	if err != nil {
		return Layout{}, err
	}
	store, ok := checked.Mul(2, field.Size)
	if !ok {
		return Layout{}, ErrTooLarge
	}
	return sized(store, max(field.Align, dl.aggregate))
}

// A 1-D vector is bit-packed (vector<9xi1> holds 9 bits, 2 bytes) and
// aligned by its v entry or else naturally; an n-D vector is nested arrays
// of its innermost 1-D vector, a 0-d one a vector of one element.
func (dl *DataLayout) vector(t *ir.VectorType) (Layout, error) {
	if slices.Contains(t.Scalable, true) {
		return Layout{}, &NoLayoutError{t, "is scalable: its size is known only at run time"}
	}
	width, _, err := scalarBits(t.Elem)
	if err != nil {
		return Layout{}, err
	}
	inner, outer := int64(1), []int64(nil)
	if n := len(t.Shape); n > 0 {
		inner, outer = t.Shape[n-1], t.Shape[:n-1]
	}
	vbits, ok := checked.Mul(inner, width)
	if !ok {
		return Layout{}, ErrTooLarge
	}
	store := storeBytes(vbits)
	align := exact(dl.vectors, vbits)
	if align == 0 {
		if align, ok = naturalAlign(store); !ok {
			return Layout{}, ErrTooLarge
		}
	}
	row, err := sized(store, align)
	if err != nil {
		return Layout{}, err
	}
	n, ok := checked.Product(outer...)
	if ok {
		row.Size, ok = checked.Mul(n, row.Size)
	}
	if !ok {
		return Layout{}, ErrTooLarge
	}
	return row, nil
}
