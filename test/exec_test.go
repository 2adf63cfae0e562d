package test

// Differential execution of static-memory-planner-analysis: every program
// in testdata/exec is lowered to LLVM with mlir-opt and its @main run with
// mlir-runner, once as written and once after planning with each algorithm
// (and with lift-nested=1 where the program has nested allocations); the
// printed output must be identical. The pass's remarks give, per program
// and variant, the arena size and its lower bound; the table is logged.
//
// The programs are *.mlir.in (not *.mlir, which are lit tests). Their
// header comments drive the test:
//
//	// EXEC-PREPARE: <mlir-opt argument>   run mlir-opt first (one per line),
//	                                       e.g. a bufferization pipeline
//	// EXEC-FLAGS: --flag ...              pto-opt flags for every variant
//	// EXEC-OPTIONS: k=v ...               pass options for every variant
//	// EXEC-PLANNED: N | >=N               buffers planned without lift-nested
//	// EXEC-PLANNED-LIFT: N | >=N          with lift-nested=1 (adds variants)
//
// The test is skipped when mlir-opt or mlir-runner cannot be found, and
// fails instead when PTO_REQUIRE_LLVM=1. PTO_LLVM_BIN names the directory
// holding mlir-opt and mlir-runner; otherwise PATH and /usr/lib/llvm-22/bin
// are searched, and the runner libraries are taken from ../lib next to
// mlir-runner (or PTO_MLIR_RUNNER_LIBS, comma-separated).

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// lowerToLLVM is the mlir-opt pipeline from planned memref IR to the LLVM
// dialect (bufferization.clone, which the deallocation pipeline leaves in
// functions returning buffers, becomes alloc + copy first; vector and
// complex ops build and take apart the values of such elements).
var lowerToLLVM = []string{
	"--convert-bufferization-to-memref",
	"--convert-scf-to-cf",
	"--convert-vector-to-llvm",
	"--expand-strided-metadata",
	"--finalize-memref-to-llvm",
	"--convert-complex-to-llvm",
	"--convert-arith-to-llvm",
	"--convert-cf-to-llvm",
	"--convert-func-to-llvm",
	"--reconcile-unrealized-casts",
}

type llvmTools struct {
	opt, runner string
	libs        []string
}

func findLLVM(t *testing.T) *llvmTools {
	t.Helper()
	const what = "the differential execution (mlir-runner before and after planning)"
	tl := &llvmTools{opt: testtool.LLVM(t, "mlir-opt", what), runner: testtool.LLVM(t, "mlir-runner", what)}
	if env := os.Getenv("PTO_MLIR_RUNNER_LIBS"); env != "" {
		tl.libs = strings.Split(env, ",")
		return tl
	}
	real, err := filepath.EvalSymlinks(tl.runner)
	if err != nil {
		real = tl.runner
	}
	libdir := filepath.Join(filepath.Dir(real), "..", "lib")
	for _, lib := range []string{"libmlir_runner_utils.so", "libmlir_c_runner_utils.so"} {
		matches, _ := filepath.Glob(filepath.Join(libdir, lib+"*"))
		if len(matches) == 0 {
			testtool.Skip(t, "PTO_REQUIRE_LLVM", fmt.Sprintf("%s not found in %s (set PTO_MLIR_RUNNER_LIBS): %s not checked", lib, libdir, what))
		}
		slices.Sort(matches)
		tl.libs = append(tl.libs, matches[0])
	}
	return tl
}

// run executes an external tool. The deadline only guards against a hung
// process; nothing is asserted about time.
func (tl *llvmTools) run(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String(), nil
}

var unrankedBase = regexp.MustCompile(`base@ = 0x[0-9a-fA-F]+ `)

// execute lowers the memref program in file and runs @main; the output has
// buffer addresses removed (they differ between any two runs).
func (tl *llvmTools) execute(file string) (string, error) {
	lowered := strings.TrimSuffix(file, ".mlir") + ".llvm.mlir"
	if _, err := tl.run(tl.opt, append(append([]string{file}, lowerToLLVM...), "-o", lowered)...); err != nil {
		return "", err
	}
	out, err := tl.run(tl.runner, "-e", "main", "-entry-point-result=void", "--shared-libs="+strings.Join(tl.libs, ","), lowered)
	if err != nil {
		return "", err
	}
	return unrankedBase.ReplaceAllString(out, ""), nil
}

type execProgram struct {
	name       string
	path       string
	prepare    []string
	flags      []string
	options    []string
	planned    count
	liftPlans  count
	hasLiftSet bool
}

// count is an expected number of planned buffers: exactly n, or at least n.
type count struct {
	n       int
	atLeast bool
}

func (c count) ok(got int) bool {
	if c.atLeast {
		return got >= c.n
	}
	return got == c.n
}

func (c count) String() string {
	if c.atLeast {
		return ">=" + strconv.Itoa(c.n)
	}
	return strconv.Itoa(c.n)
}

