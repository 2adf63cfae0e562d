package main

// The conformance benchmark: runs every problem set under the shared bench
// directory and prints a comparison with the reference results. It needs
// the data, which is not part of the repository, so it runs only when asked:
//
//	PTO_BENCH=1 go test ./cmd/pto-plan -run TestBenchSets -v -timeout 60m
//
// The data is looked up in $PTO_BENCH_DIR, else in ../shared/bench next to
// the repository root; without it the test skips. Subtests select sets:
// -run 'TestBenchSets/dsa-rp'. PTO_BENCH_WORK sets dsa-rp's work budget per
// minimalloc instance (default planner.DefaultWork); the DSA-RP kernels get
// a tenth of that each, the passes' default. Budgets are work, not time,
// so the tables are the same on any machine.

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/pto-opt/pto-opt/internal/gen/guillotine"
	"github.com/pto-opt/pto-opt/planner"
)

func benchDir(t testing.TB) string {
	if os.Getenv("PTO_BENCH") == "" {
		t.Skip("set PTO_BENCH=1 to run the benchmark sets")
	}
	dir := os.Getenv("PTO_BENCH_DIR")
	if dir == "" {
		root, err := filepath.Abs("../..")
		if err != nil {
			t.Skip(err)
		}
		dir = filepath.Join(root, "..", "shared", "bench")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no benchmark data at %s (set PTO_BENCH_DIR to a directory holding minimalloc/, exact-small/, large/, dsa-rp/)", dir)
	}
	return dir
}

