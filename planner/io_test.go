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
	const h = "id,lower,upper,size\n"
	cases := []struct{ in, want string }{
		{"", "f.csv:1:1: empty file: expected header id,lower,upper,size[,alignment]"},
		{"id,lower,size\n", `f.csv:1:1: missing column "upper" (header must name id,lower,upper,size[,alignment])`},
		{h + "1,0,2,4\n2,0,x,4\n", `f.csv:3:5: upper "x" is not an integer`},
		{h + "1,0,2,-4\n", "f.csv:2:7: negative size -4"},
		{h + "1,5,2,4\n", "f.csv:2:5: upper 2 before lower 5"},
		{"id,lower,upper,size,alignment\n1,0,2,4,0\n", "f.csv:2:9: alignment 0 < 1"},
		{h + "1,0,2\n", "f.csv:2:1: 3 fields, header has 4"},
		{h, "f.csv: no buffers"},
		{h + "\"1,0,2,4\n", `f.csv:2:10: extraneous or missing " in quoted-field`}, // where the reader finds it
		{h + "a,0,2,4\nb,0,2,4\na,1,3,4\n", `f.csv:4:1: duplicate id "a" (first on line 2)`},
		{"id,lower,upper,size,alignment\n1,0,2,4,3\n", "f.csv:2:9: alignment 3 is not a power of two"},
		// The planner's limits, at the row that crosses them.
		{h + "a,0,4,4611686018427387904\n", "f.csv:2:1: buffer 0 (a): size 4611686018427387904 is above the planner's limit 4611686018427387903"},
		{h + "a,0,4,1152921504606846976\nb,0,4,1152921504606846976\n\nc,0,4,1152921504606846976\nd,0,4,1152921504606846976\n",
			"f.csv:6:1: buffer 3 (d): with it, pool f could need more than the planner's limit of 4611686018427387903 bytes (sizes plus alignments and 64 bytes of padding per buffer, above the capacity, reserved ranges and pinned buffers)"},
		{h + "a,0,9223372036854775807,4\n", "f.csv:2:1: buffer 0 (a): live interval [0, 9223372036854775807) reaches beyond the planner's limit ±4611686018427387903"},
		// The header names each known column once, in lower case.
		{"id,lower,upper,size,size\na,0,1,4,8\n", `f.csv:1:21: duplicate column "size" (first at column 16)`},
		{"id,lower,upper,Size\na,0,1,4\n", `f.csv:1:16: unknown column "Size" (column names are lower case: "size")`},
		{"id,lower,upper,size,colour\na,0,1,4,red\n", `f.csv:1:21: unknown column "colour" (the columns are id, lower, upper, size, alignment, offset)`},
		{"id,lower,upper,size,\na,0,1,4,\n", `f.csv:1:21: unknown column "" (the columns are id, lower, upper, size, alignment, offset)`},
		// Every row has the header's fields: none is dropped.
		{h + "a,0,1,4,99\n", "f.csv:2:9: 5 fields, header has 4"},
		{h + "a,0,1,4,\n", "f.csv:2:9: 5 fields, header has 4"},
		// Integers are written plainly.
		{h + "a,0,1,1e3\n", `f.csv:2:7: size "1e3" is not an integer`},
		{h + "a,0,1,1.5\n", `f.csv:2:7: size "1.5" is not an integer`},
		{h + "a,-0,1,4\n", `f.csv:2:3: lower "-0" is not written plainly (no leading zeros, no -0)`},
		{h + "a,0,1,007\n", `f.csv:2:7: size "007" is not written plainly (no leading zeros, no -0)`},
		{h + "a,0,+1,4\n", `f.csv:2:5: upper "+1" is not an integer`},
		{h + "a,0,1,9223372036854775808\n", `f.csv:2:7: size "9223372036854775808" is out of range`},
		// Bytes a reader would keep without saying so.
		{"\xEF\xBB\xBF" + h + "a,0,1,4\n", "f.csv:1:1: byte order mark at the start of the file"},
		{h + "a\x00,0,1,4\n", "f.csv:2:2: NUL byte"},
		{h + "\xffa,0,1,4\n", "f.csv:2:1: invalid UTF-8"},
		{h + "a,0,1,4\rb,0,1,4\n", "f.csv:2:8: carriage return that does not end a line"},
	}
	for _, tc := range cases {
		_, err := ReadCSV(strings.NewReader(tc.in), "f.csv")
		var ie *InputError
		if err == nil || !errors.As(err, &ie) || err.Error() != tc.want {
			t.Errorf("%q:\n error %v\n want  %s", tc.in, err, tc.want)
		}
	}
	// CRLF line ends are line ends, and an offset column is ignored.
	p, err := ReadCSV(strings.NewReader("id,lower,upper,size,offset\r\na,0,1,4,0\r\nb,1,2,8,0\r\n"), "f.csv")
	if err != nil || len(p.Buffers) != 2 || p.Buffers[1].Size != 8 {
		t.Errorf("CRLF file: %v", err)
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
		{"{\n  \"schema_version\": 1,\n  \"problem\": {\n", "f.json:4:1: problem: malformed JSON: unexpected end of the document"},
		{"{\n  \"schema_version\": 1,\n  \"problem\": [\n", "f.json:3:3: problem: expected an object, got an array"},
		{edit(`"allowed_pools": [7]}`, `"allowed_pools": [9]}`), "f.json:15:124: problem.buffers[3].allowed_pools[0]: unknown pool 9"},
		{edit(`"size": 256, "alignment": 32, "live_intervals": [{"lower": 4`, `"size": -1, "alignment": 32, "live_intervals": [{"lower": 4`), "f.json:13:31: problem.buffers[1].size: negative size -1"},
		{edit(`{"first": 11, "second": 10`, `{"first": 11, "second": 99`), "f.json:20:37: problem.constraints.separations[0].second: unknown buffer 99"},
		{edit(`"allowed_pools": [7]}`, `"allowed_pools": [7, 3]}`), "flexible pool assignment"},
		{edit(`"schema_version": 1`, `"schema_version": 2`), "f.json:2:3: schema_version: unsupported version 2 (want 1)"},
		{edit(`"name": "a",`, `"name": "a", "colour": "red",`), `f.json:12:31: problem.buffers[0].colour: unknown field "colour" (fields: id, name, size, alignment, live_intervals, allowed_pools)`},
		{edit(`"size": 64,`, `"size": 6.5,`), "f.json:14:31: problem.buffers[2].size: expected an integer, got 6.5"},
		{edit(`"terms": ["capacity_overflow", "reuse_cost"]`, `"terms": ["bank_cost"]`), "problem.objective.terms[0]: objective term \"bank_cost\" is not supported"},
		// One document, and nothing after it (the fixture has 27 lines).
		{string(good) + "\n  }\n", "f.json:29:3: data after the JSON document"},
		{string(good) + `{"schema_version": 1}`, "f.json:28:1: data after the JSON document"},
		{edit(`"profile": "pypto_research_v1"`, `"profile": "pypto_fancy"`), `f.json:3:3: profile: unknown profile "pypto_fancy" (the schema has standard_dsa, dsa_rp_v1,`},
		{edit(`"profile": "pypto_research_v1"`, `"profile": ""`), `f.json:3:3: profile: unknown profile ""`},
		// pypto_structure refers to buffers and pools like the rest.
		{edit(`"objective":`, structure(`{"buffer": 10, "members": ["a"]}`, `{"group": 0, "pool": 3, "slot_size": 256, "depth": 2, "effective_depth": 2, "members": [{"buffer": 10, "stage": 0, "residue": 0}, {"buffer": 99, "stage": 1, "residue": 1}]}`)+`"objective":`),
			"f.json:25:229: problem.pypto_structure.pipeline_groups[0].members[1].buffer: unknown buffer 99"},
		{edit(`"objective":`, structure(``, `{"group": 0, "pool": 5, "slot_size": 256, "depth": 2, "effective_depth": 2, "members": [{"buffer": 10, "stage": 0, "residue": 0}]}`)+`"objective":`),
			"f.json:25:79: problem.pypto_structure.pipeline_groups[0].pool: unknown pool 5"},
		{edit(`"objective":`, structure(`{"buffer": 77, "members": ["a"]}`, ``)+`"objective":`),
			"f.json:25:44: problem.pypto_structure.alias_classes[0].buffer: unknown buffer 77"},
		{edit(`"objective":`, `"pypto_structure": {"alias_classes": [], "pipeline_groups": [], "slots": 3}, "objective":`),
			`f.json:25:69: problem.pypto_structure.slots: unknown field "slots" (fields: alias_classes, pipeline_groups, whole_slot_reuse)`},
		// The planner's limits, at the field that crosses them.
		{edit(`"size": 256, "alignment": 32, "live_intervals": [{"lower": 4`, `"size": 4611686018427387904, "alignment": 32, "live_intervals": [{"lower": 4`),
			"f.json:13:7: problem.buffers[1]: buffer 1 (b): size 4611686018427387904 is above the planner's limit 4611686018427387903"},
		{edit(`"capacity": 1024`, `"capacity": 9223372036854775807`), "f.json:8:7: problem.pools[0]: pool 0 (Vec): capacity 9223372036854775807 is above"},
		{edit(`"cost": 2,`, `"cost": 4611686018427387904,`), "f.json:24:40: problem.cost_model.reuse_penalties[0]: penalty 0: the costs up to this one add up to more than"},
		{edit(`"alignment": 64,`, `"alignment": 48,`), "f.json:14:7: problem.buffers[2]: buffer 2 (c): alignment 48 is not a power of two"},
		// Nothing a reader could take two ways: encoding/json would match
		// "Capacity" to capacity and keep the last of two keys.
		{edit(`"capacity": 1024`, `"capacity": 1024, "Capacity": 2048`), `f.json:8:50: problem.pools[0].Capacity: key "Capacity" differs only in case from "capacity" (line 8, column 32)`},
		{edit(`"capacity": 1024`, `"Capacity": 1024`), `f.json:8:32: problem.pools[0].Capacity: unknown field "Capacity" (names are case-sensitive: "capacity" is a field)`},
		{edit(`"capacity": 1024`, `"capacity": 1024, "capacity": 2048`), `f.json:8:50: problem.pools[0].capacity: duplicate key "capacity" (first at line 8, column 32)`},
		// Integers are written as integers of their field's range.
		{edit(`"size": 64,`, `"size": 1e3,`), "f.json:14:31: problem.buffers[2].size: expected an integer, got 1e3"},
		{edit(`"size": 64,`, `"size": -0,`), "f.json:14:31: problem.buffers[2].size: expected an integer, got -0"},
		{edit(`"size": 64,`, `"size": 9223372036854775808,`), "f.json:14:31: problem.buffers[2].size: 9223372036854775808 is out of range for an integer (64 bits)"},
		{edit(`"offset": 960`, `"offset": null`), "f.json:22:56: problem.constraints.pinned_allocations[0].offset: expected an integer (64 bits), got null (leave the field out for its default)"},
		{"\xEF\xBB\xBF" + string(good), "f.json:1:1: byte order mark at the start of the file (JSON text is UTF-8 without one)"},
		{"", "f.json:1:1: empty document"},
		{edit(`"name": "a",`, "\"name\": \"a\x00\","), "f.json:12:28: NUL byte"},
		// CRLF line ends are line ends.
		{strings.ReplaceAll(edit(`"size": 64,`, `"size": 1.5,`), "\n", "\r\n"), "f.json:14:31: problem.buffers[2].size: expected an integer, got 1.5"},
	}
	for _, tc := range cases {
		_, err := ReadJSON(strings.NewReader(tc.in), "f.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
	// A CRLF document is read as the LF one.
	if _, err := ReadJSON(strings.NewReader(strings.ReplaceAll(string(good), "\n", "\r\n")), "f.json"); err != nil {
		t.Errorf("CRLF document: %v", err)
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
