package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
)

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runCLI(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// Three buffers, capacity 8 from the name: a and b overlap, c reuses.
const goodCSV = "id,lower,upper,size\na,0,4,4\nb,2,6,4\nc,4,8,4\n"

func TestPlanCSVToFile(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "p.8.csv", goodCSV)
	out := filepath.Join(dir, "out.csv")
	code, stdout, stderr := runCLI("--stats", "-o", out, in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stdout != "" {
		t.Errorf("stdout %q with -o", stdout)
	}
	for _, want := range []string{"peak 8 lower-bound 8 capacity 8", "proven-optimal true", "reuse-cost 0"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stats lack %q:\n%s", want, stderr)
		}
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The output is the input plus an offset column; read it back as a
	// problem and check the offsets with the planner's validator.
	data, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if lines[0] != "id,lower,upper,size,offset" || len(lines) != 4 {
		t.Fatalf("output:\n%s", data)
	}
	p, err := planner.ReadCSV(f, in)
	if err != nil {
		t.Fatal(err)
	}
	var off []int64
	for _, l := range lines[1:] {
		fields := strings.Split(l, ",")
		o, err := strconv.ParseInt(fields[4], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		off = append(off, o)
	}
	if err := planner.Validate(p, planner.Solution{Offsets: off}); err != nil {
		t.Fatal(err)
	}
}

func TestPlanJSONToStdout(t *testing.T) {
	code, stdout, stderr := runCLI("--algorithm=best-fit", "../../planner/testdata/small.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.HasSuffix(stdout, "}\n") {
		t.Errorf("the JSON output does not end with a newline: %q", stdout[max(0, len(stdout)-20):])
	}
	for _, want := range []string{`"schema_version": 1`, `"instance": "hand-made"`, `"buffer": 12`, `"offset": 960`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestPlanFailuresWriteNothing(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, file, content string
		args                []string
		code                int
		want                string
	}{
		{"bad row", "bad.csv", "id,lower,upper,size\na,0,4,4\nb,2,x,4\n", nil, 1, "bad.csv:3:5: upper \"x\" is not an integer"},
		{"missing column", "bad.csv", "id,lower,size\n", nil, 1, "bad.csv:1:1: missing column \"upper\""},
		{"bad json", "bad.json", "{\"schema_version\": 1,\n", nil, 1, "bad.json:2:1: malformed JSON"},
		{"unknown format", "p.txt", goodCSV, nil, 1, "unknown problem format"},
		{"no fit", "p.4.csv", goodCSV, nil, 1, "no placement within capacity"},
		{"unknown algorithm", "p.8.csv", goodCSV, []string{"--algorithm=magic"}, 2, "unknown algorithm"},
		{"bad capacity", "p.8.csv", goodCSV, []string{"--capacity=-3"}, 2, "--capacity=-3"},
		{"bad flag", "p.8.csv", goodCSV, []string{"--frobnicate"}, 2, "frobnicate"},
		// Nothing a reader could take two ways: a flag twice (which value
		// is meant?), numbers and booleans in spellings only Go's flag
		// package takes.
		{"flag twice", "p.8.csv", goodCSV, []string{"--seed=1", "--seed", "2"}, 2, "pto-plan: flag -seed given twice"},
		{"output twice", "p.8.csv", goodCSV, []string{"-o", "x"}, 2, "pto-plan: flag -o given twice"},
		{"grouped digits", "p.8.csv", goodCSV, []string{"--work=1_000"}, 2, `pto-plan: invalid value "1_000" for flag -work: want an integer written plainly (digits, a leading minus, no leading zeros)`},
		{"plus sign", "p.8.csv", goodCSV, []string{"--seed=+5"}, 2, `pto-plan: invalid value "+5" for flag -seed: want an integer written plainly`},
		{"hex", "p.8.csv", goodCSV, []string{"--work=0x10"}, 2, `pto-plan: invalid value "0x10" for flag -work: want an integer written plainly`},
		{"leading zero capacity", "p.8.csv", goodCSV, []string{"--capacity=08"}, 2, "pto-plan: --capacity=08: want a byte count from 0 to"},
		{"bool as t", "p.8.csv", goodCSV, []string{"--stats=t"}, 2, `pto-plan: invalid boolean value "t" for -stats: want true, false, 1 or 0`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := write(t, dir, tc.file, tc.content)
			out := filepath.Join(dir, "out-"+strings.ReplaceAll(tc.name, " ", "-"))
			code, stdout, stderr := runCLI(append(tc.args, "-o", out, in)...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d and %q", code, stderr, tc.code, tc.want)
			}
			if code == 1 && !strings.HasPrefix(stderr, "pto-plan: ") {
				t.Errorf("stderr %q lacks the pto-plan: prefix", stderr)
			}
			if stdout != "" {
				t.Errorf("stdout %q", stdout)
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("output file written on failure (%v)", err)
			}
			leftovers, _ := filepath.Glob(filepath.Join(dir, ".pto-plan-*"))
			if len(leftovers) > 0 {
				t.Errorf("temporary files left: %v", leftovers)
			}
		})
	}
}

func TestPlanUnboundedCapacity(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "p.4.csv", goodCSV) // 4 bytes cannot hold a and b
	code, stdout, stderr := runCLI("--capacity=0", "--stats", in)
	if code != 0 || !strings.Contains(stderr, "capacity unbounded") || !strings.Contains(stdout, "offset") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// --help and --version answer on standard output and succeed; a usage
// error is said once, with a pointer to --help, and exits 2.
func TestUsage(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "-help"} {
		code, stdout, stderr := runCLI(arg)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: pto-plan") || !strings.Contains(stdout, "-algorithm") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", arg, code, stdout, stderr)
		}
	}
	code, stdout, stderr := runCLI("--version")
	if code != 0 || !strings.HasPrefix(stdout, "pto-plan ") || stderr != "" {
		t.Errorf("--version: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, args := range [][]string{{"--frobnicate", "p.csv"}, {"--algorithm=magic", "p.csv"}, {}, {"a.csv", "b.csv"}} {
		code, stdout, stderr := runCLI(args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		if code != 2 || stdout != "" || len(lines) != 2 || lines[1] != "Run 'pto-plan --help' for usage." {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, one error and the --help hint", args, code, stdout, stderr)
		}
	}
}

// --stats states the bound the memory report states, which no valid
// placement beats: in small.json, m and n are temporally exclusive, so
// sharing their bytes is valid and summing them is no bound.
func TestStatsBoundIsTheReports(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "r.json")
	code, _, stderr := runCLI("--stats", "--report="+rep, "../../planner/testdata/small.json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(rep)
	if err != nil {
		t.Fatal(err)
	}
	var doc report.Report
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, sp := range doc.Functions[0].Spaces {
		want := fmt.Sprintf("pool %s: peak %d lower-bound %d ", sp.Name, sp.Peak, sp.LowerBound)
		if !strings.Contains(stderr, want) {
			t.Errorf("stats lack %q (the report's figures):\n%s", want, stderr)
		}
		if sp.LowerBound > sp.Peak {
			t.Errorf("%s: lower bound %d above the valid peak %d", sp.Name, sp.LowerBound, sp.Peak)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no spaces in the report")
	}
}

// --stats says where a CSV problem's capacity came from.
func TestStatsCapacitySource(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		file string
		args []string
		want string
	}{
		{"p.8.csv", nil, "capacity 8 (from the file name p.8.csv; --capacity overrides it)"},
		{"p.8.csv", []string{"--capacity=16"}, "capacity 16 (from --capacity)"},
		{"p.csv", nil, "capacity unbounded (no number in the file name p.csv"},
	} {
		in := write(t, dir, tc.file, goodCSV)
		code, _, stderr := runCLI(append(tc.args, "--stats", in)...)
		if code != 0 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s %q: exit %d, stats lack %q:\n%s", tc.file, tc.args, code, tc.want, stderr)
		}
	}
}
