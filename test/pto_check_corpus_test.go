package test

// check-tile-placement on real plans of PTO kernels (issue 28, target 3):
//
//   - every level-3 kernel of ptoas's corpus (PyPTO's addresses) is
//     checked as it is: each fault found must be a located error, and the
//     one the issue names (TPushTPop/test5: %lhs_mat and %rhs_mat on the
//     same bytes while both are live) must be among them;
//   - every level-2 kernel ptoas accepts is planned by ptoas, its plan read
//     from ptoas's standard error (package ptoasdump), written into the
//     kernel as addresses (a level-3 kernel of ptoas's plan) and checked:
//     every (function, space) where ptoas's plan overlaps buffers its
//     capacity had room to keep apart (its fallback addresses of tiles it
//     never sees written, ptoasFallbacks) must be reported.
//
// The faults found are logged. The corpus and ptoas are optional: the
// test skips without them (CI requires them with PTO_REQUIRE_PTOAS=1).

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/analysis/ptobuf"
	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/test/internal/ptoasdump"
)

// checkPlacement runs pto-opt -check-tile-placement on file: "" when the
// plan passes, else the first error line; a failure without a located
// error (or with an internal error) is a test error.
func checkPlacement(t *testing.T, file, target string) string {
	t.Helper()
	var out, errs bytes.Buffer
	code := driver.Run([]string{file, "--target=" + target, "-check-tile-placement", "-o", os.DevNull}, nil, &out, &errs)
	if code == 0 {
		return ""
	}
	if !locatedErrorRE(file).MatchString(errs.String()) || strings.Contains(errs.String(), "internal error") {
		t.Errorf("%s: check-tile-placement fails (exit %d) without a located error:\n%s", file, code, errs.String())
	}
	return strings.TrimPrefix(firstErrorLine(errs.String()), file)
}

func TestPTOCheckCorpus(t *testing.T) {
	c := loadPTOASCorpus(t)
	t.Run("level3", func(t *testing.T) {
		var faults []string
		found := map[string]string{}
		for _, f := range c.files {
			v := c.verdicts[f]
			if !v.PTOASAccepts || v.Level != "level3" {
				continue
			}
			if msg := checkPlacement(t, filepath.Join(c.dir, f), archTargets[v.Arch]); msg != "" {
				found[f] = msg
				faults = append(faults, f+msg)
			}
		}
		t.Logf("faults check-tile-placement finds in PyPTO's level-3 plans (%d):\n  %s", len(faults), strings.Join(faults, "\n  "))
		const want = "test/samples/TPushTPop/test5/kernel.pto"
		if msg := found[want]; !strings.Contains(msg, "%lhs_mat") || !strings.Contains(msg, "%rhs_mat") {
			t.Errorf("%s: want the fault of %%lhs_mat and %%rhs_mat on the same bytes, got %q", want, msg)
		}
	})
	t.Run("level2-ptoas-plans", func(t *testing.T) {
		ptoas := findPTOAS(t)
		if ptoas == "" {
			t.Skip("no ptoas: its plans are not checked")
		}
		tmp := t.TempDir()
		var faults, skipped, inPlace []string
		for _, f := range c.files {
			v := c.verdicts[f]
			if !v.PTOASAccepts || v.Level != "level2" {
				continue
			}
			path := filepath.Join(c.dir, f)
			run := runPTOASOnCorpusFile(ptoas, path, v, tmp)
			if run.err != nil {
				t.Errorf("%s: ptoas rejects the original: %s", f, ptoasFirstError(run))
				continue
			}
			plan, err := ptoasdump.Read(run.stderr)
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			planned, why, err := withPTOASPlan(string(src), plan)
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			if why != "" {
				skipped = append(skipped, f+": "+why)
				continue
			}
			file := filepath.Join(tmp, strings.ReplaceAll(f, "/", "_"))
			if err := os.WriteFile(file, []byte(planned), 0o644); err != nil {
				t.Fatal(err)
			}
			msg := checkPlacement(t, file, archTargets[v.Arch])
			if msg != "" && !strings.Contains(msg, "error: check-tile-placement: ") {
				// pto-opt cannot read the kernel itself.
				skipped = append(skipped, f+msg)
				continue
			}
			if msg != "" {
				faults = append(faults, f+msg)
			}
			for key, what := range ptoasFallbacks(t, plan, archTargets[v.Arch]) {
				if msg != "" {
					continue
				}
				// ptoas's overlap may be an output written over an input
				// that dies at its op, which pto-opt's rules allow.
				if ok, err := sameAddressInPlace(planned, archTargets[v.Arch], key); err != nil || !ok {
					t.Errorf("%s: %s: %s, and check-tile-placement passes ptoas's plan (%v)", f, key, what, err)
					continue
				}
				inPlace = append(inPlace, f+": "+key+": "+what)
			}
		}
		t.Logf("faults check-tile-placement finds in ptoas's plans of level-2 kernels (%d):\n  %s", len(faults), strings.Join(faults, "\n  "))
		if len(inPlace) > 0 {
			t.Logf("ptoas's overlaps that are in-place writes pto-opt's rules allow (%d):\n  %s", len(inPlace), strings.Join(inPlace, "\n  "))
		}
		if len(skipped) > 0 {
			t.Logf("level-2 kernels whose ptoas plan is not checked (%d):\n  %s", len(skipped), strings.Join(skipped, "\n  "))
		}
	})
}

