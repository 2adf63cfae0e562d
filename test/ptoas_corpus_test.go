package test

// Conformance with ptoas on the kernels people write (issue 27): ptoas's
// own test corpus, kept outside this repository in
// ../shared/reference/ptoas-corpus (or $PTO_SHARED/reference/ptoas-corpus)
// with verdicts.json saying, per file, the arch, the level, whether
// ptoas accepts it and whether its RUN line inserts synchronisation.
// Nothing of it is copied here. Without the corpus or ptoas the test
// skips and says why; with PTO_REQUIRE_PTOAS=1 (CI, when ptoas is there)
// it fails instead.
//
// Every file goes through pto-opt once, in-process and one after the
// other, so the CPU time pto-opt takes to read, verify and print the whole
// corpus is measured alone (rusage of the test process). For every file
// ptoas accepts (196 of 221):
//
//   - pto-opt --target=T FILE (T: ascend910b for a3, ascend950 for a5)
//     must exit 0; a refusal with a located error is counted and listed
//     (the pto dialect is still being taught to pto-opt), any other
//     failure (no location, an internal error, a panic) fails the test;
//   - pto-opt must print its own output back unchanged;
//   - ptoas, with the file's --pto-arch, --pto-level and
//     --enable-insert-sync, must accept pto-opt's output (exit 0 with
//     output ptoas rejects is a wrong answer: the test fails);
//   - ptoas's C++ for pto-opt's output must equal its C++ for the
//     original, in the canonical form of package ptoascpp (generated names
//     renamed by first occurrence; at level2, the addresses ptoas planned).
//     ptoas runs twice on the original, and the two C++ texts must have one
//     canonical form: that checks that the canonical form covers every way
//     ptoas differs from itself, and a difference is then pto-opt's.
//
// The plan ptoas prints on its standard error is read (package ptoasdump)
// for every level2 original, so that reader is checked on the whole
// corpus; a file it cannot read fails the test.
//
// The test logs files read, pto-opt exit 0, printed outputs ptoas accepts,
// C++ identical, the CPU time, and the first difference of each failing
// file (pto-opt's error, ptoas's error on the output, or the first
// differing C++ line pair). PTO_PTOAS_CORPUS_REPORT=FILE also writes that
// report to FILE (CI prints it). PTO_PTOAS_CORPUS_MIN=N fails the test
// when fewer than N files are C++-identical (default 195: all that ptoas
// accepts but test/basic/tci_i16_emitc.pto, whose memref.reinterpret_cast
// gives static result sizes for dynamic size operands, which ptoas's MLIR 19
// lets pass and MLIR 22's verifier, like pto-opt's, refuses).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/internal/benchscale"
	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/test/internal/ptoascpp"
	"github.com/pto-opt/pto-opt/test/internal/ptoasdump"
)

// corpusVerdict is what ptoas says of one corpus file (verdicts.json).
type corpusVerdict struct {
	Arch         string `json:"arch"`  // a3 or a5
	Level        string `json:"level"` // level2 or level3
	PTOASAccepts bool   `json:"ptoas_accepts"`
	NegativeTest bool   `json:"negative_test"`
	InsertSync   bool   `json:"insert_sync"`
}

// archTargets are pto-opt's targets for ptoas's arches.
var archTargets = map[string]string{"a3": "ascend910b", "a5": "ascend950"}

// ptoasCorpus is the corpus: its directory and its files in order.
type ptoasCorpus struct {
	dir      string
	files    []string // relative to dir, sorted
	verdicts map[string]corpusVerdict
}

