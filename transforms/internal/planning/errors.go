package planning

import (
	"errors"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/planner"
)

// Error turns an error of planner.Solve into a diagnostic of the named
// pass. When the planner refused the problem because of one buffer (a
// size beyond the planner's limit, a pinned address it cannot meet), the
// error is located at the op that allocates that buffer (allocOf maps a
// buffer index to it), with a note at the other buffer's op when the
// cause is a pair (two pins on the same bytes); otherwise at the function.
func Error(pass string, fn *ir.Operation, err error, allocOf func(buffer int) *ir.Operation) error {
	var ce *planner.CheckError
	if errors.As(err, &ce) && ce.Buffer >= 0 && allocOf != nil {
		if op := allocOf(ce.Buffer); op != nil {
			d := ir.NewError(op.Loc, "%s: cannot plan this allocation: %s", pass, ce.Msg)
			if ce.Other >= 0 {
				if other := allocOf(ce.Other); other != nil && other != op {
					d = d.WithNote(other.Loc, "the other allocation is here")
				}
			}
			return d
		}
	}
	return ir.NewError(fn.Loc, "%s: cannot plan: %v", pass, err)
}
