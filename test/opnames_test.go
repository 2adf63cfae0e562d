package test

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	_ "github.com/pto-opt/pto-opt/dialect/all"
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Outside the dialect packages, code asks the op registry what an op does
// (its traits, effects, op interfaces, the tile op table) and never
// compares its name: a pass that says `op.Name == "tile.store"` misses the
// next op that stores, and nothing tells it so. TestNoOpNameComparisons
// enforces that rule on every non-test Go file outside dialect/, type
// checked, so that a named constant counts as its value and a comparison
// is found whatever variable holds the name.
//
// What counts is a string constant (a literal or a named constant) whose
// value is the name of a registered op ("scf.for") or a registered
// dialect's prefix ("tile."), used
//   - as an operand of == or !=,
//   - as a case of a switch,
//   - as an argument of a strings function that compares (HasPrefix,
//     HasSuffix, CutPrefix, CutSuffix, TrimPrefix, TrimSuffix, Contains,
//     EqualFold, Compare, Index),
//   - as a key of a map literal (a table from op names is a switch);
//
// and a registered dialect's name ("tile") compared, in the same ways,
// with the result of a function or method named Dialect or DialectOf (an
// op's dialect is part of its name). Naming an op to make it
// (ir.NewOperation("arith.constant", ...)), to look it up (ir.Lookup) or
// to anchor a pass on it is not a comparison, and neither is comparing an
// attribute's name ("tile.target" names no op).
func TestNoOpNameComparisons(t *testing.T) {
	pkgs := goList(t, "-deps", "-export", "-json=ImportPath,Name,Dir,GoFiles,CgoFiles,Export,Standard,DepOnly", "./...")
	imp := exportImporter(pkgs)
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range pkgs {
		r, ok := rel(p.ImportPath)
		if !ok || p.DepOnly || matches("dialect/...", r) {
			continue
		}
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range slices.Concat(p.GoFiles, p.CgoFiles) {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		if len(files) == 0 {
			continue
		}
		findings, err := opNameComparisons(fset, p.ImportPath, files, imp(fset))
		if err != nil {
			t.Fatalf("type-checking %s: %v", p.ImportPath, err)
		}
		for _, f := range findings {
			if r, err := filepath.Rel(root, f.pos.Filename); err == nil {
				f.pos.Filename = r
			}
			t.Errorf("%s:%d: %s: ask the op registry (traits, effects, op interfaces, the op table), not the op's name", f.pos.Filename, f.pos.Line, f.what)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d packages checked: go list found less than the module has", checked)
	}
}

// TestOpNameComparisonsAreFound runs the check on a package made up of
// every kind of comparison it looks for and of uses it must leave alone.
func TestOpNameComparisonsAreFound(t *testing.T) {
	pkgs := goList(t, "-deps", "-export", "-json=ImportPath,Export,Standard", module+"/dialect/ir", "strings")
	const src = `package example

import (
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

const loopOp = "scf.for"

var table = map[string]int{"tile.move": 1} // FOUND map key

func uses(op *ir.Operation, name string) bool {
	if op.Name == "tile.store" { // FOUND ==
		return true
	}
	if "arith.addi" != name { // FOUND !=
		return true
	}
	if name == loopOp { // FOUND a named constant
		return true
	}
	switch op.Name {
	case "scf.if", "scf.yield": // FOUND switch case
		return true
	}
	if strings.HasPrefix(op.Name, "tile.") { // FOUND a dialect prefix
		return true
	}
	if op.Dialect() == "tile" { // FOUND the op's dialect
		return true
	}
	switch ir.DialectOf(name) {
	case "pto": // FOUND the dialect of a name
		return true
	}
	// Not comparisons of op names: making an op, looking one up, an
	// attribute name, a dialect name compared with something else.
	_ = ir.NewOperation("arith.constant", ir.Location{}, nil, nil)
	_ = ir.Lookup("tile.alloc")
	_ = op.HasAttr("tile.target")
	_ = name == "tile.target" || name == "tile" || op.Name == name
	return table[op.Name] > 0
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "example.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	findings, err := opNameComparisons(fset, "example", []*ast.File{f}, exportImporter(pkgs)(fset))
	if err != nil {
		t.Fatal(err)
	}
	var got, want []int
	for _, x := range findings {
		if !slices.Contains(got, x.pos.Line) {
			got = append(got, x.pos.Line)
		}
	}
	for i, line := range strings.Split(src, "\n") {
		if strings.Contains(line, "// FOUND") {
			want = append(want, i+1)
		}
	}
	if !slices.Equal(got, want) {
		for _, x := range findings {
			t.Logf("line %d: %s", x.pos.Line, x.what)
		}
		t.Errorf("found comparisons on lines %v, want %v", got, want)
	}
}

// exportImporter imports packages from the export data `go list -export`
// wrote for them (the build cache's), a new importer per file set.
func exportImporter(pkgs []*goPackage) func(*token.FileSet) types.Importer {
	export := map[string]string{}
	for _, p := range pkgs {
		if p.Export != "" {
			export[p.ImportPath] = p.Export
		}
	}
	return func(fset *token.FileSet) types.Importer {
		return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
			file, ok := export[path]
			if !ok {
				return nil, fmt.Errorf("go list gave no export data for %s", path)
			}
			return os.Open(file)
		})
	}
}

type opNameFinding struct {
	pos  token.Position
	what string
}

// stringComparers are the functions of package strings that compare their
// arguments.
var stringComparers = []string{"HasPrefix", "HasSuffix", "CutPrefix", "CutSuffix", "TrimPrefix", "TrimSuffix", "Contains", "EqualFold", "Compare", "Index"}

// opNameComparisons type-checks one package and lists its comparisons of
// op names with constants, in source order.
func opNameComparisons(fset *token.FileSet, path string, files []*ast.File, imp types.Importer) ([]opNameFinding, error) {
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check(path, fset, files, info); err != nil {
		return nil, err
	}
	// opName says what a constant string expression is of the op names:
	// an op's name, a dialect's prefix, or (when dialectSide is set: the
	// other side is an op's dialect) a dialect's name.
	opName := func(e ast.Expr, dialectSide bool) string {
		tv, ok := info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return ""
		}
		s := constant.StringVal(tv.Value)
		switch {
		case ir.Lookup(s) != nil:
			return fmt.Sprintf("the op name %q", s)
		case strings.HasSuffix(s, ".") && ir.IsRegisteredDialect(strings.TrimSuffix(s, ".")):
			return fmt.Sprintf("the dialect prefix %q", s)
		case dialectSide && ir.IsRegisteredDialect(s):
			return fmt.Sprintf("the dialect %q", s)
		}
		return ""
	}
	// isDialect reports whether e is a call of a function or method named
	// Dialect or DialectOf.
	isDialect := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		var name string
		switch fn := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			name = fn.Name
		case *ast.SelectorExpr:
			name = fn.Sel.Name
		}
		return name == "Dialect" || name == "DialectOf"
	}
	isStringsFunc := func(call *ast.CallExpr) (string, bool) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return "", false
		}
		fn, ok := info.Uses[sel.Sel].(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "strings" || !slices.Contains(stringComparers, fn.Name()) {
			return "", false
		}
		return fn.Name(), true
	}
	var out []opNameFinding
	found := func(at ast.Node, what, how string) {
		out = append(out, opNameFinding{fset.Position(at.Pos()), what + " " + how})
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ {
					break
				}
				for _, side := range [][2]ast.Expr{{n.X, n.Y}, {n.Y, n.X}} {
					if what := opName(side[0], isDialect(side[1])); what != "" {
						found(n, what, "compared with "+n.Op.String())
					}
				}
			case *ast.SwitchStmt:
				dialectTag := n.Tag != nil && isDialect(n.Tag)
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if what := opName(e, dialectTag); what != "" {
							found(e, what, "as a switch case")
						}
					}
				}
			case *ast.CallExpr:
				if name, ok := isStringsFunc(n); ok {
					for _, a := range n.Args {
						if what := opName(a, false); what != "" {
							found(n, what, "compared by strings."+name)
						}
					}
				}
			case *ast.CompositeLit:
				tv, ok := info.Types[n]
				if !ok {
					break
				}
				m, ok := tv.Type.Underlying().(*types.Map)
				if !ok {
					break
				}
				if b, ok := m.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
					break
				}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if what := opName(kv.Key, false); what != "" {
							found(kv.Key, what, "as the key of a map")
						}
					}
				}
			}
			return true
		})
	}
	slices.SortStableFunc(out, func(a, b opNameFinding) int {
		if c := strings.Compare(a.pos.Filename, b.pos.Filename); c != 0 {
			return c
		}
		return a.pos.Line - b.pos.Line
	})
	return out, nil
}
