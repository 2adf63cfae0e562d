package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/planner/report"
)

func readReport(t *testing.T, path string) *report.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r report.Report
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &r
}

// statsLine reads "pool NAME: peak P lower-bound L capacity C".
var statsRE = regexp.MustCompile(`pool (\S+): peak (\d+) lower-bound (\d+) capacity (\S+)`)

func TestReportEachFormat(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "p.8.csv", goodCSV)
	for _, ext := range []string{".json", ".txt", ".svg", ".html"} {
		t.Run(ext, func(t *testing.T) {
			rep := filepath.Join(dir, "r"+ext)
			out := filepath.Join(dir, "out"+ext+".csv")
			code, stdout, stderr := runCLI("--stats", "--report="+rep, "-o", out, in)
			if code != 0 || stdout != "" {
				t.Fatalf("exit %d, stdout %q: %s", code, stdout, stderr)
			}
			data, err := os.ReadFile(rep)
			if err != nil {
				t.Fatal(err)
			}
			if st, _ := os.Stat(rep); st.Mode().Perm() != 0o644 {
				t.Errorf("report mode %v, want 0644", st.Mode().Perm())
			}
			s := string(data)
			var want []string
			switch ext {
			case ".json":
				checkGoodJSON(t, rep, out, stderr)
				return
			case ".txt":
				want = []string{"pto-plan memory report: " + in, "@p.8  pto-plan (dsa-rp)", "peak 8 B, lower bound 8 B, capacity 8 B, 100.0% used, no sharing 12 B, saved 4 B, 3 buffers", "2 pairs kept apart: lifetime 2"}
			case ".svg":
				want = []string{"<svg ", `data-function="p.8"`, `class="lower-bound"`, `class="capacity"`, "</svg>"}
			case ".html":
				want = []string{"<!DOCTYPE html>", `<svg class="panel" id="p.8.`, `"application/json"`, "table of 3 buffers"}
			}
			for _, w := range want {
				if !strings.Contains(s, w) {
					t.Errorf("%s report lacks %q:\n%s", ext, w, s[:min(len(s), 2000)])
				}
			}
		})
	}
}

// checkGoodJSON: the report of goodCSV agrees with the output's offsets
// and the --stats figures.
func checkGoodJSON(t *testing.T, rep, out, stats string) {
	t.Helper()
	r := readReport(t, rep)
	if r.Version != report.Version || r.Tool != "pto-plan" || len(r.Functions) != 1 {
		t.Fatalf("%+v", r)
	}
	f := r.Functions[0]
	if f.Name != "p.8" || f.Pass != "pto-plan" || f.Algorithm != "dsa-rp" || len(f.Spaces) != 1 {
		t.Fatalf("%+v", f)
	}
	s := f.Spaces[0]
	m := statsRE.FindStringSubmatch(stats)
	if m == nil || m[1] != s.Name || m[2] != fmt.Sprint(s.Peak) || m[3] != fmt.Sprint(s.LowerBound) || m[4] != fmt.Sprint(s.Capacity) {
		t.Fatalf("report %s: peak %d lower bound %d capacity %d; stats: %q", s.Name, s.Peak, s.LowerBound, s.Capacity, stats)
	}
	if s.NoSharing != 12 || s.BytesSaved != 4 {
		t.Errorf("no sharing %d, saved %d; want 12 and 4", s.NoSharing, s.BytesSaved)
	}
	data, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
	if len(lines) != len(s.Buffers) {
		t.Fatalf("%d buffers in the report, %d rows in the output", len(s.Buffers), len(lines))
	}
	for i, l := range lines {
		f := strings.Split(l, ",")
		b := s.Buffers[i]
		if b.Name != f[0] || fmt.Sprint(b.Offset) != f[4] || fmt.Sprint(b.Size) != f[3] || b.End != b.Offset+b.Size ||
			fmt.Sprint(b.Live[0][0]) != f[1] || fmt.Sprint(b.Live[0][1]) != f[2] {
			t.Errorf("report buffer %+v, output row %q", b, l)
		}
	}
	var pairs []string
	for _, p := range s.Refused {
		pairs = append(pairs, p.A+"/"+p.B+":"+strings.Join(p.Reasons, ","))
	}
	if !slices.Equal(pairs, []string{"a/b:lifetime", "b/c:lifetime"}) || s.RefusedTotal != 2 {
		t.Errorf("refused %v (total %d)", pairs, s.RefusedTotal)
	}
}

