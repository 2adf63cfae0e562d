package targets

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// writeTarget writes a target file into a fresh directory and returns its
// path.
func writeTarget(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBuiltinsLoad: every embedded target passes the checks user files get.
func TestBuiltinsLoad(t *testing.T) {
	for _, name := range Builtin() {
		if _, err := Load(name); err != nil {
			t.Errorf("built-in %s: %v", name, err)
		}
	}
}

// TestRejected lists the target files Load must refuse, each with its
// message after the file's name: the line and column of the key (or the
// element) at fault and its path. Nothing a reader could take two ways
// passes: keys in another case, twice, or differing only in case; an
// integer written as 1e3, 1.5 or -0 or beyond int64; null; an array of
// the wrong length; a byte order mark, NUL; an entry of a list twice.
func TestRejected(t *testing.T) {
	for _, c := range []struct {
		name, body, want string
	}{
		{"declared alignment 3", "{\"inherits\": \"ascend950\", \"spaces\": {\"vec\": {\"declared_alignment\": 3}}}",
			":1:46: spaces.vec.declared_alignment: 3 is not a power of two"},
		{"declared alignment 0", "{\"inherits\": \"ascend950\", \"spaces\": {\"vec\": {\"declared_alignment\": 0}}}",
			":1:46: spaces.vec.declared_alignment: 0 is not a power of two"},
		{"alignment 0", "{\"inherits\": \"generic\", \"spaces\": {\"mat\": {\"alignment\": 0}}}",
			":1:44: spaces.mat.alignment: 0 is not a power of two"},
		{"negative alignment", "{\"spaces\": {\"mat\": {\"alignment\": -32}}}",
			":1:21: spaces.mat.alignment: -32 is not a power of two"},
		{"allocator alignment 48", "{\"allocator_alignment\": 48}",
			":1:2: allocator_alignment: 48 is not a power of two"},
		{"unknown hazard", "{\"inherits\": \"ascend910b\", \"hazards\": [\"split-load-tpop\", \"split-load-tpopp\"]}",
			":1:59: hazards[1]: unknown hazard \"split-load-tpopp\" (known hazards: split-load-tpop)"},
		{"unknown in-place variant", "{\"inherits\": \"ascend910b\", \"in_place\": [\"prelu-reuses-tmpp\"]}",
			":1:41: in_place[0]: unknown in-place variant \"prelu-reuses-tmpp\" (variants: prelu-reuses-tmp)"},
		{"misspelled space", "{\"inherits\": \"ascend950\", \"spaces\": {\"vecc\": {\"capacity\": 1024}}}",
			":1:38: spaces.vecc: unknown memory space \"vecc\" (spaces: vec, mat, left, right, acc, bias, left_scale, right_scale, scaling)"},
		{"global memory is not a target space", "{\"spaces\": {\"ddr\": {\"capacity\": 1024}}}",
			":1:13: spaces.ddr: unknown memory space \"ddr\" (spaces: vec, mat, left, right, acc, bias, left_scale, right_scale, scaling)"},
		{"misspelled field", "{\"inherits\": \"ascend950\", \"spaces\": {\"vec\": {\"capcity\": 1}}}",
			":1:46: spaces.vec.capcity: unknown field \"capcity\" (fields: capacity, physical_capacity, alignment, declared_alignment, reserved, absent, layout, ptoas)"},
		{"trailing garbage", "{\"inherits\": \"ascend950\"} {\"name\": \"x\"}",
			":1:27: data after the JSON document"},
		{"negative physical capacity", "{\"spaces\": {\"vec\": {\"physical_capacity\": -1}}}",
			":1:21: spaces.vec.physical_capacity: -1 is negative"},
		{"ptoas planner without capacity", "{\"spaces\": {\"vec\": {\"ptoas\": {\"alignment\": 32}}}}",
			":1:21: spaces.vec.ptoas.capacity: 0 is not positive"},
		{"ptoas planner alignment not a power of two", "{\"spaces\": {\"vec\": {\"ptoas\": {\"capacity\": 1024, \"alignment\": 24}}}}",
			":1:49: spaces.vec.ptoas.alignment: 24 is not a power of two"},
		{"inherits a device", "{\"inherits\": \"/dev/zero\"}",
			":1:2: inherits: cannot read target file: /dev/zero: not a regular file"},
		{"inherits a directory", "{\"inherits\": \"/\"}",
			":1:2: inherits: cannot read target file: /: not a regular file"},
		{"a key and its case variant", "{\"spaces\": {\"vec\": {\"capacity\": 1, \"Capacity\": 2}}}",
			":1:36: spaces.vec.Capacity: key \"Capacity\" differs only in case from \"capacity\" (line 1, column 21)"},
		{"a field in another case", "{\"spaces\": {\"vec\": {\"Capacity\": 2}}}",
			":1:21: spaces.vec.Capacity: unknown field \"Capacity\" (names are case-sensitive: \"capacity\" is a field)"},
		{"a space twice", "{\"spaces\": {\"vec\": {\"capacity\": 1}, \"vec\": {\"capacity\": 2}}}",
			":1:37: spaces.vec: duplicate key \"vec\" (first at line 1, column 13)"},
		{"a space and its case variant", "{\"spaces\": {\"vec\": {\"capacity\": 1}, \"Vec\": {\"capacity\": 2}}}",
			":1:37: spaces.Vec: key \"Vec\" differs only in case from \"vec\" (line 1, column 13)"},
		{"a space in another case", "{\"spaces\": {\"Vec\": {\"capacity\": 2}}}",
			":1:13: spaces.Vec: unknown memory space \"Vec\" (spaces: vec, mat, left, right, acc, bias, left_scale, right_scale, scaling)"},
		{"a top-level field in another case", "{\"Spaces\": {\"vec\": {\"capacity\": 2}}}",
			":1:2: Spaces: unknown field \"Spaces\" (names are case-sensitive: \"spaces\" is a field)"},
		{"an integer as 1e3", "{\"spaces\": {\"vec\": {\"capacity\": 1e3}}}",
			":1:21: spaces.vec.capacity: expected an integer, got 1e3"},
		{"an integer as 1.5", "{\"spaces\": {\"vec\": {\"capacity\": 1.5}}}",
			":1:21: spaces.vec.capacity: expected an integer, got 1.5"},
		{"an integer as -0", "{\"spaces\": {\"vec\": {\"capacity\": -0}}}",
			":1:21: spaces.vec.capacity: expected an integer, got -0"},
		{"an integer beyond int64", "{\"spaces\": {\"vec\": {\"capacity\": 9223372036854775808}}}",
			":1:21: spaces.vec.capacity: 9223372036854775808 is out of range for an integer (64 bits)"},
		{"null (a field left out inherits)", "{\"spaces\": {\"vec\": {\"capacity\": null}}}",
			":1:21: spaces.vec.capacity: expected an integer (64 bits), got null (leave the field out for its default)"},
		{"a range of three numbers", "{\"spaces\": {\"vec\": {\"reserved\": [[0, 16, 32]]}}}",
			":1:34: spaces.vec.reserved[0]: expected 2 elements, got 3"},
		{"a backward range", "{\"spaces\": {\"vec\": {\"reserved\": [[64, 16]]}}}",
			":1:34: spaces.vec.reserved[0]: invalid reserved range [64, 16)"},
		{"a byte order mark", "\xEF\xBB\xBF{}",
			":1:1: byte order mark at the start of the file (JSON text is UTF-8 without one)"},
		{"an empty file", "",
			":1:1: empty document"},
		{"a NUL byte", "{\"name\": \"a\x00\"}",
			":1:12: NUL byte"},
		{"a hazard twice", "{\"hazards\": [\"split-load-tpop\", \"split-load-tpop\"]}",
			":1:33: hazards[1]: hazard \"split-load-tpop\" listed twice"},
		{"a load space twice", "{\"loads\": [\"vec\", \"vec\"]}",
			":1:19: loads[1]: space \"vec\" listed twice"},
		{"a move twice", "{\"moves\": [[\"vec\", \"mat\"], [\"vec\", \"mat\"]]}",
			":1:28: moves[1]: move [\"vec\", \"mat\"] listed twice"},
		{"a move of three spaces", "{\"moves\": [[\"vec\", \"mat\", \"acc\"]]}",
			":1:12: moves[0]: expected 2 elements, got 3"},
		{"a layout in another case", "{\"spaces\": {\"vec\": {\"layout\": {\"blayout\": \"Row_Major\"}}}}",
			":1:32: spaces.vec.layout.blayout: \"Row_Major\" is not row_major or col_major"},
		{"an unknown parent", "{\"inherits\": \"nonexistent\"}",
			":1:2: inherits: unknown target 'nonexistent' (built-in targets: ascend910b, ascend950, generic; or give a .json file)"},
		{"CRLF line ends (line numbers count them once)", "{\r\n  \"spaces\": {\r\n    \"vec\": {\"alignment\": 3}\r\n  }\r\n}\r\n",
			":3:13: spaces.vec.alignment: 3 is not a power of two"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := writeTarget(t, "t.json", c.body)
			_, err := Load(path)
			if err == nil {
				t.Fatalf("accepted %s", c.body)
			}
			if err.Error() != path+c.want {
				t.Errorf("error %q\nwant     %q", err, path+c.want)
			}
		})
	}
}

