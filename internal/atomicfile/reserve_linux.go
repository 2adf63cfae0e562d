package atomicfile

import (
	"errors"
	"os"
	"syscall"
)

// fallocKeepSize is FALLOC_FL_KEEP_SIZE: allocate blocks past the end of
// the file without changing its size, so the file reads as before.
const fallocKeepSize = 0x1

// reserve allocates the blocks a file of size bytes needs, without
// changing what it holds, so that a full disk or an exhausted quota is an
// error before the file is overwritten rather than in the middle of it.
// A filesystem that cannot reserve (no fallocate) is not an error: the
// overwrite then finds out, and puts the old text back.
func reserve(f *os.File, size int64) error {
	if size == 0 {
		return nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	var ferr error
	if err := rc.Control(func(fd uintptr) {
		for {
			ferr = syscall.Fallocate(int(fd), fallocKeepSize, 0, size)
			if ferr != syscall.EINTR {
				return
			}
		}
	}); err != nil {
		return nil
	}
	if errors.Is(ferr, syscall.EOPNOTSUPP) || errors.Is(ferr, syscall.ENOSYS) || errors.Is(ferr, syscall.EINVAL) {
		return nil
	}
	return ferr
}
