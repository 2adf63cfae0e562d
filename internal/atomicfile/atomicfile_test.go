package atomicfile

import (
	"os"
	"path/filepath"
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

// A regular file is replaced whole and keeps its permissions; a link is
// followed and stays a link; a failed write leaves nothing behind.
func TestReplaceKeepsModeAndLinks(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out.mlir")
	if err := os.WriteFile(file, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.mlir")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != "new" {
		t.Fatalf("file holds %q", b)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if fi, _ := os.Stat(file); fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, want 0640", fi.Mode().Perm())
	}
	if err := Write(filepath.Join(dir, "missing", "x"), []byte("x")); err == nil {
		t.Fatal("writing into a missing directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("left behind: %v", entries)
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