// TestDeviceTarget: --target=/dev/zero itself is refused, not read forever.
func TestDeviceTarget(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	// A path ending in .json that is a device: a symlink to /dev/zero.
	link := filepath.Join(t.TempDir(), "zero.json")
	if err := os.Symlink("/dev/zero", link); err != nil {
		t.Skip(err)
	}
	_, err := Load(link)
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("Load(%s) = %v, want a not-a-regular-file error", link, err)
	}
}

// TestTooLarge: a target file over MaxFileSize is refused after reading at
// most MaxFileSize+1 bytes.
func TestTooLarge(t *testing.T) {
	body := `{"description": "` + strings.Repeat("x", MaxFileSize) + `"}`
	_, err := Load(writeTarget(t, "big.json", body))
	if err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Fatalf("got %v, want a size error", err)
	}
}

// TestAccepted: the checks do not reject what is valid: a child that
// overrides fields keeps the parent's others, and zero capacity means
// unbounded.
func TestAccepted(t *testing.T) {
	p := writeTarget(t, "small.json", `{"inherits": "ascend950", "spaces": {"vec": {"capacity": 131072, "declared_alignment": 256}}, "hazards": ["split-load-tpop"]}`)
	tg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	vec := tg.Space("vec")
	if vec.Capacity != 131072 || vec.DeclaredAlignment != 256 || vec.PhysicalCapacity != 253952 || tg.Alignment("vec") != 32 {
		t.Errorf("vec = %+v, alignment %d", *vec, tg.Alignment("vec"))
	}
	if !tg.HasHazard(HazardSplitLoadTpop) || tg.AliasRules() != "prelu-reuses-tmp" {
		t.Errorf("hazards %v, in-place variants %q (want ascend950's)", tg.Hazards, tg.AliasRules())
	}
	if vec.PTOAS == nil || vec.PTOAS.Capacity != 253952 || vec.PTOAS.Alignment != 32 {
		t.Errorf("vec's ptoas planner entry is not ascend950's: %+v", vec.PTOAS)
	}
}