func loadCSV(t testing.TB, path string) *planner.Problem {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := planner.ReadCSV(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func table(header string) *tabwriter.Writer {
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, header)
	return w
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

// cpuTime is the process's user plus system CPU time: on a shared machine
// it measures the planner's work where wall time measures the load too.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// MiniMalloc's published times for the challenging instances.
var minimallocSeconds = map[string]float64{"A": 4.9, "B": 3.7, "C": 0.6, "D": 2.7, "E": 3.7, "F": 5.4, "G": 1.2, "H": 1.8, "I": 3.9, "J": 0.9, "K": 0.6}

func TestBenchSets(t *testing.T) {
	dir := benchDir(t)
	work := planner.DefaultWork
	if v := os.Getenv("PTO_BENCH_WORK"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			t.Fatalf("PTO_BENCH_WORK=%s: want a step count > 0", v)
		}
		work = n
	}
	t.Run("minimalloc", func(t *testing.T) { benchMinimalloc(t, filepath.Join(dir, "minimalloc"), work) })
	t.Run("exact-small", func(t *testing.T) { benchExactSmall(t, filepath.Join(dir, "exact-small")) })
	t.Run("large", func(t *testing.T) { benchLarge(t, filepath.Join(dir, "large")) })
	t.Run("dsa-rp", func(t *testing.T) { benchDSARP(t, filepath.Join(dir, "dsa-rp")) })
	t.Run("dsa-rp-hard", func(t *testing.T) { benchDSARPHard(t, filepath.Join(dir, "dsa-rp")) })
	t.Run("minimalloc-dsa-rp", func(t *testing.T) { benchMinimallocDSARP(t, filepath.Join(dir, "dsa-rp"), work/2) })
	t.Run("table", func(t *testing.T) { benchTable(t, dir, work) })
}

func benchMinimalloc(t *testing.T, dir string, work int64) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
	if len(files) == 0 {
		t.Skip("no files")
	}
	w := table("instance\tbuffers\tcapacity\tLB\tpeak\tfit\tproven\ttime s\tcpu s\tMiniMalloc s\tfaster\t")
	var minimise []string
	for _, f := range files {
		p := loadCSV(t, f)
		// MiniMalloc answers the decision problem: any fit. Peak
		// minimisation below the capacity is the second table.
		p.Objective = []string{planner.MetricCapacityOverflow}
		cpu0 := cpuTime()
		r, err := planner.Solve("dsa-rp", p, planner.Options{Work: work})
		cpu := cpuTime() - cpu0
		if err != nil {
			t.Fatal(err)
		}
		if r.Feasible {
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
		name := strings.SplitN(filepath.Base(f), ".", 2)[0]
		ref := minimallocSeconds[name]
		fmt.Fprintf(w, "%s\t%d\t%d\t%d\t%d\t%v\t%v\t%s\t%s\t%.1f\t%v\t\n", name, len(p.Buffers), p.Pools[0].Capacity,
			r.LowerBound[0], r.Peak[0], r.Feasible, r.Optimal, ms(r.Elapsed), ms(cpu), ref, r.Feasible && r.Elapsed.Seconds() < ref)
		if r.LowerBound[0] < p.Pools[0].Capacity {
			minimise = append(minimise, f)
		}
	}
	w.Flush()
	fmt.Println("\nminimalloc, lowest peak (capacity removed):")
	w = table("instance\tLB\tpeak\tpeak/LB\tproven\ttime s\t")
	for _, f := range minimise {
		p := loadCSV(t, f)
		r, err := planner.Solve("dsa-rp", p, planner.Options{Work: work, Capacity: planner.Unbounded})
		if err != nil {
			t.Fatal(err)
		}
		name := strings.SplitN(filepath.Base(f), ".", 2)[0]
		fmt.Fprintf(w, "%s\t%d\t%d\t%.4f\t%v\t%s\t\n", name, r.LowerBound[0], r.Peak[0],
			float64(r.Peak[0])/float64(r.LowerBound[0]), r.Optimal, ms(r.Elapsed))
	}
	w.Flush()
}

func benchExactSmall(t *testing.T, dir string) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
	if len(files) == 0 {
		t.Skip("no files")
	}
	w := table("instance\tbuffers\tcapacity\tLB\tdsa-rp peak\tproven\ttime s\tbest-fit peak\t")
	for _, f := range files {
		p := loadCSV(t, f)
		r, err := planner.Solve("dsa-rp", p, planner.Options{})
		if err != nil {
			t.Fatal(err)
		}
		bf, _ := planner.Solve("best-fit", p, planner.Options{})
		capacity := "-"
		if c := p.Pools[0].Capacity; c > 0 {
			capacity = strconv.FormatInt(c, 10)
		}
		fmt.Fprintf(w, "%s\t%d\t%s\t%d\t%d\t%v\t%s\t%d\t\n", filepath.Base(f), len(p.Buffers), capacity,
			r.LowerBound[0], r.Peak[0], r.Optimal, ms(r.Elapsed), bf.Peak[0])
	}
	w.Flush()
}

func benchLarge(t *testing.T, dir string) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
	if len(files) == 0 {
		t.Skip("no files")
	}
	type entry struct {
		f string
		n int
	}
	var es []entry
	for _, f := range files {
		es = append(es, entry{f, len(loadCSV(t, f).Buffers)})
	}
	slices.SortFunc(es, func(a, b entry) int { return a.n - b.n })
	w := table("instance\tbuffers\talgorithm\tLB\tpeak\tpeak/LB\ttime s\tcpu s\tallocated MiB\t")
	for _, e := range es {
		p := loadCSV(t, e.f)
		p.Pools[0].Capacity = 0
		for _, alg := range []string{"best-fit", "ffd"} {
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			cpu0 := cpuTime()
			r, err := planner.Solve(alg, p, planner.Options{})
			cpu := cpuTime() - cpu0
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				t.Errorf("%s %s: %v", e.f, alg, err)
			}
			fmt.Fprintf(w, "%s\t%d\t%s\t%d\t%d\t%.4f\t%s\t%s\t%.1f\t\n", filepath.Base(e.f), e.n, alg, r.LowerBound[0], r.Peak[0],
				float64(r.Peak[0])/float64(r.LowerBound[0]), ms(r.Elapsed), ms(cpu), float64(after.TotalAlloc-before.TotalAlloc)/(1<<20))
		}
	}
	w.Flush()
}

