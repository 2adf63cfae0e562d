// Package ptoasdump reads the memory plan ptoas made from its standard
// error, where ptoas prints no plan as such but always dumps the module
// before and after its PlanMemory pass:
//
//	module ...            the module before planning (memref.alloc ops)
//	end PTO plan Mem!
//	module ...            the planned module: each memref.alloc replaced by
//	                      %x = pto.pointer_cast(%cN) ... : memref<..., #pto.address_space<S>>
//	                      with %cN = arith.constant N : i64, the address
//	(later dumps and DEBUG lines)
//
// Within each function of the planned module, the i-th pto.pointer_cast
// is the i-th pto.alloc_tile / memref.alloc of that function in source
// order (ptoas drops allocations nothing uses before planning; Allocs
// says how many the module had before, so a caller can tell when the
// correspondence does not hold). Only the first module after the marker
// is read: with --enable-insert-sync ptoas dumps it again later.
//
// The package knows nothing of pto-opt: it turns text into numbers, what
// ptoas did, to compare with pto-opt's model of ptoas's planner
// (planner/ptoas) and with pto-opt's own plans.
package ptoasdump

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/internal/checked"
)

// Marker is the line of ptoas's standard error after which the planned
// module follows.
const Marker = "end PTO plan Mem!"

// ErrNoPlan: the standard error holds no planned module (level3, where
// ptoas plans nothing, or a run that stopped before planning).
var ErrNoPlan = errors.New("ptoas printed no plan (no line " + strconv.Quote(Marker) + ")")

// Buffer is one allocation as ptoas placed it.
type Buffer struct {
	Addrs []int64 // the pointer_cast's addresses (one, or one per buffer of a multi-buffer)
	Space string  // the address space: vec, mat, left, right, acc, bias, scaling
	Bytes int64   // the memref's size: elements x element bytes
	Line  int     // the pointer_cast's line in the standard error (1-based)
}

// Function is one function's plan.
type Function struct {
	Name    string
	Buffers []Buffer // in source order
	// Reserved are the function's reserved regions (pto.reserve_buffer)
	// with the base ptoas gave them, in source order: bytes of the
	// space no buffer may use.
	Reserved []Buffer
	// Allocs is the number of memref.alloc ops of the function in the
	// module before planning; -1 when the standard error does not show
	// that module. When it is not len(Buffers), ptoas dropped unused
	// allocations and the i-th buffer is not the i-th allocation.
	Allocs int
}

// Plan is the plan of every function of the module, in order.
type Plan struct{ Functions []Function }

// Function returns the plan of the function named name, or nil.
func (p *Plan) Function(name string) *Function {
	for i := range p.Functions {
		if p.Functions[i].Name == name {
			return &p.Functions[i]
		}
	}
	return nil
}

// Alignment is the granularity ptoas rounds a buffer's size up to when it
// places it in space (32 bytes for vec, mat, bias and scaling, 512 for
// left, right and acc); ok is false for a space it does not know.
func Alignment(space string) (align int64, ok bool) {
	switch space {
	case "vec", "mat", "bias", "scaling":
		return 32, true
	case "left", "right", "acc":
		return 512, true
	}
	return 0, false
}

// Peaks returns, per space, the largest address + size (rounded up to the
// space's Alignment) over the function's buffers and reserved regions:
// the bytes of the space the plan uses.
func (f *Function) Peaks() (map[string]int64, error) {
	peaks := map[string]int64{}
	for _, b := range slices.Concat(f.Buffers, f.Reserved) {
		align, ok := Alignment(b.Space)
		if !ok {
			return nil, fmt.Errorf("line %d: unknown address space %q", b.Line, b.Space)
		}
		size, ok := checked.AlignUp(b.Bytes, align)
		if !ok {
			return nil, fmt.Errorf("line %d: %d bytes overflow when aligned to %d", b.Line, b.Bytes, align)
		}
		for _, a := range b.Addrs {
			end, ok := checked.Add(a, size)
			if !ok || a < 0 {
				return nil, fmt.Errorf("line %d: address %d + %d bytes is out of range", b.Line, a, size)
			}
			peaks[b.Space] = max(peaks[b.Space], end)
		}
	}
	return peaks, nil
}

var (
	funcRE        = regexp.MustCompile(`^\s*func\.func\s+(?:(?:private|public|nested)\s+)?@("(?:[^"\\]|\\.)*"|[\w$.-]+)\(`)
	constI64RE    = regexp.MustCompile(`^\s*(%[\w$.-]+)\s*=\s*arith\.constant\s+(-?\d+)\s*:\s*i64\s*$`)
	pointerCastRE = regexp.MustCompile(`^\s*%[\w$.-]+\s*=\s*pto\.pointer_cast\(([^)]*)\)`)
	allocRE       = regexp.MustCompile(`\bmemref\.alloc\(`)
	spaceRE       = regexp.MustCompile(`#pto\.address_space<(\w+)>`)
	reserveRE     = regexp.MustCompile(`\bpto\.reserve_buffer\s*\{[^}]*\bsize = (\d+), location = (?:#pto\.address_space)?<(\w+)>[^}]*\bbase = (\d+)`)
)

