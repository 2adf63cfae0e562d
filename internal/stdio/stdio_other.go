//go:build !linux

package stdio

import "os"

// Elsewhere a closed stream is not detected; reads and writes then behave
// as the runtime arranged.
func wasClosed(f *os.File) bool { return false }

// DieOfBrokenPipe exits with ExitBrokenPipe.
func DieOfBrokenPipe() { os.Exit(ExitBrokenPipe) }
