//go:build unix

package atomicfile

import (
	"os"
	"syscall"
)

var cleanUpSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// die ends the process by the signal s, its handler reset to the default
// (raise sends it to the calling thread, which takes it before the call
// returns to it). The exit status after it only answers a signal that
// somehow did not end the process, still saying which signal it was.
func die(s os.Signal) {
	sig := s.(syscall.Signal)
	raise(sig)
	os.Exit(128 + int(sig))
}
