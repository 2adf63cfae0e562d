package atomicfile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// failWrites makes the writes numbered fail (0: the first) to the file
// named victim fail with EIO, after writing half of what they were given,
// until the test ends.
func failWrites(t *testing.T, victim string, fail ...int) {
	t.Helper()
	n := 0
	next := writeAt
	writeAt = func(f *os.File, p []byte, off int64) (int, error) {
		if f.Name() != victim {
			return next(f, p, off)
		}
		n++
		if !slices.Contains(fail, n-1) {
			return next(f, p, off)
		}
		k, _ := f.WriteAt(p[:len(p)/2], off)
		return k, syscall.EIO
	}
	t.Cleanup(func() { writeAt = (*os.File).WriteAt })
}

// oldFiles makes the named files in dir with old texts and an old time.
func oldFiles(t *testing.T, dir string, names ...string) (paths []string, mtime time.Time) {
	t.Helper()
	mtime = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, name := range names {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("the old text of "+name), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths, mtime
}

// checkOld checks that the files hold their old texts and times.
func checkOld(t *testing.T, mtime time.Time, paths ...string) {
	t.Helper()
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if want := "the old text of " + filepath.Base(p); err != nil || string(b) != want {
			t.Errorf("%s holds %q, want %q", p, b, want)
		}
		if fi, err := os.Stat(p); err != nil || !fi.ModTime().Equal(mtime) {
			t.Errorf("%s: modification time %v, want %v", p, fi.ModTime(), mtime)
		}
	}
}

// A write failing midway, after another file was written and a new one
// was made: every file gets its old text and time back, the new file is
// gone, no temporary file stays. Both ways of staging, longer and shorter
// texts.
func TestFailedWritePutsFilesBack(t *testing.T) {
	for _, c := range []struct {
		name   string
		text   string
		stream bool
	}{
		{"longer", strings.Repeat("a new text, longer than the old. ", 100), false},
		{"shorter", "new", false},
		{"longer streamed", strings.Repeat("a new text, longer than the old. ", 100), true},
		{"shorter streamed", "new", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			paths, mtime := oldFiles(t, dir, "a", "b")
			failWrites(t, paths[1], 0)
			var b Batch
			for _, p := range append(paths, filepath.Join(dir, "c")) {
				if c.stream {
					w, err := b.Create(p)
					if err != nil {
						t.Fatal(err)
					}
					w.Write([]byte(c.text))
				} else if err := b.Add(p, []byte(c.text)); err != nil {
					t.Fatal(err)
				}
			}
			err := b.Commit()
			if want := "write " + paths[1] + ": input/output error"; err == nil || err.Error() != want {
				t.Fatalf("got %v, want %s", err, want)
			}
			checkOld(t, mtime, paths...)
			assertEntries(t, dir, "a", "b")
		})
	}
}

// When the old text cannot be put back either, the error says that the
// file is incomplete, and which other file is.
func TestFailedRestoreSaysIncomplete(t *testing.T) {
	dir := t.TempDir()
	paths, _ := oldFiles(t, dir, "a", "b")
	failWrites(t, paths[1], 0, 1)
	err := Write(paths[1], []byte("new text"))
	want := "write " + paths[1] + ": input/output error; the file is incomplete (putting its old text back failed: input/output error)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}

	writeAt = (*os.File).WriteAt
	paths, _ = oldFiles(t, dir, "a", "b")
	// a's first write (the new text) passes, its second (the old text
	// back) fails; b's new text fails.
	failWrites(t, paths[0], 1)
	failWrites(t, paths[1], 0)
	var b Batch
	b.Add(paths[0], []byte("new text"))
	b.Add(paths[1], []byte("new text"))
	err = b.Commit()
	want = "write " + paths[1] + ": input/output error; " + paths[0] + " is incomplete (input/output error)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	assertEntries(t, dir, "a", "b")
}

// Special files are written before the regular files; when a regular
// file fails after them, the error says which were written.
func TestFailureAfterSpecialFileSaysSo(t *testing.T) {
	dir := t.TempDir()
	paths, mtime := oldFiles(t, dir, "a")
	failWrites(t, paths[0], 0)
	var b Batch
	b.Add(paths[0], []byte("new text"))
	b.Add(os.DevNull, []byte("new text"))
	err := b.Commit()
	want := "write " + paths[0] + ": input/output error (" + os.DevNull + " written all the same)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	checkOld(t, mtime, paths...)
}
