// Command pto-plan places the buffers of a memory-planning problem.
//
//	pto-plan [--algorithm=NAME] [--capacity=BYTES] [--work=STEPS]
//	         [--time-limit=DURATION] [--seed=N] [-o OUT] [--stats]
//	         [--report=FILE] PROBLEM
//
// PROBLEM is a MiniMalloc CSV file (id,lower,upper,size[,alignment]; the
// capacity is the number in the file name, as in A.1048576.csv) or a
// DSA-RP schema-v1 JSON problem document. The output has the input's
// format: the CSV rows with an offset column, or a schema-v1 solution
// document. It goes to OUT (written through a temporary file and renamed,
// so a failed run never leaves a partial file) or to standard output.
//
// --report=FILE also writes the memory report of the placement (the one
// pto-opt --memory-report writes, package planner/report): JSON, a text
// table, or an SVG or HTML layout picture, by FILE's extension (.json,
// .txt, .svg, .html; another extension is bad usage). Like OUT it is
// written, whole, only when the run succeeds.
//
// --capacity overrides every pool's capacity; --capacity=0 removes it, so
// the planner minimises the peak instead. --work bounds dsa-rp's search by
// work done, so a run gives the same output on any machine under any load;
// --time-limit is only a wall-clock safety stop, and when it cuts the
// search short a warning says that the output depends on timing. Every
// solution is checked by planner.Validate before it is written. Exit
// status: 0 on success, 1 on bad input, no fit, or a failed validation, 2
// on bad usage.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"pto-opt/internal/atomicfile"
	"pto-opt/planner"
	"pto-opt/planner/report"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type config struct {
	algorithm string
	capacity  string
	timeLimit time.Duration
	work      int64
	out       string
	stats     bool
	seed      int64
	report    string
	file      string
}

func parseArgs(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("pto-plan", flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := &config{}
	fs.StringVar(&c.algorithm, "algorithm", "dsa-rp", "placement algorithm: "+strings.Join(planner.Algorithms(), ", "))
	fs.StringVar(&c.capacity, "capacity", "", "capacity in bytes for every pool (0: unbounded, minimise the peak); default: the problem's")
	fs.Int64Var(&c.work, "work", planner.DefaultWork, "work budget of dsa-rp in search steps (a few ns each): the same budget gives the same placement on any machine")
	fs.DurationVar(&c.timeLimit, "time-limit", 0, "wall-clock safety stop of dsa-rp, 0 for none; a search it cuts short depends on timing (a warning says so)")
	fs.StringVar(&c.out, "o", "-", "output file (- for standard output)")
	fs.BoolVar(&c.stats, "stats", false, "print peak, lower bound, reuse cost, proof status, work and time to standard error")
	fs.Int64Var(&c.seed, "seed", 0, "seed of dsa-rp's randomised restarts")
	fs.StringVar(&c.report, "report", "", "also write the memory report to FILE: "+strings.Join(report.Formats, ", ")+" by extension")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pto-plan [flags] PROBLEM.csv|PROBLEM.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return nil, errors.New("expected exactly one PROBLEM file")
	}
	c.file = fs.Arg(0)
	if c.report != "" {
		if err := report.CheckPath(c.report); err != nil {
			return nil, fmt.Errorf("--report: %v", err)
		}
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseArgs(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "pto-plan: %v\n", err)
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "pto-plan: "+format+"\n", a...)
		return 1
	}
	if c.work <= 0 {
		fmt.Fprintf(stderr, "pto-plan: --work=%d: want a step count > 0\n", c.work)
		return 2
	}
	if c.timeLimit < 0 {
		fmt.Fprintf(stderr, "pto-plan: --time-limit=%v: want a duration >= 0 (0: none)\n", c.timeLimit)
		return 2
	}
	opt := planner.Options{Work: c.work, TimeLimit: c.timeLimit, Seed: c.seed}
	if c.capacity != "" {
		v, err := strconv.ParseInt(c.capacity, 10, 64)
		if err != nil || v < 0 {
			fmt.Fprintf(stderr, "pto-plan: --capacity=%s: want a byte count >= 0\n", c.capacity)
			return 2
		}
		opt.Capacity = v
		if v == 0 {
			opt.Capacity = planner.Unbounded
		}
	}
	in, err := load(c.file)
	if err != nil {
		return fail("%v", err)
	}
	r, err := planner.Solve(c.algorithm, in.problem, opt)
	if err != nil {
		return fail("%s: %v", c.file, err)
	}
	for _, h := range r.Hints {
		fmt.Fprintf(stderr, "pto-plan: %s: hint %s\n", c.file, h)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "pto-plan: warning: %s\n", w)
	}
	if c.stats {
		printStats(stderr, r)
	}
	if !r.Feasible {
		return fail("%s: no placement within capacity: %s", c.file, r.Reason)
	}
	if err := planner.Validate(r.Problem, r.Solution); err != nil {
		return fail("%s: %s produced an invalid placement: %v", c.file, c.algorithm, err)
	}
	var buf bytes.Buffer
	if err := in.write(&buf, r); err != nil {
		return fail("%s: %v", c.file, err)
	}
	var rep *staged
	if c.report != "" {
		// Staged before the output is written, so a report that cannot
		// be written fails the run before anything appears.
		f := report.FromProblem(in.name, "pto-plan", r.Algorithm, r.Problem, r.Solution, report.Options{})
		doc := &report.Report{Tool: "pto-plan", Input: c.file, Functions: []report.Function{f}}
		var data bytes.Buffer
		if err := report.Render(&data, c.report, doc); err != nil {
			return fail("--report: %v", err)
		}
		if rep, err = stage(c.report, data.Bytes()); err != nil {
			return fail("--report: %v", err)
		}
		defer rep.discard()
	}
	if err := writeOutput(c.out, buf.Bytes(), stdout); err != nil {
		return fail("%v", err)
	}
	if rep != nil {
		if err := rep.commit(); err != nil {
			return fail("--report: %v", err)
		}
	}
	return 0
}

