package atomicfile

import (
	"runtime"
	"syscall"
)

// raise sends sig to the calling thread (kill would send it to the
// process, whose main thread may take it later, after os.Exit).
func raise(sig syscall.Signal) {
	runtime.LockOSThread()
	syscall.Tgkill(syscall.Getpid(), syscall.Gettid(), sig)
}
