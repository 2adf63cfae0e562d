// Package atomicfile writes a tool's output files so that a failed or
// interrupted run changes none of them and a successful one changes only
// what they hold, never what their paths point to.
//
// What a path names decides how it is written:
//
//   - An existing regular file is overwritten in place, as mlir-opt does,
//     but only once the whole output is ready: it keeps its inode, owner,
//     mode, hard links and the symbolic links that name it, and a writable
//     file in a read-only directory can be written (see inPlace for what a
//     write failing midway leaves).
//   - A new file is written whole to a temporary file in its directory,
//     then linked into place: no one sees part of it, and a failed run
//     leaves no file. A dangling symbolic link names a new file: the file
//     it points to is created, and the link stays.
//   - A special file (/dev/null, /dev/stdout, a FIFO, a terminal) is
//     written as it is: renaming over it would turn a device into a
//     regular file (as root, that breaks every later build on the
//     machine).
//
// A Batch commits several outputs together: each is staged first (opened,
// its temporary file written), and only when every one is staged does
// anything change, so `-o out.mlir --memory-report=/missing/r.html` leaves
// out.mlir as it was. Two outputs naming one file are refused (SameFile).
// Temporary files are removed on every failure, and on SIGINT, SIGTERM and
// SIGHUP once the program calls CleanUpOnSignal. Errors name the user's
// path, never a temporary file's.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Write writes data to path as a batch of one.
func Write(path string, data []byte) error {
	var b Batch
	if err := b.Add(path, data); err != nil {
		return err
	}
	return b.Commit()
}

// Batch is a set of outputs committed together. The zero value is empty.
type Batch struct {
	outputs []*output
}

// How an output reaches its file.
type kind uint8

const (
	special  kind = iota // written as it is, at Commit (or as a stream comes)
	existing             // overwritten in place at Commit
	created              // a temporary file linked into place at Commit
)

// output is one staged output.
type output struct {
	path string // as the user wrote it, for messages
	kind kind
	id   identity

	file   *os.File // special: the file; created: the temporary file
	tmp    string   // created: the temporary file's name ("" once gone)
	target string   // created: the name it takes
	data   []byte   // special, Add: what to write

	in *inPlace // existing

	// A stream (Create) goes where it belongs as it is written: to a
	// special file, to the temporary file, or to an existing file's spool
	// (memory, or a hidden file in its directory). err is its first write
	// error.
	stream    bool
	spool     *os.File
	spoolName string // the spool's name where it could not be hidden
	mem       *bytes.Buffer
	err       error
}

// Add stages data for path. Nothing visible changes until Commit. On
// error the batch is aborted.
func (b *Batch) Add(path string, data []byte) error {
	o, err := b.stage(path, false)
	if err == nil {
		err = o.put(data)
	}
	if err != nil {
		b.Abort()
		return &fs.PathError{Op: "write", Path: path, Err: underlying(err)}
	}
	return nil
}

// Create stages path for a stream of data written to the returned writer
// until Commit, so that a large output never has to be held whole in
// memory: a new file's stream goes to its temporary file, an existing
// file's to a hidden spool file beside it (or to memory where its
// directory is read-only or its disk too full), copied over the file at
// Commit. A special file
// (-o /dev/null, a pipe) is written as the data come, before Commit: use
// Create for it only when nothing but the writes themselves can fail
// after the first byte. A write error is kept and returned by Commit (and
// by every later write). On error the batch is aborted.
func (b *Batch) Create(path string) (io.Writer, error) {
	o, err := b.stage(path, true)
	if err == nil && o.kind == existing {
		err = o.openSpool()
	}
	if err != nil {
		b.Abort()
		return nil, &fs.PathError{Op: "write", Path: path, Err: underlying(err)}
	}
	return o, nil
}

