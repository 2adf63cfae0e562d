package test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The packages of pto-opt form layers, lowest first, and a package imports
// only packages of its own layer or a lower one. CONTRIBUTING.md ("Where
// code goes") gives the same list: its item N starts with the patterns of
// layer N before a colon, and TestLayersAreDocumented compares the two.
// A pattern is a directory of the module, with "/..." for it and every
// package below it; a package belongs to the first layer, in this order,
// with a pattern naming it.
var layers = []struct {
	level    int
	patterns []string
}{
	{0, []string{"internal/..."}},
	{1, []string{"dialect/ir"}},
	{2, []string{"dialect/..."}},
	{3, []string{"parser", "printer", "planner/..."}},
	{4, []string{"targets"}},
	{5, []string{"analysis/..."}},
	{6, []string{"transforms/pass"}},
	{7, []string{"transforms/..."}},
	{8, []string{"cmd/...", "test/...", "bench/..."}},
}

// importRule narrows what some packages of a layer may import below it.
// A package that one of pkgs names imports, of pto-opt, only packages
// that only names (when only is set) and none that never names.
type importRule struct {
	pkgs  []string
	only  []string
	never []string
	why   string
	// tests applies the rule to the packages' test files too.
	tests bool
}

var importRules = []importRule{
	{pkgs: []string{"internal/..."}, only: []string{}, why: "a leaf imports nothing of pto-opt"},
	{pkgs: []string{"dialect/pto"}, never: []string{"dialect/tile"}, why: "the pto dialect is ptoas's language: it knows nothing of tile"},
	{pkgs: []string{"parser", "printer"}, only: []string{"dialect/ir", "internal/..."}, why: "the parser and the printer know no dialect: they import dialect/ir and leaves only (their tests import dialect/all)"},
	{pkgs: []string{"planner/..."}, only: []string{"planner/...", "internal/..."}, why: "the planner knows no IR: it imports leaves only"},
	{pkgs: []string{"targets"}, never: []string{"planner/..."}, why: "a target describes memory; it knows no planner"},
	{pkgs: []string{"transforms/pass"}, never: []string{"planner/..."}, why: "the pass manager knows no planner (the planning passes do)"},
	{pkgs: []string{"internal/...", "dialect/...", "parser", "printer", "planner/...", "targets", "analysis/...", "transforms/..."}, never: []string{"cmd/...", "test/...", "bench/..."}, tests: true, why: "nothing below the commands, the tests and the benchmarks imports them, not even in its tests"},
}

const module = "github.com/pto-opt/pto-opt"

// goPackage is what `go list -json` says of one package.
type goPackage struct {
	ImportPath   string
	Dir          string
	Name         string
	GoFiles      []string
	CgoFiles     []string
	Imports      []string
	TestImports  []string
	XTestImports []string
	Export       string
	Standard     bool
	DepOnly      bool
}

// goList runs `go list -json` with args from the module's root and decodes
// the packages it prints.
func goList(t *testing.T, args ...string) []*goPackage {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is not on PATH: %v", err)
	}
	cmd := exec.Command(goTool, append([]string{"list"}, args...)...)
	cmd.Dir = ".."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	var pkgs []*goPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(goPackage)
		if err := dec.Decode(p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		t.Fatalf("go list %s found no package", strings.Join(args, " "))
	}
	return pkgs
}

// rel is a package's path in the module ("" for the root), ok false for
// a package of another module.
func rel(path string) (string, bool) {
	if path == module {
		return "", true
	}
	r, ok := strings.CutPrefix(path, module+"/")
	return r, ok
}

// matches reports whether pattern names the module package p ("x/..."
// names x and every package below it).
func matches(pattern, p string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == dir || strings.HasPrefix(p, dir+"/")
	}
	return p == pattern
}

func matchesAny(patterns []string, p string) bool {
	return slices.ContainsFunc(patterns, func(pat string) bool { return matches(pat, p) })
}

// layerOf is the layer of module package p, -1 when no pattern names it.
func layerOf(p string) int {
	for _, l := range layers {
		if matchesAny(l.patterns, p) {
			return l.level
		}
	}
	return -1
}

