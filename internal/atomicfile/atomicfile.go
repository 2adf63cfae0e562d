// Package atomicfile writes output files the way a build tool must: all
// or nothing, never leaving a temporary file, and never replacing what is
// not a regular file (as root, renaming over -o /dev/null would turn the
// device into a file and break every later build on the machine).
//
// A Batch commits several outputs together: each is staged (written whole
// to a temporary file beside it) first, and only when every one staged are
// they renamed into place, so `-o out.mlir --memory-report=/missing/r.html`
// leaves out.mlir untouched. An output too large to hold in memory is
// streamed into its temporary file (Batch.Create). Errors name the user's
// path, never the temporary file's.
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write replaces path with data so that readers see the old file
// or the new one, never a partial one, and a failure leaves neither a
// changed file nor a temporary one behind: the data goes to a new file in
// the same directory, which is renamed over path. A symbolic link is
// followed (the file it names is replaced, the link stays), an existing
// file keeps its permissions, and a new one gets 0666 minus the umask.
// Paths that are not regular files (-o /dev/null, a pipe) are written in
// place.
func Write(path string, data []byte) error {
	var b Batch
	if err := b.Add(path, data); err != nil {
		return err
	}
	return b.Commit()
}

// Batch is a set of outputs committed together. The zero value is empty.
type Batch struct {
	staged []*staged
}

// staged is one output: either a complete temporary file waiting to be
// renamed over target, or an opened special file waiting for its data.
type staged struct {
	path   string // as the user wrote it, for messages
	target string // path with symbolic links resolved
	tmp    string // the temporary file, "" for a special file
	dev    *os.File
	data   []byte
	// A stream (Batch.Create) is written as it is made: file is the
	// temporary file (or the special file) open for it; err is its first
	// write error.
	file *os.File
	err  error
}

// Add stages data for path: a regular (or new) file is written whole to a
// temporary file beside it; a special file is opened for writing. Nothing
// visible changes until Commit. On error the batch is aborted.
func (b *Batch) Add(path string, data []byte) error {
	s, err := stage(path, data)
	if err != nil {
		b.Abort()
		return &fs.PathError{Op: "write", Path: path, Err: underlying(err)}
	}
	b.staged = append(b.staged, s)
	return nil
}

// Create stages path for a stream of data written to the returned writer
// until Commit, so that a large output never has to be held whole in
// memory: a regular (or new) file is written to a temporary file beside
// it, renamed over path at Commit like Add's. A special file (-o
// /dev/null, a pipe) is opened and written as the data comes, before
// Commit: use Create for it only when nothing but the writes themselves
// can fail after the first byte. A write error is kept and returned by
// Commit (and every later write returns it). On error the batch is
// aborted.
func (b *Batch) Create(path string) (io.Writer, error) {
	s, err := open(path)
	if err != nil {
		b.Abort()
		return nil, &fs.PathError{Op: "write", Path: path, Err: underlying(err)}
	}
	b.staged = append(b.staged, s)
	return s, nil
}

// Write writes to a stream, keeping its first error.
func (s *staged) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.file.Write(p)
	s.err = err
	return n, err
}

// open opens the stream Create stages: a temporary file beside a regular
// one, or the special file itself.
func open(path string) (*staged, error) {
	s, mode, keepMode, err := resolve(path)
	if err != nil || s.dev != nil {
		if s != nil {
			s.file, s.dev = s.dev, nil
		}
		return s, err
	}
	f, tmp, err := createTemp(filepath.Dir(s.target), filepath.Base(s.target), mode)
	if err != nil {
		return nil, err
	}
	if keepMode {
		if err := f.Chmod(mode); err != nil {
			f.Close()
			os.Remove(tmp)
			return nil, err
		}
	}
	s.file, s.tmp = f, tmp
	return s, nil
}

// resolve follows path's symbolic links and opens it when it is a special
// file; else it returns the mode a new file for it gets, and whether that
// is an existing file's.
func resolve(path string) (s *staged, mode fs.FileMode, keepMode bool, err error) {
	target := path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, 0, false, err
	}
	s = &staged{path: path, target: target}
	mode = fs.FileMode(0o666)
	if fi, err := os.Stat(target); err == nil {
		if !fi.Mode().IsRegular() {
			s.dev, err = os.OpenFile(target, os.O_WRONLY, 0)
			if err != nil {
				return nil, 0, false, err
			}
			return s, 0, false, nil
		}
		mode, keepMode = fi.Mode().Perm(), true
	}
	return s, mode, keepMode, nil
}

func stage(path string, data []byte) (*staged, error) {
	s, mode, keepMode, err := resolve(path)
	if err != nil || s.dev != nil {
		if s != nil {
			s.data = data
		}
		return s, err
	}
	s.data = data
	f, tmp, err := createTemp(filepath.Dir(s.target), filepath.Base(s.target), mode)
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*staged, error) {
		f.Close()
		os.Remove(tmp)
		return nil, err
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if keepMode {
		// The umask applied at creation may have dropped bits the old
		// file had.
		if err := f.Chmod(mode); err != nil {
			return fail(err)
		}
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return nil, err
	}
	s.tmp = tmp
	return s, nil
}

// Commit puts every staged output in place and empties the batch.
// Special files are written first: a device can still refuse the data
// (/dev/full), and a file renamed into place could not be taken back.
// Then the temporary files are renamed over their paths, which fails only
// if the directory changed meanwhile. Commit stops at the first failure
// and removes the temporary files not yet renamed.
func (b *Batch) Commit() error {
	defer b.Abort()
	for _, s := range b.staged {
		if s.file == nil {
			continue
		}
		// A stream is complete: close it, and drop a temporary file that
		// could not be written whole.
		err := s.err
		if cerr := s.file.Close(); err == nil {
			err = cerr
		}
		s.file = nil
		if err != nil {
			return &fs.PathError{Op: "write", Path: s.path, Err: underlying(err)}
		}
	}
	for _, s := range b.staged {
		if s.dev == nil {
			continue
		}
		_, err := s.dev.Write(s.data)
		if cerr := s.dev.Close(); err == nil {
			err = cerr
		}
		s.dev = nil
		if err != nil {
			return &fs.PathError{Op: "write", Path: s.path, Err: underlying(err)}
		}
	}
	for _, s := range b.staged {
		if s.tmp == "" {
			continue
		}
		if err := os.Rename(s.tmp, s.target); err != nil {
			return &fs.PathError{Op: "write", Path: s.path, Err: underlying(err)}
		}
		s.tmp = ""
	}
	return nil
}

// Abort drops every staged output: temporary files are removed, special
// files closed unwritten.
func (b *Batch) Abort() {
	for _, s := range b.staged {
		if s.dev != nil {
			s.dev.Close()
		}
		if s.file != nil {
			s.file.Close()
		}
		if s.tmp != "" {
			os.Remove(s.tmp)
		}
	}
	b.staged = nil
}

// underlying strips the path an *os.PathError or *os.LinkError carries:
// it may be a temporary file's, which means nothing to the user.
func underlying(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// createTemp makes a new file, exclusively, named after base in dir.
func createTemp(dir, base string, mode fs.FileMode) (*os.File, string, error) {
	for {
		var rnd [6]byte
		if _, err := rand.Read(rnd[:]); err != nil {
			return nil, "", err
		}
		name := filepath.Join(dir, "."+base+".pto-"+hex.EncodeToString(rnd[:])+".tmp")
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
}
