package test

// pto-opt's memory plans of real PTO kernels side by side with ptoas's
// and PyPTO's (issue 28, target 4). Every kernel of ptoas's test corpus
// (../shared/reference/ptoas-corpus, see ptoas_corpus_test.go) that ptoas
// accepts is planned in place:
//
//	pto-opt --target=T --pto-memory-plan=planner=dsa-rp FILE
//
// (T: ascend910b for a3, ascend950 for a5), one file after the other in
// this process, so the CPU time of reading, planning and printing the
// whole corpus is measured alone; and with planner=pypto (memory-reuse,
// then sequential addresses), whose sums are printed too. ptoas --pto-level=level3 must accept
// every plan pto-opt writes. The peaks, per (function, space) — the
// largest address + size, sizes rounded as ptoasdump.Alignment — are
// compared with
//
//   - level-2 kernels: ptoas's own plan of the original, read from its
//     standard error (package ptoasdump);
//   - level-3 kernels: the addresses the original gives (PyPTO's plan).
//
// The test logs the table and the sums; a kernel pto-opt refuses must be
// refused with a located error, and no (function, space) may be above
// its anchor unless the anchor's plan is wrong: ptoas's overlapping
// fallback addresses (ptoasFallbacks), PyPTO's addresses putting two
// live tiles on one byte (givenConflicts, on pto-opt's buffer model). PTO_PTO_PLAN_REPORT=FILE also writes the
// table to FILE.

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/internal/benchscale"
	"github.com/pto-opt/pto-opt/internal/checked"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/test/internal/ptoasdump"
)

// planPeaks are the peaks of the addresses a module gives, by
// "function/space": every alloc_tile with an addr and every
// pointer_cast, sized as ptoas sizes them, and every reserve_buffer.
func planPeaks(src string) (map[string]int64, error) {
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		return nil, err
	}
	peaks := map[string]int64{}
	var walkErr error
	m.Walk(func(op *ir.Operation) bool {
		if walkErr != nil {
			return false
		}
		fn := enclosingFunc(op)
		var addrs []*ir.Value
		var t ir.Type
		switch op.Name {
		case "pto.alloc_tile":
			if seg := op.OperandSegment(0); len(seg) == 1 {
				addrs, t = seg, op.Results[0].Type
			}
		case "pto.pointer_cast":
			addrs, t = op.OperandSegment(0), op.Results[0].Type
		case "pto.reserve_buffer":
			// A reserved region counts with the buffers: its bytes are
			// the space's too.
			base, ok1 := op.IntAttrValue("base")
			size, ok2 := op.IntAttrValue("size")
			space := pto.EnumValue(op.Attr("location"), "address_space")
			if ok1 && ok2 && fn != "" {
				k := fn + "/" + space
				end, _ := checked.AlignUp(base+size, 32)
				peaks[k] = max(peaks[k], end)
			}
			return true
		}
		if len(addrs) == 0 || fn == "" || !op.Results[0].HasUses() {
			// ptoas drops what nothing uses before it plans.
			return true
		}
		space, bytes, ok := bufferBytes(t)
		if !ok {
			walkErr = fmt.Errorf("@%s: cannot size %s", fn, t)
			return false
		}
		align, ok := ptoasdump.Alignment(space)
		if !ok {
			walkErr = fmt.Errorf("@%s: unknown space %s", fn, space)
			return false
		}
		size, _ := checked.AlignUp(bytes, align)
		for _, a := range addrs {
			c, ok := a.Op.Attr("value").(*ir.IntegerAttr)
			if a.Op == nil || !ok {
				walkErr = fmt.Errorf("@%s: an address that is not a constant", fn)
				return false
			}
			k := fn + "/" + space
			peaks[k] = max(peaks[k], c.Value+size)
		}
		return true
	})
	return peaks, walkErr
}

func enclosingFunc(op *ir.Operation) string {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name == "func.func" {
			n, _ := p.StrAttrValue("sym_name")
			return n
		}
	}
	return ""
}

