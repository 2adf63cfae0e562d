package test

// The example tile kernels (../examples) through the memory pipeline and
// convert-tile-to-pto:
//
//   - TestTileExamplesPTO: each kernel under pto-memory-plan with every
//     planner (pypto, dsa-rp, ptoas) on ascend910b and ascend950, checked
//     by the independent validator, converted to the pto dialect. Either
//     pto-opt refuses with a located error naming the rule (a target's
//     tmov pairs, an instruction ptoas lacks), or the output parses back in
//     pto-opt (printing it again gives the same text), its generic form
//     parses in mlir-opt --allow-unregistered-dialect, and the real ptoas
//     accepts it and emits C++ (the arch from the module's
//     pto.target_arch; --pto-level=level3 with addresses). mlir-opt and ptoas are skipped when missing, a
//     failure with PTO_REQUIRE_LLVM=1 and PTO_REQUIRE_PTOAS=1.
//   - TestTileExamplesEvidence: per kernel and memory space, on the
//     kernel's target (kernelTarget), the bytes a
//     plan uses (max addr + size) against the lower bound (the largest
//     total size of allocation identities live at one program point, from
//     liveness after init-memref and materialize-semantic-aliases), under
//       sequential  init-memref, semantic aliases, allocate-addr{planner=sequential}
//                   (the bump allocator without memory-reuse)
//       pypto       pto-memory-plan{planner=pypto} (memory-reuse, then sequential)
//       dsa-rp      pto-memory-plan{planner=dsa-rp} (cross-pipe penalties on)
//       dsa-rp/np   allocate-addr{planner=dsa-rp penalties=false}
//     The table is logged (go test ./test/ -run TileExamplesEvidence -v).
//     The test fails when a plan uses less than the lower bound (the bound
//     or the validator would be wrong), when dsa-rp overflows or needs more
//     than the bump allocator, when dsa-rp without penalties is above the
//     penalised one, and unless matmul_chain_l0a overflows L0A under
//     sequential and fits under dsa-rp.
//   - TestTileLoweringTable: every tile op has a pto lowering, and the pto
//     op it names is registered.

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/testtool"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// tileKernels lists the example tile kernels (every example but the memref
// program).
func tileKernels(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../examples/*.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(src, []byte("!tile.")) {
			out = append(out, f)
		}
	}
	if len(out) < 5 {
		t.Fatalf("expected at least 5 tile kernels in ../examples, found %d", len(out))
	}
	return out
}

// runPTO runs the driver in-process on a file (or on stdin when the file
// is "-").
func runPTO(args []string, stdin string) (string, string, int) {
	var out, errb bytes.Buffer
	code := driver.Run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// findMLIROpt locates mlir-opt (testtool.FindLLVM): "" when absent, with
// a note; a failure when PTO_REQUIRE_LLVM=1.
func findMLIROpt(t *testing.T) string {
	t.Helper()
	return testtool.OptionalLLVM(t, "mlir-opt", "mlir-opt's reading of pto-opt's output ("+topTest(t)+")")
}

// kernelTarget is the target an example kernel is planned for: ascend910b,
// but ascend950 for a kernel that copies vec -> mat (flash_attention),
// which only ascend950 can (ptoas's tmov pairs).
func kernelTarget(file string) string {
	if strings.HasSuffix(file, "flash_attention.mlir") {
		return "ascend950"
	}
	return "ascend910b"
}

// findPTOAS returns the ptoas binary (testtool.FindPTOAS: $PTOAS, PATH,
// ../shared/tools/ptoas) if it runs here, else "" with a note (or a
// failure with PTO_REQUIRE_PTOAS=1).
func findPTOAS(t *testing.T) string {
	t.Helper()
	return testtool.OptionalPTOAS(t, "ptoas's verdict ("+topTest(t)+")")
}

// topTest is the name of the top-level test t belongs to.
func topTest(t *testing.T) string {
	name, _, _ := strings.Cut(t.Name(), "/")
	return name
}

// ptoasOverflowRE is ptoas's planner running out of a memory space.
var ptoasOverflowRE = regexp.MustCompile(`(\w+) overflow, requires (\d+) bits while \d+ bits avaliable`)

// refusalRE is a located refusal naming a rule, never an internal error.
var refusalRE = regexp.MustCompile(`^\S+:\d+:\d+: error: (init-memref: 'tile\.move' from \w+ to \w+ is not a copy target|convert-tile-to-pto: ptoas|check-ptoas-plan: ptoas's planner (would|may) need|check-ptoas-plan: tile \S+ needs \d+ bytes)`)

// ptoasModelRE is pto-opt refusing, for planner=ptoas, a kernel its model
// of ptoas's planner says ptoas would (or, "may": in some order ptoas may
// take the tiles in) run out of room on.
var ptoasModelRE = regexp.MustCompile(`ptoas's planner (would|may) need (\d+) bytes of '(\w+)'`)

// ptoasVerdict is what ptoas says of a kernel pto-opt refused because
// ptoas's planner would run out of room.
type ptoasVerdict int

const (
	ptoasAgrees       ptoasVerdict = iota // ptoas runs out of room (by the bytes pto-opt said, unless "may")
	ptoasConservative                     // "may": ptoas's order fits; the refusal was conservative
	ptoasUnconfirmed                      // the kernel cannot reach ptoas's planner (another rule refuses it first)
	ptoasDisagrees                        // reported with t.Errorf
)

// checkPTOASOverflowAgrees checks a planner=ptoas refusal of pto-opt's
// model of ptoas's planner against ptoas itself: the kernel is lowered
// without the check (the ptoas pipeline with check-ptoas-plan only
// warning, so that convert-tile-to-pto does not check again) and handed
// to ptoas, which must run out of room on it, needing the bytes
// pto-opt said.
func checkPTOASOverflowAgrees(t *testing.T, ptoas string, args []string, stdin, errs string) ptoasVerdict {
	t.Helper()
	m := ptoasModelRE.FindStringSubmatch(errs)
	if m == nil || ptoas == "" {
		return ptoasUnconfirmed
	}
	var unchecked []string
	for _, a := range args {
		if strings.HasPrefix(a, "-pto-memory-plan=") {
			unchecked = append(unchecked, "-materialize-scratch", "-init-memref", "-materialize-semantic-aliases", "-check-ptoas-plan=refuse=false")
			continue
		}
		unchecked = append(unchecked, a)
	}
	out, uerrs, code := runPTO(unchecked, stdin)
	if code != 0 {
		// Refused for another reason too (a ptoas rule of the
		// conversion): nothing to hand ptoas, nothing to confirm.
		if !regexp.MustCompile(`(?m)^\S+:\d+:\d+: error: `).MatchString(uerrs) || strings.Contains(uerrs, "internal error") {
			t.Errorf("without the ptoas-planner check the kernel fails without a located error:\n%s", uerrs)
			return ptoasDisagrees
		}
		// (check-ptoas-plan's warning comes first: name the error.)
		t.Logf("not confirmed by ptoas: without the ptoas-planner check pto-opt refuses for another reason: %s", regexp.MustCompile(`(?m)^\S+:\d+:\d+: error: .*$`).FindString(uerrs))
		return ptoasUnconfirmed
	}
	full, msg := runPTOAS(t, ptoas, out)
	switch {
	case full:
	case msg != "" && !strings.Contains(msg, "end PTO plan Mem!"):
		// ptoas stopped before its planner (a verifier rule).
		t.Logf("not confirmed by ptoas: it rejects the kernel before planning: %s", strings.TrimSpace(msg[max(0, len(msg)-200):]))
		return ptoasUnconfirmed
	case m[1] == "may":
		t.Logf("conservative refusal: ptoas's order fits (%s)", strings.SplitN(errs, "\n", 2)[0])
		return ptoasConservative
	case msg == "":
		t.Errorf("pto-opt refuses a kernel ptoas's planner fits:\n%s", errs)
		return ptoasDisagrees
	default:
		t.Errorf("pto-opt refuses for want of room but ptoas plans it and rejects it for another reason:\n%s\n%s", errs, msg)
		return ptoasDisagrees
	}
	got := ptoasOverflowRE.FindStringSubmatch(msg)
	bits, _ := strconv.ParseInt(got[2], 10, 64)
	if m[1] == "would" && (strconv.FormatInt((bits+7)/8, 10) != m[2] || !strings.EqualFold(got[1], m[3])) {
		t.Errorf("ptoas runs out of room as pto-opt said, but its figure differs: pto-opt %s bytes of %s, ptoas %s", m[2], m[3], got[0])
		return ptoasDisagrees
	}
	return ptoasAgrees
}

func TestTileExamplesPTO(t *testing.T) {
	mlirOpt := findMLIROpt(t)
	ptoas := findPTOAS(t)
	accepted, refused, ptoasFull, notConfirmed := 0, 0, 0, 0
	for _, f := range tileKernels(t) {
		for _, tg := range []struct{ target, arch string }{{"ascend910b", "a3"}, {"ascend950", "a5"}} {
			for _, planner := range []string{"pypto", "dsa-rp", "ptoas"} {
				t.Run(filepath.Base(f)+"/"+tg.target+"/"+planner, func(t *testing.T) {
					args := []string{f, "-pto-memory-plan=planner=" + planner, "--target=" + tg.target, "-check-tile-placement", "-convert-tile-to-pto"}
					out, errs, code := runPTO(args, "")
					if code != 0 {
						if !refusalRE.MatchString(errs) {
							t.Fatalf("planning and conversion failed without a located rule:\n%s", errs)
						}
						if ptoasModelRE.MatchString(errs) {
							// ptoas's own planner would run out of room:
							// ptoas must agree.
							if checkPTOASOverflowAgrees(t, ptoas, args, "", errs) == ptoasAgrees {
								ptoasFull++
							} else {
								notConfirmed++
							}
						}
						refused++
						return
					}
					checkPTOOutput(t, out, planner, mlirOpt)
					if ptoas == "" {
						return
					}
					if !strings.Contains(out, `pto.target_arch = "`+tg.arch+`"`) {
						t.Fatalf("the module does not record pto.target_arch = %q:\n%s", tg.arch, out)
					}
					// ptoas takes the arch from the module and the level
					// from the addresses (runPTOAS). Whatever pto-opt
					// prints with exit 0, ptoas must accept: under
					// planner=ptoas too, where ptoas plans the memory.
					if _, msg := runPTOAS(t, ptoas, out); msg != "" {
						t.Fatalf("ptoas rejects the output:\n%s\n%s", msg, out)
					}
					accepted++
				})
			}
		}
	}
	t.Logf("ptoas accepted %d outputs; pto-opt refused %d kernel/target/planner runs with a located rule, %d of them because ptoas's own planner would run out of room (%d confirmed by ptoas with the same bytes)", accepted, refused, ptoasFull+notConfirmed, ptoasFull)
}

// checkPTOOutput checks a convert-tile-to-pto output: no tile ops left,
// addresses exactly when the planner gives them, it parses back and
// prints the same, and its generic form parses in mlir-opt.
func checkPTOOutput(t *testing.T, out, planner, mlirOpt string) {
	t.Helper()
	if strings.Contains(out, "tile.") {
		t.Fatalf("tile ops or types left after convert-tile-to-pto:\n%s", out)
	}
	if !strings.Contains(out, "pto.alloc_tile") {
		t.Fatalf("no pto.alloc_tile in the output:\n%s", out)
	}
	addressed := strings.Contains(out, "pto.alloc_tile addr = ")
	if addressed != (planner != "ptoas") {
		t.Fatalf("planner=%s: alloc_tile addresses present = %v:\n%s", planner, addressed, out)
	}
	again, errs, code := runPTO([]string{"-"}, out)
	if code != 0 {
		t.Fatalf("the pto output does not parse back in pto-opt:\n%s\n%s", errs, out)
	}
	if again != out {
		t.Fatalf("printing the parsed pto output changes it:\n--- first\n%s\n--- second\n%s", out, again)
	}
	generic, errs, code := runPTO([]string{"-", "--mlir-print-op-generic"}, out)
	if code != 0 {
		t.Fatalf("generic printing failed:\n%s", errs)
	}
	if mlirOpt == "" {
		return
	}
	cmd := exec.Command(mlirOpt, "--allow-unregistered-dialect", "-")
	cmd.Stdin = strings.NewReader(generic)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mlir-opt rejects the generic form (%v):\n%s\n%s", err, stderr.String(), generic)
	}
}

// spaceBytes is bytes per memory space.
type spaceBytes map[string]int64

// planUsage reads a planned module: per space, the largest addr + size.
func planUsage(t *testing.T, text string) spaceBytes {
	t.Helper()
	mod, err := parser.ParseString(text, parser.Options{})
	if err != nil {
		t.Fatalf("planned output does not parse: %v", err)
	}
	used := spaceBytes{}
	mod.Walk(func(op *ir.Operation) bool {
		if op.Name != "tile.alloc" {
			return true
		}
		addr, ok := tile.AllocAddr(op)
		if !ok {
			t.Fatalf("a tile.alloc has no address after planning:\n%s", text)
		}
		size, _ := op.IntAttrValue("size")
		s := tile.SpaceOf(op.Results[0].Type)
		used[s] = max(used[s], addr+size)
		return true
	})
	return used
}

// lowerBound is, per space, the largest total size of allocation roots
// live at one program point (the lifetime of a root is that of all its
// aliases).
func lowerBound(t *testing.T, text string) spaceBytes {
	t.Helper()
	mod, err := parser.ParseString(text, parser.Options{})
	if err != nil {
		t.Fatalf("output does not parse: %v", err)
	}
	lb := spaceBytes{}
	mod.Walk(func(fn *ir.Operation) bool {
		if fn.Name != "func.func" {
			return true
		}
		lv := analysis.ComputeLiveness(fn, nil)
		live := map[string][]int64{} // per space, bytes live at each point
		for _, root := range lv.Roots() {
			if root.Op.Name != "tile.alloc" {
				continue
			}
			s := tile.SpaceOf(root.Type)
			size, _ := root.Op.IntAttrValue("size")
			if live[s] == nil {
				live[s] = make([]int64, lv.NumPoints()+1)
			}
			for _, r := range lv.RootRanges(root) {
				for p := r.Start; p < r.End && p < len(live[s]); p++ {
					live[s][p] += size
				}
			}
		}
		for s, pts := range live {
			for _, b := range pts {
				lb[s] = max(lb[s], b)
			}
		}
		return false
	})
	return lb
}

var overflowRE = regexp.MustCompile(`memory space '(\w+)' overflows: (\d+) bytes needed, capacity (\d+) bytes`)

type planOutcome struct {
	used     spaceBytes
	overflow string // the first line of the error, when planning overflowed
	space    string // the space that overflowed
	demand   int64
	capacity int64
}

func planKernel(t *testing.T, file string, args ...string) planOutcome {
	t.Helper()
	out, errs, code := runPTO(append([]string{file, "--target=" + kernelTarget(file)}, append(args, "-check-tile-placement")...), "")
	if code != 0 {
		m := overflowRE.FindStringSubmatch(errs)
		if m == nil {
			t.Fatalf("%s %v failed:\n%s", file, args, errs)
		}
		demand, _ := strconv.ParseInt(m[2], 10, 64)
		capacity, _ := strconv.ParseInt(m[3], 10, 64)
		return planOutcome{overflow: strings.TrimSpace(strings.SplitN(errs, "\n", 2)[0]), space: m[1], demand: demand, capacity: capacity}
	}
	return planOutcome{used: planUsage(t, out)}
}

func TestTileExamplesEvidence(t *testing.T) {
	prep := []string{"-init-memref", "-materialize-semantic-aliases"}
	modes := []struct {
		name string
		args []string
	}{
		{"sequential", append(prep, "-allocate-addr=planner=sequential")},
		{"pypto", []string{"-pto-memory-plan=planner=pypto"}},
		{"dsa-rp", []string{"-pto-memory-plan=planner=dsa-rp"}},
		{"dsa-rp/np", append(prep, "-allocate-addr=planner=dsa-rp penalties=false")},
	}
	var table bytes.Buffer
	tw := tabwriter.NewWriter(&table, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "kernel\tspace\tcapacity\tlower bound\t")
	for _, m := range modes {
		fmt.Fprintf(tw, "%s\t", m.name)
	}
	fmt.Fprintln(tw)
	var notes []string
	for _, f := range tileKernels(t) {
		name := strings.TrimSuffix(filepath.Base(f), ".mlir")
		tgt, err := targets.Load(kernelTarget(f))
		if err != nil {
			t.Fatal(err)
		}
		planned, errs, code := runPTO(append([]string{f, "--target=" + tgt.Name}, prep...), "")
		if code != 0 {
			t.Fatalf("%s: init-memref + semantic aliases failed:\n%s", name, errs)
		}
		lb := lowerBound(t, planned)
		outcomes := map[string]planOutcome{}
		for _, m := range modes {
			if m.name == "pypto" && pass.Lookup("memory-reuse") == nil {
				continue
			}
			o := planKernel(t, f, m.args...)
			outcomes[m.name] = o
			if o.overflow != "" {
				notes = append(notes, fmt.Sprintf("%s under %s: %s", name, m.name, o.overflow))
			}
			for s, used := range o.used {
				if used < lb[s] {
					t.Errorf("%s under %s: space %s uses %d bytes, below the lower bound %d", name, m.name, s, used, lb[s])
				}
			}
		}
		dsa, np, seq := outcomes["dsa-rp"], outcomes["dsa-rp/np"], outcomes["sequential"]
		if dsa.overflow != "" || np.overflow != "" {
			t.Errorf("%s overflows under dsa-rp: %s%s", name, dsa.overflow, np.overflow)
		}
		for s, used := range dsa.used {
			if seq.overflow == "" && used > seq.used[s] {
				t.Errorf("%s: dsa-rp uses %d bytes of %s, more than the bump allocator's %d", name, used, s, seq.used[s])
			}
			if np.used[s] > used {
				t.Errorf("%s: dsa-rp without penalties uses %d bytes of %s, more than with them (%d)", name, np.used[s], s, used)
			}
		}
		if name == "matmul_chain_l0a" {
			if seq.overflow == "" || seq.space != "left" || seq.capacity != 65536 || seq.demand <= seq.capacity {
				t.Errorf("matmul_chain_l0a should overflow L0A (left, 65536 bytes) under sequential; got %+v", seq)
			}
			if dsa.overflow != "" || dsa.used["left"] > 65536 {
				t.Errorf("matmul_chain_l0a should fit L0A under dsa-rp; got %+v", dsa)
			}
		}
		spaces := make([]string, 0, len(lb))
		for s := range lb {
			spaces = append(spaces, s)
		}
		slices.SortFunc(spaces, func(a, b string) int { return cmp.Compare(spaceOrder(a), spaceOrder(b)) })
		for _, s := range spaces {
			capacity := "unbounded"
			if c := tgt.Capacity(s); c > 0 {
				capacity = strconv.FormatInt(c, 10)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t", name, s, capacity, lb[s])
			for _, m := range modes {
				o, ok := outcomes[m.name]
				switch {
				case !ok:
					fmt.Fprint(tw, "n/a\t")
				case o.overflow != "" && o.space == s:
					fmt.Fprintf(tw, "OVERFLOW %d\t", o.demand)
				case o.overflow != "":
					fmt.Fprint(tw, "-\t")
				default:
					fmt.Fprintf(tw, "%d\t", o.used[s])
				}
			}
			fmt.Fprintln(tw)
		}
	}
	tw.Flush()
	t.Logf("bytes per memory space on each kernel's target (used = max addr+size):\n%s", table.String())
	for _, n := range notes {
		t.Logf("%s", n)
	}
}

func spaceOrder(s string) int {
	for i, x := range tile.Spaces {
		if x == s {
			return i
		}
	}
	return len(tile.Spaces)
}
