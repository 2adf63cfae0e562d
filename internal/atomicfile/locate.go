package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// maxLinks bounds the chain of symbolic links followed to a file that does
// not exist yet, as the kernel bounds it for one that does.
const maxLinks = 40

// place is what a path names for writing: an existing object (info), or
// the name of a file to create (create). A symbolic link is never a place
// itself: an existing file is reached through it, and a dangling link
// gives the name it points to, so that writing creates that file and
// keeps the link.
type place struct {
	info   fs.FileInfo
	create string
}

// locate finds the place path names. An existing object is found by the
// kernel (os.Stat), which follows every link, /proc/self/fd magic links
// (/dev/stdout) included; only a path that leads nowhere is followed here,
// link by link, to the name to create.
func locate(path string) (place, error) {
	info, err := os.Stat(path)
	if err == nil {
		return place{info: info}, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return place{}, err
	}
	p := path
	for range maxLinks {
		li, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			if strings.HasSuffix(p, string(filepath.Separator)) {
				// "out/" names a directory, which an output cannot be.
				return place{}, syscall.EISDIR
			}
			return place{create: p}, nil
		}
		if err != nil {
			return place{}, err
		}
		if li.Mode()&fs.ModeSymlink == 0 {
			// It appeared since os.Stat looked: look again.
			return locate(path)
		}
		link, err := os.Readlink(p)
		if err != nil {
			return place{}, err
		}
		if !filepath.IsAbs(link) {
			// A relative link is relative to the directory that holds
			// it, reached physically: "../t" in a linked directory is
			// not the lexical parent.
			dir, err := filepath.EvalSymlinks(filepath.Dir(p))
			if err != nil {
				return place{}, err
			}
			link = filepath.Join(dir, link)
		}
		p = link
	}
	return place{}, syscall.ELOOP
}

// identity is what two outputs must not share: a regular file (by its
// device and inode, so every name of it counts), or the one name of a file
// to create. Special files have none: two outputs may go to /dev/null, a
// terminal or a pipe, which take them in turn.
type identity struct {
	file    fs.FileInfo // a regular file
	created string      // an absolute name with no linked directory in it
}

func (id identity) same(other identity) bool {
	switch {
	case id.file != nil && other.file != nil:
		return os.SameFile(id.file, other.file)
	case id.created != "" && other.created != "":
		return id.created == other.created
	}
	return false
}

// identityOf is what writing to the place changes.
func identityOf(p place) identity {
	if p.info != nil {
		if p.info.Mode().IsRegular() {
			return identity{file: p.info}
		}
		return identity{}
	}
	return identity{created: canonical(p.create)}
}

// canonical is name with its directory resolved through links, so that
// "./x", "d/x" and "link-to-d/x" compare equal.
func canonical(name string) string {
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	if resolved, err := filepath.EvalSymlinks(dir); err == nil {
		dir = resolved
	}
	if abs, err := filepath.Abs(filepath.Join(dir, base)); err == nil {
		return abs
	}
	return filepath.Join(dir, base)
}

// SameFile reports whether writing to a and to b would change one file:
// one regular file by any of its names (x and ./x, a symbolic or a hard
// link to it), or one file to create (x and a dangling link to x). Two
// outputs must not: the second would silently replace the first. Special
// files may take several outputs, one after the other. A path that cannot
// be looked up shares nothing; writing to it will say why.
func SameFile(a, b string) bool {
	pa, err := locate(a)
	if err != nil {
		return false
	}
	pb, err := locate(b)
	if err != nil {
		return false
	}
	return identityOf(pa).same(identityOf(pb))
}

// SameFileAs reports whether writing to path would change the regular
// file f is open on: a standard output redirected to a file (> out.json)
// and an output path naming that file (out.json, /dev/stdout).
func SameFileAs(path string, f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	p, err := locate(path)
	if err != nil {
		return false
	}
	return identityOf(p).same(identity{file: fi})
}

// SameOutput is SameFile for a tool's output flag, where "-" is standard
// output: whether writing to path would change the file out goes to.
func SameOutput(out, path string, stdout io.Writer) bool {
	if out != "-" {
		return SameFile(out, path)
	}
	f, ok := stdout.(*os.File)
	return ok && SameFileAs(path, f)
}
