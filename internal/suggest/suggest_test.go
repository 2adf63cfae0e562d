package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "", 3}, {"kitten", "sitting", 3}, {"memory-reuse", "memory-resue", 2}, {"vec", "vec", 0}} {
		if got := Distance(c.a, c.b); got != c.d {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// The closest candidate under the limit wins; ties go to the first in
// lexical order; nothing that close gives "".
func TestNearest(t *testing.T) {
	cands := []string{"tile.target", "tile.pipeline", "tile.split_aiv"}
	if got := Nearest("tile.targte", cands, 3); got != "tile.target" {
		t.Errorf("got %q", got)
	}
	if got := Nearest("tile.zzzzzz", cands, 3); got != "" {
		t.Errorf("got %q, want none", got)
	}
	if got := Nearest("ab", []string{"ac", "aa"}, 3); got != "aa" {
		t.Errorf("a tie: got %q, want the first in lexical order", got)
	}
}
