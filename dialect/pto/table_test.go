package pto

import (
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// TestOpTable: every op of ptoas's PTOOps.td has one row, registered with
// a syntax that compiles (registration panics otherwise), a doc line,
// effects and declarations its syntax and rules agree with.
func TestOpTable(t *testing.T) {
	if len(Ops) != 186 {
		t.Errorf("%d rows, want the 186 ops of ptoas's PTOOps.td", len(Ops))
	}
	seen := map[string]bool{}
	var generated, explicit, hand int
	for i := range Ops {
		op := &Ops[i]
		if seen[op.Name] {
			t.Errorf("pto.%s: two rows", op.Name)
		}
		seen[op.Name] = true
		d := ir.Lookup("pto." + op.Name)
		if d == nil || d.Parse == nil || d.Print == nil || d.VerifyRegions == nil {
			t.Errorf("pto.%s: not registered with a parser, printer and verifier", op.Name)
			continue
		}
		if op.Doc == "" {
			t.Errorf("pto.%s: no doc line", op.Name)
		}
		r := rows["pto."+op.Name]
		switch {
		case op.Custom:
			hand++
		case op.Format != "":
			explicit++
		default:
			generated++
		}
		if op.Effects == "" && len(r.ins)+len(r.outs) == 0 {
			t.Errorf("pto.%s: no effects (derived from ins and outs, or given)", op.Name)
		}
		if op.Format != "" && op.Custom {
			t.Errorf("pto.%s: both a format and hand-written syntax", op.Name)
		}
		if op.Outs != "" && len(r.effects) == 0 && !r.anyEffects {
			t.Errorf("pto.%s: writes its outs, yet declares no effect", op.Name)
		}
		for _, p := range strings.Fields(op.Pipe) {
			if !strings.Contains(" V M S MTE1 MTE2 MTE3 FIX UNASSIGNED ", " "+p+" ") {
				t.Errorf("pto.%s: unknown pipe %s", op.Name, p)
			}
		}
	}
	t.Logf("syntax: %d generated from ins/outs, %d explicit formats, %d hand-written", generated, explicit, hand)
}

// TestInsOutsFormat: the format a row generates is ODS's for its shape.
func TestInsOutsFormat(t *testing.T) {
	for name, want := range map[string]string{
		"pto.tadd":  "`ins` `(` $src0 `,` $src1 `:` qualified(type($src0)) `,` qualified(type($src1)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict",
		"pto.tci":   "`ins` `(` $S attr-dict `:` qualified(type($S)) `)` `outs` `(` $dst `:` qualified(type($dst)) `)`",
		"pto.tmov":  "`ins` `(` $src `:` qualified(type($src)) (`,` $fp^ `:` qualified(type($fp)))? (`,` $preQuantScalar^ `:` qualified(type($preQuantScalar)))? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict (`->` qualified(type($result))^)?",
		"pto.tsync": "`ins` `(` $events `:` qualified(type($events)) `)` attr-dict",
	} {
		if got := rows[name].format; got != want {
			t.Errorf("%s: format\n%s\nwant\n%s", name, got, want)
		}
	}
}
