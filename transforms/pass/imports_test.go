package pass

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The pass manager knows no planner: memory plans reach the driver as an
// artifact (Artifact) of a type it does not import, so transforms/pass
// stays below the planner-facing layers.
func TestPassImportsNoPlanner(t *testing.T) {
	files, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		name := f.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range ast.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if path == "github.com/pto-opt/pto-opt/planner" || strings.HasPrefix(path, "github.com/pto-opt/pto-opt/planner/") {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
