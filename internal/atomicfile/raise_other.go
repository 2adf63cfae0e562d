//go:build unix && !linux

package atomicfile

import "syscall"

// raise sends sig to the process.
func raise(sig syscall.Signal) { syscall.Kill(syscall.Getpid(), sig) }
