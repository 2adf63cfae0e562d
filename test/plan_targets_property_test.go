package test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	"github.com/pto-opt/pto-opt/internal/gen/tilegen"
)

// The target property: every planner honours every restriction a target
// declares (reserved windows, capacity, alignment) or refuses the kernel
// with a located error. Kernels come from tilegen; each is planned under
// every planner on user targets whose spaces have reserved windows (at 0,
// in the middle, at the end) and alignments above the built-ins'. A
// planned kernel's addresses are checked here, from the printed IR
// against the target's numbers, besides -check-tile-placement in the
// pipeline: no allocation in a window, past the capacity or off the
// alignment.
//
// PTO_PLAN_PROGRAMS kernels (default 24), as TestPlanProperty.

// restrictedTarget is a user target and the restrictions it declares, by
// space: capacity, alignment, reserved windows.
type restrictedTarget struct {
	name   string
	json   string
	spaces map[string]spaceRules
}

type spaceRules struct {
	capacity, align int64
	reserved        [][2]int64
}

func restrictedTargets() []restrictedTarget {
	return []restrictedTarget{
		{"windows", `{"name": "windows", "inherits": "ascend910b", "spaces": {
			"vec": {"capacity": 65536, "alignment": 256, "reserved": [[0, 4096], [8192, 12288]]},
			"mat": {"capacity": 131072, "alignment": 512, "reserved": [[1024, 2048]]},
			"acc": {"reserved": [[0, 512]]},
			"left": {"reserved": [[60000, 65536]]}}}`,
			map[string]spaceRules{
				"vec": {65536, 256, [][2]int64{{0, 4096}, {8192, 12288}}}, "mat": {131072, 512, [][2]int64{{1024, 2048}}},
				"left": {65536, 32, [][2]int64{{60000, 65536}}}, "right": {65536, 32, nil}, "acc": {131072, 32, [][2]int64{{0, 512}}}, "bias": {1024, 32, nil},
			}},
		{"top", `{"name": "top", "inherits": "ascend950", "spaces": {
			"vec": {"capacity": 65536, "reserved": [[32768, 65536]]},
			"mat": {"capacity": 65536, "alignment": 128, "reserved": [[96, 224], [300, 400]]}}}`,
			map[string]spaceRules{
				"vec": {65536, 32, [][2]int64{{32768, 65536}}}, "mat": {65536, 128, [][2]int64{{96, 224}, {300, 400}}},
				"left": {65536, 32, nil}, "right": {65536, 32, nil}, "acc": {262144, 32, nil}, "bias": {4096, 32, nil},
				"left_scale": {4096, 32, nil}, "right_scale": {4096, 32, nil},
			}},
	}
}

// targetPlanners are the planners, each as a pass list.
var targetPlanners = [][]string{
	{"-pto-memory-plan=planner=pypto"},
	{"-init-memref=planner=dsa-rp", "-materialize-semantic-aliases", "-allocate-addr=planner=dsa-rp work=3000000"},
	{"-pto-memory-plan=planner=ptoas"},
	{"-init-memref", "-materialize-semantic-aliases", "-allocate-addr=planner=sequential"},
	{"-init-memref", "-materialize-semantic-aliases", "-allocate-addr=planner=best-fit"},
	{"-init-memref", "-materialize-semantic-aliases", "-allocate-addr=planner=ffd"},
	{"-init-memref", "-materialize-semantic-aliases", "-allocate-addr=planner=trivial"},
	{"-init-memref", "-materialize-semantic-aliases", "-memory-reuse", "-allocate-addr=planner=best-fit"},
}

var (
	allocAddr   = regexp.MustCompile(`tile\.alloc (\w+), (\d+) \{addr = (\d+)`)
	allocNoAddr = regexp.MustCompile(`tile\.alloc (\w+), \d+( \{pinned\})? :`)
)

// ptoasAlign is what ptoas's planner aligns a tile to in the spaces the
// restricted targets use (their "ptoas" entries, inherited).
var ptoasAlign = map[string]int64{"vec": 32, "mat": 32, "left": 512, "right": 512, "acc": 512, "bias": 32}

// addrViolation is what a printed plan breaks of the target's rules, or "".
// An allocation left without an address is placed by ptoas, which is not
// told the target's windows or an alignment above its own.
func addrViolation(out string, rules map[string]spaceRules) string {
	for _, m := range allocNoAddr.FindAllStringSubmatch(out, -1) {
		if r := rules[m[1]]; len(r.reserved) > 0 || r.align > ptoasAlign[m[1]] {
			return fmt.Sprintf("a %s allocation is left to ptoas, which ignores the space's reserved windows %v and alignment %d", m[1], r.reserved, r.align)
		}
	}
	for _, m := range allocAddr.FindAllStringSubmatch(out, -1) {
		space := m[1]
		size, _ := strconv.ParseInt(m[2], 10, 64)
		addr, _ := strconv.ParseInt(m[3], 10, 64)
		r, ok := rules[space]
		if !ok {
			return fmt.Sprintf("an allocation in space %s, which the test does not know", space)
		}
		switch {
		case addr%r.align != 0:
			return fmt.Sprintf("%s allocation at %d, not %d-byte aligned", space, addr, r.align)
		case r.capacity > 0 && addr+size > r.capacity:
			return fmt.Sprintf("%s allocation at [%d, %d), past the capacity %d", space, addr, addr+size, r.capacity)
		}
		for _, w := range r.reserved {
			if size > 0 && addr < w[1] && w[0] < addr+size {
				return fmt.Sprintf("%s allocation at [%d, %d), in the reserved window [%d, %d)", space, addr, addr+size, w[0], w[1])
			}
		}
	}
	return ""
}

func TestPlannersHonourTargets(t *testing.T) {
	n := envInt("PTO_PLAN_PROGRAMS", 24)
	dir := t.TempDir()
	targets := restrictedTargets()
	for i := range targets {
		path := filepath.Join(dir, targets[i].name+".json")
		if err := os.WriteFile(path, []byte(targets[i].json), 0o644); err != nil {
			t.Fatal(err)
		}
		targets[i].json = path
	}
	planned, refused := 0, 0
	for k := 0; k < n; k++ {
		seed := uint64(k + 1)
		src := tilegen.Generate(seed, tilegen.Options{BigTiles: k%3 == 2})
		for _, tg := range targets {
			for _, pl := range targetPlanners {
				args := append(append([]string(nil), pl...), "--target="+tg.json, "-check-tile-placement", "-")
				var stdout, stderr bytes.Buffer
				status := driver.Run(args, strings.NewReader(src), &stdout, &stderr)
				what := fmt.Sprintf("seed %d, target %s, %s", seed, tg.name, strings.Join(pl, " "))
				msg := stderr.String()
				first := msg
				for _, l := range strings.Split(msg, "\n") {
					if strings.Contains(l, "error:") {
						first = l
						break
					}
				}
				switch {
				case status == 0 && strings.Contains(msg, "error:"):
					t.Errorf("%s: exit status 0 with an error: %s", what, first)
				case status == 0:
					if v := addrViolation(stdout.String(), tg.spaces); v != "" {
						t.Errorf("%s: planned, but %s", what, v)
					}
					planned++
				case strings.Contains(msg, "internal error") || strings.Contains(msg, "breaks a rule"):
					t.Errorf("%s: %s", what, first)
				case !located.MatchString(first):
					t.Errorf("%s: unlocated: %s", what, first)
				default:
					refused++
				}
			}
		}
	}
	t.Logf("%d planned and checked, %d refused with a located error", planned, refused)
}
