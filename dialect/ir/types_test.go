package ir_test

import (
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// An integer type named as read is found without building its key, so
// reading one costs no allocation once it exists (a long list of types,
// as a variadic operand's, allocated once per type before); a spelling
// that is not the type's own still names the same type.
func TestScalarTypeIntegersDoNotAllocate(t *testing.T) {
	for _, name := range []string{"i32", "i1", "si8", "ui64"} {
		want := ir.ScalarType(name)
		if want == nil || want.String() != name {
			t.Fatalf("ir.ScalarType(%q) = %v", name, want)
		}
		if n := testing.AllocsPerRun(100, func() { ir.ScalarType(name) }); n != 0 {
			t.Errorf("ir.ScalarType(%q) allocates %v times", name, n)
		}
	}
	if got := ir.ScalarType("i032"); got != ir.IntType(32) {
		t.Errorf("ir.ScalarType(\"i032\") = %v, not i32", got)
	}
	if got := ir.ScalarType("ui032"); got != ir.ScalarType("ui32") {
		t.Errorf("ir.ScalarType(\"ui032\") = %v, not ui32", got)
	}
}
