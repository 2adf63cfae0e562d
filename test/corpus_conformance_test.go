package test

// Conformance with real MLIR: the compatibility corpus (upstream MLIR test
// files of the claimed dialects and mlir-opt 22's bufferized outputs of
// upstream tensor programs) is kept outside this repository, next to it in
// ../shared/reference/mlir-corpus or under $PTO_SHARED/reference. Nothing
// of it is copied here; without it, or without mlir-opt, the test skips
// (and fails with PTO_REQUIRE_LLVM=1 when mlir-opt is missing).
//
// Two figures are measured and logged:
//
//   - round trip: of the `// -----` splits that mlir-opt 22 accepts and
//     whose ops, types and attributes belong only to the claimed dialects
//     (builtin, func, arith, memref, scf, cf, bufferization), the share
//     where pto-opt parses the split, mlir-opt accepts pto-opt's output,
//     the generic forms mlir-opt prints of both are identical, and pto-opt
//     prints its own output unchanged;
//   - verifier: of the splits of the upstream -verify-diagnostics files
//     (verifier tests: `invalid` in the name), the share where
//     `pto-opt -split-input-file -verify-diagnostics` passes exactly when
//     `mlir-opt -split-input-file -verify-diagnostics` does.
//
// mlir-opt runs once per file and step (with -split-input-file, whose
// output keeps one chunk per split, empty for a rejected one), so the test
// costs a few mlir-opt runs per corpus file.
//
// Programs after mlir-opt's deallocation passes are also planned
// (static-memory-planner-analysis): every split must plan and give IR
// mlir-opt accepts.
//
// The test fails below the floors roundTripFloor and verifierFloor, so a
// regression shows; PTO_CORPUS_VERBOSE=1 logs every failing split, and
// PTO_MLIR_TESTS=<llvm-project>/mlir/test adds upstream's invalid.mlir
// of each claimed dialect.

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/internal/testtool"
)

const (
	roundTripFloor = 1.00
	// verifierFloor is the agreement the verifier tests of the claimed
	// dialects and builtin types must reach (verifierTarget); the others
	// (affine maps, file metadata, the test dialect) are measured only.
	verifierFloor = 0.97
)

func corpusDir(t *testing.T) string {
	t.Helper()
	if shared := os.Getenv("PTO_SHARED"); shared != "" {
		return filepath.Join(shared, "reference", "mlir-corpus")
	}
	wd, err := os.Getwd() // <root>/test
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(filepath.Dir(wd), "..", "shared", "reference", "mlir-corpus")
}

// claimedDialects are the dialects pto-opt claims to read and write.
var claimedDialects = map[string]bool{
	"builtin": true, "func": true, "arith": true, "memref": true,
	"scf": true, "cf": true, "bufferization": true,
}

var (
	// genericOpName is an op in mlir-opt's generic output.
	genericOpName = regexp.MustCompile(`(?m)^\s*(?:%[^=]*=\s*)?"([A-Za-z_][\w$]*)\.[\w.$]+"\(`)
	// dialectSymbol is a dialect type or attribute (!llvm.ptr, #gpu.x).
	dialectSymbol = regexp.MustCompile(`[!#]([A-Za-z_][\w$]*)\.`)
	markerLine    = regexp.MustCompile(`^\s*// -----`)
	diagLine      = regexp.MustCompile(`(?m)^[^\s:]+\.mlir:(\d+):\d+: `)
)

// foreignDialect returns a dialect of the generic text that is not a
// claimed one, or "".
func foreignDialect(generic string) string {
	for _, m := range genericOpName.FindAllStringSubmatch(generic, -1) {
		if !claimedDialects[m[1]] {
			return m[1]
		}
	}
	for _, m := range dialectSymbol.FindAllStringSubmatch(generic, -1) {
		if !claimedDialects[m[1]] {
			return m[1]
		}
	}
	return ""
}