// TestReportJSONProblem: a schema-v1 problem with every constraint kind.
// The report's lower bound, and --stats', know the temporal exclusion of
// m and n, which planner.LowerBound adds up.
func TestReportJSONProblem(t *testing.T) {
	rep := filepath.Join(t.TempDir(), "r.json")
	code, _, stderr := runCLI("--algorithm=best-fit", "--stats", "--report="+rep, "-o", os.DevNull, "../../planner/testdata/small.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	r := readReport(t, rep)
	f := r.Functions[0]
	if f.Name != "hand-made" || f.Algorithm != "best-fit" || len(f.Spaces) != 2 {
		t.Fatalf("%+v", f)
	}
	vec, mat := f.Spaces[0], f.Spaces[1]
	if vec.Name != "Vec" || mat.Name != "Mat" {
		t.Fatalf("spaces %s, %s", vec.Name, mat.Name)
	}
	stats := map[string][]string{}
	for _, m := range statsRE.FindAllStringSubmatch(stderr, -1) {
		stats[m[1]] = m[2:]
	}
	if got := stats["Vec"]; got == nil || got[0] != fmt.Sprint(vec.Peak) || got[1] != fmt.Sprint(vec.LowerBound) || got[2] != "1024" || vec.Capacity != 1024 {
		t.Errorf("Vec: report peak %d lower bound %d capacity %d, stats %v", vec.Peak, vec.LowerBound, vec.Capacity, got)
	}
	if got := stats["Mat"]; got == nil || got[0] != fmt.Sprint(mat.Peak) || got[1] != "512" || mat.LowerBound != 512 || mat.Peak != 512 {
		t.Errorf("Mat: report peak %d lower bound %d, stats %v; want 512 and 512 everywhere (summing m and n ignores their exclusion)", mat.Peak, mat.LowerBound, got)
	}
	if len(vec.Reserved) != 1 || vec.Reserved[0] != [2]int64{0, 128} {
		t.Errorf("reserved %v", vec.Reserved)
	}
	c := vec.Buffers[2]
	if c.Name != "c" || !c.Pinned || c.Offset != 960 || len(c.Live) != 2 {
		t.Errorf("pinned buffer %+v", c)
	}
	reasons := map[string]string{}
	for _, p := range vec.Refused {
		reasons[p.A+"/"+p.B] = strings.Join(p.Reasons, ",") + " " + p.Detail
	}
	want := map[string]string{"a/b": "pipeline pipeline_stage", "a/c": "lifetime,pinned ", "b/c": "lifetime,pinned "}
	for k, v := range want {
		if reasons[k] != v {
			t.Errorf("pair %s: %q, want %q (all: %v)", k, reasons[k], v, reasons)
		}
	}
	if len(mat.Refused) != 0 || mat.RefusedTotal != 0 {
		t.Errorf("Mat refuses %v although m and n are exclusive", mat.Refused)
	}
	if len(vec.Soft) != 1 || vec.Soft[0].A != "a" || vec.Soft[0].B != "c" || vec.Soft[0].Cost != 2 {
		t.Errorf("soft pairs %+v", vec.Soft)
	}
}

// TestReportFailuresWriteNothing: bad usage and failed writes leave no
// file (a plan that does not fit writes its report, marked failed:
// test/testdata/driver/pto-plan/report_failed.txtar).
func TestReportFailuresWriteNothing(t *testing.T) {
	dir := t.TempDir()
	good := write(t, dir, "p.8.csv", goodCSV)
	cases := []struct {
		name   string
		args   []string
		report string
		code   int
		want   string
	}{
		{"unknown extension", []string{good}, "r.pdf", 2, `--report: ` + filepath.Join(dir, "r.pdf") + `: unknown report format ".pdf" (use .json, .txt, .svg, .html)`},
		{"no extension", []string{good}, "report", 2, "unknown report format"},
		{"output not writable", []string{"-o", filepath.Join(dir, "missing", "out.csv"), good}, "r.html", 1, "missing"},
		{"report not writable", []string{good}, filepath.Join("missing", "r.svg"), 1, "--report: "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rep := filepath.Join(dir, tc.report)
			args := append([]string{"--report=" + rep}, tc.args...)
			if !slices.Contains(tc.args, "-o") {
				args = append([]string{"-o", filepath.Join(dir, "out.csv")}, args...)
			}
			code, stdout, stderr := runCLI(args...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.want)
			}
			if stdout != "" {
				t.Errorf("stdout %q", stdout)
			}
			if _, err := os.Stat(rep); !os.IsNotExist(err) {
				t.Errorf("report written on failure (%v)", err)
			}
			if _, err := os.Stat(filepath.Join(dir, "out.csv")); !os.IsNotExist(err) {
				t.Errorf("output written on failure (%v)", err)
			}
			left, _ := filepath.Glob(filepath.Join(dir, ".pto-plan-*"))
			if len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
}

// TestReportLarge: a 1500-buffer CSV problem; the report's counts of
// pairs kept apart for their lifetimes match the pairwise count, and the
// list stops at the cap with the rest counted as omitted.
func TestReportLarge(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	var sb strings.Builder
	sb.WriteString("id,lower,upper,size\n")
	type iv struct{ lo, hi int64 }
	var ivs []iv
	for i := 0; i < 1500; i++ {
		lo := int64(rng.Intn(3000))
		hi := lo + 1 + int64(rng.Intn(200))
		ivs = append(ivs, iv{lo, hi})
		fmt.Fprintf(&sb, "%d,%d,%d,%d\n", i, lo, hi, 1+rng.Intn(4096))
	}
	dir := t.TempDir()
	in := write(t, dir, "big.csv", sb.String())
	var pairs int64
	for i := range ivs {
		for j := i + 1; j < len(ivs); j++ {
			if ivs[i].lo < ivs[j].hi && ivs[j].lo < ivs[i].hi {
				pairs++
			}
		}
	}
	if pairs <= report.DefaultMaxLifetimePairs {
		t.Fatalf("only %d overlapping pairs: the cap is not reached", pairs)
	}
	for _, ext := range []string{".json", ".svg", ".html", ".txt"} {
		rep := filepath.Join(dir, "r"+ext)
		code, _, stderr := runCLI("--algorithm=best-fit", "--report="+rep, "-o", filepath.Join(dir, "out.csv"), in)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if ext != ".json" {
			continue
		}
		s := readReport(t, rep).Functions[0].Spaces[0]
		if len(s.Buffers) != 1500 || s.RefusedTotal != pairs || s.RefusedCounts["lifetime"] != pairs ||
			int64(len(s.Refused)) != report.DefaultMaxLifetimePairs || s.RefusedOmitted != pairs-report.DefaultMaxLifetimePairs {
			t.Fatalf("%d buffers, %d refused (%v), %d listed, %d omitted; want 1500, %d", len(s.Buffers), s.RefusedTotal, s.RefusedCounts, len(s.Refused), s.RefusedOmitted, pairs)
		}
		if s.LowerBound > s.Peak || s.Peak > s.NoSharing {
			t.Fatalf("lower bound %d, peak %d, no sharing %d", s.LowerBound, s.Peak, s.NoSharing)
		}
	}
	st, err := os.Stat(filepath.Join(dir, "r.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > 200_000 {
		t.Errorf("SVG of 1500 buffers is %d bytes", st.Size())
	}
}
