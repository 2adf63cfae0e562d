package stdio

import (
	"errors"
	"syscall"
)

// ExitBrokenPipe is the status a shell reports for a process killed by
// SIGPIPE (128 + 13): what mlir-opt ends with when its reader goes away
// (mlir-opt ... | head). A tool that ignores SIGPIPE, so that it can
// clean up, returns this status for a write that failed with EPIPE, and
// its main dies of the signal (DieOfBrokenPipe) without a message.
const ExitBrokenPipe = 128 + int(syscall.SIGPIPE)

// IsBrokenPipe reports whether err is a write to a pipe nobody reads.
func IsBrokenPipe(err error) bool { return errors.Is(err, syscall.EPIPE) }