// TestPTOASPlanReplaced: a child's "ptoas" entry replaces the parent's
// whole, and the parent's own stays as it was.
func TestPTOASPlanReplaced(t *testing.T) {
	p := writeTarget(t, "mine.json", `{"inherits": "ascend910b", "spaces": {"vec": {"ptoas": {"capacity": 65536, "alignment": 64}}}}`)
	tg, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := *tg.Space("vec").PTOAS; got != (PTOASPlan{Capacity: 65536, Alignment: 64}) {
		t.Errorf("child's vec ptoas = %+v", got)
	}
	parent, err := Load("ascend910b")
	if err != nil {
		t.Fatal(err)
	}
	if got := *parent.Space("vec").PTOAS; got != (PTOASPlan{Capacity: 196608, Alignment: 32}) {
		t.Errorf("ascend910b's vec ptoas = %+v", got)
	}
}

// FuzzLoad: any file is either refused with an error or gives a target
// whose every space has a non-negative capacity, a power-of-two alignment
// and well-formed reserved windows; Load never panics.
// located is the line and column that start a located message.
var located = regexp.MustCompile(`^[0-9]+:[0-9]+: `)

func FuzzLoad(f *testing.F) {
	for _, name := range Builtin() {
		data, err := builtinFS.ReadFile("builtin/" + name + ".json")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add(`{"inherits": "ascend950", "spaces": {"vec": {"capacity": 131072}}}`)
	f.Add(`{"inherits": "t.json"}`)
	f.Add(`{"inherits": "/dev/zero"}`)
	f.Add(`{"spaces": {"vec": {"reserved": [[0, 512], [1024, 2048]], "alignment": 64}}, "hazards": ["split-load-tpop"]}`)
	f.Add(`{"spaces": {"vec": {"capacity": 1, "Capacity": 2}}}`)
	f.Add(`{"spaces": {"vec": {"capacity": 1}, "Vec": {"capacity": 2}}}`)
	f.Add(`{"spaces": {"vec": {"capacity": 1e3, "alignment": -0}}}`)
	f.Add("\xEF\xBB\xBF{\"inherits\": \"generic\"}\r\n")
	f.Add(`{"inherits": "generic", "inherits": "ascend950"}`)
	f.Fuzz(func(t *testing.T, body string) {
		dir := t.TempDir()
		p := filepath.Join(dir, "t.json")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		tg, err := Load(p)
		if err != nil {
			// Located: the file, a line and a column.
			if rest, ok := strings.CutPrefix(err.Error(), p+":"); !ok || !located.MatchString(rest) {
				t.Fatalf("error without its place: %v", err)
			}
			return
		}
		for _, bad := range []string{"\x00", "\xEF\xBB\xBF", "null"} {
			if strings.Contains(body, bad) && !strings.Contains(tg.Description+tg.Name+fmt.Sprintf("%+v", tg.PTOArch), bad) {
				t.Fatalf("accepted a file with %q", bad)
			}
		}
		for name, s := range tg.Spaces {
			if !strings.Contains(strings.Join(SpaceNames(), " "), name) {
				t.Errorf("unknown space %q accepted", name)
			}
			if s.Capacity < 0 {
				t.Errorf("space %q: capacity %d", name, s.Capacity)
			}
			if a := tg.Alignment(name); s.Absent == false && (a <= 0 || a&(a-1) != 0) {
				t.Errorf("space %q: alignment %d", name, a)
			}
			for _, r := range s.Reserved {
				if r[0] < 0 || r[1] < r[0] {
					t.Errorf("space %q: reserved %v", name, r)
				}
			}
		}
		for _, h := range tg.Hazards {
			if _, ok := Hazards[h]; !ok {
				t.Errorf("unknown hazard %q accepted", h)
			}
		}
	})
}
