package dialect

import "testing"

// TestTileOpTable checks what the compiler cannot: names are unique, every
// row lowers to a pto op the pto dialect registers and has a doc line, and
// the target-rule hook is set exactly for target-aware rows.
func TestTileOpTable(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range TileOps {
		if seen[r.Name] {
			t.Errorf("tile.%s: two rows", r.Name)
		}
		seen[r.Name] = true
		if r.Doc == "" {
			t.Errorf("tile.%s: no doc line", r.Name)
		}
		switch {
		case r.PTOForm == PTONoOp || r.PTOForm == PTOUnsupported:
			if r.PTO != "" {
				t.Errorf("tile.%s: emits nothing, yet names pto.%s", r.Name, r.PTO)
			}
		case r.PTO == "":
			t.Errorf("tile.%s: no pto lowering", r.Name)
		case Lookup("pto."+r.PTO) == nil:
			t.Errorf("tile.%s: lowers to pto.%s, which is not registered", r.Name, r.PTO)
		}
		if (r.Alias == AliasTargetRule) != (r.ForbidAliasFor != nil) {
			t.Errorf("tile.%s: alias rule %d with ForbidAliasFor set = %v", r.Name, r.Alias, r.ForbidAliasFor != nil)
		}
		if r.Form != Computes && r.Form != Produces && r.Alias != AliasAnyInput {
			t.Errorf("tile.%s: an alias rule on a row that writes no destination", r.Name)
		}
		d := Lookup("tile." + r.Name)
		if d == nil {
			t.Errorf("tile.%s: not registered", r.Name)
			continue
		}
		if op, ok := TileOpOf(d.Name); !ok || op.Name != r.Name {
			t.Errorf("TileOpOf(%s) does not find its row", d.Name)
		}
	}
}
