// Package driver is pto-opt's command line: it reads textual IR, runs the
// passes named on the command line in order, and prints the result,
// behaving like mlir-opt wherever users rely on it (split input,
// diagnostics verification, IR printing, timing). It is a package so tests
// can run the driver in-process.
package driver

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/pto-opt/pto-opt/analysis/tilerun"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/atomicfile"
	"github.com/pto-opt/pto-opt/internal/stdio"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
	"github.com/pto-opt/pto-opt/transforms/plans"

	_ "github.com/pto-opt/pto-opt/transforms/all" // registers the table of passes
)

// Version is reported by --version.
const Version = "pto-opt 0.1.0 (MLIR 22 textual IR)"

// config is the parsed command line.
type config struct {
	input, output       string
	outputSet           bool
	split               bool
	splitMarker         string // input marker of -split-input-file
	outputSplitMarker   string
	verifyDiags         verifyLevel
	allowUnregistered   bool
	generic, debugInfo  bool
	printAfter, printBf bool
	timing, statistics  bool
	dumpPipeline        bool
	verifyEach          bool
	noThreads           bool
	allocAlignProperty  bool
	target              string
	targetSet           bool // --target was given (once)
	pipeline            *pass.Pipeline
	pipelineText        string
	memoryReport        string
	dumpProblems        string // --dump-planning-problem's directory
	verifyPlan          bool
	verifyPlanWork      int64 // --verify-plan-work: the executor's work bound per run
	summary             bool
	// brokenPipe: standard output's reader went away (EPIPE). The run
	// ends there without a message, as mlir-opt's does (killed by
	// SIGPIPE); Main dies of the signal.
	brokenPipe bool
}

// Main is pto-opt's main: the driver on the process's own arguments and
// streams, with the signals a tool writing files must handle.
func Main() int {
	// With SIGPIPE ignored, writing to a standard output whose reader has
	// gone (pto-opt ... | head -1) fails with EPIPE; the run then ends
	// quietly and the process dies of SIGPIPE after all, as mlir-opt
	// does, but only once no temporary file is left.
	signal.Ignore(syscall.SIGPIPE)
	// SIGINT, SIGTERM and SIGHUP remove the temporary files.
	atomicfile.CleanUpOnSignal()
	status := Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if status == stdio.ExitBrokenPipe {
		stdio.DieOfBrokenPipe()
	}
	return status
}