// BenchmarkLargeTraces times dsa-rp minimising the peak on each model
// trace under the shared bench directory (PTO_BENCH=1, as the tests), and
// reports the peak over the load bound:
//
//	PTO_BENCH=1 go test ./cmd/pto-plan -run '^$' -bench LargeTraces -benchtime 3x
func BenchmarkLargeTraces(b *testing.B) {
	dir := benchDir(b)
	files, _ := filepath.Glob(filepath.Join(dir, "large", "*.csv"))
	if len(files) == 0 {
		b.Skip("no files")
	}
	for _, f := range files {
		p := loadCSV(b, f)
		p.Pools[0].Capacity = 0
		b.Run(strings.SplitN(filepath.Base(f), ".", 2)[0], func(b *testing.B) {
			b.ReportAllocs()
			var r *planner.Result
			for b.Loop() {
				var err error
				if r, err = planner.Solve("dsa-rp", p, planner.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(r.Peak[0])/float64(r.LowerBound[0]), "peak/LB")
		})
	}
}

// dsaRef is one row of reference/dsa-rp-v1-paired-objectives.csv.
type dsaRef struct {
	cost   int64 // -1: no fit known
	proven bool
}

func loadDSARef(t *testing.T, path string) map[string]dsaRef {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	out := map[string]dsaRef{}
	for _, r := range rows[1:] {
		ref := dsaRef{cost: -1, proven: r[col["optimum_proven"]] == "true"}
		if c, err := strconv.ParseInt(r[col["best_known_cost"]], 10, 64); err == nil {
			ref.cost = c
		}
		out[r[col["source_fingerprint"]]] = ref
	}
	return out
}

func benchDSARP(t *testing.T, dir string) {
	refs := loadDSARef(t, filepath.Join(dir, "reference", "dsa-rp-v1-paired-objectives.csv"))
	files := crossPipeFiles(t, dir, "-cross-pipe-soft")
	var fits, proven, refProven, refFits, over1s, better, worse int
	var cost, refCost int64
	var slowest time.Duration
	w := table("instance\tbuffers\tfit\tcost\tref cost\tproven\tref proven\ttime s\tnote\t")
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := planner.ReadJSON(strings.NewReader(string(raw)), f)
		if err != nil {
			t.Fatal(err)
		}
		fp := fingerprintOf(raw)
		ref, ok := refs[fp]
		if !ok {
			t.Errorf("%s: no reference row for %s", f, fp)
		}
		r, err := planner.Solve("dsa-rp", d.Problem, planner.Options{Work: planner.DefaultWork / 10})
		if err != nil {
			t.Fatal(err)
		}
		slowest = max(slowest, r.Elapsed)
		if r.Elapsed >= time.Second {
			over1s++
		}
		if ref.proven {
			refProven++
		}
		if ref.cost >= 0 {
			refFits++
			refCost += ref.cost
		}
		note := ""
		if r.Feasible {
			fits++
			cost += r.ReuseCost
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				t.Errorf("%s: %v", f, err)
			}
			switch {
			case ref.cost >= 0 && r.ReuseCost < ref.cost:
				better++
				note = "better than reference"
			case ref.cost >= 0 && r.ReuseCost > ref.cost:
				worse++
				note = "worse than reference"
			}
		} else if r.ProvenInfeasible {
			note = "proven infeasible"
		}
		if r.Optimal {
			proven++
		}
		if note != "" || !r.Optimal || os.Getenv("PTO_BENCH_ALL") != "" {
			rel, _ := filepath.Rel(dir, f)
			fmt.Fprintf(w, "%s\t%d\t%v\t%d\t%d\t%v\t%v\t%s\t%s\t\n", rel, len(d.Problem.Buffers), r.Feasible, r.ReuseCost, ref.cost,
				r.Optimal, ref.proven, ms(r.Elapsed), note)
		}
	}
	w.Flush()
	fmt.Printf("\nDSA-RP soft problems: %d\n", len(files))
	fmt.Printf("  fit found           %d   (reference %d)\n", fits, refFits)
	fmt.Printf("  total reuse cost    %d   (reference %d, over the fits)\n", cost, refCost)
	fmt.Printf("  optimality proven   %d   (reference %d)\n", proven, refProven)
	fmt.Printf("  cost vs reference   %d better, %d worse\n", better, worse)
	fmt.Printf("  slowest             %s s, %d at or over 1 s\n", ms(slowest), over1s)
}

