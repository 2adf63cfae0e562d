package stdio

import (
	"os"
	"syscall"
	"time"
	"unsafe"
)

func wasClosed(f *os.File) bool {
	var st syscall.Stat_t
	if err := syscall.Fstat(int(f.Fd()), &st); err != nil {
		return false
	}
	// /dev/null is character device 1:3 on Linux.
	if st.Mode&syscall.S_IFMT != syscall.S_IFCHR || st.Rdev != 1<<8|3 {
		return false
	}
	flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_GETFL, 0)
	return errno == 0 && flags&syscall.O_ACCMODE == syscall.O_RDWR
}

// DieOfBrokenPipe ends the process as the default SIGPIPE action would
// have: killed by the signal, so that a shell's pipefail and a parent's
// wait see what they see for mlir-opt. Go's runtime keeps its own handler
// for SIGPIPE whatever os/signal is told (signal.Reset after Ignore does
// not bring the default action back), so the default action is put back
// with rt_sigaction itself: an all-zero struct sigaction is SIG_DFL with
// no flags and an empty mask on every Linux architecture. Should the
// signal not end the process, it exits with ExitBrokenPipe.
func DieOfBrokenPipe() {
	var dfl [4]uint64
	_, _, errno := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(syscall.SIGPIPE), uintptr(unsafe.Pointer(&dfl)), 0, 8, 0, 0)
	if errno == 0 {
		_ = syscall.Kill(os.Getpid(), syscall.SIGPIPE)
		time.Sleep(time.Second) // the signal is delivered asynchronously
	}
	os.Exit(ExitBrokenPipe)
}