// stage opens what path names for writing and adds it to the batch.
func (b *Batch) stage(path string, stream bool) (*output, error) {
	p, err := locate(path)
	if err != nil {
		return nil, err
	}
	o := &output{path: path, stream: stream}
	switch {
	case p.info == nil:
		o.kind, o.target = created, p.create
		o.id = identityOf(p)
		if err := b.unshared(o); err != nil {
			return nil, err
		}
		o.file, o.tmp, err = createTemp(filepath.Dir(p.create), filepath.Base(p.create))
		if err != nil {
			return nil, err
		}
	case p.info.IsDir():
		return nil, syscall.EISDIR
	case p.info.Mode().IsRegular():
		in := &inPlace{path: path, readable: true}
		// Never O_TRUNC or O_CREATE: staging changes nothing.
		in.f, err = os.OpenFile(path, os.O_RDWR, 0)
		if errors.Is(err, fs.ErrPermission) {
			in.f, err = os.OpenFile(path, os.O_WRONLY, 0)
			in.readable = false
		}
		if err != nil {
			return nil, err
		}
		o.kind, o.in = existing, in
		fi, err := in.f.Stat()
		if err == nil && !fi.Mode().IsRegular() {
			err = errors.New("the file was replaced while it was being opened")
		}
		if err == nil {
			o.id = identity{file: fi}
			err = b.unshared(o)
		}
		if err != nil {
			in.f.Close()
			return nil, err
		}
	default:
		o.kind = special
		o.file, err = os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, err
		}
	}
	b.outputs = append(b.outputs, o)
	return o, nil
}

// unshared refuses a second output to a file the batch already writes.
func (b *Batch) unshared(o *output) error {
	for _, other := range b.outputs {
		if other.id.same(o.id) {
			return fmt.Errorf("the same file as %s, which is written too", other.path)
		}
	}
	return nil
}

// put stages the whole of an output added with Add.
func (o *output) put(data []byte) error {
	switch o.kind {
	case special:
		o.data = data
	case existing:
		o.in.data, o.in.size = data, int64(len(data))
	case created:
		_, err := o.file.Write(data)
		if cerr := o.file.Close(); err == nil {
			err = cerr
		}
		o.file = nil
		return err
	}
	return nil
}

// openSpool gives an existing file's stream somewhere to wait for Commit:
// a hidden file in the file's directory (the same filesystem), or memory
// when none can be made there (a read-only directory).
func (o *output) openSpool() error {
	dir := filepath.Dir(o.path)
	if resolved, err := filepath.EvalSymlinks(o.path); err == nil {
		dir = filepath.Dir(resolved)
	}
	f, name, err := createHidden(dir, filepath.Base(o.path))
	if err != nil {
		o.mem = new(bytes.Buffer)
		return nil
	}
	o.spool, o.spoolName = f, name
	return nil
}

// Write writes to a stream, keeping its first error.
func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	var n int
	var err error
	switch {
	case o.mem != nil:
		n, err = o.mem.Write(p)
	case o.spool != nil:
		n, err = o.spool.Write(p)
		if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) {
			// The disk is too full for the spool, which the file itself
			// may not need (a text no longer than the old one): the
			// stream goes on in memory.
			if o.spoolToMemory() == nil {
				k, _ := o.mem.Write(p[n:])
				n, err = n+k, nil
			}
		}
	default:
		n, err = o.file.Write(p)
	}
	o.err = err
	return n, err
}

// spoolToMemory moves what the spool holds into memory, and drops it.
func (o *output) spoolToMemory() error {
	size, err := o.spool.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	o.mem = bytes.NewBuffer(make([]byte, size, 2*size))
	if _, err := o.spool.ReadAt(o.mem.Bytes(), 0); err != nil {
		o.mem = nil
		return err
	}
	o.spool.Close()
	o.spool = nil
	if o.spoolName != "" {
		removeTemp(o.spoolName)
		o.spoolName = ""
	}
	return nil
}

// endStream completes a stream: its first error, or the close of its
// temporary file; an existing file's spool becomes the text to write.
func (o *output) endStream() error {
	if !o.stream {
		return nil
	}
	if o.err != nil {
		return o.err
	}
	switch o.kind {
	case created:
		err := o.file.Close()
		o.file = nil
		return err
	case existing:
		if o.mem != nil {
			o.in.data, o.in.size = o.mem.Bytes(), int64(o.mem.Len())
			return nil
		}
		off, err := o.spool.Seek(0, io.SeekCurrent)
		o.in.spool, o.in.size = o.spool, off
		return err
	}
	return nil
}

