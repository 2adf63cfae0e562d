package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/printer"
)

// Dictionaries spelled alike are read once per parse (dictCache); each op
// still owns its list, so changing one op's attribute leaves the others
// alone, and braces inside strings do not end a dictionary early.
func TestRepeatedDictionaries(t *testing.T) {
	const op = `"test.op"() {a = 1 : i32, b = [1, 2], s = "}{"} : () -> ()` + "\n"
	src := "module {\n" + strings.Repeat(op, 3) + "}\n"
	m, err := ParseString(src, Options{AllowUnregistered: true})
	if err != nil {
		t.Fatal(err)
	}
	ops := m.Regions()[0].Blocks[0].Ops
	if len(ops) != 3 {
		t.Fatalf("%d ops, want 3", len(ops))
	}
	ops[1].SetAttr("a", ir.Int(7, ir.I32))
	out := printer.String(m, printer.Options{})
	want := []string{"a = 1 : i32", "a = 7 : i32", "a = 1 : i32"}
	lines := strings.Split(strings.TrimSpace(out), "\n")[1:4]
	for i, l := range lines {
		if !strings.Contains(l, want[i]) || !strings.Contains(l, `s = "}{"`) || !strings.Contains(l, "b = [1, 2]") {
			t.Errorf("op %d printed %q, want %s, b and s", i, l, want[i])
		}
	}
	// A duplicate key is reported at every spelling, cached or not.
	dup := "module {\n" + strings.Repeat(`"test.op"() {a, a} : () -> ()`+"\n", 2) + "}\n"
	if _, err := ParseString(dup, Options{AllowUnregistered: true}); err == nil || !strings.Contains(err.Error(), "2:") {
		t.Errorf("duplicate key: %v, want an error on line 2", err)
	}
}

// The same in the pretty forms, whose dictionaries go straight into the
// op's state (ParseOptionalAttrDictInto): the cached list is copied, not
// handed on.
func TestRepeatedDictionariesPretty(t *testing.T) {
	const op = `  %%a%d = memref.alloc() {a = 1 : i32, info = {k = "x"}} : memref<4xf32>` + "\n"
	var src strings.Builder
	src.WriteString("func.func @f() {\n")
	for i := range 3 {
		fmt.Fprintf(&src, op, i)
	}
	src.WriteString("  return\n}\n")
	m, err := ParseString(src.String(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var allocs []*ir.Operation
	m.Walk(func(o *ir.Operation) bool {
		if o.Name == "memref.alloc" {
			allocs = append(allocs, o)
		}
		return true
	})
	if len(allocs) != 3 {
		t.Fatalf("%d allocs, want 3", len(allocs))
	}
	allocs[1].SetAttr("a", ir.Int(7, ir.I32))
	allocs[2].RemoveAttr("info")
	for i, want := range []string{"{a = 1 : i32, info = {k = \"x\"}}", "{a = 7 : i32, info = {k = \"x\"}}", "{a = 1 : i32}"} {
		if got := printer.String(allocs[i], printer.Options{}); !strings.Contains(got, want) {
			t.Errorf("alloc %d printed %q, want %s", i, got, want)
		}
	}
}