// bufferBytes is the space and bytes of a tile or local memref type.
func bufferBytes(t ir.Type) (string, int64, bool) {
	var space string
	var shape []int64
	var elem ir.Type
	switch t := t.(type) {
	case *pto.TileBufType:
		space, shape, elem = t.Space, t.Shape, t.Elem
	case *ir.MemRefType:
		space, shape, elem = pto.EnumValue(t.MemSpace, "address_space"), t.Shape, t.Elem
	default:
		return "", 0, false
	}
	n := ir.ElementBitWidth(elem)
	for _, d := range shape {
		n *= d
	}
	return space, (n + 7) / 8, n > 0
}

// planRow is one (function, space) of the table.
type planRow struct {
	key          string
	file         string
	level        string
	ours, anchor int64
	// anchorWrong says why the anchor's plan is wrong ("" when it is not
	// known to be).
	anchorWrong string
	// fallback: ptoas gave a tile of this space a fallback address (it
	// never saw it written).
	fallback bool
	// pypto is pto-opt's peak with planner=pypto.
	pypto int64
}

// ptoasFallbacks are the (function/space) of ptoas's plan where two
// buffers share bytes although their aligned sizes add up to less than
// the capacity: PlanMemory reuses no byte unless a space would overflow
// (it then plans without overlaps), so such a pair is its fallback
// address for a buffer it never saw written, overlapping another.
func ptoasFallbacks(t *testing.T, p *ptoasdump.Plan, target string) map[string]string {
	tg, err := targets.Load(target)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, fn := range p.Functions {
		bySpace := map[string][]ptoasdump.Buffer{}
		for _, b := range fn.Buffers {
			bySpace[b.Space] = append(bySpace[b.Space], b)
		}
		for space, bs := range bySpace {
			s := tg.Space(space)
			if s == nil || s.PTOAS == nil {
				continue
			}
			align, _ := ptoasdump.Alignment(space)
			var sum int64
			for _, b := range bs {
				n, _ := checked.AlignUp(b.Bytes, align)
				sum += n * int64(len(b.Addrs))
			}
			if sum >= s.PTOAS.Capacity {
				continue
			}
		pairs:
			for i, a := range bs {
				for _, b := range bs[i+1:] {
					if a.Addrs[0] < b.Addrs[0]+b.Bytes && b.Addrs[0] < a.Addrs[0]+a.Bytes {
						out[fn.Name+"/"+space] = fmt.Sprintf("ptoas's plan overlaps the buffers of lines %d and %d (fallback address)", a.Line, b.Line)
						break pairs
					}
				}
			}
		}
	}
	return out
}

// neverWritten are the (function/space) of a kernel with a tile that is
// read but never written: ptoas gives such a tile a fallback address
// (README of the corpus), so its plan of that space is not a plan of
// the kernel's buffers.
func neverWritten(src string) (map[string]bool, error) {
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	var berr error
	m.Walk(func(op *ir.Operation) bool {
		if op.Name != "func.func" || berr != nil {
			return op.Name != "func.func"
		}
		md, err := ptobuf.Build(op)
		if err != nil {
			berr = err
			return false
		}
		name, _ := op.StrAttrValue("sym_name")
		for _, r := range md.Roots {
			written := false
			for _, a := range r.Accesses {
				written = written || a.Write
			}
			if len(r.Accesses) > 0 && !written {
				out[name+"/"+r.Space] = true
			}
		}
		return false
	})
	return out, berr
}

// givenConflicts are the (function/space) of a level-3 kernel whose
// given addresses put two tiles live at once on the same bytes.
func givenConflicts(src string) (map[string]string, error) {
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	var berr error
	m.Walk(func(op *ir.Operation) bool {
		if op.Name != "func.func" || berr != nil {
			return op.Name != "func.func"
		}
		md, err := ptobuf.Build(op)
		if err != nil {
			berr = err
			return false
		}
		name, _ := op.StrAttrValue("sym_name")
		for _, c := range md.GivenConflicts() {
			out[name+"/"+c.A.Space] = fmt.Sprintf("PyPTO's plan puts %s and %s, live at once, on the same bytes", ptobuf.Name(c.A), ptobuf.Name(c.B))
		}
		return false
	})
	return out, berr
}