// withPTOASPlan writes ptoas's plan into a level-2 kernel: the i-th
// buffer of a function's plan becomes the address of the i-th buffer root
// of the function (alloc_tile's addr; a memref.alloc becomes a
// pto.pointer_cast), the i-th reserved region the base of the i-th
// reserve_buffer. why says why a kernel cannot be written so (ptoas
// dropped buffers, a multi-buffer), and is empty otherwise.
func withPTOASPlan(src string, plan *ptoasdump.Plan) (out, why string, err error) {
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		return "", "", err
	}
	var fns []*ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if _, ok := op.StrAttrValue("sym_name"); ok && op.Body(0) != nil && len(op.Regions()) == 1 && op.ParentOp() == m {
			fns = append(fns, op)
			return false
		}
		return true
	})
	for _, fn := range fns {
		name, _ := fn.StrAttrValue("sym_name")
		md, err := ptobuf.Build(fn)
		if err != nil {
			return "", "", err
		}
		if len(md.Roots) == 0 {
			continue
		}
		p := plan.Function(name)
		if p == nil {
			return "", "", fmt.Errorf("ptoas printed no plan of @%s", name)
		}
		var bufs, reserves []*ptobuf.Root
		for _, r := range md.Roots {
			if r.Kind == ptobuf.Reserve {
				reserves = append(reserves, r)
			} else {
				bufs = append(bufs, r)
			}
		}
		if len(bufs) != len(p.Buffers) || len(reserves) != len(p.Reserved) {
			return "", fmt.Sprintf("@%s: ptoas planned %d buffers and %d reserved regions of %d and %d", name, len(p.Buffers), len(p.Reserved), len(bufs), len(reserves)), nil
		}
		consts := map[int64]*ir.Value{}
		addr := func(n int64) *ir.Value {
			if v, ok := consts[n]; ok {
				return v
			}
			op := ir.NewOperation("arith.constant", fn.Loc, nil, []ir.Type{ir.I64})
			op.SetAttr("value", ir.Int(n, ir.I64))
			fn.Body(0).InsertAt(0, op)
			consts[n] = op.Results[0]
			return op.Results[0]
		}
		for i, r := range bufs {
			b := p.Buffers[i]
			if len(b.Addrs) != 1 {
				return "", fmt.Sprintf("@%s: a multi-buffer (line %d of ptoas's standard error)", name, b.Line), nil
			}
			if b.Space != r.Space {
				return "", "", fmt.Errorf("@%s: buffer %d is in %s in ptoas's plan, %s in the kernel", name, i, b.Space, r.Space)
			}
			switch r.Kind {
			case ptobuf.Tile:
				f, ok := ir.InterfaceOf[interface {
					SetTileAddr(op *ir.Operation, addr *ir.Value)
				}](r.Op)
				if !ok {
					return "", "", fmt.Errorf("@%s: %s takes no address", name, ptobuf.Name(r))
				}
				f.SetTileAddr(r.Op, addr(b.Addrs[0]))
			case ptobuf.MemRef:
				pc := pto.PointerCastAt(r.Op, addr(b.Addrs[0]))
				r.Op.Block.InsertBefore(r.Op, pc)
				r.Op.Results[0].ReplaceAllUsesWith(pc.Results[0])
				pc.Results[0].NameHint = r.Op.Results[0].NameHint
				r.Op.Erase()
			}
		}
		for i, r := range reserves {
			f, ok := ir.InterfaceOf[interface {
				SetReservationBase(op *ir.Operation, base int64)
			}](r.Op)
			if !ok {
				return "", "", fmt.Errorf("@%s: %s takes no base", name, ptobuf.Name(r))
			}
			f.SetReservationBase(r.Op, p.Reserved[i].Addrs[0])
		}
	}
	return printer.String(m, printer.Options{}), "", nil
}

// sameAddressInPlace: function/space key of the planned kernel src has an
// op writing its output in place over an input that dies at it
// (ptobuf's InPlacePairs on target's arch), the two at one address.
func sameAddressInPlace(src, target, key string) (bool, error) {
	fnName, space, _ := strings.Cut(key, "/")
	tg, err := targets.Load(target)
	if err != nil {
		return false, err
	}
	m, err := parser.ParseString(src, parser.Options{})
	if err != nil {
		return false, err
	}
	found := false
	var berr error
	m.Walk(func(op *ir.Operation) bool {
		if name, ok := op.StrAttrValue("sym_name"); !ok || name != fnName || op.ParentOp() != m {
			return true
		}
		md, err := ptobuf.BuildPlanned(op)
		if err != nil {
			berr = err
			return false
		}
		for _, ip := range md.InPlacePairs(tg.PTO()) {
			out, in := ip.Out.Members[0], ip.In.Members[0]
			found = found || (out.Space == space && out.Addr == in.Addr)
		}
		return false
	})
	return found, berr
}
