package lowering

import (
	"slices"
	"testing"

	_ "github.com/pto-opt/pto-opt/dialect/all"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/dialect/tile"
)

// TestEveryTileOpLowers: every tile op but tile.alloc has one lowering,
// and each pto op it names is in the pto dialect's table, of the kind the
// lowering needs (an instruction with outs(...), a view of its source,
// the subset), with the inputs it picks among the tile op's.
func TestEveryTileOpLowers(t *testing.T) {
	var rows []string
	for _, r := range tile.Ops {
		name := "tile." + r.Name
		rows = append(rows, name)
		l, ok := Of(name)
		if !ok {
			t.Errorf("%s: no lowering", name)
			continue
		}
		for _, i := range append(slices.Clone(l.Ins), l.Tmp) {
			if i != -1 && (i < 0 || i >= len(r.Ins)) {
				t.Errorf("%s: the lowering names input #%d of %d", name, i, len(r.Ins))
			}
		}
		switch l.Form {
		case NoOp, Unsupported:
			if l.PTO != "" {
				t.Errorf("%s: emits nothing, yet names pto.%s", name, l.PTO)
			}
			if l.Form == Unsupported && l.Reason == "" {
				t.Errorf("%s: refused without a reason", name)
			}
			continue
		}
		row, ok := pto.Row("pto." + l.PTO)
		switch {
		case !ok:
			t.Errorf("%s: lowers to pto.%s, which the pto dialect does not have", name, l.PTO)
		case (l.Form == Compute || l.Form == Load || l.Form == Store) && row.Outs == "":
			t.Errorf("%s: lowers to pto.%s, which has no outs(...)", name, l.PTO)
		case l.Form == SSAView && row.View == "":
			t.Errorf("%s: lowers to pto.%s, which is not a view", name, l.PTO)
		case l.Form == Subset && l.PTO != "subset":
			t.Errorf("%s: a window lowers to pto.subset, not pto.%s", name, l.PTO)
		}
	}
	seen := map[string]bool{}
	for _, n := range Names() {
		if !slices.Contains(rows, n) {
			t.Errorf("%s: a lowering of no tile op", n)
		}
		if seen[n] {
			t.Errorf("%s: two lowerings", n)
		}
		seen[n] = true
	}
}