// loadPTOASCorpus finds and reads the corpus, or skips (fails with
// PTO_REQUIRE_PTOAS=1) when it is not there.
func loadPTOASCorpus(tb testing.TB) *ptoasCorpus {
	tb.Helper()
	dir := filepath.Join("..", "..", "shared", "reference", "ptoas-corpus")
	if shared := os.Getenv("PTO_SHARED"); shared != "" {
		dir = filepath.Join(shared, "reference", "ptoas-corpus")
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	data, err := os.ReadFile(filepath.Join(dir, "verdicts.json"))
	if err != nil {
		testtool.Skip(tb, "PTO_REQUIRE_PTOAS", fmt.Sprintf("no ptoas corpus (%v; set PTO_SHARED): the ptoas corpus conformance not checked", err))
	}
	c := &ptoasCorpus{dir: dir}
	if err := json.Unmarshal(data, &c.verdicts); err != nil {
		tb.Fatalf("%s: %v", filepath.Join(dir, "verdicts.json"), err)
	}
	for f, v := range c.verdicts {
		if archTargets[v.Arch] == "" || (v.Level != "level2" && v.Level != "level3") {
			tb.Fatalf("verdicts.json: %s: arch %q, level %q", f, v.Arch, v.Level)
		}
		c.files = append(c.files, f)
	}
	slices.Sort(c.files)
	if len(c.files) == 0 {
		tb.Fatalf("%s: no files", filepath.Join(dir, "verdicts.json"))
	}
	return c
}

// ptoOptResult is pto-opt's run on one corpus file.
type ptoOptResult struct {
	out, errs string
	code      int
	panicked  string
}

// runPTOOptOnFile runs pto-opt in-process on a file; a panic is caught so
// that it is reported as this file's failure.
func runPTOOptOnFile(file, target string) (r ptoOptResult) {
	defer func() {
		if p := recover(); p != nil {
			r.panicked = fmt.Sprint(p)
		}
	}()
	var out, errs bytes.Buffer
	r.code = driver.Run([]string{file, "--target=" + target}, nil, &out, &errs)
	r.out, r.errs = out.String(), errs.String()
	return r
}

// ptoasRun is ptoas's run on one file.
type ptoasRun struct {
	cpp, stderr string
	err         error
}

// runPTOASOnCorpusFile runs ptoas on file with the flags of the verdict.
func runPTOASOnCorpusFile(ptoas, file string, v corpusVerdict, dir string) ptoasRun {
	args := []string{"--pto-arch=" + v.Arch, "--pto-level=" + v.Level}
	if v.InsertSync {
		args = append(args, "--enable-insert-sync")
	}
	cppFile, err := os.CreateTemp(dir, "*.cpp")
	if err != nil {
		return ptoasRun{err: err}
	}
	cppFile.Close()
	cmd := exec.Command(ptoas, append(args, file, "-o", cppFile.Name())...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return ptoasRun{stderr: stderr.String(), err: err}
	}
	cpp, err := os.ReadFile(cppFile.Name())
	return ptoasRun{cpp: string(cpp), stderr: stderr.String(), err: err}
}

// ptoasFirstError is ptoas's first error line, or the end of its output.
func ptoasFirstError(r ptoasRun) string {
	for _, l := range strings.Split(r.stderr, "\n") {
		if strings.Contains(l, "error") {
			return r.err.Error() + ": " + strings.TrimSpace(l)
		}
	}
	tail := strings.TrimSpace(r.stderr)
	return r.err.Error() + ": " + tail[max(0, len(tail)-300):]
}

// corpusOutcome is where one accepted file stopped.
type corpusOutcome int

const (
	outcomeRefused   corpusOutcome = iota // pto-opt exit 1 with a located error
	outcomeRejected                       // ptoas rejects pto-opt's output
	outcomeDiffers                        // the C++ differs
	outcomeIdentical                      // the C++ is the same
	outcomeBroken                         // anything else the test fails on
)

// corpusTallyPTOAS gathers the outcomes.
type corpusTallyPTOAS struct {
	mu           sync.Mutex
	outcomes     map[string]corpusOutcome
	firstDiff    map[string]string // per failing file
	plansRead    int
	peaksStable  int
	peaksChanged []string
}

func (ct *corpusTallyPTOAS) record(file string, o corpusOutcome, why string) {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	ct.outcomes[file] = o
	if why != "" {
		ct.firstDiff[file] = why
	}
}

// firstErrorLine is the first line of pto-opt's diagnostics.
func firstErrorLine(errs string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(errs), "\n")
	return line
}