func TestPTOPlanCorpus(t *testing.T) {
	c := loadPTOASCorpus(t)
	ptoas := findPTOAS(t)
	if ptoas == "" {
		t.Skip("no ptoas: the plans of the corpus are not checked")
	}
	type result struct {
		out, errs string
		code      int
	}
	var files []string
	for _, f := range c.files {
		if c.verdicts[f].PTOASAccepts {
			files = append(files, f)
		}
	}
	results := map[string]result{}
	pypto := map[string]result{}
	for _, f := range files {
		var out, errs bytes.Buffer
		code := driver.Run([]string{filepath.Join(c.dir, f), "--target=" + archTargets[c.verdicts[f].Arch], "--pto-memory-plan=planner=pypto"}, nil, &out, &errs)
		pypto[f] = result{out.String(), errs.String(), code}
	}
	runtime.GC()
	cpu0 := benchscale.CPUTime()
	for _, f := range files {
		var out, errs bytes.Buffer
		code := driver.Run([]string{filepath.Join(c.dir, f), "--target=" + archTargets[c.verdicts[f].Arch], "--pto-memory-plan=planner=dsa-rp"}, nil, &out, &errs)
		results[f] = result{out.String(), errs.String(), code}
	}
	cpu := benchscale.CPUTime() - cpu0

	var rows []planRow
	var refused, pyptoRefused []string
	tmp := t.TempDir()
	for _, f := range files {
		v, r := c.verdicts[f], results[f]
		path := filepath.Join(c.dir, f)
		if r.code != 0 {
			if !locatedErrorRE(path).MatchString(r.errs) || strings.Contains(r.errs, "internal error") {
				t.Errorf("%s: pto-opt fails (exit %d) without a located error:\n%s", f, r.code, r.errs)
			}
			refused = append(refused, f+": "+strings.TrimPrefix(firstErrorLine(r.errs), c.dir+string(filepath.Separator)))
			continue
		}
		planned := filepath.Join(tmp, strings.ReplaceAll(f, "/", "_"))
		if err := os.WriteFile(planned, []byte(r.out), 0o644); err != nil {
			t.Fatal(err)
		}
		l3 := v
		l3.Level = "level3"
		if run := runPTOASOnCorpusFile(ptoas, planned, l3, tmp); run.err != nil {
			t.Errorf("%s: ptoas --pto-level=level3 rejects pto-opt's plan: %s", f, ptoasFirstError(run))
			continue
		}
		ours, err := planPeaks(r.out)
		if err != nil {
			t.Errorf("%s: pto-opt's plan: %v", f, err)
			continue
		}
		// planner=pypto (memory-reuse, then sequential addresses) must
		// plan what dsa-rp plans, and ptoas must accept it too.
		var pyptoPeaks map[string]int64
		if pr := pypto[f]; pr.code != 0 {
			if !locatedErrorRE(path).MatchString(pr.errs) || strings.Contains(pr.errs, "internal error") {
				t.Errorf("%s: planner=pypto fails (exit %d) without a located error:\n%s", f, pr.code, pr.errs)
			}
			pyptoRefused = append(pyptoRefused, f+": "+strings.TrimPrefix(firstErrorLine(pr.errs), c.dir+string(filepath.Separator)))
		} else {
			pp := filepath.Join(tmp, "pypto_"+strings.ReplaceAll(f, "/", "_"))
			if err := os.WriteFile(pp, []byte(pr.out), 0o644); err != nil {
				t.Fatal(err)
			}
			if run := runPTOASOnCorpusFile(ptoas, pp, l3, tmp); run.err != nil {
				t.Errorf("%s: ptoas --pto-level=level3 rejects pto-opt's planner=pypto plan: %s", f, ptoasFirstError(run))
			}
			if pyptoPeaks, err = planPeaks(pr.out); err != nil {
				t.Errorf("%s: pto-opt's planner=pypto plan: %v", f, err)
			}
		}
		var anchor map[string]int64
		var wrong map[string]string
		var fallback map[string]bool
		if v.Level == "level2" {
			run := runPTOASOnCorpusFile(ptoas, path, v, tmp)
			if run.err != nil {
				t.Errorf("%s: ptoas rejects the original: %s", f, ptoasFirstError(run))
				continue
			}
			p, err := ptoasdump.Read(run.stderr)
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			wrong = ptoasFallbacks(t, p, archTargets[v.Arch])
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if fallback, err = neverWritten(string(src)); err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			anchor = map[string]int64{}
			for _, fn := range p.Functions {
				pk, err := fn.Peaks()
				if err != nil {
					t.Errorf("%s: @%s: %v", f, fn.Name, err)
				}
				for s, b := range pk {
					anchor[fn.Name+"/"+s] = b
				}
			}
		} else {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if anchor, err = planPeaks(string(src)); err != nil {
				t.Errorf("%s: PyPTO's plan: %v", f, err)
				continue
			}
			if wrong, err = givenConflicts(string(src)); err != nil {
				t.Errorf("%s: checking PyPTO's plan: %v", f, err)
				continue
			}
		}
		keys := map[string]bool{}
		for k := range ours {
			keys[k] = true
		}
		for k := range anchor {
			keys[k] = true
		}
		for _, k := range slices.Sorted(func(yield func(string) bool) {
			for k := range keys {
				if !yield(k) {
					return
				}
			}
		}) {
			rows = append(rows, planRow{key: k, file: f, level: v.Level, ours: ours[k], anchor: anchor[k], anchorWrong: wrong[k], fallback: fallback[k], pypto: pyptoPeaks[k]})
		}
	}
	report := planTable(rows, refused, len(files), cpu)
	report += fmt.Sprintf("\nkernels planner=dsa-rp plans and planner=pypto refuses (%d; its memory-reuse shares only tiles of one type; the sums above count them as 0):\n", len(pyptoRefused))
	for _, r := range pyptoRefused {
		report += "  " + r + "\n"
	}
	t.Log(report)
	for _, r := range rows {
		if r.ours > r.anchor && r.anchorWrong == "" {
			t.Errorf("%s: %s: pto-opt's peak %d is above the anchor's %d, whose plan is not known to be wrong", r.file, r.key, r.ours, r.anchor)
		}
	}
	if path := os.Getenv("PTO_PTO_PLAN_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report+"\n"), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// planTable prints the rows, the sums per level, and the refusals.
func planTable(rows []planRow, refused []string, files int, cpu time.Duration) string {
	var b strings.Builder
	sums := map[string][2]int64{}
	var above []string
	fmt.Fprintf(&b, "%-6s %-70s %10s %10s %7s\n", "level", "file: function/space", "pto-opt", "anchor", "ratio")
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].level < rows[j].level })
	for _, r := range rows {
		ratio := "-"
		if r.anchor > 0 {
			ratio = fmt.Sprintf("%.3f", float64(r.ours)/float64(r.anchor))
		}
		fmt.Fprintf(&b, "%-6s %-70s %10d %10d %7s\n", r.level, r.file+": "+r.key, r.ours, r.anchor, ratio)
		s := sums[r.level]
		s[0] += r.ours
		s[1] += r.anchor
		sums[r.level] = s
		py := sums[r.level+" (planner=pypto)"]
		py[0] += r.pypto
		py[1] += r.anchor
		sums[r.level+" (planner=pypto)"] = py
		if r.level == "level2" && !r.fallback {
			q := sums["level2-no-fallback"]
			q[0] += r.ours
			q[1] += r.anchor
			sums["level2-no-fallback"] = q
		}
		if strings.Contains(r.file, "Qwen3Decode") && strings.HasSuffix(r.key, "/vec") {
			q := sums["qwen3-vec"]
			q[0] += r.ours
			q[1] += r.anchor
			sums["qwen3-vec"] = q
		}
		if r.ours > r.anchor {
			why := r.anchorWrong
			if why == "" {
				why = "unexplained"
			}
			above = append(above, fmt.Sprintf("%s: %s: %d > %d: %s", r.level, r.file+": "+r.key, r.ours, r.anchor, why))
		}
	}
	fmt.Fprintf(&b, "\nsums (pto-opt / anchor: ptoas's plan at level2, PyPTO's addresses at level3):\n")
	for _, k := range []string{"level2", "level2-no-fallback", "level3", "qwen3-vec", "level2 (planner=pypto)", "level3 (planner=pypto)"} {
		s := sums[k]
		if s[1] > 0 {
			fmt.Fprintf(&b, "  %-24s %10d / %10d = %.3f\n", k, s[0], s[1], float64(s[0])/float64(s[1]))
		}
	}
	fmt.Fprintf(&b, "  (level2-no-fallback: without the (function, space) pairs where ptoas gives a tile it never sees written a fallback address)\n")
	fmt.Fprintf(&b, "\npairs above the anchor (%d):\n", len(above))
	for _, a := range above {
		fmt.Fprintf(&b, "  %s\n", a)
	}
	fmt.Fprintf(&b, "\nkernels refused by pto-opt (%d of %d):\n", len(refused), files)
	for _, r := range refused {
		fmt.Fprintf(&b, "  %s\n", r)
	}
	fmt.Fprintf(&b, "\nCPU time reading, planning and printing %d kernels: %s\n", files, cpu.Round(time.Millisecond))
	return b.String()
}

