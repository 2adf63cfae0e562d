package ptobuf

import (
	"testing"

	_ "github.com/pto-opt/pto-opt/dialect/all"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

// model reads src and builds the model of its first function.
func model(t *testing.T, src string) *Model {
	t.Helper()
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if fn == nil && op.Name == "func.func" {
			fn = op
		}
		return fn == nil
	})
	md, err := Build(fn)
	if err != nil {
		t.Fatal(err)
	}
	return md
}

const level3Head = `func.func @k(%src: !pto.partition_tensor_view<16x16xf32>, %dst: !pto.partition_tensor_view<1x16xf32>) {
  %c0 = arith.constant 0 : i64
  %c1024 = arith.constant 1024 : i64
`

// TestGivenConflicts: two tiles live at once at overlapping given
// addresses are a conflict of the input's plan; a tile reading what
// another wrote at its address is an alias of it (one group, %col and
// %row below), not a conflict, but the group conflicts once with a tile
// live with it on its bytes (%a); tiles whose lives do not meet may
// share an address.
func TestGivenConflicts(t *testing.T) {
	cases := []struct {
		name string
		body string
		want int
	}{
		{"live at once on one address", `
  %a = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  %c = pto.alloc_tile addr = %c1024 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%c : !pto.tile_buf<vec, 16x16xf32>)
`, 1},
		{"an alias group on a live tile's bytes", `
  %a = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  %t = pto.alloc_tile addr = %c1024 : !pto.tile_buf<vec, 16x16xf32>
  %col = pto.alloc_tile addr = %c0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  %row = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 1x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%src : !pto.partition_tensor_view<16x16xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.trowsum ins(%a, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%row : !pto.tile_buf<vec, 1x16xf32>) outs(%dst : !pto.partition_tensor_view<1x16xf32>)
`, 1},
		{"an alias group alone", `
  %c2048 = arith.constant 2048 : i64
  %a = pto.alloc_tile addr = %c1024 : !pto.tile_buf<vec, 16x16xf32>
  %t = pto.alloc_tile addr = %c2048 : !pto.tile_buf<vec, 16x16xf32>
  %col = pto.alloc_tile addr = %c0 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
  %row = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 1x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.trowsum ins(%a, %t : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>)
  pto.tstore ins(%row : !pto.tile_buf<vec, 1x16xf32>) outs(%dst : !pto.partition_tensor_view<1x16xf32>)
`, 0},
		{"lives that do not meet", `
  %a = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile addr = %c0 : !pto.tile_buf<vec, 16x16xf32>
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%src : !pto.partition_tensor_view<16x16xf32>)
  pto.tload ins(%src : !pto.partition_tensor_view<16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32>)
  pto.tstore ins(%b : !pto.tile_buf<vec, 16x16xf32>) outs(%src : !pto.partition_tensor_view<16x16xf32>)
`, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			md := model(t, level3Head+c.body+"  return\n}\n")
			got := md.GivenConflicts()
			if len(got) != c.want {
				var names []string
				for _, x := range got {
					names = append(names, Name(x.A)+"/"+Name(x.B))
				}
				t.Errorf("%d conflicts %v, want %d", len(got), names, c.want)
			}
		})
	}
}