// defaultCorpusMinIdentical is how many corpus files must give ptoas's C++
// unchanged when PTO_PTOAS_CORPUS_MIN does not say: what pto-opt achieves,
// so that CI catches a regression.
const defaultCorpusMinIdentical = 195

func TestPTOASCorpus(t *testing.T) {
	c := loadPTOASCorpus(t)
	ptoas := findPTOAS(t)
	if ptoas == "" {
		t.Skip("no ptoas: the corpus conformance is not checked")
	}
	minIdentical := defaultCorpusMinIdentical
	if s := os.Getenv("PTO_PTOAS_CORPUS_MIN"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			t.Fatalf("PTO_PTOAS_CORPUS_MIN=%q is not a count", s)
		}
		minIdentical = n
	}

	// pto-opt over the whole corpus, alone, for its CPU time.
	results := map[string]ptoOptResult{}
	runtime.GC() // the garbage of the tests before is not pto-opt's
	cpu0, wall0 := benchscale.CPUTime(), time.Now()
	for _, f := range c.files {
		results[f] = runPTOOptOnFile(filepath.Join(c.dir, f), archTargets[c.verdicts[f].Arch])
	}
	cpu, wall := benchscale.CPUTime()-cpu0, time.Since(wall0)

	ct := &corpusTallyPTOAS{outcomes: map[string]corpusOutcome{}, firstDiff: map[string]string{}}
	rejectedRefused, rejected := 0, 0
	t.Run("files", func(t *testing.T) {
		for _, f := range c.files {
			v, r := c.verdicts[f], results[f]
			if !v.PTOASAccepts {
				rejected++
				if r.code != 0 {
					rejectedRefused++
				}
				continue
			}
			t.Run(strings.TrimSuffix(f, ".pto"), func(t *testing.T) {
				t.Parallel()
				ct.check(t, ptoas, c.dir, f, v, r)
			})
		}
	})

	exit0 := 0
	for _, f := range c.files {
		if r := results[f]; c.verdicts[f].PTOASAccepts && r.code == 0 && r.panicked == "" {
			exit0++
		}
	}
	report := ct.report(c, cpu, wall, exit0, rejected, rejectedRefused)
	t.Log(report)
	if path := os.Getenv("PTO_PTOAS_CORPUS_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report+"\n"), 0o644); err != nil {
			t.Error(err)
		}
	}
	if n := ct.count(outcomeIdentical); n < minIdentical {
		t.Errorf("%d files have identical C++, fewer than PTO_PTOAS_CORPUS_MIN=%d", n, minIdentical)
	}
}

// locatedErrorRE is pto-opt's located error on the corpus file.
func locatedErrorRE(file string) *regexp.Regexp {
	return regexp.MustCompile(`^` + regexp.QuoteMeta(file) + `:\d+:\d+: error: `)
}

