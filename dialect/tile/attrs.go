package tile

import (
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/suggest"
)

// The tile dialect's discardable attributes: what each means, where it
// may stand and what its value must be. The passes read them without
// checking (a malformed tile.pipeline would silently turn the stage guard
// off), so the verifier holds every `tile.*` attribute to this list and
// refuses any other name, as a strict reader of a format must.
var dialectAttrs = map[string]func(op *ir.Operation, a ir.Attribute) string{
	// The target the module is planned for (--target serves files
	// without it).
	"tile.target": func(op *ir.Operation, a ir.Attribute) string {
		if op.Def == nil || op.Def.Name != "builtin.module" {
			return "may only be given on a module"
		}
		if _, ok := a.(*ir.StringAttr); !ok {
			return "must be a string naming a target (ascend910b, ascend950, generic or a .json file)"
		}
		return ""
	},
	// A function that runs split over the two vector cores of an
	// Ascend 910B cube group: its loads and cube pops may not share.
	"tile.split_aiv": func(op *ir.Operation, a ir.Attribute) string {
		if !op.Has(ir.FunctionLike) {
			return "may only be given on a function"
		}
		if _, ok := a.(*ir.UnitAttr); !ok {
			return "takes no value (it is a unit attribute)"
		}
		return ""
	},
	// [group, stage]: writes of one group in different pipeline stages
	// are concurrent clones and never share bytes.
	"tile.pipeline": func(op *ir.Operation, a ir.Attribute) string {
		if op.Dialect() != "tile" {
			return "may only be given on a tile op"
		}
		arr, ok := a.(*ir.ArrayAttr)
		if !ok || len(arr.Elems) != 2 {
			return "must be [group, stage], two integers"
		}
		for _, e := range arr.Elems {
			n, ok := e.(*ir.IntegerAttr)
			if !ok || n.Big != "" || n.Value < 0 {
				return "must be [group, stage], two non-negative integers"
			}
		}
		return ""
	},
	// The weight dsa-rp gives this allocation's cross-pipe reuse
	// penalties.
	"tile.reuse_penalty": func(op *ir.Operation, a ir.Attribute) string {
		if op.Def == nil || op.Def.Name != "tile.alloc" {
			return "may only be given on a tile.alloc"
		}
		if n, ok := a.(*ir.IntegerAttr); !ok || n.Big != "" || n.Value < 0 {
			return "must be a non-negative integer"
		}
		return ""
	},
}

func init() {
	ir.RegisterDialectAttrVerifier("tile", func(op *ir.Operation, a ir.NamedAttr) error {
		check, ok := dialectAttrs[a.Name]
		if !ok {
			msg := "'" + a.Name + "' is not an attribute of the tile dialect (it has " + strings.Join(dialectAttrNames(), ", ") + ")"
			if near := nearestAttr(a.Name); near != "" {
				msg += "; did you mean '" + near + "'?"
			}
			return ir.NewError(op.Loc, "%s", msg)
		}
		if why := check(op, a.Value); why != "" {
			return ir.NewError(op.Loc, "'%s' %s", a.Name, why)
		}
		return nil
	})
}

func dialectAttrNames() []string {
	names := make([]string, 0, len(dialectAttrs))
	for n := range dialectAttrs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// nearestAttr is the known attribute within two edits of name, if one.
func nearestAttr(name string) string {
	return suggest.Nearest(strings.ToLower(name), dialectAttrNames(), 3)
}