// Run is the whole driver; it returns the exit status.
func Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	cfg, status := parseArgs(args, stdout, stderr)
	if cfg == nil {
		return status
	}
	if err := sharedOutputs(cfg, stdout); err != nil {
		fmt.Fprintf(stderr, "pto-opt: %v\n", err)
		return 1
	}
	if cfg.dumpPipeline {
		fmt.Fprint(stderr, cfg.pipeline.Dump())
	}
	// One copy of the input serves everything (the parser keeps pieces of
	// it, names and literals, in the IR).
	var text string
	var err error
	name := cfg.input
	if name == "-" {
		if f, ok := stdin.(*os.File); ok && stdio.WasClosed(f) {
			err = errors.New("standard input is closed")
		} else {
			text, err = readText(stdin)
		}
		name = "<stdin>"
	} else {
		text, err = readFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "pto-opt: cannot open input file '%s': %v\n", cfg.input, errText(err))
		return 1
	}
	var explicitTarget *targets.Target
	if cfg.target != "" {
		explicitTarget, err = targets.Load(cfg.target)
		if err != nil {
			fmt.Fprintf(stderr, "pto-opt: --target: %v\n", err)
			return 1
		}
	}

	sm := newSourceMgr()
	sm.add(name, text)
	threads := 0 // one per CPU
	if cfg.noThreads {
		threads = 1
	}
	printOpts := printer.Options{Generic: cfg.generic, DebugInfo: cfg.debugInfo, AllocAlignmentProperty: cfg.allocAlignProperty, Threads: threads}
	mgr := &pass.Manager{
		Pipeline:    cfg.pipeline,
		VerifyEach:  cfg.verifyEach,
		PrintBefore: cfg.printBf,
		PrintAfter:  cfg.printAfter,
		PrintOut:    stderr,
		PassOut:     stderr,
		PrintOpts:   printOpts,
		Threads:     runtime.GOMAXPROCS(0),
	}
	if cfg.memoryReport != "" || cfg.summary {
		mgr.Collect = []pass.AnyArtifact{plans.Key}
	}
	if cfg.dumpProblems != "" {
		mgr.Collect = append(mgr.Collect, plans.ProblemKey)
	}
	if cfg.noThreads {
		mgr.Threads = 1
	}
	// Like mlir-opt 22, one verifier covers the whole file: annotations
	// are read (and malformed ones reported) first, and those nothing
	// matched are reported after the last chunk.
	var ver *verifier
	if cfg.verifyDiags != verifyOff {
		ver = newVerifier(stderr, sm, name, text, cfg.verifyDiags)
	}
	var parseTime, outputTime time.Duration
	chunks := []chunk{{text: text, line: 1, col: 1}}
	if cfg.split {
		var warnings []*ir.Diagnostic
		chunks, warnings = splitInput(text, cfg.splitMarker, name)
		for _, w := range warnings {
			sm.render(stderr, w)
		}
	}
	// One module going to a file or standard output is printed straight
	// into it (after its diagnostics, as when buffered) rather than held
	// whole in memory: nothing can fail after it is printed but the
	// writing itself. Several chunks, a memory report or a verifier keep
	// the output until the end, to write it all or nothing.
	streaming := len(chunks) == 1 && ver == nil && cfg.memoryReport == "" && cfg.dumpProblems == "" &&
		(cfg.output != "-" || !stdoutClosed(stdout))
	var streamed *ir.Operation
	var out bytes.Buffer
	failed := false
	warnedNoTarget := false
	// One parser reads every chunk (making one compiles the generic-op
	// grammar).
	p := parser.New(parser.Options{AllowUnregistered: cfg.allowUnregistered, Threads: threads})
	for i, c := range chunks {
		if i > 0 {
			out.WriteString(cfg.outputSplitMarker + "\n")
		}
		text := c.text
		if len(chunks) == 1 && !streaming {
			// The module printed is about as long as its text.
			out.Grow(len(text) + len(text)/4 + 4096)
		}
		var diags []*ir.Diagnostic
		t0 := time.Now()
		// The chunk's positions are the file's.
		module, perr := p.ParseTextAt(name, text, c.line, c.col)
		if perr == nil {
			perr = ir.Verify(module)
		}
		parseTime += time.Since(t0)
		ok := perr == nil
		if perr != nil {
			diags = append(diags, ir.Diagnostics(perr)...)
		} else {
			tgt, terr := chooseTarget(module, explicitTarget)
			if terr == nil && tgt != nil {
				// ptoas's arch rules, on the pto ops of the file, now
				// that its target is known.
				terr = pto.VerifyArch(module, tgt.PTO())
			}
			if terr != nil {
				diags = append(diags, ir.Diagnostics(terr)...)
				ok = false
			}
			mgr.Target = tgt
			var before *planCheck
			mgr.BeforePass = nil
			if ok && cfg.verifyPlan {
				before = snapshot(module)
				mgr.BeforePass = before.beforePass
			}
			if ok {
				pdiags, rerr := mgr.Run(module)
				diags = append(diags, pdiags...)
				ok = rerr == nil
			}
			if ok && !warnedNoTarget && explicitTarget == nil && plansTileMemory(cfg.pipeline) {
				if where := untargetedTileKernel(module); where != nil {
					// About the command line, said once per run after a plan
					// (not a diagnostic of the IR, so -verify-diagnostics
					// does not expect it).
					warnedNoTarget = true
					sm.renderRange(stderr, where.Loc, "warning", fmt.Sprintf("planning tile kernel @%s without a target: every memory space is unbounded, so nothing checks that the plan fits (give --target=ascend910b, ascend950 or FILE.json; --target=generic plans unbounded on purpose)", funcName(where)), -1)
				}
			}
			if ok && before != nil {
				if err := before.check(stderr, tgt, cfg.verifyPlanWork); err != nil {
					diags = append(diags, ir.Diagnostics(err)...)
					ok = false
				}
			}
			if ok && streaming {
				streamed = module
			} else if ok {
				t1 := time.Now()
				printer.Print(&out, module, printOpts)
				out.WriteByte('\n') // mlir-opt ends every module with an empty line
				outputTime += time.Since(t1)
			}
		}
		if ver != nil {
			// Only the annotations decide: a failing chunk whose
			// diagnostics were all expected verifies.
			for _, d := range diags {
				ver.check(stderr, sm, d)
			}
			continue
		}
		for _, d := range diags {
			sm.render(stderr, d)
		}
		if !ok {
			failed = true
		}
	}
	if ver != nil && !ver.finish(stderr, sm) {
		failed = true
	}
	if streamed != nil {
		t1 := time.Now()
		if !streamOutput(cfg, streamed, printOpts, stdout, stderr) {
			failed = true
		}
		outputTime += time.Since(t1)
	} else if !writeOutputs(cfg, name, explicitTarget, mgr, out.Bytes(), failed, stdout, stderr) {
		failed = true
	}
	if cfg.brokenPipe {
		return stdio.ExitBrokenPipe
	}
	// The reports come last, whatever happened before, as in mlir-opt.
	if cfg.summary {
		lines := report.Summary(&report.Report{Functions: pass.Values(&mgr.Artifacts, plans.Key)})
		if len(lines) == 0 && !failed {
			fmt.Fprintln(stderr, "pto-opt: summary: no pass planned memory (run a planning pass: -pto-memory-plan, -allocate-addr, -static-memory-planner-analysis, ...)")
		}
		for _, l := range lines {
			fmt.Fprintln(stderr, "pto-opt: summary: "+l)
		}
	}
	if cfg.statistics {
		fmt.Fprint(stderr, mgr.StatisticsReport())
	}
	if cfg.timing {
		phases := []*pass.Timing{{Name: "Parser", Duration: parseTime}}
		phases = append(phases, mgr.Timings...)
		phases = append(phases, &pass.Timing{Name: "Output", Duration: outputTime})
		fmt.Fprint(stderr, pass.TimingReport(phases, time.Since(start)))
	}
	if failed {
		return 1
	}
	return 0
}

