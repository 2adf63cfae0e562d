// Package targets describes the memory of the machines pto-opt plans for:
// per space a capacity, an alignment and reserved byte windows, plus the
// hazards and in-place variants the passes must respect. Targets are JSON
// (embedded for the built-in ones); a target may inherit from another and
// override only what differs, in the style of TinyGo's target files.
package targets

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/internal/strictjson"
)

//go:embed builtin/*.json
var builtinFS embed.FS

// Space is one memory space of a target.
type Space struct {
	// Capacity in bytes; 0 means unbounded.
	Capacity int64 `json:"capacity"`
	// PhysicalCapacity is informational (the usable capacity excludes
	// firmware-reserved bytes).
	PhysicalCapacity int64 `json:"physical_capacity,omitempty"`
	// Alignment is what the allocator rounds addresses and sizes to.
	Alignment int64 `json:"alignment"`
	// DeclaredAlignment is the hardware's documented alignment.
	DeclaredAlignment int64 `json:"declared_alignment,omitempty"`
	// Reserved byte windows [lo, hi) no buffer may use.
	Reserved [][2]int64 `json:"reserved,omitempty"`
	// Absent spaces do not exist on the target.
	Absent bool `json:"absent,omitempty"`
	// Layout is the element layout the hardware (and ptoas) requires of
	// tiles in this space; convert-tile-to-pto writes it into every
	// !pto.tile_buf. Nil: ptoas's default (row_major, none_box, 512).
	Layout *Layout `json:"layout,omitempty"`
	// PTOAS is how ptoas's own memory planner (PlanMemory, which runs
	// when the tiles carry no addresses: planner=ptoas) sees the space.
	// Nil: pto-opt does not model ptoas's planner for it.
	PTOAS *PTOASPlan `json:"ptoas,omitempty"`
}

// PTOASPlan is the capacity ptoas's PlanMemory plans a space into and
// the alignment it rounds every buffer's size to, both in bytes. They are
// ptoas's own table for the arch, not the hardware's (ptoas plans into
// the whole physical UB, firmware-reserved bytes included).
type PTOASPlan struct {
	Capacity  int64 `json:"capacity"`
	Alignment int64 `json:"alignment"`
}

// Layout is a tile element layout: ptoas's blayout (how fractal boxes are
// ordered), slayout (the order within a box) and fractal size in bytes.
type Layout struct {
	BLayout string `json:"blayout,omitempty"`
	SLayout string `json:"slayout,omitempty"`
	Fractal int64  `json:"fractal,omitempty"`
}

// check rejects layout values ptoas does not have, saying which field
// holds one.
func (l *Layout) check() (string, error) {
	if l.BLayout != "" && l.BLayout != "row_major" && l.BLayout != "col_major" {
		return "blayout", fmt.Errorf("%q is not row_major or col_major", l.BLayout)
	}
	if l.SLayout != "" && l.SLayout != "none_box" && l.SLayout != "row_major" && l.SLayout != "col_major" {
		return "slayout", fmt.Errorf("%q is not none_box, row_major or col_major", l.SLayout)
	}
	if l.Fractal < 0 || l.Fractal > 0 && l.Fractal&(l.Fractal-1) != 0 {
		return "fractal", fmt.Errorf("%d is not a power of two", l.Fractal)
	}
	return "", nil
}

// Target is a fully resolved target description.
type Target struct {
	Name               string            `json:"name"`
	Inherits           string            `json:"inherits,omitempty"`
	Description        string            `json:"description,omitempty"`
	AllocatorAlignment int64             `json:"allocator_alignment,omitempty"`
	Spaces             map[string]*Space `json:"spaces"`
	Hazards            []string          `json:"hazards,omitempty"`
	// Moves lists the [from, to] memory-space pairs tile.move can copy
	// between on this target (ptoas's tmov pairs); empty: any pair.
	Moves [][2]string `json:"moves,omitempty"`
	// Loads and Stores list the spaces tile.load can fill from global
	// memory and tile.store can write back from (ptoas's tload and
	// tstore); empty: any space.
	Loads  []string `json:"loads,omitempty"`
	Stores []string `json:"stores,omitempty"`
	// InPlace are the in-place variants of tile ops the target allows
	// (tile.InPlaceRules: prelu-reuses-tmp).
	InPlace []string `json:"in_place,omitempty"`
	// PTOArch is ptoas's arch for the target and the facts of its rules
	// (pto_arch.go); nil: none.
	PTOArch *PTOArch `json:"pto_arch,omitempty"`
}

// AliasRules are the in-place variants the target allows
// (tile.InPlaceRules), space-separated: what the target-aware no-alias
// rules of the tile ops read.
func (t *Target) AliasRules() string { return strings.Join(t.InPlace, " ") }

