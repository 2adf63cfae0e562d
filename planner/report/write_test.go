package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/pto-opt/pto-opt/planner"
)

// fullReport exercises every optional field: members, pinned, reserved,
// detail, soft pairs, omitted lifetime pairs, target and locations.
func fullReport(t *testing.T) *Report {
	t.Helper()
	r := goldenReportFile(t, "testdata/rules.txtar")
	ar, err := txtar.ParseFile("testdata/exclusive.txtar")
	if err != nil {
		t.Fatal(err)
	}
	g := goldenReport(t, "testdata/exclusive.txtar", ar).Functions[0]
	var problem []byte
	for _, f := range ar.Files {
		if f.Name == "problem.json" {
			problem = f.Data
		}
	}
	d, err := planner.ReadJSON(bytes.NewReader(problem), "exclusive")
	if err != nil {
		t.Fatal(err)
	}
	members := make([][]string, len(d.Problem.Buffers))
	off := make([]int64, len(d.Problem.Buffers))
	for i, b := range d.Problem.Buffers {
		members[i] = []string{b.Name, b.Name + "_alias"}
		off[i] = g.Spaces[0].Buffers[i].Offset
	}
	f := FromProblem("second", "memory-reuse", "ffd", d.Problem, planner.Solution{Offsets: off}, Options{Members: members, MaxLifetimePairs: 2, Locs: []string{"x.mlir:1:2"}})
	f.Loc = "rules.mlir:40:1"
	r.Functions = append(r.Functions, f)
	r.Target = "ascend910b"
	return r
}

func TestJSONRoundTrip(t *testing.T) {
	r := fullReport(t)
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back Report
	dec := json.NewDecoder(&buf)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&back); err != nil {
		t.Fatal(err)
	}
	want := *r
	want.Version = Version
	if diff := cmp.Diff(&want, &back, cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("JSON round trip differs (-want +got):\n%s", diff)
	}
	if back.Functions[1].Spaces[0].RefusedOmitted == 0 || len(back.Functions[1].Spaces[0].Buffers[0].Members) != 2 {
		t.Fatal("the report does not exercise omitted pairs and members")
	}
}

// TestJSONFieldsDocumented: every key the JSON form has is shown in the
// package comment, and the keys are the ones the comment promises (a
// rename fails here).
func TestJSONFieldsDocumented(t *testing.T) {
	src, err := os.ReadFile("report.go")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(src[:bytes.Index(src, []byte("\npackage report"))])
	var buf bytes.Buffer
	if err := fullReport(t).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(buf.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				if path == "refused_counts" {
					continue // keys are reasons
				}
				keys[k] = true
				walk(k, x)
			}
		case []any:
			for _, x := range v {
				walk(path, x)
			}
		}
	}
	walk("", v)
	var got []string
	for k := range keys {
		got = append(got, k)
		if !strings.Contains(doc, `"`+k+`":`) {
			t.Errorf("JSON key %q is not in the package comment", k)
		}
	}
	slices.Sort(got)
	want := []string{"a", "algorithm", "alignment", "b", "buffers", "bytes_saved", "capacity", "cost", "detail", "end", "function", "functions",
		"input", "lifetime", "loc", "lower_bound", "members", "name", "no_sharing", "offset", "pass", "peak", "pinned", "reasons",
		"refused_counts", "refused_omitted", "refused_pairs", "refused_total", "reserved", "reuse_cost", "shared", "size", "soft_pairs",
		"space", "spaces", "target", "tool", "version"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("JSON keys changed (-want +got):\n%s", diff)
	}
}

// TestJSONEmptyLists: lists and counts are never null.
func TestJSONEmptyLists(t *testing.T) {
	var buf bytes.Buffer
	r := &Report{Tool: "t", Input: "i", Functions: []Function{{Name: "f", Pass: "p", Spaces: []Space{{Name: "s"}}}, {Name: "g", Pass: "p"}}}
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte("null")) {
		t.Fatalf("null in\n%s", buf.String())
	}
	buf.Reset()
	if err := (&Report{}).WriteJSON(&buf); err != nil || !strings.Contains(buf.String(), `"functions": []`) {
		t.Fatalf("%v\n%s", err, buf.String())
	}
}

func TestWriteByExtension(t *testing.T) {
	r := fullReport(t)
	dir := t.TempDir()
	for ext, prefix := range map[string]string{
		".json": "{\n  \"version\": 1,", ".txt": "test memory report: rules.txtar", ".svg": "<svg ",
		".html": "<!DOCTYPE html>", ".HTML": "<!DOCTYPE html>", ".htm": "<!DOCTYPE html>",
	} {
		path := filepath.Join(dir, "r"+ext)
		if err := CheckPath(path); err != nil {
			t.Fatal(err)
		}
		if err := Write(path, r); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), prefix) {
			t.Errorf("%s starts %q, want %q", ext, data[:min(len(data), 40)], prefix)
		}
		var direct bytes.Buffer
		if err := Render(&direct, path, r); err != nil || !bytes.Equal(direct.Bytes(), data) {
			t.Errorf("%s: Render and Write differ (%v)", ext, err)
		}
		if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", ext, st.Mode().Perm())
		}
	}
	for _, bad := range []string{"r.pdf", "r", "r.json.gz"} {
		path := filepath.Join(dir, bad)
		err := Write(path, r)
		if err == nil || !strings.Contains(err.Error(), "unknown report format") || CheckPath(path) == nil {
			t.Errorf("%s: %v", bad, err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("%s written", bad)
		}
	}
	// A directory that does not exist: an error, nothing left behind.
	if err := Write(filepath.Join(dir, "no", "r.json"), r); err == nil {
		t.Error("write into a missing directory succeeded")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".report-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestWriteFailsCleanly: when the report cannot be put in place (here a
// directory is in the way), Write fails and leaves no temporary file.
func TestWriteFailsCleanly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.json")
	if err := os.MkdirAll(filepath.Join(path, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, fullReport(t)); err == nil {
		t.Fatal("write over a directory succeeded")
	}
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		t.Fatalf("the directory in the way changed: %v", err)
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".report-*"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestHumanAndTicks(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1 KiB", 1536: "1.5 KiB", 16640: "16.25 KiB", 1515472556: "1.41 GiB", -2048: "-2 KiB"} {
		if got := human(n); got != want {
			t.Errorf("human(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int64]string{0: "0 B", 1152 << 10: "1152 KiB", 5 << 29: "2.5 GiB", 1000: "1000 B", 9 << 8: "2.25 KiB"} {
		if got := tickText(n); got != want {
			t.Errorf("tickText(%d) = %q, want %q", n, got, want)
		}
	}
}