func parseCount(s string) (count, error) {
	s = strings.TrimSpace(s)
	c := count{}
	if strings.HasPrefix(s, ">=") {
		c.atLeast = true
		s = strings.TrimSpace(s[2:])
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return c, fmt.Errorf("bad count %q (want N or >=N, N >= 1)", s)
	}
	c.n = n
	return c, nil
}

func loadExecPrograms(t *testing.T) []*execProgram {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "exec", "*.mlir.in"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in testdata/exec (%v)", err)
	}
	var progs []*execProgram
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := &execProgram{name: strings.TrimSuffix(filepath.Base(f), ".mlir.in"), path: f}
		seenPlanned := false
		for _, line := range strings.Split(string(src), "\n") {
			line = strings.TrimSpace(line)
			key, val, ok := strings.Cut(strings.TrimPrefix(line, "// "), ":")
			if !ok || !strings.HasPrefix(line, "// EXEC-") {
				continue
			}
			val = strings.TrimSpace(val)
			switch key {
			case "EXEC-PREPARE":
				p.prepare = append(p.prepare, val)
			case "EXEC-FLAGS":
				p.flags = append(p.flags, strings.Fields(val)...)
			case "EXEC-OPTIONS":
				p.options = append(p.options, strings.Fields(val)...)
			case "EXEC-PLANNED":
				if p.planned, err = parseCount(val); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				seenPlanned = true
			case "EXEC-PLANNED-LIFT":
				if p.liftPlans, err = parseCount(val); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				p.hasLiftSet = true
			default:
				t.Fatalf("%s: unknown header %q", f, key)
			}
		}
		if !seenPlanned {
			t.Fatalf("%s: missing EXEC-PLANNED", f)
		}
		progs = append(progs, p)
	}
	return progs
}

// planStats sums the pass's remarks over every function and memory space.
type planStats struct {
	functions int
	buffers   int64
	arena     int64
	lower     int64
	noShare   int64 // the arena without any reuse: arena + bytes saved
	proven    bool  // every arena was proven optimal
}

var arenaRemark = regexp.MustCompile(`remark: static-memory-planner \(([a-z-]+)\): arena of (\d+) bytes for (\d+) buffers in memory space '[^']*'; lower bound (\d+) bytes(, proven optimal)?; (-?\d+) bytes saved against no sharing`)

func parseRemarks(stderr string) planStats {
	st := planStats{proven: true}
	for _, m := range arenaRemark.FindAllStringSubmatch(stderr, -1) {
		arena, _ := strconv.ParseInt(m[2], 10, 64)
		bufs, _ := strconv.ParseInt(m[3], 10, 64)
		lb, _ := strconv.ParseInt(m[4], 10, 64)
		saved, _ := strconv.ParseInt(m[6], 10, 64)
		st.functions++
		st.buffers += bufs
		st.arena += arena
		st.lower += lb
		st.noShare += arena + saved
		st.proven = st.proven && m[5] != ""
	}
	if st.functions == 0 {
		st.proven = false
	}
	return st
}

type variant struct {
	algorithm string
	lift      bool
}

func (v variant) String() string {
	if v.lift {
		return v.algorithm + "+lift"
	}
	return v.algorithm
}

func (v variant) options(p *execProgram) string {
	opts := []string{"algorithm=" + v.algorithm, "remarks=1"}
	if v.algorithm == "dsa-rp" {
		// A generous budget so that a loaded machine does not change
		// whether small programs are proven optimal; the search stops as
		// soon as it proves its arena.
		opts = append(opts, "time-limit=60s")
	}
	if v.lift {
		opts = append(opts, "lift-nested=1")
	}
	return strings.Join(append(opts, p.options...), " ")
}

// plan runs pto-opt in-process and returns the planned IR's path and the
// remarks' figures.
func plan(t *testing.T, in, out, options string, flags []string) planStats {
	t.Helper()
	var stdout, stderr bytes.Buffer
	args := append(append([]string{in}, flags...), "--static-memory-planner-analysis="+options, "-o", out)
	if rc := driver.Run(args, nil, &stdout, &stderr); rc != 0 {
		t.Fatalf("pto-opt %s failed (%d):\n%s", strings.Join(args, " "), rc, stderr.String())
	}
	return parseRemarks(stderr.String())
}

type execRow struct {
	program, variant string
	st               planStats
}

