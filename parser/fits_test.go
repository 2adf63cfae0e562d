package parser

import (
	"math/big"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestFitsWidthSmallAgrees checks the fast range check of short integer
// literals against the big-integer one.
func TestFitsWidthSmallAgrees(t *testing.T) {
	vals := []int64{0, 1, -1, 2, -2, 3, 4, 7, -7, -8, 8, 127, 128, -128, -129, 255, 256, 1 << 31, -(1 << 31), 1<<32 - 1, 1 << 32, 999999999999999999, -999999999999999999}
	for _, w := range []int{1, 2, 3, 7, 8, 16, 31, 32, 33, 62, 63, 64, 65, 128} {
		for _, sg := range []byte{0, 's', 'u'} {
			it := &ir.IntegerType{Width: w, Signedness: sg}
			for _, v := range vals {
				want := fitsWidth(big.NewInt(v), it)
				if got := fitsWidthSmall(v, it); got != want {
					t.Errorf("w=%d sign=%q v=%d: small %v, big %v", w, sg, v, got, want)
				}
			}
		}
	}
}
