package planning

import (
	"errors"

	"github.com/pto-opt/pto-opt/dialect"
	"github.com/pto-opt/pto-opt/planner"
)

// Error turns an error of planner.Solve into a diagnostic of the named
// pass. When the planner refused the problem because of one buffer (a
// size beyond the planner's limit, a pinned address it cannot meet), the
// error is located at the op that allocates that buffer (allocOf maps a
// buffer index to it); otherwise at the function.
func Error(pass string, fn *dialect.Operation, err error, allocOf func(buffer int) *dialect.Operation) error {
	var ce *planner.CheckError
	if errors.As(err, &ce) && ce.Buffer >= 0 && allocOf != nil {
		if op := allocOf(ce.Buffer); op != nil {
			return dialect.NewError(op.Loc, "%s: cannot plan this allocation: %s", pass, ce.Msg)
		}
	}
	return dialect.NewError(fn.Loc, "%s: cannot plan: %v", pass, err)
}
