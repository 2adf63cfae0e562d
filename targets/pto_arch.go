package targets

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/dialect/pto"
)

// PTOArch is what a target says of ptoas's arch (the "pto_arch" object
// of a target file): how kernels name it, and the facts of ptoas's
// verifier rules for it, which the pto dialect's rules read (pto.Arch).
// A target without one gets no arch-dependent checks and is not chosen
// by a kernel's pto.target_arch.
type PTOArch struct {
	// Name is ptoas's --pto-arch for the target (a3, a5); convert-tile-to-pto
	// writes it as the module's pto.target_arch.
	Name string `json:"name"`
	// Label is how ptoas's messages name the arch ("A2/A3").
	Label string `json:"label"`
	// ModuleNames are the pto.target_arch values that mean this target
	// (matched without case).
	ModuleNames []string `json:"module_names"`
	// DeviceSpecs are the prefixes of the "pto.device-spec" values that
	// mean this target (Ascend910B1 starts with Ascend910B).
	DeviceSpecs []string `json:"device_specs"`
	// BLayouts is the blayout ptoas gives every tile of a space whatever
	// its type says (left tiles).
	BLayouts map[string]string `json:"blayouts"`
	// Unsupported are the pto ops ptoas refuses on the arch.
	Unsupported []string `json:"unsupported"`
	// Flags are the rule facts that hold; Lists the facts that are
	// lists (element types, spaces, pairs), by the names the pto
	// dialect's rules read (pto.FactNames).
	Flags []string          `json:"flags"`
	Lists map[string]string `json:"lists"`
}

// rawPTOArch is a pto_arch object as written: absent fields inherit.
type rawPTOArch struct {
	Name        *string            `json:"name"`
	Label       *string            `json:"label"`
	ModuleNames *[]string          `json:"module_names"`
	DeviceSpecs *[]string          `json:"device_specs"`
	BLayouts    *map[string]string `json:"blayouts"`
	Unsupported *[]string          `json:"unsupported"`
	Flags       *[]string          `json:"flags"`
	// Lists merge key by key into the parent's.
	Lists map[string]string `json:"lists"`
}

// apply reads r over the inherited arch a (nil: none), checking each
// value; it returns the error's field path.
func (r *rawPTOArch) apply(a *PTOArch) (*PTOArch, string, error) {
	out := &PTOArch{}
	if a != nil {
		*out = *a
		out.Lists = maps.Clone(a.Lists)
	}
	if r.Name != nil {
		out.Name = *r.Name
	}
	if r.Label != nil {
		out.Label = *r.Label
	}
	if r.ModuleNames != nil {
		out.ModuleNames = *r.ModuleNames
	}
	if r.DeviceSpecs != nil {
		out.DeviceSpecs = *r.DeviceSpecs
	}
	if r.BLayouts != nil {
		for loc, b := range *r.BLayouts {
			if !slices.Contains(pto.Locs, loc) {
				return nil, ".blayouts." + loc, fmt.Errorf("unknown tile space %q (spaces: %s)", loc, strings.Join(pto.Locs, ", "))
			}
			if b != "row_major" && b != "col_major" {
				return nil, ".blayouts." + loc, fmt.Errorf("%q is not row_major or col_major", b)
			}
		}
		out.BLayouts = *r.BLayouts
	}
	if r.Unsupported != nil {
		for k, op := range *r.Unsupported {
			if _, ok := pto.Row("pto." + op); !ok {
				return nil, fmt.Sprintf(".unsupported[%d]", k), fmt.Errorf("%q is not a pto op", op)
			}
		}
		out.Unsupported = *r.Unsupported
	}
	lists, flags := pto.FactNames()
	if r.Flags != nil {
		for k, f := range *r.Flags {
			if !slices.Contains(flags, f) {
				return nil, fmt.Sprintf(".flags[%d]", k), fmt.Errorf("unknown flag %q (flags: %s)", f, strings.Join(flags, ", "))
			}
		}
		out.Flags = *r.Flags
	}
	for _, k := range slices.Sorted(maps.Keys(r.Lists)) {
		if !slices.Contains(lists, k) {
			return nil, ".lists." + k, fmt.Errorf("unknown fact %q (facts: %s)", k, strings.Join(lists, ", "))
		}
		if out.Lists == nil {
			out.Lists = map[string]string{}
		}
		out.Lists[k] = r.Lists[k]
	}
	if out.Name == "" {
		return nil, ".name", fmt.Errorf("a pto_arch needs the name ptoas's --pto-arch gives it")
	}
	return out, "", nil
}

