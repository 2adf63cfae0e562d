package test

// --dump-planning-problem takes the planning problems out of the passes:
// every problem a pass solved, written as pto-plan JSON, must read back
// and, solved as its metadata says (pto-plan's algorithm and work), give
// the placement the pass gave, buffer for buffer (read from the memory
// report of the same run). Inputs: the example tile kernels through the
// three planners' pipelines, the example memref program through the
// static memory planner, and real PTO kernels of the ptoas corpus when
// ../shared is there.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
)

func TestDumpPlanningProblem(t *testing.T) {
	type run struct {
		file string
		args []string
	}
	var runs []run
	kernels, _ := filepath.Glob("../examples/*.mlir")
	for _, k := range kernels {
		if strings.Contains(k, "memref") {
			runs = append(runs, run{k, []string{"--static-memory-planner-analysis", "--target=ascend910b"}})
			continue
		}
		for _, pl := range []string{"dsa-rp", "pypto"} {
			runs = append(runs, run{k, []string{"--target=" + kernelTarget(k), "--pto-memory-plan=planner=" + pl}})
		}
	}
	// Real PTO kernels: the corpus's samples of a few folders ptoas
	// accepts, when the corpus is there (the rest of the test needs none).
	corpus := filepath.Join("..", "..", "shared", "reference", "ptoas-corpus")
	if shared := os.Getenv("PTO_SHARED"); shared != "" {
		corpus = filepath.Join(shared, "reference", "ptoas-corpus")
	}
	var verdicts map[string]corpusVerdict
	if data, err := os.ReadFile(filepath.Join(corpus, "verdicts.json")); err == nil {
		if err := json.Unmarshal(data, &verdicts); err != nil {
			t.Fatal(err)
		}
	}
	for f, v := range verdicts {
		if v.PTOASAccepts && (strings.HasPrefix(f, "test/samples/MatMul/") || strings.HasPrefix(f, "test/samples/FlashAttention/") || strings.HasPrefix(f, "test/samples/Qwen3DecodeA3/")) {
			runs = append(runs, run{filepath.Join(corpus, f), []string{"--target=" + archTargets[v.Arch], "--pto-memory-plan=planner=dsa-rp"}})
		}
	}
	slices.SortFunc(runs, func(a, b run) int {
		return strings.Compare(a.file+strings.Join(a.args, " "), b.file+strings.Join(b.args, " "))
	})
	if len(runs) == 0 {
		t.Fatal("no example kernels")
	}
	checked := 0
	for _, r := range runs {
		tmp := t.TempDir()
		dump, rep := filepath.Join(tmp, "problems"), filepath.Join(tmp, "report.json")
		args := append(slices.Clone(r.args), r.file, "-o", os.DevNull, "--memory-report="+rep, "--dump-planning-problem="+dump)
		var stdout, stderr bytes.Buffer
		if code := driver.Run(args, nil, &stdout, &stderr); code != 0 {
			t.Fatalf("pto-opt %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
		}
		data, err := os.ReadFile(rep)
		if err != nil {
			t.Fatal(err)
		}
		var rp report.Report
		if err := json.Unmarshal(data, &rp); err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(dump, "*.json"))
		if len(files) == 0 {
			t.Fatalf("pto-opt %s: no problem written", strings.Join(args, " "))
		}
		for _, f := range files {
			checkDumpedProblem(t, f, rp)
			checked++
		}
	}
	t.Logf("%d dumped problems solved by pto-plan's algorithm as the passes solved them", checked)
}

// checkDumpedProblem solves one dumped problem as its metadata says and
// compares the offsets with the report's placement of the same function,
// pass and spaces.
func checkDumpedProblem(t *testing.T, file string, rp report.Report) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := planner.ReadJSON(bytes.NewReader(data), file)
	if err != nil {
		t.Fatalf("%s does not read back: %v", file, err)
	}
	var meta struct {
		Metadata map[string]string `json:"metadata"`
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		t.Fatal(err)
	}
	m := meta.Metadata
	work, err := strconv.ParseInt(m["work"], 10, 64)
	if err != nil || !strings.HasPrefix(m["pto-plan"], "pto-plan --algorithm="+m["algorithm"]+" ") {
		t.Fatalf("%s: metadata %v does not say how to solve it", file, m)
	}
	res, err := planner.Solve(m["algorithm"], doc.Problem, planner.Options{Work: work})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var fn *report.Function
	for i := range rp.Functions {
		if f := &rp.Functions[i]; f.Name == m["function"] && f.Pass == m["pass"] {
			fn = f
		}
	}
	if fn == nil {
		t.Fatalf("%s: no plan of @%s by %s in the report", file, m["function"], m["pass"])
	}
	// The report names buffers as the user sees them (the tiles), the
	// problem as the pass does (the allocations): they are matched by
	// their order in each space, which both keep, and their sizes.
	spaces := map[string][]report.Buffer{}
	for _, s := range fn.Spaces {
		spaces[s.Name] = s.Buffers
	}
	seen := map[string]int{}
	for i, b := range doc.Problem.Buffers {
		space := doc.Problem.Pools[b.Pool].Name
		k := seen[space]
		seen[space]++
		if k >= len(spaces[space]) {
			t.Errorf("%s: buffer %s of space %s is not in the report's plan", file, b.Name, space)
			continue
		}
		w := spaces[space][k]
		if w.Size != b.Size {
			t.Errorf("%s: buffer %d of space %s is %s, %d bytes, in the problem and %s, %d bytes, in the report", file, k, space, b.Name, b.Size, w.Name, w.Size)
			continue
		}
		if got := res.Solution.Offsets[i]; got != w.Offset {
			t.Errorf("%s: %s (%s) solved at offset %d, the pass placed it at %d", file, b.Name, w.Name, got, w.Offset)
		}
	}
	for space, bs := range spaces {
		if seen[space] != len(bs) {
			t.Errorf("%s: space %s has %d buffers in the problem, %d in the report", file, space, seen[space], len(bs))
		}
	}
}