func TestDifferentialExecution(t *testing.T) {
	tl := findLLVM(t)
	progs := loadExecPrograms(t)
	algorithms := []string{"trivial", "best-fit", "ffd", "dsa-rp"}
	var mu sync.Mutex
	var rows []execRow
	t.Run("programs", func(t *testing.T) {
		for _, p := range progs {
			t.Run(p.name, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				input := filepath.Join(dir, p.name+".mlir")
				if len(p.prepare) > 0 {
					if _, err := tl.run(tl.opt, append(append([]string{p.path}, p.prepare...), "-o", input)...); err != nil {
						t.Fatalf("preparing with mlir-opt: %v", err)
					}
				} else {
					src, err := os.ReadFile(p.path)
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(input, src, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want, err := tl.execute(input)
				if err != nil {
					t.Fatalf("unplanned program: %v", err)
				}
				if !strings.Contains(want, "data =") {
					t.Fatalf("unplanned program printed no buffer:\n%s", want)
				}
				var variants []variant
				for _, a := range algorithms {
					variants = append(variants, variant{a, false})
				}
				if p.hasLiftSet {
					for _, a := range algorithms {
						variants = append(variants, variant{a, true})
					}
				}
				stats := map[variant]planStats{}
				for _, v := range variants {
					planned := filepath.Join(dir, p.name+"."+v.String()+".mlir")
					st := plan(t, input, planned, v.options(p), p.flags)
					stats[v] = st
					exp := p.planned
					if v.lift {
						exp = p.liftPlans
					}
					if !exp.ok(int(st.buffers)) {
						t.Errorf("%s: planned %d buffers, want %s", v, st.buffers, exp)
					}
					if st.arena < st.lower {
						t.Errorf("%s: arena %d below the lower bound %d", v, st.arena, st.lower)
					}
					got, err := tl.execute(planned)
					if err != nil {
						t.Errorf("%s: planned program: %v", v, err)
						continue
					}
					if got != want {
						t.Errorf("%s: output differs after planning\n--- unplanned\n%s--- planned\n%s", v, want, got)
					}
					mu.Lock()
					rows = append(rows, execRow{p.name, v.String(), st})
					mu.Unlock()
				}
				// dsa-rp's arena, when proven optimal, is the smallest any
				// algorithm finds for the same buffers: the other planners'
				// lifetimes (entry-block indices or liveness) are never
				// shorter than the liveness intervals dsa-rp packs.
				for _, lift := range []bool{false, true} {
					d, ok := stats[variant{"dsa-rp", lift}]
					if !ok || !d.proven {
						continue
					}
					for v, st := range stats {
						if v.lift == lift && st.buffers == d.buffers && st.arena < d.arena {
							t.Errorf("dsa-rp (proven optimal) arena %d is larger than %s's %d", d.arena, v, st.arena)
						}
					}
				}
			})
		}
	})
	slices.SortFunc(rows, func(a, b execRow) int {
		if c := cmp.Compare(a.program, b.program); c != 0 {
			return c
		}
		return cmp.Compare(rowOrder(a.variant), rowOrder(b.variant))
	})
	var sb strings.Builder
	tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "program\tvariant\tbuffers\tarena\tlower bound\tarena/lb\tno sharing\tproven\t")
	for _, r := range rows {
		ratio := "-"
		if r.st.lower > 0 {
			ratio = fmt.Sprintf("%.3f", float64(r.st.arena)/float64(r.st.lower))
		}
		proven := ""
		if r.st.proven {
			proven = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\t%d\t%s\t\n", r.program, r.variant, r.st.buffers, r.st.arena, r.st.lower, ratio, r.st.noShare, proven)
	}
	tw.Flush()
	t.Logf("arena bytes against the lower bound (sums over functions):\n%s", sb.String())
}

func rowOrder(v string) int {
	for i, a := range []string{"trivial", "best-fit", "ffd", "dsa-rp", "trivial+lift", "best-fit+lift", "ffd+lift", "dsa-rp+lift"} {
		if a == v {
			return i
		}
	}
	return 99
}

// TestDifferentialExecutionDetectsOverlap checks that the comparison above
// can fail: the best-fit plan of the staggered program with every view
// moved to the first view's offset (live buffers overlapping) must print
// something else than the unplanned program.
func TestDifferentialExecutionDetectsOverlap(t *testing.T) {
	tl := findLLVM(t)
	dir := t.TempDir()
	src := filepath.Join("testdata", "exec", "staggered.mlir.in")
	input := filepath.Join(dir, "staggered.mlir")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(input, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := tl.execute(input)
	if err != nil {
		t.Fatal(err)
	}
	planned := filepath.Join(dir, "planned.mlir")
	plan(t, input, planned, "algorithm=best-fit", nil)
	text, err := os.ReadFile(planned)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := parser.ParseString(string(text), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var first *ir.Value
	moved := 0
	mod.Walk(func(op *ir.Operation) bool {
		if op.Name == "memref.view" {
			if first == nil {
				first = op.Operands[1]
			} else if op.Operands[1] != first {
				op.SetOperand(1, first)
				moved++
			}
		}
		return true
	})
	if moved == 0 {
		t.Fatal("the best-fit plan has no view at another offset to move")
	}
	broken := filepath.Join(dir, "overlapping.mlir")
	if err := os.WriteFile(broken, []byte(printer.String(mod, printer.Options{})), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := tl.execute(broken)
	if err != nil {
		t.Fatal(err)
	}
	if got == want {
		t.Fatalf("overlapping every buffer did not change the output:\n%s", got)
	}
}
