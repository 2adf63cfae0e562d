package filecheck

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseArgs(t *testing.T) {
	file, o, err := ParseArgs([]string{
		"--check-prefix", "A", "-check-prefixes=B,C", "--implicit-check-not=bad",
		"--match-full-lines", "--strict-whitespace=false", "--allow-empty",
		"-DX=1", "-D#N=2", "--dump-input=always", "--dump-input=never", "--color",
		"-vv", "--input-file", "in.txt", "check.mlir",
	})
	if err != nil {
		t.Fatal(err)
	}
	if file != "check.mlir" || o.CheckFileName != "check.mlir" {
		t.Errorf("check file %q / %q", file, o.CheckFileName)
	}
	if !reflect.DeepEqual(o.CheckPrefixes, []string{"A", "B", "C"}) || !reflect.DeepEqual(o.ImplicitCheckNot, []string{"bad"}) {
		t.Errorf("prefixes %q, implicit %q", o.CheckPrefixes, o.ImplicitCheckNot)
	}
	if !o.MatchFullLines || o.StrictWhitespace || !o.AllowEmpty || o.Verbose != 2 {
		t.Errorf("flags: %+v", o)
	}
	if !reflect.DeepEqual(o.DefineList, []string{"X=1", "#N=2"}) {
		t.Errorf("defines %q", o.DefineList)
	}
	// FileCheck keeps the most informative --dump-input.
	if o.DumpInput != "always" || o.InputFile != "in.txt" {
		t.Errorf("dump %q, input %q", o.DumpInput, o.InputFile)
	}

	for _, bad := range [][]string{{"--bogus", "c"}, {"a", "b"}, {"--check-prefix"}, {"--match-full-lines=perhaps", "c"}, {"-D", "c"}} {
		if _, _, err := ParseArgs(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestCheckAPI(t *testing.T) {
	check := []byte("// CHECK: [[V]] = add\n// CHECK-NEXT: ret [[V]]\n")
	opts := Options{CheckFileName: "t.mlir", Defines: map[string]string{"V": "%1"}}
	if err := Check(check, []byte("%1 = add\nret %1\n"), opts); err != nil {
		t.Fatalf("unexpected failure: %v", err)
	}
	err := Check(check, []byte("%1 = add\nnop\nret %1\n"), opts)
	e, ok := err.(*Error)
	if !ok || e.Status != 1 || !strings.HasPrefix(e.Message, "t.mlir:2:16: error: CHECK-NEXT: is not on the line after the previous match\n") {
		t.Fatalf("got %#v", err)
	}
	err = Check([]byte("no directives\n"), []byte("x\n"), Options{})
	if e, ok := err.(*Error); !ok || e.Status != 2 || e.Message != "error: no check strings found with prefix 'CHECK:'\n" {
		t.Fatalf("got %#v", err)
	}
}

func TestMainReadsFileCheckOpts(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "c.txt")
	os.WriteFile(p, []byte("FOO: x\n"), 0o644)
	t.Setenv("FILECHECK_OPTS", "--check-prefix=FOO")
	var stderr bytes.Buffer
	if st := Main([]string{p}, strings.NewReader("x\n"), &stderr); st != 0 {
		t.Fatalf("status %d: %s", st, stderr.String())
	}
}