// benchDSARPHard runs the hard variants (cross-pipe pairs as separations):
// how many fit with every separation kept, and how many only after the
// pipeline-stage pairs were relaxed.
func benchDSARPHard(t *testing.T, dir string) {
	files := crossPipeFiles(t, dir, "-cross-pipe-hard")
	strict, relaxed := 0, 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := planner.ReadJSON(fh, f)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		r, err := planner.Solve("dsa-rp", d.Problem, planner.Options{Work: planner.DefaultWork / 10})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case r.Feasible && len(r.RelaxedSeparations) == 0:
			strict++
		case r.Feasible:
			relaxed++
		}
		if r.Feasible {
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	fmt.Printf("\nDSA-RP hard problems: %d\n", len(files))
	fmt.Printf("  fit with every separation   %d   (reference 166)\n", strict)
	fmt.Printf("  fit after relaxing pipeline-stage pairs   %d more\n", relaxed)
}

// benchMinimallocDSARP runs the MiniMalloc instances lifted to DSA-RP
// (synthetic penalties; the capacity is a first-fit peak) against the best
// reuse cost any reference method reached.
func benchMinimallocDSARP(t *testing.T, dir string, work int64) {
	files, _ := filepath.Glob(filepath.Join(dir, "minimalloc-dsa-rp", "*.json"))
	if len(files) == 0 {
		t.Skip("no files")
	}
	best := map[string]int64{}
	if f, err := os.Open(filepath.Join(dir, "reference", "minimalloc-dsa-rp-v1-summary.csv")); err == nil {
		rows, _ := csv.NewReader(f).ReadAll()
		f.Close()
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		for _, r := range rows[1:] {
			c, err := strconv.ParseInt(r[col["best_reuse_cost"]], 10, 64)
			if err != nil || r[col["best_capacity_overflow"]] != "0" {
				continue
			}
			name := filepath.Base(r[col["source"]])
			if b, ok := best[name]; !ok || c < b {
				best[name] = c
			}
		}
	}
	w := table("instance\tbuffers\tfit\tcost\tbest reference cost\tproven\ttime s\t")
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		d, err := planner.ReadJSON(fh, f)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		r, err := planner.Solve("dsa-rp", d.Problem, planner.Options{Work: work})
		if err != nil {
			t.Fatal(err)
		}
		if r.Feasible {
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
		ref := "-"
		if b, ok := best[filepath.Base(f)]; ok {
			ref = strconv.FormatInt(b, 10)
		}
		fmt.Fprintf(w, "%s\t%d\t%v\t%d\t%s\t%v\t%s\t\n", filepath.Base(f), len(d.Problem.Buffers), r.Feasible, r.ReuseCost, ref, r.Optimal, ms(r.Elapsed))
	}
	w.Flush()
}

// fingerprintOf returns the source fingerprint a DSA-RP document's
// metadata records, which keys the reference table.
func fingerprintOf(raw []byte) string {
	var doc struct {
		Metadata map[string]string `json:"metadata"`
	}
	if json.Unmarshal(raw, &doc) != nil {
		return ""
	}
	return doc.Metadata["corpus_source_fingerprint_fnv1a64"]
}

// crossPipeFiles lists the DSA-RP problem documents under dir whose names
// contain variant (-cross-pipe-soft or -cross-pipe-hard); it skips the
// test when there are none.
func crossPipeFiles(t *testing.T, dir, variant string) []string {
	var files []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.Contains(d.Name(), variant) && strings.HasSuffix(d.Name(), ".json") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("no files")
	}
	return files
}

// guillotineSeeds are the perfect packings of the side-by-side table:
// 200 to 700 buffers cut from 1 MiB x 1000 program points (optimum 1 MiB
// by construction).
var guillotineSeeds = []struct {
	n    int
	seed uint64
}{{200, 0}, {300, 3}, {500, 1}, {600, 2}, {700, 3}}