// sharedOutputs refuses two outputs naming one file, whatever the
// spelling (./x, a symbolic or hard link, /dev/stdout for a standard
// output redirected to the file): the second would silently replace the
// first. It runs before any work, so nothing is written.
func sharedOutputs(cfg *config, stdout io.Writer) error {
	switch {
	case cfg.memoryReport == "" || !atomicfile.SameOutput(cfg.output, cfg.memoryReport, stdout):
		return nil
	case cfg.output == "-":
		return fmt.Errorf("--memory-report=%s is the file standard output (-o -) goes to; give each output its own file", cfg.memoryReport)
	}
	return fmt.Errorf("-o %s and --memory-report=%s name the same file; give each output its own file", cfg.output, cfg.memoryReport)
}

// writeOutputs writes the output and the memory report, all or nothing:
// both files are staged first, and neither changes unless both could be
// (and standard output took the module text, when that is where it
// goes). As in mlir-opt, standard output gets the chunks that
// went through even when another failed; a file output and the report are
// written only when everything succeeded.
func writeOutputs(cfg *config, name string, target *targets.Target, mgr *pass.Manager, text []byte, failed bool, stdout, stderr io.Writer) bool {
	var batch atomicfile.Batch
	defer batch.Abort()
	if cfg.output != "-" && !failed {
		if err := batch.Add(cfg.output, text); err != nil {
			fmt.Fprintf(stderr, "pto-opt: cannot write output file '%s': %v\n", cfg.output, errText(err))
			return false
		}
	}
	// A failed run writes no report, unless a plan failed for want of
	// room: then the report shows that plan, marked failed, to say why.
	fns := pass.Values(&mgr.Artifacts, plans.Key)
	if cfg.memoryReport != "" && (!failed || slices.ContainsFunc(fns, func(f report.Function) bool { return f.Failed != "" })) {
		rep := &report.Report{Tool: "pto-opt", Input: name, Functions: fns}
		if target != nil {
			rep.Target = target.Name
		}
		var data bytes.Buffer
		err := report.Render(&data, cfg.memoryReport, rep)
		if err == nil {
			err = batch.Add(cfg.memoryReport, data.Bytes())
		}
		if err != nil {
			fmt.Fprintf(stderr, "pto-opt: --memory-report: %v\n", err)
			return false
		}
	}
	if cfg.dumpProblems != "" && !addProblems(&batch, cfg.dumpProblems, pass.Values(&mgr.Artifacts, plans.ProblemKey), failed, stderr) {
		return false
	}
	if cfg.output == "-" {
		if err := writeStdout(stdout, text); err != nil {
			cfg.stdoutFailed(stderr, err)
			return false
		}
	}
	if err := batch.Commit(); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == cfg.output && cfg.output != "-" {
			fmt.Fprintf(stderr, "pto-opt: cannot write output file '%s': %v\n", cfg.output, errText(err))
		} else if cfg.output == "-" {
			// Standard output cannot be taken back: say it has the text.
			fmt.Fprintf(stderr, "pto-opt: --memory-report: %v (the output went to standard output)\n", err)
		} else {
			fmt.Fprintf(stderr, "pto-opt: --memory-report: %v\n", err)
		}
		return false
	}
	return !failed
}

