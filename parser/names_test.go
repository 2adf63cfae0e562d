package parser

import (
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestNumberedNames checks the builder's scopes where %N names go to the
// numbers' table: dense numbers, numbers too sparse for it (in the names
// map), names that only look like numbers (leading zeros), sibling
// regions reusing names, redefinitions and an isolated frame hiding the
// outer names.
func TestNumberedNames(t *testing.T) {
	var b builder
	loc := ir.At("x", 1, 1)
	val := func() []*ir.Value { return []*ir.Value{{Type: ir.I32}} }
	b.push(true)
	names := []string{"0", "1", "255", "256", "1000", "1000000", "01", "007", "x1", "999999999", "1234567890",
		"arg0", "arg1", "arg100", "arg01", "a1b2", "a1b02", "c", "c_", "c_0", "c_1", "alloc_7", "alloc_70000000"}
	vals := map[string]*ir.Value{}
	for _, n := range names {
		v := val()
		vals[n] = v[0]
		if err := b.define(n, v, &loc); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range names {
		d, ok := b.lookup(n)
		if !ok || d.vals[0] != vals[n] {
			t.Errorf("%%%s: not found", n)
		}
		if err := b.define(n, val(), &loc); err == nil {
			t.Errorf("%%%s: redefined", n)
		}
	}
	for _, n := range []string{"2", "1", "7", "1000001", "arg2", "arg", "a1b", "c_2", "alloc_8", "arg1"} {
		if _, ok := b.lookup(n); ok != (n == "1" || n == "arg1") {
			t.Errorf("%%%s: lookup says %v", n, ok)
		}
	}
	if got := b.nums.pages; got > 8 {
		t.Errorf("%d pages for names this sparse", got)
	}
	// Sibling regions reuse a name; an outer name stays.
	for range 2 {
		b.push(false)
		for _, n := range []string{"2", "300", "5000", "02", "arg2", "new7", "alloc_8"} {
			if err := b.define(n, val(), &loc); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.pop(); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"2", "300", "5000", "02", "arg2", "new7", "alloc_8"} {
		if _, ok := b.lookup(n); ok {
			t.Errorf("%%%s: still in scope after its region", n)
		}
	}
	// An isolated frame hides the outer names and restores them.
	b.push(true)
	if _, ok := b.lookup("0"); ok {
		t.Error("%0 visible in an isolated frame")
	}
	if err := b.define("0", val(), &loc); err != nil {
		t.Fatal(err)
	}
	if err := b.pop(); err != nil {
		t.Fatal(err)
	}
	if d, ok := b.lookup("0"); !ok || d.vals[0] != vals["0"] {
		t.Error("%0 lost after an isolated frame")
	}
	if err := b.pop(); err != nil {
		t.Fatal(err)
	}
}
