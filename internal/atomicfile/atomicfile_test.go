package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// Writing to the null device leaves it a device (as root, renaming a
// temporary file over it would have replaced it with a regular file).
func TestDevNullStaysADevice(t *testing.T) {
	before, err := os.Stat(os.DevNull)
	if err != nil || before.Mode().IsRegular() {
		t.Skipf("%s is not a device here", os.DevNull)
	}
	if err := Write(os.DevNull, []byte("plan\n")); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(os.DevNull)
	if err != nil || after.Mode().IsRegular() || after.Mode() != before.Mode() {
		t.Fatalf("%s changed from %v to %v", os.DevNull, before.Mode(), after.Mode())
	}
}

// An existing file is written in place: it stays the same file (inode),
// so a hard link sees the new text, and keeps its mode and owner; a
// symbolic link to it is followed and stays a link. A failed write leaves
// nothing behind.
func TestExistingFileWrittenInPlace(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.mlir")
	if err := os.WriteFile(file, []byte("the old text, longer than the new"), 0o640); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard.mlir")
	if err := os.Link(file, hard); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.mlir")
	if err := os.Symlink("out.mlir", link); err != nil {
		t.Fatal(err)
	}
	owner := os.Getuid()
	if owner == 0 {
		// As root, a file put in place by rename would be root's.
		owner = 65534
		if err := os.Chown(file, owner, -1); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.Stat(file)
	for _, text := range []string{"new", "a new text longer than the old one was"} {
		for _, stream := range []bool{false, true} {
			if err := writeOne(link, text, stream); err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(hard); string(b) != text {
				t.Fatalf("stream %v: the hard link holds %q, want %q", stream, b, text)
			}
			after, _ := os.Stat(file)
			if !os.SameFile(before, after) || after.Mode() != before.Mode() || ownerOf(after) != owner {
				t.Fatalf("stream %v: the file changed: %v uid %d, was %v uid %d", stream, after.Mode(), ownerOf(after), before.Mode(), owner)
			}
			if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
				t.Fatal("the link was replaced by a file")
			}
		}
	}
	if err := Write(filepath.Join(dir, "missing", "x"), []byte("x")); err == nil {
		t.Fatal("writing into a missing directory succeeded")
	}
	assertEntries(t, dir, "hard.mlir", "link.mlir", "out.mlir")
}

// writeOne writes text to path with Add, or as a stream with Create.
func writeOne(path, text string, stream bool) error {
	if !stream {
		return Write(path, []byte(text))
	}
	var b Batch
	w, err := b.Create(path)
	if err != nil {
		return err
	}
	io.WriteString(w, text)
	return b.Commit()
}

func ownerOf(fi os.FileInfo) int {
	return int(fi.Sys().(*syscall.Stat_t).Uid)
}

// assertEntries checks that dir holds exactly names: no temporary file.
func assertEntries(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if !slices.Equal(got, names) {
		t.Fatalf("%s holds %q, want %q", dir, got, names)
	}
}

// A dangling link names the file to make: it is made, and the link stays
// a link, through a chain of links and a relative link in a linked
// directory ("../x" is relative to the directory the link is in).
func TestDanglingLinkMakesItsTarget(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"sublink":       "sub",
		"sub/first":     "../second",
		"second":        "sub/third",
		"sub/third":     dir + "/end.txt",
		"sub/streamed":  "streamed-end",
		"sub/unrelated": "nowhere/x",
	} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	if err := Write(filepath.Join(dir, "sublink", "first"), []byte("text")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "end.txt")); err != nil || string(b) != "text" {
		t.Fatalf("end.txt: %q, %v", b, err)
	}
	if err := writeOne(filepath.Join(dir, "sublink", "streamed"), "stream", true); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(sub, "streamed-end")); err != nil || string(b) != "stream" {
		t.Fatalf("streamed-end: %q, %v", b, err)
	}
	for _, link := range []string{"sublink", "sub/first", "second", "sub/third", "sub/streamed"} {
		if fi, err := os.Lstat(filepath.Join(dir, link)); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", link)
		}
	}
	// A link into a missing directory: the error names the user's path.
	err := Write(filepath.Join(sub, "unrelated"), []byte("x"))
	if want := "write " + filepath.Join(sub, "unrelated") + ": no such file or directory"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	// A loop of links.
	os.Symlink("loop2", filepath.Join(dir, "loop1"))
	os.Symlink("loop1", filepath.Join(dir, "loop2"))
	if err := Write(filepath.Join(dir, "loop1"), []byte("x")); err == nil || !errors.Is(err, syscall.ELOOP) {
		t.Errorf("a loop of links: %v", err)
	}
	assertEntries(t, dir, "end.txt", "loop1", "loop2", "second", "sub", "sublink")
}

