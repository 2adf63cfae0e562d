package parser

import (
	"math/rand"
	"strconv"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestArrayIntFastAgrees checks the int64 reading of dense array elements
// against the big-integer one on every kind of element type, both signs,
// and values around each width's limits.
func TestArrayIntFastAgrees(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	types := []*ir.IntegerType{nil, {Width: 8}, {Width: 8, Signedness: 's'}, {Width: 8, Signedness: 'u'}}
	checked := 0
	for width := 1; width <= 62; width++ {
		edge := int64(1) << (width - 1)
		values := []int64{0, 1, 2, edge - 1, edge, edge + 1, 2*edge - 1, 2 * edge, 2*edge + 1}
		for range 20 {
			n := 4*edge + 1
			if n <= 0 { // past int64 at the widest
				n = 1 << 62
			}
			values = append(values, r.Int63n(n))
		}
		for _, v := range values {
			text := strconv.FormatInt(v, 10)
			for _, it := range types {
				for _, neg := range []bool{false, true} {
					gotV, gotMsg := arrayIntValue(text, neg, width, it)
					wantV, wantMsg := arrayIntBig(text, neg, width, it)
					if gotV != wantV || gotMsg != wantMsg {
						t.Fatalf("%s%s as i%d (%v): fast %d %q, big %d %q", map[bool]string{true: "-"}[neg], text, width, it, gotV, gotMsg, wantV, wantMsg)
					}
					checked++
				}
			}
		}
	}
	if checked < 10000 {
		t.Fatalf("only %d cases", checked)
	}
}
