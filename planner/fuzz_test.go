package planner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// The readers face files nobody checked. For any input, ReadCSV and
// ReadJSON return an error naming the file, or a problem that passes
// Check, on which, when it is small, every algorithm either refuses
// (contradictory constraints) or returns a placement that Validate
// accepts: always without the capacity for the greedy algorithms, which
// ignore it, and with it whenever the result claims a fit. Nothing
// panics. Found crashers stay in testdata/fuzz as regression seeds.

// fuzzSeeds adds the testdata problems with the given extension, and the
// problem.json sections of the report's golden cases.
func fuzzSeeds(f *testing.F, ext string) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*"+ext))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	if ext != ".json" {
		return
	}
	archives, _ := filepath.Glob(filepath.Join("report", "testdata", "*.txtar"))
	for _, file := range archives {
		a, err := txtar.ParseFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, af := range a.Files {
			if af.Name == "problem.json" {
				f.Add(af.Data)
			}
		}
	}
}

func FuzzReadCSV(f *testing.F) {
	fuzzSeeds(f, ".csv")
	for _, s := range []string{
		"id,lower,upper,size\na,0,4,4611686018427387904\nb,0,4,4611686018427387904\n",
		"id,lower,upper,size\na,0,4,9223372036854775807\nb,0,4,9223372036854775807\n",
		"size,id,upper,lower,alignment\n4,x,3,0,1\n8,y,5,2,4\n",
		"id,lower,upper,size\na,0,2,4\na,1,3,4\n",
		"id,lower,upper,size,size\na,0,2,4,8\n", "ID,Lower,Upper,Size\na,0,2,4\n",
		"\xEF\xBB\xBFid,lower,upper,size\na,0,2,4\n", "id,lower,upper,size\r\na,0,2,4\r\n",
		"id,lower,upper,size\na,0,2,1e3\n", "id,lower,upper,size\na,-0,2,4\n", "id,lower,upper,size\na,0,2,4,\n",
		"id,lower,upper,size\na\x00,0,2,4\n", "id,lower,upper,size\na,0,2,4\rb,0,1,1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// The name gives the pool a capacity of 64.
		p, err := ReadCSV(bytes.NewReader(data), "fuzz.64.csv")
		if err != nil {
			checkInputError(t, err, "fuzz.64.csv")
			if ie := err.(*InputError); ie.Msg != "no buffers" && (ie.Line < 1 || ie.Col < 1) {
				t.Fatalf("error without a line and column: %v", err)
			}
			return
		}
		for _, bad := range []string{"\x00", "\xEF\xBB\xBF"} {
			if bytes.Contains(data, []byte(bad)) {
				t.Fatalf("accepted a file with %q", bad)
			}
		}
		checkAccepted(t, p)
	})
}

