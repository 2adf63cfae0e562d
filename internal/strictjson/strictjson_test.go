package strictjson

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

type testPool struct {
	ID       *uint32           `json:"id"`
	Capacity *int64            `json:"capacity"`
	Name     string            `json:"name"`
	Range    [2]int64          `json:"range,omitempty"`
	Meta     map[string]string `json:"meta"`
	Any      any               `json:"any"`
	Skipped  int               `json:"-"`
}

type testDoc struct {
	Pools []json.RawMessage `json:"pools"`
	Flag  bool              `json:"flag"`
	Ratio float64           `json:"ratio"`
}

var testSchema = For[testDoc]().Later(testDoc{}, "pools", []testPool(nil))

// TestCheckRefuses lists what Check refuses, each with its message and
// place: the line and column of the key (or of the element, or the byte).
func TestCheckRefuses(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{`{"pools": [{"capacity": 1, "Capacity": 2}]}`, `1:28: pools[0].Capacity: key "Capacity" differs only in case from "capacity" (line 1, column 13)`},
		{`{"pools": [{"Capacity": 2}]}`, `1:13: pools[0].Capacity: unknown field "Capacity" (names are case-sensitive: "capacity" is a field)`},
		{`{"pools": [{"id": 1, "id": 2}]}`, `1:22: pools[0].id: duplicate key "id" (first at line 1, column 13)`},
		{"{\"flag\": true,\n \"ratio\": 1,\n \"flag\": false}", `3:2: flag: duplicate key "flag" (first at line 1, column 2)`},
		{`{"pools": [{"meta": {"a": "x", "A": "y"}}]}`, `1:32: pools[0].meta.A: key "A" differs only in case from "a" (line 1, column 22)`},
		{`{"pools": [{"any": {"k": 1, "k": 2}}]}`, `1:29: pools[0].any.k: duplicate key "k" (first at line 1, column 21)`},
		{`{"pools": [{"size": 1}]}`, `1:13: pools[0].size: unknown field "size" (fields: id, capacity, name, range, meta, any)`},
		{`{"pools": [{"Skipped": 1}]}`, `1:13: pools[0].Skipped: unknown field "Skipped" (fields: id, capacity, name, range, meta, any)`},
		{`{"pools": [{"capacity": 1e3}]}`, `1:13: pools[0].capacity: expected an integer, got 1e3`},
		{`{"pools": [{"capacity": 1.5}]}`, `1:13: pools[0].capacity: expected an integer, got 1.5`},
		{`{"pools": [{"capacity": -0}]}`, `1:13: pools[0].capacity: expected an integer, got -0`},
		{`{"pools": [{"capacity": 9223372036854775808}]}`, `1:13: pools[0].capacity: 9223372036854775808 is out of range for an integer (64 bits)`},
		{`{"pools": [{"id": -1}]}`, `1:13: pools[0].id: expected a non-negative integer, got -1`},
		{`{"pools": [{"id": 4294967296}]}`, `1:13: pools[0].id: 4294967296 is out of range for a non-negative integer (32 bits)`},
		{`{"pools": [{"id": "1"}]}`, `1:13: pools[0].id: expected a non-negative integer (32 bits), got a string`},
		{`{"pools": [{"name": 1}]}`, `1:13: pools[0].name: expected a string, got the number 1`},
		{`{"pools": [{"name": null}]}`, `1:13: pools[0].name: expected a string, got null (leave the field out for its default)`},
		{`{"flag": 1}`, `1:2: flag: expected true or false, got the number 1`},
		{`{"pools": [{"range": [1, 2, 3]}]}`, `1:13: pools[0].range: expected 2 elements, got 3`},
		{`{"pools": [{"range": [1]}]}`, `1:13: pools[0].range: expected 2 elements, got 1`},
		{`{"pools": [7]}`, `1:12: pools[0]: expected an object, got the number 7`},
		{`{"pools": {}}`, `1:2: pools: expected an array, got an object`},
		{"{\"flag\": true}\n{}", `2:1: data after the JSON document`},
		{`{"flag": true} x`, `1:16: data after the JSON document`},
		{`{"flag": true},`, `1:15: data after the JSON document`},
		{"", `1:1: empty document`},
		{" \r\n\t", `2:2: empty document`},
		{"\xEF\xBB\xBF{}", `1:1: byte order mark at the start of the file (JSON text is UTF-8 without one)`},
		{"{\"name\x00\": 1}", `1:7: NUL byte`},
		{"{\"pools\": [{\"name\": \"\xff\"}]}", `1:22: invalid UTF-8`},
		{"{\"flag\": tru}", `1:10: flag: malformed JSON: invalid character '}' in literal true (expecting 'e')`},
		{"{\"flag\": true", `1:14: malformed JSON: unexpected end of the document`},
		{"{\r\n  \"ratio\": \"x\"\r\n}", `2:3: ratio: expected a number, got a string`},
		{`{"pools": [{"any": ` + strings.Repeat("[", 70), `1:81: pools[0].any[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: nested more than 64 levels deep`},
	} {
		_, err := Check([]byte(c.doc), testSchema)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got  %v\n want %s", c.doc, err, c.want)
		}
	}
}

