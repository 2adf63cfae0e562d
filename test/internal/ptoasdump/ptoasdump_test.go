package ptoasdump

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// dump is a standard error in the shape ptoas writes: the module before
// planning, the marker, the planned module (two functions; one loop; a
// double buffer), a later dump that must be ignored, and debug lines.
const dump = `module attributes {pto.target_arch = "a3"} {
  func.func @k(%arg0: memref<?xf16>) {
    %alloc = memref.alloc() : memref<16x16xf16, strided<[16, 1]>, #pto.address_space<vec>>
    %alloc_0 = memref.alloc() : memref<16x16xf16, strided<[16, 1]>, #pto.address_space<vec>>
    %alloc_1 = memref.alloc() : memref<16x16xf16, strided<[16, 1]>, #pto.address_space<left>>
    return
  }
  func.func @unused() {
    %alloc = memref.alloc() : memref<8x8xf32, #pto.address_space<mat>>
    return
  }
}
end PTO plan Mem!
module attributes {pto.target_arch = "a3"} {
  func.func @k(%arg0: memref<?xf16>) {
    %c1024_i64 = arith.constant 1024 : i64
    %c0_i64 = arith.constant 0 : i64
    %c4 = arith.constant 4 : index
    %0 = pto.pointer_cast(%c0_i64) {config = #pto.tile_buf_config<blayout=#pto.blayout<row_major>>} : memref<16x16xf16, strided<[16, 1]>, #pto.address_space<vec>>
    scf.for %i = %c0 to %c4 step %c1 {
      %1 = pto.pointer_cast(%c1024_i64, %c0_i64) : memref<16x16xf16, strided<[16, 1], offset: ?>, #pto.address_space<vec>>
    }
    %2 = pto.pointer_cast(%c0_i64) : memref<16x16xf16, strided<[16, 1]>, #pto.address_space<left>>
    return
  }
  func.func @unused() {
    %c64_i64 = arith.constant 64 : i64
    return
  }
}
DEBUG: Start PTOInsertSync Pass
module attributes {pto.target_arch = "a3"} {
  func.func @k(%arg0: memref<?xf16>) {
    %c9_i64 = arith.constant 9 : i64
    %0 = pto.pointer_cast(%c9_i64) : memref<16x16xf16, #pto.address_space<vec>>
    return
  }
}
DEBUG: Start PTOToEmitC Pass
`

func TestRead(t *testing.T) {
	p, err := Read(dump)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Functions) != 2 || p.Functions[0].Name != "k" || p.Functions[1].Name != "unused" {
		t.Fatalf("functions: %+v", p.Functions)
	}
	k := p.Function("k")
	want := []Buffer{
		{Addrs: []int64{0}, Space: "vec", Bytes: 512, Line: 19},
		{Addrs: []int64{1024, 0}, Space: "vec", Bytes: 512, Line: 21},
		{Addrs: []int64{0}, Space: "left", Bytes: 512, Line: 23},
	}
	if len(k.Buffers) != len(want) {
		t.Fatalf("buffers of @k: %+v", k.Buffers)
	}
	for i, b := range k.Buffers {
		if !slices.Equal(b.Addrs, want[i].Addrs) || b.Space != want[i].Space || b.Bytes != want[i].Bytes || b.Line != want[i].Line {
			t.Errorf("buffer %d of @k: %+v, want %+v", i, b, want[i])
		}
	}
	if k.Allocs != 3 {
		t.Errorf("@k had %d allocations before planning, want 3", k.Allocs)
	}
	// @unused's allocation is gone after planning: Allocs says so.
	if u := p.Function("unused"); len(u.Buffers) != 0 || u.Allocs != 1 {
		t.Errorf("@unused: %d buffers, %d allocations before; want 0 and 1", len(u.Buffers), u.Allocs)
	}
	peaks, err := k.Peaks()
	if err != nil {
		t.Fatal(err)
	}
	// vec: the double buffer's second address 1024 + 512; left: 0 + 512
	// rounded up to left's 512.
	if w := map[string]int64{"vec": 1536, "left": 512}; !maps.Equal(peaks, w) {
		t.Errorf("peaks %v, want %v", peaks, w)
	}
	if p.Function("missing") != nil {
		t.Error("a function that is not there was found")
	}
}

