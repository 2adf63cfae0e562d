package arith

import (
	"slices"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestEvalIntIsAttached: every op of the integer semantics table is a
// registered op that has them (an interface attached to a name nothing
// registers would be lost).
func TestEvalIntIsAttached(t *testing.T) {
	for name := range intOps {
		d := ir.Lookup(name)
		if d == nil {
			t.Errorf("%s has integer semantics but is not registered", name)
			continue
		}
		if !slices.ContainsFunc(d.Interfaces, func(i any) bool { _, ok := i.(intOp); return ok }) {
			t.Errorf("%s does not carry its integer semantics", name)
		}
	}
}
