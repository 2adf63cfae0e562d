package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"pto-opt/internal/atomicfile"
)

// writeOutputs writes the output (to stdout when path is "-") and, when
// reportPath is not empty, the report, so that a failure changes neither
// file:
//
//  1. The report is staged: a regular (or new) file is written whole to a
//     temporary file beside it, which also proves its directory writable;
//     a device or pipe (--report=/dev/null) is opened for writing, never
//     replaced (as root, a rename would turn the device into a file).
//  2. A device or pipe report is written: that cannot be undone, so it
//     goes before any file changes.
//  3. The output is written: to stdout, or to path through
//     atomicfile.Write, all or nothing.
//  4. The staged report is renamed over its path; a rename within one
//     directory fails only if someone changes the directory meanwhile.
//
// Errors name the user's paths, never a temporary file's.
func writeOutputs(path string, data []byte, stdout io.Writer, reportPath string, report []byte) error {
	var rep *staged
	if reportPath != "" {
		var err error
		if rep, err = stage(reportPath, report); err != nil {
			return fmt.Errorf("--report: %v", err)
		}
		defer rep.discard()
		if err := rep.writeInPlace(); err != nil {
			return fmt.Errorf("--report: %v", err)
		}
	}
	if path == "-" {
		if _, err := stdout.Write(data); err != nil {
			return fmt.Errorf("writing standard output: %v", cause(err))
		}
	} else if err := atomicfile.Write(path, data); err != nil {
		return pathErr(path, err)
	}
	if rep != nil {
		if err := rep.commit(); err != nil {
			return fmt.Errorf("--report: %v", err)
		}
	}
	return nil
}

// staged is a report on its way to path: data written to tmp, a
// temporary file beside the file path names, or, for a path that is not
// a regular file, dev opened on it to write data in place.
type staged struct {
	path   string // as the user wrote it, for messages
	target string // path with symbolic links resolved
	tmp    string
	dev    *os.File
	data   []byte
}

// stage prepares the write of data to path. A symbolic link is followed
// (the file it names is replaced, the link stays), an existing file keeps
// its permissions, and a new one gets 0644: a report is not private.
func stage(path string, data []byte) (*staged, error) {
	s := &staged{path: path, target: path, data: data}
	if t, err := filepath.EvalSymlinks(path); err == nil {
		s.target = t
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, pathErr(path, err)
	}
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(s.target); err == nil {
		if !fi.Mode().IsRegular() {
			f, err := os.OpenFile(s.target, os.O_WRONLY|os.O_TRUNC, 0)
			if err != nil {
				return nil, pathErr(path, err)
			}
			s.dev = f
			return s, nil
		}
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(s.target), ".pto-plan-*")
	if err != nil {
		return nil, pathErr(path, err)
	}
	s.tmp = f.Name()
	_, err = f.Write(data)
	if err == nil {
		// Chmod, not the creation mode: the umask must not apply.
		err = f.Chmod(mode)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.discard()
		return nil, pathErr(path, err)
	}
	return s, nil
}

// writeInPlace writes a device or pipe report (a no-op for a file).
func (s *staged) writeInPlace() error {
	if s.dev == nil {
		return nil
	}
	_, err := s.dev.Write(s.data)
	if cerr := s.dev.Close(); err == nil {
		err = cerr
	}
	s.dev = nil
	if err != nil {
		return pathErr(s.path, err)
	}
	return nil
}

// commit puts a staged file in place.
func (s *staged) commit() error {
	if s.tmp == "" {
		return nil
	}
	if err := os.Rename(s.tmp, s.target); err != nil {
		return pathErr(s.path, err)
	}
	s.tmp = ""
	return nil
}

// discard removes what commit did not put in place.
func (s *staged) discard() {
	if s.dev != nil {
		s.dev.Close()
		s.dev = nil
	}
	if s.tmp != "" {
		os.Remove(s.tmp)
		s.tmp = ""
	}
}

// cause strips the operation and file name from an error about a file:
// they may name a temporary file the user never asked for.
func cause(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// pathErr is err about the user's path.
func pathErr(path string, err error) error {
	return fmt.Errorf("%s: %v", path, cause(err))
}