// SameFile sees one file under its names, and one file to make under
// its; special files may take several outputs.
func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("x", nil, 0o644)
	os.WriteFile("y", nil, 0o644)
	os.Mkdir("d", 0o755)
	os.Link("x", "hard")
	os.Symlink("x", "soft")
	os.Symlink("new", "dangling")
	os.Symlink("d", "dlink")
	os.Symlink("../new", "d/up")
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"x", "x", true},
		{"x", "./x", true},
		{"x", dir + "/x", true},
		{"x", "d/../x", true},
		{"x", "hard", true},
		{"soft", "hard", true},
		{"x", "y", false},
		{"new", "./new", true},
		{"new", "dangling", true},
		{"new", "dlink/up", true},
		{"d/new", "dlink/new", true},
		{"new", "new2", false},
		{"x", "new", false},
		{os.DevNull, os.DevNull, false},
		{"d", "d", false},
	} {
		if got := SameFile(c.a, c.b); got != c.want {
			t.Errorf("SameFile(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	f, err := os.Open("x")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !SameFileAs("soft", f) || SameFileAs("y", f) {
		t.Error("SameFileAs does not tell x from y")
	}
}

// A batch refuses a second output to a file it already writes, by any
// name; nothing is written.
func TestBatchRefusesOneFileTwice(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "x")
	os.WriteFile(file, []byte("old"), 0o644)
	os.Symlink("x", filepath.Join(dir, "soft"))
	os.Symlink("new", filepath.Join(dir, "dangling"))
	for _, pair := range [][2]string{{"x", "soft"}, {"new", "dangling"}} {
		var b Batch
		if err := b.Add(filepath.Join(dir, pair[0]), []byte("one")); err != nil {
			t.Fatal(err)
		}
		_, err := b.Create(filepath.Join(dir, pair[1]))
		want := "write " + filepath.Join(dir, pair[1]) + ": the same file as " + filepath.Join(dir, pair[0]) + ", which is written too"
		if err == nil || err.Error() != want {
			t.Errorf("got %v, want %s", err, want)
		}
		if err := b.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "old" {
		t.Errorf("x holds %q", b)
	}
	assertEntries(t, dir, "dangling", "soft", "x")
	var b Batch
	for range 2 {
		if err := b.Add(os.DevNull, []byte("x")); err != nil {
			t.Fatalf("two outputs to %s: %v", os.DevNull, err)
		}
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
}

// A batch commits nothing when one output cannot be staged: the file
// staged before it is left as it was, and no temporary file remains.
func TestBatchAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.mlir")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var b Batch
	if err := b.Add(out, []byte("new")); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing", "r.html")
	err := b.Add(missing, []byte("<html>"))
	if err == nil {
		t.Fatal("staging into a missing directory succeeded")
	}
	// The message names the user's path, not a temporary file.
	if want := "write " + missing + ": no such file or directory"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	if err := b.Commit(); err != nil {
		t.Fatalf("committing the aborted batch: %v", err)
	}
	if got, _ := os.ReadFile(out); string(got) != "old" {
		t.Errorf("out.mlir holds %q after a failed batch", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}

	// Both stageable: both committed.
	report := filepath.Join(dir, "r.txt")
	b = Batch{}
	if err := b.Add(out, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(report, []byte("report")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != "old" {
		t.Errorf("out.mlir changed before Commit: %q", got)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(out); string(got) != "new" {
		t.Errorf("out.mlir holds %q", got)
	}
	if got, _ := os.ReadFile(report); string(got) != "report" {
		t.Errorf("r.txt holds %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("left behind: %v", entries)
	}
}

// Writing to a full device is an error naming the device.
func TestDevFull(t *testing.T) {
	if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode().IsRegular() {
		t.Skip("no /dev/full")
	}
	err := Write("/dev/full", []byte("plan\n"))
	if err == nil || err.Error() != "write /dev/full: no space left on device" {
		t.Fatalf("got %v", err)
	}
}

// A stream replaces its file only at Commit, keeps the file's mode, and
// leaves nothing behind when the batch is aborted; the null device stays
// a device.
func TestCreateStreams(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.mlir")
	if err := os.WriteFile(file, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	var b Batch
	w, err := b.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"ne", "w"} {
		if _, err := w.Write([]byte(part)); err != nil {
			t.Fatal(err)
		}
	}
	if got, _ := os.ReadFile(file); string(got) != "old" {
		t.Fatalf("before Commit the file holds %q", got)
	}
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(file); string(got) != "new" {
		t.Fatalf("after Commit the file holds %q", got)
	}
	if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, want 0640", fi.Mode().Perm())
	}

	w, err = b.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("lost"))
	b.Abort()
	if got, _ := os.ReadFile(file); string(got) != "new" {
		t.Fatalf("after Abort the file holds %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
	if _, err := b.Create(filepath.Join(dir, "missing", "x")); err == nil {
		t.Fatal("streaming into a missing directory succeeded")
	}

	before, err := os.Stat(os.DevNull)
	if err != nil || before.Mode().IsRegular() {
		return
	}
	w, err = b.Create(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("plan\n"))
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	if after, err := os.Stat(os.DevNull); err != nil || after.Mode() != before.Mode() {
		t.Fatalf("%s changed from %v to %v", os.DevNull, before.Mode(), after.Mode())
	}
}

// A file whose name is as long as the system allows can still be made
// (the temporary file beside it takes a shorter name).
func TestLongName(t *testing.T) {
	dir := t.TempDir()
	name := strings.Repeat("é", 127) + "x" // 255 bytes
	for _, stream := range []bool{false, true} {
		if err := writeOne(filepath.Join(dir, name), "text", stream); err != nil {
			t.Fatal(err)
		}
	}
	assertEntries(t, dir, name)
}
