// Command pto-plan places the buffers of a memory-planning problem.
//
//	pto-plan [--algorithm=NAME] [--capacity=BYTES] [--work=STEPS]
//	         [--time-limit=DURATION] [--seed=N] [-o OUT] [--stats]
//	         [--report=FILE] PROBLEM
//
// Flags may come before or after PROBLEM, as with mlir-opt; "--" ends
// them.
//
// PROBLEM is a MiniMalloc CSV file (id,lower,upper,size[,alignment]; the
// capacity is the number in the file name, as in A.1048576.csv) or a
// DSA-RP schema-v1 JSON problem document. The output has the input's
// format: the CSV rows with an offset column, or a schema-v1 solution
// document. It goes to OUT or to standard output; OUT is written only when
// the whole output is ready (package atomicfile: an existing file in
// place, keeping its owner, mode and links; a new one through a temporary
// file), so a failed or interrupted run never leaves a partial file.
//
// --report=FILE also writes the memory report of the placement (the one
// pto-opt --memory-report writes, package planner/report): JSON, a text
// table, or an SVG or HTML layout picture, by FILE's extension (.json,
// .txt, .svg, .html; another extension is bad usage). Like OUT it is
// written whole, and when the run succeeds either both are written or
// neither (see writeOutputs); OUT and FILE naming one file (by any
// spelling, links included) is bad usage. A failed write, standard
// output's included, fails the run. A placement that does not fit its
// capacity fails the run and writes no OUT, but FILE is still written,
// marked failed with the error, as pto-opt --memory-report does: the
// picture shows where the pool overflows.
//
// --capacity overrides every pool's capacity; --capacity=0 removes it, so
// the planner minimises the peak instead. --work bounds dsa-rp's search by
// work done, so a run gives the same output on any machine under any load;
// --time-limit is only a wall-clock safety stop, and when it cuts the
// search short a warning says that the output depends on timing. Every
// solution is checked by planner.Validate before it is written or --stats
// says anything about it. --stats gives, per pool, the peak, the load
// lower bound, and, when dsa-rp can vouch for one, the best proven lower
// bound on the peak with the gap between the two. Problems beyond the planner's limits
// (planner.Limit) are bad input. Exit status: 0 on success, 1 on bad
// input, no fit, a failed validation or a failed write, 2 on bad usage.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/pto-opt/pto-opt/internal/atomicfile"
	"github.com/pto-opt/pto-opt/internal/stdio"
	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/planner/report"
)

func main() {
	// With SIGPIPE ignored, writing to a standard output whose reader has
	// gone fails with EPIPE; the run then ends quietly and the process
	// dies of SIGPIPE after all, as mlir-opt does, but only once the
	// temporary files are gone. (A standard
	// output closed at exec is another matter: Go's runtime reopens it on
	// /dev/null before main runs.)
	signal.Ignore(syscall.SIGPIPE)
	// SIGINT, SIGTERM and SIGHUP remove the temporary files.
	atomicfile.CleanUpOnSignal()
	status := run(os.Args[1:], os.Stdout, os.Stderr)
	if status == stdio.ExitBrokenPipe {
		stdio.DieOfBrokenPipe()
	}
	os.Exit(status)
}

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

// version is what --version prints.
const version = "pto-plan 0.1.0"

// errUsage is a command line error already explained on standard error.
var errUsage = errors.New("usage")

// errDone stops a run that did what was asked (--help, --version).
var errDone = errors.New("done")