// guillotineProblem is a cut as a problem, capacity removed.
func guillotineProblem(n int, seed uint64) *planner.Problem {
	ps := guillotine.Cut(guillotine.Options{N: n, Capacity: 1 << 20, Horizon: 1000, Seed: seed})
	p := &planner.Problem{Pools: []planner.Pool{{Name: "mem"}}}
	for i, q := range ps {
		p.Buffers = append(p.Buffers, planner.Buffer{Name: strconv.Itoa(i), Size: q.Size, Align: 1,
			Live: []planner.Interval{{Start: q.Start, End: q.End}}})
	}
	return p
}

// benchTable prints one row per instance, the planners side by side:
// peak / lower bound and time of best-fit, ffd and dsa-rp minimising the
// peak (capacity removed), and dsa-rp's best proven bound with the gap
// left. Every placement is validated. The rows: the MiniMalloc set, the
// large traces, and guillotine-cut perfect packings.
func benchTable(t *testing.T, dir string, work int64) {
	type inst struct {
		name string
		p    *planner.Problem
	}
	var insts []inst
	for _, set := range []string{"minimalloc", "large"} {
		files, _ := filepath.Glob(filepath.Join(dir, set, "*.csv"))
		for _, f := range files {
			insts = append(insts, inst{set + "/" + strings.SplitN(filepath.Base(f), ".", 2)[0], loadCSV(t, f)})
		}
	}
	for _, g := range guillotineSeeds {
		insts = append(insts, inst{fmt.Sprintf("guillotine/n%d-s%d", g.n, g.seed), guillotineProblem(g.n, g.seed)})
	}
	w := table("instance\tbuffers\tLB\tbest-fit\ts\tffd\ts\tdsa-rp\ts\tcpu s\tproven bound/LB\tgap\t")
	for _, in := range insts {
		row := fmt.Sprintf("%s\t%d\t", in.name, len(in.p.Buffers))
		var lb int64
		var last *planner.Result
		for _, alg := range []string{"best-fit", "ffd", "dsa-rp"} {
			cpu0 := cpuTime()
			r, err := planner.Solve(alg, in.p, planner.Options{Work: work, Capacity: planner.Unbounded})
			cpu := cpuTime() - cpu0
			if err != nil {
				t.Fatal(err)
			}
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				t.Errorf("%s %s: %v", in.name, alg, err)
			}
			if lb == 0 {
				lb = r.LowerBound[0]
				row += fmt.Sprintf("%d\t", lb)
			}
			row += fmt.Sprintf("%.4f\t%s\t", float64(r.Peak[0])/float64(lb), ms(r.Elapsed))
			if alg == "dsa-rp" {
				row += ms(cpu) + "\t" // wall time counts the machine's load too
			}
			last = r
		}
		bound, gap := "-", "-"
		if last.PeakBound != nil {
			b := last.PeakBound[0]
			bound = fmt.Sprintf("%.4f", float64(b)/float64(lb))
			gap = fmt.Sprintf("%.4f", float64(last.Peak[0]-b)/float64(b))
		}
		fmt.Fprintf(w, "%s%s\t%s\t\n", row, bound, gap)
	}
	w.Flush()
}

// perfectSeeds are the perfect packings of TestPerfectPackings: 400 to
// 1000 buffers cut from 1 MiB x 1000 program points, by guillotine cuts
// alone (pinwheel 0) or with a fifth of the cuts pinwheels, which no
// guillotine cut explains. The optimum is 1 MiB by construction.
var perfectSeeds = []struct {
	n        int
	seed     uint64
	pinwheel float64
}{
	{400, 11, 0}, {540, 1, 0}, {600, 12, 0}, {660, 13, 0}, {720, 4, 0}, {780, 14, 0}, {840, 15, 0}, {900, 7, 0}, {920, 16, 0}, {1000, 17, 0},
	{400, 21, 0.2}, {540, 22, 0.2}, {600, 23, 0.2}, {720, 24, 0.2}, {900, 25, 0.2}, {1000, 26, 0.2},
}