// splitOutput cuts the output of a -split-input-file run into its chunks.
func splitOutput(out string) []string {
	var chunks []string
	var cur []string
	for _, l := range strings.Split(out, "\n") {
		if l == "// -----" {
			chunks = append(chunks, strings.TrimSpace(strings.Join(cur, "\n")))
			cur = nil
			continue
		}
		cur = append(cur, l)
	}
	return append(chunks, strings.TrimSpace(strings.Join(cur, "\n")))
}

// chunkStarts gives the first line (1-based) of every split of src.
func chunkStarts(src string) []int {
	starts := []int{1}
	for i, l := range strings.Split(src, "\n") {
		if markerLine.MatchString(l) {
			starts = append(starts, i+2)
		}
	}
	return starts
}

// failingChunks maps the diagnostics of a -verify-diagnostics run to the
// splits they are located in.
func failingChunks(stderr string, starts []int) map[int]bool {
	failed := map[int]bool{}
	for _, m := range diagLine.FindAllStringSubmatch(stderr, -1) {
		var line int
		fmt.Sscan(m[1], &line)
		i, _ := slices.BinarySearch(starts, line+1)
		failed[i-1] = true
	}
	return failed
}

func runMLIROpt(mlirOpt string, args ...string) (stdout, stderr string) {
	cmd := exec.Command(mlirOpt, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	_ = cmd.Run() // the outcome per split is in the output
	return o.String(), e.String()
}

func runPTOFile(args ...string) (stdout, stderr string) {
	var o, e bytes.Buffer
	driver.Run(args, nil, &o, &e)
	return o.String(), e.String()
}

type corpusTally struct {
	mu                   sync.Mutex
	eligible, passed     map[string]int // by corpus directory
	vTotal, vAgree       int
	vMLIRPass, vBothPass int
	vOnlyPTO, vForeign   int
	vForeignAgree        int // of the splits of other dialects, those that agree anyway
	planTotal, planOK    int
	failures             []string
	files                map[string]*fileTally // by file path
}

// fileTally is one corpus file's two figures.
type fileTally struct {
	rtEligible, rtPassed int
	vTotal, vAgree       int
	verifier             bool // a -verify-diagnostics file
}

func (ct *corpusTally) file(path string) *fileTally {
	if ct.files[path] == nil {
		ct.files[path] = &fileTally{}
	}
	return ct.files[path]
}

func (ct *corpusTally) fail(format string, args ...any) {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	ct.failures = append(ct.failures, fmt.Sprintf(format, args...))
}

// roundTrip checks every eligible split of one corpus file.
func (ct *corpusTally) roundTrip(t *testing.T, mlirOpt, dir, file string) {
	tmp := t.TempDir()
	base := filepath.Base(file)
	want, _ := runMLIROpt(mlirOpt, "-split-input-file", "--mlir-print-op-generic", file)
	wantChunks := splitOutput(want)
	out1, _ := runPTOFile("-split-input-file", file)
	got1 := splitOutput(out1)
	if len(got1) != len(wantChunks) {
		t.Errorf("%s: pto-opt printed %d splits, mlir-opt %d", base, len(got1), len(wantChunks))
		return
	}
	var idx []int // eligible splits pto-opt parsed
	eligible := 0
	for i, g := range wantChunks {
		if g == "" || foreignDialect(g) != "" {
			continue
		}
		eligible++
		if got1[i] == "" {
			ct.fail("%s split %d: pto-opt rejects it", base, i)
			continue
		}
		idx = append(idx, i)
	}
	var texts []string
	for _, i := range idx {
		texts = append(texts, got1[i])
	}
	printed := filepath.Join(tmp, base)
	if err := os.WriteFile(printed, []byte(strings.Join(texts, "\n// -----\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	passed := 0
	if len(idx) > 0 {
		back, _ := runMLIROpt(mlirOpt, "-split-input-file", "--mlir-print-op-generic", printed)
		backChunks := splitOutput(back)
		out2, _ := runPTOFile("-split-input-file", printed)
		got2 := splitOutput(out2)
		if len(backChunks) != len(idx) || len(got2) != len(idx) {
			t.Errorf("%s: re-reading pto-opt's output gave %d/%d splits, want %d", base, len(backChunks), len(got2), len(idx))
			return
		}
		for j, i := range idx {
			switch {
			case backChunks[j] == "":
				ct.fail("%s split %d: mlir-opt rejects pto-opt's output:\n%s", base, i, got1[i])
			case backChunks[j] != wantChunks[i]:
				ct.fail("%s split %d: generic forms differ:\nmlir-opt:\n%s\npto-opt round trip:\n%s", base, i, wantChunks[i], backChunks[j])
			case got2[j] != got1[i]:
				ct.fail("%s split %d: printing is not idempotent:\nfirst:\n%s\nsecond:\n%s", base, i, got1[i], got2[j])
			default:
				passed++
			}
		}
	}
	ct.mu.Lock()
	ct.eligible[dir] += eligible
	ct.passed[dir] += passed
	ft := ct.file(file)
	ft.rtEligible += eligible
	ft.rtPassed += passed
	ct.mu.Unlock()
	if dir == "bufferized" && len(idx) > 0 && (strings.Contains(base, "obd") || strings.Contains(base, "dealloc-pipeline")) {
		ct.plan(t, mlirOpt, printed, len(idx))
	}
}

// plan runs static-memory-planner-analysis over the eligible splits of a
// program after mlir-opt's deallocation passes (memref.dealloc or
// bufferization.dealloc): every split must plan without error and give IR
// mlir-opt accepts.
func (ct *corpusTally) plan(t *testing.T, mlirOpt, file string, n int) {
	out := file + ".planned.mlir"
	_, stderr := runPTOFile("-split-input-file", file, "--static-memory-planner-analysis=allow-escaping=1", "-o", out)
	back, _ := runMLIROpt(mlirOpt, "-split-input-file", "--mlir-print-op-generic", out)
	chunks := splitOutput(back)
	ok := 0
	for _, c := range chunks {
		if c != "" {
			ok++
		}
	}
	ct.mu.Lock()
	defer ct.mu.Unlock()
	ct.planTotal += n
	if strings.Contains(stderr, "error:") || len(chunks) != n {
		ct.failures = append(ct.failures, fmt.Sprintf("%s: planning failed:\n%s", filepath.Base(file), stderr))
		return
	}
	ct.planOK += ok
	if ok != n {
		ct.failures = append(ct.failures, fmt.Sprintf("%s: mlir-opt rejects %d planned splits", filepath.Base(file), n-ok))
	}
}

// verifierFlags returns the mlir-opt arguments of an upstream verifier
// test: a -verify-diagnostics RUN line that runs no pass (only these
// flags), or, for copies whose RUN lines were stripped, the flags upstream
// MLIR's invalid tests use. ok is false for other files.
func verifierFlags(file, src string) (flags []string, ok bool) {
	if !strings.Contains(filepath.Base(file), "invalid") {
		return nil, false
	}
	if !strings.Contains(src, "RUN:") {
		return []string{"-allow-unregistered-dialect", "-split-input-file", "-verify-diagnostics"}, strings.Contains(src, "expected-error")
	}
	allowed := map[string]bool{"-split-input-file": true, "-verify-diagnostics": true, "-allow-unregistered-dialect": true}
	for _, line := range strings.Split(src, "\n") {
		_, run, found := strings.Cut(line, "RUN:")
		if !found || !strings.Contains(run, "-verify-diagnostics") {
			continue
		}
		run, _, _ = strings.Cut(run, "|")
		fields := strings.Fields(run)
		if len(fields) == 0 || fields[0] != "mlir-opt" {
			continue
		}
		flags = nil
		for _, f := range fields[1:] {
			f = "-" + strings.TrimLeft(f, "-")
			switch {
			case f == "-%s":
			case allowed[f]:
				flags = append(flags, f)
			default:
				return nil, false // a pass or option: not a verifier test
			}
		}
		return flags, true
	}
	return nil, false
}

// otherDialect finds an op or attribute prefix of a dialect mlir-opt knows
// that pto-opt does not claim (affine.for, #gpu.x) in the IR of a split.
var dialectPrefix = regexp.MustCompile(`(?:^|[^\w.%@$#!^])["!#]?([a-z_][a-z0-9_]*)\.[a-z_]`)

func otherDialect(split string, known map[string]bool) string {
	for _, line := range strings.Split(split, "\n") {
		code, _, _ := strings.Cut(line, "//")
		for _, m := range dialectPrefix.FindAllStringSubmatch(code, -1) {
			if known[m[1]] && !claimedDialects[m[1]] {
				return m[1]
			}
		}
	}
	return ""
}

// mlirDialects lists the dialects mlir-opt registers.
func mlirDialects(mlirOpt string) map[string]bool {
	out, _ := runMLIROpt(mlirOpt, "--show-dialects")
	known := map[string]bool{}
	_, list, _ := strings.Cut(out, ":")
	for _, d := range strings.Split(list, ",") {
		known[strings.TrimSpace(d)] = true
	}
	return known
}

// verifier compares the per-split outcome of -verify-diagnostics, over the
// splits that use only the claimed dialects.
func (ct *corpusTally) verifier(mlirOpt, file, src string, flags []string, known map[string]bool) {
	starts := chunkStarts(src)
	lines := strings.Split(src, "\n")
	_, mErr := runMLIROpt(mlirOpt, append(flags, file)...)
	_, pErr := runPTOFile(append(flags, file)...)
	mFail, pFail := failingChunks(mErr, starts), failingChunks(pErr, starts)
	base := filepath.Base(file)
	ct.mu.Lock()
	defer ct.mu.Unlock()
	ft := ct.file(file)
	ft.verifier = true
	for i := range starts {
		end := len(lines)
		if i+1 < len(starts) {
			end = starts[i+1] - 1
		}
		if otherDialect(strings.Join(lines[starts[i]-1:end], "\n"), known) != "" {
			ct.vForeign++
			if mFail[i] == pFail[i] {
				ct.vForeignAgree++
			}
			continue
		}
		ct.vTotal++
		ft.vTotal++
		if !mFail[i] {
			ct.vMLIRPass++
			if !pFail[i] {
				ct.vBothPass++
			}
		} else if !pFail[i] {
			ct.vOnlyPTO++
		}
		if mFail[i] == pFail[i] {
			ct.vAgree++
			ft.vAgree++
			continue
		}
		inSplit := func(stderr string) string {
			var keep []string
			for _, l := range strings.Split(stderr, "\n") {
				if m := diagLine.FindStringSubmatch(l); m != nil {
					var n int
					fmt.Sscan(m[1], &n)
					if j, _ := slices.BinarySearch(starts, n+1); j-1 == i {
						keep = append(keep, l)
					}
				}
			}
			return strings.Join(keep, "\n")
		}
		ct.failures = append(ct.failures, fmt.Sprintf("%s split %d (line %d): -verify-diagnostics: mlir-opt passes=%v, pto-opt passes=%v\nmlir-opt:\n%s\npto-opt:\n%s",
			base, i, starts[i], !mFail[i], !pFail[i], inSplit(mErr), inSplit(pErr)))
	}
}

func TestCorpusConformance(t *testing.T) {
	dir := corpusDir(t)
	if _, err := os.Stat(dir); err != nil {
		testtool.Skip(t, "", fmt.Sprintf("no MLIR corpus in %s (set PTO_SHARED): the MLIR corpus conformance not checked", dir))
	}
	mlirOpt := findMLIROpt(t)
	if mlirOpt == "" {
		t.Skip("mlir-opt not found (set PTO_LLVM_BIN)")
	}
	ct := &corpusTally{eligible: map[string]int{}, passed: map[string]int{}, files: map[string]*fileTally{}}
	known := mlirDialects(mlirOpt)
	dirs := []string{"upstream", "bufferized"}
	var files [][2]string
	for _, d := range dirs {
		fs, _ := filepath.Glob(filepath.Join(dir, d, "*.mlir"))
		slices.Sort(fs)
		for _, f := range fs {
			files = append(files, [2]string{d, f})
		}
	}
	if len(files) == 0 {
		t.Fatalf("no corpus files in %s", dir)
	}
	// Every test file of the claimed dialects in an llvm-project
	// checkout's (or release tarball's) mlir/test, when PTO_MLIR_TESTS
	// names it: Dialect/<X>/ of each claimed dialect and IR/ (builtin).
	if root := os.Getenv("PTO_MLIR_TESTS"); root != "" {
		more := mlirTestFiles(root)
		if len(more) == 0 {
			t.Fatalf("PTO_MLIR_TESTS=%s: no Dialect/<X>/*.mlir or IR/*.mlir files there", root)
		}
		for _, f := range more {
			files = append(files, [2]string{"mlir-test", f})
		}
		dirs = append(dirs, "mlir-test")
	}
	if only := os.Getenv("PTO_CORPUS_ONLY"); only != "" {
		files = slices.DeleteFunc(files, func(f [2]string) bool { return !strings.Contains(f[1], only) })
	}
	t.Run("files", func(t *testing.T) {
		for _, f := range files {
			t.Run(f[0]+"/"+strings.TrimSuffix(filepath.Base(f[1]), ".mlir"), func(t *testing.T) {
				t.Parallel()
				ct.roundTrip(t, mlirOpt, f[0], f[1])
				if f[0] == "bufferized" {
					return
				}
				src, err := os.ReadFile(f[1])
				if err != nil {
					t.Fatal(err)
				}
				if flags, ok := verifierFlags(f[1], string(src)); ok {
					ct.verifier(mlirOpt, f[1], string(src), flags, known)
				}
			})
		}
	})
	pct := func(a, b int) float64 {
		if b == 0 {
			return 100
		}
		return 100 * float64(a) / float64(b)
	}
	var el, pa int
	var per []string
	for _, d := range dirs {
		el += ct.eligible[d]
		pa += ct.passed[d]
		per = append(per, fmt.Sprintf("%s %d/%d", d, ct.passed[d], ct.eligible[d]))
	}
	t.Logf("round trip: %d/%d eligible splits (%.1f%%; %s)", pa, el, pct(pa, el), strings.Join(per, ", "))
	t.Logf("verifier: %d/%d splits of -verify-diagnostics tests agree with mlir-opt (%.1f%%; mlir-opt passes %d, pto-opt passes %d of those, and %d it should not; %d splits of other dialects left out, of which %d agree anyway)",
		ct.vAgree, ct.vTotal, pct(ct.vAgree, ct.vTotal), ct.vMLIRPass, ct.vBothPass, ct.vOnlyPTO, ct.vForeign, ct.vForeignAgree)
	t.Logf("planner: %d/%d splits of deallocated bufferized programs planned into IR mlir-opt accepts", ct.planOK, ct.planTotal)
	var tAgree, tTotal int
	for path, ft := range ct.files {
		// With upstream's own files, their copies in the corpus are not
		// counted twice.
		upstreamOwn := os.Getenv("PTO_MLIR_TESTS") == "" || strings.Contains(path, "/mlir/test/")
		if ft.verifier && upstreamOwn && verifierTarget.MatchString(path) {
			tAgree += ft.vAgree
			tTotal += ft.vTotal
		}
	}
	t.Logf("verifier, the claimed dialects' and builtin types' invalid tests: %d/%d splits agree (%.1f%%)", tAgree, tTotal, pct(tAgree, tTotal))
	t.Logf("per file: round trip (eligible splits) and verifier agreement (-verify-diagnostics splits):\n%s", ct.table(files))
	slices.Sort(ct.failures)
	if os.Getenv("PTO_CORPUS_VERBOSE") == "1" {
		for _, f := range ct.failures {
			t.Log(f)
		}
	} else if len(ct.failures) > 0 {
		t.Logf("%d failing splits (PTO_CORPUS_VERBOSE=1 lists them); first: %s", len(ct.failures), ct.failures[0])
	}
	if el == 0 || pct(pa, el) < 100*roundTripFloor {
		t.Errorf("round trip %.1f%% is below the floor %.0f%%", pct(pa, el), 100*roundTripFloor)
	}
	if ct.planOK != ct.planTotal {
		t.Errorf("planner: %d of %d splits failed", ct.planTotal-ct.planOK, ct.planTotal)
	}
	if tTotal == 0 || pct(tAgree, tTotal) < 100*verifierFloor {
		t.Errorf("verifier agreement on the claimed dialects' invalid tests %.1f%% is below the floor %.0f%%", pct(tAgree, tTotal), 100*verifierFloor)
	}
}

// verifierTarget picks the verifier tests of the claimed dialects and of
// the builtin types (upstream's Dialect/<X>/invalid*.mlir, IR's tests of
// builtin types, functions and modules, and their copies in the corpus):
// the figure the project answers for. The other IR/invalid-*.mlir files
// (affine maps, file metadata, the test dialect's ops) are measured too.
var verifierTarget = regexp.MustCompile(`(Dialect/(Arith|Bufferization|Builtin|ControlFlow|Func|MemRef|SCF)/[^/]*invalid[^/]*\.mlir|IR/invalid-(builtin-types|func-op|module-op)\.mlir|upstream/[^/]*(func|memref|scf|arith|bufferization|ControlFlow|Func|MemRef|SCF|Arith|Bufferization)[^/]*invalid[^/]*\.mlir)$`)

// mlirTestFiles lists the upstream test files of the claimed dialects
// under an mlir/test directory.
func mlirTestFiles(root string) []string {
	var out []string
	for _, d := range []string{"Arith", "Bufferization", "Builtin", "ControlFlow", "Func", "MemRef", "SCF"} {
		_ = filepath.WalkDir(filepath.Join(root, "Dialect", d), func(p string, e os.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(p, ".mlir") {
				out = append(out, p)
			}
			return nil
		})
	}
	ir, _ := filepath.Glob(filepath.Join(root, "IR", "*.mlir"))
	return append(out, ir...)
}

// table lists each file's figures: round trip passed/eligible and, for a
// verifier test, agreeing/compared splits.
func (ct *corpusTally) table(files [][2]string) string {
	var b strings.Builder
	for _, f := range files {
		ft := ct.files[f[1]]
		if ft == nil || (ft.rtEligible == 0 && !ft.verifier) {
			continue
		}
		name := f[1]
		if _, rest, ok := strings.Cut(name, "/mlir/test/"); ok {
			name = rest
		} else {
			name = f[0] + "/" + filepath.Base(name)
		}
		rt := "-"
		if ft.rtEligible > 0 {
			rt = fmt.Sprintf("%d/%d (%.1f%%)", ft.rtPassed, ft.rtEligible, 100*float64(ft.rtPassed)/float64(ft.rtEligible))
		}
		v := "-"
		if ft.verifier && ft.vTotal > 0 {
			v = fmt.Sprintf("%d/%d (%.1f%%)", ft.vAgree, ft.vTotal, 100*float64(ft.vAgree)/float64(ft.vTotal))
		}
		fmt.Fprintf(&b, "  %-70s round trip %-18s verifier %s\n", name, rt, v)
	}
	return b.String()
}