// staged is a file written to a temporary name beside its path, put in
// place by commit.
type staged struct{ tmp, path string }

func stage(path string, data []byte) (*staged, error) {
	f, err := os.CreateTemp(filepath.Dir(path), ".pto-plan-*")
	if err != nil {
		return nil, err
	}
	s := &staged{tmp: f.Name(), path: path}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o644) // a report is not private
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		s.discard()
		return nil, err
	}
	return s, nil
}

func (s *staged) commit() error {
	err := os.Rename(s.tmp, s.path)
	if err == nil {
		s.tmp = ""
	}
	return err
}

// discard removes the temporary file unless commit put it in place.
func (s *staged) discard() {
	if s.tmp != "" {
		os.Remove(s.tmp)
	}
}

// input is a loaded problem and the writer for its output format.
type input struct {
	problem *planner.Problem
	name    string // the problem's name in reports
	write   func(w io.Writer, r *planner.Result) error
}

func load(file string) (*input, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	switch strings.ToLower(filepath.Ext(file)) {
	case ".csv":
		p, err := planner.ReadCSV(f, file)
		if err != nil {
			return nil, err
		}
		name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		return &input{problem: p, name: name, write: func(w io.Writer, r *planner.Result) error {
			return planner.WriteCSV(w, p, r.Solution)
		}}, nil
	case ".json":
		d, err := planner.ReadJSON(f, file)
		if err != nil {
			return nil, err
		}
		name := d.Instance
		if name == "" {
			name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		}
		return &input{problem: d.Problem, name: name, write: func(w io.Writer, r *planner.Result) error {
			meta := map[string]string{
				"solver":         "pto-plan " + r.Algorithm,
				"reuse_cost":     strconv.FormatInt(r.ReuseCost, 10),
				"proven_optimal": strconv.FormatBool(r.Optimal),
			}
			if len(r.RelaxedSeparations) > 0 {
				meta["relaxed_pipeline_pairs_overlapped"] = strconv.Itoa(r.RelaxedPairsOverlapped)
			}
			return planner.WriteSolutionJSON(w, d, r.Solution, meta)
		}}, nil
	}
	return nil, fmt.Errorf("%s: unknown problem format (want .csv or .json)", file)
}

// writeOutput writes data to path through a temporary file in the same
// directory and a rename, so readers never see a partial file.
func writeOutput(path string, data []byte, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return atomicfile.Write(path, data)
}

func printStats(w io.Writer, r *planner.Result) {
	for pool, pk := range r.Peak {
		capacity := "unbounded"
		if c := r.Problem.Pools[pool].Capacity; c > 0 {
			capacity = strconv.FormatInt(c, 10)
		}
		fmt.Fprintf(w, "pool %s: peak %d lower-bound %d capacity %s\n", r.Problem.Pools[pool].Name, pk, r.LowerBound[pool], capacity)
	}
	fmt.Fprintf(w, "algorithm %s\nfeasible %v\nreuse-cost %d\nproven-optimal %v\nwork %d\ntime %v\n",
		r.Algorithm, r.Feasible, r.ReuseCost, r.Optimal, r.Work, r.Elapsed.Round(time.Microsecond))
	if len(r.RelaxedSeparations) > 0 {
		fmt.Fprintf(w, "relaxed-pipeline-pairs %d overlapped %d\n", len(r.RelaxedSeparations), r.RelaxedPairsOverlapped)
	}
}