// TestPerfectPackings prints, per perfect packing, peak / optimum for
// best-fit, ffd and dsa-rp minimising the peak, dsa-rp's CPU seconds and
// the bound it proved. It needs no data, only time:
//
//	PTO_BENCH_PERFECT=1 go test ./cmd/pto-plan -run TestPerfectPackings -v -timeout 60m
//
// PTO_BENCH_WORK sets dsa-rp's work budget (default planner.DefaultWork).
// PTO_BENCH_SEEDS=a-b replaces the seeds by a..b (unseen instances: seed
// s has 400 + s*37 mod 601 buffers, pinwheels for odd s, the buffers
// shuffled). Every placement is validated.
func TestPerfectPackings(t *testing.T) {
	if os.Getenv("PTO_BENCH_PERFECT") == "" {
		t.Skip("set PTO_BENCH_PERFECT=1 to run the perfect-packing table")
	}
	work := planner.DefaultWork
	if v := os.Getenv("PTO_BENCH_WORK"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			t.Fatalf("PTO_BENCH_WORK=%s: want a step count > 0", v)
		}
		work = n
	}
	seeds := perfectSeeds
	shuffle := false
	if v := os.Getenv("PTO_BENCH_SEEDS"); v != "" {
		var a, b uint64
		if _, err := fmt.Sscanf(v, "%d-%d", &a, &b); err != nil || b < a {
			t.Fatalf("PTO_BENCH_SEEDS=%s: want a-b", v)
		}
		seeds = seeds[:0:0]
		for s := a; s <= b; s++ {
			seeds = append(seeds, struct {
				n        int
				seed     uint64
				pinwheel float64
			}{400 + int(s*37%601), s, 0.2 * float64(s%2)})
		}
		shuffle = true
	}
	w := table("kind\tseed\tbuffers\tbest-fit\tffd\tdsa-rp\tcpu s\twork\tproven bound\t")
	optimal := 0
	for _, s := range seeds {
		const capacity = 1 << 20
		ps := guillotine.Cut(guillotine.Options{N: s.n, Capacity: capacity, Horizon: 1000, Seed: s.seed, Pinwheel: s.pinwheel})
		if shuffle {
			rng := rand.New(rand.NewPCG(s.seed, 9))
			rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		}
		p := &planner.Problem{Pools: []planner.Pool{{Name: "mem"}}}
		for i, q := range ps {
			p.Buffers = append(p.Buffers, planner.Buffer{Name: strconv.Itoa(i), Size: q.Size, Align: 1,
				Live: []planner.Interval{{Start: q.Start, End: q.End}}})
		}
		kind := "guillotine"
		if s.pinwheel > 0 {
			kind = "pinwheel"
		}
		row := fmt.Sprintf("%s\t%d\t%d\t", kind, s.seed, len(p.Buffers))
		for _, alg := range []string{"best-fit", "ffd", "dsa-rp"} {
			cpu0 := cpuTime()
			r, err := planner.Solve(alg, p, planner.Options{Work: work, Capacity: planner.Unbounded})
			cpu := cpuTime() - cpu0
			if err != nil {
				t.Fatal(err)
			}
			if err := planner.Validate(r.Problem, r.Solution); err != nil {
				t.Errorf("%s seed %d %s: %v", kind, s.seed, alg, err)
			}
			row += fmt.Sprintf("%.4f\t", float64(r.Peak[0])/capacity)
			if alg == "dsa-rp" {
				row += fmt.Sprintf("%s\t%d\t%.4f\t", ms(cpu), r.Work, float64(r.PeakBound[0])/capacity)
				if r.Peak[0] == capacity && r.Optimal {
					optimal++
				}
			}
		}
		fmt.Fprintln(w, row)
	}
	w.Flush()
	fmt.Printf("\ndsa-rp at the optimum, proven: %d of %d\n", optimal, len(seeds))
}
