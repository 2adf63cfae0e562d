package planner

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadCSV(t *testing.T) {
	in := "size,id,upper,lower,alignment\n4,x,3,0,1\n8,y,5,2,4\n"
	p, err := ReadCSV(strings.NewReader(in), "dir/K.1048576.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := &Problem{
		Pools:   []Pool{{Name: "K.1048576", Capacity: 1048576}},
		Buffers: []Buffer{buf("x", 4, 1, 0, 3), buf("y", 8, 4, 2, 5)},
	}
	if diff := cmp.Diff(want, p); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if _, ok := CapacityFromName("plain.csv"); ok {
		t.Fatal("capacity from a name without one")
	}
}

func TestReadCSVErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", "f.csv:1: empty file"},
		{"id,lower,size\n", `f.csv:1: missing column "upper"`},
		{"id,lower,upper,size\n1,0,2,4\n2,0,x,4\n", `f.csv:3: upper "x" is not an integer`},
		{"id,lower,upper,size\n1,0,2,-4\n", "f.csv:2: negative size -4"},
		{"id,lower,upper,size\n1,5,2,4\n", "f.csv:2: upper 2 before lower 5"},
		{"id,lower,upper,size,alignment\n1,0,2,4,0\n", "f.csv:2: alignment 0 < 1"},
		{"id,lower,upper,size\n1,0,2\n", "f.csv:2: 3 fields, header has 4"},
		{"id,lower,upper,size\n", "f.csv: no buffers"},
		{"id,lower,upper,size\n\"1,0,2,4\n", "f.csv:2:"},
		{"id,lower,upper,size\na,0,2,4\nb,0,2,4\na,1,3,4\n", `f.csv:4: duplicate id "a" (first on line 2)`},
		{"id,lower,upper,size,alignment\n1,0,2,4,3\n", "f.csv:2: alignment 3 is not a power of two"},
		// The planner's limits, at the row that crosses them.
		{"id,lower,upper,size\na,0,4,4611686018427387904\n", "f.csv:2: buffer 0 (a): size 4611686018427387904 is above the planner's limit"},
		{"id,lower,upper,size\na,0,4,1152921504606846976\nb,0,4,1152921504606846976\n\nc,0,4,1152921504606846976\nd,0,4,1152921504606846976\n",
			"f.csv:6: buffer 3 (d): with it, pool f could need more than the planner's limit"},
		{"id,lower,upper,size\na,0,9223372036854775807,4\n", "f.csv:2: buffer 0 (a): live interval [0, 9223372036854775807) reaches beyond"},
	}
	for _, tc := range cases {
		_, err := ReadCSV(strings.NewReader(tc.in), "f.csv")
		var ie *InputError
		if err == nil || !errors.As(err, &ie) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want prefix %q", tc.in, err, tc.want)
		}
	}
}

func TestWriteCSVRoundTrip(t *testing.T) {
	p := onePool(0, buf("a", 4, 1, 0, 3), buf("b,c", 8, 4, 2, 5))
	var out bytes.Buffer
	if err := WriteCSV(&out, p, Solution{Offsets: []int64{0, 4}}); err != nil {
		t.Fatal(err)
	}
	want := "id,lower,upper,size,alignment,offset\na,0,3,4,1,0\n\"b,c\",2,5,8,4,4\n"
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
	back, err := ReadCSV(&out, "x.csv")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(p.Buffers, back.Buffers); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
}