// HasHazard reports whether the target declares the named hazard
// (e.g. "split-load-tpop", the Ascend910B load + tpop_from_aic rule).
func (t *Target) HasHazard(h string) bool {
	for _, x := range t.Hazards {
		if x == h {
			return true
		}
	}
	return false
}

// CanMove reports whether tile.move can copy from one space to another.
func (t *Target) CanMove(from, to string) bool {
	if len(t.Moves) == 0 {
		return true
	}
	return slices.Contains(t.Moves, [2]string{from, to})
}

// CanLoad reports whether tile.load can fill a tile of the space.
func (t *Target) CanLoad(space string) bool {
	return len(t.Loads) == 0 || slices.Contains(t.Loads, space)
}

// CanStore reports whether tile.store can write a tile of the space.
func (t *Target) CanStore(space string) bool {
	return len(t.Stores) == 0 || slices.Contains(t.Stores, space)
}

// Space returns the named space, or nil when the target lacks it.
func (t *Target) Space(name string) *Space {
	s := t.Spaces[name]
	if s == nil || s.Absent {
		return nil
	}
	return s
}

// Capacity returns the capacity of a space (0 = unbounded).
func (t *Target) Capacity(space string) int64 {
	if s := t.Space(space); s != nil {
		return s.Capacity
	}
	return 0
}

// Alignment returns the allocator alignment of a space (at least 1).
func (t *Target) Alignment(space string) int64 {
	if s := t.Space(space); s != nil && s.Alignment > 0 {
		return s.Alignment
	}
	if t.AllocatorAlignment > 0 {
		return t.AllocatorAlignment
	}
	return 1
}

// ReservedLeading returns the end of a reserved window starting at 0, the
// address sequential allocation starts from.
func (t *Target) ReservedLeading(space string) int64 {
	s := t.Space(space)
	if s == nil {
		return 0
	}
	start := int64(0)
	for changed := true; changed; {
		changed = false
		for _, r := range s.Reserved {
			if r[0] <= start && r[1] > start {
				start = r[1]
				changed = true
			}
		}
	}
	return start
}

// Builtin lists the names of the embedded targets.
func Builtin() []string {
	entries, _ := builtinFS.ReadDir("builtin")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	slices.Sort(out)
	return out
}

// raw is a target file before inheritance is resolved; pointers tell
// "absent" from "zero" so a child can override selectively.
type raw struct {
	Name               string                     `json:"name"`
	Inherits           string                     `json:"inherits"`
	Description        string                     `json:"description"`
	AllocatorAlignment *int64                     `json:"allocator_alignment"`
	Spaces             map[string]json.RawMessage `json:"spaces"`
	Hazards            *[]string                  `json:"hazards"`
	Moves              *[][2]string               `json:"moves"`
	Loads              *[]string                  `json:"loads"`
	Stores             *[]string                  `json:"stores"`
	InPlace            *[]string                  `json:"in_place"`
	PTOArch            *rawPTOArch                `json:"pto_arch"`
}

// Load resolves a target by built-in name or JSON file path.
func Load(nameOrPath string) (*Target, error) {
	return load(nameOrPath, nil)
}

// MaxFileSize bounds a target file: a description is a few hundred bytes,
// and "inherits": "/dev/zero" must fail at once instead of reading forever.
const MaxFileSize = 1 << 20

// Hazards lists the hazard names a target may declare, with what each one
// makes the passes do. An unknown name is an error: a misspelled hazard
// would silently drop the rule it meant to enable.
var Hazards = map[string]string{
	HazardSplitLoadTpop: "on split-AIV kernels, a tile.load and a tpop_from_aic buffer must not share bytes (Ascend910B)",
}

// HazardSplitLoadTpop is the Ascend910B rule that a load and a
// tpop_from_aic buffer of a split-AIV kernel never share bytes.
const HazardSplitLoadTpop = "split-load-tpop"

// SpaceNames lists the memory spaces a target may describe: the tile
// dialect's on-chip spaces (global memory, ddr, is not planned), and the
// spaces only ptoas's language names (PTOSpaces).
func SpaceNames() []string {
	var out []string
	for _, s := range tile.Spaces {
		if s != "ddr" {
			out = append(out, s)
		}
	}
	return append(out, PTOSpaces...)
}

// PTOSpaces are the on-chip spaces of ptoas's language that have no tile
// space: scaling, the fixpipe's scaling buffer (pto's fp operands),
// which ptoas plans as a space of its own.
var PTOSpaces = []string{"scaling"}