func parseArgs(args []string, stdout, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("pto-plan", flag.ContinueOnError)
	// The flag package's own messages are replaced by ours: each error
	// once, usage on request (to standard output) or as a hint.
	fs.SetOutput(io.Discard)
	c := &config{}
	var help, showVersion bool
	fs.StringVar(&c.algorithm, "algorithm", "dsa-rp", "placement algorithm: "+strings.Join(planner.Algorithms(), ", "))
	fs.StringVar(&c.capacity, "capacity", "", "capacity in bytes of every pool, overriding the problem's (a CSV file's comes from its name, as in A.1048576.csv); 0: unbounded, minimise the peak")
	c.work = planner.DefaultWork
	fs.Var(plainInt{&c.work}, "work", "work budget of dsa-rp in search steps (a few ns each): the same budget gives the same placement on any machine")
	fs.DurationVar(&c.timeLimit, "time-limit", 0, "wall-clock safety stop of dsa-rp, 0 for none; a search it cuts short depends on timing (a warning says so)")
	fs.StringVar(&c.out, "o", "-", "output file (- for standard output)")
	fs.Var(strictBool{&c.stats}, "stats", "print per pool peak, lower bound and capacity (and where the capacity came from), then reuse cost, proof status, work and time, to standard error")
	fs.Var(plainInt{&c.seed}, "seed", "seed of dsa-rp's randomised restarts")
	fs.StringVar(&c.report, "report", "", "also write the memory report to FILE: "+strings.Join(report.Formats, ", ")+" by extension")
	fs.BoolVar(&help, "help", false, "print this help to standard output")
	fs.BoolVar(&help, "h", false, "print this help to standard output")
	fs.BoolVar(&showVersion, "version", false, "print the version")
	bad := func(format string, a ...any) (*config, error) {
		fmt.Fprintf(stderr, "pto-plan: "+format+"\n", a...)
		fmt.Fprintln(stderr, "Run 'pto-plan --help' for usage.")
		return nil, errUsage
	}
	flags, operands, twice := splitArgs(fs, args)
	if twice != "" {
		return bad("flag -%s given twice", twice)
	}
	if err := fs.Parse(flags); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			help = true
		} else {
			return bad("%v", err)
		}
	}
	if help {
		fmt.Fprintln(stdout, "usage: pto-plan [flags] PROBLEM.csv|PROBLEM.json [flags]")
		fmt.Fprintln(stdout, "\nPlaces the buffers of a memory-planning problem: a MiniMalloc CSV file")
		fmt.Fprintln(stdout, "(id,lower,upper,size[,alignment]; capacity from the file name, as in")
		fmt.Fprintln(stdout, "A.1048576.csv) or a DSA-RP schema-v1 JSON problem. See docs/pto-plan.md.")
		fmt.Fprintln(stdout, "\nFlags:")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return nil, errDone
	}
	if showVersion {
		fmt.Fprintln(stdout, version)
		return nil, errDone
	}
	if !slices.Contains(planner.Algorithms(), c.algorithm) {
		return bad("--algorithm=%s: unknown algorithm (want one of %s)", c.algorithm, strings.Join(planner.Algorithms(), ", "))
	}
	if len(operands) != 1 {
		if len(operands) == 0 {
			return bad("expected a PROBLEM file")
		}
		return bad("expected exactly one PROBLEM file, got %d: %s", len(operands), strings.Join(operands, " "))
	}
	c.file = operands[0]
	if c.report != "" {
		if err := report.CheckPath(c.report); err != nil {
			return bad("--report: %v", err)
		}
		if err := sharedOutputs(c.out, c.report, stdout); err != nil {
			return bad("%v", err)
		}
	}
	return c, nil
}