// TestReadWithoutModuleBefore: the plan is read when the standard error
// starts with the marker; Allocs is then unknown.
func TestReadWithoutModuleBefore(t *testing.T) {
	_, planned, _ := strings.Cut(dump, Marker+"\n")
	p, err := Read(Marker + "\n" + planned)
	if err != nil {
		t.Fatal(err)
	}
	if k := p.Function("k"); len(k.Buffers) != 3 || k.Allocs != -1 || k.Buffers[0].Line != 7 {
		t.Errorf("@k: %+v", k)
	}
}

// TestPeaksAlignment: sizes are rounded up to 32 bytes in vec, mat, bias
// and scaling and to 512 in left, right and acc before the peak is taken.
func TestPeaksAlignment(t *testing.T) {
	f := Function{Buffers: []Buffer{
		{Addrs: []int64{64}, Space: "vec", Bytes: 2},
		{Addrs: []int64{0}, Space: "mat", Bytes: 33},
		{Addrs: []int64{32}, Space: "bias", Bytes: 32},
		{Addrs: []int64{0}, Space: "scaling", Bytes: 1},
		{Addrs: []int64{512}, Space: "left", Bytes: 1},
		{Addrs: []int64{0}, Space: "right", Bytes: 513},
		{Addrs: []int64{1024}, Space: "acc", Bytes: 512},
	}}
	peaks, err := f.Peaks()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"vec": 96, "mat": 64, "bias": 64, "scaling": 32, "left": 1024, "right": 1024, "acc": 1536}
	if !maps.Equal(peaks, want) {
		t.Errorf("peaks %v, want %v", peaks, want)
	}
	for _, bad := range []Buffer{
		{Addrs: []int64{0}, Space: "gm", Bytes: 4},
		{Addrs: []int64{1<<63 - 16}, Space: "vec", Bytes: 32},
		{Addrs: []int64{-32}, Space: "vec", Bytes: 32},
	} {
		if _, err := (&Function{Buffers: []Buffer{bad}}).Peaks(); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// TestReadErrors: a standard error Read cannot account for is an error
// naming its line, never a plan with a buffer missing.
func TestReadErrors(t *testing.T) {
	_, planned, _ := strings.Cut(dump, Marker+"\n")
	for _, c := range []struct {
		what, text, want string
	}{
		{"no marker (level3)", "module {\n}\n", ErrNoPlan.Error()},
		{"no module after the marker", Marker + "\nDEBUG: x\n", "line 1: no module follows"},
		{"the module does not end", Marker + "\nmodule {\n  func.func @k() {\n", "line 2: the planned module does not end"},
		{"an address that is not a constant", Marker + "\n" + strings.Replace(planned, "pto.pointer_cast(%c0_i64)", "pto.pointer_cast(%arg0)", 1),
			`line 7: pto.pointer_cast's address "%arg0" is not an i64 constant`},
		{"an index constant is not an address", Marker + "\n" + strings.Replace(planned, "1024 : i64", "1024 : index", 1),
			`line 9: pto.pointer_cast's address "%c1024_i64" is not an i64 constant`},
		{"a constant of another function", Marker + "\n" + strings.Replace(planned, "    %c64_i64 = arith.constant 64 : i64\n", "    %3 = pto.pointer_cast(%c0_i64) : memref<4xf32, #pto.address_space<vec>>\n", 1),
			`line 15: pto.pointer_cast's address "%c0_i64" is not an i64 constant`},
		{"a dynamic shape", Marker + "\n" + strings.Replace(planned, "memref<16x16xf16, strided<[16, 1]>, #pto.address_space<left>>", "memref<?x16xf16, #pto.address_space<left>>", 1),
			`line 11: memref<?x16xf16>: dimension "?" is not a static size`},
		{"an element of unknown size", Marker + "\n" + strings.Replace(planned, "memref<16x16xf16, strided<[16, 1]>, #pto.address_space<left>>", "memref<16x16xi1, #pto.address_space<left>>", 1),
			`line 11: element type "i1"`},
		{"no address space", Marker + "\n" + strings.Replace(planned, ", #pto.address_space<left>>", ">", 1),
			"line 11: pto.pointer_cast's memref is in no #pto.address_space"},
		{"a size that overflows", Marker + "\n" + strings.Replace(planned, "memref<16x16xf16, strided<[16, 1]>, #pto.address_space<left>>", "memref<4294967296x4294967296xf16, #pto.address_space<left>>", 1),
			"line 11: memref<4294967296x4294967296xf16>: size overflows"},
	} {
		t.Run(c.what, func(t *testing.T) {
			p, err := Read(c.text)
			if err == nil {
				t.Fatalf("no error; plan %+v", p)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to contain %q", err, c.want)
			}
			if c.what == "no marker (level3)" && !errors.Is(err, ErrNoPlan) {
				t.Errorf("error %v is not ErrNoPlan", err)
			}
		})
	}
}

// realKernel is a kernel of ptoas's corpus with tiles in four spaces
// (mat, left, right, acc) that ptoas plans at level2 on a3.
const realKernel = "test/samples/FFN/ffn_fc1_splitk.pto"

// allocTileRE is a pto.alloc_tile of the corpus's long tile_buf form.
var allocTileRE = regexp.MustCompile(`pto\.alloc_tile\s*:\s*!pto\.tile_buf<loc=(\w+), dtype=(\w+), rows=(\d+), cols=(\d+)`)

// TestReadPTOAS reads the plan ptoas makes for a corpus kernel: one buffer
// per pto.alloc_tile of the source, in its order, in the tile's space and
// of its size, and the same peaks on a second run (ptoas's addresses may
// change from run to run, its peaks do not). Needs ptoas and
// ../shared/reference/ptoas-corpus; skips without them (ptoas is required
// with PTO_REQUIRE_PTOAS=1).
func TestReadPTOAS(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", "..", "..", "..", "shared"))
	if err != nil {
		t.Fatal(err)
	}
	ptoas := testtool.PTOAS(t, "the reading of ptoas's plan of a real kernel")
	kernel := filepath.Join(root, "reference", "ptoas-corpus", realKernel)
	if _, err := os.Stat(kernel); err != nil {
		testtool.Skip(t, "PTO_REQUIRE_PTOAS", fmt.Sprintf("no ptoas corpus (%v): the reading of ptoas's plan of a real kernel not checked", err))
	}
	src, err := os.ReadFile(kernel)
	if err != nil {
		t.Fatal(err)
	}
	tiles := allocTileRE.FindAllStringSubmatch(string(src), -1)
	if len(tiles) == 0 || strings.Count(string(src), "pto.alloc_tile") != len(tiles) {
		t.Fatalf("%s: expected pto.alloc_tile ops in the long tile_buf form", realKernel)
	}
	elemBytes := map[string]int64{"f32": 4, "f16": 2, "bf16": 2, "i8": 1, "i16": 2, "i32": 4}
	var peaks []map[string]int64
	for run := range 2 {
		cmd := exec.Command(ptoas, "--pto-arch=a3", "--pto-level=level2", kernel, "-o", filepath.Join(t.TempDir(), "k.cpp"))
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("ptoas: %v\n%s", err, stderr.String())
		}
		p, err := Read(stderr.String())
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Functions) != 1 {
			t.Fatalf("%d functions, want 1", len(p.Functions))
		}
		f := p.Functions[0]
		if len(f.Buffers) != len(tiles) || f.Allocs != len(tiles) {
			t.Fatalf("%d buffers, %d allocations before planning, for %d pto.alloc_tile ops", len(f.Buffers), f.Allocs, len(tiles))
		}
		for i, b := range f.Buffers {
			rows, _ := strconv.ParseInt(tiles[i][3], 10, 64)
			cols, _ := strconv.ParseInt(tiles[i][4], 10, 64)
			if want := rows * cols * elemBytes[tiles[i][2]]; b.Space != tiles[i][1] || b.Bytes != want || len(b.Addrs) != 1 {
				t.Errorf("run %d, buffer %d: %+v, want one address in %s of %d bytes", run, i, b, tiles[i][1], want)
			}
		}
		pk, err := f.Peaks()
		if err != nil {
			t.Fatal(err)
		}
		peaks = append(peaks, pk)
	}
	if !maps.Equal(peaks[0], peaks[1]) {
		t.Errorf("peaks differ between two runs: %v and %v", peaks[0], peaks[1])
	}
	t.Logf("ptoas's peaks for %s: %v", realKernel, peaks[0])
}