func readSmall(t *testing.T) *Document {
	t.Helper()
	f, err := os.Open("testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := ReadJSON(f, "testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestReadJSON(t *testing.T) {
	d := readSmall(t)
	// The exclusive pin keeps c away from everything in its pool: one
	// flag, not a separation per buffer.
	c := Buffer{Name: "c", Size: 64, Align: 64, Live: []Interval{{0, 2}, {6, 9}}, Pinned: true, Offset: 960, Exclusive: true}
	m, n := buf("m", 512, 1, 0, 9), buf("n", 512, 1, 0, 9)
	m.Pool, n.Pool = 1, 1
	want := &Problem{
		Pools:              []Pool{{Name: "Vec", Capacity: 1024, Reserved: []Interval{{0, 128}}}, {Name: "Mat"}},
		Buffers:            []Buffer{buf("a", 256, 32, 0, 4), buf("b", 256, 32, 4, 8), c, m, n},
		Separations:        []Separation{{A: 1, B: 0, Reason: "pipeline_stage"}},
		TemporalExclusions: [][2]int{{3, 4}},
		Penalties:          []Penalty{{A: 0, B: 2, Cost: 2}},
		Objective:          []string{MetricCapacityOverflow, MetricReuseCost},
	}
	if diff := cmp.Diff(want, d.Problem); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if d.Instance != "hand-made" || d.Profile != "pypto_research_v1" || len(d.Fingerprint) != 16 {
		t.Fatalf("document %q %q %q", d.Instance, d.Profile, d.Fingerprint)
	}
	if diff := cmp.Diff([]uint32{10, 11, 12, 20, 21}, d.BufferIDs); diff != "" {
		t.Fatal(diff)
	}
}

func TestReadJSONErrors(t *testing.T) {
	good, err := os.ReadFile("testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) string {
		if !bytes.Contains(good, []byte(old)) {
			t.Fatalf("fixture lacks %q", old)
		}
		return strings.Replace(string(good), old, new, 1)
	}
	cases := []struct{ in, want string }{
		{"{\n  \"schema_version\": 1,\n  \"problem\": [\n", "f.json:4: malformed JSON"},
		{edit(`"allowed_pools": [7]}`, `"allowed_pools": [9]}`), "f.json: problem.buffers[3].allowed_pools[0]: unknown pool 9"},
		{edit(`"size": 256, "alignment": 32, "live_intervals": [{"lower": 4`, `"size": -1, "alignment": 32, "live_intervals": [{"lower": 4`), "f.json: problem.buffers[1].size: negative size -1"},
		{edit(`{"first": 11, "second": 10`, `{"first": 11, "second": 99`), "f.json: problem.constraints.separations[0].second: unknown buffer 99"},
		{edit(`"allowed_pools": [7]}`, `"allowed_pools": [7, 3]}`), "flexible pool assignment"},
		{edit(`"schema_version": 1`, `"schema_version": 2`), "f.json: schema_version: unsupported version 2"},
		{edit(`"name": "a",`, `"name": "a", "colour": "red",`), `f.json: problem.buffers[0]: json: unknown field "colour"`},
		{edit(`"size": 64,`, `"size": 6.5,`), "f.json: problem.buffers[2].size: expected int64"},
		{edit(`"terms": ["capacity_overflow", "reuse_cost"]`, `"terms": ["bank_cost"]`), "problem.objective.terms[0]: objective term \"bank_cost\" is not supported"},
		// One document, and nothing after it (the fixture has 27 lines).
		{string(good) + "\n  }\n", "f.json:29: malformed JSON: data after the document"},
		{string(good) + `{"schema_version": 1}`, "f.json:28: malformed JSON: data after the document"},
		{edit(`"profile": "pypto_research_v1"`, `"profile": "pypto_fancy"`), `f.json: profile: unknown profile "pypto_fancy" (the schema has standard_dsa, dsa_rp_v1,`},
		{edit(`"profile": "pypto_research_v1"`, `"profile": ""`), `f.json: profile: unknown profile ""`},
		// pypto_structure refers to buffers and pools like the rest.
		{edit(`"objective":`, structure(`{"buffer": 10, "members": ["a"]}`, `{"group": 0, "pool": 3, "slot_size": 256, "depth": 2, "effective_depth": 2, "members": [{"buffer": 10, "stage": 0, "residue": 0}, {"buffer": 99, "stage": 1, "residue": 1}]}`)+`"objective":`),
			"f.json: problem.pypto_structure.pipeline_groups[0].members[1].buffer: unknown buffer 99"},
		{edit(`"objective":`, structure(``, `{"group": 0, "pool": 5, "slot_size": 256, "depth": 2, "effective_depth": 2, "members": [{"buffer": 10, "stage": 0, "residue": 0}]}`)+`"objective":`),
			"f.json: problem.pypto_structure.pipeline_groups[0].pool: unknown pool 5"},
		{edit(`"objective":`, structure(`{"buffer": 77, "members": ["a"]}`, ``)+`"objective":`),
			"f.json: problem.pypto_structure.alias_classes[0].buffer: unknown buffer 77"},
		{edit(`"objective":`, `"pypto_structure": {"alias_classes": [], "pipeline_groups": [], "slots": 3}, "objective":`),
			`f.json: problem.pypto_structure: json: unknown field "slots"`},
		// The planner's limits, at the field that crosses them.
		{edit(`"size": 256, "alignment": 32, "live_intervals": [{"lower": 4`, `"size": 4611686018427387904, "alignment": 32, "live_intervals": [{"lower": 4`),
			"f.json: problem.buffers[1]: buffer 1 (b): size 4611686018427387904 is above the planner's limit 4611686018427387903"},
		{edit(`"capacity": 1024`, `"capacity": 9223372036854775807`), "f.json: problem.pools[0]: pool 0 (Vec): capacity 9223372036854775807 is above"},
		{edit(`"cost": 2,`, `"cost": 4611686018427387904,`), "f.json: problem.cost_model.reuse_penalties[0]: penalty 0: the costs up to this one add up to more than"},
		{edit(`"alignment": 64,`, `"alignment": 48,`), "f.json: problem.buffers[2]: buffer 2 (c): alignment 48 is not a power of two"},
	}
	for _, tc := range cases {
		_, err := ReadJSON(strings.NewReader(tc.in), "f.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}

// structure is a pypto_structure member with the given alias classes and
// pipeline groups.
func structure(alias, groups string) string {
	return `"pypto_structure": {"alias_classes": [` + alias + `], "pipeline_groups": [` + groups + `]}, `
}

// The schema's pypto_structure is read (and checked) when it is right.
func TestReadJSONStructure(t *testing.T) {
	good, err := os.ReadFile("testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Replace(string(good), `"objective":`, structure(`{"buffer": 10, "members": ["a", "a"]}`,
		`{"group": 0, "pool": 3, "slot_size": 256, "depth": 2, "effective_depth": 2, "members": [{"buffer": 10, "stage": 0, "residue": 0}, {"buffer": 11, "stage": 1, "residue": 1}]}`)+`"objective":`, 1)
	if _, err := ReadJSON(strings.NewReader(in), "f.json"); err != nil {
		t.Fatal(err)
	}
}

func TestWriteSolutionJSON(t *testing.T) {
	d := readSmall(t)
	r, err := Solve("dsa-rp", d.Problem, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteSolutionJSON(&out, d, r.Solution, map[string]string{"algorithm": "dsa-rp"}); err != nil {
		t.Fatal(err)
	}
	var sol struct {
		SchemaVersion int    `json:"schema_version"`
		Fingerprint   string `json:"problem_fingerprint"`
		Placements    []struct {
			Buffer, Pool uint32
			Offset       int64
		} `json:"placements"`
	}
	if err := json.Unmarshal(out.Bytes(), &sol); err != nil {
		t.Fatal(err)
	}
	if sol.SchemaVersion != 1 || sol.Fingerprint != d.Fingerprint || len(sol.Placements) != 5 {
		t.Fatalf("solution %+v", sol)
	}
	for i, pl := range sol.Placements {
		if pl.Buffer != d.BufferIDs[i] || pl.Pool != d.PoolIDs[d.Problem.Buffers[i].Pool] || pl.Offset != r.Solution.Offsets[i] {
			t.Errorf("placement %d: %+v", i, pl)
		}
	}
	if pl := sol.Placements[2]; pl.Offset != 960 {
		t.Errorf("pinned buffer at %d", pl.Offset)
	}
}
