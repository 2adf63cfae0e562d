//go:build !unix

package atomicfile

import "os"

var cleanUpSignals = []os.Signal{os.Interrupt}

// die ends the process as the shells of these systems report an
// interrupted program.
func die(os.Signal) { os.Exit(1) }
