package test

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/internal/gen/tilegen"
)

// The planning property on pto kernels (ptoas's language): random tile
// kernels from internal/gen/tilegen (Options.PTO: the ops the lowering
// has a form for), lowered to the pto dialect without
// addresses (init-memref gives each tile an allocation of its own and
// materialize-scratch each op that needs one its tmp tile,
// convert-tile-to-pto turns them into pto.alloc_tile), are planned by
// every pto planner on both built-in targets with -check-tile-placement
// (but planner=ptoas, which leaves the addresses to ptoas) and
// --verify-plan, which runs the pto kernel before and after planning
// on the reference executor's generic rule for pto ops. Each run is
// planned and verified, or refused with a located diagnostic; anything
// else (a divergence, an unlocated error, a panic, a plan that passes
// without being run) is a finding.
//
// PTO_PLAN_PROGRAMS kernels (default 8), from PTO_PLAN_SEED. A kernel
// the lowering refuses (an op with no ptoas form) is counted and
// skipped: the lowering's refusals are its own tests'.

// ptoPlanners are the pto planners: the pipeline's three and the step by
// step form.
var ptoPlanners = []planConfig{
	{"pypto", []string{"-pto-memory-plan=planner=pypto"}},
	{"dsa-rp", []string{"-pto-memory-plan=planner=dsa-rp"}},
	{"ptoas", []string{"-pto-memory-plan=planner=ptoas"}},
	{"passes", []string{"-memory-reuse", "-allocate-addr"}},
}

// lowerToPTO is the unplanned pto form of a tile kernel, lowered for no
// arch in particular (false: the lowering refused it); a planner refuses
// what a target's arch rules do not allow, at the op.
func lowerToPTO(src string) (string, bool) {
	var stdout, stderr bytes.Buffer
	args := []string{"-materialize-scratch", "-init-memref", "-materialize-semantic-aliases", "-convert-tile-to-pto", "-o", "-", "-"}
	if driver.Run(args, strings.NewReader(src), &stdout, &stderr) != 0 {
		return "", false
	}
	return stdout.String(), true
}

func TestPlanPTOPrograms(t *testing.T) {
	n := envInt("PTO_PLAN_PROGRAMS", 8)
	base := uint64(envInt("PTO_PLAN_SEED", 1))
	targets := []string{"ascend910b", "ascend950"}
	var mu sync.Mutex
	verified, refused, unlowered, findings := 0, map[string]int{}, 0, 0
	t.Run("kernels", func(t *testing.T) {
		for k := 0; k < n; k++ {
			seed := base + uint64(k)
			t.Run(strconv.FormatUint(seed, 10), func(t *testing.T) {
				t.Parallel()
				src := tilegen.Generate(seed, tilegen.Options{PTO: true})
				pto, ok := lowerToPTO(src)
				if !ok {
					mu.Lock()
					unlowered++
					mu.Unlock()
					return
				}
				for _, target := range targets {
					for _, p := range ptoPlanners {
						args := append(append([]string(nil), p.args...), "--target="+target, "--verify-plan")
						if p.name != "ptoas" {
							// planner=ptoas leaves the addresses to ptoas:
							// there is no placement to check.
							args = append(args, "-check-tile-placement")
						}
						args = append(args, "-o", "/dev/null", "-")
						o, stderr := planPTOOnce(pto, args)
						mu.Lock()
						switch {
						case o.planned && !strings.Contains(stderr, "pto-opt: verify-plan: @"):
							findings++
							t.Errorf("%s/%s: planned, but --verify-plan ran nothing:\n%s", p.name, target, stderr)
						case o.planned:
							verified++
						case o.finding != "":
							findings++
							t.Errorf("%s/%s: %s\n%s", p.name, target, o.finding, pto)
						default:
							refused[shape(o.refusal)]++
						}
						mu.Unlock()
					}
				}
			})
		}
	})
	nrefused := 0
	for _, c := range refused {
		nrefused += c
	}
	t.Logf("%d kernels (%d not lowered) x %d targets x %d planners: %d plans verified, %d refused, %d findings", n, unlowered, len(targets), len(ptoPlanners), verified, nrefused, findings)
	for k, c := range refused {
		t.Logf("  refused %5d: %s", c, k)
	}
	if verified == 0 && findings == 0 {
		t.Errorf("no pto kernel was planned and verified: the property checked nothing")
	}
}

// planPTOOnce runs the driver on one pto kernel, classified as planOnce
// does, with its standard error.
func planPTOOnce(src string, args []string) (outcome, string) {
	var stdout, stderr bytes.Buffer
	o := func() (out outcome) {
		defer func() {
			if r := recover(); r != nil {
				out = outcome{finding: "panic"}
			}
		}()
		status := driver.Run(args, strings.NewReader(src), &stdout, &stderr)
		return classify(status, stderr.String())
	}()
	return o, stderr.String()
}