// addProblems stages the planning problems the passes recorded as
// DIR/<function>.<pass>[.<space>].json (a second problem of one name gets
// -2, -3, ... before .json: a pass run twice). Like the memory report, a
// failed run writes them only when a plan failed for want of room, which
// is when a user most wants the problem.
func addProblems(batch *atomicfile.Batch, dir string, probs []plans.Problem, failed bool, stderr io.Writer) bool {
	if len(probs) == 0 || (failed && !slices.ContainsFunc(probs, func(p plans.Problem) bool { return p.Failed })) {
		return true
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		fmt.Fprintf(stderr, "pto-opt: --dump-planning-problem=%s: %v\n", dir, errText(err))
		return false
	}
	seen := map[string]int{}
	for _, p := range probs {
		name := p.Function + "." + p.Pass
		if p.Part != "" {
			name += "." + p.Part
		}
		seen[name]++
		if n := seen[name]; n > 1 {
			name += fmt.Sprintf("-%d", n)
		}
		if err := batch.Add(filepath.Join(dir, fileSafe(name)+".json"), p.JSON); err != nil {
			fmt.Fprintf(stderr, "pto-opt: --dump-planning-problem: %v\n", errText(err))
			return false
		}
	}
	return true
}

// fileSafe keeps a name to the characters safe in a file name on every
// system (symbol names may hold any character: "@\"a/b\"").
func fileSafe(name string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			return r
		}
		return '_'
	}, name)
}

// readFile reads a file as readText does.
func readFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return readText(f)
}

// readText reads r into a string without holding the text twice (as
// reading bytes and converting them would, for a moment): the memory a
// large input takes is touched once.
func readText(r io.Reader) (string, error) {
	var sb strings.Builder
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > 0 && int64(int(fi.Size())) == fi.Size() {
			sb.Grow(int(fi.Size()) + 1) // +1: one read finds the end
		}
	}
	_, err := io.CopyBuffer(&sb, r, make([]byte, 64<<10))
	return sb.String(), err
}

