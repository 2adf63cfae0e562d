package test

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/internal/gen/tilegen"
)

// The planning property: every valid tile kernel, under every planner and
// target, is either planned into code that computes what the unplanned
// kernel computes, or refused with a located diagnostic about the
// program. Kernels come from internal/gen/tilegen; each is planned by the
// driver with -check-tile-placement and --verify-plan, which runs it
// before and after planning on the reference executor (analysis/tilerun)
// with four inputs.
//
// A finding is any other outcome: a divergence the executor sees, a plan
// the validator rejects after a pass committed it, an "internal error", an
// unlocated error, or a panic.
//
// go test runs PTO_PLAN_PROGRAMS kernels (default 24; CI sets a few
// hundred); PTO_PLAN_SEED moves the window of seeds. FuzzPlanKernels
// searches seeds without bound: go test ./test -fuzz FuzzPlanKernels.

// planConfig is one way of planning.
type planConfig struct {
	name string
	args []string
}

// planConfigs are the planners (the three pipelines and the explicit
// pass list) crossed with the targets (none, both built-ins, and a
// 910B whose vec and mat spaces are small enough for kernels to overflow
// them).
func planConfigs(tight string) []planConfig {
	planners := []struct {
		name string
		args []string
	}{
		{"pypto", []string{"-pto-memory-plan=planner=pypto"}},
		// -pto-memory-plan=planner=dsa-rp spelled out, with a search budget
		// small enough for hundreds of kernels.
		{"dsa-rp", []string{"-init-memref=planner=dsa-rp", "-materialize-semantic-aliases", "-allocate-addr=planner=dsa-rp work=6000000"}},
		{"ptoas", []string{"-pto-memory-plan=planner=ptoas"}},
		{"passes", []string{"-init-memref", "-materialize-semantic-aliases", "-memory-reuse", "-allocate-addr"}},
	}
	targets := []string{"", "ascend910b", "ascend950", tight}
	var out []planConfig
	for _, p := range planners {
		for _, t := range targets {
			args := append([]string(nil), p.args...)
			name := p.name
			if t != "" {
				args = append(args, "--target="+t)
				name += "/" + strings.TrimSuffix(filepath.Base(t), ".json")
			} else {
				name += "/none"
			}
			args = append(args, "-check-tile-placement", "--verify-plan", "-o", os.DevNull, "-")
			out = append(out, planConfig{name: name, args: args})
		}
	}
	return out
}

// tightTarget writes a 910B variant with 8 KiB vec and mat spaces.
func tightTarget(t testing.TB) string {
	path := filepath.Join(t.TempDir(), "tight.json")
	src := `{"name": "tight", "inherits": "ascend910b", "spaces": {"vec": {"capacity": 8192}, "mat": {"capacity": 8192}}}`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// outcome is what planning one kernel one way gave.
type outcome struct {
	planned bool
	finding string // empty unless the run is a finding
	refusal string // the first error line of a clean refusal
}

var located = regexp.MustCompile(`^<stdin>:\d+:\d+: error: `)

// planOnce runs the driver in-process on one kernel.
func planOnce(src string, cfg planConfig) (out outcome) {
	var stdout, stderr bytes.Buffer
	defer func() {
		if r := recover(); r != nil {
			out = outcome{finding: fmt.Sprintf("panic: %v", r)}
		}
	}()
	status := driver.Run(cfg.args, strings.NewReader(src), &stdout, &stderr)
	return classify(status, stderr.String())
}

// classify sorts a driver run by its exit status and standard error.
func classify(status int, msg string) outcome {
	// The first error line (warnings may come before it).
	first, _, _ := strings.Cut(msg, "\n")
	for _, l := range strings.Split(msg, "\n") {
		if strings.Contains(l, "error:") {
			first = l
			break
		}
	}
	switch {
	case status == 0 && !strings.Contains(msg, "error:"):
		return outcome{planned: true}
	case status == 0:
		return outcome{finding: "exit status 0 with an error: " + first}
	case strings.Contains(msg, "verify-plan:") && !strings.Contains(msg, "cannot run"):
		return outcome{finding: first}
	case strings.Contains(msg, "internal error"), strings.Contains(msg, "placement: "), strings.Contains(msg, "breaks a rule"):
		return outcome{finding: first}
	case !located.MatchString(first):
		return outcome{finding: "unlocated: " + first}
	}
	return outcome{refusal: first}
}

// shape is a message with its locations and numbers blanked, to group
// findings and refusals.
var numbers = regexp.MustCompile(`<stdin>:\d+:\d+|\d+`)

func shape(msg string) string { return numbers.ReplaceAllString(msg, "N") }

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

func TestPlanProperty(t *testing.T) {
	n := envInt("PTO_PLAN_PROGRAMS", 24)
	base := uint64(envInt("PTO_PLAN_SEED", 1))
	cfgs := planConfigs(tightTarget(t))
	var mu sync.Mutex
	planned, findings, refused := 0, 0, map[string]int{}
	t.Run("kernels", func(t *testing.T) {
		for k := 0; k < n; k++ {
			seed := base + uint64(k)
			opts := tilegen.Options{BigTiles: k%5 == 4}
			t.Run(strconv.FormatUint(seed, 10), func(t *testing.T) {
				t.Parallel()
				src := tilegen.Generate(seed, opts)
				for _, cfg := range cfgs {
					o := planOnce(src, cfg)
					mu.Lock()
					switch {
					case o.planned:
						planned++
					case o.finding != "":
						findings++
						t.Errorf("BigTiles %v, %s: %s", opts.BigTiles, cfg.name, o.finding)
					default:
						refused[shape(o.refusal)]++
					}
					mu.Unlock()
				}
			})
		}
	})
	total := n * len(cfgs)
	t.Logf("%d kernels x %d configurations = %d runs: %d planned and verified, %d refused, %d findings", n, len(cfgs), total, planned, total-planned-findings, findings)
	keys := slices.Sorted(maps.Keys(refused))
	for _, k := range keys {
		t.Logf("  refused %5d: %s", refused[k], k)
	}
}

func FuzzPlanKernels(f *testing.F) {
	for s := uint64(1); s <= 8; s++ {
		f.Add(s, s%5 == 4)
	}
	cfgs := planConfigs(tightTarget(f))
	f.Fuzz(func(t *testing.T, seed uint64, big bool) {
		src := tilegen.Generate(seed, tilegen.Options{BigTiles: big})
		for _, cfg := range cfgs {
			if o := planOnce(src, cfg); o.finding != "" {
				t.Fatalf("%s: %s\n%s", cfg.name, o.finding, src)
			}
		}
	})
}
