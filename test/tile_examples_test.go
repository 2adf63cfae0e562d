package test

// The example tile kernels (../examples) through the memory pipeline and
// convert-tile-to-pto:
//
//   - TestTileExamplesPTO: each kernel under pto-memory-plan with every
//     planner (pypto, dsa-rp, ptoas) on ascend910b, checked by the
//     independent validator, converted to the pto dialect; the output must
//     parse back in pto-opt (printing it again gives the same text), and
//     its generic form must parse in mlir-opt --allow-unregistered-dialect
//     (skipped when mlir-opt is missing, a failure with PTO_REQUIRE_LLVM=1).
//   - TestTileExamplesEvidence: per kernel and memory space, the bytes a
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
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/tabwriter"

	"pto-opt/analysis"
	"pto-opt/cmd/pto-opt/driver"
	"pto-opt/dialect"
	"pto-opt/parser"
	"pto-opt/targets"
	"pto-opt/transforms/pass"
	"pto-opt/transforms/tiletopto"
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

// findMLIROpt locates mlir-opt (PTO_LLVM_BIN, PATH, /usr/lib/llvm-22/bin);
// "" when absent, a failure when PTO_REQUIRE_LLVM=1.
func findMLIROpt(t *testing.T) string {
	t.Helper()
	exists := func(p string) bool { _, err := os.Stat(p); return err == nil }
	if dir := os.Getenv("PTO_LLVM_BIN"); dir != "" {
		if p := filepath.Join(dir, "mlir-opt"); exists(p) {
			return p
		}
	} else {
		for _, n := range []string{"mlir-opt", "mlir-opt-22"} {
			if p, err := exec.LookPath(n); err == nil {
				return p
			}
		}
		if p := "/usr/lib/llvm-22/bin/mlir-opt"; exists(p) {
			return p
		}
	}
	if os.Getenv("PTO_REQUIRE_LLVM") == "1" {
		t.Fatal("PTO_REQUIRE_LLVM=1 but mlir-opt was not found (set PTO_LLVM_BIN)")
	}
	return ""
}

func TestTileExamplesPTO(t *testing.T) {
	mlirOpt := findMLIROpt(t)
	for _, f := range tileKernels(t) {
		for _, planner := range []string{"pypto", "dsa-rp", "ptoas"} {
			t.Run(filepath.Base(f)+"/"+planner, func(t *testing.T) {
				if planner == "pypto" && pass.Lookup("memory-reuse") == nil {
					t.Skip("memory-reuse is not registered")
				}
				out, errs, code := runPTO([]string{f, "-pto-memory-plan=planner=" + planner, "--target=ascend910b", "-check-tile-placement", "-convert-tile-to-pto"}, "")
				if code != 0 {
					t.Fatalf("planning and conversion failed:\n%s", errs)
				}
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
					t.Skip("mlir-opt not found; the generic form was not checked")
				}
				cmd := exec.Command(mlirOpt, "--allow-unregistered-dialect", "-")
				cmd.Stdin = strings.NewReader(generic)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Run(); err != nil {
					t.Fatalf("mlir-opt rejects the generic form (%v):\n%s\n%s", err, stderr.String(), generic)
				}
			})
		}
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
	mod.Walk(func(op *dialect.Operation) bool {
		if op.Name != "tile.alloc" {
			return true
		}
		addr, ok := dialect.AllocAddr(op)
		if !ok {
			t.Fatalf("a tile.alloc has no address after planning:\n%s", text)
		}
		size, _ := op.IntAttrValue("size")
		s := dialect.TileSpaceOf(op.Results[0].Type)
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
	mod.Walk(func(fn *dialect.Operation) bool {
		if fn.Name != "func.func" {
			return true
		}
		lv := analysis.ComputeLiveness(fn, nil)
		live := map[string][]int64{} // per space, bytes live at each point
		for _, root := range lv.Roots() {
			if root.Op.Name != "tile.alloc" {
				continue
			}
			s := dialect.TileSpaceOf(root.Type)
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
	out, errs, code := runPTO(append([]string{file, "--target=ascend910b"}, append(args, "-check-tile-placement")...), "")
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
	tgt, err := targets.Load("ascend910b")
	if err != nil {
		t.Fatal(err)
	}
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
		planned, errs, code := runPTO(append([]string{f, "--target=ascend910b"}, prep...), "")
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
		sort.Slice(spaces, func(i, j int) bool { return spaceOrder(spaces[i]) < spaceOrder(spaces[j]) })
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
	t.Logf("bytes per memory space on ascend910b (used = max addr+size):\n%s", table.String())
	for _, n := range notes {
		t.Logf("%s", n)
	}
}

func spaceOrder(s string) int {
	for i, x := range dialect.TileSpaces {
		if x == s {
			return i
		}
	}
	return len(dialect.TileSpaces)
}

func TestTileLoweringTable(t *testing.T) {
	n := 0
	for _, name := range dialect.AllOps() {
		if !strings.HasPrefix(name, "tile.") || name == "tile.alloc" {
			continue
		}
		n++
		p := tiletopto.LoweringOf(name)
		if p == "" {
			t.Errorf("%s has no pto lowering", name)
			continue
		}
		if dialect.Lookup("pto."+p) == nil {
			t.Errorf("%s lowers to pto.%s, which is not a registered op", name, p)
		}
	}
	if n == 0 {
		t.Fatal("no tile ops registered")
	}
}