// streamOutput prints module into the output as it goes: a file gets the
// text when the whole of it is written (atomicfile: into a temporary file
// for a new file, a spool for an existing one), standard output is
// written as writeStdout would.
func streamOutput(cfg *config, module *ir.Operation, opts printer.Options, stdout, stderr io.Writer) bool {
	printTo := func(w io.Writer) error {
		bw := bufio.NewWriterSize(w, 1<<16)
		printer.Print(bw, module, opts)
		bw.WriteByte('\n') // mlir-opt ends every module with an empty line
		return bw.Flush()
	}
	if cfg.output == "-" {
		err := printTo(stdout)
		if err == nil {
			err = syncStdout(stdout)
		}
		if err != nil {
			cfg.stdoutFailed(stderr, err)
			return false
		}
		return true
	}
	var batch atomicfile.Batch
	defer batch.Abort()
	w, err := batch.Create(cfg.output)
	if err == nil {
		printTo(w) // an error is kept for Commit
		err = batch.Commit()
	}
	if err != nil {
		fmt.Fprintf(stderr, "pto-opt: cannot write output file '%s': %v\n", cfg.output, errText(err))
		return false
	}
	return true
}

// stdoutFailed reports a failed write to standard output, except one
// whose reader has gone, which ends the run quietly.
func (cfg *config) stdoutFailed(stderr io.Writer, err error) {
	if stdio.IsBrokenPipe(err) {
		cfg.brokenPipe = true
		return
	}
	fmt.Fprintf(stderr, "pto-opt: cannot write standard output: %v\n", errText(err))
}

// stdoutClosed reports whether standard output was closed at start (Go's
// runtime put /dev/null there).
func stdoutClosed(stdout io.Writer) bool {
	f, isFile := stdout.(*os.File)
	return isFile && stdio.WasClosed(f)
}

// syncStdout reports the late errors of a regular file or device as
// standard output; a pipe or terminal does not support it, which is not
// a failure.
func syncStdout(stdout io.Writer) error {
	if f, isFile := stdout.(*os.File); isFile {
		if err := f.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
			return err
		}
	}
	return nil
}

// writeStdout writes the output text, failing on a standard output that
// was closed at start (Go's runtime put /dev/null there) or that refuses
// the bytes (/dev/full, a closed pipe).
func writeStdout(stdout io.Writer, text []byte) error {
	if stdoutClosed(stdout) {
		return errors.New("standard output is closed")
	}
	if _, err := stdout.Write(text); err != nil {
		return err
	}
	return syncStdout(stdout)
}

func errText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}

// chooseTarget is the target of a module: --target when given (it must
// agree with the arch the kernel names), else the one the module names
// (tile.target, or ptoas's pto.target_arch or "pto.device-spec"), else
// the unbounded generic target.
func chooseTarget(m *ir.Operation, explicit *targets.Target) (*targets.Target, error) {
	if explicit != nil {
		return explicit, explicit.AgreesWithKernel(m)
	}
	var tgt *targets.Target
	if s, ok := m.StrAttrValue("tile.target"); ok {
		t, err := targets.Load(s)
		if err != nil {
			return nil, ir.NewError(m.Loc, "%v", err)
		}
		tgt = t
	}
	fromKernel, attr, named, err := targets.FromKernel(m)
	switch {
	case err != nil:
		return nil, err
	case named && tgt != nil:
		if err := tgt.AgreesWithKernel(m); err != nil {
			return nil, ir.NewError(m.Loc, "tile.target = %q and %s disagree: %s", tgt.Name, attr, ir.AsDiagnostic(err).Msg)
		}
		return tgt, nil
	case named:
		return fromKernel, nil
	case tgt != nil:
		return tgt, nil
	}
	return targets.Generic(), nil
}

// capacityPasses are the passes whose plans depend on the capacities of
// the target's memory spaces.
var capacityPasses = []string{"memory-reuse", "allocate-addr", "pto-memory-plan"}

// plansTileMemory reports whether the pipeline places tiles in memory.
func plansTileMemory(p *pass.Pipeline) bool {
	for _, ps := range p.Flatten() {
		if slices.Contains(capacityPasses, ps.Name) {
			return true
		}
	}
	return false
}

// untargetedTileKernel returns the first function holding tile ops when
// the module names no target (tile.target), else nil.
func untargetedTileKernel(m *ir.Operation) *ir.Operation {
	if _, ok := m.StrAttrValue("tile.target"); ok {
		return nil
	}
	var found *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if found != nil {
			return false
		}
		if tile.IsTileOp(op) {
			for p := op.ParentOp(); p != nil; p = p.ParentOp() {
				if p.Has(ir.FunctionLike) {
					found = p
					break
				}
			}
			return false
		}
		return true
	})
	return found
}

