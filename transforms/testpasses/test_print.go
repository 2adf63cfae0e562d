// Package testpasses holds the passes that only tests use: dumps of the
// alias and liveness analyses for FileCheck.
package testpasses

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/analysis"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/printer"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// The analysis dump passes: stable text for FileCheck tests of the alias
// analysis and of liveness/interference. Values are named as the printed
// function names them.

// PrintAliases is test-print-aliases.
var PrintAliases = &pass.Pass{
	Name:      "test-print-aliases",
	ClassName: "TestPrintAliases",
	Summary:   "Print, for each allocation, its forward and reverse alias sets",
	Anchor:    "func.func",
	ReadOnly:  true,
	Run:       runPrintAliases,
}

// PrintLiveness is test-print-liveness.
var PrintLiveness = &pass.Pass{
	Name:      "test-print-liveness",
	ClassName: "TestPrintLiveness",
	Summary:   "Print program points, lifetime intervals and interference",
	Anchor:    "func.func",
	ReadOnly:  true,
	Run:       runPrintLiveness,
}

func out(ctx *pass.Context) io.Writer {
	if ctx.Out == nil {
		return io.Discard
	}
	return ctx.Out
}

func nameList(names map[*ir.Value]string, vs []*ir.Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = valueName(names, v)
	}
	return strings.Join(parts, " ")
}

func valueName(names map[*ir.Value]string, v *ir.Value) string {
	if n, ok := names[v]; ok {
		return n
	}
	return "<value>"
}

// sortedByName orders values by their printed names for stable output.
func sortedByName(names map[*ir.Value]string, vs []*ir.Value) []*ir.Value {
	out := append([]*ir.Value(nil), vs...)
	slices.SortStableFunc(out, func(a, b *ir.Value) int { return cmp.Compare(valueName(names, a), valueName(names, b)) })
	return out
}

func runPrintAliases(ctx *pass.Context, fn *ir.Operation) error {
	names := printer.Names(fn, printer.Options{})
	aa := pass.GetAnalysis(ctx, pass.AliasGraph, fn)
	w := out(ctx)
	fmt.Fprintf(w, "aliases @%s\n", ir.SymbolName(fn))
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Results {
			if !analysis.IsAllocation(r) {
				continue
			}
			fmt.Fprintf(w, "  alloc %s\n", valueName(names, r))
			fmt.Fprintf(w, "    forward: %s\n", nameList(names, sortedByName(names, aa.Resolve(r))))
			fmt.Fprintf(w, "    reverse: %s\n", nameList(names, sortedByName(names, aa.ResolveReverse(r))))
		}
		return true
	})
	return nil
}

func runPrintLiveness(ctx *pass.Context, fn *ir.Operation) error {
	names := printer.Names(fn, printer.Options{})
	lv := pass.GetAnalysis(ctx, pass.Liveness, fn)
	w := out(ctx)
	fmt.Fprintf(w, "liveness @%s\n", ir.SymbolName(fn))
	for i, op := range lv.Ops {
		if op == fn {
			continue
		}
		depth := 0
		for p := op.ParentOp(); p != nil && p != fn; p = p.ParentOp() {
			depth++
		}
		line := fmt.Sprintf("  %d: %s%s", i, strings.Repeat("  ", depth), op.Name)
		if e := lv.End(op); e != i {
			line += fmt.Sprintf(" (to %d)", e)
		}
		fmt.Fprintln(w, line)
	}
	var vals []*ir.Value
	fn.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks {
				vals = append(vals, b.Args...)
			}
		}
		if op != fn {
			vals = append(vals, op.Results...)
		}
		return true
	})
	for _, v := range vals {
		fmt.Fprintf(w, "  value %s %s\n", valueName(names, v), formatRanges(lv.Ranges(v)))
	}
	roots := lv.Roots()
	for _, r := range roots {
		fmt.Fprintf(w, "  root %s %s\n", valueName(names, r), formatRanges(lv.RootRanges(r)))
	}
	// For every pair of roots: "exclusive" when no execution path holds
	// both; else "interfere" when their lifetimes overlap, "disjoint" when
	// only their hulls do (a value that dies inside one arm of an scf.if).
	for i, a := range roots {
		for _, b := range roots[i+1:] {
			na, nb := valueName(names, a), valueName(names, b)
			if ex, sep := lv.Exclusive(a, b); ex {
				where := "cf successors that never meet"
				if sep != nil {
					where = fmt.Sprintf("%s at line %d", sep.Name, sep.Loc.Line)
				}
				fmt.Fprintf(w, "  exclusive %s %s (%s)\n", na, nb, where)
				continue
			}
			switch {
			case analysis.OverlapSets(lv.RootRanges(a), lv.RootRanges(b)):
				fmt.Fprintf(w, "  interfere %s %s\n", na, nb)
			case lv.RootInterval(a).Overlaps(lv.RootInterval(b)):
				fmt.Fprintf(w, "  disjoint %s %s\n", na, nb)
			}
		}
	}
	return nil
}

func formatRanges(rs []analysis.Interval) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("[%d, %d)", r.Start, r.End)
	}
	if len(parts) == 0 {
		return "[]"
	}
	return strings.Join(parts, " ")
}