// PTO is the target's arch as the pto dialect's rules read it (nil when
// the target has none).
func (t *Target) PTO() *pto.Arch {
	a := t.PTOArch
	if a == nil {
		return nil
	}
	label := a.Label
	if label == "" {
		label = a.Name
	}
	return &pto.Arch{Name: a.Name, Label: label, Lists: a.Lists, Flags: a.Flags, Unsupported: a.Unsupported, BLayouts: a.BLayouts}
}

// NamesPTOArch reports whether a kernel's pto.target_arch value means
// this target.
func (t *Target) NamesPTOArch(value string) bool {
	if t.PTOArch == nil {
		return false
	}
	for _, n := range t.PTOArch.ModuleNames {
		if strings.EqualFold(n, value) {
			return true
		}
	}
	return false
}

// NamesDeviceSpec reports whether a kernel's "pto.device-spec" value
// means this target.
func (t *Target) NamesDeviceSpec(value string) bool {
	if t.PTOArch == nil {
		return false
	}
	for _, p := range t.PTOArch.DeviceSpecs {
		if strings.HasPrefix(value, p) {
			return true
		}
	}
	return false
}

// archNames lists what the built-in targets answer to, for messages.
func archNames(names func(a *PTOArch) []string) string {
	var out []string
	for _, b := range Builtin() {
		if t, err := Load(b); err == nil && t.PTOArch != nil {
			for _, n := range names(t.PTOArch) {
				out = append(out, n+" ("+b+")")
			}
		}
	}
	return strings.Join(out, ", ")
}

// FromKernel picks the built-in target a kernel names: by its module's
// pto.target_arch, else by its "pto.device-spec". ok is false when the
// module names neither; an error (located at the module) says a value
// no built-in target answers to.
func FromKernel(m *ir.Operation) (t *Target, attr string, ok bool, err error) {
	for _, a := range []struct {
		attr  string
		match func(*Target, string) bool
		names func(*PTOArch) []string
	}{
		{"pto.target_arch", (*Target).NamesPTOArch, func(a *PTOArch) []string { return a.ModuleNames }},
		{"pto.device-spec", (*Target).NamesDeviceSpec, func(a *PTOArch) []string { return a.DeviceSpecs }},
	} {
		v, has := m.StrAttrValue(a.attr)
		if !has {
			continue
		}
		for _, b := range Builtin() {
			t, err := Load(b)
			if err == nil && a.match(t, v) {
				return t, a.attr, true, nil
			}
		}
		return nil, a.attr, true, ir.NewError(m.Loc, "%s = %q names no target pto-opt knows (%s)", a.attr, v, archNames(a.names))
	}
	return nil, "", false, nil
}

// AgreesWithKernel checks an explicitly chosen target against what the
// kernel's module names: a target that declares another arch is a
// conflict, reported at the module (which carries the attribute).
func (t *Target) AgreesWithKernel(m *ir.Operation) error {
	if t.PTOArch == nil {
		return nil
	}
	if v, ok := m.StrAttrValue("pto.target_arch"); ok && !t.NamesPTOArch(v) {
		return ir.NewError(m.Loc, "pto.target_arch = %q conflicts with --target=%s (ptoas arch %s): drop --target or the attribute", v, t.Name, t.PTOArch.Name)
	}
	if v, ok := m.StrAttrValue("pto.device-spec"); ok && !t.NamesDeviceSpec(v) {
		return ir.NewError(m.Loc, "\"pto.device-spec\" = %q conflicts with --target=%s (ptoas arch %s): drop --target or the attribute", v, t.Name, t.PTOArch.Name)
	}
	return nil
}