// TestPTOPlanWhatPTOASRefuses: the tile-dialect softmax example, lowered
// to pto without addresses (a level-2 kernel), is one ptoas's planner
// refuses for overflow on ascend910b although the tiles live at once fit;
// pto-opt's pto path plans it, and ptoas accepts the plan at level 3.
func TestPTOPlanWhatPTOASRefuses(t *testing.T) {
	ptoas := findPTOAS(t)
	if ptoas == "" {
		t.Skip("no ptoas: its refusal is not checked")
	}
	lowered, errs, code := runPTO([]string{filepath.Join("..", "examples", "softmax.mlir"), "--target=ascend910b",
		"-materialize-scratch", "-init-memref=planner=ptoas", "-materialize-semantic-aliases", "-check-ptoas-plan=refuse=false", "-convert-tile-to-pto"}, "")
	if code != 0 {
		t.Fatalf("lowering softmax to pto: exit %d\n%s", code, errs)
	}
	dir := t.TempDir()
	l2 := filepath.Join(dir, "softmax.pto")
	if err := os.WriteFile(l2, []byte(lowered), 0o644); err != nil {
		t.Fatal(err)
	}
	run := runPTOASOnCorpusFile(ptoas, l2, corpusVerdict{Arch: "a3", Level: "level2"}, dir)
	if run.err == nil || !strings.Contains(run.stderr, "overflow") {
		t.Fatalf("ptoas plans the level-2 softmax (it refused it for overflow): %v\n%s", run.err, run.stderr)
	}
	planned, errs, code := runPTO([]string{l2, "--target=ascend910b", "--pto-memory-plan=planner=dsa-rp"}, "")
	if code != 0 {
		t.Fatalf("pto-opt does not plan the level-2 softmax: exit %d\n%s", code, errs)
	}
	l3 := filepath.Join(dir, "softmax_planned.pto")
	if err := os.WriteFile(l3, []byte(planned), 0o644); err != nil {
		t.Fatal(err)
	}
	if run := runPTOASOnCorpusFile(ptoas, l3, corpusVerdict{Arch: "a3", Level: "level3"}, dir); run.err != nil {
		t.Fatalf("ptoas --pto-level=level3 rejects pto-opt's plan of softmax: %s", ptoasFirstError(run))
	}
	peaks, err := planPeaks(planned)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("softmax on ascend910b: ptoas's planner refuses it (overflow); pto-opt's plan uses %d bytes of vec", peaks["softmax_rows/vec"])
}

// BenchmarkPTOPlanCorpus reads, plans (pto-memory-plan planner=dsa-rp)
// and prints every kernel of ptoas's corpus that ptoas accepts, once per
// iteration.
func BenchmarkPTOPlanCorpus(b *testing.B) {
	c := loadPTOASCorpus(b)
	var files []string
	for _, f := range c.files {
		if c.verdicts[f].PTOASAccepts {
			files = append(files, f)
		}
	}
	for b.Loop() {
		for _, f := range files {
			var out, errs bytes.Buffer
			driver.Run([]string{filepath.Join(c.dir, f), "--target=" + archTargets[c.verdicts[f].Arch], "--pto-memory-plan=planner=dsa-rp"}, nil, &out, &errs)
		}
	}
}
