// Package atomicfile writes output files the way a build tool must: all
// or nothing, never leaving a temporary file, and never replacing what is
// not a regular file (as root, renaming over -o /dev/null would turn the
// device into a file and break every later build on the machine).
package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
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
	target := path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	mode := fs.FileMode(0o666)
	keepMode := false
	if fi, err := os.Stat(target); err == nil {
		if !fi.Mode().IsRegular() {
			return writeInPlace(target, data)
		}
		mode, keepMode = fi.Mode().Perm(), true
	}
	f, tmp, err := createTemp(filepath.Dir(target), filepath.Base(target), mode)
	if err != nil {
		return err
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return err
	}
	if keepMode {
		// The umask applied at creation may have dropped bits the old
		// file had.
		if err := f.Chmod(mode); err != nil {
			return err
		}
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, target); err != nil {
		return err
	}
	ok = true
	return nil
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

func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
