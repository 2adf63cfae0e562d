package report

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/pto-opt/pto-opt/planner"
)

// The golden tests: each testdata/*.txtar holds a planner problem
// (problem.json, DSA-RP schema v1) and its placement (offsets: "name
// offset" lines in buffer order), and the report of them in every format
// (report.json, report.txt, report.svg, report.html). An archive without
// problem.json is a report of nothing. PTO_UPDATE_GOLDEN=1 rewrites the
// report sections from the current code; review the diff before
// committing it.

var updateGolden = os.Getenv("PTO_UPDATE_GOLDEN") == "1"

var goldenFormats = []string{"report.json", "report.txt", "report.svg", "report.html"}

func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			rep := goldenReport(t, file, ar)
			sections := map[string]int{}
			for i, f := range ar.Files {
				sections[f.Name] = i
			}
			changed := false
			for _, name := range goldenFormats {
				var buf bytes.Buffer
				if err := Render(&buf, name, rep); err != nil {
					t.Fatal(err)
				}
				got := buf.Bytes()
				i, ok := sections[name]
				switch {
				case updateGolden && !ok:
					ar.Files = append(ar.Files, txtar.File{Name: name, Data: got})
					changed = true
				case updateGolden && !bytes.Equal(ar.Files[i].Data, got):
					ar.Files[i].Data = got
					changed = true
				case !ok:
					t.Errorf("%s: no %s section (run with PTO_UPDATE_GOLDEN=1)", file, name)
				case !bytes.Equal(ar.Files[i].Data, got):
					t.Errorf("%s: %s differs from the golden one (PTO_UPDATE_GOLDEN=1 rewrites it):\n%s", file, name, firstDiff(ar.Files[i].Data, got))
				}
			}
			if changed {
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				t.Logf("updated %s", file)
			}
		})
	}
}

// goldenReport builds the report of an archive's problem and offsets.
func goldenReport(t *testing.T, file string, ar *txtar.Archive) *Report {
	t.Helper()
	rep := &Report{Tool: "test", Input: filepath.Base(file)}
	var problem, offsets []byte
	for _, f := range ar.Files {
		switch f.Name {
		case "problem.json":
			problem = f.Data
		case "offsets":
			offsets = f.Data
		}
	}
	if problem == nil {
		return rep
	}
	d, err := planner.ReadJSON(bytes.NewReader(problem), file)
	if err != nil {
		t.Fatal(err)
	}
	p := d.Problem
	sol := planner.Solution{Offsets: make([]int64, len(p.Buffers))}
	sc := bufio.NewScanner(bytes.NewReader(offsets))
	k := 0
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 || k >= len(p.Buffers) || f[0] != p.Buffers[k].Name {
			t.Fatalf("%s: offsets line %q: want \"%s OFFSET\"", file, sc.Text(), p.Buffers[min(k, len(p.Buffers)-1)].Name)
		}
		sol.Offsets[k], err = strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		k++
	}
	if k != len(p.Buffers) {
		t.Fatalf("%s: %d offsets for %d buffers", file, k, len(p.Buffers))
	}
	locs := make([]string, len(p.Buffers))
	for i := range locs {
		locs[i] = fmt.Sprintf("%s:%d:5", d.Instance+".mlir", 10+i)
	}
	f := FromProblem(d.Instance, "test-plan", "hand", p, sol, Options{Locs: locs})
	f.Loc = d.Instance + ".mlir:1:1"
	rep.Functions = append(rep.Functions, f)
	return rep
}

// firstDiff shows the first differing line of want and got.
func firstDiff(want, got []byte) string {
	wl := strings.Split(string(want), "\n")
	gl := strings.Split(string(got), "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant: %s\n got: %s", i+1, trunc(w), trunc(g))
		}
	}
	return "(no line differs)"
}

func trunc(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
