package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/planner"
)

// reservedDoc is a problem with reserved ranges at the bottom, in the
// middle and at the top of a pool, two exclusive pins, and buffers of
// several alignments live in overlapping windows.
const reservedDoc = `{
  "schema_version": 1,
  "problem": {
    "pools": [{"id": 0, "name": "vec", "capacity": 8192, "reserved_ranges": [{"begin": 0, "end": 512}, {"begin": 2000, "end": 2100}, {"begin": 7680, "end": 8192}]}],
    "buffers": [
      {"id": 1, "size": 700, "alignment": 256, "live_intervals": [{"lower": 0, "upper": 4}], "allowed_pools": [0]},
      {"id": 2, "size": 900, "alignment": 64, "live_intervals": [{"lower": 2, "upper": 6}], "allowed_pools": [0]},
      {"id": 3, "size": 300, "alignment": 32, "live_intervals": [{"lower": 3, "upper": 9}], "allowed_pools": [0]},
      {"id": 4, "size": 1200, "alignment": 512, "live_intervals": [{"lower": 5, "upper": 8}], "allowed_pools": [0]},
      {"id": 5, "size": 256, "alignment": 256, "live_intervals": [{"lower": 0, "upper": 1}], "allowed_pools": [0]},
      {"id": 6, "size": 128, "alignment": 128, "live_intervals": [{"lower": 8, "upper": 9}], "allowed_pools": [0]},
      {"id": 7, "size": 400, "alignment": 16, "live_intervals": [{"lower": 1, "upper": 7}], "allowed_pools": [0]}
    ],
    "constraints": {"pinned_allocations": [
      {"buffer": 5, "pool": 0, "offset": 4096, "exclusive_for_all_time": true},
      {"buffer": 6, "pool": 0, "offset": 6144, "exclusive_for_all_time": true}
    ]}
  }
}`

// TestEveryAlgorithmKeepsReservedRanges runs pto-plan with every
// planner (not the model of ptoas's planner, which refuses reserved
// ranges) and checks the written offsets against the document on its
// own: aligned, inside the capacity, clear of the reserved ranges and of
// the exclusive pins' bytes, and no two buffers live together overlapping.
func TestEveryAlgorithmKeepsReservedRanges(t *testing.T) {
	dir := t.TempDir()
	in := write(t, dir, "reserved.json", reservedDoc)
	d, err := planner.ReadJSON(strings.NewReader(reservedDoc), "reserved.json")
	if err != nil {
		t.Fatal(err)
	}
	p := d.Problem
	for _, alg := range planner.Planners() {
		out := filepath.Join(dir, alg+".json")
		code, _, stderr := runCLI("--algorithm="+alg, "-o", out, in)
		if code != 0 {
			// The lifetime-blind packers may not fit; they must say so.
			if alg != "trivial" && alg != "sequential" || !strings.Contains(stderr, "no placement within capacity") {
				t.Fatalf("%s: exit %d: %s", alg, code, stderr)
			}
			continue
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var sol struct {
			Placements []struct {
				Buffer int   `json:"buffer"`
				Offset int64 `json:"offset"`
			} `json:"placements"`
		}
		if err := json.Unmarshal(data, &sol); err != nil {
			t.Fatal(err)
		}
		off := map[int]int64{}
		for _, pl := range sol.Placements {
			off[pl.Buffer] = pl.Offset
		}
		if err := checkPlacement(p, d.BufferIDs, off); err != nil {
			t.Errorf("%s: %v", alg, err)
		}
	}
}

// checkPlacement is an independent check of offsets (by buffer id).
func checkPlacement(p *planner.Problem, ids []uint32, off map[int]int64) error {
	pool := p.Pools[0]
	end := func(i int) int64 { return off[int(ids[i])] + p.Buffers[i].Size }
	for i, b := range p.Buffers {
		o := off[int(ids[i])]
		switch {
		case o%b.Align != 0:
			return fmt.Errorf("buffer %d at %d is not %d-aligned", ids[i], o, b.Align)
		case end(i) > pool.Capacity:
			return fmt.Errorf("buffer %d at [%d, %d) is past the capacity", ids[i], o, end(i))
		}
		for _, r := range pool.Reserved {
			if o < r.End && r.Start < end(i) {
				return fmt.Errorf("buffer %d at [%d, %d) is on reserved bytes [%d, %d)", ids[i], o, end(i), r.Start, r.End)
			}
		}
		for j, c := range p.Buffers {
			if j == i || off[int(ids[j])] >= end(i) || o >= end(j) {
				continue
			}
			if b.Exclusive || c.Exclusive || planner.LiveOverlap(b.Live, c.Live) {
				return fmt.Errorf("buffers %d and %d share bytes", ids[i], ids[j])
			}
		}
	}
	return nil
}

// TestPinsOnExclusiveBytes: a pin on the bytes an exclusive pin keeps is
// bad input, named with both buffers, under every algorithm.
func TestPinsOnExclusiveBytes(t *testing.T) {
	dir := t.TempDir()
	doc := strings.Replace(reservedDoc, `{"buffer": 6, "pool": 0, "offset": 6144, "exclusive_for_all_time": true}`,
		`{"buffer": 6, "pool": 0, "offset": 4224, "exclusive_for_all_time": false}`, 1)
	in := write(t, dir, "clash.json", doc)
	for _, alg := range planner.Algorithms() {
		code, _, stderr := runCLI("--algorithm="+alg, "-o", filepath.Join(dir, "out.json"), in)
		if code != 1 || !strings.Contains(stderr, "buffer 6 is pinned to [4224, 4352), on bytes [4096, 4352) that buffer 5 keeps for itself for all time") {
			t.Errorf("%s: exit %d: %s", alg, code, stderr)
		}
	}
}