func FuzzReadJSON(f *testing.F) {
	fuzzSeeds(f, ".json")
	f.Add([]byte(`{"schema_version": 1, "problem": {"pools": [{"id": 0, "capacity": 8}], "buffers": [{"id": 0, "size": 4, "alignment": 1, "live_intervals": [{"lower": 0, "upper": 1}], "allowed_pools": [0]}]}} x`))
	f.Add([]byte("\xEF\xBB\xBF{}"))
	f.Add([]byte(`{"schema_version": 1, "Schema_version": 1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadJSON(bytes.NewReader(data), "fuzz.json")
		if err != nil {
			checkLocatedJSONError(t, err, "fuzz.json")
			return
		}
		checkNoAmbiguousKeys(t, data)
		if len(d.BufferIDs) != len(d.Problem.Buffers) || len(d.PoolIDs) != len(d.Problem.Pools) {
			t.Fatalf("%d buffer ids for %d buffers, %d pool ids for %d pools", len(d.BufferIDs), len(d.Problem.Buffers), len(d.PoolIDs), len(d.Problem.Pools))
		}
		checkAccepted(t, d.Problem)
	})
}

// FuzzReadJSONNumbers puts fuzzed numbers where a problem's arithmetic
// happens (sizes, alignment, capacity, a reserved range, a pin, lifetimes,
// a cost) into one well-formed document: byte mutations of whole
// documents rarely keep the JSON intact, and overflow hides in the
// numbers.
func FuzzReadJSONNumbers(f *testing.F) {
	const g = 1 << 60
	f.Add(int64(256), int64(64), int64(32), int64(1024), int64(0), int64(128), int64(512), int64(0), int64(4), int64(2), int64(9), int64(2))
	f.Add(int64(1<<62), int64(1<<62), int64(1), int64(0), int64(0), int64(0), int64(-1), int64(0), int64(4), int64(0), int64(4), int64(1))
	f.Add(int64(math.MaxInt64), int64(math.MaxInt64), int64(1), int64(0), int64(0), int64(0), int64(-1), int64(0), int64(4), int64(0), int64(4), int64(0))
	f.Add(int64(g), int64(g), int64(64), int64(Limit), int64(g), int64(2*g), int64(g/2), int64(math.MinInt64), int64(math.MaxInt64), int64(-Limit), int64(Limit), int64(Limit))
	f.Add(int64(Limit-1-packSlack), int64(0), int64(1), int64(0), int64(0), int64(0), int64(-1), int64(0), int64(1), int64(0), int64(1), int64(math.MaxInt64))
	f.Fuzz(func(t *testing.T, size0, size1, align, capacity, resBegin, resEnd, pin, lower0, upper0, lower1, upper1, cost int64) {
		pins := ""
		if pin >= 0 {
			pins = fmt.Sprintf(`{"buffer": 1, "pool": 0, "offset": %d, "exclusive_for_all_time": false}`, pin)
		}
		doc := fmt.Sprintf(`{
  "schema_version": 1, "profile": "dsa_rp_v1", "instance": "numbers",
  "problem": {
    "pools": [{"id": 0, "name": "p", "capacity": %d, "reserved_ranges": [{"begin": %d, "end": %d}]}],
    "buffers": [
      {"id": 0, "name": "a", "size": %d, "alignment": %d, "live_intervals": [{"lower": %d, "upper": %d}], "allowed_pools": [0]},
      {"id": 1, "name": "b", "size": %d, "alignment": 1, "live_intervals": [{"lower": %d, "upper": %d}], "allowed_pools": [0]},
      {"id": 2, "name": "c", "size": 16, "alignment": 16, "live_intervals": [{"lower": 0, "upper": 4}], "allowed_pools": [0]}
    ],
    "constraints": {"colocations": [], "separations": [], "temporal_exclusions": [], "pinned_allocations": [%s]},
    "cost_model": {"reuse_penalties": [{"first": 0, "second": 1, "cost": %d, "reason": "cross_pipe"}, {"first": 1, "second": 2, "cost": %d, "reason": "cross_pipe"}]},
    "objective": {"aggregation": "lexicographic", "terms": ["capacity_overflow", "reuse_cost", "total_peak"]}
  }
}`, capacity, resBegin, resEnd, size0, align, lower0, upper0, size1, lower1, upper1, pins, cost, cost)
		d, err := ReadJSON(strings.NewReader(doc), "numbers.json")
		if err != nil {
			checkInputError(t, err, "numbers.json")
			return
		}
		checkAccepted(t, d.Problem)
	})
}

// FuzzReadJSONConstraints mixes the constraints (colocation, separation,
// temporal exclusion, an exclusive pin, a second live interval) over
// fuzzed numbers, where the algorithms' special cases meet.
func FuzzReadJSONConstraints(f *testing.F) {
	f.Add(int64(64), int64(32), int64(64), int64(32), int64(256), int64(64), int64(0), int64(4), int64(2), int64(6), uint8(0))
	for flags := range uint8(32) {
		f.Add(int64(64), int64(32), int64(64), int64(32), int64(160), int64(96), int64(0), int64(4), int64(4), int64(8), flags)
	}
	f.Add(int64(1<<60), int64(1<<60), int64(1<<60), int64(1<<40), int64(0), int64(1<<61), int64(0), int64(4), int64(2), int64(6), uint8(31))
	f.Fuzz(func(t *testing.T, size0, size1, size2, align, capacity, pin, lower0, upper0, lower1, upper1 int64, flags uint8) {
		var cons []string
		if flags&1 != 0 {
			cons = append(cons, `"colocations": [{"first": 0, "second": 2}]`)
		}
		if flags&2 != 0 {
			cons = append(cons, `"separations": [{"first": 0, "second": 1, "reasons": ["pipeline_stage"]}]`)
		}
		if flags&4 != 0 {
			cons = append(cons, `"temporal_exclusions": [{"first": 1, "second": 2}]`)
		}
		if pin >= 0 {
			cons = append(cons, fmt.Sprintf(`"pinned_allocations": [{"buffer": 1, "pool": 0, "offset": %d, "exclusive_for_all_time": %v}]`, pin, flags&8 != 0))
		}
		second := ""
		if flags&16 != 0 {
			second = fmt.Sprintf(`, {"lower": %d, "upper": %d}`, upper1, upper1+3)
		}
		doc := fmt.Sprintf(`{"schema_version": 1, "profile": "pypto_hard_v1", "instance": "constraints",
  "problem": {
    "pools": [{"id": 0, "name": "p", "capacity": %d, "reserved_ranges": []}],
    "buffers": [
      {"id": 0, "name": "a", "size": %d, "alignment": %d, "live_intervals": [{"lower": %d, "upper": %d}%s], "allowed_pools": [0]},
      {"id": 1, "name": "b", "size": %d, "alignment": 1, "live_intervals": [{"lower": %d, "upper": %d}], "allowed_pools": [0]},
      {"id": 2, "name": "c", "size": %d, "alignment": 16, "live_intervals": [{"lower": 0, "upper": 4}], "allowed_pools": [0]}
    ],
    "constraints": {%s},
    "cost_model": {"reuse_penalties": [{"first": 0, "second": 1, "cost": 1, "reason": "cross_pipe"}]},
    "objective": {"aggregation": "lexicographic", "terms": ["capacity_overflow", "reuse_cost", "max_peak"]}
  }
}`, capacity, size0, align, lower0, upper0, second, size1, lower1, upper1, size2, strings.Join(cons, ", "))
		d, err := ReadJSON(strings.NewReader(doc), "constraints.json")
		if err != nil {
			checkInputError(t, err, "constraints.json")
			return
		}
		checkAccepted(t, d.Problem)
	})
}

// FuzzReadJSONKeys puts fuzzed keys, and a fuzzed copy of a key, into a
// well-formed document: a reader must take each key as written or refuse
// the document at it, never match a key in another case or keep the last
// of two.
func FuzzReadJSONKeys(f *testing.F) {
	f.Add("capacity", "Capacity", uint8(0))
	f.Add("capacity", "capacity", uint8(1))
	f.Add("size", "SIZE", uint8(2))
	f.Add("lower", "lower", uint8(3))
	f.Add("schema_version", "schema_Version", uint8(4))
	f.Add("reasons", "Reasons", uint8(5))
	f.Add("offset", "offset", uint8(6))
	f.Add("x", "", uint8(7))
	f.Fuzz(func(t *testing.T, key, other string, where uint8) {
		places := []string{`"capacity": 1024`, `"first": 11`, `"size": 64`, `"lower": 0`, `"schema_version": 1`, `"reasons": ["pipeline_stage"]`, `"offset": 960`, `"name": "Vec"`}
		place := places[int(where)%len(places)]
		good, err := os.ReadFile("testdata/small.json")
		if err != nil {
			t.Fatal(err)
		}
		k, _ := json.Marshal(key)
		o, _ := json.Marshal(other)
		_, value, _ := strings.Cut(place, ": ")
		var doc string
		if where&8 == 0 {
			doc = strings.Replace(string(good), place, fmt.Sprintf("%s: %s, %s: %s", k, value, o, value), 1)
		} else {
			doc = strings.Replace(string(good), place, fmt.Sprintf("%s: %s", o, value), 1)
		}
		if _, err := ReadJSON(strings.NewReader(doc), "keys.json"); err != nil {
			checkLocatedJSONError(t, err, "keys.json")
			return
		}
		checkNoAmbiguousKeys(t, []byte(doc))
	})
}

// checkLocatedJSONError checks that err names the file and a line and
// column in it.
func checkLocatedJSONError(t *testing.T, err error, file string) {
	t.Helper()
	checkInputError(t, err, file)
	if ie := err.(*InputError); ie.Line < 1 || ie.Col < 1 {
		t.Fatalf("error without a line and column: %v", err)
	}
}

// checkNoAmbiguousKeys fails when an accepted document has an object with
// two equal keys, or keys that differ only in case, or a key that is the
// name of a field of the schema in another case.
func checkNoAmbiguousKeys(t *testing.T, data []byte) {
	t.Helper()
	fields := map[string]string{} // folded -> name
	var collect func(reflect.Type)
	seenTypes := map[reflect.Type]bool{}
	collect = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Map || ty.Kind() == reflect.Array {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || seenTypes[ty] {
			return
		}
		seenTypes[ty] = true
		for i := 0; i < ty.NumField(); i++ {
			name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			fields[strings.ToLower(name)] = name
			collect(ty.Field(i).Type)
		}
	}
	for _, v := range []any{jsonDoc{}, jsonPool{}, jsonBuffer{}, jsonStructure{}} {
		collect(reflect.TypeOf(v))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func(free bool) // free: an object of free-form keys (metadata)
	walk = func(free bool) {
		tok, err := dec.Token()
		if err != nil {
			t.Fatalf("accepted malformed JSON: %v", err)
		}
		switch tok {
		case json.Delim('{'):
			keys := map[string]bool{}
			for dec.More() {
				kt, _ := dec.Token()
				key := kt.(string)
				folded := strings.ToLower(key)
				if keys[folded] {
					t.Fatalf("accepted an object with two keys %q in some case", key)
				}
				keys[folded] = true
				if name, ok := fields[folded]; ok && name != key && !free {
					t.Fatalf("accepted key %q for the field %q", key, name)
				}
				walk(key == "metadata" || key == "bank_geometry")
			}
			dec.Token()
		case json.Delim('['):
			for dec.More() {
				walk(false)
			}
			dec.Token()
		}
	}
	walk(false)
}

func checkInputError(t *testing.T, err error, file string) {
	t.Helper()
	var ie *InputError
	if !errors.As(err, &ie) || ie.File != file {
		t.Fatalf("error %v (%T) does not name the file", err, err)
	}
}

// fuzzSolveMax bounds the problems the fuzzers solve: enough for every
// constraint to interact, small enough to keep thousands of runs a second.
const fuzzSolveMax = 12

func checkAccepted(t *testing.T, p *Problem) {
	t.Helper()
	if err := p.Check(); err != nil {
		t.Fatalf("accepted a problem Check rejects: %v", err)
	}
	if len(p.Buffers) > fuzzSolveMax {
		return
	}
	for _, alg := range Algorithms() {
		r, err := Solve(alg, p, Options{TimeLimit: 20 * time.Millisecond, Seed: 1})
		if err != nil {
			var ce *CheckError
			if errors.As(err, &ce) {
				t.Fatalf("%s: Check error from Solve on a problem that passed Check: %v", alg, err)
			}
			continue
		}
		if len(r.Solution.Offsets) != len(p.Buffers) {
			t.Fatalf("%s: %d offsets for %d buffers", alg, len(r.Solution.Offsets), len(p.Buffers))
		}
		if alg != "dsa-rp" {
			if err := Validate(uncapped(r.Problem), r.Solution); err != nil {
				t.Fatalf("%s: invalid placement: %v", alg, err)
			}
		}
		if r.Feasible {
			if err := Validate(r.Problem, r.Solution); err != nil {
				t.Fatalf("%s: claims a fit, but: %v", alg, err)
			}
		}
		if slices.ContainsFunc(r.Peak, func(v int64) bool { return v < 0 || v > Limit }) {
			t.Fatalf("%s: peaks %v", alg, r.Peak)
		}
	}
}