func load(nameOrPath string, seen []string) (*Target, error) {
	for _, s := range seen {
		if s == nameOrPath {
			return nil, fmt.Errorf("target inheritance cycle: %s -> %s", strings.Join(seen, " -> "), nameOrPath)
		}
	}
	seen = append(seen, nameOrPath)
	var data []byte
	var err error
	source := nameOrPath
	if isPath(nameOrPath) {
		data, err = readFile(nameOrPath)
		if err != nil {
			return nil, fmt.Errorf("cannot read target file: %v", err)
		}
	} else {
		data, err = builtinFS.ReadFile("builtin/" + nameOrPath + ".json")
		if err != nil {
			return nil, fmt.Errorf("unknown target '%s' (built-in targets: %s; or give a .json file)", nameOrPath, strings.Join(Builtin(), ", "))
		}
		source = nameOrPath + " (built-in)"
	}
	// Checked strictly first, so that every key is a field's own name,
	// once; the positions of the keys place the errors below.
	pos, err := strictjson.Check(data, targetSchema)
	if err != nil {
		return nil, fmt.Errorf("%s:%v", source, err)
	}
	at := func(path, format string, args ...any) error {
		line, col := pos.Of(path)
		return fmt.Errorf("%s:%d:%d: %s: %s", source, line, col, path, fmt.Sprintf(format, args...))
	}
	var r raw
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%s: %v", source, err)
	}
	t := &Target{Spaces: map[string]*Space{}}
	if r.Inherits != "" {
		parentName := r.Inherits
		if isPath(parentName) && !filepath.IsAbs(parentName) && isPath(nameOrPath) {
			// A file inherits a file relative to its own directory.
			parentName = filepath.Join(filepath.Dir(nameOrPath), parentName)
		}
		parent, err := load(parentName, seen)
		if err != nil {
			return nil, at("inherits", "%v", err)
		}
		*t = *parent
		t.Spaces = map[string]*Space{}
		for k, v := range parent.Spaces {
			c := *v
			t.Spaces[k] = &c
		}
		t.Hazards = append([]string(nil), parent.Hazards...)
	}
	t.Name = r.Name
	if t.Name == "" {
		t.Name = strings.TrimSuffix(filepath.Base(nameOrPath), ".json")
	}
	t.Inherits = r.Inherits
	if r.Description != "" {
		t.Description = r.Description
	}
	if r.InPlace != nil {
		for k, v := range *r.InPlace {
			if _, ok := tile.InPlaceRules[v]; !ok {
				return nil, at(fmt.Sprintf("in_place[%d]", k), "unknown in-place variant %q (variants: %s)", v, strings.Join(slices.Sorted(maps.Keys(tile.InPlaceRules)), ", "))
			}
		}
		t.InPlace = *r.InPlace
	}
	if r.PTOArch != nil {
		a, field, err := r.PTOArch.apply(t.PTOArch)
		if err != nil {
			return nil, at("pto_arch"+field, "%v", err)
		}
		t.PTOArch = a
	}
	if r.AllocatorAlignment != nil {
		if err := checkAlignment(*r.AllocatorAlignment); err != nil {
			return nil, at("allocator_alignment", "%v", err)
		}
		t.AllocatorAlignment = *r.AllocatorAlignment
	}
	if r.Hazards != nil {
		for k, h := range *r.Hazards {
			path := fmt.Sprintf("hazards[%d]", k)
			if _, ok := Hazards[h]; !ok {
				return nil, at(path, "unknown hazard %q (known hazards: %s)", h, strings.Join(slices.Sorted(maps.Keys(Hazards)), ", "))
			}
			if slices.Index(*r.Hazards, h) < k {
				return nil, at(path, "hazard %q listed twice", h)
			}
		}
		t.Hazards = *r.Hazards
	}
	if r.Moves != nil {
		for k, m := range *r.Moves {
			for j, sp := range m {
				if !slices.Contains(SpaceNames(), sp) {
					return nil, at(fmt.Sprintf("moves[%d][%d]", k, j), "unknown memory space %q (spaces: %s)", sp, strings.Join(SpaceNames(), ", "))
				}
			}
			if slices.Index(*r.Moves, m) < k {
				return nil, at(fmt.Sprintf("moves[%d]", k), "move [%q, %q] listed twice", m[0], m[1])
			}
		}
		t.Moves = *r.Moves
	}
	for _, list := range []struct {
		field string
		from  *[]string
		to    *[]string
	}{{"loads", r.Loads, &t.Loads}, {"stores", r.Stores, &t.Stores}} {
		if list.from == nil {
			continue
		}
		for k, sp := range *list.from {
			path := fmt.Sprintf("%s[%d]", list.field, k)
			if !slices.Contains(SpaceNames(), sp) {
				return nil, at(path, "unknown memory space %q (spaces: %s)", sp, strings.Join(SpaceNames(), ", "))
			}
			if slices.Index(*list.from, sp) < k {
				return nil, at(path, "space %q listed twice", sp)
			}
		}
		*list.to = *list.from
	}
	for _, name := range slices.Sorted(maps.Keys(r.Spaces)) {
		path := "spaces." + name
		if !slices.Contains(SpaceNames(), name) {
			return nil, at(path, "unknown memory space %q (spaces: %s)", name, strings.Join(SpaceNames(), ", "))
		}
		msg := r.Spaces[name]
		// The explicit fields, to reject a 0 alignment that decoding over
		// the parent's values could not tell from an absent one.
		var given rawSpace
		if err := json.Unmarshal(msg, &given); err != nil {
			return nil, at(path, "%v", err)
		}
		if field, err := given.check(); err != nil {
			return nil, at(path+field, "%v", err)
		}
		s := t.Spaces[name]
		if s == nil {
			s = &Space{}
			t.Spaces[name] = s
		}
		if given.PTOAS != nil {
			// Replaced whole, not decoded into the parent's (shared) one.
			s.PTOAS = nil
		}
		// Decode over the inherited values: fields absent in the child
		// keep the parent's.
		if err := json.Unmarshal(msg, s); err != nil {
			return nil, at(path, "%v", err)
		}
	}
	if err := t.validate(); err != nil {
		return nil, at(err.path, "%s", err.msg)
	}
	return t, nil
}