// splitArgs separates flags from operands wherever they appear, as
// mlir-opt does (Go's flag package stops at the first operand): an
// argument starting with "-" is a flag, taking the next argument as its
// value unless it is boolean or written -name=value; "--" ends the flags
// and "-" alone is an operand. Unknown flags go to the flag list, where
// Parse reports them. twice names a flag given more than once (which of
// two values is meant would be a guess).
func splitArgs(fs *flag.FlagSet, args []string) (flags, operands []string, twice string) {
	seen := map[string]bool{}
	for k := 0; k < len(args); k++ {
		a := args[k]
		switch {
		case a == "--":
			return flags, append(operands, args[k+1:]...), twice
		case len(a) < 2 || a[0] != '-':
			operands = append(operands, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		name, _, hasValue := strings.Cut(name, "=")
		f := fs.Lookup(name)
		if f == nil {
			continue
		}
		if seen[f.Name] && twice == "" {
			twice = f.Name
		}
		seen[f.Name] = true
		if hasValue {
			continue
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			continue
		}
		if k+1 < len(args) {
			k++
			flags = append(flags, args[k])
		}
	}
	return flags, operands, twice
}

// plainInt is an integer flag written plainly (planner.ParseInt): not
// +5, 1_000, 007 or 0x10, which Go's flag package would take.
type plainInt struct{ p *int64 }

func (v plainInt) String() string {
	if v.p == nil {
		return "0"
	}
	return strconv.FormatInt(*v.p, 10)
}

func (v plainInt) Set(s string) error {
	n, err := planner.ParseInt(s)
	if err != nil {
		return errors.New("want an integer written plainly (digits, a leading minus, no leading zeros)")
	}
	*v.p = n
	return nil
}

// strictBool is a boolean flag spelled as LLVM's command line (and so
// pto-opt) spells them: true, TRUE, True, 1, false, FALSE, False, 0.
type strictBool struct{ p *bool }

func (v strictBool) IsBoolFlag() bool { return true }

func (v strictBool) String() string {
	if v.p == nil {
		return "false"
	}
	return strconv.FormatBool(*v.p)
}

func (v strictBool) Set(s string) error {
	switch s {
	case "true", "TRUE", "True", "1":
		*v.p = true
	case "false", "FALSE", "False", "0":
		*v.p = false
	default:
		return errors.New("want true, false, 1 or 0")
	}
	return nil
}

// solve is planner.Solve; tests replace it to play a faulty planner.
var solve = planner.Solve

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseArgs(args, stdout, stderr)
	if errors.Is(err, errDone) {
		return 0
	}
	if err != nil {
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
		v, err := planner.ParseInt(c.capacity)
		if err != nil || v < 0 || v > planner.Limit {
			fmt.Fprintf(stderr, "pto-plan: --capacity=%s: want a byte count from 0 to %d\n", c.capacity, planner.Limit)
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
	r, err := solve(c.algorithm, in.problem, opt)
	if err != nil {
		return fail("%s: %v", c.file, err)
	}
	for _, h := range r.Hints {
		fmt.Fprintf(stderr, "pto-plan: %s: hint %s\n", c.file, h)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(stderr, "pto-plan: warning: %s\n", w)
	}
	// Validated before anything is said about the placement: the stats'
	// feasible and proven-optimal are claims about a valid placement.
	verr := validate(r)
	if c.stats {
		printStats(stderr, r, verr == nil, capacitySource(c))
	}
	if !r.Feasible {
		msg := fmt.Sprintf("%s: no placement within capacity: %s", c.file, r.Reason)
		// The placement found anyway (valid but for the capacity) goes
		// into the report, marked failed; OUT is not written.
		if c.report != "" && verr == nil {
			rep, err := renderReport(c, in, r, msg)
			if err == nil {
				err = writeReport(c.report, rep)
			}
			if err != nil {
				fail("%v", err)
			}
		}
		return fail("%s", msg)
	}
	if verr != nil {
		return fail("%s: %s produced an invalid placement: %v", c.file, c.algorithm, verr)
	}
	var out bytes.Buffer
	if err := in.write(&out, r); err != nil {
		return fail("%s: %v", c.file, err)
	}
	var rep []byte
	if c.report != "" {
		if rep, err = renderReport(c, in, r, ""); err != nil {
			return fail("%v", err)
		}
	}
	if err := writeOutputs(c.out, out.Bytes(), stdout, c.report, rep); err != nil {
		if stdio.IsBrokenPipe(err) {
			// The reader went away (pto-plan ... | head): end quietly,
			// as a process killed by SIGPIPE does.
			return stdio.ExitBrokenPipe
		}
		return fail("%v", err)
	}
	return 0
}

// renderReport renders the memory report of r in --report's format;
// failed, when not empty, marks the plan as one that does not fit.
func renderReport(c *config, in *input, r *planner.Result, failed string) ([]byte, error) {
	f := report.FromProblem(in.name, "pto-plan", r.Algorithm, r.Problem, r.Solution, report.Options{})
	f.Failed = failed
	doc := &report.Report{Tool: "pto-plan", Input: c.file, Functions: []report.Function{f}}
	var data bytes.Buffer
	if err := report.Render(&data, c.report, doc); err != nil {
		return nil, fmt.Errorf("--report: %v", err)
	}
	return data.Bytes(), nil
}

// validate checks the placement against the problem it was computed for.
// A placement above the capacity is not invalid for that alone (Solve
// reports it as not feasible, with its reason), so then the capacities are
// lifted and everything else is checked.
func validate(r *planner.Result) error {
	p := r.Problem
	if !r.Feasible {
		q := *p
		q.Pools = slices.Clone(p.Pools)
		for k := range q.Pools {
			q.Pools[k].Capacity = 0
		}
		p = &q
	}
	return planner.Validate(p, r.Solution)
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

// gap is the peak's excess over a bound, as a fraction of the bound.
func gap(peak, bound int64) float64 {
	if bound <= 0 {
		return 0
	}
	return float64(peak-bound) / float64(bound)
}

// printStats prints the figures of the result. feasible and
// proven-optimal are claims about a valid placement: for an invalid one
// they are false, and "valid false" says why.
func printStats(w io.Writer, r *planner.Result, valid bool, source string) {
	// The memory report's bound: planner's own (Result.LowerBound) sums
	// temporally exclusive buffers, which may share bytes, so it can lie
	// above a valid peak.
	lb := report.LowerBounds(r.Problem)
	for pool, pk := range r.Peak {
		capacity := "unbounded"
		if c := r.Problem.Pools[pool].Capacity; c > 0 {
			capacity = strconv.FormatInt(c, 10)
		}
		proven := ""
		if r.PeakBound != nil {
			// The best proven bound, and how far the peak is above it.
			proven = fmt.Sprintf(" proven-bound %d gap %.4f", r.PeakBound[pool], gap(pk, r.PeakBound[pool]))
		}
		fmt.Fprintf(w, "pool %s: peak %d lower-bound %d capacity %s%s%s\n", r.Problem.Pools[pool].Name, pk, lb[pool], capacity, source, proven)
	}
	fmt.Fprintf(w, "algorithm %s\nvalid %v\nfeasible %v\nreuse-cost %d\nproven-optimal %v\nwork %d\ntime %v\n",
		r.Algorithm, valid, valid && r.Feasible, r.ReuseCost, valid && r.Optimal, r.Work, r.Elapsed.Round(time.Microsecond))
	if len(r.RelaxedSeparations) > 0 {
		fmt.Fprintf(w, "relaxed-pipeline-pairs %d overlapped %d\n", len(r.RelaxedSeparations), r.RelaxedPairsOverlapped)
	}
}

// capacitySource says where the pools' capacities came from, for --stats:
// a CSV file's capacity is the number in its name, which is easy to get
// wrong without noticing.
func capacitySource(c *config) string {
	switch {
	case c.capacity != "":
		return " (from --capacity)"
	case !strings.EqualFold(filepath.Ext(c.file), ".csv"):
		return ""
	}
	if _, ok := planner.CapacityFromName(c.file); ok {
		return fmt.Sprintf(" (from the file name %s; --capacity overrides it)", filepath.Base(c.file))
	}
	return fmt.Sprintf(" (no number in the file name %s, as in NAME.1048576.csv)", filepath.Base(c.file))
}
