package printer

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/internal/gen"
	"github.com/pto-opt/pto-opt/parser"
)

// TestAliasNamingSkipsNothing: the printing that names aliases passes
// over ops whose own text names none (aliasScan); the aliases, their
// order and the text must be what printing every op gives. Checked on
// every benchmark shape and on every module of the regression suite that
// reads, in both forms.
func TestAliasNamingSkipsNothing(t *testing.T) {
	var mods []*ir.Operation
	names := []string{}
	for _, sh := range gen.Shapes {
		m, err := parser.New(parser.Options{}).Parse(sh.Name, []byte(sh.Gen(64<<10)))
		if err != nil {
			t.Fatal(err)
		}
		mods, names = append(mods, m), append(names, sh.Name)
	}
	for seed := range 30 {
		src := aliasModule(rand.New(rand.NewPCG(uint64(seed), 7)))
		m, err := parser.New(parser.Options{AllowUnregistered: true}).Parse("aliases.mlir", []byte(src))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		mods, names = append(mods, m), append(names, fmt.Sprintf("generated module %d", seed))
	}
	err := filepath.WalkDir("../test", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, chunk := range strings.Split(string(src), "// -----") {
			m, err := parser.New(parser.Options{AllowUnregistered: true}).Parse(path, []byte(chunk))
			if err != nil {
				continue // expected errors and the like
			}
			mods, names = append(mods, m), append(names, fmt.Sprintf("%s#%d", path, i))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	aliased := 0
	for i, m := range mods {
		if !newAliasScan().needsAliases(m) {
			continue
		}
		aliased++
		for _, opts := range []Options{{}, {Generic: true}} {
			var skipped, every bytes.Buffer
			if err := printAliased(bufio.NewWriter(&skipped), m, opts, newAliasScan()); err != nil {
				t.Fatal(err)
			}
			if err := printAliased(bufio.NewWriter(&every), m, opts, nil); err != nil {
				t.Fatal(err)
			}
			if skipped.String() != every.String() {
				t.Errorf("%s (generic %v): skipping ops in the naming printing changes the output", names[i], opts.Generic)
			}
		}
	}
	if aliased < 30 {
		t.Errorf("only %d modules print aliases: the test checks too little", aliased)
	}
}

// aliasModule writes a function whose ops name affine maps and sets in
// every place an op's text may (result and block argument types,
// attributes, nested in dictionaries and arrays, operands of branches),
// in a random order and nesting, so that which alias comes first differs
// from module to module.
func aliasModule(r *rand.Rand) string {
	maps := []string{}
	for k := range 6 {
		maps = append(maps, fmt.Sprintf("affine_map<(d0) -> (d0 + %d)>", k))
	}
	maps = append(maps, "affine_set<(d0) : (d0 >= 0)>", "affine_map<(d0, d1) -> (d1, d0)>")
	mem := func(m string) string {
		if strings.HasPrefix(m, "affine_set") {
			return "memref<4xf32>"
		}
		if strings.Contains(m, "d1") {
			return "memref<4x4xf32, " + m + ">"
		}
		return "memref<4xf32, " + m + ">"
	}
	var sb strings.Builder
	n := 0
	var stmts func(depth int)
	stmts = func(depth int) {
		for range 2 + r.IntN(4) {
			m := maps[r.IntN(len(maps))]
			n++
			switch k := r.IntN(6); {
			case k == 0:
				fmt.Fprintf(&sb, "%%v%d = memref.alloc() : %s\n", n, mem(m))
			case k == 1:
				fmt.Fprintf(&sb, "\"test.a\"() {a = %s} : () -> ()\n", m)
			case k == 2:
				fmt.Fprintf(&sb, "\"test.b\"() {d = {x = [1, %s]}} : () -> ()\n", m)
			case k == 3:
				fmt.Fprintf(&sb, "\"test.r\"() ({\n^bb0(%%z%d: %s):\n  \"test.t\"() : () -> ()\n}) : () -> ()\n", n, mem(m))
			case k == 4 && depth < 3:
				sb.WriteString("scf.execute_region {\n")
				stmts(depth + 1)
				sb.WriteString("scf.yield\n}\n")
			default:
				fmt.Fprintf(&sb, "\"test.g\"() ({\n  %%w%d = \"test.def\"() : () -> %s\n  cf.br ^bb1(%%w%d : %s)\n^bb1(%%u%d: %s):\n  \"test.t\"() : () -> ()\n}) : () -> ()\n", n, mem(m), n, mem(m), n, mem(m))
			}
		}
	}
	sb.WriteString("func.func @f() {\n")
	stmts(0)
	sb.WriteString("return\n}\n")
	return sb.String()
}