func funcName(fn *ir.Operation) string {
	name, _ := fn.StrAttrValue("sym_name")
	return name
}

// ---- help ----

func usage(w io.Writer) {
	fmt.Fprintf(w, `OVERVIEW: pto-opt: MLIR-compatible static memory planning driver

USAGE: pto-opt [options] [input file, default: -]

OPTIONS:
  -o <file>                          Output file (default: -, stdout); written only when
                                     every chunk and pass succeeded and every output
                                     (-o, --memory-report) can be written; an existing
                                     file is rewritten in place (owner, mode, links kept)
  --split-input-file[=<marker>]      Split the input at '// -----' (or <marker>) and process
                                     each chunk on its own
  --output-split-marker=<marker>     Line joining the outputs of the chunks (default '// -----')
  --verify-diagnostics[=all|only-expected]
                                     Check the diagnostics against expected-error/warning/
                                     note/remark annotations (only-expected: ignore others)
  --allow-unregistered-dialect       Accept ops of unknown dialects
  --mlir-print-op-generic            Print every op in generic form
  --mlir-print-debuginfo             Print locations
  --mlir-print-ir-before-all         Print the IR before every pass (to stderr)
  --mlir-print-ir-after-all          Print the IR after every pass (to stderr)
  --mlir-print-alloc-alignment-property
                                     Print memref.alloc alignment as 'alignment = N' (LLVM main syntax)
  --mlir-timing                      Report per-pass wall time
  --mlir-pass-statistics             Report pass statistics
  --mlir-disable-threading           Run function passes on one thread
  --dump-pass-pipeline               Print the pass pipeline (to stderr)
  --verify-each[=true|false]         Verify the IR after every pass (default true)
  --target=<name|file.json>          Memory target (built-in: %s); overrides the
                                     module's tile.target attribute and must agree
                                     with its pto.target_arch or "pto.device-spec"
  --verify-plan                      Run every tile kernel before and after the passes on the
                                     reference executor and fail on the first read that differs
                                     or the first access outside a tensor or a view's source
  --verify-plan-work=<n>             The executor's work bound per run (default %d: %d per op
                                     executed plus one per byte computed); a run that reaches it
                                     fails, unverified
  --memory-report=<file>             Write the memory plans of the planning passes (.json, .txt, .svg, .html),
                                     together with -o: both or neither
  --dump-planning-problem=<dir>      Write each planning problem a pass solves into <dir> (created when
                                     missing) as pto-plan JSON, <function>.<pass>[.<space>].json; its
                                     metadata gives the pto-plan command that places it as the pass did
  --summary                          Print one line per planned memory space to stderr: peak
                                     against capacity and lower bound, buffers shared
  --pass-pipeline=<pipeline>         A textual pipeline, e.g. builtin.module(func.func(p1{k=v},p2))
  --show-dialects                    Print the registered dialects and exit
  --show-ops[=<dialect>]             Print the registered ops (of one dialect) with a summary and exit
  --help                             Display this help
  --version                          Display the version

PASSES (as flags, in command-line order; options as --pass="k=v k2=v2"):
`, strings.Join(targets.Builtin(), ", "), tilerun.DefaultMaxWork, tilerun.OpWork)
	for _, p := range pass.Passes() {
		fmt.Fprintf(w, "  --%-34s %s\n", p.Name, p.Summary)
		opts := append([]pass.OptionSpec(nil), p.Options...)
		slices.SortFunc(opts, func(a, b pass.OptionSpec) int { return cmp.Compare(a.Name, b.Name) })
		for _, o := range opts {
			extra := ""
			if len(o.Values) > 0 {
				extra = " [" + strings.Join(o.Values, "|") + "]"
			}
			def := ""
			if o.Default != "" {
				def = " (default " + o.Default + ")"
			}
			fmt.Fprintf(w, "      %-32s %s%s%s\n", o.Name+"=<value>", o.Help, extra, def)
		}
	}
}