// Read reads the plan from ptoas's standard error.
func Read(stderr string) (*Plan, error) {
	// A newline before the text lets the marker be its first line.
	before, after, found := strings.Cut("\n"+stderr, "\n"+Marker+"\n")
	if !found {
		return nil, ErrNoPlan
	}
	markerLine := strings.Count(before, "\n") + 1
	planned, err := readModule(after, markerLine+1)
	if err != nil {
		return nil, err
	}
	allocs := countAllocs(before)
	for i := range planned.Functions {
		f := &planned.Functions[i]
		f.Allocs = -1
		if n, ok := allocs[f.Name]; ok {
			f.Allocs = n
		}
	}
	return planned, nil
}

// countAllocs counts the memref.alloc ops per function of the last module
// dump in text.
func countAllocs(text string) map[string]int {
	counts := map[string]int{}
	name := ""
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "module") {
			clear(counts)
			name = ""
		}
		if m := funcRE.FindStringSubmatch(l); m != nil {
			name = m[1]
			counts[name] += 0
			continue
		}
		if name != "" && allocRE.MatchString(l) {
			counts[name]++
		}
	}
	return counts
}

// readModule reads the first module of text, whose first line is line
// first of the standard error.
func readModule(text string, first int) (*Plan, error) {
	lines := strings.Split(text, "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "module") {
			start = i
			break
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("line %d: no module follows %q", first-1, Marker)
	}
	p := &Plan{}
	var fn *Function
	consts := map[string]int64{}
	for i := start + 1; i < len(lines); i++ {
		l, n := lines[i], first+i
		if l == "}" {
			return p, nil
		}
		if m := funcRE.FindStringSubmatch(l); m != nil {
			p.Functions = append(p.Functions, Function{Name: m[1]})
			fn = &p.Functions[len(p.Functions)-1]
			clear(consts) // SSA names are per function
			continue
		}
		if m := constI64RE.FindStringSubmatch(l); m != nil {
			v, err := strconv.ParseInt(m[2], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: constant %s: %v", n, m[2], err)
			}
			consts[m[1]] = v
			continue
		}
		if m := reserveRE.FindStringSubmatch(l); m != nil && fn != nil {
			size, err1 := strconv.ParseInt(m[1], 10, 64)
			base, err2 := strconv.ParseInt(m[3], 10, 64)
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("line %d: pto.reserve_buffer's size or base is not a number", n)
			}
			fn.Reserved = append(fn.Reserved, Buffer{Addrs: []int64{base}, Space: m[2], Bytes: size, Line: n})
			continue
		}
		m := pointerCastRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if fn == nil {
			return nil, fmt.Errorf("line %d: pto.pointer_cast outside a function", n)
		}
		b, err := readBuffer(l, m[1], consts)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		b.Line = n
		fn.Buffers = append(fn.Buffers, b)
	}
	return nil, fmt.Errorf("line %d: the planned module does not end", first+start)
}

// readBuffer reads a pointer_cast line: its operands (constants defined
// before it) and its result type.
func readBuffer(line, operands string, consts map[string]int64) (Buffer, error) {
	var b Buffer
	for _, op := range strings.Split(operands, ",") {
		op = strings.TrimSpace(op)
		v, ok := consts[op]
		if !ok {
			return b, fmt.Errorf("pto.pointer_cast's address %q is not an i64 constant defined before it", op)
		}
		b.Addrs = append(b.Addrs, v)
	}
	// The result type is the last memref of the line.
	at := strings.LastIndex(line, ": memref<")
	if at < 0 {
		return b, fmt.Errorf("pto.pointer_cast without a memref result")
	}
	result := line[at+len(": memref<"):]
	sp := spaceRE.FindStringSubmatch(result)
	if sp == nil {
		return b, fmt.Errorf("pto.pointer_cast's memref is in no #pto.address_space")
	}
	b.Space = sp[1]
	shape, _, _ := strings.Cut(result, ",")
	shape, _, _ = strings.Cut(shape, ">")
	bytes, err := memrefBytes(shape)
	if err != nil {
		return b, err
	}
	b.Bytes = bytes
	return b, nil
}

// memrefBytes is the size of a memref of shape-and-element text such as
// "32x32xf16": elements x element bytes.
func memrefBytes(shape string) (int64, error) {
	parts := strings.Split(strings.TrimSpace(shape), "x")
	bits, err := elementBits(parts[len(parts)-1])
	if err != nil {
		return 0, err
	}
	total := bits
	for _, d := range parts[:len(parts)-1] {
		n, err := strconv.ParseInt(d, 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("memref<%s>: dimension %q is not a static size", shape, d)
		}
		var ok bool
		if total, ok = checked.Mul(total, n); !ok {
			return 0, fmt.Errorf("memref<%s>: size overflows", shape)
		}
	}
	return total / 8, nil
}

var (
	intTypeRE = regexp.MustCompile(`^[su]?i(8|16|32|64)$`)
	f8TypeRE  = regexp.MustCompile(`^f8E\w+$`)
)

// elementBits is the width of a memref element type, for the types whose
// storage is their width (8-, 16-, 32- and 64-bit integers and floats);
// another type (i1, f4E2M1FN, tf32) is an error rather than a guess at how
// ptoas stores it.
func elementBits(t string) (int64, error) {
	if m := intTypeRE.FindStringSubmatch(t); m != nil {
		return strconv.ParseInt(m[1], 10, 64)
	}
	switch {
	case f8TypeRE.MatchString(t):
		return 8, nil
	case t == "f16" || t == "bf16":
		return 16, nil
	case t == "f32":
		return 32, nil
	case t == "f64":
		return 64, nil
	}
	return 0, fmt.Errorf("element type %q: its size in ptoas's memory is not known", t)
}
