package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// An existing regular file is overwritten in place, as mlir-opt does
// (llvm::ToolOutputFile opens its output with O_TRUNC): the file keeps its
// inode, and with it its owner, group, mode, hard links and the links
// that name it, and a writable file in a read-only directory can be
// written. What in place gives up is the rename's atomicity. mlir-opt
// truncates the file when it opens it, before it has read its input,
// deletes it when the run fails (a hard link to it is left empty), and
// leaves it half written when the write itself fails (a full disk).
// Here:
//
//   - nothing is written until the whole output is ready (Add's bytes,
//     Create's spool) and every output of the batch is staged;
//   - the blocks the new text needs are reserved first (reserve), so that
//     a full disk or an exhausted quota fails with the file unchanged on
//     the filesystems that allocate in place (ext4, xfs, tmpfs);
//   - the new text is written over the old from the start, and the file
//     is cut to its new length only when every output of the batch has
//     been written, so the old text's blocks stay allocated until then;
//   - when a write still fails midway (an I/O error, a full copy-on-write
//     filesystem, a file size limit), the overwritten part of the old
//     text, read just before it was overwritten, is written back and the
//     old length and modification time are restored (so make does not
//     take the file for up to date); only when that fails as well does
//     the error say that the file is incomplete.
//
// The price is holding the overwritten part of the old file (at most the
// new output's size) in memory while the batch commits.
type inPlace struct {
	path     string   // the user's, to restore the modification time
	f        *os.File // the file, open for writing (and reading, if allowed)
	readable bool     // f can be read: the old text can be kept
	data     []byte   // the new text, when held in memory
	spool    *os.File // else the file it was spooled to
	size     int64    // its length

	// What prepare and overwrite changed, for restore.
	oldSize  int64
	oldMtime time.Time
	prepared bool   // its time may have changed (reserving blocks sets it)
	backup   []byte // the old text overwritten, when readable
	touched  bool   // some of the file may have been overwritten
	cut      bool   // the file was cut to size: its old tail is gone
}

// writeAt is (*os.File).WriteAt; tests make it fail midway.
var writeAt = (*os.File).WriteAt

// errIncomplete says why a file could not be put back as it was.
type errIncomplete struct{ write, restore error }

func (e *errIncomplete) Error() string {
	return fmt.Sprintf("%v; the file is incomplete (putting its old text back failed: %v)", e.write, e.restore)
}

func (e *errIncomplete) Unwrap() error { return e.write }

// errNoBackup: a file that may be written but not read cannot be put back.
var errNoBackup = errors.New("the file could not be read to keep its old text")

// prepare notes the file's length and time, which restore puts back, and
// reserves the blocks of the new text.
func (w *inPlace) prepare() error {
	fi, err := w.f.Stat()
	if err != nil {
		return err
	}
	w.oldSize, w.oldMtime, w.prepared = fi.Size(), fi.ModTime(), true
	return reserve(w.f, w.size)
}

// overwrite writes the new text over the old, from the start, keeping the
// old bytes it replaces.
func (w *inPlace) overwrite() error {
	if w.readable {
		w.backup = make([]byte, min(w.oldSize, w.size))
		n, err := w.f.ReadAt(w.backup, 0)
		if err != nil && !errors.Is(err, io.EOF) {
			return err
		}
		w.backup = w.backup[:n]
	}
	w.touched = true
	if w.spool == nil {
		_, err := writeAt(w.f, w.data, 0)
		return err
	}
	buf := make([]byte, min(w.size, 1<<20))
	for off := int64(0); off < w.size; {
		n, err := w.spool.ReadAt(buf[:min(int64(len(buf)), w.size-off)], off)
		if n == 0 && err != nil {
			return err
		}
		if _, err := writeAt(w.f, buf[:n], off); err != nil {
			return err
		}
		off += int64(n)
	}
	return nil
}

// finish cuts the file to the new text's length.
func (w *inPlace) finish() error {
	w.cut = true
	return w.f.Truncate(w.size)
}

// restore puts back what overwrite changed; err is why it has to (nil:
// another output failed), and restore returns it, or an errIncomplete when
// the file could not be put back.
func (w *inPlace) restore(err error) error {
	if !w.prepared {
		return err
	}
	if !w.touched {
		w.resetTime()
		return err
	}
	rerr := errNoBackup
	switch {
	case w.cut && w.size < w.oldSize:
		rerr = errors.New("its end was already cut off")
	case w.readable || min(w.oldSize, w.size) == 0:
		rerr = w.putBack()
	}
	if rerr != nil {
		if err == nil {
			return underlying(rerr)
		}
		return &errIncomplete{err, underlying(rerr)}
	}
	w.touched = false
	return err
}

func (w *inPlace) putBack() error {
	if _, err := writeAt(w.f, w.backup, 0); err != nil {
		return err
	}
	if err := w.f.Truncate(w.oldSize); err != nil {
		return err
	}
	w.resetTime()
	return nil
}

// resetTime gives the file back its modification time, so that make does
// not take a file left as it was for one just made. Best effort: only the
// owner (or root) may set it.
func (w *inPlace) resetTime() {
	os.Chtimes(w.path, time.Time{}, w.oldMtime)
}