// check takes one accepted file through pto-opt and ptoas.
func (ct *corpusTallyPTOAS) check(t *testing.T, ptoas, dir, f string, v corpusVerdict, r ptoOptResult) {
	path := filepath.Join(dir, f)
	tmp := t.TempDir()
	// ptoas on the original, twice: its canonical C++ must not change.
	orig := runPTOASOnCorpusFile(ptoas, path, v, tmp)
	again := runPTOASOnCorpusFile(ptoas, path, v, tmp)
	for _, run := range []ptoasRun{orig, again} {
		if run.err != nil {
			t.Errorf("ptoas rejects the original, which verdicts.json says it accepts: %s", ptoasFirstError(run))
			ct.record(f, outcomeBroken, "ptoas rejects the original")
			return
		}
	}
	o := ptoascpp.Options{PlannedAddresses: v.Level == "level2"}
	want := ptoascpp.Normalise(orig.cpp, o)
	if d, differ := ptoascpp.FirstDifference(want, ptoascpp.Normalise(again.cpp, o)); differ {
		t.Errorf("ptoas's C++ for the original differs between two runs beyond what ptoascpp ignores:\n%s", d.Format("run 1", "run 2"))
		ct.record(f, outcomeBroken, "ptoas differs from itself")
		return
	}
	if v.Level == "level2" {
		ct.readPlans(t, f, orig, again)
	}

	switch {
	case r.panicked != "":
		t.Errorf("pto-opt panics: %s", r.panicked)
		ct.record(f, outcomeBroken, "pto-opt panics: "+r.panicked)
		return
	case r.code != 0:
		if !locatedErrorRE(path).MatchString(r.errs) || strings.Contains(r.errs, "internal error") {
			t.Errorf("pto-opt fails (exit %d) without a located error:\n%s", r.code, r.errs)
			ct.record(f, outcomeBroken, "pto-opt: "+firstErrorLine(r.errs))
			return
		}
		ct.record(f, outcomeRefused, "pto-opt: "+strings.TrimPrefix(firstErrorLine(r.errs), dir+string(filepath.Separator)))
		return
	}
	again2, errs2, code2 := runPTO([]string{"-", "--target=" + archTargets[v.Arch]}, r.out)
	if code2 != 0 || again2 != r.out {
		t.Errorf("pto-opt does not print its own output back unchanged (exit %d):\n%s\nfirst:\n%s\nsecond:\n%s", code2, errs2, r.out, again2)
		ct.record(f, outcomeBroken, "pto-opt's printing is not idempotent")
		return
	}
	printed := filepath.Join(tmp, filepath.Base(f))
	if err := os.WriteFile(printed, []byte(r.out), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runPTOASOnCorpusFile(ptoas, printed, v, tmp)
	if got.err != nil {
		msg := ptoasFirstError(got)
		t.Errorf("pto-opt exits 0 with output ptoas rejects: %s\npto-opt's output:\n%s", msg, r.out)
		ct.record(f, outcomeRejected, "ptoas rejects pto-opt's output: "+msg)
		return
	}
	if d, differ := ptoascpp.FirstDifference(want, ptoascpp.Normalise(got.cpp, o)); differ {
		msg := d.Format("original's C++", "pto-opt's C++")
		t.Errorf("ptoas's C++ for pto-opt's output differs from its C++ for the original:\n%s", msg)
		ct.record(f, outcomeDiffers, "C++ differs:\n    "+strings.ReplaceAll(msg, "\n", "\n    "))
		return
	}
	ct.record(f, outcomeIdentical, "")
}

// readPlans reads ptoas's plan from both runs on a level2 original; their
// peaks are compared (the corpus's README says they do not change).
func (ct *corpusTallyPTOAS) readPlans(t *testing.T, f string, runs ...ptoasRun) {
	var peaks []map[string]int64
	for i, r := range runs {
		p, err := ptoasdump.Read(r.stderr)
		if err != nil {
			t.Errorf("ptoasdump cannot read ptoas's plan of the original (run %d): %v", i+1, err)
			return
		}
		all := map[string]int64{}
		for _, fn := range p.Functions {
			pk, err := fn.Peaks()
			if err != nil {
				t.Errorf("ptoasdump: @%s: %v", fn.Name, err)
				return
			}
			for s, b := range pk {
				all[fn.Name+"/"+s] = b
			}
		}
		peaks = append(peaks, all)
	}
	ct.mu.Lock()
	defer ct.mu.Unlock()
	ct.plansRead++
	if maps.Equal(peaks[0], peaks[1]) {
		ct.peaksStable++
	} else {
		ct.peaksChanged = append(ct.peaksChanged, fmt.Sprintf("%s: %v, then %v", f, peaks[0], peaks[1]))
	}
}

func (ct *corpusTallyPTOAS) count(o corpusOutcome) int {
	n := 0
	for _, x := range ct.outcomes {
		if x == o {
			n++
		}
	}
	return n
}

// refusalLocationRE and refusalDetailRE are what is set aside to group
// refusals: the location, quoted names and numbers.
var (
	refusalLocationRE = regexp.MustCompile(`^\S+:\d+:\d+: error: `)
	refusalDetailRE   = regexp.MustCompile(`"[^"]*"|'[^']*'|\d+`)
)

// report is the test's summary: the figures, the refusals grouped by
// message, and the first difference of every failing file.
func (ct *corpusTallyPTOAS) report(c *ptoasCorpus, cpu, wall time.Duration, exit0, rejected, rejectedRefused int) string {
	accepted := len(ct.outcomes)
	refused, rejectedOut := ct.count(outcomeRefused), ct.count(outcomeRejected)
	differs, identical := ct.count(outcomeDiffers), ct.count(outcomeIdentical)
	var b strings.Builder
	fmt.Fprintf(&b, "ptoas corpus (%s):\n", c.dir)
	fmt.Fprintf(&b, "  files read: %d (%d that ptoas accepts)\n", len(c.files), accepted)
	fmt.Fprintf(&b, "  pto-opt exit 0: %d of %d (refused with a located error: %d)\n", exit0, accepted, refused)
	fmt.Fprintf(&b, "  printed outputs ptoas accepts: %d of %d (rejected: %d)\n", identical+differs, accepted, rejectedOut)
	fmt.Fprintf(&b, "  C++ identical: %d of %d (differs: %d)\n", identical, accepted, differs)
	fmt.Fprintf(&b, "  pto-opt's CPU time over all %d files (read, verify, print): %.3fs (%.3fs wall)\n", len(c.files), cpu.Seconds(), wall.Seconds())
	fmt.Fprintf(&b, "  files ptoas rejects: %d, of which pto-opt refuses %d\n", rejected, rejectedRefused)
	fmt.Fprintf(&b, "  ptoas plans read (level2 originals, two runs each): %d, peaks the same in both runs: %d\n", ct.plansRead, ct.peaksStable)
	for _, p := range ct.peaksChanged {
		fmt.Fprintf(&b, "    peaks changed: %s\n", p)
	}
	shapes := map[string]int{}
	for f, o := range ct.outcomes {
		if o == outcomeRefused {
			msg := refusalLocationRE.ReplaceAllString(strings.TrimPrefix(ct.firstDiff[f], "pto-opt: "), "")
			shapes[refusalDetailRE.ReplaceAllString(msg, "_")]++
		}
	}
	if len(shapes) > 0 {
		fmt.Fprintf(&b, "  refusals by message:\n")
		keys := slices.SortedFunc(maps.Keys(shapes), func(x, y string) int {
			if shapes[x] != shapes[y] {
				return shapes[y] - shapes[x]
			}
			return strings.Compare(x, y)
		})
		for _, k := range keys {
			fmt.Fprintf(&b, "    %4d  %s\n", shapes[k], k)
		}
	}
	fmt.Fprintf(&b, "  first difference of each failing file:\n")
	for _, f := range slices.Sorted(maps.Keys(ct.firstDiff)) {
		fmt.Fprintf(&b, "    %s: %s\n", f, ct.firstDiff[f])
	}
	return strings.TrimRight(b.String(), "\n")
}

// BenchmarkPTOASCorpus reads, verifies and prints every file of ptoas's
// corpus in-process, as pto-opt --target=T FILE does (the issue 27 speed
// figure: under 3 s of CPU for the whole corpus). It reports the CPU time
// per pass over the corpus (cpu-s/op), the machine being shared.
func BenchmarkPTOASCorpus(b *testing.B) {
	c := loadPTOASCorpus(b)
	var cpu time.Duration
	for b.Loop() {
		c0 := benchscale.CPUTime()
		for _, f := range c.files {
			if r := runPTOOptOnFile(filepath.Join(c.dir, f), archTargets[c.verdicts[f].Arch]); r.panicked != "" {
				b.Fatalf("%s: pto-opt panics: %s", f, r.panicked)
			}
		}
		cpu += benchscale.CPUTime() - c0
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}