// targetSchema is the shape a target file is held to (see package
// strictjson), its spaces read as rawSpace. null is refused: a field left
// out inherits its value, and null would be a third way of saying so.
var targetSchema = strictjson.For[raw]().Later(raw{}, "spaces", map[string]rawSpace(nil)).RefuseNull()

// readFile reads a target file, which must be a regular file of at most
// MaxFileSize bytes (a device or a FIFO could be read forever).
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, MaxFileSize)
	}
	return data, nil
}

// rawSpace is a space as written, pointers telling absent from zero.
type rawSpace struct {
	Capacity          *int64      `json:"capacity"`
	PhysicalCapacity  *int64      `json:"physical_capacity"`
	Alignment         *int64      `json:"alignment"`
	DeclaredAlignment *int64      `json:"declared_alignment"`
	Reserved          *[][2]int64 `json:"reserved"`
	Absent            *bool       `json:"absent"`
	Layout            *Layout     `json:"layout"`
	PTOAS             *PTOASPlan  `json:"ptoas"`
}

// check rejects the values no target can mean, saying which field
// (".alignment") holds one. Alignments must be given as powers of two: 0
// would leave "aligned" undefined and 3 cannot be met by any
// power-of-two-aligned base address.
func (r *rawSpace) check() (string, error) {
	if r.Alignment != nil {
		if err := checkAlignment(*r.Alignment); err != nil {
			return ".alignment", err
		}
	}
	if r.DeclaredAlignment != nil {
		if err := checkAlignment(*r.DeclaredAlignment); err != nil {
			return ".declared_alignment", err
		}
	}
	if r.Layout != nil {
		if field, err := r.Layout.check(); err != nil {
			return ".layout." + field, err
		}
	}
	if r.PhysicalCapacity != nil && *r.PhysicalCapacity < 0 {
		return ".physical_capacity", fmt.Errorf("%d is negative", *r.PhysicalCapacity)
	}
	if p := r.PTOAS; p != nil {
		if p.Capacity <= 0 {
			return ".ptoas.capacity", fmt.Errorf("%d is not positive", p.Capacity)
		}
		if err := checkAlignment(p.Alignment); err != nil {
			return ".ptoas.alignment", err
		}
	}
	return "", nil
}

func checkAlignment(a int64) error {
	if a <= 0 || a&(a-1) != 0 {
		return fmt.Errorf("%d is not a power of two", a)
	}
	return nil
}

// isPath tells a target file from a built-in target name.
func isPath(nameOrPath string) bool {
	return strings.HasSuffix(nameOrPath, ".json") || strings.ContainsRune(nameOrPath, filepath.Separator)
}

// fieldError is an error about a field of a target, by its path.
type fieldError struct{ path, msg string }

// validate checks the resolved target: what the checks of each file's
// own values cannot see.
func (t *Target) validate() *fieldError {
	for _, name := range slices.Sorted(maps.Keys(t.Spaces)) {
		s := t.Spaces[name]
		path := "spaces." + name
		if s.Capacity < 0 {
			return &fieldError{path + ".capacity", "negative capacity"}
		}
		if s.Alignment < 0 || s.Alignment > 0 && s.Alignment&(s.Alignment-1) != 0 {
			return &fieldError{path + ".alignment", fmt.Sprintf("%d is not a power of two", s.Alignment)}
		}
		for k, r := range s.Reserved {
			if r[0] < 0 || r[1] < r[0] {
				return &fieldError{fmt.Sprintf("%s.reserved[%d]", path, k), fmt.Sprintf("invalid reserved range [%d, %d)", r[0], r[1])}
			}
		}
	}
	return nil
}

// Generic returns the unbounded target used when none is selected.
func Generic() *Target {
	t, err := Load("generic")
	if err != nil {
		panic(err)
	}
	return t
}