// layerViolations lists the imports of pkgs that break the layer order or
// an import rule.
func layerViolations(pkgs []*goPackage) []string {
	var out []string
	for _, p := range pkgs {
		from, ok := rel(p.ImportPath)
		if !ok {
			continue
		}
		lf := layerOf(from)
		if lf < 0 {
			out = append(out, fmt.Sprintf("%s is in no layer: add it to the layers of test/layers_test.go and CONTRIBUTING.md", from))
			continue
		}
		check := func(imports []string, inTests bool) {
			for _, imp := range imports {
				to, ok := rel(imp)
				if !ok || to == from {
					continue
				}
				if lt := layerOf(to); !inTests && lt > lf {
					out = append(out, fmt.Sprintf("%s (layer %d) imports %s (layer %d): a package imports only its own layer or a lower one", from, lf, to, lt))
				}
				for _, r := range importRules {
					if !matchesAny(r.pkgs, from) || (inTests && !r.tests) {
						continue
					}
					if (r.only != nil && !matchesAny(r.only, to)) || matchesAny(r.never, to) {
						out = append(out, fmt.Sprintf("%s imports %s: %s", from, to, r.why))
					}
				}
			}
		}
		check(p.Imports, false)
		check(slices.Concat(p.TestImports, p.XTestImports), true)
	}
	return out
}

// TestLayers: no package imports one of a higher layer, and the import
// rules hold, as `go list` reports the imports of every package of the
// module (its test files' imports for the rules that say so).
func TestLayers(t *testing.T) {
	pkgs := goList(t, "-json=ImportPath,Imports,TestImports,XTestImports", "./...")
	for _, v := range layerViolations(pkgs) {
		t.Error(v)
	}
}

// TestLayersCatchBadImports runs the checks on a made-up module in which
// each rule is broken once, so that a rule that can no longer fail is
// noticed.
func TestLayersCatchBadImports(t *testing.T) {
	pkg := func(path string, imports ...string) *goPackage {
		p := &goPackage{ImportPath: module + "/" + path}
		for _, i := range imports {
			p.Imports = append(p.Imports, module+"/"+i)
		}
		return p
	}
	cases := []struct {
		pkg  *goPackage
		want string
	}{
		{pkg("dialect/ir", "parser"), "dialect/ir (layer 1) imports parser (layer 3)"},
		{pkg("analysis", "transforms/pass"), "analysis (layer 5) imports transforms/pass (layer 6)"},
		{pkg("internal/checked", "internal/ivtree"), "a leaf imports nothing of pto-opt"},
		{pkg("dialect/pto", "dialect/tile"), "the pto dialect is ptoas's language"},
		{pkg("parser", "dialect/arith"), "the parser and the printer know no dialect"},
		{pkg("planner/report", "dialect/ir"), "the planner knows no IR"},
		{pkg("targets", "planner"), "a target describes memory"},
		{pkg("transforms/pass", "planner/report"), "the pass manager knows no planner"},
		{pkg("cmd/pto-opt/driver", "test/internal/filecheck"), ""},
		{&goPackage{ImportPath: module + "/printer", XTestImports: []string{module + "/test/internal/filecheck"}}, "nothing below the commands"},
		{pkg("newpkg"), "newpkg is in no layer"},
	}
	for _, c := range cases {
		got := layerViolations([]*goPackage{c.pkg})
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%s importing %v: got %q, want no violation", c.pkg.ImportPath, c.pkg.Imports, got)
		case c.want != "" && !slices.ContainsFunc(got, func(v string) bool { return strings.Contains(v, c.want) }):
			t.Errorf("%s importing %v: got %q, want a violation saying %q", c.pkg.ImportPath, slices.Concat(c.pkg.Imports, c.pkg.XTestImports), got, c.want)
		}
	}
}

var (
	whereCodeGoesRE = regexp.MustCompile(`(?ms)^## Where code goes\n(.*?)^## `)
	layerItemRE     = regexp.MustCompile("(?m)^([0-9]+)\\. ((?:`[^`]+`(?:, )?)+):")
	backquotedRE    = regexp.MustCompile("`([^`]+)`")
)

// TestLayersAreDocumented: CONTRIBUTING.md lists the layers of this file,
// item N starting with the patterns of layer N, and every package of the
// module is in a layer.
func TestLayersAreDocumented(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("..", "CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := whereCodeGoesRE.FindSubmatch(text)
	if section == nil {
		t.Fatal(`CONTRIBUTING.md has no "## Where code goes" section followed by another`)
	}
	var doc []string
	for _, m := range layerItemRE.FindAllSubmatch(section[1], -1) {
		var pats []string
		for _, q := range backquotedRE.FindAllSubmatch(m[2], -1) {
			pats = append(pats, string(q[1]))
		}
		doc = append(doc, string(m[1])+". "+strings.Join(pats, ", "))
	}
	var want []string
	for _, l := range layers {
		want = append(want, strconv.Itoa(l.level)+". "+strings.Join(l.patterns, ", "))
	}
	if !slices.Equal(doc, want) {
		t.Errorf("CONTRIBUTING.md's layers are\n\t%s\nwhile test/layers_test.go has\n\t%s", strings.Join(doc, "\n\t"), strings.Join(want, "\n\t"))
	}
}
