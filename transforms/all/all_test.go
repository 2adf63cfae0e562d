package all

import (
	"slices"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/transforms/pass"
)

// TestPassesAreTheTable: the registry holds the passes of the table and
// no other (no package registers a pass of its own), and the table is in
// the order the registry lists them, --help's.
func TestPassesAreTheTable(t *testing.T) {
	name := func(p *pass.Pass) string { return p.Name }
	if !slices.IsSortedFunc(Passes, func(a, b *pass.Pass) int { return strings.Compare(a.Name, b.Name) }) {
		t.Errorf("Passes is not sorted by name: %v", slicesMap(Passes, name))
	}
	if got := pass.Passes(); !slices.Equal(got, Passes) {
		t.Errorf("the registry holds %v, the table %v", slicesMap(got, name), slicesMap(Passes, name))
	}
}

func slicesMap[T, U any](s []T, f func(T) U) []U {
	out := make([]U, len(s))
	for i, x := range s {
		out[i] = f(x)
	}
	return out
}
