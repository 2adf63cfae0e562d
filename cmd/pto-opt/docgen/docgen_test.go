package docgen

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/pto-opt/pto-opt/planner"
	"github.com/pto-opt/pto-opt/targets"
)

const root = "../../.."

// TestGeneratedDocsAreCurrent compares the checked-in pages with what the
// registries say now. PTO_UPDATE_DOCS=1 rewrites them instead.
func TestGeneratedDocsAreCurrent(t *testing.T) {
	update := os.Getenv("PTO_UPDATE_DOCS") == "1"
	for _, p := range Pages() {
		path := filepath.Join(root, p.Path)
		if update {
			if err := os.WriteFile(path, p.Text, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (PTO_UPDATE_DOCS=1 go test ./cmd/pto-opt/docgen writes it)", err)
		}
		if !bytes.Equal(got, p.Text) {
			t.Errorf("%s is out of date (PTO_UPDATE_DOCS=1 go test ./cmd/pto-opt/docgen rewrites it); diff (-file +generated):\n%s",
				p.Path, cmp.Diff(string(got), string(p.Text)))
		}
	}
}

// The generated reference names every registered op and every tile space.
func TestDialectsPageIsComplete(t *testing.T) {
	text := string(Dialects())
	for _, op := range Ops("") {
		if !strings.Contains(text, "`"+op.Name+"`") {
			t.Errorf("docs/dialects.md lacks %s", op.Name)
		}
	}
}

// docs/targets.md explains every field a target file may have: each JSON
// name of targets.Target and targets.Space (and Layout) appears in it as
// `"name"`.
func TestTargetsDocNamesEveryField(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs/targets.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{targets.Target{}, targets.Space{}, targets.Layout{}} {
		typ := reflect.TypeOf(v)
		for i := 0; i < typ.NumField(); i++ {
			name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if name == "" || name == "-" {
				continue
			}
			if !bytes.Contains(doc, []byte("`\""+name+"\"`")) {
				t.Errorf("docs/targets.md does not explain %s's field %q", typ.Name(), name)
			}
		}
	}
	// Its example target loads.
	for _, ex := range fenced(t, doc, "json") {
		path := filepath.Join(t.TempDir(), "my.json")
		if err := os.WriteFile(path, []byte(ex), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := targets.Load(path); err != nil {
			t.Errorf("docs/targets.md example does not load: %v\n%s", err, ex)
		}
	}
}

// docs/pto-plan.md's examples are problems pto-plan reads.
func TestPtoPlanDocExamplesParse(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs/pto-plan.md"))
	if err != nil {
		t.Fatal(err)
	}
	csvs, jsons := fenced(t, doc, "csv"), fenced(t, doc, "json")
	if len(csvs) == 0 || len(jsons) == 0 {
		t.Fatalf("docs/pto-plan.md has %d csv and %d json examples, want both", len(csvs), len(jsons))
	}
	for _, ex := range csvs {
		p, err := planner.ReadCSV(strings.NewReader(ex), "example.1024.csv")
		if err != nil {
			t.Errorf("csv example: %v\n%s", err, ex)
		} else if p.Pools[0].Capacity != 1024 {
			t.Errorf("csv example: capacity %d from the name example.1024.csv", p.Pools[0].Capacity)
		}
	}
	for _, ex := range jsons {
		if strings.Contains(ex, `"offset"`) {
			continue // a solution document
		}
		if _, err := planner.ReadJSON(strings.NewReader(ex), "example.json"); err != nil {
			t.Errorf("json example: %v\n%s", err, ex)
		}
	}
}

var fenceRE = regexp.MustCompile("(?ms)^```([a-z]*)\n(.*?)^```")

// fenced returns the contents of the doc's code blocks of a language.
func fenced(t *testing.T, doc []byte, lang string) []string {
	t.Helper()
	var out []string
	for _, m := range fenceRE.FindAllSubmatch(doc, -1) {
		if string(m[1]) == lang {
			out = append(out, string(m[2]))
		}
	}
	return out
}
