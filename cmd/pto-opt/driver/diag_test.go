package driver

import (
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// A message does not repeat the location it is printed at, nor say one
// location twice in a row; other locations stay.
func TestTidyLocations(t *testing.T) {
	here := ir.At("f.mlir", 26, 10)
	for _, tc := range []struct{ in, want string }{
		{"'tile.load' at f.mlir:26:10 has no 'into' allocation", "'tile.load' has no 'into' allocation"},
		{"tile %x at g.mlir:3:4 at g.mlir:3:4 clobbers %y", "tile %x at g.mlir:3:4 clobbers %y"},
		{"%x at g.mlir:3:4 and %y at g.mlir:5:6", "%x at g.mlir:3:4 and %y at g.mlir:5:6"},
		{"'tile.add' at f.mlir:26:100 reads it", "'tile.add' at f.mlir:26:100 reads it"},
		{"at g.mlir:1:1 at g.mlir:1:2", "at g.mlir:1:1 at g.mlir:1:2"},
	} {
		if got := tidyLocations(tc.in, here); got != tc.want {
			t.Errorf("tidyLocations(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
