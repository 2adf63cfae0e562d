package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/planner"
)

// --algorithm=ptoas: ptoas's planner on a CSV problem in its terms (one
// alignment, a capacity, one interval per buffer). Three 64-byte buffers
// one after another need more than the 128 bytes without reuse; ptoas
// puts the third where the first died.
func TestPTOASAlgorithmPlansACSVProblem(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "ptoas.128.csv", "id,lower,upper,size,alignment\na,0,2,64,32\nb,1,4,64,32\nc,3,5,64,32\n")
	code, stdout, stderr := runCLI("--algorithm=ptoas", "--stats", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "id,lower,upper,size,alignment,offset\na,0,2,64,32,0\nb,1,4,64,32,64\nc,3,5,64,32,0\n"
	if stdout != want {
		t.Fatalf("output:\n%s\nwant:\n%s", stdout, want)
	}
	for _, s := range []string{"algorithm ptoas\n", "valid true\n", "feasible true\n"} {
		if !strings.Contains(stderr, s) {
			t.Errorf("stats lack %q:\n%s", s, stderr)
		}
	}
}

// ptoas rounds sizes up: two 33-byte buffers live together need 128
// bytes to it, so 100 is no fit (exit 1 with ptoas's figure), though
// the unrounded sizes would fit.
func TestPTOASAlgorithmNoRoom(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "tight.100.csv", "id,lower,upper,size,alignment\na,0,4,33,32\nb,0,4,33,32\n")
	code, stdout, stderr := runCLI("--algorithm=ptoas", "-o", filepath.Join(dir, "out.csv"), in)
	want := "no placement within capacity: ptoas's planner finds no room in pool tight.100: it needs 128 bytes (every size rounded up to 32), capacity 100"
	if code != 1 || stdout != "" || !strings.Contains(stderr, want) {
		t.Fatalf("exit %d, stdout %q, stderr %s; want exit 1 and %q", code, stdout, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.csv")); !os.IsNotExist(err) {
		t.Errorf("the output was written: %v", err)
	}
	if code, _, stderr := runCLI("--algorithm=best-fit", in); code != 0 {
		t.Errorf("best fit: exit %d: %s", code, stderr)
	}
}

// A problem ptoas's planner could not be given is bad input, with what it
// lacks: a CSV file without a capacity in its name, mixed alignments, or
// docs/pto-plan.md's example document (a pin, and more).
func TestPTOASAlgorithmRefusals(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		file, text, want string
	}{
		{"nocap.csv", "id,lower,upper,size\na,0,4,256\n", "nocap.csv: ptoas: pool nocap has no capacity: ptoas's planner plans into a fixed number of bytes"},
		{"mixed.1024.csv", "id,lower,upper,size,alignment\na,0,4,256,32\nb,2,6,256,64\n", "ptoas: buffers a (alignment 32) and b (alignment 64) of pool mixed.1024 differ in alignment"},
		{"doc.json", docExample(t), "ptoas: buffer c is pinned at 960: ptoas's planner places every buffer itself"},
	}
	for _, c := range cases {
		in := write(t, dir, c.file, c.text)
		code, stdout, stderr := runCLI("--algorithm=ptoas", in)
		if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %s; want exit 1 and %q", c.file, code, stdout, stderr, c.want)
		}
	}
	// --capacity gives the CSV file the capacity ptoas needs.
	in := filepath.Join(dir, "nocap.csv")
	if code, _, stderr := runCLI("--algorithm=ptoas", "--capacity=256", in); code != 0 {
		t.Errorf("nocap.csv --capacity=256: exit %d: %s", code, stderr)
	}
}

// docExample is the problem document docs/pto-plan.md shows (its first
// JSON block).
func docExample(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/pto-plan.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "```json\n")
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed || !strings.Contains(block, `"problem"`) {
		t.Fatal("docs/pto-plan.md shows no problem document")
	}
	return block
}

// penaltyDoc: a and b one after another, sharing bytes at cost 1.
const penaltyDoc = `{
  "schema_version": 1,
  "profile": "pypto_research_v1",
  "instance": "penalty",
  "problem": {
    "pools": [{"id": 0, "name": "Vec", "capacity": CAP, "reserved_ranges": []}],
    "buffers": [
      {"id": 1, "name": "a", "size": 64, "alignment": 32, "live_intervals": [{"lower": 0, "upper": 2}], "allowed_pools": [0]},
      {"id": 2, "name": "b", "size": 64, "alignment": 32, "live_intervals": [{"lower": 2, "upper": 4}], "allowed_pools": [0]}
    ],
    "constraints": {"colocations": [], "separations": [], "temporal_exclusions": [], "pinned_allocations": []},
    "cost_model": {"reuse_penalties": [{"first": 1, "second": 2, "cost": 1, "reason": "cross_pipe"}]}
  }
}
`

// --algorithm=dsa-rp-within-best-fit: dsa-rp pays 64 more bytes to avoid
// the penalty; within best fit's peak it shares and pays it. Below best
// fit's peak there is no fit, and it says so.
func TestWithinBestFitAlgorithm(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "penalty.json", strings.Replace(penaltyDoc, "CAP", "1024", 1))
	offsets := func(alg string) ([]int64, string) {
		t.Helper()
		out := filepath.Join(dir, alg+".json")
		code, _, stderr := runCLI("--algorithm="+alg, "--stats", "-o", out, in)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", alg, code, stderr)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var sol struct {
			Metadata   map[string]string `json:"metadata"`
			Placements []struct {
				Offset int64 `json:"offset"`
			} `json:"placements"`
		}
		if err := json.Unmarshal(data, &sol); err != nil {
			t.Fatal(err)
		}
		var offs []int64
		for _, p := range sol.Placements {
			offs = append(offs, p.Offset)
		}
		return offs, sol.Metadata["solver"] + "\n" + stderr
	}
	if offs, _ := offsets("dsa-rp"); offs[0] == offs[1] {
		t.Fatalf("dsa-rp shares (%v): the problem no longer shows the difference", offs)
	}
	offs, said := offsets(planner.WithinBestFit)
	if offs[0] != offs[1] {
		t.Errorf("%s: offsets %v, want a and b on best fit's bytes", planner.WithinBestFit, offs)
	}
	for _, s := range []string{"pto-plan dsa-rp-within-best-fit\n", "peak 64 ", "reuse-cost 1\n", "algorithm dsa-rp-within-best-fit\n"} {
		if !strings.Contains(said, s) {
			t.Errorf("solver and stats lack %q:\n%s", s, said)
		}
	}
	small := write(t, dir, "small.json", strings.Replace(penaltyDoc, "CAP", "32", 1))
	code, _, stderr := runCLI("--algorithm="+planner.WithinBestFit, small)
	if code != 1 || !strings.Contains(stderr, "no placement within capacity: pool Vec: proven infeasible") {
		t.Errorf("capacity 32: exit %d: %s", code, stderr)
	}
}