// Commit puts every staged output in place and empties the batch; on
// error no file is changed, with one exception the error states: a
// special file written before the failure (a device or a pipe cannot take
// its bytes back).
//
// The order makes a failure as unlikely as possible once something has
// changed: first the streams are checked, then the special files are
// written (a device can refuse the data: /dev/full), then, with signals
// held off, the existing files' blocks are reserved, their new texts
// written, the new files linked into place and the existing files cut to
// length; a failure in that last step puts back every file it changed.
func (b *Batch) Commit() error {
	defer b.Abort()
	for _, o := range b.outputs {
		if err := o.endStream(); err != nil {
			return o.fail(err, nil)
		}
	}
	var written []string
	for _, o := range b.outputs {
		if o.kind == special && o.stream {
			written = append(written, o.path)
		}
	}
	for _, o := range b.outputs {
		if o.kind != special || o.stream {
			continue
		}
		_, err := o.file.Write(o.data)
		if cerr := o.file.Close(); err == nil {
			err = cerr
		}
		o.file = nil
		if err != nil {
			return o.fail(err, written)
		}
		written = append(written, o.path)
	}
	temps.Lock()
	defer unlockTemps()
	if o, err := b.commitFiles(); err != nil {
		return o.fail(err, written)
	}
	return nil
}

// commitFiles changes the regular files, temps locked; on error it puts
// back what it changed and returns the output that failed.
func (b *Batch) commitFiles() (*output, error) {
	var changed []*output
	fail := func(o *output, err error) (*output, error) {
		err = underlying(err)
		var left []string
		for _, c := range changed {
			switch {
			case c.kind == created:
				os.Remove(c.target)
			case c == o:
				err = c.in.restore(err)
			default:
				if rerr := c.in.restore(nil); rerr != nil {
					left = append(left, fmt.Sprintf("%s is incomplete (%v)", c.path, rerr))
				}
			}
		}
		if len(left) > 0 {
			err = fmt.Errorf("%w; %s", err, strings.Join(left, "; "))
		}
		return o, err
	}
	for _, o := range b.outputs {
		if o.kind == existing {
			changed = append(changed, o)
			if err := o.in.prepare(); err != nil {
				return fail(o, err)
			}
		}
	}
	for _, o := range b.outputs {
		if o.kind == existing {
			if err := o.in.overwrite(); err != nil {
				return fail(o, err)
			}
		}
	}
	for _, o := range b.outputs {
		if o.kind == created {
			if err := linkIntoPlace(o.tmp, o.target); err != nil {
				return fail(o, err)
			}
			delete(temps.names, o.tmp)
			o.tmp = ""
			changed = append(changed, o)
		}
	}
	for _, o := range b.outputs {
		if o.kind == existing {
			if err := o.in.finish(); err != nil {
				return fail(o, err)
			}
		}
	}
	for _, o := range b.outputs {
		if o.kind == existing {
			err := o.in.f.Close()
			o.in.f = nil
			if err != nil {
				// Written, but the system may have lost some of it
				// (a network filesystem reports it here).
				return o, err
			}
		}
	}
	return nil, nil
}

// linkIntoPlace gives the temporary file tmp the name target, refusing
// (EEXIST) to replace a file made there since the batch was staged. A
// filesystem without hard links gets a rename.
func linkIntoPlace(tmp, target string) error {
	err := os.Link(tmp, target)
	if err == nil {
		os.Remove(tmp)
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%w (made while the output was being written)", fs.ErrExist)
	}
	return os.Rename(tmp, target)
}

// fail is err about o's path, saying which special files were written
// before it.
func (o *output) fail(err error, written []string) error {
	err = underlying(err)
	if len(written) > 0 {
		err = &errWritten{err, written}
	}
	return &fs.PathError{Op: "write", Path: o.path, Err: err}
}

// errWritten is a failed commit that had written special files.
type errWritten struct {
	err     error
	written []string
}

func (e *errWritten) Error() string {
	return fmt.Sprintf("%v (%s written all the same)", e.err, strings.Join(e.written, ", "))
}

func (e *errWritten) Unwrap() error { return e.err }

// Abort drops every staged output: temporary files and spools are
// removed, files closed unwritten.
func (b *Batch) Abort() {
	for _, o := range b.outputs {
		if o.file != nil {
			o.file.Close()
		}
		if o.tmp != "" {
			removeTemp(o.tmp)
		}
		if o.spool != nil {
			o.spool.Close()
		}
		if o.spoolName != "" {
			removeTemp(o.spoolName)
		}
		if o.in != nil && o.in.f != nil {
			o.in.f.Close()
		}
	}
	b.outputs = nil
}

// underlying strips the path an *os.PathError or *os.LinkError carries:
// it may be a temporary file's, which means nothing to the user. Only the
// outermost is stripped: an error that explains more (errIncomplete,
// errWritten) keeps its words.
func underlying(err error) error {
	switch e := err.(type) {
	case *fs.PathError:
		return e.Err
	case *os.LinkError:
		return e.Err
	}
	return err
}