type base struct {
	Kind string `json:"kind"`
}

type derived struct {
	base
	Size int64 `json:"size"`
}

// TestCheckEmbedded: an embedded struct's fields are members of the
// struct that embeds it, as encoding/json decodes them.
func TestCheckEmbedded(t *testing.T) {
	s := For[derived]()
	if _, err := Check([]byte(`{"kind": "a", "size": 1}`), s); err != nil {
		t.Fatal(err)
	}
	_, err := Check([]byte(`{"base": {}}`), s)
	if want := `1:2: base: unknown field "base" (fields: kind, size)`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// TestCheckAccepts: documents Check takes, and the positions it keeps.
func TestCheckAccepts(t *testing.T) {
	doc := "{\r\n  \"pools\": [\n    {\"id\": 0, \"capacity\": null, \"meta\": {\"a\": \"x\", \"b\": \"y\"}, \"any\": [1, {\"K\": 1, \"k2\": [null]}], \"range\": [0, -5]}\n  ],\n  \"flag\": false, \"ratio\": 1e-3\n}\n"
	pos, err := Check([]byte(doc), testSchema)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string][2]int{
		"":                   {1, 1},
		"pools":              {2, 3},
		"pools[0]":           {3, 5},
		"pools[0].capacity":  {3, 15},
		"pools[0].range[1]":  {3, 112},
		"pools[0].name":      {3, 5}, // absent: its object's place
		"ratio":              {5, 18},
		"pools[0].meta.b.c":  {3, 52},
		"nothing.at.all[12]": {1, 1},
	} {
		if l, c := pos.Of(path); l != want[0] || c != want[1] {
			t.Errorf("Of(%q) = %d:%d, want %d:%d", path, l, c, want[0], want[1])
		}
	}
}

// FuzzCheck: Check never panics, and a document it accepts decodes with
// encoding/json into the schema's types without error.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`{"pools": [{"id": 1, "capacity": 2, "name": "x", "range": [0, 1], "meta": {"a": "b"}, "any": {"x": [1, null]}}], "flag": true, "ratio": 0.5}`,
		`{"pools": [{"capacity": 1, "Capacity": 2}]}`,
		`{"pools": [{"id": 1, "id": 2}]}`,
		`{"pools": [{"capacity": 1e3}]}`, `{"pools": [{"capacity": -0}]}`,
		"\xEF\xBB\xBF{}", "{\"flag\": true}\r\n", "{} {}", "", "[", `{"pools": null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		pos, err := Check(data, testSchema)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Line < 1 || e.Col < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		var doc testDoc
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("checked document does not decode: %v", err)
		}
		for k, raw := range doc.Pools {
			var p testPool
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&p); err != nil {
				t.Fatalf("checked pool %d does not decode: %v", k, err)
			}
		}
		if l, c := pos.Of(""); l != 1 && c < 1 {
			t.Fatalf("bad position %d:%d", l, c)
		}
	})
}
