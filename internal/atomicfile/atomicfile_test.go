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
