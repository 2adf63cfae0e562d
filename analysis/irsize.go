package analysis

import (
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// irSize counts the ops nested in root (root included) and the values
// they and their blocks define. The analyses size their maps by it: a
// walk costs far less than growing a map of 100k entries by doubling,
// which rehashes every entry several times.
func irSize(root *ir.Operation) (ops, values int) {
	root.Walk(func(op *ir.Operation) bool {
		ops++
		values += len(op.Results)
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				values += len(b.Args)
			}
		}
		return true
	})
	return ops, values
}
