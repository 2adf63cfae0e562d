package docgen

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/pto"
	"github.com/pto-opt/pto-opt/dialect/tile"
	"github.com/pto-opt/pto-opt/targets"
	"github.com/pto-opt/pto-opt/transforms/tiletopto/lowering"
)

// loweringText is the ptoas column of a tile op's row: the instruction
// the conversion's mapping names, or why there is none.
func loweringText(r tile.Op) string {
	l, ok := lowering.Of("tile." + r.Name)
	text := "-"
	switch {
	case !ok:
	case l.Form == lowering.Unsupported:
		text = "none (refused: " + cell(l.Reason) + ")"
	case l.Form == lowering.NoOp:
		text = "none (the buffer)"
	default:
		text = "`pto." + l.PTO + "`"
	}
	if r.Scratch {
		text += ", scratch"
	}
	return text
}

// archTarget is the first built-in target giving a ptoas arch's facts:
// the documentation shows each arch's values once.
type archTarget struct {
	target string
	arch   *pto.Arch
}

func archTargets(tgts []*targets.Target) []archTarget {
	var out []archTarget
	seen := map[string]bool{}
	for _, t := range tgts {
		a := t.PTO()
		if a == nil || seen[a.Name] {
			continue
		}
		seen[a.Name] = true
		out = append(out, archTarget{t.Name, a})
	}
	return out
}

// ptoSection is the pto dialect's part of docs/dialects.md: its op table,
// with how each op is written, what it does to memory, its pipe and the
// element types ptoas's rules take, those that depend on the arch with
// the values the built-in targets give.
func ptoSection(b *bytes.Buffer, tgts []*targets.Target) {
	arches := archTargets(tgts)
	var archNames []string
	for _, a := range arches {
		archNames = append(archNames, fmt.Sprintf("%s (`%s`, %s)", a.arch.Label, a.arch.Name, a.target))
	}
	b.WriteString(`
## The pto dialect

ptoas's language (PTOAS's ` + "`PTOOps.td`" + `), read, verified and printed as ptoas
accepts it: one row of the pto op table (` + "`pto.Ops`" + ` in ` + "`dialect/pto`" + `) per op.
Tile buffers are written either way ptoas reads them, the long
` + "`!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>`" + `
(` + "`v_row=?`" + ` for a valid size given at run time) or the compact form ptoas itself
prints, ` + "`!pto.tile_buf<vec, 16x16xf32>`" + ` (keys that differ from the defaults
follow: ` + "`valid=8x16`" + `, ` + "`blayout=col_major`" + `, ...); both are one type, and pto-opt
prints the compact one, as ptoas does. A module's ` + "`pto.target_arch`" + ` or ` + "`\"pto.device-spec\"`" + `
picks the target (` + "`--target`" + ` serves modules without one; one that disagrees is
an error at the attribute), and the rules that depend on ptoas's arch read
that target's facts (its file's ` + "`pto_arch`" + `, see [targets.md](targets.md)). An op
the table does not know is kept and printed in generic form.

The syntax column says how the op is written: "ins/outs" for the format
generated from the operands it reads and writes, "format" for an explicit
declarative format, "custom" for a hand-written parser and printer. Effects
are what the op does to the bytes of its operands (R read, W written; ` + "`$0`" + `
its result). Element types are those ptoas's verifier takes on every arch,
then those that depend on it (` + strings.Join(archNames, "; ") + `).

| op | summary | syntax | effects | pipe | element types |
|---|---|---|---|---|---|
`)
	for i := range pto.Ops {
		op := &pto.Ops[i]
		fmt.Fprintf(b, "| `pto.%s` | %s | %s | %s | %s | %s |\n", op.Name, cell(op.Doc), syntaxText(op), effectsText(op), cell(op.Pipe), elementText(op, arches))
	}
}

func syntaxText(op *pto.Op) string {
	switch {
	case op.Custom:
		return "custom"
	case op.Format != "":
		return "format"
	}
	return "ins/outs"
}

// effectsText is what the op does to memory, as the pto dialect says.
func effectsText(op *pto.Op) string { return cell(pto.DescribeEffects("pto." + op.Name)) }

// elementText shows the element rules of an op: the lists that hold on
// every arch, then each arch-dependent fact with its values.
func elementText(op *pto.Op, arches []archTarget) string {
	lists, facts := pto.ElementRules("pto." + op.Name)
	parts := append([]string(nil), lists...)
	for _, f := range facts {
		var per []string
		for _, a := range arches {
			l, ok := a.arch.List(f)
			v := "any"
			if ok {
				v = strings.Join(l, "/")
			}
			per = append(per, a.arch.Label+": "+v)
		}
		parts = append(parts, strings.Join(per, "; "))
	}
	return cell(strings.Join(parts, ", "))
}
