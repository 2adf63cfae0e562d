package targets

import (
	"os"
	"path/filepath"
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

// TestRejected lists the target files Load must refuse, each with the
// words its message must contain.
func TestRejected(t *testing.T) {
	for _, c := range []struct {
		name, body, want string
	}{
		{"declared alignment 3", `{"inherits": "ascend950", "spaces": {"vec": {"declared_alignment": 3}}}`,
			`space "vec": declared_alignment: 3 is not a power of two`},
		{"declared alignment 0", `{"inherits": "ascend950", "spaces": {"vec": {"declared_alignment": 0}}}`,
			`space "vec": declared_alignment: 0 is not a power of two`},
		{"alignment 0", `{"inherits": "generic", "spaces": {"mat": {"alignment": 0}}}`,
			`space "mat": alignment: 0 is not a power of two`},
		{"negative alignment", `{"spaces": {"mat": {"alignment": -32}}}`,
			`alignment: -32 is not a power of two`},
		{"allocator alignment 48", `{"allocator_alignment": 48}`,
			`allocator_alignment: 48 is not a power of two`},
		{"unknown hazard", `{"inherits": "ascend910b", "hazards": ["split-load-tpop", "split-load-tpopp"]}`,
			`unknown hazard "split-load-tpopp" (known hazards: split-load-tpop)`},
		{"misspelled space", `{"inherits": "ascend950", "spaces": {"vecc": {"capacity": 1024}}}`,
			`unknown memory space "vecc" (spaces: vec, mat, left, right, acc, bias, left_scale, right_scale)`},
		{"global memory is not a target space", `{"spaces": {"ddr": {"capacity": 1024}}}`,
			`unknown memory space "ddr"`},
		{"misspelled field", `{"inherits": "ascend950", "spaces": {"vec": {"capcity": 1}}}`,
			`space "vec": json: unknown field "capcity"`},
		{"trailing garbage", `{"inherits": "ascend950"} {"name": "x"}`,
			`unexpected data after the JSON document`},
		{"negative physical capacity", `{"spaces": {"vec": {"physical_capacity": -1}}}`,
			`physical_capacity -1 is negative`},
		{"ptoas planner without capacity", `{"spaces": {"vec": {"ptoas": {"alignment": 32}}}}`,
			`ptoas: capacity 0 is not positive`},
		{"ptoas planner alignment not a power of two", `{"spaces": {"vec": {"ptoas": {"capacity": 1024, "alignment": 24}}}}`,
			`ptoas: alignment: 24 is not a power of two`},
		{"inherits a device", `{"inherits": "/dev/zero"}`,
			`/dev/zero: not a regular file`},
		{"inherits a directory", `{"inherits": "/"}`,
			`not a regular file`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Load(writeTarget(t, "t.json", c.body))
			if err == nil {
				t.Fatalf("accepted %s", c.body)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\nwant it to contain %q", err, c.want)
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
	if !tg.HasHazard(HazardSplitLoadTpop) || tg.Family != "ascend950" {
		t.Errorf("hazards %v, family %q", tg.Hazards, tg.Family)
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
	f.Fuzz(func(t *testing.T, body string) {
		dir := t.TempDir()
		p := filepath.Join(dir, "t.json")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		tg, err := Load(p)
		if err != nil {
			return
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
